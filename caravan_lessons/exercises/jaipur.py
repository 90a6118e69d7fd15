"""The Jaipur exercises: questions q1a .. q6, the positions they use, and small helpers.

    from caravan_lessons.exercises.jaipur import q4a, position, show
    state = position("q4")
    show(state)
    q4a.check(q4a_sale_rupees)      # prints a verdict, returns True/False
    q4a.hint(); q4a.solution()

The right answers come from the engine (``caravan_lessons.jaipur``): a check builds positions
with ``jaipur.scenario`` or plays seeded random games, asks the engine, and compares.
Notebooks: ``exercises/jaipur/`` (nbgrader source format).
"""
from __future__ import annotations

import json
import random
from collections import Counter
from statistics import fmean
from typing import Any

from .. import jaipur
from ..core import derive_seed
from ..jaipur import BONUS_TOKENS, CARD_TYPES, GOODS, RULES, Exchange, Sell, TakeCamels, TakeOne
from ..jaipur.components import cards
from .coach_verdicts import coach_question
from .framework import (AgentQuestion, Case, FunctionQuestion, NotSolved, Tier, ValueQuestion,
                        clip, short, trial_win_rate)

__all__ = [
    "QUESTIONS",
    "finished_round",
    "position",
    "q1a",
    "q1b",
    "q3a",
    "q3a_moves",
    "q3b",
    "q4a",
    "q4b",
    "q4c",
    "q2a",
    "q2b",
    "q5a",
    "q5b",
    "q6",
    "random_position",
    "round_data",
    "rule",
    "show",
    "win_rate", "q7"
]

KINDS = ("take_one", "take_camels", "exchange", "sell")

# --- positions ---------------------------------------------------------------------------------------

POSITIONS: dict[str, dict] = {
    # 1: reading a position
    "q1": dict(market={"camel": 2, "diamond": 1, "cloth": 1, "leather": 1},
               hands=[{"spice": 2, "cloth": 1, "leather": 3}, {"gold": 1, "silver": 2, "spice": 1}],
               herds=(4, 1), deck_size=32, tokens=[{"cloth": 2}, {"leather": 1}], seed=1),
    # 2: six cards in hand, a big herd (the hand limit in an exchange)
    "q2": dict(market={"diamond": 1, "gold": 1, "silver": 1, "camel": 2},
               hands=[{"cloth": 2, "spice": 2, "leather": 2}, {"leather": 3}],
               herds=(4, 1), deck_size=24, seed=4),
    # 3: a full hand of 7 cards (legal or not)
    "q3": dict(market={"camel": 1, "cloth": 1, "gold": 2, "spice": 1},
               hands=[{"diamond": 1, "cloth": 2, "spice": 2, "leather": 2}, {"silver": 2, "leather": 1}],
               herds=(2, 3), deck_size=30, seed=2),
    # 4: some goods tokens already gone (the best sale)
    "q4": dict(market={"camel": 3, "spice": 1, "gold": 1},
               hands=[{"diamond": 2, "cloth": 3, "leather": 2}, {"spice": 3}],
               herds=(1, 2), deck_size=18, tokens=[{"diamond": 3, "cloth": 2}, {"cloth": 3, "leather": 1}],
               bonus=[[(3, 2)], [(3, 3), (4, 5)]], seed=3),
}
"""Keyword arguments of ``jaipur.scenario`` for the positions the exercises talk about."""


def position(name: str) -> jaipur.State:
    """A fresh copy of an exercise position: ``"q1"``, ``"q2"``, ``"q3"`` or ``"q4"`` (player 0 to move)."""
    if not isinstance(name, str) or name not in POSITIONS:
        raise ValueError(f"unknown position {short(name)}; the positions are {', '.join(map(repr, POSITIONS))}")
    return jaipur.scenario(**POSITIONS[name])


def rule(rule_id: str) -> None:
    """Print one rule clause in the project's words, e.g. ``rule("JAI-TAKE-7")``."""
    key = str(rule_id).strip().upper()
    print(RULES[key] if key in RULES else f"no rule {rule_id!r}; the IDs look like JAI-TAKE-7 ({len(RULES)} rules)")


def _count(n: int, noun: str) -> str:
    """``n`` and ``noun``, with an s unless n is 1."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _cards(counts: dict) -> str:
    parts = [cards(n, c) for c, n in sorted(counts.items(), key=lambda kv: CARD_TYPES.index(kv[0])) if n]
    return ", ".join(parts) if parts else "nothing"


def show(state: jaipur.State, player: int | None = None) -> None:
    """Print what ``player`` (default: the player to move) sees, in a few lines of text.

    Raises:
        ValueError: ``state`` is not a Jaipur state, or ``player`` is not 0 or 1.
    """
    _need_state(state, "show")
    if player is not None and (isinstance(player, bool) or player not in (0, 1)):
        raise ValueError(f"show: player must be 0 or 1, not {short(player)}")
    if player is None:
        player = state.current_player if state.current_player in (0, 1) else 0
    seen = state.observation(player)
    other = 1 - player
    lines = [
        f"Player {player}'s view; player {seen['current_player']} to move ({seen['phase']}).",
        f"  market ({_count(sum(seen['market'].values()), 'card')}): {_cards(seen['market'])}",
        f"  your hand ({_count(sum(seen['hand'].values()), 'card')}): {_cards(seen['hand'])}",
        f"  your herd: {_cards({'camel': seen['herds'][player]})}",
        f"  opponent: {_count(seen['opponent_hand_size'], 'card')} in hand, {_cards({'camel': seen['herds'][other]})} in the herd",
        f"  deck: {_count(seen['deck_size'], 'card')}",
        "  goods tokens left, top of each stack first:",
    ]
    for good in GOODS:
        stack = seen["goods_tokens_left"][good]
        lines.append(f"    {good:<8} {' '.join(map(str, stack)) if stack else '(empty)'}")
    left = seen["bonus_tokens_left"]
    lines.append(f"  bonus tokens left, face down (how many): {left['3']} for a 3-card sale, "
                 f"{left['4']} for a 4-card sale, {left['5']} for a sale of 5 or more")
    for seat, who in ((player, "you"), (other, "opponent")):
        goods = seen["goods_tokens"][seat]
        bonus = seen["bonus_tokens"][seat]
        shown = ", ".join(f"{g} {v}" for g, v in goods) or "none"
        hidden = ", ".join(f"{z}-card {'?' if v is None else v}" for z, v in bonus) or "none"
        lines.append(f"  {who} took goods tokens: {shown}; bonus tokens: {hidden}")
    print("\n".join(lines))


def random_position(seed: int, moves: int) -> jaipur.State:
    """A position reached by ``moves`` random legal moves from a new game (stops at the end of a round).

    Raises:
        ValueError: ``seed`` or ``moves`` is not a whole number (``moves`` from 0 to 10,000).
    """
    for value, what in ((seed, "seed"), (moves, "moves")):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"random_position: {what} must be a whole number, not {short(value)}")
    if not 0 <= moves <= 10_000:
        raise ValueError(f"random_position: moves must be from 0 to 10000, not {short(moves)}")
    state = jaipur.new_game(seed=seed)
    rng = random.Random(derive_seed(seed, "exercise moves"))
    for _ in range(moves):
        actions = list(state.legal_actions())
        if state.round_over or not actions:
            break
        child = state.child(actions[rng.randrange(len(actions))])
        if child.round_over:
            break
        state = child
    return state


def finished_round(seed: int) -> jaipur.State:
    """The state right after a first round between the greedy bot and a random bot.

    The seed fixes the deal, the seats (the greedy bot sits in seat ``seed % 2``) and both bots'
    choices; the round's score is in ``state.round_results[-1]``.

    Raises:
        ValueError: ``seed`` is not a whole number.
    """
    from ..agents import RandomAgent, View, make_agent

    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"finished_round: seed must be a whole number, not {short(seed)}")
    state = jaipur.new_game(seed=seed)
    bots = [make_agent("greedy", seed=derive_seed(seed, "exercise greedy")),
            RandomAgent(derive_seed(seed, "exercise round"))]
    if seed % 2:
        bots.reverse()
    while not state.round_over:
        player = state.current_player
        state.apply(bots[player].choose(View(state, player, state.legal_actions())))
    return state


def _finished_round(seed: int) -> dict:
    return finished_round(seed).round_results[-1]


def round_data(state: jaipur.State) -> dict:
    """What questions q5a and q5b give a learner about the last finished round of ``state``.

    A dict: ``goods_tokens`` (per player, ``[good, rupees]`` pairs), ``bonus_tokens`` (per player,
    ``[size, rupees]`` pairs) and ``herds`` (camels per player). The camel token is left out: that
    is for the learner to award (JAI-END-3).

    Raises:
        ValueError: ``state`` is not a Jaipur state, or no round of it has ended.
    """
    _need_state(state, "round_data")
    if not state.round_results:
        raise ValueError("no round of this game has ended yet")
    return _round_data(state.round_results[-1])


def _need_state(state: Any, where: str) -> None:
    if not isinstance(state, jaipur.State):
        raise ValueError(f"{where} needs a Jaipur state (from position(...), random_position(...) or "
                         f"jaipur.new_game()), not {short(state)}")


def _rule_id(answer: Any) -> str | None:
    """A learner's rule ID, tidied: ' jai-take-7 ' -> 'JAI-TAKE-7'; None/'legal'/'' -> None."""
    if answer is None:
        return None
    if not isinstance(answer, str):
        raise NotSolved(f"a rule ID is a string such as \"JAI-TAKE-7\" (or None for a legal move), not "
                        f"{short(answer)}.")
    text = answer.strip().upper()
    if text in ("", "LEGAL", "NONE"):
        return None
    if text not in RULES:
        raise NotSolved(f"{answer!r} is not a rule ID; they look like \"JAI-TAKE-7\" (see jaipur.RULES).")
    return text


def _whole_number(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer() and abs(value) < 1e9:
            return int(value)
        raise NotSolved(f"{what} should be a whole number, not {short(value)}.")
    if abs(value) > 10**9:
        raise NotSolved(f"{what} is {short(value)}: far too big to count anything in a game of 55 cards.")
    return int(value)


# --- q1a: reading a position -------------------------------------------------------------------------

Q1A_KEYS = ("hand", "herd", "market", "deck", "opponent_hand")
Q1A_HINTS = {
    "hand": "The hand holds goods only: camels go to the herd, which is not part of the hand (JAI-SETUP-4).",
    "herd": "The herd is the camels in front of you; observation['herds'][0] is player 0's.",
    "market": "The market shows 5 cards while the deck lasts, camels included (JAI-SETUP-3).",
    "deck": "Count the deck, not the discard pile: observation['deck_size'].",
    "opponent_hand": "You cannot see the opponent's cards, but you can count them: observation['opponent_hand_size'].",
}


def _q1a_read(answer: Any, keys) -> dict:
    if not isinstance(answer, dict):
        raise NotSolved(f"q1a_counts should be a dict with the keys {', '.join(Q1A_KEYS)}, not {short(answer)}.")
    missing = [k for k in keys if k not in answer]
    if missing:
        raise NotSolved(f"q1a_counts has no {', '.join(repr(k) for k in missing)}; it needs all of "
                        f"{', '.join(Q1A_KEYS)}.")
    return {key: _whole_number(answer[key], f"q1a_counts[{key!r}]") for key in keys}


def _q1a_wrong(keys: list, values: dict) -> NotSolved:
    key = keys[0]
    return NotSolved(f"q1a_counts[{key!r}] is {short(values[key])}, which is not what position 'q1' shows"
                     + (f" (and {len(keys) - 1} more wrong)." if len(keys) > 1 else "."), Q1A_HINTS[key])


q1a = ValueQuestion(
    "q1a", "count the cards of a position", "q1a_counts", rules=("JAI-SETUP-3", "JAI-SETUP-4", "JAI-COMP-1"),
    hints=("Print the position with show(state), or look at state.observation(0).",
           "The hand and the herd are different piles: camels never stay in the hand (JAI-SETUP-4).",
           "observation(0) has 'hand', 'herds', 'market', 'deck_size' and 'opponent_hand_size'."),
    game="jaipur", read=_q1a_read, wrong=_q1a_wrong, expects="a dict of five whole numbers",
    digests={"hand": "c3790689e495c6b6163f3ca1720922b9a9c78efba45303716763a12d93099fc0",
             "herd": "7ca94523ce76c7906cf11c1ec4e33090be866650537d0527a0d6b9a605767337",
             "market": "3d1159f7deab801c00e23adef0297209454ef857829d3bfa3ab5d806a3c2eedc",
             "deck": "24908333eaa80f508ca036a8840bb606cf9d5c734c98618121aa8590e235830d",
             "opponent_hand": "5888b7d00d4cbe832c30fcf346af271f9d88e6f0f38995705f816a794fbfa09a"},
)


# --- q1b: legal moves by kind ------------------------------------------------------------------------

def _q1b_expected(state) -> dict:
    kinds = Counter(action.kind for action in state.legal_actions())
    return {kind: kinds[kind] for kind in KINDS}


def _q1b_compare(got: Any, want: dict, case: Case) -> None:
    if not isinstance(got, dict):
        raise NotSolved(f"your function returned {short(got)}; it should return a dict such as "
                        "{'take_one': 2, 'take_camels': 1, 'exchange': 10, 'sell': 3}.")
    extra = [k for k in got if k not in KINDS]
    if extra:
        raise NotSolved(f"your dict has the key {extra[0]!r}; the kinds are {', '.join(KINDS)} (action.kind).",
                        "Every Jaipur action has a .kind: 'take_one', 'take_camels', 'exchange' or 'sell'.")
    missing = [k for k in KINDS if k not in got]
    if missing:
        raise NotSolved(f"your dict has no {missing[0]!r} key; give all four kinds, with 0 for a kind that has no "
                        "legal move.", "A Counter leaves out the kinds it never saw: start from "
                        "{'take_one': 0, 'take_camels': 0, 'exchange': 0, 'sell': 0}.")
    for kind in KINDS:
        n = _whole_number(got[kind], f"the count of {kind!r}")
        if n != want[kind]:
            hint = {"take_one": "With 7 cards in hand you may not take one more (JAI-TAKE-7).",
                    "take_camels": "Taking camels is one move, however many camels the market shows (JAI-TAKE-5).",
                    "exchange": "Count every exchange in state.legal_actions(); each is one move.",
                    "sell": "Each (goods type, number of cards) is one sale (JAI-SELL-1, JAI-SELL-4)."}[kind]
            raise NotSolved(f"your count of {kind!r} moves is {n}; the engine counts {want[kind]}.", hint)


def _q1b_cases() -> list[Case]:
    return [
        Case("position 'q1'", (position("q1"),)),
        Case("a new game, seed 3", (jaipur.new_game(seed=3),)),
        Case("position 'q3': 7 cards in hand", (position("q3"),)),
        Case("a round after 12 random moves", (random_position(5, 12),)),
    ]


q1b = FunctionQuestion(
    "q1b", "count the legal moves of each kind", "q1b_legal_move_counts",
    rules=("JAI-TURN-1", "JAI-TAKE-1", "JAI-TAKE-2", "JAI-TAKE-5", "JAI-SELL-1"),
    hints=("state.legal_actions() lists every legal move; each move has a .kind.",
           "Start from counts = {'take_one': 0, 'take_camels': 0, 'exchange': 0, 'sell': 0} and add 1 per move."),
    cases=_q1b_cases, expected=_q1b_expected, compare=_q1b_compare,
    game="jaipur", signature="q1b_legal_move_counts(state)",
)


# --- q3a: which rule forbids a move ------------------------------------------------------------------

def q3a_moves() -> dict[str, jaipur.Action]:
    """The moves of question q3a, labelled A to I (player 0 to move in position 'q3')."""
    return {
        "A": TakeOne("gold"),
        "B": Sell("diamond", 1),
        "C": Exchange(take=["cloth", "gold"], give=["cloth", "leather"]),
        "D": Exchange(take=["spice"], give=["leather"]),
        "E": TakeCamels(),
        "F": Exchange(take=["gold", "gold"], give=["leather", "leather"]),
        "G": Exchange(take=["camel", "gold"], give=["cloth", "cloth"]),
        "H": Sell("camel", 2),
        "I": Exchange(take=["gold", "gold"], give=["camel", "camel"]),
    }


Q3A_HINTS = {
    "A": "Count the cards in player 0's hand first (JAI-TAKE-7).",
    "B": "Which goods may not be sold one at a time? (JAI-SELL-4)",
    "C": "Look at the goods types that go each way in this exchange (JAI-TAKE-4).",
    "D": "How many cards does this exchange move each way? (JAI-TAKE-3)",
    "E": "Is there a hand limit for camels? The herd is not the hand (JAI-TAKE-5, JAI-TAKE-7).",
    "F": "Count the hand after the exchange: 2 cards in, 2 cards out.",
    "G": "Can a camel be taken in an exchange? (JAI-TAKE-6)",
    "H": "What happens to camels at the end of a round? They are never ... (JAI-SELL-5)",
    "I": "Camels given back come from the herd, the gold goes to the hand: count the hand after (JAI-TAKE-7).",
}


Q3A_LABELS = tuple("ABCDEFGHI")


def _q3a_read(answer: Any, keys) -> dict:
    if not isinstance(answer, dict):
        raise NotSolved(f"q3a_rules should be a dict from move labels to rule IDs, such as "
                        f"{{'A': 'JAI-TAKE-1', 'B': None, ...}}, not {short(answer)}.")
    tidy = {clip(k).strip().upper(): v for k, v in answer.items()}
    missing = [label for label in keys if label not in tidy]
    if missing:
        raise NotSolved(f"q3a_rules has no answer for move{'s' if len(missing) > 1 else ''} {', '.join(missing)}.",
                        "Give every move an answer: a rule ID, or None when the move is legal.")
    values = {}
    for label in keys:
        try:
            values[label] = _rule_id(tidy[label])
        except NotSolved as bad:
            raise NotSolved(f"move {label}: {bad.problem}") from None
    return values


def _q3a_wrong(wrong: list, values: dict) -> NotSolved:
    first = wrong[0]
    said = "legal (None)" if values[first] is None else values[first]
    return NotSolved(f"{len(wrong)} of {len(values)} answers are not right yet: move{'s' if len(wrong) > 1 else ''} "
                     f"{', '.join(wrong)}. For move {first} ({q3a_moves()[first]}) you said {said}.",
                     Q3A_HINTS[first])


q3a = ValueQuestion(
    "q3a", "which rule forbids each move", "q3a_rules",
    rules=("JAI-TAKE-3", "JAI-TAKE-4", "JAI-TAKE-6", "JAI-TAKE-7", "JAI-SELL-4", "JAI-SELL-5"),
    hints=("Read the rules with rule('JAI-TAKE-7') or print(jaipur.RULES['JAI-TAKE-7']).",
           "Decide yourself first, then test your answers in the scratch cell with state.why_illegal(move).",
           "Two moves are legal; each illegal one breaks exactly one rule."),
    game="jaipur", read=_q3a_read, wrong=_q3a_wrong, expects="a dict {'A': rule ID or None, ..., 'I': ...}",
    parts={"A-C": ("moves A to C", "ABC"), "D-F": ("moves D to F", "DEF"), "G-I": ("moves G to I", "GHI")},
    digests={"A": "c515761f18f788c77432d0a7ff75b0f27c1f245395c5273259a52702e3c70956",
             "B": "e28ef3e0bfc68b0ba6915688d5be31051dd33fad7f5c7374d06d3d039f285e60",
             "C": "61fd3a9bf20f847dbd69d8ee750f999dcfaed6695310ac5c936c9e02b32eae1f",
             "D": "c30a700307793885763cfa35b0566cdda254728cba97758ce38359644d0ef5f6",
             "E": "7bb9d9dede1b505004dd4ea2d51dbda7b64bf5d645442e96432dcc619c50446b",
             "F": "cc7e03995387e85515e7538b90a1d9cec6814e2bf344093c2b4449729851c14c",
             "G": "184bcafa6da8985b923080f0c9be370ef529f025fad97549a615140acd70674d",
             "H": "6db08f4d2855addafcf9aeba98240eb81036e3f1a554701e23d3ead657ceaef8",
             "I": "df1dad11daa3ebcb75215611911b95b951c6a7217c9f721ea386b4d0c698d281"},
)


# --- q3b: the rules of a sale ------------------------------------------------------------------------

def _sale_position(hand: dict) -> jaipur.State:
    return jaipur.scenario(market={"camel": 5}, hands=[dict(hand), {}], herds=(0, 0))


def _q3b_expected(hand: dict, good: str, count: int) -> str | None:
    problem = _sale_position(hand).why_illegal(Sell(good, count))
    return None if problem is None else problem.rule


def _q3b_compare(got: Any, want: str | None, case: Case) -> None:
    hand, good, count = case.args
    try:
        tidy = _rule_id(got)
    except NotSolved as bad:
        raise NotSolved(f"your function returned {short(got)}: {bad.problem}") from None
    if tidy != want:
        said = "None (legal)" if tidy is None else tidy
        rightly = "is legal" if want is None else "breaks a rule"
        hints = {None: "This sale is allowed: check each rule against it once more.",
                 "JAI-SELL-1": "Compare the count with the cards of that type in the hand (and a sale sells at least one).",
                 "JAI-SELL-4": "Diamonds, gold and silver: how many at a time? (JAI-SELL-4)",
                 "JAI-SELL-5": "What kind of card is a camel? (JAI-SELL-5)"}
        raise NotSolved(f"selling {cards(count, good)} from the hand {hand} {rightly}, but your function says {said}.",
                        hints.get(want, ""))


def _q3b_cases() -> list[Case]:
    data = [({"cloth": 3}, "cloth", 3), ({"cloth": 3}, "cloth", 4), ({"gold": 1, "cloth": 2}, "gold", 1),
            ({"gold": 3}, "gold", 2), ({"silver": 2}, "camel", 1), ({"leather": 1}, "leather", 1),
            ({"diamond": 2}, "diamond", 1), ({"spice": 2}, "spice", 0), ({}, "spice", 1),
            ({"diamond": 1}, "diamond", 2),
            # the order of the checks matters when two rules are broken: the count comes before JAI-SELL-4
            ({}, "diamond", 1), ({"silver": 3}, "silver", 0)]
    return [Case(f"hand {h}, sell {cards(n, g)}", (h, g, n)) for h, g, n in data]


q3b = FunctionQuestion(
    "q3b", "the rule a sale breaks", "q3b_sale_problem",
    rules=("JAI-SELL-1", "JAI-SELL-4", "JAI-SELL-5"),
    hints=("Test the rules in the order of the task: camels (JAI-SELL-5), then the count (JAI-SELL-1), "
           "then precious goods (JAI-SELL-4).",
           "hand.get(good, 0) is how many cards of that type the hand holds, even when there are none.",
           "The precious goods are 'diamond', 'gold' and 'silver'."),
    cases=_q3b_cases, expected=_q3b_expected, compare=_q3b_compare, none_ok=True,
    game="jaipur", signature="q3b_sale_problem(hand, good, count)",
)


# --- q4a: rupees of a sale ---------------------------------------------------------------------------

def _goods_rupees_of_sale(state: jaipur.State, good: str, count: int) -> int:
    """Ask the engine: play the sale on a copy and add up the goods tokens it earned."""
    player = state.current_player
    before = len(state.observation(player)["goods_tokens"][player])
    after = state.child(Sell(good, count)).observation(player)["goods_tokens"][player]
    return sum(value for _, value in after[before:])


def _q4a_compare(got: Any, want: int, case: Case) -> None:
    _, good, count = case.args
    value = _whole_number(got, "the rupees of a sale")
    if value != want:
        hint = ("Take the tokens from the top of the stack (the start of the list), one per card; cards beyond "
                "the end of the stack earn nothing (JAI-SELL-2). Leave the bonus out.")
        raise NotSolved(f"selling {cards(count, good)} earns {want} rupee{'' if want == 1 else 's'} in goods tokens; your function says {value}.", hint)


def _q4a_cases() -> list[Case]:
    p = position("q4")
    return [Case("position 'q4', sell 2 diamond", (p, "diamond", 2)),
            Case("position 'q4', sell 3 cloth (2 cloth tokens left)", (p, "cloth", 3)),
            Case("position 'q4', sell 2 leather", (p, "leather", 2)),
            Case("position 'q4', sell 1 cloth", (p, "cloth", 1)),
            Case("a new game, seed 8, player 0", (jaipur.scenario(market={"camel": 3, "spice": 2},
                                                                    hands=[{"spice": 4}, {}], seed=8), "spice", 4))]


def _q4_make_case(item: Any) -> Case:
    return Case("a case from the grader", tuple(item))


q4a = FunctionQuestion(
    "q4a", "rupees of the goods tokens of a sale", "q4a_sale_rupees",
    rules=("JAI-COMP-2", "JAI-SELL-2"),
    hints=("state.observation(state.current_player)['goods_tokens_left'][good] is the stack, top first.",
           "A slice takes the top tokens: stack[:count]; it stops by itself at the end of the list.",
           "Only goods tokens here: the bonus comes in q4b."),
    cases=_q4a_cases, expected=_goods_rupees_of_sale, compare=_q4a_compare,
    make_case=_q4_make_case, game="jaipur", signature="q4a_sale_rupees(state, good, count)",
)


# --- q4b: what the bonus token may be worth ----------------------------------------------------------

def _bonus_odds(observation: dict, count: int) -> tuple:
    """(lowest, highest, mean) rupees of the bonus token a sale of ``count`` cards would take, from
    what the seat of ``observation`` knows: the tokens of that size it has not seen (JAI-SELL-3)."""
    size = min(count, 5)
    if count < 3 or observation["bonus_tokens_left"][str(size)] == 0:
        return (0, 0, 0.0)
    held = Counter(value for token_size, value in observation["bonus_tokens"][observation["player"]]
                   if token_size == size)
    values = sorted((Counter(BONUS_TOKENS[size]) - held).elements())
    return (values[0], values[-1], fmean(values))


def _numbers(got: Any, n: int, what: str) -> list[float]:
    if isinstance(got, dict) or isinstance(got, (str, bytes)) or not hasattr(got, "__len__"):
        raise NotSolved(f"your function returned {short(got)}; it should return {what}.")
    values = list(got)
    if len(values) != n:
        raise NotSolved(f"your function returned {len(values)} values ({short(got)}); it should return {what}.")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise NotSolved(f"your function returned {short(got)}; {short(v)} is not a number.")
    return [float(v) for v in values]


def _q4b_compare(got: Any, want: tuple, case: Case) -> None:
    observation, count = case.args
    low, high, mean = _numbers(got, 3, "a tuple (lowest, highest, expected)")
    names = ("lowest", "highest", "expected")
    for name, value, right in zip(names, (low, high, mean), want):
        if abs(value - right) > 1e-6:
            if count < 3:
                hint = "A sale of 1 or 2 cards earns no bonus token at all (JAI-SELL-3)."
            elif observation["bonus_tokens_left"][str(min(count, 5))] == 0:
                hint = "When the bonus stack of that size is empty, the sale earns no bonus (JAI-SELL-3)."
            elif observation["bonus_tokens"][observation["player"]]:
                hint = ("Start from all the tokens of that size (jaipur.BONUS_TOKENS) and remove the ones you "
                        "hold yourself: you know their values. The opponent's are unknown, so they stay in.")
            else:
                hint = ("Sales of 5 or more cards share the 5-card stack; the expected value is the mean of the "
                        "tokens that could still be on top.")
            raise NotSolved(f"for a sale of {count} cards the {name} bonus is {right:g}; your function says {value:g}.",
                            hint)


def _q4b_cases() -> list[Case]:
    fresh = jaipur.new_game(seed=1).observation(0)
    p3 = position("q4")
    mine = jaipur.scenario(market={"camel": 3, "cloth": 2}, hands=[{"cloth": 3}, {}],
                           bonus=[[(3, 3), (3, 3)], [(3, 1)]], seed=12).observation(0)
    empty = jaipur.scenario(market={"camel": 3, "cloth": 2}, hands=[{"cloth": 5}, {}],
                            bonus=[[(5, 10), (5, 9)], [(5, 10), (5, 8), (5, 8)]], seed=13).observation(0)
    return [Case("a new game, sale of 3", (fresh, 3)), Case("a new game, sale of 4", (fresh, 4)),
            Case("a new game, sale of 7", (fresh, 7)), Case("a new game, sale of 2", (fresh, 2)),
            Case("position 'q4' (you hold a 3-card bonus), sale of 3", (p3.observation(0), 3)),
            Case("you hold two 3-card bonus tokens worth 3, sale of 3", (mine, 3)),
            Case("the 5-card stack is empty, sale of 5", (empty, 5))]


q4b = FunctionQuestion(
    "q4b", "the range and expected value of a bonus token", "q4b_bonus_estimate",
    rules=("JAI-COMP-3", "JAI-SELL-3", "JAI-SETUP-6"),
    hints=("jaipur.BONUS_TOKENS[3] lists every 3-card bonus token; sizes above 5 use the 5-card stack.",
           "observation['bonus_tokens'][observation['player']] are your own tokens, with their values.",
           "observation['bonus_tokens_left'][str(size)] is how many tokens of that size remain face down."),
    cases=_q4b_cases, expected=_bonus_odds, compare=_q4b_compare,
    make_case=_q4_make_case, game="jaipur", signature="q4b_bonus_estimate(observation, count)",
)


# --- q4c: the best sale now --------------------------------------------------------------------------

def _sale_value(state: jaipur.State, action: Sell) -> float:
    observation = state.observation(state.current_player)
    return (_goods_rupees_of_sale(state, action.good, action.count)
            + _bonus_odds(observation, action.count)[2])


def _q4c_expected(state: jaipur.State) -> tuple:
    values = {a: _sale_value(state, a) for a in state.legal_actions() if a.kind == "sell"}
    if not values:
        return (None, 0.0, state)
    best = max(values, key=values.get)
    return (best, values[best], state)


def _q4c_compare(got: Any, want: tuple, case: Case) -> None:
    best, value, state = want
    if best is None:
        if got is not None:
            raise NotSolved(f"there is no legal sale here, so the answer is None; your function returned {short(got)}.",
                            "Precious goods are sold 2 or more at a time (JAI-SELL-4).")
        return
    if not isinstance(got, Sell):
        raise NotSolved(f"your function returned {short(got)}; it should return a sale such as "
                        "jaipur.Sell('cloth', 3) (or None when no sale is legal).")
    problem = state.why_illegal(got)
    if problem is not None:
        raise NotSolved(f"your sale {got!r} is not legal here: {problem}",
                        "Pick among the sales in state.legal_actions().")
    mine = _sale_value(state, got)
    if mine < value - 1e-9:
        raise NotSolved(f"your sale {got!r} is worth {mine:g} rupees (goods tokens + expected bonus), but "
                        f"another sale is worth {value:g}.",
                        "Try every legal sale: value = q4a's goods rupees + q4b's expected bonus.")



def _q4c_cases() -> list[Case]:
    big = jaipur.scenario(market={"camel": 3, "cloth": 2}, hands=[{"leather": 5, "gold": 2}, {}], seed=14)
    none = jaipur.scenario(market={"camel": 3, "cloth": 2}, hands=[{"gold": 1, "silver": 1}, {}], seed=15)
    return [Case("position 'q4'", (position("q4"),)), Case("5 leather or 2 gold", (big,)),
            Case("no legal sale", (none,)), Case("a round after 24 random moves", (random_position(16, 24),))]


q4c = FunctionQuestion(
    "q4c", "the best sale now", "q4c_best_sale",
    rules=("JAI-SELL-1", "JAI-SELL-2", "JAI-SELL-3", "JAI-SELL-4"),
    hints=("Loop over state.legal_actions() and keep the sales (action.kind == 'sell').",
           "Value of a sale = q4a_sale_rupees(state, a.good, a.count) + q4b_bonus_estimate(observation, a.count)[2].",
           "Return the sale with the highest value, or None when the loop found no sale."),
    cases=_q4c_cases, expected=_q4c_expected, compare=_q4c_compare, none_ok=True,
    uses={"q4a_sale_rupees": q4a, "q4b_bonus_estimate": q4b}, game="jaipur", signature="q4c_best_sale(state)",
)


# --- q2a: the hand limit in an exchange --------------------------------------------------------------

def _q2a_read(answer: Any, keys) -> dict:
    return {None: _whole_number(answer, "q2a_max_camels")}


def _q2a_wrong(keys: list, values: dict) -> NotSolved:
    return NotSolved(f"{short(values[None])} is not the largest number of camels player 0 may give back in "
                     "position 'q2'.", "Each camel given back is paid from the herd, while each good taken lands "
                     "in the hand: count the hand after the exchange (JAI-TAKE-7).")


q2a = ValueQuestion(
    "q2a", "camels given back under the hand limit", "q2a_max_camels",
    rules=("JAI-TAKE-2", "JAI-TAKE-7"),
    hints=("Player 0 holds 6 cards. Taking goods adds cards to the hand; giving goods back removes them; giving "
           "camels back removes nothing from the hand.",
           "After the exchange the hand holds 6 + (camels given back) cards."),
    game="jaipur", read=_q2a_read, wrong=_q2a_wrong, expects="a whole number",
    digests={None: "56c0371fc6b821df8af22949352945103aa1d0b2dff7fbbe0e04f32fd9396717"},
)


# --- q2b: every legal exchange -----------------------------------------------------------------------

def _exchange_position(market: dict, hand: dict, herd: int) -> jaipur.State:
    return jaipur.scenario(market=dict(market), hands=[dict(hand), {}], herds=(herd, 0))


def _q2b_expected(market: dict, hand: dict, herd: int) -> list:
    state = _exchange_position(market, hand, herd)
    return [a for a in state.legal_actions() if a.kind == "exchange"]


def _as_exchange(item: Any) -> Exchange:
    if isinstance(item, Exchange):
        return item
    if isinstance(item, (tuple, list)) and len(item) == 2:
        try:
            return Exchange(list(item[0]), list(item[1]))
        except (TypeError, ValueError) as exc:
            raise NotSolved(f"{short(item)} is not an exchange: {exc}") from None
    raise NotSolved(f"{short(item)} is not an exchange; use jaipur.Exchange(take=[...], give=[...]).")


def _q2b_compare(got: Any, want: list, case: Case, part: str | None = None) -> None:
    """Part "legal": every exchange listed is legal, none twice; part "complete": none is missing."""
    market, hand, herd = case.args
    if isinstance(got, (str, bytes, dict)) or not hasattr(got, "__iter__"):
        raise NotSolved(f"your function returned {short(got)}; it should return a list of jaipur.Exchange moves.")
    mine = [_as_exchange(item) for item in got]
    right, yours = set(want), set(mine)
    if part in (None, "legal"):
        _q2b_legal(mine, right, case)
    if part in (None, "complete"):
        missed = [a for a in want if a not in yours]
        if missed:
            raise NotSolved(f"you found {len(yours & right)} of the {len(right)} legal exchanges; you missed for "
                            f"example {missed[0]!r}.",
                            "Any take of 2 or more market goods, any mix of goods (of other types) and camels given "
                            "back, as long as the hand ends with 7 cards or fewer.")


def _q2b_legal(mine: list, right: set, case: Case) -> None:
    market, hand, herd = case.args
    if len(set(mine)) != len(mine):
        twice = next(a for a in mine if mine.count(a) > 1)
        raise NotSolved(f"your list holds {twice!r} more than once.",
                        "Each exchange once: Exchange(take=['cloth', 'spice'], ...) equals Exchange(take=['spice', 'cloth'], ...).")
    wrong = [a for a in mine if a not in right]
    if wrong:
        problem = _exchange_position(market, hand, herd).why_illegal(wrong[0])
        raise NotSolved(f"{len(wrong)} of your exchanges are not legal, for example {wrong[0]!r}: {problem}",
                        "Check each rule of an exchange: JAI-TAKE-2, 3, 4, 6 and 7.")


def _q2b_make_case(item: Any) -> Case:
    """A grader's extra case: a State (the player to move's market, hand and herd) or (market, hand, herd)."""
    if isinstance(item, jaipur.State):
        seen = item.observation(item.current_player)
        return Case("a position from the grader", (seen["market"], seen["hand"], seen["herds"][item.current_player]))
    return Case("a case from the grader", tuple(item))


def _q2b_cases() -> list[Case]:
    p4 = POSITIONS["q2"]
    data = [("position 'q2'", p4["market"], p4["hands"][0], p4["herds"][0]),
            ("two cloth on display", {"cloth": 2, "spice": 1, "camel": 2}, {"cloth": 1, "leather": 2}, 2),
            ("only camels on display", {"camel": 5}, {"cloth": 2, "spice": 1}, 3),
            ("a full hand, no herd", {"diamond": 2, "gold": 1, "leather": 2},
             {"cloth": 3, "spice": 2, "silver": 2}, 0),
            ("two types on display, 5 cards in hand", {"spice": 3, "leather": 2},
             {"diamond": 1, "gold": 2, "spice": 1, "cloth": 1}, 3)]
    return [Case(label, (m, h, n)) for label, m, h, n in data]


q2b = FunctionQuestion(
    "q2b", "list every legal exchange", "q2b_exchanges",
    rules=("JAI-TAKE-2", "JAI-TAKE-3", "JAI-TAKE-4", "JAI-TAKE-6", "JAI-TAKE-7"),
    hints=("itertools.product(range(a + 1), range(b + 1), ...) gives every way to take 0..a of one type, "
           "0..b of the next, ...",
           "For each take of k >= 2 goods, give back k cards: goods of types you did not take, and camels for the rest.",
           "Camels given back add to the hand size after the exchange: hand + camels <= 7."),
    cases=_q2b_cases, expected=_q2b_expected, compare=_q2b_compare, make_case=_q2b_make_case,
    parts={"legal": "every exchange listed is legal, none twice", "complete": "no legal exchange is missing"},
    game="jaipur", signature="q2b_exchanges(market, hand, herd)",
)


# --- q5: scoring a round -----------------------------------------------------------------------------

def _round_data(result: dict) -> dict:
    """What the learner gets from a finished round: tokens held and herds (the camel token left out)."""
    return {"goods_tokens": [[list(t) for t in result["goods_tokens_held"][s]] for s in (0, 1)],
            "bonus_tokens": [[list(t) for t in result["bonus_tokens_held"][s]] for s in (0, 1)],
            "herds": list(result["herds"])}


def _crafted_round(tokens, bonus, herds) -> dict:
    """Play out a crafted end of round with the engine and return its result.

    ``tokens``: per seat, goods tokens taken from the top of each stack (seat 0 first), as counts;
    ``bonus``: per seat, (size, rupees) bonus tokens; ``herds``: camels per seat. The deck is empty,
    so when player 0 takes the one good of the market the market cannot be refilled and the round
    ends (JAI-END-2); the engine then scores it (JAI-END-3..5). A position this close to the end is
    built reachable by ``scenario`` (every earlier sale holds its tokens); the question is about
    scoring given piles, so the piles are then set to exactly the crafted ones.
    """
    camels = 11 - sum(herds)
    state = jaipur.scenario(market={"camel": camels, "leather": 5 - camels},
                            hands=[{"diamond": 2, "gold": 2, "silver": 2}, {"spice": 2, "leather": 3, "cloth": 2}],
                            herds=herds, deck_size=0, seed=0)
    taken = {good: 0 for good in GOODS}
    piles = [[], []]
    for seat in (0, 1):
        for good, n in tokens[seat].items():
            g = GOODS.index(good)
            piles[seat] += [(g, v) for v in jaipur.GOODS_TOKENS[g][taken[good]:taken[good] + n]]
            taken[good] += n
    state.goods_tokens = piles
    state.bonus_tokens = [[tuple(t) for t in bonus[seat]] for seat in (0, 1)]
    state.apply(TakeOne("leather"))
    assert state.round_over, "the crafted round should be over"
    return state.round_results[-1]


CRAFTED_ROUNDS = {
    "tied on rupees, more bonus tokens": ([{"cloth": 2}, {"spice": 1}], [[], [(3, 3)]], (4, 4)),
    # 21 rupees each (cloth 13 + leather 4 + bonus 4; diamonds 19 + bonus 2), one bonus token each, 5 goods tokens to 3
    "tied on rupees and bonus tokens, more goods tokens": ([{"cloth": 4, "leather": 1}, {"diamond": 3}],
                                                           [[(4, 4)], [(3, 2)]], (4, 4)),
    # 23 rupees each; player 0 has MORE bonus tokens (2 to 1) worth LESS (3 to 8): counting them, not adding
    # their values, gives the seal to player 0 (JAI-END-5)
    "tied on rupees, more bonus tokens worth less": ([{"leather": 3, "spice": 3}, {"cloth": 5}],
                                                     [[(3, 2), (3, 1)], [(5, 8)]], (4, 4)),
    "tied on everything": ([{"cloth": 1}, {"spice": 1}], [[], []], (4, 4)),
    "the camel token decides": ([{"cloth": 2}, {"spice": 2}], [[], []], (5, 2)),
    "the camel token is not a goods token": ([{"cloth": 1}, {}], [[], []], (2, 5)),
}


_RESULTS: dict[str, dict] = {}
"""The engine's result of every round a q5 case was made from, keyed by the round data as JSON."""


def _key(data: dict) -> str:
    return json.dumps(data, sort_keys=True)


def _round_case(label: str, result: dict) -> Case:
    data = _round_data(result)
    _RESULTS[_key(data)] = result
    return Case(label, (data,))


def _q5_cases() -> list[Case]:
    cases = [_round_case(label, _crafted_round(*spec)) for label, spec in CRAFTED_ROUNDS.items()]
    cases += [_round_case(f"a random round (seed {seed})", _finished_round(seed)) for seed in (1, 2, 3)]
    return cases


def _q5_make_case(item: Any) -> Case:
    """A grader's extra case: a seed (a random first round) or round data whose herds hold 7+ camels."""
    if isinstance(item, int) and not isinstance(item, bool):
        return _round_case(f"a random round (seed {item})", _finished_round(item))
    if isinstance(item, dict):
        herds = item.get("herds", (0, 0))
        if sum(herds) < 7:
            raise ValueError("extra round data for q5 needs 7 or more camels in the two herds (the engine plays the "
                             "end of the round out with the other camels in the market); or pass a seed instead")
        tokens = [{}, {}]
        for seat in (0, 1):
            for good, _ in item["goods_tokens"][seat]:
                tokens[seat][good] = tokens[seat].get(good, 0) + 1
        bonus = [[tuple(t) for t in item["bonus_tokens"][s]] for s in (0, 1)]
        return _round_case("a round from the grader", _crafted_round(tokens, bonus, tuple(herds)))
    raise ValueError(f"an extra q5 case is a seed or a round_data dict, not {item!r}")


def _q5_result(data: dict) -> dict:
    """The engine's result of the round a case was made from."""
    return _RESULTS[_key(data)]


def _q5a_expected(data: dict) -> list:
    return list(_q5_result(data)["rupees"])


def _q5a_compare(got: Any, want: list, case: Case) -> None:
    values = _numbers(got, 2, "a list [rupees of player 0, rupees of player 1]")
    if values != [float(w) for w in want]:
        (data,) = case.args
        herds = data["herds"]
        if herds[0] == herds[1]:
            hint = "The herds are equal: nobody takes the camel token (JAI-END-3)."
        else:
            hint = "Add the goods tokens, the bonus tokens, and 5 rupees of the camel token for the larger herd (JAI-END-3)."
        raise NotSolved(f"the rupees are {want}; your function says {[int(v) if v.is_integer() else v for v in values]}.",
                        hint)


def _q5b_expected(data: dict):
    return _q5_result(data)["winner"]


def _q5b_compare(got: Any, want, case: Case) -> None:
    if got is not None and (isinstance(got, bool) or not isinstance(got, int) or got not in (0, 1)):
        raise NotSolved(f"your function returned {short(got)}; it should return 0, 1 or None.")
    if got != want:
        (data,) = case.args
        rupees = _q5_result(data)["rupees"]
        if rupees[0] != rupees[1]:
            hint = "The richer player wins the round, camel token included (JAI-END-3, JAI-END-4)."
        else:
            hint = ("Tied on rupees: more bonus tokens wins (count them, do not add them up); still tied, more goods "
                    "tokens; still tied, nobody (JAI-END-5). The camel token is neither a bonus nor a goods token.")
        raise NotSolved(f"the winner is {'nobody (None)' if want is None else 'player ' + str(want)}; your function "
                        f"says {short(got)}.", hint)



q5a = FunctionQuestion(
    "q5a", "the rupees of each player at the end of a round", "q5a_round_rupees",
    rules=("JAI-END-3", "JAI-END-4"),
    hints=("round_data['goods_tokens'][0] is a list of [good, rupees] pairs of player 0.",
           "round_data['bonus_tokens'][0] is a list of [size, rupees] pairs: add the rupees.",
           "The camel token: 5 rupees to the player with more camels in round_data['herds']; nobody on a tie."),
    cases=_q5_cases, expected=_q5a_expected, compare=_q5a_compare,
    make_case=_q5_make_case,
    game="jaipur", signature="q5a_round_rupees(round_data)",
)

q5b = FunctionQuestion(
    "q5b", "who wins the round, tie-breaks included", "q5b_round_winner",
    rules=("JAI-END-3", "JAI-END-4", "JAI-END-5"),
    hints=("Compare rupees first (your q5a_round_rupees helps).",
           "On a tie, count the bonus tokens of each player: len(round_data['bonus_tokens'][seat]).",
           "Still tied: count the goods tokens; still tied: return None."),
    cases=_q5_cases, expected=_q5b_expected, compare=_q5b_compare, none_ok=True,
    make_case=_q5_make_case, uses={"q5a_round_rupees": q5a},
    game="jaipur", signature="q5b_round_winner(round_data)",
)


# --- q6: a bot ---------------------------------------------------------------------------------------

q6 = AgentQuestion(
    "q6", "a bot that beats the random bot, then the greedy bot", "Q6Bot",
    rules=("JAI-TURN-1", "JAI-SELL-2", "JAI-SELL-3", "JAI-TAKE-7"),
    hints=("Start simple: look at view.legal_actions and return the first sale you find, else the first move.",
           "view.observation['goods_tokens_left'][good] shows what a sale pays now; sell big or precious goods.",
           "When there is no good sale, take the good whose stack still pays the most; camels last.",
           "To beat greedy, be patient: collect a type you already hold and sell 3 or more at once (bonus "
           "tokens), sell diamonds, gold and silver in pairs, and take camels only when the market shows many."),
    game="jaipur", seed=2024,
    tiers={"random": Tier("random", need=0.85, matches=200,
                          words="tier 1: beat the random bot (95 % sure of a win rate above 85 %)"),
           "greedy": Tier("greedy", need=0.5, matches=200,
                          words="tier 2: beat the greedy bot (95 % sure of a win rate above 50 %)")},
)


def win_rate(bot: Any, matches: int = 50, seed: int = 0, opponent: str = "random") -> float | None:
    """Play ``matches`` matches of ``bot`` (class, instance or function) against ``opponent``; print and return its win rate.

    Not graded: a quick test for the scratch cell (seats swapped every other match). A bot that
    fails, loops or is too slow (1 s a move, 60 s in all) is reported in a line, not with a
    traceback, and None is returned; so are bad arguments.
    """
    from ..agents import AGENTS

    if isinstance(matches, bool) or not isinstance(matches, int) or not 1 <= matches <= 2000:
        print(f"win_rate: matches must be a whole number from 1 to 2000, not {short(matches)}.")
        return None
    if isinstance(seed, bool) or not isinstance(seed, int):
        print(f"win_rate: seed must be a whole number, not {short(seed)}.")
        return None
    if not isinstance(opponent, str) or opponent not in AGENTS:
        print(f"win_rate: opponent must be one of {', '.join(map(repr, AGENTS))}, not {short(opponent)}.")
        return None
    tier = Tier(opponent, need=0.0, matches=matches)
    trial = AgentQuestion("win_rate", f"{matches} matches against {opponent}", "your bot", game="jaipur",
                          tiers={"trial": tier}, seed=seed)

    return trial_win_rate(trial, tier, bot, seed, "matches")



# --- q7: the coach's verdict (exercise notebook: what would the coach play?) -----------------------------

q7 = coach_question("jaipur", "q7", digests={
    "a": "c6fb709d2e580135c79029f4e84b1df4448698c85017ba886b05b2aa4daf44db",
    "b": "50f17b9a7e947e408a5cf731986f0b8f7647a63e6058236ebc22e5fcfda956f2",
    "c": "70fedf7e403a5c60149bed1f9b43e5ad40fa3522b37db2793647404f5a5826ff"})
"""The coach's move in three positions (:mod:`caravan_lessons.exercises.coach_verdicts`); the explanation is
graded by hand in the notebook."""


QUESTIONS = {q.label: q for q in (q1a, q1b, q2a, q2b, q3a, q3b, q4a, q4b, q4c, q5a, q5b, q6, q7)}
"""Every Jaipur question by label."""
