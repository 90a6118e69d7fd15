"""The Samarkand map as data: board file + families file -> a checked :class:`Board`.

The rulebook gives neither the map nor the families (see ``shared/design/samarkand.md``),
so the package ships a *teaching board* (``data/board.json``, ``data/families.json``) built
on the rulebook's counts. A teacher who owns the game may load their own files::

    from caravan_lessons import samarkand
    board = samarkand.load_board("my_board.json", families="my_families.json")
    state = samarkand.new_game(players=4, seed=1, board=board)

Both files go through the shared validation layer: the board's schema (``boards.load_board``),
then the game rules below (SAM-COMP-1, SAM-COMP-2, SAM-COMP-4). Any problem raises
``DataFileError`` naming the file, the entry and the rule.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Literal

from ..boards import MAX_ID, MAX_NOTE, load_board as _load_graph, package_file
from ..core import _short
from ..files import DataFileError, StrictModel, check, read_json, validate
from ..i18n import get_language, pgettext, tr
from .actions import Marry, Place
from .components import FAMILIES, GOODS_COUNT, KINDS, LAND_KINDS

from pydantic import Field  # noqa: E402 - after the package imports (files builds StrictModel lazily)

__all__ = ["Board", "Family", "load_board", "default_board"]


Name = Annotated[str, Field(max_length=MAX_ID)]
"""An id or name in a board or families file: at most 60 characters."""


class SpaceAttrs(StrictModel):
    """Game attributes of one board node (besides id and pos)."""

    kind: Name
    name: Name
    number: int | None = None
    family: Name | None = None


class BorderAttrs(StrictModel):
    """A shared border between two spaces carries no game attributes."""


class FamilyEntry(StrictModel):
    """One family of ``families.json``."""

    id: Annotated[str, Field(min_length=1, max_length=MAX_ID)]
    name: Name
    colour: Name
    colour_name: Name
    price: int
    house: Literal["top", "bottom"]
    slot: int
    start: Name


class FamiliesFile(StrictModel):
    """The families file: ten families with colour, marriage price, house and start space."""

    format: Literal["caravan_lessons.samarkand.families"]
    version: Annotated[int, Field(ge=1, le=1, description="format version (1); strict: true is not 1")]
    teaching_board: bool = False
    note: Annotated[str, Field(max_length=MAX_NOTE)] = ""
    families: list[FamilyEntry] = Field(max_length=FAMILIES)


@dataclass(frozen=True)
class Family:
    """A merchant family (SAM-COMP-1).

    Attributes:
        id: short name used in actions (``"levant"``).
        source_name: display name in the families file (``"Levant"``); ``name`` is it in the current language.
        colour: matplotlib colour of its camels; source_colour_name in words (``"red"``), ``colour_name``
            in the current language.
        price: marriage price in dirhams (3..6).
        house: ``"top"`` or ``"bottom"`` edge of the board; slot 1..5 from west to east.
        start: id of its start space.
    """

    id: str
    source_name: str
    colour: str
    source_colour_name: str
    price: int
    house: str
    slot: int
    start: str

    @property
    def name(self) -> str:
        """The family's name in the current language (a teacher's own names stay as written)."""
        return pgettext("family", self.source_name)

    @property
    def colour_name(self) -> str:
        """The colour in words, in the current language."""
        return pgettext("colour", self.source_colour_name)


_LOADED: dict = {}
"""The boards loaded in this session by :attr:`Board.fingerprint` (their content), so a saved game, which
records the fingerprint of its board, finds it. Keyed by content, not by name: an edited copy of the
teaching board that keeps its name is another board and never takes the teaching board's place."""


def board_with(fingerprint) -> "Board | None":
    """The board of this content (:attr:`Board.fingerprint`) loaded in this session, or None. The teaching
    board is always known (loaded here if this process has not used it yet: a fresh worker process)."""
    if not isinstance(fingerprint, str):
        return None
    if fingerprint not in _LOADED:
        default_board()
    return _LOADED.get(fingerprint)


def board_named(name) -> "Board | None":
    """The teaching board if ``name`` is its name, else None. [ruling] Boards are found by content
    (:func:`board_with`); a name alone finds only the teaching board (saves written before fingerprints)."""
    board = default_board()
    return board if isinstance(name, str) and name == board.graph.graph.get("name", "") else None


def fingerprint(graph, families) -> str:
    """16 hex digits of SHA-256 over the whole content of a board and its families file: every space with
    all its attributes (position and name included), every border, every family, the board's name and
    note; only where it was read from (``source``) is left out. Two boards with one fingerprint are the
    same board, whatever their files are called."""
    import hashlib
    import json

    content = {
        "board": sorted((k, v) for k, v in graph.graph.items() if k != "source"),
        "spaces": sorted((str(n), sorted(a.items())) for n, a in graph.nodes(data=True)),
        "borders": sorted(sorted((str(a), str(b))) for a, b in graph.edges),
        "families": [sorted((k.removeprefix("source_"), v) for k, v in vars(f).items()) for f in families],  # as in the file
    }
    return hashlib.sha256(json.dumps(content, sort_keys=True, default=str).encode("utf-8")).hexdigest()[:16]


class Board:
    """A checked Samarkand map with integer indices for the engine.

    Attributes:
        graph: the ``networkx.Graph`` (node attrs kind, pos, name, number, family).
        spaces: space ids in a fixed order; ``index[id]`` is a space's position in it.
        kinds: per space, ``"land"``, ``"goods"``, ``"start"`` or ``"water"``.
        land: per space, True unless water (SAM-REL-2).
        number: per space, its goods number or 0.
        goods_space: goods number -> space index; goods_names: number -> name.
        adjacent: per space, the tuple of adjacent space indices (SAM-COMP-4).
        families: the ten :class:`Family` in file order; family_index: id -> index;
        start: per family, the index of its start space.
    """

    def __init__(self, graph, families: list[Family], source: str = ""):
        self.graph = graph
        self.source = source
        self.spaces: tuple[str, ...] = tuple(graph.nodes)
        self.index = {s: i for i, s in enumerate(self.spaces)}
        nodes = graph.nodes
        self.kinds = tuple(nodes[s]["kind"] for s in self.spaces)
        self.land = tuple(k in LAND_KINDS for k in self.kinds)
        self.source_names = tuple(nodes[s]["name"] for s in self.spaces)
        self.number = tuple(nodes[s].get("number") or 0 for s in self.spaces)
        self.goods_space = {n: i for i, n in enumerate(self.number) if n}
        self.adjacent = tuple(tuple(sorted(self.index[t] for t in graph[s])) for s in self.spaces)
        self.families = tuple(families)
        self.family_index = {f.id: i for i, f in enumerate(families)}
        self.start = tuple(self.index[f.start] for f in families)
        self.prices = tuple(f.price for f in families)
        self.marry_actions = tuple(Marry(f.id) for f in families)
        self.place_actions = tuple(tuple(Place(f.id, s) for s in self.spaces) for f in families)
        """Ready-made actions (legal_actions hands out these objects instead of building new ones)."""
        self._worded: dict[str, tuple] = {}
        self.fingerprint = fingerprint(graph, self.families)
        """What the board plays like, in 16 hex digits (:func:`fingerprint`); saved games record it."""
        _LOADED.setdefault(self.fingerprint, self)
        self.teaching_board = bool(graph.graph.get("teaching_board"))
        self.note = graph.graph.get("note", "")

    def __repr__(self) -> str:
        return (f"<Samarkand board {_short(self.graph.graph.get('name', ''))}: {len(self.spaces)} spaces, "
                f"{len(self.goods_space)} goods, {self.kinds.count('water')} water>")

    def _words(self) -> tuple:
        """(names, labels, goods names) in the current language, made once per language."""
        lang = get_language()
        words = self._worded.get(lang)
        if words is None:
            names = tuple(pgettext("place", n) for n in self.source_names)
            goods = {n: names[i] for n, i in self.goods_space.items()}
            self._worded[lang] = (names, None, goods)   # space_label reads the names
            labels = tuple(self.space_label(s) for s in range(len(self.spaces)))
            self._worded[lang] = words = (names, labels, goods)
        return words

    @property
    def names(self) -> tuple[str, ...]:
        """Per space, its name in the current language (``source_names``: as in the board file)."""
        return self._words()[0]

    @property
    def labels(self) -> tuple[str, ...]:
        """Per space, its label in words (``space_label``) in the current language, for the event log."""
        return self._words()[1]

    @property
    def goods_names(self) -> dict[int, str]:
        """Goods number -> the goods' name in the current language."""
        return self._words()[2]

    def space_label(self, space: int) -> str:
        """``"diamond (22)"``, ``"Caspian Sea (water)"``, ``"Antioch (Levant start)"``, ``"land 4"``, in the current
        language."""
        kind = self.kinds[space]
        name = self.names[space]
        if kind == "goods":
            return f"{name} ({self.number[space]})"
        if kind == "water":
            return tr("{name} (water)").format(name=name)
        if kind == "start":
            fam = self.families[self.family_index[self.graph.nodes[self.spaces[space]]["family"]]]
            return tr("{name} ({family} start)").format(name=name, family=fam.name)
        return name


def _check_families(entries: list[FamilyEntry], source: str, colours: bool = True) -> list[Family]:
    """The families file's rules (SAM-COMP-1); ``colours``: also check each colour is one matplotlib
    can draw (matplotlib is imported for that, so the package's own file, tested once, skips it)."""
    def fail(cond, msg, rule="SAM-COMP-1"):
        check(cond, msg, rule=rule, source=source, error=DataFileError)

    fail(len(entries) == FAMILIES, f"there must be {FAMILIES} families, the file has {len(entries)}")
    ids = [e.id for e in entries]
    fail(len(set(ids)) == len(ids), f"family ids must be different: {ids}")
    for e in entries:
        fail(3 <= e.price <= 6, f"family {_short(e.id)}: marriage price {e.price} is outside 3..6 dirhams")
        fail(1 <= e.slot <= 5, f"family {_short(e.id)}: house slot {e.slot} is outside 1..5")
    if colours:
        from matplotlib.colors import is_color_like  # lazily: bots and the engine never draw

        for e in entries:
            fail(is_color_like(e.colour), f"family {_short(e.id)}: colour {_short(e.colour)} is not a colour matplotlib can draw "
                 "(a name like 'red' or a hex code like '#d62728')")
    for edge in ("top", "bottom"):
        slots = sorted(e.slot for e in entries if e.house == edge)
        fail(slots == [1, 2, 3, 4, 5], f"the {edge} edge must hold 5 houses in slots 1..5, not {slots}")
    return [Family(**{("source_" + k if k in ("name", "colour_name") else k): v for k, v in e.model_dump().items()})
            for e in entries]


def _board_rules(families: list[Family]):
    """The game rules a board must meet, as a ``check(graph)`` for ``boards.load_board``."""
    known = {f.id: f for f in families}

    def rules(graph) -> None:
        source = graph.graph.get("source", "board file")

        def fail(cond, msg, rule):
            check(cond, msg, rule=rule, source=source, error=DataFileError)

        numbers: dict[int, str] = {}
        starts: dict[str, str] = {}
        for node, attrs in graph.nodes(data=True):
            kind, number, family = attrs["kind"], attrs.get("number"), attrs.get("family")
            fail(kind in KINDS, f"space {_short(node)} has kind {_short(kind)}; the kinds are {sorted(KINDS)}", "SAM-COMP-4")
            if number is not None:
                fail(kind != "water", f"goods space {_short(node)} (number {number}) is on water; goods spaces are land",
                     "SAM-COMP-2")
                fail(kind == "goods", f"space {_short(node)} of kind {_short(kind)} has a goods number; only goods spaces do",
                     "SAM-COMP-2")
                fail(1 <= number <= GOODS_COUNT, f"goods space {_short(node)} has number {number}, outside 1..33",
                     "SAM-COMP-2")
                fail(number not in numbers, f"goods number {number} is used twice ({_short(numbers.get(number))} and "
                     f"{_short(node)}); each goods has one space", "SAM-COMP-2")
                numbers[number] = node
            else:
                fail(kind != "goods", f"goods space {_short(node)} has no goods number", "SAM-COMP-2")
            if kind == "start":
                fail(family is not None, f"start space {_short(node)} names no family", "SAM-COMP-1")
                fail(family in known, f"start space {_short(node)} names an unknown family {_short(family)}; the families "
                     f"are {sorted(known)}", "SAM-COMP-1")
                fail(family not in starts, f"family {_short(family)} has two start spaces ({_short(starts.get(family))} and "
                     f"{_short(node)})", "SAM-COMP-1")
                starts[family] = node
            else:
                fail(family is None, f"space {_short(node)} of kind {_short(kind)} names a family; only start spaces do",
                     "SAM-COMP-1")
        missing = sorted(set(range(1, GOODS_COUNT + 1)) - set(numbers))
        fail(not missing, f"goods numbers {missing} have no goods space; goods 1..33 each need one", "SAM-COMP-2")
        for f in families:
            fail(f.id in starts, f"family {_short(f.id)} has no start space on the board", "SAM-COMP-1")
            fail(starts[f.id] == f.start, f"family {_short(f.id)} starts at {_short(f.start)} in the families file but the "
                 f"board marks {_short(starts[f.id])}", "SAM-COMP-1")
        for node in graph.nodes:
            fail(graph.degree(node) > 0, f"space {_short(node)} has no neighbour", "SAM-COMP-4")

    return rules


def load_board(board: Any = None, families: Any = None) -> Board:
    """Load and check a Samarkand board.

    Args:
        board: a board file path, a parsed dict, or None for the teaching board
            (``data/board.json``, format ``caravan_lessons.board``).
        families: a families file path, a parsed dict, or None for ``data/families.json``.

    Returns:
        a :class:`Board`.

    Raises:
        DataFileError: unreadable file, bad schema, or a broken game rule (unknown family, a family
            without its start space, a duplicate or missing goods number, a goods space on water...),
            the message naming the file, the entry and the rule ID. A given families file's colours
            must be colours matplotlib can draw (checked with ``matplotlib.colors.is_color_like``).
    """
    fam_source = str(families) if isinstance(families, (str, os.PathLike)) else "families file"
    own_families = families is None
    if families is None:
        families = package_file("samarkand", "families.json")
    data = families if isinstance(families, dict) else read_json(families, what="families file", error=DataFileError)
    parsed = validate(FamiliesFile, data, source=fam_source, error=DataFileError)
    fams = _check_families(parsed.families, fam_source, colours=not own_families)
    if board is None:
        board = package_file("samarkand", "board.json")
    graph = _load_graph(board, game="samarkand", node_model=SpaceAttrs, edge_model=BorderAttrs,
                        check=_board_rules(fams))
    return Board(graph, fams, graph.graph.get("source", ""))


@lru_cache(maxsize=1)
def default_board() -> Board:
    """The teaching board (loaded once and shared: a Board is never changed)."""
    return load_board()
