"""An immutable set-like view over an int bitmask: ``DigitSet`` (bit d-1 = digit d).

The engine computes on raw ints for speed; this wrapper is what signatures,
tests and reprs show, so nobody has to read a bitmask.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .geometry import Digit


class DigitSet:
    """A set of digits stored as a bitmask.

    >>> s = DigitSet.of(1, 5, 9)
    >>> s, 5 in s, len(s), list(s)
    (DigitSet.of(1, 5, 9), True, 3, [1, 5, 9])
    >>> s - DigitSet.of(5)
    DigitSet.of(1, 9)
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, mask: int = 0) -> None:
        object.__setattr__(self, "mask", mask)

    @classmethod
    def of(cls, *digits: Digit) -> DigitSet:
        m = 0
        for d in digits:
            m |= 1 << (d - 1)
        return cls(m)

    @classmethod
    def from_iterable(cls, digits: Iterable[Digit]) -> DigitSet:
        return cls.of(*digits)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("DigitSet is immutable")

    def __contains__(self, digit: object) -> bool:
        return isinstance(digit, int) and digit >= 1 and bool(self.mask >> (digit - 1) & 1)

    def __iter__(self) -> Iterator[Digit]:
        m = self.mask
        while m:
            low = m & -m
            yield low.bit_length()
            m ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DigitSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(("DigitSet", self.mask))

    def __or__(self, other: DigitSet) -> DigitSet:
        return DigitSet(self.mask | other.mask)

    def __and__(self, other: DigitSet) -> DigitSet:
        return DigitSet(self.mask & other.mask)

    def __sub__(self, other: DigitSet) -> DigitSet:
        return DigitSet(self.mask & ~other.mask)

    def __repr__(self) -> str:
        return f"DigitSet.of({', '.join(str(d) for d in self)})"
