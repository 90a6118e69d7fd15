"""Pictures of The Voyages of Marco Polo, drawn on the shared graph board (:mod:`caravan_lessons.boards`).

* :func:`draw_map` -- the map by geography (x = longitude, y = latitude): every location typed
  (large city with its city card(s) and outpost bonus, small city with its bonus, oasis, Beijing with
  its 10/7/4/1 spaces), every route labelled with its extra cost (MP-TRAVEL-2), travellers and
  trading posts in player colours; optionally a set of reachable places coloured by cost and a
  path drawn thick;
* :func:`reachable_costs` -- a player's cheapest reachable places with one Travel now (for ``draw_map``);
* :func:`draw_action_board` -- the action spaces with the dice placed this round (MP-ACT-*);
* :func:`draw_player_board` -- one player's coins, camels, goods, contracts, dice and posts;
* :func:`draw_score_steps` / :func:`score_stepper` -- the final score built up step by step.

Every function takes an optional matplotlib Axes (``draw_map``) or Figure and returns it; nothing
uses pyplot's global state except when no Axes is given (then a pyplot figure is made, which
``viz.show`` closes). Bad arguments raise ``ValueError`` saying what is allowed.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from numbers import Real

from ..boards import draw_board, positions
from ..core import join_and, plural
from ..i18n import N_, N_plural, Translated, get_language, ngettext, pgettext, tr
from ..marco_polo.actions import amount_text

__all__ = ["KIND_COLOURS", "PLAYER_COLOURS", "SCORE_COLOURS", "bundle_words", "contract_text", "draw_action_board",
           "draw_map", "draw_route_counts",
           "draw_player_board", "draw_score_steps", "MapView", "map_redraw_ms", "reachable_costs", "score_stepper"]

PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#e6a800")
"""Seat 0..3: red, blue, green, yellow (travellers, trading posts, dice)."""
PLAYER_NAMES = (N_("red"), N_("blue"), N_("green"), N_("yellow"))
"""The players' colours in words (catalogue messages: shown with ``tr``)."""
KIND_COLOURS = {"start": "#ffffff", "oasis": "#c7e9c0", "small": "#9ecae1", "large": "#fdae6b", "beijing": "#fdd835"}
KIND_LABELS = Translated({"start": N_("Venezia (start)"), "oasis": N_("oasis"), "small": N_("small city (bonus)"),
                          "large": N_("large city (city card, outpost bonus)"),
                          "beijing": N_("Beijing (10/7/4/1 VP spaces)")})
KIND_SIZES = {"start": 260, "oasis": 110, "small": 230, "large": 360, "beijing": 420}
ROUTE_CAMEL_COLOUR = "#8c510a"
ROUTE_COIN_COLOUR = "#7b3294"
SCORE_COLOURS = {"play": "#6baed6", "objectives": "#74c476", "coins": "#fdd835", "beijing": "#e6550d",
                 "contracts": "#9e9ac8"}
"""Colours of the score-sheet categories (``ScoreRow.source``): during play, objectives, coins, Beijing,
most contracts."""

# label offsets (in map units) where the default (below the node) would collide
_LABEL_AT = {"oasis_i": (-1.5, -2.4, "right"), "adana": (0.0, 1.6, "center"), "xian": (1.9, -0.4, "left"),
             "lan_zhou": (-1.9, -1.6, "right"), "beijing": (2.6, -0.2, "left"), "oasis_d": (0.0, 1.3, "center"),
             "oasis_b": (0.0, 1.3, "center"), "oasis_c": (1.0, 0.9, "left"), "karakorum": (-1.2, 1.7, "center"),
             "anxi": (0.0, -2.2, "center"), "moscow": (0.0, 2.0, "center"), "oasis_a": (0.0, 1.3, "center"),
             "venezia": (-1.6, -0.8, "right"), "kashgar": (0.0, -2.2, "center"), "oasis_f": (0.0, 1.3, "center"),
             "samarcanda": (-2.0, -0.6, "right"), "alexandria": (-1.9, -0.6, "right"), "oasis_e": (0.0, 1.3, "center"),
             "ormuz": (1.3, 0.7, "left"), "oasis_g": (-0.9, -1.2, "right")}
_LABEL_AT["oasis_i"] = (1.2, -0.5, "left")
# route-cost labels moved off the midpoint (map units) where two would touch
_EDGE_SHIFT = {("oasis_f", "samarcanda"): (-2.2, 0.4), ("kashgar", "oasis_f"): (2.4, 0.4),
               ("oasis_d", "beijing"): (-2.5, -1.5), ("adana", "kochi"): (-1.5, -1.0), ("oasis_b", "oasis_c"): (0.0, -1.2),
               ("oasis_i", "adana"): (-2.6, 0.4)}


def _map_graph(state):
    if state is None:
        from ..marco_polo import board

        return board()
    return state.data.board


def _check_state(state):
    if state is not None and not (hasattr(state, "data") and hasattr(state, "posts") and hasattr(state, "travellers")):
        raise ValueError(f"state must be a Marco Polo game (marco_polo.new_game(...)) or None, not {type(state).__name__}")


def _check_player(state, player):
    if player is None:
        return
    if state is None:
        raise ValueError("player needs a state: an empty map has no players")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.players:
        raise ValueError(f"player must be a seat from 0 to {state.players - 1}, not {player!r}")


def _check_reachable(graph, reachable) -> dict:
    if reachable is None:
        return {}
    if not isinstance(reachable, Mapping):
        raise ValueError(f"reachable must be a dict {{location id: cost}}, not {type(reachable).__name__}")
    out = {}
    for place, cost in reachable.items():
        if place not in graph:
            raise ValueError(f"reachable names {place!r}, not a location of the map; the locations are "
                             f"{', '.join(sorted(graph))}")
        if isinstance(cost, bool) or not isinstance(cost, Real) or not math.isfinite(cost) or cost < 0:
            raise ValueError(f"the cost of {place!r} must be a number of at least 0, not {cost!r}")
        out[place] = float(cost)
    return out


def _check_path(graph, path) -> list:
    if path is None:
        return []
    if isinstance(path, str) or not isinstance(path, Sequence):
        raise ValueError(f"path must be a list of location ids (e.g. ['venezia', 'oasis_a', 'moscow']), not {path!r}")
    path = list(path)
    for place in path:
        if not isinstance(place, str) or place not in graph:
            raise ValueError(f"path names {place!r}, not a location of the map")
    for a, b in zip(path, path[1:]):
        oasis_jump = graph.nodes[a]["kind"] == graph.nodes[b]["kind"] == "oasis"   # Johannes (MP-CHAR-6)
        if not graph.has_edge(a, b) and not oasis_jump:
            raise ValueError(f"no route joins {a!r} and {b!r}; a path follows the routes of the map")
    return path


def _route_label(attrs) -> str:
    if attrs.get("camels"):
        return plural(attrs["camels"], "camel")
    if attrs.get("coins"):
        return plural(attrs["coins"], "coin")
    return ""


def _bundle_words(bundle: Mapping) -> str:
    """``{"camels": 1, "coins": 3}`` -> ``"1 camel + 3 coins"``."""
    from ..marco_polo.actions import amount_text

    short = {"good_choice": N_plural("good of choice", "goods of choice"), "vp": N_plural("VP", "VP"),
             "any_good": N_plural("good", "goods")}
    return " + ".join(plural(v, *short[k]) if k in short else amount_text(v, k)
                      for k, v in bundle.items() if v) or tr("nothing")


def bundle_words(bundle: Mapping) -> str:
    """Goods, coins, camels or a reward in words: ``bundle_words(state.goods_of(0))`` -> ``"3 silk + 1 gold"``,
    ``bundle_words({"camels": 1, "coins": 3})`` -> ``"1 camel + 3 coins"``; ``"nothing"`` when all are 0."""
    return _bundle_words(bundle)


def _city_notes(state, graph) -> dict:
    """Per location, the small text under its name: city cards and outpost bonus, city bonus, Beijing."""
    notes = {}
    data = state.data if state is not None else None
    if data is None:
        from ..marco_polo import default_data

        data = default_data()
    bonus_at = {b["city"]: (bid, b) for bid, b in data.city_bonuses.items()}
    for node, attrs in graph.nodes(data=True):
        kind = attrs["kind"]
        if kind == "small" and node in bonus_at:
            bid, b = bonus_at[node]
            notes[node] = tr("copy another bonus") if b["copy"] else _bundle_words(b["gain"])
        elif kind == "large":
            spaces = attrs.get("city_card_spaces", 1)
            if state is None:
                notes[node] = plural(spaces, "city card")
            else:
                cards = state.city_cards.get(node, [])
                text = tr("card {cards}").format(cards=", ".join(str(c) for c in cards))
                if node in state.outposts:
                    text += "\n" + tr("outpost: {bonus}").format(bonus=_bundle_words(data.outpost_bonuses[state.outposts[node]]))
                notes[node] = text
    return notes


def _halo_rings(graph, places) -> tuple[list, list]:
    """Marker sizes (points^2) and line widths (points) of the cost halos of ``places``: a thick ring round each
    location, from its edge outwards, so the location keeps its colour and a play app can draw the halos over
    the cached map (blitting) without hiding the location. The same for the static picture and the app."""
    sizes, widths = [], []
    for place in places:
        inner = KIND_SIZES[graph.nodes[place]["kind"]] ** 0.5          # the location's diameter, in points
        outer = (KIND_SIZES[graph.nodes[place]["kind"]] * 3.2 + 250) ** 0.5
        sizes.append(((inner + outer) / 2) ** 2)
        widths.append((outer - inner) / 2)
    return sizes, widths


def reachable_costs(state, player: int, camel_value: float = 1.0, traveller: int = 0) -> dict:
    """``{location: cost in coins}`` of the places ``player``'s traveller can reach with one Travel now.

    The step budget is what the player's dice allow (the second-highest usable die, MP-TRAVEL-1;
    fewer steps may be bought). The cost of a way is the travel space's coins for its steps
    (MP-TRAVEL-2, plus the surcharge if the space is occupied, MP-ACT-2), the routes' coins, and
    ``camel_value`` coins per camel the routes ask. For each place the cheapest way the player can
    pay for with the coins and camels they hold counts (the engine's move tables,
    ``state.map.walks``); places they cannot pay for are left out. Empty when they cannot travel.

    Raises:
        ValueError: a bad seat, camel value or traveller index.
    """
    _check_state(state)
    if state is None:
        raise ValueError("reachable_costs needs a game state")
    _check_player(state, player)
    if isinstance(camel_value, bool) or not isinstance(camel_value, Real) or not 0 <= camel_value < math.inf:
        raise ValueError(f"camel_value must be a number of at least 0 (coins per camel), not {camel_value!r}")
    if isinstance(traveller, bool) or not isinstance(traveller, int) or not 0 <= traveller < len(state.travellers[player]):
        raise ValueError(f"traveller must be 0..{len(state.travellers[player]) - 1}, not {traveller!r}")
    steps = state.travel_step_budget(player)
    if steps == 0:
        return {}
    surcharge = state.travel_surcharge(player, steps) or 0
    jumps = state.characters[player] == "johannes"
    start = state.travellers[player][traveller]
    out: dict = {}
    for k in range(1, steps + 1):
        base = state.data.travel_cost[k - 1] + surcharge
        for end, camels, coins, _path in state.map.walks(start, k, jumps):
            if camels > state.camels[player] or base + coins > state.coins[player]:
                continue
            cost = base + coins + camel_value * camels
            if end != start and (end not in out or cost < out[end]):
                out[end] = cost
    return out


def draw_map(state=None, ax=None, *, player=None, reachable=None, path=None, title=None, notes: bool = True,
             legend: bool = True, cost_label: str | None = None, around=None):
    """The map of The Voyages of Marco Polo by geography; returns the matplotlib Axes.

    Args:
        state: a game (``marco_polo.new_game(...)``) or None for the empty map.
        ax: the Axes to draw on (a new 11 x 6.6 inch figure if None).
        player: a seat to stress: their travellers and trading posts are ringed in black.
        reachable: ``{location id: cost}`` (e.g. :func:`reachable_costs`): those places are filled by
            cost on a pink-to-purple scale with a colour bar (cheap = light); ``ax.cost_scale`` is the
            matplotlib ScalarMappable used (None without ``reachable``).
        path: a list of location ids (each pair joined by a route, or two oases for Johannes) drawn
            as a thick red line.
        title: the title (default: the map's name, or the round and whose turn it is).
        notes: write each city's city card / outpost bonus / small-city bonus under its name.
        legend: show the legend of location kinds and player colours.
        cost_label: the colour bar's label (say what the ``reachable`` numbers are, e.g. "steps from Venezia").
        around: location ids to zoom in on (e.g. a path in the crowded west): the picture shows only
            their neighbourhood, with a margin for the names, and no legend.

    Drawn: locations coloured by kind (:data:`KIND_COLOURS`), each route's extra cost on it (camels
    brown, coins purple; MP-TRAVEL-2), travellers as triangles and trading posts as squares in the
    player colours (:data:`PLAYER_COLOURS`), Beijing's four spaces (10/7/4/1 VP, MP-SCORE-3) filled
    in order of arrival.

    Raises:
        ValueError: a state that is not a Marco Polo game, a bad seat, an unknown location, a negative
            or non-number cost, or a path that does not follow the routes.
    """
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    _check_state(state)
    graph = _map_graph(state)
    _check_player(state, player)
    costs = _check_reachable(graph, reachable)
    route = _check_path(graph, path)
    if ax is None:
        fig = plt.figure(figsize=(11, 6.6), layout="constrained")
        ax = fig.add_subplot()
    pos = positions(graph)
    colours = {n: KIND_COLOURS[a["kind"]] for n, a in graph.nodes(data=True)}
    scale = None
    if costs:
        from matplotlib import colormaps
        from matplotlib.cm import ScalarMappable
        from matplotlib.colors import ListedColormap, Normalize

        cmap = ListedColormap(colormaps["RdPu"]([0.25 + 0.75 * i / 255 for i in range(256)]), name="cost")
        low, high = min(costs.values()), max(costs.values())
        scale = ScalarMappable(norm=Normalize(vmin=low, vmax=high if high > low else low + 1), cmap=cmap)

    def edge_style(u, v, attrs):
        if attrs.get("coins"):
            return {"color": ROUTE_COIN_COLOUR, "linestyle": "--", "linewidth": 1.3}
        if attrs.get("camels"):
            return {"color": ROUTE_CAMEL_COLOUR, "linewidth": 1.3}
        return {"color": "#777777", "linewidth": 1.1}

    if title is None:
        if state is None:
            title = tr("The Voyages of Marco Polo: 25 locations, 30 routes (x = longitude, y = latitude)")
        elif state.is_terminal():
            title = tr("The Voyages of Marco Polo: the game is over")
        else:
            title = tr("Round {round} of 5: player {seat} to act").format(round=state.round, seat=state.current_player)
    draw_board(graph, ax, node_color=colours, node_size={n: KIND_SIZES[a["kind"]] for n, a in graph.nodes(data=True)},
               highlight_path=route, highlight_color="#d62728", edge_style=edge_style, title=None)
    if costs:
        # the cost as a halo around the location: the location keeps its kind's colour (the legend still applies)
        places = list(costs)
        sizes, widths = _halo_rings(graph, places)
        ax.scatter([pos[n][0] for n in places], [pos[n][1] for n in places], s=sizes, linewidths=widths,
                   facecolors="none", edgecolors=[scale.to_rgba(costs[n]) for n in places], zorder=1.5,
                   gid="cost-halo")
    # route costs at the midpoints
    for u, v, attrs in graph.edges(data=True):
        text = _route_label(attrs)
        if text:
            (x0, y0), (x1, y1) = pos[u], pos[v]
            sx, sy = _EDGE_SHIFT.get((u, v)) or _EDGE_SHIFT.get((v, u)) or (0.0, 0.0)
            ax.text((x0 + x1) / 2 + sx, (y0 + y1) / 2 + sy, text, fontsize=9, ha="center", va="center", zorder=6,
                    color=ROUTE_COIN_COLOUR if attrs.get("coins") else ROUTE_CAMEL_COLOUR, gid="route-cost",
                    bbox={"boxstyle": "round,pad=0.12", "facecolor": "white", "edgecolor": "none", "alpha": 0.85})
    # names and notes
    city_notes = _city_notes(state, graph) if notes else {}
    for node, attrs in graph.nodes(data=True):
        x, y = pos[node]
        dx, dy, ha = _LABEL_AT.get(node, (0.0, -1.8, "center"))
        name = pgettext("place", attrs["name"])
        name = name.replace("Oasis ", "oasis ") if attrs["kind"] == "oasis" else name
        text = name
        if node in costs:
            text += f" ({costs[node]:g})"
        weight = "normal" if attrs["kind"] == "oasis" else "bold"
        va = "top" if dy < -0.5 else ("bottom" if dy > 0.5 else "center")
        ax.text(x + dx, y + dy, text, fontsize=9, ha=ha, va=va, zorder=7,
                fontweight=weight, gid=f"name:{node}")
        if node in city_notes:
            if va == "bottom":
                ny, nva = y + dy + 1.5, "bottom"
            else:
                ny, nva = y + dy - (1.5 if va == "top" else 0.9), "top"
            ax.text(x + dx, ny, city_notes[node], fontsize=9, ha=ha, va=nva, color="#444444", zorder=7,
                    linespacing=1.0, gid=f"note:{node}")
    _draw_beijing(state, ax, pos["beijing"])
    if state is not None:
        _draw_pieces(state, ax, pos, player)
    ax.cost_scale = scale        # the cost -> colour mapping of ``reachable`` (None without it), for checks
    if costs:
        bar = ax.figure.colorbar(scale, ax=ax, shrink=0.55, pad=0.01, fraction=0.04)
        bar.set_label(tr("{what} (halo colour)").format(what=cost_label or tr("cost of getting there (coins)")),
                      fontsize=9)
        bar.ax.tick_params(labelsize=9)
    if legend:
        handles = [Line2D([], [], marker="o", linestyle="", markersize=9, markerfacecolor=KIND_COLOURS[k],
                          markeredgecolor="#333333", label=KIND_LABELS[k]) for k in KIND_COLOURS]
        handles += [Line2D([], [], color=ROUTE_CAMEL_COLOUR, label=tr("route: extra camels")),
                    Line2D([], [], color=ROUTE_COIN_COLOUR, linestyle="--", label=tr("route: extra coins"))]
        if state is not None:
            for seat in range(state.players):
                handles.append(Line2D([], [], marker="^", linestyle="", markersize=9,
                                      markerfacecolor=PLAYER_COLOURS[seat], markeredgecolor="black",
                                      label=tr("player {seat} ({colour}): traveller ▲, post ■").format(
                                          seat=seat, colour=tr(PLAYER_NAMES[seat]))))
        if route:
            handles.append(Line2D([], [], color="#d62728", linewidth=4, alpha=0.75, label=tr("path")))
        ax.legend(handles=handles, loc="lower left", fontsize=9, frameon=True, framealpha=0.9)
    ax.set_title(title, fontsize=11)
    if around:
        if isinstance(around, str) or not isinstance(around, Sequence):
            raise ValueError(f"around must be a list of location ids (e.g. ['venezia', 'adana']), not {around!r}")
        zoom = list(around)
        for place in zoom:
            if not isinstance(place, str) or place not in graph:
                raise ValueError(f"around names {place!r}, not a location of the map")
        xs = [pos[p][0] for p in zoom]
        ys = [pos[p][1] for p in zoom]
        ax.set_xlim(min(xs) - 9, max(xs) + 9)
        ax.set_ylim(min(ys) - 6, max(ys) + 6)
        ax.set_autoscale_on(False)
        for text in ax.texts:
            text.set_clip_on(True)
        return ax
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    ax.set_xlim(min(xs) - 9, max(xs) + 14)
    ax.set_ylim(min(ys) - 5, max(ys) + 7)
    return ax


def draw_route_counts(routes: Mapping, title: str | None = None, ax=None):
    """A heat map of travel: each route drawn thicker and darker the more often it was used.

    Args:
        routes: ``{(a, b): times}`` for routes of the map (either order of a and b), e.g. the ``Counter``
            returned by ``marco_polo.bench.lab_games``; oasis-to-oasis jumps (Johannes) are left out.
        title: the title; ax: an Axes to draw on (a new figure if None).

    Returns the Axes, with a colour bar "times a route was travelled".

    Raises:
        ValueError: routes that is not a mapping of location pairs to whole numbers >= 0.
    """
    import numpy as np
    from matplotlib.cm import ScalarMappable
    from matplotlib.collections import LineCollection
    from matplotlib.colors import Normalize

    if not isinstance(routes, Mapping) or not all(
            isinstance(k, tuple) and len(k) == 2 and isinstance(v, int) and v >= 0 for k, v in routes.items()):
        raise ValueError("routes maps (location, location) pairs to how many times they were travelled")
    graph = _map_graph(None)
    pos = positions(graph)
    ax = draw_map(None, ax, title=tr("Routes travelled") if title is None else title, legend=False, notes=False)
    used: dict = {}
    for (a, b), times in routes.items():
        key = tuple(sorted((a, b)))
        used[key] = used.get(key, 0) + times
    counts = np.array([used.get(tuple(sorted(edge)), 0) for edge in graph.edges], dtype=float)
    top = max(1.0, counts.max())
    norm = Normalize(0, top)
    lines = LineCollection([[pos[a], pos[b]] for a, b in graph.edges], cmap="YlOrRd", norm=norm,
                           linewidths=1.5 + 8 * counts / top, zorder=1.5, alpha=0.9, gid="route-heat")
    lines.set_array(counts)
    ax.add_collection(lines)
    bar = ax.figure.colorbar(ScalarMappable(norm=norm, cmap="YlOrRd"), ax=ax, shrink=0.6)
    bar.set_label(tr("times a route was travelled"), fontsize=9)
    bar.ax.tick_params(labelsize=9)
    return ax


def _draw_beijing(state, ax, at):
    """Beijing's four trading-post spaces (10, 7, 4, 1 VP) in a row beside it, filled in arrival order."""
    from matplotlib.patches import Rectangle

    x0, y0 = at[0] + 2.4, at[1] - 4.6
    owners = state.posts.get("beijing", []) if state is not None else []
    for i, points in enumerate((10, 7, 4, 1)):
        face = PLAYER_COLOURS[owners[i]] if i < len(owners) else "white"
        ax.add_patch(Rectangle((x0 + i * 2.4, y0), 2.1, 2.1, facecolor=face, edgecolor="#333333", zorder=6,
                               gid=f"beijing:{points}"))
        ax.text(x0 + i * 2.4 + 1.05, y0 + 1.05, str(points), fontsize=9, ha="center", va="center", zorder=7,
                color="white" if i < len(owners) else "black")
    ax.text(x0, y0 - 0.4, tr("Beijing spaces (VP)"), fontsize=9, va="top", color="#444444", zorder=7)


_POSTS_AT = {"xian": (-90, -135, -45, 180), "lan_zhou": (-60, -100, -20, 40)}
"""Post angles for the two cities a few map units apart (the sides between them would mix their posts)."""


def _post_angles(city) -> tuple:
    """Where a city's trading posts go round it (degrees, in order of arrival): on the side away from its
    name, which :data:`_LABEL_AT` puts left, right, above or (by default) below; never above, where the
    travellers stand."""
    if city in _POSTS_AT:
        return _POSTS_AT[city]
    dx, dy, ha = _LABEL_AT.get(city, (0.0, -1.8, "center"))
    if ha == "right":             # the name is left of the city
        return (0, -35, 35, -70)
    if ha == "left":              # the name is right of the city
        return (180, -145, 145, -110)
    if dy > 0.5:                  # the name is above
        return (0, 180, -35, -145)
    return (0, 180, 35, 145)


def _draw_pieces(state, ax, pos, player):
    """Trading posts (squares below-right, below-left, right, left of the city, in order of arrival) and
    travellers (triangles above the location)."""
    xs, ys, cs, ring = [], [], [], []
    for city, owners in state.posts.items():
        if city == "beijing":
            continue
        x, y = pos[city]
        angles = _post_angles(city)
        for k, seat in enumerate(owners):
            angle = math.radians(angles[k % 4])
            xs.append(x + 2.5 * math.cos(angle))
            ys.append(y + 2.5 * math.sin(angle))
            cs.append(PLAYER_COLOURS[seat])
            ring.append(seat == player)
    ax.scatter(xs, ys, s=120, marker="s", c=cs or "none", edgecolors=["black" if r else "#333333" for r in ring] or "none",
               linewidths=[2.0 if r else 0.6 for r in ring] or 0.6, zorder=8, gid="posts")
    txs, tys, tcs, tring = [], [], [], []
    count: dict = {}
    for seat, places in enumerate(state.travellers):
        for place in places:
            k = count.get(place, 0)
            count[place] = k + 1
            x, y = pos[place]
            txs.append(x - 1.0 + 1.0 * (k % 3))
            tys.append(y + 1.6 + 1.0 * (k // 3))
            tcs.append(PLAYER_COLOURS[seat])
            tring.append(seat == player)
    ax.scatter(txs, tys, s=90, marker="^", c=tcs, edgecolors="black", linewidths=[2.0 if r else 0.6 for r in tring],
               zorder=9, gid="travellers")


# --- the action board ----------------------------------------------------------------------------------

def _die(ax, x, y, seat, colour, value, size=2.6, gid="die"):
    """A die placed on the board: own dice in the player colour, black dice black and the white die white,
    both edged in the owner's colour; neutral dice (a variant) grey."""
    from matplotlib.patches import FancyBboxPatch

    if seat < 0:
        face, edge, ink = "#bbbbbb", "#555555", "black"
    elif colour == "black":
        face, edge, ink = "#222222", PLAYER_COLOURS[seat], "white"
    elif colour == "white":
        face, edge, ink = "white", PLAYER_COLOURS[seat], "black"
    else:
        face, edge, ink = PLAYER_COLOURS[seat], "#222222", "white"
    ax.add_patch(FancyBboxPatch((x, y), size, size, boxstyle="round,pad=0,rounding_size=0.4", facecolor=face,
                                edgecolor=edge, linewidth=2 if colour in ("black", "white") else 0.8, zorder=5, gid=gid))
    ax.text(x + size / 2, y + size / 2, str(value) if value else "?", fontsize=9, ha="center", va="center",
            color=ink, fontweight="bold", zorder=6)


def _box(ax, x, y, w, h, title, colour="#dbe9f6", text="", fontsize=9):
    from matplotlib.patches import FancyBboxPatch

    ax.add_patch(FancyBboxPatch((x, y), w, h, boxstyle="round,pad=0,rounding_size=0.8", facecolor=colour,
                                edgecolor="#555555", linewidth=0.8, zorder=1))
    ax.text(x + 0.8, y + h - 0.8, title, fontsize=10, fontweight="bold", va="top", zorder=3)
    if text:
        ax.text(x + 0.8, y + h - 3.6, text, fontsize=fontsize, va="top", zorder=3, linespacing=1.2)


def _dice_row(ax, x, y, placed, step=3.0):
    for i, (seat, colour, value) in enumerate(placed):
        _die(ax, x + i * step, y, seat, colour, value)


def contract_text(data, cid: int) -> str:
    """A contract in short words: ``"#12: 1 gold + 2 silk + 2 camels -> 4 camels + 4 VP"``."""
    c = data.contracts[cid]
    return tr("#{contract}: {cost} -> {reward}").format(contract=cid, cost=_bundle_words(c["cost"]),
                                                        reward=_bundle_words(c["reward"]))


_SHORT = (("pepper", "pepper"), ("silk", "silk"), ("gold", "gold"), ("camels", "cam."), ("coins", "coin"),
          ("extra_move", "move"), ("vp", "VP"))


def _short(bundle: Mapping) -> str:
    """A bazaar reward in a few characters a line, goods first: ``"3 pepper\n+2 coin"``."""
    parts = [f"{bundle[k]} {word}{'s' if word == 'coin' and bundle[k] > 1 else ''}" for k, word in _SHORT if bundle.get(k)]
    return "\n+".join(parts)


def _board_axes(state, fig, what: str, size, width: float, height: float):
    """Check ``state``; clear ``fig`` (a new Figure of ``size`` inches if None) and give it one Axes filling it,
    with coordinates 0..width x 0..height and no frame. Returns (fig, ax)."""
    from matplotlib.figure import Figure

    _check_state(state)
    if state is None:
        raise ValueError(f"{what} needs a game state (marco_polo.new_game(...))")
    if fig is None:
        fig = Figure(figsize=size)
    fig.clear()
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.axis("off")
    return fig, ax


def _dice_legend(state, ax, y: float) -> None:
    """One line under the title: whose dice are whose (the players' colours, black and white dice)."""
    x = 1.0
    ax.text(x, y + 1.0, tr("Dice:"), fontsize=9, fontweight="bold", va="center")
    x += 5.0
    for seat in range(state.players):
        _die(ax, x, y, seat, "own", "", size=2.0, gid="legend-die")
        ax.text(x + 2.6, y + 1.0, tr("player {seat} ({colour})").format(seat=seat, colour=tr(PLAYER_NAMES[seat])),
                fontsize=9, va="center")
        x += 15.5
    _die(ax, x, y, 0, "black", "", size=2.0, gid="legend-die")
    _die(ax, x + 2.6, y, 0, "white", "", size=2.0, gid="legend-die")
    ax.text(x + 5.2, y + 1.0, tr("black die, white die (Matteo's): edged in the owner's colour"), fontsize=9,
            va="center")


def draw_action_board(state, fig=None):
    """The action spaces of the main board with the dice placed this round; returns the Figure.

    Blue spaces (take 5 coins, the bazaar rows, take contracts, travel; MP-ACT-2: usable when occupied
    by paying coins), Khan's favour with its 4 spaces (MP-KHAN-2/3), the moneybag (MP-BONUS-3), the
    6 contracts on display (MP-CONTRACT-1/2) and every city card with its die (brown, MP-CITY-1/2).
    Each placed die is a small square in its owner's colour showing its value (black and white dice
    are edged in the owner's colour); a line under the title says whose colour is whose. Every text is
    9 pt or more. 11 x 8.6 inches.

    Raises:
        ValueError: ``state`` is not a Marco Polo game.
    """
    from matplotlib.patches import Rectangle

    from ..marco_polo.effects import card_text

    fig, ax = _board_axes(state, fig, "draw_action_board", (11, 8.6), 110, 86)
    data, spaces = state.data, state.spaces
    ax.text(1, 85.5, tr("Action board, round {round} of 5: dice placed this round (black dice left in the supply: "
                        "{black})").format(round=state.round, black=state.black_dice), fontsize=11, fontweight="bold",
            va="top")
    _dice_legend(state, ax, 80.0)
    # take 5 coins, Khan's favour
    _box(ax, 1, 66, 19, 12, tr("Take 5 coins"), text=tr("1 die, any value\n(MP-ACT-3)"))
    _dice_row(ax, 2, 66.6, spaces.get("coins", []))
    _box(ax, 1, 50, 19, 15, tr("Khan's favour"), text=tr("2 camels + 1 good\nof choice; each die\n\u2265 the one before"))
    for i in range(data.khan_spaces):
        ax.add_patch(Rectangle((1.8 + i * 3.6, 50.4), 3.0, 3.0, facecolor="white", edgecolor="#888888", zorder=2))
    _dice_row(ax, 2, 50.6, spaces.get("khan", []), step=3.6)
    # the bazaar
    _box(ax, 21, 50, 66, 28, tr("The bazaar (MP-BAZAAR-1/2): lowest die = highest column"))
    for c in range(6):
        ax.text(33 + c * 7.4, 73.2, tr("col. {column}").format(column=c + 1), fontsize=9, va="center", color="#555555")
    for r, good in enumerate(("camel", "pepper", "silk", "gold")):
        dice, columns = data.bazaar[good]
        y = 68.6 - r * 5.3
        word = plural(1, "camel") if good == "camel" else amount_text(1, good)
        ax.text(22, y, f"{word[2:]}\n({plural(dice, 'die', 'dice')})", fontsize=9, va="center",
                fontweight="bold", linespacing=1.0)
        for c, reward in enumerate(columns):
            ax.text(33 + c * 7.4, y, _short(reward), fontsize=9, va="center", linespacing=0.95)
        _dice_row(ax, 77.5, y - 1.3, spaces.get(f"bazaar:{good}", []), step=2.9)
    # travel
    costs = data.travel_cost
    _box(ax, 88, 50, 21, 28, tr("Travel (2 dice)"),
         text=tr("lower die = most\nsteps; coins for\n1..6 steps:\n{first},\n{last}\n+ each route's\ncamels or coins\n"
                 "(MP-TRAVEL-1/2)").format(first=", ".join(map(str, costs[:3])), last=", ".join(map(str, costs[3:]))))
    _dice_row(ax, 89, 50.8, spaces.get("travel", []))
    # moneybag
    _box(ax, 1, 27, 19, 22, tr("Moneybag"), colour="#f2f2f2",
         text=tr("bonus action:\n3 coins, free even\nwhen occupied\n(MP-BONUS-3)"))
    _dice_row(ax, 2, 27.7, spaces.get("moneybag", [])[:6], step=2.8)
    # contracts on display
    _box(ax, 21, 27, 88, 22, tr("Take contracts (1 die: 1 or 2 from columns 1..die, MP-CONTRACT-1/2)"), colour="#fff2cc")
    _dice_row(ax, 98, 45.0, spaces.get("contracts", []))
    for col in range(6):
        cid = state.board_contracts[col] if col < len(state.board_contracts) else None
        x = 22 + col * 14.5
        extra = {4: " +1", 5: " +2"}.get(col, "")
        ax.text(x, 43.4, tr("col. {column}").format(column=col + 1) + extra, fontsize=9, va="top", color="#555555")
        if cid is None:
            ax.text(x, 41.0, tr("(taken)"), fontsize=9, va="top", color="#888888")
            continue
        c = data.contracts[cid]
        lines = ([tr("#{contract} pay:").format(contract=cid)] + _wrap(_bundle_words(c["cost"]), 17) + [tr("get:")]
                 + _wrap(_bundle_words(c["reward"]), 17))
        ax.text(x, 41.0, "\n".join(lines), fontsize=9, va="top", linespacing=1.05)
    ax.text(108, 27.6, tr("col. 5 +1, col. 6 +2: also 1 or 2 coins or camels"), fontsize=9, va="bottom", ha="right",
            color="#555555")
    # city cards
    _box(ax, 1, 0.5, 108, 25.5, tr("City cards (brown: 1 die, once a round, needs your trading post in the city; "
                                   "MP-CITY-1/2)"), colour="#e8d5c4")
    cards = [(city, card) for city in sorted(state.city_cards) for card in state.city_cards[city]]
    for i, (city, card) in enumerate(cards):
        x, y = 2 + (i % 5) * 21.5, 21.8 - (i // 5) * 10.8
        used = spaces.get(f"city:{card}", [])
        ax.text(x, y, tr("{city}, card {card}").format(city=state.map.name[city], card=card), fontsize=9, va="top",
                fontweight="bold")
        ax.text(x, y - 1.9, "\n".join(_wrap(card_text(state, card), 27)[:4]), fontsize=9, va="top",
                linespacing=1.0, color="#333333")
        if used:
            _dice_row(ax, x + 17.5, y - 2.6, used, step=2.8)
    return fig


def _wrap(text: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width) or [""]


# --- a player board --------------------------------------------------------------------------------------

def draw_player_board(state, player: int, fig=None, *, secret: bool = False):
    """One player's board: character, coins, camels, goods, victory points, trading posts, travellers,
    active and fulfilled contracts, the dice still to place and (unless ``secret``) the objectives,
    each city ticked when it holds the player's post. Returns the Figure (7.5 x 3.6 inches).

    Raises:
        ValueError: a state that is not a Marco Polo game, or a bad seat.
    """
    from matplotlib.patches import FancyBboxPatch

    fig, ax = _board_axes(state, fig, "draw_player_board", (7.5, 3.6), 75, 36)
    _check_player(state, player)

    colour = PLAYER_COLOURS[player]
    ax.add_patch(FancyBboxPatch((0.5, 0.5), 74, 35, boxstyle="round,pad=0,rounding_size=1.2", facecolor="#fafafa",
                                edgecolor=colour, linewidth=3))
    who = state.characters[player]
    name = state.data.characters[who]["name"] if who else tr("(character not chosen yet)")
    ax.text(2, 34, tr("Player {seat} ({colour}): {character}").format(seat=player, colour=tr(PLAYER_NAMES[player]),
                                                                      character=name),
            fontsize=11, fontweight="bold", va="top", color=colour)
    pepper, silk, gold = state.goods[player]
    where = ", ".join(state.map.name[t] for t in state.travellers[player])
    lines = [tr("coins: {coins}    camels: {camels}    victory points so far: {vp}").format(
                 coins=state.coins[player], camels=state.camels[player], vp=state.vp[player]),
             tr("goods: {pepper}, {silk}, {gold}").format(pepper=amount_text(pepper, "pepper"),
                                                          silk=amount_text(silk, "silk"), gold=amount_text(gold, "gold")),
             ngettext("trading posts left: {posts}    traveller: {where}",
                      "trading posts left: {posts}    travellers: {where}", len(state.travellers[player])).format(
                 posts=state.posts_left[player], where=where)]
    ax.text(2, 30.2, "\n".join(lines), fontsize=9, va="top", linespacing=1.5)
    ax.text(2, 20.6, tr("active contracts (2 spaces); fulfilled so far: {n}").format(n=len(state.fulfilled[player])),
            fontsize=9, fontweight="bold", va="top")
    active = []
    for cid in state.active[player]:
        c = state.data.contracts[cid]
        active += [tr("#{contract} pay {cost}").format(contract=cid, cost=_bundle_words(c["cost"])),
                   "      " + tr("get {reward}").format(reward=_bundle_words(c["reward"]))]
    ax.text(2, 18.2, "\n".join(active or [tr("(none)")]), fontsize=9, va="top", linespacing=1.25)
    ax.text(2, 8.6, tr("dice to place:"), fontsize=9, fontweight="bold", va="top")
    dice = state.dice[player]
    for i, (c, v) in enumerate(dice):
        _die(ax, 2 + i * 3.4, 2.0, player, c, v, size=2.9)
    if not dice:
        ax.text(2, 5.0, tr("(none: this player has passed for the round, MP-TURN-2)"), fontsize=9, va="top")
    if not secret:
        ax.text(46, 20.6, tr("objectives (secret):"), fontsize=9, fontweight="bold", va="top")
        text = []
        for oid in state.objectives[player]:
            pair, vp = state.data.objectives[oid]
            marks = join_and([state.map.name[c] + (" \u2713" if state.has_post(player, c) else "") for c in pair])
            text.append(f"{marks}: " + tr("{vp} VP").format(vp=vp))
        ax.text(46, 18.2, "\n".join(text) or tr("(none)"), fontsize=9, va="top", linespacing=1.4)
    return fig


# --- the final score ---------------------------------------------------------------------------------------

def _sheet_of(state_or_sheet):
    from ..core import ScoreSheet

    if isinstance(state_or_sheet, ScoreSheet):
        return state_or_sheet
    if hasattr(state_or_sheet, "score_sheet") and hasattr(state_or_sheet, "posts"):
        return state_or_sheet.score_sheet()
    raise ValueError(f"expected a Marco Polo game or its ScoreSheet, not {type(state_or_sheet).__name__}")


def draw_score_steps(state_or_sheet, step: int | None = None, fig=None, names=None):
    """The final score after ``step`` rows as stacked bars (all rows if None), in victory points (VP).

    Rows are counted in the score stepper's order (players alternate within each category).

    :func:`caravan_lessons.viz.draw_score_steps` with Marco Polo's category colours
    (:data:`SCORE_COLOURS`: during play, objectives, coins, Beijing, most contracts).

    Raises:
        ValueError: not a game or sheet, or a step outside 0..number of rows.
    """
    from . import draw_score_steps as draw

    sheet = _sheet_of(state_or_sheet)
    if step is not None and (isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(sheet.rows)):
        raise ValueError(f"step must be a whole number from 0 to {len(sheet.rows)}, not {step!r}")
    from dataclasses import replace

    from matplotlib.figure import Figure

    from ..ui.common import alternate_rows

    names = names or [tr("player {seat}").format(seat=p) for p in range(sheet.players)]
    shown = replace(sheet, rows=alternate_rows(sheet.rows), unit="VP")   # the order of the stepper; short unit
    return draw(shown, step, fig=fig if fig is not None else Figure(figsize=(7.5, 3.4)), names=names,
                colours=SCORE_COLOURS)


def score_stepper(state_or_sheet, names=None):
    """The shared :class:`~caravan_lessons.ui.common.ScoreStepper` for a Marco Polo score sheet: Next / Back
    through the rows (players alternate within each category), each row's rule quoted (MP-SCORE-*)."""
    from ..marco_polo import default_data
    from ..ui.common import ScoreStepper

    sheet = _sheet_of(state_or_sheet)
    return ScoreStepper(sheet, names=names, rules=default_data().rules, colours=SCORE_COLOURS)


# --- a map redrawn after every action (the play app) ------------------------------------------------------

class MapView:
    """The map drawn once, then only its moving parts redrawn: for an app that shows the map after every action.

    The static picture (locations, routes and their costs, names, notes, legend, a colour bar of travel
    costs from 0 to ``max_cost`` coins) is rendered once and cached; :meth:`render_png` restores it and
    draws over it only the cost halos (reachable places by cost, as :func:`draw_map` shows them), the path, the
    travellers, the
    trading posts, Beijing's spaces and the title (``_dynamic``; matplotlib blitting on an Agg canvas). The
    static picture is rebuilt (``ax`` new) only when the language or the players change; when only the city notes
    change (an outpost bonus taken, or a game taken back to before it was: the review's **Try the better move**),
    their texts are set anew on the same ``ax`` and :attr:`static_key` changes, so a
    :class:`~caravan_lessons.boards.Blitter` can use again the picture it kept for those notes
    (:meth:`~caravan_lessons.boards.Blitter.use_background`) instead of drawing the whole map.

    Args:
        state: the game to show first.
        figsize: inches (default 11 x 6.6).
        max_cost: the top of the cost colour scale, in coins.
        heading: leave room for a title above the map (False: an app shows its heading as a line of HTML above
            the map, so the map takes the whole figure).

    Attributes:
        figure, ax: the matplotlib Figure and Axes (an ipympl canvas can show ``figure`` too).
        static_key: what the static picture shows now (the city notes, the players, the language): equal keys,
            equal static pictures on the same ``ax``.
    """

    def __init__(self, state, figsize=(11, 6.6), max_cost: float = 40, heading: bool = True):
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.cm import ScalarMappable
        from matplotlib.colors import ListedColormap, Normalize
        from matplotlib.figure import Figure
        from matplotlib import colormaps

        _check_state(state)
        if state is None:
            raise ValueError("MapView needs a game state (marco_polo.new_game(...))")
        if isinstance(max_cost, bool) or not isinstance(max_cost, Real) or not 0 < max_cost < math.inf:
            raise ValueError(f"max_cost must be a positive number of coins, not {max_cost!r}")
        self.figure = Figure(figsize=figsize)
        FigureCanvasAgg(self.figure)
        self.graph = state.data.board
        cmap = ListedColormap(colormaps["RdPu"]([0.25 + 0.75 * i / 255 for i in range(256)]), name="cost")
        self.scale = ScalarMappable(norm=Normalize(0, max_cost), cmap=cmap)
        self._signature = None
        self.heading = bool(heading)
        self._blitter = None          # made by render_png (a play app shows the map through its own LiveBoard)
        self._rebuilt = False
        self._build(state)

    def _notes_signature(self, state):
        return tuple(sorted(state.outposts.items())), state.players, get_language()   # a new language: drawn anew

    def _build(self, state) -> None:
        from matplotlib.lines import Line2D

        fig = self.figure
        fig.clear()
        self.ax = ax = fig.add_axes((0.0, 0.0, 1.0, 0.95 if self.heading else 1.0))
        draw_map(state, ax, title=" ")
        # the colour bar lies flat in the empty south-east corner (the Indian Ocean), clear of Beijing's spaces
        bar_ax = fig.add_axes((0.82, 0.16, 0.15, 0.022))
        bar = fig.colorbar(self.scale, cax=bar_ax, orientation="horizontal")
        bar.set_label(tr("cost of getting there (coins)"), fontsize=9)
        bar.ax.xaxis.set_label_position("top")
        bar.ax.tick_params(labelsize=9)
        self._fit(ax)
        pos = positions(self.graph)
        self._pos = pos
        self.nodes = _node_collection(ax, self.graph)
        # the cost of getting somewhere as a halo round the location, as draw_map shows it (the location keeps its
        # kind's colour); a halo per location, transparent where there is no cost to show
        nodes = list(self.graph)
        sizes, widths = _halo_rings(self.graph, nodes)
        self.halos = ax.scatter([pos[n][0] for n in nodes], [pos[n][1] for n in nodes], s=sizes, linewidths=widths,
                                facecolors="none", edgecolors=[(0, 0, 0, 0)] * len(nodes), zorder=1.5,
                                gid="cost-halo")
        self.travellers = next(c for c in ax.collections if c.get_gid() == "travellers")
        self.posts = next(c for c in ax.collections if c.get_gid() == "posts")
        self.beijing = sorted((p for p in ax.patches if (p.get_gid() or "").startswith("beijing:")),
                              key=lambda p: -int(p.get_gid()[8:]))
        self.path_line = Line2D([], [], color="#d62728", linewidth=5, alpha=0.75, solid_capstyle="round", zorder=2)
        ax.add_line(self.path_line)
        self.title = ax.set_title(" ", fontsize=11)
        # a place's name again over its halo, with the cost as draw_map writes it ("Moscow (7)"), on white over
        # the cached map's plain name
        self.halo_names = {}
        for text in ax.texts:
            gid = text.get_gid() or ""
            if gid.startswith("name:"):
                x, y = text.get_position()
                name = ax.text(x, y, text.get_text(), fontsize=text.get_fontsize(), ha=text.get_ha(),
                               va=text.get_va(), color=text.get_color(), fontweight=text.get_fontweight(),
                               zorder=text.get_zorder(), visible=False, gid=f"halo-{gid}",
                               bbox={"boxstyle": "round,pad=0.1", "facecolor": "white", "edgecolor": "none"})
                name.plain = text.get_text()
                self.halo_names[gid[5:]] = name
        self._dynamic = [self.halos, *self.halo_names.values(), self.path_line, self.posts, self.travellers,
                         *self.beijing, self.title]
        for artist in self._dynamic:
            artist.set_animated(True)
        self.notes = {(text.get_gid() or "")[5:]: text for text in ax.texts if (text.get_gid() or "").startswith("note:")}
        self._signature = self._notes_signature(state)
        self._built_outposts = dict(state.outposts)
        self._rebuilt = True

    @property
    def static_key(self):
        return self._signature

    def _renote(self, state) -> bool:
        """Set the city notes' texts to ``state``'s on the same Axes, if only the outposts changed and every outpost
        left was there when the map was built (a note never grows past the room the build fitted); else False."""
        signature = self._notes_signature(state)
        if signature[1:] != self._signature[1:] or any(
                self._built_outposts.get(city) != bonus for city, bonus in state.outposts.items()):
            return False
        notes = _city_notes(state, self.graph)
        if set(notes) != set(self.notes):
            return False
        for node, text in self.notes.items():
            text.set_text(notes[node])
        self._signature = signature
        return True

    def _fit(self, ax, pad_px: float = 4.0) -> None:
        """Shrink the map's Axes until everything drawn on it (names such as "Venezia" left of their place, the
        Beijing spaces' label, the legend) lies inside the figure, ``pad_px`` from its edges."""
        fig = self.figure
        renderer = fig.canvas.get_renderer()
        width, height = fig.bbox.width, fig.bbox.height
        for _ in range(4):
            box = ax.get_position()
            drawn = ax.get_tightbbox(renderer)
            left = max(0.0, pad_px - drawn.x0) / width
            right = max(0.0, drawn.x1 - (width - pad_px)) / width
            bottom = max(0.0, pad_px - drawn.y0) / height
            top = max(0.0, drawn.y1 - (height - pad_px)) / height
            if max(left, right, bottom, top) <= 0:
                return
            ax.set_position((box.x0 + left, box.y0 + bottom, box.width - left - right, box.height - bottom - top))

    def update(self, state, *, player=None, reachable=None, path=None, title=None) -> None:
        """Set the moving parts to ``state`` (arguments as :func:`draw_map`); nothing is rendered yet."""
        import numpy as np

        _check_state(state)
        _check_player(state, player)
        costs = _check_reachable(self.graph, reachable)
        route = _check_path(self.graph, path)
        if self._notes_signature(state) != self._signature and not self._renote(state):
            self._build(state)
        self.halos.set_edgecolors([self.scale.to_rgba(costs[n]) if n in costs else (0, 0, 0, 0) for n in self.graph])
        for place, name in self.halo_names.items():
            name.set_visible(place in costs)
            if place in costs:
                name.set_text(f"{name.plain} ({costs[place]:g})")
        self.path_line.set_data([self._pos[n][0] for n in route], [self._pos[n][1] for n in route])
        scratch = _PieceCollector()
        _draw_pieces(state, scratch, self._pos, player)
        for artist, (xy, colours, widths) in zip((self.posts, self.travellers), scratch.layers):
            artist.set_offsets(np.array(xy, dtype=float).reshape(-1, 2))
            artist.set_facecolors(colours)
            artist.set_linewidths(widths)
            artist.set_edgecolors(["black" if w > 1 else "#333333" for w in widths] if widths else "none")
        owners = state.posts.get("beijing", [])
        for i, patch in enumerate(self.beijing):
            patch.set_facecolor(PLAYER_COLOURS[owners[i]] if i < len(owners) else "white")
        self.title.set_text(map_title(state) if title is None else title)

    def render_png(self, state, **kwargs) -> bytes:
        """:meth:`update` then the PNG bytes of the figure (the static map blitted, the moving parts drawn:
        :class:`caravan_lessons.boards.Blitter`)."""
        from ..boards import Blitter

        self.update(state, **kwargs)
        if self._blitter is None:
            self._blitter = Blitter(self.figure)
        self._blitter.set_artists(self._dynamic)
        if self._rebuilt:
            self._blitter.invalidate()
            self._rebuilt = False
        self._blitter.use_background(self.static_key)
        return self._blitter.png()


def map_title(state) -> str:
    """The map's heading for ``state`` when nothing else is asked for: the round and whose turn, or the end."""
    if state.is_terminal():
        return tr("The Voyages of Marco Polo: the game is over")
    return tr("Round {round} of 5: player {seat} to act").format(round=state.round, seat=state.current_player)


class _PieceCollector:
    """Stands in for an Axes in :func:`_draw_pieces` and keeps what it would scatter (for MapView)."""

    def __init__(self):
        self.layers = []

    def scatter(self, xs, ys, *, c, linewidths, **_):
        colours = c if isinstance(c, list) else []
        widths = linewidths if isinstance(linewidths, list) else []
        self.layers.append((list(zip(xs, ys)), colours, widths))


def _node_collection(ax, graph):
    """The scatter of the locations drawn by ``draw_board`` (one point per node, in graph order)."""
    n = graph.number_of_nodes()
    return next(c for c in ax.collections if len(c.get_offsets()) == n and c.get_gid() is None)


def map_redraw_ms(actions: int = 40, seed: int = 0) -> float:
    """Median milliseconds to redraw the map (:class:`MapView`, PNG bytes) after each of ``actions`` random
    actions of a 4-player game, the player's reachable places coloured (the bench's Marco Polo map figure)."""
    import random
    import statistics
    import time

    from ..marco_polo import new_game

    state = new_game(4, seed=seed)
    rng = random.Random(seed)
    view = MapView(state)
    view.render_png(state)                       # the static map, once
    times = []
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            break
        seat = state.current_player
        start = time.perf_counter()
        view.render_png(state, player=seat, reachable=reachable_costs(state, seat))
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)
