"""The Samarkand exercises: questions q1 .. q6 and the positions they use.

    from caravan_lessons.exercises.samarkand import q3, position
    q3.check(q3_targets)      # prints a verdict, returns True/False
    q3.hint(); q3.solution()

The right answers come from the engine (``caravan_lessons.samarkand``): each check builds positions
with ``samarkand.scenario`` or plays seeded random games and asks the engine. Notebooks:
``exercises/samarkand/`` (nbgrader source format, one exercise per lesson of ``notebooks/samarkand``).
"""
from __future__ import annotations

import inspect
import random
import textwrap

from .. import samarkand
from ..samarkand import Discard, Marry, Place, scenario
from ..samarkand.scoring import card_value
from .framework import Case, FunctionQuestion, NotSolved, ValueQuestion, short

__all__ = ["ANSWERS", "QUESTIONS", "position", "q1", "q2", "q3", "q4", "q5", "q6", "random_position"]

EMPTY4 = {0: [], 1: [], 2: [], 3: []}


def position(name: str):
    """A named position of the exercises (a new ``samarkand.State`` each call)."""
    if name == "carlos":  # the rulebook's 4-player example: 5 cards, limit 7
        return scenario(4, hands={0: [1, 2, 3, 4, 5], 1: [], 2: [], 3: []})
    if name == "levant":
        return scenario(4, held={0: ["levant"], 1: ["mesopotamia"], 2: ["levant", "byzantium"]}, hands=EMPTY4,
                        camels={"g11": ["mesopotamia"], "l1": ["byzantium"]}, treasury={"levant": 2})
    if name == "linen":
        return scenario(4, held={0: ["levant"]}, hands={0: [3, 22, 11], 1: [], 2: [], 3: []},
                        camels={"g3": ["levant", "byzantium"], "g11": ["mesopotamia"]})
    raise ValueError(f"no position {name!r}; the positions are carlos, levant, linen")


def random_position(seed: int, decisions: int, players: int = 4):
    """The position after ``decisions`` random decisions of a seeded game (or its end)."""
    rng = random.Random(seed)
    state = samarkand.new_game(players, seed=seed)
    for _ in range(decisions):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state


# --- reference answers ------------------------------------------------------------------------------

def q2_draws(state):
    """How many goods cards the player to move would draw by marrying now."""
    p = state.current_player
    if len(state.hands[p]) + len(state.sold[p]) >= state.limit:
        return 0
    return min(3, len(state.deck) + len(state.discard))


def q3_targets(state, family):
    """The space ids where a camel of `family` may go now, sorted."""
    board = state.board
    f = board.family_index[family]
    mine = {s for s, here in enumerate(state.camels) if f in here}
    result = set()
    for s in mine:
        for t in board.adjacent[s]:
            if len(state.camels[t]) < 2 and f not in state.camels[t]:
                result.add(board.spaces[t])
    return sorted(result)


def q4_premiums(state, active, passive):
    """Dirhams each player gets if `active`'s camel makes a relation with `passive` now."""
    fi = state.board.family_index
    a, b = fi[active], fi[passive]
    if (min(a, b), max(a, b)) in state.related:
        return [0] * state.players
    return [3 * (state.held[p][a] > 0) + 1 * (state.held[p][b] > 0) for p in range(state.players)]


def q5_card_points(state, player, goods):
    """Points of goods card `goods` in `player`'s hand if the game ended now."""
    board = state.board
    points = 0
    for f in state.camels[board.goods_space[goods]]:
        points += 4 if state.held[player][f] else 1
    return points


def q6_should_sell(state):
    """In a sale decision: True to sell (3 dirhams now beat the card's present value), else False."""
    goods, holder = state.pending
    return q5_card_points(state, holder, goods) < 3


ANSWERS = {"q2": q2_draws, "q3": q3_targets, "q4": q4_premiums, "q5": q5_card_points, "q6": q6_should_sell}


def _source(function) -> str:
    return textwrap.dedent(inspect.getsource(function))


# --- q1: the board in numbers -------------------------------------------------------------------------

def _q1_expected():
    board = samarkand.default_board()
    return {kind: board.kinds.count(kind) for kind in ("goods", "start", "water", "land")}


def _q1_judge(answer, expected):
    if not isinstance(answer, dict):
        raise NotSolved(f"q1_kinds should be a dict like {{'goods': ..., ...}}, not {short(answer)}.")
    for kind, count in expected.items():
        if answer.get(kind) != count or isinstance(answer.get(kind), bool):
            raise NotSolved(f"the number of {kind} spaces is not {short(answer.get(kind))}.",
                            "Count with board.kinds.count(kind), or draw the map and count by eye.")


q1 = ValueQuestion(
    "q1", "the teaching board in numbers", "q1_kinds", rules=("SAM-COMP-2", "SAM-COMP-4"),
    hints=("board = samarkand.default_board(); board.kinds lists the kind of each space.",),
    expected=_q1_expected, judge=_q1_judge, expects="a dict {'goods': n, 'start': n, 'water': n, 'land': n}",
    solution="board = samarkand.default_board()\nq1_kinds = {kind: board.kinds.count(kind) "
             "for kind in ('goods', 'start', 'water', 'land')}\n")


# --- q2 .. q6: functions ----------------------------------------------------------------------------------

def _equal(got, want, case):
    if isinstance(want, bool):
        ok = got is want
    elif isinstance(want, int):
        ok = isinstance(got, int) and not isinstance(got, bool) and got == want
    else:
        ok = list(got) == want if isinstance(got, (list, tuple)) else False
    if not ok:
        raise NotSolved(f"the answer is {short(want)}; your function says {short(got)}.")


def _carlos_after(discard):
    state = position("carlos")
    state.apply(Marry("egypt"))
    state.apply(Discard(discard))
    for _ in range(3):
        state.apply(state.legal_actions()[0])
        state.apply(Discard(()))
    return state


def _q2_cases():
    fresh = samarkand.new_game(4, seed=1)
    return [Case("a new game", (fresh,)), Case("Carlos, 5 cards of 7", (position("carlos"),)),
            Case("Carlos kept 7", (_carlos_after((1,)),)), Case("Carlos kept 6", (_carlos_after((1, 2)),)),
            Case("5 players, 4 cards and 2 sold", (scenario(5, hands={0: [1, 2, 3, 4], 1: [], 2: [], 3: [], 4: []},
                                                             sold={0: [5, 6]}),))]


def _random_cases(count, decisions, players=(2, 3, 4, 5)):
    cases = []
    for i in range(count):
        state = random_position(100 + i, decisions + 7 * i, players[i % len(players)])
        if not state.is_terminal():
            cases.append(Case(f"a random position (seed {100 + i})", (state,)))
    return cases


q2 = FunctionQuestion(
    "q2", "cards drawn when marrying", "q2_draws", rules=("SAM-MARRY-4", "SAM-MARRY-5", "SAM-HAND-1"),
    hints=("Cards sold still count toward the limit: len(state.hands[p]) + len(state.sold[p]).",
           "At or over the limit: 0. Below it: 3, unless the deck and discards hold fewer."),
    cases=_q2_cases, hidden_cases=lambda: _random_cases(8, 20), expected=q2_draws, compare=_equal,
    signature="q2_draws(state)", solution=lambda: _source(q2_draws))


def _q3_cases():
    lev = position("levant")
    return [Case("a new game, Egypt", (samarkand.new_game(4, seed=1), "egypt")),
            Case("position 'levant', Levant", (lev, "levant")),
            Case("position 'levant', Byzantium", (lev, "byzantium")),
            Case("position 'levant', Mesopotamia", (lev, "mesopotamia"))]


def _q3_hidden():
    fams = [f.id for f in samarkand.default_board().families]
    return [Case(f"a random position, {fams[i]}", (random_position(200 + i, 60, 4), fams[i])) for i in range(10)]


q3 = FunctionQuestion(
    "q3", "where a family's next camel may go", "q3_targets", rules=("SAM-EXT-2", "SAM-EXT-3"),
    hints=("board.adjacent[s] are the neighbours of space s (indices); board.spaces[s] is its id.",
           "A space is open when it holds fewer than 2 camels and none of that family."),
    cases=_q3_cases, hidden_cases=_q3_hidden,
    expected=lambda state, family: sorted(state.board.spaces[s]
                                          for s in state.frontier[state.board.family_index[family]]),
    compare=_equal, signature="q3_targets(state, family)", solution=lambda: _source(q3_targets))


def _q4_cases():
    lev = position("levant")
    two = scenario(2, held={0: ["levant", "levant"], 1: ["mesopotamia"]}, hands={0: [], 1: []})
    return [Case("position 'levant': Levant meets Mesopotamia", (lev, "levant", "mesopotamia")),
            Case("position 'levant': Levant meets Byzantium", (lev, "levant", "byzantium")),
            Case("position 'levant': Mesopotamia meets Levant", (lev, "mesopotamia", "levant")),
            Case("2 players, two Levant tiles", (two, "levant", "mesopotamia"))]


def _q4_expected(state, active, passive):
    """Asks the engine: put the passive family's camel on a free land space next to the active route,
    move an active camel there and read the money."""
    probe = state.clone()
    fi, board = probe.board.family_index, probe.board
    a, b = fi[active], fi[passive]
    target = next((s for s in sorted(probe.frontier[a]) if board.land[s] and not probe.camels[s]), None)
    if target is None:  # no free land space next to the route: the rule, without the engine
        return q4_premiums(state, active, passive)
    probe.camels[target].append(b)
    probe.frontier = samarkand.rules.open_spaces(board, probe.camels)
    before = list(probe.money)
    probe._place(a, target)
    return [m - m0 for m, m0 in zip(probe.money, before)]


def _q4_hidden():
    cases = []
    for i in range(6):
        state = random_position(300 + i, 40, 2 + i % 4)
        fams = [f.id for f in state.board.families]
        cases.append(Case(f"a random position, {fams[i]} meets {fams[9 - i]}", (state, fams[i], fams[9 - i])))
    return cases


q4 = FunctionQuestion(
    "q4", "relation premiums", "q4_premiums", rules=("SAM-REL-3", "SAM-REL-5", "SAM-2P-4"),
    hints=("3 dirhams to each holder of a tile of the active family, 1 to each holder of the passive family's.",
           "Two tiles of one family earn the premium once; a pair already related pays nothing (state.related)."),
    cases=_q4_cases, hidden_cases=_q4_hidden, expected=_q4_expected, compare=_equal,
    signature="q4_premiums(state, active, passive)", solution=lambda: _source(q4_premiums))


def _q5_cases():
    lin = position("linen")
    return [Case("position 'linen': linen (3)", (lin, 0, 3)), Case("position 'linen': diamond (22)", (lin, 0, 22)),
            Case("position 'linen': dates (11)", (lin, 0, 11))]


def _q5_hidden():
    cases = []
    for i in range(8):
        state = random_position(400 + i, 80, 3 + i % 3)
        for p in range(state.players):
            for g in state.hands[p][:2]:
                cases.append(Case(f"a random position, player {p}, card {g}", (state, p, g)))
    return cases


q5 = FunctionQuestion(
    "q5", "what a goods card scores", "q5_card_points", rules=("SAM-SCORE-1", "SAM-2P-4"),
    hints=("state.camels[s] lists the families (indices) of the camels on space s; "
           "state.board.goods_space[goods] is the space of a goods number.",
           "4 for a family the player holds a tile of (state.held[player][f] > 0), else 1."),
    cases=_q5_cases, hidden_cases=_q5_hidden, expected=lambda s, p, g: card_value(s, p, g)[0], compare=_equal,
    signature="q5_card_points(state, player, goods)", solution=lambda: _source(q5_card_points))


def _sale(hand_holder_families, camels):
    state = scenario(4, held={0: ["levant"], 2: hand_holder_families}, hands={0: [], 1: [], 2: [8], 3: []},
                     camels=camels)
    state.apply(Place("levant", "g8"))
    return state


def _q6_cases():
    return [Case("card 8, one Levant camel, the holder is not married to Levant", (_sale([], {}),)),
            Case("card 8, one Levant camel, the holder is married to Levant", (_sale(["levant"], {}),))]


q6 = FunctionQuestion(
    "q6", "sell or keep", "q6_should_sell", rules=("SAM-GOODS-2", "SAM-GOODS-4"),
    hints=("state.pending is (goods number, holder) during a sale decision.",
           "Sell when the card is worth less than 3 points right now (your q5)."),
    cases=_q6_cases, expected=q6_should_sell, compare=_equal, signature="q6_should_sell(state)",
    solution=lambda: _source(q6_should_sell) + "\n# uses q5_card_points\n")

QUESTIONS = {q.label: q for q in (q1, q2, q3, q4, q5, q6)}
