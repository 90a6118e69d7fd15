"""Samarkand's actions: one frozen dataclass per kind of decision, ``str()`` in plain words.

A turn (SAM-TURN-1) is one or more decisions:

* ``Marry(family)`` (SAM-MARRY-1), then, if cards were drawn, ``Discard(cards)`` (SAM-MARRY-4);
* ``Place(family, space)`` for the first camel (SAM-EXT-1), then a second ``Place`` of the same
  family or ``EndTurn()`` (SAM-EXT-4);
* whenever a camel first reaches a goods space, the holder of that goods card, on turn or
  not, answers ``Sell(number)`` or ``Keep(number)`` (SAM-GOODS-2, SAM-GOODS-4);
* ``Pass()`` only when nothing else is legal ([ruling] in SAM-TURN-1).

Families and spaces are named by their ids in the board data (``"levant"``, ``"g22"``);
goods cards by their numbers 1..33. Building an action checks only the shapes (ids are strings,
goods cards whole numbers 1..33; booleans and floats are refused with a ValueError naming the
field); whether the family or space exists and the action is legal is the engine's question
(``State.why_illegal``), answered with a rule ID.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core import _short, article, join_and
from ..i18n import ngettext, tr


def _id(value, what: str) -> None:
    """A family or space id is a non-empty string (whether it exists is the engine's question)."""
    if value.__class__ is not str or not value:
        raise ValueError(f"{what} is an id, a string such as {'levant' if 'family' in what else 'g3'!r}, "
                         f"not {_short(value)}")


def _goods(value, what: str) -> None:
    """A goods card is its number 1..33 (SAM-COMP-2); booleans and floats are not."""
    if value.__class__ is not int or not 1 <= value <= 33:
        raise ValueError(f"{what} is a goods card number 1..33, not {_short(value)}")


@dataclass(frozen=True, slots=True)
class Marry:
    """Marry into ``family`` (its id): pay its price into its treasury, take a family tile."""

    family: str

    def __post_init__(self):
        _id(self.family, "Marry: family")

    def __str__(self) -> str:
        return tr("marry into {family}").format(family=self.family)


@dataclass(frozen=True, slots=True)
class Place:
    """Place one camel of ``family`` from its reserve on ``space`` (a space id)."""

    family: str
    space: str

    def __post_init__(self):
        if self.family.__class__ is not str or self.space.__class__ is not str:
            _id(self.family, "Place: family")
            _id(self.space, "Place: space")

    def __str__(self) -> str:
        return tr("place {a} {family} camel on {space}").format(a=article(self.family), family=self.family,
                                                                 space=self.space)


@dataclass(frozen=True, slots=True)
class EndTurn:
    """After the first camel: place no second camel and end the turn."""

    def __str__(self) -> str:
        return tr("end the turn after one camel")


@dataclass(frozen=True, slots=True)
class Discard:
    """After drawing: discard these goods cards (0, 1 or 2 numbers). They are kept in ascending order, so
    ``Discard((15, 12)) == Discard((12, 15))``: the order they go to the discard pile in is the engine's, not the
    caller's (it decides the deck after a reshuffle, SAM-DECK-1)."""

    cards: tuple[int, ...] = ()

    def __post_init__(self):
        cards = self.cards
        if cards.__class__ is not tuple:
            if not isinstance(cards, list):
                raise ValueError(f"Discard: cards is a tuple of goods card numbers 1..33 (0, 1 or 2 of them), "
                                 f"not {_short(cards)}")
            cards = tuple(cards)
            object.__setattr__(self, "cards", cards)
        for card in cards:
            _goods(card, "Discard: each card")
        if len(cards) > 1 and any(a > b for a, b in zip(cards, cards[1:])):
            object.__setattr__(self, "cards", tuple(sorted(cards)))

    def __str__(self) -> str:
        if not self.cards:
            return tr("discard nothing")
        return ngettext("discard goods card {cards}", "discard goods cards {cards}", len(self.cards)).format(
            cards=join_and(map(str, self.cards)))


@dataclass(frozen=True, slots=True)
class Sell:
    """Sell goods card ``goods`` (its number) for 3 dirhams as its space is first occupied."""

    goods: int

    def __post_init__(self):
        _goods(self.goods, "Sell: goods")

    def __str__(self) -> str:
        return tr("sell goods card {goods} for 3 dirhams").format(goods=self.goods)


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep goods card ``goods`` in hand instead of selling it (it may score up to 8 at the end)."""

    goods: int

    def __post_init__(self):
        _goods(self.goods, "Keep: goods")

    def __str__(self) -> str:
        return tr("keep goods card {goods}").format(goods=self.goods)


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing: allowed only when no other action is legal ([ruling] in SAM-TURN-1)."""

    def __str__(self) -> str:
        return tr("pass (nothing else is legal)")


Action = Marry | Place | EndTurn | Discard | Sell | Keep | Pass
ACTION_TYPES = (Marry, Place, EndTurn, Discard, Sell, Keep, Pass)


KINDS = ("marry", "place", "discard", "sell", "keep", "end_turn", "pass")
"""The kinds of decision a play app offers (its buttons), for :func:`selection_to_action`."""


def selection_to_action(kind, first=(), second=(), number=0):
    """What the app's buttons build from the learner's selection: ``kind`` (one of :data:`KINDS`),
    ``first`` (a list: the chosen family, or the cards to discard), ``second`` (a list: the chosen
    space), ``number`` (the goods number of a sale decision).

    Returns the action (whether it is legal is the engine's question: ``state.why_illegal``).

    Raises:
        ValueError: an unknown kind, or a selection of the wrong shape (one line, naming it).
    """
    if not isinstance(kind, str) or kind not in KINDS:
        raise ValueError(f"unknown kind of decision {_short(kind)}; the kinds are {', '.join(KINDS)}")

    def one_name(value, what):
        if not isinstance(value, (list, tuple)) or len(value) != 1 or not isinstance(value[0], str):
            raise ValueError(f"{kind}: choose exactly one {what} (its id), not {_short(value, 60)}")
        return value[0]

    if kind == "marry":
        return Marry(one_name(first, "family"))
    if kind == "place":
        return Place(one_name(first, "family"), one_name(second, "space"))
    if kind == "discard":
        if not isinstance(first, (list, tuple)) or not all(
                isinstance(c, int) and not isinstance(c, bool) for c in first):
            raise ValueError(f"discard: choose goods cards by their numbers 1..33, not {_short(first, 60)}")
        return Discard(tuple(sorted(first)))
    if kind in ("sell", "keep"):
        if isinstance(number, bool) or not isinstance(number, int):
            raise ValueError(f"{kind}: the goods card is a whole number 1..33, not {_short(number, 60)}")
        return Sell(number) if kind == "sell" else Keep(number)
    return EndTurn() if kind == "end_turn" else Pass()
