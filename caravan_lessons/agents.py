"""Agents (bots) and matches between them, for every game (the core layer).

An agent sees what its seat may see and nothing more: :class:`View` hands it the
seat's ``observation`` (computed only if the agent reads it) and the legal actions of
the moment, never the state itself. ``choose(view)`` returns one of ``view.legal_actions``.

    from caravan_lessons.agents import RandomAgent, play_match
    result = play_match("jaipur", [RandomAgent(1), RandomAgent(2)], seed=7)
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .core import _short, check_seed, derive_seed, game_module, one_line

__all__ = ["AGENTS", "Agent", "MatchResult", "RandomAgent", "View", "make_agent", "play_match", "play_round", "simulate"]


class View:
    """What an agent may use on its turn.

    Attributes:
        player: the agent's seat.
        legal_actions: every legal action now (a sequence in the game's deterministic order). Built on
            first use when the view was made without them (``View(state, player)``): a bot that decides
            on the position alone (Caravan's rule-based bots) never pays for the list.
    """

    __slots__ = ("_legal", "_observation", "_state", "player")

    def __init__(self, state, player: int, legal_actions: Sequence[Any] | None = None):
        self.player = player
        self._legal = legal_actions
        self._state = state
        self._observation = None

    @property
    def legal_actions(self) -> Sequence[Any]:
        """``state.legal_actions()`` of the moment (computed once, on first use)."""
        if self._legal is None:
            self._legal = self._state.legal_actions()
        return self._legal

    @legal_actions.setter
    def legal_actions(self, actions: Sequence[Any]) -> None:
        self._legal = actions

    def restricted(self, actions: Sequence[Any]) -> "View":
        """The same view offering only ``actions`` (a subset of the legal ones): handy for bots that
        filter moves before handing the choice to another bot."""
        view = View(self._state, self.player, list(actions))
        view._observation = self._observation
        return view

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
        round_sources: per round, per seat, points by kind of score-sheet row (the part of
            ``ScoreRow.source`` before any ``":"``; Jaipur: ``goods``, ``bonus``, ``camel token``).
    """

    winner: int | None
    scores: list[float]
    rounds: int
    turns: int
    seed: int
    round_scores: list[list[int]] = field(default_factory=list)
    round_sources: list[list[dict[str, int]]] = field(default_factory=list)


def _sources(sheet, players: int = 2) -> list[dict[str, int]]:
    """Points per seat by kind of score-sheet row (``"goods:cloth"`` counts as ``"goods"``)."""
    totals: list[dict[str, int]] = [{} for _ in range(players)]
    for row in sheet.rows:
        kind = row.source.split(":", 1)[0] or "other"
        totals[row.player][kind] = totals[row.player].get(kind, 0) + row.points
    return totals


def play_out(state, agents: Sequence[Agent], max_turns: int, *, what: str = "match",
             after_move: Callable[[Any], None] | None = None) -> int:
    """Let ``agents`` play ``state`` (any game's ``State``) until it is terminal; return the decisions made.

    Seat ``s`` is played by ``agents[s]``; each sees a ``View`` of the state with the legal actions.
    ``after_move(state)`` runs after every applied action (for example to keep each round's score sheet).
    Every game's ``play_match`` uses this loop.

    Raises:
        ValueError: an agent chose an illegal action (the message names the agent and the rule it broke);
            the state is left as it was before that action.
        RuntimeError: the game did not end within ``max_turns`` decisions.
    """
    from .core import RuleViolation

    turns = 0
    while not state.is_terminal():
        if turns >= max_turns:
            raise RuntimeError(f"{what} did not end within {max_turns} decisions")
        player = state.current_player
        agent = agents[player]
        action = agent.choose(View(state, player))
        try:  # one check per step: apply's own (it refuses an illegal action and leaves the state as it was)
            state.apply(action)
        except RuleViolation as problem:
            raise ValueError(f"agent {agent.name!r} chose an illegal action {action!r}: {problem}") from None
        turns += 1
        if after_move is not None:
            after_move(state)
    return turns


def check_lineup(value: Any, what: str = "agents", names: bool = False) -> list:
    """``value`` as a list if it is a list or tuple, one entry per seat; ValueError naming ``what`` otherwise.

    With ``names``, every entry must be a bot name (a string), as :func:`simulate` takes them;
    without, every entry must be an agent (an object with a ``choose(view)`` method).
    """
    if not isinstance(value, (list, tuple)):
        example = "['random', 'greedy']" if names else "[RandomAgent(seed=1), RandomAgent(seed=2)]"
        raise ValueError(f"{what} is a list or tuple with one entry per seat, such as {example}, not {_short(value)}")
    if names and not all(isinstance(name, str) for name in value):
        raise ValueError(f"{what} holds bot names (strings such as 'random'), not {_short(value)}")
    if not names:
        for seat, agent in enumerate(value):
            if not callable(getattr(agent, "choose", None)):
                raise ValueError(f"{what}[{seat}] is an agent with a choose(view) method (e.g. "
                                 f"make_agent('random', seed=1)), not {_short(agent)}")
    return list(value)


def play_match(game: str, agents: Sequence[Agent], seed: int | None = None, max_turns: int = 100_000) -> MatchResult:
    """Play one match of ``game`` between ``agents`` (one per seat) and return its result.

    Raises:
        ValueError: unknown game, wrong number of agents, or an agent that returns an illegal action
            (the message names the agent and the rule it broke).
    """
    module = game_module(game)
    agents = check_lineup(agents)
    if hasattr(module, "play_match"):  # games of 2-5 seats (Samarkand, Caravan, Marco Polo) play their own
        return module.play_match(agents, seed=seed, max_turns=max_turns)
    seed = check_seed(seed)
    state = module.new_game(seed=seed)
    if len(agents) != 2:
        raise ValueError(f"{game} is played by 2 agents, not {len(agents)}")
    sources = []

    def after_move(state) -> None:
        if len(state.round_results) > len(sources):  # a round just ended: its itemised score sheet
            sources.append(_sources(state.score_sheet()))

    turns = play_out(state, agents, max_turns, after_move=after_move)
    round_scores = [r["rupees"] for r in state.round_results]
    means = [sum(r[s] for r in round_scores) / len(round_scores) for s in (0, 1)]
    return MatchResult(state.winner, means, len(state.round_results), turns, seed, round_scores, sources)


def play_round(game: str, bots: Sequence[str | Agent], seed: int | None = None, bot_seed: int = 0,
               max_turns: int = 10_000):
    """Play the first round of a ``game`` between bots and return the state at its end, so a lesson
    can read ``state.score_sheet()`` (and ``state.round_results``) without building an app.

    Args:
        game: a registered game name, e.g. ``"jaipur"``.
        bots: one bot per seat: names from :data:`AGENTS` (seeded with ``bot_seed + seat``) or agents.
        seed: the deal's seed.

    Returns:
        The state once the first round is over (``state.round_over``; the match may be over too).

    Raises:
        ValueError: unknown game or bot name, a number of bots other than the game's 2 players, or
            a bot choosing an illegal action.
    """
    module = game_module(game)
    if len(bots) != 2:
        raise ValueError(f"{game} is played by 2 players; give 2 bots, not {len(bots)}")
    agents = [make_agent(b, bot_seed + seat) if isinstance(b, str) else b for seat, b in enumerate(bots)]
    state = module.new_game(seed=check_seed(seed))
    for _ in range(max_turns):
        if state.round_over:
            return state
        player = state.current_player
        action = agents[player].choose(View(state, player, state.legal_actions()))
        problem = state.why_illegal(action)
        if problem is not None:
            raise ValueError(f"bot {getattr(agents[player], 'name', player)!r} chose an illegal action {action!r}: "
                             f"{problem}")
        state.apply(action)
    raise RuntimeError(f"the round did not end within {max_turns} turns")


def _lazy(module: str, cls: str, **defaults: Any) -> Callable[..., Agent]:
    """A constructor ``(seed=None, **options) -> Agent`` that imports ``module`` only when called
    (so ``import caravan_lessons`` stays light); ``defaults`` are options the caller may override."""

    def build(seed: int | None = None, **options: Any) -> Agent:
        import importlib

        return getattr(importlib.import_module(module), cls)(seed=seed, **{**defaults, **options})

    build.__name__ = build.__qualname__ = cls
    build.__doc__ = f"{module}.{cls}(seed, **options)" + (f" with defaults {defaults}" if defaults else "")
    return build


AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": _lazy("caravan_lessons.jaipur.agents", "GreedyAgent"),
    "heuristic": _lazy("caravan_lessons.jaipur.agents", "HeuristicAgent"),
    "mcts": _lazy("caravan_lessons.mcts", "MCTSAgent", iterations=1000),
    "mp-greedy": _lazy("caravan_lessons.marco_polo.agents", "GreedyAgent"),
    "mp-heuristic": _lazy("caravan_lessons.marco_polo.agents", "HeuristicAgent"),
    "mp-mcts": _lazy("caravan_lessons.mcts", "MCTSAgent", iterations=60),
    "openspiel-ismcts": _lazy("caravan_lessons.interop.agents", "SearchAgent", kind="ismcts"),
    "openspiel-mcts": _lazy("caravan_lessons.interop.agents", "SearchAgent", kind="mcts"),
    "mp-planner": _lazy("caravan_lessons.marco_polo.agents", "PlannerAgent"),
}
"""Bot names the command line, the arena and the apps accept, mapped to a constructor
``(seed=None, **options)``. ``greedy`` and ``heuristic`` play Jaipur (``jaipur/agents.py``);
``mcts`` is information-set MCTS with 1000 iterations a move (:mod:`caravan_lessons.mcts`).
``openspiel-ismcts`` / ``openspiel-mcts`` are OpenSpiel's search bots (``pip install 'caravan_lessons[rl]'``),
for every game (:mod:`caravan_lessons.interop.agents`).
Caravan's own bots: ``caravan.BOTS`` / ``caravan.make_bot`` (its ``simulate`` reads these names there)."""


def make_agent(name: str, seed: int | None = None, game: str | None = None, **options: Any) -> Agent:
    """The agent called ``name`` (see :data:`AGENTS`), built with ``seed`` and ``options``.

    With ``game``, a game package's own ``AGENTS`` registry (or its ``make_bot``) is used when it has
    one (Samarkand's ``greedy`` and ``heuristic`` are not Jaipur's).

    Raises:
        ValueError: an unknown name (the message lists the bots), or options the bot does not take.
    """
    module = game_module(game) if game is not None else None
    if isinstance(name, str) and name.startswith("openspiel-") and name in AGENTS:  # every game's
        return AGENTS[name](seed, **options)
    registry = getattr(module, "AGENTS", None)
    if registry is None and hasattr(module, "make_bot"):  # Caravan names its bots in BOTS / make_bot
        return module.make_bot(name, seed, **options)
    if registry is not None:
        if not isinstance(name, str) or name not in registry:
            raise ValueError(f"unknown {game} bot {_short(name)}; the bots are: {', '.join(sorted(registry))}")
        return build_agent(registry[name], name, seed, options)
    if not isinstance(name, str) or name not in AGENTS:
        raise ValueError(f"unknown bot {_short(name)}; the bots are: {', '.join(sorted(AGENTS))}")
    if game not in (None, "marco_polo") and name.startswith("mp-"):
        raise ValueError(f"{name!r} is a Marco Polo bot; {game} bots are: "
                         f"{', '.join(sorted(n for n in AGENTS if not n.startswith('mp-')))}")
    return build_agent(AGENTS[name], name, seed, options)


def build_agent(constructor, name: str, seed: int | None, options: dict) -> Agent:
    """``constructor(seed=seed, **options)``; options the bot does not take are a one-line ValueError
    naming the bot and the options (not Python's TypeError from the constructor's signature)."""
    try:
        return constructor(seed=seed, **options)
    except TypeError as exc:
        if not options:
            raise
        raise ValueError(f"bot {name!r} does not take the options {_short(sorted(options), 80)}: "
                         f"{_short(str(exc), 120)}") from None
    except RecursionError:  # an option value too deep to be written out in the bot's own refusal
        raise ValueError(f"bot {name!r}: an option value is nested too deeply ({_short(sorted(options), 80)})") from None
    except ValueError as exc:  # the bot's own refusal of an option value, as one short line
        if len(str(exc)) <= 240 and "\n" not in str(exc):
            raise
        raise ValueError(f"bot {name!r}: {one_line(str(exc), 240)}") from None


def check_processes(processes: Any) -> int:
    """``processes`` if it is a whole number of worker processes (1..256), else a one-line ValueError."""
    if isinstance(processes, bool) or not isinstance(processes, int) or not 1 <= processes <= 256:
        raise ValueError(f"processes must be a whole number from 1 to 256 (worker processes), not {_short(processes)}")
    return processes


def run_games(one, args: tuple, games: int, processes: int, progress: bool, desc: str, unit: str = "game") -> list:
    """``[one(*args, i) for i in range(games)]``, on ``processes`` worker processes when more than 1 (the
    games are independent and seeded by their number, so the list is the same), with a tqdm progress bar
    (games per second) once it has run for 2 seconds. ``one`` and ``args`` must pickle."""
    from tqdm.auto import tqdm

    from .arena import PROGRESS_DELAY, run_chunks

    results: dict[int, Any] = {}
    bar = tqdm(total=games, desc=desc, disable=not progress, unit=unit, delay=PROGRESS_DELAY)

    def finished(part: list) -> None:
        results.update(part)
        bar.update(len(part))

    try:
        run_chunks(_numbered, (one, args), range(games), finished, processes=processes)
    finally:
        bar.close()
    return [results[i] for i in range(games)]


def _numbered(one, args: tuple, indices) -> list:
    return [(i, one(*args, i)) for i in indices]


def simulate(game: str, games: int, seed: int = 0, bots: Sequence[str] = ("random", "random"),
             progress: bool = True, processes: int = 1) -> list[MatchResult]:
    """Play ``games`` matches between the named bots (one per seat), seats rotated every match.

    Results are reported per bot (seat of the bot in the first match): ``MatchResult.winner``
    is translated so that 0 always means ``bots[0]``. ``processes`` > 1 plays them on that many worker
    processes, with the same results.

    Raises:
        ValueError: ``games`` is not a positive whole number, or an unknown game or bot, or a bad ``processes``.
    """
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= 10**7:
        raise ValueError(f"games must be a whole number from 1 to 10,000,000, not {_short(games)}")
    seed = check_seed(seed)
    module = game_module(game)
    bots = check_lineup(bots, "bots", names=True)
    if not bots:
        raise ValueError(f"bots names one bot per seat, such as ['random', 'greedy'], not {_short(bots)}")
    check_processes(processes)
    if hasattr(module, "simulate"):  # games of 2-5 seats (Samarkand): one bot name per seat
        return module.simulate(games, seed=seed, bots=bots, progress=progress, processes=processes)
    for bot in bots:  # refused here, not in a worker
        make_agent(bot, 0, game=game)
    return run_games(_simulate_one, (game, seed, tuple(bots)), games, processes, progress,
                     f"{game}: {' vs '.join(bots)}", unit="match")


def _simulate_one(game: str, seed: int, bots: tuple, i: int) -> MatchResult:
    """Match ``i`` of :func:`simulate`."""
    n = len(bots)
    match_seed = derive_seed(seed, "match", i)
    agents = [make_agent(bot, derive_seed(seed, f"bot{k}", i), game=game) for k, bot in enumerate(bots)]
    shift = i % n  # seats rotate every match (2 bots: swapped every other match)
    result = play_match(game, agents[shift:] + agents[:shift], seed=match_seed)
    if shift:
        def per_bot(values, shift=shift):
            return [values[(b - shift) % n] for b in range(n)]
        result.winner = None if result.winner is None else (result.winner + shift) % n
        result.scores = per_bot(result.scores)
        result.round_scores = [per_bot(r) for r in result.round_scores]
        result.round_sources = [per_bot(r) for r in result.round_sources]
    return result
