"""The coach exercises, one per game: predict the coach's verdict on three positions, then explain one.

    from caravan_lessons.exercises.coach_verdicts import POSITIONS, coach_question, show_position
    show_position("jaipur", "a")       # the position drawn or described, and its three moves A, B, C
    q = coach_question("jaipur")       # the game's question (Jaipur q7, Samarkand q7, Caravan q10, Marco Polo q8)
    q.check({"a": "A", "b": "C", "c": "B"})

Each position offers three moves (A, B, C), named in the learner's words as the apps list them, in the
language in use (:func:`caravan_lessons.moves.move_words`: "place a Levant camel on cedar wood (9)", not the
engine's "g9"); the answer is which one the coach prefers, by letter or in the move's words (the engine's
name of the move is read too). The coach decides among the three alone, with a fixed number of simulations and seed, so
its verdict is the same on every machine; the package stores only the digests of the verdicts (as for
every value question) and the tests check them against the coach itself (``tests/coach/test_exercises.py``),
with the coach's intervals apart, so no verdict hangs on the luck of the simulations. The hand-graded part
("explain why, naming the rule clauses") is in the notebook.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .framework import NotSolved, ValueQuestion, short

__all__ = ["POSITIONS", "SIMULATIONS", "CoachPosition", "coach_question", "coach_verdict", "options",
           "position", "show_position"]

SIMULATIONS = 600
"""Simulations the coach spends on each position of the exercises (with seed 0)."""


@dataclass(frozen=True)
class CoachPosition:
    """One position of a coach exercise: how to build it, the three moves offered (``moves``: the engine's
    ``str(action)``, which finds them among the legal moves; :func:`options` words them for the learner), the
    rules in play."""

    game: str
    key: str
    title: str
    build: Callable[[], Any]
    moves: tuple[str, ...]
    rules: tuple[str, ...]


def _jaipur_last_turn():
    from ..jaipur import scenario

    return scenario(market={"camel": 2, "leather": 3},
                    hands=[{"diamond": 5, "leather": 1}, {"gold": 2, "silver": 2, "cloth": 3}],
                    herds=(4, 5), deck_size=1, seed=1)


def _jaipur_four_cloth():
    from ..jaipur import scenario

    return scenario(market={"camel": 2, "spice": 2, "silver": 1}, hands=[{"cloth": 4, "leather": 2},
                                                                       {"gold": 2, "spice": 1}], herds=(2, 2), seed=3)


def _jaipur_diamonds():
    from ..jaipur import scenario

    return scenario(market={"diamond": 2, "camel": 1, "leather": 2}, hands=[{"diamond": 2, "cloth": 1},
                                                                          {"diamond": 1, "spice": 2}],
                    herds=(3, 2), seed=5)


def _samarkand_relation():
    from ..samarkand import scenario

    return scenario(3, held={0: ["levant"], 1: ["byzantium"], 2: ["egypt"]}, hands={0: [5, 6], 1: [1, 2], 2: [3, 4]},
                    camels={"l1": ["byzantium"]}, active=0)


def _samarkand_marriage():
    from ..samarkand import scenario

    return scenario(3, held={1: ["byzantium"], 2: ["egypt"]}, hands={0: [31, 33, 23], 1: [1, 2], 2: [3, 4]}, active=0)


def _samarkand_sale():
    from ..samarkand import Place, scenario

    state = scenario(3, held={0: ["india"], 1: ["levant"], 2: ["egypt"]}, hands={0: [9, 31], 1: [1, 2], 2: [3, 4]},
                     active=1)
    state.apply(Place("levant", "g9"))  # player 1 reaches glass (9): player 0, who holds its card, decides
    return state


def _caravan_last_delivery():
    from ..caravan.scenario import last_delivery

    return last_delivery()


def _caravan_steal():
    from ..caravan import scenario

    return scenario(2, camels={0: [((5, 3), None), ((4, 3), None), ((2, 2), None)],
                               1: [((5, 3), "gems"), ((1, 1), None)]},
                    goods={(5, 1): "meat", (0, 0): "salt"}, tokens=[1, 1], current=0, actions_left=1)


def _caravan_chain():
    from ..caravan import scenario

    return scenario(2, camels={0: [((2, 6), "cloth"), ((1, 6), None)], 1: [((5, 0), None), ((6, 1), "paper")]},
                    goods={(0, 0): "salt", (6, 6): "hides"}, current=0, actions_left=2)


def _marco_polo_travel_first():
    from ..marco_polo.scenario import scenario

    return scenario(goods={0: {"silk": 2}}, camels={0: 2})


def _marco_polo_silk():
    from ..marco_polo.scenario import scenario

    return scenario(goods={0: {"silk": 0}}, camels={0: 3}, dice={0: (5, 6)})


def _marco_polo_gold():
    from ..marco_polo.scenario import scenario

    return scenario(goods={0: {"gold": 4}}, camels={0: 2}, dice={0: (3, 5)})


POSITIONS: dict[str, dict[str, CoachPosition]] = {
    "jaipur": {p.key: p for p in (
        CoachPosition("jaipur", "a", "one card left in the deck", _jaipur_last_turn,
                      ("sell 5 diamonds", "take all the camels in the market", "sell 1 leather"),
                      ("JAI-END-2", "JAI-SELL-2", "JAI-SELL-3")),
        CoachPosition("jaipur", "b", "four cloth in hand", _jaipur_four_cloth,
                      ("sell 2 cloth", "sell 3 cloth", "sell 4 cloth"), ("JAI-SELL-2", "JAI-SELL-3")),
        CoachPosition("jaipur", "c", "diamonds in the market", _jaipur_diamonds,
                      ("sell 2 diamonds", "exchange: take 2 diamonds, give back 2 camels",
                       "take all the camels in the market"), ("JAI-TAKE-2", "JAI-SELL-4", "JAI-COMP-2")),
    )},
    "samarkand": {p.key: p for p in (
        CoachPosition("samarkand", "a", "a Byzantium camel next to Levant's start", _samarkand_relation,
                      ("place a levant camel on g9", "marry into persia", "place a levant camel on l1"),
                      ("SAM-REL-1", "SAM-REL-3", "SAM-REL-4")),
        CoachPosition("samarkand", "b", "three cards in the east", _samarkand_marriage,
                      ("marry into india", "marry into byzantium", "marry into arab"),
                      ("SAM-MARRY-1", "SAM-SCORE-1")),
        CoachPosition("samarkand", "c", "a card whose space a stranger reached", _samarkand_sale,
                      ("keep goods card 9", "sell goods card 9 for 3 dirhams"),
                      ("SAM-GOODS-2", "SAM-GOODS-4", "SAM-SCORE-1")),
    )},
    "caravan": {p.key: p for p in (
        CoachPosition("caravan", "a", "the bag is empty", _caravan_last_delivery,
                      ("end the turn", "place a camel on r0c2", "move ivory from r1c3 to r0c3"),
                      ("CAR-END-1", "CAR-MOVE-2", "CAR-SCORE-3")),
        CoachPosition("caravan", "b", "gems on a rival's camel", _caravan_steal,
                      ("place a camel on r5c1", "steal gems from player 1 on r5c3", "end the turn"),
                      ("CAR-STEAL-1", "CAR-COMP-2")),
        CoachPosition("caravan", "c", "cloth one step from Sijilmasa, two actions left", _caravan_chain,
                      ("place a camel on r3c6", "move cloth from r2c6 to r1c6", "end the turn"),
                      ("CAR-MOVE-1", "CAR-MOVE-2", "CAR-ACT-1")),
    )},
    "marco_polo": {p.key: p for p in (
        CoachPosition("marco_polo", "a", "silk for the starting contract", _marco_polo_travel_first,
                      ("fulfil contract 43", "place 3 on take 5 coins", "place 3, 5 on travel"),
                      ("MP-BONUS-1", "MP-BONUS-2", "MP-TRAVEL-1")),
        CoachPosition("marco_polo", "b", "no silk yet", _marco_polo_silk,
                      ("place 5 on take 5 coins", "place 5, 6 on the bazaar (silk)", "place 5 on the bazaar (camels)"),
                      ("MP-BAZAAR-1", "MP-BAZAAR-2", "MP-BONUS-2")),
        CoachPosition("marco_polo", "c", "four gold and a contract that wants them", _marco_polo_gold,
                      ("place 3 on take contracts", "place 3 on take 5 coins", "place 3 on the bazaar (camels)"),
                      ("MP-CONTRACT-1", "MP-BONUS-1", "MP-BONUS-2")),
    )},
}
"""The positions of each game's coach exercise, by key ``"a"``, ``"b"``, ``"c"``."""

LETTERS = "ABC"


def position(game: str, key: str):
    """A new copy of position ``key`` of ``game``'s coach exercise.

    Raises:
        ValueError: an unknown game or key.
    """
    return _entry(game, key).build()


def options(game: str, key: str) -> dict[str, str]:
    """The moves offered in a position, letter -> the move in the learner's words, in the language in use
    (``{"A": "sell 5 diamonds", ...}``; :func:`caravan_lessons.moves.move_words`, as the apps list moves).

    Raises:
        ValueError: an unknown game or key.
    """
    from ..moves import move_words

    state, actions = _offered(game, key)
    return {letter: move_words(game, state, action) for letter, action in actions.items()}


def _offered(game: str, key: str) -> tuple[Any, dict[str, Any]]:
    """``(state, letter -> engine action)`` of position ``key``."""
    from ..i18n import language

    entry = _entry(game, key)
    state = entry.build()
    with language("en"):   # the engine's names of the moves are read in English (``moves`` are), whatever is shown
        legal = {str(a): a for a in state.legal_actions()}
    return state, {letter: legal[move] for letter, move in zip(LETTERS, entry.moves)}


def _entry(game: str, key: str) -> CoachPosition:
    if not isinstance(game, str) or game not in POSITIONS:    # a list or a dict is no game (nor hashable)
        raise ValueError(f"no coach exercise for {short(game)}; the games are {', '.join(POSITIONS)}")
    if not isinstance(key, str) or key not in POSITIONS[game]:
        raise ValueError(f"no position {short(key)}; the positions are {', '.join(POSITIONS[game])}")
    return POSITIONS[game][key]


def coach_verdict(game: str, key: str, simulations: int = SIMULATIONS):
    """The coach's :class:`~caravan_lessons.coach.Hint` on position ``key``, deciding among its offered moves
    only (seed 0, ``simulations`` simulations): what the exercise's answers are checked against.

    Raises:
        ValueError: an unknown game or key, or ``simulations`` not a whole number from 1 to 10,000,000
            (:func:`caravan_lessons.coach.hints.check_simulations`; None, a time budget, is no verdict).
    """
    from ..coach.hints import advise, check_simulations

    simulations = check_simulations(simulations, allow_none=False)
    state, offered = _offered(game, key)
    actions = list(offered.values())
    return advise(game, state.observation(state.current_player), actions, budget_s=None, simulations=simulations,
                  seed=0, width=len(actions))


def show_position(game: str, key: str) -> None:
    """Show position ``key``: a picture of it (the table or the board, as its seat sees it) and the moves
    offered, lettered."""
    from IPython.display import Markdown, display

    entry = _entry(game, key)
    state = entry.build()
    seat = state.current_player
    _draw(game, state, seat)
    lines = [f"**Position {key}: {entry.title}.** Player {seat} decides. Rules in play: "
             + ", ".join(f"**{r}**" for r in entry.rules) + "."]
    lines += [f"- **{letter}**: {move}" for letter, move in options(game, key).items()]
    display(Markdown("\n".join(lines)))


def _draw(game: str, state, seat: int) -> None:
    from ..viz import show

    if game == "jaipur":
        from ..viz.jaipur import draw_table

        show(draw_table(state.observation(seat)))
    elif game == "samarkand":
        from ..viz.samarkand import draw_map

        show(draw_map(state, highlight=[]).figure)
    elif game == "caravan":
        from ..viz.caravan import state_figure

        show(state_figure(state))
    else:
        from ..viz.marco_polo import draw_map, draw_player_board

        show(draw_map(state, player=seat).figure)
        show(draw_player_board(state, seat))


def _read(game: str, label: str):
    def read(answer: Any, keys) -> dict:
        if not isinstance(answer, dict):
            raise NotSolved(f"{label}_coach should be a dict {{'a': 'A', 'b': ..., 'c': ...}}: a letter (or the "
                            f"move's words) per position, not {short(answer)}.")
        values = {}
        for key in keys:
            if key not in answer:
                raise NotSolved(f"{label}_coach has no answer for position {key!r}.",
                                "One letter per position: 'A', 'B' or 'C'.")
            values[key] = _letter(game, key, answer[key], label)
        return values
    return read


def _letter(game: str, key: str, value: Any, label: str) -> str:
    offered = options(game, key)
    if isinstance(value, str):
        text = value.strip()
        if text.upper() in offered:
            return text.upper()
        engine = dict(zip(LETTERS, _entry(game, key).moves))
        for letter, move in offered.items():
            if text.lower() in (move.lower(), engine[letter].lower()):   # the learner's words, or the engine's
                return letter
    raise NotSolved(f"{label}_coach[{key!r}] is {short(value)}: give the letter of one of the moves offered "
                    f"({', '.join(offered)}) or the move in words.")


def _wrong(game: str, label: str):
    def wrong(keys: list, values: dict) -> NotSolved:
        key = keys[0]
        entry = _entry(game, key)
        number = list(POSITIONS[game]).index(key) + 1
        return NotSolved(f"position {key} ({entry.title}; case {number} of {len(POSITIONS[game])}): the coach does not "
                         f"prefer {values[key]} ({options(game, key)[values[key]]}).",
                         f"Think about what each move changes at once and what it gives the other players; the "
                         f"rules in play are {', '.join(entry.rules)}. Then run coach_verdict('{game}', '{key}') "
                         "in the scratch cell and read its reason.")
    return wrong


def coach_question(game: str, label: str, digests: dict[str, str]) -> ValueQuestion:
    """The value question ``label`` of ``game``'s coach exercise, with the digests of the coach's verdicts
    (the letters) for positions a, b, c, one point each."""
    entries = POSITIONS[game]
    rules = tuple(dict.fromkeys(r for e in entries.values() for r in e.rules))
    return ValueQuestion(
        label, "predict the coach's move in three positions", f"{label}_coach", rules=rules,
        hints=("For each position, ask what the move changes at once (points, tokens, cards) and what it lets the "
               "others do next; the coach plays the game on many times from each move and compares.",
               "The rules listed under each position are the ones that decide it.",
               "After you commit to your answers, run coach_verdict(game, key) in the scratch cell: its reason "
               "names what changes and the rule clauses."),
        game=game, read=_read(game, label), wrong=_wrong(game, label),
        expects="a dict {'a': 'A', 'b': 'B', 'c': 'C'} (a letter per position)",
        parts={key: (f"position {key}", (key,)) for key in entries}, digests=digests)
