"""Matplotlib pictures of Caravan: the grid with cities, goods, demand markers and every camel; camel
groups as connected components; where a good can go this action; the bag's contents.

The grid itself is drawn by the shared :func:`caravan_lessons.boards.draw_board` (fixed positions:
x = column, y = -row); this module adds the pieces on top. Functions draw on a Matplotlib Axes
(a new ``matplotlib.figure.Figure`` when none is given, no pyplot state) and return it, so the
pictures work the same in notebooks, widgets and tests; :func:`caravan_lessons.viz.to_png` turns
a figure into bytes.
"""
from __future__ import annotations

from matplotlib.colors import to_rgb
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from .. import boards
from ..core import plural
from ..caravan.components import DRAW_COLOURS, GOODS, PLAYER_COLOURS, RARE
from . import to_png  # noqa: F401  (re-exported for lessons)

__all__ = ["SCORE_COLOURS", "draw_bag", "draw_grid", "draw_legend", "draw_pieces", "draw_state", "pieces",
           "reach_of", "state_figure", "status", "to_png"]

CELL = 0.86
"""Side of a drawn space, in board units (spaces are 1 apart)."""
SCORE_COLOURS = {**{f"goods:{g}": DRAW_COLOURS[g] for g in GOODS}, "demand": "#111111", "penalty": "#f4a6a6"}
"""Colours of the score-sheet categories: each good in its cube's colour on the board (the chart and the board
agree), demand markers black as their discs, the penalty for goods still loaded light red."""


def _mix(colour: str, towards: str = "white", amount: float = 0.5) -> tuple:
    a, b = to_rgb(colour), to_rgb(towards)
    return tuple(x + (y - x) * amount for x, y in zip(a, b))


def _space_colour(board, node) -> tuple:
    attrs = board.graph.nodes[node]
    if attrs["kind"] == "city":
        return _mix(DRAW_COLOURS[attrs["good"]], amount=0.55)
    if attrs["kind"] == "numbered":
        return to_rgb("#e9d8b4")
    return to_rgb("#f6f1e6")


def _new_axes(ax, size=(9.6, 7.0)):
    if ax is None:
        fig = Figure(figsize=size)
        ax = fig.add_axes((0.01, 0.01, 0.66, 0.92))
    return ax


def reach_of(state, source, player: int | None = None) -> tuple[list, list]:
    """For the good on ``player``'s camel at ``source`` (default: the player to act): the cities of its
    group where one action delivers, and the chain path to the nearest one (CAR-MOVE-1, -2)."""
    player = state.current if player is None else player
    found = state.reachable_cities(player, source)
    goods_there = [state.load[player][i] for i in state.camels_at(player, source) if state.load[player][i]]
    own = [city for city in found if state.board.good_of[city] in goods_there]
    paths = sorted((len(found[c]), found[c]) for c in own)
    return own, (paths[0][1] if paths else [])


def draw_state(state, ax=None, *, groups_of: int | None = None, good_from=None, title: str | None = None,
               legend: bool = True):
    """The board: spaces (cities tinted in their good's colour, numbered spaces in sand), the goods lying
    on numbered spaces (small cubes), demand markers (black discs with their count) and every camel
    (a disc in the player's colour; a cube on top of it = loaded, a cube under it with a dashed edge =
    stolen and safe, CAR-STEAL-2).

    Args:
        state: a :class:`~caravan_lessons.caravan.State`.
        ax: the Axes to draw on (a new 9.6 x 7 inch figure if None).
        groups_of: a seat: shade each of its camel groups (networkx connected components, CAR-MOVE-1)
            in its own tone.
        good_from: a space where the player to act has a loaded camel: ring the cities where one
            action delivers that good and draw the chain path to the nearest (CAR-MOVE-2).
        title: the title (default: turn, player to act and actions left).
        legend: add the legend of goods and players.

    Returns:
        The Axes.
    """
    ax = _new_axes(ax)
    if title is None:
        title = status(state)
    draw_grid(state.board, ax, title=title)
    draw_pieces(state, ax, groups_of=groups_of, good_from=good_from)
    if legend:
        ax.legend(handles=_legend_handles(state), loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=9,
                  frameon=False)
    return ax


def draw_legend(state, ax, ncol: int = 3, fontsize: float = 8):
    """The board's legend on its own Axes (below a board): the players' camels, each good's cube in its
    colour (rare 6 or common 3 points), the demand-marker disc, loaded and stolen cubes. Returns the Axes."""
    ax.axis("off")
    ax.legend(handles=_legend_handles(state), loc="center", ncol=ncol, fontsize=fontsize, frameon=False,
              handletextpad=0.3, columnspacing=0.9, borderaxespad=0)
    return ax


def status(state) -> str:
    """One line: whose turn and how many actions are left, or the verdict once the game is over."""
    if state.over:
        return "Game over -- " + state.score_sheet().verdict
    return (f"Turn {state.turn + 1}: player {state.current} to act, {plural(state.actions_left, 'action')} "
            f"left; {plural(len(state.bag), 'cube')} in the bag")


def draw_grid(board, ax=None, title: str | None = None):
    """The board alone (static: draw it once, then :func:`draw_pieces` on top after each action):
    the grid graph by :func:`boards.draw_board` (orthogonal links only), spaces as squares, city
    names and space numbers. Returns the Axes."""
    ax = _new_axes(ax)
    boards.draw_board(board.graph, ax, node_color="#f6f1e6", node_size=0, labels=None, title=title)
    for node in board.spaces:  # the spaces as squares (drawn here: squares must tile the grid)
        x, y = node[1], -node[0]
        ax.add_patch(Rectangle((x - CELL / 2, y - CELL / 2), CELL, CELL, facecolor=_space_colour(board, node),
                               edgecolor="#8a7a5a", lw=0.8, zorder=1.5))
        _space_label(board, ax, node)
    # the rows and columns by the names the action list and the log use (r2c5 = row 2, column 5)
    for r in range(board.rows):
        ax.text(-0.56, -r, f"r{r}", ha="right", va="center", fontsize=8.5, color="#555", gid="row-label")
    for c in range(board.cols):
        ax.text(c, 0.56, f"c{c}", ha="center", va="bottom", fontsize=8.5, color="#555", gid="column-label")
    ax.set_xlim(-0.95, board.cols - 0.4)
    ax.set_ylim(-(board.rows - 0.4), 0.9)
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


def _space_label(board, ax, node, colour: str = "#222") -> None:
    """The city name or the space number along the top of a space."""
    x, y = node[1], -node[0]
    if node in board.city_name:
        ax.text(x, y + CELL / 2 - 0.12, board.city_name[node], ha="center", va="center", zorder=6,
                fontsize=8.5, color=colour, gid="space-label")
    elif node in board.number_of:
        ax.text(x, y + CELL / 2 - 0.12, str(board.number_of[node]), ha="center", va="center", zorder=6,
                fontsize=10, fontweight="bold", color=colour, gid="space-label")


def _squares(ax, boxes: list, gid: str, zorder: float, **style):
    """Squares ``[(x, y, width, height, facecolour), ...]`` (lower-left corner, board units) as one PolyCollection
    (one draw call, made from plain coordinates: an app redraws its pieces after every click). None if none."""
    if not boxes:
        return None
    from matplotlib.collections import PolyCollection

    verts = [((x, y), (x + w, y), (x + w, y + h), (x, y + h)) for x, y, w, h, _c in boxes]
    faces = [c for *_xywh, c in boxes]
    collection = PolyCollection(verts, facecolors=faces if faces[0] is not None else "none", zorder=zorder,
                                gid=gid, **style)
    ax.add_collection(collection, autolim=False)
    return collection


def _discs(ax, discs: list, gid: str, zorder: float, **style):
    """Discs ``[(x, y, radius, facecolour), ...]`` (board units) as one EllipseCollection. None if none."""
    if not discs:
        return None
    from matplotlib.collections import EllipseCollection

    sizes = [2 * r for _x, _y, r, _c in discs]
    collection = EllipseCollection(sizes, sizes, 0, units="xy", offsets=[(x, y) for x, y, _r, _c in discs],
                                   offset_transform=ax.transData, facecolors=[c for *_xyr, c in discs],
                                   zorder=zorder, gid=gid, **style)
    ax.add_collection(collection, autolim=False)
    return collection


def pieces(ax, gid: str) -> int:
    """How many pieces of one kind :func:`draw_pieces` drew on ``ax``: ``gid`` is ``"camels"``, ``"goods"``,
    ``"demand"``, ``"loaded"``, ``"stolen"``, ``"group-shade"`` or ``"reach"`` (tests and lessons count them)."""
    from matplotlib.collections import EllipseCollection

    return sum(len(c.get_offsets()) if isinstance(c, EllipseCollection) else len(c.get_paths())
               for c in ax.collections if c.get_gid() == gid)


def draw_pieces(state, ax, *, groups_of: int | None = None, good_from=None) -> list:
    """Goods, demand markers, camels, group shading and the reach of a good on an Axes holding
    :func:`draw_grid`; returns the artists added (remove them to redraw after the next action).

    Each kind of piece is one collection (gids as in :func:`pieces`); a demand disc shows its count when
    more than one marker lies there."""
    before = set(ax.get_children())
    half = CELL / 2
    if groups_of is not None:
        colour = PLAYER_COLOURS[groups_of]
        groups = sorted(state.camel_groups(groups_of), key=lambda g: min(g))
        tones = [("white", 0.15), ("black", 0.35), ("white", 0.6), ("black", 0.6)]
        shades = []
        for k, group in enumerate(groups):
            shade = _mix(colour, *tones[k % len(tones)])
            for node in group:
                # the shade (alpha 0.55) over the space: white words where the result is dark
                seen = tuple(0.55 * s + 0.45 * b for s, b in zip(shade, _space_colour(state.board, node)))
                ink = "white" if 0.2126 * seen[0] + 0.7152 * seen[1] + 0.0722 * seen[2] < 0.5 else "#222"
                x, y = node[1], -node[0]
                shades.append((x - half, y - half, CELL, CELL, shade))
                _space_label(state.board, ax, node, ink)  # again over the shade (an app blits pieces over the grid)
                if node in state.board.city_name:
                    # a city's name fills its top row and a city holds no cube nor demand disc: right middle
                    ax.text(x + half - 0.04, y + 0.06, f"g{k + 1}", fontsize=8, zorder=6,
                            color=ink, fontweight="bold", ha="right", va="center", gid="group-label")
                else:
                    # top-right corner: clear of the number (top middle), the cube (left), the demand disc
                    # (right middle) and the camels (bottom)
                    ax.text(x + half - 0.04, y + half - 0.04, f"g{k + 1}", fontsize=8, zorder=6,
                            color=ink, fontweight="bold", ha="right", va="top", gid="group-label")
        _squares(ax, shades, "group-shade", 1.6, alpha=0.55, edgecolors=colour, linewidths=2)
    if good_from is not None:
        ring, path = reach_of(state, good_from)
        _squares(ax, [(n[1] - half - 0.04, -n[0] - half - 0.04, CELL + 0.08, CELL + 0.08, None) for n in ring],
                 "reach", 7, edgecolors="#d62728", linewidths=3)
        if len(path) > 1:
            ax.plot([n[1] for n in path], [-n[0] for n in path], color="#d62728", lw=5, alpha=0.75,
                    solid_capstyle="round", zorder=2.5)
    _squares(ax, [(n[1] - 0.32, -n[0] - 0.02, 0.2, 0.2, DRAW_COLOURS[g]) for n, g in state.goods.items()], "goods", 5,
             edgecolors="#222", linewidths=0.8)
    _discs(ax, [(n[1] + 0.26, -n[0] + 0.06, 0.1, "#111") for n in state.demand], "demand", 5)
    for node, n in state.demand.items():
        if n > 1:
            ax.text(node[1] + 0.26, -node[0] + 0.06, str(n), color="white", fontsize=7.5, ha="center",
                    va="center", zorder=6, gid="demand-count")
    _draw_camels(state, ax)
    return [a for a in ax.get_children() if a not in before]


def _draw_camels(state, ax) -> None:
    """Every camel on the board, several per space side by side along the bottom of the space: the camels, the
    cubes loaded on top of them and the stolen cubes under them, one collection each."""
    by_space: dict = {}
    for p in range(state.players):
        for i, where in enumerate(state.pos[p]):
            if where is not None:
                by_space.setdefault(where, []).append((p, i))
    camels, loaded, stolen = [], [], []
    for node, here in by_space.items():
        x0, y0 = node[1], -node[0]
        n = len(here)
        width = min(0.2, 0.72 / n)
        for k, (p, i) in enumerate(here):
            x = x0 - 0.36 + width * (k + 0.5)
            y = y0 - 0.24
            r = width * 0.42
            good = state.load[p][i]
            if good is not None and state.under[p][i]:
                stolen.append((x - r * 0.9, y - r * 2.0, r * 1.8, r * 1.3, DRAW_COLOURS[good]))
            camels.append((x, y, r, PLAYER_COLOURS[p]))
            if good is not None and not state.under[p][i]:
                loaded.append((x - r * 0.8, y + r * 0.7, r * 1.6, r * 1.6, DRAW_COLOURS[good]))
    _squares(ax, stolen, "stolen", 5, edgecolors="#111", linewidths=0.9, linestyles="--")
    _discs(ax, camels, "camels", 6, edgecolors="#111", linewidths=0.9)
    _squares(ax, loaded, "loaded", 7, edgecolors="#111", linewidths=0.9)


def _legend_handles(state):
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], marker="o", ls="", markersize=10, markerfacecolor=PLAYER_COLOURS[p],
                      markeredgecolor="#111", label=f"player {p}'s camel") for p in range(state.players)]
    handles += [Line2D([], [], marker="s", ls="", markersize=9, markerfacecolor=DRAW_COLOURS[g],
                       markeredgecolor="#111", label=f"{g} ({'rare, 6' if g in RARE else 'common, 3'})")
                for g in GOODS]
    handles += [Line2D([], [], marker="o", ls="", markersize=9, markerfacecolor="#111", label="demand marker (a number: how many)"),
                Line2D([], [], marker="s", ls="", markersize=9, markerfacecolor="white", markeredgecolor="#111",
                       label="cube above a camel: loaded"),
                Line2D([], [], marker="s", ls="", markersize=9, markerfacecolor="white", markeredgecolor="#111",
                       linestyle="", label="dashed cube below: stolen, safe")]
    return handles


def draw_bag(state, ax=None, title: str = "What can still come out of the bag"):
    """The bag's contents as a bar chart, cubes per good (public: the draw order is what is hidden).

    ``state`` may be a State or an observation dict (``"bag"`` as counts). Returns the Axes."""
    if ax is None:
        fig = Figure(figsize=(6.4, 3.0))
        ax = fig.add_axes((0.1, 0.28, 0.88, 0.6))
    bag = state["bag"] if isinstance(state, dict) else {g: state.bag.count(g) for g in GOODS}
    counts = [bag.get(g, 0) for g in GOODS]
    bars = ax.bar(range(len(GOODS)), counts, color=[DRAW_COLOURS[g] for g in GOODS], edgecolor="#333")
    for bar, n in zip(bars, counts):
        ax.text(bar.get_x() + bar.get_width() / 2, n + 0.1, str(n), ha="center", va="bottom", fontsize=9)
    ax.set_xticks(range(len(GOODS)), GOODS, rotation=30, fontsize=9)
    ax.set_ylabel("cubes", fontsize=9)
    ax.set_ylim(0, max(counts + [1]) + 1.5)
    ax.spines[["top", "right"]].set_visible(False)
    ax.set_title(f"{title}: {plural(sum(counts), 'cube')}", fontsize=10)
    return ax


def _player_panel(state, ax) -> None:
    """Each player's board: goods delivered, demand markers, theft tokens, goods loaded, points so far."""
    ax.axis("off")
    totals = state.score_sheet().totals()
    lines = []
    for p in range(state.players):
        delivered = ", ".join(f"{state.delivered[p].count(g)} {g}" for g in GOODS if g in state.delivered[p])
        loaded = len(state.loaded_goods(p))
        lines.append((p, f"player {p}{'  <- to act' if p == state.current and not state.over else ''}\n"
                         f"  delivered: {delivered or 'nothing yet'}\n"
                         f"  demand markers {state.markers[p]}, theft tokens {state.tokens[p]}, loaded {loaded}\n"
                         f"  points if it ended now: {totals[p]}"))
    y = 1.0
    for p, text in lines:
        ax.scatter([0.03], [y - 0.02], s=140, color=PLAYER_COLOURS[p], edgecolors="#111", transform=ax.transAxes,
                   clip_on=False)
        ax.text(0.08, y, text, transform=ax.transAxes, va="top", fontsize=9, family="monospace")
        y -= 0.25


def state_figure(state, *, groups_of: int | None = None, good_from=None, fig: Figure | None = None) -> Figure:
    """The board (:func:`draw_state`) with the players' boards beside it; reuses ``fig`` if given."""
    if fig is None:
        fig = Figure(figsize=(11, 7.2))
    fig.clear()
    board_ax = fig.add_axes((0.0, 0.0, 0.6, 0.94))
    draw_state(state, board_ax, groups_of=groups_of, good_from=good_from, legend=False)
    legend_ax = fig.add_axes((0.6, 0.0, 0.4, 0.45))
    legend_ax.axis("off")
    legend_ax.legend(handles=_legend_handles(state), loc="upper left", fontsize=8.5, frameon=False, ncol=2)
    _player_panel(state, fig.add_axes((0.61, 0.47, 0.38, 0.47)))
    return fig
