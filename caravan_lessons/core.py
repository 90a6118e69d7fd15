"""The pieces every game shares: rule errors, events, score sheets, seeds and saved games.

Nothing here knows a particular game. A game package (``caravan_lessons.jaipur``, ...)
builds its engine on these pieces so that lessons, bots and tests can treat every
game the same way:

* :class:`RuleViolation` -- an illegal action, naming the rule clause it breaks;
* :class:`GameState` -- the protocol an engine's state follows (after OpenSpiel's State);
* :class:`Event` -- one thing that happened, in plain words, with its rule ID;
* :class:`ScoreRow` / :class:`ScoreSheet` -- an itemised score, data first;
* :func:`derive_seed` -- reproducible seeds for each shuffle of a match;
* :func:`save_game` / :func:`load_game` -- JSON files with a format version, validated.

This module imports only the standard library, so ``import caravan_lessons`` stays fast.
"""
from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from . import i18n as _i18n

__all__ = [
    "FORMAT_VERSION",
    "Event",
    "GameState",
    "RuleViolation",
    "SaveFileError",
    "a_or_an",
    "article",
    "join_and",
    "ScoreRow",
    "ScoreSheet",
    "check_seat",
    "check_seed",
    "derive_seed",
    "game_module",
    "game_names",
    "load_game",
    "new_seed",
    "plural",
    "register_game",
    "save_game",
    "state_from_dict",
]


class Rule:
    """One rule clause as shown to learners: its ID (``"JAI-SELL-4"``), our text, and the rulebook
    section it comes from. Every game lists its clauses as ``RULES: dict[str, Rule]``;
    ``python -m caravan_lessons rules <game>`` prints them.

    ``text`` and ``section`` are read in the current language (:func:`caravan_lessons.set_language`);
    ``source_text`` and ``source_section`` are the English originals (the catalogue's msgids). The ID
    is never translated. Rules are immutable and compare by ID and English text.
    """

    __slots__ = ("id", "source_text", "source_section")

    def __init__(self, id: str, text: str, section: str):  # noqa: A002 - the rule's ID, as everywhere
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "source_text", text)
        object.__setattr__(self, "source_section", section)

    @property
    def text(self) -> str:
        """The rule in plain words, in the current language."""
        return _i18n.gettext(self.source_text)

    @property
    def section(self) -> str:
        """The rulebook section, in the current language."""
        return _i18n.gettext(self.source_section)

    def __setattr__(self, name, value):
        raise AttributeError(f"a Rule cannot be changed ({name})")

    def __eq__(self, other):
        if not isinstance(other, Rule):
            return NotImplemented
        return (self.id, self.source_text, self.source_section) == (other.id, other.source_text,
                                                                     other.source_section)

    def __hash__(self):
        return hash((self.id, self.source_text, self.source_section))

    def __repr__(self) -> str:
        return f"Rule(id={self.id!r}, text={self.source_text!r}, section={self.source_section!r})"

    def __reduce__(self):
        return (Rule, (self.id, self.source_text, self.source_section))

    def __str__(self) -> str:
        return f"{self.id} ({self.section}): {self.text}"


class RuleViolation(ValueError):
    """An action the rules do not allow.

    Attributes:
        rule: the clause ID in ``shared/rules/`` (for example ``"JAI-SELL-4"``).
        message: plain words: what was tried and what the rule allows.

    ``str(error)`` reads ``"JAI-SELL-4: Diamonds, gold and silver are sold 2 or more at a time ..."``,
    one line, ready to show to a learner.
    """

    def __init__(self, rule: str, message: str):
        message = one_line(message, MESSAGE_LIMIT - len(str(rule)) - 2)
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message

    def __reduce__(self):  # keep rule and message when pickled across processes
        return (type(self), (self.rule, self.message))


class SaveFileError(ValueError):
    """A saved game that cannot be loaded: not JSON, wrong version, missing or impossible fields.

    The message is one line that names the problem (and the rule ID where one applies), at most
    :data:`MESSAGE_LIMIT` characters (a longer one is cut, saying how long it was).
    """

    def __init__(self, message: Any = ""):
        super().__init__(one_line(message))


MESSAGE_LIMIT = 300
"""The longest error message (characters) a learner is shown: every RuleViolation, SaveFileError and
DataFileError is one line of at most this many; values echoed in messages go through :func:`_short`,
which cuts them and says how long they were."""


def one_line(text: Any, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` as one line (line breaks become spaces) of at most ``limit`` characters: a longer text is
    cut and ends with ``"... (N characters)"``, its full length."""
    text = str(text)
    if "\n" in text or "\r" in text:
        text = " ".join(text.split("\n")).replace("\r", " ")
    if len(text) <= limit:
        return text
    note = f"... ({len(text)} characters)"
    return text[:max(0, limit - len(note))] + note


@runtime_checkable
class GameState(Protocol):
    """What every game state offers. Shapes are the game's own; see each game's ``State``.

    The protocol follows OpenSpiel's ``State``: a state is mutable (``apply``) but can be
    copied cheaply (``clone``, ``child``) for what-ifs and search.
    """

    @property
    def current_player(self) -> int:
        """The seat (0 or 1, ...) whose decision it is; -1 when the game is over."""

    def legal_actions(self) -> Sequence[Any]:
        """Every legal action, in a deterministic order."""

    def why_illegal(self, action: Any) -> RuleViolation | None:
        """``None`` if the action is legal now, else the violation it would raise."""

    def apply(self, action: Any) -> None:
        """Play the action in place; raises RuleViolation and changes nothing if illegal."""

    def child(self, action: Any) -> GameState:
        """A new state after the action; this one is untouched."""

    def clone(self) -> GameState:
        """An independent copy."""

    def is_terminal(self) -> bool:
        """True when the whole game (match) is over."""

    def observation(self, player: int) -> dict:
        """What ``player`` may see: a JSON-able dict without hidden information."""

    def score_sheet(self) -> ScoreSheet:
        """The itemised score of the current (or last finished) scoring."""

    def to_dict(self) -> dict:
        """A JSON-able dict with a ``game`` name and a ``version``."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened in a game, for the log a learner reads.

    Attributes:
        player: the seat who acted, or -1 for the game itself (setup, end of round).
        text: plain English, e.g. ``"Player 1 sells 3 cloth for 5+3+3 rupees and a 3-card bonus token."``
        rule: the rule ID the event follows (``"JAI-SELL-2"``), or ``""``.
    """

    player: int
    text: str
    rule: str = ""

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]" if self.rule else self.text


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One item of a score sheet.

    Attributes:
        player: the seat the points belong to.
        item: what is counted, in plain words (``"cloth goods tokens 5, 3"``).
        rule: the rule ID that awards it.
        points: the points (rupees in Jaipur, victory points elsewhere).
        source: a short category for plots (``"goods:cloth"``, ``"bonus:3"``, ``"camel token"``).
    """

    player: int
    item: str
    rule: str
    points: int
    source: str = ""


@dataclass(frozen=True)
class ScoreSheet:
    """An itemised score: rows first, totals and the verdict derived from them.

    Attributes:
        rows: the items in the order a learner should read them.
        players: number of seats.
        unit: ``"rupees"``, ``"victory points"``, ...
        winner: the seat that wins this scoring, or ``None`` (a tie nobody breaks).
        verdict: plain words explaining who won and why, with rule IDs.
    """

    rows: tuple[ScoreRow, ...]
    players: int = 2
    unit: str = "points"
    winner: int | None = None
    verdict: str = ""

    def totals(self) -> list[int]:
        """Total points per seat (a list of ``players`` ints)."""
        totals = [0] * self.players
        for row in self.rows:
            totals[row.player] += row.points
        return totals

    def cumulative(self) -> list[list[int]]:
        """Running totals after each row: ``len(rows) + 1`` lists of ``players`` ints, starting at zeros."""
        running = [0] * self.players
        steps = [list(running)]
        for row in self.rows:
            running[row.player] += row.points
            steps.append(list(running))
        return steps

    def to_dataframe(self):
        """The rows as a pandas DataFrame (columns player, item, rule, points, source)."""
        import pandas as pd

        return pd.DataFrame(
            [(r.player, r.item, r.rule, r.points, r.source) for r in self.rows],
            columns=["player", "item", "rule", "points", "source"],
        )

    def __str__(self) -> str:
        lines = [f"P{r.player}  {r.points:>4}  {r.item}  [{r.rule}]" for r in self.rows]
        lines.append("totals: " + ", ".join(f"P{p} {t} {self.unit}" for p, t in enumerate(self.totals())))
        if self.verdict:
            lines.append(self.verdict)
        return "\n".join(lines)


# --- seeds -------------------------------------------------------------------------------------

def new_seed() -> int:
    """A fresh random seed (an int below 2**32) for games started without one."""
    return random.SystemRandom().randrange(2**32)


def derive_seed(seed: int, *labels: int | str) -> int:
    """A seed for one shuffle of a game, derived from the game's seed and labels.

    ``derive_seed(7, "round", 2)`` is the same on every machine and Python version
    (strings are hashed by ``random.Random``'s own seeding, not by ``hash()``), so the
    same game seed replays the same match.
    """
    text = ":".join([str(seed), *map(str, labels)])
    return random.Random(text).getrandbits(64)


def check_seed(seed: Any) -> int:
    """Return ``seed`` as an int or raise a one-line ValueError saying what a seed is."""
    if seed is None:
        return new_seed()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number (or None for a random one), not {_short(seed)}")  # noqa: TRY004
    if seed.bit_length() > 256:
        raise ValueError(f"seed must be a whole number of at most 256 bits (77 digits), not one of "
                         f"{seed.bit_length()} bits")
    return seed


def check_seat(seat: Any, what: str = "player", players: int = 2) -> int:
    """Return ``seat`` if it is a seat number (an int 0..players-1), else a one-line ValueError.

    Booleans and floats are not seat numbers: ``1.0`` and ``True`` are refused.
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        seats = " or ".join(map(str, range(players)))
        raise ValueError(f"{what} must be {seats} (a seat number), not {_short(seat)}")
    return seat


def _digits(value: int) -> str:
    """How many digits a (huge) whole number has, without ``str()`` (which refuses more than 4300)."""
    try:
        return str(len(str(abs(value))))
    except ValueError:  # beyond Python's int-to-text limit: estimated from the bits
        return f"about {int(abs(value).bit_length() * 0.30103) + 1}"


_TOP = 4
"""The nesting depth :func:`_short` starts :func:`_repr` at."""


def _repr(value: Any, depth: int) -> str:
    """``repr(value)``, but a whole number of more than 40 digits inside it is named by its size (Python
    refuses to write out one of more than 4300 digits) and a value nested deeper than ``depth`` is cut."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() <= 13_000:  # about 3900 digits: Python still writes it out
            return repr(value) if depth == _TOP or value.bit_length() <= 133 else f"<an integer of {_digits(value)} digits>"
        return f"<an integer of {_digits(value)} digits>"
    if type(value) in (tuple, list) and depth > 0:
        items = [_repr(v, depth - 1) for v in value[:20]] + (["..."] if len(value) > 20 else [])
        text = ", ".join(items)
        return f"[{text}]" if type(value) is list else f"({text}{',' if len(value) == 1 else ''})"
    if type(value) in (tuple, list):
        return "[...]" if type(value) is list else "(...)"
    return repr(value)


def _short(value: Any, limit: int = 40) -> str:
    """``repr(value)`` for one-line messages about bad arguments and data, at most about ``limit``
    characters: a longer one is cut and says how long the value is (``'yyyy...' (10000000 characters)``);
    a whole number of more than 40 digits is named by its size (``an integer of 5001 digits``); an object
    whose ``repr`` fails (or is too deep) by its type (``<Thing>``)."""
    try:
        text = _repr(value, _TOP)
    except Exception:  # noqa: BLE001 - an object whose repr fails (or a value too deep) is still reported
        return f"<{type(value).__name__}>"
    if len(text) <= limit:
        return text
    if isinstance(value, str):
        size = f"{len(value)} characters"
    elif isinstance(value, int) and not isinstance(value, bool):
        size = f"{len(text.lstrip('-'))} digits"
    else:
        size = f"{len(text)} characters written out"
    return f"{text[:max(limit - 3, 8)]}... ({size})"


# --- words -----------------------------------------------------------------------------------------

def plural(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and ``noun`` with the noun's number right, in the current language, for logs and messages.

    ``noun`` is the English singular; ``many`` the plural when it is not ``noun + "s"``:
    ``plural(1, "coin") == "1 coin"``, ``plural(0, "coin") == "0 coins"``,
    ``plural(2, "die", "dice") == "2 dice"``, ``plural(3, "goods tile") == "3 goods tiles"``.
    In English only exactly 1 (or -1) takes the singular; other languages follow their catalogue's plural
    rule (``"2 kolikkoa"`` in Finnish). The nouns are gettext messages in the context ``"noun"``
    (``npgettext``): write them as literals so that the catalogue finds them.
    """
    many = many or noun + "s"
    word = _i18n.npgettext(_i18n.PLURAL_CONTEXT, noun, many, abs(int(n)))
    return f"{n} {word}"


def join_and(items: Sequence[str], word: str = "and") -> str:
    """``"a, b and c"`` in the current language (``"a, b e c"``, ``"a, b ja c"``); ``word="or"`` for
    ``"a, b or c"``. One item is itself; none is ``""``."""
    items = [str(i) for i in items]
    if len(items) < 2:
        return items[0] if items else ""
    head = ", ".join(items[:-1])
    if word == "or":
        return _i18n.gettext("{items} or {last}").format(items=head, last=items[-1])
    return _i18n.gettext("{items} and {last}").format(items=head, last=items[-1])


def article(word: str) -> str:
    """``"a"`` or ``"an"`` for ``word`` by how it is said: ``article("Egypt") == "an"``, ``article("8") == "an"``.

    For messages of the catalogue, pass it as the field ``{a}`` (``tr("{a} {family} camel").format(a=article(name),
    family=name)``): ``a`` is an English-only field that other languages leave out."""
    text = str(word)
    digits = text.strip()[:len(text.strip()) - len(text.strip().lstrip("0123456789"))]
    if digits:   # eight, eleven, eighteen (and eleven/eighteen thousand) are said with a vowel first
        vowel = digits[0] == "8" or (digits[:2] in ("11", "18") and len(digits) % 3 == 2)
    else:
        vowel = text.strip()[:1].lower() in tuple("aeiou")
    return "an" if vowel else "a"


def a_or_an(word: str) -> str:
    """``word`` with its indefinite article by how it is said: ``a_or_an("Egypt") == "an Egypt"``,
    ``a_or_an("camel") == "a camel"``, ``a_or_an("8") == "an 8"``, ``a_or_an("11") == "an 11"`` (English only)."""
    return f"{article(word)} {word}"


# --- saved games ---------------------------------------------------------------------------------

FORMAT_VERSION = 1
"""The version written into every saved game; loading another version is refused."""

_GAMES: dict[str, str] = {}


def register_game(name: str, module: str) -> None:
    """Make ``name`` (e.g. ``"jaipur"``) loadable; ``module`` is the import path of its package."""
    _GAMES[name] = module


def game_names() -> list[str]:
    """The names of the games this package can play, sorted."""
    return sorted(_GAMES)


def game_module(name: str):
    """The package of game ``name``; ValueError naming the known games if there is none."""
    import importlib

    if not isinstance(name, str) or name not in _GAMES:
        known = ", ".join(game_names())
        raise ValueError(f"unknown game {_short(name)}; the games are: {known}")
    return importlib.import_module(_GAMES[name])


def state_from_dict(data: Any):
    """Rebuild any game's state from ``to_dict()`` output; SaveFileError if it is not one."""
    if not isinstance(data, dict):
        raise SaveFileError(f"a saved game is a JSON object, not {type(data).__name__}")
    version = data.get("version")
    if version != FORMAT_VERSION:
        raise SaveFileError(
            f"saved game has format version {_short(version)}; this caravan_lessons reads version {FORMAT_VERSION}"
        )
    name = data.get("game")
    if not isinstance(name, str) or name not in _GAMES:  # a list or an object is no game name (and unhashable)
        raise SaveFileError(f"saved game names an unknown game {_short(name)}; known: {', '.join(game_names())}")
    return game_module(name).State.from_dict(data)


def save_game(state: GameState, path: str | Path) -> Path:
    """Write ``state.to_dict()`` as JSON to ``path`` and return the path.

    Args:
        state: a game state of any game (``jaipur.new_game()``, ``samarkand.new_game(3)``, ...).
        path: the file to write (a ``str`` or ``pathlib.Path``, e.g. ``"my_game.json"``); its folder
            must exist. An existing file is replaced.

    Raises:
        ValueError: ``state`` is not a game state (it has no ``to_dict()``).
        SaveFileError: ``path`` is not a file path (empty, a folder, in a folder that does not exist,
            or not writable); one line saying what is expected. Nothing is written then.
    """
    import os

    if not callable(getattr(state, "to_dict", None)) or isinstance(state, type):
        raise ValueError(f"save_game saves a game state (e.g. jaipur.new_game()), not {_short(state)}")
    if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)) or not str(path).strip():
        raise SaveFileError(f"save_game needs a file path such as 'my_game.json', not {_short(path)}")
    path = Path(path)
    try:
        path.parent.is_dir(), path.is_dir()
    except OSError as exc:  # a path the system cannot look up (too long, ...)
        raise SaveFileError(f"cannot save to {_short(str(path))}: {exc.strerror or exc}") from None
    if path.is_dir():
        raise SaveFileError(f"cannot save to {str(path)!r}: it is a folder; give a file path inside it, "
                            f"such as {str(path / 'my_game.json')!r}")
    folder = path.parent
    if not folder.is_dir():
        raise SaveFileError(f"cannot save to {str(path)!r}: the folder {str(folder)!r} does not exist; "
                            "create it first or save somewhere else")
    text = json.dumps(state.to_dict(), indent=1)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise SaveFileError(f"cannot save to {str(path)!r}: {exc.strerror or exc}") from None
    return path


def load_game(path: str | Path):
    """Read a game saved by :func:`save_game`.

    Raises:
        SaveFileError: the file is missing, not JSON, of another format version, or its
            content is impossible (one line that names the problem).
    """
    from .files import read_json

    data = read_json(path, what="saved game", error=SaveFileError)
    return state_from_dict(data)

