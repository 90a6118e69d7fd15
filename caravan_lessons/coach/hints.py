"""``hint(state, seat)``: the move the coach would play, how sure it is, and why, in plain words."""
from __future__ import annotations

import html
import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import Any

from ..codecs import whole_number
from ..core import _short, check_seat, game_module
from ..i18n import tr
from ..moves import move_words
from .games import Profile, profile
from .search import Estimate, search

__all__ = ["Hint", "hint"]

MAX_BUDGET_S = 600.0


@dataclass(frozen=True)
class Hint:
    """The coach's advice for one decision.

    Attributes:
        game: the game's name; seat: the seat advised.
        best: the coach's move with its estimate (:class:`~caravan_lessons.coach.search.Estimate`:
            win chance, 95 % interval, simulations, lead in points).
        others: the next-best moves (2 or 3), best first, each with its estimate.
        reason: plain words: what the move changes (points, tokens, cards, routes, relations), each
            change with the rule clause behind it, and how it compares with the next best.
        rules: the rule clauses the reason cites, in order.
        simulations: simulations run in all; seconds: the time it took.
        scope: what the win chance is about ("this round" in Jaipur, "the game" elsewhere).
        unit: the game's points unit (rupees, points, victory points).
        horizon: turns each simulation played after the move before scoring.
    """

    game: str
    seat: int
    best: Estimate
    others: tuple[Estimate, ...]
    reason: str
    rules: tuple[str, ...]
    simulations: int
    seconds: float
    scope: str
    unit: str
    horizon: int
    judged: tuple[Estimate, ...] = field(default=(), repr=False)

    @property
    def action(self) -> Any:
        """The suggested action (the engine's object, ready for ``state.apply``)."""
        return self.best.action

    @property
    def moves(self) -> tuple[Estimate, ...]:
        """The best move, then the next-best ones."""
        return (self.best, *self.others)

    @property
    def clear(self) -> bool:
        """True if the best move's interval lies wholly above the next best's (the coach can tell them apart)."""
        return not self.others or self.best.low > self.others[0].high

    def to_dataframe(self):
        """The moves as a pandas DataFrame: move, win, low, high, simulations, lead (best first)."""
        import pandas as pd

        return pd.DataFrame([(e.move, e.win, e.low, e.high, e.simulations, e.lead) for e in self.moves],
                            columns=["move", "win", "low", "high", "simulations", f"lead ({tr(self.unit)})"])

    def __str__(self) -> str:
        lines = [tr("Coach: {move}").format(move=self.best.move), f"  {self.reason}"]
        sims = tr("{n} sims")
        for e in self.moves:
            lines.append(f"  {e.win:4.0%} ({e.low:.0%}-{e.high:.0%}, {sims.format(n=e.simulations)})  {e.move}")
        return "\n".join(lines)

    def to_html(self) -> str:
        """The hint as a small HTML block (the move in bold, the reason, a table of the moves)."""
        rows = "".join(
            f"<tr><td>{'<b>' if i == 0 else ''}{html.escape(e.move)}{'</b>' if i == 0 else ''}</td>"
            f"<td style='text-align:right'>{e.win:.0%}</td><td>{e.low:.0%}-{e.high:.0%}</td>"
            f"<td style='text-align:right'>{e.simulations}</td></tr>" for i, e in enumerate(self.moves))
        words = (tr("move"), tr("win chance"), tr("{share} interval").format(share="95%"), tr("simulations"))
        head = "".join(f"<th>{html.escape(word)}</th>" for word in words)
        suggests = html.escape(tr("Coach suggests:"))
        return (f"<div><b>{suggests}</b> {html.escape(self.best.move)}<br>"
                f"<span style='color:#333'>{html.escape(self.reason)}</span>"
                f"<table style='font-size:90%'><tr>{head}</tr>{rows}</table></div>")

    _repr_html_ = to_html


# --- arguments ---------------------------------------------------------------------------------------

def check_budget(budget_s: Any, what: str = "budget_s") -> float:
    """``budget_s`` as a float if it is a positive number of seconds (at most 600), else a one-line ValueError."""
    # the range first: math.isfinite(10**400) overflows, and a comparison refuses nan and inf alike
    if isinstance(budget_s, bool) or not isinstance(budget_s, (int, float)) or not 0 < budget_s <= MAX_BUDGET_S \
            or not math.isfinite(budget_s):
        raise ValueError(f"{what} is a positive number of seconds up to {MAX_BUDGET_S:.0f} (e.g. 1.0), "
                         f"not {_short(budget_s)}")
    return float(budget_s)


def _whole(value: Any) -> bool:
    """A whole number (Python's or numpy's), not a bool: :func:`caravan_lessons.codecs.whole_number`."""
    return whole_number(value) is not None


def check_simulations(simulations: Any, allow_none: bool = True) -> int | None:
    """``simulations`` as an int from 1 to 10,000,000, or None (a time budget) when ``allow_none``; else a
    one-line ValueError."""
    if simulations is None and allow_none:
        return None
    if not _whole(simulations) or not 1 <= simulations <= 10_000_000:
        budget = " (or None for a time budget)" if allow_none else ""
        raise ValueError(f"simulations is a whole number from 1 to 10,000,000{budget}, "
                         f"not {_short(simulations)}")
    return int(simulations)


def check_width(width: Any) -> int | None:
    """``width`` (candidate moves judged per decision) as an int from 2 to 100, or None; a one-line ValueError."""
    if width is not None and (not _whole(width) or not 2 <= width <= 100):
        raise ValueError(f"width is the number of candidate moves to judge, 2 to 100, not {_short(width)}")
    return None if width is None else int(width)


def check_state(state: Any) -> tuple[str, int]:
    """``(game name, players)`` of a game state the coach knows; a one-line ValueError otherwise."""
    if isinstance(state, type) or not all(callable(getattr(state, name, None))
                                          for name in ("observation", "legal_actions", "is_terminal")):
        raise ValueError(f"the coach needs a game state (e.g. jaipur.new_game()), not {_short(state)}")
    players = getattr(state, "players", 2)
    players = players if isinstance(players, int) and not isinstance(players, bool) else 2
    game = state.observation(0).get("game")
    profile(game)  # a game the coach knows, or ValueError
    return game, players


def check_seed_value(seed: Any) -> int:
    if not _whole(seed):
        raise ValueError(f"seed is a whole number, not {_short(seed)}")
    return int(seed)


# --- the hint -------------------------------------------------------------------------------------------

def hint(state, seat: int | None = None, budget_s: float = 1.0, *, simulations: int | None = None, seed: int = 0,
         width: int | None = None, top: int = 3) -> Hint:
    """The coach's move for ``seat`` in ``state``, with its estimated win chance and the next-best moves.

    The coach sees only ``state.observation(seat)`` and the legal moves: every simulation deals the
    hidden cards anew (the game's ``determinize``), so two states that differ only in what the seat
    cannot see get the same hint (with ``simulations`` fixed; a time budget makes the number of
    simulations depend on the machine). See :mod:`caravan_lessons.coach.search` for the method.

    Args:
        state: any game's state (Jaipur, Samarkand, Caravan, Marco Polo); not changed.
        seat: the seat to advise (default: the seat to move); it must be that seat's decision.
        budget_s: seconds of search (a positive number up to 600).
        simulations: a fixed number of simulations instead (reproducible on any machine).
        seed: seeds the deals and rollouts (a whole number).
        width: candidate moves to judge (default: 8 at 1 second, more for longer budgets).
        top: next-best moves to report (1 to 5).

    Returns:
        a :class:`Hint` (``str()`` reads as text, it shows as HTML in a notebook).

    Raises:
        ValueError: not a game state; a seat that is not in the game or not to move; a game that is
            over; a budget that is not a positive number; bad simulations, seed, width or top (one line).
    """
    game, players = check_state(state)
    budget_s = check_budget(budget_s)
    simulations = check_simulations(simulations)
    seed = check_seed_value(seed)
    if not _whole(top) or not 1 <= top <= 5:
        raise ValueError(f"top is the number of next-best moves to show, 1 to 5, not {_short(top)}")
    top = int(top)
    width = check_width(width)
    if state.is_terminal():
        raise ValueError("the game is over: there is no move to suggest")
    mover = state.current_player
    if seat is None:
        seat = mover
    check_seat(seat, "seat", players)
    if seat != mover:
        raise ValueError(f"it is player {mover}'s decision now, not player {seat}'s: a hint is for the seat to move")
    observation = state.observation(seat)
    actions = list(state.legal_actions())
    return advise(game, observation, actions, budget_s=budget_s, simulations=simulations, seed=seed, width=width,
                  top=top)


def advise(game: str, observation: dict, actions: list, *, budget_s: float = 1.0, simulations: int | None = None,
           seed: int = 0, width: int | None = None, top: int = 3, keep=(), cancel=None) -> Hint:
    """:func:`hint` from an observation and the legal moves (arguments already checked)."""
    prof = profile(game)
    started = time.perf_counter()
    estimates, done = search(observation, actions, prof, budget_s=budget_s, simulations=simulations, seed=seed,
                             width=width, keep=keep, cancel=cancel)
    seconds = time.perf_counter() - started
    # each move in the learner's words, as the app's list of moves names it, read on a world dealt from the
    # observation (the words use only public counts and the seat's own cards)
    world = game_module(game).determinize(observation, random.Random(seed))
    estimates = [replace(e, move=move_words(game, world, e.action)) for e in estimates]
    # the search's ranking: the survivors of its last round first (they have the most simulations), then the
    # moves dropped later before those dropped earlier (a move dropped early may show a higher mean from few
    # simulations: its interval says how little that is worth)
    best, others = estimates[0], tuple(estimates[1:1 + top])
    reason, rules = explain(prof, observation, best, others, seed)
    return Hint(game, observation["player"], best, others, reason, rules, done, seconds, prof.scope, prof.unit,
                prof.horizon, tuple(estimates))


def reword(advice: Hint, observation: dict, seed: int = 0) -> Hint:
    """``advice`` worded again in the language now in use: its moves' names and its reason, for an app whose
    language changed while the hint was shown. The estimates (win chances, intervals, simulations) stay as they
    were; ``observation`` and ``seed`` are those the hint was given for (the words are read on the same world
    dealt from the observation)."""
    game = advice.game
    judged = advice.judged or advice.moves
    world = game_module(game).determinize(observation, random.Random(seed))
    judged = tuple(replace(e, move=move_words(game, world, e.action)) for e in judged)
    best, others = judged[0], judged[1:1 + len(advice.others)]
    reason, rules = explain(profile(game), observation, best, others, seed)
    return replace(advice, best=best, others=others, reason=reason, rules=rules, judged=judged)


# --- the reason -------------------------------------------------------------------------------------------

_RANDOM_RULES = {"MP-BONUS-4", "JAI-SETUP-3", "SAM-DECK-1"}
"""Rule clauses of events that only say a die was rolled or a card drawn (the world the coach
dealt, not the real one): not cited as reasons."""


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _outlook_changes(facts: dict, mine: dict, theirs: dict) -> list[tuple[float, str, str]]:
    """``(difference, words, rule)`` of the facts whose means at the end of the simulations differ by at
    least 0.3 between the best move and the next best, biggest difference first."""
    found = []
    for key, fact in facts.items():
        if key in mine and key in theirs:
            diff = mine[key] - theirs[key]
            if abs(diff) >= 0.3:
                found.append((diff, tr(fact.label), fact.rule))
    return sorted(found, key=lambda t: -abs(t[0]))[:3]


def _outlook(facts: dict, mine: dict, theirs: dict, horizon: int) -> str:
    changes = _outlook_changes(facts, mine, theirs)
    if not changes:
        return ""
    words = "; ".join(f"{diff:+.1f} {label} ({rule})" for diff, label, rule in changes)
    return tr("After {horizon} more turns (the mean of the simulations), against the next best: {changes}."
              ).format(horizon=horizon, changes=words)


def _outlook_rules(facts: dict, mine: dict, theirs: dict) -> list[str]:
    return [rule for _, _, rule in _outlook_changes(facts, mine, theirs)]


def explain(prof: Profile, observation: dict, best: Estimate, others: tuple[Estimate, ...], seed: int = 0
            ) -> tuple[str, tuple[str, ...]]:
    """The reason for ``best``: the counts it changes at once (each with its rule clause, read on a world
    dealt from the observation: only the seat's own and public counts are used), then how its estimate
    compares with the next best. Returns ``(text, rule IDs cited)``."""
    module = game_module(prof.game)
    seat = observation["player"]
    world = module.determinize(observation, random.Random(seed))
    before = {f.key: f for f in prof.facts(world, seat)}
    seen = len(world.events)
    world.apply(best.action)
    after = {f.key: f for f in prof.facts(world, seat)}
    rules: list[str] = []
    changes = []
    for key, fact in after.items():
        old = before[key].value
        if fact.value != old:
            changes.append(f"{tr(fact.label)} {_number(old)} \u2192 {_number(fact.value)} ({fact.rule})")
            rules.append(fact.rule)
    for event in world.events[seen:]:
        if event.player == seat and event.rule and event.rule not in _RANDOM_RULES and event.rule not in rules:
            rules.append(event.rule)
    if changes:
        text = tr("At once: {changes}.").format(changes="; ".join(changes))
    else:
        cited = f" ({', '.join(rules)})" if rules else ""
        text = tr("Nothing is counted at once{rules}: the move is worth what it sets up.").format(rules=cited)
    if others and best.outlook and others[0].outlook:
        later = _outlook(before, best.outlook, others[0].outlook, prof.horizon)
        if later:
            text += " " + later
            rules += [rule for rule in _outlook_rules(before, best.outlook, others[0].outlook) if rule not in rules]
    text += " " + tr("Estimated chance to win {scope}: {win} ({interval}, {simulations} simulations of {horizon} "
                     "more turns)").format(scope=tr(prof.scope), win=f"{best.win:.0%}",
                                           interval=f"{best.low:.0%}-{best.high:.0%}",
                                           simulations=best.simulations, horizon=prof.horizon)
    if math.isfinite(best.lead):
        ahead = (tr(", ending {lead} {unit} ahead of the best rival on average") if best.lead >= 0
                 else tr(", ending {lead} {unit} behind the best rival on average"))
        text += ahead.format(lead=f"{abs(best.lead):.1f}", unit=tr(prof.unit))
    if others:
        second = others[0]
        text += tr(". Next best: {move}, {win} ({interval})").format(
            move=second.move, win=f"{second.win:.0%}", interval=f"{second.low:.0%}-{second.high:.0%}")
        if best.low > second.high:
            text += tr(": clearly worse.")
        else:
            text += tr(": the intervals overlap, so the two are close; either is a fair choice.")
    else:
        text += tr(": the only move.")
    return text, tuple(rules)


class CoachAgent:
    """The coach as a bot: plays its hint from the seat's view (observation and legal moves only).

    Args:
        simulations: simulations per decision (default 300; reproducible), or
        budget_s: seconds per decision instead (with ``simulations=None``).
        seed: seeds the searches (each decision derives its own seed).
        width: candidate moves judged per decision.
    """

    name = "coach"

    def __init__(self, seed: int | None = None, simulations: int | None = 300, budget_s: float = 1.0,
                 width: int | None = None):
        from ..core import check_seed

        self.seed = check_seed(seed)
        self.simulations = check_simulations(simulations)
        self.budget_s = check_budget(budget_s)
        self.width = width
        self.decisions = 0

    def choose(self, view):
        from ..core import derive_seed

        actions = list(view.legal_actions)
        if len(actions) == 1:
            return actions[0]
        self.decisions += 1
        observation = view.observation
        advice = advise(observation["game"], observation, actions, budget_s=self.budget_s,
                        simulations=self.simulations, seed=derive_seed(self.seed, "coach", self.decisions),
                        width=self.width, top=1)
        return advice.action
