"""The logic solver, the position diagnosis, the rating and the hint/steps/rate command line.

The soundness sweeps run the solver over whole public sets and check every placement
and elimination of every Step against the unique solution: the engine must never
teach a wrong deduction.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shared_data import REPO, puzzle_path, read_puzzles

from sudoku_tk.cli import commands as cli
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.rating.score import SCORES, Level, rate
from sudoku_tk.engine.solving.brute_force import unique_solution
from sudoku_tk.engine.solving.logic import Mistake, MistakeKind, apply_step, diagnose, next_hint, solve_logically
from sudoku_tk.engine.steps.step import Family, Step, Technique
from sudoku_tk.engine.techniques import ORDER, find_all_steps, find_hint

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SINGLES = (Technique.FULL_HOUSE, Technique.NAKED_SINGLE, Technique.HIDDEN_SINGLE)


def wrong_effects(step: Step, solution: Sequence[int]) -> list[str]:
    """Every effect of ``step`` that contradicts the solution, as text."""
    bad = [f"r{e.cell // 9 + 1}c{e.cell % 9 + 1}<>{e.digit}" for e in step.eliminations if solution[e.cell] == e.digit]
    bad += [f"r{p.cell // 9 + 1}c{p.cell % 9 + 1}={p.digit}" for p in step.placements if solution[p.cell] != p.digit]
    return bad


PATTERNS = [t for t in ORDER if ORDER.index(t) <= ORDER.index(Technique.MULTI_COLORS_2)]
"""The pattern techniques up to colouring (before Sue de Coq, chains, ALS and forcing nets): the whole-set sweeps
below use these, as they finish in minutes; test_logic_sweeps.py samples every set with all the techniques, and
``python -m sudoku_tk.bench --only coverage`` runs whole sets with them."""


def check_path_sound(puzzle: str, enabled: Sequence[Technique] | None = None) -> tuple[bool, int]:
    """Solve ``puzzle`` logically; assert every Step agrees with the solution and acts on current candidates."""
    grid = parse_grid(puzzle)
    solution = unique_solution(grid)
    assert solution is not None, puzzle
    path = solve_logically(grid, enabled, unique=True)
    g = grid
    for step in path.steps:
        for e in step.eliminations:
            assert g.candidates[e.cell] >> (e.digit - 1) & 1, (puzzle, step.explanation)
        for p in step.placements:
            assert not g.values[p.cell] and g.candidates[p.cell] >> (p.digit - 1) & 1, (puzzle, step.explanation)
        bad = wrong_effects(step, solution)
        assert not bad, f"{puzzle}: {step.technique} is wrong about {bad}: {step.explanation}"
        g = apply_step(g, step)
    assert g == path.final
    if path.solved:
        assert g.values == solution
    return path.solved, len(path.steps)


# -- soundness sweeps ---------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    "name,limit",
    [("top1465.txt", None), ("sudoku_exchange_se_rated.txt", None), ("17clue_every4th.txt", 2000)],
)
def test_every_step_on_public_sets_is_sound(name: str, limit: int | None) -> None:
    puzzles = read_puzzles(name, limit)
    solved = sum(check_path_sound(p, PATTERNS)[0] for p in puzzles)
    assert solved > 0  # the sweep really ran the solver to the end of some puzzles


@pytest.mark.parametrize("index", range(12))
def test_steps_on_top95_sample_are_sound(index: int) -> None:
    check_path_sound(read_puzzles("top95.txt", 12)[index])


def _position(puzzle: str, seed_cells: list[int], seed_elims: list[int]) -> tuple[Grid, tuple[int, ...]]:
    """A position reached from ``puzzle`` by correct moves: some solution digits placed, some wrong candidates removed."""
    start = parse_grid(puzzle)
    sol = unique_solution(start)
    assert sol is not None
    empty = [c for c in range(81) if not start.values[c]]
    placed = [0] * 81
    for k in seed_cells:
        c = empty[k % len(empty)]
        placed[c] = sol[c]
    grid = Grid.from_values(start.givens, placed)
    cands = list(grid.candidates)
    for k in seed_elims:
        c = k % 81
        wrong = cands[c] & ~(1 << (sol[c] - 1))
        if wrong:
            low = wrong & -wrong
            cands[c] &= ~low
    return Grid.from_values(start.givens, placed, cands), sol


def _sample() -> list[str]:
    """top95 (from ../shared) when it is there, and every 20th hard SE-rated puzzle (kept with the repository)."""
    se = read_puzzles("sudoku_exchange_se_rated.txt")[1000::20]
    return (read_puzzles("top95.txt") if puzzle_path("top95.txt").exists() else []) + se


SAMPLE = _sample()


@pytest.mark.slow  # 150 examples of find_all_steps: minutes (issue 24); CI runs it
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(SAMPLE),
    st.lists(st.integers(0, 80), max_size=30),
    st.lists(st.integers(0, 10_000), max_size=60),
)
def test_every_step_on_random_correct_positions_is_sound(puzzle: str, cells: list[int], elims: list[int]) -> None:
    grid, sol = _position(puzzle, cells, elims)
    assert diagnose(grid, sol) is None
    for step in find_all_steps(grid, unique=True):
        assert not wrong_effects(step, sol), (puzzle, step.explanation)
        for e in step.eliminations:
            assert grid.candidates[e.cell] >> (e.digit - 1) & 1
        for p in step.placements:
            assert grid.candidates[p.cell] >> (p.digit - 1) & 1


# -- the solver ---------------------------------------------------------------------------------------------


def test_easy_puzzle_is_solved_with_singles_only() -> None:
    grid = parse_grid(EASY)
    path = solve_logically(grid, enabled=SINGLES)
    assert path.solved and not path.stuck and path.unique
    assert path.final.values == unique_solution(grid)
    assert set(path.techniques()) <= set(SINGLES)
    grids = list(path.iter_grids())
    assert len(grids) == len(path.steps) + 1 and grids[-1] == path.final


def test_stuck_path_stops_where_nothing_applies() -> None:
    grid = parse_grid(TOP95_1)
    path = solve_logically(grid, enabled=SINGLES)
    assert not path.solved and path.stuck
    assert 0 < len(path.steps) < 81
    assert find_hint(path.final, SINGLES) is None
    assert not path.final.is_complete()


def test_no_uniqueness_technique_without_a_unique_solution() -> None:
    multi = read_puzzles("serg_benchmark_multi_solution.txt", 30)
    for puzzle in multi:
        path = solve_logically(parse_grid(puzzle))
        assert not path.unique
        assert all(s.technique.family is not Family.UNIQUENESS for s in path.steps)


def test_small_and_large_boards_solve_with_singles() -> None:
    four = parse_grid("1..4..1..4..3..2".replace(".", "0"))
    path4 = solve_logically(four)
    assert path4.solved and path4.final.values == unique_solution(four)
    n = 16
    full = "".join("123456789ABCDEFG"[(4 * (r % 4) + r // 4 + c) % 16] for r in range(n) for c in range(n))
    holes = "".join("." if (i * 7) % 5 == 0 else ch for i, ch in enumerate(full))
    path16 = solve_logically(parse_grid(holes))
    assert path16.solved
    assert "".join("123456789ABCDEFG"[v - 1] for v in path16.final.values) == full


def test_player_candidates_are_respected() -> None:
    """A removal the player made (here: a wrong candidate) is part of the start, not undone."""
    start = parse_grid(TOP95_1)
    sol = unique_solution(start)
    assert sol is not None
    cands = list(start.candidates)
    cell = 1  # r1c2 is empty
    wrong = cands[cell] & ~(1 << (sol[cell] - 1))
    cands[cell] &= ~(wrong & -wrong)
    grid = Grid.from_values(start.givens, None, cands)
    path = solve_logically(grid)
    assert path.start is grid
    assert not path.start.candidates[cell] & (wrong & -wrong)


# -- diagnosis ------------------------------------------------------------------------------------------------


def _with(puzzle: str, place: dict[int, int] | None = None, remove: dict[int, int] | None = None) -> Grid:
    start = parse_grid(puzzle)
    placed = [0] * 81
    for c, d in (place or {}).items():
        placed[c] = d
    grid = Grid.from_values(start.givens, placed)
    cands = list(grid.candidates)
    for c, d in (remove or {}).items():
        cands[c] &= ~(1 << (d - 1))
    return Grid.from_values(start.givens, placed, cands)


def test_correct_position_has_no_mistake_and_gets_a_step() -> None:
    sol = unique_solution(parse_grid(TOP95_1))
    assert sol is not None
    grid = _with(TOP95_1, place={1: sol[1]})
    assert diagnose(grid, sol) is None
    hint = next_hint(grid)
    assert isinstance(hint, Step)


def test_wrong_digit_is_reported_first() -> None:
    sol = unique_solution(parse_grid(TOP95_1))
    assert sol is not None
    wrong = 1 + sol[80] % 9  # any digit but the solution's in r9c9
    # r1c2 also lost its true candidate, earlier in board order: the wrong digit still comes first.
    grid = _with(TOP95_1, place={80: wrong}, remove={1: sol[1]})
    m = diagnose(grid, sol)
    assert m == Mistake(MistakeKind.WRONG_DIGIT, 80, wrong, m.message if m else "")
    assert m is not None and "r9c9" in m.message and str(wrong) in m.message
    assert next_hint(grid, solution=sol) == m


def test_removed_true_candidate_is_reported() -> None:
    sol = unique_solution(parse_grid(TOP95_1))
    assert sol is not None
    grid = _with(TOP95_1, remove={9: sol[9]})  # r2c1 is empty in this puzzle
    m = diagnose(grid, sol)
    assert m is not None and m.kind is MistakeKind.REMOVED_CANDIDATE
    assert (m.cell, m.digit) == (9, sol[9])
    assert "r2c1" in m.message and str(sol[9]) in m.message


def test_no_diagnosis_without_a_unique_solution() -> None:
    puzzle = read_puzzles("serg_benchmark_multi_solution.txt", 1)[0]
    grid = parse_grid(puzzle)
    hint = next_hint(grid)
    assert hint is None or isinstance(hint, Step)
    if isinstance(hint, Step):
        assert hint.technique.family is not Family.UNIQUENESS


# -- rating ---------------------------------------------------------------------------------------------------


def test_every_ordered_technique_has_a_score() -> None:
    from sudoku_tk.engine.techniques import ORDER

    assert set(ORDER) <= set(SCORES)


def test_rating_of_a_singles_path() -> None:
    path = solve_logically(parse_grid(EASY))
    r = rate(path)
    assert r.solved and r.level is Level.EASY
    assert r.score == sum(SCORES[s.technique][0] for s in path.steps)
    assert str(r) == f"easy {r.score} solved"


def test_rating_of_a_stuck_path_is_extreme() -> None:
    path = solve_logically(parse_grid(TOP95_1), enabled=SINGLES)
    r = rate(path)
    assert not r.solved and r.level is Level.EXTREME
    assert str(r).endswith(" stuck")


def test_rating_rises_with_the_hardest_technique() -> None:
    path = solve_logically(parse_grid(TOP95_1))
    r = rate(path)
    levels = [SCORES[s.technique][1] for s in path.steps]
    assert path.solved
    assert list(Level).index(r.level) >= max(list(Level).index(x) for x in levels)


# -- command line -----------------------------------------------------------------------------------------------


def test_cli_steps_subprocess_json_lines(tmp_path) -> None:  # type: ignore[no-untyped-def]
    src = tmp_path / "two.txt"
    src.write_text(EASY + "\n" + TOP95_1 + "\n")
    proc = subprocess.run(
        [sys.executable, "-m", "sudoku_tk", "steps", str(src)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 2
    for line, puzzle in zip(lines, (EASY, TOP95_1)):
        record = json.loads(line)
        assert list(record) == ["puzzle", "solved", "steps"]
        assert record["puzzle"] == puzzle and record["solved"] is True
        step = record["steps"][0]
        assert list(step) == [
            "technique",
            "placements",
            "eliminations",
            "explanation",
            "code",
            "focus",
            "highlights",
            "links",
            "chain",
        ]
        for p in step["placements"]:
            assert set(p) == {"cell", "digit"} and p["cell"].startswith("r")


def test_cli_hint_text_and_json(capsys) -> None:  # type: ignore[no-untyped-def]
    assert cli.main(["hint", TOP95_1]) == 0
    text = capsys.readouterr().out
    assert text == "Hidden Single: r6c2 is the only cell of box 4 that can still hold 4 — place 4 in r6c2.\n"
    assert cli.main(["hint", "--json", TOP95_1]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["technique"] == "Hidden Single" and data["placements"] == [{"cell": "r6c2", "digit": 4}]
    assert cli.main(["hint", "--all", "--json", TOP95_1]) == 0
    every = json.loads(capsys.readouterr().out)
    assert len(every) > 1 and every[0] == data


def test_cli_hint_reports_a_mistake(capsys) -> None:  # type: ignore[no-untyped-def]
    sol = unique_solution(parse_grid(TOP95_1))
    assert sol is not None
    wrong = 1 + sol[1] % 9
    packed = TOP95_1[0] + f"+{wrong}" + TOP95_1[2:]  # HoDoKu-style: + marks a placed digit
    assert cli.main(["hint", ":0000:x:" + packed + ":::"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("mistake: r1c2 holds")


def test_cli_rate(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    src = tmp_path / "p.txt"
    src.write_text(EASY + "\n")
    assert cli.main(["rate", str(src)]) == 0
    level, score, state = capsys.readouterr().out.split()
    assert (level, state) == ("easy", "solved") and int(score) > 0


def test_cli_unreadable_input_exits_2(capsys) -> None:  # type: ignore[no-untyped-def]
    assert cli.main(["steps", "/no/such/file.txt"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("sudoku-tk: ") and err.count("\n") == 1
    assert cli.main(["hint", "12345"]) == 2


def test_cli_hint_reads_a_candidate_grid_from_stdin(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    import io

    from sudoku_tk.engine.formats import format_pencilmarks

    path = solve_logically(parse_grid(TOP95_1))
    middle = list(path.iter_grids())[20]  # 20 steps in: placed digits and pencil marks that differ from the basics
    expected = find_hint(middle)
    assert expected is not None and expected == path.steps[20]
    monkeypatch.setattr(sys, "stdin", io.StringIO(format_pencilmarks(middle)))
    assert cli.main(["hint", "-"]) == 0
    assert capsys.readouterr().out == expected.explanation + "\n"


def test_cli_hint_json_carries_what_a_drawing_needs(capsys) -> None:  # type: ignore[no-untyped-def]
    # The AIC case of SE-rated line 1250 (nice_loops.cases), as a HoDoKu library line; only AICs allowed.
    line = next(
        ln
        for ln in (REPO / "tests/engine/techniques/cases/nice_loops.cases").read_text().splitlines()
        if ln.startswith("AIC |")
    )
    _name, givens, deleted, _expected = (f.strip() for f in line.split("|"))
    tokens = []
    for tok in deleted.split():
        cell, _, digits = tok.partition("<>")
        tokens += [d + cell[1] + cell[3] for d in digits]
    assert cli.main(["hint", "--json", "--techniques", "AIC", f":0708:x:{givens}:{' '.join(tokens)}:::"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["technique"] == "AIC" and data["code"] == "0708"
    assert data["eliminations"] == [{"cell": "r3c4", "digit": 7}, {"cell": "r7c4", "digit": 9}]
    chain = data["chain"]
    assert [n["n"] for n in chain] == list(range(1, len(chain) + 1))
    assert chain[0]["text"] == "r7c4≠7" and chain[-1]["text"] == "r3c4=9"
    assert [n["on"] for n in chain] == [i % 2 == 1 for i in range(len(chain))]
    links = data["links"]
    assert len(links) == len(chain) - 1
    assert [lk["strong"] for lk in links] == [i % 2 == 0 for i in range(len(links))]
    assert links[0]["from"] == {"cells": ["r7c4"], "digit": 7} and links[0]["to"] == {"cells": ["r7c6"], "digit": 7}
    roles = {h["role"] for h in data["highlights"]}
    assert {"color_a", "color_b", "elimination"} <= roles
