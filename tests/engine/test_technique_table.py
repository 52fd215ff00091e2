"""One record per technique (issue 24): every reader takes its facts from the technique table."""

from __future__ import annotations

from sudoku_tk.app.hints.technique_help import DESCRIPTIONS, walk_lesson
from sudoku_tk.engine import techniques
from sudoku_tk.engine.rating import score as rating
from sudoku_tk.engine.rating import se as se_rating
from sudoku_tk.engine.rating.levels import LABELS, Level
from sudoku_tk.engine.solving.technique_table import TABLE, record, variant_order
from sudoku_tk.engine.steps.step import Family, Technique


def test_every_technique_has_exactly_one_record_in_solving_order() -> None:
    assert [r.technique for r in TABLE if not r.variant] == list(techniques.ORDER)
    assert sorted(r.technique.name for r in TABLE) == sorted(t.name for t in Technique)
    assert len({r.technique for r in TABLE}) == len(TABLE)


def test_a_variants_own_techniques_are_out_of_the_classic_order() -> None:
    killer = variant_order("killer")
    assert killer[0] is Technique.KILLER_CAGE_COMBINATIONS and Technique.KILLER_FORCING_NET in killer
    assert not set(killer) & set(techniques.ORDER)
    assert all(t.family in (Family.KILLER, Family.LAST_RESORT) for t in killer)


def test_the_registry_rating_and_se_estimate_read_the_table() -> None:
    for r in TABLE:
        assert rating.SCORES[r.technique] == (r.score, r.level)
        assert se_rating.SE_VALUES[r.technique] == r.se
        assert (r.technique in se_rating.CHAINED) is r.chained
        assert (r.technique in techniques.DEFAULT_OFF) is r.off
        assert (r.technique in techniques.NEEDS_ONE_SOLUTION) is r.one_solution
        assert r.technique in DESCRIPTIONS
        assert r.walk in ("", "chain", "als", "forcing", "fins", "sets")
        assert bool(walk_lesson(r.technique)) is bool(r.walk)
    assert record(Technique.NESTED_FORCING_NET).one_solution
    assert rating.Level is Level and list(LABELS) == [lv.label for lv in Level]
