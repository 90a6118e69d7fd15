"""Jaipur's actions: frozen values, one class per kind, ``str()`` in plain words.

Building an action checks only that its names and numbers make sense (a card type
that exists, a whole number); whether the action is *legal* is the engine's question
(``State.why_illegal``), answered with a rule ID. So ``TakeOne("camel")`` can be built
-- and is then refused by the engine under JAI-TAKE-6, with an explanation.

Each action keeps its cards as a count vector (7 ints, in ``CARD_TYPES`` order) for
the engine, and caches its hash: bots compare actions millions of times.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from .components import CAMEL_INDEX, CARD_TYPES, HAND_CODE, INDEX, MARKET_CODE, PLURAL

__all__ = ["TakeOne", "Exchange", "TakeCamels", "Sell", "NextRound", "Action", "parse_action"]


def _card_type(name: object, what: str) -> str:
    if not isinstance(name, str) or name.lower() not in INDEX:
        raise ValueError(f"{what}: unknown card type {name!r}; the types are {', '.join(CARD_TYPES)}")
    return name.lower()


def _cards(names: Iterable[str] | str, what: str) -> tuple[str, ...]:
    if isinstance(names, str):
        raise ValueError(f"{what}: give a list of card names such as ['cloth', 'spice'], not the string {names!r}")
    try:
        cards = [_card_type(n, what) for n in names]
    except TypeError:
        raise ValueError(f"{what}: give a list of card names, not {names!r}") from None
    return tuple(sorted(cards, key=INDEX.__getitem__))


def _vector(cards: Iterable[str]) -> tuple[int, ...]:
    counts = [0] * len(CARD_TYPES)
    for c in cards:
        counts[INDEX[c]] += 1
    return tuple(counts)


def _describe(cards: tuple[str, ...]) -> str:
    counts = Counter(cards)
    parts = [f"{n} {PLURAL[c] if n > 1 else c}" for c, n in counts.items()]
    return " and ".join([", ".join(parts[:-1]), parts[-1]]) if len(parts) > 1 else (parts[0] if parts else "nothing")


class Action:
    """Base class of Jaipur actions. Subclasses are immutable and hashable."""

    __slots__ = ("_key", "_hash")
    kind = "action"

    def _freeze(self, key: tuple) -> None:
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_hash", hash(key))

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:
        return self is other or (type(other) is type(self) and other._key == self._key)

    def __lt__(self, other: "Action") -> bool:  # a deterministic order for sorting
        return (ACTION_ORDER[type(self)], self._key) < (ACTION_ORDER[type(other)], other._key)

    def __reduce__(self):
        return (parse_action, (self.to_dict(),))

    def to_dict(self) -> dict:
        """A JSON-able dict; :func:`parse_action` reads it back."""
        raise NotImplementedError


class TakeOne(Action):
    """Take one goods card from the market into the hand (JAI-TAKE-1).

    Args:
        good: a card type name, e.g. ``"spice"``. Camels can be named but are refused
            by the engine (JAI-TAKE-6).
    """

    __slots__ = ("good", "index")
    kind = "take_one"

    def __init__(self, good: str):
        good = _card_type(good, "TakeOne")
        object.__setattr__(self, "good", good)
        object.__setattr__(self, "index", INDEX[good])
        self._freeze((good,))

    def __repr__(self) -> str:
        return f"TakeOne({self.good!r})"

    def __str__(self) -> str:
        return f"take one {self.good} from the market"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "good": self.good}


class Exchange(Action):
    """Take several goods from the market and give back as many cards (JAI-TAKE-2..4, 6, 7).

    Args:
        take: card names taken from the market, e.g. ``["cloth", "spice"]``.
        give: card names given back from the hand, ``"camel"`` meaning a camel from the herd.

    Both are stored sorted in ``CARD_TYPES`` order, so ``Exchange(["spice", "cloth"], ...)``
    equals ``Exchange(["cloth", "spice"], ...)``. ``take_vector`` and ``give_vector`` are the
    same cards as 7 counts.
    """

    __slots__ = ("take", "give", "take_vector", "give_vector", "take_pairs", "give_pairs", "camels",
                 "take_mask", "give_mask", "well_formed", "market_code_delta", "hand_code_delta")
    kind = "exchange"

    def __init__(self, take: Iterable[str], give: Iterable[str]):
        take = _cards(take, "Exchange take")
        give = _cards(give, "Exchange give")
        tv, gv = _vector(take), _vector(give)
        setattr_ = object.__setattr__
        setattr_(self, "take", take)
        setattr_(self, "give", give)
        setattr_(self, "take_vector", tv)
        setattr_(self, "give_vector", gv)
        # the same cards in forms the engine checks and moves quickly:
        # (type index, count) pairs, camels given, and bit masks of the goods types involved
        setattr_(self, "take_pairs", tuple((i, n) for i, n in enumerate(tv) if n))
        setattr_(self, "give_pairs", tuple((i, n) for i, n in enumerate(gv[:CAMEL_INDEX]) if n))
        setattr_(self, "camels", gv[CAMEL_INDEX])
        setattr_(self, "take_mask", sum(1 << i for i, n in enumerate(tv) if n))
        setattr_(self, "give_mask", sum(1 << i for i, n in enumerate(gv[:CAMEL_INDEX]) if n))
        # what the engine can tell from the action alone: JAI-TAKE-2/3/4/6
        setattr_(self, "well_formed", len(take) == len(give) >= 2 and not tv[CAMEL_INDEX]
                 and not self.take_mask & self.give_mask)
        setattr_(self, "market_code_delta", sum((g - t) * MARKET_CODE[i] for i, (t, g) in enumerate(zip(tv, gv))))
        setattr_(self, "hand_code_delta", sum((t - g) * HAND_CODE[i] for i, (t, g) in enumerate(zip(tv, gv))
                                              if i != CAMEL_INDEX))
        self._freeze((take, give))

    def __repr__(self) -> str:
        return f"Exchange(take={list(self.take)!r}, give={list(self.give)!r})"

    def __str__(self) -> str:
        return f"exchange: take {_describe(self.take)}, give back {_describe(self.give)}"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "take": list(self.take), "give": list(self.give)}


class TakeCamels(Action):
    """Take every camel in the market into the herd (JAI-TAKE-5)."""

    __slots__ = ()
    kind = "take_camels"

    def __init__(self):
        self._freeze(())

    def __repr__(self) -> str:
        return "TakeCamels()"

    def __str__(self) -> str:
        return "take all the camels in the market"

    def to_dict(self) -> dict:
        return {"kind": self.kind}


class Sell(Action):
    """Sell ``count`` cards of one goods type from the hand (JAI-SELL-1..5).

    Args:
        good: a goods type name (``"camel"`` can be named; the engine refuses it, JAI-SELL-5).
        count: how many cards, a whole number.
    """

    __slots__ = ("good", "count", "index")
    kind = "sell"

    def __init__(self, good: str, count: int):
        good = _card_type(good, "Sell")
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(f"Sell: count must be a whole number of cards, not {count!r}")
        object.__setattr__(self, "good", good)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "index", INDEX[good])
        self._freeze((good, count))

    def __repr__(self) -> str:
        return f"Sell({self.good!r}, {self.count})"

    def __str__(self) -> str:
        noun = PLURAL[self.good] if self.count != 1 else self.good
        return f"sell {self.count} {noun}"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "good": self.good, "count": self.count}


class NextRound(Action):
    """Set up the next round after a round has been scored (JAI-MATCH-1)."""

    __slots__ = ()
    kind = "next_round"

    def __init__(self):
        self._freeze(())

    def __repr__(self) -> str:
        return "NextRound()"

    def __str__(self) -> str:
        return "start the next round"

    def to_dict(self) -> dict:
        return {"kind": self.kind}


ACTION_ORDER = {TakeOne: 0, TakeCamels: 1, Exchange: 2, Sell: 3, NextRound: 4}


def parse_action(data: dict) -> Action:
    """Rebuild an action from :meth:`Action.to_dict`; ValueError naming the problem otherwise."""
    if not isinstance(data, dict) or "kind" not in data:
        raise ValueError(f"an action is a dict with a 'kind', not {data!r}")
    kind = data["kind"]
    try:
        if kind == "take_one":
            return TakeOne(data["good"])
        if kind == "exchange":
            return Exchange(data["take"], data["give"])
        if kind == "take_camels":
            return TakeCamels()
        if kind == "sell":
            return Sell(data["good"], data["count"])
        if kind == "next_round":
            return NextRound()
    except KeyError as exc:
        raise ValueError(f"action {kind!r} is missing the field {exc.args[0]!r}") from None
    raise ValueError(f"unknown action kind {kind!r}; kinds: take_one, exchange, take_camels, sell, next_round")

