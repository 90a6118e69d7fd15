"""A learner's selection of cards and a button, turned into a Jaipur action (the play app uses this).
"""
from __future__ import annotations

from typing import Iterable

from ..core import RuleViolation
from .actions import Action, Exchange, Sell, TakeCamels, TakeOne
from .components import INDEX

__all__ = ["selection_to_action"]


def selection_to_action(kind: str, market: Iterable[str] = (), hand: Iterable[str] = (),
                        herd: int = 0) -> Action:
    """Turn a learner's selection of cards and a button into an action (the play app uses this).

    Args:
        kind: ``"take_one"``, ``"exchange"``, ``"take_camels"`` or ``"sell"``.
        market: names of the market cards selected.
        hand: names of the hand cards selected.
        herd: how many camels of the herd are selected (to give back in an exchange).

    Returns:
        The action; whether it is legal is for ``State.why_illegal`` to say.

    Raises:
        RuleViolation: the selection cannot be any action of that kind (the rule says why).
        ValueError: an unknown kind or card name.
    """
    market, hand = list(market), list(hand)
    given = hand + ["camel"] * herd
    if kind == "take_one":
        if len(market) != 1 or given:
            raise RuleViolation("JAI-TAKE-1", f"take one means exactly one market card and nothing from your hand "
                                f"or herd; you selected {len(market)} market card(s) and {len(given)} of your own.")
        return TakeOne(market[0])
    if kind == "take_camels":
        if hand or herd or any(c != "camel" for c in market):
            raise RuleViolation("JAI-TAKE-6", "taking camels takes every camel in the market and nothing else; "
                                "clear the other selected cards first.")
        return TakeCamels()
    if kind == "exchange":
        return Exchange(market, given)
    if kind == "sell":
        if market or herd:
            raise RuleViolation("JAI-TURN-1", "a sale uses cards from your hand only; you take or sell on a turn, "
                                "never both.")
        types = sorted(set(hand), key=INDEX.__getitem__)
        if not types:
            raise RuleViolation("JAI-SELL-1", "select the cards of your hand you want to sell (one goods type).")
        if len(types) > 1:
            raise RuleViolation("JAI-SELL-1", f"a sale is of one goods type only; you selected "
                                f"{' and '.join(types)}.")
        return Sell(types[0], len(hand))
    raise ValueError(f"unknown kind {kind!r}; use take_one, exchange, take_camels or sell")

