"""How each technique works, in one paragraph written for players: what to look for and why it lets you act.

The hint panel shows the paragraph of the technique it is hinting, beside the hint
itself, so a player learns the pattern and not only this one move. Every
``Technique`` member has an entry (tests/app/test_hints.py checks it). The words
follow the game's vocabulary: unit (a row, column or box), candidate, peer
(a cell sharing a unit), placement and elimination.
"""

from __future__ import annotations

import re

from sudoku_tk.engine.board.geometry import SUDOKU_X, WINDOKU, Geometry
from sudoku_tk.engine.solving.technique_table import record
from sudoku_tk.engine.steps.step import Technique

T = Technique

_UNIQUE = " This only works because a proper puzzle has exactly one solution; the app uses it only for such puzzles."

DESCRIPTIONS: dict[Technique, str] = {
    T.PEER_ELIMINATION: (
        "A placed digit rules itself out of every other cell in its row, its column and its box (its peers). "
        "When a peer still shows that digit as a candidate, cross it out: it can never go there."
    ),
    T.FULL_HOUSE: (
        "When a row, column or box has just one empty cell left, that cell takes the one digit the unit is "
        "still missing. It is the easiest move there is: count what is there and fill the gap."
    ),
    T.NAKED_SINGLE: (
        "Look at one empty cell and the digits its row, column and box already hold. When only one digit "
        "is left as a candidate, that digit goes in the cell."
    ),
    T.HIDDEN_SINGLE: (
        "Pick a unit (a row, column or box) and one digit the unit still needs. If only one of its cells "
        "can still take that digit, it goes there, even when that cell has other candidates too."
    ),
    T.LOCKED_PAIR: (
        "Two cells in the same box and the same row (or column) hold only the same two candidates. Those two "
        "digits must go in these two cells, so they can be removed from every other cell of the box and "
        "of the line. It is a Naked Pair that clears two units at once."
    ),
    T.LOCKED_TRIPLE: (
        "Three cells in the same box and the same row (or column) hold only three digits between them. Those "
        "digits must fill these three cells, so they leave every other cell of both the box and the line. "
        "It is a Naked Triple that clears two units at once."
    ),
    T.LOCKED_CANDIDATES_1: (
        "Inside a box, look where one digit can still go. If all those places lie in a single row (or "
        "column), the box's copy of the digit is certain to be in that line, so the rest of that row (or "
        "column), outside the box, can't hold the digit. The box 'points' along the line."
    ),
    T.LOCKED_CANDIDATES_2: (
        "Inside a row (or column), look where one digit can still go. If all those places lie in a single "
        "box, the line's copy of the digit is certain to be in that box, so the other cells of the box can't "
        "hold it. The line 'claims' the digit inside the box."
    ),
    T.NAKED_PAIR: (
        "Find two cells in one unit that hold exactly the same two candidates and nothing else. Between "
        "them they take both digits, one each, even if you don't yet know which goes where, so no other "
        "cell of that unit can hold either digit."
    ),
    T.NAKED_TRIPLE: (
        "Find three cells in one unit whose candidates together are only three digits (a cell may show two "
        "of them or all three). The three cells must take those three digits, so remove them from every "
        "other cell of the unit."
    ),
    T.NAKED_QUADRUPLE: (
        "Find four cells in one unit whose candidates together are only four digits. Those four cells use "
        "up the four digits, so no other cell of the unit can hold any of them."
    ),
    T.HIDDEN_PAIR: (
        "In one unit, look for two digits that can each go in only the same two cells. Those two cells must "
        "take those two digits, so every other candidate in the two cells can be removed. The pair is "
        "'hidden' among other candidates until you clear them."
    ),
    T.HIDDEN_TRIPLE: (
        "In one unit, look for three digits whose possible places are, together, only three cells. Those "
        "cells must take those three digits, so every other candidate in them can be removed."
    ),
    T.HIDDEN_QUADRUPLE: (
        "In one unit, look for four digits whose possible places are, together, only four cells. Those four "
        "cells are reserved for the four digits, so strip every other candidate from them."
    ),
    T.X_WING: (
        "Pick a digit. If in two rows it can only go in the same two columns, the four corners form a "
        "rectangle: whichever way the two rows are filled, the digit occupies both columns at these rows. "
        "So the digit can be removed from every other cell of those two columns. The same works with "
        "columns and rows swapped."
    ),
    T.SWORDFISH: (
        "An X-Wing with three lines: pick a digit whose places in three rows all lie within the same three "
        "columns. The three rows need three copies of the digit, one in each of those columns, so the rest "
        "of the three columns can't hold it (and the same with rows and columns swapped)."
    ),
    T.JELLYFISH: (
        "An X-Wing with four lines: a digit whose places in four rows all lie within the same four columns. "
        "Those rows put the digit into all four columns, so it leaves every other cell of those columns "
        "(or the other way round)."
    ),
    T.REMOTE_PAIR: (
        "Follow a chain of cells that all hold the same two candidates, each cell seeing the next. Along the "
        "chain the two digits must alternate, so cells an odd number of links apart hold different digits. "
        "A cell that sees two such ends can hold neither digit."
    ),
    T.BUG_PLUS_1: (
        "Bivalue Universal Grave: if every empty cell had just two candidates and each digit appeared twice "
        "in every unit, the puzzle would have two solutions. When all cells but one are like that, the "
        "extra cell must take the digit that spoils the pattern: the one that appears three times in its "
        "units." + _UNIQUE
    ),
    T.SKYSCRAPER: (
        "Pick a digit with exactly two places in each of two rows (or columns), where one end of each sits "
        "in the same column (the base). Both of those base ends can't be the digit, so at least one of the "
        "two other ends (the tops of the towers) is. Any cell that sees both tops can't hold the digit."
    ),
    T.TWO_STRING_KITE: (
        "Pick a digit with exactly two places in a row and exactly two in a column, where one end of the row "
        "and one end of the column share a box. Those two can't both be the digit, so one of the two far "
        "ends is. A cell that sees both far ends can't hold the digit."
    ),
    T.TURBOT_FISH: (
        "Pick a digit with exactly two places in each of two units, where one place of the first unit sees "
        "one place of the second. The two that see each other can't both be the digit, so one of the other "
        "two ends holds it, and a cell seeing both of those ends can't."
    ),
    T.EMPTY_RECTANGLE: (
        "In a box, all the places of a digit lie on one row and one column of the box (the rest of the box is "
        "'empty' of it). Combine that cross with a line where the digit has exactly two places: one of them "
        "sees the box's row or column, and a cell that would empty the box of the digit can't hold it."
    ),
    T.W_WING: (
        "Two cells far apart hold the same two candidates, say x and y. If some unit has exactly two places "
        "for x and each of them sees one of the two cells, the two cells can't both be x, so at least one of "
        "them is y. Remove y from every cell that sees both."
    ),
    T.XY_WING: (
        "A pivot cell holds two candidates x and y and sees two wing cells holding x/z and y/z. Whatever the "
        "pivot becomes, one wing is forced to z. So a cell that sees both wings can't be z."
    ),
    T.XYZ_WING: (
        "Like an XY-Wing, but the pivot holds three candidates x, y and z, and the wings hold x/z and y/z. "
        "One of the three cells is always z, so a cell that sees all three can't be z."
    ),
    T.UNIQUENESS_1: (
        "Four cells at the corners of a rectangle spanning two boxes must never end up with the same two "
        "digits, because those could be swapped, giving two solutions. When three corners hold only those "
        "two digits, the fourth must take one of its other candidates: remove the two digits from it." + _UNIQUE
    ),
    T.UNIQUENESS_2: (
        "A rectangle over two boxes where all four corners hold the same two digits, and two corners add the "
        "same one extra candidate. If neither of those took the extra digit, the rectangle could swap, so one "
        "of them is that digit: remove it from every cell that sees both." + _UNIQUE
    ),
    T.UNIQUENESS_3: (
        "A rectangle over two boxes where two corners hold only the two digits and the two others add extra "
        "candidates. Those extra candidates act like one cell: combined with other cells of their unit they "
        "form a naked subset, whose digits leave the rest of that unit." + _UNIQUE
    ),
    T.UNIQUENESS_4: (
        "A rectangle over two boxes where two corners hold only digits a and b. If in the unit the two other "
        "corners share, a can go nowhere but those two corners, one of them is a; were the other one b, the "
        "four corners could be swapped. So b is removed from both of those corners." + _UNIQUE
    ),
    T.UNIQUENESS_5: (
        "A rectangle over two boxes where two or three corners hold an extra candidate besides the pair. One "
        "of those corners must take the extra digit to avoid a swappable rectangle, so any cell that sees all "
        "of them can't hold it." + _UNIQUE
    ),
    T.UNIQUENESS_6: (
        "A rectangle over two boxes whose two diagonal corners hold only digits a and b. If a has no other "
        "place in the rectangle's two rows and two columns, it fills one diagonal of the rectangle; filling "
        "the diagonal with extra candidates would leave a swappable pattern, so a is removed from those two "
        "corners." + _UNIQUE
    ),
    T.HIDDEN_RECTANGLE: (
        "A rectangle over two boxes with one or two corners holding only the pair of digits. If, seen from "
        "the opposite corner, one of the digits has no other place in its row and column than the "
        "rectangle's corners, the other digit can't go in that corner." + _UNIQUE
    ),
    T.AVOIDABLE_RECTANGLE_1: (
        "Look at digits you placed yourself (not givens) at three corners of a rectangle over two boxes. If "
        "the fourth corner took the digit that completes the swap, the puzzle would have two solutions, so "
        "that digit is removed from it." + _UNIQUE
    ),
    T.AVOIDABLE_RECTANGLE_2: (
        "Two placed (non-given) digits at two corners of a rectangle over two boxes, and the two other corners "
        "share one extra candidate besides the swap digits. One of them must take it, so a cell seeing both "
        "can't hold it." + _UNIQUE
    ),
    T.FINNED_X_WING: (
        "An X-Wing with a flaw: one of its lines has an extra place for the digit (the fin), next to a corner "
        "in the same box. Either the fin is the digit, or the X-Wing works. A cell that the X-Wing would "
        "clear and that also sees the fin loses the digit either way."
    ),
    T.FINNED_SWORDFISH: (
        "A Swordfish with extra places (fins) in one box. Either a fin holds the digit, or the Swordfish "
        "works; only cells that the fish would clear and that see every fin are sure to lose the digit."
    ),
    T.FINNED_JELLYFISH: (
        "A Jellyfish with extra places (fins) in one box. Either a fin holds the digit or the fish works; "
        "remove the digit only from cells the fish would clear that also see every fin."
    ),
    T.SASHIMI_X_WING: (
        "A finned X-Wing with a corner missing: one line has a single place of the pattern left, and the fin "
        "sits in its box. If the fin is false the X-Wing exists; if true it clears its box. Cells the X-Wing "
        "would clear that see the fin can't hold the digit."
    ),
    T.SASHIMI_SWORDFISH: (
        "A finned Swordfish missing one of its corners, with the fin in that box. As with every finned fish, "
        "a cell that the fish would clear and that sees the fins loses the digit."
    ),
    T.SASHIMI_JELLYFISH: (
        "A finned Jellyfish missing one of its corners. Either the fins hold the digit or the fish works, so "
        "cells that the fish would clear and that see every fin lose the digit."
    ),
    T.SIMPLE_COLORS_TRAP: (
        "Pick a digit and follow the units where it has exactly two places: one of each pair is true, the "
        "other false. Colour the places alternately in two colours along these links. One colour holds the "
        "digit; a cell that sees both colours can't hold it."
    ),
    T.SIMPLE_COLORS_WRAP: (
        "Colour a digit's places in two colours along the units where it has only two places. If two cells of "
        "the same colour see each other, that colour can't be true: remove the digit from every cell of that "
        "colour (the other colour holds it)."
    ),
    T.MULTI_COLORS_1: (
        "Colour two separate chains of a digit (each alternating in its own two colours). If a cell of one "
        "chain sees a cell of the other chain, those two colours can't both be true, so one of the two "
        "opposite colours is. Cells that see both of those lose the digit."
    ),
    T.MULTI_COLORS_2: (
        "Colour two separate chains of a digit. If one colour of the first chain sees both colours of the "
        "second chain, it would leave the second chain with no place for the digit, so that colour is "
        "false: remove the digit from all its cells."
    ),
    T.LAW_OF_LEFTOVERS: (
        "On a Jigsaw, take whole rows (or columns) from an edge and as many whole regions that overlap them most. "
        "Both hold every digit the same number of times, so the cells of the lines outside the regions hold "
        "exactly the digits of the cells of the regions outside the lines. Each of those cells keeps only the "
        "digits the other side can still hold; with one cell a side, the two hold the same digit."
    ),
    T.SUE_DE_COQ: (
        "Look where a box meets a row (or column): two or three empty cells there whose candidates hold two "
        "more digits than cells. Find a bivalue cell (or a small set) in the rest of the line and another in "
        "the rest of the box that use up those extra digits, with no digit shared between them. The "
        "intersection, the line set and the box set then fill their digits among themselves, so the line set's "
        "digits leave the rest of the line and the box set's digits leave the rest of the box."
    ),
    T.X_CHAIN: (
        "Follow one digit through units where it has exactly two places (strong links: if one is not the "
        "digit, the other is), joined by cells that see each other (weak links: not both). Read from one end: "
        "if the first cell is not the digit, the last one is. So one of the two ends holds the digit, and a "
        "cell that sees both ends can't."
    ),
    T.XY_CHAIN: (
        "A chain of cells with exactly two candidates each, where each cell shares a digit with the next and "
        "sees it. If the first cell is not x, it is its other digit, which pushes the next cell to its other "
        "digit, and so on, until the last cell is x. So one end is x, and x leaves every cell seeing both ends."
    ),
    T.CONTINUOUS_NICE_LOOP: (
        "A chain that closes into a loop, strong and weak links alternating all the way round. Going round "
        "one way or the other, every weak link ends up with exactly one of its two ends true, so each acts "
        "like a strong link: the digit of a weak link between two cells leaves the rest of their shared "
        "units, and a cell entered and left on two different digits keeps only those two."
    ),
    T.DISCONTINUOUS_NICE_LOOP: (
        "A chain that starts and ends in the same cell but does not alternate at that cell. If both links at "
        "the start are weak on the same candidate, assuming the candidate proves it false: remove it. If both "
        "are strong, the candidate is true: place it. If the loop leaves on one digit and returns on another, "
        "the start cell keeps only what the links allow."
    ),
    T.AIC: (
        "An Alternating Inference Chain joins candidates with strong links (if one is false the other is "
        "true) and weak links (not both true), alternating and starting and ending with a strong link. If the "
        "first candidate is false, the last is true: one of the two ends is true. Any candidate that can't be "
        "true together with either end can go."
    ),
    T.GROUPED_CONTINUOUS_NICE_LOOP: (
        "A Continuous Nice Loop in which some links use a group: the places of a digit inside one box that "
        "also lie in one row or column, treated as one node (true when the digit is in one of them). Every "
        "weak link of the loop acts as a strong one, as in any continuous loop."
    ),
    T.GROUPED_DISCONTINUOUS_NICE_LOOP: (
        "A Discontinuous Nice Loop that uses groups: the places of a digit inside one box along one line, "
        "counted as one node. The loop returns to its start cell with two links of one kind, which proves the "
        "start candidate false (two weak links) or true (two strong links)."
    ),
    T.GROUPED_AIC: (
        "An AIC in which some nodes are groups: the places of a digit in one box that lie on one row or "
        "column, true when the digit sits in any of them. One end of the chain is true, so a candidate that "
        "conflicts with both ends can go."
    ),
    T.ALS_XZ: (
        "An almost locked set (ALS) is N cells in one unit holding N+1 digits: remove any one digit and the "
        "rest is locked. Two ALS that both hold digit x, where every x of one sees every x of the other, can't "
        "both lose x to the other (x is 'restricted common'). So one of them is locked without x, and a digit z "
        "they share must be in one of them: z leaves every cell that sees all the z's of both."
    ),
    T.ALS_XY_WING: (
        "Three almost locked sets: a pivot C joined to wing A by a restricted common digit x and to wing B by "
        "another, y. If A does not hold x, C does, so C can't hold y and B must; either way one of the wings "
        "is locked, and a digit z shared by both wings leaves every cell that sees all their z's."
    ),
    T.ALS_XY_CHAIN: (
        "A chain of almost locked sets, each joined to the next by a restricted common digit (a different one "
        "at each join). Whichever set loses its joining digit forces the next to keep it, so one of the two end "
        "sets is locked: a digit both ends hold leaves every cell that sees all its places in both."
    ),
    T.DEATH_BLOSSOM: (
        "A stem cell with a few candidates, and for each candidate an almost locked set (a petal) whose copies "
        "of that digit all see the stem. Whatever the stem becomes, that petal loses the digit and is locked. "
        "If every petal also holds digit z, one of them keeps z, so z leaves every cell seeing all those z's."
    ),
    T.FRANKEN_X_WING: (
        "A fish where base or cover units include a box. Pick a digit and two base units (rows or boxes) that "
        "don't overlap, whose places all lie in two cover units (columns or boxes). The base units need two "
        "copies of the digit and the covers hold at most one each, so the covers get theirs inside the base: "
        "remove it from the rest of the covers."
    ),
    T.FRANKEN_SWORDFISH: (
        "A Swordfish whose base or cover units include boxes: three non-overlapping base units whose places "
        "for the digit all lie in three cover units. The covers take their copies inside the base, so the "
        "digit leaves every other cell of the covers."
    ),
    T.FRANKEN_JELLYFISH: (
        "A Jellyfish with boxes among its base or cover units: four base units, four cover units, and every "
        "place of the digit in the base lies in the covers. The rest of the covers loses the digit."
    ),
    T.FINNED_FRANKEN_X_WING: (
        "A Franken X-Wing with fins: a few places of the digit in the base units fall outside the covers. "
        "Either a fin is the digit, or the fish works, so only cells that the fish would clear and that see "
        "every fin lose the digit."
    ),
    T.FINNED_FRANKEN_SWORDFISH: (
        "A Franken Swordfish with fins outside its covers. A cell the fish would clear loses the digit when it "
        "also sees every fin, because either a fin holds the digit or the fish does its work."
    ),
    T.FINNED_FRANKEN_JELLYFISH: (
        "A Franken Jellyfish with fins. As with every finned fish, remove the digit only from cells that the "
        "fish would clear and that see all the fins."
    ),
    T.MUTANT_X_WING: (
        "The most general fish: base and cover units may be any mix of rows, columns and boxes, as long as "
        "the base units don't overlap. If every place of the digit in the base lies in the covers, the covers "
        "get their copies in the base, and the digit leaves the rest of the covers."
    ),
    T.MUTANT_SWORDFISH: (
        "A fish of three base and three cover units of any kind (rows, columns and boxes mixed). The base units "
        "need three copies of the digit, all inside the covers, so the rest of the covers can't hold it."
    ),
    T.MUTANT_JELLYFISH: (
        "A fish of four base and four cover units of any kind. All the base places of the digit lie in the "
        "covers, so the covers are filled from the base and the digit leaves every other cover cell."
    ),
    T.FINNED_MUTANT_X_WING: (
        "A Mutant X-Wing with fins (base places outside the covers). A candidate the fish would remove goes "
        "only if it also sees every fin."
    ),
    T.FINNED_MUTANT_SWORDFISH: (
        "A Mutant Swordfish with fins: remove the digit from cells that the fish would clear and that see every fin."
    ),
    T.FINNED_MUTANT_JELLYFISH: (
        "A Mutant Jellyfish with fins: cells the fish would clear that see every fin lose the digit."
    ),
    T.KRAKEN_FISH_TYPE_1: (
        "A finned fish that doesn't work by seeing alone: for each fin a chain shows that the fin, if true, "
        "removes the candidate too. The fish or one of its fins holds, and every case removes it."
    ),
    T.KRAKEN_FISH_TYPE_2: (
        "A fish whose cover candidates in one line or cell each lead, by a chain, to the same elimination. "
        "One of them is true, so the elimination holds."
    ),
    T.FORCING_CHAIN_CONTRADICTION: (
        "Assume a candidate and follow what it forces, one link at a time. If that leads to something "
        "impossible (a digit that would be both true and false, a cell with nothing left), the assumption "
        "was wrong. A last resort: it always works in principle, but a shorter pattern is nicer when it exists."
    ),
    T.FORCING_CHAIN_VERITY: (
        "Take a cell (or a digit's places in a unit) and follow each of its candidates in turn. One of them is "
        "true, so whatever every one of them forces is true as well."
    ),
    T.FORCING_NET_CONTRADICTION: (
        "Like a forcing chain, but following everything an assumption forces, branch after branch (singles "
        "included). When the consequences clash, the assumption was false (or, for an assumed removal, true)."
    ),
    T.FORCING_NET_VERITY: (
        "Follow every candidate of a cell (or every place of a digit in a unit) with all its consequences. "
        "Whatever all of them force is certain."
    ),
    T.NESTED_FORCING_NET: (
        "For the very hardest puzzles: assume a candidate and follow the singles it forces, and inside that "
        "assumption also test further candidates the same way, ruling out those that would clash. When the "
        "assumption still ends in a contradiction, it was wrong. It is logic, not guessing, but its proofs are "
        "long, so the app turns to it only when nothing shorter applies."
    ),
    T.TEMPLATE_SET: (
        "A template is one way to place a digit nine times, once in every row, column and box. Try every "
        "template that fits the digit's places: a cell that every fitting template uses takes the digit."
    ),
    T.TEMPLATE_DEL: (
        "List every way (template) the digit can still be placed once in every row, column and box. A "
        "candidate that no fitting template uses can be removed."
    ),
    T.BRUTE_FORCE: (
        "Not a technique: when none of the enabled techniques applies, the app reads one digit from the "
        "puzzle's solution so the game can go on. Enabling more techniques (or forcing chains) avoids it."
    ),
    T.KILLER_CAGE_COMBINATIONS: (
        "Killer: a cage's size and sum allow only some sets of different digits (17 in two cells is 8+9, 7 in three "
        "is 1+2+4). Keep the sets that still fit what the cage's cells hold and the digits already in it; a candidate "
        "that none of them can put in its cell goes."
    ),
    T.KILLER_ONE_CELL_45: (
        "Killer, the 45 rule: every row, column and box adds up to 45. Take a house, or houses side by side, and the "
        "cages lying wholly inside them: if one cell is left over (an innie), its digit is 45 per house minus those "
        "sums. If the cages covering the houses stick out by one cell (an outie), that cell is the difference."
    ),
    T.KILLER_CAGE_POINTING: (
        "Killer: when every combination a cage can still take uses a digit, the digit is somewhere in the cage. If "
        "the cage's cells that can hold it all lie in one row, column or box (or all see one cell), the digit "
        "leaves the other cells there."
    ),
    T.KILLER_CAGE_CLAIMING: (
        "Killer: when a digit's places in a row, column or box all belong to one cage, the cage holds that digit "
        "there. The cage's other cells can't hold it too, and the cage's combinations without it are out."
    ),
    T.KILLER_INNIES_OUTIES: (
        "Killer, the 45 rule with several cells: the cells a house's inner cages leave over (innies), or the cells "
        "its covering cages stick out by (outies), add up to a known number. Like a cage, that sum limits what the "
        "cells can hold: a candidate that no way of making the sum uses goes."
    ),
    T.KILLER_CAGE_SPLITTING: (
        "Killer: when the 45 rule gives the sum of the part of one cage inside a house, the cage splits into two "
        "smaller cages with known sums, its part inside and its part outside, and each has fewer combinations."
    ),
    T.KILLER_INNIE_OUTIE_DIFFERENCE: (
        "Killer, the 45 rule with innies and outies together: cover a house with cages so that one cell inside is "
        "left over and a cell or two stick out. The innie minus the outies is a known number, which ties their "
        "candidates together."
    ),
    T.KILLER_SUBSET: (
        "Killer: two cages in one house share out the house's digits. When every pair of combinations they can take "
        "together uses a digit, the digit is in one of the two cages, so it leaves the house's other cells."
    ),
    T.KILLER_FORCING_NET: (
        "Killer's last resort: suppose a candidate is the cell's digit and follow what the singles, the cages' "
        "combinations and the 45 rule force from it. When that leads to a contradiction (a cell with no candidate, "
        "a cage that can't make its sum), the candidate is false and goes."
    ),
}
"""One paragraph per technique, keyed by Technique."""

del T


def describe_technique(technique: Technique, geometry: Geometry | None = None) -> str:
    """The paragraph that explains ``technique`` in general ("" only if a new member lacks one), in the words of
    ``geometry``'s board: on a Jigsaw a box is a region ("Inside a region, look where…"); on Sudoku X and Windoku
    the list of units names the diagonals or the windows too ("a row, column, box or diagonal")."""
    text = DESCRIPTIONS.get(technique, "")
    if geometry is None:
        return text
    if not geometry.square_boxes:
        text = _BOX_WORD.sub(_as_region, text)
    extra = _EXTRA_HOUSE.get(geometry.variant_name) if geometry.extra_houses else None
    if extra is not None:
        text = text.replace("row, column or box", f"row, column, box or {extra}")
    return text


_EXTRA_HOUSE = {SUDOKU_X: "diagonal", WINDOKU: "window"}
"""What one of a variant's extra houses is called, where a lesson lists the kinds of unit."""


_BOX_WORD = re.compile(r"\b([Bb])ox(es)?\b")


def _as_region(match: re.Match[str]) -> str:
    word = "region" + ("s" if match.group(2) else "")
    return word.capitalize() if match.group(1) == "B" else word


# -- reading a walk: one short lesson per family, in the walk's own words (engine/steps/walk.py) --------------------

_CHAIN_LESSON = (
    "Reading the walk of a chain: every link has one of four reasons. From a true node, a cell that sees it "
    'loses its digit ("sees") and its own cell\'s other candidates go ("is 2 (5), so it isn’t 4"). From a false '
    'node, the only other place of that digit in a unit takes it ("the only other place for 4 in row 3"), or '
    'the cell\'s only other candidate is true ("has only 2 and 4 left"). Each line names, in brackets, the '
    "numbers of the earlier nodes it comes from, so you can check it on the board."
)
_ALS_LESSON = (
    "Reading the walk of almost locked sets: a set of N cells holding N+1 digits that loses one digit holds "
    'all the others, one in each cell ("without 3 (2) they are 1, 5 and 8, one each"). Two sets are joined by a '
    "digit whose places all see each other: when one set holds it, the other can't. The walk supposes the first "
    "set holds no z and goes set by set until the last one must hold z."
)
_FORCING_LESSON = (
    'Reading the walk of a forcing chain or net: it starts from an assumption ("Suppose …", or one case for '
    "each candidate), and every line names the earlier lines it needs. A last place or last candidate names "
    "every candidate it rests on, so when a line says r1c7 is the only other place for 6 in row 1, the lines "
    "it names have ruled out every other 6 of that row. A nested net walks its inner contradictions too, "
    "numbered on their own."
)
_FIN_LESSON = (
    "Reading the walk of a finned fish: two cases. If no fin holds the digit, the fish works and clears its "
    "cover units; if a fin holds it, every cell that sees the fin loses it. A cell in both places loses the "
    "digit either way."
)
_SDC_LESSON = (
    "Reading the walk of a Sue de Coq: the cells where a line meets a box hold more digits than cells; a set in "
    "the rest of the line and a set in the rest of the box use up the extra digits, so all these cells hold "
    "each of their digits exactly once. The line set's digits leave the rest of the line, the box set's the "
    "rest of the box."
)


_LESSONS = {
    "chain": _CHAIN_LESSON,
    "als": _ALS_LESSON,
    "forcing": _FORCING_LESSON,
    "fins": _FIN_LESSON,
    "sets": _SDC_LESSON,
}


def walk_lesson(technique: Technique) -> str:
    """How to read the walk through a step of ``technique`` ("" when its steps have no walk)."""
    return _LESSONS.get(record(technique).walk, "")
