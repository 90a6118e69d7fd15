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

__all__ = ["KIND_COLOURS", "PLAYER_COLOURS", "SCORE_COLOURS", "draw_map", "reachable_costs"]

PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#e6a800")
"""Seat 0..3: red, blue, green, yellow (travellers, trading posts, dice)."""
PLAYER_NAMES = ("red", "blue", "green", "yellow")
KIND_COLOURS = {"start": "#ffffff", "oasis": "#c7e9c0", "small": "#9ecae1", "large": "#fdae6b", "beijing": "#fdd835"}
KIND_LABELS = {"start": "Venezia (start)", "oasis": "oasis", "small": "small city (bonus)",
               "large": "large city (city card, outpost bonus)", "beijing": "Beijing (10/7/4/1 VP spaces)"}
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
             "oasis_b": (0.0, 1.3, "center"), "oasis_c": (0.0, 1.3, "center"), "karakorum": (-1.2, 1.7, "center"),
             "anxi": (0.0, -2.2, "center"), "moscow": (0.0, 2.0, "center"), "oasis_a": (0.0, 1.3, "center"),
             "venezia": (-1.6, -0.8, "right"), "kashgar": (0.0, -2.2, "center"), "oasis_f": (0.0, 1.3, "center"),
             "samarcanda": (-2.0, -0.6, "right"), "alexandria": (-1.9, -0.6, "right"), "oasis_e": (0.0, 1.3, "center"),
             "ormuz": (1.3, 0.7, "left"), "oasis_g": (-0.9, -1.2, "right")}
_LABEL_AT["oasis_i"] = (1.2, -0.5, "left")
# route-cost labels moved off the midpoint (map units) where two would touch
_EDGE_SHIFT = {("oasis_f", "samarcanda"): (-2.2, 0.4), ("kashgar", "oasis_f"): (2.4, 0.4),
               ("oasis_d", "beijing"): (-0.6, -1.7), ("adana", "kochi"): (-1.5, -1.0),
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
        return f"{attrs['camels']} camel{'s' if attrs['camels'] != 1 else ''}"
    if attrs.get("coins"):
        return f"{attrs['coins']} coins"
    return ""


def _bundle_words(bundle: Mapping) -> str:
    """``{"camels": 1, "coins": 3}`` -> ``"1 camel + 3 coins"``."""
    singular = {"camels": "camel", "coins": "coin"}
    names = {"good_choice": "good of choice", "different_goods": "different goods", "extra_move": "extra move",
             "extra_contract": "extra contract", "black_die": "black die", "vp": "VP", "any_good": "goods"}
    return " + ".join(f"{v} {singular[k] if v == 1 and k in singular else names.get(k, k)}"
                      for k, v in bundle.items() if v) or "nothing"


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
            notes[node] = "copy another bonus" if b["copy"] else _bundle_words(b["gain"])
        elif kind == "large":
            spaces = attrs.get("city_card_spaces", 1)
            if state is None:
                notes[node] = f"{spaces} city card{'s' if spaces > 1 else ''}"
            else:
                cards = state.city_cards.get(node, [])
                text = "card " + ", ".join(str(c) for c in cards)
                if node in state.outposts:
                    text += f"\noutpost: {_bundle_words(data.outpost_bonuses[state.outposts[node]])}"
                notes[node] = text
    return notes


def reachable_costs(state, player: int, camel_value: float = 1.0, traveller: int = 0) -> dict:
    """``{location: cost in coins}`` of the places ``player``'s traveller can reach with one Travel now.

    The step budget is what the player's dice allow (the second-highest usable die, MP-TRAVEL-1);
    the cost is the travel space's coins for the steps (MP-TRAVEL-2, plus the surcharge if the space
    is occupied, MP-ACT-2) plus every route's coins and ``camel_value`` coins per camel, the cheapest
    way (:func:`caravan_lessons.marco_polo.cheapest_routes`). Places the player cannot pay for with
    the coins and camels they hold are left out. Empty when they cannot travel.

    Raises:
        ValueError: a bad seat, camel value or traveller index.
    """
    from ..marco_polo import cheapest_routes

    _check_state(state)
    if state is None:
        raise ValueError("reachable_costs needs a game state")
    _check_player(state, player)
    if isinstance(traveller, bool) or not isinstance(traveller, int) or not 0 <= traveller < len(state.travellers[player]):
        raise ValueError(f"traveller must be 0..{len(state.travellers[player]) - 1}, not {traveller!r}")
    steps = state.travel_step_budget(player)
    if steps == 0:
        return {}
    surcharge = state.travel_surcharge(player, steps) or 0
    found = cheapest_routes(state.data.board, state.travellers[player][traveller], steps, camel_value,
                            travel_cost=state.data.travel_cost, oasis_jumps=state.characters[player] == "johannes")
    out = {}
    for place, way in found.items():
        if way["camels"] <= state.camels[player] and way["coins"] + surcharge <= state.coins[player]:
            out[place] = way["value"] + surcharge
    return out


def draw_map(state=None, ax=None, *, player=None, reachable=None, path=None, title=None, notes: bool = True,
             legend: bool = True):
    """The map of The Voyages of Marco Polo by geography; returns the matplotlib Axes.

    Args:
        state: a game (``marco_polo.new_game(...)``) or None for the empty map.
        ax: the Axes to draw on (a new 11 x 6.6 inch figure if None).
        player: a seat to stress: their travellers and trading posts are ringed in black.
        reachable: ``{location id: cost}`` (e.g. :func:`reachable_costs`): those places are filled by
            cost on a yellow-to-purple scale with a colour bar (cheap = light).
        path: a list of location ids (each pair joined by a route, or two oases for Johannes) drawn
            as a thick red line.
        title: the title (default: the map's name, or the round and whose turn it is).
        notes: write each city's city card / outpost bonus / small-city bonus under its name.
        legend: show the legend of location kinds and player colours.

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
    norm = cmap = None
    if costs:
        from matplotlib import colormaps
        from matplotlib.colors import Normalize

        from matplotlib.colors import ListedColormap

        cmap = ListedColormap(colormaps["RdPu"]([0.25 + 0.75 * i / 255 for i in range(256)]), name="cost")
        low, high = min(costs.values()), max(costs.values())
        norm = Normalize(vmin=low, vmax=high if high > low else low + 1)
        for place, cost in costs.items():
            colours[place] = cmap(norm(cost))

    def edge_style(u, v, attrs):
        if attrs.get("coins"):
            return {"color": ROUTE_COIN_COLOUR, "linestyle": "--", "linewidth": 1.3}
        if attrs.get("camels"):
            return {"color": ROUTE_CAMEL_COLOUR, "linewidth": 1.3}
        return {"color": "#777777", "linewidth": 1.1}

    if title is None:
        if state is None:
            title = "The Voyages of Marco Polo: 25 locations, 30 routes (x = longitude, y = latitude)"
        elif state.is_terminal():
            title = "The Voyages of Marco Polo: the game is over"
        else:
            title = f"Round {state.round} of 5: player {state.current_player} to act"
    draw_board(graph, ax, node_color=colours, node_size={n: KIND_SIZES[a["kind"]] for n, a in graph.nodes(data=True)},
               highlight_path=route, highlight_color="#d62728", edge_style=edge_style, title=None)
    # route costs at the midpoints
    for u, v, attrs in graph.edges(data=True):
        text = _route_label(attrs)
        if text:
            (x0, y0), (x1, y1) = pos[u], pos[v]
            sx, sy = _EDGE_SHIFT.get((u, v)) or _EDGE_SHIFT.get((v, u)) or (0.0, 0.0)
            ax.text((x0 + x1) / 2 + sx, (y0 + y1) / 2 + sy, text, fontsize=8.5, ha="center", va="center", zorder=6,
                    color=ROUTE_COIN_COLOUR if attrs.get("coins") else ROUTE_CAMEL_COLOUR,
                    bbox={"boxstyle": "round,pad=0.12", "facecolor": "white", "edgecolor": "none", "alpha": 0.85})
    # names and notes
    city_notes = _city_notes(state, graph) if notes else {}
    for node, attrs in graph.nodes(data=True):
        x, y = pos[node]
        dx, dy, ha = _LABEL_AT.get(node, (0.0, -1.8, "center"))
        name = attrs["name"].replace("Oasis ", "oasis ") if attrs["kind"] == "oasis" else attrs["name"]
        text = name
        if node in costs:
            text += f" ({costs[node]:g})"
        weight = "normal" if attrs["kind"] == "oasis" else "bold"
        va = "top" if dy < -0.5 else ("bottom" if dy > 0.5 else "center")
        ax.text(x + dx, y + dy, text, fontsize=9 if attrs["kind"] != "oasis" else 8, ha=ha, va=va, zorder=7,
                fontweight=weight)
        if node in city_notes:
            if va == "bottom":
                ny, nva = y + dy + 1.5, "bottom"
            else:
                ny, nva = y + dy - (1.5 if va == "top" else 0.9), "top"
            ax.text(x + dx, ny, city_notes[node], fontsize=7.5, ha=ha, va=nva, color="#444444", zorder=7,
                    linespacing=1.0)
    _draw_beijing(state, ax, pos["beijing"])
    if state is not None:
        _draw_pieces(state, ax, pos, player)
    if costs:
        from matplotlib.cm import ScalarMappable

        bar = ax.figure.colorbar(ScalarMappable(norm=norm, cmap=cmap), ax=ax, shrink=0.55, pad=0.01, fraction=0.04)
        bar.set_label("cost of getting there (coins)", fontsize=9)
        bar.ax.tick_params(labelsize=8)
    if legend:
        handles = [Line2D([], [], marker="o", linestyle="", markersize=9, markerfacecolor=KIND_COLOURS[k],
                          markeredgecolor="#333333", label=KIND_LABELS[k]) for k in KIND_COLOURS]
        handles += [Line2D([], [], color=ROUTE_CAMEL_COLOUR, label="route: extra camels"),
                    Line2D([], [], color=ROUTE_COIN_COLOUR, linestyle="--", label="route: extra coins")]
        if state is not None:
            for seat in range(state.players):
                handles.append(Line2D([], [], marker="^", linestyle="", markersize=9,
                                      markerfacecolor=PLAYER_COLOURS[seat], markeredgecolor="black",
                                      label=f"player {seat} ({PLAYER_NAMES[seat]}): traveller ▲, post ■"))
        if route:
            handles.append(Line2D([], [], color="#d62728", linewidth=4, alpha=0.75, label="path"))
        ax.legend(handles=handles, loc="lower left", fontsize=8.5, frameon=True, framealpha=0.9)
    ax.set_title(title, fontsize=11)
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    ax.set_xlim(min(xs) - 9, max(xs) + 14)
    ax.set_ylim(min(ys) - 5, max(ys) + 5)
    return ax


def _draw_beijing(state, ax, at):
    """Beijing's four trading-post spaces (10, 7, 4, 1 VP) in a row beside it, filled in arrival order."""
    from matplotlib.patches import Rectangle

    x0, y0 = at[0] + 2.4, at[1] - 4.6
    owners = state.posts.get("beijing", []) if state is not None else []
    for i, points in enumerate((10, 7, 4, 1)):
        face = PLAYER_COLOURS[owners[i]] if i < len(owners) else "white"
        ax.add_patch(Rectangle((x0 + i * 2.4, y0), 2.1, 2.1, facecolor=face, edgecolor="#333333", zorder=6))
        ax.text(x0 + i * 2.4 + 1.05, y0 + 1.05, str(points), fontsize=8, ha="center", va="center", zorder=7,
                color="white" if i < len(owners) else "black")
    ax.text(x0, y0 - 0.4, "Beijing spaces (VP)", fontsize=7.5, va="top", color="#444444", zorder=7)


def _draw_pieces(state, ax, pos, player):
    """Trading posts (squares in a small ring around the city) and travellers (triangles above-left)."""
    xs, ys, cs, ring = [], [], [], []
    for city, owners in state.posts.items():
        if city == "beijing":
            continue
        x, y = pos[city]
        for k, seat in enumerate(owners):
            angle = math.pi / 4 + k * math.pi / 2
            xs.append(x + 1.25 * math.cos(angle))
            ys.append(y + 1.25 * math.sin(angle))
            cs.append(PLAYER_COLOURS[seat])
            ring.append(seat == player)
    ax.scatter(xs, ys, s=45, marker="s", c=cs or "none", edgecolors=["black" if r else "#333333" for r in ring] or "none",
               linewidths=[2.0 if r else 0.6 for r in ring] or 0.6, zorder=8)
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
               zorder=9)
