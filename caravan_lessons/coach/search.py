"""The coach's search: determinized Monte Carlo over the moves of one seat, with honest intervals.

For one decision the coach knows only ``observation(seat)`` and the legal moves. It

1. **chooses candidates**: every legal move if there are at most ``width``; else the first two of
   the game's own ranking (its bots' favourites: ``rank_actions``, the hook
   :mod:`caravan_lessons.mcts` uses to order the root) and the rest by a one-move look-ahead scored
   by the profile's cut-off value, on one determinized world; moves it must judge (the move a
   player made, in a review) are always added;
2. **simulates**: each simulation deals the hidden information at random, consistently with the
   observation (the game's ``determinize``, as the search bot does), plays the candidate, plays on
   ``horizon`` turns with the game's ``playout_policy`` (all seats; Marco Polo's takes the choices inside an
   effect greedily, see :mod:`.games`), and scores the result: a win
   (1), a shared win (1/k) or a loss (0) if the scored unit ended, else the profile's win chance of
   the position reached (see :mod:`.games`);
3. **shares the budget by sequential halving** (Karnin, Koren & Somekh 2013): the budget is cut into
   ``ceil(log2(candidates))`` rounds; in each round the surviving candidates are simulated batch by
   batch, then the worse half (by mean) is dropped, down to 2 survivors, which share the last round.
   Moves that must be judged are never dropped;
4. **compares like with like** (common random numbers): in one batch every surviving candidate is
   played in the same deal with the same random numbers, so two moves are compared on the same
   hidden cards and dice; the difference between two moves (:func:`paired_difference`, the loss of
   a review) is then known much more precisely than either estimate alone.

Each candidate's simulations are independent draws, so its mean has an honest interval: the 95 %
normal interval ``mean +- 1.96 * s / sqrt(n)`` (Student's t quantile below 30 simulations), clipped
to [0, 1], where ``s`` is the standard deviation of the rewards with one win (1) and one loss (0)
added: simulations that all agree (every one a win) still leave an interval (88 wins out of 88:
98-100 %), as Agresti and Coull's interval does for a proportion. With fewer than 3 simulations
the interval is the whole [0, 1].

Why not the tree of :class:`caravan_lessons.mcts.MCTSAgent`: the root means of a tree search mix
the tree policy's choices below the root and are not independent draws, so they carry no interval
one could print beside them. The coach uses the same game hooks on a flat search instead.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import game_module
from ..mcts import _random_policy

__all__ = ["Cancelled", "Estimate", "interval", "paired_difference", "search", "standard_error"]

_T95 = {3: 4.303, 4: 3.182, 5: 2.776, 6: 2.571, 7: 2.447, 8: 2.365, 9: 2.306, 10: 2.262, 12: 2.201,
        15: 2.145, 20: 2.093, 25: 2.064, 30: 2.045}
"""Two-sided 95 % Student's t quantiles by number of simulations (n - 1 degrees of freedom)."""


class Cancelled(Exception):
    """Raised inside the search when its ``cancel`` signal is set (the review catches it)."""


def _t95(n: int) -> float:
    if n > 30:
        return 1.96
    for k in sorted(_T95, reverse=True):
        if n >= k:
            return _T95[k]
    return math.inf


def standard_error(n: int, total: float, squares: float) -> float:
    """The standard error of the mean of ``n`` rewards in [0, 1] (sum ``total``, sum of squares ``squares``),
    their spread taken with one win and one loss added (see the module notes); 0.5 below 3 simulations."""
    if n < 3:
        return 0.5
    m = (total + 1.0) / (n + 2)
    return math.sqrt(max(0.0, (squares + 1.0 - (n + 2) * m * m) / (n + 1)) / n)


def interval(n: int, total: float, squares: float) -> tuple[float, float, float]:
    """``(mean, low, high)`` of ``n`` rewards in [0, 1] with sum ``total`` and sum of squares ``squares``:
    the 95 % interval of the module notes, clipped to [0, 1] (the whole [0, 1] below 3 simulations)."""
    if n == 0:
        return math.nan, 0.0, 1.0
    mean = total / n
    if n < 3:
        return mean, 0.0, 1.0
    # the spread as if one more win (1) and one more loss (0) had been seen: n simulations that all
    # agree never make an interval of width zero (as Agresti and Coull widen a proportion's interval)
    half = _t95(n) * standard_error(n, total, squares)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


@dataclass(frozen=True)
class Estimate:
    """What the simulations say of one move.

    Attributes:
        action: the engine's action.
        move: the move in plain words (the search gives ``str(action)``; a hint and a review name it as the
            app's list does, :func:`caravan_lessons.moves.move_words`).
        win: the estimated win chance after the move (mean reward of its simulations, in [0, 1]).
        low, high: its 95 % interval (see the module notes).
        simulations: how many simulations it got.
        lead: the mean lead in points (the game's unit) over the best other seat where the
            simulations stopped (after ``horizon`` moves or at the end of the scored unit).
        se: the standard error of ``win`` (before the interval is clipped to [0, 1]).
        samples: batch number -> reward of each simulation (for :func:`paired_difference`).
        outlook: the mean of each of the profile's facts (points, tokens, cards ...) where the simulations
            stopped, fact key -> mean: what the move leads to.
    """

    action: Any
    move: str
    win: float
    low: float
    high: float
    simulations: int
    lead: float
    se: float = 0.5
    samples: dict = field(default_factory=dict, repr=False, compare=False)
    outlook: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def half_width(self) -> float:
        """Half the width of the interval, in win chance (0.04 is 4 percentage points)."""
        return (self.high - self.low) / 2

    def __str__(self) -> str:
        return (f"{self.move}: {self.win:.0%} win chance ({self.low:.0%}-{self.high:.0%}, "
                f"{self.simulations} simulations)")


class _Arm:
    __slots__ = ("action", "facts", "n", "squares", "lead", "total", "samples")

    def __init__(self, action):
        self.action = action
        self.n = 0
        self.total = 0.0
        self.squares = 0.0
        self.lead = 0.0
        self.samples: dict[int, float] = {}  # batch number -> reward
        self.facts: dict[str, float] = {}    # fact key -> sum over the simulations of its value at their end

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else -1.0


def paired_difference(a: Estimate, b: Estimate) -> tuple[float, float, int]:
    """``(mean, standard error, pairs)`` of ``a``'s reward minus ``b``'s over the batches both were simulated
    in (the same deal and the same random numbers for both: see the module notes). The spread is taken
    with a difference of +1 and one of -1 added, as for single moves; with fewer than 3 pairs the
    difference of the two means and the error of two independent estimates."""
    common = [k for k in a.samples if k in b.samples]
    n = len(common)
    if n < 3:
        return a.win - b.win, math.sqrt(a.se ** 2 + b.se ** 2), n
    diffs = [a.samples[k] - b.samples[k] for k in common]
    mean = sum(diffs) / n
    m = sum(diffs) / (n + 2)
    variance = (sum(d * d for d in diffs) + 2.0 - (n + 2) * m * m) / (n + 1)
    return mean, math.sqrt(max(0.0, variance) / n), n


def default_width(budget_s: float | None, simulations: int | None) -> int:
    """Candidates judged for a budget: 8 at 1 second (or 1,000 simulations), growing slowly
    (16 at 20 seconds), never fewer than 6."""
    scale = budget_s if budget_s is not None else simulations / 1000
    return max(6, min(16, round(8 * scale ** 0.25)))


def search(observation: dict, actions: Sequence, profile, *, budget_s: float | None = 1.0,
           simulations: int | None = None, seed: int = 0, width: int | None = None, keep: Sequence = (),
           cancel: Callable[[], bool] | None = None) -> tuple[list[Estimate], int]:
    """Judge the moves ``actions`` of ``observation["player"]`` (see the module notes).

    Args:
        observation: ``state.observation(seat)``; nothing else of the state is used.
        actions: the legal moves now (``state.legal_actions()``).
        profile: the game's :class:`~caravan_lessons.coach.games.Profile`.
        budget_s: seconds to spend (ignored when ``simulations`` is given).
        simulations: a fixed number of simulations instead of a time budget (the same observation,
            seed and number give the same answer on every machine).
        seed: seeds the deals and the rollouts.
        width: candidates to judge (default :func:`default_width`).
        keep: moves that must be judged and never dropped (e.g. the move played, in a review).
        cancel: a function returning True to stop (checked between simulations); raises
            :class:`Cancelled`.

    Returns:
        ``(estimates, simulations)``: every judged move, best first (survivors of the last round by
        mean, then the moves dropped later before those dropped earlier), and the simulations run.
    """
    module = game_module(observation["game"])
    determinize = module.determinize
    policy = profile.policy or getattr(module, "playout_policy", _random_policy)
    seat = observation["player"]
    rng = random.Random(seed)
    actions = list(actions)
    width = width or default_width(budget_s, simulations)
    arms = [_Arm(a) for a in _candidates(observation, actions, profile, module, width, keep, rng)]
    keep = [a for a in keep if a in actions]
    over, share, value, points, facts = profile.over, profile.share, profile.value, profile.points, profile.facts
    horizon, turn = profile.horizon, profile.turn
    cap = 12 * horizon  # moves: a turn of the map games is a few actions; never loop for ever

    def simulate(arm: _Arm, batch: int, batch_seed: int) -> None:
        stream = random.Random(batch_seed)  # the batch's deal and random numbers, the same for every move
        state = determinize(observation, stream)
        before = turn(state)
        state.apply(arm.action)
        turns = int(turn(state) != before)
        moves = 0
        while True:
            if over(state):
                reward = share(state, seat)
                break
            if turns >= horizon or moves >= cap:
                reward = value(state, seat)
                break
            before = turn(state)
            state.apply(policy(state, stream))
            turns += turn(state) != before
            moves += 1
        mine = points(state, seat)
        others = [points(state, q) for q in range(_players(state)) if q != seat]
        arm.n += 1
        arm.total += reward
        arm.squares += reward * reward
        arm.lead += mine - max(others)
        arm.samples[batch] = reward
        totals = arm.facts
        for fact in facts(state, seat):
            totals[fact.key] = totals.get(fact.key, 0.0) + fact.value

    rounds = max(1, math.ceil(math.log2(len(arms)))) if len(arms) > 2 else 1
    start = time.perf_counter()
    done = 0
    batch = 0
    alive = list(arms)
    dropped: list[list[_Arm]] = []
    for r in range(rounds):
        if simulations is not None:
            quota = simulations * (r + 1) // rounds
        else:
            deadline = start + budget_s * (r + 1) / rounds
        batches = 0
        while True:
            if batches >= 2:  # every survivor gets 2 simulations a round, whatever the clock says
                if simulations is not None:
                    if done >= quota:
                        break
                elif time.perf_counter() >= deadline:
                    break
            batch_seed = rng.getrandbits(64)
            for arm in alive:
                if cancel is not None and cancel():
                    raise Cancelled
                simulate(arm, batch, batch_seed)
                done += 1
            batch += 1
            batches += 1
        if r < rounds - 1 and len(alive) > 2:
            alive.sort(key=lambda a: a.mean, reverse=True)
            survivors = max(2, math.ceil(len(alive) / 2))
            kept = alive[:survivors] + [a for a in alive[survivors:] if a.action in keep]
            dropped.append([a for a in alive if a not in kept])
            alive = kept
    alive.sort(key=lambda a: a.mean, reverse=True)
    ranked = alive + [a for group in reversed(dropped) for a in sorted(group, key=lambda a: a.mean, reverse=True)]
    estimates = []
    for arm in ranked:
        mean, low, high = interval(arm.n, arm.total, arm.squares)
        estimates.append(Estimate(arm.action, str(arm.action), mean, low, high, arm.n,
                                  arm.lead / arm.n if arm.n else math.nan,
                                  standard_error(arm.n, arm.total, arm.squares), dict(arm.samples),
                                  {k: v / arm.n for k, v in arm.facts.items()} if arm.n else {}))
    return estimates, done


def _players(state) -> int:
    players = getattr(state, "players", 2)
    return players if isinstance(players, int) else 2


def _candidates(observation, actions: list, profile, module, width: int, keep: Sequence, rng) -> list:
    """The moves to judge (see the module notes): all of them, or ``width`` of them plus ``keep``."""
    if len(actions) <= width:
        return actions
    world = module.determinize(observation, random.Random(rng.getrandbits(32)))
    seat = observation["player"]
    if profile.rank is not None:  # the game's own look-ahead ranking
        chosen = list(profile.rank(world, seat, actions))[:width]
    else:
        rank = getattr(module, "rank_actions", None)
        ranked = list(rank(world, actions)) if rank is not None else actions
        chosen = ranked[:2]
        rest = ranked[2:]
        if len(rest) > 4 * width:  # a look-ahead of every one of hundreds of camel moves is not worth it
            rest = rest[:4 * width]
        value = profile.value
        scored = sorted(((value(world.child(a), seat), -i, a) for i, a in enumerate(rest)),
                        key=lambda t: (t[0], t[1]), reverse=True)
        chosen += [a for _, _, a in scored[:width - len(chosen)]]
    for action in keep:
        if action in actions and action not in chosen:
            chosen.append(action)
    return chosen
