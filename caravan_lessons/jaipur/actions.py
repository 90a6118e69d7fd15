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

from ..core import _short, join_and
from ..i18n import tr
from .components import CAMEL_INDEX, CARD_CODE, CARD_TYPES, INDEX, card_name, cards

__all__ = ["TakeOne", "Exchange", "TakeCamels", "Sell", "NextRound", "Action", "parse_action"]


def _card_type(name: object, what: str) -> str:
    if not isinstance(name, str) or name.lower() not in INDEX:
        raise ValueError(f"{what}: unknown card type {_short(name)}; the types are {', '.join(CARD_TYPES)}")
    return name.lower()


def _cards(names: Iterable[str] | str, what: str) -> tuple[str, ...]:
    if isinstance(names, str):
        raise ValueError(f"{what}: give a list of card names such as ['cloth', 'spice'], not the string {_short(names)}")
    try:
        cards = [_card_type(n, what) for n in names]
    except TypeError:
        raise ValueError(f"{what}: give a list of card names, not {_short(names)}") from None
    return tuple(sorted(cards, key=INDEX.__getitem__))


def _vector(cards: Iterable[str]) -> tuple[int, ...]:
    counts = [0] * len(CARD_TYPES)
    for c in cards:
        counts[INDEX[c]] += 1
    return tuple(counts)


_NAMED_PILES: dict[int, tuple] = {}


def _pile(code: int) -> tuple:
    """A pile given by its code (components.CARD_CODE) as Exchange keeps it: card names (sorted),
    count vector, (goods index, count) pairs, goods mask and goods code (camels left out)."""
    pile = _NAMED_PILES.get(code)
    if pile is None:
        vector = tuple(code >> 4 * i & 15 for i in range(len(CARD_TYPES)))
        pairs = tuple((i, n) for i, n in enumerate(vector[:CAMEL_INDEX]) if n)
        pile = _NAMED_PILES[code] = (tuple(name for name, n in zip(CARD_TYPES, vector) for _ in range(n)), vector,
                                     pairs, sum(1 << i for i, _ in pairs), sum(n * CARD_CODE[i] for i, n in pairs))
    return pile


def _describe(pile: tuple[str, ...]) -> str:
    counts = Counter(pile)
    return join_and([cards(n, c) for c, n in counts.items()]) or tr("nothing")


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
        return tr("take one {good} from the market").format(good=card_name(self.good))

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
                 "take_mask", "give_mask", "well_formed", "market_code_delta", "hand_code_delta",
                 "take_code", "give_code", "need_code", "moves", "coded")
    kind = "exchange"

    def __init__(self, take: Iterable[str], give: Iterable[str]):
        take = _cards(take, "Exchange take")
        give = _cards(give, "Exchange give")
        self._setup(take, give, _vector(take), _vector(give))

    @classmethod
    def _of_codes(cls, take_code: int, give_code: int) -> "Exchange":
        """The engine's quick constructor: the same action as ``Exchange(take, give)``, from the
        codes (components.CARD_CODE) of the cards taken and of the cards given (camels included).

        The engine builds only well-formed exchanges without camels taken; for those the fields
        come straight from the two piles (same values as _setup computes, checked by the tests).
        """
        take, tv, take_pairs, take_mask, taken = _pile(take_code)
        give, gv, give_pairs, give_mask, given = _pile(give_code)
        if tv[CAMEL_INDEX] or take_mask & give_mask or len(take) != len(give) or len(take) < 2:
            return cls(take, give)
        self = object.__new__(cls)
        camels = gv[CAMEL_INDEX]
        for setter, value in zip(_EXCHANGE_SETTERS, (
                take, give, tv, gv, take_pairs, give_pairs, camels, take_mask, give_mask, True,
                given + camels * CARD_CODE[CAMEL_INDEX] - taken, taken - given, taken, given, taken | given << 28,
                tuple(sorted([(i, -n) for i, n in take_pairs] + list(give_pairs))), max(tv + gv) <= 7)):
            setter(self, value)
        self._freeze((take, give))
        return self

    def _setup(self, take: tuple[str, ...], give: tuple[str, ...], tv: tuple[int, ...], gv: tuple[int, ...]) -> None:
        # the same cards in forms the engine checks and moves quickly: (type index, count) pairs,
        # camels given, bit masks of the goods types involved, codes (components.CARD_CODE: the
        # take, the goods given, and both as need_code = take | goods given << 28, what the market
        # and the hand must hold), and the change of the market per goods type moved (-taken or +given)
        take_pairs, give_pairs, moves = [], [], []
        take_mask = give_mask = take_code = give_code = 0
        for i in range(CAMEL_INDEX):
            t, g = tv[i], gv[i]
            if t:
                take_pairs.append((i, t))
                take_mask |= 1 << i
                take_code += t * CARD_CODE[i]
            if g:
                give_pairs.append((i, g))
                give_mask |= 1 << i
                give_code += g * CARD_CODE[i]
            if t or g:
                moves.append((i, g - t))
        if tv[CAMEL_INDEX]:
            take_pairs.append((CAMEL_INDEX, tv[CAMEL_INDEX]))
            take_mask |= 1 << CAMEL_INDEX
        camels = gv[CAMEL_INDEX]
        taken = take_code + tv[CAMEL_INDEX] * CARD_CODE[CAMEL_INDEX]
        # what the engine can tell from the action alone: JAI-TAKE-2/3/4/6
        well_formed = len(take) == len(give) >= 2 and not tv[CAMEL_INDEX] and not take_mask & give_mask
        for setter, value in zip(_EXCHANGE_SETTERS, (
                take, give, tv, gv, tuple(take_pairs), tuple(give_pairs), camels, take_mask, give_mask, well_formed,
                give_code + camels * CARD_CODE[CAMEL_INDEX] - taken, take_code - give_code,  # code deltas
                taken, give_code, taken | give_code << 28, tuple(moves),
                well_formed and max(tv + gv) <= 7)):  # coded: the engine may check it on the codes (_GUARD)
            setter(self, value)
        self._freeze((take, give))

    def __repr__(self) -> str:
        return f"Exchange(take={list(self.take)!r}, give={list(self.give)!r})"

    def __str__(self) -> str:
        return tr("exchange: take {take}, give back {give}").format(take=_describe(self.take), give=_describe(self.give))

    def to_dict(self) -> dict:
        return {"kind": self.kind, "take": list(self.take), "give": list(self.give)}


_EXCHANGE_SETTERS = tuple(getattr(Exchange, name).__set__ for name in (
    "take", "give", "take_vector", "give_vector", "take_pairs", "give_pairs", "camels", "take_mask", "give_mask",
    "well_formed", "market_code_delta", "hand_code_delta", "take_code", "give_code", "need_code", "moves", "coded"))
"""Setters of the Exchange fields, in the order _setup computes them (Action.__setattr__ refuses)."""


class TakeCamels(Action):
    """Take every camel in the market into the herd (JAI-TAKE-5)."""

    __slots__ = ()
    kind = "take_camels"

    def __init__(self):
        self._freeze(())

    def __repr__(self) -> str:
        return "TakeCamels()"

    def __str__(self) -> str:
        return tr("take all the camels in the market")

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
            raise ValueError(f"Sell: count must be a whole number of cards, not {_short(count)}")
        object.__setattr__(self, "good", good)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "index", INDEX[good])
        self._freeze((good, count))

    def __repr__(self) -> str:
        return f"Sell({self.good!r}, {self.count})"

    def __str__(self) -> str:
        return tr("sell {cards}").format(cards=cards(self.count, self.good))

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
        return tr("start the next round")

    def to_dict(self) -> dict:
        return {"kind": self.kind}


ACTION_ORDER = {TakeOne: 0, TakeCamels: 1, Exchange: 2, Sell: 3, NextRound: 4}


def parse_action(data: dict) -> Action:
    """Rebuild an action from :meth:`Action.to_dict`; ValueError naming the problem otherwise."""
    if not isinstance(data, dict) or "kind" not in data:
        raise ValueError(f"an action is a dict with a 'kind', not {_short(data)}")
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
        raise ValueError(f"action {_short(kind)} is missing the field {_short(exc.args[0])}") from None
    raise ValueError(f"unknown action kind {_short(kind)}; kinds: take_one, exchange, take_camels, sell, next_round")

