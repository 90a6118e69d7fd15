"""Information-set Monte Carlo tree search: a search bot for games with hidden cards (core layer).

:class:`MCTSAgent` plays from a :class:`~caravan_lessons.agents.View` only: the seat's
observation and the legal actions. It never sees the opponent's hand or the deck. Each
iteration of the search (single-observer ISMCTS, after Cowling, Powley & Whitehouse 2012):

1. **determinise**: deal the hidden information at random, consistently with the observation,
   into a full game state (``game_module(observation["game"]).determinize(observation, rng)``,
   e.g. :func:`caravan_lessons.jaipur.determinize`);
2. **select**: walk down one shared tree whose edges are actions, choosing among the children
   whose action is legal in *this* determinisation by UCB1 with availability counts
   (``mean + exploration * sqrt(ln(available) / visits)``);
3. **expand**: add one action (progressive widening: a node seen ``n`` times may hold
   ``ceil(2 * sqrt(n + 1))`` children, so the search goes deep on promising moves before
   trying the 100th exchange). At the root the actions come in the game's ``rank_actions``
   order, elsewhere from its ``playout_policy``;
4. **roll out**: play on with the rollout policy, to the end of the scored unit (a round in
   Jaipur) or for ``depth`` moves (by default the game's ``ROLLOUT_DEPTH``), then score: the game's ``round_reward`` once the round is
   over (Jaipur: 0.8 for the round win + 0.2 for the rupee lead, see
   :func:`caravan_lessons.jaipur.agents.round_reward`), else its heuristic ``evaluate`` (a win
   chance in [0, 1] from the estimated rupee lead);
5. **back up**: each node adds the reward of the player who chose its action.

The move played is the most visited child of the root.

Game hooks looked up in the game package (only ``determinize`` is required):

========================  =====================================================  ==========================
hook                      signature / value                                      without it
========================  =====================================================  ==========================
``determinize``           ``(observation, rng) -> State``                        ValueError
``round_reward``          ``(state, player) -> float in [0, 1] or None``         1/0/0.5 at the game's end
``evaluate``              ``(state, player) -> float in [0, 1]``                 0.5
``playout_policy``        ``(state, rng) -> legal action``                       a uniformly random action
``rank_actions``          ``(state, actions) -> actions, best first``            a random order
``ROLLOUT_DEPTH``         whole number >= 0: the policy rollout's default        6
                          ``depth`` (0: a new leaf is scored by ``evaluate``)
``ROOT_BIAS``             number >= 0: the default ``bias`` toward the root's    0
                          ``rank_actions`` order
``policy_among``          ``(state, actions, rng) -> one of actions``: the       ``playout_policy`` picks
                          tree policy on a listing; below the root the search    new children, and a child
                          then lists ``state.legal_actions()`` once per node,    is legal when its action
                          picks new children from it, and a child is legal in    passes ``why_illegal``
                          this determinisation when its action is in it (for
                          games whose checks cost more than a listing)
========================  =====================================================  ==========================
"""
from __future__ import annotations

import math
import numbers
import random
import time
from collections.abc import Callable
from typing import Any

from .core import _short, check_seed, game_module

__all__ = ["CLOCKS", "MCTSAgent", "tree_graph"]

CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}
"""What ``MCTSAgent(time_limit=..., clock=...)`` counts: wall seconds, or CPU seconds of the searching thread."""


class _Node:
    __slots__ = ("action", "available", "children", "player", "rank", "value", "visits")

    def __init__(self, action: Any = None, player: int = -1):
        self.action = action
        self.player = player  # the seat that chose ``action`` (whose reward this node adds up)
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.value = 0.0
        self.available = 0
        self.rank = 0  # a root child's place in the game's rank_actions order


def _random_policy(state, rng: random.Random):
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


def _game_over_reward(state, player: int) -> float | None:
    if not state.is_terminal():
        return None
    winner = state.winner
    return 0.5 if winner is None else float(winner == player)


def _neutral(state, player: int) -> float:
    return 0.5


def _not_a_view(view: Any) -> TypeError:
    return TypeError(f"MCTSAgent.choose takes a View (caravan_lessons.agents.View(state, seat)), not {_short(view)}")


class MCTSAgent:
    """Information-set MCTS (see the module notes), from the View only.

    Args:
        iterations: determinise-select-expand-rollout-backup cycles per move (default 1000).
        seed: any whole number (None: a random one); the same seed and the same views give
            the same moves.
        rollout: ``"policy"`` (the game's ``playout_policy``, cut after ``depth`` moves and
            scored by ``evaluate``), ``"random"`` (uniformly random moves to the end of the round;
            slow and weak in Jaipur, where most legal moves are odd exchanges), or a callable
            ``(state, rng) -> action``.
        exploration: the UCB1 constant ``c`` (rewards are in [0, 1]).
        bias: progressive bias toward the game's ``rank_actions`` order at the root: the child ranked
            ``r`` (0 = first) adds ``bias / ((r + 1) * (visits + 1))`` to its UCB1 value, so the
            heuristic's favourites are searched first and longest and the search leaves them only for
            a move it finds better; 0 (or no ``rank_actions``): none. Default: the game's
            ``ROOT_BIAS`` (0 if it has none).
        depth: moves played by the rollout before the evaluation; None plays to the end of the
            round. Default: the game's ``ROLLOUT_DEPTH`` (6 if it has none) for ``"policy"`` and callables,
            None for ``"random"``; :attr:`depth` is -1 until then, and ``rollout_depth(game)`` says it.
        time_limit: stop searching after this many seconds even if iterations remain (None: no
            limit; with a limit the moves depend on the machine's speed).
        clock: what ``time_limit`` counts: ``"wall"`` (the default, ``time.perf_counter``: seconds on the
            clock, what a player at the table waits) or ``"cpu"`` (``time.thread_time``: CPU seconds of the
            searching thread, so other processes and other threads of this one do not eat into the budget;
            for equal-time comparisons of bots on a loaded machine).

    Attributes:
        last_search: after each search, ``(action, visits, mean reward)`` of the root's children,
            most visited first (for plots of what the bot considered).
        last_root: the root of the last search tree (None before the first search, or when the
            move was forced); :func:`tree_graph` turns it into a networkx graph to draw.
        last_iterations: iterations the last search ran (0 when the move was forced).

    Raises:
        ValueError: iterations not a positive whole number, an unknown rollout, a negative
            exploration, depth or bias, a time_limit that is not a number >= 0 (or None), an unknown clock.
    """

    name = "mcts"

    def __init__(self, iterations: int = 1000, seed: int | None = None, rollout: str | Callable = "policy",
                 exploration: float = 0.7, depth: int | None = -1, time_limit: float | None = None,
                 bias: float | None = None, clock: str = "wall"):
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise ValueError(f"iterations must be a positive whole number, not {iterations!r}")
        if not (callable(rollout) or rollout in ("policy", "random")):
            raise ValueError(f"rollout must be 'policy', 'random' or a function (state, rng) -> action, "
                             f"not {rollout!r}")
        if not isinstance(exploration, (int, float)) or exploration < 0:
            raise ValueError(f"exploration must be a number >= 0, not {exploration!r}")
        if bias is not None and (isinstance(bias, bool) or not isinstance(bias, (int, float)) or not bias >= 0):
            raise ValueError(f"bias must be a number >= 0 or None (the game's ROOT_BIAS), not {bias!r}")
        if depth == -1 and rollout == "random":
            depth = None
        if depth not in (-1, None) and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
            raise ValueError(f"depth must be a whole number >= 0 or None, not {depth!r}")
        if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, numbers.Real)
                                       or not time_limit >= 0):
            raise ValueError(f"time_limit must be a number of seconds >= 0 or None, not {time_limit!r}")
        if not isinstance(clock, str) or clock not in CLOCKS:
            raise ValueError(f"clock is 'wall' (time.perf_counter) or 'cpu' (time.thread_time), not {clock!r}")
        self.iterations = iterations
        self.rng = random.Random(check_seed(seed))
        self.rollout = rollout
        self.exploration = float(exploration)
        self.bias = bias
        self.depth = depth
        self.time_limit = None if time_limit is None else float(time_limit)   # numpy's reals too, as a float
        self.clock = clock
        self.last_iterations = 0
        self.last_search: list[tuple[Any, int, float]] = []
        self.last_root: _Node | None = None

    def __repr__(self) -> str:
        return (f"MCTSAgent(iterations={self.iterations}, rollout={self.rollout!r}, "
                f"exploration={self.exploration}, depth={self.depth})")

    def rollout_depth(self, game: str) -> int | None:
        """The rollout depth this agent uses in ``game``: its ``depth``, or by default the game's
        ``ROLLOUT_DEPTH`` (6 if it has none)."""
        if self.depth != -1:
            return self.depth
        return getattr(game_module(game), "ROLLOUT_DEPTH", 6)

    def choose(self, view) -> Any:
        """The searched move of ``view``: a :class:`caravan_lessons.agents.View`, or anything with its
        ``legal_actions`` (a sequence) and ``observation`` (a dict); one TypeError otherwise (None, a dict, a
        bare State)."""
        actions = None if isinstance(view, type) else getattr(view, "legal_actions", None)
        if actions is None or callable(actions) or not hasattr(actions, "__len__"):
            raise _not_a_view(view)
        if len(actions) == 1:
            self.last_search = [(actions[0], 0, float("nan"))]
            self.last_iterations = 0
            return actions[0]
        observation = getattr(view, "observation", None)
        if not isinstance(observation, dict):
            raise _not_a_view(view)
        module = game_module(observation["game"])
        determinize = getattr(module, "determinize", None)
        if determinize is None:
            raise ValueError(f"game {observation['game']!r} has no determinize(observation, rng): "
                             "MCTSAgent cannot sample its hidden information")
        reward_of = getattr(module, "round_reward", _game_over_reward)
        evaluate = getattr(module, "evaluate", _neutral)
        tree_policy = getattr(module, "playout_policy", _random_policy)
        if self.rollout == "random":
            rollout_policy = _random_policy
        elif self.rollout == "policy":
            rollout_policy = tree_policy
        else:
            rollout_policy = self.rollout
        rank = getattr(module, "rank_actions", None)
        # the rollout's moves skip the rule checks only when they come from the game's own policies
        trusted_rollout = rollout_policy is tree_policy or rollout_policy is _random_policy
        return self._search(observation, list(actions), determinize, reward_of, evaluate, tree_policy,
                            rollout_policy, rank, trusted_rollout, self.rollout_depth(observation["game"]),
                            getattr(module, "policy_among", None),
                            self.bias if self.bias is not None else getattr(module, "ROOT_BIAS", 0.0))

    def _search(self, observation, actions, determinize, reward_of, evaluate, tree_policy, rollout_policy, rank,
                trusted_rollout=False, depth=6, among=None, bias=0.0):
        rng = self.rng
        me = observation["player"]
        c = self.exploration
        now = CLOCKS[self.clock]
        deadline = None if self.time_limit is None else now() + self.time_limit
        root = _Node()
        order: list | None = None
        log, sqrt = math.log, math.sqrt
        for iteration in range(self.iterations):
            if deadline is not None and iteration and now() > deadline:
                break
            state = determinize(observation, rng)
            # every action below is one the rules allow here (the root's, the policy's, or checked by
            # why_illegal), so the engine's checked-once path applies it when the game has one
            apply = getattr(state, "_apply_listed", None) or state.apply
            if order is None:  # the root's actions are the same in every determinisation
                if rank is not None:
                    order = list(rank(state, actions))
                else:
                    order = actions[:]
                    rng.shuffle(order)
            node = root
            path = [root]
            reward = None
            while True:
                reward = reward_of(state, me)
                if reward is not None:
                    break
                children = node.children
                limit = math.ceil(2.0 * sqrt(node.visits + 1))
                if node is root:
                    if len(children) < limit and len(children) < len(order):
                        action = order[len(children)]
                        child = _Node(action, state.current_player)
                        child.rank = len(children)
                        children[action] = child
                        apply(action)
                        path.append(child)
                        break
                    candidates = list(children.values())
                else:
                    action = None
                    # one listing per node instead of a check per child (only listed actions are applied)
                    listed = None if among is None else state.legal_actions()
                    if len(children) < limit:
                        action = tree_policy(state, rng) if listed is None else among(state, listed, rng)
                        if action not in children:
                            child = _Node(action, state.current_player)
                            children[action] = child
                            apply(action)
                            path.append(child)
                            break
                    if listed is not None:
                        legal = set(listed)
                        candidates = [ch for ch in children.values() if ch.action in legal]
                    else:
                        why = state.why_illegal
                        candidates = [ch for ch in children.values() if why(ch.action) is None]
                    if not candidates:
                        action = tree_policy(state, rng) if listed is None else among(state, listed, rng)
                        child = children.get(action)
                        if child is None:
                            child = children[action] = _Node(action, state.current_player)
                        apply(action)
                        path.append(child)
                        break
                best, best_ucb = None, -1.0
                biased = bias and node is root and rank is not None
                for ch in candidates:
                    ch.available += 1
                    if ch.visits == 0:
                        ucb = math.inf
                    else:
                        ucb = ch.value / ch.visits + c * sqrt(log(ch.available) / ch.visits)
                        if biased:
                            ucb += bias / ((ch.rank + 1) * (ch.visits + 1))
                    if ucb > best_ucb:
                        best, best_ucb = ch, ucb
                apply(best.action)
                path.append(best)
                node = best
            if reward is None:
                moves = 0
                while True:
                    reward = reward_of(state, me)
                    if reward is not None:
                        break
                    if depth is not None and moves >= depth:
                        reward = evaluate(state, me)
                        break
                    action = rollout_policy(state, rng)
                    if trusted_rollout:
                        apply(action)
                    else:
                        state.apply(action)
                    moves += 1
            root.visits += 1
            for node in path[1:]:
                node.visits += 1
                node.value += reward if node.player == me else 1.0 - reward
        ranked = sorted(root.children.values(), key=lambda ch: (ch.visits, ch.value), reverse=True)
        self.last_iterations = root.visits
        self.last_root = root
        self.last_search = [(ch.action, ch.visits, ch.value / ch.visits if ch.visits else float("nan"))
                            for ch in ranked]
        return ranked[0].action


def tree_graph(root: _Node, depth: int = 2, min_visits: int = 1, top: int | None = None):
    """The top of a search tree (``MCTSAgent.last_root``) as a ``networkx.DiGraph``, for drawing.

    Nodes are tuples of actions from the root (the root is ``()``), with the attributes
    ``action`` (None at the root), ``player`` (the seat that chose the action), ``visits``,
    ``mean`` (the mean reward of ``player`` through this node, in [0, 1]; NaN if unvisited),
    ``depth`` and ``chosen`` (True along the path of most visited children from the root: the
    move the agent plays and what it expects next).

    Args:
        depth: levels below the root to keep.
        min_visits: leave out nodes visited fewer times.
        top: keep only the ``top`` most visited children of each node (None: all).

    Raises:
        ValueError: ``root`` is not a search tree node, or a negative ``depth`` / ``min_visits``.
    """
    import networkx as nx

    if not isinstance(root, _Node):
        raise ValueError(f"tree_graph needs MCTSAgent.last_root after a search, not {type(root).__name__}")
    for value, name in ((depth, "depth"), (min_visits, "min_visits")):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")
    graph = nx.DiGraph()

    def ranked(node: _Node) -> list[_Node]:
        children = sorted(node.children.values(), key=lambda ch: (ch.visits, ch.value), reverse=True)
        children = [ch for ch in children if ch.visits >= min_visits]
        return children if top is None else children[:top]

    def mean(node: _Node) -> float:
        return node.value / node.visits if node.visits else float("nan")

    graph.add_node((), action=None, player=-1, visits=root.visits, mean=float("nan"), depth=0, chosen=True)
    frontier = [((), root, True)]
    for level in range(1, depth + 1):
        next_frontier = []
        for key, node, on_path in frontier:
            children = ranked(node)
            for i, child in enumerate(children):
                child_key = key + (child.action,)
                chosen = on_path and i == 0
                graph.add_node(child_key, action=child.action, player=child.player, visits=child.visits,
                               mean=mean(child), depth=level, chosen=chosen)
                graph.add_edge(key, child_key)
                next_frontier.append((child_key, child, chosen))
        frontier = next_frontier
    return graph
