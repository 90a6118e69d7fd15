"""The Jaipur rules engine: setup, legal actions, checks, moves, end of round, the match.

Representation: every pile of cards is a list of 7 counts in ``CARD_TYPES`` order
(diamond, gold, silver, cloth, spice, leather, camel); only the deck is a list of card
indices, because its order is hidden information. The state also keeps the market and
the hands as codes (one int per pile, 4 bits per card type) for quick checks and cache keys.
The legal actions depend only on the market, the hand and the herd; they are counted from
small cached tables and built one at a time on demand (see "legal moves" below), so a
random player's turn costs a few microseconds.

Rulebook: ``shared/rulebooks/002_…`` (Portuguese); clause IDs: ``shared/rules/jaipur.md``.
"""
from __future__ import annotations

import random
from collections.abc import MutableSequence
from operator import itemgetter, mul
from typing import Iterable, Sequence

from ..core import (
    FORMAT_VERSION,
    Event,
    RuleViolation,
    SaveFileError,
    ScoreSheet,
    check_seed,
    derive_seed,
    require,
    require_ints,
)
from .actions import Action, Exchange, NextRound, Sell, TakeCamels, TakeOne
from .components import (
    BONUS_TOKENS,
    CAMEL_INDEX,
    CAMEL_TOKEN,
    CARD_CODE,
    CARD_COUNTS,
    CARD_TYPES,
    EMPTY_STACKS_TO_END,
    GOODS,
    GOODS_TOKENS,
    HAND_LIMIT,
    HAND_SIZE_DEALT,
    INDEX,
    MARKET_SIZE,
    MIN_SALE,
    PLURAL,
    SEALS_TO_WIN,
    STARTING_MARKET_CAMELS,
)

__all__ = ["State", "new_game", "legal_actions_for", "selection_to_action", "PLAYING", "ROUND_OVER", "MATCH_OVER"]

PLAYING = "playing"
ROUND_OVER = "round over"
MATCH_OVER = "match over"

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


class ActionList(MutableSequence):
    """A list of actions: what a LegalActions becomes once it is changed in place.

    Behaves like the plain list of its actions: indexing, slices (plain lists), iteration, ``in``,
    ``==`` and ordering against lists, ``+``, ``*``, ``repr``, ``index``, ``count`` and every list
    method that changes it. Copies and pickles are plain lists.
    """

    __slots__ = ("_m", "_h", "_pre", "_npre", "_nex", "_n", "_camels", "_items")

    def _list(self) -> list:
        """The actions as a list (kept: do not change it)."""
        return self._items

    def _own(self) -> list:
        """The list to change in place."""
        return self._items

    # reading
    def __len__(self) -> int:
        return len(self._list())

    def __getitem__(self, index):
        return self._list()[index]

    def __iter__(self):
        return iter(self._list())

    def __reversed__(self):
        return reversed(self._list())

    def __contains__(self, action) -> bool:
        return action in self._list()

    def index(self, action, *bounds) -> int:
        return self._list().index(action, *bounds)

    def count(self, action) -> int:
        return self._list().count(action)

    def copy(self) -> list:
        return self._list()[:]

    def __repr__(self) -> str:
        return repr(self._list())

    def __reduce__(self):
        return list, (self._list()[:],)

    @staticmethod
    def _other(other):
        return other._list() if isinstance(other, ActionList) else other

    def __eq__(self, other):
        other = self._other(other)
        return self._list() == other if isinstance(other, list) else NotImplemented

    def __ne__(self, other):
        other = self._other(other)
        return self._list() != other if isinstance(other, list) else NotImplemented

    def __lt__(self, other):
        other = self._other(other)
        return self._list() < other if isinstance(other, list) else NotImplemented

    def __le__(self, other):
        other = self._other(other)
        return self._list() <= other if isinstance(other, list) else NotImplemented

    def __gt__(self, other):
        other = self._other(other)
        return self._list() > other if isinstance(other, list) else NotImplemented

    def __ge__(self, other):
        other = self._other(other)
        return self._list() >= other if isinstance(other, list) else NotImplemented

    __hash__ = None

    def __add__(self, other):
        other = self._other(other)
        return self._list() + other if isinstance(other, list) else NotImplemented

    def __radd__(self, other):
        return other + self._list() if isinstance(other, list) else NotImplemented

    def __mul__(self, times):
        return self._list() * times

    __rmul__ = __mul__

    # changing
    def __setitem__(self, index, value) -> None:
        self._own()[index] = value

    def __delitem__(self, index) -> None:
        del self._own()[index]

    def __iadd__(self, other):
        self._own().extend(other)
        return self

    def __imul__(self, times):
        items = self._own()
        items *= times
        return self

    def insert(self, index, action) -> None:
        self._own().insert(index, action)

    def append(self, action) -> None:
        self._own().append(action)

    def extend(self, actions) -> None:
        self._own().extend(actions)

    def pop(self, index=-1):
        return self._own().pop(index)

    def remove(self, action) -> None:
        self._own().remove(action)

    def clear(self) -> None:
        self._own().clear()

    def reverse(self) -> None:
        self._own().reverse()

    def sort(self, *, key=None, reverse=False) -> None:
        self._own().sort(key=key, reverse=reverse)


class LegalActions(ActionList):
    """Every legal action of one position, as a list-like sequence that builds them on demand.

    ``State.legal_actions()`` returns one. It behaves like the list of the actions in their order
    (take one good by goods type, take camels, exchanges, sales): ``len``, indexing (negative too),
    slices, iteration, ``in``, ``index``, ``count``, ``==`` with a list, ``+``, ``repr``,
    ``random.choice`` and ``random.sample``, and changes in place (``append``, ``sort``,
    ``random.shuffle`` ...). It is a ``collections.abc.MutableSequence`` but not a ``list``: use
    ``list(actions)`` where a real list is needed (``isinstance(x, list)``, ``json``); copies and
    pickles of it are plain lists.

    Why: a position can have hundreds of exchanges and rarely repeats, while a player uses one
    action a turn. ``len(actions)`` and ``actions[i]`` are answered from counts and build only the
    action asked for (see the notes on legal moves above); anything else lists every action once
    and keeps that list. The first change in place turns the object into an ActionList backed by
    the list. It holds the actions of the position it was made for: later moves do not change it.
    """

    __slots__ = ()

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

    def _own(self) -> list:
        items = self._list()
        self.__class__ = ActionList  # from now on the list is the truth
        return items


def legal_actions_for(market: Iterable[int], hand: Iterable[int], herd: int) -> list[Action]:
    """Every legal action for a player, from the public market, their hand and herd.

    Args:
        market: 7 card counts (CARD_TYPES order), the cards on display (at most 5).
        hand: 7 card counts, at most 7 cards (the camel entry is 0: camels live in the herd).
        herd: camels in the player's herd.

    Returns:
        A new list: take one good (JAI-TAKE-1, by goods type), take camels (JAI-TAKE-5),
        exchanges (JAI-TAKE-2, fewest cards first), sales (JAI-SELL-1, by type then count).
        The order is fixed by the arguments alone.
    """
    market, hand = list(market), list(hand)
    return list(_legal(_encode(market), _encode(hand[:N_GOODS]), sum(hand), herd))


def _encode(counts: Iterable[int]) -> int:
    """The code of a pile of cards given as counts (components.CARD_CODE)."""
    return sum(map(mul, counts, CARD_CODE))


_TOKENS = tuple(tuple((g, v) for v in stack) for g, stack in enumerate(GOODS_TOKENS))
"""_TOKENS[g]: the goods tokens of type g as (goods index, rupees), top of the stack first."""
_RUPEES = itemgetter(1)  # the rupees of a (goods index or bonus size, rupees) token

_FULL_DECK = [i for i, count in enumerate(CARD_COUNTS)
              for _ in range(count - (STARTING_MARKET_CAMELS if i == CAMEL_INDEX else 0))]
"""The 52 cards shuffled into the deck (JAI-SETUP-1 sets 3 camels aside for the market)."""


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


# --- the state -------------------------------------------------------------------------------------

class State:
    """A Jaipur match: the rounds played so far and the round in progress.

    Create with :func:`new_game`. Seats are 0 and 1. Amounts: cards are counted in cards,
    tokens in rupees. The state is changed in place by :meth:`apply`; :meth:`child` and
    :meth:`clone` give independent copies. After a round ends the only legal action is
    :class:`NextRound` (unless the match is over).

    Public attributes (read them, do not assign them):
        seed: the match seed; each round's shuffle is derived from it (replays are exact).
        round_index: 0 for the first round.
        phase: ``"playing"``, ``"round over"`` or ``"match over"``.
        market: 7 card counts on display.
        hands: per seat, 7 card counts (camel entry always 0).
        herds: camels per seat.
        deck: card indices, top of the deck last (hidden information).
        discard: 7 counts of cards sold.
        seals: Seals of Excellence per seat.
        round_results: one dict per finished round (winner, totals, reason, score sheet rows).
    """

    __slots__ = (
        "seed", "round_index", "first_player", "starting_player", "current_player", "phase",
        "market", "hands", "herds", "deck", "discard", "tokens_taken", "goods_tokens",
        "bonus_stacks", "bonus_tokens", "seals", "camel_token", "round_results", "_log", "_events",
        "turn", "market_code", "hand_codes", "hand_sizes", "empty_stacks",
    )

    # -- construction --

    def __init__(self):  # use new_game() or from_dict()
        self._events: list[tuple[int, str, str]] = []  # the log described: (player, text, rule)

    def _deal_round(self) -> None:
        rng = random.Random(derive_seed(self.seed, "round", self.round_index))
        deck = _FULL_DECK[:]
        _SHUFFLE(rng, deck)  # JAI-SETUP-2
        # the top of the deck is its end: seat 0 is dealt the top 5 cards, seat 1 the next 5 (JAI-SETUP-2),
        # and the next 2 complete the market (JAI-SETUP-3); only counts matter, not the order of dealing
        top = len(deck)
        hands = []
        for _seat in (0, 1):
            hand = [0] * N_TYPES
            for card in deck[top - HAND_SIZE_DEALT:top]:
                hand[card] += 1
            hands.append(hand)
            top -= HAND_SIZE_DEALT
        market = [0] * N_TYPES
        market[CAMEL_INDEX] = STARTING_MARKET_CAMELS  # JAI-SETUP-1
        for card in deck[top - (MARKET_SIZE - STARTING_MARKET_CAMELS):top]:
            market[card] += 1
        del deck[top - (MARKET_SIZE - STARTING_MARKET_CAMELS):]
        self.herds = [hands[0][CAMEL_INDEX], hands[1][CAMEL_INDEX]]  # JAI-SETUP-4
        hands[0][CAMEL_INDEX] = hands[1][CAMEL_INDEX] = 0
        self.market = market
        self.hands = hands
        self.deck = deck
        self.discard = [0] * N_TYPES
        self.tokens_taken = [0] * N_GOODS  # JAI-SETUP-5: stacks as prefixes of GOODS_TOKENS
        self.goods_tokens = [[], []]  # per seat: [(goods index, rupees), ...]
        self.bonus_stacks = {}
        for size, values in BONUS_TOKENS.items():  # JAI-SETUP-6
            stack = list(values)
            _SHUFFLE(rng, stack)
            self.bonus_stacks[size] = stack
        self.bonus_tokens = [[], []]  # per seat: [(size, rupees), ...]
        self.camel_token = None
        self.empty_stacks = 0
        self.current_player = self.starting_player
        self.phase = PLAYING
        self.turn = 0
        self._recode()
        self._log.append((-1, "setup", self.round_index, self.starting_player))

    def _recode(self) -> None:
        """Recompute the cache keys and hand sizes from the count vectors."""
        self.market_code = _encode(self.market)
        self.hand_codes = [_encode(h[:N_GOODS]) for h in self.hands]
        self.hand_sizes = [sum(h) for h in self.hands]

    # -- the state protocol --

    def legal_actions(self) -> Sequence[Action]:
        """Every legal action of the player to move, in a deterministic order.

        Order: take one good (by goods type), take camels, exchanges (fewest cards first),
        sales (by goods type, then count). After a round: ``[NextRound()]``. Match over: ``[]``.

        During play the result is a :class:`LegalActions`: a new list-like sequence that builds
        its actions on demand, so ``actions[rng.randrange(len(actions))]`` costs a few
        microseconds however many exchanges there are. It behaves like a list (indexing, slices,
        iteration, ``in``, ``==`` with lists, changes in place) but is not a ``list`` subclass;
        ``list(state.legal_actions())`` gives a plain list. The order depends only on the
        market, the hand and the herd.
        """
        if self.phase is not PLAYING:
            return [_NEXT_ROUND] if self.phase is ROUND_OVER else []
        # _legal inlined (this is the hot path of every bot): counts, no list
        p = self.current_player
        hand = self.hand_codes[p]
        try:
            m = _MARKETS[self.market_code]
        except KeyError:
            m = _market_info(self.market_code)
        try:
            h = _HANDS[hand]
        except KeyError:
            h = _hand_info(hand)
        camels, high, few = h[6][self.herds[p]]  # see _CAMELS
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

    def is_terminal(self) -> bool:
        """True once a player has 2 Seals of Excellence (JAI-MATCH-2)."""
        return self.phase is MATCH_OVER

    @property
    def round_over(self) -> bool:
        """True between the end of a round and the start of the next (or at the end of the match)."""
        return self.phase is not PLAYING

    @property
    def winner(self) -> int | None:
        """The seat that won the match, or None while it goes on."""
        if self.phase is MATCH_OVER:
            return 0 if self.seals[0] >= SEALS_TO_WIN else 1
        return None

    def why_illegal(self, action: Action) -> RuleViolation | None:
        """``None`` if ``action`` is legal for the player to move, else the RuleViolation explaining why.

        Raises:
            ValueError: ``action`` is not a Jaipur action at all.
        """
        if not isinstance(action, Action):
            raise ValueError(f"not a Jaipur action: {action!r}; build one with TakeOne, Exchange, "
                             "TakeCamels, Sell or NextRound")
        if self.phase is MATCH_OVER:
            return RuleViolation("JAI-MATCH-2", f"the match is over: player {self.winner} has "
                                 f"{SEALS_TO_WIN} Seals of Excellence; nothing more can be played.")
        if self.phase is ROUND_OVER:
            if type(action) is NextRound:
                return None
            return RuleViolation("JAI-MATCH-1", "the round is over; the only thing to do now is to set up "
                                 "the next round (NextRound()).")
        return self._check(action)

    def _check(self, action: Action) -> RuleViolation | None:
        """The rule checks of one action during play; None when it is legal."""
        p = self.current_player
        hand, market, herd = self.hands[p], self.market, self.herds[p]
        hand_size = self.hand_sizes[p]
        kind = type(action)
        if kind is NextRound:
            return RuleViolation("JAI-TURN-1", "the round is still being played: on your turn take cards or "
                                 "sell cards; a new round starts only when this one ends.")
        if kind is TakeOne:
            g = action.index
            if g == CAMEL_INDEX:
                return RuleViolation("JAI-TAKE-6", "a camel is not a good: you cannot take a single camel. "
                                     "Take camels takes every camel in the market at once (JAI-TAKE-5).")
            if not market[g]:
                return RuleViolation("JAI-TAKE-1", f"there is no {action.good} in the market to take; "
                                     "you may take one goods card that is on display.")
            if hand_size >= HAND_LIMIT:
                return RuleViolation("JAI-TAKE-7", f"you hold {hand_size} cards; taking one more would leave "
                                     f"{hand_size + 1} in hand and the limit is {HAND_LIMIT}. Sell, exchange "
                                     "or take camels instead.")
            return None
        elif kind is TakeCamels:
            if not market[CAMEL_INDEX]:
                return RuleViolation("JAI-TAKE-5", "there are no camels in the market to take.")
            return None
        elif kind is Exchange:
            take = action.take_vector
            n_take, n_give = len(action.take), len(action.give)
            if take[CAMEL_INDEX]:
                return RuleViolation("JAI-TAKE-6", "camels are never taken in an exchange: take goods in an "
                                     "exchange, or take all the camels as your whole turn.")
            if n_take != n_give:
                return RuleViolation("JAI-TAKE-2", f"an exchange gives back exactly as many cards as it takes; "
                                     f"you take {n_take} and give {n_give}.")
            if n_take < 2:
                return RuleViolation("JAI-TAKE-3", "an exchange moves at least 2 cards each way; to take a "
                                     "single good, use take one (and give nothing back).")
            for i, n in action.take_pairs:
                if n > market[i]:
                    return RuleViolation("JAI-TAKE-2", f"you want {n} {PLURAL[CARD_TYPES[i]]} from the "
                                         f"market but it shows {market[i]}.")
            for i, n in action.give_pairs:
                if n > hand[i]:
                    return RuleViolation("JAI-TAKE-2", f"you want to give back {n} "
                                         f"{PLURAL[CARD_TYPES[i]]} but your hand holds {hand[i]}.")
            if action.camels > herd:
                return RuleViolation("JAI-TAKE-2", f"you want to give back {action.camels} camels but "
                                     f"your herd has {herd}.")
            both = action.take_mask & action.give_mask
            if both:
                same = ", ".join(GOODS[i] for i in range(N_GOODS) if both >> i & 1)
                return RuleViolation("JAI-TAKE-4", f"you take and give back {same} in the same "
                                     "exchange; one exchange may not do both with one goods type.")
            after = hand_size + action.camels
            if after > HAND_LIMIT:
                return RuleViolation("JAI-TAKE-7", f"this exchange would leave {after} cards in your hand "
                                     f"(each camel given back adds a card); the limit is {HAND_LIMIT}.")
            return None
        elif kind is Sell:
            g, n = action.index, action.count
            if g == CAMEL_INDEX:
                return RuleViolation("JAI-SELL-5", "camels are never sold; they stay in your herd and count "
                                     "for the camel token at the end of the round (JAI-END-3).")
            if n < 1:
                return RuleViolation("JAI-SELL-1", "a sale discards at least one card.")
            if n > hand[g]:
                return RuleViolation("JAI-SELL-1", f"you want to sell {n} {PLURAL[action.good]} but your hand "
                                     f"holds {hand[g]}.")
            if n < MIN_SALE[g]:
                return RuleViolation("JAI-SELL-4", f"{action.good} is a precious good: diamonds, gold and "
                                     "silver are sold 2 or more cards at a time.")
            return None
        raise ValueError(f"not a Jaipur action: {action!r}")  # pragma: no cover - subclasses of Action

    def apply(self, action: Action) -> None:
        """Play ``action`` for the player to move, in place.

        Raises:
            RuleViolation: the action is illegal (rule ID and plain words); the state is unchanged.
            ValueError: ``action`` is not a Jaipur action.
        """
        if self.phase is not PLAYING:
            problem = self.why_illegal(action)
            if problem is not None:
                raise problem
            self._next_round()
            return
        # Each kind checks its legality first, in a quick form of _check (the same rules); when
        # the quick check fails, _check names the rule broken and nothing has changed yet.
        p = self.current_player
        kind = action.__class__
        if kind is Exchange:
            code = self.market_code
            hand_code = self.hand_codes[p]
            camels = action.camels
            # coded: JAI-TAKE-2, 3, 4, 6 and counts that fit the codes. The market holds the take and
            # the hand the goods given (JAI-TAKE-2): taking them away leaves no field of the code below
            # zero (_GUARD). The camels come from the herd and each one adds a card to the hand (JAI-TAKE-7).
            if not action.coded or ((code | _GUARD) - action.take_code) & _GUARD != _GUARD or (
                    (hand_code | _GUARD) - action.give_code) & _GUARD != _GUARD or camels and (
                    camels > self.herds[p] or self.hand_sizes[p] + camels > HAND_LIMIT):
                raise self._violation(action)
            # move the cards on the codes, then copy the counts into the lists (the same list objects)
            self.market_code = code = code + action.market_code_delta
            self.market[:] = _COUNTS[code]
            self.hand_codes[p] = hand_code = hand_code + action.hand_code_delta
            self.hands[p][:] = _COUNTS[hand_code]
            if camels:
                self.herds[p] -= camels
                self.hand_sizes[p] += camels
            self._log.append((p, "exchange", action))
            self.turn += 1
            self.current_player = 1 - p  # JAI-TURN-1 (an exchange never ends the round)
            return
        elif kind is Sell:
            g, n = action.index, action.count
            if g == CAMEL_INDEX or n < MIN_SALE[g] or n > self.hands[p][g]:  # JAI-SELL-5, 4, 1
                raise self._violation(action)
            self._sell(p, g, n, action)  # JAI-SELL-1..3
        elif kind is TakeOne:
            g = action.index
            market = self.market
            if g == CAMEL_INDEX or not market[g] or self.hand_sizes[p] >= HAND_LIMIT:  # JAI-TAKE-6, 1, 7
                raise self._violation(action)
            market[g] -= 1
            self.hands[p][g] += 1
            self.hand_codes[p] += CARD_CODE[g]
            self.hand_sizes[p] += 1
            self._log.append((p, "take_one", g))
            deck = self.deck
            if deck:  # JAI-TAKE-1: the top card of the deck replaces it
                card = deck.pop()
                market[card] += 1
                self.market_code += CARD_CODE[card] - CARD_CODE[g]
                self._log.append((-1, "refill", 1))
            else:
                self.market_code -= CARD_CODE[g]
                self._refill(1)  # JAI-END-2
        elif kind is TakeCamels:
            market = self.market
            n = market[CAMEL_INDEX]
            if not n:  # JAI-TAKE-5
                raise self._violation(action)
            market[CAMEL_INDEX] = 0
            self.herds[p] += n
            self._log.append((p, "take_camels", n))
            deck = self.deck
            if len(deck) >= n:  # the deck refills the market (JAI-TAKE-5)
                code = self.market_code - n * _CAMEL_FIELD
                for _ in range(n):
                    card = deck.pop()
                    market[card] += 1
                    code += CARD_CODE[card]
                self.market_code = code
                self._log.append((-1, "refill", n))
            else:
                self.market_code -= n * _CAMEL_FIELD
                self._refill(n)  # JAI-END-2
        else:
            raise self._violation(action)
        self.turn += 1
        if self.phase is PLAYING:
            self.current_player = 1 - p  # JAI-TURN-1

    def _violation(self, action: Action) -> Exception:
        """The error apply raises for an action its quick checks refused."""
        return self.why_illegal(action) or AssertionError(f"engine disagrees with itself on {action!r}")

    def _sell(self, p: int, g: int, n: int, action: Sell) -> None:
        """Sell ``n`` cards of goods type ``g`` (JAI-SELL-1..3); the sale is legal."""
        self.hands[p][g] -= n
        self.hand_codes[p] -= n * CARD_CODE[g]
        self.hand_sizes[p] -= n
        self.discard[g] += n
        stack = GOODS_TOKENS[g]
        taken = self.tokens_taken[g]
        got = stack[taken:taken + n]  # JAI-SELL-2: surplus cards earn nothing
        if got:
            self.tokens_taken[g] = taken = taken + len(got)
            self.goods_tokens[p] += _TOKENS[g][taken - len(got):taken]
            if taken == len(stack):
                self.empty_stacks += 1
        bonus = None
        if n >= 3:  # JAI-SELL-3
            size = n if n < 5 else 5
            bonus_stack = self.bonus_stacks[size]
            if bonus_stack:
                bonus = bonus_stack.pop()
                self.bonus_tokens[p].append((size, bonus))
        self._log.append((p, "sell", action, got, bonus))
        if self.empty_stacks >= EMPTY_STACKS_TO_END:  # JAI-END-1
            self._end_round("JAI-END-1", f"{self.empty_stacks} goods-token stacks are empty")

    def _refill(self, n: int) -> None:
        deck, market = self.deck, self.market
        if len(deck) < n:  # JAI-END-2: the deck cannot supply every card needed
            short = n - len(deck)
            while deck:
                market[deck.pop()] += 1
            self.market_code = _encode(market)
            self._end_round("JAI-END-2", f"the market needed {n} card{'s' if n > 1 else ''} and the deck "
                            f"was {short} short")
            return
        code = self.market_code
        for _ in range(n):
            card = deck.pop()
            market[card] += 1
            code += CARD_CODE[card]
        self.market_code = code
        if n:
            self._log.append((-1, "refill", n))

    # -- the end of a round --

    def _round_summary(self) -> dict:
        """Totals and tie-break counts of the current round (camel token included once awarded)."""
        rupees = [sum(map(_RUPEES, self.goods_tokens[s])) + sum(map(_RUPEES, self.bonus_tokens[s])) +
                  (CAMEL_TOKEN if self.camel_token == s else 0) for s in (0, 1)]
        bonus_count = [len(self.bonus_tokens[s]) for s in (0, 1)]
        goods_count = [len(self.goods_tokens[s]) for s in (0, 1)]
        return {"rupees": rupees, "bonus_tokens": bonus_count, "goods_tokens": goods_count}

    def _end_round(self, rule: str, reason: str) -> None:
        self._log.append((-1, "round_end", rule, reason))
        if self.herds[0] != self.herds[1]:  # JAI-END-3, tie: nobody
            self.camel_token = 0 if self.herds[0] > self.herds[1] else 1
        summary = self._round_summary()
        winner, why = _round_winner(summary)
        if winner is not None:
            self.seals[winner] += 1
        self.round_results.append({  # JSON-able; the score sheet is rebuilt from the tokens on request
            "round": self.round_index, "starting_player": self.starting_player, "end_rule": rule,
            "end_reason": reason, "winner": winner, "reason": why, **summary,
            "camel_token": self.camel_token, "herds": list(self.herds),
            "goods_tokens_held": [[[GOODS[g], v] for g, v in self.goods_tokens[s]] for s in (0, 1)],
            "bonus_tokens_held": [[[z, v] for z, v in self.bonus_tokens[s]] for s in (0, 1)],
        })
        self._log.append((-1, "round_result", winner, why))
        if max(self.seals) >= SEALS_TO_WIN:  # JAI-MATCH-2
            self.phase = MATCH_OVER
            self.current_player = -1
            self._log.append((-1, "match_over", self.seals.index(max(self.seals))))
        else:
            self.phase = ROUND_OVER
            # JAI-MATCH-1: the loser starts; JAI-END-5 ruling: no winner -> the other player starts
            self.current_player = 1 - winner if winner is not None else 1 - self.starting_player

    def _next_round(self) -> None:
        self.starting_player = self.current_player
        self.round_index += 1
        self._deal_round()

    # -- scoring --

    def score_sheet(self) -> ScoreSheet:
        """The itemised score of the round in progress, or of the round just finished.

        Rows per seat: one per goods type sold (goods tokens, JAI-SELL-2), one per bonus token
        (JAI-SELL-3), and the camel token (JAI-END-3) once awarded. Points are rupees. During
        play ``winner`` is None and the verdict says the round goes on.
        """
        if self.phase is not PLAYING and self.round_results:
            return sheet_from_result(self.round_results[-1])
        return self._build_sheet(None, "the round is still being played; bonus token values are revealed "
                                       "when it ends (JAI-COMP-3).")

    def _build_sheet(self, winner: int | None, verdict: str) -> ScoreSheet:
        from .scoring import build_rows

        rows = build_rows(self.goods_tokens, self.bonus_tokens, self.camel_token)
        return ScoreSheet(rows=tuple(rows), players=2, unit="rupees", winner=winner, verdict=verdict)

    # -- copies --

    def clone(self) -> "State":
        """An independent copy (hidden information included)."""
        new = State.__new__(State)
        new.seed = self.seed
        new.round_index = self.round_index
        new.first_player = self.first_player
        new.starting_player = self.starting_player
        new.current_player = self.current_player
        new.phase = self.phase
        new.market = self.market[:]
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.herds = self.herds[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.tokens_taken = self.tokens_taken[:]
        new.goods_tokens = [self.goods_tokens[0][:], self.goods_tokens[1][:]]
        new.bonus_stacks = {k: v[:] for k, v in self.bonus_stacks.items()}
        new.bonus_tokens = [self.bonus_tokens[0][:], self.bonus_tokens[1][:]]
        new.seals = self.seals[:]
        new.camel_token = self.camel_token
        new.round_results = list(self.round_results)
        new._log = self._log[:]
        new._events = self._events[:]
        new.turn = self.turn
        new.market_code = self.market_code
        new.hand_codes = self.hand_codes[:]
        new.hand_sizes = self.hand_sizes[:]
        new.empty_stacks = self.empty_stacks
        return new

    def child(self, action: Action) -> "State":
        """A new state after ``action``; this one is untouched. Raises RuleViolation like apply."""
        new = self.clone()
        new.apply(action)
        return new

    # -- what players see --

    @property
    def events(self) -> list[Event]:
        """What happened so far in the match, in plain words with rule IDs (oldest first)."""
        return [Event(*row) for row in self._event_rows()]

    def _event_rows(self) -> list[tuple[int, str, str]]:
        """The log described so far, as (player, text, rule) rows; new entries are described once."""
        rows = self._events
        for entry in self._log[len(rows):]:
            event = describe(entry)
            rows.append((event.player, event.text, event.rule))
        return rows

    def observation(self, player: int) -> dict:
        """What ``player`` (0 or 1) may see, as a JSON-able dict.

        Hidden and left out: the opponent's hand (only its size), the deck order (only its
        size), and the values of the opponent's bonus tokens (only their sizes) until the round
        ends. [ruling: a player may look at their own bonus tokens]

        Raises:
            ValueError: ``player`` is not 0 or 1.
        """
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player!r}")
        other = 1 - player
        revealed = self.phase is not PLAYING
        return {
            "game": "jaipur",
            "player": player,
            "current_player": self.current_player,
            "phase": self.phase,
            "round": self.round_index,
            "turn": self.turn,
            "market": _named(self.market),
            "hand": _named(self.hands[player]),
            "opponent_hand_size": sum(self.hands[other]),
            "herds": list(self.herds),
            "deck_size": len(self.deck),
            "discard": _named(self.discard),
            "goods_tokens_left": {GOODS[g]: list(GOODS_TOKENS[g][self.tokens_taken[g]:]) for g in range(N_GOODS)},
            "bonus_tokens_left": {str(k): len(v) for k, v in self.bonus_stacks.items()},
            "goods_tokens": [[[GOODS[g], v] for g, v in self.goods_tokens[s]] for s in (0, 1)],
            "bonus_tokens": [
                [[size, value if (s == player or revealed) else None] for size, value in self.bonus_tokens[s]]
                for s in (0, 1)],
            "camel_token": self.camel_token,
            "seals": list(self.seals),
        }

    # -- saving --

    def to_dict(self) -> dict:
        """Everything needed to continue the match exactly, as a JSON-able dict (``version`` 1)."""
        return {
            "game": "jaipur",
            "version": FORMAT_VERSION,
            "seed": self.seed,
            "round_index": self.round_index,
            "first_player": self.first_player,
            "starting_player": self.starting_player,
            "current_player": self.current_player,
            "phase": self.phase,
            "turn": self.turn,
            "deck": [CARD_TYPES[i] for i in self.deck],
            "market": _named(self.market),
            "hands": [_named(h) for h in self.hands],
            "herds": list(self.herds),
            "discard": _named(self.discard),
            "goods_tokens": [[[GOODS[g], v] for g, v in self.goods_tokens[s]] for s in (0, 1)],
            "bonus_stacks": {str(k): list(v) for k, v in self.bonus_stacks.items()},
            "bonus_tokens": [[list(t) for t in self.bonus_tokens[s]] for s in (0, 1)],
            "camel_token": self.camel_token,
            "seals": list(self.seals),
            "round_results": self.round_results,
            "events": list(self._event_rows()),  # (player, text, rule) rows, shared: they never change
        }

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        """Rebuild a state from :meth:`to_dict`, checking that it describes a possible game.

        Raises:
            SaveFileError: wrong version, a missing or mistyped field, or impossible contents
                (card counts that do not add up to JAI-COMP-1, tokens that are not JAI-COMP-2/3,
                a hand over the limit JAI-TAKE-7, ...). One line naming the problem.
        """
        return _from_dict(cls, data)

    def __eq__(self, other) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None

    def __repr__(self) -> str:
        return (f"<jaipur.State round {self.round_index + 1}, {self.phase}, player {self.current_player} to move, "
                f"deck {len(self.deck)}, seals {self.seals[0]}-{self.seals[1]}>")


def _named(counts) -> dict[str, int]:
    return {CARD_TYPES[i]: c for i, c in enumerate(counts) if c}


def _round_winner(summary: dict) -> tuple[int | None, str]:
    """JAI-END-4 and the tie-breaks of JAI-END-5: (winner or None, explanation)."""
    r, b, g = summary["rupees"], summary["bonus_tokens"], summary["goods_tokens"]
    if r[0] != r[1]:
        w = 0 if r[0] > r[1] else 1
        return w, f"player {w} is richer: {r[w]} to {r[1 - w]} rupees (JAI-END-4)."
    if b[0] != b[1]:
        w = 0 if b[0] > b[1] else 1
        return w, (f"tied on {r[0]} rupees; player {w} has more bonus tokens, {b[w]} to {b[1 - w]} "
                   "(JAI-END-5).")
    if g[0] != g[1]:
        w = 0 if g[0] > g[1] else 1
        return w, (f"tied on {r[0]} rupees and {b[0]} bonus tokens; player {w} has more goods tokens, "
                   f"{g[w]} to {g[1 - w]} (JAI-END-5).")
    return None, (f"tied on rupees ({r[0]}), bonus tokens ({b[0]}) and goods tokens ({g[0]}): nobody takes a "
                  "seal [ruling, JAI-END-5].")


def sheet_from_result(result: dict) -> ScoreSheet:
    """The itemised ScoreSheet of one finished round, from an entry of ``State.round_results``."""
    from .scoring import build_rows

    goods = [[(INDEX[g], v) for g, v in tokens] for tokens in result["goods_tokens_held"]]
    bonus = [[(z, v) for z, v in tokens] for tokens in result["bonus_tokens_held"]]
    rows = build_rows(goods, bonus, result["camel_token"])
    return ScoreSheet(rows=tuple(rows), players=2, unit="rupees", winner=result["winner"], verdict=result["reason"])


def new_game(seed: int | None = None, first_player: int = 0) -> State:
    """Set up a Jaipur match and deal its first round (JAI-SETUP-1..7).

    Args:
        seed: any whole number; the same seed and the same actions replay the same match.
            ``None`` draws a random seed (kept in ``state.seed``).
        first_player: the seat that starts the first round, 0 or 1 (JAI-SETUP-7).

    Raises:
        ValueError: a seed that is not a whole number, or a first player other than 0 or 1.
    """
    seed = check_seed(seed)
    if first_player not in (0, 1) or isinstance(first_player, bool):
        raise ValueError(f"first_player must be 0 or 1, not {first_player!r}")
    state = State()
    state.seed = seed
    state.round_index = 0
    state.first_player = first_player
    state.starting_player = first_player
    state.seals = [0, 0]
    state.round_results = []
    state._log = []
    state._deal_round()
    return state


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



# --- the log in plain words --------------------------------------------------------------------

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
        return Event(player, f"{who} takes all {n} camel{'s' if n > 1 else ''} from the market into the herd.",
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
            text += f" and takes {len(got)} goods token{'s' if len(got) > 1 else ''} ({' + '.join(map(str, got))} rupees)"
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


# --- loading a saved game -------------------------------------------------------------------------

def _counts(data, name: str) -> list[int]:
    if not isinstance(data, dict):
        raise SaveFileError(f"saved game field {name!r} should map card types to counts")
    counts = [0] * N_TYPES
    for card, n in data.items():
        if card not in INDEX:
            raise SaveFileError(f"saved game field {name!r} names an unknown card type {card!r}")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise SaveFileError(f"saved game field {name!r} has a bad count {n!r} for {card}")
        counts[INDEX[card]] = n
    return counts


def _from_dict(cls, data: dict) -> State:
    if not isinstance(data, dict):
        raise SaveFileError(f"a saved Jaipur game is a JSON object, not {type(data).__name__}")
    if data.get("game") != "jaipur":
        raise SaveFileError(f"this is not a saved Jaipur game (game = {data.get('game')!r})")
    if data.get("version") != FORMAT_VERSION:
        raise SaveFileError(f"saved game has format version {data.get('version')!r}; "
                            f"this caravan_lessons reads version {FORMAT_VERSION}")
    s = State()
    s.seed = require(data, "seed", int)
    s.round_index = require(data, "round_index", int)
    s.first_player = require(data, "first_player", int)
    s.starting_player = require(data, "starting_player", int)
    s.current_player = require(data, "current_player", int)
    phase = require(data, "phase", str)
    phases = {PLAYING: PLAYING, ROUND_OVER: ROUND_OVER, MATCH_OVER: MATCH_OVER}
    if phase not in phases:
        raise SaveFileError(f"saved game has an unknown phase {phase!r}; phases: {', '.join(phases)}")
    s.phase = phases[phase]
    s.turn = require(data, "turn", int)
    for name in ("first_player", "starting_player"):
        if getattr(s, name) not in (0, 1):
            raise SaveFileError(f"saved game field {name!r} must be 0 or 1")
    if s.current_player not in ((-1,) if s.phase is MATCH_OVER else (0, 1)):
        raise SaveFileError(f"saved game has current_player {s.current_player} in phase {phase!r}")
    deck = require(data, "deck", list)
    if any(c not in INDEX for c in deck):
        raise SaveFileError("saved game field 'deck' holds an unknown card type")
    s.deck = [INDEX[c] for c in deck]
    s.market = _counts(require(data, "market", dict), "market")
    hands = require(data, "hands", list)
    if len(hands) != 2:
        raise SaveFileError("saved game field 'hands' should hold 2 hands")
    s.hands = [_counts(h, "hands") for h in hands]
    if any(h[CAMEL_INDEX] for h in s.hands):
        raise SaveFileError("JAI-SETUP-4: camels never stay in a hand; they belong in the herd")
    s.herds = require_ints(require(data, "herds", list), 2, "herds")
    s.discard = _counts(require(data, "discard", dict), "discard")
    if s.discard[CAMEL_INDEX]:
        raise SaveFileError("JAI-SELL-5: camels are never sold, yet the discard pile holds camels")
    total = [len([c for c in s.deck if c == i]) + s.market[i] + s.hands[0][i] + s.hands[1][i] + s.discard[i]
             for i in range(N_TYPES)]
    total[CAMEL_INDEX] += s.herds[0] + s.herds[1]
    for i in range(N_TYPES):
        if total[i] != CARD_COUNTS[i]:
            raise SaveFileError(f"JAI-COMP-1: the saved game holds {total[i]} {PLURAL[CARD_TYPES[i]]} cards; "
                                f"the game has {CARD_COUNTS[i]}")
    if s.phase is PLAYING:
        if sum(s.market) != MARKET_SIZE and s.deck:
            raise SaveFileError(f"JAI-SETUP-3: the market holds {sum(s.market)} cards while the deck lasts; "
                                f"it must hold {MARKET_SIZE}")
        for seat in (0, 1):
            if sum(s.hands[seat]) > HAND_LIMIT:
                raise SaveFileError(f"JAI-TAKE-7: player {seat} holds {sum(s.hands[seat])} cards; the limit is "
                                    f"{HAND_LIMIT}")
    # goods tokens: each seat's tokens are taken from the top of the stacks, values must fit JAI-COMP-2
    goods_tokens = require(data, "goods_tokens", list)
    if len(goods_tokens) != 2:
        raise SaveFileError("saved game field 'goods_tokens' should hold 2 lists")
    s.goods_tokens = [[], []]
    taken_values: list[list[int]] = [[] for _ in GOODS]
    for seat in (0, 1):
        for token in goods_tokens[seat]:
            if (not isinstance(token, list) or len(token) != 2 or token[0] not in GOODS
                    or isinstance(token[1], bool) or not isinstance(token[1], int)):
                raise SaveFileError(f"saved game has a malformed goods token {token!r}")
            g = INDEX[token[0]]
            s.goods_tokens[seat].append((g, token[1]))
            taken_values[g].append(token[1])
    s.tokens_taken = [len(v) for v in taken_values]
    for g in range(N_GOODS):
        if sorted(taken_values[g], reverse=True) != list(GOODS_TOKENS[g][:len(taken_values[g])]):
            raise SaveFileError(f"JAI-COMP-2: the {GOODS[g]} goods tokens held ({taken_values[g]}) are not "
                                f"the top of the stack {list(GOODS_TOKENS[g])}")
    bonus_stacks = require(data, "bonus_stacks", dict)
    bonus_tokens = require(data, "bonus_tokens", list)
    if len(bonus_tokens) != 2:
        raise SaveFileError("saved game field 'bonus_tokens' should hold 2 lists")
    s.bonus_stacks = {}
    s.bonus_tokens = [[], []]
    for size in BONUS_TOKENS:
        s.bonus_stacks[size] = require_ints(bonus_stacks.get(str(size)), None, f"bonus_stacks {size}")
    for seat in (0, 1):
        for token in bonus_tokens[seat]:
            if not isinstance(token, list) or len(token) != 2 or token[0] not in BONUS_TOKENS:
                raise SaveFileError(f"saved game has a malformed bonus token {token!r}")
            s.bonus_tokens[seat].append((token[0], token[1]))
    for size, values in BONUS_TOKENS.items():
        held = [v for seat in (0, 1) for z, v in s.bonus_tokens[seat] if z == size]
        if sorted(held + s.bonus_stacks[size]) != sorted(values):
            raise SaveFileError(f"JAI-COMP-3: the {size}-card bonus tokens in the saved game do not match the "
                                f"game's set {sorted(values)}")
    s.camel_token = data.get("camel_token")
    if s.camel_token not in (None, 0, 1) or isinstance(s.camel_token, bool):
        raise SaveFileError("saved game field 'camel_token' must be null, 0 or 1")
    s.seals = require_ints(require(data, "seals", list), 2, "seals", 0, SEALS_TO_WIN)
    if (max(s.seals) >= SEALS_TO_WIN) != (s.phase is MATCH_OVER):
        raise SaveFileError("JAI-MATCH-2: the match is over exactly when a player has 2 seals")
    s.round_results = require(data, "round_results", list)
    events = require(data, "events", list)
    try:
        s._events = [(int(p), str(text), str(rule)) for p, text, rule in events]
    except (TypeError, ValueError):
        raise SaveFileError("saved game field 'events' should be a list of [player, text, rule]") from None
    s._log = [None] * len(s._events)  # already described
    s.empty_stacks = sum(s.tokens_taken[g] == len(GOODS_TOKENS[g]) for g in range(N_GOODS))
    if sum(s.market) > MARKET_SIZE:
        raise SaveFileError(f"JAI-SETUP-3: the market holds {sum(s.market)} cards; it never holds more than "
                            f"{MARKET_SIZE}")
    if any(sum(h) > HAND_LIMIT for h in s.hands):
        raise SaveFileError(f"JAI-TAKE-7: a hand holds more than {HAND_LIMIT} cards")
    s._recode()
    return s
