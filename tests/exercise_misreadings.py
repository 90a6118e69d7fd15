"""The wrong readings a student makes of each exercise question, as submissions, with the points each
must still earn; and correct answers written with numpy and pandas (full marks).

For every question of the four games we asked "which wrong reading would still pass?" and wrote each
one down as the code a student would hand in. The hidden (and public) cases of the source notebooks
are chosen so that every misreading below loses exactly the points it should: ``earns`` names the
graded cells of the question that the misreading still earns (the others of that question: 0). The
nbgrader course test (``tests/test_nbgrader_course.py``) hands them in and checks the gradebook.

``Misreading.answer`` is the answer cell's grade id; ``code`` is the whole cell as handed in.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Misreading:
    answer: str
    reading: str
    code: str
    earns: dict = field(default_factory=dict)


M = Misreading

# --- Samarkand ----------------------------------------------------------------------------------------

SAMARKAND = [
    M("q1_answer", "the start spaces are not land (land 27)",
      'q1_kinds = {"goods": 33, "start": 10, "water": 6, "land": 27}'),
    M("q1_answer", "one water space too many",
      'q1_kinds = {"goods": 33, "start": 10, "water": 7, "land": 17}'),
    M("q2_answer", "sold cards do not count toward the hand limit (SAM-HAND-1)", '''
def q2_draws(state):
    p = state.current_player
    return 0 if len(state.hands[p]) >= state.limit else 3'''),
    M("q2_answer", "the discard pile is not reshuffled: never more than the deck holds (SAM-DECK-1)", '''
def q2_draws(state):
    p = state.current_player
    if len(state.hands[p]) + len(state.sold[p]) >= state.limit:
        return 0
    return min(3, len(state.deck))'''),
    M("q2_answer", "a hand one below the limit draws nothing (> instead of >=, turned around)", '''
def q2_draws(state):
    p = state.current_player
    if len(state.hands[p]) + len(state.sold[p]) + 1 >= state.limit:
        return 0
    return 3'''),
    M("q2_answer", "the limit of 4 players for every game (7 cards)", '''
def q2_draws(state):
    p = state.current_player
    return 0 if len(state.hands[p]) + len(state.sold[p]) >= 7 else 3'''),
    M("q3_answer", "forgets 'none of that family' (SAM-EXT-3)", '''
def q3_targets(state, family):
    b = state.board
    f = b.family_index[family]
    mine = {s for s, here in enumerate(state.camels) if f in here}
    return sorted({b.spaces[t] for s in mine for t in b.adjacent[s] if len(state.camels[t]) < 2})'''),
    M("q3_answer", "forgets 'fewer than 2 camels' (SAM-EXT-3)", '''
def q3_targets(state, family):
    b = state.board
    f = b.family_index[family]
    mine = {s for s, here in enumerate(state.camels) if f in here}
    return sorted({b.spaces[t] for s in mine for t in b.adjacent[s] if f not in state.camels[t]})'''),
    M("q3_answer", "only next to the family's start space (SAM-EXT-2: next to ANY camel of it)", '''
def q3_targets(state, family):
    b = state.board
    f = b.family_index[family]
    start = next(s for s, here in enumerate(state.camels) if f in here)
    return sorted({b.spaces[t] for t in b.adjacent[start] if len(state.camels[t]) < 2 and f not in state.camels[t]})'''),
    M("q4_answer", "the pair looked up as (active, passive), not sorted (SAM-REL-5)", '''
def q4_premiums(state, active, passive):
    fi = state.board.family_index
    a, b = fi[active], fi[passive]
    if (a, b) in state.related:
        return [0] * state.players
    return [3 * (state.held[p][a] > 0) + 1 * (state.held[p][b] > 0) for p in range(state.players)]'''),
    M("q4_answer", "a premium per tile: two tiles of one family pay twice (SAM-2P-4)", '''
def q4_premiums(state, active, passive):
    fi = state.board.family_index
    a, b = fi[active], fi[passive]
    if (min(a, b), max(a, b)) in state.related:
        return [0] * state.players
    return [3 * state.held[p][a] + 1 * state.held[p][b] for p in range(state.players)]'''),
    M("q4_answer", "pays a relation that was already made (SAM-REL-5)", '''
def q4_premiums(state, active, passive):
    fi = state.board.family_index
    return [3 * (state.held[p][fi[active]] > 0) + (state.held[p][fi[passive]] > 0) for p in range(state.players)]'''),
    M("q4_answer", "active and passive the wrong way round (1 to the active family's holders, 3 to the passive's)", '''
def q4_premiums(state, active, passive):
    fi = state.board.family_index
    a, b = fi[active], fi[passive]
    if (min(a, b), max(a, b)) in state.related:
        return [0] * state.players
    return [1 * (state.held[p][a] > 0) + 3 * (state.held[p][b] > 0) for p in range(state.players)]'''),
    M("q4_answer", "a player holding both families gets only the larger premium", '''
def q4_premiums(state, active, passive):
    fi = state.board.family_index
    a, b = fi[active], fi[passive]
    if (min(a, b), max(a, b)) in state.related:
        return [0] * state.players
    return [3 if state.held[p][a] else 1 if state.held[p][b] else 0 for p in range(state.players)]'''),
    M("q5_answer", "4 per tile held: two tiles of a family score 8 per camel (SAM-2P-4)", '''
def q5_card_points(state, player, goods):
    points = 0
    for f in state.camels[state.board.goods_space[goods]]:
        points += 4 * state.held[player][f] if state.held[player][f] else 1
    return points'''),
    M("q5_answer", "4 points for every camel, married or not (SAM-SCORE-1)", '''
def q5_card_points(state, player, goods):
    return 4 * len(state.camels[state.board.goods_space[goods]])'''),
    M("q5_answer", "forgets the 1 point of a camel of a family the player has not married", '''
def q5_card_points(state, player, goods):
    return sum(4 for f in state.camels[state.board.goods_space[goods]] if state.held[player][f])'''),
    M("q5_answer", "the player to move's marriages, not the card holder's", '''
def q5_card_points(state, player, goods):
    me = state.current_player
    return sum(4 if state.held[me][f] else 1 for f in state.camels[state.board.goods_space[goods]])'''),
    M("q6_answer", "the player who placed the camel (state.active) decides, not the card's holder", '''
def q5_card_points(state, player, goods):
    return sum(4 if state.held[player][f] else 1 for f in state.camels[state.board.goods_space[goods]])


def q6_should_sell(state):
    goods, holder = state.pending
    return q5_card_points(state, state.active, goods) < 3'''),
    M("q6_answer", "always sells", '''
def q6_should_sell(state):
    return True'''),
    M("q6_answer", "q6 right, but its own copy of q5 wrong: graded on the teacher's q5, full marks", '''
def q5_card_points(state, player, goods):
    return 4 * len(state.camels[state.board.goods_space[goods]])


def q6_should_sell(state):
    goods, holder = state.pending
    return q5_card_points(state, holder, goods) < 3''', {"q6_check": 2}),
    M("q7_answer", "puts the Levant camel on the goods space g9 in position a, missing the relation",
      'q7_coach = {"a": "A", "b": "A", "c": "B"}', earns={"q7_check_b": 1, "q7_check_c": 1}),
    M("q7_answer", "keeps the card a stranger's camel reached (answered in words)",
      'q7_coach = {"a": "C", "b": "marry into india", "c": "keep goods card 9"}',
      earns={"q7_check_a": 1, "q7_check_b": 1}),
]

SAMARKAND_NUMPY = {
    "q1_answer": '''import numpy as np
kinds, counts = np.unique(samarkand.default_board().kinds, return_counts=True)
q1_kinds = dict(zip(kinds, counts))''',
    "q4_answer": '''import numpy as np


def q4_premiums(state, active, passive):
    fi = state.board.family_index
    a, b = fi[active], fi[passive]
    if tuple(sorted((a, b))) in state.related:
        return list(np.zeros(state.players, dtype=int))
    held = np.array(state.held) > 0
    return list(3 * held[:, a] + held[:, b])''',
    "q5_answer": '''import numpy as np


def q5_card_points(state, player, goods):
    married = np.array([state.held[player][f] > 0 for f in state.camels[state.board.goods_space[goods]]], dtype=bool)
    return np.where(married, 4, 1).sum()''',
    "q6_answer": '''import numpy as np


def q5_card_points(state, player, goods):
    married = np.array([state.held[player][f] > 0 for f in state.camels[state.board.goods_space[goods]]], dtype=bool)
    return np.where(married, 4, 1).sum()


def q6_should_sell(state):
    goods, holder = state.pending
    return np.int64(q5_card_points(state, holder, goods)) < 3''',
}

# --- Caravan ------------------------------------------------------------------------------------------

CARAVAN = [
    M("q1_answer", "every good counted as rare", '''
def q1_points(delivered, markers):
    return 6 * len(delivered) + markers'''),
    M("q1_answer", "only ivory and gems are rare (CAR-COMP-2: ivory, cloth, gems, paper)", '''
def q1_points(delivered, markers):
    return sum(6 if good in ("ivory", "gems") else 3 for good in delivered) + markers'''),
    M("q1_answer", "a demand marker is worth 3, like a common good (CAR-COMP-4: 1)", '''
def q1_points(delivered, markers):
    return sum(6 if good in caravan.RARE else 3 for good in delivered) + 3 * markers'''),
    M("q2_answer", "only another player's camel makes it cost 2 (CAR-ACT-2: any camel)", '''
def q2_action_cost(state, action):
    if isinstance(action, EndTurn):
        return 0
    me = state.current
    target = action.space if isinstance(action, PlaceCamel) else action.target if isinstance(action, MoveCamel) else None
    if target is None:
        return 1
    others = sum(1 for p in range(state.players) if p != me for w in state.pos[p] if w == target)
    return 2 if others else 1'''),
    M("q2_answer", "placing a camel always costs 1 (only moving onto a camel costs 2)", '''
def q2_action_cost(state, action):
    if isinstance(action, EndTurn):
        return 0
    if isinstance(action, MoveCamel):
        return 2 if state.count[action.target] else 1
    return 1'''),
    M("q2_answer", "ending the turn costs an action", '''
def q2_action_cost(state, action):
    if isinstance(action, PlaceCamel):
        return 2 if state.count[action.space] else 1
    if isinstance(action, MoveCamel):
        return 2 if state.count[action.target] else 1
    return 1'''),
    M("q3_answer", "each camel its own group (no networkx)", '''
def q3_camel_groups(state, player):
    return [{w} for w in state.pos[player] if w]'''),
    M("q3_answer", "diagonal neighbours link a group (CAR-MOVE-1: orthogonal only)", '''
def q3_camel_groups(state, player):
    own = {where for where in state.pos[player] if where is not None}
    graph = nx.Graph()
    graph.add_nodes_from(own)
    graph.add_edges_from((a, b) for a in own for b in own
                         if a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1)
    return [set(g) for g in nx.connected_components(graph)]'''),
    M("q3_answer", "other players' camels link a group too (CAR-MOVE-4)", '''
def q3_camel_groups(state, player):
    everyone = {where for p in range(state.players) for where in state.pos[p] if where is not None}
    own = {where for where in state.pos[player] if where is not None}
    groups = nx.connected_components(state.board.graph.subgraph(everyone))
    return [set(g) & own for g in groups if set(g) & own]'''),
    M("q4_answer", "any own camel in the city will do, empty or not (CAR-MOVE-4: a good never stops on a loaded one)", '''
def q4_deliverable(state, player):
    own = {where for where in state.pos[player] if where is not None}
    chains = state.board.graph.subgraph(own)
    found = set()
    for i, where in enumerate(state.pos[player]):
        good = state.load[player][i]
        if good is not None:
            city = state.board.city_of[good]
            if city in own and city != where and nx.has_path(chains, where, city):
                found.add((where, good))
    return found'''),
    M("q4_answer", "a path over the whole board, through any camel or none (CAR-MOVE-1)", '''
def q4_deliverable(state, player):
    found = set()
    for i, where in enumerate(state.pos[player]):
        good = state.load[player][i]
        if good is None:
            continue
        city = state.board.city_of[good]
        if any(state.pos[player][k] == city and state.load[player][k] is None for k in range(state.camels)):
            found.add((where, good))
    return found'''),
    M("q4_answer", "own loaded camels block the chain (CAR-MOVE-4: a good passes through them)", '''
def q4_deliverable(state, player):
    empty = {state.pos[player][k] for k in range(state.camels)
             if state.pos[player][k] is not None and state.load[player][k] is None}
    found = set()
    for i, where in enumerate(state.pos[player]):
        good = state.load[player][i]
        if good is None:
            continue
        city = state.board.city_of[good]
        links = state.board.graph.subgraph(empty | {where})
        if city in empty and nx.has_path(links, where, city):
            found.add((where, good))
    return found'''),
    M("q4_answer", "any city with an empty camel, not the good's own city (CAR-MOVE-2)", '''
def q4_deliverable(state, player):
    own = {where for where in state.pos[player] if where is not None}
    chains = state.board.graph.subgraph(own)
    cities = set(state.board.city_of.values())
    found = set()
    for i, where in enumerate(state.pos[player]):
        good = state.load[player][i]
        if good is None:
            continue
        if any(state.pos[player][k] in cities and state.load[player][k] is None
               and nx.has_path(chains, where, state.pos[player][k]) for k in range(state.camels)):
            found.add((where, good))
    return found'''),
    M("q5_answer", "a stolen good under a camel is not penalised (CAR-SCORE-2: it counts)", '''
def q5_final_score(state, player):
    penalty = {0: 0, 1: 0, 2: -1, 3: -3, 4: -6, 5: -10}
    loaded = sum(1 for good, under in zip(state.load[player], state.under[player]) if good is not None and not under)
    points = sum(6 if g in caravan.RARE else 3 for g in state.delivered[player])
    return points + state.markers[player] + penalty[loaded]'''),
    M("q5_answer", "the penalty table shifted by one good (1 good: -1)", '''
def q5_final_score(state, player):
    penalty = {0: 0, 1: -1, 2: -3, 3: -6, 4: -10, 5: -15}
    loaded = sum(1 for good in state.load[player] if good is not None)
    points = sum(6 if g in caravan.RARE else 3 for g in state.delivered[player])
    return points + state.markers[player] + penalty[loaded]'''),
    M("q5_answer", "one point off per good still loaded", '''
def q5_final_score(state, player):
    loaded = sum(1 for good in state.load[player] if good is not None)
    points = sum(6 if g in caravan.RARE else 3 for g in state.delivered[player])
    return points + state.markers[player] - loaded'''),
    M("q5_answer", "forgets the demand markers", '''
def q5_final_score(state, player):
    penalty = {0: 0, 1: 0, 2: -1, 3: -3, 4: -6, 5: -10}
    loaded = sum(1 for good in state.load[player] if good is not None)
    return sum(6 if g in caravan.RARE else 3 for g in state.delivered[player]) + penalty[loaded]'''),
    M("q6_answer", "a theft token is all it takes", '''
def q6_can_steal(state, space, victim, good):
    return state.tokens[state.current] > 0'''),
    M("q6_answer", "forgets 'never with your last empty camel' (CAR-STEAL-6)", '''
def q6_can_steal(state, space, victim, good):
    p = state.current
    if victim == p or state.tokens[p] == 0 or state.actions_left == 0:
        return False
    on_top = any(state.pos[victim][j] == space and state.load[victim][j] == good
                 and not state.under[victim][j] for j in range(state.camels))
    my_empty = any(state.pos[p][i] == space and state.load[p][i] is None for i in range(state.camels))
    return on_top and my_empty'''),
    M("q6_answer", "forgets that an action must be left (CAR-TURN-1)", '''
def q6_can_steal(state, space, victim, good):
    p = state.current
    if victim == p or state.tokens[p] == 0:
        return False
    on_top = any(state.pos[victim][j] == space and state.load[victim][j] == good
                 and not state.under[victim][j] for j in range(state.camels))
    my_empty = any(state.pos[p][i] == space and state.load[p][i] is None for i in range(state.camels))
    return on_top and my_empty and sum(1 for g in state.load[p] if g is None) >= 2'''),
    M("q6_answer", "a good under a camel (stolen already) may be stolen again (CAR-STEAL-2)", '''
def q6_can_steal(state, space, victim, good):
    p = state.current
    if victim == p or state.tokens[p] == 0 or state.actions_left == 0:
        return False
    carried = any(state.pos[victim][j] == space and state.load[victim][j] == good for j in range(state.camels))
    my_empty = any(state.pos[p][i] == space and state.load[p][i] is None for i in range(state.camels))
    return carried and my_empty and sum(1 for g in state.load[p] if g is None) >= 2'''),
    M("q6_answer", "any camel of mine on the space will do, loaded or not (CAR-STEAL-1: an EMPTY camel)", '''
def q6_can_steal(state, space, victim, good):
    p = state.current
    if victim == p or state.tokens[p] == 0 or state.actions_left == 0:
        return False
    on_top = any(state.pos[victim][j] == space and state.load[victim][j] == good
                 and not state.under[victim][j] for j in range(state.camels))
    mine = any(state.pos[p][i] == space for i in range(state.camels))
    return on_top and mine and sum(1 for g in state.load[p] if g is None) >= 2'''),
    M("q7_answer", "counts each player's own turns (CAR-TURN-1 counts the game's turns)", '''
def q7_actions(players, seat, round_number):
    return min(4, round_number + 1)'''),
    M("q7_answer", "off by one: the game's first turn has 0 actions", '''
def q7_actions(players, seat, round_number):
    return max(1, min(4, round_number * players + seat))'''),
    M("q7_answer", "the first round ramps 1-2-3-4 by seat whatever the number of players", '''
def q7_actions(players, seat, round_number):
    return min(4, seat + 1) if round_number == 0 else 4'''),
    M("q8_answer", "a space's markers set to 1, not one added (CAR-REFILL-2)", '''
def q8_refill(state):
    demand = dict(state.demand)
    for space in state.goods:
        demand[space] = 1
    empty = [space for space in state.board.numbered if space not in state.goods]
    return demand, empty[:min(4, len(state.bag))]'''),
    M("q8_answer", "every empty numbered space gets a cube (CAR-REFILL-3: 4 cubes)", '''
def q8_refill(state):
    demand = dict(state.demand)
    for space in state.goods:
        demand[space] = demand.get(space, 0) + 1
    return demand, [space for space in state.board.numbered if space not in state.goods]'''),
    M("q8_answer", "a refill with an empty bag still adds markers and cubes (the project's ruling: no refill)", '''
def q8_refill(state):
    demand = dict(state.demand)
    for space in state.goods:
        demand[space] = demand.get(space, 0) + 1
    empty = [space for space in state.board.numbered if space not in state.goods]
    return demand, empty[:4]'''),
    M("q9_answer", "a single winner, no shared win (CAR-SCORE-3)", '''
def q9_winners(state):
    points = state.score_sheet().totals()
    best = max(points)
    tied = [seat for seat in range(state.players) if points[seat] == best]
    return [max(tied, key=lambda seat: len(state.delivered[seat]))]'''),
    M("q9_answer", "points only, no tie-break on goods delivered", '''
def q9_winners(state):
    points = state.score_sheet().totals()
    return [s for s in range(state.players) if points[s] == max(points)]'''),
    M("q9_answer", "the tie is broken by demand markers, not by goods delivered", '''
def q9_winners(state):
    points = state.score_sheet().totals()
    tied = [seat for seat in range(state.players) if points[seat] == max(points)]
    most = max(state.markers[seat] for seat in tied)
    return [seat for seat in tied if state.markers[seat] == most]'''),
    M("q10_answer", "ends the turn with the bag empty instead of delivering (CAR-END-1)",
      'q10_coach = {"a": "A", "b": "B", "c": "A"}', earns={"q10_check_b": 1, "q10_check_c": 1}),
    M("q10_answer", "ends the turn rather than steal from a rival (answered in words)",
      'q10_coach = {"a": "C", "b": "end the turn", "c": "A"}', earns={"q10_check_a": 1, "q10_check_c": 1}),
]

CARAVAN_NUMPY = {
    "q1_answer": '''import numpy as np


def q1_points(delivered, markers):
    rare = np.isin(np.array(delivered, dtype=object), list(caravan.RARE))
    return np.where(rare, 6, 3).sum() + np.int64(markers)''',
    "q5_answer": '''import numpy as np


def q5_final_score(state, player):
    penalty = np.array([0, 0, -1, -3, -6, -10])
    loaded = np.count_nonzero([good is not None for good in state.load[player]])
    rare = np.isin(np.array(state.delivered[player], dtype=object), list(caravan.RARE))
    return np.where(rare, 6, 3).sum() + state.markers[player] + penalty[loaded]''',
    "q6_answer": '''import numpy as np


def q6_can_steal(state, space, victim, good):
    p = state.current
    if victim == p or state.tokens[p] == 0 or state.actions_left == 0:
        return np.False_
    on_top = np.any([state.pos[victim][j] == space and state.load[victim][j] == good
                     and not state.under[victim][j] for j in range(state.camels)])
    my_empty = np.any([state.pos[p][i] == space and state.load[p][i] is None for i in range(state.camels)])
    return on_top & my_empty & (np.sum([g is None for g in state.load[p]]) >= 2)''',
    "q7_answer": '''import numpy as np


def q7_actions(players, seat, round_number):
    return np.minimum(4, np.int64(round_number) * players + seat + 1)''',
    "q9_answer": '''import numpy as np


def q9_winners(state):
    points = np.array(state.score_sheet().totals())
    goods = np.array([len(d) for d in state.delivered])
    key = points * 100 + goods
    return np.flatnonzero(key == key.max())''',
}

# --- Jaipur -------------------------------------------------------------------------------------------

_Q2B_GOOD = '''
def q2b_exchanges(market, hand, herd):
    hand_size = sum(hand.values())
    exchanges = []
    for take in product(*(range(market.get(g, 0) + 1) for g in GOODS)):
        k = sum(take)
        if k < {least}:
            continue
        givable = [{givable} for i, g in enumerate(GOODS)]
        for give in product(*(range(n + 1) for n in givable)):
            camels = k - sum(give)
            if camels < 0 or {camels_ok}:
                continue
            taken = [g for g, n in zip(GOODS, take) for _ in range(n)]
            given = [g for g, n in zip(GOODS, give) for _ in range(n)] + ["camel"] * camels
            exchanges.append(Exchange(taken, given))
    return exchanges'''


def _q2b(least="2", givable="0 if take[i] else min(hand.get(g, 0), k)",
         camels_ok="camels > herd or hand_size + camels > 7") -> str:
    return _Q2B_GOOD.format(least=least, givable=givable, camels_ok=camels_ok)


JAIPUR = [
    M("q1a_answer", "the camels of the herd counted as hand cards (JAI-SETUP-4)",
      'q1a_counts = {"hand": 10, "herd": 4, "market": 5, "deck": 32, "opponent_hand": 4}'),
    M("q1a_answer", "the camels of the market left out (JAI-SETUP-3)",
      'q1a_counts = {"hand": 6, "herd": 4, "market": 3, "deck": 32, "opponent_hand": 4}'),
    M("q1b_answer", "a Counter: the kinds with no legal move are missing", '''
def q1b_legal_move_counts(state):
    from collections import Counter
    return dict(Counter(action.kind for action in state.legal_actions()))'''),
    M("q1b_answer", "one sale per goods type, whatever the number of cards (JAI-SELL-1)", '''
def q1b_legal_move_counts(state):
    counts = {"take_one": 0, "take_camels": 0, "exchange": 0, "sell": 0}
    sold = set()
    for action in state.legal_actions():
        if action.kind == "sell":
            sold.add(action.good)
        else:
            counts[action.kind] += 1
    counts["sell"] = len(sold)
    return counts'''),
    M("q1b_answer", "taking the camels counted once per camel on display (JAI-TAKE-5: one move)", '''
def q1b_legal_move_counts(state):
    counts = {"take_one": 0, "take_camels": 0, "exchange": 0, "sell": 0}
    for action in state.legal_actions():
        counts[action.kind] += 1
    if counts["take_camels"]:
        counts["take_camels"] = state.observation(state.current_player)["market"].get("camel", 0)
    return counts'''),
    M("q2a_answer", "every camel of the herd may be given back (JAI-TAKE-7)", "q2a_max_camels = 4"),
    M("q2a_answer", "camels given back keep the hand size: as many as goods taken", "q2a_max_camels = 3"),
    M("q2b_answer", "nothing at all: an empty list is 'all legal' (U7)", '''
def q2b_exchanges(market, hand, herd):
    return []'''),
    M("q2b_answer", "no hand limit check (the JAI-TAKE-7 misconception): a superset",
      _q2b(camels_ok="camels > herd"), {"q2b_check_complete": 2}),
    M("q2b_answer", "the hand limit off by one (hand + camels < 7): a subset",
      _q2b(camels_ok="camels > herd or hand_size + camels >= 7"), {"q2b_check_legal": 1}),
    M("q2b_answer", "itertools.combinations over a card list: complete, with duplicates", '''
from itertools import combinations


def q2b_exchanges(market, hand, herd):
    cards = [g for g in GOODS for _ in range(market.get(g, 0))]
    hand_cards = [g for g in GOODS for _ in range(hand.get(g, 0))]
    found = []
    for k in range(2, len(cards) + 1):
        for take in combinations(cards, k):
            for n_goods in range(k + 1):
                camels = k - n_goods
                if camels > herd or len(hand_cards) + camels > 7:
                    continue
                for give in combinations([g for g in hand_cards if g not in take], n_goods):
                    found.append(Exchange(list(take), list(give) + ["camel"] * camels))
    return found''', {"q2b_check_complete": 2}),
    M("q2b_answer", "the same type both ways is allowed (JAI-TAKE-4): a superset",
      _q2b(givable="min(hand.get(g, 0), k)"), {"q2b_check_complete": 2}),
    M("q2b_answer", "1-for-1 swaps allowed (JAI-TAKE-3): a superset", _q2b(least="1"), {"q2b_check_complete": 2}),
    M("q2b_answer", "more camels given back than the herd holds: a superset",
      _q2b(camels_ok="hand_size + camels > 7"), {"q2b_check_complete": 2}),
    M("q3a_answer", "camels count toward the hand limit: E forbidden (JAI-TAKE-7)",
      '''q3a_rules = {"A": "JAI-TAKE-7", "B": "JAI-SELL-4", "C": "JAI-TAKE-4", "D": "JAI-TAKE-3", "E": "JAI-TAKE-7",
             "F": None, "G": "JAI-TAKE-6", "H": "JAI-SELL-5", "I": "JAI-TAKE-7"}''',
      {"q3a_check_a_c": 1, "q3a_check_g_i": 1}),
    M("q3a_answer", "camels given back do not grow the hand: I legal (JAI-TAKE-7)",
      '''q3a_rules = {"A": "JAI-TAKE-7", "B": "JAI-SELL-4", "C": "JAI-TAKE-4", "D": "JAI-TAKE-3", "E": None,
             "F": None, "G": "JAI-TAKE-6", "H": "JAI-SELL-5", "I": None}''',
      {"q3a_check_a_c": 1, "q3a_check_d_f": 1}),
    M("q3a_answer", "a single diamond may be sold (JAI-SELL-4): B legal",
      '''q3a_rules = {"A": "JAI-TAKE-7", "B": None, "C": "JAI-TAKE-4", "D": "JAI-TAKE-3", "E": None,
             "F": None, "G": "JAI-TAKE-6", "H": "JAI-SELL-5", "I": "JAI-TAKE-7"}''',
      {"q3a_check_d_f": 1, "q3a_check_g_i": 1}),
    M("q3b_answer", "the precious goods checked before the count", '''
def q3b_sale_problem(hand, good, count):
    if good == "camel":
        return "JAI-SELL-5"
    if good in ("diamond", "gold", "silver") and count < 2:
        return "JAI-SELL-4"
    if count < 1 or count > hand.get(good, 0):
        return "JAI-SELL-1"
    return None'''),
    M("q3b_answer", "forgets that a sale sells at least one card (count 0)", '''
def q3b_sale_problem(hand, good, count):
    if good == "camel":
        return "JAI-SELL-5"
    if count > hand.get(good, 0):
        return "JAI-SELL-1"
    if good in ("diamond", "gold", "silver") and count < 2:
        return "JAI-SELL-4"
    return None'''),
    M("q3b_answer", "camels checked after the count (a camel is never in the hand: JAI-SELL-1 instead)", '''
def q3b_sale_problem(hand, good, count):
    if count < 1 or count > hand.get(good, 0):
        return "JAI-SELL-1"
    if good == "camel":
        return "JAI-SELL-5"
    if good in ("diamond", "gold", "silver") and count < 2:
        return "JAI-SELL-4"
    return None'''),
    M("q4a_answer", "adds the mean bonus", '''
def q4a_sale_rupees(state, good, count):
    stack = state.observation(state.current_player)["goods_tokens_left"][good]
    bonus = {3: 2, 4: 5, 5: 9}.get(min(count, 5), 0)
    return sum(stack[:count]) + bonus'''),
    M("q4a_answer", "the tokens from the bottom of the stack (the end of the list)", '''
def q4a_sale_rupees(state, good, count):
    stack = state.observation(state.current_player)["goods_tokens_left"][good]
    return sum(stack[-count:]) if count else 0'''),
    M("q4a_answer", "every card earns the top token's value", '''
def q4a_sale_rupees(state, good, count):
    stack = state.observation(state.current_player)["goods_tokens_left"][good]
    return count * stack[0] if stack else 0'''),
    M("q4a_answer", "cards beyond the end of the stack earn the last token again (JAI-SELL-2: nothing)", '''
def q4a_sale_rupees(state, good, count):
    stack = state.observation(state.current_player)["goods_tokens_left"][good]
    if not stack:
        return 0
    return sum(stack[:count]) + stack[-1] * max(0, count - len(stack))'''),
    M("q4b_answer", "forgets the tokens the player holds", '''
def q4b_bonus_estimate(observation, count):
    if count < 3:
        return (0, 0, 0.0)
    size = min(count, 5)
    if observation["bonus_tokens_left"][str(size)] == 0:
        return (0, 0, 0.0)
    values = BONUS_TOKENS[size]
    return (min(values), max(values), sum(values) / len(values))'''),
    M("q4b_answer", "an empty stack still gives a bonus (JAI-SELL-3)", '''
def q4b_bonus_estimate(observation, count):
    if count < 3:
        return (0, 0, 0.0)
    size = min(count, 5)
    unknown = list(BONUS_TOKENS[size])
    for token_size, value in observation["bonus_tokens"][observation["player"]]:
        if token_size == size:
            unknown.remove(value)
    if not unknown:
        return (0, 0, 0.0)
    return (min(unknown), max(unknown), sum(unknown) / len(unknown))'''),
    M("q4b_answer", "the 4-card stack for sales of 5 or more (JAI-COMP-3: the 5-card stack)", '''
def q4b_bonus_estimate(observation, count):
    if count < 3:
        return (0, 0, 0.0)
    size = min(count, 4) if count < 5 else 4
    if observation["bonus_tokens_left"][str(size)] == 0:
        return (0, 0, 0.0)
    unknown = list(BONUS_TOKENS[size])
    for token_size, value in observation["bonus_tokens"][observation["player"]]:
        if token_size == size:
            unknown.remove(value)
    return (min(unknown), max(unknown), sum(unknown) / len(unknown))'''),
    M("q4b_answer", "a sale of 2 cards earns a 3-card bonus", '''
def q4b_bonus_estimate(observation, count):
    if count < 2:
        return (0, 0, 0.0)
    size = min(max(count, 3), 5)
    if observation["bonus_tokens_left"][str(size)] == 0:
        return (0, 0, 0.0)
    unknown = list(BONUS_TOKENS[size])
    for token_size, value in observation["bonus_tokens"][observation["player"]]:
        if token_size == size:
            unknown.remove(value)
    return (min(unknown), max(unknown), sum(unknown) / len(unknown))'''),
    M("q4c_answer", "goods tokens only: the bonus forgotten", '''
def q4c_best_sale(state):
    best, best_value = None, -1.0
    for action in state.legal_actions():
        if action.kind == "sell":
            value = q4a_sale_rupees(state, action.good, action.count)
            if value > best_value:
                best, best_value = action, value
    return best'''),
    M("q4c_answer", "the sale of the most cards", '''
def q4c_best_sale(state):
    sales = [a for a in state.legal_actions() if a.kind == "sell"]
    return max(sales, key=lambda a: a.count) if sales else None'''),
    M("q4c_answer", "the first legal sale found", '''
def q4c_best_sale(state):
    return next((a for a in state.legal_actions() if a.kind == "sell"), None)'''),
    M("q5a_answer", "forgets the camel token", '''
def q5a_round_rupees(round_data):
    return [sum(v for _, v in round_data["goods_tokens"][s]) + sum(v for _, v in round_data["bonus_tokens"][s])
            for s in (0, 1)]'''),
    M("q5a_answer", "the camel token to both players on a tie (JAI-END-3: to nobody)", '''
def q5a_round_rupees(round_data):
    rupees = [sum(v for _, v in round_data["goods_tokens"][s]) + sum(v for _, v in round_data["bonus_tokens"][s])
              for s in (0, 1)]
    herds = round_data["herds"]
    for s in (0, 1):
        if herds[s] >= herds[1 - s]:
            rupees[s] += 5
    return rupees'''),
    M("q5a_answer", "forgets the bonus tokens", '''
def q5a_round_rupees(round_data):
    rupees = [sum(v for _, v in round_data["goods_tokens"][s]) for s in (0, 1)]
    herds = round_data["herds"]
    if herds[0] != herds[1]:
        rupees[0 if herds[0] > herds[1] else 1] += 5
    return rupees'''),
    M("q5b_answer", "the bonus tie-break adds the tokens' values (JAI-END-5: count them)", '''
def q5b_round_winner(round_data):
    rupees = q5a_round_rupees(round_data)
    bonus = [sum(v for _, v in round_data["bonus_tokens"][seat]) for seat in (0, 1)]
    goods = [len(round_data["goods_tokens"][seat]) for seat in (0, 1)]
    for first, second in (rupees, bonus, goods):
        if first != second:
            return 0 if first > second else 1
    return None'''),
    M("q5b_answer", "no None on a full tie: player 0 wins it", '''
def q5b_round_winner(round_data):
    rupees = q5a_round_rupees(round_data)
    bonus = [len(round_data["bonus_tokens"][seat]) for seat in (0, 1)]
    goods = [len(round_data["goods_tokens"][seat]) for seat in (0, 1)]
    for first, second in (rupees, bonus, goods):
        if first != second:
            return 0 if first > second else 1
    return 0'''),
    M("q5b_answer", "tied on rupees, the goods tokens decide before the bonus tokens", '''
def q5b_round_winner(round_data):
    rupees = q5a_round_rupees(round_data)
    bonus = [len(round_data["bonus_tokens"][seat]) for seat in (0, 1)]
    goods = [len(round_data["goods_tokens"][seat]) for seat in (0, 1)]
    for first, second in (rupees, goods, bonus):
        if first != second:
            return 0 if first > second else 1
    return None'''),
    M("q6_answer", "the first hint's bot: the first sale, else the first move (beats random, not greedy)", '''
class Q6Bot:
    name = "first sale"

    def choose(self, view):
        for action in view.legal_actions:
            if action.kind == "sell":
                return action
        return view.legal_actions[0]''', {"q6_check_random": 1}),
    M("q6_answer", "a subclass of the project's heuristic bot", '''
from caravan_lessons.jaipur.agents import HeuristicAgent


class Q6Bot(HeuristicAgent):
    name = "my trader"'''),
    M("q6_answer", "a class that holds the heuristic bot and asks it", '''
from caravan_lessons.agents import make_agent


class Q6Bot:
    name = "my trader"

    def __init__(self):
        self.helper = make_agent("heuristic")

    def choose(self, view):
        return self.helper.choose(view)'''),
    M("q6_answer", "the heuristic bot's choose handed in as a plain function", '''
from caravan_lessons.agents import make_agent

Q6Bot = make_agent("heuristic", seed=1).choose'''),
    M("q6_answer", "the heuristic bot imported under another name, found by a computed name", '''
import importlib

_module = importlib.import_module("caravan_lessons.jaipur." + "agents")


class Q6Bot:
    name = "my trader"

    def choose(self, view):
        return getattr(_module, "Heuristic" + "Agent")().choose(view)'''),
    M("q6_answer", "its own bot, but the random bot picks when in doubt", '''
class Q6Bot:
    name = "my trader"

    def __init__(self, seed=None):
        self.fallback = RandomAgent(seed)

    def choose(self, view):
        sales = [a for a in view.legal_actions if a.kind == "sell" and a.count >= 3]
        return sales[0] if sales else self.fallback.choose(view)'''),
    M("q7_answer", "takes the camels in position a (the last deck card: the round ends at once, JAI-END-2)",
      'q7_coach = {"a": "B", "b": "C", "c": "B"}', earns={"q7_check_b": 1, "q7_check_c": 1}),
    M("q7_answer", "three cloth are enough for a bonus token, so sell 3 (answered in words)",
      'q7_coach = {"a": "sell 5 diamonds", "b": "sell 3 cloth", "c": "B"}', earns={"q7_check_a": 1, "q7_check_c": 1}),
]

JAIPUR_NUMPY = {
    "q1b_answer": '''import pandas as pd


def q1b_legal_move_counts(state):
    counts = pd.Series([a.kind for a in state.legal_actions()], dtype=object).value_counts()
    return {k: counts.get(k, 0) for k in ("take_one", "take_camels", "exchange", "sell")}''',
    "q4a_answer": '''import numpy as np


def q4a_sale_rupees(state, good, count):
    stack = np.array(state.observation(state.current_player)["goods_tokens_left"][good], dtype=int)
    return stack[:count].sum()''',
    "q4b_answer": '''import numpy as np
from collections import Counter


def q4b_bonus_estimate(observation, count):
    size = min(count, 5)
    if count < 3 or observation["bonus_tokens_left"][str(size)] == 0:
        return (np.int64(0), np.int64(0), np.float64(0))
    held = Counter(v for z, v in observation["bonus_tokens"][observation["player"]] if z == size)
    left = np.array(sorted((Counter(BONUS_TOKENS[size]) - held).elements()))
    return left.min(), left.max(), left.mean()''',
    "q5a_answer": '''import numpy as np


def q5a_round_rupees(round_data):
    rupees = np.array([sum(v for _, v in round_data["goods_tokens"][s]) + sum(v for _, v in round_data["bonus_tokens"][s])
                       for s in (0, 1)])
    herds = np.array(round_data["herds"])
    if herds[0] != herds[1]:
        rupees[np.argmax(herds)] += 5
    return rupees''',
    "q5b_answer": '''import numpy as np


def q5b_round_winner(round_data):
    rupees = np.array(q5a_round_rupees(round_data))
    bonus = np.array([len(round_data["bonus_tokens"][s]) for s in (0, 1)])
    goods = np.array([len(round_data["goods_tokens"][s]) for s in (0, 1)])
    for row in (rupees, bonus, goods):
        if row[0] != row[1]:
            return np.argmax(row)
    return None''',
}

# --- Marco Polo ---------------------------------------------------------------------------------------

_Q4_SEARCH = '''
def q4_cheapest_route(graph, start, goal, max_steps, camels, coins):
    {guard}best, best_cost = None, None
    for path in nx.all_simple_paths(graph, start, goal, cutoff={cutoff}):
        routes = list(zip(path, path[1:]))
        spent = {spent}
        used = sum(graph.edges[r]["camels"] for r in routes)
        if {fits} and (best_cost is None or {key} < best_cost):
            best, best_cost = path, {key}
    return best'''


def _q4(guard="if goal == 'venezia':\n        return None\n    ", cutoff="max_steps",
        spent='TRAVEL_COINS[len(routes) - 1] + sum(graph.edges[r]["coins"] for r in routes)',
        fits="spent <= coins and used <= camels", key="(spent, used)") -> str:
    return _Q4_SEARCH.format(guard=guard, cutoff=cutoff, spent=spent, fits=fits, key=key)


_Q5 = '''
def q5_travel_steps(state, seat):
    dice = state.dice[seat]
    {own}if len(dice) < 2:
        return 0
    {raschid}values = sorted((v for _, v in dice), reverse=True)
    return {pick}'''


def _q5(own="if any(s == seat and c == 'own' for s, c, _ in state.spaces.get('travel', [])):\n"
            "        dice = [d for d in dice if d[0] != 'own']\n    ",
        raschid="if state.characters[seat] == 'raschid':\n        return 6\n    ", pick="values[1]") -> str:
    return _Q5.format(own=own, raschid=raschid, pick=pick)


MARCO_POLO = [
    M("q1a_answer", "counts the locations of the shortest path, not its steps",
      'q1a_map = {"locations": 25, "routes": 30, "camel_routes": 12, "coin_routes": 4, "fewest_steps": 8}',
      {"q1a_check_count": 1}),
    M("q1a_answer", "the oases are not locations",
      'q1a_map = {"locations": 15, "routes": 30, "camel_routes": 12, "coin_routes": 4, "fewest_steps": 7}',
      {"q1a_check_steps": 1}),
    M("q1b_answer", "each route paid once, even when the path walks it twice", '''
def q1b_path_cost(graph, path):
    routes = {tuple(sorted(r)) for r in zip(path, path[1:])}
    return (sum(graph.edges[r]["camels"] for r in routes), sum(graph.edges[r]["coins"] for r in routes))'''),
    M("q1b_answer", "coins first, then camels", '''
def q1b_path_cost(graph, path):
    routes = list(zip(path, path[1:]))
    return (sum(graph.edges[r]["coins"] for r in routes), sum(graph.edges[r]["camels"] for r in routes))'''),
    M("q1b_answer", "adds the travel space's coins (MP-TRAVEL-2 is the routes only here)", '''
def q1b_path_cost(graph, path):
    routes = list(zip(path, path[1:]))
    travel = (3, 7, 12, 12, 18, 18)[min(len(routes), 6) - 1] if routes else 0
    return (sum(graph.edges[r]["camels"] for r in routes), travel + sum(graph.edges[r]["coins"] for r in routes))'''),
    M("q2_answer", "pays the highest die instead of the lowest (MP-ACT-2)", '''
def q2_extra_coins(state, space, values):
    blue = space in ("coins", "contracts", "travel") or space.startswith("bazaar:")
    if not blue or not state.spaces.get(space) or state.characters[state.current_player] == "berke":
        return 0
    return max(values)'''),
    M("q2_answer", "pays the sum of the dice", '''
def q2_extra_coins(state, space, values):
    blue = space in ("coins", "contracts", "travel") or space.startswith("bazaar:")
    if not blue or not state.spaces.get(space) or state.characters[state.current_player] == "berke":
        return 0
    return sum(values)'''),
    M("q2_answer", "forgets Berke Khan (MP-CHAR-3)", '''
def q2_extra_coins(state, space, values):
    blue = space in ("coins", "contracts", "travel") or space.startswith("bazaar:")
    if not blue or not state.spaces.get(space):
        return 0
    return min(values)'''),
    M("q2_answer", "every occupied space costs, the Khan's favour and the moneybag too", '''
def q2_extra_coins(state, space, values):
    if not state.spaces.get(space) or state.characters[state.current_player] == "berke":
        return 0
    return min(values)'''),
    M("q2_answer", "a free space costs too", '''
def q2_extra_coins(state, space, values):
    blue = space in ("coins", "contracts", "travel") or space.startswith("bazaar:")
    if not blue or state.characters[state.current_player] == "berke":
        return 0
    return min(values)'''),
    M("q3_answer", "forgets the camels a contract costs", '''
def q3_can_fulfil(state):
    seat = state.current_player
    have = dict(zip(("pepper", "silk", "gold"), state.goods[seat]))
    return sorted(c for c in state.active[seat]
                  if all(have[g] >= n for g, n in state.data.contracts[c]["cost"].items() if g != "camels"))'''),
    M("q3_answer", "every contract on the board, not only the player's active ones", '''
def q3_can_fulfil(state):
    seat = state.current_player
    have = dict(zip(("pepper", "silk", "gold"), state.goods[seat]))
    have["camels"] = state.camels[seat]
    pool = set(state.active[seat]) | set(state.board_contracts)
    return sorted(c for c in pool if all(have[g] >= n for g, n in state.data.contracts[c]["cost"].items()))'''),
    M("q3_answer", "needs one more of each than the cost (> instead of >=)", '''
def q3_can_fulfil(state):
    seat = state.current_player
    have = dict(zip(("pepper", "silk", "gold"), state.goods[seat]))
    have["camels"] = state.camels[seat]
    return sorted(c for c in state.active[seat] if all(have[g] > n for g, n in state.data.contracts[c]["cost"].items()))'''),
    M("q4_answer", "weighs the coins only and never checks the camel budget", _q4(fits="spent <= coins", key="spent")),
    M("q4_answer", "forgets the travel space's own coins (MP-TRAVEL-2)",
      _q4(spent='sum(graph.edges[r]["coins"] for r in routes)')),
    M("q4_answer", "one step fewer than the dice allow (cutoff off by one)", _q4(cutoff="max_steps - 1")),
    M("q4_answer", "a move may end in Venezia (MP-TRAVEL-3)", _q4(guard="")),
    M("q4_answer", "the fewest steps, not the fewest coins", _q4(key="(len(routes), spent, used)")),
    M("q5_answer", "forgets an own die already on Travel (MP-ACT-4)", _q5(own="")),
    M("q5_answer", "the highest die, not the lower of the best two (MP-TRAVEL-1)", _q5(pick="values[0]")),
    M("q5_answer", "forgets Raschid's set dice (MP-CHAR-1)", _q5(raschid="")),
    M("q5_answer", "travels with a single die", _q5(pick="values[1] if len(values) > 1 else values[0]").replace(
        "if len(dice) < 2:", "if len(dice) < 1:")),
    M("q6a_answer", "a card scores when ONE of its cities holds a post (MP-SCORE-1: both)", '''
def q6a_card_points(state, seat):
    mine = {c for c, owners in state.posts.items() if seat in owners}
    return [p if set(cities) & mine else 0 for cities, p in (state.data.objectives[o] for o in state.objectives[seat])]'''),
    M("q6a_answer", "another player's post counts too", '''
def q6a_card_points(state, seat):
    posted = {c for c, owners in state.posts.items() if owners}
    return [p if set(cities) <= posted else 0 for cities, p in (state.data.objectives[o] for o in state.objectives[seat])]'''),
    M("q6b_answer", "a city on both cards counted twice (MP-SCORE-7: distinct cities)", '''
def q6b_objective_points(state, seat):
    mine = {city for city, owners in state.posts.items() if seat in owners}
    named = [city for oid in state.objectives[seat] for city in state.data.objectives[oid][0]]
    table = state.data.tables["objective_city_points"]
    return sum(q6a_card_points(state, seat)) + table[min(sum(c in mine for c in named), len(table) - 1)]'''),
    M("q6b_answer", "forgets the points for the objective cities (MP-SCORE-7)", '''
def q6b_objective_points(state, seat):
    return sum(q6a_card_points(state, seat))'''),
    M("q6b_answer", "MP-SCORE-7 counts every city with a post, not only the objective cities", '''
def q6b_objective_points(state, seat):
    mine = {city for city, owners in state.posts.items() if seat in owners}
    table = state.data.tables["objective_city_points"]
    return sum(q6a_card_points(state, seat)) + table[min(len(mine), len(table) - 1)]'''),
    M("q7_answer", "fulfils a contract when it can, else takes the first legal action", '''
class Q7Bot:
    name = "fulfil first"

    def choose(self, view):
        for action in view.legal_actions:
            if isinstance(action, Fulfil):
                return action
        return view.legal_actions[0]'''),
    M("q7_answer", "a class that wraps the project's heuristic bot", '''
class Q7Bot:
    name = "my merchant"

    def __init__(self, seed=None):
        self.inner = marco_polo.HeuristicAgent(seed)

    def choose(self, view):
        return self.inner.choose(view)'''),
    M("q7_answer", "the greedy bot's choose as a plain function", '''
Q7Bot = marco_polo.GreedyAgent(seed=1).choose'''),
    M("q7_answer", "its own look-ahead scored with the project bot's value function", '''
from caravan_lessons.marco_polo.agents import value as _worth


class Q7Bot:
    name = "my merchant"

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, view):
        table = marco_polo.determinize(view.observation, self.rng)
        actions = [a for a in view.legal_actions if not isinstance(a, (Reroll, BuyBlackDie))] or view.legal_actions
        return max(actions, key=lambda a: _worth(table.child(a), view.player))'''),
    M("q8_answer", "fulfils the contract at once in position a (travelling first does not waste it)",
      'q8_coach = {"a": "A", "b": "B", "c": "A"}', earns={"q8_check_b": 1, "q8_check_c": 1}),
    M("q8_answer", "takes 5 coins rather than the contract the gold is waiting for (answered in words)",
      'q8_coach = {"a": "C", "b": "B", "c": "place 3 on take 5 coins"}', earns={"q8_check_a": 1, "q8_check_b": 1}),
]

MARCO_POLO_NUMPY = {
    "q1b_answer": '''import numpy as np


def q1b_path_cost(graph, path):
    costs = np.array([[graph.edges[a, b]["camels"], graph.edges[a, b]["coins"]] for a, b in zip(path, path[1:])],
                     dtype=int).reshape(-1, 2)
    return tuple(costs.sum(axis=0))''',
    "q2_answer": '''import numpy as np


def q2_extra_coins(state, space, values):
    blue = space in ("coins", "contracts", "travel") or space.startswith("bazaar:")
    if not blue or not state.spaces.get(space) or state.characters[state.current_player] == "berke":
        return np.int64(0)
    return np.min(values)''',
    "q3_answer": '''import numpy as np


def q3_can_fulfil(state):
    seat = state.current_player
    have = dict(zip(("pepper", "silk", "gold"), state.goods[seat]))
    have["camels"] = state.camels[seat]
    ids = np.array(sorted(state.active[seat]), dtype=int)
    ok = [all(have[g] >= n for g, n in state.data.contracts[c]["cost"].items()) for c in ids]
    return list(ids[np.array(ok, dtype=bool)]) if len(ids) else []''',
    "q5_answer": '''import numpy as np


def q5_travel_steps(state, seat):
    dice = state.dice[seat]
    if any(s == seat and c == "own" for s, c, _ in state.spaces.get("travel", [])):
        dice = [d for d in dice if d[0] != "own"]
    if len(dice) < 2:
        return np.int64(0)
    if state.characters[seat] == "raschid":
        return np.int64(6)
    return np.sort(np.array([v for _, v in dice]))[-2]''',
    "q6a_answer": '''import numpy as np


def q6a_card_points(state, seat):
    mine = {city for city, owners in state.posts.items() if seat in owners}
    scores = np.array([state.data.objectives[o][1] for o in state.objectives[seat]])
    done = np.array([set(state.data.objectives[o][0]) <= mine for o in state.objectives[seat]])
    return list(scores * done)''',
}

CARAVAN += [
    M("q11_answer", "forgets 'never with your last empty camel' (CAR-PICK-4)", '''
def q11_pick_up(state, space):
    p = state.current
    if state.actions_left == 0 or space not in state.goods:
        return None
    if not any(state.pos[p][i] == space and state.load[p][i] is None for i in range(state.camels)):
        return None
    return state.demand.get(space, 0)'''),
    M("q11_answer", "a camel with a stolen good under it counts as empty (CAR-CAMEL-2)", '''
def q11_pick_up(state, space):
    p = state.current
    if state.actions_left == 0 or space not in state.goods or state.empty_camels(p) < 2:
        return None
    if not any(state.pos[p][i] == space and (state.load[p][i] is None or state.under[p][i])
               for i in range(state.camels)):
        return None
    return state.demand.get(space, 0)'''),
    M("q11_answer", "the markers stay on the space: a pick-up brings none (CAR-PICK-2)", '''
def q11_pick_up(state, space):
    p = state.current
    if state.actions_left == 0 or space not in state.goods or state.empty_camels(p) < 2:
        return None
    if not any(state.pos[p][i] == space and state.load[p][i] is None for i in range(state.camels)):
        return None
    return 0'''),
    M("q11_answer", "forgets that an action must be left (CAR-TURN-1)", '''
def q11_pick_up(state, space):
    p = state.current
    if space not in state.goods or state.empty_camels(p) < 2:
        return None
    if not any(state.pos[p][i] == space and state.load[p][i] is None for i in range(state.camels)):
        return None
    return state.demand.get(space, 0)'''),
    M("q12_answer", "the game ends when the bag is empty: any action after that ends it", '''
def q12_ends_game(state, action):
    return bool(state.end_triggered)'''),
    M("q12_answer", "any good moved onto a camel in a city ends it, whatever its colour (CAR-MOVE-2)", '''
def q12_ends_game(state, action):
    cities = set(state.board.city_of.values())
    return bool(state.end_triggered) and isinstance(action, MoveGood) and action.target in cities'''),
    M("q12_answer", "a delivery ends the game even before the end is triggered", '''
def q12_ends_game(state, action):
    return isinstance(action, MoveGood) and action.target == state.board.city_of[action.good]'''),
    M("q12_answer", "the pick-up that brings out the last cubes ends the game", '''
def q12_ends_game(state, action):
    if isinstance(action, PickUp) and len(state.bag) <= 4 and len(state.goods) == 5:
        return True
    if not state.end_triggered or not isinstance(action, MoveGood):
        return False
    return action.target == state.board.city_of[action.good]'''),
    M("q13_answer", "forgets the demand markers that come with the pick-up (CAR-PICK-2)", '''
def q13_target(state):
    def value(space):
        good = state.goods[space]
        steps = nx.shortest_path_length(state.board.graph, space, state.board.city_of[good])
        return (6 if good in caravan.RARE else 3) / (1 + steps)
    return max(state.goods, key=value) if state.goods else None'''),
    M("q13_answer", "the most points and markers, never mind the steps (the greedy habit)", '''
def q13_target(state):
    def value(space):
        good = state.goods[space]
        return (6 if good in caravan.RARE else 3) + state.demand.get(space, 0)
    return max(state.goods, key=value) if state.goods else None'''),
    M("q13_answer", "divides by the steps, without the +1", '''
def q13_target(state):
    def value(space):
        good = state.goods[space]
        steps = nx.shortest_path_length(state.board.graph, space, state.board.city_of[good])
        return ((6 if good in caravan.RARE else 3) + state.demand.get(space, 0)) / max(steps, 1e-9)
    return max(state.goods, key=value) if state.goods else None'''),
    M("q13_answer", "diagonal steps count as one step (CAR-MOVE-1: orthogonal only)", '''
def q13_target(state):
    def value(space):
        good = state.goods[space]
        city = state.board.city_of[good]
        steps = max(abs(space[0] - city[0]), abs(space[1] - city[1]))
        return ((6 if good in caravan.RARE else 3) + state.demand.get(space, 0)) / (1 + steps)
    return max(state.goods, key=value) if state.goods else None'''),
    M("q14_answer", "compares the win rates only", '''
def q14_verdict(variant_wins, control_wins, games):
    if variant_wins > control_wins:
        return "better"
    if variant_wins < control_wins:
        return "worse"
    return "not shown"'''),
    M("q14_answer", "the textbook interval p +/- 1.96 sqrt(p(1-p)/n), not Wilson's", '''
def q14_verdict(variant_wins, control_wins, games):
    def wald(wins, n, z=1.96):
        p = wins / n
        half = z * sqrt(p * (1 - p) / n)
        return p - half, p + half
    low_v, high_v = wald(variant_wins, games)
    low_c, high_c = wald(control_wins, games)
    if low_v > high_c:
        return "better"
    if high_v < low_c:
        return "worse"
    return "not shown"'''),
    M("q14_answer", "a 90 % interval (z = 1.645)", '''
def q14_verdict(variant_wins, control_wins, games):
    def wilson(wins, n, z=1.645):
        p = wins / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return centre - half, centre + half
    low_v, high_v = wilson(variant_wins, games)
    low_c, high_c = wilson(control_wins, games)
    if low_v > high_c:
        return "better"
    if high_v < low_c:
        return "worse"
    return "not shown"'''),
    M("q14_answer", "better when the variant's interval is above the control's win RATE (not its interval)", '''
def q14_verdict(variant_wins, control_wins, games):
    def wilson(wins, n, z=1.96):
        p = wins / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return centre - half, centre + half
    low_v, high_v = wilson(variant_wins, games)
    rate = control_wins / games
    if low_v > rate:
        return "better"
    if high_v < rate:
        return "worse"
    return "not shown"'''),
    M("q14_answer", "never says worse: a variant is better or not shown", '''
def q14_verdict(variant_wins, control_wins, games):
    def wilson(wins, n, z=1.96):
        p = wins / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return centre - half, centre + half
    low_v, high_v = wilson(variant_wins, games)
    low_c, high_c = wilson(control_wins, games)
    return "better" if low_v > high_c else "not shown"'''),
]

CARAVAN_NUMPY.update({
    "q13_answer": '''import numpy as np


def q13_target(state):
    spaces = sorted(state.goods)
    if not spaces:
        return None
    points = np.array([(6 if state.goods[s] in caravan.RARE else 3) + state.demand.get(s, 0) for s in spaces])
    steps = np.array([nx.shortest_path_length(state.board.graph, s, state.board.city_of[state.goods[s]])
                      for s in spaces])
    row, col = np.array(spaces)[np.argmax(points / (1 + steps))]
    return row, col''',
    "q14_answer": '''import numpy as np
from scipy.stats import binomtest


def q14_verdict(variant_wins, control_wins, games):
    v = binomtest(int(np.int64(variant_wins)), games).proportion_ci(method="wilson")
    c = binomtest(int(np.int64(control_wins)), games).proportion_ci(method="wilson")
    return np.str_("better" if v.low > c.high else "worse" if v.high < c.low else "not shown")''',
})
