"""The Marco Polo exercises: questions q1a .. q7, the positions they use, and small helpers.

    from caravan_lessons.exercises.marco_polo import q4, position, TRAVEL_COINS
    q4.check(q4_cheapest_route)      # prints a verdict, returns True/False
    q4.hint(); q4.solution()

One exercise notebook follows each lesson topic of ``notebooks/marco_polo`` (``exercises/marco_polo/``,
nbgrader source format):

====  ==========================  =============================================================
 nb    questions                   after the lesson on
====  ==========================  =============================================================
 01    q1a (value), q1b            the map as a graph (MP-TRAVEL-2, MP-TRAVEL-3)
 02    q2                          dice and action spaces (MP-ACT-2, MP-CHAR-3)
 03    q3                          contracts and city cards (MP-BONUS-2)
 04    q4                          travel: the cheapest route under a camel and coin budget (networkx)
 05    q5                          the characters (MP-TRAVEL-1, MP-ACT-4, MP-CHAR-1, MP-CHAR-2)
 06    q6a, q6b                    the end and the score (MP-SCORE-1, MP-SCORE-7); q6b is graded on q6a's reference
 07    q7 (a bot, two tiers)       a full game against bots and the strategy lab: beat random, then mp-greedy
====  ==========================  =============================================================

The right answers come from the engine (``caravan_lessons.marco_polo``): a check builds positions
by playing seeded games, asks the engine, and compares. The package holds no reference answer and
no hidden case: they are in the source notebooks (see :mod:`caravan_lessons.exercises.framework`).
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from .. import marco_polo
from ..core import derive_seed
from ..marco_polo import Fulfil
from .coach_verdicts import coach_question
from .framework import (AgentQuestion, Case, FunctionQuestion, NotSolved, Tier, ValueQuestion,
                        short, trial_win_rate)

__all__ = ["BotQuestion", "QUESTIONS", "TRAVEL_COINS", "finished_game", "position", "q1a", "q1b", "q2", "q3", "q4",
           "q5", "q6a", "q6b", "q7", "objective_position", "random_position", "show", "win_rate", "q8"]

TRAVEL_COINS = marco_polo.default_data().travel_cost
"""Coins the Travel space costs for 1..6 steps (index 0 is 1 step), MP-TRAVEL-2: (3, 7, 12, 12, 18, 18)."""

GAME = "marco_polo"


# --- positions ---------------------------------------------------------------------------------------

def _whole(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}, not {short(value)}")
    return value


def random_position(seed: int, decisions: int, players: int = 4, characters: Any = "first_game",
                    plain: bool = True) -> marco_polo.State:
    """The position after ``decisions`` seeded random decisions of a new game (or its end).

    Args:
        seed: a whole number; it fixes the setup and every random choice.
        decisions: 0..2000 decisions (placing dice, bonus actions, choices inside effects).
        players: 2, 3 or 4. characters: as for ``marco_polo.new_game``.
        plain: go on until a plain turn (no choice inside an effect is pending), so that
            ``state.current_player`` is the player about to place dice or take bonus actions.

    Raises:
        ValueError: a bad seed, number of decisions, player count or character list.
    """
    _whole(seed, "seed", -2**63, 2**63)
    _whole(decisions, "decisions", 0, 2000)
    state = marco_polo.new_game(players, seed=seed, characters=characters)
    rng = random.Random(derive_seed(seed, "marco polo exercise moves"))
    done = 0
    while not state.is_terminal() and (done < decisions or (plain and state.tasks)):
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        done += 1
    return state


def finished_game(seed: int, players: int = 3) -> marco_polo.State:
    """A whole game between greedy bots (``marco_polo.GreedyAgent``), played to its end (5 rounds).

    Raises:
        ValueError: a bad seed or player count.
    """
    _whole(seed, "seed", -2**63, 2**63)
    _whole(players, "players", 2, 4)
    return _finished_game(seed, players).clone()


@lru_cache(maxsize=16)
def _finished_game(seed: int, players: int) -> marco_polo.State:
    """The played game, kept: a greedy game takes a second or more, and every caller gets a clone."""
    from ..agents import play_out

    state = marco_polo.new_game(players, seed=seed)
    bots = [marco_polo.GreedyAgent(derive_seed(seed, f"exercise bot {i}")) for i in range(players)]
    play_out(state, bots, 100_000, what="exercise game")
    return state


def objective_position(objectives: Any, posts: Any, seed: int = 3) -> marco_polo.State:
    """A finished 2-player game (``finished_game(seed, 2)``) in which player 0's two objective cards
    and trading posts are replaced: a teaching position for the final score (MP-SCORE-1, MP-SCORE-7).

    Args:
        objectives: two objective ids (0..17, see ``state.data.objectives``).
        posts: city ids where player 0 has a trading post (at most 11, no Venezia, no oasis).

    Raises:
        ValueError: an unknown objective id or city, or more posts than a player owns.
    """
    state = finished_game(seed, 2)
    known = state.data.objectives
    if not isinstance(objectives, (list, tuple)) or len(objectives) != 2 or any(
            isinstance(o, bool) or o not in known for o in objectives) or objectives[0] == objectives[1]:
        raise ValueError(f"objectives must be two different ids from 0 to {len(known) - 1}, not {short(objectives)}")
    cities = sorted(state.map.cities)
    if not isinstance(posts, (list, tuple, set)) or any(c not in cities for c in posts) or len(set(posts)) > 11:
        raise ValueError(f"posts must be a list of different cities among {', '.join(cities)}, not {short(posts)}")
    state.objectives[0] = list(objectives)
    for city in list(state.posts):
        state.posts[city] = [seat for seat in state.posts[city] if seat != 0]
    for city in sorted(set(posts)):
        state.posts.setdefault(city, []).append(0)
    state.posts = {city: owners for city, owners in state.posts.items() if owners}
    state.posts_left[0] = state.data.tables["trading_posts"] - len(set(posts))
    state.winners = []
    state._sheet = None  # the score sheet is cached at the end of a game: recount it
    return state


POSITIONS = {"q2": (11, 9), "q3": (1, 200), "q5": (21, 5)}
"""Named positions: ``random_position(seed, decisions)`` of the exercises that talk about one."""


def position(name: str) -> marco_polo.State:
    """A fresh copy of an exercise position: ``"q2"``, ``"q3"`` or ``"q5"`` (4 players, first-game characters)."""
    if not isinstance(name, str) or name not in POSITIONS:
        raise ValueError(f"unknown position {short(name)}; the positions are {', '.join(map(repr, POSITIONS))}")
    return random_position(*POSITIONS[name])


def show(state: marco_polo.State, player: int | None = None) -> None:
    """Print one player's board in a few lines: coins, camels, goods, dice, contracts, posts, travellers.

    Raises:
        ValueError: ``state`` is not a Marco Polo state, or ``player`` is not one of its seats.
    """
    if not isinstance(state, marco_polo.State):
        raise ValueError(f"show needs a Marco Polo state (position(...), random_position(...) or "
                         f"marco_polo.new_game()), not {short(state)}")
    if player is None:
        player = state.current_player if isinstance(state.current_player, int) and state.current_player >= 0 else 0
    state._check_seat(player)
    pepper, silk, gold = state.goods[player]
    posts = sorted(c for c, owners in state.posts.items() if player in owners)
    occupied = {s: [(seat, v) for seat, _, v in here] for s, here in state.spaces.items() if here}
    lines = [f"Round {state.round}; player {player} ({state.characters[player]}); player {state.current_player} to move.",
             f"  {state.coins[player]} coins, {state.camels[player]} camels; pepper {pepper}, silk {silk}, gold {gold}",
             f"  dice on the board: {', '.join(f'{c} {v}' for c, v in state.dice[player]) or 'none'}",
             f"  active contracts: {state.active[player] or 'none'}",
             f"  trading posts: {', '.join(posts) or 'none'}; travellers at {', '.join(state.travellers[player])}",
             f"  occupied action spaces (seat, die): {occupied or 'none'}"]
    print("\n".join(lines))


def _whole_number(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer() and abs(value) < 1e9:
            return int(value)
        raise NotSolved(f"{what} should be a whole number, not {short(value)}.")
    if abs(value) > 10**6:
        raise NotSolved(f"{what} is {short(value)}: far too big for anything on this map.")
    return int(value)


def _make_case(item: Any) -> Case:
    return Case("a case from the grader", tuple(item) if isinstance(item, tuple) else (item,))


# --- q1a: the map in numbers -------------------------------------------------------------------------

Q1A_KEYS = ("locations", "routes", "camel_routes", "coin_routes", "fewest_steps")
Q1A_HINTS = {
    "locations": "graph.number_of_nodes(): Venezia, Beijing, the cities and the oases all count.",
    "routes": "graph.number_of_edges(): each route joins two locations once.",
    "camel_routes": "A route's extra cost is in graph.edges[a, b]['camels'] and ['coins']; count the routes "
                    "whose camels are above 0.",
    "coin_routes": "Count the routes whose 'coins' are above 0 (no route asks for both).",
    "fewest_steps": "One step is one route: nx.shortest_path_length(graph, 'venezia', 'beijing') counts routes, "
                    "not locations.",
}


def _q1a_read(answer: Any, keys) -> dict:
    if not isinstance(answer, dict):
        raise NotSolved(f"q1a_map should be a dict with the keys {', '.join(Q1A_KEYS)}, not {short(answer)}.")
    missing = [k for k in keys if k not in answer]
    if missing:
        raise NotSolved(f"q1a_map has no {', '.join(repr(k) for k in missing)}; it needs all of {', '.join(Q1A_KEYS)}.")
    return {key: _whole_number(answer[key], f"q1a_map[{key!r}]") for key in keys}


def _q1a_wrong(keys: list, values: dict) -> NotSolved:
    key = keys[0]
    more = f" (and {len(keys) - 1} more wrong)." if len(keys) > 1 else "."
    return NotSolved(f"q1a_map[{key!r}] is {values[key]}, which is not what the map shows{more}", Q1A_HINTS[key])


q1a = ValueQuestion(
    "q1a", "the map in numbers", "q1a_map", rules=("MP-SETUP-1", "MP-TRAVEL-2"),
    hints=("graph = marco_polo.board() is a networkx Graph: count its nodes and edges, read the edge attributes.",
           "Every route has the attributes 'camels' and 'coins' (0 on a free route).",
           "Steps are routes: a path of 8 locations has 7 steps."),
    game=GAME, read=_q1a_read, wrong=_q1a_wrong, expects="a dict of five whole numbers",
    parts={"count": ("counting locations and routes", ("locations", "routes", "camel_routes", "coin_routes")),
           "steps": ("the fewest steps from Venezia to Beijing", ("fewest_steps",))},
    digests={"locations": "40ed1623162d56d3ee7fe5453f777e25e0438eab5fa871abc1716cd3a9b6a43d",
             "routes": "236a44d7b9489a6df80dceeb80303d970738581412c4548e39bd61c3ff386054",
             "camel_routes": "8f572854284412e097a0a8de7fe0d7fb250efed2a21bf387b024b17609a6dfbb",
             "coin_routes": "7beabf915d1b867d601bbdfbe229cee8dd93540f0e857a0a866a5558508b3971",
             "fewest_steps": "53fbf4cca7a01329085691f3cd4362f56b941b218a3355a6ffce706837b36935"},
)


# --- q1b: what a path costs --------------------------------------------------------------------------

def _q1b_expected(graph, path) -> tuple[int, int]:
    """Ask the engine's route table (``travel.route_cost``)."""
    return marco_polo.route_cost(marco_polo.Map(graph), list(path))


def _pair(got: Any, what: str) -> tuple[int, int]:
    if isinstance(got, (str, bytes, dict)) or not hasattr(got, "__len__") or len(got) != 2:
        raise NotSolved(f"your function returned {short(got)}; it should return {what}.",
                        "Return a pair such as (3, 2): camels first, then coins.")
    return _whole_number(got[0], "the camels"), _whole_number(got[1], "the coins")


def _q1b_compare(got: Any, want: tuple, case: Case) -> None:
    _, path = case.args
    camels, coins = _pair(got, "(camels, coins)")
    if (camels, coins) != tuple(want):
        if (coins, camels) == tuple(want):
            hint = "Camels first, then coins."
        elif camels == want[0] and coins != want[1]:
            hint = "Add the 'coins' of every route along the path, and only the routes' coins (no travel cost here)."
        else:
            hint = ("Walk the path by pairs of neighbours, zip(path, path[1:]), and add graph.edges[a, b]['camels'] "
                    "of each route.")
        raise NotSolved(f"along {' - '.join(path)} the routes ask for {want[0]} camels and {want[1]} coins; your "
                        f"function says {camels} camels and {coins} coins.", hint)


def _q1b_cases() -> list[Case]:
    graph = marco_polo.board()
    paths = [["venezia", "alexandria"], ["venezia", "oasis_a", "moscow", "anxi"],
             ["alexandria", "oasis_g", "ormuz", "karachi"], ["oasis_b", "oasis_c", "beijing", "oasis_d"],
             ["kochi", "sumatra", "oasis_j"], ["kashgar", "oasis_f", "kashgar"]]
    return [Case(" - ".join(p), (graph, p)) for p in paths]


q1b = FunctionQuestion(
    "q1b", "the extra cost of a path", "q1b_path_cost", rules=("MP-TRAVEL-2",),
    hints=("zip(path, path[1:]) gives the routes along a path, one pair of neighbours each.",
           "graph.edges[a, b] is a dict with 'camels' and 'coins'; add each up separately."),
    cases=_q1b_cases, expected=_q1b_expected, compare=_q1b_compare, make_case=_make_case,
    game=GAME, signature="q1b_path_cost(graph, path)",
)


# --- q2: the price of an occupied space ----------------------------------------------------------------

def _q2_expected(state, space, values) -> int:
    """Ask the engine what using ``space`` with dice showing ``values`` would cost the player to move."""
    return state.surcharge(state.current_player, space, min(values))


def _q2_compare(got: Any, want: int, case: Case) -> None:
    state, space, values = case.args
    value = _whole_number(got, "the coins to pay")
    if value != want:
        seat = state.current_player
        who = state.characters[seat]
        taken = bool(state.spaces.get(space))
        if who == "berke" and taken:
            hint = "Berke Khan uses occupied spaces for free (MP-CHAR-3)."
        elif not taken:
            hint = "Nobody has placed a die on this space this round: it is free (state.spaces[space] is empty)."
        elif space not in ("coins", "contracts", "travel") and not space.startswith("bazaar:"):
            hint = "Only the blue spaces (5 coins, the bazaar, contracts, travel) can be used when occupied for coins."
        else:
            hint = "The coins to pay are the LOWEST of the dice you place (MP-ACT-2), not the highest or their sum."
        raise NotSolved(f"player {seat} ({who}) placing dice {list(values)} on {space!r} "
                        f"({'occupied' if taken else 'free'}) pays {want} extra coins; your function says {value}.",
                        hint)


def _q2_cases() -> list[Case]:
    cases = []
    for seed, decisions in ((11, 9), (10, 30), (10, 14), (11, 20), (12, 9)):
        state = random_position(seed, decisions)
        for space, values in (("travel", (5, 3)), ("coins", (4,)), ("khan", (6,)), ("contracts", (2,)),
                              ("bazaar:silk", (6, 4)), ("bazaar:pepper", (2,)), ("moneybag", (1,))):
            taken = "occupied" if state.spaces.get(space) else "free"
            cases.append(Case(f"random_position({seed}, {decisions}), {state.characters[state.current_player]} "
                              f"places {list(values)} on {space} ({taken})", (state, space, values)))
    return cases


q2 = FunctionQuestion(
    "q2", "the price of an occupied action space", "q2_extra_coins", rules=("MP-ACT-2", "MP-CHAR-3"),
    hints=("state.spaces.get(space) lists the dice placed there this round; empty or missing: the space is free.",
           "Blue spaces: 'coins', 'contracts', 'travel' and the four 'bazaar:...' spaces. Khan's favour, the "
           "moneybag and city cards never cost extra.",
           "Pay the lowest die you place; Berke Khan (state.characters[seat] == 'berke') pays nothing."),
    cases=_q2_cases, expected=_q2_expected, compare=_q2_compare, make_case=_make_case,
    game=GAME, signature="q2_extra_coins(state, space, values)",
)


# --- q3: the contracts a player can fulfil now ---------------------------------------------------------

def _q3_expected(state) -> list[int]:
    """Ask the engine: the Fulfil actions among the legal actions of the player to move."""
    return sorted(a.contract for a in state.legal_actions() if isinstance(a, Fulfil))


def _q3_compare(got: Any, want: list, case: Case) -> None:
    (state,) = case.args
    if isinstance(got, (str, bytes, dict)) or not hasattr(got, "__iter__"):
        raise NotSolved(f"your function returned {short(got)}; it should return a sorted list of contract ids.")
    items = list(got)
    for item in items:
        _whole_number(item, "a contract id")
    if items != want:
        seat = state.current_player
        extra = [c for c in items if c not in want]
        if sorted(items) == want:
            hint = "Sort the list: sorted(...)."
        elif extra and any(c not in state.active[seat] for c in extra):
            hint = "Only the player's ACTIVE contracts can be fulfilled: state.active[seat]."
        elif extra:
            cost = state.data.contracts[extra[0]]["cost"]
            hint = (f"Contract {extra[0]} costs {cost}: check every good AND the camels (state.camels[seat]); "
                    "state.goods[seat] is [pepper, silk, gold].")
        else:
            hint = "A contract can be fulfilled when the player holds at least every good and camel it costs."
        raise NotSolved(f"player {seat} (active contracts {state.active[seat]}, goods [pepper, silk, gold] = "
                        f"{state.goods[seat]}, {state.camels[seat]} camels) can fulfil {want}; your function says "
                        f"{short(items)}.", hint)


Q3_POSITIONS = ((1, 150), (1, 200), (11, 120), (12, 30), (12, 60), (29, 90), (35, 200), (37, 60), (19, 200),
                (0, 60))


def _q3_cases() -> list[Case]:
    cases = []
    for seed, decisions in Q3_POSITIONS:
        cases.append(Case(f"random_position({seed}, {decisions})", (random_position(seed, decisions),)))
    return cases


q3 = FunctionQuestion(
    "q3", "the contracts a player can fulfil now", "q3_can_fulfil", rules=("MP-BONUS-2", "MP-CONTRACT-3"),
    hints=("seat = state.current_player; state.active[seat] lists that player's active contract ids.",
           "state.data.contracts[cid]['cost'] is a dict such as {'camels': 2, 'pepper': 3, 'gold': 2}.",
           "state.goods[seat] is [pepper, silk, gold]; camels are in state.camels[seat]."),
    cases=_q3_cases, expected=_q3_expected, compare=_q3_compare, make_case=_make_case,
    game=GAME, signature="q3_can_fulfil(state)",
)


# --- q4: the cheapest route under a budget ---------------------------------------------------------------

def _q4_expected(graph, start, goal, max_steps, camels, coins):
    """Ask the engine's walk tables (``travel.Map.walks``): the cheapest affordable way, as
    (coins, camels), or None when the goal is out of reach."""
    board_map = marco_polo.Map(graph)
    best = None
    for k in range(1, max_steps + 1):
        for end, c, k_coins, _ in board_map.walks(start, k):
            cost = (TRAVEL_COINS[k - 1] + k_coins, c)
            if end == goal and c <= camels and cost[0] <= coins and (best is None or cost < best):
                best = cost
    return best


def _q4_compare(got: Any, want, case: Case) -> None:
    graph, start, goal, max_steps, camels, coins = case.args
    where = f"from {start} to {goal} in at most {max_steps} steps with {camels} camels and {coins} coins"
    if got is None:
        if want is not None:
            raise NotSolved(f"{where} there is a way (it costs {want[0]} coins and {want[1]} camels); your function "
                            "says None.", "Try every path of up to max_steps routes: "
                            "nx.all_simple_paths(graph, start, goal, cutoff=max_steps).")
        return
    if isinstance(got, (str, bytes, dict)) or not hasattr(got, "__len__"):
        raise NotSolved(f"your function returned {short(got)}; it should return a path (a list of locations) or None.")
    path = list(got)
    if not path or path[0] != start or path[-1] != goal:
        raise NotSolved(f"your path {short(path)} should start at {start!r} and end at {goal!r}.")
    if not all(isinstance(n, str) and n in graph for n in path):
        raise NotSolved(f"your path {short(path)} names a location that is not on the map.")
    missing = [(a, b) for a, b in zip(path, path[1:]) if not graph.has_edge(a, b)]
    if missing:
        raise NotSolved(f"your path goes from {missing[0][0]} to {missing[0][1]}, but no route joins them.")
    if goal == "venezia":
        raise NotSolved(f"your path {' - '.join(path)} ends in Venezia; no move may end there, so the answer is None.",
                        "A move may not end in Venezia (MP-TRAVEL-3).")
    steps = len(path) - 1
    if steps > max_steps:
        raise NotSolved(f"your path {' - '.join(path)} takes {steps} steps; the dice allow {max_steps}.",
                        "Steps are routes (len(path) - 1); the lower travel die caps them (MP-TRAVEL-1).")
    c, k = marco_polo.route_cost(marco_polo.Map(graph), path)
    spent = TRAVEL_COINS[steps - 1] + k
    if c > camels or spent > coins:
        over = " and ".join(what for what, bad in (("camels", c > camels), ("coins", spent > coins)) if bad)
        raise NotSolved(f"your path {' - '.join(path)} costs {spent} coins ({TRAVEL_COINS[steps - 1]} for {steps} "
                        f"steps on the travel space + {k} for the routes) and {c} camels: too many {over} for a "
                        f"budget of {coins} coins and {camels} camels"
                        + (", and no path fits it: return None." if want is None else "."),
                        "Check the camels AND the coins of each candidate against the budget before you compare "
                        "costs; the travel space's coins count too (TRAVEL_COINS[steps - 1]).")
    if want is None:  # cannot happen: an affordable path would be found by the engine
        raise NotSolved(f"{where} the engine finds no affordable way; your function says {' - '.join(path)}.")
    if (spent, c) != tuple(want):
        raise NotSolved(f"your path {' - '.join(path)} costs {spent} coins and {c} camels; a way of {want[0]} coins "
                        f"and {want[1]} camels exists.",
                        "Compare whole costs: the travel space's coins TRAVEL_COINS[steps - 1] plus the routes' coins "
                        "(fewest coins), then fewest camels. A longer path can be cheaper when it avoids a costly route.")


def _q4_cases() -> list[Case]:
    graph = marco_polo.board()
    data = [("venezia", "moscow", 2, 5, 20), ("venezia", "samarcanda", 4, 3, 30),
            ("venezia", "samarcanda", 4, 2, 30), ("venezia", "samarcanda", 4, 2, 18),
            ("venezia", "samarcanda", 3, 0, 30), ("oasis_b", "oasis_c", 3, 5, 20), ("kochi", "beijing", 3, 9, 14),
            ("alexandria", "venezia", 2, 9, 60), ("alexandria", "ormuz", 2, 3, 13)]
    return [Case(f"{s} to {g}, {n} steps, {c} camels, {k} coins", (graph, s, g, n, c, k)) for s, g, n, c, k in data]


q4 = FunctionQuestion(
    "q4", "the cheapest route under a camel and coin budget", "q4_cheapest_route",
    rules=("MP-TRAVEL-1", "MP-TRAVEL-2", "MP-TRAVEL-3"),
    hints=("nx.all_simple_paths(graph, start, goal, cutoff=max_steps) lists every path of up to max_steps routes.",
           "A path of s steps costs TRAVEL_COINS[s - 1] coins plus the 'coins' of its routes, and the 'camels' of "
           "its routes.",
           "Keep the paths within both budgets; return the one with the fewest coins, then the fewest camels "
           "(None when no path fits)."),
    cases=_q4_cases, expected=_q4_expected, compare=_q4_compare, make_case=_make_case, none_ok=True,
    game=GAME, signature="q4_cheapest_route(graph, start, goal, max_steps, camels, coins)",
)


# --- q5: how far a character's dice reach ---------------------------------------------------------------

def _q5_expected(state, seat) -> int:
    """Ask the engine how many steps a Travel could buy with the dice ``seat`` has left."""
    return state.travel_step_budget(seat)


def _q5_compare(got: Any, want: int, case: Case) -> None:
    state, seat = case.args
    value = _whole_number(got, "the number of steps")
    if value != want:
        who = state.characters[seat]
        dice = state.dice[seat]
        own_there = any(s == seat and c == "own" for s, c, _ in state.spaces.get("travel", ()))
        if who == "raschid" and len(dice) >= 2:
            hint = "Raschid ad-Din Sinan sets his dice to any value when he places them (MP-CHAR-1)."
        elif own_there:
            hint = "One of this player's own dice is already on Travel: only black and white dice may go there (MP-ACT-4)."
        elif len(dice) < 2:
            hint = "Travel takes exactly 2 dice (MP-TRAVEL-1); with fewer there is no travel: 0."
        else:
            hint = ("Travel takes 2 dice and the LOWER one caps the steps (MP-TRAVEL-1); pick the best two dice, "
                    "so the answer is the second-highest value.")
        raise NotSolved(f"player {seat} ({who}, dice {dice}, travel space {state.spaces.get('travel', [])}) can buy "
                        f"up to {want} steps; your function says {value}.", hint)


def _q5_cases() -> list[Case]:
    cases = []
    sets = (["raschid", "matteo", "berke", "mercator"], ["johannes", "wilhelm", "polos", "kubilai"])
    for seed, decisions in ((21, 5), (22, 17), (23, 30), (24, 44), (25, 9), (26, 60)):
        state = random_position(seed, decisions, characters=sets[seed % 2])
        for seat in range(state.players):
            cases.append(Case(f"random_position({seed}, {decisions}, characters={sets[seed % 2]}), player {seat}",
                              (state, seat)))
    return cases


q5 = FunctionQuestion(
    "q5", "how many steps a player's dice allow", "q5_travel_steps",
    rules=("MP-TRAVEL-1", "MP-ACT-4", "MP-CHAR-1", "MP-CHAR-2"),
    hints=("state.dice[seat] lists the dice still on that player's board, each (colour, value).",
           "The best two dice for Travel are the two highest; the lower of them caps the steps.",
           "Raschid (state.characters[seat] == 'raschid') can always reach 6; an own die already on Travel "
           "(state.spaces['travel'] holds (seat, 'own', value)) keeps the player's other own dice off it."),
    cases=_q5_cases, expected=_q5_expected, compare=_q5_compare, make_case=_make_case,
    game=GAME, signature="q5_travel_steps(state, seat)",
)


# --- q6a, q6b: the objective points at the end ------------------------------------------------------------

def _objective_rows(state, seat) -> list:
    """The engine's score sheet rows of ``seat`` for the objectives (MP-SCORE-1 per card, then MP-SCORE-7)."""
    from ..marco_polo.scoring import final_score

    return [row for row in final_score(state).rows if row.player == seat and row.rule in ("MP-SCORE-1", "MP-SCORE-7")]


def _q6a_expected(state, seat) -> list[int]:
    return [row.points for row in _objective_rows(state, seat) if row.rule == "MP-SCORE-1"]


def _q6b_expected(state, seat) -> int:
    return sum(row.points for row in _objective_rows(state, seat))


def _posts_words(state, seat) -> str:
    return f"posts in {sorted(c for c, owners in state.posts.items() if seat in owners)}"


def _q6a_compare(got: Any, want: list, case: Case) -> None:
    state, seat = case.args
    if isinstance(got, (str, bytes, dict)) or not hasattr(got, "__len__"):
        raise NotSolved(f"your function returned {short(got)}; it should return a list of points, one per objective card.")
    values = [_whole_number(v, "the points of a card") for v in got]
    if values != want:
        cards = [state.data.objectives[o] for o in state.objectives[seat]]
        raise NotSolved(f"player {seat}'s objective cards {cards} ({_posts_words(state, seat)}) score {want}; your "
                        f"function says {values}.",
                        "A card scores its points only when BOTH of its cities hold this player's trading post "
                        "(MP-SCORE-1); one city is not enough, and another player's post does not count.")


def _q6b_compare(got: Any, want: int, case: Case) -> None:
    state, seat = case.args
    value = _whole_number(got, "the objective points")
    if value != want:
        cards = [state.data.objectives[o] for o in state.objectives[seat]]
        raise NotSolved(f"player {seat}'s objective cards {cards} ({_posts_words(state, seat)}) score {want} "
                        f"point{'' if want == 1 else 's'} in all; your function says {value}.",
                        "Add the cards' points (your q6a) and the points for the distinct objective cities with this "
                        "player's post: objective_city_points[count] (MP-SCORE-7); a city on both cards counts once.")


def _q6_cases() -> list[Case]:
    cases = []
    for seed, players in ((1, 3), (2, 4), (3, 2)):
        state = finished_game(seed, players)
        cases += [Case(f"finished_game({seed}, {players}), player {seat}", (state, seat)) for seat in range(players)]
    for objectives, posts in (((0, 1), ["moscow", "xian"]), ((0, 1), ["moscow", "xian", "ormuz", "kochi"]),
                              ((4, 6), ["karakorum", "kochi", "lan_zhou"]), ((12, 17), ["alexandria", "karachi"]),
                              ((2, 16), ["beijing", "sumatra"])):
        cases.append(Case(f"objective_position({objectives}, {posts}), player 0",
                          (objective_position(objectives, posts), 0)))
    return cases


q6a = FunctionQuestion(
    "q6a", "the points of each objective card", "q6a_card_points", rules=("MP-SCORE-1",),
    hints=("state.objectives[seat] lists objective ids; state.data.objectives[oid] is ((city, city), points).",
           "state.posts[city] lists the seats with a trading post there (cities without a post are absent)."),
    cases=_q6_cases, expected=_q6a_expected, compare=_q6a_compare, make_case=_make_case,
    game=GAME, signature="q6a_card_points(state, seat)", total=60.0,
)

q6b = FunctionQuestion(
    "q6b", "all the objective points", "q6b_objective_points", rules=("MP-SCORE-1", "MP-SCORE-7"),
    hints=("Start from sum(q6a_card_points(state, seat)).",
           "state.data.tables['objective_city_points'] is [0, 1, 3, 6, 10]: points by the number of distinct "
           "objective cities with your post."),
    cases=_q6_cases, expected=_q6b_expected, compare=_q6b_compare, make_case=_make_case,
    uses={"q6a_card_points": q6a}, game=GAME, signature="q6b_objective_points(state, seat)", total=60.0,
)


# --- q7: a bot --------------------------------------------------------------------------------------------

class BotQuestion(AgentQuestion):
    """:class:`~caravan_lessons.exercises.framework.AgentQuestion` for Marco Polo: 2-player games (the
    fastest, and a win is a win), the opponents named as in :data:`caravan_lessons.agents.AGENTS`
    (``"random"``, ``"mp-greedy"``). The whole check (the bot's time AND the opponent's) is stopped after
    ``limit`` seconds times ``$CARAVAN_TIME_SCALE``, as the bot's own budgets are (the framework's
    ``run_isolated`` scales it)."""

    def _factory(self, answer: Any):
        try:
            return super()._factory(answer)
        except NotSolved as failure:  # the framework's words name Jaipur's class
            raise NotSolved(failure.problem, failure.hint.replace("Q6Bot", self.answer_name)) from None


Q7_MATCHES = {"random": 40, "mp-greedy": 100}
"""Matches a tier plays (2 players, seats swapped every match). A 2-player game between random bots takes
about 0.01 s, one between a one-action-lookahead bot and ``mp-greedy`` about 0.5 s of CPU. Against random, 40
are plenty (31 wins needed; ``mp-greedy`` itself wins 36, the reference bot 39-40); against ``mp-greedy``, 100 are
the fewest that tell a bot winning two games in three from a coin toss (60 wins needed; the reference wins 68-70)."""

q7 = BotQuestion(
    "q7", "a bot that beats the random bot, then the greedy bot", "Q7Bot",
    rules=("MP-ACT-1", "MP-BONUS-2", "MP-TRAVEL-1", "MP-SCORE-1", "MP-SCORE-3"),
    hints=("Random play is no pushover in a 2-player game: a bot that fulfils every contract it can and otherwise "
           "takes the first legal action wins only about half its games. Look at what each action does.",
           "view.observation is the table as your seat sees it (coins, goods, dice, posts, travellers, active "
           "contracts); the other players' objectives are hidden.",
           "Look one action ahead: state = marco_polo.determinize(view.observation, self.rng) is a full game "
           "consistent with what you see; state.child(action) is the game after an action. Score each child "
           "and keep the best.",
           "To beat mp-greedy, score plans, not only points: each step closer to Beijing and to your objective "
           "cities is worth something while rounds are left; goods your active contracts need count more."),
    game=GAME, seed=2025, per_call=2.0, total=180.0,
    tiers={"random": Tier("random", need=0.6, matches=Q7_MATCHES["random"],
                          words="tier 1: beat the random bot (95 % sure of a win rate above 60 %)"),
           "greedy": Tier("mp-greedy", need=0.5, matches=Q7_MATCHES["mp-greedy"],
                          words="tier 2: beat the greedy bot mp-greedy (95 % sure of a win rate above 50 %)")},
)


def win_rate(bot: Any, matches: int = 20, seed: int = 0, opponent: str = "random") -> float | None:
    """Play ``matches`` 2-player games of ``bot`` (class, instance or function) against ``opponent``
    (``"random"`` or ``"greedy"``); print and return its win rate.

    Not graded: a quick test for the scratch cell (seats swapped every other game). A bot that fails,
    loops or is too slow (q7's budgets) is reported in a line, not with a traceback, and None is
    returned; so are bad arguments.
    """
    opponents = {"random": "random", "greedy": "mp-greedy", "mp-greedy": "mp-greedy"}
    if isinstance(matches, bool) or not isinstance(matches, int) or not 1 <= matches <= 1000:
        print(f"win_rate: matches must be a whole number from 1 to 1000, not {short(matches)}.")
        return None
    if isinstance(seed, bool) or not isinstance(seed, int):
        print(f"win_rate: seed must be a whole number, not {short(seed)}.")
        return None
    if not isinstance(opponent, str) or opponent not in opponents:
        print(f"win_rate: opponent must be 'random' or 'greedy', not {short(opponent)}.")
        return None
    tier = Tier(opponents[opponent], need=0.0, matches=matches)
    trial = BotQuestion("win_rate", f"{matches} games against {opponent}", "Q7Bot", game=GAME,
                        tiers={"trial": tier}, seed=seed, per_call=q7.per_call, total=q7.total)

    return trial_win_rate(trial, tier, bot, seed, "games")



# --- q8: the coach's verdict (exercise notebook: what would the coach play?) -----------------------------

q8 = coach_question("marco_polo", "q8", digests={
    "a": "c7be7c780526da007440c35c95d9690166c88876037a064bc2cad61699a6de71",
    "b": "7be3f63dc30399b4d693ca9e1675e38ad34e96336b649df4a2ba544b975349ee",
    "c": "18a6581df4609b1e41fee680f84f07ffcdc8f6e7e322eb5f1a8c07946d436801"})
"""The coach's move in three positions (:mod:`caravan_lessons.exercises.coach_verdicts`); the explanation is
graded by hand in the notebook."""


QUESTIONS = {q.label: q for q in (q1a, q1b, q2, q3, q4, q5, q6a, q6b, q7, q8)}
"""Every Marco Polo question by label."""
