"""OpenSpiel's search bots under our bot names, so the arena can seat them (``openspiel-ismcts``, ``openspiel-mcts``).

    from caravan_lessons.arena import tournament
    tournament((("openspiel-ismcts", {"simulations": 200}), "heuristic"), games=10, game="jaipur")

:class:`SearchAgent` builds the OpenSpiel game the first time it is asked to move (from the
observation: which game, how many seats) and plays through
:class:`~caravan_lessons.interop.openspiel.OpenSpielAgent`: it sees what its seat sees and nothing
more. OpenSpiel is imported then, not with this module.
"""
from __future__ import annotations

from ..core import _short, check_seed

__all__ = ["SearchAgent", "players_of"]


def players_of(observation: dict) -> int:
    """The number of seats of the game an observation comes from."""
    players = observation.get("players", 2)
    return len(players) if isinstance(players, list) else players


class SearchAgent:
    """OpenSpiel's ISMCTS (``kind="ismcts"``) or MCTS (``kind="mcts"``) as one of our agents.

    Args:
        seed: seeds the search and the worlds it is dealt.
        kind: ``"ismcts"`` (information-set MCTS, resampling the hidden cards) or ``"mcts"`` (plain MCTS on
            one world dealt from the seat's view).
        simulations: simulations per move (default 1000 for ISMCTS, 200 for MCTS).
        uct_c: the exploration constant (rewards are in [-1, 1]).

    Attributes:
        times: wall seconds per decision (forced moves not timed).
        cpu_times: CPU seconds per decision (the deciding thread's, ``time.thread_time``; forced moves not timed).

    Raises:
        ValueError: an unknown kind, a number of simulations that is not a whole number >= 1, or OpenSpiel
            not installed (``pip install 'caravan_lessons[rl]'``).
    """

    def __init__(self, seed: int | None = None, kind: str = "ismcts", simulations: int | None = None,
                 uct_c: float = 2.0):
        if kind not in ("ismcts", "mcts"):
            raise ValueError(f"kind is 'ismcts' or 'mcts', not {_short(kind)}")
        simulations = simulations if simulations is not None else (1000 if kind == "ismcts" else 200)
        if simulations.__class__ is not int or simulations < 1:
            raise ValueError(f"simulations must be a whole number >= 1, not {_short(simulations)}")
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            raise ValueError("the OpenSpiel bots need open-spiel: pip install 'caravan_lessons[rl]'") from None
        self.seed, self.kind, self.simulations, self.uct_c = check_seed(seed), kind, simulations, uct_c
        self.name = f"openspiel-{kind}"
        self._agent = None
        self._game = None

    @property
    def times(self) -> list[float]:
        return [] if self._agent is None else self._agent.times

    @property
    def cpu_times(self) -> list[float]:
        return [] if self._agent is None else self._agent.cpu_times

    def choose(self, view):
        observation = view.observation
        key = (observation["game"], players_of(observation))
        if self._agent is None or self._game != key:
            from . import openspiel

            game = openspiel.load(key[0], players=key[1])
            make = openspiel.ismcts_bot if self.kind == "ismcts" else openspiel.mcts_bot
            bot = make(game, self.simulations, seed=self.seed % 2**31, uct_c=self.uct_c)
            self._agent = openspiel.OpenSpielAgent(game, bot, name=self.name, seed=self.seed)
            self._game = key
        return self._agent.choose(view)
