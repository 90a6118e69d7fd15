"""The Caravan exercises: questions q1 .. q14 (q10: the coach's verdict), the positions they use, and small helpers.

    from caravan_lessons.exercises.caravan import q4, position, show
    state = position("chains")
    show(state)
    q4.check(q4_deliverable)        # prints a verdict, returns True/False
    q4.hint(); q4.solution()

The right answers come from the engine (``caravan_lessons.caravan``): a check builds positions with
``caravan.scenario`` or plays seeded games, asks the engine, and compares. The package holds only
the public cases: the reference answers are the solution regions of the source notebooks
(``exercises/caravan/``, nbgrader source format) and the hidden cases are written in their
``### BEGIN HIDDEN TESTS`` regions (``q.grade(answer, extra=[...])``, an extra item being the
tuple of arguments of one more case).
"""
from __future__ import annotations

import random
from typing import Any

from .. import caravan
from ..caravan import EndTurn, MoveCamel, PickUp, PlaceCamel, Steal
from ..caravan.agents import playout_policy
from ..caravan.components import DEMAND_POINTS, GOOD_POINTS
from .coach_verdicts import coach_question
from .readers import sequence, truth_value, whole_number
from .framework import Case, FunctionQuestion, NotSolved, short

__all__ = ["QUESTIONS", "VERDICTS", "finished_position", "refill_position", "position", "q1", "q2", "q3", "q4", "q5",
           "q6", "q7", "q8", "q9", "q10", "q11", "q12", "q13", "q14", "random_position", "show"]

GAME = "caravan"


def random_position(seed: int, steps: int, players: int = 3):
    """A position after ``steps`` actions of the rollout policy (greedy with some randomness), seeded.

    Raises:
        ValueError: ``seed``, ``steps`` or ``players`` is not a whole number in range.
    """
    for value, what in ((seed, "seed"), (steps, "steps")):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"random_position: {what} must be a whole number >= 0, not {short(value)}")
    rng = random.Random(seed)
    state = caravan.new_game(players, seed=seed)
    for _ in range(steps):
        if state.over:
            break
        state.apply(playout_policy(state, rng))
    return state


POSITIONS = {
    "worked example": caravan.worked_example,
    "chains": lambda: caravan.scenario(2, camels={
        0: [((0, 1), "ivory"), ((0, 2), None), ("Marrakesh", None), ((4, 4), "salt"), ((4, 3), None)],
        1: [((4, 5), None), ((3, 3), "gems")]}),
    "steal": lambda: caravan.scenario(3, camels={
        0: [((3, 3), None), ((5, 5), None), ((2, 2), None)],
        1: [((3, 3), "cloth"), ((2, 2), "meat", True), ((0, 0), None)],
        2: [((5, 5), "salt"), ((1, 1), None)]}),
}


def position(name: str):
    """A named position of the exercises: ``"worked example"``, ``"chains"``, ``"steal"``.

    Raises:
        ValueError: an unknown name.
    """
    if not isinstance(name, str) or name not in POSITIONS:
        raise ValueError(f"unknown position {name!r}; the positions are {', '.join(POSITIONS)}")
    return POSITIONS[name]()


def show(state, **options):
    """Draw a position (``viz.caravan.draw_state``) as an image in the notebook."""
    from ..viz import show as _show
    from ..viz.caravan import draw_state

    return _show(draw_state(state, **options).figure)


def _equal(what: str, hint: str = ""):
    """Compare a whole number (any kind: int, numpy, 3.0; never a truth value), or a truth value when the
    right answer is one (True/False or numpy's bool_; never 0 or 1)."""
    def compare(got: Any, want: Any, case: Case) -> None:
        try:
            got = truth_value(got, "your function", what) if isinstance(want, bool) else whole_number(got, "it")
        except NotSolved:
            raise NotSolved(f"your function returned {short(got)}; it should return {what}.", hint) from None
        if got != want:
            raise NotSolved(f"your function returned {short(got)}; the right answer is {short(want)}.", hint)
    return compare


# --- q1: points ------------------------------------------------------------------------------------

def _q1_cases() -> list[Case]:
    data = [([], 0), (["ivory"], 0), (["salt", "salt"], 3), (["gems", "meat", "paper", "hides"], 2), ([], 5)]
    return [Case(f"delivered {d}, {m} demand markers", (d, m)) for d, m in data]




q1 = FunctionQuestion(
    "q1", "points of delivered goods and demand markers", "q1_points", rules=("CAR-SCORE-1", "CAR-COMP-2",
                                                                            "CAR-COMP-3", "CAR-COMP-4"),
    hints=("caravan.RARE lists the rare goods; everything else is common.", "Rare 6, common 3, a marker 1."),
    cases=_q1_cases, expected=lambda delivered, markers: sum(GOOD_POINTS[g] for g in delivered) + DEMAND_POINTS * markers,
    compare=_equal("a whole number of points"), signature="q1_points(delivered, markers)", game=GAME)


# --- q2: what an action costs ----------------------------------------------------------------------

def _q2_cases() -> list[Case]:
    state = position("chains")
    acts = [PlaceCamel((3, 3)), PlaceCamel((6, 6)), MoveCamel((0, 2), (4, 5)), MoveCamel((4, 3), (5, 3)),
            PickUp((0, 0)), EndTurn(), caravan.MoveGood((0, 1), (0, 3), "ivory"),
            # onto a space that holds only the player's own camel: 2 as well (CAR-ACT-2 says any camel)
            MoveCamel((4, 3), (4, 4)), PlaceCamel((0, 2))]
    return [Case(str(a), (state, a)) for a in acts]




q2 = FunctionQuestion(
    "q2", "the cost of an action", "q2_action_cost", rules=("CAR-ACT-1", "CAR-ACT-2", "CAR-ACT-3", "CAR-ACT-4",
                                                             "CAR-ACT-5", "CAR-TURN-2"),
    hints=("state.count[space] is the number of camels (of every colour) on a space.",
           "Only placing or moving a camel can cost 2, onto a space that holds any camel, your own too; ending "
           "the turn costs nothing."),
    cases=_q2_cases, expected=lambda state, action: state.cost(action),
    compare=_equal("0, 1 or 2", "Placing or moving a camel onto a space that already holds a camel (anyone's, "
                                "yours too) costs 2 (CAR-ACT-2); ending the turn costs nothing (CAR-TURN-2); "
                                "everything else 1."),
    signature="q2_action_cost(state, action)", game=GAME)


# --- q3: camel groups ------------------------------------------------------------------------------

def _groups_compare(got: Any, want: Any, case: Case) -> None:
    try:
        tidy = sorted(sorted(tuple(n) for n in group) for group in got)
    except TypeError:
        raise NotSolved(f"your function returned {short(got)}; it should return a list of sets of spaces.") from None
    if tidy != sorted(sorted(group) for group in want):
        raise NotSolved(f"your groups are {short(tidy)}; the right ones are "
                        f"{short(sorted(sorted(g) for g in want))}.",
                        "Camels of other players never link a group; diagonal spaces are not linked.")


def _q3_cases() -> list[Case]:
    return [Case("the worked example, player 0", (position("worked example"), 0)),
            Case("position 'chains', player 0", (position("chains"), 0)),
            Case("position 'chains', player 1", (position("chains"), 1)),
            Case("a new game (no camels), player 0", (caravan.new_game(2, seed=1), 0))]




q3 = FunctionQuestion(
    "q3", "a player's camel groups (networkx connected components)", "q3_camel_groups",
    rules=("CAR-MOVE-1", "CAR-MOVE-4"),
    hints=("state.pos[player] lists where each camel stands (None: in the supply).",
           "state.board.graph.subgraph(spaces) keeps only those spaces; nx.connected_components does the rest."),
    cases=_q3_cases, expected=lambda state, player: state.camel_groups(player),
    compare=_groups_compare, signature="q3_camel_groups(state, player)", game=GAME)


# --- q4: every deliverable good --------------------------------------------------------------------

def _deliverable(state, player) -> set:
    """Asked of the engine: the loaded camels whose good's city is among ``State.reachable_cities``."""
    return {(where, good) for where, good in zip(state.pos[player], state.load[player])
            if good is not None and state.board.city_of[good] in state.reachable_cities(player, where)}


def _set_compare(got: Any, want: Any, case: Case) -> None:
    try:
        tidy = {(tuple(w), g) for w, g in got}
    except (TypeError, ValueError):
        raise NotSolved(f"your function returned {short(got)}; it should return a set of (space, good) pairs.") \
            from None
    if tidy != want:
        missing, extra = want - tidy, tidy - want
        raise NotSolved(f"missing {short(sorted(missing))}, wrongly included {short(sorted(extra))}.",
                        "The good's city must be in the same group and hold an EMPTY camel of the player.")


def _q4_cases() -> list[Case]:
    busy = caravan.scenario(2, camels={0: [((0, 1), "ivory"), ((0, 2), None), ("Marrakesh", "salt"), ((5, 5), None)],
                                       1: [((3, 3), None)]})
    return [Case("the worked example, player 0", (position("worked example"), 0)),
            Case("position 'chains', player 0", (position("chains"), 0)),
            Case("position 'chains', player 1", (position("chains"), 1)),
            Case("ivory one step from Marrakesh, whose camel carries salt", (busy, 0))]




q4 = FunctionQuestion(
    "q4", "every good a player can deliver this action (networkx)", "q4_deliverable",
    rules=("CAR-MOVE-1", "CAR-MOVE-2", "CAR-MOVE-4"),
    hints=("state.board.city_of[good] is the space of the good's city.",
           "nx.has_path(graph.subgraph(own_spaces), source, city) tells whether a chain links them.",
           "The city needs an empty camel of the player: a good never stops on a loaded camel."),
    cases=_q4_cases, expected=_deliverable, compare=_set_compare,
    signature="q4_deliverable(state, player)", game=GAME)


# --- q5: the final score ---------------------------------------------------------------------------

def _q5_cases() -> list[Case]:
    state = caravan.scenario(2, camels={0: [((3, 3), "salt"), ((3, 4), "gems", True), ((1, 1), "meat"),
                                            ((2, 2), None)]})
    state.delivered[0] = ["ivory", "salt"]
    state.markers[0] = 3
    return [Case("3 goods loaded, ivory and salt delivered, 3 markers", (state, 0)),
            Case("the worked example, player 0", (position("worked example"), 0))]




q5 = FunctionQuestion(
    "q5", "a player's score if the game ended now", "q5_final_score",
    rules=("CAR-SCORE-1", "CAR-SCORE-2"),
    hints=("Goods delivered and demand markers as in q1, then the penalty for goods still loaded.",
           "Stolen goods under a camel count as loaded. The penalty: 0/1 -> 0, 2 -> -1, 3 -> -3, 4 -> -6."),
    cases=_q5_cases, expected=lambda state, p: state.score_sheet().totals()[p],
    compare=_equal("a whole number of points"), signature="q5_final_score(state, player)", game=GAME)


# --- q6: may I steal? ------------------------------------------------------------------------------

def _q6_compare(got: Any, want: bool, case: Case) -> None:
    state, space, victim, good = case.args
    problem = state.why_illegal(Steal(space, victim, good))
    words = {"CAR-STEAL-6": "this would be the player's last empty camel (supply camels count): like picking up, a "
                            "steal may never load every camel (CAR-STEAL-6)",
             "CAR-TURN-1": "the player has no action left this turn (CAR-TURN-1): only ending the turn is allowed",
             "CAR-CAMEL-2": "the player's camel there already carries a good: a steal needs an EMPTY camel",
             "CAR-STEAL-2": "that good lies under a camel: it was stolen and is safe until it moves (CAR-STEAL-2)",
             "CAR-STEAL-4": "the player has no theft token (CAR-STEAL-4)"}
    hint = (f"Here the steal is not allowed: {words.get(problem.rule, problem.message)}." if problem is not None
            else "Here the steal is allowed: a theft token, an empty camel of the player on the space, the good on "
                 "top of the victim's camel there, another empty camel left, and an action left.")
    _equal("True or False", hint)(got, want, case)


def _q6_cases() -> list[Case]:
    state = position("steal")
    data = [((3, 3), 1, "cloth"), ((2, 2), 1, "meat"), ((5, 5), 2, "salt"), ((3, 3), 1, "meat"),
            ((3, 3), 0, "cloth"), ((1, 1), 2, "salt")]
    cases = [Case(f"steal {g} from player {v} on {s}", (state, s, v, g)) for s, v, g in data]
    poor = position("steal")
    poor.tokens = [0, 2, 1]
    cases.append(Case("no theft token", (poor, (3, 3), 1, "cloth")))
    last = caravan.scenario(3, camels={0: [((3, 3), None), ((1, 2), "gems"), ((1, 3), "salt"), ((1, 4), "paper"),
                                           ((1, 5), "hides")],
                                       1: [((3, 3), "cloth"), ((0, 0), None)], 2: [((5, 5), None)]})
    cases.append(Case("player 0's camel on (3, 3) is its last empty camel", (last, (3, 3), 1, "cloth")))
    laden = caravan.scenario(3, camels={0: [((3, 3), "meat"), ((5, 5), None)],
                                        1: [((3, 3), "cloth"), ((0, 0), None)], 2: [((5, 5), "salt")]})
    cases.append(Case("player 0's camel on (3, 3) carries meat", (laden, (3, 3), 1, "cloth")))
    done = caravan.scenario(3, camels=dict(enumerate(([((3, 3), None), ((5, 5), None), ((2, 2), None)],
                                                      [((3, 3), "cloth"), ((0, 0), None)], [((1, 1), None)]))),
                            actions_left=0)
    cases.append(Case("no action left this turn (the turn is not ended yet)", (done, (3, 3), 1, "cloth")))
    return cases




q6 = FunctionQuestion(
    "q6", "may the player to act steal this good?", "q6_can_steal",
    rules=("CAR-STEAL-1", "CAR-STEAL-2", "CAR-STEAL-4", "CAR-STEAL-6"),
    hints=("You need a theft token, an empty camel of yours on that space, and the victim's camel there with the "
           "good ON TOP (state.under tells).", "And never with your last empty camel (supply camels count).",
           "A steal is an action: with state.actions_left == 0 the player can only end the turn."),
    cases=_q6_cases,
    expected=lambda state, space, victim, good: state.why_illegal(Steal(space, victim, good)) is None,
    compare=_q6_compare, signature="q6_can_steal(state, space, victim, good)", game=GAME)


# --- q7: the action ramp ----------------------------------------------------------------------------

def _whole(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}, not {short(value)}")
    return value


def _q7_expected(players: int, seat: int, round_number: int) -> int:
    """Asked of the engine: the game's turn number is round * players + seat (seat 0 starts)."""
    return caravan.State.allowance(round_number * players + seat)


def _q7_cases() -> list[Case]:
    data = [(4, 0, 0), (4, 1, 0), (4, 3, 0), (4, 2, 1), (2, 1, 0), (2, 0, 1), (2, 1, 1), (3, 2, 0), (3, 0, 1)]
    return [Case(f"{n} players, seat {s}, its turn number {r} (0 = first)", (n, s, r)) for n, s, r in data]


q7 = FunctionQuestion(
    "q7", "actions in a turn (the 1-2-3-4 ramp)", "q7_actions", rules=("CAR-TURN-1",),
    hints=("The ramp counts the turns of the whole game, not each player's own turns.",
           "Seat s's turn number r (seat 0 starts) is the game's turn r * players + s; game turns 0, 1, 2 get "
           "1, 2, 3 actions, every later turn 4."),
    cases=_q7_cases, expected=_q7_expected, compare=_equal("a whole number of actions (1 to 4)"),
    signature="q7_actions(players, seat, round_number)", game=GAME)


# --- q8: the refill --------------------------------------------------------------------------------

def _bag_of(state, cubes: int):
    """Leave ``cubes`` cubes in the bag; the others count as delivered earlier (cubes stay conserved)."""
    while len(state.bag) > cubes:
        seat = len(state.bag) % state.players
        state.delivered[seat].append(state.bag.pop(0))
    return state


def refill_position(goods: dict, demand: dict | None = None, bag: int | None = None, players: int = 3, seed: int = 1):
    """A position where 4 goods are left on the board, the moment a refill starts (CAR-REFILL-1).

    Args:
        goods: space -> good for the 4 goods left (spaces as ``caravan.scenario`` takes them).
        demand: space -> demand markers already there.
        bag: cubes left in the bag (default: as dealt).

    Raises:
        ValueError: not exactly 4 goods, or a space or count that does not fit.
    """
    if not isinstance(goods, dict) or len(goods) != 4:
        raise ValueError(f"refill_position: give exactly 4 goods left on the board, not {short(goods)}")
    state = caravan.scenario(players, goods=goods, demand=demand or {}, seed=seed)
    if bag is not None:
        _whole(bag, "bag", 0, len(state.bag))
        _bag_of(state, bag)
    return state


def _q8_expected(state) -> tuple:
    """Asked of the engine: run its refill on a copy; (demand markers after, spaces filled in order)."""
    after = state.clone()
    before = set(after.goods)
    after._refill_if_needed()
    filled = [n for n in after.board.numbered if n in after.goods and n not in before]
    return dict(after.demand), filled


def _q8_compare(got: Any, want: Any, case: Case) -> None:
    try:
        demand, filled = got
        demand = {tuple(k): v for k, v in dict(demand).items() if v}
        filled = [tuple(n) for n in filled]
    except (TypeError, ValueError):
        raise NotSolved(f"your function returned {short(got)}; it should return (demand, filled): a dict "
                        "space -> demand markers and a list of the numbered spaces that get a cube.") from None
    want_demand, want_filled = want
    (state,) = case.args
    if not state.bag and (demand != want_demand or filled != want_filled):
        raise NotSolved(f"the bag is empty here, so there is no refill at all: the demand markers stay "
                        f"{short(want_demand)} and no cube comes out; your function says {short(demand)} and "
                        f"{short(filled)}.", "The project's ruling (lesson 5): with an empty bag there is nothing to "
                        "draw, and the markers belong to the refill.")
    if demand != want_demand:
        raise NotSolved(f"your demand markers are {short(demand)}; the right ones are {short(want_demand)}.",
                        "Each of the 4 goods left adds ONE marker to its space, on top of those already there "
                        "(CAR-REFILL-2).")
    if filled != want_filled:
        raise NotSolved(f"your filled spaces are {short(filled)}; the right ones are {short(want_filled)}.",
                        "Cubes go in number order (board.numbered) onto numbered spaces with no good, at most 4, "
                        "and never more than the bag holds (CAR-REFILL-3).")


def _q8_cases() -> list[Case]:
    return [
        Case("4 goods on numbered spaces 1-4, no markers yet",
             (refill_position({1: "salt", 2: "meat", 3: "gems", 4: "hides"}),)),
        Case("goods on 1, 5 and two plain spaces, a marker already on 1",
             (refill_position({1: "salt", 5: "ivory", (3, 3): "meat", (2, 5): "hides"}, demand={1: 1}),)),
        Case("goods on 2, 7, 8 and one plain space, 2 markers on 8",
             (refill_position({2: "cloth", 7: "salt", 8: "meat", (1, 3): "swords"}, demand={8: 2}),)),
        Case("the last 4 cubes in the bag, goods on 1, 2 and two plain spaces",
             (refill_position({1: "salt", 2: "meat", (3, 3): "gems", (4, 3): "hides"}, bag=4),)),
        Case("the bag is empty (the end is triggered), goods on 1, 2 and two plain spaces",
             (refill_position({1: "salt", 2: "meat", (3, 3): "gems", (4, 3): "hides"}, demand={1: 2}, bag=0),)),
    ]


def _q8_case(item: Any) -> Case:
    return Case("a grader's position", item if isinstance(item, tuple) else (item,))


q8 = FunctionQuestion(
    "q8", "the refill: demand markers, then 4 cubes in number order", "q8_refill",
    rules=("CAR-REFILL-1", "CAR-REFILL-2", "CAR-REFILL-3"),
    hints=("state.goods is a dict space -> good of the goods lying on the board; state.demand space -> markers.",
           "state.board.numbered lists the numbered spaces 1..8 in number order; len(state.bag) cubes are left."),
    cases=_q8_cases, expected=_q8_expected, compare=_q8_compare, make_case=_q8_case,
    signature="q8_refill(state)", game=GAME)


# --- q9: who wins ----------------------------------------------------------------------------------

def finished_position(delivered: list, markers: list | None = None, loaded: list | None = None, seed: int = 1):
    """A finished game with these deliveries (a list of goods per seat), demand markers and goods still
    loaded (a list of goods per seat, on camels at the corners of the board).

    Raises:
        ValueError: a good or count that does not fit.
    """
    if not isinstance(delivered, list) or not 2 <= len(delivered) <= 4:
        raise ValueError(f"finished_position: delivered must list the goods of 2 to 4 seats, not {short(delivered)}")
    players = len(delivered)
    loaded = loaded or [[] for _ in range(players)]
    spaces = [(r, c) for r in range(7) for c in range(7)]
    camels = {seat: [(spaces[7 * seat + i], good) for i, good in enumerate(row)] for seat, row in enumerate(loaded)}
    state = caravan.scenario(players, camels=camels, goods={}, demand={}, seed=seed)
    for seat, row in enumerate(delivered):
        for good in row:
            if good not in state.bag:
                raise ValueError(f"finished_position: no {good} left for seat {seat}")
            state.bag.remove(good)
            state.delivered[seat].append(good)
    state.markers = list(markers or [0] * players)
    state.end_triggered = state.over = True
    return state


def _q9_cases() -> list[Case]:
    made = [
        ("player 1 has more points", [["ivory", "salt"], ["gems", "cloth"]], [0, 0], None),
        ("tied on points: more goods delivered wins", [["ivory", "cloth"], ["salt", "meat", "hides", "swords"]],
         [0, 0], None),
        ("tied on points and goods: a shared win", [["ivory", "salt"], ["gems", "meat"], ["salt"]], [0, 0, 3], None),
        ("the penalty for goods still loaded decides", [["ivory", "gems"], ["paper", "salt"]], [0, 0],
         [["meat", "meat", "salt", "hides"], []]),
        ("demand markers count", [["salt"], ["meat"], ["hides"], ["swords"]], [0, 2, 1, 0], None),
    ]
    return [Case(words, (finished_position(d, m, loaded),)) for words, d, m, loaded in made]


def _q9_compare(got: Any, want: Any, case: Case) -> None:
    try:
        tidy = sorted(whole_number(seat, "a seat") for seat in sequence(got, "the winners"))
    except NotSolved:
        raise NotSolved(f"your function returned {short(got)}; it should return a list of winning seats.") from None
    if tidy != sorted(want):
        raise NotSolved(f"you named {tidy} as the winners; the rules name {sorted(want)}.",
                        "Most points (goods, markers, minus the penalty for goods still loaded) wins; tied, more "
                        "goods delivered; still tied, the tied players share the win (CAR-SCORE-3).")


q9 = FunctionQuestion(
    "q9", "who wins: points, then goods delivered (the tie-break)", "q9_winners",
    rules=("CAR-SCORE-1", "CAR-SCORE-2", "CAR-SCORE-3"),
    hints=("Use your q5 or state.score_sheet().totals() for the points.",
           "Among the players with the most points, keep those with the most goods delivered "
           "(len(state.delivered[p]))."),
    cases=_q9_cases, expected=lambda state: list(state.score_sheet().winners), compare=_q9_compare,
    make_case=_q8_case, signature="q9_winners(state)", game=GAME)

# --- q10: the coach's verdict (exercise notebook: what would the coach play?) -----------------------------

q10 = coach_question("caravan", "q10", digests={
    "a": "72fb672b18a8ccbc9d4c17e2ee785e6c4363f63ab3296868f76037256a5e86f4",
    "b": "00f2180ea085fd6eb364454f3fe54df18c5918a514b47b70a422bdc8fcccb656",
    "c": "55af34650e56319a5ed72220d4b141d8493494c3733c016b68c9a30ba829d070"})
"""The coach's move in three positions (:mod:`caravan_lessons.exercises.coach_verdicts`); the explanation is
graded by hand in the notebook."""


# --- q11: picking up --------------------------------------------------------------------------------

def _q11_expected(state, space):
    """Asked of the engine: None if the pick-up is refused, else the demand markers it moves to the board."""
    action = PickUp(tuple(space) if isinstance(space, list) else space)
    if state.why_illegal(action) is not None:
        return None
    p = state.current
    return state.child(action).markers[p] - state.markers[p]


def _q11_compare(got: Any, want: Any, case: Case) -> None:
    state, space = case.args
    if got is not None:
        try:
            got = whole_number(got, "the markers")
        except NotSolved:
            raise NotSolved(f"your function returned {short(got)}; it should return None (not allowed) or the "
                            "number of demand markers the pick-up takes.") from None
    if got == want and (got is None) == (want is None):
        return
    problem = state.why_illegal(PickUp(space))
    if want is None:
        words = {"CAR-PICK-4": "it would load the player's last empty camel (supply camels count): never allowed "
                               "(CAR-PICK-4)",
                 "CAR-CAMEL-2": "the player's camel there already carries a good, or one lies under it: a camel "
                                "carries one good (CAR-CAMEL-2)",
                 "CAR-PICK-1": "a pick-up needs a good LYING on the space (state.goods) and an empty camel of the "
                               "player on it (CAR-PICK-1)",
                 "CAR-TURN-1": "the player has no action left this turn (CAR-TURN-1)"}
        raise NotSolved(f"picking up on {space} is not allowed here: {words.get(problem.rule, problem.message)}; "
                        f"your function says {short(got)}.", "Return None when the pick-up is not allowed.")
    if got is None:
        raise NotSolved(f"picking up on {space} is allowed here (it takes {want} demand marker"
                        f"{'' if want == 1 else 's'}); your function says None.",
                        "An empty camel of the player on the space, a good lying there, another empty camel left "
                        "(supply camels count) and an action left: that is all a pick-up needs.")
    raise NotSolved(f"picking up on {space} takes {want} demand marker{'' if want == 1 else 's'}; your function says "
                    f"{got}.", "Every demand marker on the space goes to the player's board with the good "
                               "(CAR-PICK-2): state.demand.get(space, 0).")


def _q11_cases() -> list[Case]:
    base = {0: [((0, 0), None), ((2, 2), None)], 1: [((6, 6), None), ((1, 1), None)]}
    plain = caravan.scenario(2, camels=base, goods={(0, 0): "salt", (6, 6): "gems", (1, 1): "meat", (5, 5): "paper"},
                             demand={(0, 0): 1, (1, 1): 3})
    last = caravan.scenario(2, camels={0: [((0, 0), None), ((2, 2), "ivory"), ((2, 3), "cloth"), ((2, 4), "hides"),
                                           ((2, 5), "swords")]},
                            goods={(0, 0): "salt", (6, 6): "gems", (1, 1): "meat", (5, 5): "paper"})
    under = caravan.scenario(2, camels={0: [((0, 0), "cloth", True), ((3, 3), None)], 1: [((1, 1), None)]},
                             goods={(0, 0): "salt", (6, 6): "gems", (1, 1): "meat", (5, 5): "paper"}, tokens=[0, 2])
    done = caravan.scenario(2, camels=base, goods={(0, 0): "salt", (6, 6): "gems", (1, 1): "meat", (5, 5): "paper"},
                            actions_left=0)
    bare = caravan.scenario(2, camels=base, goods={(0, 0): "salt", (6, 6): "gems", (1, 1): "meat", (5, 5): "paper"},
                            demand={(6, 6): 2, (1, 1): 2})
    return [Case("salt with 1 marker under player 0's empty camel", (plain, (0, 0))),
            Case("a space with no camel of player 0", (plain, (6, 6))),
            Case("no good lies on (2, 2)", (plain, (2, 2))),
            Case("player 0's last empty camel", (last, (0, 0))),
            Case("a stolen good lies under player 0's camel", (under, (0, 0))),
            Case("no action left this turn", (done, (0, 0))),
            Case("3 markers, player 1 to act", (caravan.scenario(2, camels=base, current=1, demand={(1, 1): 3, (0, 6): 1},
                                                                 goods={(1, 1): "meat", (6, 6): "gems",
                                                                        (5, 5): "paper", (0, 6): "hides"}), (1, 1))),
            Case("no marker on the space", (bare, (0, 0)))]


q11 = FunctionQuestion(
    "q11", "what picking up a good gives (or None)", "q11_pick_up",
    rules=("CAR-PICK-1", "CAR-PICK-2", "CAR-PICK-4", "CAR-CAMEL-2", "CAR-TURN-1"),
    hints=("state.goods lists the goods LYING on the board (space -> good); goods on camels are not there.",
           "The player needs an empty camel on the space (state.pos, state.load) and must keep another empty "
           "camel afterwards (supply camels count: state.empty_camels(p) >= 2).",
           "The markers on the space come along: state.demand.get(space, 0)."),
    cases=_q11_cases, expected=_q11_expected, compare=_q11_compare, none_ok=True, make_case=_q8_case,
    signature="q11_pick_up(state, space)", game=GAME)


# --- q12: the end of the game ----------------------------------------------------------------------------

def _q12_expected(state, action) -> bool:
    """Asked of the engine: play the action on a copy; is the game over?"""
    return state.child(action).over


def _q12_compare(got: Any, want: bool, case: Case) -> None:
    state, action = case.args
    got = truth_value(got, "your function", "True (the game ends) or False")
    if got is want:
        return
    delivers = isinstance(action, caravan.MoveGood) and action.target == state.board.city_of[action.good]
    if want:
        why = "the bag is empty and this action delivers a good: the game ends at once (CAR-END-1)"
    elif not state.end_triggered:
        why = ("the bag still holds cubes: the end is not triggered yet, so nothing ends the game now"
               + (" (not even the cubes this action may bring out: the end is triggered then, the game goes on)"
                  if isinstance(action, PickUp) else ""))
    elif isinstance(action, caravan.MoveGood) and not delivers:
        why = (f"the {action.good} does not reach its own city ({state.board.label(state.board.city_of[action.good])}): "
               "only a delivery ends the game (CAR-MOVE-2, CAR-END-1)")
    else:
        why = "after the end is triggered the game goes on until a good is DELIVERED; this action delivers nothing"
    raise NotSolved(f"{action}: the game {'ends' if want else 'goes on'}, because {why}; your function says "
                    f"{'it ends' if got else 'it goes on'}.",
                    "Two conditions: the end is triggered (state.end_triggered: the last cubes left the bag), and "
                    "this action delivers a good (a MoveGood onto the good's own city).")


def _q12_cases() -> list[Case]:
    from ..caravan.scenario import last_delivery, worked_example

    end = last_delivery()
    deliver = caravan.MoveGood((1, 3), (0, 3), "ivory")
    trigger = random_position(1, 268, players=2)
    after = random_position(1, 281, players=2)
    cases = [Case("the bag is empty: player 0 delivers ivory", (end, deliver)),
             Case("the bag is empty: player 0 ends the turn", (end, EndTurn())),
             Case("the bag is empty: player 0 places a camel", (end, PlaceCamel((5, 5)))),
             Case("the worked example: the delivery before the end is triggered",
                  (worked_example(), caravan.MoveGood((0, 1), (0, 3), "ivory")))]
    cases += [Case(f"random_position(1, 268, players=2): {a}, the last 4 cubes come out", (trigger, a))
              for a in trigger.legal_actions() if isinstance(a, PickUp)][:2]
    cases += [Case(f"random_position(1, 281, players=2): {a}", (after, a)) for a in after.legal_actions()
              if isinstance(a, caravan.MoveGood)][:4]
    return cases


q12 = FunctionQuestion(
    "q12", "does this action end the game?", "q12_ends_game", rules=("CAR-END-1", "CAR-MOVE-2", "CAR-REFILL-3"),
    hints=("state.end_triggered is True once the last cubes left the bag (an empty bag: not state.bag).",
           "Then the game ends the moment a good is delivered: a MoveGood whose target is the good's own city, "
           "state.board.city_of[action.good]. Nothing else ends it."),
    cases=_q12_cases, expected=_q12_expected, compare=_q12_compare, make_case=_q8_case,
    signature="q12_ends_game(state, action)", game=GAME)


# --- q13: the good worth fetching (a habit of the strategy lab) --------------------------------------------

def _q13_worth(state) -> dict:
    """Each good lying on the board: (its points + the markers on its space) / (1 + steps to its city), as the
    bots' patient habit ranks them (``caravan.agents._plan``; steps: networkx shortest paths on the board)."""
    from ..caravan.agents import _distances

    dist, city_of = _distances(state.board), state.board.city_of
    return {space: (GOOD_POINTS[good] + state.demand.get(space, 0)) / (1 + dist[space][city_of[good]])
            for space, good in state.goods.items()}


def _q13_expected(state):
    worth = _q13_worth(state)
    if not worth:
        return None
    best = max(worth.values())
    return sorted(space for space, value in worth.items() if abs(value - best) < 1e-9)


def _q13_compare(got: Any, want: Any, case: Case) -> None:
    (state,) = case.args
    if want is None:
        if got is not None:
            raise NotSolved(f"no good lies on the board, so the answer is None; your function says {short(got)}.")
        return
    try:
        space = tuple(whole_number(x, "a row or column") for x in sequence(got, "the space", 2))
    except NotSolved:
        raise NotSolved(f"your function returned {short(got)}; it should return a space (row, column) where a good "
                        "lies.") from None
    if space in want:
        return
    worth = _q13_worth(state)
    shown = ", ".join(f"{s}: {worth[s]:.2f}" for s in want)
    if space not in worth:
        raise NotSolved(f"no good lies on {space}; the best is {shown}.", "Rank the goods of state.goods only.")
    raise NotSolved(f"the good on {space} is worth {worth[space]:.2f} per step; the best is {shown}.",
                    "(points of the good + demand markers on its space) / (1 + steps from its space to its city); "
                    "steps are moves between orthogonal neighbours: nx.shortest_path_length(state.board.graph, "
                    "space, city).")


def _q13_cases() -> list[Case]:
    far = caravan.scenario(2, goods={(0, 0): "ivory", (6, 6): "salt", (1, 5): "meat", (5, 1): "hides"},
                           demand={(0, 0): 1, (6, 6): 1, (1, 5): 1, (5, 1): 1})
    markers = caravan.scenario(2, goods={(0, 0): "salt", (0, 6): "paper", (6, 0): "meat", (6, 6): "swords"},
                               demand={(0, 0): 3, (6, 6): 1})
    # 7 points 3 steps from its city (7/4 = 1.75) against 3 points 1 step away (3/2 = 1.5): the +1 decides
    plus_one = caravan.scenario(2, goods={(1, 1): "hides", (0, 6): "ivory", (6, 0): "meat", (5, 5): "cloth"},
                                demand={(0, 6): 1, (6, 0): 3})
    return [Case("rare goods far away, common goods near their cities", (far,)),
            Case("4 markers on a corner", (markers,)),
            Case("a near common good against a rare one with a marker", (plus_one,)),
            Case("a new game of 3", (caravan.new_game(3, seed=4),)),
            Case("random_position(5, 120)", (random_position(5, 120),))]


q13 = FunctionQuestion(
    "q13", "the good worth fetching first (points per step)", "q13_target",
    rules=("CAR-SCORE-1", "CAR-PICK-2", "CAR-MOVE-1"),
    hints=("For each space, good in state.goods.items(): the good's points (rare 6, common 3) plus the demand "
           "markers on its space (they come with the pick-up).",
           "Divide by 1 + the steps from the space to the good's city, state.board.city_of[good]: networkx's "
           "shortest_path_length on state.board.graph (moves go between orthogonal neighbours, never diagonally).",
           "Return the space with the highest value (any of them on a tie), None when no good lies on the board."),
    cases=_q13_cases, expected=_q13_expected, compare=_q13_compare, none_ok=True, make_case=_q8_case,
    signature="q13_target(state)", game=GAME)


# --- q14: reading an experiment (the strategy lab's method) ------------------------------------------------

VERDICTS = ("better", "worse", "not shown")


def _q14_expected(variant_wins: int, control_wins: int, games: int) -> str:
    from .framework import wilson

    variant, control = (wilson(wins, games) for wins in (variant_wins, control_wins))
    return "better" if variant[0] > control[1] else "worse" if variant[1] < control[0] else "not shown"


def _q14_compare(got: Any, want: str, case: Case) -> None:
    from .framework import wilson

    variant, control, games = case.args
    tidy = got.strip().lower() if isinstance(got, str) else got
    if tidy not in VERDICTS:
        raise NotSolved(f"your function returned {short(got)}; it should return 'better', 'worse' or 'not shown'.")
    if tidy == want:
        return
    (lv, hv), (lc, hc) = wilson(variant, games), wilson(control, games)
    raise NotSolved(f"the variant won {variant} of {games} games (95 % Wilson interval {100 * lv:.1f}-{100 * hv:.1f} %), "
                    f"the control {control} (interval {100 * lc:.1f}-{100 * hc:.1f} %): the verdict is {want!r}; your "
                    f"function says {short(got)}.",
                    "Better only when the variant's WHOLE interval lies above the control's whole interval, worse "
                    "when it lies wholly below, else not shown (lesson 8). Use the Wilson interval with z = 1.96, "
                    "not the plain p +/- 1.96 sqrt(p(1-p)/n): it is wrong near 0 % and 100 %.")


def _q14_cases() -> list[Case]:
    data = [(84, 84, 200), (110, 84, 200), (120, 84, 200), (50, 84, 200), (20, 10, 40), (39, 31, 40),
            (0, 6, 30), (30, 23, 30), (101, 84, 200)]
    return [Case(f"{v} and {c} wins of {n} games", (v, c, n)) for v, c, n in data]


def _q14_make_case(item: Any) -> Case:
    variant, control, games = item
    return Case(f"{variant} and {control} wins of {games} games", (variant, control, games))


q14 = FunctionQuestion(
    "q14", "an experiment's verdict: better, worse or not shown", "q14_verdict", rules=(),
    hints=("The Wilson interval of w wins in n games, z = 1.96: p = w / n; centre = (p + z*z/(2n)) / (1 + z*z/n); "
           "half = z * sqrt(p(1-p)/n + z*z/(4n*n)) / (1 + z*z/n). Lesson 8 has it as wilson(wins, n).",
           "'better' when the variant's low end is above the control's high end; 'worse' the other way round; "
           "else 'not shown' (the intervals overlap, or touch)."),
    cases=_q14_cases, expected=_q14_expected, compare=_q14_compare, make_case=_q14_make_case,
    signature="q14_verdict(variant_wins, control_wins, games)", game=GAME)

QUESTIONS = {q.label: q for q in (q1, q2, q3, q4, q5, q6, q7, q8, q9, q10, q11, q12, q13, q14)}
"""The questions by label."""
