"""The Caravan exercises: questions q1 .. q6, the positions they use, and small helpers.

    from caravan_lessons.exercises.caravan import q4, position, show
    state = position("chains")
    show(state)
    q4.check(q4_deliverable)        # prints a verdict, returns True/False
    q4.hint(); q4.solution()

The right answers come from the engine (``caravan_lessons.caravan``): a check builds positions with
``caravan.scenario`` or plays seeded games, asks the engine, and compares. Notebooks:
``exercises/caravan/`` (nbgrader source format).
"""
from __future__ import annotations

import inspect
import random
from typing import Any

from .. import caravan
from ..caravan import GOODS, EndTurn, MoveCamel, PickUp, PlaceCamel, Steal
from ..caravan.agents import playout_policy
from . import caravan_solutions as _solutions
from .framework import Case, FunctionQuestion, NotSolved, short

__all__ = ["QUESTIONS", "position", "q1", "q2", "q3", "q4", "q5", "q6", "random_position", "show"]


def _source(obj) -> str:
    return inspect.getsource(obj)


def random_position(seed: int, steps: int, players: int = 3):
    """A position after ``steps`` actions of the rollout policy (greedy with some randomness), seeded."""
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
    """A named position of the exercises: ``"worked example"``, ``"chains"``, ``"steal"``."""
    if name not in POSITIONS:
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


def _q1_hidden() -> list[Case]:
    rng = random.Random(1)
    return [Case("random", ([rng.choice(GOODS) for _ in range(rng.randint(0, 9))], rng.randint(0, 8)))
            for _ in range(20)]


q1 = FunctionQuestion(
    "q1", "points of delivered goods and demand markers", "q1_points", rules=("CAR-SCORE-1", "CAR-COMP-2",
                                                                            "CAR-COMP-3", "CAR-COMP-4"),
    hints=("caravan.RARE lists the rare goods; everything else is common.", "Rare 6, common 3, a marker 1."),
    cases=_q1_cases, hidden_cases=_q1_hidden, expected=_solutions.q1_points,
    compare=_equal("a whole number of points"), signature="q1_points(delivered, markers)",
    solution=lambda: _source(_solutions.q1_points))


# --- q2: what an action costs ----------------------------------------------------------------------

def _q2_cases() -> list[Case]:
    state = position("chains")
    acts = [PlaceCamel((3, 3)), PlaceCamel((6, 6)), MoveCamel((0, 2), (4, 5)), MoveCamel((4, 3), (5, 3)),
            PickUp((0, 0)), EndTurn(), caravan.MoveGood((0, 1), (0, 3), "ivory")]
    return [Case(str(a), (state, a)) for a in acts]


def _q2_hidden() -> list[Case]:
    cases = []
    for seed in range(6):
        state = random_position(seed, 60 + 20 * seed)
        if state.over:
            continue
        legal = state.legal_actions()
        for a in random.Random(seed).sample(legal, min(5, len(legal))):
            cases.append(Case(f"{a} (game {seed})", (state, a)))
    return cases


q2 = FunctionQuestion(
    "q2", "the cost of an action", "q2_action_cost", rules=("CAR-ACT-1", "CAR-ACT-2", "CAR-ACT-3", "CAR-ACT-4",
                                                             "CAR-ACT-5", "CAR-TURN-2"),
    hints=("state.count[space] is the number of camels (of every colour) on a space.",
           "Only placing or moving a camel can cost 2; ending the turn costs nothing."),
    cases=_q2_cases, hidden_cases=_q2_hidden, expected=lambda state, action: state.cost(action),
    compare=_equal("0, 1 or 2"), signature="q2_action_cost(state, action)",
    solution=lambda: _source(_solutions.q2_action_cost))


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


def _q3_hidden() -> list[Case]:
    return [Case(f"game {s}, player {s % 3}", (random_position(s, 100 + 30 * s), s % 3)) for s in range(8)]


q3 = FunctionQuestion(
    "q3", "a player's camel groups (networkx connected components)", "q3_camel_groups",
    rules=("CAR-MOVE-1", "CAR-MOVE-4"),
    hints=("state.pos[player] lists where each camel stands (None: in the supply).",
           "state.board.graph.subgraph(spaces) keeps only those spaces; nx.connected_components does the rest."),
    cases=_q3_cases, hidden_cases=_q3_hidden, expected=lambda state, player: state.camel_groups(player),
    compare=_groups_compare, signature="q3_camel_groups(state, player)",
    solution=lambda: _source(_solutions.q3_camel_groups))


# --- q4: every deliverable good --------------------------------------------------------------------

def _deliverable(state, player) -> set:
    """Asked of the engine: each loaded camel whose group has an empty camel of the player in its city."""
    found = set()
    for i, where in enumerate(state.pos[player]):
        good = state.load[player][i]
        if good is not None and state.board.city_of[good] in state.reachable_cities(player, where):
            found.add((where, good))
    return found


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


def _q4_hidden() -> list[Case]:
    return [Case(f"game {s}, player {p}", (random_position(s, 150 + 25 * s), p)) for s in range(8) for p in (0, 1)]


q4 = FunctionQuestion(
    "q4", "every good a player can deliver this action (networkx)", "q4_deliverable",
    rules=("CAR-MOVE-1", "CAR-MOVE-2", "CAR-MOVE-4"),
    hints=("state.board.city_of[good] is the space of the good's city.",
           "nx.has_path(graph.subgraph(own_spaces), source, city) tells whether a chain links them.",
           "The city needs an empty camel of the player: a good never stops on a loaded camel."),
    cases=_q4_cases, hidden_cases=_q4_hidden, expected=_deliverable, compare=_set_compare,
    signature="q4_deliverable(state, player)", solution=lambda: _source(_solutions.q4_deliverable))


# --- q5: the final score ---------------------------------------------------------------------------

def _q5_cases() -> list[Case]:
    state = caravan.scenario(2, camels={0: [((3, 3), "salt"), ((3, 4), "gems", True), ((1, 1), "meat"),
                                            ((2, 2), None)]})
    state.delivered[0] = ["ivory", "salt"]
    state.markers[0] = 3
    return [Case("3 goods loaded, ivory and salt delivered, 3 markers", (state, 0)),
            Case("the worked example, player 0", (position("worked example"), 0))]


def _q5_hidden() -> list[Case]:
    return [Case(f"game {s}, player {s % 3}", (random_position(s, 200 + 40 * s), s % 3)) for s in range(8)]


q5 = FunctionQuestion(
    "q5", "a player's score if the game ended now", "q5_final_score",
    rules=("CAR-SCORE-1", "CAR-SCORE-2"),
    hints=("Goods delivered and demand markers as in q1, then the penalty for goods still loaded.",
           "Stolen goods under a camel count as loaded. The penalty: 0/1 -> 0, 2 -> -1, 3 -> -3, 4 -> -6."),
    cases=_q5_cases, hidden_cases=_q5_hidden, expected=lambda state, p: state.score_sheet().totals()[p],
    compare=_equal("a whole number of points"), signature="q5_final_score(state, player)",
    solution=lambda: _source(_solutions.q5_final_score))


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


def _q6_hidden() -> list[Case]:
    cases = []
    for seed in range(10):
        state = random_position(seed, 100 + 20 * seed, players=4)
        rng = random.Random(seed)
        for _ in range(6):
            q = rng.randrange(4)
            spaces = [w for w in state.pos[q] if w] or [(3, 3)]
            cases.append(Case(f"game {seed}", (state, rng.choice(spaces), q, rng.choice(GOODS))))
    return cases


q6 = FunctionQuestion(
    "q6", "may the player to act steal this good?", "q6_can_steal",
    rules=("CAR-STEAL-1", "CAR-STEAL-2", "CAR-STEAL-4", "CAR-STEAL-6"),
    hints=("You need a theft token, an empty camel of yours on that space, and the victim's camel there with the "
           "good ON TOP (state.under tells).", "And never with your last empty camel (supply camels count)."),
    cases=_q6_cases, hidden_cases=_q6_hidden,
    expected=lambda state, space, victim, good: state.why_illegal(Steal(space, victim, good)) is None,
    compare=_equal("True or False"), signature="q6_can_steal(state, space, victim, good)",
    solution=lambda: _source(_solutions.q6_can_steal))

QUESTIONS = {q.label: q for q in (q1, q2, q3, q4, q5, q6)}
"""The questions by label."""
