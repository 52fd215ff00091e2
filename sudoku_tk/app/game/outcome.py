"""Outcome: the answer to a request on a game, done or refused, with a sentence for the player either way.

The Session and the request objects it holds (pencil_requests.py, colour_requests.py) answer with it; the
window tells the sentence (a refusal in the status bar) and never needs to catch an error for a bad click.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Outcome:
    """The answer to a request: done or refused, with a sentence for the player either way.

    >>> bool(Outcome(False, "r1c1 is a given and can't be changed"))
    False
    """

    done: bool
    message: str

    def __bool__(self) -> bool:
        return self.done
