"""A learner's selection of cards and a button, turned into a Jaipur action (the play app uses this).

The arguments come from clicks (or from a learner's code), so every one is checked before it is
used: card names are the exact lower-case names of ``CARD_TYPES``, the selections are lists of
names (not a bare string, not ``None``), the herd count is a whole number of camels the game has.
A selection that cannot be the action of that button is refused with the rule that says why.
"""
from __future__ import annotations

from typing import Any

from ..core import RuleViolation, _short, join_and, plural
from ..i18n import tr
from .actions import Action, Exchange, Sell, TakeCamels, TakeOne
from .components import CAMEL, CAMEL_INDEX, CARD_COUNTS, CARD_TYPES, INDEX, MARKET_SIZE, card_name

__all__ = ["selection_to_action", "KINDS"]

KINDS = ("take_one", "exchange", "take_camels", "sell")
"""The action buttons of the play app, in the order it shows them."""

_MOST_SELECTED = sum(CARD_COUNTS)  # no selection can hold more cards than the game has


def _names(cards: Any, where: str) -> list[str]:
    """The card names of one selection (``market`` or ``hand``), checked."""
    if isinstance(cards, (str, bytes)) or cards is None or not hasattr(cards, "__iter__"):
        raise ValueError(f"{where}: give a list of card names such as ['cloth', 'spice'], not {_short(cards)}")
    names = []
    for card in cards:
        if not isinstance(card, str) or card not in INDEX:
            hint = (f"; card names are lower case: {card.lower()!r}" if isinstance(card, str) and card.lower() in INDEX
                    else f"; the card types are {', '.join(CARD_TYPES)}")
            raise ValueError(f"{where}: unknown card name {_short(card)}{hint}")
        names.append(card)
        if len(names) > _MOST_SELECTED:
            raise ValueError(f"{where}: more than {_MOST_SELECTED} cards selected; the game has {_MOST_SELECTED}")
    return names


def _herd(herd: Any) -> int:
    if isinstance(herd, bool) or not isinstance(herd, int):
        raise ValueError(f"herd: the number of camels selected is a whole number, not {_short(herd)}")
    if not 0 <= herd <= CARD_COUNTS[CAMEL_INDEX]:
        raise ValueError(f"herd: between 0 and {CARD_COUNTS[CAMEL_INDEX]} camels can be selected (the game has "
                         f"{CARD_COUNTS[CAMEL_INDEX]}), not {_short(herd)}")
    return herd


def selection_to_action(kind: str, market=(), hand=(), herd: int = 0) -> Action:
    """Turn a learner's selection of cards and a button into an action (the play app uses this).

    Args:
        kind: ``"take_one"``, ``"exchange"``, ``"take_camels"`` or ``"sell"`` (:data:`KINDS`).
        market: a list (or other iterable) of the names of the market cards selected.
        hand: a list of the names of the hand cards selected.
        herd: how many camels of the herd are selected (a whole number, 0..11), to give back in
            an exchange.

    Returns:
        The action; whether it is legal in a position is for ``State.why_illegal`` to say.

    Raises:
        RuleViolation: the selection cannot be any action of that kind: JAI-TAKE-1 (take one is
            one market card), JAI-TAKE-6 (take camels takes camels only), JAI-TURN-1 (a sale
            takes nothing), JAI-SELL-5 (camels are never sold), JAI-SELL-1 (one goods type).
        ValueError: an unknown kind, a card name that is not one of ``CARD_TYPES`` (exactly, in
            lower case), a selection that is not a list of names, a herd count that is not a
            whole number of camels from 0 to 11.
    """
    if not isinstance(kind, str) or kind not in KINDS:
        raise ValueError(f"unknown kind {_short(kind)}; use {', '.join(KINDS)}")
    market, hand, herd = _names(market, "market"), _names(hand, "hand"), _herd(herd)
    given = hand + [CAMEL] * herd
    if kind == "take_one":
        if len(market) != 1 or given:
            raise RuleViolation("JAI-TAKE-1", tr("take one means exactly one market card and nothing from your hand "
                                                "or herd; you selected {market} of the market and {own} of your "
                                                "own.").format(market=plural(len(market), "card"),
                                                               own=plural(len(given), "card")))
        return TakeOne(market[0])
    if kind == "take_camels":
        if hand or herd or any(c != CAMEL for c in market):
            raise RuleViolation("JAI-TAKE-6", tr("taking camels takes every camel in the market and nothing else; "
                                                "clear the other selected cards first."))
        return TakeCamels()
    if kind == "exchange":
        if len(market) > MARKET_SIZE:
            raise RuleViolation("JAI-SETUP-3", tr("the market shows {shown}; you selected {selected}.").format(
                shown=plural(MARKET_SIZE, "card"), selected=len(market)))
        return Exchange(market, given)
    # kind == "sell"
    if herd or CAMEL in hand:
        raise RuleViolation("JAI-SELL-5", tr("camels are never sold; they stay in your herd and count for the camel "
                                            "token at the end of the round (JAI-END-3). Clear the selected camels."))
    if market:
        raise RuleViolation("JAI-TURN-1", tr("a sale uses cards from your hand only; you take or sell on a turn, "
                                            "never both."))
    types = sorted(set(hand), key=INDEX.__getitem__)
    if not types:
        raise RuleViolation("JAI-SELL-1", tr("select the cards of your hand you want to sell (one goods type)."))
    if len(types) > 1:
        raise RuleViolation("JAI-SELL-1", tr("a sale is of one goods type only; you selected {goods}.").format(
            goods=join_and([card_name(t) for t in types])))
    return Sell(types[0], len(hand))
