"""Boards as graphs, shared by every map game (Samarkand, Caravan, The Voyages of Marco Polo).

A board is a :class:`networkx.Graph`: nodes are spaces (map regions, grid squares, locations),
edges are what connects them (shared borders, grid neighbours, routes). Every node carries a
``kind`` and a ``pos`` (x, y) for drawing; games add their own attributes (a goods number, a
city's colour, a route's extra cost). The same graph answers the rules' questions (neighbours,
connected camel groups, cheapest routes) and draws the pictures, so a lesson can show exactly
what the engine computed.

Board files are JSON (see :func:`load_board`), checked by the shared validation layer
(:mod:`caravan_lessons.files`); a teacher who owns a game can load the printed map instead of
our teaching board. Drawing (:func:`draw_board`), clicking (:class:`BoardPicker`) and redrawing only what
moves (:class:`Blitter`) import matplotlib only when called, so engines that only need the graph stay light.

One drawing code path feeds every picture of a board: a lesson's static picture is ``draw_board`` (and the
game's ``viz`` module on top of it); a play app draws the very same picture once as the static part of a
:class:`Blitter` and then redraws only the pieces that move, whether the app shows a PNG or a clickable
ipympl canvas.

The board file format (``"format": "caravan_lessons.board"``, version 1)::

    {"format": "caravan_lessons.board", "version": 1, "game": "samarkand",
     "name": "Teaching board", "teaching_board": true,
     "note": "Not the printed map: ...",
     "nodes": [{"id": "g22", "kind": "goods", "pos": [3.5, 1.0], ...game attributes...}],
     "edges": [{"a": "g22", "b": "w1", ...game attributes...}]}
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import networkx as nx

from .core import _short
from .files import DataFileError, finite_number, read_json, validate

__all__ = [
    "BOARD_FORMAT",
    "Blitter",
    "BoardPicker",
    "DataFileError",
    "board_from_data",
    "draw_board",
    "grid_board",
    "load_board",
    "nearest_node",
    "package_file",
    "positions",
]

BOARD_FORMAT = "caravan_lessons.board"
BOARD_VERSION = 1
MAX_ID = 60
"""The longest id (and space or city name) a board file may give, in characters."""
MAX_NAME = 100
"""The longest board name, in characters."""
MAX_NOTE = 4000
"""The longest note (the paragraph saying what a teaching board is), in characters."""
_HEADER = {"format", "version", "game", "name", "teaching_board", "note", "nodes", "edges"}


def package_file(game: str, name: str) -> Path:
    """The path of a data file shipped with a game: ``caravan_lessons/<game>/data/<name>``."""
    return Path(__file__).resolve().parent / game / "data" / name


def load_board(source: str | Path | Mapping, *, game: str, node_model: type | None = None,
               edge_model: type | None = None, check: Callable[[nx.Graph], None] | None = None) -> nx.Graph:
    """Read and validate a board file (or an already-parsed dict) into a networkx Graph.

    Args:
        source: a path to a JSON board file, or the parsed dict.
        game: the game the board must be for (``"samarkand"``); a board of another game is refused.
        node_model: a :class:`~caravan_lessons.files.StrictModel` for each node's game attributes
            (every key of a node except ``id`` and ``pos``; ``kind`` included).
        edge_model: likewise for each edge's attributes (every key except ``a`` and ``b``).
        check: the game's own rules about a board (``check(graph)`` raises DataFileError).

    Returns:
        an undirected ``nx.Graph``: nodes keyed by id with attributes ``kind``, ``pos`` (x, y) and
        the validated game attributes; edges with theirs; ``graph.graph`` holds ``name``, ``game``,
        ``teaching_board``, ``note`` and ``source``.

    Raises:
        DataFileError: one line naming the file and the entry (``nodes[12] (id 'g22')``) and what
            was expected. Nothing else escapes for bad data.
    """
    if isinstance(source, Mapping):
        data, label = source, "board data"
    elif isinstance(source, (str, Path)):
        data, label = read_json(source, what="board file", error=DataFileError), str(source)
    else:
        raise DataFileError(f"a board is a file path or a dict, not {type(source).__name__}")
    return board_from_data(data, game=game, source=label, node_model=node_model, edge_model=edge_model,
                           check=check)


def _fail(source: str, text: str) -> DataFileError:
    return DataFileError(f"{source}: {text}")


def board_from_data(data: Any, *, game: str, source: str = "board data", node_model: type | None = None,
                    edge_model: type | None = None, check: Callable[[nx.Graph], None] | None = None) -> nx.Graph:
    """Build the graph from parsed board data; see :func:`load_board` for arguments and errors."""
    if not isinstance(data, Mapping):
        raise _fail(source, f"a board file holds a JSON object, not {type(data).__name__}")
    unknown = sorted(set(data) - _HEADER)
    if unknown:
        raise _fail(source, f"unknown field {_short(unknown[0])}; a board has {', '.join(sorted(_HEADER))}")
    if data.get("format") != BOARD_FORMAT:
        raise _fail(source, f"field 'format' should be {_short(BOARD_FORMAT)}, not {_short(data.get('format'))}")
    if data.get("version") != BOARD_VERSION or isinstance(data.get("version"), bool):
        raise _fail(source, f"board format version {_short(data.get('version'))}; this caravan_lessons reads {BOARD_VERSION}")
    if data.get("game") != game:
        raise _fail(source, f"this is a board for {_short(data.get('game'))}, not for {_short(game)}")
    for key, kind in (("name", str), ("note", str), ("teaching_board", bool)):
        if not isinstance(data.get(key), kind):
            raise _fail(source, f"field {_short(key)} should be {kind.__name__}, not {type(data.get(key)).__name__}")
    for key, most in (("name", MAX_NAME), ("note", MAX_NOTE)):
        if len(data[key]) > most:
            raise _fail(source, f"field {key!r} is {len(data[key])} characters long; at most {most} allowed")
    nodes, edges = data.get("nodes"), data.get("edges")
    if not isinstance(nodes, list) or not nodes:
        raise _fail(source, "field 'nodes' should be a non-empty list of spaces")
    if not isinstance(edges, list):
        raise _fail(source, "field 'edges' should be a list")

    graph = nx.Graph(name=data["name"], game=game, teaching_board=data["teaching_board"], note=data["note"],
                     source=source)
    for i, node in enumerate(nodes):
        where = f"nodes[{i}]"
        if not isinstance(node, Mapping):
            raise _fail(source, f"{where} should be an object, not {type(node).__name__}")
        node_id = node.get("id")
        if not isinstance(node_id, str) or not node_id or len(node_id) > MAX_ID:
            raise _fail(source, f"{where}: field 'id' should be a non-empty string of at most {MAX_ID} characters, "
                                f"not {_short(node_id)}")
        where = f"{where} (id {_short(node_id)})"
        if node_id in graph:
            raise _fail(source, f"{where}: the id is used twice")
        pos = node.get("pos")
        if not (isinstance(pos, list) and len(pos) == 2 and all(finite_number(v) for v in pos)):
            raise _fail(source, f"{where}: field 'pos' should be two numbers [x, y], not {_short(pos)}")
        attrs = {k: v for k, v in node.items() if k not in ("id", "pos")}
        if "kind" not in attrs or not isinstance(attrs["kind"], str):
            raise _fail(source, f"{where}: field 'kind' should be a string")
        if node_model is not None:
            attrs = validate(node_model, attrs, source=f"{source}: {where}", error=DataFileError).model_dump()
        graph.add_node(node_id, pos=(float(pos[0]), float(pos[1])), **attrs)
    for i, edge in enumerate(edges):
        where = f"edges[{i}]"
        if not isinstance(edge, Mapping):
            raise _fail(source, f"{where} should be an object with 'a' and 'b', not {type(edge).__name__}")
        a, b = edge.get("a"), edge.get("b")
        for end in (a, b):
            if not isinstance(end, str) or end not in graph:
                raise _fail(source, f"{where}: {_short(end)} is not the id of a node of this board")
        if a == b:
            raise _fail(source, f"{where}: an edge joins two different spaces, not {_short(a)} to itself")
        if graph.has_edge(a, b):
            raise _fail(source, f"{where}: {_short(a)}-{_short(b)} is listed twice")
        attrs = {k: v for k, v in edge.items() if k not in ("a", "b")}
        if edge_model is not None:
            attrs = validate(edge_model, attrs, source=f"{source}: {where} ({a}-{b})",
                             error=DataFileError).model_dump()
        graph.add_edge(a, b, **attrs)
    if check is not None:
        try:
            check(graph)
        except DataFileError as exc:
            text = str(exc)
            raise DataFileError(text if text.startswith(source) else f"{source}: {text}") from None
    return graph


def grid_board(rows: int, cols: int, *, cells: Mapping[tuple[int, int], Mapping[str, Any]] | None = None,
               name: str = "grid", game: str = "", teaching_board: bool = True, note: str = "") -> nx.Graph:
    """A rows x cols grid of squares, orthogonal neighbours joined (``networkx.grid_2d_graph``).

    Nodes are ``(row, col)`` with row 0 at the top; ``pos`` is ``(col, -row)`` so the drawing reads
    like the board. Every node has ``kind="plain"`` unless ``cells[(r, c)]`` gives attributes
    (including another ``kind``). Diagonal squares are not neighbours.

    Raises:
        DataFileError: sizes that are not positive whole numbers, or a cell outside the grid.
    """
    for label, value in (("rows", rows), ("cols", cols)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100:
            raise DataFileError(f"grid {label} should be a whole number from 1 to 100, not {_short(value)}")
    graph = nx.grid_2d_graph(rows, cols)
    graph.graph.update(name=name, game=game, teaching_board=teaching_board, note=note, source="grid")
    for r, c in graph.nodes:
        graph.nodes[r, c].update(kind="plain", pos=(float(c), float(-r)))
    for cell, attrs in (cells or {}).items():
        if cell not in graph:
            raise DataFileError(f"cell {_short(cell)} is outside the {rows}x{cols} grid")
        graph.nodes[cell].update(attrs)
    return graph


def positions(graph: nx.Graph) -> dict:
    """``{node: (x, y)}`` from the nodes' ``pos`` attributes (fixed, so pictures are stable)."""
    return {node: attrs["pos"] for node, attrs in graph.nodes(data=True)}


def nearest_node(graph: nx.Graph, x: float, y: float, max_distance: float | None = None):
    """The node whose ``pos`` is closest to (x, y), or ``None`` if none lies within ``max_distance``."""
    best, best_d = None, math.inf
    for node, (nx_, ny_) in positions(graph).items():
        d = math.hypot(nx_ - x, ny_ - y)
        if d < best_d:
            best, best_d = node, d
    if max_distance is not None and best_d > max_distance:
        return None
    return best


def _resolve(spec: Any, nodes: list, default: Any) -> list:
    if spec is None:
        return [default] * len(nodes)
    if callable(spec):
        return [spec(n) for n in nodes]
    if isinstance(spec, Mapping):
        return [spec.get(n, default) for n in nodes]
    return [spec] * len(nodes)


def draw_board(graph: nx.Graph, ax=None, *, node_color: Any = None, node_size: Any = 500,
               node_shape: str = "o", labels: Mapping | bool | None = None, font_size: float = 9,
               highlight_nodes: Iterable = (), highlight_path: Iterable = (), highlight_edges: Iterable = (),
               highlight_color: str = "#d62728", edge_style: Callable[[Any, Any, dict], dict] | None = None,
               title: str | None = None, legend: Mapping[str, str] | None = None):
    """Draw a board with networkx at its fixed positions; return the matplotlib Axes.

    Args:
        graph: a board from :func:`load_board` or :func:`grid_board`.
        ax: the Axes to draw on (a new 8x6-inch figure if None).
        node_color: one colour, ``{node: colour}``, or ``f(node) -> colour`` (default light grey).
        node_size: points^2, one value, a dict or a function, as for node_color.
        labels: ``{node: text}``; ``True`` for the node ids; ``None`` for none.
        highlight_nodes: nodes ringed in ``highlight_color`` (e.g. the legal spaces now).
        highlight_path: a sequence of nodes drawn as a thick line (a route).
        highlight_edges: edges drawn thick in ``highlight_color``.
        edge_style: ``f(u, v, attrs) -> dict`` of matplotlib line options per edge (e.g. water dashed).
        title: the Axes title.
        legend: ``{label: colour}`` shown as a legend (use it whenever colours mean something).
    """
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    if ax is None:
        fig = plt.figure(figsize=(8, 6))
        ax = fig.add_subplot()
    pos = positions(graph)
    nodes = list(graph.nodes)
    for u, v, attrs in graph.edges(data=True):
        style = {"color": "#999999", "linewidth": 1.0, "zorder": 1}
        if edge_style is not None:
            style.update(edge_style(u, v, attrs) or {})
        (x0, y0), (x1, y1) = pos[u], pos[v]
        ax.plot([x0, x1], [y0, y1], **style)
    for u, v in highlight_edges:
        (x0, y0), (x1, y1) = pos[u], pos[v]
        ax.plot([x0, x1], [y0, y1], color=highlight_color, linewidth=4, alpha=0.8, zorder=2)
    path = list(highlight_path)
    if len(path) > 1:
        ax.plot([pos[n][0] for n in path], [pos[n][1] for n in path], color=highlight_color, linewidth=5,
                alpha=0.75, solid_capstyle="round", zorder=2)
    colours = _resolve(node_color, nodes, "#dddddd")
    sizes = _resolve(node_size, nodes, 500)
    ax.scatter([pos[n][0] for n in nodes], [pos[n][1] for n in nodes], s=sizes, c=colours, marker=node_shape,
               edgecolors="#333333", linewidths=0.8, zorder=3)
    ringed = [n for n in highlight_nodes if n in pos]
    if ringed:
        ring_sizes = [s * 1.9 for n, s in zip(nodes, sizes) if n in set(ringed)]
        ordered = [n for n in nodes if n in set(ringed)]
        ax.scatter([pos[n][0] for n in ordered], [pos[n][1] for n in ordered], s=ring_sizes, facecolors="none", marker=node_shape,
                   edgecolors=highlight_color, linewidths=2.5, zorder=4)
    if labels is True:
        labels = {n: str(n) for n in nodes}
    for node, text in (labels or {}).items():
        if node in pos:
            ax.annotate(str(text), pos[node], ha="center", va="center", fontsize=font_size, zorder=5)
    if legend:
        handles = [Line2D([], [], marker=node_shape, linestyle="", markersize=9, markerfacecolor=colour,
                          markeredgecolor="#333333", label=label) for label, colour in legend.items()]
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=9, frameon=False)
    if title:
        ax.set_title(title, fontsize=11)
    ax.set_aspect("equal")
    ax.margins(0.08)
    ax.axis("off")
    return ax


class BoardPicker:
    """Click-to-node picking on a matplotlib figure (an ipympl canvas in Jupyter).

    Args:
        figure: the matplotlib Figure showing the board (``draw_board``'s ``ax.figure``).
        graph: the board.
        on_pick: called as ``on_pick(node)`` with the node nearest to a click inside the axes.
        max_distance: clicks farther than this (in board units) from every node are ignored
            (default: 0.45 of the shortest edge, so a click halfway between two spaces picks neither).

    ``pick_at(x, y)`` does what a click at board coordinates (x, y) does (tests use it);
    ``disconnect()`` releases the canvas callback (call it when the app closes).
    """

    def __init__(self, figure, graph: nx.Graph, on_pick: Callable[[Any], None], max_distance: float | None = None):
        self.figure = figure
        self.graph = graph
        self.on_pick = on_pick
        if max_distance is None:
            pos = positions(graph)
            lengths = [math.dist(pos[u], pos[v]) for u, v in graph.edges]
            max_distance = 0.45 * min(lengths) if lengths else math.inf
        self.max_distance = max_distance
        self._cid = figure.canvas.mpl_connect("button_press_event", self._clicked)

    def _clicked(self, event) -> None:
        if event.inaxes is None or event.xdata is None:
            return
        self.pick_at(event.xdata, event.ydata)

    def pick_at(self, x: float, y: float):
        """Pick the node nearest (x, y) if it is close enough; return it (or None)."""
        node = nearest_node(self.graph, x, y, self.max_distance)
        if node is not None:
            self.on_pick(node)
        return node

    def disconnect(self) -> None:
        """Stop listening to clicks."""
        if self._cid is not None:
            self.figure.canvas.mpl_disconnect(self._cid)
            self._cid = None


class Blitter:
    """Draw a figure's static part once, then only its moving artists over it (matplotlib blitting).

    A play app's board is a picture whose background (the map, the grid, the legend) never changes while a
    few artists (camels, rings, a path, the title) change after every click. A whole-figure draw of a map
    costs 50-150 ms of Agg rendering on a quiet core (about 0.5 s at load 9, and an ipympl canvas also waits
    for the browser to ask for it); restoring the cached background and drawing the moving artists costs a
    few ms. The Blitter works on the figure's own Agg-based canvas: a ``FigureCanvasAgg`` for pictures (it
    makes one if the figure has none) or an ipympl canvas for a clickable board.

    Args:
        figure: the ``matplotlib.figure.Figure`` holding the whole picture.
        artists: the moving artists (:meth:`set_artists`).

    The moving artists are marked *animated*, so a whole-figure draw leaves them out; after every such draw
    (the first one, one the browser asks for when it shows or resizes an ipympl canvas, or one after
    :meth:`invalidate`) the Blitter keeps the picture as the background and draws the moving artists over
    it. A figure being saved (``savefig``) is drawn whole, moving artists included, and does not touch the
    background.

    A static part with a few variants (a map's city notes as they were before and after an outpost bonus was
    taken) keeps a background per variant: :meth:`use_background` says which variant is shown, and one seen
    before is restored without a whole draw (the :data:`KEPT` most recent ones are kept).

    Attributes:
        full_draws: how many whole-figure draws have happened (tests and the bench read it).
        blits: how many frames were made by blitting.
    """

    KEPT = 8
    """Backgrounds of other variants of the static part kept for :meth:`use_background` (1.4 MB each for a map)."""

    def __init__(self, figure, artists=()):
        self.figure = figure
        self.artists: list = []
        self._background = None
        self._size = None
        self._key = None
        self._kept: dict = {}     # variant key -> (background, size), oldest first
        self.full_draws = 0
        self.blits = 0
        self._agg_canvas()
        self._cid = figure.canvas.mpl_connect("draw_event", self._after_full_draw)
        self.set_artists(artists)

    def _agg_canvas(self):
        canvas = self.figure.canvas
        if not hasattr(canvas, "copy_from_bbox"):
            # a bare FigureCanvasBase (a new Figure, or a pyplot figure the inline backend closed): an Agg canvas
            from matplotlib.backends.backend_agg import FigureCanvasAgg

            canvas = FigureCanvasAgg(self.figure)
            self._background = None
        return canvas

    def set_artists(self, artists) -> None:
        """The moving artists, drawn in zorder over the background (artists no longer listed are drawn into
        the background again at the next whole draw)."""
        new = list(artists)
        for artist in self.artists:
            if all(artist is not other for other in new):
                artist.set_animated(False)
        for artist in new:
            artist.set_animated(True)
        self.artists = sorted(new, key=lambda a: a.get_zorder())

    def invalidate(self) -> None:
        """The static part changed (e.g. a label of the map): the next :meth:`frame` draws the whole figure (and no
        background kept for :meth:`use_background` is used again)."""
        self._background = None
        self._kept.clear()

    def use_background(self, key) -> None:
        """The static part now shows its variant ``key`` (any hashable: the caller sets the static artists to that
        variant first). The background of the variant shown until now is kept; one kept for ``key`` is used again
        (the next :meth:`frame` blits over it), else the next :meth:`frame` draws the whole figure."""
        if key == self._key:
            return
        if self._background is not None:
            self._kept[self._key] = (self._background, self._size)
            while len(self._kept) > self.KEPT:
                self._kept.pop(next(iter(self._kept)))
        self._key = key
        self._background, self._size = self._kept.pop(key, (None, None))

    def _current_size(self):
        canvas = self.figure.canvas
        return canvas.get_width_height(physical=True), self.figure.dpi

    def _after_full_draw(self, _event) -> None:
        canvas = self.figure.canvas
        if canvas.is_saving():      # savefig draws the whole figure, moving artists included: not a background
            return
        self.full_draws += 1
        self._background = canvas.copy_from_bbox(self.figure.bbox)
        self._size = self._current_size()
        self._draw_artists()

    def _draw_artists(self) -> None:
        for artist in self.artists:
            if artist.get_visible() and artist.figure is not None:
                self.figure.draw_artist(artist)

    def frame(self) -> str:
        """Bring the canvas's pixels up to date; return ``"full"`` (the whole figure was drawn: no background
        yet, the static part changed, or the canvas changed size) or ``"blit"`` (background restored, the moving
        artists drawn over it)."""
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        canvas = self._agg_canvas()
        if self._background is None or self._size != self._current_size():
            # the Agg drawing alone (a live canvas's own draw would also send the frame: show_live does that);
            # the draw_event keeps the background and draws the moving artists
            FigureCanvasAgg.draw(canvas)
            return "full"
        canvas.restore_region(self._background)
        self._draw_artists()
        self.blits += 1
        return "blit"

    def png(self, compress_level: int = 1) -> bytes:
        """:meth:`frame`, then the canvas's pixels as PNG bytes (RGB; fast compression)."""
        import io

        from PIL import Image

        self.frame()
        canvas = self.figure.canvas
        image = Image.frombuffer("RGBA", canvas.get_width_height(physical=True), bytes(canvas.buffer_rgba()),
                                 "raw", "RGBA", 0, 1)
        buffer = io.BytesIO()
        image.convert("RGB").save(buffer, format="png", compress_level=compress_level)
        return buffer.getvalue()

    def show_live(self, send: bool = True) -> str:
        """:meth:`frame` on a live (ipympl) canvas, then, if ``send``, send what changed at once: the canvas sends
        only the changed pixels (its diff frames), without asking the browser for a whole redraw. Returns what
        :meth:`frame` returned."""
        kind = self.frame()
        if send:
            self.figure.canvas.blit(self.figure.bbox)
        return kind

    def disconnect(self) -> None:
        """Stop listening to the canvas's draws (call it when the board is closed)."""
        if self._cid is not None:
            self.figure.canvas.mpl_disconnect(self._cid)
            self._cid = None
