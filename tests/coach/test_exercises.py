"""The coach exercises (caravan_lessons.exercises.coach_verdicts): the stored verdicts are the coach's own,
each one clear (the chosen move's interval above the others'), and the answers are read forgivingly."""
import pytest

from caravan_lessons.moves import move_words

from caravan_lessons.exercises import caravan, jaipur, marco_polo, samarkand
from caravan_lessons.exercises.coach_verdicts import POSITIONS, coach_verdict, options, position

QUESTIONS = {"jaipur": jaipur.q7, "samarkand": samarkand.q7, "caravan": caravan.q10, "marco_polo": marco_polo.q8}
CASES = [(game, key) for game in POSITIONS for key in POSITIONS[game]]


@pytest.mark.parametrize("game,key", CASES)
def test_the_stored_verdict_is_the_coachs_and_clear(game, key):
    entry = POSITIONS[game][key]
    state = position(game, key)
    legal = {str(a) for a in state.legal_actions()}
    assert set(entry.moves) <= legal and len(entry.moves) in (2, 3)
    advice = coach_verdict(game, key)
    assert advice.clear, [str(e) for e in advice.judged]
    letter = "ABC"[entry.moves.index(str(advice.best.action))]
    question = QUESTIONS[game]
    assert question.right(key, letter)
    assert not any(question.right(key, other) for other in options(game, key) if other != letter)
    assert set(entry.rules) <= set(question.rules)


def test_answers_by_letter_or_in_words_and_wrong_ones_explained(capsys):
    q = QUESTIONS["jaipur"]
    assert q.check({"a": "a", "b": " C ", "c": "exchange: take 2 diamonds, give back 2 camels"})
    assert "public checks passed" in capsys.readouterr().out
    assert not q.check({"a": "B", "b": "C", "c": "B"}, part="a")
    out = capsys.readouterr().out
    assert "position a (one card left in the deck; case 1 of 3): the coach does not prefer B" in out and "JAI-END-2" in out
    assert q.check({"a": "A", "b": "C", "c": "B"}, part="b")
    assert not q.check({"a": "Z"}) and "give the letter of one of the moves offered" in capsys.readouterr().out
    assert not q.check(["A", "C", "B"]) and "should be a dict" in capsys.readouterr().out


def test_the_moves_offered_are_in_the_learners_words_in_the_language_shown(monkeypatch):
    """The exercises listed the moves by the engine's ids ("place a levant camel on g9", "fulfil contract 43"):
    they are worded as the apps list moves, translated, and an answer in those words (or the engine's) is read."""
    from caravan_lessons.exercises.coach_verdicts import show_position
    from caravan_lessons.i18n import language

    assert options("samarkand", "a")["A"] == "place a Levant camel on cedar wood (9)"
    assert options("samarkand", "c") == {"A": "keep cedar wood (9)", "B": "sell cedar wood (9) for 3 dirhams"}
    assert options("marco_polo", "a")["A"] == "fulfil #43: 1 camel + 2 silk -> 5 coins + 3 VP"
    assert options("caravan", "b")["A"] == "place a camel on space 5 (1 action)"
    for game, key in CASES:
        state = position(game, key)
        legal = {str(a): a for a in state.legal_actions()}
        assert list(options(game, key).values()) == [move_words(game, state, legal[m]) for m in POSITIONS[game][key].moves]
    with language("fi"):
        assert options("samarkand", "a")["A"] == "aseta Levantti-suvun kameli ruutuun setripuu (9)"
        assert options("jaipur", "a")["A"] == "myy: 5 timanttia"
        q = QUESTIONS["samarkand"]
        assert q._read({"a": "aseta Levantti-suvun kameli ruutuun setripuu (9)", "b": "B", "c": "C"}, ["a"])["a"] == "A"
    q = QUESTIONS["samarkand"]
    assert q._read({"a": "place a Levant camel on cedar wood (9)"}, ["a"])["a"] == "A"
    assert q._read({"a": "place a levant camel on g9"}, ["a"])["a"] == "A"         # the engine's name still reads
    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda *objects, **_: shown.extend(objects))
    show_position("samarkand", "a")
    text = next(o.data for o in shown if isinstance(o, IPython.display.Markdown))
    assert "- **A**: place a Levant camel on cedar wood (9)" in text and "g9" not in text


@pytest.mark.parametrize("simulations", [float("nan"), float("inf"), pytest.param(10**30, id="1e30"), -1, 0, 1.5, "4", None, True])
def test_a_bad_number_of_simulations_is_one_clear_error_not_a_hang(simulations):
    with pytest.raises(ValueError, match="simulations is a whole number from 1 to 10,000,000, not"):
        coach_verdict("jaipur", "b", simulations)


@pytest.mark.parametrize("game,key", [(["jaipur"], "a"), ("jaipur", ["a"]), ({"jaipur"}, "a"), ("jaipur", {"a": 1}),
                                      ({"jaipur": 1}, "a")])
@pytest.mark.parametrize("call", [options, position, coach_verdict])
def test_a_list_or_dict_as_game_or_key_is_an_unknown_one(call, game, key):
    with pytest.raises(ValueError, match="no coach exercise for|no position"):
        call(game, key)


@pytest.mark.parametrize("part", [["a"], {"a": 1}, {"a"}])
def test_a_list_as_part_is_no_part(part):
    with pytest.raises(ValueError, match="has no part"):
        QUESTIONS["jaipur"].check({"a": "A", "b": "A", "c": "A"}, part=part)
