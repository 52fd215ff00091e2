"""Published Killer puzzles without givens, each with its source and its published solution.

A puzzle's cage layout and sums are facts; the text forms below were written for this project from the puzzles as
published (the layouts as transcribed in the test data of a public open-source sudoku solver and in CSPLib, checked
here: each has exactly one solution, and it is the published one).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PublishedKiller:
    """A published puzzle: where it comes from, its text form and its solution (81 digits)."""

    source: str
    text: str
    solution: str


PUBLISHED: tuple[PublishedKiller, ...] = (
    # The UK Puzzle Association's Killer Sudoku example (ukpuzzles.org, file 247:
    # https://ukpuzzles.org/file_download.php?fileid=247), 25 cages, no givens.
    PublishedKiller(
        "UK Puzzle Association, ukpuzzles.org file 247",
        "AABBCDDEEAAFGCHIEEJFFGCHIIKJGGGLHHHKMMMLLLNNNOPPPLQQQROSSPTQUURVVSPTQUWWVVXXTYYWW "
        "A=20,B=9,C=17,D=9,E=20,F=22,G=16,H=27,I=18,J=8,K=11,L=15,M=12,N=22,O=8,P=30,Q=17,R=11,S=11,T=19,U=16,"
        "V=24,W=17,X=16,Y=10",
        "632798154478165392195324786724639815813452679569817243346571928981243567257986431",
    ),
    # The worked example of Killer Sudoku Online's tips page (https://www.killersudokuonline.com/tips.html),
    # 31 cages, no givens.
    PublishedKiller(
        "Killer Sudoku Online, tips page",
        "AABBBCCCDEFGHIJJJDEFGHIKKKLMMGHNOOOLPPPNNNQQQRSSSNTUVVRWWWXTUYZabbbXTUYZacccdddee "
        "A=6,B=18,C=14,D=16,E=17,F=6,G=17,H=16,I=4,J=12,K=16,L=9,M=4,N=21,O=23,P=15,Q=16,R=9,S=24,T=9,U=14,V=6,"
        "W=7,X=17,Y=12,Z=14,a=12,b=11,c=23,d=13,e=4",
        "423968517856417329917532684134726895285149763679853142341285976762391458598674231",
    ),
    # The example of Wikipedia's "Killer sudoku" article (File:Killersudoku_color.svg by Toon Spin, public
    # domain; https://en.wikipedia.org/wiki/Killer_sudoku), the layout as CSPLib's problem 057 states it, 29 cages.
    PublishedKiller(
        "Wikipedia, Killer sudoku article's example",
        "AABBBCDEFGGHHCCDEFGGIICJKKFLMMINJKOFLPPQNJOORSPTQNUVVRSTTQWUUXXSYZWWaaXXSYZWbbbcc "
        "A=3,B=15,C=22,D=4,E=16,F=15,G=25,H=17,I=9,J=8,K=20,L=6,M=14,N=17,O=17,P=13,Q=20,R=12,S=27,T=6,U=20,V=6,"
        "W=10,X=14,Y=8,Z=16,a=15,b=13,c=17",
        "215647398368952174794381652586274931142593867973816425821739546659428713437165289",
    ),
)
