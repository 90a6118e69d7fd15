"""Counts and articles in the words learners read: the one helper (``core.plural``, ``core.a_or_an``) and the
logs of Samarkand, Caravan and Marco Polo games played to the end by random bots (testers saw "1 coins",
"1 camels", "a Egypt camel" and Raschid's "place unset, unset")."""
import random
import re

import pytest

from caravan_lessons.core import a_or_an, plural

WRONG = [
    (re.compile(r"(?<![\d.-])1 (coins|camels|points|victory points|dirhams|cards|goods cards|actions|unused actions|"
                r"cubes|steps|times|demand markers|goods|dice|contracts|tiles|goods tiles|camel groups)\b"), "a plural for 1"),
    (re.compile(r"(?<![\d.-])(0|[2-9]|\d\d+) (coin|camel|point|victory point|dirham|card|action|cube|step|time|"
                r"demand marker|die|contract|tile)\b(?! (of|from|on|in))"), "a singular for several"),
    (re.compile(r"\ba [AEIOUaeiou8]"), "'a' before a vowel"),
    (re.compile(r"\ban [^AEIOUaeiou8\d\s]"), "'an' before a consonant"),
    (re.compile(r"unset|\(s\)"), "an unfinished word"),
]


def wrong_words(lines) -> list[str]:
    return [f"{why}: {line}" for line in lines for pattern, why in WRONG if pattern.search(line)]


def test_plural_and_article():
    assert plural(1, "coin") == "1 coin" and plural(0, "coin") == "0 coins" and plural(2, "coin") == "2 coins"
    assert plural(-1, "point") == "-1 point" and plural(-3, "point") == "-3 points"
    assert plural(2, "die", "dice") == "2 dice" and plural(1, "die", "dice") == "1 die"
    assert plural(3, "goods card") == "3 goods cards"
    assert [a_or_an(w) for w in ("Egypt", "Arab", "India", "camel", "Persia", "8", "11", "18", "1", "110")] == [
        "an Egypt", "an Arab", "an India", "a camel", "a Persia", "an 8", "an 11", "an 18", "a 1", "a 110"]


def test_the_checker_finds_the_words_testers_saw():
    assert len(wrong_words(["Player 0 gets 1 coins (x).", "pays 1 camels", "places a Egypt camel",
                            "place unset, unset set to 3", "discards 1 card(s)", "3 coin"])) == 6
    assert wrong_words(["Player 0 gets 1 coin and 2 camels.", "places an Egypt camel", "1 to 6 steps"]) == []


def _random_game(module, state, seed: int, limit: int = 20_000, policy=None) -> list[str]:
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(policy(state, rng) if policy else legal[rng.randrange(len(legal))])
    assert state.is_terminal()
    return [str(e) for e in state.events] + [state.score_sheet().verdict] + [r.item for r in state.score_sheet().rows]


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (5, 3)])
def test_samarkand_logs(players, seed):
    from caravan_lessons import samarkand

    lines = _random_game(samarkand, samarkand.new_game(players, seed=seed), seed)
    assert any(" camel on " in line for line in lines)
    assert wrong_words(lines) == []


@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2)])
def test_caravan_logs(players, seed):
    from caravan_lessons import caravan
    from caravan_lessons.caravan.agents import playout_policy    # random play seldom delivers: the bots' playout

    lines = _random_game(caravan, caravan.new_game(players, seed=seed), seed, policy=playout_policy)
    assert wrong_words(lines) == []


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 5), (4, 2)])
def test_marco_polo_logs(players, seed):
    from caravan_lessons import marco_polo

    lines = _random_game(marco_polo, marco_polo.new_game(players, seed=seed), seed)
    assert any("coin" in line for line in lines)
    assert wrong_words(lines) == []


def test_raschid_places_dice_he_sets_and_the_app_says_so():
    from caravan_lessons.marco_polo import Place
    from caravan_lessons.marco_polo.actions import dice_text
    from caravan_lessons.ui.marco_polo_app import MarcoPoloApp

    assert str(Place("travel", (("own", 0), ("own", 0)), 3)) == "place 2 dice set to 3 on travel"
    assert str(Place("moneybag", (("black", 0),), 1)).startswith("place 1 black die set to 1 on ")
    assert dice_text([("own", 0), ("own", 0), ("black", 0)], 4) == "2 dice and 1 black die set to 4"
    assert dice_text([("own", 0)] * 5) == "5 dice to set"
    assert dice_text([("black", 4), ("own", 0)], 2) == "black 4, 1 die set to 2"
    app = MarcoPoloApp(players=2, seed=1, seats=["human", "random"])       # seat 0 plays Raschid (first game)
    try:
        assert app.state.characters[0] == "raschid"
        assert "unset" not in app.status.value and "5 dice to set" in app.status.value
        assert app.select_space("travel")
        labels = [label for label, _a in app.choice_list.options]
        assert labels and not wrong_words(labels) and all("set to" in label for label in labels)
        app.play_selected()
        assert "unset" not in app.log_view.value and "unset" not in app.boards_view.value
    finally:
        app.close()


@pytest.mark.rule("MP-BAZAAR-1")
def test_a_bazaar_column_choice_names_what_the_column_gives():
    """A tester saw "column: 1" in every language: the choice of a bazaar column is worded with its reward."""
    from caravan_lessons import marco_polo as mp
    from caravan_lessons.marco_polo import Choose
    from caravan_lessons.moves import move_words

    state, rng = mp.new_game(players=2, seed=0), random.Random(0)
    for _ in range(2000):
        columns = [a for a in state.legal_actions() if isinstance(a, Choose) and a.kind == "column"]
        if columns:
            break
        state.apply(rng.choice(state.legal_actions()))
    else:
        pytest.fail("no bazaar column choice met")
    words = [move_words("marco_polo", state, a) for a in columns]
    assert words[0].startswith("bazaar column 1: ") and all(":" in w and "column:" not in w for w in words), words
    assert str(columns[0]) == "bazaar column 1"
