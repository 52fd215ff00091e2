"""Many generated puzzles at once, on every core: the i-th puzzle has its own seed, so a batch is the same
whatever the number of processes.

``generate_batch(request, base_seed, count, jobs)`` yields ``(seed, Generated or None)`` in order; each puzzle
is ``generate_one(request, puzzle_seed(base_seed, i))``, run in this process for ``jobs == 1`` and in a pool of
worker processes otherwise (results still come back in order, as soon as the next one is ready). A batch
streams: seeds are made as they are needed and at most ``AHEAD_PER_JOB`` puzzles per process are asked for
ahead of the one the caller waits for, so memory stays bounded and the first puzzle comes out at once
whatever ``count`` is (a billion included).
"""

from __future__ import annotations

import os
import random
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass

from ..rating.score import Level, rate
from ..solving.logic import solve_logically
from ..steps.step import Technique
from .generator import Symmetry, generate
from .level_search import Generated, generate_at_level, generate_practice, puzzle_seed

AHEAD_PER_JOB = 2
"""Puzzles asked of the pool per worker process beyond the one being handed out: every process stays busy,
and a batch holds at most ``jobs × AHEAD_PER_JOB`` pending puzzles whatever its count."""


@dataclass(frozen=True, slots=True)
class Request:
    """What to generate: a level, a practice technique, or (neither) any unique puzzle of the board size."""

    level: Level | None = None
    technique: Technique | None = None
    symmetry: Symmetry | None = None
    """None: the default of the kind asked for (level_search.DEFAULT_LEVEL_SYMMETRY / _PRACTICE_SYMMETRY)."""
    time_limit: float | None = None
    """Seconds per puzzle (None: no limit)."""
    box: int = 3
    rated: bool = False
    """Rate a puzzle of any level too (9×9 only; level and practice puzzles always carry their rating)."""


def generate_one(request: Request, seed: str) -> Generated | None:
    """The puzzle ``request`` asks for, from ``seed``; None when its time ran out.

    Raises:
        ValueError: a level or technique on a board other than 9×9, a technique without practice puzzles.
    """
    if request.technique is not None:
        sym = {} if request.symmetry is None else {"symmetry": request.symmetry}
        return generate_practice(seed, request.technique, time_limit=request.time_limit, box=request.box, **sym)
    if request.level is not None:
        sym = {} if request.symmetry is None else {"symmetry": request.symmetry}
        return generate_at_level(seed, request.level, time_limit=request.time_limit, box=request.box, **sym)
    grid = generate(random.Random(seed), request.box, request.symmetry or Symmetry.ROTATIONAL)
    rating = rate(solve_logically(grid, unique=True)) if request.rated and request.box == 3 else None
    return Generated(grid.to_string(), rating, seed, 1)


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def generate_batch(
    request: Request, base_seed: int | str, count: int, jobs: int | None = None
) -> Iterator[tuple[str, Generated | None]]:
    """Yield ``(seed, puzzle or None)`` for the ``count`` puzzles of a batch, in order, as each is made.

    Args:
        jobs: worker processes (None: every core); 1 works in this process.
    """
    seeds = (puzzle_seed(base_seed, i) for i in range(count))
    jobs = default_jobs() if jobs is None else jobs
    if jobs <= 1 or count <= 1:
        for seed in seeds:
            yield seed, generate_one(request, seed)
        return
    pool = ProcessPoolExecutor(max_workers=min(jobs, count))
    pending: deque[tuple[str, Future[Generated | None]]] = deque()
    try:
        for seed in seeds:
            pending.append((seed, pool.submit(generate_one, request, seed)))
            if len(pending) > jobs * AHEAD_PER_JOB:
                seed, future = pending.popleft()
                yield seed, future.result()
        while pending:
            seed, future = pending.popleft()
            yield seed, future.result()
    finally:
        # Also when the caller stops early (output that can't be written): drop the puzzles not started.
        pool.shutdown(wait=False, cancel_futures=True)


__all__ = ["Request", "default_jobs", "generate_batch", "generate_one"]
