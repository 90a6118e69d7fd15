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

from ..agents import MatchResult, View, _sources
from ..core import check_seed
from .actions import BuyBlackDie, EndTurn, Reroll
from .rules import new_game

SEATS = (2, 3, 4)
GOOD_VALUE = (1.0, 1.4, 1.8)


def value(state, seat: int) -> float:
    """A rough worth of ``seat``'s position in victory points (used by :class:`GreedyAgent`)."""
    v = float(state.vp[seat]) + state.coins[seat] / 8 + state.camels[seat] / 4
    v += sum(n * w for n, w in zip(state.goods[seat], GOOD_VALUE))
    targets = {c for o in state.objectives[seat] for c in state.data.objectives[o][0]}
    for city, owners in state.posts.items():
        if seat in owners:
            v += 4 + (5 if city in targets else 0) + (8 if city == "beijing" else 0)
    for cid in state.active[seat]:
        contract = state.data.contracts[cid]
        missing = sum(max(0, contract["cost"].get(g, 0) - n) for g, n in zip(("pepper", "silk", "gold"),
                                                                               state.goods[seat]))
        v += max(0.0, contract["reward"].get("vp", 0) - 1.5 * missing) / 2
    v += 2.5 * len(state.fulfilled[seat])
    v += 0.5 * sum(1 for _ in state.dice[seat])
    return v


def _settled_value(state, seat: int, depth: int = 3) -> float:
    """:func:`value` after taking, greedily, the choices the action left to ``seat`` (a travel's path, a
    bazaar column, ...), so that placing dice on Travel is judged by where the traveller can go."""
    while depth and state.tasks and state.current_player == seat:
        options = state.legal_actions()
        if len(options) > 40:
            options = options[:: len(options) // 40 + 1]
        state = max((state.child(o) for o in options), key=lambda child: value(child, seat))
        depth -= 1
    return value(state, seat)


class GreedyAgent:
    """One-action lookahead on :func:`value` (the choices the action opens are taken greedily too); dice-rolling actions are not looked into (their outcome is
    hidden) and count a little below doing nothing. Ties are broken by its own seeded generator."""

    name = "mp-greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(check_seed(seed))

    def choose(self, view: View):
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        state = view._state
        seat = view.player
        base = value(state, seat)
        best, best_score = [], None
        for action in actions:
            if isinstance(action, (Reroll, BuyBlackDie)):
                score = base - 0.6
            elif isinstance(action, EndTurn):
                score = base
            else:
                score = _settled_value(state.child(action), seat)
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
    if len(agents) not in SEATS:
        raise ValueError(f"marco_polo is played by 2, 3 or 4 agents, not {len(agents)}")
    seed = check_seed(seed)
    state = new_game(len(agents), seed=seed, characters=characters)
    turns = 0
    while not state.is_terminal():
        if turns >= max_turns:
            raise RuntimeError(f"match did not end within {max_turns} actions")
        player = state.current_player
        legal = state.legal_actions()
        action = agents[player].choose(View(state, player, legal))
        problem = state.why_illegal(action)
        if problem is not None:
            raise ValueError(f"agent {agents[player].name!r} chose an illegal action {action!r}: {problem}")
        state.apply(action)
        turns += 1
    sheet = state.score_sheet()
    totals = sheet.totals()
    return MatchResult(state.winner, [float(t) for t in totals], state.round, turns, seed, [totals],
                       [_sources(sheet, len(agents))])
