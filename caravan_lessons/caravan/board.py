"""Caravan's board as data: a grid of spaces with 8 cities and 8 numbered spaces (CAR-COMP-5).

The board file (``data/board.json``, the documented teaching board) is JSON::

    {"format": "caravan_lessons.board", "version": 1, "game": "caravan",
     "name": "...", "teaching_board": true, "note": "Not the printed board: ...",
     "grid": {"rows": 7, "cols": 7},
     "cells": [{"row": 0, "col": 3, "kind": "city", "good": "ivory", "name": "Marrakesh"},
               {"row": 0, "col": 0, "kind": "numbered", "number": 1}, ...]}

:func:`load_board` checks it with the shared validation layer (schema first, then Caravan's
own rules naming CAR-COMP-5) and builds a ``networkx.grid_2d_graph`` with
:func:`caravan_lessons.boards.grid_board`: nodes are ``(row, col)`` tuples, neighbours are
orthogonal (a diagonal never connects, CAR-MOVE-1). Node attributes: ``kind`` (``"plain"``,
``"city"`` or ``"numbered"``), ``pos`` (x = col, y = -row), and ``good`` + ``name`` for a city,
``number`` for a numbered space. A teacher who owns the game can load the printed layout from
their own file: ``caravan.new_game(board="my_board.json")``.
"""
from __future__ import annotations

import os
from functools import lru_cache
from typing import Annotated, Any, Literal

from .components import DEMAND_START, GOODS, NUMBERED_SPACES

from .. import boards as _boards
from ..core import _short
from ..i18n import tr
from ..files import DataFileError, StrictModel, check, read_json, validate

from pydantic import Field  # noqa: E402 - after the package imports (files builds StrictModel lazily)

__all__ = ["Board", "BoardFile", "DataFileError", "load_board", "teaching_board", "TEACHING_BOARD"]

TEACHING_BOARD = _boards.package_file("caravan", "board.json")
"""The documented teaching board shipped with the package."""


class Grid(StrictModel):
    rows: int
    cols: int


class Cell(StrictModel):
    row: int
    col: int
    kind: Literal["city", "numbered"]
    good: str | None = None
    name: Annotated[str, Field(max_length=_boards.MAX_ID)] | None = None
    number: int | None = None


class BoardFile(StrictModel):
    """The schema of a Caravan board file (see the module notes)."""

    format: Literal["caravan_lessons.board"]
    version: Literal[1]
    game: Literal["caravan"]
    name: Annotated[str, Field(max_length=_boards.MAX_NAME)]
    teaching_board: bool
    note: Annotated[str, Field(max_length=_boards.MAX_NOTE)]
    grid: Grid
    cells: list[Cell]


def _check_cells(data: BoardFile, source: str) -> None:
    """Caravan's own rules for a board file, each failure naming CAR-COMP-5."""
    def need(condition, message):
        check(condition, message, rule="CAR-COMP-5", source=source, error=DataFileError)

    rows, cols = data.grid.rows, data.grid.cols
    need(2 <= rows <= 20 and 2 <= cols <= 20, f"the grid must be 2 to 20 spaces each way, not {_short(rows)} x "
         f"{_short(cols)}")
    seen: dict[tuple[int, int], int] = {}
    for i, cell in enumerate(data.cells):
        where = f"cells[{i}] (row {_short(cell.row)}, col {_short(cell.col)})"
        need(0 <= cell.row < rows and 0 <= cell.col < cols, f"{where} lies outside the {rows} x {cols} grid")
        need((cell.row, cell.col) not in seen, f"{where} repeats the space of cells[{seen.get((cell.row, cell.col))}]")
        seen[(cell.row, cell.col)] = i
        if cell.kind == "city":
            need(cell.good in GOODS, f"{where}: a city takes one of the goods {', '.join(GOODS)}, not {_short(cell.good)}")
            need(bool(cell.name and cell.name.strip()), f"{where}: a city needs a name")
            need(cell.number is None, f"{where}: a city has no number")
        else:
            need(cell.number is not None and 1 <= cell.number <= NUMBERED_SPACES,
                 f"{where}: a numbered space needs a number from 1 to {NUMBERED_SPACES}, not {_short(cell.number)}")
            need(cell.good is None and cell.name is None, f"{where}: a numbered space has no good or name")
    goods = sorted(c.good for c in data.cells if c.kind == "city")
    need(goods == sorted(GOODS), f"the board needs exactly one city for each good ({', '.join(GOODS)}); "
                                 f"it has cities for {', '.join(goods) or 'none'}")
    names = [c.name for c in data.cells if c.kind == "city"]
    need(len(set(names)) == len(names), "two cities have the same name")
    numbers = sorted(c.number for c in data.cells if c.kind == "numbered")
    need(numbers == list(range(1, NUMBERED_SPACES + 1)),
         f"the board needs numbered spaces 1 to {NUMBERED_SPACES}, each once; it has {numbers}")


class Board:
    """A loaded board: the networkx graph plus the lookups the engine needs.

    Attributes:
        graph: the ``networkx.Graph`` (grid_2d_graph; see the module notes).
        spaces: every node ``(row, col)``, in reading order.
        neighbours: node -> tuple of orthogonal neighbours.
        city_of: good -> node of its city; ``good_of``: city node -> good; ``city_name``: node -> name.
        numbered: the numbered spaces' nodes, in number order (index 0 is space 1).
        number_of: node -> number (1..8).
        name, teaching_board, note, source: from the file.
    """

    def __init__(self, graph, source: str = "", data: dict | None = None):
        self.graph = graph
        self.data = data  # the board file's content (saved games carry a non-teaching board whole)
        self.spaces = tuple(sorted(graph.nodes))
        self.neighbours = {node: tuple(sorted(graph[node])) for node in self.spaces}
        self.city_of = {a["good"]: n for n, a in graph.nodes.items() if a["kind"] == "city"}
        self.good_of = {n: g for g, n in self.city_of.items()}
        self.city_name = {n: graph.nodes[n]["name"] for n in self.good_of}
        numbered = sorted((a["number"], n) for n, a in graph.nodes.items() if a["kind"] == "numbered")
        self.numbered = tuple(n for _, n in numbered)
        self.number_of = {n: k for k, n in numbered}
        self.demand_start = tuple(self.numbered[k - 1] for k in DEMAND_START)
        self.name = graph.graph.get("name", "")
        self.teaching_board = graph.graph.get("teaching_board", False)
        self.note = graph.graph.get("note", "")
        self.source = source
        self.rows = 1 + max(r for r, _ in self.spaces)
        self.cols = 1 + max(c for _, c in self.spaces)

    def label(self, node) -> str:
        """A space in words: ``"Marrakesh (r0c3)"``, ``"space 1 (r0c0)"`` or ``"r3c3"``."""
        r, c = node
        if node in self.city_name:
            return f"{self.city_name[node]} (r{r}c{c})"
        if node in self.number_of:
            return tr("space {number} (r{row}c{col})").format(number=self.number_of[node], row=r, col=c)
        return f"r{r}c{c}"

    def space(self, where: Any):
        """The node for ``where``: a ``(row, col)`` pair, a city name (``"Marrakesh"``), a good whose city
        is meant (``"ivory"``) or a numbered space's number (``1``..``8``). ValueError otherwise."""
        if isinstance(where, str):
            for node, name in self.city_name.items():
                if name.lower() == where.lower():
                    return node
            if where.lower() in self.city_of:
                return self.city_of[where.lower()]
            raise ValueError(f"no city called {_short(where)}; the cities are {', '.join(sorted(self.city_name.values()))}")
        if isinstance(where, int) and not isinstance(where, bool):
            if 1 <= where <= len(self.numbered):
                return self.numbered[where - 1]
            raise ValueError(f"numbered spaces go from 1 to {len(self.numbered)}, not {where}")
        node = as_space(where)
        if node not in self.neighbours:
            raise ValueError(f"{_short(where)} is not a space of the {self.rows} x {self.cols} board")
        return node

    def __repr__(self) -> str:
        return f"<Caravan board {self.name!r}: {self.rows} x {self.cols}, {len(self.city_of)} cities>"


def as_space(where: Any) -> tuple[int, int]:
    """``(row, col)`` from a pair of whole numbers (tuple or list); ValueError otherwise."""
    if (isinstance(where, (tuple, list)) and len(where) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in where)):
        return (where[0], where[1])
    raise ValueError(f"a space is a (row, col) pair of whole numbers, not {_short(where)}")


def load_board(source: Any = None) -> Board:
    """Read, check and build a board.

    Args:
        source: a path to a board file, the parsed dict, or None for the teaching board.

    Returns:
        A :class:`Board` whose ``graph`` is a ``networkx.grid_2d_graph`` with attributes.

    Raises:
        DataFileError: the file is missing or not JSON, breaks the schema (the message names the
            field), or breaks CAR-COMP-5 (8 cities one per good, numbered spaces 1-8 once each, all
            inside the grid).
    """
    if source is None:
        return teaching_board()
    if isinstance(source, dict):
        data, name = source, "board data"
    else:
        name = str(source) if isinstance(source, (str, os.PathLike)) else "board file"
        data = read_json(source, what="board file", error=DataFileError)
    model = validate(BoardFile, data, source=name, error=DataFileError)
    _check_cells(model, name)
    cells = {}
    for cell in model.cells:
        extra: dict[str, Any] = {"kind": cell.kind}
        if cell.kind == "city":
            extra.update(good=cell.good, name=cell.name)
        else:
            extra["number"] = cell.number
        cells[(cell.row, cell.col)] = extra
    graph = _boards.grid_board(model.grid.rows, model.grid.cols, cells=cells, name=model.name, game="caravan",
                               teaching_board=model.teaching_board, note=model.note)
    graph.graph["source"] = name
    return Board(graph, name, model.model_dump())


@lru_cache(maxsize=1)
def teaching_board() -> Board:
    """The shipped teaching board (``data/board.json``), loaded once."""
    return load_board(TEACHING_BOARD)
