"""Game records: a starting position and the moves played from it, for reviews.

A :class:`GameRecord` holds the engine's own actions and replays them once when it is made, so a
record that loads is a game that was really played: every move was legal where it stands. As a
file it is JSON (``record.save(path)`` / :func:`load_record`), validated like every file of the
project (:mod:`caravan_lessons.files`)::

    {"format": "caravan_lessons record", "version": 1, "game": "jaipur",
     "start": { ...the starting position, as State.to_dict() writes it... },
     "moves": [{"index": 3, "move": "take one cloth from the market"}, ...]}

Each move is the index of the action in ``legal_actions()`` of the position it was played in (the
engine's order is deterministic) and the action in words, which must match: a record edited by
hand, or written by another version whose moves are ordered differently, is refused with the
number of the move that does not fit, never replayed into another game.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core import RuleViolation, SaveFileError, _short, game_module, state_from_dict

__all__ = ["FORMAT", "GameRecord", "bot_record", "load_record"]

FORMAT = "caravan_lessons record"
VERSION = 1
MAX_MOVES = 100_000


class GameRecord:
    """The moves of one game (or of a part of one) from a starting position.

    Args:
        start: the position the record starts from (any game's ``State``; it is copied).
        actions: the actions played from there, in order (the engine's action objects).

    Attributes:
        game: the game's registered name (``"jaipur"``, ...).
        start: a copy of the starting position.
        actions: the actions, in order.
        players: the number of seats.

    Raises:
        ValueError: ``start`` is not a game state, or an action is not legal where it is played:
            one line naming the move number (1 = the first move), the move and the rule it breaks.
    """

    def __init__(self, start, actions=()):
        if not callable(getattr(start, "observation", None)) or not callable(getattr(start, "legal_actions", None)):
            raise ValueError(f"a game record starts from a game state (e.g. jaipur.new_game()), not {_short(start)}")
        if not isinstance(actions, (list, tuple)):
            raise ValueError(f"a game record's actions are a list of the engine's actions, not {_short(actions)}")
        self.start = start.clone()
        self.game = _game_of(start)
        self.players = _players(start)
        self.actions = list(actions)
        self._states = None
        self._replay()

    def _replay(self) -> None:
        state = self.start.clone()
        states = [state.clone()]
        for k, action in enumerate(self.actions, 1):
            if state.is_terminal():
                raise ValueError(f"record move {k} ({_short(str(action))}) comes after the end of the game")
            try:
                problem = state.why_illegal(action)
            except (ValueError, TypeError, AttributeError):
                problem = RuleViolation("", f"{_short(action)} is not a {self.game} action")
            if problem is not None:
                raise ValueError(f"record move {k} ({_short(str(action))}) is not legal there: {problem}")
            state.apply(action)
            states.append(state.clone())
        self._states = states

    def __len__(self) -> int:
        return len(self.actions)

    def __repr__(self) -> str:
        return f"<GameRecord {self.game}, {self.players} players, {len(self.actions)} moves>"

    def state(self, index: int):
        """A copy of the position after ``index`` moves (0: the start; ``len(record)``: the end)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= len(self.actions):
            raise ValueError(f"a record of {len(self.actions)} moves has positions 0..{len(self.actions)}, "
                             f"not {_short(index)}")
        return self._states[index].clone()

    def positions(self):
        """``(index, state before, action)`` for every move; ``index`` counts from 1 as the apps' replay slider
        does (move 1 is played from position 0). The states are the record's own: do not change them."""
        for k, action in enumerate(self.actions):
            yield k + 1, self._states[k], action

    @property
    def final(self):
        """A copy of the position after the last move."""
        return self._states[-1].clone()

    def since(self, index: int) -> "GameRecord":
        """The record from the position after ``index`` moves on (e.g. one Jaipur round of a match)."""
        start = self.state(index)
        part = GameRecord.__new__(GameRecord)
        part.start, part.game, part.players = start, self.game, self.players
        part.actions = self.actions[index:]
        part._states = [s for s in self._states[index:]]
        return part

    def until(self, index: int) -> "GameRecord":
        """The record of its first ``index`` moves (the same start)."""
        self.state(index)  # checks index
        part = GameRecord.__new__(GameRecord)
        part.start, part.game, part.players = self.start, self.game, self.players
        part.actions = self.actions[:index]
        part._states = self._states[:index + 1]
        return part

    # -- files --

    def to_dict(self) -> dict:
        """The record as a JSON-able dict (the format of the module notes)."""
        moves = []
        for _, state, action in self.positions():
            moves.append({"index": state.legal_actions().index(action), "move": str(action)})
        return {"format": FORMAT, "version": VERSION, "game": self.game, "start": self.start.to_dict(),
                "moves": moves}

    @classmethod
    def from_dict(cls, data: Any, source: str = "game record") -> "GameRecord":
        """A record from :meth:`to_dict` output.

        Raises:
            SaveFileError: not a record (another kind of file, another version, a missing or mistyped
                field), a starting position the game refuses, or a move that does not fit (an index out
                of range, words that do not match the action there): one line naming the field or move.
        """
        from ..files import validate

        model = validate(_record_model(), data, source=source)
        try:
            start = state_from_dict(model.start)
        except SaveFileError as exc:
            raise SaveFileError(f"{source}: its start position: {exc}") from None
        if _game_of(start) != model.game:
            raise SaveFileError(f"{source} says it is a {model.game} record but its start position is "
                                f"{_game_of(start)}")
        state = start.clone()
        actions, states = [], [state.clone()]
        for k, move in enumerate(model.moves, 1):
            if state.is_terminal():
                raise SaveFileError(f"{source}: move {k} comes after the end of the game")
            legal = state.legal_actions()
            if move.index >= len(legal) or str(legal[move.index]) != move.move:
                offered = [a for a in legal if str(a) == move.move]
                if len(offered) != 1:
                    raise SaveFileError(f"{source}: move {k} ({_short(move.move)}) is not a legal move there "
                                        f"(the record is damaged or of another version)")
                action = offered[0]
            else:
                action = legal[move.index]
            state.apply(action)
            actions.append(action)
            states.append(state.clone())
        record = cls.__new__(cls)
        record.start, record.game, record.players, record.actions = start, model.game, _players(start), actions
        record._states = states
        return record

    def save(self, path: str | Path) -> Path:
        """Write the record as JSON to ``path`` (its folder must exist); return the path.

        Raises:
            SaveFileError: ``path`` is not a writable file path (one line).
        """
        import json

        if isinstance(path, bytes) or not isinstance(path, (str, Path)) or not str(path).strip():
            raise SaveFileError(f"a record is saved to a file path such as 'my_game.record.json', not {_short(path)}")
        path = Path(path)
        if not path.parent.is_dir():
            raise SaveFileError(f"cannot save to {str(path)!r}: the folder {str(path.parent)!r} does not exist")
        try:
            path.write_text(json.dumps(self.to_dict()), encoding="utf-8")
        except OSError as exc:
            raise SaveFileError(f"cannot save to {str(path)!r}: {exc.strerror or exc}") from None
        return path


def load_record(path: str | Path) -> GameRecord:
    """Read a record written by :meth:`GameRecord.save`.

    Raises:
        SaveFileError: a missing or unreadable file, not JSON, not a record, or a damaged one (one line).
    """
    from ..files import read_json

    data = read_json(path, what="game record", error=SaveFileError)
    return GameRecord.from_dict(data, source=str(path))


def _game_of(state) -> str:
    observation = state.observation(0)
    name = observation.get("game") if isinstance(observation, dict) else None
    game_module(name)  # a registered game, or ValueError
    return name


def _players(state) -> int:
    players = getattr(state, "players", 2)
    return players if isinstance(players, int) and not isinstance(players, bool) else 2


_MODEL = None


def _record_model():
    global _MODEL
    if _MODEL is None:
        from typing import Annotated, Literal

        from pydantic import Field

        from ..files import StrictModel

        class RecordMove(StrictModel):
            """One move: its index in legal_actions() where it was played, and the move in words."""

            index: Annotated[int, Field(ge=0, le=100_000)]
            move: Annotated[str, Field(min_length=1, max_length=500)]

        class RecordFile(StrictModel):
            """A game record (caravan_lessons.coach.records)."""

            format: Literal["caravan_lessons record"]
            version: Literal[1]
            game: Literal["jaipur", "samarkand", "caravan", "marco_polo"]
            start: dict
            moves: Annotated[list[RecordMove], Field(max_length=MAX_MOVES)]

        _MODEL = RecordFile
    return _MODEL


def bot_record(game: str, bots, seed: int = 0, players: int | None = None, bot_seed: int = 0) -> GameRecord:
    """A :class:`GameRecord` of a game between bots, for reviews in lessons and labs (Jaipur: its first round).

    Args:
        game: ``"jaipur"``, ``"samarkand"``, ``"caravan"`` or ``"marco_polo"``.
        bots: one bot name per seat (the game's own bots: ``make_agent(name, game=game)``).
        seed: the deal's seed; bot_seed: seat ``s`` plays with seed ``bot_seed + s``.
        players: seats (default: ``len(bots)``).

    Raises:
        ValueError: an unknown game or bot, or a number of bots the game does not take (one line).
    """
    from ..agents import View, check_lineup, make_agent
    from ..core import check_seed

    names = check_lineup(bots, "bots", names=True)
    module = game_module(game)
    players = players or len(names)
    if players != len(names):
        raise ValueError(f"bots names one bot per seat: {players} seats, {len(names)} bots")
    if game == "jaipur" and players != 2:
        raise ValueError(f"Jaipur is played by 2 players: bots names one bot per seat, not {len(names)}")
    seed = check_seed(seed)
    state = module.new_game(seed=seed) if game == "jaipur" else module.new_game(players, seed=seed)
    agents = [make_agent(name, bot_seed + s, game=game) for s, name in enumerate(names)]
    start = state.clone()
    actions = []
    while not state.is_terminal() and not (game == "jaipur" and state.round_over) and len(actions) < MAX_MOVES:
        seat = state.current_player
        action = agents[seat].choose(View(state, seat, state.legal_actions()))
        state.apply(action)
        actions.append(action)
    return GameRecord(start, actions)
