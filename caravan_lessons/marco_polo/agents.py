"""Bots for The Voyages of Marco Polo, and a match between 2-4 of them (the shared agent protocol).

* any agent of :mod:`caravan_lessons.agents` (``RandomAgent``) plays: it gets a ``View`` with the
  legal actions, including the choices inside effects (columns, goods, paths, ...);
* :class:`GreedyAgent` looks one action ahead and keeps the one that best raises a simple value:
  victory points, contracts it can fulfil, trading posts (more for its objective cities and
  Beijing), coins, camels and goods.

``play_match(agents, seed)`` is what ``caravan_lessons.agents.play_match("marco_polo", ...)`` calls.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from ..agents import MatchResult, RandomAgent, View, _sources, check_lineup, play_out
from ..core import _short, check_seat, check_seed
from .actions import GOOD_NAMES, BuyBlackDie, EndTurn, Reroll
from .rules import new_game

SEATS = (2, 3, 4)
GOOD_VALUE = (1.0, 1.4, 1.8)


_TABLES: dict[int, tuple] = {}


def _tables(data) -> tuple:
    """Per game data, what :func:`value` reads again and again: each contract's goods cost ``(pepper, silk,
    gold)`` and victory points, and a cache of objective cities by objective cards."""
    found = _TABLES.get(id(data))
    if found is None or found[0] is not data:
        contracts = {cid: (tuple(c["cost"].get(g, 0) for g in GOOD_NAMES), c["reward"].get("vp", 0))
                     for cid, c in data.contracts.items()}
        found = _TABLES[id(data)] = (data, contracts, {})
    return found


def _targets(state, seat: int) -> frozenset:
    """The cities of ``seat``'s objective cards."""
    cache = _tables(state.data)[2]
    key = tuple(state.objectives[seat])
    found = cache.get(key)
    if found is None:
        found = cache[key] = frozenset(c for o in key for c in state.data.objectives[o][0])
    return found


def value(state, seat: int) -> float:
    """A rough worth of ``seat``'s position in victory points (used by :class:`GreedyAgent`): victory points,
    coins / 8, camels / 4, goods (1, 1.4, 1.8 each), 4 per trading post (+5 in an objective city, +8 in
    Beijing), half of each active contract's points less 1.5 per good it still lacks, 2.5 per fulfilled
    contract and 0.5 per die left."""
    goods = state.goods[seat]
    v = float(state.vp[seat]) + state.coins[seat] / 8 + state.camels[seat] / 4
    v += goods[0] * 1.0 + goods[1] * 1.4 + goods[2] * 1.8
    targets = _targets(state, seat)
    for city, owners in state.posts.items():
        if seat in owners:
            v += 4 + (5 if city in targets else 0) + (8 if city == "beijing" else 0)
    contracts = _tables(state.data)[1]
    for cid in state.active[seat]:
        (p, s, g), points = contracts[cid]
        missing = max(0, p - goods[0]) + max(0, s - goods[1]) + max(0, g - goods[2])
        v += max(0.0, points - 1.5 * missing) / 2
    v += 2.5 * len(state.fulfilled[seat])
    v += 0.5 * len(state.dice[seat])
    return v


def _settled_value(state, seat: int, depth: int = 3, worth=None) -> float:
    """``worth`` (default :func:`value`) after taking, greedily, the choices the action left to ``seat`` (a
    travel's path, a bazaar column, ...), so that placing dice on Travel is judged by where the traveller can go."""
    worth = worth or value
    while depth and state.tasks and state.current_player == seat:
        options = state.legal_actions()
        if len(options) > 40:
            options = options[:: len(options) // 40 + 1]
        state = max((state._child_listed(o) for o in options), key=lambda child: worth(child, seat))
        depth -= 1
    return worth(state, seat)


class GreedyAgent:
    """One-action lookahead on :func:`value` (the choices the action opens are taken greedily too); dice-rolling actions are not looked into (their outcome is
    hidden) and count a little below doing nothing. Ties are broken by its own seeded generator."""

    name = "mp-greedy"
    worth = staticmethod(value)
    """The position's worth the bot maximises, ``(state, seat) -> float``."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(check_seed(seed))

    def choose(self, view: View):
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        state = view._state
        seat = view.player
        base = self.worth(state, seat)
        best, best_score = [], None
        for action in actions:
            if isinstance(action, (Reroll, BuyBlackDie)):
                score = base - 0.6
            elif isinstance(action, EndTurn):
                score = base
            else:
                score = _settled_value(state._child_listed(action), seat, worth=self.worth)
            if best_score is None or score > best_score + 1e-9:
                best, best_score = [action], score
            elif abs(score - best_score) <= 1e-9:
                best.append(action)
        return best[self.rng.randrange(len(best))]


def play_match(agents: Sequence, seed: int | None = None, max_turns: int = 100_000,
               characters="first_game") -> MatchResult:
    """One game between 2-4 agents (seat order = list order).

    Returns:
        a :class:`~caravan_lessons.agents.MatchResult`: ``scores`` are the final victory points,
        ``rounds`` 5, ``round_scores`` one row (the final totals), ``round_sources`` points by kind.

    Raises:
        ValueError: not 2-4 agents, or an agent that chose an illegal action (naming the rule).
    """
    agents = check_lineup(agents)
    if len(agents) not in SEATS:
        raise ValueError(f"marco_polo is played by 2, 3 or 4 agents, not {len(agents)}")
    seed = check_seed(seed)
    state = new_game(len(agents), seed=seed, characters=characters)
    turns = play_out(state, agents, max_turns)
    sheet = state.score_sheet()
    totals = sheet.totals()
    return MatchResult(state.winner, [float(t) for t in totals], state.round, turns, seed, [totals],
                       [_sources(sheet, len(agents))])


# --- the heuristic bot (plans toward its objectives and Beijing) -------------------------------------------

_HOPS: dict[int, dict] = {}


def _hops(state) -> dict:
    """All-pairs numbers of steps on the map (cached per board)."""
    found = _HOPS.get(id(state.data.board))
    if found is None:
        import networkx as nx

        found = _HOPS[id(state.data.board)] = dict(nx.all_pairs_shortest_path_length(state.data.board))
    return found


def plan_value(state, seat: int) -> float:
    """:func:`value` plus a plan: every objective city without the seat's trading post and Beijing pull its
    travellers (a point or so per step closer, more while rounds remain to get there), goods that a contract
    still needs count more, and a fulfilled contract counts its victory points at once."""
    v = value(state, seat)
    hops = _hops(state)
    rounds = state.data.tables["rounds"]
    rounds_left = max(0, rounds - state.round) + 1
    pull = 0.35 + 0.25 * min(rounds_left, 4)
    posts = state.posts
    targets = {c for c in _targets(state, seat) if seat not in posts.get(c, ())}
    if seat not in posts.get("beijing", ()):
        targets.add("beijing")
    travellers = state.travellers[seat]
    for city in sorted(targets):  # a fixed order: the sum must not depend on the process's string hashing
        weight = 1.8 if city == "beijing" else 1.0
        steps = min(hops[t].get(city, 12) for t in travellers)
        v -= pull * weight * min(steps, 8)
    contracts = _tables(state.data)[1]
    need0 = need1 = need2 = 0
    for cid in state.active[seat]:
        (p, s, g), _ = contracts[cid]
        need0, need1, need2 = need0 + p, need1 + s, need2 + g
    goods = state.goods[seat]
    v += min(goods[0], need0) * 0.6 + min(goods[1], need1) * 0.6 + min(goods[2], need2) * 0.6
    v += 1.0 * len(state.active[seat])
    if state.round == rounds:
        v += state.coins[seat] / 10 - state.coins[seat] / 8 - state.camels[seat] / 4
    return v


class HeuristicAgent(GreedyAgent):
    """Plans toward its objective cities and Beijing and fulfils contracts: one-action lookahead like
    :class:`GreedyAgent` (choices opened by an action settled greedily too), on :func:`plan_value`, which adds
    the pull of the cities it still needs (fewer steps away is better, Beijing most), the goods its contracts
    ask for, and its character's power as the engine applies it (Berke's free occupied spaces, Raschid's set
    dice, ... show up in the states it compares). Fulfilling a contract is always taken when offered."""

    name = "mp-heuristic"
    worth = staticmethod(plan_value)

    def choose(self, view: View):
        from .actions import Fulfil

        fulfil = [a for a in view.legal_actions if isinstance(a, Fulfil)]
        return fulfil[0] if fulfil else super().choose(view)


# --- hooks of the shared MCTS (caravan_lessons.mcts looks them up in the marco_polo package) ---------------

_TEMPLATES: dict[int, tuple] = {}


def determinize(observation: dict, rng: random.Random):
    """A full game state consistent with ``observation`` (``State.observation(player)``): the other players'
    objectives are dealt at random from the objective cards the observer has not seen, the contracts not in
    sight are shuffled into the piles (their sizes as observed) and the special pile, and the dice are rolled
    by a fresh generator seeded from ``rng``. [simplification] Contracts returned under the special pile at a
    round end are shuffled in with the rest although a player could remember them.

    Raises:
        ValueError: an observation that is not a Marco Polo observation; ``rng`` not a ``random.Random``.
    """
    if not isinstance(observation, dict) or observation.get("game") != "marco_polo" or "player" not in observation:
        raise ValueError("determinize needs a Marco Polo observation (State.observation(player))")
    if not isinstance(rng, random.Random):
        raise ValueError(f"determinize: rng is a random.Random (e.g. random.Random(0)), not {_short(rng)}")
    key = id(observation)
    found = _TEMPLATES.get(key)
    if found is None or found[0] is not observation:
        from .saves import state_from_dict

        me = observation["player"]
        full = dict(observation)
        full.pop("player")
        full["rng"] = {"version": 3, "state": list(random.Random(0).getstate()[1])}
        seen_contracts = set(observation["board_contracts"]) | {c for a in observation["active"] for c in a} | {
            c for f in observation["fulfilled"] for c in f} | {
            t[2] for t in observation.get("tasks", ()) if t[0] == "discard"}  # taken, waiting for a discard
        template = state_from_dict(_placeholder(full, seen_contracts))
        _TEMPLATES.clear()
        _TEMPLATES[key] = found = (observation, template, me, seen_contracts)
    _, template, me, seen = found
    state = template._scratch(events=True)  # the template never changes: the copy shares what search rarely writes
    state.rng = random.Random(rng.getrandbits(64))
    data = state.data
    unseen = [o for o in sorted(data.objectives) if o not in state.objectives[me]]
    rng.shuffle(unseen)
    for seat in range(state.players):
        if seat != me:
            k = len(template.objectives[seat])
            state._own("objectives")[seat], unseen = unseen[:k], unseen[k:]
    hidden = [c for c in sorted(data.contracts) if data.contracts[c]["kind"] == "regular" and c not in seen]
    rng.shuffle(hidden)
    sizes = [len(p) for p in template.piles]
    piles = []
    for n in sizes:
        piles.append(hidden[:n])
        hidden = hidden[n:]
    state.piles = piles
    state.special_pile = _special_pile(hidden, observation["special_pile"], data, seen, rng)
    return state


def _special_pile(hidden: list, size: int, data, seen: set, rng: random.Random | None) -> list:
    """``size`` contracts for the special pile: the regular ones not dealt to the piles, then, if a player
    discarded a starting contract there (MP-CONTRACT-3), unseen starting contracts (shuffled by ``rng``)."""
    pile = hidden[:size]
    if len(pile) < size:
        spare = [c for c in sorted(data.contracts) if data.contracts[c]["kind"] == "starting" and c not in seen]
        if rng is not None:
            rng.shuffle(spare)
        pile += spare[:size - len(pile)]
    return pile


def _placeholder(full: dict, seen: set) -> dict:
    """The observation with the hidden parts filled in by any consistent guess (replaced at each determinize)."""
    from .components import default_data

    data = default_data()
    objectives = [list(o) for o in full["objectives"]]
    mine = {o for o in objectives for o in o}
    spare = [o for o in sorted(data.objectives) if o not in mine]
    for seat, held in enumerate(objectives):
        if not held:
            objectives[seat], spare = spare[:2], spare[2:]
    hidden = [c for c in sorted(data.contracts) if data.contracts[c]["kind"] == "regular" and c not in seen]
    piles = []
    for n in full["piles"]:
        piles.append(hidden[:n])
        hidden = hidden[n:]
    out = dict(full)
    out["objectives"] = objectives
    out["piles"] = piles
    out["special_pile"] = _special_pile(hidden, full["special_pile"], data, seen, None)
    return out


def evaluate(state, player: int) -> float:
    """A win chance in [0, 1] from :func:`plan_value`'s lead over the best other seat (for the MCTS cut-off).

    Raises:
        ValueError: ``player`` is not a seat number of ``state`` (booleans and floats are not).
    """
    import math

    if player.__class__ is not int or not 0 <= player < state.players:
        check_seat(player, "evaluate: player", state.players)

    mine = plan_value(state, player)
    best = max(plan_value(state, s) for s in range(state.players) if s != player)
    return 1.0 / (1.0 + math.exp(-(mine - best) / 6.0))


def playout_policy(state, rng: random.Random):
    """The rollout policy of the MCTS: a fulfilable contract if any, else a random legal action."""
    from .actions import Fulfil

    actions = state.legal_actions()
    for a in actions:
        if isinstance(a, Fulfil):
            return a
    return actions[rng.randrange(len(actions))]


def _mcts(seed=None, **options):
    from ..mcts import MCTSAgent

    return MCTSAgent(seed=seed, **{"iterations": 60, "depth": 8, **options})


AGENTS = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "heuristic": HeuristicAgent,
    "mcts": _mcts,
}
"""Marco Polo's bots by name, for ``simulate marco_polo --bots ...`` and ``make_agent(name, game="marco_polo")``:
the same names as the other games (``greedy`` here is this module's one-action lookahead, not Jaipur's).
The global names ``mp-greedy``, ``mp-heuristic`` and ``mp-mcts`` are accepted as aliases."""
AGENTS.update({"mp-greedy": GreedyAgent, "mp-heuristic": HeuristicAgent, "mp-mcts": _mcts})
