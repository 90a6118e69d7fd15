"""The Jaipur log in plain words: each raw log entry of the engine becomes an :class:`Event`.

The engine (``rules.py``) logs compact tuples while it plays, so that bots pay nothing for the
words; ``State.events`` turns them into sentences with their rule IDs only when asked.
"""
from __future__ import annotations

from ..core import Event
from .components import GOODS, PLURAL, SEALS_TO_WIN

__all__ = ["describe"]

def _describe_cards(cards) -> str:
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    parts = [f"{n} {PLURAL[c] if n > 1 else c}" for c, n in counts.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe(entry: tuple) -> Event:
    """Turn one raw log entry of the engine into an :class:`Event` in plain words."""
    player, kind = entry[0], entry[1]
    who = f"Player {player}"
    if kind == "take_one":
        return Event(player, f"{who} takes one {GOODS[entry[2]]} from the market.", "JAI-TAKE-1")
    if kind == "take_camels":
        n = entry[2]
        return Event(player, (f"{who} takes all {n} camels from the market into the herd." if n > 1 else
                                 f"{who} takes the only camel of the market into the herd."),
                     "JAI-TAKE-5")
    if kind == "exchange":
        action = entry[2]
        return Event(player, f"{who} exchanges: takes {_describe_cards(action.take)} from the market and gives back "
                     f"{_describe_cards(action.give)}.", "JAI-TAKE-2")
    if kind == "sell":
        action, got, bonus = entry[2], entry[3], entry[4]
        noun = PLURAL[action.good] if action.count != 1 else action.good
        text = f"{who} sells {action.count} {noun}"
        if got:
            text += f" and takes {len(got)} goods token{'s' if len(got) > 1 else ''} ({' + '.join(map(str, got))} rupee{'' if sum(got) == 1 else 's'})"
        else:
            text += " but the goods tokens are gone: no goods token"
        if bonus is not None:
            size = min(action.count, 5)
            text += f", plus a face-down {size}{'+' if size == 5 else ''}-card bonus token"
        elif action.count >= 3:
            text += "; the bonus stack for that size is empty"
        return Event(player, text + ".", "JAI-SELL-3" if action.count >= 3 else "JAI-SELL-2")
    if kind == "refill":
        n = entry[2]
        return Event(-1, f"The deck refills the market ({n} card{'s' if n > 1 else ''}).", "JAI-SETUP-3")
    if kind == "setup":
        return Event(-1, f"Round {entry[2] + 1} is dealt: 3 camels and 2 cards in the market, 5 cards each; "
                     f"player {entry[3]} starts.", "JAI-SETUP-1")
    if kind == "round_end":
        return Event(-1, f"The round ends: {entry[3]}.", entry[2])
    if kind == "round_result":
        winner, why = entry[2], entry[3]
        head = f"Player {winner} wins the round and a Seal of Excellence: " if winner is not None else ""
        return Event(-1, head + why, "JAI-END-4")
    if kind == "match_over":
        return Event(-1, f"Player {entry[2]} has {SEALS_TO_WIN} Seals of Excellence and wins the match.",
                     "JAI-MATCH-2")
    return Event(player, str(entry))  # pragma: no cover

