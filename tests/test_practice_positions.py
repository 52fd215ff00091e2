"""Practice positions (engine/generating/practice_positions.py, data/practice/positions.txt) and ``generate --position``.

A position for a technique is a puzzle plus moves after which, singles placed, the first step of the default
solving order (with the technique switched on) is that technique; ``hint`` on what ``generate --position``
prints names it. The sweep over all 80 techniques is the target of issue 25.
"""

from __future__ import annotations

import importlib.util
import io
import itertools
import random
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from types import ModuleType

import pytest

from sudoku_tk.app.game.session import Session
from sudoku_tk.cli import commands as cli
from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.generating.isomorph import identity, random_isomorph
from sudoku_tk.engine.generating.level_search import puzzle_seed
from sudoku_tk.engine.generating.practice_positions import (
    NO_POSITION,
    SWITCHED_OFF,
    Position,
    PositionMove,
    Positions,
    decode_move,
    first_non_single,
    format_positions,
    is_position,
    learnable_techniques,
    load_positions,
    needs_enabling,
    next_to_learn,
    parse_positions,
    play,
    position_enabled,
    practice_position_techniques,
    serve_position,
    served,
)
from sudoku_tk.engine.play.moves import Eliminate, Place
from sudoku_tk.engine.play.propagation import Assist
from sudoku_tk.engine.solving.brute_force import unique_solution
from sudoku_tk.engine.solving.technique_table import ORDER
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques import default_techniques, finder_for

T = Technique
POSITIONS = load_positions()
EMPTY = "." * 81
MISSING: frozenset[Technique] = frozenset({T.MUTANT_X_WING})
"""Techniques with no position (practice_positions.NO_POSITION says why, and generate --position says it): no board
has a Mutant X-Wing (test_no_mutant_x_wing_exists_so_none_has_a_position). The other 79 have one."""


# -- the format ----------------------------------------------------------------------------------------------
def test_moves_read_back_as_written() -> None:
    for token in ("=405", "!001", "-001013805"):
        assert decode_move(token).encode() == token
    assert decode_move("-001013").eliminations == ((0, 1), (1, 3))
    assert decode_move("!405").keep_peers and not decode_move("=405").keep_peers


@pytest.mark.parametrize("token", ["", "=", "=40", "=4050", "+405", "-81" + "1", "=400", "=123456"])
def test_a_bad_move_is_refused(token: str) -> None:
    with pytest.raises(ValueError):
        decode_move(token)


def test_the_file_format_reads_back() -> None:
    positions = Positions(searched={"pool": 3})
    positions.add(Position(T.X_WING, EMPTY, (decode_move("-001"), decode_move("=405")), "pool/2"))
    positions.add(Position(T.FULL_HOUSE, "1" + EMPTY[1:], (), "pos/1"))
    text = format_positions(positions, ["a note"])
    lines = text.splitlines()
    assert lines[:2] == ["# a note", "# searched\tpool\t3"]
    assert lines[2:] == [f"FULL_HOUSE\t1{EMPTY[1:]}\t\tpos/1", f"X_WING\t{EMPTY}\t-001 =405\tpool/2"]  # solving order
    back = parse_positions(lines)
    assert back.entries == positions.entries and back.searched == {"pool": 3}


def test_a_technique_set_reads_back_and_old_lines_still_read() -> None:
    """The optional fifth field: the position's technique set (a --techniques list adjusting the default set)."""
    spec = "-simple-colors-trap,+simple-colors-wrap"
    positions = Positions()
    positions.add(Position(T.SIMPLE_COLORS_WRAP, EMPTY, (decode_move("-001"),), "reglib/1", spec))
    positions.add(Position(T.X_WING, EMPTY, (), "pool/2"))
    lines = format_positions(positions).splitlines()
    assert lines == [f"X_WING\t{EMPTY}\t\tpool/2", f"SIMPLE_COLORS_WRAP\t{EMPTY}\t-001\treglib/1\t{spec}"]
    back = parse_positions(lines)
    assert back.entries == positions.entries
    wrap, plain = back.of(T.SIMPLE_COLORS_WRAP)[0], back.of(T.X_WING)[0]
    assert T.SIMPLE_COLORS_TRAP not in wrap.enabled and T.SIMPLE_COLORS_WRAP in wrap.enabled
    assert wrap.enabled == position_enabled(T.SIMPLE_COLORS_WRAP, spec)
    assert plain.techniques == "" and plain.enabled == frozenset(default_techniques())


def test_every_technique_set_is_explained_and_switches_off_only_what_comes_first() -> None:
    """A position's technique set switches off techniques of the default set that come before its technique in
    the solving order (those that would be first), never one after it, and the reason is in SWITCHED_OFF."""
    for technique in ORDER:
        for p in POSITIONS.of(technique):
            off = frozenset(default_techniques()) - p.enabled
            assert technique in p.enabled
            assert all(ORDER.index(t) < ORDER.index(technique) for t in off), (technique, p.source)
            assert p.enabled - frozenset(default_techniques()) <= {technique}, p.source
            if p.techniques:
                assert off and technique in SWITCHED_OFF, p.source


@pytest.mark.parametrize(
    "line",
    [
        "NOPE\t" + EMPTY + "\t\ts",
        "X_WING\t...\t\ts",
        "X_WING\t" + EMPTY + "\t=4\ts",
        "X_WING\t" + EMPTY + "\t\ts\t-nope",
        "X_WING\t" + EMPTY + "\t\ts\t\tsix",
    ],
)
def test_a_bad_line_names_its_number(line: str) -> None:
    with pytest.raises(ValueError, match="line 2"):
        parse_positions(["# fine", line])


# -- playing a position -------------------------------------------------------------------------------------
CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_play_places_the_singles_around_the_stored_moves() -> None:
    puzzle = parse_grid(CLASSIC)
    solution = unique_solution(puzzle)
    assert solution is not None
    wrong = next(d for d in range(1, 10) if d != solution[1] and puzzle.candidates[1] >> (d - 1) & 1)
    played = play(puzzle, [PositionMove(eliminations=((1, wrong),))], T.X_WING)
    assert [m for m in played.moves if not isinstance(m, Place)] == [Eliminate(((1, wrong),))]
    assert all(solution[m.cell] == m.digit for m in played.moves if isinstance(m, Place))
    assert isinstance(played.moves[0], Place)  # the classic puzzle opens with singles: placed before the move
    assert not played.grid.candidates[1] >> (wrong - 1) & 1
    # no single is left open: the next step is not a single
    step = first_non_single(played.grid)
    assert step is not None and played.grid == play(puzzle, [decode_move(f"-01{wrong}")], T.X_WING).grid


def test_peer_elimination_keeps_the_digit_among_the_peers() -> None:
    puzzle = parse_grid(CLASSIC)
    solution = unique_solution(puzzle)
    assert solution is not None
    move = PositionMove(placements=((1, solution[1]),), keep_peers=True)
    played = play(puzzle, [move], T.PEER_ELIMINATION)
    assert played.grid.values[1] == solution[1]
    assert any(played.grid.candidates[p] >> (solution[1] - 1) & 1 for p in puzzle.geometry.peers[1])
    assert is_position(played.grid, T.PEER_ELIMINATION)


# -- what to learn next ------------------------------------------------------------------------------------
def test_next_to_learn_is_the_first_not_found_alone_in_solving_order() -> None:
    order = practice_position_techniques()
    assert next_to_learn({}) is T.FULL_HOUSE  # Peer Elimination (the assists') and Brute Force are not suggested
    assert T.PEER_ELIMINATION not in learnable_techniques() and T.BRUTE_FORCE not in learnable_techniques()
    assert all(load_positions().of(t) for t in learnable_techniques())
    alone = {t: "alone" for t in order}
    assert next_to_learn(alone) is None
    assert next_to_learn({**alone, T.X_WING: "hint", T.XY_WING: "unmet"}) is T.X_WING
    assert next_to_learn({**alone, T.XY_WING: "unmet"}) is T.XY_WING
    del alone[T.SWORDFISH]  # missing: not yet met
    assert next_to_learn(alone) is T.SWORDFISH


# -- the stored positions ----------------------------------------------------------------------------------
def test_every_technique_has_a_position_but_the_known_missing() -> None:
    assert len(ORDER) == 80 and practice_position_techniques() == ORDER
    assert {t for t in ORDER if not POSITIONS.of(t)} == MISSING
    assert set(NO_POSITION) == MISSING  # each one missing says why


def test_the_sources_are_counted() -> None:
    assert POSITIONS.searched and all(n > 0 for n in POSITIONS.searched.values())


@pytest.mark.parametrize("technique", [t for t in ORDER if POSITIONS.of(t)], ids=lambda t: t.name)
def test_each_stored_position_is_one_for_its_technique(technique: Technique) -> None:
    """As stored (the identity isomorph): the technique is the next step, and the puzzle is unique."""
    position = POSITIONS.of(technique)[0]
    assert unique_solution(parse_grid(position.givens)) is not None
    got = served(position, identity())
    assert got is not None and got.step.technique is technique


@pytest.mark.parametrize("technique", [t for t in ORDER if POSITIONS.of(t)], ids=lambda t: t.name)
def test_a_served_position_is_an_isomorph_with_its_moves(technique: Technique) -> None:
    got = serve_position(f"test/{technique.name}", technique)
    assert got is not None and got.step.technique is technique
    # the moves lead from the puzzle to the board shown, and every placement is the solution's digit
    solution = unique_solution(got.puzzle)
    assert solution is not None
    assert got.puzzle.givens == got.grid.givens
    placed = {m.cell: m.digit for m in got.moves if isinstance(m, Place)}
    assert placed == {c: v for c, v in enumerate(got.grid.values) if v and not got.grid.givens[c]}
    assert all(solution[c] == d for c, d in placed.items())
    stored = {p.source: p for p in POSITIONS.of(technique)}[got.source]
    assert got.techniques == stored.techniques and got.enabled == stored.enabled
    assert got.needs_enabling is (needs_enabling(technique) or bool(stored.techniques))
    # the same seed gives the same position
    again = serve_position(f"test/{technique.name}", technique)
    assert again is not None and again.grid == got.grid


def test_a_random_isomorph_is_served_not_the_stored_board() -> None:
    position = POSITIONS.of(T.X_WING)[0]
    stored = served(position, identity())
    shown = served(position, random_isomorph(random.Random("x")))
    assert stored is not None and shown is not None and stored.grid != shown.grid


# -- the command line: generate --position, read back by hint ------------------------------------------------
def run_cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = cli.main(list(args))
    return status, out.getvalue()


@pytest.mark.parametrize("technique", ORDER, ids=lambda t: t.name)
def test_hint_names_the_technique_of_a_printed_position(technique: Technique, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The target of issue 25, over all 80 techniques: ``generate --technique NAME --position`` prints a
    position that ``hint`` reads back and names that technique on (switched on when it is off by default)."""
    name = technique.name.lower().replace("_", "-")
    if technique in MISSING:  # none can exist (NO_POSITION says why): said plainly, exit 1
        with redirect_stderr(io.StringIO()) as err:
            assert run_cli("generate", "--technique", name, "--position", "--seed", "25") == (1, "")
        assert f"no practice position for {technique.display_name}: {NO_POSITION[technique]}" in err.getvalue()
        return
    status, text = run_cli("generate", "--technique", name, "--position", "--seed", "25")
    assert status == 0, f"no position for {technique.display_name}"
    assert text.startswith(f"# Practice position: {technique.display_name}")
    shown = serve_position(puzzle_seed(25, 0), technique)  # what the command served
    assert shown is not None
    back = parse_grid(text)  # the pencil-mark grid reads back exactly: givens, placed digits, candidates
    assert (back.givens, back.values, back.candidates) == (shown.grid.givens, shown.grid.values, shown.grid.candidates)
    path = tmp_path / "position.txt"
    path.write_text(text, encoding="utf-8")
    args = ["hint", str(path)]
    if shown.techniques:  # served with techniques switched off: said, with why, and the list a hint needs
        names = ", ".join(t.display_name for t in shown.switched_off)
        assert f"# served with {names} switched off: {SWITCHED_OFF[technique]}" in text
        assert f"# ask with  sudoku-tk hint --techniques={shown.techniques}\n" in text  # '=': it starts with '-'
        args += [f"--techniques={shown.techniques}"]
    elif needs_enabling(technique):
        assert f"--techniques +{name}" in text
        args += ["--techniques", f"+{name}"]
    status, hint = run_cli(*args)
    assert status == 0
    first = hint.splitlines()[0]
    assert first.startswith(technique.display_name), first


def test_a_technique_no_whole_puzzle_takes_is_answered_with_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    """Death Blossom is off by default, so no default path takes it: ``generate --technique`` prints a position."""
    assert cli.main(["generate", "--technique", "death-blossom", "--seed", "4"]) == 0
    out, err = capsys.readouterr()
    assert "here is a practice position instead (--position)" in err
    assert out.startswith("# Practice position: Death Blossom (Almost Locked Sets) is the next step")
    assert "# off by default: ask with  sudoku-tk hint --techniques +death-blossom" in out
    assert parse_grid(out).has_pencilmarks


@pytest.mark.parametrize("technique", [t for t in ORDER if POSITIONS.of(t)], ids=lambda t: t.name)
def test_a_game_of_the_moves_is_the_position(technique: Technique) -> None:
    """The game the practice dialog opens (new_games.py: the puzzle, the served moves, the peers assist only, none
    for Peer Elimination) refuses no move and shows the position: the technique is its next step."""
    got = serve_position(f"game/{technique.name}", technique)
    assert got is not None
    keep = frozenset() if technique is T.PEER_ELIMINATION else frozenset({Assist.PEERS})
    game = Session(got.puzzle, moves=got.moves, assists=keep)
    assert not game.position.rejected
    board = game.position.to_grid()
    assert board.values == got.grid.values and is_position(board, technique, got.enabled)


def test_a_damaged_position_is_not_served_and_the_next_one_is() -> None:
    good = POSITIONS.of(T.X_WING)[0]
    filled = next(c for c, ch in enumerate(good.givens) if ch != ".")
    damaged = Position(T.X_WING, good.givens, (decode_move(f"={filled:02d}1"),), "damaged")
    assert served(damaged, identity()) is None
    both = Positions()
    both.add(damaged)
    both.add(good)
    got = serve_position("any", T.X_WING, both)
    assert got is not None and got.source == good.source


# -- why there is no Mutant X-Wing position ------------------------------------------------------------------------
def _kind_is_mutant(bases: tuple[int, ...], covers: tuple[int, ...]) -> bool:
    """HoDoKu's kinds (units 0-8 rows, 9-17 columns, 18-26 boxes): neither basic (rows against columns) nor Franken
    (rows and boxes against columns and boxes, or mirrored)."""
    base_rows, base_cols = any(u < 9 for u in bases), any(9 <= u < 18 for u in bases)
    cover_rows, cover_cols = any(u < 9 for u in covers), any(9 <= u < 18 for u in covers)
    franken = (not base_cols and not cover_rows) or (not base_rows and not cover_cols)
    return not franken  # a basic fish is a Franken one's special case here


def test_no_mutant_x_wing_exists_so_none_has_a_position() -> None:
    """A Mutant X-Wing (no fins) needs each base unit to meet both cover units (a base unit inside one cover unit is
    a smaller fish, Locked Candidates, which the finder leaves to that technique), and a mixed kind: a row and a
    column among the base units, or among the cover units, or rows (columns) on both sides. Two parallel lines never
    meet, and a row and a column meet a common third unit only in the box where they cross, one box for two cover
    (base) units: no four units of 9×9 fit. The finder agrees on random candidate grids, where it finds Finned Mutant
    X-Wings and Mutant Swordfish."""
    geo = Geometry.of(3)
    units = geo.unit_masks[:27]
    fits = [
        (bases, covers)
        for bases in itertools.combinations(range(27), 2)
        for covers in itertools.combinations([u for u in range(27) if u not in bases], 2)
        if all(units[b] & units[c] for b in bases for c in covers) and _kind_is_mutant(bases, covers)
    ]
    assert fits == []
    rng = random.Random(64)
    found = dict.fromkeys((T.MUTANT_X_WING, T.FINNED_MUTANT_X_WING, T.MUTANT_SWORDFISH), 0)
    for _ in range(60):
        share = rng.choice((0.3, 0.45, 0.6))
        cands = [sum(1 << d for d in range(9) if rng.random() < share) or 1 for _c in range(81)]
        grid = Grid.from_values([0] * 81, candidates=cands)
        for technique in found:
            finder = finder_for(technique)
            assert finder is not None
            found[technique] += next(iter(finder(grid)), None) is not None
    assert found[T.MUTANT_X_WING] == 0 and found[T.FINNED_MUTANT_X_WING] > 0 and found[T.MUTANT_SWORDFISH] > 0


# -- the miner (build_scripts/mine_positions.py) ----------------------------------------------------------------
def _miner() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "build_scripts" / "mine_positions.py"
    spec = importlib.util.spec_from_file_location("mine_positions", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_miner_switches_off_what_comes_first_and_back_on_what_is_not_needed() -> None:
    """On the stored Multi Colors 2 board the default order offers a Simple Colors Trap: the miner's position for
    Multi Colors 2 there switches off exactly the Trap and Multi Colors 1 (which would come next)."""
    mine = _miner()
    stored = POSITIONS.of(T.MULTI_COLORS_2)[0]
    grid = play(parse_grid(stored.givens), stored.moves, T.MULTI_COLORS_2).grid
    first = first_non_single(grid)
    assert first is not None and first.technique is T.SIMPLE_COLORS_TRAP
    found = Positions()
    miner = mine.Miner(found, 1, time.monotonic() + 600)
    miner.look_switched(grid, stored.givens, list(stored.moves), "test", first.technique)
    (got,) = found.of(T.MULTI_COLORS_2)
    assert got.techniques == "-simple-colors-trap,-multi-colors-1,+multi-colors-2"
    assert served(got, identity()) is not None


def test_the_deep_search_keeps_the_fewest_switched_off_and_switches_back_on_what_is_not_needed() -> None:
    """``--deep`` offers a position with every technique that came first switched off; ``offer`` switches back on
    those not needed (an X-Wing here) and keeps the ``cap`` positions with the fewest switched off."""
    mine = _miner()
    stored = POSITIONS.of(T.MULTI_COLORS_2)[0]
    found = Positions()
    miner = mine.Miner(found, 1, time.monotonic() + 600)
    off = [T.SIMPLE_COLORS_TRAP, T.MULTI_COLORS_1, T.X_WING]
    miner.offer(T.MULTI_COLORS_2, stored.givens, list(stored.moves), "first", off)
    (got,) = found.of(T.MULTI_COLORS_2)
    assert got.techniques == "-simple-colors-trap,-multi-colors-1,+multi-colors-2" and got.source == "first"
    assert mine.switched_off(got.techniques) == [T.SIMPLE_COLORS_TRAP, T.MULTI_COLORS_1]
    assert mine.switch_cost([T.X_WING, T.X_CHAIN]) == mine.BASIC_WEIGHT + 1
    # with the cap (1) reached, a longer list is not kept in its place
    worse = [T.SIMPLE_COLORS_TRAP, T.MULTI_COLORS_1, T.X_CHAIN]
    miner.offer(T.MULTI_COLORS_2, CLASSIC, [], "second", worse)
    assert found.of(T.MULTI_COLORS_2) == (got,)


def test_the_new_game_dialog_says_why_the_mutant_x_wing_has_no_position() -> None:
    from sudoku_tk.ui.dialogs.new_game import PRACTICE, generated_ok

    request, message = generated_ok(9, PRACTICE, "", "Mutant X-Wing", from_position=True)
    assert request is None
    assert message == "No practice position for Mutant X-Wing: no board has one, whatever is switched off."
