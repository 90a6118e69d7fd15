"""The coach exercises (caravan_lessons.exercises.coach_verdicts): the stored verdicts are the coach's own,
each one clear (the chosen move's interval above the others'), and the answers are read forgivingly."""
import pytest

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
    letter = next(k for k, move in options(game, key).items() if move == str(advice.best.action))
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
