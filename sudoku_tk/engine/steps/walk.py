"""Walking through a step link by link: one short sentence per node, each with the reason it holds.

A teacher at a board points at one link at a time and says why it holds. ``walk_of``
turns a Step into that walk: for a chain, loop, ALS chain, forcing chain or net, nested
net or Kraken fish, one ``WalkStep`` per numbered node, read from the node's typed
``Reason`` (step.py), then the conclusion; a nested net's inner refutation is walked
too, in its own numbering. Fish with fins and Sue de Coq, which are not chains, are
walked part by part. Every other step has no walk (its one sentence is short).

The sentences only use what the nodes say: a "last candidate" names the cell's other
candidates from the nodes it needs, a "last place" the unit's other places, a "sees" the
true node it sees. Pure functions of a Step and the board's Geometry; the hint panel
shows them (app/hints/views.py) and the board draws ``WalkStep.shown`` nodes of
``WalkStep.chain``.

>>> from sudoku_tk.engine.steps.step import ASSUMED, ChainNode, Reason, Rule, Step, Technique
>>> g = Geometry.of(3)
>>> chain = (ChainNode((7,), 4, False, ASSUMED), ChainNode((7,), 2, True, Reason(Rule.LAST_CANDIDATE, (1,))))
>>> [w.text for w in walk_of(Step(Technique.XY_CHAIN, chain=chain, conclusion="So r1c8 is 2."), g)]
['Suppose r1c8 isn’t 4.', 'r1c8 has only 2 and 4 left: it isn’t 4 (1), so it is 2.', 'So r1c8 is 2.']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..board.geometry import Cell, Digit, Geometry
from ..solving.technique_table import record
from .explain import cells_text, effects_text, join_words, units_text
from .step import ChainNode, Highlight, HighlightRole, Rule, Step, Technique, group_name

_CELL_START = re.compile(r"r\d+c\d+")


@dataclass(frozen=True, slots=True)
class WalkStep:
    """One step of a walk: its sentence, and what the board shows with it."""

    text: str
    chain: tuple[ChainNode, ...] = ()
    """The nodes this step belongs to: the step's chain, or a nested refutation's own."""
    shown: int = 0
    """Nodes 1 … ``shown`` of ``chain`` are drawn (with the links between them)."""
    current: int = 0
    """The node this sentence is about, drawn stronger than the rest (0: none, e.g. the conclusion)."""
    highlights: tuple[Highlight, ...] | None = None
    """For a walk that is not a chain: what the board shows with this sentence (None: the step's own)."""
    final: bool = False
    """The conclusion: the step's effects are shown with it."""


def walk_of(step: Step, geometry: Geometry, candidates: Sequence[int] | None = None) -> tuple[WalkStep, ...]:
    """The walk through ``step`` (empty for a step too short to need one).

    ``candidates``: the candidate masks of the position the step is for, per cell, where a sentence names a
    cell's candidates that no node or highlight lists (a Sue de Coq's middle cells).
    """
    if step.chain and all(n.because is not None for n in step.chain):
        out = list(chain_walk(step.chain, geometry, candidates=candidates))
        out.append(WalkStep(_conclusion(step, geometry), step.chain, len(step.chain), 0, None, True))
        return tuple(out)
    kind = record(step.technique).walk  # how the technique table says its steps are walked
    if kind == "fins":
        return _fish_walk(step, geometry)
    if kind == "sets":
        return _sue_de_coq_walk(step, geometry, candidates)
    if step.technique is Technique.ALS_XZ:
        return _doubly_linked_walk(step, geometry)  # the one ALS step that is not a chain of nodes
    return ()


def chain_walk(
    chain: Sequence[ChainNode], geometry: Geometry, prefix: str = "", candidates: Sequence[int] | None = None
) -> list[WalkStep]:
    """One WalkStep per node of ``chain`` (a nested refutation's steps come before the node it rules out)."""
    chain = tuple(chain)
    out: list[WalkStep] = []
    cases = _case_numbers(chain)
    for i, node in enumerate(chain, 1):
        because = node.because
        if because is not None and because.rule is Rule.REFUTED_INSIDE and because.walk:
            inner = because.walk
            lead = f"{prefix}Inside: "
            out.append(
                WalkStep(
                    f"{lead}could {_who(geometry, node)} be {geometry.digit_char(node.digit)} too? "
                    f"Follow that ({len(inner)} nodes, numbered on their own).",
                    chain,
                    i - 1,
                    0,
                )
            )
            out.extend(chain_walk(inner, geometry, lead, candidates))
            out.append(
                WalkStep(
                    f"{lead}{_clash_words(inner, geometry, candidates)}: so {_who(geometry, node)} can't be "
                    f"{geometry.digit_char(node.digit)}.",
                    inner,
                    len(inner),
                    0,
                )
            )
        out.append(WalkStep(prefix + node_sentence(chain, i, geometry, cases.get(i)), chain, i, i))
    return out


def _case_numbers(chain: Sequence[ChainNode]) -> dict[int, int]:
    """Node number -> case number for the assumptions that start a case, when there is more than one case."""
    starts = []
    for i, node in enumerate(chain, 1):
        first = node.because is not None and node.because.rule is Rule.ASSUMPTION
        before = chain[i - 2].because if i > 1 else None
        after_other = i == 1 or (before is not None and before.rule is not Rule.ASSUMPTION)
        if first and after_other:
            starts.append(i)
    if len(starts) < 2:
        return {}
    return {n: k for k, n in enumerate(starts, 1)}


def _name(geometry: Geometry, node: ChainNode) -> str:
    return group_name(geometry, node.cells)


def _who(geometry: Geometry, node: ChainNode, conj: str = "and") -> str:
    """The node's cells by name: 'r3c5', 'r3c7 and r3c9'."""
    return cells_text(geometry, node.cells, conj)


def _claim(geometry: Geometry, node: ChainNode) -> str:
    """What the node says: 'r3c6 is 6', 'r3c5 isn’t 9', 'r7c4 or r8c4 is 2', 'neither r9c5 nor r9c6 is 2'."""
    d = geometry.digit_char(node.digit)
    if len(node.cells) == 1:
        return f"{_who(geometry, node)} {'is' if node.on else 'isn’t'} {d}"
    if node.on:
        return f"{_who(geometry, node, 'or')} is {d}"
    if len(node.cells) == 2:
        a, b = (geometry.cell_name(c) for c in sorted(node.cells))
        return f"neither {a} nor {b} is {d}"
    return f"none of {_who(geometry, node)} is {d}"


def _refs(numbers: Sequence[int]) -> str:
    return f"({', '.join(str(n) for n in numbers)})"


def _in_unit(geometry: Geometry, unit: int | None) -> str:
    return f" (in {geometry.unit_name(unit)})" if unit is not None else ""


def node_sentence(chain: Sequence[ChainNode], i: int, geometry: Geometry, case: int | None = None) -> str:
    """Why node ``i`` (1-based) holds, in one short sentence that names the nodes it needs by number."""
    node = chain[i - 1]
    because = node.because
    assert because is not None
    d = geometry.digit_char(node.digit)
    needs = [(k, chain[k - 1]) for k in because.needs]
    rule = because.rule
    claim = _claim(geometry, node)
    if rule is Rule.ASSUMPTION:
        lead = f"Case {case}: suppose" if case else "Suppose"
        before = chain[i - 2].because if i > 1 else None
        if case is None and before is not None and before.rule is Rule.ASSUMPTION:
            lead = "Take as known that"
        return f"{lead} {claim}."
    if rule is Rule.SAME_CELL:
        k, other = needs[0]
        return f"{_who(geometry, node)} is {geometry.digit_char(other.digit)} {_refs([k])}, so it isn’t {d}."
    if rule is Rule.SEES:
        k, other = needs[0]
        where = _in_unit(geometry, because.unit)
        many = len(node.cells) > 1
        if len(other.cells) > 1:
            sees = "sees" if not many else "see"
            return (
                f"{_claim(geometry, other)} {_refs([k])}, and {_who(geometry, node)} {sees} all of them{where}: "
                f"so {claim}."
            )
        verb = ("both see" if len(node.cells) == 2 else "all see") if many else "sees"
        return f"{_who(geometry, node)} {verb} {_who(geometry, other)}{where}, which is {d} {_refs([k])}: so {claim}."
    if rule is Rule.LAST_CANDIDATE:
        cell = node.cells[0]
        others = [(k, n) for k, n in needs if n.cells == (cell,) and not n.on]
        digits = sorted({node.digit} | {n.digit for _, n in others})
        out_digits = join_words([geometry.digit_char(n.digit) for _, n in others], "or")
        held = join_words([geometry.digit_char(x) for x in digits])
        refs = _refs([k for k, _ in others])
        if len(digits) == 2:
            return f"{_who(geometry, node)} has only {held} left: it isn’t {out_digits} {refs}, so it is {d}."
        return f"{_who(geometry, node)} holds {held}: not {out_digits} {refs}, so it is {d}."
    if rule is Rule.LAST_PLACE:
        unit = geometry.unit_name(because.unit) if because.unit is not None else "its unit"
        others = [(k, n) for k, n in needs if n.digit == node.digit and not n.on]
        cells = sorted({c for _, n in others for c in n.cells})
        refs = _refs([k for k, _ in others])
        if len(cells) == 1:
            return f"The only other place for {d} in {unit} is {geometry.cell_name(cells[0])}, which is out {refs}: so {claim}."
        return f"In {unit}, {d} is not in {cells_text(geometry, cells, 'or')} {refs}: so {claim}."
    if rule is Rule.ALS:
        held = join_words([geometry.digit_char(x) for x in because.digits])
        gone = sorted({n.digit for _, n in needs if not n.on})
        gone_text = join_words([geometry.digit_char(x) for x in gone], "and")
        left = join_words([geometry.digit_char(x) for x in because.digits if x not in gone])
        refs = _refs([k for k, _ in needs])
        if len(because.cells) == 1:
            return f"{cells_text(geometry, because.cells)} holds only {held}: without {gone_text} {refs} it is {left}."
        return (
            f"{cells_text(geometry, because.cells)} hold only {held}: without {gone_text} {refs} they are {left}, "
            f"one each, so {claim}."
        )
    # Rule.REFUTED_INSIDE
    return f"So {claim}: being {d} as well leads to a contradiction."


def _clash_words(chain: Sequence[ChainNode], geometry: Geometry, candidates: Sequence[int] | None) -> str:
    """What is impossible at the end of a refutation, read from its nodes (and the position's candidates)."""
    on: dict[Cell, set[Digit]] = {}
    off: set[tuple[Cell, Digit]] = set()
    for n in chain:
        if len(n.cells) == 1:
            if n.on:
                on.setdefault(n.cells[0], set()).add(n.digit)
            else:
                off.add((n.cells[0], n.digit))
    digit = geometry.digit_char
    for c, ds in on.items():
        if len(ds) > 1:
            return f"{geometry.cell_name(c)} would be both {join_words([digit(x) for x in sorted(ds)])}"
        for x in ds:
            if (c, x) in off:
                return f"{geometry.cell_name(c)} would both be {digit(x)} and not be it"
    for c, ds in on.items():
        for c2, ds2 in on.items():
            if c < c2 and ds & ds2 and c2 in geometry.peers[c]:
                x = min(ds & ds2)
                return f"{geometry.cell_name(c)} and {geometry.cell_name(c2)} would both be {digit(x)}"
    if candidates is not None:
        for c, m in enumerate(candidates):
            held = [x for x in range(1, geometry.side + 1) if m >> (x - 1) & 1]
            if held and c not in on and all((c, x) in off for x in held):
                return f"{geometry.cell_name(c)} would have no candidate left"
        for u, cells in enumerate(geometry.units):
            for x in range(1, geometry.side + 1):
                places = [c for c in cells if candidates[c] >> (x - 1) & 1]
                if places and not any(x in on.get(c, ()) for c in places) and all((c, x) in off for c in places):
                    return f"{geometry.unit_name(u)} would have no place left for {digit(x)}"
    return "that is a contradiction"


def _conclusion(step: Step, geometry: Geometry) -> str:
    if step.conclusion:
        text = step.conclusion.strip()
        if not _CELL_START.match(text):  # "r6c9 and …" keeps its lower case, as cell names always do
            text = text[0].upper() + text[1:]
        return text + ("" if text.endswith(".") else ".")
    effects = effects_text(
        geometry, [(p.cell, p.digit) for p in step.placements], [(e.cell, e.digit) for e in step.eliminations]
    )
    return f"So: {effects}."


# -- fish with fins ------------------------------------------------------------------------------------------


def _roles(step: Step, role: HighlightRole) -> list[Highlight]:
    return [h for h in step.highlights if h.role is role]


def _fish_walk(step: Step, geometry: Geometry) -> tuple[WalkStep, ...]:
    bases = [u for h in _roles(step, HighlightRole.DEFINING_UNIT) for u in h.units]
    covers = [u for h in _roles(step, HighlightRole.COVER_UNIT) for u in h.units]
    fin_h = _roles(step, HighlightRole.FIN)
    fins: list[Cell] = [c for h in fin_h for c in h.cells]
    if not bases or not covers or not fins or not step.eliminations:
        return ()
    digit: Digit = fin_h[0].digits[0] if fin_h[0].digits else step.eliminations[0].digit
    d = geometry.digit_char(digit)
    base_h = tuple(_roles(step, HighlightRole.DEFINING_UNIT))
    cover_h = tuple(_roles(step, HighlightRole.COVER_UNIT))
    body = tuple(_roles(step, HighlightRole.PATTERN))
    fin_word = "the fin" if len(fins) == 1 else "the fins"
    fins_text = cells_text(geometry, fins)
    elim_cells = [e.cell for e in step.eliminations]
    n = ("two", "three", "four")[len(bases) - 2] if 2 <= len(bases) <= 4 else str(len(bases))
    effects = effects_text(geometry, (), [(e.cell, e.digit) for e in step.eliminations])
    return (
        WalkStep(
            f"In {units_text(geometry, bases)}, {d} can only go in {units_text(geometry, covers)}, or in "
            f"{fin_word} {fins_text}.",
            highlights=base_h + body + tuple(fin_h),
        ),
        WalkStep(
            f"If {fin_word} {'isn’t' if len(fins) == 1 else 'aren’t'} {d}: the {n} {d}’s of "
            f"{units_text(geometry, bases)} lie in {units_text(geometry, covers)}, one in each, so no other cell "
            f"of {units_text(geometry, covers)} can be {d}.",
            highlights=base_h + cover_h + body,
        ),
        WalkStep(
            f"If {'the fin is' if len(fins) == 1 else 'a fin is'} {d}: no cell that sees "
            f"{'it' if len(fins) == 1 else 'every fin'} can be {d}.",
            highlights=tuple(fin_h) + (Highlight(HighlightRole.ELIMINATION, tuple(elim_cells), (digit,)),),
        ),
        WalkStep(
            f"Either way, {cells_text(geometry, elim_cells)} — in {units_text(geometry, covers)} and seeing "
            f"{fin_word} — can't be {d}: {effects}.",
            final=True,
        ),
    )


# -- a doubly linked ALS-XZ ----------------------------------------------------------------------------------


def _doubly_linked_walk(step: Step, geometry: Geometry) -> tuple[WalkStep, ...]:
    """Two sets that share two digits, each with places that all see each other: both sets are locked."""
    a_h, b_h = _roles(step, HighlightRole.COLOR_A), _roles(step, HighlightRole.COLOR_B)
    links = sorted({lk.from_digit for lk in step.links if not lk.strong})
    if not a_h or not b_h or len(links) != 2:
        return ()
    a, b = a_h[0], b_h[0]

    def digits(ds: Sequence[Digit], conj: str = "and") -> str:
        return join_words([geometry.digit_char(x) for x in sorted(ds)], conj)

    x, y = (geometry.digit_char(d) for d in links)
    a_cells, b_cells = cells_text(geometry, a.cells), cells_text(geometry, b.cells)
    sets = (a, b)
    pattern = tuple(_roles(step, HighlightRole.PATTERN))
    effects = effects_text(geometry, (), [(e.cell, e.digit) for e in step.eliminations])
    return (
        WalkStep(
            f"{a_cells} hold only {digits(a.digits)}, and {b_cells} only {digits(b.digits)}: each set has one digit "
            f"more than cells.",
            highlights=sets,
        ),
        WalkStep(
            f"Both hold {x} and {y}, and every {x} of one sees every {x} of the other (the same for {y}): neither "
            f"digit can be in both sets.",
            highlights=sets + pattern,
        ),
        WalkStep(
            f"A set can lose only one of its digits, so each holds {x} or {y}; as no digit is in both, one set holds "
            f"{x} and the other {y}, and each holds every other digit it has: both are locked.",
            highlights=sets + pattern,
        ),
        WalkStep(
            f"So {x} and {y} are in these cells, and so is every other digit of each set: a cell outside the sets "
            f"that sees all the places of one of them can't hold it — {effects}.",
            final=True,
        ),
    )


# -- Sue de Coq ------------------------------------------------------------------------------------------------


def _sue_de_coq_walk(step: Step, geometry: Geometry, candidates: Sequence[int] | None) -> tuple[WalkStep, ...]:
    pattern = _roles(step, HighlightRole.PATTERN)
    line_h, box_h = _roles(step, HighlightRole.COLOR_A), _roles(step, HighlightRole.COLOR_B)
    units = [u for h in _roles(step, HighlightRole.DEFINING_UNIT) for u in h.units]
    if not pattern or not line_h or not box_h or len(units) != 2:
        return ()
    core = pattern[0].cells
    line_cells = tuple(c for c in line_h[0].cells if c not in core)
    box_cells = tuple(c for c in box_h[0].cells if c not in core)
    line_digits, box_digits = line_h[0].digits, box_h[0].digits
    line, box = units
    line_name, box_name = geometry.unit_name(line), geometry.unit_name(box)

    def digits(ds: Sequence[Digit], conj: str = "and") -> str:
        return join_words([geometry.digit_char(x) for x in sorted(ds)], conj)

    core_text, n = cells_text(geometry, core), len(core)
    if candidates is not None:
        core_digits = sorted({x for c in core for x in range(1, geometry.side + 1) if candidates[c] >> (x - 1) & 1})
        held = f"{'hold' if n > 1 else 'holds'} {digits(core_digits)}: {n} cells, {len(core_digits)} digits"
    else:
        core_digits = []
        held = f"{'hold' if n > 1 else 'holds'} more digits than {'they have cells' if n > 1 else 'one cell'}"
    everything = sorted(set(core_digits) | set(line_digits) | set(box_digits))
    total = n + len(line_cells) + len(box_cells)
    only_core = [x for x in core_digits if x not in line_digits and x not in box_digits]
    line_gone = sorted(set(line_digits) | set(only_core))
    box_gone = sorted(set(box_digits) | set(only_core))
    line_elims = [(e.cell, e.digit) for e in step.eliminations if e.cell in geometry.units[line]]
    box_elims = [(e.cell, e.digit) for e in step.eliminations if e.cell not in geometry.units[line]]
    shade = tuple(_roles(step, HighlightRole.DEFINING_UNIT))
    core_h = Highlight(HighlightRole.PATTERN, core)
    line_set = Highlight(HighlightRole.COLOR_A, line_h[0].cells, line_digits)
    box_set = Highlight(HighlightRole.COLOR_B, box_h[0].cells, box_digits)

    def removed(pairs: Sequence[tuple[Cell, Digit]]) -> tuple[Highlight, ...]:
        return tuple(Highlight(HighlightRole.ELIMINATION, (c,), (x,)) for c, x in pairs)

    together = (
        f"together that is {total} cells for exactly {total} digits ({digits(everything)}), so each of them is "
        f"in these cells once"
        if candidates is not None
        else "together they hold as many digits as they have cells, so each digit is in them once"
    )
    return (
        WalkStep(f"{core_text}, where {line_name} meets {box_name}, {held}.", highlights=shade + (core_h,)),
        WalkStep(
            f"{cells_text(geometry, line_cells)} in {line_name} {'hold' if len(line_cells) > 1 else 'holds'} only "
            f"{digits(line_digits)}, and {cells_text(geometry, box_cells)} in {box_name} only {digits(box_digits)}: "
            f"{together}.",
            highlights=shade + (core_h, line_set, box_set),
        ),
        WalkStep(
            f"{digits(line_gone)} can't be in {cells_text(geometry, box_cells)}, so they are in {line_name}'s part "
            f"of the pattern: the rest of {line_name} can't hold {digits(line_gone, 'or')}.",
            highlights=(core_h, line_set) + removed(line_elims),
        ),
        WalkStep(
            f"Likewise {digits(box_gone)} are in {box_name}'s part: the rest of {box_name} can't hold "
            f"{digits(box_gone, 'or')}.",
            highlights=(core_h, box_set) + removed(box_elims),
        ),
        WalkStep(
            "So: " + effects_text(geometry, (), [(e.cell, e.digit) for e in step.eliminations]) + ".",
            final=True,
        ),
    )
