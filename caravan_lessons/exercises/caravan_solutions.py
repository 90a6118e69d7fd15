"""Reference answers of the Caravan exercises (shown by ``solution()``; teachers' notebooks hold the same)."""
from __future__ import annotations

import networkx as nx


def q1_points(delivered, markers):
    """Points for a list of delivered goods and a number of demand markers (CAR-SCORE-1)."""
    from caravan_lessons.caravan import RARE

    return sum(6 if good in RARE else 3 for good in delivered) + markers


def q2_action_cost(state, action):
    """Actions ``action`` costs now: 0 to end the turn, 2 to put a camel on an occupied space, else 1."""
    from caravan_lessons.caravan import EndTurn, MoveCamel, PlaceCamel

    if isinstance(action, EndTurn):
        return 0
    if isinstance(action, PlaceCamel):
        return 2 if state.count[action.space] else 1
    if isinstance(action, MoveCamel):
        return 2 if state.count[action.target] else 1
    return 1


def q3_camel_groups(state, player):
    """The player's camel groups: sets of spaces, connected components of the board restricted to them."""
    own = {where for where in state.pos[player] if where is not None}
    return [set(group) for group in nx.connected_components(state.board.graph.subgraph(own))]


def q4_deliverable(state, player):
    """Every (space, good) of the player's loaded camels that one action can deliver."""
    own = {where for where in state.pos[player] if where is not None}
    chains = state.board.graph.subgraph(own)
    found = set()
    for i, where in enumerate(state.pos[player]):
        good = state.load[player][i]
        if good is None:
            continue
        city = state.board.city_of[good]
        empty_in_city = any(state.pos[player][k] == city and state.load[player][k] is None
                            for k in range(state.camels))
        if empty_in_city and nx.has_path(chains, where, city):
            found.add((where, good))
    return found


def q5_final_score(state, player):
    """The player's points if the game ended now: goods, demand markers and the loaded-goods penalty."""
    penalty = {0: 0, 1: 0, 2: -1, 3: -3, 4: -6, 5: -10}
    loaded = sum(1 for good in state.load[player] if good is not None)
    return q1_points(state.delivered[player], state.markers[player]) + penalty[loaded]


def q6_can_steal(state, space, victim, good):
    """True if the player to act may steal ``good`` from ``victim``'s camel on ``space`` now."""
    p = state.current
    if victim == p or state.tokens[p] == 0 or state.actions_left == 0:
        return False
    on_top = any(state.pos[victim][j] == space and state.load[victim][j] == good and not state.under[victim][j]
                 for j in range(state.camels))
    my_empty = any(state.pos[p][i] == space and state.load[p][i] is None for i in range(state.camels))
    empties = sum(1 for g in state.load[p] if g is None)
    return on_top and my_empty and empties >= 2
