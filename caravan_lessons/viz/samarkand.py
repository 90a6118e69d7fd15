"""Pictures of a Samarkand game, drawn on the shared graph board (:func:`caravan_lessons.boards.draw_board`).

* :func:`draw_map` -- the map with every camel and the legal spaces of the active decision ringed;
* :func:`draw_route` -- one family's route as a subgraph;
* :func:`draw_relations` -- the relations graph of the ten families and how close each end condition is;
* :func:`draw_card_values` -- what each goods card in a player's hand is worth now, on the map;
* :func:`draw_score_steps` / :func:`score_stepper` -- the score sheet built up item by item.

Each function takes an optional matplotlib Axes and returns the Figure.
"""
from __future__ import annotations

from ..boards import draw_board, positions
from ..core import join_and, plural
from ..i18n import N_, Translated, ngettext, pgettext, tr

KIND_COLOURS = {"land": "#e8e4c9", "goods": "#f3d9a4", "start": "#ffffff", "water": "#9ecae1"}
KIND_LEGEND = {N_("plain land"): KIND_COLOURS["land"], N_("goods space"): KIND_COLOURS["goods"],
               N_("water"): KIND_COLOURS["water"]}
"""The kinds of space in the legend (catalogue messages -> colour)."""
CAMEL_OFFSETS = ((-0.17, 0.17), (0.17, 0.17))
RING_COLOUR = "#111111"
"""The ring around legal (or stressed) spaces: black and dashed-looking on white, unlike any family colour
(Levant's red rings would read as Levant camels)."""
PHASE_WORDS = Translated({"act": N_("to marry or extend a route"), "second": N_("to place a second camel or end the turn"),
                          "sale": N_("to sell or keep a goods card"), "discard": N_("to discard 0, 1 or 2 cards"),
                          "over": N_("game over")})
"""The engine's phases in words, for titles (never the bare phase name)."""
SCORE_COLOURS = {"card": "#1f77b4", "goods tiles": "#ff7f0e", "relation tiles": "#2ca02c", "dirhams": "#c9a227"}
"""Colours of the score-sheet categories (SAM-SCORE-1..4), the same in the app's stepper and draw_scores:
every goods card (source ``card:<number>``) one colour, then goods tiles, relation tiles, dirhams."""


def _axes(ax, size=(13, 6.5)):
    import matplotlib.pyplot as plt

    if ax is None:
        fig, ax = plt.subplots(figsize=size, layout="constrained")
    return ax.figure, ax


def _node_colours(state):
    board = state.board
    colours = {}
    for s, space in enumerate(board.spaces):
        kind = board.kinds[s]
        colours[space] = KIND_COLOURS[kind]
        if kind == "start":
            fam = board.families[board.family_index[board.graph.nodes[space]["family"]]]
            colours[space] = fam.colour
    return colours


def _labels(state):
    board = state.board
    labels = {}
    for s, space in enumerate(board.spaces):
        if board.number[s]:
            labels[space] = str(board.number[s])
    return labels


def _draw_space_names(state, ax) -> None:
    """Plain land spaces carry their id (``l4``, grey italics, the id the engine and the lessons use) and
    water spaces their sea's name below the node, so every space a text names can be found on the map."""
    board, pos = state.board, positions(state.board.graph)
    for s, space in enumerate(board.spaces):
        x, y = pos[space]
        if board.kinds[s] == "land":
            ax.text(x, y, space, ha="center", va="center", fontsize=9, style="italic", color="#6b6b4b", zorder=5)
        elif board.kinds[s] == "water":
            ax.text(x, y - 0.24, board.names[s], ha="center", va="top", fontsize=9, style="italic",
                    color="#2b5d8a", zorder=5)


def cards_text(board, cards) -> str:
    """Goods cards in words, by number: ``"linen (3), purple dye (8)"`` (``"no cards"`` when empty)."""
    return ", ".join(f"{board.goods_names[g]} ({g})" for g in sorted(cards)) or tr("no cards")


def spaces_text(board, spaces) -> str:
    """Space ids in words, as the map labels them: ``"land l1, goods space 8 (purple dye), Black Sea (water)"``."""
    out = []
    for space in spaces:
        s = board.index[space]
        kind = board.kinds[s]
        if kind == "land":
            out.append(tr("land {space}").format(space=space))
        elif kind == "goods":
            out.append(tr("goods space {number} ({name})").format(number=board.number[s],
                                                                 name=board.goods_names[board.number[s]]))
        else:
            out.append(board.space_label(s))
    return ", ".join(out) or tr("none")


def legal_spaces(state) -> list[str]:
    """The spaces a camel may go to in the current decision (ids; empty unless a camel is to be placed)."""
    return sorted({a.space for a in state.legal_actions() if type(a).__name__ == "Place"})


def _camel_points(state, only: int | None = None):
    """Positions and colours of the camel markers (a square per camel, two slots per space)."""
    board, pos = state.board, positions(state.board.graph)
    xy, colours = [], []
    for s, here in enumerate(state.camels):
        x, y = pos[board.spaces[s]]
        for slot, f in enumerate(here):
            if only is None or f == only:
                dx, dy = CAMEL_OFFSETS[slot]
                xy.append((x + dx, y + dy))
                colours.append(board.families[f].colour)
    return xy, colours


def _draw_camels(state, ax, only: int | None = None):
    xy, colours = _camel_points(state, only)
    return ax.scatter([p[0] for p in xy], [p[1] for p in xy], s=70, marker="s", c=colours or "none",
                      edgecolors="black", linewidths=0.8, zorder=6)


def _house_text(state, f: int) -> str:
    """A house in four short lines (each fits the house's fifth of the board at 9 pt)."""
    fam = state.board.families[f]
    return tr("{family}, price {price}\ntreasury {treasury}\n{camels} in reserve\ntiles: {tiles} family, {relations} "
              "rel.").format(family=fam.name, price=fam.price, treasury=plural(state.treasury[f], "dirham"),
                             camels=plural(state.reserve[f], "camel"), tiles=state.house_tiles[f],
                             relations=state.relation_stack[f])


def _draw_houses(state, ax):
    board, pos = state.board, positions(state.board.graph)
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    left, right, top, bottom = min(xs), max(xs), max(ys), min(ys)
    step = (right - left) / 5
    texts = []
    for f, fam in enumerate(board.families):
        x = left + step * (fam.slot - 0.5)
        y = top + 1.05 if fam.house == "top" else bottom - 1.05
        texts.append(ax.text(x, y, _house_text(state, f), ha="center", va="center", fontsize=9, zorder=7,
                linespacing=1.05,
                bbox={"boxstyle": "round,pad=0.3", "facecolor": fam.colour, "alpha": 0.35, "edgecolor": fam.colour}))
    return texts


def _legend(state):
    legend = {f"{fam.name} ({fam.colour_name})": fam.colour for fam in state.board.families}
    legend.update({tr(kind): colour for kind, colour in KIND_LEGEND.items()})
    return legend


def _legend_handles(state, ringed: bool, route=None, ring_label: str | None = None):
    """The map's legend: families (start space and camels), kinds of space, the two kinds of border,
    the ring and (for a route) its thick line."""
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], marker="o", ls="", markersize=9, markerfacecolor=c, markeredgecolor="#333333",
                      label=label) for label, c in _legend(state).items()]
    handles += [Line2D([], [], marker="s", ls="", markersize=7, markerfacecolor="white", markeredgecolor="black",
                       label=tr("camel (square, in its family's colour)")),
                Line2D([], [], color="#999999", label=tr("border between land spaces")),
                Line2D([], [], color="#999999", ls=":", label=tr("border with water"))]
    if ringed:
        handles.append(Line2D([], [], marker="o", ls="", markersize=12, markerfacecolor="none",
                              markeredgecolor=RING_COLOUR, markeredgewidth=2.5,
                              label=ring_label or tr("ringed: legal space now")))
    if route is not None:
        handles.append(Line2D([], [], color=route, lw=4, label=tr("the route (borders between its camels)")))
    return handles


def _title(state, ring, highlight) -> str:
    if state.is_terminal():
        who = tr("game over")
    else:
        who = tr("player {seat} {doing}").format(seat=state.current_player,
                                                 doing=PHASE_WORDS.get(state.phase) or tr("to decide"))
    board = pgettext("board", state.board.graph.graph.get("name", "Samarkand"))
    title = f"{board}: {who}"
    if ring and highlight is None:
        title += ngettext("; {n} legal space ringed", "; {n} legal spaces ringed", len(ring)).format(n=len(ring))
    return title


def draw_map(state, ax=None, highlight=None, title: str | None = None, houses: bool = True):
    """The map with every camel (small squares in the family colours), start spaces in their family's
    colour, goods spaces numbered, and the family houses with price, treasury, reserve and relation tiles.

    Args:
        highlight: spaces to ring (ids); None rings the legal spaces of the current decision.
    """
    fig, ax = _axes(ax)
    board = state.board
    ring = legal_spaces(state) if highlight is None else list(highlight)
    if title is None:
        title = _title(state, ring, highlight)
    draw_board(board.graph, ax, node_color=_node_colours(state), node_size=520, labels=_labels(state),
               highlight_nodes=ring, highlight_color=RING_COLOUR, edge_style=_edge_style(board), title=title)
    _draw_space_names(state, ax)
    _draw_camels(state, ax)
    label = tr("ringed: legal space now") if highlight is None else tr("ringed: the spaces the title names")
    ax.legend(handles=_legend_handles(state, bool(ring), ring_label=label), loc="upper left", bbox_to_anchor=(1.0, 1.0),
              fontsize=9, frameon=False)
    if houses:
        _draw_houses(state, ax)
        ax.set_title(title, fontsize=11, pad=62)
    return fig


def _edge_style(board):
    """Borders touching water are dotted (SAM-REL-2: no relation is made on water)."""
    def style(u, v, attrs):
        water = "water" in (board.graph.nodes[u]["kind"], board.graph.nodes[v]["kind"])
        return {"linestyle": ":" if water else "-"}
    return style


class MapView:
    """A map drawn once on ``ax`` and then updated in place (camels, rings, houses, title): the play app
    redraws only what changed, which keeps a click-to-redraw well under the cost of a full drawing."""

    def __init__(self, state, ax):
        draw_map(state, ax, highlight=())
        self.ax = ax
        self.camels = ax.collections[-1]
        pos = positions(state.board.graph)
        self._pos = pos
        self.rings = ax.scatter([], [], s=1000, facecolors="none", edgecolors=RING_COLOUR, linewidths=2.5, zorder=4)
        self.houses = [t for t in ax.texts if t.get_bbox_patch() is not None][-len(state.board.families):]
        ax.set_title("")  # the app says whose turn it is; the houses sit where a title would
        for fam, text in zip(state.board.families, self.houses):  # static: the app lists the houses' contents
            text.set_text(tr("{family} house\nprice {price}").format(family=fam.name, price=fam.price))
        self.houses = []
        ys = [p[1] for p in pos.values()]
        ax.set_ylim(min(ys) - 1.45, max(ys) + 1.45)     # the house labels inside the Axes: the layout keeps them whole
        # the legend under the map, the rings of the legal spaces in it: beside the map it left each house a
        # fifth of too narrow a map, and the house labels ran into each other
        ax.get_legend().remove()
        ax.figure.legend(handles=_legend_handles(state, True), loc="outside lower center", ncol=5, fontsize=9,
                         frameon=False, columnspacing=1.2, handletextpad=0.4)
        self._blitter = None            # made by render_png (an app shows the map through its own LiveBoard)

    def render_png(self, state) -> bytes:
        """``update(state)`` and return the figure as PNG bytes, redrawing only the changing artists
        over a cached picture of the static map (:class:`caravan_lessons.boards.Blitter`)."""
        from ..boards import Blitter

        self.update(state, title="")
        if self._blitter is None:
            self._blitter = Blitter(self.ax.figure, [self.camels, self.rings])
        return self._blitter.png()

    def update(self, state, highlight=None, title: str | None = None) -> None:
        """Show ``state``: camels, the ringed spaces (default: the legal ones), houses and the title."""
        import numpy as np

        xy, colours = _camel_points(state)
        self.camels.set_offsets(np.array(xy).reshape(-1, 2))
        self.camels.set_facecolors(colours)
        ring = legal_spaces(state) if highlight is None else list(highlight)
        self.rings.set_offsets(np.array([self._pos[s] for s in ring]).reshape(-1, 2))
        for f, text in enumerate(self.houses):
            text.set_text(_house_text(state, f))
        if title == "":
            return
        if title is None:
            title = _title(state, ring, highlight)
        self.ax.set_title(title, fontsize=11, pad=62)


def route_edges(state, family: int) -> list[tuple[str, str]]:
    """Borders joining two spaces that both hold a camel of ``family`` (index): its route as edges."""
    board = state.board
    spaces = {board.spaces[s] for s, here in enumerate(state.camels) if family in here}
    return [(u, v) for u, v in board.graph.subgraph(spaces).edges]


def draw_route(state, family: str, ax=None):
    """One family's route: its spaces ringed, the borders between them drawn thick, its camels only."""
    board = state.board
    if family not in board.family_index:
        raise ValueError(f"there is no family {family!r}; the families are {[f.id for f in board.families]}")
    f = board.family_index[family]
    fam = board.families[f]
    fig, ax = _axes(ax, (12, 5.5))
    spaces = [board.spaces[s] for s, here in enumerate(state.camels) if f in here]
    draw_board(board.graph, ax, node_color=_node_colours(state), node_size=420, labels=_labels(state),
               highlight_nodes=spaces, highlight_edges=route_edges(state, f), highlight_color=fam.colour,
               edge_style=_edge_style(board),
               title=tr("The {family} route: {camels} on the map, {reserve} in reserve (SAM-EXT-2)").format(
                   family=fam.name, camels=plural(len(spaces), "camel"), reserve=state.reserve[f]))
    _draw_space_names(state, ax)
    _draw_camels(state, ax, only=f)
    handles = _legend_handles(state, False, route=fam.colour)
    handles[len(board.families) + len(KIND_LEGEND)].set_label(tr("{family} camel (square)").format(family=fam.name))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=9, frameon=False)
    return fig


def draw_relations(state, ax=None):
    """The relations graph: the ten families (at their houses' places, west to east), an edge for each
    relation made, labelled with the seat that made it; a family's number shows its relation count.
    The title says how close each end condition is (SAM-END-1, SAM-END-2)."""
    import networkx as nx

    board = state.board
    fig, ax = _axes(ax, (10, 5))
    graph = nx.Graph()
    for fam in board.families:
        graph.add_node(fam.id, pos=(fam.slot * 2.0, 1.2 if fam.house == "top" else -1.2), kind="family")
    made = {}
    for a, b, _s, p in state.relation_log:
        u, v = board.families[a].id, board.families[b].id
        graph.add_edge(u, v)
        made[(u, v)] = p
    counts = [5 - n for n in state.relation_stack]
    lonely = sum(1 for n in state.relation_stack if n == 5)
    most = max(counts)
    title = tr("Relations made: {made}. Families without a relation: {lonely} (0 ends the game, SAM-END-1); most "
               "relations of one family: {most} of 5 (SAM-END-2)").format(made=len(state.relation_log), lonely=lonely,
                                                                          most=most)
    from matplotlib.colors import to_rgb

    draw_board(graph, ax, node_color={f.id: f.colour for f in board.families}, node_size=1500, labels=None,
               title=title)
    pos = positions(graph)
    for i, fam in enumerate(board.families):
        x, y = pos[fam.id]
        r, g, b = to_rgb(fam.colour)
        ink = "white" if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5 else "black"
        ax.text(x, y, str(counts[i]), ha="center", va="center", fontsize=12, fontweight="bold", color=ink, zorder=6)
        above = fam.house == "top"
        ax.text(x, y + (0.32 if above else -0.32), fam.name, ha="center", va="bottom" if above else "top",
                fontsize=10, zorder=6)
    for (u, v), p in made.items():
        (x0, y0), (x1, y1) = pos[u], pos[v]
        ax.annotate(f"P{p}", ((x0 + x1) / 2, (y0 + y1) / 2), fontsize=9, ha="center", va="center", zorder=6,
                    bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "#999999"})
    ax.text(0.5, -0.02, tr("The number in a family's disc: its relations so far (5 ends the game).\nA line: a relation; "
                           "P0 on it: made by player 0 (who took the two relation tiles, SAM-REL-4)."), transform=ax.transAxes,
            ha="center", va="top", fontsize=9, wrap=True)
    ax.set_title(title, fontsize=10, wrap=True)
    ax.set_xlim(0.9, 11.1)
    ax.set_ylim(-2.0, 2.0)
    return fig


def draw_card_values(state, player: int, ax=None):
    """For ``player``: each goods card in hand drawn on its goods space with what it is worth now
    (SAM-SCORE-1: 4 per camel of a married family, 1 per other camel, 0 with no camel)."""
    from ..samarkand.scoring import card_value

    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.players:
        raise ValueError(f"player must be a seat 0..{state.players - 1}, not {player!r}")
    board = state.board
    fig, ax = _axes(ax, (12, 5.5))
    cards = sorted(state.hands[player])
    spaces = [board.spaces[board.goods_space[g]] for g in cards]
    values = {g: card_value(state, player, g)[0] for g in cards}
    married = [f.name for i, f in enumerate(board.families) if state.held[player][i]]
    draw_board(board.graph, ax, node_color=_node_colours(state), node_size=420, labels=_labels(state),
               highlight_nodes=spaces, highlight_color="#2ca02c", edge_style=_edge_style(board),
               title=tr("Player {seat}'s goods cards: {points} now (married: {married})").format(
                   seat=player, points=plural(sum(values.values()), "point"), married=join_and(married) or tr("nobody")))
    _draw_space_names(state, ax)
    _draw_camels(state, ax)
    from matplotlib.lines import Line2D

    handles = _legend_handles(state, False)
    handles.append(Line2D([], [], marker="o", ls="", markersize=12, markerfacecolor="none", markeredgecolor="#2ca02c",
                          markeredgewidth=2.5, label=tr("ringed: a goods card in hand, with its points now")))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=9, frameon=False)
    pos = positions(board.graph)
    for g, space in zip(cards, spaces):
        x, y = pos[space]
        ax.annotate(f"{board.goods_names[g]}: {values[g]}", (x, y - 0.38), ha="center", va="top", fontsize=9,
                    fontweight="bold", color="#1a5e1a", zorder=8,
                    bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "alpha": 0.85, "edgecolor": "none"})
    return fig


def draw_scores(state, ax=None):
    """A stacked bar per player: goods cards, goods tiles, relation tiles, dirhams (the score sheet)."""
    fig, ax = _axes(ax, (7, 4))
    sheet = state.score_sheet()
    parts = {N_("goods cards"): [0] * state.players, N_("goods tiles"): [0] * state.players,
             N_("relation tiles"): [0] * state.players, N_("dirhams"): [0] * state.players}
    key = {"SAM-SCORE-1": "goods cards", "SAM-SCORE-2": "goods tiles", "SAM-SCORE-3": "relation tiles",
           "SAM-SCORE-4": "dirhams"}
    for row in sheet.rows:
        parts[key[row.rule]][row.player] += row.points
    bottom = [0] * state.players
    colours = dict(zip(parts, SCORE_COLOURS.values()))
    for label, values in parts.items():
        ax.bar([f"P{p}" for p in range(state.players)], values, bottom=bottom, label=tr(label), color=colours[label])
        bottom = [b + v for b, v in zip(bottom, values)]
    for p, total in enumerate(bottom):
        ax.annotate(str(total), (p, total), ha="center", va="bottom", fontsize=10)
    ax.set_ylabel(tr("points"))
    ax.set_title(sheet.verdict, fontsize=10)
    ax.legend(fontsize=9)
    ax.margins(y=0.12)
    return fig


def draw_score_steps(state, step: int | None = None, fig=None):
    """The score sheet of ``state`` after ``step`` rows as stacked bars (all rows if None), in points, in the
    score stepper's order (players alternate within each category), with :data:`SCORE_COLOURS`.

    Raises:
        ValueError: a step outside 0..number of rows.
    """
    from dataclasses import replace

    from matplotlib.figure import Figure

    from ..ui.common import alternate_rows
    from . import draw_score_steps as draw

    sheet = state.score_sheet()
    if step is not None and (isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(sheet.rows)):
        raise ValueError(f"step must be a whole number from 0 to {len(sheet.rows)}, not {step!r}")
    shown = replace(sheet, rows=alternate_rows(sheet.rows))
    return draw(shown, step, fig=fig if fig is not None else Figure(figsize=(7.5, 3.4)),
                colours={"card": SCORE_COLOURS["card"], **SCORE_COLOURS})


def score_stepper(state):
    """The shared :class:`~caravan_lessons.ui.common.ScoreStepper` for ``state``'s score sheet: Next / Back
    through the rows, each row's rule quoted (SAM-SCORE-1..4), the chart in :data:`SCORE_COLOURS`."""
    from ..samarkand import RULES
    from ..ui.common import ScoreStepper

    return ScoreStepper(state.score_sheet(), rules=RULES, colours=SCORE_COLOURS)
