"""``sudoku-tk export``: puzzles as PNG pictures and PDF sheets, and booklets of new puzzles by level.

    sudoku-tk export PUZZLE --png board.png [--solution | --candidates [--hint]] [--scale 2 | --size 800]
    sudoku-tk export PUZZLES --pdf sheet.pdf [--per-page 4] [--with-solutions] [--rate] [--title T]
    sudoku-tk export --booklet --level medium --count 6 --pdf booklet.pdf [--per-page 6] [--seed 1]

PUZZLE is puzzle text, a file, or ``-`` for standard input; a candidate grid keeps its
candidates in a ``--candidates`` picture. A PNG shows one puzzle; a PDF takes every
puzzle of a collection. One line on standard output says what was written. A PNG is
drawn at 1.5× by default (``render.layout.PNG_SCALE``: 684 pixels for 9×9). Exit codes:
0 written, 1 nothing to draw (a solution asked of a puzzle without exactly one, no
puzzle of the level in time), 2 unusable input or options, a puzzle that took longer than
``--time-limit`` to solve, rate or draw, or a file (or standard output) that can't be written.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from pathlib import Path

from ..engine.board.errors import PuzzleFormatError
from ..engine.board.grid import Grid
from . import console as cli_io
from .limits import DEFAULT_SECONDS, time_limit

PAGE_CHOICES = (1, 2, 4, 6)


def add_export_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``export`` subcommand to the command line's subparsers."""
    p = sub.add_parser(
        "export",
        help="pictures (PNG) and printable sheets (PDF) of puzzles; booklets of new puzzles",
        description="Draw a puzzle as a PNG picture, or puzzles on PDF pages; --booklet makes new puzzles to print.",
    )
    p.add_argument("puzzle", nargs="?", help="puzzle text, a file of puzzles, or - for standard input")
    p.add_argument(
        "--variant",
        type=str.lower,
        metavar="NAME",
        help="x, windoku, jigsaw or killer (a 'variant: NAME' line in the text, or an f-puzzles link, says it too)",
    )
    out = p.add_argument_group("output (one of)")
    out.add_argument("--png", metavar="FILE", help="write a picture of one puzzle (- for standard output)")
    out.add_argument(
        "--pdf",
        metavar="FILE",
        help="write a PDF sheet of every puzzle given, or of the booklet (- for standard output)",
    )
    pic = p.add_argument_group("picture")
    pic.add_argument("--solution", action="store_true", help="draw the solution instead of the puzzle")
    pic.add_argument("--candidates", action="store_true", help="draw the candidates (a candidate grid keeps its own)")
    pic.add_argument("--hint", action="store_true", help="draw the next logical step on the candidates")
    pic.add_argument(
        "--scale", type=_positive, default=None, help="1 = 48-pixel cells on 9x9, 2 = twice (default 1.5: 684 pixels)"
    )
    pic.add_argument("--size", type=int, default=None, metavar="PX", help="the board's width in pixels instead")
    pdf = p.add_argument_group("PDF")
    pdf.add_argument("--per-page", type=int, default=1, choices=PAGE_CHOICES, help="puzzles per page (default 1)")
    pdf.add_argument("--with-solutions", action="store_true", help="the solutions on pages after the puzzles")
    pdf.add_argument("--title", default="", help="the title on every page")
    pdf.add_argument("--rate", action="store_true", help="name each 9x9 puzzle's level and rating under its title")
    pdf.add_argument("--page-size", default="a4", choices=("a4", "letter"), help="paper size (default a4)")
    book = p.add_argument_group("booklet")
    book.add_argument("--booklet", action="store_true", help="new puzzles instead of PUZZLE (with --pdf)")
    book.add_argument("--level", default="any", help="easy, medium, hard, unfair, extreme or any (default any)")
    book.add_argument("--count", type=int, default=6, help="how many puzzles (default 6)")
    book.add_argument("--seed", type=int, default=None, help="random seed, for a repeatable booklet")
    book.add_argument(
        "--time-limit",
        type=_positive,
        default=DEFAULT_SECONDS,
        metavar="SECONDS",
        help=f"seconds per puzzle: to make a booklet's, or to solve, rate and draw a given one (default "
        f"{DEFAULT_SECONDS:g})",
    )
    p.set_defaults(func=run_export)


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not (value > 0 and value < float("inf")):
        raise argparse.ArgumentTypeError(f"must be a positive number, not {cli_io.quoted(text)}")
    return value


def _error(message: str) -> int:
    print(cli_io.fit(f"sudoku-tk: {message}", sys.stderr), file=sys.stderr)
    return 2


def _option_problem(ns: argparse.Namespace) -> str | None:
    """Why the options don't go together, or None."""
    if bool(ns.png) == bool(ns.pdf):
        return "export needs one of --png FILE or --pdf FILE"
    if ns.booklet and ns.png:
        return "--booklet makes a PDF: use --pdf FILE"
    if ns.booklet and ns.puzzle:
        return "--booklet makes new puzzles: give no PUZZLE with it"
    if not ns.booklet and not ns.puzzle:
        return "give a PUZZLE (text, a file or -) or --booklet"
    if ns.solution and (ns.candidates or ns.hint):
        return "--solution draws a full grid: it takes no --candidates or --hint"
    if ns.scale is not None and ns.size is not None:
        return "give --scale or --size, not both"
    return None


def _read_grids(source: str, variant: str | None = None) -> list[Grid]:
    from ..engine.formats import parse_collection
    from ..engine.formats.fpuzzles import is_link, read_link
    from ..engine.formats.puzzle_text import is_variant_text
    from ..engine.formats.variants import read_variant_puzzles

    if source == "-" or os.path.exists(source):
        text = cli_io.read_input(source, sys.stdin, cli_io.MAX_INPUT_BYTES)
    else:
        text = source
    if is_link(text):
        text = read_link(text)
    if variant is not None or is_variant_text(text):  # a variant's text form, Killer's cages included
        return [grid for _line, grid in read_variant_puzzles(text, variant)]
    return [grid for _line, grid in parse_collection(text)]


def run_export(ns: argparse.Namespace) -> int:
    """The ``export`` subcommand (see the module docstring for what it writes and its exit codes)."""
    problem = _option_problem(ns)
    if problem:
        return _error(problem)
    if ns.booklet:
        return _booklet(ns)
    try:
        grids = _read_grids(ns.puzzle, ns.variant)
    except PuzzleFormatError as exc:
        return _error(str(exc))
    if not grids:
        return _error("no puzzle found in the input")
    if ns.png:
        if len(grids) > 1:
            return _error(f"--png draws one puzzle; the input holds {len(grids)} (use --pdf for several)")
        return _png(ns, grids[0])
    return _pdf(ns, grids)


def _png(ns: argparse.Namespace, grid: Grid) -> int:
    from ..app.hints.texts import full_highlights
    from ..engine.play.propagation import NO_ASSISTS, Assist, recompute
    from ..engine.techniques import find_hint
    from ..render.board_picture import picture, save_png
    from ..render.content import NoSolutionError, PictureKind
    from ..render.layout import PNG_SCALE
    from ..render.overlays import NO_OVERLAY, Overlay

    scale = PNG_SCALE if ns.scale is None and ns.size is None else ns.scale
    # A candidate grid keeps its own candidates; a plain puzzle shows those its digits leave.
    position = recompute(grid, (), NO_ASSISTS if grid.has_pencilmarks else {Assist.PEERS})
    kind = PictureKind.SOLUTION if ns.solution else PictureKind.POSITION
    overlay = NO_OVERLAY
    try:
        with time_limit(ns.time_limit, "the picture"):
            if ns.hint:
                step = find_hint(grid, None, unique=True)
                if step is None:
                    print("sudoku-tk: no logical step to draw: the picture shows the board alone", file=sys.stderr)
                else:
                    overlay = Overlay(full_highlights(step), step.links, bool(step.chain))
            image = picture(position, kind, overlay, scale=scale, board_px=ns.size, candidates=ns.candidates or ns.hint)
    except NoSolutionError as exc:
        print(cli_io.fit(f"sudoku-tk: {exc}", sys.stderr), file=sys.stderr)
        return 1
    except ValueError as exc:
        return _error(str(exc))
    try:
        if ns.png == "-":  # standard output, as "-" is for input: never a file named "-"
            buffer = io.BytesIO()
            image.save(buffer, format="PNG", optimize=True)
            _write_binary(buffer.getvalue())
        else:
            save_png(image, ns.png)
    except OSError as exc:
        return _error(f"can't write {_shown(ns.png)}: {cli_io.os_error_words(exc)}")
    except ValueError as exc:
        return _error(f"can't write {_shown(ns.png)}: {exc}")
    _report(ns.png, f"wrote {_shown(ns.png)}: {image.width}x{image.height} pixels")
    return 0


def _shown(path: str) -> str:
    return "standard output" if path == "-" else path


def _report(path: str, text: str) -> None:
    """Say what was written: on standard error when the file itself went to standard output."""
    if path == "-":
        print(text, file=sys.stderr)
    else:
        cli_io.stdout().write(text + "\n")


def _write_binary(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.flush()


def _pdf(ns: argparse.Namespace, grids: list[Grid]) -> int:
    from ..engine.rating.score import rate
    from ..engine.solving.brute_force import unique_solution
    from ..engine.solving.logic import solve_logically
    from ..render.booklet import rating_note
    from ..render.sheets import SheetPuzzle

    puzzles = []
    for n, grid in enumerate(grids, start=1):
        note = ""
        solution = None
        with time_limit(ns.time_limit, f"puzzle {n}"):
            if ns.rate and grid.geometry.side == 9:
                note = rating_note(rate(solve_logically(grid.givens_only())))
            if ns.with_solutions:
                solution = unique_solution(grid.givens_only())
        cands = None
        values = None
        if ns.candidates:
            values = grid.values
            cands = tuple(grid.candidate_set(c) for c in range(grid.geometry.ncells))
        title = f"Puzzle {n}" if len(grids) > 1 else (ns.title or "Puzzle")
        puzzles.append(SheetPuzzle(grid.givens_only(), title, note, values=values, candidates=cands, solution=solution))
    return _write_pdf(ns, puzzles)


def _booklet(ns: argparse.Namespace) -> int:
    from ..render.booklet import BookletError, booklet_puzzles

    try:
        puzzles = booklet_puzzles(ns.level, ns.count, seed=ns.seed, time_limit=ns.time_limit)
    except BookletError as exc:
        status = 1 if "found within" in str(exc) else 2
        print(cli_io.fit(f"sudoku-tk: {exc}", sys.stderr), file=sys.stderr)
        return status
    if not ns.title:
        ns.title = f"Sudoku: {len(puzzles)} {ns.level} puzzles" if ns.level != "any" else "Sudoku"
    return _write_pdf(ns, puzzles)


def _write_pdf(ns: argparse.Namespace, puzzles: list) -> int:  # type: ignore[type-arg]
    from ..render.pdf import PAGE_SIZES
    from ..render.sheets import puzzle_sheets

    try:
        doc = puzzle_sheets(
            puzzles,
            per_page=ns.per_page,
            with_solutions=ns.with_solutions,
            title=ns.title or "Sudoku",
            page_size=PAGE_SIZES[ns.page_size],
        )
    except ValueError as exc:
        print(cli_io.fit(f"sudoku-tk: {exc}", sys.stderr), file=sys.stderr)
        return 1
    try:
        if ns.pdf == "-":
            _write_binary(doc.to_bytes(compress=True))
        else:
            Path(ns.pdf).write_bytes(doc.to_bytes(compress=True))
    except OSError as exc:
        return _error(f"can't write {ns.pdf}: {cli_io.os_error_words(exc)}")
    pages = len(doc.pages)
    _report(
        ns.pdf,
        f"wrote {_shown(ns.pdf)}: {pages} page{'s' if pages != 1 else ''}, "
        f"{len(puzzles)} puzzle{'s' if len(puzzles) != 1 else ''}",
    )
    return 0
