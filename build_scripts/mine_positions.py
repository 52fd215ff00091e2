"""Mine practice positions (engine/generating/practice_positions.py) from real solving paths.

    nice -n 10 .venv/bin/python build_scripts/mine_positions.py [--minutes 60] [--cap 6]

Sources, in this order, each reproducible:

1. ``pool``: the puzzles of the practice pool (``data/practice/pool.txt``: this project's generator, seeds
   ``pool/i``), taken round-robin over the techniques so that rare ones come early;
2. ``gen``: fresh generator puzzles, ``generator.generate(random.Random("pos/i"), 3, Symmetry.NONE)``;
3. ``se``: the Sudoku Exchange puzzle bank (public domain, ../shared/data/puzzles/sudoku_exchange_se_rated.tsv),
   hardest first, for the forcing nets;
4. ``norvig``: Peter Norvig's "hardest" and "top95" sets (MIT License, ../shared/data/puzzles/), for the nested
   forcing net and what only the hardest puzzles reach;
5. ``hardpool``: the pool puzzles whose default path takes a chain, an ALS, a Franken fish or a last resort
   (``HARD_FROM`` on), hardest technique first: the generator's hardest puzzles, for ``--deep``.
The other public sets there state no licence, so they are not used; HoDoKu's regression library (GPL-3.0) is a
test oracle only and must not be copied into the project, so no position starts from one of its boards.

Each puzzle's default solving path is walked step by step. Before each step S:

- S's own technique gets a position (the puzzle and the non-single steps so far);
- a technique off by default that comes before S in the solving order gets one when its finder finds a step
  there (with it switched on, it is the first step);
- a technique on the ``--guided`` list whose finder finds a step there, but behind an easier step, gets one when a
  path of easier steps keeps it alive until it is first: among the steps of the first technique that applies, the
  first that leaves the target's pattern in place is taken (a real solving path, the player doing the easier
  steps first);
- a technique of ``practice_positions.SWITCHED_OFF`` (never first in the default order, see there) whose finder
  finds a step there (Brute Force: where the next step is a forcing chain or net) gets one with a technique set:
  the technique of the first step is switched off until the target is first (at most ``--switch-off`` of them,
  all before the target in the solving order), then each is switched back on when the target stays first
  without it (on the board and on two isomorphs), so the set is as small as this search makes it.

``--deep T,...`` mines only those techniques (the rare ones: a Simple Colors Wrap, the Franken and Mutant
Jellyfish, the Mutant Swordfish), harder: on each board of a path where T's finder finds a step (at most
``DEEP_PER_PUZZLE`` boards per puzzle), a guided path follows (the easiest step that leaves a T step on the board,
in solving order, up to ``DEEP_STEPS`` steps), and on every board of it the techniques that come first are
switched off (up to ``--switch-off``) and switched back on where not needed; the ``--cap`` positions with the
fewest techniques switched off are kept (``switch_cost``: a basic one, Locked Candidates or a basic fish, counts
``BASIC_WEIGHT`` times). Its sources are counted apart (``deep-<source>``), so a deep run
walks the puzzles the plain runs walked too.

Every position is checked as it will be served (``practice_positions.served`` with the identity) before it is
kept. The file is rewritten (atomically) every minute and at the end, with ``# searched`` counts per source.
One process; run it at low priority.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from sudoku_tk.engine.formats import parse_grid

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_tk.engine.board.grid import Grid  # noqa: E402
from sudoku_tk.engine.generating.generator import Symmetry, generate  # noqa: E402
from sudoku_tk.engine.generating.isomorph import identity, random_isomorph  # noqa: E402
from sudoku_tk.engine.generating.practice_pool import load_pool  # noqa: E402
from sudoku_tk.engine.generating.practice_positions import (  # noqa: E402
    SINGLES,
    SWITCHED_OFF,
    Position,
    PositionMove,
    Positions,
    format_positions,
    parse_positions,
    practice_position_techniques,
    served,
    step_moves,
)
from sudoku_tk.engine.solving.logic import apply_step  # noqa: E402
from sudoku_tk.engine.solving.technique_sets import parse_selection  # noqa: E402
from sudoku_tk.engine.solving.technique_table import DEFAULT_OFF, ORDER  # noqa: E402
from sudoku_tk.engine.steps.step import Step, Technique  # noqa: E402
from sudoku_tk.engine.techniques import default_techniques, find_hint, finder_for, iter_steps  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "sudoku_tk" / "data" / "practice" / "positions.txt"
PUBLIC = ROOT.parent.parent / "shared" / "data" / "puzzles"
SE_SET = PUBLIC / "sudoku_exchange_se_rated.tsv"
NORVIG_SETS = ("hardest.txt", "top95.txt")
"""Peter Norvig's sets (norvig/pytudes, MIT License, Copyright (c) 2010-2017 Peter Norvig)."""
HEADER = [
    "Practice positions of sudoku_tk (engine/generating/practice_positions.py describes the format),",
    "mined by build_scripts/mine_positions.py from real solving paths of: the practice pool (this project's",
    "generator, seeds pool/i), fresh generator puzzles (seeds pos/i), and the Sudoku Exchange puzzle bank",
    "(public domain: 'dedicated to the public domain', source se/<line>), and Peter Norvig's 'hardest' and",
    "'top95' sets (norvig/pytudes, MIT License, Copyright (c) 2010-2017 Peter Norvig; source norvig-<set>/<line>).",
    "A fifth field is the position's technique set (practice_positions.SWITCHED_OFF says why).",
    "The positions are under the project's licence (MIT); those from Norvig's sets also under his (NORVIG-LICENSE.txt).",
    "",
]
GUIDED = (
    Technique.SIMPLE_COLORS_WRAP,
    Technique.MULTI_COLORS_2,
    Technique.FRANKEN_X_WING,
    Technique.FRANKEN_SWORDFISH,
    Technique.FINNED_FRANKEN_X_WING,
    Technique.FRANKEN_JELLYFISH,
    Technique.FINNED_MUTANT_X_WING,
    Technique.MUTANT_JELLYFISH,
)
"""Targets a path of easier steps may lead to (their finders are cheap enough to ask after every easier step)."""
GUIDE_STEPS = 40
GUIDE_CHOICES = 24
SLOW = {
    Technique.FORCING_CHAIN_CONTRADICTION,
    Technique.FORCING_CHAIN_VERITY,
    Technique.FORCING_NET_CONTRADICTION,
    Technique.FORCING_NET_VERITY,
    Technique.NESTED_FORCING_NET,
    Technique.BRUTE_FORCE,
    Technique.TEMPLATE_SET,
    Technique.TEMPLATE_DEL,
}
"""Never asked for on their own at every step (the default path reaches them, or nothing will)."""

DEEP_STEPS = 30
"""Guided steps a deep search takes from one board."""
DEEP_CHOICES = 40
"""Steps of one technique a deep search tries for one that keeps the target."""
DEEP_PER_PUZZLE = 2
"""Boards of one puzzle's path a deep search starts from, per target."""
DEEP_SLACK = 4
"""How many more techniques than the kept positions' worst a board's first list may switch off."""
HARD_FROM = Technique.X_CHAIN
"""``hardpool``: the pool puzzles of this technique and those after it in the solving order."""

DEFAULT = frozenset(default_techniques())
RANK = {t: i for i, t in enumerate(ORDER)}


LAST_RESORTS = frozenset(
    {
        Technique.FORCING_CHAIN_CONTRADICTION,
        Technique.FORCING_CHAIN_VERITY,
        Technique.FORCING_NET_CONTRADICTION,
        Technique.FORCING_NET_VERITY,
        Technique.NESTED_FORCING_NET,
    }
)


def _option(t: Technique) -> str:
    return t.name.lower().replace("_", "-")


def switch_spec(target: Technique, off: list[Technique]) -> str:
    """The technique set (``--techniques`` list) of a position for ``target`` with ``off`` switched off."""
    return ",".join([f"-{_option(t)}" for t in off] + [f"+{_option(target)}"]) if off else ""


BASIC = frozenset(
    {
        Technique.LOCKED_PAIR,
        Technique.LOCKED_TRIPLE,
        Technique.LOCKED_CANDIDATES_1,
        Technique.LOCKED_CANDIDATES_2,
        Technique.X_WING,
        Technique.SWORDFISH,
        Technique.JELLYFISH,
    }
)
"""The first patterns a player learns: a position that switches one off counts it as ``BASIC_WEIGHT``."""
BASIC_WEIGHT = 5


def switched_off(techniques: str) -> list[Technique]:
    """The techniques a technique set (a ``--techniques`` list) switches off."""
    return [Technique[item[1:].upper().replace("-", "_")] for item in techniques.split(",") if item.startswith("-")]


def switch_cost(off: list[Technique]) -> int:
    """How much a technique set switching off ``off`` costs the deep search: one per technique, more for the
    basic ones (a Mutant Jellyfish shown with the Jellyfish switched off teaches little a Jellyfish does not)."""
    return sum(BASIC_WEIGHT if t in BASIC else 1 for t in off)


class Miner:
    def __init__(
        self,
        positions: Positions,
        cap: int,
        deadline: float,
        budget: float = 1e9,
        walk_limit: float = 1e9,
        switch_off: int = 8,
    ) -> None:
        self.switch_off = switch_off
        self.positions = positions
        self.walk_limit = walk_limit
        self.cap = cap
        self.budget = budget
        self.deadline = deadline
        self.finder_time: dict[Technique, float] = {}
        self.boards = 0
        """Boards (before a non-single step of a path) looked at."""
        self.deep_kept: dict[Technique, list[tuple[int, int, Position]]] = {}
        """Per deep target, the positions kept: (``switch_cost``, order found, position)."""

    def short(self, t: Technique) -> bool:
        return len(self.positions.of(t)) < self.cap

    def keep(self, t: Technique, givens: str, moves: list[PositionMove], source: str, techniques: str = "") -> bool:
        position = Position(t, givens, tuple(moves), source, techniques)
        if any(p.givens == givens for p in self.positions.of(t)):
            return False
        if served(position, identity()) is None:
            return False
        self.positions.add(position)
        print(f"  + {t.display_name} from {source} ({len(self.positions.of(t))}) {techniques}", flush=True)
        return True

    def finds(self, t: Technique, grid: Grid) -> bool:
        """Whether ``t``'s finder finds a step on ``grid`` (False once it has spent its ``budget`` of seconds)."""
        finder = finder_for(t)
        if finder is None or self.finder_time.get(t, 0.0) > self.budget:
            return False
        start = time.monotonic()
        got = next(iter(finder(grid)), None) is not None
        self.finder_time[t] = self.finder_time.get(t, 0.0) + time.monotonic() - start
        return got

    def walk(self, puzzle: Grid, source: str) -> None:
        """Walk the default path of ``puzzle`` (see the module doc)."""
        givens = puzzle.to_string()
        grid = puzzle
        all_moves: list[PositionMove] = []
        plain: list[PositionMove] = []
        give_up = min(self.deadline, time.monotonic() + self.walk_limit)
        for _ in range(400):
            if grid.is_complete() or time.monotonic() > give_up:
                return
            step = find_hint(grid, DEFAULT, True)
            if step is None:
                self.look_off(grid, givens, plain, source, len(ORDER))
                return
            t = step.technique
            if t in SINGLES and not all_moves and self.short(Technique.PEER_ELIMINATION):
                # Peer Elimination: the first single placed, its digit left among its peers' candidates.
                (p,) = step.placements
                keep_peers = PositionMove(placements=((p.cell, p.digit),), keep_peers=True)
                self.keep(Technique.PEER_ELIMINATION, givens, [keep_peers], source)
            if t in SINGLES:
                if self.short(t):
                    self.keep(t, givens, list(all_moves), source)
            else:
                if self.short(t):
                    self.keep(t, givens, list(plain), source)
                self.look_off(grid, givens, plain, source, RANK[t])
                self.look_guided(grid, givens, plain, source, t)
                self.look_switched(grid, givens, plain, source, t)
            moves = step_moves(step)
            all_moves += moves
            if t not in SINGLES:
                plain += moves
            grid = apply_step(grid, step)

    def look_off(self, grid: Grid, givens: str, plain: list[PositionMove], source: str, before: int) -> None:
        for t in ORDER:
            if RANK[t] >= before:
                break
            slow_ok = before >= RANK[Technique.BRUTE_FORCE]  # only Brute Force is left: the templates may be
            if t in DEFAULT_OFF and (slow_ok or t not in SLOW) and self.short(t) and self.finds(t, grid):
                self.keep(t, givens, list(plain), source)

    def look_switched(self, grid: Grid, givens: str, plain: list[PositionMove], source: str, now: Technique) -> None:
        """Positions with a technique set for the techniques of ``SWITCHED_OFF`` (see the module doc)."""
        for t in SWITCHED_OFF:
            if not self.short(t) or RANK[t] < RANK[now] and t not in DEFAULT_OFF:
                continue
            if t in SLOW and now not in LAST_RESORTS:
                continue
            if t is not Technique.BRUTE_FORCE and not self.finds(t, grid):
                continue
            off = self.first_off(grid, t)
            if off is None:
                continue
            position = Position(t, givens, tuple(plain), source, switch_spec(t, off))
            for u in reversed(off):  # switch back on what is not needed
                fewer = [v for v in off if v is not u]
                trial = Position(t, givens, tuple(plain), source, switch_spec(t, fewer))
                if served(trial, identity()) and all(served(trial, random_isomorph(random.Random(k))) for k in "ab"):
                    off, position = fewer, trial
            self.keep(t, givens, list(plain), source, position.techniques)

    def first_off(self, grid: Grid, target: Technique, most: int | None = None) -> list[Technique] | None:
        """The techniques switched off, in turn, until ``target`` is the first step on ``grid`` (None: more than
        ``most``, by default ``--switch-off``)."""
        enabled = set(DEFAULT | {target})
        off: list[Technique] = []
        for _ in range((self.switch_off if most is None else min(most, self.switch_off)) + 1):
            step = find_hint(grid, enabled, True)
            if step is None or step.technique in SINGLES or RANK[step.technique] > RANK[target]:
                return None
            if step.technique is target:
                return off
            enabled.discard(step.technique)
            off.append(step.technique)
        return None

    def look_guided(self, grid: Grid, givens: str, plain: list[PositionMove], source: str, now: Technique) -> None:
        for t in GUIDED:
            if t in DEFAULT_OFF and RANK[t] < RANK[now]:
                continue  # switched on, it is first here when its finder finds a step: look_off keeps it
            if self.short(t) and self.finds(t, grid):
                self.guide(grid, givens, list(plain), source, t)

    def guide(self, grid: Grid, givens: str, plain: list[PositionMove], source: str, target: Technique) -> None:
        enabled = DEFAULT | {target}
        for _ in range(GUIDE_STEPS):
            first = next(iter_steps(grid, enabled, True), None)
            if first is None:
                return
            if first.technique is target:
                self.keep(target, givens, plain, source + "/guided")
                return
            chosen = self.keeping(grid, first, target)
            if chosen is None:
                return
            plain += step_moves(chosen)
            grid = singles(apply_step(grid, chosen))

    def keeping(self, grid: Grid, first: Step, target: Technique) -> Step | None:
        """A step after which ``target`` is still there (singles placed): one of ``first``'s technique if any
        does, else one of another technique before ``target`` in the solving order (it may take the easier
        pattern away while the target stays)."""
        finder = finder_for(first.technique)
        if finder is None:
            return None
        for k, step in enumerate(finder(grid)):
            if k >= GUIDE_CHOICES:
                break
            if self.finds(target, singles(apply_step(grid, step))):
                return step
        before = frozenset(t for t in DEFAULT if RANK[t] < RANK[target] and t not in SINGLES)
        for k, step in enumerate(iter_steps(grid, before, True)):
            if k >= 4 * GUIDE_CHOICES:
                break
            if step.technique is not first.technique and self.finds(target, singles(apply_step(grid, step))):
                return step
        return None

    # -- the deep search (--deep) ------------------------------------------------------------------------------

    def walk_deep(self, puzzle: Grid, source: str, targets: tuple[Technique, ...]) -> None:
        """Walk the default path of ``puzzle``; deep-search the boards where a target's finder finds a step."""
        givens = puzzle.to_string()
        grid = puzzle
        plain: list[PositionMove] = []
        tries = dict.fromkeys(targets, 0)
        give_up = min(self.deadline, time.monotonic() + self.walk_limit)
        for _ in range(400):
            if grid.is_complete() or time.monotonic() > give_up:
                return
            step = find_hint(grid, DEFAULT, True)
            if step is None:
                return
            if step.technique not in SINGLES:
                self.boards += 1
                for t in targets:
                    if tries[t] < DEEP_PER_PUZZLE and self.finds(t, grid):
                        tries[t] += 1
                        self.deep(grid, givens, list(plain), source, t)
                plain += step_moves(step)
            grid = apply_step(grid, step)

    def deep(self, grid: Grid, givens: str, plain: list[PositionMove], source: str, target: Technique) -> None:
        """Follow a guided path from ``grid`` (see the module doc) and offer a position on each board of it."""
        before = [t for t in ORDER if t in DEFAULT and t not in SINGLES and RANK[t] < RANK[target]]
        kept = self.deep_kept.setdefault(target, [])
        for k in range(DEEP_STEPS):
            # a list much longer than the longest kept is not shortened enough by switching back on
            off = self.first_off(grid, target, kept[-1][0] + DEEP_SLACK if len(kept) >= self.cap else None)
            if off is not None:
                self.offer(target, givens, plain, source + ("/guided" if k else ""), off)
                if not off:
                    return
            chosen = None
            for t in before:
                finder = finder_for(t)
                for n, step in enumerate(finder(grid) if finder else ()):
                    if n >= DEEP_CHOICES:
                        break
                    after = singles(apply_step(grid, step))
                    if self.finds(target, after):
                        chosen = (step, after)
                        break
                if chosen:
                    break
            if chosen is None:
                return
            plain = plain + step_moves(chosen[0])
            grid = chosen[1]

    def offer(self, t: Technique, givens: str, plain: list[PositionMove], source: str, off: list[Technique]) -> None:
        """Keep the position with ``off`` switched off (fewer where the target stays first) if it is among the
        ``cap`` with the fewest switched off so far (by ``switch_cost``), one per puzzle."""
        kept = self.deep_kept.setdefault(t, [])
        position = Position(t, givens, tuple(plain), source, switch_spec(t, off))
        if served(position, identity()) is None:
            return
        for u in reversed(off):  # switch back on what is not needed
            fewer = [v for v in off if v is not u]
            trial = Position(t, givens, tuple(plain), source, switch_spec(t, fewer))
            if served(trial, identity()) and all(served(trial, random_isomorph(random.Random(k))) for k in "ab"):
                off, position = fewer, trial
        cost = switch_cost(off)
        if len(kept) >= self.cap and cost >= kept[-1][0]:
            return
        same = [e for e in kept if e[2].givens == givens]  # one position per puzzle: the cheaper one
        if same and same[0][0] <= cost:
            return
        kept[:] = [e for e in kept if e[2].givens != givens]
        kept.append((cost, self.boards, position))
        kept.sort(key=lambda e: (e[0], e[1]))
        del kept[self.cap :]
        self.positions.entries[t] = [p for _n, _k, p in kept]
        print(f"  + {t.display_name} from {source}: {len(off)} off {position.techniques}", flush=True)


def singles(grid: Grid) -> Grid:
    for _ in range(200):
        step = find_hint(grid, SINGLES, True)
        if step is None:
            return grid
        grid = apply_step(grid, step)
    return grid


def pool_puzzles(done: int) -> list[tuple[str, str]]:
    """The pool's puzzles, round-robin over the techniques (rarest first), each once."""
    pool = load_pool()
    lists = sorted((list(pool.of(t)) for t in Technique if pool.of(t)), key=len)
    seen: set[str] = set()
    out = []
    for k in range(max((len(x) for x in lists), default=0)):
        for entries in lists:
            if k < len(entries) and entries[k].givens not in seen:
                seen.add(entries[k].givens)
                out.append((entries[k].givens, entries[k].seed))
    return out[done:]


def hard_pool_puzzles(done: int) -> list[tuple[str, str]]:
    """The pool's puzzles of ``HARD_FROM`` and the techniques after it, hardest technique first, each once."""
    pool = load_pool()
    seen: set[str] = set()
    out = []
    for t in reversed(ORDER[RANK[HARD_FROM] :]):
        for entry in pool.of(t):
            if entry.givens not in seen:
                seen.add(entry.givens)
                out.append((entry.givens, entry.seed))
    return out[done:]


def se_puzzles(done: int) -> list[tuple[str, str]]:
    if not SE_SET.exists():
        return []
    rows = []
    for number, line in enumerate(SE_SET.read_text(encoding="utf-8").splitlines()[1:], 2):
        puzzle, rating = line.split("\t")
        try:
            rows.append((-float(rating), number, puzzle))
        except ValueError:
            continue
    rows.sort()
    return [(p, f"se/{n}") for _r, n, p in rows][done:]


def _puzzles(source: str, done: int) -> Iterator[tuple[str, str]]:
    """The puzzles of ``source`` (see the module doc) from the ``done``-th on, as (givens, name)."""
    if source == "gen":
        for i in range(done, 10**9):
            yield generate(random.Random(f"pos/{i}"), 3, Symmetry.NONE).to_string(), f"pos/{i}"
    elif source == "pool":
        yield from pool_puzzles(done)
    elif source == "hardpool":
        yield from hard_pool_puzzles(done)
    elif source == "norvig":
        rows = []
        for name in NORVIG_SETS:
            if (PUBLIC / name).exists():
                lines = (PUBLIC / name).read_text(encoding="utf-8").split()
                rows += [(p, f"norvig-{name.removesuffix('.txt')}/{n}") for n, p in enumerate(lines, 1)]
        yield from rows[done:]
    elif source == "se":
        yield from se_puzzles(done)
    else:
        raise SystemExit(f"unknown source {source!r}")


def save(positions: Positions, out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    tmp.write_text(format_positions(positions, HEADER), encoding="utf-8")
    os.replace(tmp, out)


def report(miner: Miner) -> str:
    rows = [f"searched {miner.positions.searched}, {miner.boards} boards"]
    for t in practice_position_techniques():
        spent = miner.finder_time.get(t, 0.0)
        rows.append(f"  {t.display_name:42s} {len(miner.positions.of(t)):3d}   finder {spent:7.1f} s")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=60.0)
    ap.add_argument("--cap", type=int, default=6, help="positions kept per technique (default 6)")
    ap.add_argument("--sources", default="pool,se,gen,norvig", help="which sources, in order")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--walk-limit", type=float, default=90.0, help="seconds one puzzle's path may take (90)")
    ap.add_argument(
        "--finder-budget", type=float, default=300.0, help="seconds one technique's finder may spend in all (300)"
    )
    ap.add_argument(
        "--switch-off", type=int, default=8, help="techniques a position's technique set may switch off (8)"
    )
    ap.add_argument("--deep", default="", help="mine only these techniques, harder (see the module doc)")
    ns = ap.parse_args(argv)
    positions = parse_positions(ns.out.read_text(encoding="utf-8").splitlines()) if ns.out.exists() else Positions()
    start = time.monotonic()
    miner = Miner(positions, ns.cap, start + ns.minutes * 60, ns.finder_budget, ns.walk_limit, ns.switch_off)
    deep = tuple(t for t in ORDER if t in parse_selection(ns.deep)) if ns.deep else ()
    for t in deep:  # a run goes on from the positions kept so far
        kept = sorted(((switch_cost(switched_off(p.techniques)), 0, p) for p in positions.of(t)), key=lambda e: e[0])
        miner.deep_kept[t] = [e for i, e in enumerate(kept) if all(e[2].givens != f[2].givens for f in kept[:i])]
        del miner.deep_kept[t][ns.cap :]
        positions.entries[t] = [e[2] for e in miner.deep_kept[t]]
    prefix = "deep-" if deep else ""
    saved = start
    streams = [(s, _puzzles(s, positions.searched.get(prefix + s, 0))) for s in ns.sources.split(",")]
    while streams and time.monotonic() < miner.deadline:
        for source, puzzles in list(streams):
            got = next(puzzles, None)
            if got is None:
                streams.remove((source, puzzles))
                continue
            givens, name = got
            if deep:
                miner.walk_deep(parse_grid(givens), name, deep)
            else:
                miner.walk(parse_grid(givens), name)
            key = prefix + source
            positions.searched[key] = positions.searched.get(key, 0) + 1
            if time.monotonic() - saved > 60:
                save(positions, ns.out)
                saved = time.monotonic()
                missing = [t.display_name for t in practice_position_techniques() if not positions.of(t)]
                print(
                    f"{time.monotonic() - start:.0f} s {positions.searched}, {miner.boards} boards; none yet: {missing}",
                    flush=True,
                )
                costly = sorted(miner.finder_time.items(), key=lambda kv: -kv[1])[:4]
                print("  finder seconds: " + ", ".join(f"{t.name} {v:.0f}" for t, v in costly), flush=True)
    save(positions, ns.out)
    print(report(miner), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
