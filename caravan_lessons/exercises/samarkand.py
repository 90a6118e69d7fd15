"""The Samarkand exercises: questions q1 .. q6 and the positions they use.

    from caravan_lessons.exercises.samarkand import q3, position
    q3.check(q3_targets)      # prints a verdict, returns True/False
    q3.hint(); q3.solution()

The right answers come from the engine (``caravan_lessons.samarkand``): each check builds positions
with ``samarkand.scenario`` or plays seeded random games and asks the engine (it marries, makes a
relation or scores a card on a copy of the position and reads the result). The module holds the
questions and their *public* cases only: the reference answers are the solution regions of the
source notebooks (``exercises/samarkand/``, nbgrader format, one exercise per lesson of
``notebooks/samarkand``) and the hidden cases are in their ``### BEGIN HIDDEN TESTS`` regions.
"""
from __future__ import annotations

import random
from typing import Any

from .. import samarkand
from ..core import derive_seed
from ..samarkand import Discard, Marry, Place, scenario
from ..samarkand.scoring import card_value
from .coach_verdicts import coach_question
from .framework import Case, FunctionQuestion, NotSolved, ValueQuestion, short

__all__ = ["QUESTIONS", "position", "q1", "q2", "q3", "q4", "q5", "q6", "random_position", "sale_position", "q7"]

GAME = "samarkand"
EMPTY4 = {0: [], 1: [], 2: [], 3: []}
POSITIONS = ("carlos", "levant", "linen")


def position(name: str) -> samarkand.State:
    """A named position of the exercises (a new ``samarkand.State`` each call).

    ``"carlos"``: the rulebook's 4-player hand-limit example (5 cards, limit 7); ``"levant"``: a few
    routes and a Levant treasury, for relations; ``"linen"``: goods cards in hand next to camels.

    Raises:
        ValueError: an unknown name.
    """
    if name == "carlos":
        return scenario(4, hands={0: [1, 2, 3, 4, 5], 1: [], 2: [], 3: []})
    if name == "levant":
        return scenario(4, held={0: ["levant"], 1: ["mesopotamia"], 2: ["levant", "byzantium"]}, hands=EMPTY4,
                        camels={"g11": ["mesopotamia"], "l1": ["byzantium"]}, treasury={"levant": 2})
    if name == "linen":
        return scenario(4, held={0: ["levant"]}, hands={0: [3, 22, 11], 1: [], 2: [], 3: []},
                        camels={"g3": ["levant", "byzantium"], "g11": ["mesopotamia"]})
    raise ValueError(f"no position {short(name)}; the positions are {', '.join(POSITIONS)}")


def _whole(value: Any, what: str, low: int = 0, high: int = 100_000) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}, not {short(value)}")
    return value


def random_position(seed: int, decisions: int, players: int = 4) -> samarkand.State:
    """The position after ``decisions`` random decisions of a seeded game of ``players`` (or its end).

    Raises:
        ValueError: seed, decisions or players that are not whole numbers (players 2 to 5).
    """
    _whole(seed, "random_position: seed", 0, 2**62)
    _whole(decisions, "random_position: decisions", 0, 10_000)
    _whole(players, "random_position: players", 2, 5)
    rng = random.Random(derive_seed(seed, "exercise moves"))
    state = samarkand.new_game(players, seed=seed)
    for _ in range(decisions):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state


def sale_position(seed: int, players: int = 4) -> samarkand.State | None:
    """The first sale decision (phase "sale", SAM-GOODS-2) of a seeded random game, or None if the game
    ended without one.

    Raises:
        ValueError: a seed or players that are not whole numbers (players 2 to 5).
    """
    _whole(seed, "sale_position: seed", 0, 2**62)
    _whole(players, "sale_position: players", 2, 5)
    rng = random.Random(derive_seed(seed, "exercise sale"))
    state = samarkand.new_game(players, seed=seed)
    while not state.is_terminal():
        if state.phase == "sale":
            return state
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return None


# --- comparing ----------------------------------------------------------------------------------------

def _equal_int(got: Any, want: int, case: Case, hint: str = "") -> None:
    if isinstance(got, bool) or not isinstance(got, int):
        raise NotSolved(f"your function returned {short(got)}; it should return a whole number ({want} here).", hint)
    if got != want:
        raise NotSolved(f"the answer is {want}; your function says {got}.", hint)


# --- q1: the board in numbers -------------------------------------------------------------------------

Q1_KEYS = ("goods", "start", "water", "land")
Q1_HINTS = {
    "goods": "Goods spaces are numbered 1 to 33, one per goods (SAM-COMP-2).",
    "start": "Each of the 10 families has one start space (SAM-COMP-1).",
    "water": "Water spaces never hold a goods space; count board.kinds.count('water').",
    "land": "Land spaces are the ones that are neither goods, start nor water spaces.",
}


def _q1_read(answer: Any, keys) -> dict:
    if not isinstance(answer, dict):
        raise NotSolved(f"q1_kinds should be a dict like {{'goods': ..., 'start': ..., 'water': ..., 'land': ...}}, "
                        f"not {short(answer)}.")
    missing = [k for k in keys if k not in answer]
    if missing:
        raise NotSolved(f"q1_kinds has no {', '.join(repr(k) for k in missing)}; it needs all of {', '.join(Q1_KEYS)}.")
    values = {}
    for key in keys:
        value = answer[key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise NotSolved(f"q1_kinds[{key!r}] should be a whole number, not {short(value)}.")
        values[key] = value
    return values


def _q1_wrong(keys: list, values: dict) -> NotSolved:
    key = keys[0]
    more = f" (and {len(keys) - 1} more wrong)" if len(keys) > 1 else ""
    return NotSolved(f"the number of {key} spaces is not {short(values[key])}{more}.", Q1_HINTS[key])


q1 = ValueQuestion(
    "q1", "the teaching board in numbers", "q1_kinds", rules=("SAM-COMP-1", "SAM-COMP-2", "SAM-COMP-4"),
    hints=("board = samarkand.default_board(); board.kinds lists the kind of each space.",
           "Count with board.kinds.count(kind), or draw the map and count by eye."),
    game=GAME, read=_q1_read, wrong=_q1_wrong, expects="a dict {'goods': n, 'start': n, 'water': n, 'land': n}",
    digests={"goods": "0b58251525afd94042e2b385cdd2b0facb8f565eaa5779655f09c5c300c5f571",
             "start": "85209ce2158d02707f51faba49a3960ff7b901567f1e0591e80d26b2c46c4b71",
             "water": "70d2ce8472dc6930642db5563baef426aca1bd6e5c797c59ef0a2cf4f0d32b8a",
             "land": "2640480348d2591b260b79022a83bb17de90b9c505fd5ee81dd7b997a137f5e3"},
)


# --- q2: cards drawn when marrying ---------------------------------------------------------------------

def _q2_expected(state) -> int:
    """Asks the engine: the player to move marries (on a copy, with money and a tile made available)
    and the cards that arrive in the hand are counted."""
    probe = state.clone()
    p = probe.current_player
    probe.active = p
    f = next(f for f in range(len(probe.board.families)) if probe.players == 2 or not probe.held[p][f])
    probe.house_tiles[f] = max(1, probe.house_tiles[f])
    probe.money[p] += 100
    before = len(probe.hands[p])
    probe._marry(f)
    return len(probe.hands[p]) - before


def _q2_compare(got, want, case):
    _equal_int(got, want, case, "Sold cards count toward the limit too; and the deck may hold fewer than 3 cards "
                                "(the discards are reshuffled first, SAM-DECK-1)." if want in (0, 1, 2) else "")


def _carlos_after(discard):
    state = position("carlos")
    state.apply(Marry("egypt"))
    state.apply(Discard(discard))
    for _ in range(3):
        state.apply(state.legal_actions()[0])
        state.apply(Discard(()))
    return state


def _q2_cases():
    return [Case("a new game", (samarkand.new_game(4, seed=1),)),
            Case("Carlos, 5 cards of 7", (position("carlos"),)),
            Case("Carlos kept 7", (_carlos_after((1,)),)), Case("Carlos kept 6", (_carlos_after((1, 2)),)),
            Case("5 players, 4 cards and 2 sold", (scenario(5, hands={0: [1, 2, 3, 4], 1: [], 2: [], 3: [], 4: []},
                                                             sold={0: [5, 6]}),))]


q2 = FunctionQuestion(
    "q2", "cards drawn when marrying", "q2_draws", rules=("SAM-MARRY-4", "SAM-MARRY-5", "SAM-HAND-1"),
    hints=("Cards sold still count toward the limit: len(state.hands[p]) + len(state.sold[p]).",
           "At or over the limit: 0. Below it: 3, unless the deck and discards hold fewer."),
    cases=_q2_cases, expected=_q2_expected, compare=_q2_compare, game=GAME, signature="q2_draws(state)")


# --- q3: where a family's next camel may go ----------------------------------------------------------

def _q3_compare(got, want, case):
    if not isinstance(got, (list, tuple)) or not all(isinstance(s, str) for s in got):
        raise NotSolved(f"your function returned {short(got)}; it should return a sorted list of space ids "
                        "(strings such as 'g3').", "board.spaces[s] is the id of space index s.")
    if list(got) != sorted(got):
        raise NotSolved("your list is not sorted; return sorted(...).")
    extra = sorted(set(got) - set(want))
    missing = sorted(set(want) - set(got))
    if extra:
        raise NotSolved(f"{extra[0]!r} is not open to {case.args[1]} now.",
                        "A space is open when it holds fewer than 2 camels and none of that family (SAM-EXT-3), "
                        "and it must be next to a camel of the family (SAM-EXT-2).")
    if missing:
        raise NotSolved(f"{missing[0]!r} is open to {case.args[1]} too.",
                        "Look next to every camel of the family, not only the last one placed (SAM-EXT-2).")


def _q3_cases():
    lev = position("levant")
    return [Case("a new game, Egypt", (samarkand.new_game(4, seed=1), "egypt")),
            Case("position 'levant', Levant", (lev, "levant")),
            Case("position 'levant', Byzantium", (lev, "byzantium")),
            Case("position 'levant', Mesopotamia", (lev, "mesopotamia")),
            Case("linen (g3) holds two camels: Egypt", (scenario(4, hands=EMPTY4, camels={"g3": ["levant", "byzantium"]}),
                                                        "egypt"))]


q3 = FunctionQuestion(
    "q3", "where a family's next camel may go", "q3_targets", rules=("SAM-EXT-2", "SAM-EXT-3"),
    hints=("board.adjacent[s] are the neighbours of space s (indices); board.spaces[s] is its id.",
           "A space is open when it holds fewer than 2 camels and none of that family."),
    cases=_q3_cases, game=GAME,
    expected=lambda state, family: sorted(state.board.spaces[s]
                                          for s in state.frontier[state.board.family_index[family]]),
    compare=_q3_compare, signature="q3_targets(state, family)")


# --- q4: relation premiums -------------------------------------------------------------------------

def _q4_expected(state, active, passive) -> list[int]:
    """Asks the engine: the relation is made on a copy and the players' money is read before and after."""
    probe = state.clone()
    fi = probe.board.family_index
    before = list(probe.money)
    probe._relation(fi[active], fi[passive], 0)
    return [m - m0 for m, m0 in zip(probe.money, before)]


def _q4_compare(got, want, case):
    if not isinstance(got, (list, tuple)) or len(got) != len(want) or any(
            isinstance(x, bool) or not isinstance(x, int) for x in got):
        raise NotSolved(f"your function returned {short(got)}; it should return a list of {len(want)} whole numbers, "
                        "one per player.")
    if list(got) != want:
        seat = next(p for p in range(len(want)) if got[p] != want[p])
        raise NotSolved(f"player {seat} gets {want[seat]} dirhams, not {got[seat]}; the whole answer is {want}.",
                        "Two tiles of one family earn the premium once (SAM-2P-4); a pair already related pays "
                        "nothing (SAM-REL-5, state.related)." if want[seat] in (0, 3, 4) else "")


def _q4_cases():
    lev = position("levant")
    two = scenario(2, held={0: ["levant", "levant"], 1: ["mesopotamia"]}, hands={0: [], 1: []})
    again = position("levant")
    again.related.add(tuple(sorted((again.board.family_index["levant"], again.board.family_index["mesopotamia"]))))
    return [Case("position 'levant': Levant meets Mesopotamia", (lev, "levant", "mesopotamia")),
            Case("position 'levant': Levant meets Byzantium", (lev, "levant", "byzantium")),
            Case("position 'levant': Mesopotamia meets Levant", (lev, "mesopotamia", "levant")),
            Case("2 players, two Levant tiles", (two, "levant", "mesopotamia")),
            Case("position 'levant', Levant and Mesopotamia already related", (again, "levant", "mesopotamia"))]


q4 = FunctionQuestion(
    "q4", "relation premiums", "q4_premiums", rules=("SAM-REL-3", "SAM-REL-5", "SAM-2P-4"),
    hints=("3 dirhams to each holder of a tile of the active family, 1 to each holder of the passive family's.",
           "Two tiles of one family earn the premium once; a pair already related pays nothing (state.related)."),
    cases=_q4_cases, expected=_q4_expected, compare=_q4_compare, game=GAME,
    signature="q4_premiums(state, active, passive)")


# --- q5: what a goods card scores -------------------------------------------------------------------

def _q5_compare(got, want, case):
    _equal_int(got, want, case, "4 points per camel of a family you hold a tile of, 1 per other camel on the "
                                "goods space (SAM-SCORE-1); a card with no camel on its space scores 0.")


def _q5_cases():
    lin = position("linen")
    return [Case("position 'linen': linen (3)", (lin, 0, 3)), Case("position 'linen': diamond (22)", (lin, 0, 22)),
            Case("position 'linen': dates (11)", (lin, 0, 11))]


q5 = FunctionQuestion(
    "q5", "what a goods card scores", "q5_card_points", rules=("SAM-SCORE-1", "SAM-2P-4"),
    hints=("state.camels[s] lists the families (indices) of the camels on space s; "
           "state.board.goods_space[goods] is the space of a goods number.",
           "4 for a family the player holds a tile of (state.held[player][f] > 0), else 1."),
    cases=_q5_cases, expected=lambda s, p, g: card_value(s, p, g)[0], compare=_q5_compare, game=GAME,
    signature="q5_card_points(state, player, goods)")


# --- q6: sell or keep -------------------------------------------------------------------------------

def _q6_expected(state) -> bool:
    goods, holder = state.pending
    return card_value(state, holder, goods)[0] < 3


def _q6_compare(got, want, case):
    if not isinstance(got, bool):
        raise NotSolved(f"your function returned {short(got)}; it should return True (sell) or False (keep).")
    if got is not want:
        goods, holder = case.args[0].pending
        worth = card_value(case.args[0], holder, goods)[0]
        raise NotSolved(f"card {goods} is worth {worth} points to player {holder} now, so "
                        f"{'selling for 3 dirhams' if want else 'keeping it'} is better; you said "
                        f"{'sell' if got else 'keep'}.", "Compare the card's points now (your q5) with 3.")


def _sale(holder_families, camels):
    state = scenario(4, held={0: ["levant"], 2: holder_families}, hands={0: [], 1: [], 2: [8], 3: []},
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
    cases=_q6_cases, expected=_q6_expected, compare=_q6_compare, game=GAME, signature="q6_should_sell(state)",
    uses={"q5_card_points": q5})


# --- q7: the coach's verdict (exercise notebook: what would the coach play?) -----------------------------

q7 = coach_question("samarkand", "q7", digests={
    "a": "b64087cf9ec156d84b67f6e493b3c5585a7dc7ba35511e657729821468f13ae5",
    "b": "54be6bdc3a2f6ad21d6130c302c2d9b503018253c06fd4a2a8c80bde761e7499",
    "c": "70fedf7e403a5c60149bed1f9b43e5ad40fa3522b37db2793647404f5a5826ff"})
"""The coach's move in three positions (:mod:`caravan_lessons.exercises.coach_verdicts`); the explanation is
graded by hand in the notebook."""


QUESTIONS = {q.label: q for q in (q1, q2, q3, q4, q5, q6, q7)}
