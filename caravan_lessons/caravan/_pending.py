"""TEMPORARY stand-ins for ``caravan_lessons.files`` and ``caravan_lessons.boards`` (pinned API,
/work/coord/API.md) until the coordinator's modules land on main. Delete after merging main."""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pydantic

from ..core import SaveFileError


class DataFileError(ValueError):
    """A board or data file that cannot be used (one line naming file, field and expectation)."""


class StrictModel(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(strict=True, extra="forbid", frozen=True)


def read_json(source, *, what="saved game", error=SaveFileError) -> Any:
    if isinstance(source, (str, Path)) and not (isinstance(source, str) and source.lstrip().startswith(("{", "["))):
        path = Path(source)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise error(f"cannot read {what} {path}: {exc}") from None
        name = str(path)
    else:
        text = source.decode("utf-8") if isinstance(source, bytes) else source
        name = what
    if not text.strip():
        raise error(f"{name}: the file is empty")

    def _const(word):
        raise ValueError(f"{word} is not allowed")

    try:
        return json.loads(text, parse_constant=_const)
    except json.JSONDecodeError as exc:
        raise error(f"{name} is not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except ValueError as exc:
        raise error(f"{name}: {exc}") from None


def validate(model, data, *, source="saved game", error=SaveFileError):
    try:
        return model.model_validate(data, strict=True)
    except pydantic.ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise error(f"{source}: field '{where}': {first['msg']}, got {first.get('input')!r}") from None


def check(condition, message, *, rule="", source="saved game", error=SaveFileError) -> None:
    if not condition:
        raise error(f"{source}: {rule + ': ' if rule else ''}{message}")


def grid_board(rows, cols, *, cells=None, name, game, teaching_board, note):
    import networkx as nx

    graph = nx.grid_2d_graph(rows, cols)
    for (r, c), attrs in graph.nodes.items():
        attrs["kind"] = "plain"
        attrs["pos"] = (float(c), float(-r))
    for node, extra in (cells or {}).items():
        graph.nodes[node].update(extra)
    graph.graph.update(name=name, game=game, teaching_board=teaching_board, note=note, source=None)
    return graph


def positions(graph):
    return {node: tuple(attrs["pos"]) for node, attrs in graph.nodes.items()}


def nearest_node(graph, x, y, max_distance=None):
    best, best_d = None, math.inf
    for node, (px, py) in positions(graph).items():
        d = math.hypot(px - x, py - y)
        if d < best_d:
            best, best_d = node, d
    if max_distance is not None and best_d > max_distance:
        return None
    return best
