"""The Jaipur rules engine: setup, legal actions, checks, moves, end of round, the match.

Representation: every pile of cards is a list of 7 counts in ``CARD_TYPES`` order
(diamond, gold, silver, cloth, spice, leather, camel); only the deck is a list of card
indices, because its order is hidden information. The legal actions depend only on the
market, the hand and (up to 5) the herd, so they are computed once per such situation
and cached for the whole process: bots replay common situations thousands of times.

Rulebook: ``shared/rulebooks/002_…`` (Portuguese); clause IDs: ``shared/rules/jaipur.md``.
"""
from __future__ import annotations

import random
from itertools import product
from typing import Iterable

from ..core import (
    FORMAT_VERSION,
    Event,
    RuleViolation,
    SaveFileError,
    ScoreRow,
    ScoreSheet,
    check_seed,
    derive_seed,
    require,
    require_ints,
)
from .actions import Action, Exchange, NextRound, Sell, TakeCamels, TakeOne, parse_action
from .components import (
    BONUS_TOKENS,
    CAMEL_INDEX,
    CAMEL_TOKEN,
    CARD_COUNTS,
    CARD_TYPES,
    EMPTY_STACKS_TO_END,
    GOODS,
    GOODS_TOKENS,
    HAND_LIMIT,
    HAND_SIZE_DEALT,
    INDEX,
    HAND_CODE,
    MARKET_CODE,
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

# --- interned actions and the caches of legal moves ------------------------------------------------
#
# Legal moves depend only on (market, hand, herd). That triple rarely repeats, but its parts do:
# the take-one moves and the possible takes of an exchange depend on the market alone, the sales
# on the hand alone, and the exchanges of one take on what the hand may give against it (its
# other goods types, capped at the take's size) and on how many camels may go back. Each part is
# cached under an integer key, so a turn joins a handful of cached tuples. Markets and hands are
# keyed by their codes (components.MARKET_CODE, HAND_CODE), which the state keeps up to date.

_TAKE_ONE = tuple(TakeOne(g) for g in GOODS)
_TAKE_CAMELS = TakeCamels()
_NEXT_ROUND = NextRound()
_SELL = {(g, n): Sell(GOODS[g], n) for g in range(N_GOODS) for n in range(1, CARD_COUNTS[g] + 1)}
_EXCHANGES: dict[tuple, Exchange] = {}
_MARKETS: dict[int, tuple] = {}     # market code -> (take-one moves, camels on display?, takes)
_HANDS: dict[int, tuple] = {}       # hand code -> (reduced-code table, sales, hand)
_TAKES: list[tuple[int, ...]] = []  # take id -> take vector (6 goods counts)
_TAKE_IDS: dict[tuple, int] = {}
_REDUCED_IDS: dict[tuple, int] = {}
_CHUNKS: dict[int, tuple] = {}      # take id, reduced hand, camels -> exchanges
_JOINED: dict[int, tuple] = {}      # market, hand capped at the market's goods, camels -> all exchanges
_JOINED_LIMIT = 600_000             # entries kept before the cache starts again (about 150 MB at most)
_TAKE_SHIFT = 40                    # chunk key = take id << 40 | reduced code << 3 | camels (<= 5)


def _exchange(take: tuple[int, ...], give: tuple[int, ...]) -> Exchange:
    key = (take, give)
    action = _EXCHANGES.get(key)
    if action is None:
        action = Exchange([CARD_TYPES[i] for i in range(len(take)) for _ in range(take[i])],
                          [CARD_TYPES[i] for i in range(len(give)) for _ in range(give[i])])
        _EXCHANGES[key] = action
    return action


def _sub_multisets(counts: Iterable[int]) -> list[tuple[int, ...]]:
    """Every vector v with 0 <= v[i] <= counts[i] (the multisets inside ``counts``)."""
    return list(product(*(range(c + 1) for c in counts)))


def _decode(code: int, base: int) -> tuple[int, ...]:
    return tuple(code // base ** i % base for i in range(N_TYPES))


def _market_info(code: int) -> tuple:
    market = _decode(code, 6)
    takes = sorted((t for t in _sub_multisets(market[:N_GOODS]) if sum(t) >= 2),
                   key=lambda t: (sum(t), tuple(-x for x in t)))
    entries = []
    for t in takes:
        if t not in _TAKE_IDS:
            _TAKE_IDS[t] = len(_TAKES)
            _TAKES.append(t)
        mask = sum(1 << g for g in range(N_GOODS) if t[g])
        entries.append((_TAKE_IDS[t] << _TAKE_SHIFT, mask * 8 + sum(t), sum(t)))
    info = (tuple(_TAKE_ONE[g] for g in range(N_GOODS) if market[g]), market[CAMEL_INDEX] > 0, tuple(entries),
            sum(market[:N_GOODS]), code << 21)
    _MARKETS[code] = info
    return info


def _hand_info(code: int) -> tuple:
    hand = _decode(code, 8)
    sales = tuple(_SELL[g, n] for g in range(N_GOODS) for n in range(MIN_SALE[g], hand[g] + 1))
    capped = tuple(sum(min(n, k) * HAND_CODE[i] for i, n in enumerate(hand)) << 3 for k in range(MARKET_SIZE + 1))
    info = ([None] * 512, sales, hand, capped)  # table: (take mask * 8 + take size) -> reduced code
    _HANDS[code] = info
    return info


def _reduce(table: list, hand: tuple[int, ...], mk: int) -> int:
    """Code of what a hand may give against a take: its other goods types (JAI-TAKE-4), capped at the size."""
    mask, k = mk >> 3, mk & 7
    reduced = tuple(0 if mask >> g & 1 else min(hand[g], k) for g in range(N_GOODS))
    code = _REDUCED_IDS.setdefault(reduced, len(_REDUCED_IDS))
    table[mk] = code
    return code


def _chunk(key: int, take: tuple[int, ...], hand: tuple[int, ...], mask: int, camels: int) -> tuple:
    """The exchanges of one take, giving goods of other types and up to ``camels`` camels (JAI-TAKE-2..4, 7)."""
    k = sum(take)
    giveable = [0 if mask >> g & 1 else min(hand[g], k) for g in range(N_GOODS)]
    chunk = []
    for give in _sub_multisets(giveable):
        given = sum(give)
        if given <= k and k - given <= camels:
            chunk.append(_exchange(take + (0,), give + (k - given,)))
    chunk = tuple(chunk)
    _CHUNKS[key] = chunk
    return chunk


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
    market_code = sum(n * MARKET_CODE[i] for i, n in enumerate(market))
    hand = list(hand)
    return _legal(market_code, sum(n * HAND_CODE[i] for i, n in enumerate(hand)), sum(hand), herd)


def _legal(market_code: int, hand_code: int, hand_size: int, herd: int) -> list[Action]:
    m = _MARKETS.get(market_code) or _market_info(market_code)
    h = _HANDS.get(hand_code) or _hand_info(hand_code)
    actions = list(m[0]) if hand_size < HAND_LIMIT else []  # JAI-TAKE-1, JAI-TAKE-7
    if m[1]:
        actions.append(_TAKE_CAMELS)  # JAI-TAKE-5
    room = HAND_LIMIT - hand_size  # each camel given back grows the hand by one card (JAI-TAKE-7)
    camels = herd if herd < room else room
    most = m[3]  # an exchange takes at most the goods on display: cap the hand and the camels there
    joined_key = m[4] | h[3][most] | (camels if camels < most else most)
    joined = _JOINED.get(joined_key)
    if joined is not None:
        actions += joined
        actions += h[1]
        return actions
    start = len(actions)
    table, chunks = h[0], _CHUNKS
    for take_key, mk, k in m[2]:
        r = table[mk]
        if r is None:
            r = _reduce(table, h[2], mk)
        key = take_key | r << 3 | (camels if camels < k else k)
        chunk = chunks.get(key)
        if chunk is None:
            chunk = _chunk(key, _TAKES[take_key >> _TAKE_SHIFT], h[2], mk >> 3, camels if camels < k else k)
        actions += chunk
    if len(_JOINED) >= _JOINED_LIMIT:
        _JOINED.clear()
    _JOINED[joined_key] = tuple(actions[start:])
    actions += h[1]  # JAI-SELL-1, JAI-SELL-4
    return actions


_FULL_DECK = [i for i, count in enumerate(CARD_COUNTS)
              for _ in range(count - (STARTING_MARKET_CAMELS if i == CAMEL_INDEX else 0))]
"""The 52 cards shuffled into the deck (JAI-SETUP-1 sets 3 camels aside for the market)."""


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
        self._events: list[Event] = []

    def _deal_round(self) -> None:
        rng = random.Random(derive_seed(self.seed, "round", self.round_index))
        deck = _FULL_DECK[:]
        rng.shuffle(deck)  # JAI-SETUP-2
        self.market = [0] * N_TYPES
        self.market[CAMEL_INDEX] = STARTING_MARKET_CAMELS  # JAI-SETUP-1
        self.hands = [[0] * N_TYPES, [0] * N_TYPES]
        self.herds = [0, 0]
        for seat in (0, 1):
            for _ in range(HAND_SIZE_DEALT):
                self.hands[seat][deck.pop()] += 1
            self.herds[seat] = self.hands[seat][CAMEL_INDEX]  # JAI-SETUP-4
            self.hands[seat][CAMEL_INDEX] = 0
        for _ in range(MARKET_SIZE - STARTING_MARKET_CAMELS):  # JAI-SETUP-3
            self.market[deck.pop()] += 1
        self.deck = deck
        self.discard = [0] * N_TYPES
        self.tokens_taken = [0] * N_GOODS  # JAI-SETUP-5: stacks as prefixes of GOODS_TOKENS
        self.goods_tokens = [[], []]  # per seat: [(goods index, rupees), ...]
        self.bonus_stacks = {}
        for size, values in BONUS_TOKENS.items():  # JAI-SETUP-6
            stack = list(values)
            rng.shuffle(stack)
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
        self.market_code = sum(n * MARKET_CODE[i] for i, n in enumerate(self.market))
        self.hand_codes = [sum(n * HAND_CODE[i] for i, n in enumerate(h)) for h in self.hands]
        self.hand_sizes = [sum(h) for h in self.hands]

    # -- the state protocol --

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to move, as a new list in a deterministic order.

        Order: take one good (by goods type), take camels, exchanges (fewest cards first),
        sales (by goods type, then count). After a round: ``[NextRound()]``. Match over: ``[]``.
        """
        if self.phase is PLAYING:
            p = self.current_player
            return _legal(self.market_code, self.hand_codes[p], self.hand_sizes[p], self.herds[p])
        return [_NEXT_ROUND] if self.phase is ROUND_OVER else []

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

    def _is_legal(self, action: Action) -> bool:
        """The fast form of :meth:`_check` for apply: True exactly when ``_check`` finds nothing."""
        p = self.current_player
        kind = type(action)
        if kind is Exchange:
            if not action.well_formed or self.hand_sizes[p] + action.camels > HAND_LIMIT:
                return False
            market, hand = self.market, self.hands[p]
            for i, n in action.take_pairs:
                if n > market[i]:
                    return False
            for i, n in action.give_pairs:
                if n > hand[i]:
                    return False
            return action.camels <= self.herds[p]
        if kind is Sell:
            g, n = action.index, action.count
            return g != CAMEL_INDEX and MIN_SALE[g] <= n <= self.hands[p][g] and n >= 1
        if kind is TakeOne:
            g = action.index
            return g != CAMEL_INDEX and self.market[g] > 0 and self.hand_sizes[p] < HAND_LIMIT
        if kind is TakeCamels:
            return self.market[CAMEL_INDEX] > 0
        return False

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
        if not self._is_legal(action):
            raise self.why_illegal(action) or AssertionError(f"engine disagrees with itself on {action!r}")
        p = self.current_player
        kind = type(action)
        if kind is Exchange:
            market, hand = self.market, self.hands[p]
            for i, n in action.take_pairs:
                market[i] -= n
                hand[i] += n
            for i, n in action.give_pairs:
                hand[i] -= n
                market[i] += n
            camels = action.camels
            if camels:
                self.herds[p] -= camels
                market[CAMEL_INDEX] += camels
                self.hand_sizes[p] += camels
            self.market_code += action.market_code_delta
            self.hand_codes[p] += action.hand_code_delta
            self._log.append((p, "exchange", action))
        elif kind is Sell:
            self._sell(p, action)
        elif kind is TakeOne:
            g = action.index
            self.market[g] -= 1
            self.market_code -= MARKET_CODE[g]
            self.hands[p][g] += 1
            self.hand_codes[p] += HAND_CODE[g]
            self.hand_sizes[p] += 1
            self._log.append((p, "take_one", g))
            self._refill(1)
        else:  # TakeCamels
            n = self.market[CAMEL_INDEX]
            self.market[CAMEL_INDEX] = 0
            self.market_code -= n * MARKET_CODE[CAMEL_INDEX]
            self.herds[p] += n
            self._log.append((p, "take_camels", n))
            self._refill(n)
        self.turn += 1
        if self.phase is PLAYING:
            self.current_player = 1 - p  # JAI-TURN-1

    def _sell(self, p: int, action: Sell) -> None:
        g, n = action.index, action.count
        self.hands[p][g] -= n
        self.hand_codes[p] -= n * HAND_CODE[g]
        self.hand_sizes[p] -= n
        self.discard[g] += n
        stack = GOODS_TOKENS[g]
        taken = self.tokens_taken[g]
        got = stack[taken:taken + n]  # JAI-SELL-2: surplus cards earn nothing
        if got:
            self.tokens_taken[g] = taken + len(got)
            mine = self.goods_tokens[p]
            for v in got:
                mine.append((g, v))
            if taken + len(got) == len(stack):
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
            self.market_code = sum(c * MARKET_CODE[i] for i, c in enumerate(market))
            self._end_round("JAI-END-2", f"the market needed {n} card{'s' if n > 1 else ''} and the deck "
                            f"was {short} short")
            return
        code = self.market_code
        for _ in range(n):
            card = deck.pop()
            market[card] += 1
            code += MARKET_CODE[card]
        self.market_code = code
        if n:
            self._log.append((-1, "refill", n))

    # -- the end of a round --

    def _round_summary(self) -> dict:
        """Totals and tie-break counts of the current round (camel token included once awarded)."""
        rupees = [sum(v for _, v in self.goods_tokens[s]) + sum(v for _, v in self.bonus_tokens[s]) +
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
            "goods_tokens": [[[GOODS[g], v] for g, v in self.goods_tokens[s]] for s in (0, 1)],
            "bonus_tokens": [[[z, v] for z, v in self.bonus_tokens[s]] for s in (0, 1)],
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
        events = self._events
        for entry in self._log[len(events):]:
            events.append(describe(entry))
        return events

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
            "events": [[e.player, e.text, e.rule] for e in self.events],
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

    goods = [[(INDEX[g], v) for g, v in tokens] for tokens in result["goods_tokens"]]
    bonus = [[(z, v) for z, v in tokens] for tokens in result["bonus_tokens"]]
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
        return Event(player, f"{who} {entry[2]}.", "JAI-TAKE-2")
    if kind == "sell":
        action, got, bonus = entry[2], entry[3], entry[4]
        text = f"{who} {action}"
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
    for size, values in BONUS_TOKENS.items():
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
        s._events = [Event(int(p), str(text), str(rule)) for p, text, rule in events]
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
