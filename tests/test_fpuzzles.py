"""f-puzzles links read into this app's variant text forms (engine/formats/fpuzzles.py)."""

from __future__ import annotations

import pytest
from fpuzzles_links import compress_base64, grid, link
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_tk.engine.board.errors import PuzzleFormatError
from sudoku_tk.engine.formats.fpuzzles import decompress_base64, is_link, read_link

# top95 #1 (public domain: the puzzle list of Peter Norvig's essay) as givens.
GIVENS = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
WINDOWS = [[f"R{r0 + r}C{c0 + c}" for r in range(3) for c in range(3)] for r0 in (2, 6) for c0 in (2, 6)]


def test_a_known_lz_string_vector_decodes() -> None:
    # '{"x":3}' in LZ-string's base64 form, as used in public f-puzzles decoder tests.
    assert decompress_base64("N4IgHiBcDMC+Q===") == '{"x":3}'
    assert compress_base64('{"x":3}') == "N4IgHiBcDMC+Q==="


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_any_text_survives_compression(text: str) -> None:
    assert decompress_base64(compress_base64(text)) == text


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=", max_size=300))
def test_damaged_data_never_raises(data: str) -> None:
    out = decompress_base64(data)
    assert out is None or isinstance(out, str)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_junk_after_a_link_prefix_is_refused_with_one_sentence(junk: str) -> None:
    try:
        read_link("https://www.f-puzzles.com/?load=" + junk)
    except PuzzleFormatError as exc:
        assert str(exc)


def test_a_classic_puzzle() -> None:
    text = link({"size": 9, "grid": grid(GIVENS), "title": "Norvig's first"})
    assert is_link("see " + text + " today")
    assert read_link(text) == GIVENS + "\n"


def test_sudoku_x_needs_both_diagonals() -> None:
    assert read_link(link({"size": 9, "grid": grid(GIVENS), "diagonal+": True, "diagonal-": True})) == (
        "variant: x\n" + GIVENS + "\n"
    )
    with pytest.raises(PuzzleFormatError, match="one diagonal"):
        read_link(link({"size": 9, "grid": grid(GIVENS), "diagonal-": True}))


def test_windoku_is_four_windows() -> None:
    extra = [{"cells": cells} for cells in WINDOWS]
    assert read_link(link({"size": 9, "grid": grid(GIVENS), "extraregion": extra})) == (
        "variant: windoku\n" + GIVENS + "\n"
    )
    with pytest.raises(PuzzleFormatError, match="not Windoku"):
        read_link(link({"size": 9, "grid": grid(GIVENS), "extraregion": [{"cells": WINDOWS[0]}]}))


def test_a_jigsaw_carries_its_region_map() -> None:
    # Regions: the boxes with r1c3 and r1c4 swapped (a drawing of the form; the reader checks no rule).
    regions = [(r // 3) * 3 + c // 3 for r in range(9) for c in range(9)]
    regions[2], regions[3] = 1, 0
    text = read_link(link({"size": 9, "grid": grid(GIVENS, regions)}))
    lines = text.splitlines()
    assert lines[0] == "variant: jigsaw" and lines[1] == GIVENS
    assert lines[2][:9] == "AABABBCCC"
    assert lines[2][9:18] == "AAABBBCCC"


def test_a_killer_gets_a_cage_map_and_its_sums() -> None:
    cages = [
        {"cells": ["R1C1", "R2C1"], "value": "9"},
        {"cells": ["R1C2", "R1C3", "R2C2"], "value": "23"},
    ]
    text = read_link(link({"size": 9, "grid": grid(), "killercage": cages}))
    lines = text.splitlines()
    assert lines[0] == "variant: killer"
    cage_map, sums = lines[1].split(" ")
    assert cage_map == "ABB......AB" + "." * 70 and sums == "A=9,B=23"
    # With givens, the givens come first.
    with_givens = read_link(link({"size": 9, "grid": grid(GIVENS), "killercage": cages})).splitlines()[1]
    assert with_givens.split(" ")[0] == GIVENS


@pytest.mark.parametrize(
    "puzzle, words",
    [
        ({"size": 6, "grid": []}, "9×9"),
        ({"size": 9, "grid": grid(), "arrow": [{"cells": ["R1C1"], "lines": [["R1C1", "R1C2"]]}]}, "arrow"),
        ({"size": 9, "grid": grid(), "thermometer": [{"lines": [["R1C1", "R1C2"]]}]}, "thermometer"),
        (
            {
                "size": 9,
                "grid": grid(),
                "diagonal+": True,
                "diagonal-": True,
                "killercage": [{"cells": ["R1C1"], "value": "5"}],
            },
            "one variant",
        ),
        ({"size": 9, "grid": grid(), "killercage": [{"cells": ["R1C1"]}]}, "no sum"),
        (
            {
                "size": 9,
                "grid": grid(),
                "killercage": [{"cells": ["R1C1"], "value": "3"}, {"cells": ["R1C1", "R1C2"], "value": "5"}],
            },
            "two killer cages",
        ),
        ({"size": 9, "grid": grid(), "killercage": [{"cells": ["R0C1"], "value": "3"}]}, "R0C1"),
        ({"size": 9, "grid": [[{}] * 9] * 8}, "9 rows"),
    ],
)
def test_puzzles_this_app_does_not_play_are_refused_saying_why(puzzle: dict, words: str) -> None:
    with pytest.raises(PuzzleFormatError, match=words):
        read_link(link(puzzle))


def test_damaged_and_foreign_links_are_refused() -> None:
    with pytest.raises(PuzzleFormatError, match="damaged"):
        read_link("https://www.f-puzzles.com/?load=N4IgHiBc")
    with pytest.raises(PuzzleFormatError, match="SudokuPad"):
        read_link("https://sudokupad.app/scl" + "x" * 40)
    with pytest.raises(PuzzleFormatError, match="too long"):
        read_link("https://www.f-puzzles.com/?load=" + "A" * 300_000)
    assert not is_link("4.....8.5.3..........7......")


def test_sudokupad_opens_f_puzzles_data_too() -> None:
    data = compress_base64('{"size":9,"grid":' + str(grid(GIVENS)).replace("'", '"').replace("True", "true") + "}")
    assert read_link("https://sudokupad.app/fpuzzles" + data) == GIVENS + "\n"


def test_the_command_line_solves_a_sudoku_x_from_its_link(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    from engine.variant_examples import X_UDACITY

    path = tmp_path / "link.txt"
    path.write_text(link({"size": 9, "grid": grid(X_UDACITY[0]), "diagonal+": True, "diagonal-": True}))
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_tk", "solve", str(path)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == X_UDACITY[1]
