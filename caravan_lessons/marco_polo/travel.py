"""Travel on the map (rulebook §Viajar; MP-TRAVEL-*, MP-MOVE-1, MP-CHAR-6/7/8) and route questions.

The map is a ``networkx.Graph`` (``components.GameData.board``): 25 locations, 30 routes, each
route with an extra cost in camels or coins paid on top of the travel space's coins (MP-TRAVEL-2).

Two kinds of functions live here:

* the engine's move tables: :meth:`Map.walks` lists, for a start and a number of steps, every
  end the traveller may reach and the cheapest ways (in camels and coins) to get there;
* route questions for the lessons, answered with networkx: :func:`cheapest_routes` and
  :func:`reachable_objective_cities`.

[ruling] A walk may pass a location more than once (the rulebook counts steps along routes and
does not forbid it); each route used is paid each time. Only the steps bought are walked: the
coins of the travel space are paid for the steps taken (MP-TRAVEL-2).
"""
from __future__ import annotations

import math
from typing import Any

from ..i18n import Translated

__all__ = ["Map", "cheapest_routes", "reachable_objective_cities", "route_cost"]


def _pareto_add(entries: list, camels: int, coins: int, item: Any) -> None:
    """Keep ``entries`` (camels, coins, item) free of dominated costs; first found wins ties."""
    for c, k, _ in entries:
        if c <= camels and k <= coins:
            return
    entries[:] = [e for e in entries if not (camels <= e[0] and coins <= e[1])]
    entries.append((camels, coins, item))


class Map:
    """The map with fast adjacency tables (built once per data set).

    Attributes:
        graph: the board ``nx.Graph``.
        kind: location -> ``"start" | "oasis" | "small" | "large" | "beijing"``.
        adjacency: location -> tuple of (neighbour, camels, coins).
        jump_adjacency: the same plus Johannes Caprini's oasis jumps (MP-CHAR-6): from an oasis to
            every other oasis, one step, no route cost.
    """

    def __init__(self, graph):
        _check_graph(graph, "Map")
        self.graph = graph
        self.kind = {n: a["kind"] for n, a in graph.nodes(data=True)}
        self.name = Translated({n: a["name"] for n, a in graph.nodes(data=True)}, context="place")
        """Location id -> its name in the current language (the map file's names, through the catalogue)."""
        self.oases = tuple(n for n in graph if self.kind[n] == "oasis")
        self.cities = frozenset(n for n in graph if self.kind[n] in ("small", "large", "beijing"))
        self.adjacency = {n: tuple((m, graph.edges[n, m]["camels"], graph.edges[n, m]["coins"])
                                   for m in sorted(graph[n])) for n in graph}
        jump = {}
        for n, routes in self.adjacency.items():
            if self.kind[n] == "oasis":
                others = [(o, 0, 0) for o in self.oases if o != n]
                jump[n] = tuple(others + [r for r in routes if self.kind[r[0]] != "oasis"])
            else:
                jump[n] = routes
        self.jump_adjacency = jump
        self._walks: dict = {}

    def stop_allowed(self, location: str) -> bool:
        """MP-TRAVEL-3: a move ends on an oasis, a small or large city, or Beijing (not in Venezia)."""
        return self.kind[location] != "start"

    def route(self, a: str, b: str, jumps: bool = False) -> tuple[int, int] | None:
        """(camels, coins) of the route a-b (or of an oasis jump), None when they are not joined."""
        for m, camels, coins in (self.jump_adjacency if jumps else self.adjacency)[a]:
            if m == b:
                return camels, coins
        return None

    def walks(self, start: str, steps: int, jumps: bool = False, passing: bool = False) -> tuple:
        """Every way to walk exactly ``steps`` routes from ``start`` that is worth considering.

        Args:
            start: a location id.
            steps: 0..6 (0: stay, for Niccolò and Marco's idle traveller).
            jumps: Johannes Caprini's oasis jumps (MP-CHAR-6).
            passing: keep walks apart by the cities passed through (Wilhelm von Rubruk, MP-CHAR-7).

        Returns:
            a tuple of ``(end, camels, coins, path)``: for each end (and set of passed cities when
            ``passing``) only the walks whose route costs no other walk beats in both camels and coins.
            ``path`` lists the locations from ``start`` to ``end``. Ends where a move may not stop
            (Venezia, MP-TRAVEL-3) are left out when ``steps`` > 0.
        """
        key = (start, steps, jumps, passing)
        found = self._walks.get(key)
        if found is not None:
            return found
        adjacency = self.jump_adjacency if jumps else self.adjacency
        cities = self.cities
        layer: dict = {(start, frozenset()): [(0, 0, (start,))]}
        for _ in range(steps):
            nxt: dict = {}
            for (node, passed), entries in layer.items():
                if passing and node != start and node in cities:
                    passed = passed | {node}
                for m, camels, coins in adjacency[node]:
                    bucket = nxt.setdefault((m, passed), [])
                    for c, k, path in entries:
                        _pareto_add(bucket, c + camels, k + coins, path + (m,))
            layer = nxt
        out = []
        for (end, _passed), entries in layer.items():
            if steps and not self.stop_allowed(end):
                continue
            for camels, coins, path in entries:
                out.append((end, camels, coins, path))
        out.sort(key=lambda e: (e[0], e[1], e[2], e[3]))
        found = tuple(out)
        self._walks[key] = found
        return found


def route_cost(board_map: Map, path, jumps: bool = False) -> tuple[int, int]:
    """(camels, coins) of the routes along ``path`` (a list of locations).

    Raises:
        ValueError: ``path`` is not a non-empty list of the map's location ids, or two consecutive
            locations that no route joins.
    """
    if not isinstance(board_map, Map):
        raise ValueError(f"route_cost needs a travel.Map (marco_polo.Map(marco_polo.board())), not {board_map!r:.80}")
    if not isinstance(path, (list, tuple)) or not path:
        raise ValueError(f"a path is a non-empty list of location ids such as ['venezia', 'oasis_a'], not {path!r:.80}")
    for place in path:
        if not isinstance(place, str) or place not in board_map.kind:
            raise ValueError(f"{place!r:.40} is not a location of the map; the locations are "
                             f"{', '.join(sorted(board_map.kind))}")
    camels = coins = 0
    for a, b in zip(path, path[1:]):
        cost = board_map.route(a, b, jumps)
        if cost is None:
            raise ValueError(f"no route joins {a!r} and {b!r}")
        camels += cost[0]
        coins += cost[1]
    return camels, coins


def _check_graph(graph: Any, where: str) -> None:
    """ValueError unless ``graph`` is a networkx graph whose routes carry ``camels`` and ``coins``."""
    import networkx as nx

    if not isinstance(graph, nx.Graph):
        raise ValueError(f"{where} needs the map as a networkx Graph (marco_polo.board()), not {graph!r:.80}")
    for a, b, d in graph.edges(data=True):
        for key in ("camels", "coins"):
            value = d.get(key)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{where}: the route {a}-{b} needs a whole number of {key} (0 or more), not {value!r}")


def _check_number(value: Any, name: str, low: float, high: float | None = None, whole: bool = True) -> None:
    ok_types = (int,) if whole else (int, float)
    if isinstance(value, bool) or not isinstance(value, ok_types) or not math.isfinite(value) or value < low \
            or (high is not None and value > high):
        what = "a whole number" if whole else "a number"
        bound = f" from {low} to {high}" if high is not None else f" of at least {low}"
        raise ValueError(f"{name} must be {what}{bound}, not {value!r}")


def cheapest_routes(graph, start: str, max_steps: int = 6, camel_value: float = 1.0, *,
                    travel_cost=(3, 7, 12, 12, 18, 18), oasis_jumps: bool = False) -> dict[str, dict]:
    """The cheapest way from ``start`` to every location within ``max_steps`` steps (one Travel).

    Solved with networkx on a layered graph: node ``(location, k)`` is "at location after k steps";
    each route is an edge ``(a, k) -> (b, k + 1)`` weighing ``coins + camel_value * camels`` of the
    route (MP-TRAVEL-2). Dijkstra from ``(start, 0)`` gives, for every k, the cheapest walk of k
    steps; the travel space's coins for k steps are then added and the best k kept.

    Args:
        graph: the map (``marco_polo.board()``), an ``nx.Graph`` with ``camels``/``coins`` on each route.
        start: the location id to start from.
        max_steps: 1..6, the step budget (the lower of the two travel dice, MP-TRAVEL-1).
        camel_value: how many coins one camel is worth to you (>= 0), to compare camels with coins.
        travel_cost: coins for 1..6 steps (MP-TRAVEL-2); pass zeros to compare route costs only.
        oasis_jumps: Johannes Caprini's power (MP-CHAR-6): any oasis to any oasis is one free step.

    Returns:
        location -> ``{"steps", "camels", "coins", "path", "value"}`` where ``coins`` includes the
        travel space's coins, ``value = coins + camel_value * camels``. Locations out of reach within
        the budget, the start itself and Venezia (no stop there, MP-TRAVEL-3) are absent.

    Raises:
        ValueError: an unknown start, a budget outside 1..6, a negative or non-number camel value.
    """
    import networkx as nx

    _check_graph(graph, "cheapest_routes")
    if not isinstance(start, str) or start not in graph:
        raise ValueError(f"unknown location {start!r}; the map has {', '.join(sorted(graph))}")
    _check_number(max_steps, "max_steps", 1, 6)
    _check_number(camel_value, "camel_value", 0, None, whole=False)
    if not isinstance(travel_cost, (list, tuple)) or len(travel_cost) != 6:
        raise ValueError(f"travel_cost lists the coins for 1..6 steps (6 whole numbers, MP-TRAVEL-2), not {travel_cost!r:.80}")
    for k, cost in enumerate(travel_cost, 1):
        _check_number(cost, f"travel_cost for {k} step{'s' if k > 1 else ''}", 0)
    if not isinstance(oasis_jumps, bool):
        raise ValueError(f"oasis_jumps must be True or False, not {oasis_jumps!r:.40}")
    layered = nx.DiGraph()
    routes = [(a, b, d) for a, b, d in graph.edges(data=True)]
    if oasis_jumps:
        oases = [n for n in graph if graph.nodes[n]["kind"] == "oasis"]
        jumps = {(a, b) for a in oases for b in oases if a < b}
        routes = [(a, b, d) for a, b, d in routes if (min(a, b), max(a, b)) not in jumps]
        routes += [(a, b, {"camels": 0, "coins": 0}) for a, b in sorted(jumps)]
    for k in range(max_steps):
        for a, b, d in routes:
            weight = d["coins"] + camel_value * d["camels"]
            for u, v in ((a, b), (b, a)):
                layered.add_edge((u, k), (v, k + 1), weight=weight, camels=d["camels"], coins=d["coins"])
    if (start, 0) not in layered:
        return {}
    dist, paths = nx.single_source_dijkstra(layered, (start, 0), weight="weight")
    best: dict[str, dict] = {}
    for (location, k) in dist:
        if k == 0 or location == start or graph.nodes[location]["kind"] == "start":
            continue
        path = [node for node, _ in paths[(location, k)]]
        camels = sum(layered.edges[u, v]["camels"] for u, v in zip(paths[(location, k)], paths[(location, k)][1:]))
        coins = travel_cost[k - 1] + sum(layered.edges[u, v]["coins"]
                                         for u, v in zip(paths[(location, k)], paths[(location, k)][1:]))
        total = coins + camel_value * camels
        if location not in best or total < best[location]["value"]:
            best[location] = {"steps": k, "camels": camels, "coins": coins, "path": path, "value": total}
    return best


def reachable_objective_cities(state, player: int) -> dict[str, dict]:
    """Which cities of ``player``'s objective cards they can still reach with one Travel this round.

    A city counts when the player has no trading post there yet and one of their travellers can
    reach it with the dice still on their board (Travel takes 2 dice; the lower sets the steps,
    MP-TRAVEL-1; the player picks the best two) and the coins and camels they hold, paying the
    travel space (plus the surcharge when it is occupied, MP-ACT-2) and the routes (MP-TRAVEL-2).

    Returns:
        city -> ``{"steps", "camels", "coins", "path"}`` of the cheapest such way (fewest coins,
        then camels). Empty when the player cannot travel (fewer than 2 dice, Travel already used
        with an own die this round, MP-ACT-4).

    Raises:
        ValueError: ``state`` is not a Marco Polo state, or a seat that is not a whole number of this game.
    """
    from .rules import State

    if not isinstance(state, State):
        raise ValueError(f"reachable_objective_cities needs a Marco Polo state (marco_polo.new_game()), not {state!r:.80}")
    state._check_seat(player)
    targets = {c for o in state.objectives[player] for c in state.data.objectives[o][0]}
    targets -= {c for c, owners in state.posts.items() if player in owners}
    steps = state.travel_step_budget(player)
    if steps == 0 or not targets:
        return {}
    surcharge = state.travel_surcharge(player, steps)
    jumps = state.characters[player] == "johannes"
    found: dict[str, dict] = {}
    for traveller in state.travellers[player]:
        for k in range(1, steps + 1):
            base = state.data.travel_cost[k - 1] + (surcharge or 0)
            for end, camels, coins, path in state.map.walks(traveller, k, jumps):
                if end not in targets or camels > state.camels[player] or base + coins > state.coins[player]:
                    continue
                entry = {"steps": k, "camels": camels, "coins": base + coins, "path": list(path)}
                old = found.get(end)
                if old is None or (entry["coins"], entry["camels"]) < (old["coins"], old["camels"]):
                    found[end] = entry
    return found
