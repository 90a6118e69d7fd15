"""The actions of The Voyages of Marco Polo: frozen dataclasses, ``str()`` in plain words.

A die is a pair ``(colour, value)``: colour ``"own"`` (the player's 5 dice), ``"black"``
(MP-BONUS-6) or ``"white"`` (Matteo Polo's, MP-CHAR-2); value 1..6, or 0 for Raschid's dice
which show nothing until he places them (MP-CHAR-1).

Turn actions (the player whose turn it is):

* :class:`Place` -- put dice on an action space: the one main action of the turn (MP-TURN-1) or
  the moneybag bonus action (MP-BONUS-3);
* :class:`Fulfil`, :class:`Reroll`, :class:`Adjust`, :class:`BuyBlackDie` -- bonus actions (MP-BONUS-*);
* :class:`EndTurn` -- after the main action.

Decisions inside effects (whoever the effect belongs to):

* :class:`Move` -- the path(s) of a Travel or of an extra move (MP-TRAVEL-*, MP-MOVE-1);
* :class:`Choose` -- every other choice: a bazaar column, goods of choice, a contract, coins or
  camels, repetitions of a city card, a character, ... (``kind`` names which).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import _short, join_and, plural
from ..i18n import N_plural, tr

Die = tuple[str, int]

GOOD_NAMES = ("pepper", "silk", "gold")


_COLOURS = {"black": N_plural("black die", "black dice"), "white": N_plural("white die", "white dice"),
            "neutral": N_plural("neutral die", "neutral dice")}
"""The dice that are not a player's own colour, as catalogue nouns."""


def die_text(die: Die) -> str:
    """A die in words: ``"4"`` (one's own colour), ``"black 2"``, ``"white unset"`` (Raschid's, MP-CHAR-1)."""
    colour, value = die
    shown = tr("unset") if value == 0 else str(value)
    if colour == "own":
        return shown
    if colour == "black":
        return tr("black {value}").format(value=shown)
    if colour == "white":
        return tr("white {value}").format(value=shown)
    return f"{colour} {shown}"


NOUNS = {"coins": N_plural("coin", "coins"), "camels": N_plural("camel", "camels"),
         "vp": N_plural("victory point", "victory points"),
         "pepper": N_plural("pepper", "pepper"), "silk": N_plural("silk", "silk"), "gold": N_plural("gold", "gold"),
         "good_choice": N_plural("good of your choice", "goods of your choice"),
         "different_goods": N_plural("good", "different goods"),
         "any_good": N_plural("good of any kind", "goods of any kind"), "extra_move": N_plural("extra move", "extra moves"),
         "extra_contract": N_plural("extra contract", "extra contracts"), "black_die": N_plural("black die", "black dice")}
"""Bundle key -> (singular, plural) for logs and messages (goods are mass nouns: "1 pepper", "2 pepper")."""


def amount_text(n: int, key: str) -> str:
    """``n`` of a bundle key in words, its number right: ``amount_text(1, "coins") == "1 coin"``,
    ``amount_text(2, "black_die") == "2 black dice"``, ``amount_text(3, "silk") == "3 silk"``."""
    one, many = NOUNS.get(key, (key.replace("_", " "), key.replace("_", " ")))
    return plural(n, one, many)


def dice_text(dice, set_to: int = 0) -> str:
    """Dice in words: ``"3, 5, black 2"``; Raschid's unrolled dice (value 0, MP-CHAR-1) are counted by colour,
    ``"2 dice and 1 black die set to 4"`` when ``set_to`` is given, else ``"5 dice to set"``."""
    shown = [die_text(d) for d in dice if d[1] != 0]
    unset: dict[str, int] = {}
    for colour, value in dice:
        if value == 0:
            unset[colour] = unset.get(colour, 0) + 1
    if unset:
        counted = [plural(n, "die", "dice") if colour == "own" else
                   plural(n, *_COLOURS.get(colour, (f"{colour} die", f"{colour} dice"))) for colour, n in unset.items()]
        shown.append((tr("{dice} set to {value}") if set_to else tr("{dice} to set")).format(
            dice=join_and(counted), value=set_to))
    return ", ".join(shown)


def goods_text(vector) -> str:
    """Goods counts ``(pepper, silk, gold)`` in words: ``"2 pepper, 1 gold"``, or ``"nothing"``."""
    parts = [amount_text(n, GOOD_NAMES[i]) for i, n in enumerate(vector) if n]
    return ", ".join(parts) or tr("nothing")


def _words_never_raise(cls):
    """Class decorator: ``str(action)`` of an action built by hand with values of the wrong shape (which
    ``apply`` refuses, naming its rule) names the action and its values, cut short, instead of raising from
    inside the wording."""
    words = cls.__str__

    def __str__(self) -> str:
        try:
            return words(self)
        except (TypeError, ValueError, AttributeError, IndexError, KeyError):
            fields = ", ".join(f"{name}={_short(getattr(self, name, None))}" for name in cls.__slots__)
            return f"{cls.__name__}({fields})"

    __str__.__doc__ = words.__doc__
    cls.__str__ = __str__
    return cls


@_words_never_raise
@dataclass(frozen=True, slots=True)
class Place:
    """Place dice on an action space.

    Attributes:
        space: ``"coins"``, ``"bazaar:camel"``, ``"bazaar:pepper"``, ``"bazaar:silk"``, ``"bazaar:gold"``,
            ``"khan"``, ``"contracts"``, ``"travel"``, ``"city:<card id>"`` or ``"moneybag"``.
        dice: the dice placed, each ``(colour, value)``; kept in ascending order (any order given is the same action).
        set_to: Raschid ad-Din Sinan only (MP-CHAR-1): the value his placed dice show (1..6); 0 otherwise.
    """

    space: str
    dice: tuple[Die, ...]
    set_to: int = 0

    def __post_init__(self):
        # the dice are kept in ascending order, as legal_actions() offers them: Place(s, (("own", 5), ("own", 2)))
        # is the offered Place(s, (("own", 2), ("own", 5))), not another action that leaves the dice on the space
        # in another order (found by tests/fuzz/test_fuzz_games.py)
        dice = self.dice
        if dice.__class__ is tuple and len(dice) > 1:
            try:
                if any(a > b for a, b in zip(dice, dice[1:])):
                    object.__setattr__(self, "dice", tuple(sorted(dice)))
            except Exception:  # dice that do not compare: why_illegal says what is wrong with them (MP-TURN-1)
                pass

    def __str__(self) -> str:
        from .components import SPACE_NAMES

        where = SPACE_NAMES.get(self.space) or tr("city card {card}").format(card=self.space[5:])
        if self.set_to and any(d[1] == 0 for d in self.dice):     # Raschid's dice (MP-CHAR-1)
            return tr("place {dice} on {space}").format(dice=dice_text(self.dice, self.set_to), space=where)
        dice = ", ".join(die_text(d) for d in self.dice)
        if self.set_to:
            return tr("place {dice} set to {value} on {space}").format(dice=dice, value=self.set_to, space=where)
        return tr("place {dice} on {space}").format(dice=dice, space=where)


@_words_never_raise
@dataclass(frozen=True, slots=True)
class Fulfil:
    """Bonus action MP-BONUS-2: fulfil the active contract ``contract`` (its id)."""

    contract: int

    def __str__(self) -> str:
        return tr("fulfil contract {contract}").format(contract=self.contract)


@_words_never_raise
@dataclass(frozen=True, slots=True)
class Reroll:
    """Bonus action MP-BONUS-4: pay 1 camel and roll ``die`` again."""

    die: Die

    def __str__(self) -> str:
        return tr("reroll the die {die} (1 camel)").format(die=die_text(self.die))


@_words_never_raise
@dataclass(frozen=True, slots=True)
class Adjust:
    """Bonus action MP-BONUS-5: pay 2 camels and turn ``die`` by ``delta`` (+1 or -1)."""

    die: Die
    delta: int

    def __str__(self) -> str:
        return tr("turn the die {die} to {value} (2 camels)").format(die=die_text(self.die), value=self.die[1] + self.delta)


@_words_never_raise
@dataclass(frozen=True, slots=True)
class BuyBlackDie:
    """Bonus action MP-BONUS-6: pay 3 camels, take a black die and roll it."""

    def __str__(self) -> str:
        return tr("take a black die (3 camels)")


@_words_never_raise
@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn after the main action (MP-TURN-1)."""

    def __str__(self) -> str:
        return tr("end the turn")


@_words_never_raise
@dataclass(frozen=True, slots=True)
class Move:
    """The path of each traveller for a Travel or an extra move.

    Attributes:
        paths: one tuple of location ids per traveller of the player (1, or 2 for Niccolò and Marco,
            MP-CHAR-8), each from the traveller's location to where it stops; a traveller that stays
            has a 1-tuple. An empty ``paths`` declines (forfeits) an extra move (MP-MOVE-1).
    """

    paths: tuple[tuple[str, ...], ...]

    def __str__(self) -> str:
        if not self.paths:
            return tr("give up the extra move")
        moves = ["–".join(p) for p in self.paths if len(p) > 1]
        return tr("move {paths}").format(paths=join_and(moves)) if moves else tr("stay")


@_words_never_raise
@dataclass(frozen=True, slots=True)
class Choose:
    """A decision inside an effect.

    ``kind`` and ``value``:

    * ``"character"``: a character id (MP-SETUP-11);
    * ``"compensation"``: how many coins (the rest in camels) (MP-ROUND-4);
    * ``"column"``: the bazaar column 1..6 (MP-BAZAAR-1);
    * ``"goods"``: (pepper, silk, gold) counts of goods of choice to take;
    * ``"pay_goods"``: (pepper, silk, gold) counts of goods of choice to pay;
    * ``"contract"``: the board column (1..6) of the contract to take, or 0 to take no more (MP-CONTRACT-1);
    * ``"discard"``: the id of the active contract to discard (MP-CONTRACT-3);
    * ``"column_bonus"``: coins of a column 5/6 bonus, the rest in camels (MP-CONTRACT-2);
    * ``"repeat"``: how many times to do a city card's exchange (MP-CITY-3);
    * ``"direction"``: 0 or 1, the direction of a two-way city card (MP-CITY-3);
    * ``"cities"``: a tuple of own small cities whose bonus to trigger (city cards 23 and 25);
    * ``"copy"``: the id of the city bonus copied by the Xian-style bonus (MP-CITYBONUS-1);
    * ``"move_post"``: the city whose trading post moves to the new city, or "" to leave them (MP-TRAVEL-11);
    * ``"extra_contract"``: the board column of the contract taken as a reward, or 0 for none.
    """

    kind: str
    value: Any

    def __str__(self) -> str:
        kind, v = self.kind, self.value
        if kind == "goods":
            return tr("take {goods}").format(goods=goods_text(v))
        if kind == "pay_goods":
            return tr("pay {goods}").format(goods=goods_text(v))
        if kind == "compensation":
            return tr("compensation: {coins}, the rest in camels").format(coins=plural(v, "coin"))
        if kind == "column":
            return tr("bazaar column {column}").format(column=v)
        if kind == "column_bonus":
            return tr("column bonus: {coins}, the rest in camels").format(coins=plural(v, "coin"))
        if kind == "contract":
            return tr("take the contract in column {column}").format(column=v) if v else tr("take no more contracts")
        if kind == "extra_contract":
            return (tr("take the contract in column {column} as a reward").format(column=v) if v else
                    tr("take no contract"))
        if kind == "move_post":
            return (tr("move the trading post from {city}").format(city=v) if v else
                    tr("leave the trading posts where they are"))
        if kind == "cities":
            return tr("trigger the bonus of {cities}").format(cities=", ".join(v) if v else tr("no city"))
        return f"{kind}: {v}"


Action = Place | Fulfil | Reroll | Adjust | BuyBlackDie | EndTurn | Move | Choose
