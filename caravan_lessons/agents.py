"""Agents (bots) and matches between them, for every game (the core layer).

An agent sees what its seat may see and nothing more: :class:`View` hands it the
seat's ``observation`` (computed only if the agent reads it) and the legal actions of
the moment, never the state itself. ``choose(view)`` returns one of ``view.legal_actions``.

    from caravan_lessons.agents import RandomAgent, play_match
    result = play_match("jaipur", [RandomAgent(1), RandomAgent(2)], seed=7)
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence, runtime_checkable

from .core import check_seed, derive_seed, game_module

__all__ = ["Agent", "View", "RandomAgent", "MatchResult", "play_match", "simulate", "make_agent", "AGENTS"]


class View:
    """What an agent may use on its turn.

    Attributes:
        player: the agent's seat.
        legal_actions: every legal action now (a list, deterministic order).
    """

    __slots__ = ("player", "legal_actions", "_state", "_observation")

    def __init__(self, state, player: int, legal_actions: Sequence[Any]):
        self.player = player
        self.legal_actions = legal_actions
        self._state = state
        self._observation = None

    @property
    def observation(self) -> dict:
        """``state.observation(player)``: a dict without the hidden information."""
        if self._observation is None:
            self._observation = self._state.observation(self.player)
        return self._observation


@runtime_checkable
class Agent(Protocol):
    """A bot: ``name`` for tables, ``choose(view)`` returns one of ``view.legal_actions``."""

    name: str

    def choose(self, view: View) -> Any:
        ...


class RandomAgent:
    """Picks uniformly among the legal actions, with its own seeded random generator.

    Args:
        seed: any whole number (None: a random one).
    """

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(check_seed(seed))

    def choose(self, view: View) -> Any:
        actions = view.legal_actions
        return actions[self.rng.randrange(len(actions))]


@dataclass
class MatchResult:
    """The outcome of one match.

    Attributes:
        winner: the winning seat (None on a draw the rules leave unbroken).
        scores: per seat, the mean points per round (rupees in Jaipur).
        rounds: rounds played.
        turns: actions applied.
        seed: the game seed.
        round_scores: per round, the points of each seat.
    """

    winner: int | None
    scores: list[float]
    rounds: int
    turns: int
    seed: int
    round_scores: list[list[int]] = field(default_factory=list)


def play_match(game: str, agents: Sequence[Agent], seed: int | None = None, max_turns: int = 100_000) -> MatchResult:
    """Play one match of ``game`` between ``agents`` (one per seat) and return its result.

    Raises:
        ValueError: unknown game, wrong number of agents, or an agent that returns an illegal action
            (the message names the agent and the rule it broke).
    """
    module = game_module(game)
    seed = check_seed(seed)
    state = module.new_game(seed=seed)
    if len(agents) != 2:
        raise ValueError(f"{game} is played by 2 agents, not {len(agents)}")
    turns = 0
    while not state.is_terminal():
        if turns >= max_turns:
            raise RuntimeError(f"match did not end within {max_turns} turns")
        player = state.current_player
        legal = state.legal_actions()
        action = agents[player].choose(View(state, player, legal))
        problem = state.why_illegal(action)
        if problem is not None:
            raise ValueError(f"agent {agents[player].name!r} chose an illegal action {action!r}: {problem}")
        state.apply(action)
        turns += 1
    round_scores = [r["rupees"] for r in state.round_results]
    means = [sum(r[s] for r in round_scores) / len(round_scores) for s in (0, 1)]
    return MatchResult(state.winner, means, len(state.round_results), turns, seed, round_scores)


AGENTS: dict[str, Callable[[int], Agent]] = {"random": RandomAgent}
"""Bot names the command line and the apps accept, mapped to a constructor taking a seed."""


def make_agent(name: str, seed: int | None = None) -> Agent:
    """The agent called ``name`` (see :data:`AGENTS`); ValueError listing the names otherwise."""
    if name not in AGENTS:
        raise ValueError(f"unknown bot {name!r}; the bots are: {', '.join(sorted(AGENTS))}")
    return AGENTS[name](seed)


def simulate(game: str, games: int, seed: int = 0, bots: Sequence[str] = ("random", "random"),
             progress: bool = True) -> list[MatchResult]:
    """Play ``games`` matches between the named bots, seats swapped every other match.

    Results are reported per bot (seat of the bot in the first match): ``MatchResult.winner``
    is translated so that 0 always means ``bots[0]``.

    Raises:
        ValueError: ``games`` is not a positive whole number, or an unknown game or bot.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive whole number, not {games!r}")
    game_module(game)
    from tqdm.auto import tqdm

    results = []
    for i in tqdm(range(games), desc=f"{game}: {bots[0]} vs {bots[1]}", disable=not progress, unit="match"):
        match_seed = derive_seed(seed, "match", i)
        agents = [make_agent(bots[0], derive_seed(seed, "bot0", i)), make_agent(bots[1], derive_seed(seed, "bot1", i))]
        swap = i % 2 == 1
        result = play_match(game, agents[::-1] if swap else agents, seed=match_seed)
        if swap:
            result.winner = None if result.winner is None else 1 - result.winner
            result.scores = result.scores[::-1]
            result.round_scores = [r[::-1] for r in result.round_scores]
        results.append(result)
    return results
