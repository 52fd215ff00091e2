"""The hint ladder on real Sessions (no Tk): each rung's text and drawing, apply and undo, singles and assists,
the wrong-position diagnosis with its undo offer, resets, all steps and the solution path.

Positions come from the public SE-rated set (../shared/data/puzzles); every effect a
hint asserts is also checked against the puzzle's unique solution.
"""

from __future__ import annotations

import doctest

import pytest
from shared_data import read_puzzles

from sudoku_tk.app.game.session import Session
from sudoku_tk.app.hints import ladder as hints
from sudoku_tk.app.hints import technique_help
from sudoku_tk.app.hints import texts as hint_texts
from sudoku_tk.app.hints.choice import choose_step, skipped_by_assists
from sudoku_tk.app.hints.ladder import HintLadder
from sudoku_tk.app.hints.texts import legend, nudge_text, pattern_text
from sudoku_tk.app.hints.views import HintKind, Rung
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Eliminate
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, Assist
from sudoku_tk.engine.rating.score import Level
from sudoku_tk.engine.solving.technique_sets import up_to_level
from sudoku_tk.engine.steps.step import Family, HighlightRole, Step, Technique
from sudoku_tk.engine.techniques import default_techniques, find_hint, implemented

SE = "sudoku_exchange_se_rated.txt"
NAKED_PAIR_PUZZLE = 503  # its first hint beyond the singles is a Naked Pair in row 6
X_WING_PUZZLE = 367  # one step (a Locked Triple) in, the next hint is an X-Wing on 2
DEGENERATE_PUZZLE = 194  # its first "Naked Pair" leans on r1c7, a naked single
STUCK_TOP95 = 6  # top95 #7: the techniques up to "hard" get stuck on it; chains and nets finish it
SINGLES = {Technique.FULL_HOUSE, Technique.NAKED_SINGLE, Technique.HIDDEN_SINGLE}
BEYOND_SINGLES = frozenset(default_techniques()) - SINGLES
"""A player who switched the singles off in Hint > Techniques: the hint is the first pattern beyond them."""
UP_TO_HARD = up_to_level(implemented(), Level.HARD)
"""The techniques HoDoKu rates easy to hard: a player's choice that can leave a hard puzzle stuck."""


def se_puzzle(index: int) -> str:
    return read_puzzles(SE)[index]


def game(index: int, assists=ALL_ASSISTS, enabled=None) -> tuple[Session, HintLadder]:  # type: ignore[no-untyped-def]
    session = Session(parse_grid(se_puzzle(index)), f"SE #{index}", assists=assists)
    return session, HintLadder(session, enabled)


def roles(view) -> set[str]:  # type: ignore[no-untyped-def]
    return {h.role.value for h in view.highlights}


def assert_sound(session: Session, step: Step) -> None:
    """Every effect of ``step`` agrees with the unique solution."""
    solution = session.solution
    assert solution is not None
    for p in step.placements:
        assert solution[p.cell] == p.digit
    for e in step.eliminations:
        assert solution[e.cell] != e.digit


# -- descriptions ----------------------------------------------------------------------------------


def test_every_technique_has_a_description_for_players() -> None:
    for technique in Technique:
        text = technique_help.describe_technique(technique)
        assert len(text) > 80, technique
        assert text.endswith("."), technique
    uniqueness = [t for t in Technique if t.family is Family.UNIQUENESS]
    assert all("exactly one solution" in technique_help.describe_technique(t) for t in uniqueness)


def test_module_examples_run() -> None:
    result = doctest.testmod(hints)
    assert result.attempted >= 5 and result.failed == 0


# -- the ladder, rung by rung ------------------------------------------------------------------------


def test_naked_pair_ladder_each_rung_then_apply_and_undo() -> None:
    session, ladder = game(NAKED_PAIR_PUZZLE, enabled=BEYOND_SINGLES)
    before = session.position
    seen = []
    ladder.subscribe(seen.append)

    nudge = ladder.press()
    assert (nudge.kind, nudge.rung, nudge.title) == (HintKind.STEP, Rung.NUDGE, "Naked Pair")
    assert nudge.text == "Look for a Naked Pair in row 6."
    assert nudge.rung_label == "Hint 1 of 4: where to look"
    assert roles(nudge) == {"defining_unit"} and nudge.highlights[0].units == (5,)
    assert nudge.description.startswith("Find two cells in one unit")
    assert nudge.can_climb and nudge.can_apply

    pattern = ladder.press()
    assert pattern.rung is Rung.PATTERN
    assert pattern.text == "r6c2 and r6c7 can only hold 3 or 6, so no other cell of row 6 can hold 3 or 6."
    assert roles(pattern) == {"defining_unit", "pattern"}
    pattern_cells = {
        (c, d) for h in pattern.highlights if h.role is HighlightRole.PATTERN for c in h.cells for d in h.digits
    }
    assert pattern_cells == {(46, 3), (46, 6), (51, 3), (51, 6)}
    assert [key for key, _ in pattern.legend] == ["pattern", "defining_unit"]

    step = ladder.press()
    assert step.rung is Rung.STEP and not step.can_climb
    assert step.text == (
        "r6c2 and r6c7 can only hold 3 or 6, so no other cell of row 6 can hold 3 or 6 — "
        "remove 3 from r6c3, and 6 from r6c5."
    )
    struck = {(c, d) for h in step.highlights if h.role is HighlightRole.ELIMINATION for c in h.cells for d in h.digits}
    assert struck == {(47, 3), (49, 6)}
    assert step.step is not None
    assert_sound(session, step.step)

    applied = ladder.press()
    assert applied.rung is Rung.APPLIED and not applied.can_apply
    assert applied.text.startswith("Applied: remove 3 from r6c3, and 6 from r6c5.")
    assert "Then the assists placed r6c5=2, r6c3=7." in applied.text
    assert session.moves == (Eliminate(((47, 3), (49, 6)), "Naked Pair"),)
    assert session.position.values[47] == 7 and session.position.values[49] == 2
    assert [v.rung if v else None for v in seen] == [Rung.NUDGE, Rung.PATTERN, Rung.STEP, Rung.APPLIED]

    assert session.undo()
    assert ladder.view is None and seen[-1] is None
    assert session.position.candidates == before.candidates and session.position.values == before.values


def test_x_wing_ladder_draws_base_and_cover_lines() -> None:
    session, ladder = game(X_WING_PUZZLE, enabled=BEYOND_SINGLES)
    first = ladder.step_once()
    assert first.rung is Rung.APPLIED and first.title == "Locked Triple" and len(session.moves) == 1
    nudge = ladder.press()
    assert nudge.title == "X-Wing" and nudge.text == "Look for an X-Wing on digit 2 in rows 1 and 9."
    assert [h.units for h in nudge.highlights] == [(0, 8)]
    pattern = ladder.press()
    assert roles(pattern) == {"defining_unit", "cover_unit", "pattern"}
    corners = [h for h in pattern.highlights if h.role is HighlightRole.PATTERN]
    assert [(h.cells, h.digits) for h in corners] == [((2, 7, 74, 79), (2,))]
    step = ladder.press()
    assert step.text.endswith("— remove 2 from r2c3, r2c8 and r7c3.")
    assert step.step is not None and {(e.cell, e.digit) for e in step.step.eliminations} == {(11, 2), (16, 2), (56, 2)}
    assert_sound(session, step.step)
    ladder.press()
    assert all(not session.position.candidates[c] >> 1 & 1 for c in (11, 16, 56) if not session.position.values[c])
    assert session.moves[-1].note == "X-Wing"  # type: ignore[union-attr]


def test_apply_from_any_rung_and_close() -> None:
    session, ladder = game(NAKED_PAIR_PUZZLE)
    ladder.press()
    view = ladder.apply()
    assert view.rung is Rung.APPLIED and len(session.moves) == 1
    ladder.close()
    assert ladder.view is None
    # After an applied step the next press starts the next hint at its first rung.
    assert ladder.press().rung is Rung.NUDGE


# -- singles and the assists --------------------------------------------------------------------------


def test_the_starting_singles_are_hinted_whatever_the_assists() -> None:
    puzzle = parse_grid(se_puzzle(NAKED_PAIR_PUZZLE))
    first_any = find_hint(puzzle)
    assert first_any is not None and first_any.technique in SINGLES  # singles wait on the starting board
    # The assists leave the start's singles to the player: the hint gives one, as the solution path does.
    on = HintLadder(Session(puzzle, assists=ALL_ASSISTS)).press()
    assert on.step is not None and on.step.key() == first_any.key()
    # With the singles switched off in Hint > Techniques, the first pattern beyond them.
    assert HintLadder(Session(puzzle, assists=ALL_ASSISTS), BEYOND_SINGLES).press().title == "Naked Pair"
    peers_only = HintLadder(Session(puzzle, assists={Assist.PEERS})).press()
    assert peers_only.step is not None and peers_only.step.key() == first_any.key()
    assert peers_only.text.startswith(f"Look for a {first_any.technique.display_name}")
    # With every assist off the board shows every candidate: a placed digit's peers come first.
    none = HintLadder(Session(puzzle, assists=())).press()
    assert none.title == "Peer Elimination"
    # Naked singles assisted only: the start's hidden singles are still hinted.
    naked_only = HintLadder(Session(puzzle, assists={Assist.PEERS, Assist.NAKED_SINGLES})).press()
    assert naked_only.title == "Hidden Single"


def test_skipped_techniques_follow_the_assists() -> None:
    assert skipped_by_assists(()) == frozenset()
    assert skipped_by_assists(ALL_ASSISTS) == {Technique.PEER_ELIMINATION} | SINGLES
    assert skipped_by_assists({Assist.NAKED_SINGLES}) == {Technique.NAKED_SINGLE, Technique.FULL_HOUSE}


def test_only_singles_left_falls_back_to_a_single() -> None:
    solved = Session(parse_grid(se_puzzle(NAKED_PAIR_PUZZLE))).solution
    assert solved is not None
    # The solution with three cells of one row emptied: nothing but singles can apply.
    values = list(solved)
    for cell in (0, 4, 8):
        values[cell] = 0
    session = Session(Grid.from_values(tuple(values)))
    view = HintLadder(session).press()
    assert view.title in {t.display_name for t in SINGLES}
    assert view.step is not None and view.step.placements[0].cell in (0, 4, 8)


def test_a_pattern_leaning_on_a_naked_single_gives_way_to_the_single() -> None:
    session, ladder = game(DEGENERATE_PUZZLE)
    grid = session.position.to_grid()
    beyond = find_hint(grid, [t for t in implemented() if t not in SINGLES | {Technique.PEER_ELIMINATION}])
    assert beyond is not None and beyond.technique is Technique.NAKED_PAIR
    assert grid.candidates[6] == 1 << 2  # r1c7, one of the pair's cells, can only be 3
    step = choose_step(grid, ALL_ASSISTS, True)
    assert step is not None and step.technique is Technique.NAKED_SINGLE
    assert [(p.cell, p.digit) for p in step.placements] == [(6, 3)]
    # The nudge names the single's box, never its cell.
    assert ladder.press().text == "Look for a Naked Single in box 3: one of its cells has only one candidate left."


# -- a wrong position ---------------------------------------------------------------------------------


def _wrong_candidate(session: Session, cell: int) -> int:
    solution = session.solution
    assert solution is not None
    mask = session.position.candidates[cell]
    return next(d for d in range(1, 10) if mask >> (d - 1) & 1 and d != solution[cell])


def _cell_with_wrong_candidates(session: Session, avoid: int = -1) -> int:
    pos, solution = session.position, session.solution
    assert solution is not None
    return next(
        c
        for c in pos.empty_cells()
        if c != avoid and c not in session.geometry.peers[avoid] and bin(pos.candidates[c]).count("1") >= 3
    )


def test_a_wrong_digit_is_reported_first_with_undo_to_before_it() -> None:
    session, ladder = game(NAKED_PAIR_PUZZLE)
    cell = _cell_with_wrong_candidates(session)
    wrong = _wrong_candidate(session, cell)
    other = _cell_with_wrong_candidates(session, avoid=cell)
    assert session.eliminate(other, _wrong_candidate(session, other))  # move 1: correct
    assert session.place(cell, wrong)  # move 2: the mistake
    later = _cell_with_wrong_candidates(session, avoid=cell)
    assert session.eliminate(later, _wrong_candidate(session, later))  # move 3: correct again
    assert len(session.moves) == 3

    view = ladder.press()
    assert view.kind is HintKind.MISTAKE and view.title == "A mistake on the board"
    assert view.undo_to == 1  # the wrong digit was the second move
    name = session.geometry.cell_name(cell)
    assert "move 2" in view.text and f"{name}={wrong}" in view.text
    assert view.can_apply and not view.can_climb
    assert {h.role for h in view.highlights} <= {HighlightRole.ELIMINATION, HighlightRole.PLACEMENT}
    assert view.legend == (("elimination", "wrong"),)

    undone = ladder.press()  # the second press takes the offer
    assert undone.kind is HintKind.UNDONE and len(session.moves) == 1
    assert session.position.values[cell] == 0
    assert len(session.redo_moves) == 2
    assert ladder.press().kind is HintKind.STEP


def test_a_removed_true_candidate_is_reported_with_the_candidate_marked() -> None:
    session, ladder = game(NAKED_PAIR_PUZZLE)
    solution = session.solution
    assert solution is not None
    pos = session.position
    cell = next(c for c in pos.empty_cells() if bin(pos.candidates[c]).count("1") >= 3)
    assert session.eliminate(cell, solution[cell])
    view = ladder.press()
    assert view.kind is HintKind.MISTAKE and view.undo_to == 0
    assert [(h.role, h.cells, h.digits) for h in view.highlights] == [
        (HighlightRole.PLACEMENT, (cell,), (solution[cell],))
    ]
    assert view.text.startswith(f"{solution[cell]} was removed from {session.geometry.cell_name(cell)}")
    ladder.apply()
    assert session.moves == ()


def test_a_clash_on_a_puzzle_without_a_unique_solution_is_a_problem() -> None:
    text = read_puzzles("serg_benchmark_multi_solution.txt", 1)[0]
    session = Session(parse_grid(text))
    ladder = HintLadder(session)
    assert not ladder.is_unique
    pos = session.position
    cell = pos.empty_cells()[0]
    given_peer = next(p for p in session.geometry.peers[cell] if session.start.givens[p])
    assert session.place(cell, session.start.givens[given_peer])
    view = ladder.press()
    assert view.kind is HintKind.PROBLEM and view.undo_to == 0
    assert "Press Hint again" in view.text
    ladder.press()
    assert session.moves == ()


# -- the ladder resets when the position changes -------------------------------------------------


def test_any_other_change_resets_the_ladder() -> None:
    session, ladder = game(NAKED_PAIR_PUZZLE)
    calls = []
    ladder.subscribe(calls.append)
    ladder.press()
    ladder.press()
    solution = session.solution
    assert solution is not None
    cell = session.position.empty_cells()[-1]
    assert session.place(cell, solution[cell])
    assert ladder.view is None and calls[-1] is None
    assert ladder.press().rung is Rung.NUDGE  # the climb starts over
    session.set_assist(Assist.HIDDEN_SINGLES, False)
    assert ladder.view is None


def test_solved_and_stuck() -> None:
    session, ladder = game(NAKED_PAIR_PUZZLE)
    while not session.is_solved():
        assert ladder.step_once().rung is Rung.APPLIED
    assert ladder.press().kind is HintKind.SOLVED
    hard = Session(parse_grid(read_puzzles("top95.txt")[STUCK_TOP95]))
    hard_ladder = HintLadder(hard, UP_TO_HARD)
    for _ in range(200):
        view = hard_ladder.step_once()
        if view.kind is not HintKind.STEP:
            break
    assert view.kind is HintKind.STUCK
    assert "None of the techniques switched on applies" in view.text and "Hint > Techniques" in view.text
    assert "not built in" not in view.text
    assert hard_ladder.press().kind is HintKind.STUCK and not hard.is_solved()


def test_the_default_techniques_never_leave_a_unique_puzzle_stuck() -> None:
    # The same puzzle, with the default set: chains and forcing nets take over where the patterns end,
    # and no step is a brute-force read of the solution.
    hard = Session(parse_grid(read_puzzles("top95.txt")[STUCK_TOP95]))
    ladder = HintLadder(hard)
    used = set()
    for _ in range(300):
        if hard.is_solved():
            break
        view = ladder.step_once()
        assert view.kind is HintKind.STEP and view.step is not None, view.text
        used.add(view.step.technique)
    assert hard.is_solved()
    assert Technique.BRUTE_FORCE not in used
    assert used - UP_TO_HARD  # something beyond "hard" was needed


def test_switching_techniques_withdraws_the_hint_and_is_used_next() -> None:
    session, ladder = game(NAKED_PAIR_PUZZLE, enabled=BEYOND_SINGLES)
    assert ladder.press().technique is Technique.NAKED_PAIR
    calls: list = []
    ladder.subscribe(calls.append)
    ladder.enabled = frozenset(implemented()) - SINGLES - {Technique.NAKED_PAIR}
    assert ladder.view is None and calls == [None]
    assert ladder.press().technique is not Technique.NAKED_PAIR


# -- lists ----------------------------------------------------------------------------------------


def test_all_steps_lists_the_steps_beyond_the_assists_first() -> None:
    session, ladder = game(NAKED_PAIR_PUZZLE)
    view = ladder.all_steps()
    assert view.blocked is None and len(view.steps) == len(view.labels) > 1
    assert view.steps[0].technique not in SINGLES and view.labels[0].startswith("Naked Pair: remove 3 from r6c3")
    assert any(s.technique in SINGLES for s in view.steps)
    firsts = [i for i, s in enumerate(view.steps) if s.technique in SINGLES]
    assert firsts == list(range(firsts[0], len(view.steps)))  # singles come last
    assert len({s.key() for s in view.steps}) == len(view.steps)
    for step in view.steps:
        assert_sound(session, step)


def test_solution_path_entries_and_positions() -> None:
    session, ladder = game(NAKED_PAIR_PUZZLE)
    path = ladder.solution_path()
    assert path.solved and path.blocked is None and path.end_label == "Solved."
    assert path.summary.startswith(f"Logic solves the puzzle from here in {len(path.entries)} steps")
    assert len(path.grids) == len(path.entries) + 1
    assert path.entries[0].label.startswith("1. ")
    for entry in path.entries:
        assert_sound(session, entry.step)
        pos = path.position_at(entry.index)
        assert pos.values == path.grids[entry.index].values
        assert pos.candidates == path.grids[entry.index].candidates
    assert path.position_at(len(path.entries)).is_solved()
    with pytest.raises(IndexError):
        path.position_at(len(path.grids))
    # The board itself is untouched.
    assert session.moves == ()


def test_solution_path_says_where_it_gets_stuck() -> None:
    session = Session(parse_grid(read_puzzles("top95.txt")[STUCK_TOP95]))
    path = HintLadder(session, UP_TO_HARD).solution_path()
    assert not path.solved and path.stuck
    assert "The solver gets stuck" in path.summary and "cells still empty" in path.summary
    assert path.end_label.startswith("Stuck here: ")
    assert not path.position_at(len(path.entries)).is_solved()


def test_lists_are_blocked_by_a_mistake() -> None:
    session, ladder = game(NAKED_PAIR_PUZZLE)
    solution = session.solution
    assert solution is not None
    cell = session.position.empty_cells()[0]
    wrong = next(d for d in range(1, 10) if session.position.candidates[cell] >> (d - 1) & 1 and d != solution[cell])
    assert session.place(cell, wrong)
    assert ladder.solution_path().blocked is not None and ladder.solution_path().entries == ()
    assert ladder.all_steps().blocked is not None


# -- wording ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "technique,focus,expected",
    [
        (Technique.NAKED_PAIR, "box 9", "Look for a Naked Pair in box 9."),
        (Technique.XY_WING, "r1c7 and the cells it sees", "Look for an XY-Wing at r1c7 and the cells it sees."),
        (Technique.W_WING, "the 2/8 cells r1c3 and r4c9", "Look for a W-Wing around the 2/8 cells r1c3 and r4c9."),
        (
            Technique.UNIQUENESS_1,
            "4 and 9 in boxes 6 and 9",
            "Look for a Uniqueness Test 1 on 4 and 9 in boxes 6 and 9.",
        ),
        (Technique.EMPTY_RECTANGLE, "", "Look for an Empty Rectangle."),
    ],
)
def test_nudge_wording(technique: Technique, focus: str, expected: str) -> None:
    assert nudge_text(Step(technique, focus=focus)) == expected


def test_pattern_text_stops_before_the_conclusion() -> None:
    step = Step(
        Technique.HIDDEN_PAIR,
        explanation="Hidden Pair: in box 4, 1 and 7 can only go in r5c1 and r6c1, "
        "so those two cells can hold nothing else — remove 4 from r6c1.",
    )
    assert (
        pattern_text(step)
        == "In box 4, 1 and 7 can only go in r5c1 and r6c1, so those two cells can hold nothing else."
    )


def test_every_role_has_a_legend_name() -> None:
    assert set(hint_texts.ROLE_NAMES) == set(HighlightRole)


def test_legend_lists_roles_and_link_kinds() -> None:
    from sudoku_tk.engine.steps.step import Highlight, Link

    shown = legend(
        [Highlight(HighlightRole.COLOR_B, (1,), (2,)), Highlight(HighlightRole.COLOR_A, (3,), (2,))],
        [Link(1, 2, 3, 2, True), Link(3, 2, 4, 2, False)],
    )
    assert [k for k, _ in shown] == ["color_a", "color_b", "strong", "weak"]


def test_brute_force_is_the_hint_only_when_nothing_else_applies() -> None:
    # A player who allows only singles and Brute Force: on a hard puzzle the hint reads the solution once the
    # singles run out (the assists do the singles), labelled as such, and it is right.
    hard = Session(parse_grid(read_puzzles("top95.txt")[STUCK_TOP95]))
    ladder = HintLadder(hard, frozenset(SINGLES) | {Technique.BRUTE_FORCE})
    for _ in range(81):  # the starting grid's singles are the player's: they come first
        view = ladder.press()
        if view.technique not in SINGLES:
            break
        ladder.apply()
    assert view.technique is Technique.BRUTE_FORCE
    assert view.text == f"Look for a Brute Force at {view.step.focus}."  # type: ignore[union-attr]
    step = view.step
    assert step is not None and len(step.placements) == 1
    solution = hard.solution
    assert solution is not None and solution[step.placements[0].cell] == step.placements[0].digit


def test_a_lesson_on_a_jigsaw_says_region_where_the_classic_one_says_box() -> None:
    from engine.variant_examples import JIGSAW_JANKO_108

    from sudoku_tk.app.hints.technique_help import DESCRIPTIONS, describe_technique
    from sudoku_tk.engine.formats.puzzle_text import parse_puzzle
    from sudoku_tk.engine.steps.step import Technique

    jigsaw = parse_puzzle(f"variant: jigsaw\n{JIGSAW_JANKO_108[0]} {JIGSAW_JANKO_108[2]}").geometry
    classic = DESCRIPTIONS[Technique.LOCKED_CANDIDATES_1]
    assert "box" in classic and describe_technique(Technique.LOCKED_CANDIDATES_1) == classic
    on_jigsaw = describe_technique(Technique.LOCKED_CANDIDATES_1, jigsaw)
    assert "box" not in on_jigsaw.lower() and "region" in on_jigsaw
    assert on_jigsaw == classic.replace("boxes", "regions").replace("box", "region").replace("Box", "Region")


def test_a_killer_legend_names_the_cage_or_the_houses_a_45_rule_step_adds_up() -> None:
    from sudoku_tk.app.hints.texts import legend_names
    from sudoku_tk.engine.formats.puzzle_text import parse_puzzle
    from sudoku_tk.engine.killer.published import PUBLISHED
    from sudoku_tk.engine.solving.logic import solve_logically
    from sudoku_tk.engine.steps.step import Technique

    grid = parse_puzzle("variant: killer\n" + PUBLISHED[0].text)
    steps = solve_logically(grid, most=True).steps
    combination = next(s for s in steps if s.technique is Technique.KILLER_CAGE_COMBINATIONS)
    innie = next(s for s in steps if s.technique is Technique.KILLER_ONE_CELL_45)
    assert legend_names(combination, grid.geometry)["defining_unit"].startswith("where it lives: the ")
    where = legend_names(innie, grid.geometry)["defining_unit"]
    assert where.startswith(("where it lives: rows ", "where it lives: columns ", "where it lives: boxes ")), where
    assert "r1c1" not in where


def test_a_lesson_on_sudoku_x_or_windoku_counts_their_extra_houses_among_the_units() -> None:
    from sudoku_tk.app.hints.technique_help import DESCRIPTIONS, describe_technique
    from sudoku_tk.engine.board.geometry import Geometry, variant_geometry
    from sudoku_tk.engine.steps.step import Technique

    classic = DESCRIPTIONS[Technique.HIDDEN_SINGLE]
    assert "a unit (a row, column or box)" in classic
    on_x = describe_technique(Technique.HIDDEN_SINGLE, variant_geometry("x"))
    on_windoku = describe_technique(Technique.HIDDEN_SINGLE, variant_geometry("windoku"))
    assert on_x == classic.replace("row, column or box", "row, column, box or diagonal")
    assert on_windoku == classic.replace("row, column or box", "row, column, box or window")
    assert describe_technique(Technique.FULL_HOUSE, variant_geometry("windoku")).startswith(
        "When a row, column, box or window has just one empty cell left"
    )
    assert describe_technique(Technique.HIDDEN_SINGLE, Geometry.of(3)) == classic
