"""Where the engines' random draws come from: the one seam between the rules and chance.

Every shuffle and every die roll of the four engines goes through :func:`shuffle` and
:func:`randint`. In normal play nothing is set and they use the engine's own seeded generator, so a
game with a given seed is the game it always was (``tests/interop/test_seam.py`` replays games
recorded before this seam existed). An outside program can take over the draws for the duration of
one call with :func:`drawn_by`: OpenSpiel (``caravan_lessons.interop.openspiel``) does, and turns
each shuffle and each roll into chance nodes with their outcomes and probabilities.

    from caravan_lessons import chance
    chance.shuffle(rng, deck, "deck")          # rng.shuffle(deck), unless a source is set
    chance.randint(rng, 1, 6, "die")           # rng.randint(1, 6), unless a source is set

A source is any object with ``shuffle(items, what)`` (put ``items``, a list, in the order chance
chose) and ``randint(low, high, what)`` (return a whole number ``low..high``); ``what`` names the
pile or the die in the engine's words (``"deck"``, ``"bonus tokens 3"``, ``"die"``). This module
imports only the standard library.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol

__all__ = ["Source", "drawn_by", "randint", "shuffle", "source"]


class Source(Protocol):
    """What :func:`drawn_by` accepts: the draws of the engine calls made while it is set."""

    def shuffle(self, items: list, what: str) -> None:
        """Put ``items`` in the order chance chose (in place)."""

    def randint(self, low: int, high: int, what: str) -> int:
        """A whole number from ``low`` to ``high`` (both included)."""


_SOURCE: ContextVar[Any] = ContextVar("caravan_lessons_chance_source", default=None)


def source() -> Source | None:
    """The source set by :func:`drawn_by` in this context, or None (normal play)."""
    return _SOURCE.get()


@contextmanager
def drawn_by(outside: Source) -> Iterator[Source]:
    """Within the ``with`` block, every shuffle and roll of every engine comes from ``outside``."""
    if not callable(getattr(outside, "shuffle", None)) or not callable(getattr(outside, "randint", None)):
        raise ValueError(f"a chance source has shuffle(items, what) and randint(low, high, what); "
                         f"{type(outside).__name__} has not")
    token = _SOURCE.set(outside)
    try:
        yield outside
    finally:
        _SOURCE.reset(token)


def shuffle(rng: random.Random, items: list, what: str,
            shuffler: Callable[[random.Random, list], None] | None = None) -> None:
    """Shuffle ``items`` in place: ``shuffler(rng, items)`` (default ``rng.shuffle``) in normal play,
    the source's order when one is set. ``what`` names the pile (``"deck"``)."""
    outside = _SOURCE.get()
    if outside is None:
        if shuffler is None:
            rng.shuffle(items)
        else:
            shuffler(rng, items)
    else:
        outside.shuffle(items, what)


def randint(rng: random.Random, low: int, high: int, what: str) -> int:
    """``rng.randint(low, high)`` in normal play, the source's number when one is set."""
    outside = _SOURCE.get()
    if outside is None:
        return rng.randint(low, high)
    return outside.randint(low, high, what)
