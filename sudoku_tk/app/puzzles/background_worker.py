"""Work the window must never wait for, in another process: rating a game's puzzle, making generated puzzles (the
classic's and the variants', engine/generating/variant_puzzles.py).

``BackgroundWorker`` runs one job at a time on an executor (the app's is ``process_pool()``:
one spawned process at low priority, so neither the GIL nor the CPU stalls the window, and
spawn rather than fork because the window's process holds a Tk/X connection). Jobs are
queued: ratings and puzzles a player is waiting for first, refills after; a refill job
running when a player orders a puzzle is stopped (its process ended, a new one started)
and queued again behind the order. Nothing here
waits: the window calls ``poll()`` on a timer while ``busy`` (``wake`` tells it when work
arrives); ``poll`` hands a finished job's result to its callback on the caller's thread and
starts the next job. ``close()`` drops the queue and ends the process, even mid-job.

``PuzzleSupply`` keeps the generated-puzzle cache (app/puzzles/cache.py) full, one puzzle at a
time in short jobs (an ordered puzzle waits for the running job), and makes a puzzle at once
when a player asks for one the cache lacks (a practice puzzle from the practice pool first). Seeds come
from ``random.SystemRandom``; a puzzle's seed is ``puzzle_seed(base, 0)``, so
``sudoku-tk generate --seed <base>`` gives it again.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import random
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from sudoku_tk.app.puzzles.cache import PuzzleCache, PuzzleKey
from sudoku_tk.engine.board.geometry import CLASSIC
from sudoku_tk.engine.formats.puzzle_text import parse_puzzle
from sudoku_tk.engine.generating.level_search import (
    Generated,
    generate_at_level,
    generate_practice,
    pool_practice,
    puzzle_seed,
)
from sudoku_tk.engine.generating.variant_puzzles import generate_variant_at_level
from sudoku_tk.engine.rating.score import Rating, rate_puzzle

MAKE_TIME_LIMIT = 60.0
"""Seconds one job for an ordered puzzle (one a player waits for) searches; when they run out, another seed is
tried in a new job."""
REFILL_TIME_LIMIT = 8.0
"""Seconds one refill job searches. The worker runs one job at a time, so an ordered puzzle waits for the refill
job that is running: this bounds that wait (a refill not found in time is tried again with another seed)."""
REFILL_ATTEMPTS = 3
"""How many refill jobs in a row may come back empty for one key before this run stops refilling that key (a
technique the generator meets too seldom must not keep the worker busy for ever)."""
ORDER_ATTEMPTS = 3
"""How many jobs (each up to MAKE_TIME_LIMIT seconds, each a new seed) an ordered puzzle gets before the search
gives up and says so."""
NICENESS = 10
"""How much lower the worker process's priority is (where ``os.nice`` exists)."""


# -- jobs: plain values, run by run_job in the worker process ---------------------------------


@dataclass(frozen=True, slots=True)
class PidJob:
    """Ask the worker process for its id (so ``close`` can end it mid-job)."""


@dataclass(frozen=True, slots=True)
class RateJob:
    """Rate a 9×9 puzzle (its one-line text)."""

    puzzle: str


@dataclass(frozen=True, slots=True)
class MakeJob:
    """Make a puzzle for ``key`` (its ``PuzzleKey.text``) from ``seed``, within ``time_limit`` seconds.

    ``pool_first``: a practice puzzle is taken from the practice pool first (an isomorph, checked: well under a
    second), random puzzles only when the pool has none that serves; for a puzzle a player is waiting for.
    """

    key: str
    seed: str
    time_limit: float | None = MAKE_TIME_LIMIT
    pool_first: bool = False


@dataclass(frozen=True, slots=True)
class PathJob:
    """The techniques a 9×9 puzzle's default logic path needs (``progress.path_techniques``), for its record."""

    puzzle: str


Job = PidJob | RateJob | MakeJob | PathJob


def run_job(job: Job) -> tuple[int, Any]:
    """Run ``job`` (in the worker process): ``(process id, result)``; the result is None when nothing was found."""
    result: Any = None
    if isinstance(job, RateJob):
        result = rate_puzzle(parse_puzzle(job.puzzle))
    elif isinstance(job, PathJob):
        from sudoku_tk.app.progress.summaries import (
            path_techniques,  # the history's modules: only a process that needs them
        )

        result = path_techniques(job.puzzle)
    elif isinstance(job, MakeJob):
        key = PuzzleKey.parse(job.key)
        if key.technique is not None:
            if job.pool_first:
                result = pool_practice(job.seed, key.technique)
            if result is None:
                result = generate_practice(job.seed, key.technique, time_limit=job.time_limit)
        elif key.level is not None and key.variant != CLASSIC:
            result = generate_variant_at_level(job.seed, key.variant, key.level, time_limit=job.time_limit)
        elif key.level is not None:
            result = generate_at_level(job.seed, key.level, time_limit=job.time_limit)
    return os.getpid(), result


def worker_init() -> None:
    """The worker process's initializer: run at a lower priority than the window, and end with the window's process
    (one killed outright leaves no worker behind)."""
    if hasattr(os, "nice"):
        try:
            os.nice(NICENESS)
        except OSError:
            pass
    parent = multiprocessing.parent_process()
    if parent is not None and parent.sentinel is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True).start()


def _exit_with(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


def process_pool() -> Executor:
    """The app's executor: one spawned worker process at low priority."""
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=worker_init)


ExecutorFactory = Callable[[], Executor]


@dataclass
class _Queued:
    job: Job
    deliver: Callable[[Any], None]
    urgent: bool = False


class BackgroundWorker:
    """One job at a time on an executor made on first use by ``factory`` (None: jobs are queued, never run)."""

    def __init__(self, factory: ExecutorFactory | None, wake: Callable[[], None] = lambda: None) -> None:
        self._factory = factory
        self.wake = wake
        """Called whenever work is queued: the window starts polling."""
        self._executor: Executor | None = None
        self._queue: list[_Queued] = []
        self._running: tuple[Future[tuple[int, Any]], _Queued] | None = None
        self.pid: int | None = None
        """The worker process's id once known (None before the first job, or without a process)."""
        self.closed = False
        self.failures: list[str] = []
        """Why jobs failed (an exception in the worker), newest last."""
        self.stopped = 0
        """How many refill jobs were stopped half-way for an urgent job."""

    @property
    def enabled(self) -> bool:
        """Will queued jobs ever run?"""
        return self._factory is not None and not self.closed

    @property
    def busy(self) -> bool:
        """Is a job running or waiting?"""
        return self._running is not None or bool(self._queue)

    def queued(self) -> tuple[Job, ...]:
        """The jobs running and waiting, the running one first."""
        running = (self._running[1].job,) if self._running else ()
        return running + tuple(q.job for q in self._queue)

    def submit(self, job: Job, deliver: Callable[[Any], None], *, urgent: bool = False) -> None:
        """Queue ``job``; ``deliver(result)`` runs in a later ``poll`` (urgent jobs go before the others waiting).

        A puzzle a player waits for (an urgent MakeJob) never waits for a puzzle being made for the cache: that
        job is stopped (its process ended) and queued again, to run after the urgent ones.
        """
        if not self.enabled:
            return
        item = _Queued(job, deliver, urgent)
        # Urgent jobs wait at the front of the queue, in the order they came.
        at = sum(1 for q in self._queue if q.urgent) if urgent else len(self._queue)
        self._queue.insert(at, item)
        running = self._running
        # An order stops a refill that is running (not another order), so it is served at once.
        refilling = running is not None and not running[1].urgent and isinstance(running[1].job, MakeJob)
        if urgent and isinstance(job, MakeJob) and refilling:
            self._stop_running()
        self.wake()

    def _stop_running(self) -> None:
        """End the process in the middle of its (non-urgent) job and queue that job again after the urgent ones."""
        assert self._running is not None
        _future, item = self._running
        self._running = None
        self._end_process()
        self.stopped += 1
        self._queue.insert(sum(1 for q in self._queue if q.urgent), item)

    def rate(self, puzzle: str, deliver: Callable[[Rating | None], None]) -> None:
        """Rate a 9×9 puzzle (before any refill)."""
        self.submit(RateJob(puzzle), deliver, urgent=True)

    def poll(self) -> bool:
        """Deliver a finished job's result and start the next job; whether work remains."""
        if self.closed:
            return False
        if self._running is not None and self._running[0].done():
            future, item = self._running
            self._running = None
            result: Any = None
            try:
                self.pid, result = future.result()
            except Exception as exc:  # the job failed or the process died: its caller gets None
                self.failures.append(f"{type(exc).__name__}: {exc}")
                self._executor = None  # a broken pool is made again for the next job
            item.deliver(result)
        if self._running is None and self._queue and not self.closed:
            self._start(self._queue.pop(0))
        return self.busy

    def _start(self, item: _Queued) -> None:
        if self._executor is None:
            assert self._factory is not None
            self._executor = self._factory()
            if self.pid is None:
                self._queue.insert(0, item)
                item = _Queued(PidJob(), lambda _result: None)
        try:
            self._running = (self._executor.submit(run_job, item.job), item)
        except RuntimeError as exc:  # the executor was shut down or broke between jobs
            self.failures.append(f"{type(exc).__name__}: {exc}")
            self._executor = None
            self._queue.insert(0, item)

    def close(self) -> None:
        """Drop the queue and end the worker process now, even in the middle of a job."""
        self.closed = True
        self._queue.clear()
        running, self._running = self._running, None
        if running is not None and running[0].done():
            running = None
        if running is not None or self._executor is not None:
            self._end_process(busy=running is not None)

    def _end_process(self, busy: bool = True) -> None:
        """Shut the executor down; when its process is ``busy`` with a job, end the process too. A new one is made
        for the next job."""
        executor, self._executor = self._executor, None
        pid, self.pid = self.pid, None
        if executor is None:
            return
        executor.shutdown(wait=False, cancel_futures=True)
        if busy and pid is not None and pid != os.getpid():
            try:
                os.kill(pid, signal.SIGTERM)
            except OSError:
                pass  # it ended by itself meanwhile


def new_base_seed() -> int:
    """A fresh base seed from the system's randomness."""
    return random.SystemRandom().randrange(1 << 62)


class PuzzleSupply:
    """The generated puzzles a New game takes: from the cache at once, made in the background otherwise."""

    def __init__(
        self,
        cache: PuzzleCache,
        worker: BackgroundWorker,
        *,
        base_seed: Callable[[], int] = new_base_seed,
        time_limit: float | None = MAKE_TIME_LIMIT,
        refill_time_limit: float | None = REFILL_TIME_LIMIT,
    ) -> None:
        self.cache = cache
        self.worker = worker
        self._base_seed = base_seed
        self.time_limit = time_limit
        """Seconds one job for an ordered puzzle searches (None: until found)."""
        self.refill_time_limit = refill_time_limit
        """Seconds one refill job searches (None: until found)."""
        self._refilling = False
        self._empty: dict[PuzzleKey, int] = {}
        """Refill jobs in a row that came back empty, per key (REFILL_ATTEMPTS of them: the key is left alone)."""

    def take(self, key: PuzzleKey) -> Generated | None:
        """A puzzle for ``key`` from the cache (None when it has none); the cache is then topped up."""
        puzzle = self.cache.take(key)
        self.refill()
        return puzzle

    def order(
        self,
        key: PuzzleKey,
        ready: Callable[[Generated], None],
        failed: Callable[[], None] = lambda: None,
        attempts: int = ORDER_ATTEMPTS,
    ) -> None:
        """Make a puzzle for ``key`` before any refill; ``ready(puzzle)`` once it is made. A job that finds none
        is followed by another with a new seed, up to ``attempts`` jobs; then ``failed()``. A practice puzzle
        comes from the practice pool first (``MakeJob.pool_first``), so it is ready in seconds."""

        def made(puzzle: Generated | None) -> None:
            if puzzle is not None:
                ready(puzzle)
            elif attempts > 1 and not self.worker.closed:
                self.order(key, ready, failed, attempts - 1)
            else:
                failed()

        job = self._job(key, self.time_limit, pool_first=True)
        self.worker.submit(job, made, urgent=True)

    def refill(self) -> None:
        """Queue the next missing puzzle, unless one is being made already (one refill job at a time).

        Each refill job searches for at most ``refill_time_limit`` seconds; a key whose refill jobs come back
        empty REFILL_ATTEMPTS times in a row is not refilled again in this run.
        """
        if self._refilling or not self.worker.enabled:
            return
        missing = [k for k in self.cache.missing() if self._empty.get(k, 0) < REFILL_ATTEMPTS]
        if not missing:
            return
        key = missing[0]
        self._refilling = True

        def made(puzzle: Generated | None) -> None:
            self._refilling = False
            if puzzle is not None:
                self._empty.pop(key, None)
                self.cache.put(key, puzzle)
            else:
                self._empty[key] = self._empty.get(key, 0) + 1
            if not self.worker.closed:
                self.refill()

        self.worker.submit(self._job(key, self.refill_time_limit), made)

    def _job(self, key: PuzzleKey, time_limit: float | None, pool_first: bool = False) -> MakeJob:
        return MakeJob(
            key.text, puzzle_seed(self._base_seed(), 0), time_limit, pool_first and key.technique is not None
        )


__all__ = [
    "BackgroundWorker",
    "ORDER_ATTEMPTS",
    "REFILL_ATTEMPTS",
    "REFILL_TIME_LIMIT",
    "Job",
    "MakeJob",
    "PidJob",
    "PuzzleSupply",
    "RateJob",
    "worker_init",
    "new_base_seed",
    "process_pool",
    "run_job",
]
