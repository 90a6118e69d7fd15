"""The validation layer: every file the project reads goes through here.

Saved games, boards, card lists, data files and tournament checkpoints are JSON. Reading one
takes three steps, and each step fails with ONE short error that names the file, the field and
what was expected -- never a traceback from deep inside:

1. :func:`read_json` -- the bytes: the file exists, is a file, is not empty, is UTF-8, is JSON,
   is not absurdly nested, holds no integer of hundreds of digits and no NaN/Infinity;
2. :func:`validate` -- the shape and the types, checked by a pydantic v2 model (a subclass of
   :class:`StrictModel`): strict types (``true`` is not a number, ``1.0`` is not a count,
   ``"3"`` is not 3), unknown keys refused;
3. :func:`check` -- the game's own consistency rules, each naming the rule clause it enforces
   (``JAI-END-1`` ...), called by the game's ``saves.py`` after the schema.

Why pydantic rather than jsonschema: the models are Python classes the engines read typed values
from, they double as documentation (docstrings and field descriptions), and
:func:`json_schema` exports the very same models as a published JSON Schema
(``python -m caravan_lessons schema jaipur``).

Errors: :class:`~caravan_lessons.core.SaveFileError` for saved games and checkpoints,
:class:`DataFileError` for boards and data files shipped with a game or given by a teacher.
Both are ``ValueError`` subclasses.

Conventions for a game package ``caravan_lessons/<game>/``:

* ``saves.py`` defines ``SaveFile`` (a :class:`StrictModel`, the saved-game format) and a
  function that checks its consistency with :func:`check`; ``State.from_dict`` goes through both.
  That name is the registration: ``python -m caravan_lessons schema <game>`` prints
  ``json_schema(game_module(<game>).saves.SaveFile)``, so a game needs no other CLI code;
* the standing fuzz suite (``tests/fuzz/``) gets one entry per game in ``tests/fuzz/registry.py``:
  a valid-save factory, the consistency check and the selection-to-action function;
  ``jaipur/saves.py`` is the model to copy;
* data files (boards, cards) live in ``data/`` and are loaded with :func:`load_json_file`
  (or :func:`caravan_lessons.boards.load_board` for maps).

pydantic is imported lazily (inside the functions), so ``import caravan_lessons`` stays light.
"""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .core import SaveFileError, _short as _shown, one_line

if TYPE_CHECKING:  # pragma: no cover
    import pydantic

__all__ = [
    "DataFileError",
    "SaveFileError",
    "bounded",
    "StrictModel",  # noqa: F822 (built on first use by __getattr__, so pydantic loads only when needed)
    "check",
    "json_schema",
    "load_json_file",
    "read_json",
    "validate",
]

MAX_DEPTH = 64
"""Deepest nesting of lists/objects accepted in any file (ours never exceed 8)."""

MAX_INT_DIGITS = 100
"""Longest integer accepted (in digits); no count, seed or score in these games comes close."""

MAX_BYTES = 64 * 1024 * 1024
"""Largest file read (64 MiB); a saved game is a few kilobytes."""


class DataFileError(ValueError):
    """A board, card list or other data file that cannot be used.

    The message is one line naming the file, the entry or field, and what was expected, at most
    :data:`~caravan_lessons.core.MESSAGE_LIMIT` characters (a longer one is cut, saying how long it was).
    """

    def __init__(self, message: Any = ""):
        super().__init__(one_line(message))


def _source_name(source: Any) -> str:
    return str(source) if isinstance(source, (str, Path)) else "data"


def read_json(source: str | Path | bytes, *, what: str = "saved game", error: type[ValueError] = SaveFileError,
              name: str | None = None) -> Any:
    """Read JSON from a file path (``str``/``Path``) or from bytes already read.

    Args:
        source: a path, or the raw bytes of a file (then ``name`` names it in messages).
        what: what the file is, for messages (``"saved game"``, ``"board file"``).
        error: the exception class to raise (``SaveFileError`` or ``DataFileError``).
        name: how to call the source in messages (default: the path).

    Returns:
        the parsed JSON value (dict, list, str, int, float, bool or None).

    Raises:
        error: missing file, a directory, unreadable, empty, larger than 64 MiB, not UTF-8, not
            JSON, nested deeper than 64 levels, an integer longer than 100 digits, NaN or Infinity.
            One line, naming the file.
    """
    if isinstance(source, (bytes, bytearray)):
        raw = bytes(source)
        label = name or what
    elif isinstance(source, (str, Path)):
        path = Path(source)
        label = name or str(path)
        if len(label) > 200:
            label = _shown(label, 60)
        try:
            size = path.stat().st_size  # before is_dir(): a path too long to look up raises OSError there too
        except OSError as exc:
            raise error(f"cannot read {what} {label}: {exc.strerror or exc}") from None
        if path.is_dir():
            raise error(f"{label} is a folder, not a {what}" + ("" if what.endswith("file") else " file"))
        if size > MAX_BYTES:
            raise error(f"{label} is {size} bytes; a {what} is at most {MAX_BYTES} bytes")
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise error(f"cannot read {what} {label}: {exc.strerror or exc}") from None
    else:
        raise error(f"a {what} is read from a file path or bytes, not {type(source).__name__}")
    if not raw.strip():
        raise error(f"{label} is empty; a {what} is a JSON document")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{label} is not UTF-8 text (byte {exc.start}); a {what} is a JSON document") from None

    def no_constant(token: str):
        raise ValueError(f"{token} is not a number JSON allows")

    def bounded_int(token: str) -> int:
        digits = len(token.lstrip("-"))
        if digits > MAX_INT_DIGITS:
            raise ValueError(f"an integer of {digits} digits (at most {MAX_INT_DIGITS} allowed)")
        return int(token)

    try:
        data = json.loads(text, parse_constant=no_constant, parse_int=bounded_int)
    except json.JSONDecodeError as exc:
        raise error(f"{label} is not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise error(f"{label} is nested too deeply (at most {MAX_DEPTH} levels)") from None
    except ValueError as exc:  # from the hooks above
        raise error(f"{label}: {exc}") from None
    depth = _depth(data)
    if depth > MAX_DEPTH:
        raise error(f"{label} is nested more than {MAX_DEPTH} levels deep (at most {MAX_DEPTH} allowed)")
    return data


def _depth(value: Any) -> int:
    """Nesting depth of a JSON value, without recursion (a crafted file cannot overflow the stack)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in item)
        if deepest > MAX_DEPTH:
            break
    return deepest


def _strict_model_class():
    import pydantic

    class StrictModel(pydantic.BaseModel):
        """Base of every file model: strict types, unknown keys refused, values frozen.

        Subclass it and declare fields with types (``int``, ``list[str]``, ``Literal[...]``,
        ``Annotated[int, Field(ge=0)]``); add ``description=`` to fields: the JSON Schema
        published by :func:`json_schema` is the format's documentation.
        """

        model_config = pydantic.ConfigDict(strict=True, extra="forbid", frozen=True)

    return StrictModel


def __getattr__(name: str):  # StrictModel is built on first use, so importing files needs no pydantic
    if name == "StrictModel":
        cls = _strict_model_class()
        globals()["StrictModel"] = cls
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _where(loc: tuple) -> str:
    """``('players', 1, 'hand')`` -> ``players[1].hand``."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            part = str(part)
            text += ("." if text else "") + (part if len(part) <= 40 else f"{part[:30]}... ({len(part)} characters)")
    return text or "(top level)"


def _short(value: Any, length: int = 60) -> str:
    """A JSON value for a one-line message, as JSON, at most about ``length`` characters: a longer one
    is cut and says how long it is; a whole number of more than 40 digits is named by its size."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _shown(value, length)
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return _shown(value, length)
    if len(text) <= length:
        return text
    size = f"{len(value)} characters" if isinstance(value, str) else f"{len(text)} characters written out"
    return f"{text[:max(length - 3, 8)]}... ({size})"


shown = _short
"""Public name of :func:`_short`: values echoed in the messages of the games' ``saves.py`` and board
loaders go through it (a 10 MB string or a 10**300 coordinate is shown cut, with its length)."""


def describe_validation_error(exc: pydantic.ValidationError, source: str) -> str:
    """One line from pydantic's first error: ``<source>: field 'a.b[2]': <expected>, got <value>``.

    When there are more errors, says how many more."""
    errors = exc.errors(include_url=False)
    first = errors[0]
    kind = first.get("type", "")
    if kind == "extra_forbidden":
        text = f"{source}: unknown field {_where(first['loc'])!r} (not part of this format)"
    elif kind == "missing":
        text = f"{source}: the field {_where(first['loc'])!r} is missing"
    else:
        message = first.get("msg", "invalid value")
        text = f"{source}: field {_where(first['loc'])!r}: {message}, got {_short(first.get('input'))}"
    if len(errors) > 1:
        text += f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})"
    return text


def bounded(low: int, high: int, what: str, rule: str = "", *, why: str = ""):
    """An ``int`` field type for a :class:`StrictModel`: a whole number from ``low`` to ``high``.

    Unlike ``Field(ge=..., le=...)``, a value out of range is refused with the rule clause that sets
    the bound: ``bounded(0, 11, "camels in a family's house", "SAM-COMP-1")`` refuses 12 with
    ``"saved game: field 'families.levant.reserve': SAM-COMP-1: camels in a family's house must be from 0 to
    11, got 12"``.
    The JSON Schema shows ``minimum``/``maximum`` and a description (``what``, the range, ``why``).
    """
    from typing import Annotated

    from pydantic import AfterValidator, Field
    from pydantic_core import PydanticCustomError

    text = f"{rule + ': ' if rule else ''}{what} must be from {low} to {high}"

    def within(value: int) -> int:
        if not low <= value <= high:
            raise PydanticCustomError("out_of_range", "{text}", {"text": text})
        return value

    description = f"{what}, {low}..{high}" + (f" ({why})" if why else "") + (f" [{rule}]" if rule else "")
    return Annotated[int, AfterValidator(within),
                     Field(description=description, json_schema_extra={"minimum": low, "maximum": high})]


def _first_not_json(data: Any, limit: int = 100_000) -> tuple[tuple, str] | None:
    """Where ``data`` first holds what JSON cannot (a NaN or infinite number, a key that is not text, an object
    that is no JSON value), as (path, what is wrong); None if nothing was found within ``limit`` values."""
    stack: list[tuple[tuple, Any]] = [((), data)]
    while stack and limit > 0:
        limit -= 1
        path, value = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            return path, f"{value} is no number JSON can hold (NaN and infinities are not JSON)"
        if isinstance(value, dict):
            for key in value:
                if not isinstance(key, str):
                    return path, f"the key {_short(key)} is not text; JSON keys are strings"
            stack.extend((path + (key,), item) for key, item in reversed(value.items()))
        elif isinstance(value, (list, tuple)):
            stack.extend((path + (i,), item) for i, item in reversed(list(enumerate(value))))
        elif value is not None and not isinstance(value, (str, int, float)):
            return path, f"{_short(value)} is no JSON value (text, numbers, true/false, null, lists, objects)"
    return None


def validate(model: type, data: Any, *, source: str = "saved game", error: type[ValueError] = SaveFileError):
    """Check ``data`` (parsed JSON) against a :class:`StrictModel` subclass and return the model.

    The data is checked in pydantic's JSON mode (strict): JSON arrays fill ``tuple`` fields, so a
    model can say "a pair of seats" (``tuple[int, int]``) or "[goods, rupees]" exactly.

    Raises:
        error: the first problem, in one line naming the source and the field
            (``"game.json: field 'players[1].hand': Input should be a valid list, got 3"``).
    """
    import pydantic

    try:  # validated as JSON, so arrays may fill tuple fields (a [good, rupees] pair) even in strict mode
        text = json.dumps(data, allow_nan=False)
    except (TypeError, ValueError) as exc:
        where = _first_not_json(data)
        if where is not None:
            raise error(f"{source}: field {_where(where[0])!r}: {where[1]}") from None
        raise error(f"{source} is not JSON data ({exc})") from None
    except RecursionError:
        raise error(f"{source} is nested too deeply") from None
    try:
        return model.model_validate_json(text, strict=True)
    except pydantic.ValidationError as exc:
        raise error(describe_validation_error(exc, source)) from None
    except RecursionError:
        raise error(f"{source} is nested too deeply") from None


def check(condition: Any, message: str, *, rule: str = "", source: str = "saved game",
          error: type[ValueError] = SaveFileError) -> None:
    """A consistency rule after the schema: raise ``error`` with the clause ID unless ``condition``.

    ``check(sum(tokens) <= 9, "more camel tokens than the game has", rule="JAI-COMP-3")`` raises
    ``SaveFileError("saved game: JAI-COMP-3: more camel tokens than the game has")``.
    """
    if not condition:
        raise error(f"{source}: {rule + ': ' if rule else ''}{message}")


def load_json_file(path: str | Path, model: type, *, what: str = "data file",
                   error: type[ValueError] = DataFileError):
    """:func:`read_json` then :func:`validate`: a file checked against its model, or one clear error."""
    data = read_json(path, what=what, error=error)
    return validate(model, data, source=_source_name(path), error=error)


def json_schema(model: type) -> dict:
    """The published JSON Schema of a file model (what ``python -m caravan_lessons schema`` prints)."""
    return model.model_json_schema()


def finite_number(value: Any) -> bool:
    """True for an int or float that is finite and fits a float (booleans are not numbers here; a whole number
    of 400 digits is not a position)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False
