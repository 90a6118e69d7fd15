"""Heuristic bots for Jaipur, and the game knowledge the search bot borrows from them.

Two bots play from a :class:`~caravan_lessons.agents.View` only (the seat's observation and
the legal actions; never the opponent's hand or the deck):

* :class:`GreedyAgent` -- the best immediate value: rupees earned now by a sale (goods tokens
  plus the mean of the bonus stack, JAI-SELL-2/3), or half the top goods token of each card
  taken (JAI-TAKE-1/2), or half a rupee per camel (JAI-TAKE-5).
* :class:`HeuristicAgent` -- follows the rulebook's three tips (``shared/rules/jaipur.md``,
  "Strategy tips"): it values its hand by what it could sell it for later, camels with
  diminishing returns plus the chance of the camel token, takes camels when the opponent holds
  7 cards, favours precious goods, early tokens and 3/4/5-card bonuses, and counts what each
  move leaves in the market for the opponent.

Both score every legal action with :class:`Position` (what one seat knows, as count vectors),
and so do the hooks the information-set search (:mod:`caravan_lessons.mcts`) looks up in the
game package: :func:`playout_policy` (a fast version of the heuristic for rollouts),
:func:`evaluate` (a win chance from a rupee estimate) and :func:`round_reward`.

Units: rupees (the points of Jaipur); card piles are lists of 7 counts in ``CARD_TYPES`` order.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ..core import _short, check_seat, check_seed
from .actions import Action, Exchange, NextRound, Sell, TakeCamels, TakeOne
from .rules import State
from .components import (
    BONUS_TOKENS,
    CAMEL_INDEX,
    CAMEL_TOKEN,
    CARD_TYPES,
    GOODS,
    GOODS_TOKENS,
    HAND_LIMIT,
    MIN_SALE,
    PLAYING,
)

__all__ = [
    "BONUS_MEAN",
    "GreedyAgent",
    "HeuristicAgent",
    "Position",
    "evaluate",
    "playout_policy",
    "rank_actions",
    "round_reward",
]

N_GOODS = len(GOODS)
BONUS_MEAN: dict[int, float] = {size: sum(v) / len(v) for size, v in BONUS_TOKENS.items()}
"""Mean value of a bonus token of each size (JAI-COMP-3): 3 -> 2.0, 4 -> 5.0, 5 -> 9.0 rupees."""

CAMEL_USE = (1.2, 1.0, 0.8, 0.6, 0.4, 0.3, 0.2, 0.1)
"""Rupees each successive camel of a herd is worth as exchange material (tip 1: too few camels
block big exchanges; beyond a handful they add little). Camels past the 8th add nothing."""
_CAMEL_USE_SUM = [sum(CAMEL_USE[:n]) for n in range(len(CAMEL_USE) + 1)]

REFILL_THREAT = 0.8
"""Expected rupees an unknown card from the deck is worth to the opponent when it joins the market."""
MARKET_WEIGHT = 0.5
"""How much of what the market offers the opponent after a move counts against the move (tip 3)."""
FORCE_BONUS = 2.0
"""Tip 1: taking camels while the opponent holds 7 cards forces them to sell or exchange."""
LONE_PRECIOUS = 0.8
"""Share of the top token one diamond, gold or silver card is worth: it needs a second card to be
sold (JAI-SELL-4), but precious goods are where the money is (tip 2)."""
EVAL_SCALE = 8.0
"""Rupees of lead that make a win chance of about 73% in :func:`evaluate` (logistic scale)."""


_LEFT = [[GOODS_TOKENS[g][k:] for k in range(len(GOODS_TOKENS[g]) + 1)] for g in range(N_GOODS)]
"""_LEFT[g][k]: the goods tokens of type g left once k were taken (top first)."""
_CUM = [[sum(GOODS_TOKENS[g][:k]) for k in range(len(GOODS_TOKENS[g]) + 1)] + [sum(GOODS_TOKENS[g])] * 16
        for g in range(N_GOODS)]
"""_CUM[g][k]: rupees of the first k goods tokens of type g (a sale past the stack earns nothing, JAI-SELL-2)."""
_POT: dict[tuple, list[float]] = {}
_STACK_SIZE = tuple(len(t) for t in GOODS_TOKENS)
_OFFER = [[(0.0, 0.5 * t[0], 0.5 * sum(t[:2])) if t else (0.0, 0.0, 0.0) for t in rows] for rows in _LEFT]
"""_OFFER[g][k][n]: half the rupees one (n = 1) or two (n = 2) cards of goods g on display offer the
opponent once k tokens of g were taken (see Position.market_threat)."""
_EXCHANGE_INFO: dict[Exchange, tuple] = {}


def _exchange_info(action: Exchange) -> tuple:
    """(goods moved as (type, change of the hand), change of the market per goods type, camels given)."""
    tv, gv = action.take_vector, action.give_vector
    info = (tuple((g, tv[g] - gv[g]) for g in range(N_GOODS) if tv[g] or gv[g]),
            tuple(gv[g] - tv[g] for g in range(N_GOODS)), gv[CAMEL_INDEX])
    if len(_EXCHANGE_INFO) > 200_000:
        _EXCHANGE_INFO.clear()
    _EXCHANGE_INFO[action] = info
    return info


def _logistic(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class Position:
    """What one seat knows of a Jaipur round, as numbers: the common input of the bots' scoring.

    Attributes:
        market: 7 card counts on display.
        hand: 7 card counts in the seat's hand (camel entry 0).
        hand_size: cards in hand.
        herd, opp_herd: camels in the seat's and in the opponent's herd.
        opp_hand_size: cards in the opponent's hand (7 means they cannot take one good, JAI-TAKE-7).
        deck_size: cards left in the deck.
        tokens: per goods type, the goods tokens left, top first (rupees).
        bonus_left: bonus size (3, 4, 5) -> tokens left in that stack.
        realise: the share (0.4 .. 0.85) of a hand's sale value counted before it is sold: cards
            unsold at the end of the round earn nothing, so it drops as the deck runs out and as
            goods-token stacks empty (JAI-END-1, JAI-END-2).
    """

    __slots__ = (
        "_bonus_key",
        "_losses",
        "_offers",
        "_pot",
        "bonus_left",
        "deck_size",
        "hand",
        "hand_size",
        "herd",
        "market",
        "opp_hand_size",
        "opp_herd",
        "realise",
        "taken",
    )

    def __init__(self, market: Sequence[int], hand: Sequence[int], herd: int, opp_herd: int, opp_hand_size: int,
                 deck_size: int, taken: Sequence[int], bonus_left: dict[int, int]):
        self.market = market
        self.hand = hand
        self.hand_size = sum(hand)
        self.herd = herd
        self.opp_herd = opp_herd
        self.opp_hand_size = opp_hand_size
        self.deck_size = deck_size
        self.taken = taken
        self.bonus_left = bonus_left
        empty = 0
        for g in range(N_GOODS):
            if taken[g] >= _STACK_SIZE[g]:
                empty += 1
        end = max(1.0 - deck_size / 30.0, empty / 3.0)
        self.realise = 0.85 - 0.45 * (1.0 if end > 1.0 else max(end, 0.0))
        self._bonus_key = (bool(bonus_left.get(3)), bool(bonus_left.get(4)), bool(bonus_left.get(5)))
        self._pot: list[list[float] | None] = [None] * N_GOODS
        self._offers: list[tuple[float, int]] | None = None
        self._losses: list[float] | None = None

    @classmethod
    def from_observation(cls, observation: dict) -> Position:
        """The position of ``observation["player"]`` from ``State.observation`` (a View's observation)."""
        me = observation["player"]
        market, hand, left = observation["market"], observation["hand"], observation["goods_tokens_left"]
        return cls([market.get(c, 0) for c in CARD_TYPES], [hand.get(c, 0) for c in CARD_TYPES],
                   observation["herds"][me], observation["herds"][1 - me], observation["opponent_hand_size"],
                   observation["deck_size"], [len(GOODS_TOKENS[g]) - len(left[GOODS[g]]) for g in range(N_GOODS)],
                   {int(k): v for k, v in observation["bonus_tokens_left"].items()})

    @classmethod
    def from_state(cls, state, player: int) -> Position:
        """The position of ``player`` in a full State (for search on a determinised state).

        Reads only what ``player`` could see, plus their own hand.
        """
        stacks = state.bonus_stacks
        return cls(state.market, state.hands[player], state.herds[player], state.herds[1 - player],
                   sum(state.hands[1 - player]), len(state.deck), state.tokens_taken,
                   {3: len(stacks[3]), 4: len(stacks[4]), 5: len(stacks[5])})

    @property
    def tokens(self) -> list[tuple[int, ...]]:
        """Per goods type, the goods tokens left, top first (rupees)."""
        taken = self.taken
        return [_LEFT[g][taken[g]] for g in range(N_GOODS)]

    # -- values in rupees --

    def sale_value(self, g: int, n: int, start: int = 0) -> float:
        """Rupees for selling ``n`` cards of goods ``g`` now: tokens ``start .. start+n`` of the stack plus
        the mean bonus of the size (JAI-SELL-2, JAI-SELL-3)."""
        cum = _CUM[g]
        a = self.taken[g] + start
        value = float(cum[a + n] - cum[a])
        if n >= 3:
            size = min(5, n)
            if self.bonus_left.get(size):
                value += BONUS_MEAN[size]
        return value

    def potential(self, g: int) -> list[float]:
        """Rupees that 0..7 cards of goods ``g`` in hand are worth before they are sold (tip 2).

        ``realise`` times their sale value; one precious card (which cannot be sold alone,
        JAI-SELL-4) counts for :data:`LONE_PRECIOUS` of the top token. Rows are cached for the
        whole process.
        """
        row = self._pot[g]
        if row is None:
            key = (g, self.taken[g], self.realise, self._bonus_key)
            row = _POT.get(key)
            if row is None:
                realise, tokens = self.realise, _LEFT[g][self.taken[g]]
                row = [0.0]
                for c in range(1, HAND_LIMIT + 1):
                    if c < MIN_SALE[g]:
                        row.append(realise * LONE_PRECIOUS * tokens[0] if tokens else 0.0)
                    else:
                        row.append(realise * self.sale_value(g, c))
                if len(_POT) > 50_000:
                    _POT.clear()
                _POT[key] = row
            self._pot[g] = row
        return row

    def camel_value(self, herd: int) -> float:
        """Rupees a herd of ``herd`` camels is worth: exchange material plus the camel token's chance (tip 1)."""
        use = _CAMEL_USE_SUM[herd if herd < len(_CAMEL_USE_SUM) else -1]
        chance = 0.5 + 0.15 * (herd - self.opp_herd)
        return use + CAMEL_TOKEN * (1.0 if chance > 1.0 else max(chance, 0.0))

    def market_threat(self, market: Sequence[int], unknown: int = 0) -> float:
        """Rupees the opponent could get from ``market`` on their next turn (tip 3).

        Half the best goods on display (its top token, or the top two tokens if two or more cards
        of that type are there), or 0.3 rupees a camel for a camel grab, whichever is more; plus
        :data:`REFILL_THREAT` for each card still to come from the deck.
        """
        best = 0.0
        taken = self.taken
        for g in range(N_GOODS):
            n = market[g]
            if n:
                v = _OFFER[g][taken[g]][min(2, n)]
                best = max(best, v)
        camels = 0.3 * market[CAMEL_INDEX]
        best = max(best, camels)
        return best + REFILL_THREAT * unknown

    def _market_offers(self) -> list[tuple[float, int]]:
        """(offer, goods type) of each goods type on display, best first (see market_threat)."""
        taken, market = self.taken, self.market
        offers = sorted(((_OFFER[g][taken[g]][min(2, market[g])], g)
                         for g in range(N_GOODS) if market[g]), reverse=True)
        self._offers = offers
        return offers

    def _camel_loss(self, camels: int) -> float:
        """camel_value(herd - camels) - camel_value(herd), cached per position."""
        losses = self._losses
        if losses is None:
            base = self.camel_value(self.herd)
            losses = self._losses = [self.camel_value(self.herd - k) - base for k in range(self.herd + 1)]
        return losses[camels]

    @staticmethod
    def crowding(hand_size: int) -> float:
        """Rupees lost by a crowded hand: 6 and 7 cards leave no room to take (JAI-TAKE-7)."""
        return 0.6 * (hand_size - 5) if hand_size > 5 else 0.0

    # -- scoring actions --

    def score(self, action: Action) -> float:
        """The heuristic value of ``action`` for this seat, in rupees (higher is better).

        Change of the seat's estimated worth (sales banked, potential of the hand, camels,
        crowding), minus :data:`MARKET_WEIGHT` times what the market then offers the opponent.
        """
        kind = type(action)
        hand, market = self.hand, self.market
        if kind is Exchange:
            moves, shift, camels = _EXCHANGE_INFO.get(action) or _exchange_info(action)
            delta = 0.0
            pots = self._pot
            for g, d in moves:
                pot = pots[g] or self.potential(g)
                c = hand[g]
                delta += pot[c + d] - pot[c]
            # what the market offers the opponent after: the best unchanged type, or a changed one
            offers = self._offers
            if offers is None:
                offers = self._market_offers()
            best = 0.0
            for v, g in offers:
                if not shift[g]:
                    best = v
                    break
            taken = self.taken
            for g, d in moves:
                n = market[g] - d
                if n > 0:
                    v = _OFFER[g][taken[g]][min(2, n)]
                    best = max(best, v)
            if camels:
                delta += self._camel_loss(camels)
                delta += self.crowding(self.hand_size) - self.crowding(self.hand_size + camels)
            grab = 0.3 * (market[CAMEL_INDEX] + camels)
            return delta - MARKET_WEIGHT * (max(grab, best))
        offers = self._offers
        if offers is None:
            offers = self._market_offers()
        if kind is Sell:
            g, n = action.index, action.count
            c = hand[g]
            left = c - n
            pot = self.potential(g)
            later = self.realise * self.sale_value(g, left, n) if left >= MIN_SALE[g] else (
                pot[1] if left else 0.0)
            delta = self.sale_value(g, n) + later - pot[c]
            delta += self.crowding(self.hand_size) - self.crowding(self.hand_size - n)
            best = offers[0][0] if offers else 0.0
            grab = 0.3 * market[CAMEL_INDEX]
            return delta - MARKET_WEIGHT * (max(grab, best))
        if kind is TakeOne:
            g = action.index
            pot = self.potential(g)
            c = hand[g]
            delta = pot[c + 1] - pot[c] + self.crowding(self.hand_size) - self.crowding(self.hand_size + 1)
            best = 0.0
            for v, h in offers:  # the best other type on display, or what is left of this one
                if h != g:
                    best = v
                    break
            n = market[g] - 1
            if n:
                v = _OFFER[g][self.taken[g]][min(2, n)]
                best = max(best, v)
            grab = 0.3 * market[CAMEL_INDEX]
            return delta - MARKET_WEIGHT * ((max(grab, best)) + REFILL_THREAT)
        if kind is TakeCamels:
            n = market[CAMEL_INDEX]
            delta = self.camel_value(self.herd + n) - self.camel_value(self.herd)
            if self.opp_hand_size >= HAND_LIMIT:
                delta += FORCE_BONUS
            best = offers[0][0] if offers else 0.0
            return delta - MARKET_WEIGHT * (best + REFILL_THREAT * n)
        return 0.0  # NextRound: the only action when it is legal

    def worth(self) -> float:
        """Rupees this seat's hand and herd are worth before the end of the round (no banked tokens)."""
        hand = self.hand
        total = self.camel_value(self.herd) - self.crowding(self.hand_size)
        for g in range(N_GOODS):
            if hand[g]:
                total += self.potential(g)[hand[g]]
        return total


def _pick(scored: list[tuple[float, Any]], rng: random.Random) -> Any:
    """The action of the highest score; exact ties broken by ``rng`` (reproducibly)."""
    best = max(s for s, _ in scored)
    top = [a for s, a in scored if s == best]
    return top[0] if len(top) == 1 else top[rng.randrange(len(top))]


class _ScoringAgent:
    """What the Jaipur bots share: a seeded generator for ties, a forced move played at once, and
    the best of the scores that :meth:`scores` gives every legal action (from the View only)."""

    name = "scoring"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(check_seed(seed))

    def choose(self, view) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        return _pick(self.scores(Position.from_observation(view.observation), actions), self.rng)

    def scores(self, pos: Position, actions: Sequence[Action]) -> list[tuple[float, Action]]:
        """(score in rupees, action) for each legal action; subclasses say how."""
        raise NotImplementedError


class GreedyAgent(_ScoringAgent):
    """The best immediate value, from the View only.

    Scores (rupees): a sale earns its goods tokens plus the mean bonus of its size if that stack
    is not empty (JAI-SELL-2/3); each goods card taken is worth half the top token left of its
    type, each card given back the same negatively (JAI-TAKE-1/2); each camel taken is worth
    half a rupee and each camel given back costs as much (JAI-TAKE-5). Ties are broken at random
    with the agent's seeded generator.

    Args:
        seed: any whole number (None: a random one).
    """

    name = "greedy"

    def scores(self, pos: Position, actions: Sequence[Action]) -> list[tuple[float, Action]]:
        card = [0.5 * t[0] if t else 0.0 for t in pos.tokens] + [0.5]
        scored = []
        for action in actions:
            kind = type(action)
            if kind is Sell:
                value = pos.sale_value(action.index, action.count)
            elif kind is TakeOne:
                value = card[action.index]
            elif kind is TakeCamels:
                value = card[CAMEL_INDEX] * pos.market[CAMEL_INDEX]
            else:  # Exchange
                moves, _, camels = _EXCHANGE_INFO.get(action) or _exchange_info(action)
                value = -card[CAMEL_INDEX] * camels
                for g, d in moves:
                    value += d * card[g]
            scored.append((value, action))
        return scored


class HeuristicAgent(_ScoringAgent):
    """A bot following the rulebook's three tips, from the View only.

    Every legal action is scored by :meth:`Position.score`: the change of the bot's estimated
    worth (rupees banked by a sale; the hand valued at ``realise`` times its future sale value,
    so precious goods, the early tokens still on the stacks and 3/4/5-card bonuses count; camels
    with diminishing returns plus the chance of the camel token), minus half of what the market
    would then offer the opponent (the goods a move opens, the cards a refill may bring), with
    a bonus for taking camels while the opponent holds 7 cards. Ties are broken at random.

    Args:
        seed: any whole number (None: a random one).
    """

    name = "heuristic"

    def scores(self, pos: Position, actions: Sequence[Action]) -> list[tuple[float, Action]]:
        score = pos.score
        return [(score(a), a) for a in actions]


# --- hooks for the information-set search (caravan_lessons.mcts) ---------------------------------

def round_reward(state, player: int) -> float | None:
    """The search reward of ``player`` once the round is over, else None.

    ``0.8 * won + 0.2 * logistic(rupee lead / 10)``, where ``won`` is 1 for winning the round
    (JAI-END-4/5), 0 for losing it and 0.5 when nobody takes the seal: winning the round is what
    counts for the match (JAI-MATCH-2); the lead only separates sure wins (and sure losses).
    In [0, 1].
    """
    if state.phase is PLAYING:
        return None
    result = state.round_results[-1]
    winner = result["winner"]
    won = 0.5 if winner is None else (1.0 if winner == player else 0.0)
    rupees = result["rupees"]
    return 0.8 * won + 0.2 * _logistic((rupees[player] - rupees[1 - player]) / 10.0)


def _banked(state, seat: int) -> int:
    return sum(v for _, v in state.goods_tokens[seat]) + sum(v for _, v in state.bonus_tokens[seat])


def evaluate(state, player: int) -> float:
    """A win chance in [0, 1] for ``player`` in a round still being played (a full, determinised state).

    ``logistic(lead / EVAL_SCALE)``, the lead in rupees being: tokens banked (bonus values as
    the determinisation dealt them) plus :meth:`Position.worth` of hand and herd, each player
    minus the other. Uses the opponent's hand, so only call it on a determinised state.

    Raises:
        ValueError: ``player`` is not a seat number (0 or 1; booleans and floats are not).
    """
    if not isinstance(state, State):
        raise ValueError(f"evaluate: state is a Jaipur position (a State), not {_short(state)}")
    if player.__class__ is not int or not 0 <= player <= 1:
        check_seat(player, "evaluate: player")
    reward = round_reward(state, player)
    if reward is not None:
        return reward
    me = Position.from_state(state, player)
    other = Position.from_state(state, 1 - player)
    lead = _banked(state, player) - _banked(state, 1 - player) + me.worth() - other.worth()
    return _logistic(lead / EVAL_SCALE)


_TAKE_ONE = tuple(TakeOne(g) for g in GOODS)
_TAKE_CAMELS = TakeCamels()
_SELL = [[Sell(g, n) if n else None for n in range(HAND_LIMIT + 1)] for g in GOODS]
_EXCHANGES: dict[tuple, Exchange] = {}


def _interned_exchange(take: tuple[int, ...], give: tuple[int, ...]) -> Exchange:
    key = (take, give)
    action = _EXCHANGES.get(key)
    if action is None:
        action = Exchange([CARD_TYPES[i] for i in range(7) for _ in range(take[i])],
                          [CARD_TYPES[i] for i in range(7) for _ in range(give[i])])
        if len(_EXCHANGES) > 100_000:
            _EXCHANGES.clear()
        _EXCHANGES[key] = action
    return action


def _best_exchange(pos: Position) -> Exchange | None:
    """One good exchange built directly (no listing of every legal one): the market goods worth most
    to the seat, against the hand cards and camels worth least, pair by pair while the pairs gain.

    Gives are taken only from goods types not on display at all, so no type is both taken and
    given (JAI-TAKE-4); camels given back never push the hand past 7 (JAI-TAKE-7). None when no
    exchange of 2 or more cards each way gains (JAI-TAKE-2/3).
    """
    hand, market = pos.hand, pos.market
    takes = []
    for g in range(N_GOODS):
        n = market[g]
        if n:
            pot = pos.potential(g)
            c = hand[g]
            for j in range(min(n, HAND_LIMIT - c)):
                takes.append((pot[c + j + 1] - pot[c + j], g))
    if len(takes) < 2:
        return None
    gives = []
    for g in range(N_GOODS):
        c = hand[g]
        if c and not market[g]:
            pot = pos.potential(g)
            for j in range(c):
                gives.append((pot[c - j] - pot[c - j - 1], g))
    camels = min(pos.herd, HAND_LIMIT - pos.hand_size, len(takes))
    if camels > 0:
        pos._camel_loss(0)
        losses = pos._losses
        for j in range(camels):
            gives.append((losses[j] - losses[j + 1], CAMEL_INDEX))
    if len(gives) < 2:
        return None
    takes.sort(reverse=True)
    gives.sort()
    take, give = [0] * 7, [0] * 7
    total = 0.0
    k = 0
    for (gain, g), (loss, h) in zip(takes, gives):
        if k >= 2 and gain - loss <= 0.05:
            break
        take[g] += 1
        give[h] += 1
        total += gain - loss
        k += 1
    if k < 2 or total <= 0.0:
        return None
    return _interned_exchange(tuple(take), tuple(give))


def playout_policy(state, rng: random.Random, epsilon: float = 0.1) -> Action:
    """A fast heuristic move for the player to move in a full state, for search rollouts.

    The candidates are built from the state instead of listing every legal action: each sale of
    a whole type, each take of one good, taking the camels, and one exchange
    (:func:`_best_exchange`); they are scored by :meth:`Position.score` and the best is played,
    or with probability ``epsilon`` a random candidate. Reads the mover's own hand and what is
    public; never the opponent's hand or the deck order.
    """
    if state.phase is not PLAYING:
        return NextRound()
    p = state.current_player
    pos = Position.from_state(state, p)
    hand, market = pos.hand, pos.market
    candidates: list[Action] = []
    for g in range(N_GOODS):
        if hand[g] >= MIN_SALE[g]:
            candidates.append(_SELL[g][hand[g]])
    if pos.hand_size < HAND_LIMIT:
        for g in range(N_GOODS):
            if market[g]:
                candidates.append(_TAKE_ONE[g])
    if market[CAMEL_INDEX]:
        candidates.append(_TAKE_CAMELS)
    exchange = _best_exchange(pos)
    if exchange is not None:
        candidates.append(exchange)
    if not candidates:  # cannot happen in a legal position (see the tests); stay safe
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]
    if epsilon and rng.random() < epsilon:
        return candidates[rng.randrange(len(candidates))]
    score = pos.score
    best, best_action = -math.inf, candidates[0]
    for action in candidates:
        s = score(action)
        if s > best:
            best, best_action = s, action
    return best_action


ROLLOUT_DEPTH = 3
"""The MCTS plays 3 moves of :func:`playout_policy` after a new leaf (or to the round's end), then scores by
:func:`evaluate`: against the heuristic bot at 200 iterations a move (2 players, 10 matches each, seed 0)
depth 3 won 7 and depth 6 won 8 (Wilson 95% intervals 40-89% and 49-94%), at 3/4 of the CPU time."""


def rank_actions(state, actions: Sequence[Action]) -> list[Action]:
    """``actions`` of the player to move, best first by :meth:`Position.score` (the search tries them in
    this order). Reads only the mover's own hand and public information."""
    pos = Position.from_state(state, state.current_player)
    score = pos.score
    return [a for _, _, a in sorted(((score(a), -i, a) for i, a in enumerate(actions)), reverse=True)]
