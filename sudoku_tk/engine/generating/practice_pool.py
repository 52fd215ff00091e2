"""The practice pool: generated puzzles whose default logic path takes a given technique (package data).

``sudoku_tk/data/practice/pool.txt`` is written by ``build_scripts/mine_practice.py`` from the app's own
generator (fixed seeds) and read here. Rare techniques (a Jellyfish, a Uniqueness Test 5) turn up once in
hundreds or thousands of random puzzles, too seldom to generate on demand; ``level_search.generate_practice``
takes a pool puzzle for them and shows it as a random isomorph (``isomorph.py``).

The format is UTF-8 text, ``#`` lines are comments, one puzzle a line, three tab-separated fields::

    technique    givens    seed

``technique`` is the ``Technique`` member's name (``JELLYFISH``), ``givens`` 81 characters (``.`` for an empty
cell), ``seed`` the generator seed it came from. Two kinds of comment carry data: ``# mined\\t<n>`` (how many
seeds were looked at) and ``# hits\\t<technique>\\t<k>`` (on how many of them the default path took it), which
tell how often random generation meets a technique.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from ..steps.step import Technique

POOL_RESOURCE = ("data", "practice", "pool.txt")
"""Where the pool is, inside the ``sudoku_tk`` package."""


@dataclass(frozen=True, slots=True)
class PoolEntry:
    technique: Technique
    givens: str
    seed: str


@dataclass(slots=True)
class Pool:
    """The entries per technique (in file order) and the mining counts."""

    entries: dict[Technique, list[PoolEntry]] = field(default_factory=dict)
    mined: int = 0
    """How many generator seeds were looked at."""
    hits: dict[Technique, int] = field(default_factory=dict)
    """On how many of the ``mined`` puzzles the default path took each technique."""

    def add(self, entry: PoolEntry) -> None:
        self.entries.setdefault(entry.technique, []).append(entry)

    def of(self, technique: Technique) -> tuple[PoolEntry, ...]:
        return tuple(self.entries.get(technique, ()))

    def frequency(self, technique: Technique) -> float:
        """The share of random puzzles whose default path takes ``technique`` (0.0 when nothing was mined)."""
        return self.hits.get(technique, 0) / self.mined if self.mined else 0.0


def parse_pool(lines: Iterable[str]) -> Pool:
    """Read the pool format (see the module doc).

    >>> p = parse_pool(["# mined\\t10", "# hits\\tX_WING\\t3", "X_WING\\t" + "." * 81 + "\\tpool/4"])
    >>> p.mined, p.hits[Technique.X_WING], p.of(Technique.X_WING)[0].seed
    (10, 3, 'pool/4')

    Raises:
        ValueError: a line that is not in the format (the message names the line).
    """
    pool = Pool()
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        try:
            if line.startswith("#"):
                parts = line[1:].strip().split("\t")
                if parts[0] == "mined":
                    pool.mined = int(parts[1])
                elif parts[0] == "hits":
                    pool.hits[Technique[parts[1]]] = int(parts[2])
                continue
            name, givens, seed = line.split("\t")
            if len(givens) != 81:
                raise ValueError(f"{len(givens)} cells, not 81")
            pool.add(PoolEntry(Technique[name], givens, seed))
        except (KeyError, IndexError, ValueError) as exc:
            raise ValueError(f"practice pool line {number}: {exc!r}: {line[:60]}") from exc
    return pool


def format_pool(pool: Pool, header: Iterable[str] = ()) -> str:
    """The pool as text, ``header`` lines first (as comments), techniques in ``Technique`` order."""
    out = [f"# {h}" if h else "#" for h in header]
    out.append(f"# mined\t{pool.mined}")
    out += [f"# hits\t{t.name}\t{pool.hits[t]}" for t in Technique if t in pool.hits]
    for t in Technique:
        out += [f"{e.technique.name}\t{e.givens}\t{e.seed}" for e in pool.entries.get(t, ())]
    return "\n".join(out) + "\n"


@lru_cache(maxsize=1)
def load_pool() -> Pool:
    """The pool shipped with the package (empty when the file is missing)."""
    path = resources.files("sudoku_tk")
    for part in POOL_RESOURCE:
        path = path.joinpath(part)
    if not path.is_file():
        return Pool()
    return parse_pool(path.read_text(encoding="utf-8").splitlines())


__all__ = ["POOL_RESOURCE", "Pool", "PoolEntry", "format_pool", "load_pool", "parse_pool"]
