"""Random well- and ill-formed actions: each is either legal or refused with an MP rule ID, state unchanged."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caravan_lessons import marco_polo as mp
from caravan_lessons.core import RuleViolation

junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 50), st.floats(allow_nan=False, width=16),
                 st.text(max_size=6), st.sampled_from(["venezia", "beijing", "own", "black", "coins", "city:3",
                                                       "city: 3", "city:03", "travel", "khan", "moneybag"]))
die = st.one_of(st.tuples(st.sampled_from(["own", "black", "white", "red"]), st.one_of(st.integers(0, 7), junk)),
                junk)
dice = st.one_of(st.lists(die, max_size=4).map(tuple), junk)
space = st.one_of(st.sampled_from(["coins", "bazaar:camel", "bazaar:pepper", "bazaar:silk", "bazaar:gold", "khan",
                                   "contracts", "travel", "moneybag"] + [f"city:{i}" for i in range(31)]), junk)
path = st.one_of(st.lists(st.sampled_from(["venezia", "oasis_a", "moscow", "alexandria", "oasis_e", "xian"]) | junk,
                          max_size=4).map(tuple), junk)
actions = st.one_of(
    st.builds(mp.Place, space, dice, st.one_of(st.integers(-1, 7), junk)),
    st.builds(mp.Fulfil, junk), st.builds(mp.Reroll, die), st.builds(mp.Adjust, die, junk),
    st.just(mp.BuyBlackDie()), st.just(mp.EndTurn()),
    st.builds(mp.Move, st.one_of(st.lists(path, max_size=3).map(tuple), junk)),
    st.builds(mp.Choose, st.sampled_from(["column", "goods", "contract", "repeat", "compensation", "discard",
                                          "move_post", "cities", "copy", "character"]) | junk, junk),
)

POSITIONS = []


def positions():
    if not POSITIONS:
        for seed in range(6):
            rng = random.Random(seed)
            s = mp.new_game(2 + seed % 3, seed=seed, characters=rng.sample(mp.CHARACTERS, 2 + seed % 3))
            for step in range(400):
                if s.is_terminal():
                    break
                if step % 23 == 0:
                    POSITIONS.append(s.clone())
                acts = s.legal_actions()
                s.apply(acts[rng.randrange(len(acts))])
    return POSITIONS


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), actions)
def test_any_action_is_played_or_refused_cleanly(which, action):
    states = positions()
    state = states[which % len(states)].clone()
    before = state.to_dict()
    problem = state.why_illegal(action)
    if problem is None:
        assert action in state.legal_actions() or isinstance(action, mp.Move)
        state.apply(action)
    else:
        assert problem.rule.startswith("MP-")
        try:
            state.apply(action)
        except RuleViolation as exc:
            assert exc.rule == problem.rule
        else:
            raise AssertionError(f"{action!r} applied although why_illegal said {problem}")
        assert state.to_dict() == before


def test_booleans_and_floats_are_not_numbers():
    from .helpers import refused, turn_state

    s = turn_state(("berke", "johannes"), dice=[1, 3], camels=[5, 2])
    s.active[0] = [41]
    s.goods[0] = [0, 0, 1]
    refused(s, mp.Fulfil(True), "MP-BONUS-2")
    refused(s, mp.Reroll(("own", True)), "MP-BONUS-4")
    refused(s, mp.Adjust(("own", 3), 1.0), "MP-BONUS-5")
    refused(s, mp.Place("coins", (("own", 3),), 0.0), "MP-CHAR-1")
    refused(s, mp.Place("coins", (("own", 3.0),)), "MP-TURN-1")
    s.apply(mp.Place("contracts", (("own", 3),)))
    refused(s, mp.Choose("contract", True), "MP-CONTRACT-1")
    refused(s, mp.Choose("contract", 1.0), "MP-CONTRACT-1")
    s.posts["moscow"] = [0]
    s.tasks = []
    s.main_done = False
    card = s.city_cards["moscow"][0]
    refused(s, mp.Place(f"city: {card}", (("own", 1),)), "MP-CITY-1")
