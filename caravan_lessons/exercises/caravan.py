"""The Caravan exercises: questions q1 .. q6, the positions they use, and small helpers.

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
from .framework import Case, FunctionQuestion, NotSolved, short

__all__ = ["QUESTIONS", "finished_position", "refill_position", "position", "q1", "q2", "q3", "q4", "q5", "q6", "q7", "q8", "q9",
           "random_position", "show", "q10"]

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
    def compare(got: Any, want: Any, case: Case) -> None:
        if isinstance(got, bool) and not isinstance(want, bool):
            raise NotSolved(f"your function returned {got!r}; it should return {what}.", hint)
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
            PickUp((0, 0)), EndTurn(), caravan.MoveGood((0, 1), (0, 3), "ivory")]
    return [Case(str(a), (state, a)) for a in acts]




q2 = FunctionQuestion(
    "q2", "the cost of an action", "q2_action_cost", rules=("CAR-ACT-1", "CAR-ACT-2", "CAR-ACT-3", "CAR-ACT-4",
                                                             "CAR-ACT-5", "CAR-TURN-2"),
    hints=("state.count[space] is the number of camels (of every colour) on a space.",
           "Only placing or moving a camel can cost 2; ending the turn costs nothing."),
    cases=_q2_cases, expected=lambda state, action: state.cost(action),
    compare=_equal("0, 1 or 2"), signature="q2_action_cost(state, action)", game=GAME)


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
    return [Case("the worked example, player 0", (position("worked example"), 0)),
            Case("position 'chains', player 0", (position("chains"), 0)),
            Case("position 'chains', player 1", (position("chains"), 1))]




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

def _q6_cases() -> list[Case]:
    state = position("steal")
    data = [((3, 3), 1, "cloth"), ((2, 2), 1, "meat"), ((5, 5), 2, "salt"), ((3, 3), 1, "meat"),
            ((3, 3), 0, "cloth"), ((1, 1), 2, "salt")]
    cases = [Case(f"steal {g} from player {v} on {s}", (state, s, v, g)) for s, v, g in data]
    poor = position("steal")
    poor.tokens = [0, 2, 1]
    cases.append(Case("no theft token", (poor, (3, 3), 1, "cloth")))
    return cases




q6 = FunctionQuestion(
    "q6", "may the player to act steal this good?", "q6_can_steal",
    rules=("CAR-STEAL-1", "CAR-STEAL-2", "CAR-STEAL-4", "CAR-STEAL-6"),
    hints=("You need a theft token, an empty camel of yours on that space, and the victim's camel there with the "
           "good ON TOP (state.under tells).", "And never with your last empty camel (supply camels count)."),
    cases=_q6_cases,
    expected=lambda state, space, victim, good: state.why_illegal(Steal(space, victim, good)) is None,
    compare=_equal("True or False"), signature="q6_can_steal(state, space, victim, good)", game=GAME)


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
        tidy = sorted(int(seat) for seat in got)
    except (TypeError, ValueError):
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


QUESTIONS = {q.label: q for q in (q1, q2, q3, q4, q5, q6, q7, q8, q9, q10)}
"""The questions by label."""
