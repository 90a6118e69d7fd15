"""Build a Jaipur position by hand, for lessons, exercises and tests.

    from caravan_lessons.jaipur import scenario
    state = scenario(market={"camel": 3, "cloth": 2}, hands=[{"cloth": 3}, {"spice": 2}],
                     herds=(2, 0), deck_top=["diamond"])

Every card the position does not place goes to the deck below ``deck_top`` (or, with
``deck_size``, the surplus goes to the discard pile), so the 55 cards are all there
(JAI-COMP-1) and the position is a real one: it is checked like a saved game.
"""
from __future__ import annotations

import random
from typing import Mapping, Sequence

from ..core import FORMAT_VERSION, SaveFileError, _short, check_seat, check_seed
from .components import BONUS_TOKENS, CARD_COUNTS, CARD_TYPES, EMPTY_STACKS_TO_END, GOODS, GOODS_TOKENS
from .rules import State
from .saves import state_from_dict

__all__ = ["scenario"]


def scenario(market: Mapping[str, int], hands: Sequence[Mapping[str, int]] = ({}, {}),
             herds: Sequence[int] = (0, 0), deck_top: Sequence[str] = (), deck_size: int | None = None,
             tokens: Sequence[Mapping[str, int]] = ({}, {}), bonus: Sequence[Sequence[tuple[int, int]]] = ((), ()),
             current_player: int = 0, seals: Sequence[int] = (0, 0), seed: int = 0) -> State:
    """A Jaipur state in the middle of a round.

    Args:
        market: card counts on display, e.g. ``{"camel": 3, "cloth": 2}`` (5 cards while the deck lasts).
        hands: per seat, goods card counts in hand.
        herds: per seat, camels in the herd.
        deck_top: the next cards of the deck, the first drawn first.
        deck_size: cards left in the deck (default: every card not placed elsewhere); the goods that
            do not fit were sold earlier in the round: they go to the discard pile and the seats take
            their goods tokens, one sale per type, alternately from seat 0 (JAI-SELL-2; see
            ``_sell_earlier``). Camels are never discarded, so every camel must fit.
        tokens: per seat, how many goods tokens of each type that seat already took (from the top
            of the stacks, seat 0 first); the matching cards are in the discard pile.
        bonus: per seat, bonus tokens already won as ``(size, rupees)`` pairs.
        current_player: the seat to move.
        seals: Seals of Excellence already won.
        seed: orders the unplaced cards of the deck and the bonus stacks.

    The position goes through the same checks as a saved game (``saves.check_consistency``), so an
    impossible one is refused; ``seals`` imply that many rounds were already played (``round_index``).

    Raises:
        SaveFileError: an argument that is not what this says, or the position is impossible (more cards of a type than the game has, a hand
            over 7 cards, ...), with the rule ID.
    """
    _check_arguments(market, hands, herds, deck_top, deck_size, tokens, bonus, current_player, seals, seed)
    rng = random.Random(seed)
    placed = {c: 0 for c in CARD_TYPES}
    for pile in [market, *hands]:
        for card, n in pile.items():
            placed[card] += n
    placed["camel"] += sum(herds)
    for card in deck_top:
        placed[card] += 1
    discard = {c: 0 for c in CARD_TYPES}
    goods_tokens: list[list[list]] = [[], []]
    taken = {g: 0 for g in GOODS}
    for seat in (0, 1):
        for good, n in tokens[seat].items():
            stack = GOODS_TOKENS[GOODS.index(good)]
            values = stack[taken[good]:taken[good] + n]
            if len(values) < n:
                raise SaveFileError(f"JAI-COMP-2: there are only {len(stack)} {good} goods tokens")
            goods_tokens[seat].extend([good, v] for v in values)
            taken[good] += n
            discard[good] += n
            placed[good] += n
    rest = []
    for card, total in zip(CARD_TYPES, CARD_COUNTS):
        left = total - placed[card]
        if left < 0:
            raise SaveFileError(f"JAI-COMP-1: the position uses {placed[card]} {card} cards; the game has {total}")
        rest.extend([card] * left)
    rng.shuffle(rest)
    if deck_size is not None:
        keep = max(0, deck_size - len(deck_top))
        if deck_size < len(deck_top) or keep > len(rest):
            raise SaveFileError(f"scenario: deck_size {deck_size} cannot be met: deck_top gives {len(deck_top)} "
                                f"and {len(rest)} more cards are left (JAI-COMP-1)")
        goods_left = [c for c in rest if c != "camel"]
        if len(rest) - len(goods_left) > keep:
            raise SaveFileError(f"JAI-SELL-5: {len(rest) - len(goods_left) - keep} camels are left over and camels "
                                "are never discarded; put them in the market, the herds or deck_top")
        sold = _earlier_sales(goods_left, len(rest) - keep, taken)
        _sell_earlier(sold, goods_tokens, taken, discard)
        for good, n in sold.items():
            for _ in range(n):
                rest.remove(good)
        rng.shuffle(rest)
    deck = rest + list(reversed(deck_top))  # the top of the deck is the end of the list
    bonus_stacks = {}
    for size, values in BONUS_TOKENS.items():
        remaining = list(values)
        for seat in (0, 1):
            for z, v in bonus[seat]:
                if z == size:
                    remaining.remove(v)
        rng.shuffle(remaining)
        bonus_stacks[str(size)] = remaining
    return state_from_dict({
        "game": "jaipur", "version": FORMAT_VERSION, "seed": seed, "round_index": sum(seals), "first_player": 0,
        "starting_player": current_player, "current_player": current_player, "phase": "playing", "turn": 0,
        "deck": deck, "market": {c: n for c, n in market.items() if n},
        "hands": [{c: n for c, n in h.items() if n} for h in hands], "herds": list(herds),
        "discard": {c: n for c, n in discard.items() if n}, "goods_tokens": goods_tokens,
        "bonus_stacks": bonus_stacks, "bonus_tokens": [[list(t) for t in bonus[s]] for s in (0, 1)],
        "camel_token": None, "seals": list(seals), "round_results": [], "events": [],
    }, "scenario")


def _earlier_sales(goods: list[str], n: int, taken: dict[str, int]) -> dict[str, int]:
    """How many cards of each good ``deck_size`` sets aside as sold earlier in the round: ``n`` in all.

    [ruling] The cards are picked in the (shuffled) order of ``goods``, but a position must stay one
    a round can reach: a sale empties a goods-token stack only if no other choice is left, and never
    a third one (JAI-END-1 would have ended the round); precious goods are sold 2 or more at a time
    (JAI-SELL-4), so none is set aside alone when a cheaper card can take its place.

    Raises:
        SaveFileError: JAI-END-1, when ``n`` goods cannot be set aside without emptying 3 stacks.
    """
    have = {g: goods.count(g) for g in GOODS}
    left = {g: len(GOODS_TOKENS[GOODS.index(g)]) - taken[g] for g in GOODS}  # tokens still on each stack
    empty = sum(left[g] <= 0 for g in GOODS)
    room = {g: have[g] if left[g] <= 0 else min(have[g], left[g] - 1) for g in GOODS}  # sold, stack kept
    sold = {g: 0 for g in GOODS}
    for card in goods:
        if sum(sold.values()) < n and sold[card] < room[card]:
            sold[card] += 1
    for g in sorted(GOODS, key=lambda g: have[g] - sold[g], reverse=True):  # then empty as few stacks as need be
        if sum(sold.values()) >= n or have[g] == sold[g]:
            continue
        if empty >= EMPTY_STACKS_TO_END - 1:
            raise SaveFileError(f"JAI-END-1: a deck this small means {n} more goods were sold, which empties "
                                f"{EMPTY_STACKS_TO_END} goods-token stacks: the round would be over; give a "
                                "bigger deck_size or place more cards")
        sold[g] += min(have[g] - sold[g], n - sum(sold.values()))
        empty += sold[g] >= left[g]
    for g in GOODS[:3]:  # no lone precious card (JAI-SELL-4)
        if sold[g] != 1:
            continue
        other = next((h for h in GOODS[3:] if sold[h] < room[h]), None)
        if other is not None:
            sold[g], sold[other] = 0, sold[other] + 1
    return sold


def _sell_earlier(sold: dict[str, int], goods_tokens: list[list[list]], taken: dict[str, int],
                  discard: dict[str, int]) -> None:
    """Record the surplus goods as sales made earlier in the round (JAI-SELL-2), in place.

    ``sold`` maps each good to the cards set aside (:func:`_earlier_sales`).

    [ruling] A discard pile only ever holds cards that were sold, and each card sold took a goods
    token while its stack lasted. So the goods that ``deck_size`` sets aside are sold, one sale per
    type (most valuable first), the seats taking turns from seat 0; each takes its tokens from the
    top of the stack after the ``tokens`` the caller gave. No bonus tokens are awarded for these
    sales (pass ``bonus`` for that).
    """
    seat = 0
    for g, good in enumerate(GOODS):
        n = sold[good]
        if not n:
            continue
        stack = GOODS_TOKENS[g]
        goods_tokens[seat].extend([good, v] for v in stack[taken[good]:taken[good] + n])
        taken[good] = min(len(stack), taken[good] + n)
        discard[good] += n
        seat = 1 - seat


def _check_arguments(market, hands, herds, deck_top, deck_size, tokens, bonus, current_player, seals, seed) -> None:
    """The arguments of :func:`scenario` are what its docstring says; SaveFileError naming the argument."""
    def pile(value, name):
        if not isinstance(value, Mapping) or any(
                c not in CARD_TYPES or isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 20
                for c, n in value.items()):
            raise SaveFileError(f"scenario: {name} maps card names ({', '.join(CARD_TYPES)}) to counts 0..20, "
                                f"not {_short(value)}")

    def pair(value, name):
        if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Sequence) or len(value) != 2:
            raise SaveFileError(f"scenario: {name} holds one entry per seat (2), not {_short(value)}")

    pile(market, "market")
    for name, value in (("hands", hands), ("herds", herds), ("tokens", tokens), ("bonus", bonus), ("seals", seals)):
        pair(value, name)
    for seat in (0, 1):
        pile(hands[seat], f"hands[{seat}]")
        pile(tokens[seat], f"tokens[{seat}]")
        if any(good not in GOODS for good in tokens[seat]):
            raise SaveFileError(f"scenario: tokens[{seat}] names goods only, not {_short(tokens[seat])}")
        if isinstance(bonus[seat], (str, bytes, Mapping)) or not isinstance(bonus[seat], Sequence) or not all(
                isinstance(t, (tuple, list)) and len(t) == 2 and all(type(x) is int for x in t)
                and t[0] in BONUS_TOKENS and t[1] in BONUS_TOKENS[t[0]] for t in bonus[seat]):
            raise SaveFileError(f"scenario: bonus[{seat}] holds (size, rupees) pairs of the game's bonus tokens, "
                                f"not {_short(bonus[seat])}")
        for name, values in (("herds", herds), ("seals", seals)):
            if isinstance(values[seat], bool) or not isinstance(values[seat], int) or not 0 <= values[seat] <= 11:
                raise SaveFileError(f"scenario: {name}[{seat}] is a whole number 0..11, not {_short(values[seat])}")
    if isinstance(deck_top, (str, bytes)) or not isinstance(deck_top, Sequence) or any(
            c not in CARD_TYPES for c in deck_top):
        raise SaveFileError(f"scenario: deck_top is a list of card names, not {_short(deck_top)}")
    if deck_size is not None and (isinstance(deck_size, bool) or not isinstance(deck_size, int)
                                  or not 0 <= deck_size <= 55):
        raise SaveFileError(f"scenario: deck_size is None or a whole number 0..55, not {_short(deck_size)}")
    for size, values in BONUS_TOKENS.items():  # no more bonus tokens of a value than the game has (JAI-COMP-3)
        for value in set(values):
            won = sum(1 for seat in (0, 1) for t in bonus[seat] if tuple(t) == (size, value))
            if won > values.count(value):
                raise SaveFileError(f"scenario: JAI-COMP-3: bonus names {won} {size}-card bonus tokens worth {value} "
                                    f"rupees each; the game has {values.count(value)}")
    check_seat(current_player, "scenario: current_player")
    check_seed(seed)
