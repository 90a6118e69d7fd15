"""What OpenSpiel and PettingZoo need to know about each game, in one table (no library imported here).

:func:`spec` gives a :class:`GameSpec`: the player counts, how to start a game, its codec, its
``determinize`` (a full state consistent with one seat's observation), who won, and which actions can
shuffle or roll dice. Both adapters (:mod:`.openspiel`, :mod:`.pettingzoo`) are built on it, so a game
behaves the same in both.

Returns (OpenSpiel) and final rewards (PettingZoo) are zero-sum: with ``n`` seats and ``k`` winners
(a shared win splits), seat ``i`` gets ``n / (n - 1) * (w_i - 1 / n)``, ``w_i = 1 / k`` for a winner
and 0 otherwise: +1 for a sole winner, -1 for the loser of a two-player game, -1/3 for each loser
of a four-player game, 0 for everybody on a two-way tie of two. A game cut at ``max_actions``
decisions has no winner by the rules: everybody gets 0.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..codecs import whole_number
from ..core import _short

__all__ = ["GameSpec", "returns", "spec", "GAMES"]


@dataclass(frozen=True)
class GameSpec:
    """One game as the adapters see it.

    Attributes:
        name: the registered name (``"jaipur"``).
        title: the game's name in words.
        players: the player counts the rules allow; ``default_players`` the one used when none is given.
        max_actions: the default cap on decisions in one game (a random game of every game but
            Caravan ends well before it; random Caravan games hardly ever end).
        module: the game's package.
        chance_free: the kinds of action (class names) that never shuffle or roll, so the adapters
            may apply them without a copy first; any other may (OpenSpiel then copies the state).
        private: the kinds of action whose details the other seats do not see (``Choose:<kind>`` for
            a Marco Polo decision).
        vocabulary: the names drawn by chance that are not numbers (Caravan's goods, Marco Polo's
            characters), in the order of their chance outcome ids.
    """

    name: str
    title: str
    players: tuple[int, ...]
    default_players: int
    max_actions: int
    module: str
    chance_free: frozenset[str] = frozenset()
    private: frozenset[str] = frozenset()
    vocabulary: tuple[str, ...] = ()

    def check_players(self, players: Any) -> int:
        """``players`` if this game allows it, else a one-line ValueError saying which counts it allows."""
        if players is None:
            return self.default_players
        number = whole_number(players)      # a numpy integer is a count too; a bool is not
        if number not in self.players:
            allowed = ", ".join(map(str, self.players))
            raise ValueError(f"{self.name}: players must be {allowed} (the rulebook's player counts), not "
                             f"{_short(players)}")
        return number

    def package(self):
        import importlib

        return importlib.import_module(self.module)

    def new_game(self, players: int, seed: int):
        """A new engine state (seeded)."""
        module = self.package()
        if self.name == "jaipur":
            return module.new_game(seed=seed)
        return module.new_game(players, seed=seed)

    def codec(self, players: int):
        import importlib

        return importlib.import_module(self.module + ".codec").codec(players)

    def view(self, state, seat: int) -> dict:
        """``state.observation(seat)`` as the codecs read it: without the event log where the game keeps one
        in its observations (Samarkand, Marco Polo; the log grows with the game and no tensor reads it)."""
        if self.name in ("samarkand", "marco_polo"):
            return state.observation(seat, events=False)
        return state.observation(seat)

    def determinize(self, observation: dict, rng: random.Random):
        return self.package().determinize(observation, rng)

    def winners(self, state) -> list[int]:
        """The winning seats of a finished game (several on a shared win, none on a draw)."""
        if self.name == "jaipur":
            return [] if state.winner is None else [state.winner]
        return list(state.winners)

    def is_private(self, action) -> bool:
        """True when the other seats see only that a decision was made, not which (a Samarkand discard,
        the objectives a Marco Polo player keeps)."""
        kind = type(action).__name__
        if kind == "Choose":
            kind += ":" + action.kind
        return kind in self.private

    def may_draw(self, state, action) -> bool:
        """False when ``action`` certainly neither shuffles nor rolls (it may then be applied in place)."""
        kind = type(action).__name__
        if kind in self.chance_free:
            return False
        if self.name == "samarkand":      # only a marriage draws; it reshuffles when the deck runs short
            return kind == "Marry" and len(state.deck) < 3
        return True

    def picture(self, state, seat: int | None = None):
        """The project's picture of ``state`` (a matplotlib Figure), as the lessons draw it."""
        from matplotlib.figure import Figure

        if self.name == "jaipur":
            from ..viz.jaipur import draw_table

            who = state.current_player if state.current_player >= 0 else 0
            return draw_table(state.observation(who if seat is None else seat))
        if self.name == "caravan":
            from ..viz.caravan import state_figure

            return state_figure(state)
        # the lessons' own sizes, laid out by matplotlib (a plain Figure: nothing is left open in pyplot)
        fig = Figure(figsize=(13, 6.5) if self.name == "samarkand" else (11, 6.6), layout="constrained")
        ax = fig.add_subplot()
        if self.name == "samarkand":
            from ..viz.samarkand import draw_map

            draw_map(state, ax)
        else:
            from ..viz.marco_polo import draw_map

            draw_map(state, ax, player=seat)
        return fig


GAMES: dict[str, GameSpec] = {
    "jaipur": GameSpec("jaipur", "Jaipur", (2,), 2, 1000, "caravan_lessons.jaipur",
                       chance_free=frozenset({"TakeOne", "TakeCamels", "Exchange", "Sell"})),
    "samarkand": GameSpec("samarkand", "Samarkand", (2, 3, 4, 5), 4, 500, "caravan_lessons.samarkand",
                          chance_free=frozenset({"Place", "EndTurn", "Discard", "Sell", "Keep", "Pass"}),
                          private=frozenset({"Discard"})),
    "caravan": GameSpec("caravan", "Caravan", (2, 3, 4), 4, 1000, "caravan_lessons.caravan",
                        chance_free=frozenset({"EndTurn", "PlaceCamel", "MoveCamel", "PickUp", "Steal", "MoveGood"}),
                        vocabulary=("ivory", "cloth", "gems", "paper", "meat", "swords", "salt", "hides")),
    "marco_polo": GameSpec("marco_polo", "The Voyages of Marco Polo", (2, 3, 4), 4, 1000,
                           "caravan_lessons.marco_polo", private=frozenset({"Choose:objectives"}),
                           vocabulary=("raschid", "matteo", "berke", "mercator", "kubilai", "johannes", "wilhelm",
                                       "polos")),
}
"""The four games. Chance after setup: Jaipur deals each round anew (``NextRound``); Samarkand
reshuffles its discard pile when a marriage empties the deck; Caravan's bag is shuffled once at
setup; Marco Polo rolls dice every round and on rerolls and black dice."""


def spec(game: Any) -> GameSpec:
    """The :class:`GameSpec` of ``game`` (a registered name); ValueError naming the four games otherwise."""
    if not isinstance(game, str) or game not in GAMES:
        raise ValueError(f"unknown game {_short(game)}; the games are: {', '.join(sorted(GAMES))}")
    return GAMES[game]


def returns(winners: list[int], players: int) -> list[float]:
    """Zero-sum returns per seat for the ``winners`` of a game of ``players`` seats (see the module notes)."""
    share = 1.0 / len(winners) if winners else 0.0
    if not winners:
        return [0.0] * players
    scale = players / (players - 1)
    return [scale * ((share if seat in winners else 0.0) - 1.0 / players) for seat in range(players)]

