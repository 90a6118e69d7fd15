"""Bots for Caravan, and the game knowledge the search bot borrows from them.

The bots play from a :class:`~caravan_lessons.agents.View` (the seat's observation and the legal
actions). Everything in Caravan is public except the order of the cubes in the bag, so a bot
rebuilds the position from the observation (:func:`position`) and plans on it:

* ``random`` (the shared :class:`~caravan_lessons.agents.RandomAgent`) -- uniform among the legal
  actions. Most of those are camel moves to one of 49 spaces, so a game between random bots
  hardly ever ends (tens of thousands of turns): the lessons use it to show why.
* :class:`KindRandomAgent` -- first a kind of action at random (end turn, place, move a camel,
  pick up, steal, move a good), then one action of that kind: games end, slowly.
* :class:`GreedyAgent` -- delivers when it can (the most valuable good first), else moves a good
  closer to its city, else picks up the most valuable good, else builds a chain toward the city of
  its most valuable loaded good (leapfrogging its empty camels), else goes to the most valuable
  good on the board (CAR-MOVE-1..3, CAR-PICK-1..2).
* :class:`HeuristicAgent` -- the greedy plan with three habits: at most 3 goods loaded (the
  CAR-SCORE-2 penalty), steals rare goods, fetches goods by points per step to their city and
  stops picking up once the end is triggered.

The hooks :mod:`caravan_lessons.mcts` looks up in the game package: :func:`determinize` (a random
bag order), :func:`playout_policy` (greedy with some randomness), :func:`evaluate` (a win chance
from :func:`value` leads) and :func:`rank_actions`.
"""
from __future__ import annotations

import math
import random
from typing import Any

from ..core import _short, check_seat, check_seed
from .actions import MoveCamel, MoveGood, PickUp, PlaceCamel, Steal
from .components import GOOD_POINTS, PENALTY
from . import movegen
from .movegen import linked
from .rules import END_TURN, State, _made, _tables
from .saves import from_observation

__all__ = ["ROLLOUT_DEPTH", "ROOT_BIAS", "GreedyAgent", "HeuristicAgent", "KindRandomAgent", "determinize", "evaluate", "greedy_action",
           "kind_random_action", "playout_policy", "position", "rank_actions", "value", "variant"]

_BOARDS: dict[int, Any] = {}


def _distances(board) -> dict:
    """Shortest number of steps between any two spaces (networkx BFS on the board graph), cached."""
    table = getattr(board, "_distances", None)
    if table is None:
        import networkx as nx

        table = board._distances = dict(nx.all_pairs_shortest_path_length(board.graph))
    return table


def position(observation: dict):
    """The :class:`~.rules.State` an observation describes (bag in an arbitrary order)."""
    data = observation.get("board")
    board = None
    if data is not None:
        board = _BOARDS.get(id(data))
        if board is None:
            from .board import load_board

            board = _BOARDS[id(data)] = load_board(data)
    return from_observation(observation, board=board)


def determinize(observation: dict, rng: random.Random):
    """MCTS hook: a complete State consistent with ``observation``, the bag in a random order.

    Raises:
        ValueError: not a Caravan observation (``state.observation(player)``); ``rng`` not a ``random.Random``.
    """
    if not isinstance(observation, dict) or observation.get("game") != "caravan" or "player" not in observation:
        raise ValueError(f"determinize needs a Caravan observation (state.observation(player)), not {_short(observation)}")
    if not isinstance(rng, random.Random):
        raise ValueError(f"determinize: rng is a random.Random (e.g. random.Random(0)), not {_short(rng)}")
    found = _TEMPLATES.get(id(observation))
    if found is None or found[0] is not observation:  # rebuilt (and checked) once per observation
        _TEMPLATES.clear()
        _TEMPLATES[id(observation)] = found = (observation, position(observation))
    state = found[1].clone()
    rng.shuffle(state.bag)
    return state


_TEMPLATES: dict[int, tuple] = {}


# --- policies on a State (shared by the bots, the rollouts and the tests) -------------------------

def kind_random_action(state, rng: random.Random):
    """A kind of legal action chosen uniformly, then one action of that kind uniformly."""
    kinds: dict[type, list] = {}
    for action in state.legal_actions():
        kinds.setdefault(type(action), []).append(action)
    group = list(kinds.values())[int(rng.random() * len(kinds))]
    return group[int(rng.random() * len(group))]


def _kind_random_unlisted(state, rng: random.Random):
    """:func:`kind_random_action` without the full legal list and its grouping by kind (about 130 camel
    placements and moves): the same kinds in the same order, the same draws from ``rng``, the same action
    (``tests/caravan/test_agents.py`` compares them). The placements and the moves of each empty camel come
    from the board's fixed tables (filtered to free spaces with one action left, CAR-ACT-1/2), a move found by
    its index. For the rollouts of the MCTS."""
    if state.over or state.actions_left == 0:
        return kind_random_action(state, rng)
    p, count = state.current, state.count
    place, moves = _tables(state.board)
    pos, load = state.pos[p], state.load[p]
    one = state.actions_left < 2                                        # only free spaces (CAR-ACT-1/2)
    empty_at = sorted({pos[i] for i in range(state.camels) if pos[i] is not None and load[i] is None})
    kinds: list = [[(None, END_TURN)]]                                 # pairs (space, action), legal_actions' order
    if None in pos:
        places = [pair for pair in place if not count[pair[0]]] if one else place
        if places:
            kinds.append(places)
    sources = [[pair for pair in moves[s] if not count[pair[0]]] if one else moves[s] for s in empty_at]
    sources = [m for m in sources if m]
    if sources:
        kinds.append(sources)
    tail: dict[type, list] = {}
    for action in state.goods_actions(empty_at):
        tail.setdefault(type(action), []).append((None, action))
    kinds += tail.values()
    group = kinds[int(rng.random() * len(kinds))]
    if group is sources:
        k = int(rng.random() * sum(len(m) for m in sources))
        for table in sources:
            if k < len(table):
                return table[k][1]
            k -= len(table)
    return group[int(rng.random() * len(group))][1]


def _spare_camel(state, p: int, target, keep) -> Any:
    """How to bring an empty camel of seat ``p`` to ``target``: a PlaceCamel from the supply, else a
    MoveCamel of the empty camel farthest from ``keep`` (not already on ``target``); None if none."""
    if None in state.pos[p]:
        return _made(PlaceCamel, target)
    dist = _distances(state.board)
    spare = [state.pos[p][i] for i in range(state.camels)
             if state.load[p][i] is None and state.pos[p][i] not in (None, target)]
    if not spare:
        return None
    return _made(MoveCamel, max(spare, key=lambda s: (dist[s][keep], s)), target)


def greedy_action(state, rng: random.Random | None = None):
    """The greedy bot's choice (see the module notes); always a legal action."""
    return _plan(state, max_loaded=None, steal=False, patient=False)


def _plan(state, max_loaded: int | None, steal: bool, patient: bool):
    """The rule-based plan shared by the greedy and the heuristic bots (see the module notes).

    ``max_loaded``: pick up only while fewer goods than this are loaded (CAR-SCORE-2 penalties);
    ``steal``: steal a good worth 6 points when possible; ``patient``: rank goods to fetch by points
    per step to their city (not by points alone) and stop picking up once the end is triggered.
    """
    if state.over:
        raise ValueError("the game is over: no action to choose")
    if state.actions_left == 0:
        return END_TURN
    board, p = state.board, state.current
    dist, city_of = _distances(board), board.city_of
    tail = state.goods_actions()  # pick-ups, steals and good moves; camel moves are built below when needed
    loaded_now = sum(1 for g in state.load[p] if g is not None)
    best, best_key = None, None
    for a in tail:
        if isinstance(a, MoveGood):
            city = city_of[a.good]
            gain = dist[a.source][city] - dist[a.target][city]
            key = (a.target == city, gain, GOOD_POINTS[a.good])
            if gain > 0 and (best_key is None or key > best_key):
                best, best_key = a, key
    if best is not None and (best_key[0] or not steal):
        return best
    may_load = max_loaded is None or loaded_now < max_loaded
    if steal and may_load:
        steals = [a for a in tail if isinstance(a, Steal) and GOOD_POINTS[a.good] >= 6]
        if steals:
            return max(steals, key=lambda a: (dist[a.space][city_of[a.good]] * -1, a.space, a.victim))
    if best is not None:
        return best

    def worth(node):
        points = GOOD_POINTS[state.goods[node]] + state.demand.get(node, 0)
        return points / (1.0 + dist[node][city_of[state.goods[node]]]) if patient else points

    if may_load and not (patient and state.end_triggered and loaded_now):
        picks = [a for a in tail if isinstance(a, PickUp)]
        if picks:
            return max(picks, key=lambda a: (worth(a.space), a.space))
    loaded = sorted(((GOOD_POINTS[state.load[p][i]], state.pos[p][i], state.load[p][i])
                     for i in range(state.camels) if state.load[p][i] is not None), reverse=True)
    for _, source, good in loaded:
        city = city_of[good]
        front = min(linked(state, p, source), key=lambda s: (dist[s][city], s))
        steps = [n for n in board.neighbours[front] if dist[n][city] < dist[front][city]]
        for n in sorted(steps, key=lambda n: (state.count[n], n)):
            action = _spare_camel(state, p, n, city)
            if action is not None and state.why_illegal(action) is None:
                return action
    if state.empty_camels(p) >= 2 and may_load:
        targets = sorted(state.goods, key=lambda s: (-worth(s), state.count[s], s))
        for node in targets:
            if any(state.load[p][i] is None for i in state.camels_at(p, node)):
                continue  # already there (waiting for an action to pick up)
            action = _spare_camel(state, p, node, node)
            if action is not None and state.why_illegal(action) is None:
                return action
    return END_TURN


def playout_policy(state, rng: random.Random):
    """MCTS hook: greedy 85% of the time, a kind-random action otherwise (varied, fast rollouts)."""
    if rng.random() < 0.15:
        return _kind_random_unlisted(state, rng)
    return greedy_action(state, rng)


# --- a value of a position ------------------------------------------------------------------------

def _steps_to(board, group: frozenset, city) -> int:
    """The fewest steps from any space of ``group`` to ``city`` (remembered per board by group and city)."""
    cache = board.__dict__.get("_steps_to")
    if cache is None or len(cache) > 100_000:
        cache = board._steps_to = {}
    key = (group, city)
    found = cache.get(key)
    if found is None:
        dist = _distances(board)
        found = cache[key] = min(dist[s][city] for s in group)
    return found


def value(state, player: int) -> float:
    """Points ``player`` can count on: the score sheet's total (CAR-SCORE-1/2) plus, for each good
    still loaded, its points weighted by closeness to its city (1 / (1 + steps left)), plus half a
    point per theft token."""
    board = state.board
    points = sum(GOOD_POINTS[g] for g in state.delivered[player]) + state.markers[player]
    loaded = 0
    load = state.load[player]
    groups = None
    for i in range(state.camels):
        good = load[i]
        if good is not None:
            loaded += 1
            if groups is None:
                groups = movegen.groups(state, player)        # linked() of each camel, asked once
            steps = _steps_to(board, groups.get(state.pos[player][i], movegen.EMPTY), board.city_of[good])
            points += GOOD_POINTS[good] / (1.0 + steps) * (0.6 if not state.under[player][i] else 0.8)
    points += PENALTY.get(loaded, -10) * (1.0 if state.end_triggered else 0.5)
    return points + 0.5 * state.tokens[player]


EVAL_SCALE = 6.0
"""Points of lead over the best opponent that make a win chance of about 73% in :func:`evaluate`."""


def evaluate(state, player: int) -> float:
    """MCTS hook: a win chance in [0, 1] from ``player``'s :func:`value` lead over the best opponent.

    Raises:
        ValueError: ``player`` is not a seat number of ``state`` (booleans and floats are not).
    """
    if not isinstance(state, State):
        raise ValueError(f"evaluate: state is a Caravan position (a State), not {_short(state)}")
    if player.__class__ is not int or not 0 <= player < state.players:
        check_seat(player, "evaluate: player", state.players)
    mine = value(state, player)
    other = max(value(state, q) for q in range(state.players) if q != player)
    x = (mine - other) / EVAL_SCALE
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))


def _candidates(state, actions) -> list:
    """The actions worth a look: every pick-up, steal, good move and end of turn, and camel moves onto
    numbered spaces with goods, stealable goods, or next to the mover's own camels."""
    p, board = state.current, state.board
    near = set(state.goods)
    for q in range(state.players):
        for i in range(state.camels):
            where = state.pos[q][i]
            if where is not None and (q == p or (state.load[q][i] and not state.under[q][i])):
                near.add(where)
                if q == p:
                    near.update(board.neighbours[where])
    return [a for a in actions if not isinstance(a, (PlaceCamel, MoveCamel))
            or (a.space if isinstance(a, PlaceCamel) else a.target) in near]


def heuristic_action(state, rng: random.Random | None = None):
    """The heuristic bot's choice: the greedy plan with three habits -- carry at most 3 goods
    (CAR-SCORE-2: the 4th costs 3 more points), steal a rare good when it can (CAR-STEAL-1), fetch
    goods by points per step to their city and stop picking up once the end is triggered."""
    return _plan(state, max_loaded=3, steal=True, patient=True)


ROLLOUT_DEPTH = 3
"""The MCTS plays 3 rollout moves after a new leaf (most of a turn), then scores by :func:`evaluate`: the
fixed cost of an iteration (determinize, the walk down the tree, the evaluation) is then about half of it.
Against the heuristic bot the search lost every game at depth 6 and at depth 2 alike (200 iterations)."""


ROOT_BIAS = 1.0
"""The MCTS's progressive bias toward :func:`rank_actions` (the heuristic's and greedy's choices first): at 200
iterations a move against the heuristic bot (2 players, 10 games, seed 0) it won 3 with it and none without
(Wilson 95% intervals 11-60% and 0-28%)."""


def rank_actions(state, actions) -> list:
    """MCTS hook: the heuristic's and greedy's choices first, then the other candidates, then the rest."""
    first = [a for a in (heuristic_action(state), greedy_action(state)) if a in actions]
    rest = _candidates(state, actions)
    seen, ranked = set(), []
    for a in first + rest + list(actions):
        if a not in seen:
            seen.add(a)
            ranked.append(a)
    return ranked


# --- the bots -------------------------------------------------------------------------------------

class _PolicyAgent:
    """A bot that plays ``policy(state, rng)`` (a single legal action is played at once).

    The policy decides on the game's own state, not on a copy rebuilt from the observation: the
    policies read only what every seat sees (the bag's order is the one hidden thing, and none of
    them looks at it; ``tests/caravan/test_agents.py`` checks they choose the same on the rebuilt
    position), never change it, and return legal actions only (the tests check that too; the match
    loop's own check would name the bot otherwise)."""

    name = "policy"
    policy = staticmethod(greedy_action)

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(check_seed(seed))

    def choose(self, view) -> Any:
        state = view._state
        if state.actions_left == 0:  # the only legal action
            return END_TURN
        return type(self).policy(state, self.rng)


class KindRandomAgent(_PolicyAgent):
    """Random by kind: a kind of action uniformly, then an action of that kind (see the module notes)."""

    name = "kind-random"
    policy = staticmethod(kind_random_action)


class GreedyAgent(_PolicyAgent):
    """Deliver when possible, else build toward the most valuable good (see :func:`greedy_action`)."""

    name = "greedy"
    policy = staticmethod(greedy_action)


class HeuristicAgent(_PolicyAgent):
    """The greedy plan with penalty-aware loading and stealing (see :func:`heuristic_action`)."""

    name = "heuristic"
    policy = staticmethod(heuristic_action)


class LookaheadAgent:
    """Looks one action ahead: among the heuristic's and greedy's choices and the worthwhile camel moves
    (:func:`rank_actions`, at most ``width`` of them), the action after which :func:`value` (points it can count
    on) less ``rival_weight`` times the best rival's is highest; the heuristic's own choice wins ties. It
    decides on the game's state like the other bots (only the bag is hidden, and a lookahead that picks up a
    good draws from a bag shuffled again for it)."""

    name = "lookahead"

    def __init__(self, seed: int | None = None, width: int = 40, rival_weight: float = 0.3):
        self.rng = random.Random(check_seed(seed))
        self.width = width
        self.rival_weight = rival_weight

    def choose(self, view) -> Any:
        state = view._state
        if state.actions_left == 0:
            return END_TURN
        me = state.current
        world = state.clone()
        self.rng.shuffle(world.bag)          # what a pick-up could draw: not the real order
        ranked = rank_actions(world, world.legal_actions())[: self.width]
        best, best_score = None, None
        for action in ranked:
            child = world.clone()
            child._apply_listed(action)
            rivals = max(value(child, q) for q in range(child.players) if q != me)
            score = value(child, me) - self.rival_weight * rivals
            if best_score is None or score > best_score + 1e-9:
                best, best_score = action, score
        return best


# --- matches ----------------------------------------------------------------------------------------

def play_match(agents, seed: int | None = None, max_turns: int = 100_000, **options):
    """One game between ``agents`` (2-4, one per seat, seat 0 starts); the arena's MatchResult.

    ``max_turns`` counts actions (end of turn included). ``options`` go to :func:`~.rules.new_game`
    (``learning``, ``short_game``, ``board``). Scores are final points per seat; ``rounds`` is 1.

    Raises:
        ValueError: not 2-4 agents, or an agent chose an illegal action (naming it and the rule);
        RuntimeError: the game did not end within ``max_turns`` actions.
    """
    from ..agents import MatchResult, _sources, play_out
    from .rules import new_game

    from ..agents import check_lineup

    agents = check_lineup(agents)
    if not 2 <= len(agents) <= 4:
        raise ValueError(f"Caravan is played by 2 to 4 agents, not {len(agents)}")
    seed = check_seed(seed)
    state = new_game(len(agents), seed=seed, **options)
    turns = play_out(state, agents, max_turns, what="game")
    sheet = state.score_sheet()
    totals = sheet.totals()
    return MatchResult(sheet.winner, [float(t) for t in totals], 1, turns, seed, [totals],
                       [_sources(sheet, state.players)])


def simulate(games: int, seed: int = 0, bots=("heuristic", "greedy"), players: int = 4, progress: bool = True,
             processes: int = 1, **options):
    """``games`` games: ``bots[0]`` in one seat against ``players - 1`` copies of ``bots[1]``, the seat of
    ``bots[0]`` rotating from game to game. Results are rotated back: seat 0 of each result is ``bots[0]``.
    ``processes`` > 1 plays them on that many worker processes, with the same results.

    Raises:
        ValueError: ``games`` not a positive whole number, ``players`` not 2-4, an unknown bot, bad processes.
    """
    from ..agents import check_lineup, check_processes, run_games

    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= 10**7:
        raise ValueError(f"games must be a whole number from 1 to 10,000,000, not {_short(games)}")
    bots = check_lineup(bots, "bots", names=True)
    if len(bots) != 2:
        raise ValueError(f"caravan: give two bots (bot 0 against players-1 copies of bot 1), not {len(bots)}")
    if isinstance(players, bool) or players not in (2, 3, 4):
        raise ValueError(f"Caravan is played by 2, 3 or 4 players, not {players!r}")
    check_processes(processes)
    for bot in bots:  # refused here, not in a worker
        make_bot(bot, 0)
    return run_games(_simulate_one, (seed, tuple(bots), players, options), games, processes, progress,
                     f"caravan: {bots[0]} vs {players - 1} x {bots[1]}")


def _simulate_one(seed: int, bots: tuple, players: int, options: dict, i: int):
    """Game ``i`` of :func:`simulate`, rotated so that index 0 is ``bots[0]``."""
    from ..core import derive_seed

    seat = i % players
    agents = [make_bot(bots[0] if s == seat else bots[1], derive_seed(seed, "bot", i, s)) for s in range(players)]
    result = play_match(agents, seed=derive_seed(seed, "game", i), **options)
    order = [(seat + k) % players for k in range(players)]  # rotate so that index 0 is bots[0]
    result.winner = None if result.winner is None else (result.winner - seat) % players
    result.scores = [result.scores[s] for s in order]
    result.round_scores = [[r[s] for s in order] for r in result.round_scores]
    result.round_sources = [[r[s] for s in order] for r in result.round_sources]
    return result


RANDOM_NEVER_ENDS = ("random Caravan bots almost never end a game (none of 40 ended within 5,000 actions); "
                     "use greedy, heuristic, kind-random or mcts")
"""Why a table of bots with ``random`` among them is refused (the command line, the app with no human seat)."""

BOTS = {"random": ("caravan_lessons.agents", "RandomAgent"), "kind-random": (__name__, "KindRandomAgent"),
        "greedy": (__name__, "GreedyAgent"), "heuristic": (__name__, "HeuristicAgent"),
        "lookahead": (__name__, "LookaheadAgent"),
        "mcts": ("caravan_lessons.mcts", "MCTSAgent")}
"""Caravan's bots by name (``caravan-greedy`` etc. say the same); ``simulate`` and the CLI read them here."""


def make_bot(name: str, seed: int | None = None, **options):
    """The Caravan bot called ``name`` (:data:`BOTS`, or ``caravan-<name>``, or any name of the shared
    registry); ``mcts`` defaults to 200 iterations a move here. ValueError for an unknown name."""
    import importlib

    from ..agents import build_agent, make_agent

    key = name[len("caravan-"):] if isinstance(name, str) and name.startswith("caravan-") else name
    if not isinstance(key, str) or (key not in BOTS and key not in _VARIANTS):
        if not isinstance(name, str):
            raise ValueError(f"unknown Caravan bot {_short(name)}; the bots are: {', '.join(sorted(BOTS))}")
        if name.startswith("mp-"):
            raise ValueError(f"{name!r} is a Marco Polo bot; the Caravan bots are: {', '.join(sorted(BOTS))}")
        from ..agents import AGENTS

        if name not in AGENTS:     # the shared registry's every-game list would name Marco Polo's bots too
            usable = sorted(set(BOTS) | set(_VARIANTS) | {n for n in AGENTS if n.startswith("openspiel-")})
            raise ValueError(f"unknown Caravan bot {_short(name)}; the bots are: {', '.join(usable)}")
        return make_agent(name, seed, **options)
    if key in _VARIANTS:
        return build_agent(_VARIANTS[key], name, seed, options)
    module, cls = BOTS[key]
    if key == "mcts":
        options = {"iterations": 200, **options}
    return build_agent(getattr(importlib.import_module(module), cls), name, seed, options)


_VARIANTS: dict[str, type] = {}
"""The bots made by :func:`variant`, by name (``make_bot`` and ``simulate`` find them)."""


def variant(name: str, *, max_loaded: int | None = None, steal: bool = False, patient: bool = False) -> type:
    """A bot class for one-habit experiments (the strategy lab): the greedy plan of :func:`greedy_action` with
    some of the heuristic's three habits switched on, registered under ``name`` so that
    ``simulate(games, bots=(name, "greedy"))`` and ``make_bot(name)`` find it.

    Args:
        name: the bot's name (not one of :data:`BOTS`).
        max_loaded: pick up only while fewer goods than this are loaded (None: up to the rules' limit).
        steal: steal a good worth 6 points whenever it can (CAR-STEAL-1).
        patient: rank the goods to fetch by points per step to their city, and stop picking up once the end is
            triggered.

    ``variant("greedy itself")`` plays like ``greedy``; all three switches (``max_loaded=3, steal=True,
    patient=True``) play like ``heuristic``.

    Raises:
        ValueError: a name that is empty or a built-in bot's, a cap that is not a whole number 1..5, a switch
            that is not True or False.
    """
    if not isinstance(name, str) or not name.strip() or name in BOTS:
        raise ValueError(f"variant: name is a new bot name (not one of {', '.join(sorted(BOTS))}), not {_short(name)}")
    if max_loaded is not None and (type(max_loaded) is not int or not 1 <= max_loaded <= 5):
        raise ValueError(f"variant: max_loaded is None or a whole number 1..5 (goods loaded), not {_short(max_loaded)}")
    for label, switch in (("steal", steal), ("patient", patient)):
        if not isinstance(switch, bool):
            raise ValueError(f"variant: {label} is True or False, not {_short(switch)}")

    def policy(state, rng=None):
        return _plan(state, max_loaded=max_loaded, steal=steal, patient=patient)

    doc = (f"The greedy plan with max_loaded={max_loaded}, steal={steal}, patient={patient} "
           "(caravan.agents.variant).")
    cls = type(name, (_PolicyAgent,), {"name": name, "policy": staticmethod(policy), "__doc__": doc})
    _VARIANTS[name] = cls
    return cls
