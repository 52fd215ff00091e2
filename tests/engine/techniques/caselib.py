"""Technique case files: one position per line, the technique, and the exact effects one Step must have.

Format (shared by the three technique helpers; see ``cases/*.cases``)::

    <technique> | <givens> | <deleted candidates> | <expected>

- ``<technique>``: display name, member name or HoDoKu code (``Technique.from_name``).
- ``<givens>``: the cells row by row (16, 81 or 256 of them), ``.`` or ``0`` for empty; a ``+`` before a digit
  marks a placed digit rather than a given (HoDoKu's library layout).
- ``<deleted candidates>``: ``-`` or space-separated ``r1c2<>4`` / ``r1c2<>45`` tokens: candidates removed on top
  of those seen by the digits on the board.
- ``<expected>``: ``elim r1c2<>4 ...`` and/or ``place r1c1=5 ...`` (the exact effects of one Step of that
  technique), or ``none`` (the technique must find nothing).

This parser is deliberately independent of ``sudoku_tk.engine.formats``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid, basic_candidates
from sudoku_tk.engine.solving.brute_force import unique_solution
from sudoku_tk.engine.steps.step import Step, Technique

CASES_DIR = Path(__file__).resolve().parent / "cases"

Candidate = tuple[int, int]
Finder = Callable[[Grid], Iterable[Step]]
StepCheck = Callable[[Grid, Step], None]


class CaseFormatError(ValueError):
    """A line of a case file that does not follow the format; the message quotes it."""


@dataclass(frozen=True, slots=True)
class Case:
    """One line of a case file, parsed."""

    technique: Technique
    grid: Grid
    expected_elims: frozenset[Candidate]
    expected_places: frozenset[Candidate]
    must_not_fire: bool
    line: int
    source: str = ""
    """File name, for messages and test ids."""

    @property
    def ident(self) -> str:
        return f"{self.source}:{self.line}:{self.technique.name}"


def parse_givens(field: str) -> tuple[list[int], list[int]]:
    """Split a givens field into (givens, placed) digit lists; ``+`` marks a placed digit.

    >>> parse_givens("+1.2." + "." * 12)[0][:4], parse_givens("+1.2." + "." * 12)[1][:4]
    ([0, 0, 2, 0], [1, 0, 0, 0])
    """
    text = "".join(field.split())
    ncells = len(text) - text.count("+")
    try:
        geo = Geometry.for_cell_count(ncells)
    except ValueError:
        raise CaseFormatError(f"givens must have 16, 81 or 256 cells, not {ncells}: {field!r}") from None
    givens: list[int] = []
    placed: list[int] = []
    plus = False
    for ch in text:
        if ch == "+":
            if plus:
                raise CaseFormatError(f"two '+' in a row in {field!r}")
            plus = True
            continue
        d = 0 if ch in ".0" else _digit(geo, ch, field)
        if plus and not d:
            raise CaseFormatError(f"'+' before an empty cell in {field!r}")
        givens.append(0 if plus else d)
        placed.append(d if plus else 0)
        plus = False
    if plus:
        raise CaseFormatError(f"'+' at the end of {field!r}")
    return givens, placed


def _digit(geo: Geometry, ch: str, context: str) -> int:
    try:
        return geo.parse_digit(ch)
    except ValueError:
        raise CaseFormatError(f"not a digit of a {geo.side}x{geo.side} board: {ch!r} in {context!r}") from None


def parse_candidate_tokens(geo: Geometry, tokens: Iterable[str], sep: str) -> list[Candidate]:
    """Read ``r1c2<>45`` (sep ``<>``) or ``r1c1=5`` (sep ``=``) tokens into (cell, digit) pairs."""
    out: list[Candidate] = []
    for tok in tokens:
        cell_text, found, digits = tok.partition(sep)
        if not found or not digits:
            raise CaseFormatError(f"expected r<row>c<col>{sep}<digits>, not {tok!r}")
        try:
            cell = geo.parse_cell(cell_text)
        except ValueError:
            raise CaseFormatError(f"not a cell: {cell_text!r} in {tok!r}") from None
        if sep == "=" and len(digits) != 1:
            raise CaseFormatError(f"a placement names one digit: {tok!r}")
        out.extend((cell, _digit(geo, ch, tok)) for ch in digits)
    return out


def grid_from_fields(givens_field: str, deleted: Sequence[Candidate]) -> Grid:
    """The position: givens and placed digits, peer candidates removed, then the deleted ones."""
    givens, placed = parse_givens(givens_field)
    geo = Geometry.for_cell_count(len(givens))
    values = [g or p for g, p in zip(givens, placed)]
    cands = list(basic_candidates(geo, values))
    for cell, d in deleted:
        if values[cell]:
            raise CaseFormatError(f"deleted candidate {geo.cell_name(cell)}<>{d} is in a filled cell")
        cands[cell] &= ~(1 << (d - 1))
    return Grid.from_values(givens, placed, cands)


def parse_case(text: str, line: int = 0, source: str = "") -> Case:
    """Parse one case line (without its comment)."""
    fields = [f.strip() for f in text.split("|")]
    if len(fields) != 4:
        raise CaseFormatError(f"expected 4 fields separated by ' | ', found {len(fields)}: {text!r}")
    name, givens_field, deleted_field, expected_field = fields
    try:
        technique = Technique.from_name(name)
    except ValueError:
        raise CaseFormatError(f"unknown technique {name!r}") from None
    givens, _ = parse_givens(givens_field)
    geo = Geometry.for_cell_count(len(givens))
    deleted = [] if deleted_field in ("", "-") else parse_candidate_tokens(geo, deleted_field.split(), "<>")
    grid = grid_from_fields(givens_field, deleted)
    elims: list[Candidate] = []
    places: list[Candidate] = []
    words = expected_field.split()
    must_not = words == ["none"]
    if not must_not:
        mode: str | None = None
        for w in words:
            if w in ("elim", "place"):
                mode = w
            elif mode == "elim":
                elims.extend(parse_candidate_tokens(geo, [w], "<>"))
            elif mode == "place":
                places.extend(parse_candidate_tokens(geo, [w], "="))
            else:
                raise CaseFormatError(f"expected 'elim', 'place' or 'none' first: {expected_field!r}")
        if not elims and not places:
            raise CaseFormatError(f"no expected effects: {expected_field!r}")
    return Case(technique, grid, frozenset(elims), frozenset(places), must_not, line, source)


def load_cases(path: Path | str) -> list[Case]:
    """Every case of a file; ``#`` starts a comment; blank lines are skipped.

    Raises:
        CaseFormatError: a line is malformed (the message names file and line).
    """
    p = Path(path)
    if not p.is_absolute() and not p.exists():
        p = CASES_DIR / p
    out: list[Case] = []
    for n, raw in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        try:
            out.append(parse_case(text, n, p.name))
        except CaseFormatError as exc:
            raise CaseFormatError(f"{p.name}:{n}: {exc}") from None
    return out


def _fmt(geo: Geometry, elims: Iterable[Candidate], places: Iterable[Candidate]) -> str:
    parts = [f"{geo.cell_name(c)}={d}" for c, d in sorted(places)]
    parts += [f"{geo.cell_name(c)}<>{d}" for c, d in sorted(elims)]
    return " ".join(parts) or "(nothing)"


def effects(step: Step) -> tuple[frozenset[Candidate], frozenset[Candidate]]:
    """(eliminations, placements) of a step as sets of (cell, digit)."""
    return (
        frozenset((e.cell, e.digit) for e in step.eliminations),
        frozenset((p.cell, p.digit) for p in step.placements),
    )


def check_case(case: Case, finder_steps: Iterable[Step]) -> None:
    """Pass when some Step of the case's technique has exactly the expected effects (``none``: no Step at all).

    Raises:
        AssertionError: with the expected effects and every effect set the finder produced.
    """
    geo = case.grid.geometry
    found = [s for s in finder_steps if s.technique is case.technique]
    if case.must_not_fire:
        if found:
            got = "; ".join(_fmt(geo, *effects(s)) for s in found[:5])
            raise AssertionError(f"{case.ident}: {case.technique} must not fire, but found: {got}")
        return
    want = (case.expected_elims, case.expected_places)
    if any(effects(s) == want for s in found):
        return
    got = "\n  ".join(_fmt(geo, *effects(s)) for s in found[:10]) or "(no step)"
    raise AssertionError(f"{case.ident}: expected {case.technique} with {_fmt(geo, *want)}\n  found:\n  {got}")


def check_sound(case: Case) -> tuple[int, ...] | None:
    """Check the case against the unique solution of its givens, when there is one; return that solution.

    The position must agree with the solution (placed digits right, no true candidate deleted) and every
    expected elimination must be false and every expected placement true.

    Raises:
        AssertionError: naming the offending cell and digit.
    """
    grid = case.grid
    geo = grid.geometry
    sol = unique_solution(Grid.from_values(grid.givens))
    if sol is None:
        return None
    for cell, v in enumerate(grid.values):
        if v and v != sol[cell]:
            raise AssertionError(f"{case.ident}: {geo.cell_name(cell)} holds {v}, the solution has {sol[cell]}")
        if not v and not grid.candidates[cell] >> (sol[cell] - 1) & 1:
            raise AssertionError(f"{case.ident}: the true candidate {geo.cell_name(cell)}={sol[cell]} was deleted")
    for cell, d in case.expected_elims:
        if sol[cell] == d:
            raise AssertionError(f"{case.ident}: expected elimination {geo.cell_name(cell)}<>{d} is the solution")
    for cell, d in case.expected_places:
        if sol[cell] != d:
            raise AssertionError(f"{case.ident}: expected placement {geo.cell_name(cell)}={d} is wrong")
    return sol


def case_steps(case: Case) -> list[Step]:
    """Every Step the registry's finder for the case's technique yields on the case's grid."""
    from sudoku_tk.engine.techniques import finder_for

    finder = finder_for(case.technique)
    if finder is None:
        raise AssertionError(f"{case.ident}: no finder registered for {case.technique}")
    return list(finder(case.grid))


def check_step_contract(grid: Grid, step: Step) -> None:
    """Check what every Step must satisfy (TECHNIQUES_CONTRACT): effects real and current, wording in shape.

    Raises:
        AssertionError: naming the broken rule.
    """
    geo = grid.geometry
    elims = [(e.cell, e.digit) for e in step.eliminations]
    places = [(p.cell, p.digit) for p in step.placements]
    assert elims or places, f"{step.technique}: a step without effects"
    assert len(set(elims)) == len(elims) and len(set(places)) == len(places), f"duplicate effects in {step}"
    for cell, d in elims + places:
        assert not grid.values[cell], f"{step.technique}: effect on filled cell {geo.cell_name(cell)}"
        assert grid.candidates[cell] >> (d - 1) & 1, (
            f"{step.technique}: {geo.cell_name(cell)}<>{d} is not a current candidate"
        )
    name = step.technique.display_name
    text = step.explanation
    assert text.startswith(name + ":"), f"explanation must start with {name!r}: {text!r}"
    assert text.endswith("."), f"explanation must end with a full stop: {text!r}"
    assert "\n" not in text, f"one sentence, one line: {text!r}"
    for cell, _ in elims + places:
        assert geo.cell_name(cell) in text, f"{geo.cell_name(cell)} not named in {text!r}"
    assert step.focus, f"{step.technique}: no focus for the nudge"
    assert step.highlights, f"{step.technique}: nothing to draw"


def check_counts(cases: Sequence[Case], techniques: Iterable[Technique], firing: int = 3, silent: int = 1) -> None:
    """Every technique has at least ``firing`` firing cases and ``silent`` must-not-fire cases."""
    for t in techniques:
        fire = sum(1 for c in cases if c.technique is t and not c.must_not_fire)
        quiet = sum(1 for c in cases if c.technique is t and c.must_not_fire)
        assert fire >= firing and quiet >= silent, f"{t}: {fire} firing and {quiet} must-not-fire cases"


def run_case(
    case: Case,
    extra_check: StepCheck | None = None,
    require_solution: bool = False,
) -> None:
    """Run one case: sound against the solution, every Step of its finder in contract, the expected Step found.

    Args:
        extra_check: a family's own check, run on every Step after the contract check.
        require_solution: the case's givens must have a unique solution (otherwise soundness is not checked).

    Raises:
        AssertionError: from the first check that fails.
    """
    solution = check_sound(case)
    if require_solution:
        assert solution is not None, f"{case.ident}: the givens need a unique solution"
    steps = case_steps(case)
    for step in steps:
        check_step_contract(case.grid, step)
        if extra_check is not None:
            extra_check(case.grid, step)
    check_case(case, steps)


def check_registered(finders: Iterable[tuple[object, Finder]]) -> None:
    """The registry uses exactly these finders for their techniques (an entry may serve a tuple of them)."""
    from sudoku_tk.engine.techniques import registered_finder

    for served, finder in finders:
        for technique in served if isinstance(served, tuple) else (served,):
            assert registered_finder(technique) is finder, f"the registry does not use {technique}'s finder"


def first_case_step(cases: Sequence[Case], technique: Technique | None = None) -> Step:
    """The Step with the expected effects of the first firing case (of ``technique``, when given)."""
    case = next(c for c in cases if (technique is None or c.technique is technique) and not c.must_not_fire)
    want = (case.expected_elims, case.expected_places)
    return next(s for s in case_steps(case) if effects(s) == want)


def case_file_tests(
    cases: Sequence[Case],
    finders: Sequence[tuple[Technique, Finder]],
    techniques: Iterable[Technique] | None = None,
    extra_check: StepCheck | None = None,
) -> tuple[Callable[..., None], Callable[[], None], Callable[[], None]]:
    """Build the three tests every family's case file gets; a test module binds them to their ``test_*`` names.

    Returns:
        ``test_case`` (``run_case`` on each case, with ``extra_check``), ``test_every_technique_has_enough_cases``
        (``check_counts`` on ``techniques``, by default the finders' techniques) and ``test_finders_registered``
        (``check_registered``).
    """
    counted = tuple(t for t, _ in finders) if techniques is None else tuple(techniques)

    @pytest.mark.parametrize("case", cases, ids=lambda c: c.ident)
    def test_case(case: Case) -> None:
        run_case(case, extra_check=extra_check)

    def test_every_technique_has_enough_cases() -> None:
        check_counts(cases, counted)

    def test_finders_registered() -> None:
        check_registered(finders)

    return test_case, test_every_technique_has_enough_cases, test_finders_registered
