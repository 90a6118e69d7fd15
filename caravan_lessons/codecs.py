"""Action codecs and observation tensors: what every game's ``codec.py`` shares (the core layer).

Game-AI libraries (OpenSpiel, PettingZoo, learning agents) number actions ``0..N-1`` with ``N`` fixed
for a game and player count, and read observations as arrays of numbers. Each game's ``codec.py``
builds a :class:`Codec` on this base: ``encode``/``decode`` between the engine's action values and
integers, ``legal_ids``/``legal_mask`` for a state, and ``observe`` from ``state.observation(seat)``
(only what that seat may see goes in, so hidden cards never reach a tensor).

    from caravan_lessons.jaipur.codec import codec
    c = codec()                        # N = c.n actions
    state = jaipur.new_game(seed=7)
    ids = c.legal_ids(state)           # sorted ints; c.decode(i) is the engine's action
    x = c.observe(state.observation(state.current_player))   # float32 array, c.layout says what is where

Numbers in a tensor are counts divided by a fixed scale (the slice's ``scale``, the largest count
the rules allow where there is one), so most lie in ``0..1``; none is negative. numpy is imported
only when a mask or a tensor is asked for.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .core import _short

__all__ = ["Codec", "Slice", "egocentric", "one_hot", "whole_number"]


@dataclass(frozen=True)
class Slice:
    """One named part of an observation tensor.

    Attributes:
        name: what it holds, in the game's terms (``"market"``).
        start: its first index in the flat tensor; ``size`` numbers follow.
        size: how many numbers.
        meaning: plain words: what each number is, in what order, divided by what.
    """

    name: str
    start: int
    size: int
    meaning: str

    def __str__(self) -> str:
        return f"[{self.start}:{self.start + self.size}] {self.name}: {self.meaning}"


def egocentric(seat: int, players: int) -> list[int]:
    """The seats in the order a tensor lists them: ``seat`` itself first, then the others clockwise."""
    return [(seat + k) % players for k in range(players)]


class Codec:
    """Every action of one game and player count <-> an integer ``0..n-1``; observations -> tensors.

    Subclasses set ``game`` (the registered name), ``players``, ``n`` and the layout (``_fields``: a
    list of ``(name, size, meaning)``), and implement ``_index(action) -> int | None``,
    ``_action(i)``, ``_fill(observation, x)`` (write the numbers into ``x``, an array of zeros; ``self.at[name]``
    is where each slice starts) and, when they know a fast way, ``legal_ids``.
    """

    game: str = ""
    players: int = 2
    n: int = 0
    _fields: Sequence[tuple[str, int, str]] = ()

    # -- actions --------------------------------------------------------------------------------

    def encode(self, action: Any) -> int:
        """The id ``0..n-1`` of ``action`` (an action value of this game).

        Raises:
            ValueError: ``action`` is not an action the engine can offer in this game (one line,
                naming the codec).
        """
        i = self._index(action)
        if i is None:
            raise ValueError(f"{self.game} codec ({self.players} players): {_short(action, 80)} is not an action "
                             f"the engine offers, so it has no id")
        return i

    def decode(self, i: Any) -> Any:
        """The action with id ``i``.

        Raises:
            ValueError: ``i`` is not a whole number ``0..n-1`` (one line, naming the codec and the range;
                ``-1`` is refused, not read as the last id).
        """
        return self._action(self.check_id(i))

    def check_id(self, i: Any) -> int:
        """``i`` as an int if it is an action id of this codec, else a one-line ValueError.

        An id is a whole number ``0..n-1`` (a Python or numpy integer, not a bool): ``-1`` is not the last
        id, and a value out of range is named cut short (``_short``), however long it is."""
        if i.__class__ is int and 0 <= i < self.n:      # the common case, first
            return i
        number = whole_number(i)
        if number is None:
            raise ValueError(f"{self.game} codec: an action id is a whole number 0..{self.n - 1}, not {_short(i)}")
        if not 0 <= number < self.n:
            raise ValueError(f"{self.game} codec ({self.players} players): action ids are 0..{self.n - 1}, not "
                             f"{_short(number)}")
        return number

    def check_state(self, state: Any, method: str = "legal_ids") -> Any:
        """``state`` if it is an engine state of this game and player count, else a one-line ValueError
        naming the codec and the ``method`` called (``legal_ids``, ``legal_mask`` and ``observe_state`` call
        it first)."""
        kind = state.__class__
        if kind.__name__ == "State" and kind.__module__ == f"caravan_lessons.{self.game}.rules":
            players = 2 if self.game == "jaipur" else state.players
            if players == self.players:
                return state
            raise ValueError(f"{self.game} codec ({self.players} players): this state is of a {players}-player "
                             f"game; use codec({players})")
        raise ValueError(f"{self.game} codec ({self.players} players): {method} takes the state "
                         f"of a {self.game} game (caravan_lessons.{self.game}.new_game(...)), not {_short(state)}")

    def describe(self, i: int) -> str:
        """The action with id ``i`` in plain words (``"sell 3 cloth"``)."""
        return str(self.decode(i))

    def legal_ids(self, state) -> list[int]:
        """The ids of ``state.legal_actions()``, ascending.

        Raises:
            ValueError: ``state`` is not a state of this game and player count (:meth:`check_state`).
        """
        return sorted(map(self.encode, self.check_state(state).legal_actions()))

    def legal_mask(self, state, ids: Sequence[int] | None = None):
        """A numpy ``int8`` array of ``n``: 1 at the ids of the legal actions, else 0.

        ``ids``: the legal ids when the caller has them already (``legal_ids(state)``); each is checked
        (:meth:`check_id`).

        Raises:
            ValueError: ``state`` is not a state of this game and player count, or ``ids`` is not a
                sequence of action ids ``0..n-1`` (one line, naming the codec).
        """
        self.check_state(state, "legal_mask")
        if ids is None:
            return self._mask(self.legal_ids(state))
        if isinstance(ids, (str, bytes, dict)) or not hasattr(ids, "__iter__"):
            raise ValueError(f"{self.game} codec: ids is a sequence of action ids 0..{self.n - 1} "
                             f"(legal_ids(state)), not {_short(ids)}")
        return self._mask([self.check_id(i) for i in ids])

    def _mask(self, ids: Sequence[int]):
        """The mask of ``ids``, already checked (the adapters' own legal ids)."""
        import numpy as np

        mask = np.zeros(self.n, dtype=np.int8)
        mask[ids] = 1
        return mask

    # -- observations ---------------------------------------------------------------------------

    @property
    def layout(self) -> list[Slice]:
        """The slices of an observation tensor, in order (their sizes add up to ``size``)."""
        slices, start = [], 0
        for name, size, meaning in self._fields:
            slices.append(Slice(name, start, size, meaning))
            start += size
        return slices

    @property
    def size(self) -> int:
        """The length of an observation tensor."""
        found = self.__dict__.get("_size")
        if found is None:
            found = self.__dict__["_size"] = sum(size for _, size, _ in self._fields)
        return found

    @property
    def at(self) -> dict[str, int]:
        """Slice name -> its first index in the tensor."""
        found = self.__dict__.get("_at")
        if found is None:
            found = self.__dict__["_at"] = {part.name: part.start for part in self.layout}
        return found

    def observe(self, observation: dict):
        """The tensor of ``observation`` (``state.observation(seat)``): a numpy ``float32`` array of
        ``size`` numbers laid out as :attr:`layout` says, the observing seat first.

        Raises:
            ValueError: ``observation`` is not an observation of this game and player count.
        """
        import numpy as np

        if not isinstance(observation, dict) or observation.get("game") != self.game:
            raise ValueError(f"{self.game} codec: observe takes state.observation(seat) of a {self.game} game, "
                             f"not {_short(observation)}")
        seat = observation.get("player")
        if seat.__class__ is not int or not 0 <= seat < self.players:
            raise ValueError(f"{self.game} codec ({self.players} players): the observation's player is a seat "
                             f"0..{self.players - 1}, not {_short(seat)}")
        x = np.zeros(self.size, dtype=np.float32)
        try:
            self._fill(observation, x)
        except (KeyError, IndexError, TypeError, AttributeError) as error:
            raise ValueError(f"{self.game} codec ({self.players} players): observe takes state.observation(seat) "
                             f"of a {self.players}-player {self.game} game; this one is not ({type(error).__name__}: "
                             f"{_short(error.args[0] if error.args else '', 60)})") from None
        return x

    def observe_state(self, state, seat: int):
        """The tensor of ``state.observation(seat)`` read straight from the engine state: the same numbers as
        ``observe(state.observation(seat))`` (tested on many random states), without building the
        observation first. Only what ``seat`` may see is read (its own hand; the other hands, the deck and
        the discards by their sizes). A game whose codec has no fast fill (``_fill_state``) builds the
        observation and reads it.

        Raises:
            ValueError: ``state`` is not a state of this game and player count, or ``seat`` is not a seat.
        """
        import numpy as np

        self.check_state(state, "observe_state")
        if seat.__class__ is not int or not 0 <= seat < self.players:
            raise ValueError(f"{self.game} codec ({self.players} players): a seat is 0..{self.players - 1}, "
                             f"not {_short(seat)}")
        fill = getattr(self, "_fill_state", None)
        if fill is None:
            from .interop.games import spec

            return self.observe(spec(self.game).view(state, seat))
        x = np.zeros(self.size, dtype=np.float32)
        fill(state, seat, x)
        return x

    def explain(self, tensor) -> str:
        """The tensor's slices in plain words with their values (for lessons and debugging).

        Raises:
            ValueError: ``tensor`` is not a flat sequence of ``size`` numbers (an ``observe`` result).
        """
        import numpy as np

        try:
            values = np.asarray(tensor, dtype=np.float64)
        except (TypeError, ValueError, OverflowError):
            values = None
        if values is None or values.shape != (self.size,):
            raise ValueError(f"{self.game} codec ({self.players} players): explain takes an observation tensor of "
                             f"{self.size} numbers (codec.observe(...)), not {_short(tensor)}")
        tensor = values
        lines = []
        for part in self.layout:
            values = " ".join(f"{v:g}" for v in tensor[part.start:part.start + part.size])
            lines.append(f"{part.name:>24s}  {values}   ({part.meaning})")
        return "\n".join(lines)

    # -- what a game supplies -----------------------------------------------------------------

    def _index(self, action: Any) -> int | None:  # pragma: no cover - each game implements it
        raise NotImplementedError

    def _action(self, i: int) -> Any:  # pragma: no cover
        raise NotImplementedError

    def _fill(self, observation: dict, x) -> None:  # pragma: no cover
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.game} codec, {self.players} players: {self.n} actions, observation of {self.size}>"


def whole_number(value: Any) -> int | None:
    """``value`` as an int if it is a whole number (a Python or numpy integer), else None: a bool (Python's or
    numpy's), a float, a string or an array of several numbers is not one."""
    if value.__class__ is int:
        return value
    if isinstance(value, bool) or value.__class__.__name__ in ("bool_", "bool"):
        return None
    index = getattr(value, "__index__", None)
    if index is None:
        return None
    try:
        number = index()
    except TypeError:                   # a numpy array has __index__, and refuses it unless it holds one integer
        return None
    return number if number.__class__ is int else None


def one_hot(value: Any, choices: Sequence[Any]) -> list[float]:
    """``[1.0 if c == value else 0.0 for c in choices]``."""
    return [1.0 if c == value else 0.0 for c in choices]
