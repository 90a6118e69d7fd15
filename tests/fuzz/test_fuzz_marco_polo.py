"""Fuzz for Marco Polo: random games with the invariants checked at every decision, junk actions at
random positions (refused with an MP-* rule ID, the state unchanged), and mutated saved games refused
with one SaveFileError (never another exception). Figures are tallied like every game's."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caravan_lessons import marco_polo as mp
from caravan_lessons.core import RuleViolation, SaveFileError

from .registry import EXAMPLES, GAMES, SCALE, play_to_the_end, tally
from .strategies import mutated

FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])


def check_invariants(state) -> None:
    """What must hold after every decision of any game."""
    n = state.players
    assert 1 <= state.round <= 5
    for seat in range(n):
        assert state.coins[seat] >= 0 and state.camels[seat] >= 0 and min(state.goods[seat]) >= 0, seat
        held = sum(seat in owners for owners in state.posts.values())
        wilhelm = state.characters[seat] == "wilhelm" and state.phase != "setup"  # his 2 come after setup (MP-CHAR-7)
        assert held + state.posts_left[seat] == (11 if wilhelm else 9), seat
        assert len(state.active[seat]) <= 2
        for colour, value in state.dice[seat]:
            assert colour in ("own", "black", "white") and 0 <= value <= 6
    for city, owners in state.posts.items():
        assert len(owners) == len(set(owners)), city           # MP-TRAVEL-8: one post per player per city
        assert state.map.kind[city] in ("small", "large", "beijing"), city
    assert len(state.posts.get("beijing", [])) <= 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_invariants_at_every_decision(players):
    games = 2 * SCALE
    for g in range(games):
        seed = 1000 * players + g
        rng = random.Random(seed)
        state = mp.new_game(players, seed=seed, characters=rng.sample(mp.CHARACTERS, players))
        decisions = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions, "a live game always offers a decision"
            state.apply(actions[rng.randrange(len(actions))])
            check_invariants(state)
            decisions += 1
            if decisions % 97 == 0:  # saved and loaded mid-game: the same position
                again = mp.State.from_dict(json.loads(json.dumps(state.to_dict())))
                assert again.to_dict() == state.to_dict()
            assert decisions < 20_000
        sheet = state.score_sheet()
        assert state.round == 5 and sheet.totals() == [sum(r.points for r in sheet.rows if r.player == s)
                                                        for s in range(players)]
        tally(f"marco_polo random games ({players} players)", "accepted")


_POSITIONS: list = []


def positions() -> list:
    if not _POSITIONS:
        for seed in range(8):
            rng = random.Random(seed)
            players = 2 + seed % 3
            state = mp.new_game(players, seed=seed, characters=rng.sample(mp.CHARACTERS, players))
            for step in range(500):
                if state.is_terminal():
                    break
                if step % 17 == 0:
                    _POSITIONS.append(state.clone())
                actions = state.legal_actions()
                state.apply(actions[rng.randrange(len(actions))])
    return _POSITIONS


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.floats(allow_nan=True, width=16), st.text(max_size=5),
                 st.sampled_from(["venezia", "beijing", "own", "white", "coins", "city:0", "travel", "khan"]))
DIE = st.one_of(st.tuples(st.sampled_from(["own", "black", "white", "grey"]), st.integers(-1, 7)), JUNK)
ACTIONS = st.one_of(
    st.builds(mp.Place, st.one_of(st.sampled_from(["coins", "bazaar:camel", "bazaar:gold", "khan", "contracts",
                                                   "travel", "moneybag", "city:4"]), JUNK),
              st.one_of(st.lists(DIE, max_size=4).map(tuple), JUNK), st.one_of(st.integers(-1, 7), JUNK)),
    st.builds(mp.Fulfil, st.one_of(st.integers(-1, 45), JUNK)), st.builds(mp.Reroll, DIE),
    st.builds(mp.Adjust, DIE, st.one_of(st.sampled_from([-1, 1, 2]), JUNK)), st.just(mp.BuyBlackDie()),
    st.just(mp.EndTurn()),
    st.builds(mp.Move, st.one_of(st.lists(st.lists(st.sampled_from(["venezia", "oasis_a", "moscow", "alexandria",
                                                                     "oasis_e", "samarcanda"]), max_size=4)
                                          .map(tuple), max_size=3).map(tuple), JUNK)),
    st.builds(mp.Choose, st.one_of(st.sampled_from(["column", "goods", "contract", "repeat", "compensation",
                                                    "discard", "move_post", "cities", "copy", "character"]), JUNK),
              JUNK),
    JUNK,
)


@FUZZ
@given(which=st.integers(0, 10_000), action=ACTIONS)
def test_any_action_is_played_or_refused_with_a_rule_and_the_state_unchanged(which, action):
    states = positions()
    state = states[which % len(states)].clone()
    before = state.to_dict()
    try:
        problem = state.why_illegal(action)
    except Exception as exc:
        tally("marco_polo actions", "failed")
        raise AssertionError(f"why_illegal({action!r}) raised {type(exc).__name__}: {exc}") from exc
    if problem is None:
        state.apply(action)
        check_invariants(state)
        tally("marco_polo actions", "accepted")
        return
    assert problem.rule.startswith("MP-") and "\n" not in str(problem)
    with pytest.raises(RuleViolation) as refused:
        state.apply(action)
    assert refused.value.rule == problem.rule
    assert state.to_dict() == before
    tally("marco_polo actions", "refused")


@FUZZ
@given(data=st.data())
def test_mutated_saved_games_are_refused_with_one_save_file_error(data):
    game = GAMES["marco_polo"]
    save = game.valid_save(data.draw(st.integers(0, 30)))
    bad = data.draw(mutated(save))
    try:
        state = mp.State.from_dict(bad)
    except SaveFileError as exc:
        ok = "\n" not in str(exc) and len(str(exc)) < 400
        tally("marco_polo saves (SaveFileError only)", "refused" if ok else "failed")
        assert ok, str(exc)[:500]
        return
    except Exception as exc:
        tally("marco_polo saves (SaveFileError only)", "failed")
        raise AssertionError(f"{type(exc).__name__} instead of SaveFileError: {exc}") from exc
    check_invariants(state)
    try:
        play_to_the_end(game, state, 1)
    except Exception:
        tally("marco_polo saves (SaveFileError only)", "failed")
        raise
    tally("marco_polo saves (SaveFileError only)", "accepted")
