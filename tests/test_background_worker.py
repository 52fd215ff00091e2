"""The background worker: its queue, its results and failures, the cache refill, and (once) the real process pool.

Every test but ``test_the_real_pool_rates_in_a_low_priority_process_and_ends_it_on_close`` runs jobs on fake
executors in this process; that one starts the app's own spawned worker process and checks it is gone after
``close``.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

import pytest

from sudoku_tk.app.puzzles.background_worker import (
    MAKE_TIME_LIMIT,
    ORDER_ATTEMPTS,
    REFILL_ATTEMPTS,
    REFILL_TIME_LIMIT,
    BackgroundWorker,
    MakeJob,
    PidJob,
    PuzzleSupply,
    RateJob,
    process_pool,
    run_job,
)
from sudoku_tk.app.puzzles.cache import LEVEL_KEYS, PuzzleCache, PuzzleKey
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.formats.puzzle_text import parse_puzzle
from sudoku_tk.engine.generating.level_search import Generated, generate_at_level
from sudoku_tk.engine.generating.variant_puzzles import generate_variant_at_level
from sudoku_tk.engine.rating.score import Level, Rating, rate_puzzle
from sudoku_tk.engine.steps.step import Technique

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


class SyncExecutor(Executor):
    """Runs each job at once, in this process (``results`` may stand in for a job's result)."""

    def __init__(self, answer: Callable[[Any], Any] | None = None) -> None:
        self.answer = answer
        self.jobs: list[Any] = []
        self.shut = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self.shut:
            raise RuntimeError("cannot schedule new futures after shutdown")
        job = args[0]
        self.jobs.append(job)
        future: Future[Any] = Future()
        try:
            if self.answer is not None and not isinstance(job, PidJob):
                future.set_result((os.getpid(), self.answer(job)))
            else:
                future.set_result(fn(*args, **kwargs))
        except Exception as exc:
            future.set_exception(exc)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.shut = True


class HeldExecutor(SyncExecutor):
    """Leaves every job but the first (the process id) running until ``finish`` is called."""

    def __init__(self) -> None:
        super().__init__()
        self.held: list[tuple[Any, Future[Any]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if isinstance(args[0], PidJob):
            return super().submit(fn, *args)
        self.jobs.append(args[0])
        future: Future[Any] = Future()
        self.held.append((args[0], future))
        return future

    def finish(self, result: Any) -> None:
        job, future = self.held.pop(0)
        future.set_result((os.getpid(), result))


def drain(worker: BackgroundWorker) -> None:
    for _ in range(100):
        if not worker.poll():
            return
    raise AssertionError("the worker never ran out of work")


def test_a_rating_is_delivered_on_poll_with_the_rate_puzzle_answer() -> None:
    executor = SyncExecutor()
    woken: list[bool] = []
    worker = BackgroundWorker(lambda: executor, wake=lambda: woken.append(True))
    got: list[Rating | None] = []
    worker.rate(CLASSIC, got.append)
    assert woken == [True] and worker.busy and got == []  # nothing runs before the window polls
    drain(worker)
    assert got == [rate_puzzle(parse_grid(CLASSIC))]
    assert got[0] is not None and got[0].display() == "Easy · 204 · SE ≈ 1.2"
    assert executor.jobs == [PidJob(), RateJob(CLASSIC)] and worker.pid == os.getpid()
    assert not worker.busy


def test_urgent_jobs_go_before_waiting_refills_in_the_order_they_came() -> None:
    executors: list[HeldExecutor] = []
    worker = BackgroundWorker(lambda: executors.append(HeldExecutor()) or executors[-1])
    done: list[str] = []
    worker.submit(MakeJob("level:easy", "1/0"), lambda r: done.append("easy"))
    worker.poll()  # the process id, then the first refill starts
    worker.poll()
    worker.submit(MakeJob("level:hard", "2/0"), lambda r: done.append("hard"))
    worker.rate(CLASSIC, lambda r: done.append("rate"))
    assert worker.queued() == (MakeJob("level:easy", "1/0"), RateJob(CLASSIC), MakeJob("level:hard", "2/0"))
    worker.submit(MakeJob("practice:X_WING", "3/0"), lambda r: done.append("x-wing"), urgent=True)
    # An ordered puzzle stops the refill running; it runs again after the urgent jobs.
    assert worker.queued() == (
        RateJob(CLASSIC),
        MakeJob("practice:X_WING", "3/0"),
        MakeJob("level:easy", "1/0"),
        MakeJob("level:hard", "2/0"),
    )
    worker.poll()  # a new process (its id first), then the rating
    worker.poll()
    assert len(executors) == 2 and executors[0].shut
    for _ in range(4):
        executors[-1].finish(None)
        worker.poll()
    assert done == ["rate", "x-wing", "easy", "hard"] and not worker.busy


def test_a_failed_job_delivers_none_and_the_next_one_runs_on_a_new_executor() -> None:
    made: list[SyncExecutor] = []

    def answer(job: Any) -> Any:
        if isinstance(job, RateJob) and job.puzzle == "boom":
            raise RuntimeError("the worker broke")
        return "fine"

    def factory() -> Executor:
        made.append(SyncExecutor(answer))
        return made[-1]

    worker = BackgroundWorker(factory)
    got: list[Any] = []
    worker.rate("boom", got.append)
    worker.rate(CLASSIC, got.append)
    drain(worker)
    assert got == [None, "fine"]
    assert worker.failures == ["RuntimeError: the worker broke"] and len(made) == 2


def test_without_an_executor_nothing_is_queued() -> None:
    worker = BackgroundWorker(None)
    worker.rate(CLASSIC, lambda r: None)
    assert not worker.enabled and not worker.busy and worker.poll() is False


def test_close_drops_the_queue_and_shuts_the_executor_down() -> None:
    executor = HeldExecutor()
    worker = BackgroundWorker(lambda: executor)
    got: list[Any] = []
    worker.rate(CLASSIC, got.append)
    worker.rate(CLASSIC, got.append)
    worker.poll()
    worker.poll()
    worker.close()
    assert executor.shut and not worker.busy and worker.poll() is False
    executor.finish("late")
    worker.rate(CLASSIC, got.append)
    assert got == [] and worker.queued() == ()


def canned(job: Any) -> Any:
    """What a fake worker makes: a puzzle for the key, its seed kept."""
    if isinstance(job, MakeJob):
        key = PuzzleKey.parse(job.key)
        rating = Rating(key.level or Level.HARD, 100, True, Technique.X_WING, 4.2)
        return Generated(CLASSIC, rating, job.seed, 1, key.technique)
    return None


def test_refill_makes_the_missing_puzzles_one_job_at_a_time_with_fresh_seeds() -> None:
    executor = SyncExecutor(canned)
    worker = BackgroundWorker(lambda: executor)
    cache = PuzzleCache(None)
    bases = iter(range(100, 200))
    supply = PuzzleSupply(cache, worker, base_seed=lambda: next(bases))
    supply.refill()
    supply.refill()  # one refill job at a time: asking again adds nothing
    assert worker.queued() == (MakeJob("level:easy", "100/0", REFILL_TIME_LIMIT),)
    most = 0
    while worker.poll():
        most = max(most, sum(isinstance(j, MakeJob) for j in worker.queued()))
    assert most == 1
    assert cache.missing() == [] and all(cache.count(k) == 2 for k in LEVEL_KEYS)
    assert [j.key for j in executor.jobs if isinstance(j, MakeJob)] == [k.text for k in LEVEL_KEYS] * 2
    assert [g.seed for g in cache.puzzles(PuzzleKey.at(Level.EASY))] == ["100/0", "105/0"]


def test_taking_a_practice_puzzle_orders_one_and_keeps_one_ready() -> None:
    executor = SyncExecutor(canned)
    worker = BackgroundWorker(lambda: executor)
    cache = PuzzleCache(None, per_level=0)
    supply = PuzzleSupply(cache, worker, base_seed=lambda: 7)
    key = PuzzleKey.practice(Technique.X_WING)
    assert supply.take(key) is None
    ready: list[Generated] = []
    supply.order(key, ready.append)
    # The order first, from the pool first and with the long time limit; the refill after it, in a short job.
    assert worker.queued() == (
        MakeJob("practice:X_WING", "7/0", MAKE_TIME_LIMIT, pool_first=True),
        MakeJob("practice:X_WING", "7/0", REFILL_TIME_LIMIT),
    )
    drain(worker)
    assert [g.technique for g in ready] == [Technique.X_WING]
    assert cache.count(key) == 1  # the refill keeps one ready for next time


def test_an_order_not_found_in_time_is_tried_again_with_a_new_seed() -> None:
    answers = iter([None, "found"])
    executor = SyncExecutor(lambda job: next(answers))
    worker = BackgroundWorker(lambda: executor)
    bases = iter([1, 2])
    supply = PuzzleSupply(PuzzleCache(None, per_level=0), worker, base_seed=lambda: next(bases))
    ready: list[Any] = []
    supply.order(PuzzleKey.at(Level.UNFAIR), ready.append)
    drain(worker)
    assert ready == ["found"]
    assert [j.seed for j in executor.jobs if isinstance(j, MakeJob)] == ["1/0", "2/0"]


def test_an_order_gives_up_after_its_attempts_and_says_so() -> None:
    executor = SyncExecutor(lambda job: None)  # no search ever finds one
    worker = BackgroundWorker(lambda: executor)
    bases = iter(range(1, 100))
    supply = PuzzleSupply(PuzzleCache(None, per_level=0), worker, base_seed=lambda: next(bases))
    ready: list[Any] = []
    failed: list[bool] = []
    supply.order(PuzzleKey.practice(Technique.X_WING), ready.append, lambda: failed.append(True))
    drain(worker)
    assert ready == [] and failed == [True]
    assert [j.seed for j in executor.jobs if isinstance(j, MakeJob)] == [f"{i}/0" for i in range(1, ORDER_ATTEMPTS + 1)]
    assert not worker.busy


def test_a_key_whose_refills_keep_coming_back_empty_is_left_alone_for_the_run() -> None:
    """A refill that never finds a puzzle must not keep the worker busy (an ordered puzzle waits behind it)."""
    executor = SyncExecutor(lambda job: None if job.key == "level:extreme" else canned(job))
    worker = BackgroundWorker(lambda: executor)
    cache = PuzzleCache(None, per_level=1)
    supply = PuzzleSupply(cache, worker, base_seed=lambda: 1)
    supply.refill()
    drain(worker)
    extreme = PuzzleKey.at(Level.EXTREME)
    assert [j.key for j in executor.jobs if isinstance(j, MakeJob)].count(extreme.text) == REFILL_ATTEMPTS
    assert cache.missing() == [extreme] and not worker.busy
    assert all(j.time_limit == REFILL_TIME_LIMIT for j in executor.jobs if isinstance(j, MakeJob))


def test_an_ordered_practice_job_serves_a_pool_puzzle() -> None:
    _, found = run_job(MakeJob("practice:ALS_XZ", "9/0", MAKE_TIME_LIMIT, pool_first=True))
    assert found is not None and found.technique is Technique.ALS_XZ and found.pool_seed is not None


def test_an_order_stops_a_running_refill_and_the_refill_runs_again_after_it() -> None:
    """Issue 22.4: an ordered practice puzzle waited for the refill job running (up to a minute, more when the
    low-priority worker shares a busy machine). The refill is stopped, a new process serves the order, then the
    refill runs again."""
    executors: list[HeldExecutor] = []

    def make() -> HeldExecutor:
        executors.append(HeldExecutor())
        return executors[-1]

    worker = BackgroundWorker(make)
    supply = PuzzleSupply(PuzzleCache(None, per_level=1), worker, base_seed=lambda: 5)
    supply.refill()
    worker.poll()
    worker.poll()  # the process id, then the refill job is running
    first = executors[0]
    assert [j.key for j in first.jobs if isinstance(j, MakeJob)] == ["level:easy"] and worker.busy
    ready: list[Any] = []
    supply.order(PuzzleKey.practice(Technique.ALS_XZ), ready.append)
    assert worker.stopped == 1 and first.shut
    assert [j.key for j in worker.queued()] == ["practice:ALS_XZ", "level:easy"]
    worker.poll()
    worker.poll()  # a new executor (a new process): the order runs first
    second = executors[1]
    assert [j.key for j in second.jobs if isinstance(j, MakeJob)] == ["practice:ALS_XZ"]
    second.finish("made")
    worker.poll()
    assert ready == ["made"] and [j.key for j in second.jobs if isinstance(j, MakeJob)][-1] == "level:easy"


def test_only_an_ordered_puzzle_stops_a_refill_and_never_an_urgent_job() -> None:
    executor = HeldExecutor()
    worker = BackgroundWorker(lambda: executor)
    worker.submit(MakeJob("level:easy", "1/0"), lambda r: None)
    worker.poll()
    worker.poll()
    worker.rate(CLASSIC, lambda r: None)  # a rating waits for the refill (it is short)
    assert worker.stopped == 0 and not executor.shut
    executor.finish(None)
    worker.poll()  # the rating runs now
    worker.submit(MakeJob("practice:X_WING", "3/0"), lambda r: None, urgent=True)
    assert worker.stopped == 0 and not executor.shut  # a running urgent job is never stopped


def test_run_job_makes_the_puzzle_its_seed_names() -> None:
    pid, found = run_job(MakeJob("level:easy", "42/0"))
    assert pid == os.getpid()
    assert found == generate_at_level("42/0", Level.EASY)
    assert found.rating is not None and found.rating.level is Level.EASY
    assert run_job(RateJob(CLASSIC))[1] == rate_puzzle(parse_grid(CLASSIC))


def test_run_job_makes_a_variant_puzzle_at_its_level_in_its_text_form() -> None:
    pid, found = run_job(MakeJob(PuzzleKey.at(Level.HARD, "jigsaw").text, "4/0"))
    assert pid == os.getpid() and found == generate_variant_at_level("4/0", "jigsaw", Level.HARD)
    assert found.puzzle.startswith("variant: jigsaw\n") and found.seed == "4/0"
    grid = parse_puzzle(found.puzzle)
    assert grid.geometry.variant_name == "jigsaw" and rate_puzzle(grid) == found.rating
    assert found.rating.level is Level.HARD


def test_run_job_makes_a_killer_at_its_level_that_the_window_reads_with_its_cages() -> None:
    pid, found = run_job(MakeJob(PuzzleKey.at(Level.UNFAIR, "killer").text, "7/0"))
    assert found is not None and found.puzzle.startswith("variant: killer\n") and found.seed == "7/0"
    grid = parse_puzzle(found.puzzle)
    assert grid.geometry.variant_name == "killer" and sum(grid.geometry.cage_sums) == 405
    assert found.rating.level is Level.UNFAIR and rate_puzzle(grid).level is Level.UNFAIR


def test_a_variant_asked_for_is_refilled_at_every_level_after_the_classic_levels() -> None:
    executor = SyncExecutor(canned)
    worker = BackgroundWorker(lambda: executor)
    cache = PuzzleCache(None, per_level=1)
    supply = PuzzleSupply(cache, worker, base_seed=lambda: 5)
    assert supply.take(PuzzleKey.at(Level.UNFAIR, "x")) is None  # asked for once: Sudoku X is kept ready now
    while worker.poll():
        pass
    made = [j.key for j in executor.jobs if isinstance(j, MakeJob)]
    assert made == [k.text for k in LEVEL_KEYS] + [f"x:level:{lv.label}" for lv in Level]
    assert cache.missing() == [] and cache.count(PuzzleKey.at(Level.EXTREME, "x")) == 1


def test_the_real_pool_rates_in_a_low_priority_process_and_ends_it_on_close() -> None:
    """The one test that starts the app's worker process: a short job, then close mid-way through a long one."""
    worker = BackgroundWorker(process_pool)
    got: list[Rating | None] = []
    worker.rate(CLASSIC, got.append)
    deadline = time.monotonic() + 60
    while worker.poll() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert got == [rate_puzzle(parse_grid(CLASSIC))]
    pid = worker.pid
    assert pid is not None and pid != os.getpid()
    assert pid in [p.pid for p in multiprocessing.active_children()]
    if sys.platform.startswith("linux"):
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, os.getpriority(os.PRIO_PROCESS, 0) + 10)
    worker.submit(MakeJob("level:extreme", "1/0", None), got.append)  # seconds of work: still running at close
    worker.poll()
    assert worker.busy
    worker.close()
    deadline = time.monotonic() + 10
    while pid in [p.pid for p in multiprocessing.active_children()] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pid not in [p.pid for p in multiprocessing.active_children()]
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert len(got) == 1
