"""Replaying the reasons of a chain's nodes on the position: each must follow from the nodes it names alone.

``unstated(grid, chain)`` lists every node whose reason leans on a fact it does not name, or does not hold on
the grid: a "last candidate" must name, among the nodes it needs, every other candidate its cell still has; a
"last place" every other place of its digit in its unit; a "sees" a true node of its digit that sees all its
cells; an "als" must be left with no more digits than cells; a "refuted inside" must carry an inner walk that
itself replays and ends in a contradiction. Shared by the reason tests and the soundness sweeps.
"""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.steps.step import ChainNode, Rule, Step


def _has(grid: Grid, cell: int, digit: int) -> bool:
    return not grid.values[cell] and bool(grid.candidates[cell] >> (digit - 1) & 1)


def _covered(needs: Sequence[ChainNode], cell: int, digit: int) -> bool:
    """Does a needed node say that ``digit`` is not in ``cell`` (off, that digit, holding the cell)?"""
    return any(not n.on and n.digit == digit and cell in n.cells for n in needs)


def unstated(grid: Grid, chain: Sequence[ChainNode], where: str = "") -> list[str]:
    """Every problem with the nodes' reasons on ``grid`` (empty: each reason is complete and holds)."""
    geo = grid.geometry
    problems: list[str] = []
    for i, node in enumerate(chain, 1):
        name = f"{where}node {i} ({node.text(geo)})"
        because = node.because
        if because is None:
            problems.append(f"{name}: no reason")
            continue
        for c in node.cells:
            if not _has(grid, c, node.digit):
                problems.append(f"{name}: {geo.cell_name(c)} has no candidate {node.digit}")
        if any(not 1 <= k < i for k in because.needs):
            problems.append(f"{name}: needs {because.needs}, not all earlier nodes")
            continue
        needs = [chain[k - 1] for k in because.needs]
        rule = because.rule
        cells = set(node.cells)
        if rule is Rule.ASSUMPTION:
            if needs:
                problems.append(f"{name}: an assumption needs nothing")
        elif rule is Rule.SEES:
            ok = not node.on and any(
                n.on
                and n.digit == node.digit
                and not cells & set(n.cells)
                and all(b in geo.peers[a] for a in node.cells for b in n.cells)
                for n in needs
            )
            if ok and because.unit is not None:
                unit = set(geo.units[because.unit])
                ok = any(n.on and cells | set(n.cells) <= unit for n in needs)
            if not ok:
                problems.append(f"{name}: 'sees' names no true node of its digit that sees all its cells")
        elif rule is Rule.SAME_CELL:
            ok = (
                not node.on
                and len(node.cells) == 1
                and any(n.on and n.cells == node.cells and n.digit != node.digit for n in needs)
            )
            if not ok:
                problems.append(f"{name}: 'same cell' names no true node of another digit in its cell")
        elif rule is Rule.LAST_CANDIDATE:
            if not node.on or len(node.cells) != 1:
                problems.append(f"{name}: 'last candidate' is for a true node of one cell")
                continue
            cell = node.cells[0]
            missing = [
                d
                for d in range(1, geo.side + 1)
                if d != node.digit and _has(grid, cell, d) and not _covered(needs, cell, d)
            ]
            if missing:
                problems.append(f"{name}: 'last candidate' leaves out {missing} still in {geo.cell_name(cell)}")
        elif rule is Rule.LAST_PLACE:
            if not node.on or because.unit is None:
                problems.append(f"{name}: 'last place' is for a true node, in a unit")
                continue
            unit = geo.units[because.unit]
            if not cells <= set(unit):
                problems.append(f"{name}: not inside {geo.unit_name(because.unit)}")
            missing_cells = [
                c for c in unit if c not in cells and _has(grid, c, node.digit) and not _covered(needs, c, node.digit)
            ]
            if missing_cells:
                problems.append(
                    f"{name}: 'last place' in {geo.unit_name(because.unit)} leaves out "
                    f"{[geo.cell_name(c) for c in missing_cells]}"
                )
        elif rule is Rule.ALS:
            set_cells = list(because.cells)
            held: set[int] = {d for c in set_cells for d in range(1, geo.side + 1) if _has(grid, c, d)}
            if not node.on or not set_cells or held != set(because.digits) or len(held) != len(set_cells) + 1:
                problems.append(f"{name}: not an almost locked set, or the node is not on")
                continue
            places = {c for c in set_cells if _has(grid, c, node.digit)}
            if places != cells:
                problems.append(f"{name}: its cells are not the set's places of {node.digit}")
            gone = {d for d in held if all(_covered(needs, c, d) for c in set_cells if _has(grid, c, d))}
            left = held - gone
            if node.digit not in left or len(left) > len(set_cells):
                problems.append(f"{name}: the set is not locked by what its needs remove ({sorted(gone)})")
        elif rule is Rule.REFUTED_INSIDE:
            if node.on or not because.walk:
                problems.append(f"{name}: 'refuted inside' is for a false node and carries its walk")
                continue
            inner = because.walk
            problems += unstated(grid, inner, f"{name} inside: ")
            if not any(n.on and n.cells == node.cells and n.digit == node.digit for n in inner):
                problems.append(f"{name}: the inner walk does not assume the node")
            if not contradicts(grid, inner):
                problems.append(f"{name}: the inner walk ends in no contradiction")
    return problems


def contradicts(grid: Grid, chain: Sequence[ChainNode]) -> bool:
    """Do the nodes (of one case) contradict each other or the grid?"""
    geo = grid.geometry
    on: dict[int, set[int]] = {}
    off: set[tuple[int, int]] = set()
    for n in chain:
        if len(n.cells) != 1:
            continue
        (on.setdefault(n.cells[0], set()).add(n.digit) if n.on else off.add((n.cells[0], n.digit)))
    for c, ds in on.items():
        if len(ds) > 1 or any((c, d) in off for d in ds):
            return True
        for c2, ds2 in on.items():
            if c2 != c and ds & ds2 and c2 in geo.peers[c]:
                return True
    for c in range(geo.ncells):
        ds = [d for d in range(1, geo.side + 1) if _has(grid, c, d)]
        if ds and c not in on and all((c, d) in off for d in ds):
            return True
    for cells in geo.units:
        for d in range(1, geo.side + 1):
            places = [c for c in cells if _has(grid, c, d)]
            if places and all((c, d) in off for c in places):
                return True
    return False


def check_reasons(grid: Grid, step: Step) -> None:
    """A chain step's nodes all carry complete reasons that hold on ``grid``."""
    if not step.chain:
        return
    problems = unstated(grid, step.chain)
    assert not problems, f"{step.explanation}\n" + "\n".join(problems)
