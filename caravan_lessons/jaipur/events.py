"""The Jaipur log in plain words: each raw log entry of the engine becomes an :class:`Event`.

The engine (``rules.py``) logs compact tuples while it plays, so that bots pay nothing for the
words; ``State.events`` turns them into sentences with their rule IDs only when asked, in the
language of that moment (:func:`caravan_lessons.set_language`).
"""
from __future__ import annotations

from ..core import Event, join_and, plural
from ..i18n import tr
from ..i18n import ngettext
from .components import GOODS, SEALS_TO_WIN, card_name, cards

__all__ = ["describe"]


def _describe_cards(items) -> str:
    counts: dict[str, int] = {}
    for card in items:
        counts[card] = counts.get(card, 0) + 1
    return join_and([cards(n, c) for c, n in counts.items()])


def describe(entry: tuple) -> Event:
    """Turn one raw log entry of the engine into an :class:`Event` in plain words."""
    player, kind = entry[0], entry[1]
    if kind == "take_one":
        return Event(player, tr("Player {seat} takes one {good} from the market.").format(
            seat=player, good=card_name(GOODS[entry[2]])), "JAI-TAKE-1")
    if kind == "take_camels":
        n = entry[2]
        text = (tr("Player {seat} takes all {camels} from the market into the herd.") if n > 1 else
                tr("Player {seat} takes the only camel of the market into the herd."))
        return Event(player, text.format(seat=player, camels=plural(n, "camel")), "JAI-TAKE-5")
    if kind == "exchange":
        action = entry[2]
        return Event(player, tr("Player {seat} exchanges: takes {take} from the market and gives back {give}.").format(
            seat=player, take=_describe_cards(action.take), give=_describe_cards(action.give)), "JAI-TAKE-2")
    if kind == "sell":
        action, got, bonus = entry[2], entry[3], entry[4]
        sold = cards(action.count, action.good)
        if got:
            text = ngettext("Player {seat} sells {cards} and takes {tokens} ({values} rupee)",
                            "Player {seat} sells {cards} and takes {tokens} ({values} rupees)", sum(got)).format(
                seat=player, cards=sold, tokens=plural(len(got), "goods token"), values=" + ".join(map(str, got)))
        else:
            text = tr("Player {seat} sells {cards} but the goods tokens are gone: no goods token").format(
                seat=player, cards=sold)
        if bonus is not None:
            size = min(action.count, 5)
            text += (tr(", plus a face-down 5+-card bonus token") if size == 5 else
                     tr(", plus a face-down {size}-card bonus token").format(size=size))
        elif action.count >= 3:
            text += tr("; the bonus stack for that size is empty")
        return Event(player, text + ".", "JAI-SELL-3" if action.count >= 3 else "JAI-SELL-2")
    if kind == "refill":
        return Event(-1, tr("The deck refills the market ({cards}).").format(cards=plural(entry[2], "card")),
                     "JAI-SETUP-3")
    if kind == "setup":
        return Event(-1, tr("Round {round} is dealt: 3 camels and 2 cards in the market, 5 cards each; "
                           "player {seat} starts.").format(round=entry[2] + 1, seat=entry[3]), "JAI-SETUP-1")
    if kind == "round_end":
        return Event(-1, tr("The round ends: {reason}.").format(reason=entry[3]), entry[2])
    if kind == "round_result":
        winner, why = entry[2], entry[3]
        head = (tr("Player {seat} wins the round and a Seal of Excellence: ").format(seat=winner)
                if winner is not None else "")
        return Event(-1, head + str(why), "JAI-END-4")
    if kind == "match_over":
        return Event(-1, tr("Player {seat} has {seals} and wins the match.").format(
            seat=entry[2], seals=plural(SEALS_TO_WIN, "Seal of Excellence", "Seals of Excellence")), "JAI-MATCH-2")
    return Event(player, str(entry))  # pragma: no cover

