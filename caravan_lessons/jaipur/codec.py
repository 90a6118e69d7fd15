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
from itertools import combinations_with_replacement

from ..codecs import Codec, egocentric, one_hot
from ..core import _short
from .actions import Exchange, NextRound, Sell, TakeCamels, TakeOne
from .components import (BONUS_TOKENS, CAMEL_INDEX, CARD_COUNTS, CARD_TYPES, GOODS, GOODS_TOKENS, HAND_LIMIT,
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


class JaipurCodec(Codec):
    """Jaipur (2 players): ``n`` = 25,503 actions (see the module notes), observation of 63 numbers."""

    game = "jaipur"
    players = 2
    _fields = FIELDS

    def __init__(self):
        self._exchanges = _exchange_keys()
        self._exchange_id = {key: 7 + i for i, key in enumerate(self._exchanges)}
        self._sell_first = 7 + len(self._exchanges)
        self._sells = [(g, n) for g in range(N_GOODS) for n in range(MIN_SALE[g], HAND_LIMIT + 1)]
        self._sell_id = {(GOODS[g], n): self._sell_first + i for i, (g, n) in enumerate(self._sells)}
        self._next_round = self._sell_first + len(self._sells)
        self.n = self._next_round + 1
        self._legal_cache: dict = {}

    def _index(self, action):
        kind = type(action)
        if kind is Exchange:
            return self._exchange_id.get(action._key)
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
            take, give = self._exchanges[i - 7]
            return Exchange(take, give)
        if i < self._next_round:
            g, n = self._sells[i - self._sell_first]
            return Sell(GOODS[g], n)
        return NextRound()

    def legal_ids(self, state) -> list[int]:
        """The ids of ``state.legal_actions()``, ascending. During play they depend only on the market,
        the hand and the herd of the player to move, so they are kept per (market, hand, herd)."""
        if state.phase is not PLAYING:
            return [self._next_round] if state.phase is ROUND_OVER else []
        p = state.current_player
        key = (state.market_code, state.hand_codes[p], state.herds[p])
        ids = self._legal_cache.get(key)
        if ids is None:
            if len(self._legal_cache) > 200_000:
                self._legal_cache.clear()
            ids = self._legal_cache[key] = tuple(sorted(map(self.encode, state.legal_actions())))
        return list(ids)

    def _features(self, o: dict) -> list[float]:
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
        return x


def codec(players: int = 2) -> JaipurCodec:
    """The Jaipur codec (built once; Jaipur is played by 2).

    Raises:
        ValueError: ``players`` is not 2.
    """
    if players.__class__ is not int or players != 2:
        raise ValueError(f"jaipur codec: Jaipur is played by 2 players, not {_short(players)}")
    return _codec()


@lru_cache(maxsize=None)
def _codec() -> JaipurCodec:
    return JaipurCodec()
