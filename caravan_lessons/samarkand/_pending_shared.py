"""TEMPORARY stand-in for caravan_lessons.files / caravan_lessons.boards (pinned API), deleted after merging main."""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pydantic

from ..core import SaveFileError


class DataFileError(ValueError):
    pass


class StrictModel(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(strict=True, extra="forbid", frozen=True)


def read_json(source, *, what="saved game", error=SaveFileError):
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
    try:
        return json.loads(text, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
    except (json.JSONDecodeError, ValueError) as exc:
        raise error(f"{name} is not valid JSON: {exc}") from None


def validate(model, data, *, source="saved game", error=SaveFileError):
    try:
        return model.model_validate(data)
    except pydantic.ValidationError as exc:
        first = exc.errors()[0]
        loc = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in first["loc"]).lstrip(".")
        raise error(f"{source}: field {loc!r}: {first['msg']}") from None


def check(condition, message, *, rule="", source="saved game", error=SaveFileError):
    if not condition:
        raise error(f"{source}: {rule + ': ' if rule else ''}{message}")


def package_file(game, name):
    return Path(__file__).resolve().parent.parent / game / "data" / name


def load_board(source, *, game, node_model=None, edge_model=None, check=None):
    import networkx as nx

    data = source if isinstance(source, dict) else read_json(source, what="board file", error=DataFileError)
    where = "board file"
    if not isinstance(data, dict) or data.get("game") != game:
        raise DataFileError(f"{where}: not a {game} board")
    graph = nx.Graph(name=data.get("name", ""), game=game, teaching_board=data.get("teaching_board", False),
                     note=data.get("note", ""), source=str(source) if not isinstance(source, dict) else "")
    for i, node in enumerate(data.get("nodes", [])):
        if not isinstance(node, dict) or not isinstance(node.get("id"), str):
            raise DataFileError(f"{where}: nodes[{i}]: needs a string id")
        nid = node["id"]
        if nid in graph:
            raise DataFileError(f"{where}: nodes[{i}] (id {nid!r}): duplicate id")
        pos = node.get("pos")
        if (not isinstance(pos, list) or len(pos) != 2
                or any(isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) for v in pos)):
            raise DataFileError(f"{where}: nodes[{i}] (id {nid!r}): pos must be 2 finite numbers")
        attrs = {k: v for k, v in node.items() if k not in ("id", "pos", "kind")}
        if node_model is not None:
            attrs = validate(node_model, attrs, source=f"{where}: nodes[{i}] (id {nid!r})",
                             error=DataFileError).model_dump()
        graph.add_node(nid, kind=node.get("kind", "plain"), pos=(float(pos[0]), float(pos[1])), **attrs)
    for i, edge in enumerate(data.get("edges", [])):
        a, b = edge.get("a"), edge.get("b")
        if a not in graph or b not in graph:
            raise DataFileError(f"{where}: edges[{i}]: names a node that does not exist ({a!r}, {b!r})")
        if a == b or graph.has_edge(a, b):
            raise DataFileError(f"{where}: edges[{i}]: self-loop or duplicate ({a!r}, {b!r})")
        attrs = {k: v for k, v in edge.items() if k not in ("a", "b")}
        if edge_model is not None:
            attrs = validate(edge_model, attrs, source=f"{where}: edges[{i}]", error=DataFileError).model_dump()
        graph.add_edge(a, b, **attrs)
    if check is not None:
        check(graph)
    return graph
