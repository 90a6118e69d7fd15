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
from ..caravan.components import DRAW_COLOURS, GOODS, PLAYER_COLOURS, RARE, good_name
from ..i18n import tr
from . import to_png  # noqa: F401  (re-exported for lessons)

__all__ = ["SCORE_COLOURS", "draw_bag", "draw_grid", "draw_legend", "draw_pieces", "draw_points_by_source",
           "draw_state", "pieces", "reach_of", "state_figure", "status", "to_png"]

CELL = 0.86
"""Side of a drawn space, in board units (spaces are 1 apart)."""
GROUP_COLOURS = ("#1b9e77", "#7570b3", "#e7298a", "#66a61e", "#a6761d", "#666666")
"""Frame colours of a player's camel groups g1, g2, ... (``groups_of=``): a frame, so a city keeps its colour;
none is the red of the reach frame and path."""
REACH_COLOUR = "#d62728"
"""The frame of a city where the good would be delivered, and the chain path to it (``good_from=``)."""
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
        handles, labels, handler_map = _legend_handles(state, groups_of, good_from)
        ax.legend(handles, labels, handler_map=handler_map, loc="upper left", bbox_to_anchor=(1.0, 1.0),
                  fontsize=9, frameon=False)
    return ax


def draw_legend(state, ax, ncol: int = 3, fontsize: float = 8.5, min_fontsize: float = 6.5):
    """The board's legend on its own Axes (below a board, as the play app has it): the players' camels, each
    good's cube in its colour (rare 6 or common 3 points), the demand-marker disc, loaded and stolen cubes.

    The words are ``fontsize`` points, smaller (down to ``min_fontsize``) where a language's longer words would
    not fit the Axes' width (Finnish "norsunluu (harvinainen, 6)" ran off the figure's left edge).
    Returns the Axes."""
    handles, labels, handler_map = _legend_handles(state)
    ax.axis("off")
    size = fontsize
    while True:
        legend = ax.legend(handles, labels, handler_map=handler_map, loc="center", ncol=ncol, fontsize=size,
                           frameon=False, handletextpad=0.4, handlelength=2.2, columnspacing=0.9, borderaxespad=0)
        if size <= min_fontsize or legend.get_window_extent().width <= ax.get_window_extent().width:
            return ax
        size = max(min_fontsize, size - 0.5)


def status(state) -> str:
    """One line: whose turn and how many actions are left, or the verdict once the game is over."""
    if state.over:
        return tr("Game over -- {verdict}").format(verdict=state.score_sheet().verdict)
    return tr("Turn {turn}: player {seat} to act, {actions} left; {cubes} in the bag").format(
        turn=state.turn + 1, seat=state.current, actions=plural(state.actions_left, "action"),
        cubes=plural(len(state.bag), "cube"))


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
        ax.text(-0.56, -r, f"r{r}", ha="right", va="center", fontsize=9, color="#555", gid="row-label")
    for c in range(board.cols):
        ax.text(c, 0.56, f"c{c}", ha="center", va="bottom", fontsize=9, color="#555", gid="column-label")
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
                fontsize=9, color=colour, gid="space-label")
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


_GLYPHS: dict = {}
"""Glyph paths of short words, made once (matplotlib's mathtext parser takes a few ms per word)."""


def _glyph(text: str):
    """The outline of ``text`` as a marker path (centred, the larger side 1), cached."""
    if text not in _GLYPHS:
        from matplotlib.markers import MarkerStyle

        marker = MarkerStyle(f"${text}$")
        _GLYPHS[text] = marker.get_path().transformed(marker.get_transform())
    return _GLYPHS[text]


def _words(ax, words: dict, gid: str, zorder: float, colour: str = "white", points: float = 9):
    """Short words (``{text: [(x, y), ...]}``: demand counts, group tags) as glyph markers, one collection per
    word: a path collection draws in a fraction of the time of as many Text artists (an app redraws them per
    click), and the glyphs are made once. ``points``: the glyph height, as a font size."""
    from matplotlib.collections import PathCollection
    from matplotlib.transforms import IdentityTransform

    for text, where in words.items():
        if where:
            size = (0.72 * points * max(1, len(text)) ** 0.5) ** 2
            glyphs = PathCollection((_glyph(text),), sizes=[size], offsets=where, offset_transform=ax.transData,
                                    facecolors=colour, edgecolors="none", linewidths=0, zorder=zorder, gid=gid)
            glyphs.set_transform(IdentityTransform())    # the glyph in points round each offset, as scatter does
            ax.add_collection(glyphs, autolim=False)


def pieces(ax, gid: str) -> int:
    """How many pieces of one kind :func:`draw_pieces` drew on ``ax``: ``gid`` is ``"camels"``, ``"goods"``,
    ``"demand"``, ``"loaded"``, ``"stolen-good"``, ``"group-frame"``, ``"reach-frame"``, ``"group-label"`` or
    ``"demand-count"`` (tests and lessons count them)."""
    from matplotlib.collections import EllipseCollection, PathCollection

    def count(c):
        if isinstance(c, (EllipseCollection, PathCollection)):
            return len(c.get_offsets())
        return len(c.get_paths())

    return sum(count(c) for c in ax.collections if c.get_gid() == gid)


def draw_pieces(state, ax, *, groups_of: int | None = None, good_from=None) -> list:
    """Goods, demand markers, camels, camel groups and the reach of a good on an Axes holding
    :func:`draw_grid`; returns the artists added (remove them to redraw after the next action).

    Each kind of piece is one collection (its gid as in :func:`pieces`), so an app that redraws the pieces
    after every click (over the static grid) pays a few draw calls, not one per piece."""
    before = set(ax.get_children())
    half = CELL / 2
    if groups_of is not None:
        groups = sorted(state.camel_groups(groups_of), key=lambda g: min(g))
        frames, tags, tag_words = [], [], {}
        for k, group in enumerate(groups):
            frame = GROUP_COLOURS[k % len(GROUP_COLOURS)]
            for node in group:
                # a frame inside the space in the group's colour: the space (a city's colour) shows through
                x, y = node[1], -node[0]
                frames.append(((x - half + 0.05, y - half + 0.05), (x + half - 0.05, y - half + 0.05),
                               (x + half - 0.05, y + half - 0.05), (x - half + 0.05, y + half - 0.05), frame))
                # the tag "g1": at a city's right middle (its name fills the top row; a city holds no cube nor
                # demand disc), elsewhere the top-right corner, clear of the number, the cube, the disc, the camels
                tx, ty = (x + half - 0.22, y + 0.06) if node in state.board.city_name else (x + half - 0.22,
                                                                                          y + half - 0.2)
                tags.append((tx - 0.13, ty - 0.1, 0.26, 0.2, frame))
                tag_words.setdefault(f"g{k + 1}", []).append((tx, ty))
        if frames:
            from matplotlib.collections import PolyCollection

            ax.add_collection(PolyCollection([f[:4] for f in frames], facecolors="none",
                                             edgecolors=[f[4] for f in frames], linewidths=3.5, zorder=1.6,
                                             gid="group-frame"), autolim=False)
        _squares(ax, tags, "group-tag", 6, edgecolors="none")
        _words(ax, tag_words, "group-label", 6.5, points=8.5)
    if good_from is not None:
        ring, path = reach_of(state, good_from)
        _squares(ax, [(n[1] - half - 0.04, -n[0] - half - 0.04, CELL + 0.08, CELL + 0.08, None) for n in ring],
                 "reach-frame", 7, edgecolors=REACH_COLOUR, linewidths=3)
        if len(path) > 1:
            ax.plot([n[1] for n in path], [-n[0] for n in path], color=REACH_COLOUR, lw=5, alpha=0.75,
                    solid_capstyle="round", zorder=2.5, gid="chain-path")
    _squares(ax, [(n[1] - 0.32, -n[0] - 0.02, 0.2, 0.2, DRAW_COLOURS[g]) for n, g in state.goods.items()], "goods", 5,
             edgecolors="#222", linewidths=0.8)
    _discs(ax, [(n[1] + 0.26, -n[0] + 0.06, 0.1, "#111") for n in state.demand], "demand", 5)
    counts: dict = {}
    for node, n in state.demand.items():
        counts.setdefault(str(n), []).append((node[1] + 0.26, -node[0] + 0.06))
    _words(ax, counts, "demand-count", 6, points=7.5)
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
                # the stolen good lies under its thief's camel (CAR-STEAL-2): a hatched cube below the disc,
                # whole, so it can be seen at notebook size
                stolen.append((x - 0.075, y - r - 0.16, 0.15, 0.15, DRAW_COLOURS[good]))
            camels.append((x, y, r, PLAYER_COLOURS[p]))
            if good is not None and not state.under[p][i]:
                loaded.append((x - r * 0.8, y + r * 0.7, r * 1.6, r * 1.6, DRAW_COLOURS[good]))
    _squares(ax, stolen, "stolen-good", 5, edgecolors="#111", linewidths=1.2, linestyles="--", hatch="////")
    _discs(ax, camels, "camels", 6, edgecolors="#111", linewidths=0.9)
    _squares(ax, loaded, "loaded", 7, edgecolors="#111", linewidths=0.9)


def _legend_handles(state, groups_of=None, good_from=None):
    """The legend: players' camels, the goods, demand markers, loaded and stolen goods; with ``groups_of`` the
    group frames, with ``good_from`` the reach frame and the chain path."""
    from matplotlib.legend_handler import HandlerTuple
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    handles = [Line2D([], [], marker="o", ls="", markersize=10, markerfacecolor=PLAYER_COLOURS[p],
                      markeredgecolor="#111", label=tr("player {seat}'s camel").format(seat=p))
               for p in range(state.players)]
    handles += [Line2D([], [], marker="s", ls="", markersize=9, markerfacecolor=DRAW_COLOURS[g],
                       markeredgecolor="#111", label=(tr("{good} (rare, 6)") if g in RARE else
                                                      tr("{good} (common, 3)")).format(good=good_name(g)))
                for g in GOODS]
    camel = Line2D([], [], marker="o", ls="", markersize=12, markerfacecolor=PLAYER_COLOURS[0], markeredgecolor="#111")
    cube = Line2D([], [], marker="s", ls="", markersize=7, markerfacecolor="#bbbbbb", markeredgecolor="#111")
    handles += [Line2D([], [], marker="o", ls="", markersize=9, markerfacecolor="#111", label=tr("demand marker (1)")),
                (camel, cube), Patch(facecolor="#bbbbbb", edgecolor="#111", hatch="////", linestyle="--")]
    labels = [h.get_label() for h in handles[:-2]] + [tr("cube on a camel: loaded"),
                                                      tr("hatched cube under it: stolen, safe")]
    if groups_of is not None:
        for k, _group in enumerate(sorted(state.camel_groups(groups_of), key=lambda g: min(g))):
            handles.append(Patch(fill=False, edgecolor=GROUP_COLOURS[k % len(GROUP_COLOURS)], lw=3))
            labels.append(tr("g{k}: player {seat}'s camel group {k}").format(k=k + 1, seat=groups_of))
    if good_from is not None:
        handles += [Patch(fill=False, edgecolor=REACH_COLOUR, lw=3), Line2D([], [], color=REACH_COLOUR, lw=5,
                                                                              alpha=0.75)]
        labels += [tr("red frame: city it is delivered to"), tr("red line: its chain path")]
    return handles, labels, {tuple: HandlerTuple(ndivide=None)}


def draw_bag(state, ax=None, title: str | None = None):
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
    ax.set_xticks(range(len(GOODS)), [good_name(g) for g in GOODS], rotation=30, fontsize=9)
    ax.set_ylabel(tr("cubes"), fontsize=9)
    ax.set_ylim(0, max(counts + [1]) + 1.5)
    ax.spines[["top", "right"]].set_visible(False)
    title = tr("What can still come out of the bag") if title is None else title
    ax.set_title(f"{title}: {plural(sum(counts), 'cube')}", fontsize=10)
    return ax


def _player_panel(state, ax) -> None:
    """Each player's board: goods delivered, demand markers, theft tokens, goods loaded, points so far."""
    ax.axis("off")
    totals = state.score_sheet().totals()
    lines = []
    for p in range(state.players):
        delivered = ", ".join(f"{state.delivered[p].count(g)} {good_name(g)}" for g in GOODS if g in state.delivered[p])
        loaded = len(state.loaded_goods(p))
        head = (tr("player {seat}  <- to act") if p == state.current and not state.over else
                tr("player {seat}")).format(seat=p)
        lines.append((p, head + "\n" + tr("  delivered: {delivered}\n  demand markers {markers}, theft tokens {tokens}, "
                                          "loaded {loaded}\n  points if it ended now: {points}").format(
            delivered=delivered or tr("nothing yet"), markers=state.markers[p], tokens=state.tokens[p],
            loaded=loaded, points=totals[p])))
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
    handles, labels, handler_map = _legend_handles(state, groups_of, good_from)
    legend_ax.legend(handles, labels, handler_map=handler_map, loc="upper left", fontsize=9, frameon=False,
                     ncol=1 if len(handles) <= 15 else 2)
    _player_panel(state, fig.add_axes((0.61, 0.47, 0.38, 0.47)))
    return fig


def draw_points_by_source(state, fig: Figure | None = None) -> Figure:
    """Where each player's points come from (the score sheet, CAR-SCORE-1/2): stacked bars of rare goods (6 each),
    common goods (3 each) and demand markers (1 each), the penalty for goods still loaded below zero, and the
    total as a black diamond. Every text 9 pt or more, the legend beside the bars. Returns the Figure."""
    from ..caravan.components import COMMON

    if fig is None:
        fig = Figure(figsize=(6.8, 3.4), layout="constrained")
    fig.clear()
    ax = fig.add_subplot()
    players = list(range(state.players))
    parts = {tr("rare goods x 6"): [6 * sum(g in RARE for g in state.delivered[p]) for p in players],
             tr("common goods x 3"): [3 * sum(g in COMMON for g in state.delivered[p]) for p in players],
             tr("demand markers x 1"): [state.markers[p] for p in players]}
    bottom = [0] * len(players)
    for (label, values), colour in zip(parts.items(), ("#7b5ea7", "#d08c3c", "#444444")):
        ax.bar(players, values, bottom=bottom, color=colour, label=label)
        bottom = [b + v for b, v in zip(bottom, values)]
    penalty = [sum(r.points for r in state.score_sheet().rows if r.player == p and r.rule == "CAR-SCORE-2")
               for p in players]
    ax.bar(players, penalty, color="#c0392b", label=tr("penalty (goods still loaded)"))
    totals = state.score_sheet().totals()
    ax.scatter(players, totals, color="black", marker="D", s=40, zorder=3, label=tr("total"))
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks(players, [tr("player {seat}").format(seat=p) for p in players], fontsize=9)
    ax.tick_params(axis="y", labelsize=9)
    ax.set_ylabel(tr("points"), fontsize=9)
    ax.set_title(tr("Where the points come from"), fontsize=10)
    ax.legend(fontsize=9, loc="upper left", bbox_to_anchor=(1.01, 1))
    return fig
