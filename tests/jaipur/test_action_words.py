"""Actions in words: an exchange names what it takes and gives back (str() of every kind of action)."""
import pytest

from caravan_lessons import jaipur


@pytest.mark.rule("JAI-TAKE-2")
def test_an_exchange_reads_in_words():
    action = jaipur.Exchange(["cloth", "cloth"], ["camel", "leather"])
    assert str(action) == "exchange: take 2 cloth, give back 1 leather and 1 camel"
    state = jaipur.new_game(seed=3)
    assert all(str(a) for a in state.legal_actions())  # every kind, exchanges included
