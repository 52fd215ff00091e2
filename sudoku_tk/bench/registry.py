"""The benchmark's shared parts: the section registry, what every section is given, and how figures are taken.

This module owns ``BenchConfig`` (where the puzzle sets are, sample sizes, the seed),
the registry of named sections (``@section(name, title)`` fills ``SECTIONS`` in
registration order) and the small helpers every section uses to time a call and
print a figure against its target. Figures are wall-clock per call
(``time.perf_counter``), garbage collector on, as in the app, and where it matters
also this thread's CPU time: on a shared machine the wall-clock tail includes
waiting for a core, the CPU time does not.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from sudoku_tk.engine.board.grid import Grid

X = TypeVar("X")


@dataclass(frozen=True)
class BenchConfig:
    """What every section gets: where the puzzle sets are, how big the samples are, the random seed."""

    puzzles: Path
    quick: bool = False
    seed: int = 1

    def sample(self, full: int, quick: int) -> int:
        """The sample size to use: ``full`` normally, ``quick`` in a smoke run."""
        return quick if self.quick else full

    def read(self, name: str) -> list[str]:
        """The puzzle lines of one set (comments and blank lines dropped)."""
        path = self.puzzles / name
        with open(path, encoding="utf-8") as fh:
            return [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]


@dataclass(frozen=True)
class Section:
    """One named part of the benchmark: ``run(config)`` prints its own labelled figures."""

    name: str
    title: str
    run: Callable[[BenchConfig], None] = field(compare=False)


SECTIONS: dict[str, Section] = {}
"""Every registered section by name, in registration order."""


def section(name: str, title: str) -> Callable[[Callable[[BenchConfig], None]], Callable[[BenchConfig], None]]:
    """Register ``fn(config)`` as the section ``name``; the title heads its output.

    Raises:
        ValueError: the name is taken already.
    """

    def register(fn: Callable[[BenchConfig], None]) -> Callable[[BenchConfig], None]:
        if name in SECTIONS:
            raise ValueError(f"benchmark section {name!r} is registered twice")
        SECTIONS[name] = Section(name, title, fn)
        return fn

    return register


# -- figures ---------------------------------------------------------------------------------------
def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of an ascending list.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 50), percentile([1.0, 2.0, 3.0, 4.0], 99)
    (2.0, 4.0)
    """
    if not sorted_values:
        raise ValueError("no values to take a percentile of")
    rank = max(1, math.ceil(q / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def ms(seconds: float) -> str:
    """Seconds as milliseconds with three significant-ish digits: ``0.82 ms``, ``12.4 ms``, ``153 ms``."""
    v = seconds * 1000
    if v < 10:
        return f"{v:.2f} ms"
    if v < 100:
        return f"{v:.1f} ms"
    return f"{v:.0f} ms"


def verdict(value: float, limit: float) -> str:
    """``OK`` when ``value`` is within ``limit``, else ``MISSED``."""
    return "OK" if value <= limit else "MISSED"


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    """Run ``fn`` once; return (wall seconds, result)."""
    t0 = time.perf_counter()
    result = fn()
    return time.perf_counter() - t0, result


def timed_both(fn: Callable[[], object]) -> tuple[float, float, object]:
    """Run ``fn`` once; return (wall seconds, this thread's CPU seconds, result).

    Wall time is what a player waits; CPU time leaves out the moments the
    operating system gave the core to another process, so on a busy machine it
    shows what the code itself costs.
    """
    c0 = time.thread_time()
    t0 = time.perf_counter()
    result = fn()
    t1 = time.perf_counter()
    return t1 - t0, time.thread_time() - c0, result


def grid_of(line: str) -> Grid:
    """A grid from an 81-character line, without going through the format reader (not what is timed)."""
    return Grid.from_values([0 if ch in ".0" else int(ch) for ch in line[:81]])


def even_sample(items: Sequence[X], count: int) -> list[X]:
    """``count`` items at an even stride (all of them when there are fewer)."""
    if count >= len(items):
        return list(items)
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]
