"""Bots for The Voyages of Marco Polo, and a match between 2-4 of them (the shared agent protocol).

* any agent of :mod:`caravan_lessons.agents` (``RandomAgent``) plays: it gets a ``View`` with the
  legal actions, including the choices inside effects (columns, goods, paths, ...);
* :class:`GreedyAgent` looks one action ahead and keeps the one that best raises a simple value:
  victory points, contracts it can fulfil, trading posts (more for its objective cities and
  Beijing), coins, camels and goods.

``play_match(agents, seed)`` is what ``caravan_lessons.agents.play_match("marco_polo", ...)`` calls.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..agents import MatchResult, RandomAgent, View, _sources, check_lineup, play_out
from ..core import _short, check_seat, check_seed
from .actions import GOOD_NAMES, BuyBlackDie, EndTurn, Fulfil, Reroll
from .rules import State, new_game

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


_PULLS: dict = {}
"""(id of the hops table, cities, travellers, pull) -> :func:`_pull_terms` (the hops tables are kept for good)."""


def _pull_terms(hops: dict, cities: tuple, travellers: tuple, pull: float) -> tuple:
    """The pull of each city on the travellers, as :func:`plan_value` takes them off, in ``cities``' order."""
    terms = []
    for city in cities:  # a fixed order: the sum must not depend on the process's string hashing
        weight = 1.8 if city == "beijing" else 1.0
        steps = min(hops[t].get(city, 12) for t in travellers)
        terms.append(pull * weight * min(steps, 8))
    return tuple(terms)


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
    key = (id(hops), tuple(sorted(targets)), tuple(state.travellers[seat]), pull)
    terms = _PULLS.get(key)
    if terms is None:
        if len(_PULLS) > 100_000:
            _PULLS.clear()
        terms = _PULLS[key] = _pull_terms(hops, key[1], key[2], pull)
    for term in terms:   # one at a time, in the cities' order, as the sum was always made
        v -= term
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
        full["seed"] = 0   # not in the observation (it would give the shuffles away); each world gets its own rng
        full["rng"] = {"version": 3, "state": list(random.Random(0).getstate()[1])}
        seen_contracts = set(observation["board_contracts"]) | {c for a in observation["active"] for c in a} | {
            c for f in observation["fulfilled"] for c in f} | {
            t[2] for t in observation.get("tasks", ()) if t[0] == "discard"}  # taken, waiting for a discard
        # a guess at a position, not a file: a lesson position's history (2 dice, contracts lifted) may not add up
        template = state_from_dict(_placeholder(full, seen_contracts), history=False)
        data = template.data
        # what every determinisation shuffles anew, in a fixed order: the objectives the observer has not got,
        # the regular contracts not in sight
        objectives = [o for o in sorted(data.objectives) if o not in template.objectives[me]]
        contracts = [c for c in sorted(data.contracts) if data.contracts[c]["kind"] == "regular" and c not in seen_contracts]
        _TEMPLATES.clear()
        _TEMPLATES[key] = found = (observation, template, me, seen_contracts, objectives, contracts)
    _, template, me, seen, objectives, contracts = found
    state = template._scratch(events=True)  # the template never changes: the copy shares what search rarely writes
    state.rng = random.Random(rng.getrandbits(64))
    data = state.data
    unseen = objectives[:]
    rng.shuffle(unseen)
    for seat in range(state.players):
        if seat != me:
            k = len(template.objectives[seat])
            state._own("objectives")[seat], unseen = unseen[:k], unseen[k:]
    if any(t[0] == "objectives" for t in state.tasks):   # the variant: a seat still choosing its 2 of 4
        state.tasks = [("objectives", t[1], tuple(state.objectives[t[1]])) if t[0] == "objectives" and t[1] != me
                       else t for t in state.tasks]
    hidden = contracts[:]
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
    choosing = {t[1] for t in full["tasks"] if t[0] == "objectives"}   # the variant: 4 dealt, 2 to keep
    for seat, held in enumerate(objectives):
        if not held:
            k = full["options"]["objectives"] if seat in choosing else 2
            objectives[seat], spare = spare[:k], spare[k:]
    hidden = [c for c in sorted(data.contracts) if data.contracts[c]["kind"] == "regular" and c not in seen]
    piles = []
    for n in full["piles"]:
        piles.append(hidden[:n])
        hidden = hidden[n:]
    out = dict(full)
    out["objectives"] = objectives
    out["tasks"] = [[t[0], t[1], list(objectives[t[1]])] if t[0] == "objectives" and not t[2] else t
                    for t in full["tasks"]]
    out["piles"] = piles
    out["special_pile"] = _special_pile(hidden, full["special_pile"], data, seen, None)
    return out


def evaluate(state, player: int) -> float:
    """A win chance in [0, 1] from :func:`plan_value`'s lead over the best other seat (for the MCTS cut-off).

    Raises:
        ValueError: ``player`` is not a seat number of ``state`` (booleans and floats are not).
    """
    import math

    if not isinstance(state, State):
        raise ValueError(f"evaluate: state is a Marco Polo position (a State), not {_short(state)}")
    if player.__class__ is not int or not 0 <= player < state.players:
        check_seat(player, "evaluate: player", state.players)

    mine = plan_value(state, player)
    best = max(plan_value(state, s) for s in range(state.players) if s != player)
    return 1.0 / (1.0 + math.exp(-(mine - best) / 6.0))


def playout_policy(state, rng: random.Random):
    """The rollout policy of the MCTS: a fulfilable contract if any, else a random legal action."""
    return policy_among(state, state.legal_actions(), rng)


def policy_among(state, actions: list, rng: random.Random):
    """:func:`playout_policy` on ``actions``, this position's own :meth:`~.rules.State.legal_actions` listing.

    With this hook the MCTS lists the legal actions once per tree node and finds which children are legal in a
    determinisation from that listing: a placement's full check (``_check_place``, e.g. whether Travel can be
    paid) costs more than listing them all (``movegen.placements`` remembers answers within a call). A child
    missing from the listing (a Travel path another path now beats in camels and coins) sits that iteration
    out; every move the search applies is a listed one."""
    for a in actions:
        if isinstance(a, Fulfil):
            return a
    return actions[rng.randrange(len(actions))]


def rank_actions(state, actions) -> list:
    """The root order of the MCTS, best first for the seat to move: a contract to fulfil, then the actions by
    :class:`HeuristicAgent`'s one-action lookahead on :func:`plan_value` (the choices an action opens settled
    greedily; a reroll or a black die a little below ending the turn). Ties keep the listed order."""
    seat = state.current_player
    base = plan_value(state, seat)
    scored = []
    for i, action in enumerate(actions):
        if isinstance(action, Fulfil):
            score = math.inf
        elif isinstance(action, (Reroll, BuyBlackDie)):
            score = base - 0.6
        elif isinstance(action, EndTurn):
            score = base
        else:
            score = _settled_value(state._child_listed(action), seat, worth=plan_value)
        scored.append((-score, i, action))
    scored.sort(key=lambda t: (t[0], t[1]))
    return [a for _, _, a in scored]


ROLLOUT_DEPTH = 0
"""The MCTS scores a new leaf by :func:`evaluate` at once (no random moves after it): random Marco Polo moves
say little about a position, and a shallower search does more iterations in the same time."""


def _mcts(seed=None, **options):
    from ..mcts import MCTSAgent

    return MCTSAgent(seed=seed, **{"iterations": 60, **options})


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




# --- the planner bot (travels, builds trading posts, pursues its objectives) ----------------------------------

INCOME_VP = {"coins5": 1.0, "camels3": 0.9, "goods2": 1.6, "copy": 1.6, "camel_coins": 0.9, "vp3": 3.0}
"""What one round's city bonus of each small city is worth in victory points to the planner (MP-CITYBONUS-1:
a trading post there pays it at the start of every later round, MP-ROUND-3)."""

PLAN = {"post": 1.7, "card": 0.8, "camel_coins": 2.0, "tour": 0.75, "coin_income": 7.0, "camel_income": 1.5,
        "travels_per_round": 1.0, "coin": 0.05, "camel": 0.08, "contract": 0.5, "good": 0.6, "fulfilled": 1.0,
        "dice": 0.5, "pips": 0.15, "partial": 0.5, "steps": 4, "table_mean": 0, "race": 0.0}
"""The planner's weights, in victory points per unit or per city (see :func:`planner_value`)."""

_BONUS_VP = {"coins": 0.15, "camels": 0.08, "pepper": 0.3, "silk": 0.4, "gold": 0.5, "good_choice": 0.4,
             "extra_move": 1.0, "extra_contract": 1.0, "black_die": 0.8, "vp": 1.0}

_LEGS: dict[int, tuple] = {}


def _legs(state) -> dict:
    """``{a: {b: (travels, coins, camels)}}``: the cheapest way found from location ``a`` to city ``b`` in
    one travel of 1 to ``PLAN["steps"]`` steps (the travel space's coins plus the routes', MP-TRAVEL-2), else
    in two travels through a city; per map."""
    found = _LEGS.get(id(state.map))
    if found is not None and found[0] is state.map:
        return found[1]
    board_map, cost = state.map, state.data.travel_cost
    rate = PLAN["camel_coins"]
    one: dict = {a: {} for a in board_map.kind}
    for a in board_map.kind:
        for steps in range(1, PLAN["steps"] + 1):
            for end, camels, coins, _path in board_map.walks(a, steps):
                if end in board_map.cities:
                    entry = (1, cost[steps - 1] + coins, camels)
                    old = one[a].get(end)
                    if old is None or entry[1] + rate * entry[2] < old[1] + rate * old[2]:
                        one[a][end] = entry
    legs = {a: dict(row) for a, row in one.items()}
    for a in board_map.kind:                      # two travels, through a city
        for mid, (_, k1, c1) in one[a].items():
            for b, (_, k2, c2) in one[mid].items():
                if b == a:
                    continue
                entry = (2, k1 + k2, c1 + c2)
                old = legs[a].get(b)
                if old is None or (old[0] == 2 and entry[1] + rate * entry[2] < old[1] + rate * old[2]):
                    legs[a][b] = entry
    _LEGS[id(state.map)] = (state.map, legs)
    return legs


def _post_worth(state, city: str, left: int) -> float:
    """What a trading post in ``city`` banks, besides objectives and Beijing (:func:`planner_value` counts these
    the same way when the post stands): toward the 8th and 9th post, the city bonus of a small city at the start
    of each later round, the city cards of a large one."""
    kind = state.map.kind[city]
    if kind == "small":
        return PLAN["post"] + INCOME_VP.get(state.city_bonus_at.get(city), 1.0) * left
    if kind == "large":
        return PLAN["post"] + PLAN["card"] * min(left + 1, 3)
    return PLAN["post"]


def _wanted(state, seat: int, mine: set, left: int, n_cities: int) -> dict:
    """The cities the planner would still like a trading post in, with what a post there would add to
    :func:`planner_value`'s banked points (so that arriving banks what the tour promised): its
    :func:`_post_worth`, an outpost bonus, Beijing's next space, the next step of the objective cities' table,
    and half an objective card's points for each of its cities (all of them once its other city has a post)."""
    data, t = state.data, state.data.tables
    table = t["objective_city_points"]
    step_up = table[min(n_cities + 1, len(table) - 1)] - table[min(n_cities, len(table) - 1)]
    beijing = state.posts.get("beijing", ())
    wanted: dict[str, float] = {}
    for city in state.map.cities:
        if city in mine:
            continue
        if city == "beijing":
            if len(beijing) < len(t["beijing_points"]):
                wanted[city] = float(t["beijing_points"][len(beijing)])
            continue
        value = _post_worth(state, city, left)
        bonus = state.outposts.get(city)
        if bonus is not None:
            value += sum(_BONUS_VP.get(k, 0.0) * n for k, n in data.outpost_bonuses[bonus].items())
        wanted[city] = value
    targets = set()
    for oid in state.objectives[seat]:
        pair, points = data.objectives[oid]
        for c in pair:
            if c not in mine:
                targets.add(c)
                other = pair[1] if c == pair[0] else pair[0]
                wanted[c] = wanted.get(c, 0.0) + (points if other in mine else points / 2)
    if PLAN["table_mean"]:  # the table's mean step (1, 3, 6, 10: 2.5 a city) pulls toward every objective city
        step_up = max(step_up, table[-1] / (len(table) - 1))
    for c in targets:
        wanted[c] += step_up
    return wanted


_TOURS: dict = {}


def _tour(state, seat: int, wanted: dict, coins: float, camels: float, travels: float) -> float:
    """The points of the cities a greedy tour reaches with this budget: from the traveller, again and again the
    city the budget still pays with the most points per coin spent (camels at ``PLAN["camel_coins"]`` each),
    or with the most points per travel (the better of the two tours counts: coins or travels may run out
    first); the first city the budget cannot pay counts in part (the share of its cost in hand).

    Remembered by its inputs (the lookahead asks the same question for many of its children); clear
    ``_TOURS`` (and ``_LEGS``) after changing :data:`PLAN`."""
    at = tuple(state.travellers[seat])
    key = (id(state.map), at, tuple(wanted.items()), coins, camels, travels)
    found = _TOURS.get(key)
    if found is None:
        if len(_TOURS) > 200_000:
            _TOURS.clear()
        found = _TOURS[key] = max(_greedy_tour(state, at, wanted, coins, camels, travels, by_cost)
                                  for by_cost in (True, False))
    return found


def _greedy_tour(state, at: tuple, wanted: dict, coins: float, camels: float, travels: float,
                 by_cost: bool) -> float:
    legs, rate = _legs(state), PLAN["camel_coins"]
    left = dict(wanted)
    order = sorted(left)
    total = 0.0
    while left and travels > 0:
        best = best_ratio = None
        single = legs[at[0]] if len(at) == 1 else None
        for city in order:
            if city not in left:
                continue
            if single is not None:
                leg = single.get(city)
            else:
                leg = min((legs[a][city] for a in at if city in legs[a]), default=None,
                          key=lambda e: e[1] + rate * e[2])
            if leg is None:
                continue
            n, k, c = leg
            if by_cost:
                ratio = left[city] / (1.0 + k + rate * c)
            elif k > coins or c > camels or n > travels:
                continue
            else:
                ratio = left[city] / n
            if best is None or ratio > best_ratio:
                best, best_ratio = (city, n, k, c), ratio
        if best is None:
            break
        city, n, k, c = best
        if k <= coins and c <= camels and n <= travels:
            total += left.pop(city)
            coins, camels, travels, at = coins - k, camels - c, travels - n, (city,)
            continue
        short = min(1.0, coins / max(k, 1)) * (min(1.0, camels / c) if c else 1.0)
        total += left[city] * short * PLAN["partial"]
        break
    return total


def _travels_left(state, seat: int, left: int) -> float:
    """Travels the seat may still make: this round one if two of its dice are left and the Travel space holds
    none of its own dice yet (MP-ACT-4), then about ``PLAN["travels_per_round"]`` a round."""
    now = 0.0
    if len(state.dice[seat]) >= 2 and not any(s == seat and c == "own" for s, c, _ in state.spaces.get("travel", ())):
        now = 1.0
    return now + PLAN["travels_per_round"] * left


def planner_value(state, seat: int) -> float:
    """The victory points ``seat`` can count on at the end, as the planner sees them.

    * banked: what the score sheet gives now (victory points so far; objectives, MP-SCORE-1 and MP-SCORE-7;
      Beijing's space, MP-SCORE-3; coins, MP-SCORE-2) and what its trading posts will still earn
      (:func:`_post_worth`: city bonuses at the start of each later round, MP-ROUND-3; city cards);
    * a tour: the cities it still wants (:func:`_wanted`, each worth what a post there would bank) that a
      greedy route from its traveller can pay for with its coins, camels and travels (now and the expected
      income of the rounds left), :func:`_tour`, discounted by ``PLAN["tour"]``;
    * contracts: the active ones' points less what they still lack, the goods they ask for, those fulfilled;
      and a little for each coin, camel and die.
    """
    from .scoring import objective_points

    p, t = PLAN, state.data.tables
    over = state.phase == "over"
    left = 0 if over else t["rounds"] - state.round       # whole rounds after this one
    cards, n_cities, city_points = objective_points(state, seat)
    v = float(state.vp[seat]) + sum(points for _, points in cards) + city_points
    coins, camels, goods = state.coins[seat], state.camels[seat], state.goods[seat]
    beijing = state.posts.get("beijing", ())
    if seat in beijing:
        v += t["beijing_points"][beijing.index(seat)] + sum(goods) // 2
    most = max(len(f) for f in state.fulfilled)
    race = t["most_contracts_points"] if most and len(state.fulfilled[seat]) == most else 0
    if over:
        return v + coins // 10 + race                 # the score sheet exactly (MP-SCORE-5: most contracts)
    v += coins / 10 + p["race"] * race
    mine = {c for c, owners in state.posts.items() if seat in owners}
    for city in mine:
        if city != "beijing":
            v += _post_worth(state, city, left)
    objective_halves = 0.0
    for oid in state.objectives[seat]:   # half a card once one of its cities has a post (the tour counts the rest)
        pair, points = state.data.objectives[oid]
        if (pair[0] in mine) != (pair[1] in mine):
            objective_halves += points / 2
    v += objective_halves
    contracts = _tables(state.data)[1]
    need = [0, 0, 0]
    for cid in state.active[seat]:
        cost, points = contracts[cid]
        missing = sum(max(0, c - g) for c, g in zip(cost, goods))
        v += p["contract"] * max(0.0, points - 1.5 * missing)
        for i in range(3):
            need[i] += cost[i]
    v += p["good"] * sum(min(g, n) for g, n in zip(goods, need)) + 0.15 * sum(goods)
    v += p["fulfilled"] * len(state.fulfilled[seat])
    dice = state.dice[seat]
    pips = 6 * len(dice) if state.characters[seat] == "raschid" else sum(d[1] for d in dice)
    v += p["dice"] * len(dice) + p["pips"] * pips + p["coin"] * coins + p["camel"] * camels
    travels = _travels_left(state, seat, left)
    if state.posts_left[seat] > 0 and travels > 0:
        wanted = _wanted(state, seat, mine, left, n_cities)
        v += p["tour"] * _tour(state, seat, wanted, coins + p["coin_income"] * left,
                               camels + p["camel_income"] * left, travels)
    return v


class PlannerAgent(GreedyAgent):
    """Travels, builds trading posts and pursues its objectives: the one-action lookahead of
    :class:`GreedyAgent` (choices an action opens settled greedily too) on :func:`planner_value`, the
    victory points it can count on at the end: the score sheet's own items now, the city bonuses its small
    cities will still pay, and the cities a route it can pay for would still reach (objectives, Beijing,
    income, city cards). Fulfils a contract whenever it can."""

    name = "mp-planner"
    worth = staticmethod(planner_value)


    def choose(self, view: View):
        from .actions import Fulfil

        fulfil = [a for a in view.legal_actions if isinstance(a, Fulfil)]
        return fulfil[0] if fulfil else super().choose(view)


AGENTS.update({"planner": PlannerAgent, "mp-planner": PlannerAgent})
