"""HoDoKu's regression library (../shared/data/hodoku/reglib-1.4.txt) run against every implemented technique.

Each library line gives a position (givens, placed digits, deleted candidates) and the exact
eliminations or placements one step of a technique must make; a ``-x`` variant is a fail case
where the technique must find nothing. Cases are picked by ``Technique.code``, so the suite grows
as family modules land. Library codes the engine has no Technique for are listed, with the reason,
in UNSUPPORTED_CODES; cases of implemented techniques that fail would go in KNOWN_DIFFERENCES.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

import pytest

from caselib import Case, case_steps, check_case, check_step_contract, grid_from_fields
from conftest import HODOKU
from sudoku_tk.engine.geometry import Geometry
from sudoku_tk.engine.step import Technique
from sudoku_tk.engine.techniques import finder_for

REGLIB = HODOKU / "reglib-1.4.txt"
GEO = Geometry.of(3)

UNSUPPORTED_CODES: Dict[str, str] = {
    **{code: "Siamese fish (two fish merged into one step): not a technique of the engine"
       for code in ("03111", "03121", "03211", "03221", "03411", "03421", "03621")},
    **{code: "Franken/Mutant fish: out of scope (basic row/column fish only)"
       for code in ("0331", "0332", "0340", "0341", "0342", "0362", "0363", "0364")},
    **{code: "Dual 2-String Kite / Dual Empty Rectangle: HoDoKu merges two steps into one"
       for code in ("0404", "0405")},
    **{code: "chains and loops beyond Remote Pair come later (issue 5)"
       for code in ("0701", "0702", "0706", "0707", "0708", "0709", "0710", "0711")},
    **{code: "ALS techniques come later (issue 5)" for code in ("0901", "0902", "0903", "0904")},
    **{code: "Sue de Coq / templates, forcing chains: come later" for code in ("1101", "1201", "1202")},
}
"""Library codes with no Technique member, and why (their cases are not run)."""

KNOWN_DIFFERENCES: Dict[int, str] = {}
"""Library line number -> why our result differs from HoDoKu's for an implemented technique."""


@dataclass(frozen=True)
class RegCase:
    line: int
    code: str
    variant: str
    text: str

    @property
    def fail_case(self) -> bool:
        return self.variant == "x"


def _cands(field: str, sep: str) -> List[Tuple[int, int]]:
    """HoDoKu's '<digit><row><col>' tokens as (cell, digit)."""
    out = []
    for tok in field.split():
        d, r, c = int(tok[0]), int(tok[1]), int(tok[2])
        out.append(((r - 1) * 9 + c - 1, d))
    return out


def _read() -> List[RegCase]:
    if not REGLIB.exists():
        return []
    out = []
    for n, raw in enumerate(REGLIB.read_text(encoding="utf-8").splitlines(), 1):
        if not raw.startswith(":"):
            continue
        code_field = raw.split(":")[1]
        code, _, variant = code_field.partition("-")
        out.append(RegCase(n, code, variant, raw))
    return out


ALL = _read()


def _technique(code: str) -> Optional[Technique]:
    for t in Technique:
        if t.code == code:
            return t
    return None


def _to_case(rc: RegCase) -> Tuple[Case, Technique]:
    fields = rc.text.split(":")
    _, _, _cand, givens, deleted, elims, places = fields[:7]
    technique = _technique(rc.code)
    assert technique is not None
    grid = grid_from_fields(givens, _cands(deleted, ""))
    case = Case(
        technique,
        grid,
        frozenset(_cands(elims, "")),
        frozenset(_cands(places, "")),
        rc.fail_case,
        rc.line,
        "reglib-1.4.txt",
    )
    return case, technique


SUPPORTED = [rc for rc in ALL if _technique(rc.code) is not None]
"""Library cases whose code names a Technique of the engine (implemented yet or not)."""


def test_library_is_present() -> None:
    if not REGLIB.exists():
        pytest.fail(f"HoDoKu library missing at {REGLIB} (../shared must be next to the repository)")
    assert len(ALL) > 1000


def test_every_library_code_is_a_technique_or_listed_as_unsupported() -> None:
    unknown = {rc.code for rc in ALL} - {t.code for t in Technique}
    assert sorted(unknown - set(UNSUPPORTED_CODES)) == []
    assert sorted(set(UNSUPPORTED_CODES) - unknown) == [], "UNSUPPORTED_CODES lists a code the engine knows"


def test_known_differences_name_supported_cases() -> None:
    lines = {rc.line for rc in SUPPORTED}
    assert set(KNOWN_DIFFERENCES) <= lines


def _skip_reason(rc: RegCase) -> Optional[str]:
    """The one place that decides a library case of a known Technique is skipped, and why."""
    technique = _technique(rc.code)
    if technique is None or finder_for(technique) is None:
        name = technique.display_name if technique else rc.code
        return f"{name}: its family module has not landed yet"
    return None


@pytest.mark.parametrize("rc", SUPPORTED, ids=lambda rc: f"line{rc.line}-{rc.code}{'-' + rc.variant if rc.variant else ''}")
def test_reglib_case(rc: RegCase) -> None:
    reason = _skip_reason(rc)
    if reason:
        pytest.skip(reason)
    case, _technique_ = _to_case(rc)
    if rc.line in KNOWN_DIFFERENCES:
        pytest.xfail(KNOWN_DIFFERENCES[rc.line])
    steps = case_steps(case)
    for step in steps:
        check_step_contract(case.grid, step)
    check_case(case, steps)
