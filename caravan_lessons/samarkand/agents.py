"""Samarkand bots, the hooks of the shared search bot, and matches for 2 to 5 seats.

* :class:`GreedyAgent` -- plays the action after which its points *right now* are highest
  (money, tiles, the current value of the goods cards in hand); sells a card when 3 dirhams beat it.
* :class:`HeuristicAgent` -- looks one decision ahead with :func:`estimate`, which adds the
  prospects of a position to its points: cards whose goods space a married family can reach,
  families with relation tiles left (premiums to come), a family treasury to pay second camels.
* MCTS (:mod:`caravan_lessons.mcts`) uses :func:`determinize` (``hidden.py``-style: deal the unseen
  cards at random), :func:`evaluate`, :func:`playout_policy`, :func:`rank_actions` and
  :func:`round_reward` (the game is one "round").

Every bot sees a :class:`~caravan_lessons.agents.View`: its seat's observation and the legal actions.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..agents import MatchResult, RandomAgent, View, _sources, check_lineup, play_out
from ..core import _short, check_seat, check_seed, derive_seed
from .actions import Sell
from .components import GOODS_COUNT, OTHER_CAMEL_POINTS, OWN_CAMEL_POINTS
from .rules import State, new_game

__all__ = ["AGENTS", "GreedyAgent", "HeuristicAgent", "determinize", "estimate", "evaluate", "play_match",
           "playout_policy", "points_now", "rank_actions", "round_reward", "simulate"]


def points_now(state: State, p: int) -> int:
    """Seat ``p``'s points if the game ended now (the score sheet's total, computed fast)."""
    board, camels, held = state.board, state.camels, state.held[p]
    cards = 0
    for g in state.hands[p]:
        for f in camels[board.goods_space[g]]:
            cards += OWN_CAMEL_POINTS if held[f] else OTHER_CAMEL_POINTS
    return state.money[p] + len(state.goods_tiles[p]) + len(state.relation_tiles[p]) + cards


def _family_terms(state: State) -> list[tuple[float, bool]]:
    """Per family, :func:`estimate`'s prospects term (0.6 per relation tile left up to 3, 0.5 per dirham of
    treasury up to 2) and whether its reserve is empty: the same for every seat, so worked out once a position."""
    stack, treasury, reserve = state.relation_stack, state.treasury, state.reserve
    return [(0.6 * min(stack[f], 3) + 0.5 * min(treasury[f], 2), not reserve[f]) for f in range(len(stack))]


def estimate(state: State, p: int, _terms: list | None = None) -> float:
    """``points_now`` plus rough prospects (in points): for each card in hand whose space a married
    family can still reach, 2.5; for each married family, 0.6 per relation tile left on its stack
    (up to 3: premiums to come) and 0.5 per dirham in its treasury (up to 2: second camels), less 1 if
    its reserve of camels is empty."""
    held, hand = state.held[p], state.hands[p]
    goods_space, camels = state.board.goods_space, state.camels
    cards = 0  # points_now, inline
    for g in hand:
        for f in camels[goods_space[g]]:
            cards += OWN_CAMEL_POINTS if held[f] else OTHER_CAMEL_POINTS
    value = float(state.money[p] + len(state.goods_tiles[p]) + len(state.relation_tiles[p]) + cards)
    mine = [f for f, n in enumerate(held) if n]
    if mine:  # the spaces a married family can still reach: the union of their frontiers, made once
        frontier = state.frontier
        reach = frontier[mine[0]] if len(mine) == 1 else set().union(*[frontier[f] for f in mine])
        value += 2.5 * sum(1 for g in hand if goods_space[g] in reach)
        terms = _terms if _terms is not None else _family_terms(state)
        for f in mine:
            term, empty = terms[f]
            value += term
            if empty:
                value -= 1.0
    return value


def resample(state: State, player: int, rng: random.Random) -> State:
    """A copy of ``state`` in which what ``player`` cannot see is dealt again at random: the other
    hands, the deck and the discard pile (same sizes), and the bag's order (2 players). Bots look
    ahead on such a copy, so a lookahead that draws cards never peeks at the real deck."""
    world = state.clone()
    others = [q for q in range(state.players) if q != player]
    pool = [g for q in others for g in world.hands[q]] + world.deck + world.discard
    rng.shuffle(pool)
    for q in others:
        size = len(world.hands[q])
        world.hands[q], pool = pool[:size], pool[size:]
    size = len(world.discard)
    world.discard, world.deck = pool[:size], pool[size:]
    rng.shuffle(world.bag)
    return world


class GreedyAgent:
    """Picks the action that maximises its points right now (ties: first in legal order).

    Sale decisions: sells when 3 dirhams beat the card's present value."""

    name = "greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(check_seed(seed))

    def choose(self, view: View):
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        me = view.player
        state = resample(view._state, me, self.rng)
        return max(actions, key=lambda action: points_now(state._child_listed(action), me) + self.rng.random() * 1e-3)


class HeuristicAgent:
    """One decision of lookahead scored by :func:`estimate` (its own prospects minus 0.3 of the best
    rival's); sells a card when 3 dirhams beat the card's estimated value."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, rival_weight: float = 0.3):
        self.rng = random.Random(check_seed(seed))
        self.rival_weight = rival_weight

    def choose(self, view: View):
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        me = view.player
        state = resample(view._state, me, self.rng)
        return max(actions, key=lambda a: self._value(state, a, me) + self.rng.random() * 1e-3)

    def _value(self, state: State, action, me: int) -> float:
        """What ``action`` is worth to seat ``me`` in the resampled ``state`` (higher is better)."""
        return score_action(state, action, me, self.rival_weight)


class LookaheadAgent(HeuristicAgent):
    """The heuristic's one decision of lookahead, and the decisions that one leaves to the same seat taken
    greedily too (a second camel or the end of the turn, SAM-EXT-4; the discard after a marriage, SAM-MARRY-4;
    its own card's sale), so a first camel is judged with the second it allows and a marriage with the cards
    it draws (from a deck dealt again at random: the real order stays hidden). Scored by :func:`estimate`
    less ``rival_weight`` times the best rival's."""

    name = "lookahead"

    def __init__(self, seed: int | None = None, rival_weight: float = 0.3, depth: int = 2):
        super().__init__(seed, rival_weight)
        self.depth = depth

    def _value(self, state: State, action, me: int) -> float:
        """The heuristic's choice, judged after the seat's own follow-up decisions are settled."""
        return self._settled(state._child_listed(action), me, self.depth)

    def _settled(self, state: State, me: int, depth: int) -> float:
        if depth and state.current_player == me and not state.is_terminal():
            return max(self._settled(state._child_listed(a), me, depth - 1) for a in state.legal_actions())
        terms = _family_terms(state)
        rivals = max(estimate(state, q, terms) for q in range(state.players) if q != me)
        return estimate(state, me, terms) - self.rival_weight * rivals


def score_action(state: State, action, me: int, rival_weight: float = 0.3) -> float:
    """The value of ``action`` for seat ``me`` after one decision (see :class:`HeuristicAgent`)."""
    child = state._child_listed(action)
    terms = _family_terms(child)
    rivals = [estimate(child, q, terms) for q in range(state.players) if q != me]
    return estimate(child, me, terms) - rival_weight * max(rivals)


# --- hooks for the shared MCTS ---------------------------------------------------------------------------

def determinize(observation: dict, rng: random.Random) -> State:
    """A full state that fits ``observation``: the unseen cards (other hands, deck, discards) dealt
    at random, the bag (2 players) in a random order. A sale waiting for another seat's decision shows
    which card that seat holds (SAM-GOODS-2): it stays in that hand.

    The first call for an observation builds a template through the save-file validator
    (:func:`_determinize_checked`, the reference); later calls for the same observation (the MCTS
    asks once per iteration) clone the template and deal its hidden cards again, drawing from ``rng``
    exactly as the reference does, so both give the same state (``tests/samarkand/test_fast_paths.py``).

    Raises:
        ValueError: not a Samarkand observation; ``rng`` not a ``random.Random``.
    """
    if not isinstance(observation, dict) or observation.get("game") != "samarkand":
        raise ValueError("determinize needs a Samarkand observation (state.observation(player))")
    if not isinstance(rng, random.Random):
        raise ValueError(f"determinize: rng is a random.Random (e.g. random.Random(0)), not {_short(rng)}")
    found = _TEMPLATES.get(id(observation))
    if found is None or found[0] is not observation:
        template = _determinize_checked(observation, random.Random(0))
        _TEMPLATES.clear()
        _TEMPLATES[id(observation)] = found = (observation, template, _unseen(observation))
    _, template, unseen = found
    me = observation["player"]
    state = template.clone()
    unseen = unseen[:]
    rng.shuffle(unseen)
    for p in range(state.players):
        if p != me:
            size = _hidden_size(observation, p)
            state.hands[p], unseen = _hand_of(observation, p, unseen[:size]), unseen[size:]
    discard_size = observation["discard"]
    state.discard, state.deck = unseen[:discard_size], unseen[discard_size:]
    bag = list(observation["bag"])  # family names
    rng.shuffle(bag)
    index = state.board.family_index
    state.bag, state.seed = [index[name] for name in bag], rng.getrandbits(32)
    return state


_TEMPLATES: dict[int, tuple] = {}


def _unseen(observation: dict) -> list[int]:
    """The goods cards ``observation``'s seat has not seen (not in its hand, not sold by anyone), ascending."""
    me = observation["player"]
    known = set(observation["players"][me]["hand"])
    for entry in observation["players"]:
        known.update(entry["sold"])
    pending = observation.get("pending")
    if pending:  # a card waiting for its sale decision is public: it is in its holder's hand
        known.add(pending["goods"])
    return [g for g in range(1, GOODS_COUNT + 1) if g not in known]


def _hand_of(observation: dict, p: int, dealt: list[int]) -> list[int]:
    """Seat ``p``'s hand in a determinization: the card waiting for ``p``'s sale decision (public), then
    the cards dealt to it."""
    pending = observation.get("pending")
    if pending and pending["holder"] == p:
        return [pending["goods"], *dealt]
    return dealt


def _hidden_size(observation: dict, p: int) -> int:
    """How many of seat ``p``'s cards the observer has not seen."""
    pending = observation.get("pending")
    return observation["hand_sizes"][p] - bool(pending and pending["holder"] == p)


def _determinize_checked(observation: dict, rng: random.Random) -> State:
    """:func:`determinize` the plain way: the dealt position goes through the save-file validator
    (``State.from_dict``: schema, consistency rules, open spaces). Slow; the reference of the fast one."""
    me = observation["player"]
    unseen = _unseen(observation)
    rng.shuffle(unseen)
    data = {k: v for k, v in observation.items() if k not in ("player", "current_player", "hand_sizes")}
    data["players"] = [dict(entry) for entry in observation["players"]]
    for p, entry in enumerate(data["players"]):
        if p != me:
            size = _hidden_size(observation, p)
            entry["hand"], unseen = _hand_of(observation, p, unseen[:size]), unseen[size:]
    discard_size = observation["discard"]
    data["discard"], data["deck"] = unseen[:discard_size], unseen[discard_size:]
    bag = list(observation["bag"])
    rng.shuffle(bag)
    data["bag"], data["events"], data["seed"] = bag, [], rng.getrandbits(32)
    from .saves import from_dict  # a guess at a position, not a file: a lesson position's history may not add up

    return from_dict(data, history=False)


def round_reward(state: State, player: int) -> float | None:
    """At the end: 1 for a sole winner, 1/k for each of k tied winners, else 0; None before."""
    if not state.is_terminal():
        return None
    winners = state.winners
    return 1.0 / len(winners) if player in winners else 0.0


def evaluate(state: State, player: int) -> float:
    """A win chance in [0, 1] from the estimated lead over the best rival (logistic, 6 points scale).

    Raises:
        ValueError: ``player`` is not a seat number of ``state`` (booleans and floats are not).
    """
    if not isinstance(state, State):
        raise ValueError(f"evaluate: state is a Samarkand position (a State), not {_short(state)}")
    if player.__class__ is not int or not 0 <= player < state.players:
        check_seat(player, "evaluate: player", state.players)
    mine = estimate(state, player)
    best = max(estimate(state, q) for q in range(state.players) if q != player)
    return 1.0 / (1.0 + math.exp(-(mine - best) / 6.0))


def playout_policy(state: State, rng: random.Random):
    """Rollout moves: a random legal action, but sales follow the holder's simple rule (sell if the
    card is worth under 3 now) and a first camel is preferred to ending the turn."""
    actions = state.legal_actions()
    first = actions[0]
    if isinstance(first, Sell):
        g, holder = state.pending
        s = state.board.goods_space[g]
        value = sum(OWN_CAMEL_POINTS if state.held[holder][f] else OTHER_CAMEL_POINTS for f in state.camels[s])
        return first if value < 3 else actions[1]
    return actions[rng.randrange(len(actions))]


ROLLOUT_DEPTH = 0
"""The MCTS scores a new leaf by :func:`evaluate` at once: against the heuristic bot at 200 iterations a move
(2 players, 20 games, seed 0) depth 0 and depth 6 both won 5 (25%, Wilson 95% interval 11-47%), depth 0 in
half the CPU time; random rollout moves add noise more than knowledge."""


def rank_actions(state: State, actions: Sequence) -> list:
    """Actions best first by :func:`score_action` for the seat to move (the search widens in this order)."""
    me = state.current_player
    return sorted(actions, key=lambda a: -score_action(state, a, me))


# --- matches -----------------------------------------------------------------------------------------------

def play_match(agents: Sequence, seed: int | None = None, max_turns: int = 10_000) -> MatchResult:
    """One game between ``agents`` (2 to 5, one per seat) and its result (scores = final points).

    Raises:
        ValueError: a wrong number of agents, or an agent choosing an illegal action (named with its rule).
    """
    agents = check_lineup(agents)
    if not 2 <= len(agents) <= 5:
        raise ValueError(f"Samarkand is played by 2 to 5 agents, not {len(agents)}")
    seed = check_seed(seed)
    state = new_game(len(agents), seed=seed)
    turns = play_out(state, agents, max_turns, what="game")
    sheet = state.score_sheet()
    totals = sheet.totals()
    return MatchResult(sheet.winner, [float(t) for t in totals], 1, turns, seed, [totals],
                       [_sources(sheet, state.players)])


AGENTS = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "heuristic": HeuristicAgent,
    "lookahead": LookaheadAgent,
    "mcts": lambda seed=None, **options: _mcts(seed, **options),
}
"""Samarkand's bots by name (the names of ``caravan_lessons.agents.AGENTS``)."""


def _mcts(seed=None, **options):
    from ..mcts import MCTSAgent

    return MCTSAgent(seed=seed, **{"iterations": 200, **options})


def simulate(games: int, seed: int = 0, bots: Sequence[str] = ("random",) * 4, progress: bool = True,
             processes: int = 1) -> list:
    """Play ``games`` games between the named bots (one per seat, 2 to 5), seats rotated each game.

    Results are per bot: ``scores[i]`` and ``winner`` refer to ``bots[i]`` whatever seat it had.
    ``processes`` > 1 plays them on that many worker processes, with the same results.

    Raises:
        ValueError: games not a positive whole number, an unknown bot, a wrong number of bots, bad processes.
    """
    from ..agents import check_processes, run_games

    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= 10**7:
        raise ValueError(f"games must be a whole number from 1 to 10,000,000, not {_short(games)}")
    bots = check_lineup(bots, "bots", names=True)
    unknown = [b for b in bots if b not in AGENTS]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r}; the bots are: {', '.join(sorted(AGENTS))}")
    n = len(bots)
    if not 2 <= n <= 5:
        raise ValueError(f"Samarkand is played by 2 to 5 bots, not {n}")
    check_processes(processes)
    return run_games(_simulate_one, (seed, tuple(bots)), games, processes, progress,
                     f"samarkand: {' vs '.join(bots)}")


def _simulate_one(seed: int, bots: tuple, i: int):
    """Game ``i`` of :func:`simulate`, its result per bot."""
    n = len(bots)
    shift = i % n  # bot b sits at seat (b + shift) % n
    agents = [None] * n
    for b, name in enumerate(bots):
        agents[(b + shift) % n] = AGENTS[name](seed=derive_seed(seed, "bot", b, i))
    result = play_match(agents, seed=derive_seed(seed, "game", i))
    seat_of = [(b + shift) % n for b in range(n)]
    result.scores = [result.scores[seat_of[b]] for b in range(n)]
    result.round_scores = [[r[seat_of[b]] for b in range(n)] for r in result.round_scores]
    result.round_sources = [[r[seat_of[b]] for b in range(n)] for r in result.round_sources]
    if result.winner is not None:
        result.winner = seat_of.index(result.winner)
    return result
