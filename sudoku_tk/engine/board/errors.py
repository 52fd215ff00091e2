"""The engine's narrow errors: each is a ValueError that carries its reason and quotes the input."""

from __future__ import annotations


class PuzzleFormatError(ValueError):
    """Text that is not a puzzle in any supported format; the message says what and where."""

    def __init__(self, reason: str, *, line: int | None = None, column: int | None = None) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        where = ""
        if line is not None:
            where = f" (line {line}" + (f", column {column})" if column is not None else ")")
        super().__init__(reason + where)
