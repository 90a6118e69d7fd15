"""Jaipur's action codec and observation tensor (for OpenSpiel, PettingZoo and learning agents).

Every action the engine can offer has a fixed id ``0..N-1``, ``N = 25,503``:

=========  ======================================================  ============
ids        actions                                                 how many
=========  ======================================================  ============
0-5        ``TakeOne(good)``, goods in ``GOODS`` order (JAI-TAKE-1)  6
6          ``TakeCamels()`` (JAI-TAKE-5)                           1
7-25,462   ``Exchange(take, give)`` (JAI-TAKE-2..4, 6)             25,456
25,463-    ``Sell(good, count)``, goods in order, count from the   39
25,501     smallest legal sale (2 for diamonds, gold and silver,
           JAI-SELL-4; else 1) to 7 (JAI-TAKE-7)
25,502     ``NextRound()`` (JAI-MATCH-1)                           1
=========  ======================================================  ============

Exchanges are **enumerated**, not split into sub-decisions: the engine asks for an exchange as one
decision (what to take and what to give back together), so the codec keeps it one action. The
25,456 are every pair of 2 to 5 goods taken (the market shows 5 cards) and as many cards given
back, from goods of other types (JAI-TAKE-4) and camels (never camels taken, JAI-TAKE-6); ordered
by the number of cards, then the cards taken, then the cards given (counts in ``CARD_TYPES``
order). Most are illegal in any one position; ``legal_mask`` says which are legal now.

The observation tensor (63 numbers, your seat first, see :data:`FIELDS`) is built from
``state.observation(seat)`` alone, so the opponent's hand, the deck order and the opponent's bonus
token values (until the round ends) never reach it.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations, combinations_with_replacement

from ..codecs import Codec, egocentric, one_hot, whole_number
from ..core import _short
from .actions import Exchange, NextRound, Sell, TakeCamels, TakeOne
from .components import (BONUS_TOKENS, CAMEL_INDEX, CARD_CODE, CARD_COUNTS, CARD_TYPES, INDEX, GOODS, GOODS_TOKENS, HAND_LIMIT,
                         MARKET_SIZE, MATCH_OVER, MIN_SALE, PLAYING, ROUND_OVER)

__all__ = ["FIELDS", "JaipurCodec", "codec"]

N_GOODS = len(GOODS)
_DECK = sum(CARD_COUNTS) - MARKET_SIZE - 2 * 5  # 40 cards in the deck after the deal

FIELDS = (
    ("to_move", 1, "1 if this seat decides now"),
    ("phase", 3, "one-hot: round being played, round over, match over"),
    ("round", 4, "one-hot: round 1, 2, 3, 4 or later"),
    ("seals", 2, "Seals of Excellence: yours, the opponent's; / 2"),
    ("market", 7, "cards on display per type (diamond, gold, silver, cloth, spice, leather, camel); / 5"),
    ("hand", 7, "your hand per type (the camel entry is always 0); / 7"),
    ("opponent_hand", 1, "cards in the opponent's hand (their types are hidden); / 7"),
    ("herds", 2, "camels in the herds: yours, the opponent's; / 11"),
    ("deck", 1, "cards left in the deck (their order is hidden); / 40"),
    ("discard", 7, "cards sold so far per type; / cards of that type in the game"),
    ("goods_tokens_left", 6, "goods tokens left per goods type; / tokens of that type"),
    ("top_token", 6, "rupees of the top goods token per goods type (0 when the stack is empty); / 7"),
    ("bonus_tokens_left", 3, "3-, 4- and 5-card bonus tokens left; / tokens in that stack"),
    ("goods_rupees", 2, "rupees of the goods tokens taken: yours, the opponent's; / 100"),
    ("goods_token_count", 2, "goods tokens taken: yours, the opponent's; / 20"),
    ("bonus_counts", 6, "bonus tokens taken, 3-, 4-, 5-card: yours then the opponent's; / 5"),
    ("bonus_rupees", 2, "rupees of your bonus tokens; the opponent's once the round is over (hidden before, 0); "
                        "/ 50"),
    ("camel_token", 1, "1 if you hold the camel token (5 rupees, JAI-END-3)"),
)
"""The observation tensor's slices: (name, size, meaning), in order."""


def _exchange_keys() -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every exchange as (cards taken, cards given back), card names in ``CARD_TYPES`` order."""
    keys = []
    for k in range(2, MARKET_SIZE + 1):
        for take in combinations_with_replacement(range(N_GOODS), k):
            others = [g for g in range(N_GOODS) if g not in take] + [CAMEL_INDEX]
            for give in combinations_with_replacement(others, k):
                keys.append((tuple(CARD_TYPES[i] for i in take), tuple(CARD_TYPES[i] for i in give)))
    return keys


def _sub_piles(hand_code: int) -> list[list[tuple[int, ...]]]:
    """Every sub-pile of the goods of a hand code, by size (0..5): goods indices, ascending."""
    by_size: list[list[tuple[int, ...]]] = [[] for _ in range(MARKET_SIZE + 1)]
    piles = [()]
    for g in range(N_GOODS):
        n = hand_code >> 4 * g & 15
        if n:
            piles = [pile + (g,) * j for pile in piles for j in range(n + 1) if len(pile) + j <= MARKET_SIZE]
    for pile in piles:
        by_size[len(pile)].append(pile)
    return by_size


def _code_key(take: tuple[str, ...], give: tuple[str, ...]) -> int:
    """An exchange as one int, from the codes its Exchange value carries (``take_code``: the cards taken,
    ``give_code``: the goods given back, ``camels``: the camels given back; components.CARD_CODE)."""
    taken = sum(CARD_CODE[INDEX[c]] for c in take)
    given = sum(CARD_CODE[INDEX[c]] for c in give if c != "camel")
    return taken | given << 28 | give.count("camel") << 56


class JaipurCodec(Codec):
    """Jaipur (2 players): ``n`` = 25,503 actions (see the module notes), observation of 63 numbers."""

    game = "jaipur"
    players = 2
    _fields = FIELDS

    def __init__(self):
        self._exchanges = _exchange_keys()
        self._exchange_id = {_code_key(take, give): 7 + i for i, (take, give) in enumerate(self._exchanges)}
        self._sell_first = 7 + len(self._exchanges)
        self._sells = [(g, n) for g in range(N_GOODS) for n in range(MIN_SALE[g], HAND_LIMIT + 1)]
        self._sell_id = {(GOODS[g], n): self._sell_first + i for i, (g, n) in enumerate(self._sells)}
        self._next_round = self._sell_first + len(self._sells)
        self.n = self._next_round + 1
        # the fast legal ids (see legal_ids): where each take's block of exchanges starts, the offset of
        # each give within a block (the same for every take of the same goods types and size), and caches
        self._block: dict[tuple[int, ...], int] = {}
        self._give_offset: dict[tuple[int, int], dict[tuple[int, ...], int]] = {}
        for i, (take, give) in enumerate(self._exchanges):
            t = tuple(INDEX[c] for c in take)
            self._block.setdefault(t, 7 + i)
            mask = sum(1 << g for g in set(t))
            offsets = self._give_offset.setdefault((mask, len(t)), {})
            offsets.setdefault(tuple(INDEX[c] for c in give), len(offsets))
        self._takes: dict[int, list] = {}
        self._gives: dict[tuple, tuple[int, ...]] = {}
        self._sales: dict[int, list[int]] = {}
        self._decoded: dict[int, Exchange] = {}   # exchanges are values: one per id is enough
        self._piles: dict[int, list[list[tuple[int, ...]]]] = {}

    def _index(self, action):
        kind = type(action)
        if kind is Exchange:
            return self._exchange_id.get(action.take_code | action.give_code << 28 | action.camels << 56)
        if kind is TakeOne:
            return action.index if action.index < N_GOODS else None
        if kind is TakeCamels:
            return N_GOODS
        if kind is Sell:
            return self._sell_id.get((action.good, action.count))
        if kind is NextRound:
            return self._next_round
        return None

    def _action(self, i: int):
        if i < N_GOODS:
            return TakeOne(GOODS[i])
        if i == N_GOODS:
            return TakeCamels()
        if i < self._sell_first:
            found = self._decoded.get(i)
            if found is None:
                take, give = self._exchanges[i - 7]
                found = self._decoded[i] = Exchange(take, give)
            return found
        if i < self._next_round:
            g, n = self._sells[i - self._sell_first]
            return Sell(GOODS[g], n)
        return NextRound()

    def legal_ids(self, state) -> list[int]:
        """The ids of ``state.legal_actions()``, ascending, worked out on the card codes without building
        the actions (the tests check them against ``Codec.legal_ids``, which encodes every legal action).

        Take one good (JAI-TAKE-1, not with 7 cards in hand, JAI-TAKE-7), take the camels (JAI-TAKE-5),
        every exchange (a take of 2-5 goods on display, against as many cards of other types from the hand
        and camels from the herd, JAI-TAKE-2..4, 6, at most ``7 - hand size`` camels, JAI-TAKE-7), every
        sale (JAI-SELL-1, 4)."""
        self.check_state(state)
        if state.phase is not PLAYING:
            return [self._next_round] if state.phase is ROUND_OVER else []
        p = state.current_player
        market_code, hand_code, size = state.market_code, state.hand_codes[p], state.hand_sizes[p]
        ids = [g for g in range(N_GOODS) if market_code >> 4 * g & 15] if size < HAND_LIMIT else []
        if market_code >> 4 * CAMEL_INDEX & 15:
            ids.append(N_GOODS)
        camels = min(state.herds[p], HAND_LIMIT - size)
        takes = self._takes.get(market_code)
        if takes is None:
            takes = self._takes[market_code] = self._takes_of(market_code)
        gives = self._gives
        for base, k, mask, keep in takes:
            key = (hand_code & keep, mask, k, camels)
            offsets = gives.get(key)
            if offsets is None:
                offsets = gives[key] = self._gives_of(hand_code & keep, mask, k, camels)
            if offsets:
                ids += [base + o for o in offsets]
        sales = self._sales.get(hand_code)
        if sales is None:
            sales = self._sales[hand_code] = [self._sell_id[GOODS[g], n] for g in range(N_GOODS)
                                              for n in range(MIN_SALE[g], (hand_code >> 4 * g & 15) + 1)]
        return ids + sales

    def _takes_of(self, market_code: int) -> list[tuple[int, int, int, int]]:
        """Every take of 2-5 goods from this market: (first id of its block, cards, goods mask, hand keep-mask)."""
        # the goods on display as a sorted multiset: its k-combinations are the takes of k cards, each a
        # sorted tuple as the blocks are keyed (tests/interop/test_codecs.py checks them against every
        # multiset of 2-5 goods the market could hold)
        shown = [g for g in range(N_GOODS) for _ in range(market_code >> 4 * g & 15)]
        found = []
        for k in range(2, min(MARKET_SIZE, len(shown)) + 1):
            for take in set(combinations(shown, k)):
                mask = sum(1 << g for g in set(take))
                keep = sum(15 * CARD_CODE[g] for g in range(N_GOODS) if not mask >> g & 1)
                found.append((self._block[take], k, mask, keep))
        return sorted(found)

    def _gives_of(self, hand_code: int, mask: int, k: int, camels: int) -> tuple[int, ...]:
        """The offsets, within a take's block, of every give of ``k`` cards: goods of the hand (already
        without the taken types) and at most ``camels`` camels."""
        offsets = self._give_offset[mask, k]
        piles = self._piles.get(hand_code)
        if piles is None:
            piles = self._piles[hand_code] = _sub_piles(hand_code)
        return tuple(sorted(offsets[pile + (CAMEL_INDEX,) * j] for j in range(min(camels, k) + 1)
                            for pile in piles[k - j]))

    def _fill(self, o: dict, out) -> None:
        me = o["player"]
        seats = egocentric(me, 2)
        phase = o["phase"]
        market, hand, discard = o["market"], o["hand"], o["discard"]
        left = o["goods_tokens_left"]
        x = [1.0 if o["current_player"] == me else 0.0]
        x += one_hot(phase, (PLAYING, ROUND_OVER, MATCH_OVER))
        x += one_hot(min(o["round"], 3), (0, 1, 2, 3))
        x += [o["seals"][s] / 2 for s in seats]
        x += [market.get(c, 0) / MARKET_SIZE for c in CARD_TYPES]
        x += [hand.get(c, 0) / HAND_LIMIT for c in CARD_TYPES]
        x.append(o["opponent_hand_size"] / HAND_LIMIT)
        x += [o["herds"][s] / CARD_COUNTS[CAMEL_INDEX] for s in seats]
        x.append(o["deck_size"] / _DECK)
        x += [discard.get(c, 0) / CARD_COUNTS[i] for i, c in enumerate(CARD_TYPES)]
        x += [len(left[g]) / len(GOODS_TOKENS[i]) for i, g in enumerate(GOODS)]
        x += [(left[g][0] if left[g] else 0) / 7 for g in GOODS]
        x += [o["bonus_tokens_left"][str(size)] / len(values) for size, values in BONUS_TOKENS.items()]
        goods = o["goods_tokens"]
        x += [sum(v for _, v in goods[s]) / 100 for s in seats]
        x += [len(goods[s]) / 20 for s in seats]
        bonus = o["bonus_tokens"]
        x += [sum(1 for z, _ in bonus[s] if z == size) / 5 for s in seats for size in BONUS_TOKENS]
        x += [sum(v or 0 for _, v in bonus[s]) / 50 for s in seats]
        x.append(1.0 if o["camel_token"] == me else 0.0)
        out[:] = x

    def _fill_state(self, state, me: int, out) -> None:
        """:meth:`_fill` read from the engine ``state`` for seat ``me`` (the observation's numbers, the same
        arithmetic): the other hand by its size, the deck by its size, the other seat's bonus tokens by their
        sizes until the round is over."""
        seats = egocentric(me, 2)
        phase, hand, market, discard, taken = state.phase, state.hands[me], state.market, state.discard, state.tokens_taken
        x = [1.0 if state.current_player == me else 0.0]
        x += one_hot(phase, (PLAYING, ROUND_OVER, MATCH_OVER))
        x += one_hot(min(state.round_index, 3), (0, 1, 2, 3))
        x += [state.seals[s] / 2 for s in seats]
        x += [market[i] / MARKET_SIZE for i in range(len(CARD_TYPES))]
        x += [hand[i] / HAND_LIMIT for i in range(len(CARD_TYPES))]
        x.append(sum(state.hands[1 - me]) / HAND_LIMIT)
        x += [state.herds[s] / CARD_COUNTS[CAMEL_INDEX] for s in seats]
        x.append(len(state.deck) / _DECK)
        x += [discard[i] / CARD_COUNTS[i] for i in range(len(CARD_TYPES))]
        x += [(len(GOODS_TOKENS[g]) - taken[g]) / len(GOODS_TOKENS[g]) for g in range(N_GOODS)]
        x += [(GOODS_TOKENS[g][taken[g]] if taken[g] < len(GOODS_TOKENS[g]) else 0) / 7 for g in range(N_GOODS)]
        x += [len(state.bonus_stacks[size]) / len(values) for size, values in BONUS_TOKENS.items()]
        goods = state.goods_tokens
        x += [sum(v for _, v in goods[s]) / 100 for s in seats]
        x += [len(goods[s]) / 20 for s in seats]
        bonus, revealed = state.bonus_tokens, phase is not PLAYING
        x += [sum(1 for z, _ in bonus[s] if z == size) / 5 for s in seats for size in BONUS_TOKENS]
        x += [sum(v or 0 for _, v in bonus[s]) / 50 if (s == me or revealed) else 0 / 50 for s in seats]
        x.append(1.0 if state.camel_token == me else 0.0)
        out[:] = x


def codec(players: int = 2) -> JaipurCodec:
    """The Jaipur codec (built once; Jaipur is played by 2).

    Raises:
        ValueError: ``players`` is not 2.
    """
    if whole_number(players) != 2:   # a numpy integer is a count too; a bool is not
        raise ValueError(f"jaipur codec: Jaipur is played by 2 players, not {_short(players)}")
    return _codec()


@lru_cache(maxsize=None)
def _codec() -> JaipurCodec:
    return JaipurCodec()
