"""Jaipur move generation: the speed tables behind ``State.legal_actions()`` and ``legal_actions_for``.

The rules themselves are in ``rules.py`` (``State._check`` says in plain code what each clause
allows); this module only finds the same legal moves quickly, so that bots can play thousands of
games. The tests check it against a brute-force reference (``tests/jaipur/reference.py``: every
action that can be formed, kept when ``State._check`` accepts it), move for move and in order.

Rulebook: ``shared/rulebooks/002_…`` (Portuguese); clause IDs: ``shared/rules/jaipur.md``.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from operator import mul
from typing import Iterable

from ..core import _short
from .actions import Action, Exchange, NextRound, Sell, TakeCamels, TakeOne
from .components import (
    CAMEL_INDEX,
    CARD_CODE,
    CARD_COUNTS,
    CARD_TYPES,
    GOODS,
    HAND_LIMIT,
    MARKET_SIZE,
    MIN_SALE,
    PLAYING,
    ROUND_OVER,
)

__all__ = ["LegalActions", "legal_actions_for"]

N_TYPES = len(CARD_TYPES)
N_GOODS = len(GOODS)

# --- legal moves: counted, then built one at a time ---------------------------------------------------
#
# Legal moves depend only on (market, hand, herd), and that triple rarely repeats in play. A position
# can have hundreds of exchanges while a player uses one action a turn, so the engine does not list the
# moves of a position: State.legal_actions() returns a LegalActions sequence that knows how many moves
# there are and builds only the ones asked for (every one of them when it is iterated).
#
# Codes. A pile of cards is one int, 4 bits per card type (components.CARD_CODE); no count exceeds 7.
# Masking a code keeps some types (_KEEP), adding two codes adds the piles. The state keeps the codes
# of the market and of the hands up to date; actions carry the codes of their cards. Caches are keyed
# by codes, and their contents are chosen so that a turn does little arithmetic on ints above 256
# (CPython allocates every such int: that costs as much as several bytecodes).
#
# Take one (JAI-TAKE-1, 7) and take camels (JAI-TAKE-5) depend on the market alone, the sales
# (JAI-SELL-1, 4) on the hand alone: cached per market code (_MARKETS, at most 792 markets) and per
# hand code (_HANDS, at most 1,716 hands).
#
# Counting exchanges (JAI-TAKE-2..4, 6, 7). For each goods type j an exchange takes a_j in 1..m_j
# cards of it (m_j on display), or gives back b_j in 1..h_j of it (h_j in hand), or leaves it alone;
# never both (JAI-TAKE-4), and it never takes camels (JAI-TAKE-6). Write that choice as x_j = a_j or
# -b_j, in -h_j..m_j. The camels given back make up the difference: u = sum_j x_j (cards taken minus
# goods given). Shifting each x_j by h_j, the choices with a given u are counted by the coefficient of
# z^(H + u) in prod_j (1 + z + ... + z^(m_j + h_j)), H being the hand size. An exchange is legal when it
# takes 2 cards or more (JAI-TAKE-2, 3) and gives back 0 <= u <= c camels, c = min(herd, 7 - H) (hand
# limit, JAI-TAKE-7). So the count is a difference of two prefix sums of the coefficients of that
# product (_CUM, cached per code of m + h: at most 18,564 short lists), minus the choices taking no card
# (one: doing nothing) or one card (against one good of another type, or against a camel), counted in
# closed form (_FEW). Products are computed with ints as polynomials at z = 2^16 (_TRIPLE: the product
# for every 3 types), only when a cache entry is built.
#
# Building the i-th exchange. Exchanges are ordered by take (fewest cards first, then the take's count
# vector in descending order), then by the count vector of the goods given (ascending; camels make up
# the rest). The takes of a market are cached with it. The gives against a take of k cards are the
# piles of k - c .. k of the hand's goods of other types (JAI-TAKE-4); how many there are is read off
# the product of those goods (_give_counts, a table per hand and goods types taken). Walking the takes
# in order finds the take of the i-th exchange (3 or 4 steps on average); its gives are a tuple of give
# codes built once (_gives, from _PILES) and the Exchange is interned per take and give
# (_TAKE_EXCHANGES: at most about 27,000 exchanges in all).
#
# Every cache is bounded by the number of distinct markets, hands, sub-piles and exchanges: a few tens
# of MB at most, however long the process runs.

_TAKE_ONE = tuple(TakeOne(g) for g in GOODS)
_TAKE_CAMELS = TakeCamels()
_NEXT_ROUND = NextRound()
_SELLS = tuple(tuple(tuple(Sell(GOODS[g], n) for n in range(MIN_SALE[g], top + 1)) for top in range(16))
               for g in range(N_GOODS))
"""_SELLS[g][n]: the sales of goods type g from a hand holding n of them (JAI-SELL-1, 4), fewest first."""

_GOODS_FIELDS = (1 << 4 * N_GOODS) - 1  # the goods part of a code
_CAMEL_FIELD = CARD_CODE[CAMEL_INDEX]
_GUARD = 8 * sum(CARD_CODE)
"""The top bit of every 4-bit field of a code. Counts never exceed 7, so that bit is free: a pile ``b`` is
part of a pile ``a`` exactly when ``((a | _GUARD) - b) & _GUARD == _GUARD`` (no field borrows)."""
_KEEP = tuple(sum(15 * CARD_CODE[g] for g in range(N_GOODS) if not mask >> g & 1) for mask in range(1 << N_GOODS))
"""_KEEP[mask]: the fields of the goods types not in ``mask`` -- what a hand may give against such a take."""
_POPCOUNT = tuple(bin(mask).count("1") for mask in range(1 << N_GOODS))
_FEW = tuple(tuple(1 + _POPCOUNT[market] * (_POPCOUNT[hand] + camel) - _POPCOUNT[market & hand]
                   for camel in (0, 1) for hand in range(1 << N_GOODS))
             for market in range(1 << N_GOODS))
"""_FEW[market goods mask][hand goods mask | (camels > 0) << 6]: the choices that take no card (1) or one
card: each goods type on display against each other goods type in hand, or against a camel when one
may be given back."""
_REP = tuple(sum(1 << 16 * i for i in range(n + 1)) for n in range(16))
"""_REP[n] = 1 + z + ... + z^n at z = 2^16 (no coefficient below reaches 2^16: a market and a hand
have at most 32 * 96 sub-piles)."""
_TRIPLE = [_REP[x & 15] * _REP[x >> 4 & 15] * _REP[x >> 8] for x in range(1 << 12)]
"""_TRIPLE[3 fields of a code] = prod over those 3 types of (1 + z + ... + z^n_j) at z = 2^16."""
_CAMELS = tuple(tuple((c, size + c + 1, (c > 0) << N_GOODS)
                      for c in (max(min(herd, HAND_LIMIT - size), 0) for herd in range(CARD_COUNTS[CAMEL_INDEX] + 1)))
                for size in range(HAND_LIMIT + 1))
"""_CAMELS[hand size H][herd]: the camels an exchange may give back, c = min(herd, 7 - H) (JAI-TAKE-7); the
prefix sum that counts choices up to u = c (the coefficients of z^H .. z^(H + c)); the camel bit of the
index into _FEW. _hand_info adds the hand's goods mask to that index."""


def _product(code: int) -> int:
    """prod_j (1 + z + ... + z^n_j) at z = 2^16, for the counts n_j of ``code`` (6 goods types)."""
    return _TRIPLE[code & 4095] * _TRIPLE[code >> 12]


class _Counts(dict):
    """code -> the 7 counts of that pile (a tuple), filled on first use (at most 2,508 piles)."""

    def __missing__(self, code: int) -> tuple[int, ...]:
        counts = self[code] = tuple(code >> 4 * i & 15 for i in range(N_TYPES))
        return counts


class _Exchanges(dict):
    """give code -> the interned Exchange of one take (filled on first use)."""

    __slots__ = ("take",)

    def __missing__(self, give: int) -> Exchange:
        action = self[give] = Exchange._of_codes(self.take, give)
        return action


_COUNTS = _Counts()
_MARKETS: dict[int, tuple] = {}  # market code -> (pre with room in hand, pre with a full hand, _FEW row,
                                 #   goods code, takes: (goods mask, 8 * cards, _Exchanges))
_HANDS: dict[int, tuple] = {}    # hand code -> (sales, len, size, goods mask, full?, code, _CAMELS per herd,
                                 #   per goods mask taken: _give_counts, _gives slots)
_CUM: dict[int, list[int]] = {}  # code of m + h -> prefix sums of its product (see _cum)
_PILES: dict[int, tuple] = {}    # code -> every sub-pile (code, cards, goods mask), ascending count vectors
_GIVE_COUNTS: dict[int, list[int]] = {}  # hand code -> gives per take size and camels (see _give_counts)
_GIVE_SLOTS: dict[int, list] = {}        # hand code -> gives per take size and camels, built on demand
_GIVES: dict[int, tuple[int, ...]] = {}  # hand code | take size << 24 | fewest goods << 28 -> give codes
_TAKE_EXCHANGES: dict[int, _Exchanges] = {}  # take code -> its exchanges


def _piles(code: int) -> tuple:
    """Every sub-pile of the pile ``code`` as (code, cards, goods mask), count vectors ascending
    (the first goods type varies slowest, as in itertools.product)."""
    piles = _PILES.get(code)
    if piles is None:
        if not code:
            piles = ((0, 0, 0),)
        else:
            g = next(g for g in range(N_GOODS) if code >> 4 * g & 15)
            unit, bit = CARD_CODE[g], 1 << g
            rest = _piles(code & ~(15 * unit))
            piles = rest + tuple((c + n * unit, s + n, m | bit) for n in range(1, (code >> 4 * g & 15) + 1)
                                 for c, s, m in rest)
        _PILES[code] = piles
    return piles


def _market_info(code: int) -> tuple:
    """What a market offers: take-one moves, take camels, and its exchange takes in order."""
    goods = code & _GOODS_FIELDS
    take_one = tuple(_TAKE_ONE[g] for g in range(N_GOODS) if goods >> 4 * g & 15)  # JAI-TAKE-1
    camels = (_TAKE_CAMELS,) if code >> 4 * CAMEL_INDEX else ()  # JAI-TAKE-5: even with a full hand
    takes = []
    # takes of 2 cards or more (JAI-TAKE-2, 3), fewest cards first, then count vectors descending
    for take, size, mask in sorted(reversed(_piles(goods)), key=lambda pile: pile[1]):
        if size >= 2:
            exchanges = _TAKE_EXCHANGES.get(take)
            if exchanges is None:
                exchanges = _TAKE_EXCHANGES[take] = _Exchanges()
                exchanges.take = take
            takes.append((mask, 8 * size, exchanges))
    info = ((take_one + camels, len(take_one) + len(camels)), (camels, len(camels)),
            _FEW[sum(1 << g for g in range(N_GOODS) if goods >> 4 * g & 15)], goods, tuple(takes))
    _MARKETS[code] = info
    return info


def _hand_info(code: int) -> tuple:
    """What a hand offers: its sales (by type, then count), its size and goods types, and per herd
    size what the count of exchanges needs (see _CAMELS)."""
    counts = _COUNTS[code]
    sales = _SELLS[0][counts[0]] + _SELLS[1][counts[1]] + _SELLS[2][counts[2]] + _SELLS[3][counts[3]] + \
        _SELLS[4][counts[4]] + _SELLS[5][counts[5]]
    size = sum(counts)
    mask = sum(1 << g for g in range(N_GOODS) if counts[g])
    info = (sales, len(sales), size, mask, 1 if size >= HAND_LIMIT else 0, code,
            tuple((c, high, mask | camel) for c, high, camel in _CAMELS[min(size, HAND_LIMIT)]),
            [None] * (1 << N_GOODS), [None] * (1 << N_GOODS))
    _HANDS[code] = info
    return info


def _cum(code: int) -> list[int]:
    """Prefix sums of the coefficients of ``_product(code)``: ``sums[i]`` adds those of z^0 .. z^(i-1),
    for i = 0 .. 8 (enough for hands of up to 7 cards)."""
    product_ = _product(code)
    sums = [0]
    for i in range(HAND_LIMIT + 1):
        sums.append(sums[-1] + (product_ >> 16 * i & 0xFFFF))
    _CUM[code] = sums
    return sums


def _give_counts(counts: list, hand: int, mask: int) -> list[int]:
    """How many gives a hand has against a take of the goods types in ``mask`` (kept in ``counts[mask]``).

    ``table[k * 8 + c]`` is the number of piles of k - c .. k cards (at least 0) made of the hand's goods
    not of the types in ``mask`` (JAI-TAKE-4): the gives against a take of k cards when up to c camels
    may make up the rest (JAI-TAKE-2, 7). Shared by every hand with the same goods of those types.
    """
    kept = hand & _KEEP[mask]
    table = _GIVE_COUNTS.get(kept)
    if table is None:
        sums = _CUM.get(kept) or _cum(kept)
        table = _GIVE_COUNTS[kept] = [sums[k + 1] - sums[max(k - c, 0)] for k in range(MARKET_SIZE + 1)
                                      for c in range(8)]
    counts[mask] = table
    return table


def _gives(slots_by_mask: list, hand: int, mask: int, kc: int) -> tuple[int, ...]:
    """The gives counted by ``_give_counts(...)[kc]``, as give codes in order (camels make up the rest,
    JAI-TAKE-2), kept in ``slots_by_mask[mask][kc]`` (a list shared by the hands with the same goods)."""
    kept = hand & _KEEP[mask]
    slots = slots_by_mask[mask]
    if slots is None:
        slots = slots_by_mask[mask] = _GIVE_SLOTS.get(kept) or _GIVE_SLOTS.setdefault(kept, [None] * 48)
    k, low = kc >> 3, max((kc >> 3) - (kc & 7), 0)
    key = kept | k << 24 | low << 28
    gives = _GIVES.get(key)
    if gives is None:
        gives = _GIVES[key] = tuple(c + (k - s) * _CAMEL_FIELD for c, s, _ in _piles(kept) if low <= s <= k)
    slots[kc] = gives
    return gives


_NO_SLOTS = (None,) * 48


def _legal(market_code: int, hand_code: int, hand_size: int, herd: int) -> "LegalActions":
    """The LegalActions of a player, from the codes of the market and their hand (any sizes).

    State.legal_actions does the same for a state, inlined.
    """
    m = _MARKETS.get(market_code) or _market_info(market_code)
    h = _HANDS.get(hand_code) or _hand_info(hand_code)
    camels = HAND_LIMIT - hand_size  # each camel given back grows the hand by one card (JAI-TAKE-7)
    if herd < camels:
        camels = herd
    if camels >= 0:
        sums = _CUM.get(m[3] + hand_code) or _cum(m[3] + hand_code)
        exchanges = sums[hand_size + camels + 1] - sums[hand_size] - m[2][h[3] | (camels > 0) << N_GOODS]
    else:  # a hand over the limit: no exchange at all
        exchanges = 0
    actions = LegalActions()
    actions._m = m
    actions._h = h
    actions._pre, actions._npre = m[0] if hand_size < HAND_LIMIT else m[1]  # JAI-TAKE-1, JAI-TAKE-7
    actions._nex = exchanges
    actions._n = actions._npre + exchanges + h[1]
    actions._camels = camels
    return actions



class LegalActions(Sequence):
    """Every legal action of one position: a read-only sequence that builds its actions on demand.

    ``State.legal_actions()`` returns one during play. It is a ``collections.abc.Sequence``: ``len``,
    indexing (negative too), slices (plain lists), iteration, ``in``, ``index``, ``count``,
    ``reversed``, ``random.choice`` and ``random.sample``; it also compares equal to the list of
    the same actions, ``+`` with a list gives a list, and copies and pickles are plain lists. It
    cannot be changed in place (like a tuple): ``list(state.legal_actions())`` gives a list to
    sort or shuffle.

    Why not a list: a position can have hundreds of exchanges and rarely repeats, while a player
    uses one action a turn. ``len(actions)`` and ``actions[i]`` are answered from counts and build
    only the action asked for (see the notes at the top of this module); anything else lists
    every action once and keeps that list. It holds the actions of the position it was made for:
    later moves do not change it.
    """

    __slots__ = ("_m", "_h", "_pre", "_npre", "_nex", "_n", "_camels", "_items")

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, index):
        try:
            if index < 0:
                index += self._n
            i = index - self._npre
            if i < 0:
                if index >= 0:
                    return self._pre[index]
            elif i < self._nex:  # the i-th exchange: find its take, then its give
                h = self._h
                camels, counts = self._camels, h[7]
                for mask, k8, exchanges in self._m[4]:  # k8 = 8 * cards taken
                    n = (counts[mask] or _give_counts(counts, h[5], mask))[k8 + camels]
                    if i < n:
                        kc = k8 + camels
                        return exchanges[((h[8][mask] or _NO_SLOTS)[kc] or _gives(h[8], h[5], mask, kc))[i]]
                    i -= n
            else:
                return self._h[0][i - self._nex]  # IndexError past the end
        except TypeError:  # a slice, or not an index at all: let a list answer
            return self._list()[index]
        raise IndexError("list index out of range")

    def _list(self) -> list:
        """Every action, listed once and kept (do not change the list)."""
        try:
            return self._items
        except AttributeError:  # not listed yet
            items = list(self._pre)
            if self._nex:
                h = self._h
                for mask, k8, exchanges in self._m[4]:
                    kc = k8 + self._camels
                    for give in (h[8][mask] or _NO_SLOTS)[kc] or _gives(h[8], h[5], mask, kc):
                        items.append(exchanges[give])
            items += self._h[0]
            self._items = items
            return items

    def __iter__(self):
        return iter(self._list())

    def __contains__(self, action) -> bool:
        return action in self._list()

    def index(self, action, *bounds) -> int:
        return self._list().index(action, *bounds)

    def count(self, action) -> int:
        return self._list().count(action)

    def copy(self) -> list:
        """The actions as a new plain list."""
        return self._list()[:]

    def __eq__(self, other):
        if isinstance(other, LegalActions):
            other = other._list()
        return self._list() == other if isinstance(other, list) else NotImplemented

    __hash__ = None

    def __add__(self, other):
        return self._list() + list(other) if isinstance(other, (list, LegalActions)) else NotImplemented

    def __radd__(self, other):
        return other + self._list() if isinstance(other, list) else NotImplemented

    def __repr__(self) -> str:
        return repr(self._list())

    def __reduce__(self):
        return list, (self._list()[:],)


def legal_actions(state) -> Sequence[Action]:
    """Every legal action of the player to move, in a deterministic order (``State.legal_actions``).

    Order: take one good (by goods type), take camels, exchanges (fewest cards first), sales (by
    goods type, then count). After a round: ``[NextRound()]``. Match over: ``[]``.

    During play the result is a :class:`LegalActions`: a new read-only sequence that builds its
    actions on demand, so ``actions[rng.randrange(len(actions))]`` costs a few microseconds however
    many exchanges there are. ``list(state.legal_actions())`` gives a plain list. The order depends
    only on the market, the hand and the herd.
    """
    if state.phase is not PLAYING:
        return [_NEXT_ROUND] if state.phase is ROUND_OVER else []
    # _legal inlined (this is the hot path of every bot): counts, no list
    p = state.current_player
    hand = state.hand_codes[p]
    try:
        m = _MARKETS[state.market_code]
    except KeyError:
        m = _market_info(state.market_code)
    try:
        h = _HANDS[hand]
    except KeyError:
        h = _hand_info(hand)
    camels, high, few = h[6][state.herds[p]]  # see _CAMELS
    try:
        sums = _CUM[m[3] + hand]
    except KeyError:
        sums = _cum(m[3] + hand)
    actions = LegalActions()
    actions._m = m
    actions._h = h
    actions._pre, npre = m[h[4]]  # JAI-TAKE-1 unless the hand is full (JAI-TAKE-7), JAI-TAKE-5
    actions._npre = npre
    actions._nex = exchanges = sums[high] - sums[h[2]] - m[2][few]  # see the notes on legal moves
    actions._n = npre + exchanges + h[1]
    actions._camels = camels
    return actions


def legal_actions_for(market: Iterable[int], hand: Iterable[int], herd: int) -> list[Action]:
    """Every legal action for a player, from the public market, their hand and herd.

    Args:
        market: 7 card counts (CARD_TYPES order), the cards on display (at most 5, JAI-SETUP-3).
        hand: 7 card counts, at most 7 cards (JAI-TAKE-7); the camel entry is 0 (camels live in
            the herd, JAI-SETUP-4).
        herd: camels in the player's herd, a whole number.

    Returns:
        A new list: take one good (JAI-TAKE-1, by goods type), take camels (JAI-TAKE-5),
        exchanges (JAI-TAKE-2, fewest cards first), sales (JAI-SELL-1, by type then count).
        The order is fixed by the arguments alone.

    Raises:
        ValueError: arguments outside that contract (not 7 whole numbers >= 0, a market over 5
            cards, a hand over 7 or holding camels, a negative herd, or more cards of a type
            than the game has, JAI-COMP-1), one line naming the problem.
    """
    market = _counts_argument(market, "market", MARKET_SIZE, "JAI-SETUP-3: the market shows at most")
    hand = _counts_argument(hand, "hand", HAND_LIMIT, "JAI-TAKE-7: a hand holds at most")
    if hand[CAMEL_INDEX]:
        raise ValueError("hand: JAI-SETUP-4: camels never stay in a hand (they go to the herd); "
                         "the camel entry of a hand is 0")
    if isinstance(herd, bool) or not isinstance(herd, int) or not 0 <= herd <= CARD_COUNTS[CAMEL_INDEX]:
        raise ValueError(f"herd: a whole number of camels from 0 to {CARD_COUNTS[CAMEL_INDEX]}, "
                         f"not {_short(herd)}")
    for i, name in enumerate(CARD_TYPES):
        seen = market[i] + hand[i] + (herd if i == CAMEL_INDEX else 0)
        if seen > CARD_COUNTS[i]:
            raise ValueError(f"JAI-COMP-1: the market, hand and herd hold {seen} {name} cards; the game has "
                             f"{CARD_COUNTS[i]}")
    return list(_legal(_encode(market), _encode(hand[:N_GOODS]), sum(hand), herd))


def _counts_argument(counts, name: str, most: int, rule: str) -> list[int]:
    """``counts`` checked to be 7 whole numbers >= 0 adding up to at most ``most``."""
    if isinstance(counts, (str, bytes, dict)) or not hasattr(counts, "__iter__"):
        raise ValueError(f"{name}: give 7 card counts in CARD_TYPES order, not {_short(counts)}")
    values = []
    for n in counts:
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"{name}: card counts are whole numbers >= 0, not {_short(n)}")
        values.append(n)
        if len(values) > N_TYPES:
            break
    if len(values) != N_TYPES:
        raise ValueError(f"{name}: give {N_TYPES} card counts ({', '.join(CARD_TYPES)}), not {len(values)}")
    if sum(values) > most:
        raise ValueError(f"{name}: {rule} {most} cards, not {sum(values)}")
    return values


def _encode(counts: Iterable[int]) -> int:
    """The code of a pile of cards given as counts (components.CARD_CODE)."""
    return sum(map(mul, counts, CARD_CODE))


# --- shuffling ---------------------------------------------------------------------------------


_SHUFFLE_STEPS: dict[int, tuple] = {}  # list length -> (i, i + 1, bit length of i + 1) for i = length - 1 .. 1


def _shuffle(rng: random.Random, cards: list) -> None:
    """``rng.shuffle(cards)``, the same draws and swaps without a method call per card.

    CPython's shuffle swaps each position i, from the last down to 1, with ``rng._randbelow(i + 1)``,
    which draws ``getrandbits(k)`` (k = bit length of i + 1) until the draw is below i + 1. At import
    the engine checks that this gives what ``random.Random.shuffle`` gives and otherwise uses that
    (_SHUFFLE), so replays stay exact whatever the Python version.
    """
    getrandbits = rng.getrandbits
    steps = _SHUFFLE_STEPS.get(len(cards))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(cards)] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(cards) - 1, 0, -1))
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _check_shuffle() -> bool:
    mine, theirs = list(range(60)), list(range(60))
    _shuffle(random.Random(20260), mine)
    random.Random(20260).shuffle(theirs)
    return mine == theirs


_SHUFFLE = _shuffle if _check_shuffle() else random.Random.shuffle
