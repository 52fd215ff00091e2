"""``python -m sudoku_tk.bench``: timings of the engine on the public puzzle sets (never imports tkinter).

The benchmark is a registry of named sections. ``--only NAME`` runs one (or
several, repeated), ``--list`` names them, ``--quick`` shrinks every sample for a
smoke run. The sections live in the modules named by ``SECTION_MODULES``, each
registering its own with ``@section(name, title)`` (``registry.py``) when it is
imported. ``--gui`` hands over to ``sudoku_tk.bench.gui.main()`` when that module
exists, with the options that follow it. How figures are taken: ``registry.py``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from sudoku_tk import __version__
from sudoku_tk.system import machine_name, system_name

from . import sections  # noqa: F401  (registers recompute and solve, the first sections)
from .registry import SECTIONS, BenchConfig, percentile, section

__all__ = ["SECTIONS", "BenchConfig", "build_parser", "load_plugins", "main", "percentile", "run_gui_bench", "section"]

DEFAULT_PUZZLES = Path(__file__).resolve().parents[3] / "shared" / "data" / "puzzles"
"""Where the public puzzle sets sit next to a checkout (``../shared/data/puzzles``)."""

SECTION_MODULES = ("sections", "chains", "logic", "finders", "saving")
"""The modules of this package that register sections, imported in this order (it is the order they run in)."""


# -- discovery and the command line -----------------------------------------------------------------
def load_plugins() -> list[str]:
    """Import every module of ``SECTION_MODULES`` so it registers its sections; return their names.

    The sections then stand in the order of ``SECTION_MODULES``, whichever module was imported first.
    """
    modules = [f"{__package__}.{name}" for name in SECTION_MODULES]
    for module in modules:
        importlib.import_module(module)
    rank = {module: i for i, module in enumerate(modules)}
    ordered = sorted(SECTIONS.values(), key=lambda s: rank.get(s.run.__module__, len(rank)))  # stable
    SECTIONS.clear()
    SECTIONS.update((s.name, s) for s in ordered)
    return list(SECTION_MODULES)


def run_gui_bench(argv: Sequence[str] = ()) -> int:
    """Hand over to ``sudoku_tk.bench.gui.main(argv)`` when it exists; say so plainly when it does not."""
    name = f"{__package__}.gui"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the GUI bench exists but something it needs does not: show that
        print("GUI benchmark: not available (sudoku_tk/bench/gui.py does not exist in this build)")
        return 1
    return int(module.main(list(argv)) or 0)


def build_parser() -> argparse.ArgumentParser:
    """The benchmark's options; those after ``--gui`` are left for the GUI benchmark."""
    parser = argparse.ArgumentParser(prog="python -m sudoku_tk.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", metavar="NAME", help="run this section only (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the sections and exit")
    parser.add_argument("--quick", action="store_true", help="small samples: a smoke run, not a measurement")
    parser.add_argument(
        "--gui", action="store_true", help="run the GUI benchmark instead (sudoku_tk.bench.gui; its options follow)"
    )
    parser.add_argument("--seed", type=int, default=1, help="random seed for sampled games (default 1)")
    parser.add_argument(
        "--puzzles",
        type=Path,
        default=Path(os.environ.get("SUDOKU_TK_PUZZLES", DEFAULT_PUZZLES)),
        help="folder of the public puzzle sets (default: ../shared/data/puzzles)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen sections (all by default) and print their figures; 2 on a bad request."""
    parser = build_parser()
    ns, rest = parser.parse_known_args(argv)
    if ns.gui:
        return run_gui_bench(rest)  # the GUI bench reads its own options (e.g. --clicks)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    load_plugins()
    if ns.list:
        for s in SECTIONS.values():
            print(f"{s.name:<12} {s.title}")
        return 0
    names = ns.only or list(SECTIONS)
    unknown = [n for n in names if n not in SECTIONS]
    if unknown:
        print(f"bench: no section named {unknown[0]!r}; sections: {', '.join(SECTIONS)}", file=sys.stderr)
        return 2
    if not ns.puzzles.is_dir():
        print(f"bench: puzzle sets not found in {str(ns.puzzles)!r} (use --puzzles DIR)", file=sys.stderr)
        return 2
    cfg = BenchConfig(ns.puzzles, ns.quick, ns.seed)
    print(
        f"sudoku_tk {__version__} benchmark: Python {platform.python_version()} on {system_name()} "
        f"{machine_name()}, {os.cpu_count()} CPUs{' (quick run: small samples)' if cfg.quick else ''}"
    )
    if hasattr(os, "getloadavg"):
        load, cpus = os.getloadavg()[0], os.cpu_count() or 1
        busy = " (more than the CPUs: wall times include waiting for a core)" if load > cpus else ""
        print(f"load average at start: {load:.2f}{busy}")
    started = time.perf_counter()
    for name in names:
        s = SECTIONS[name]
        print(f"\n== {s.name}: {s.title}")
        t0 = time.perf_counter()
        s.run(cfg)
        print(f"  ({time.perf_counter() - t0:.1f} s)")
    print(f"\ntotal {time.perf_counter() - started:.1f} s")
    return 0
