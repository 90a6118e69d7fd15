"""Bad input at every public interop entry point: one bounded line naming the codec, the seat or the
parameter, and the state left as it was (the fuzzing pass of the last stop, and our own).

Faults fixed here, each with its test: a PettingZoo ``step`` after every agent left (``KeyError``),
``last()`` then and before ``reset()`` (``KeyError``/``AttributeError``); ``legal_mask``/``legal_ids``
of ``None`` or another game's state (``AttributeError`` or an all-zero mask) and of ids out of range
(``-1`` marked the last id, ``N`` an IndexError); a huge id written out whole (4,056 characters);
OpenSpiel's ``apply_action(-1)`` and ``observation_string(-1)`` (pyspiel's two-line C++ CHECKs),
``apply_action(10**30)``/``(None)`` (a TypeError printing the whole state), ``max_actions`` beyond a
C++ int through our ``load`` (pybind's cast error); unhashable agents, a numpy array as an id, an
observation missing its fields, ``chance_outcomes()`` at a decision, ``GameEvaluator`` of a non-game.
"""
# ruff: noqa: B023 - every lambda here is called at once by one_line, inside its loop turn
from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from caravan_lessons.core import MESSAGE_LIMIT, RuleViolation  # noqa: E402
from caravan_lessons.interop import openspiel  # noqa: E402
from caravan_lessons.interop.games import GAMES, spec  # noqa: E402
from caravan_lessons.interop.pettingzoo import env  # noqa: E402

HUGE = 10**5000
MALFORMED = (None, 1.5, float("nan"), "3", b"3", [], {}, (1,), object(), np.float64(2.0), np.array([1, 2]),
             "x" * 10**6)
"""Values that are not whole numbers at all (bools apart: they are refused too, see below)."""


def one_line(call, error=ValueError, *words):
    """``call()`` raises ``error``: one line of at most MESSAGE_LIMIT characters holding ``words``."""
    with pytest.raises(error) as info:
        call()
    text = str(info.value)
    assert text and "\n" not in text and len(text) <= MESSAGE_LIMIT, (len(text), text[:300])
    for word in words:
        assert word in text, (word, text)
    return text


def other_state(game):
    return spec("jaipur" if game != "jaipur" else "caravan").new_game(2, 1)


# --- codecs --------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_legal_mask_and_legal_ids_refuse_what_is_not_a_state_of_their_game(game):
    players = spec(game).default_players
    codec = spec(game).codec(players)
    for bad in (None, 3, "state", other_state(game), {"game": game}):
        for call in (codec.legal_mask, codec.legal_ids):
            one_line(lambda: call(bad), ValueError, f"{game} codec",
                     f"{call.__name__} takes the state of a {game} game")
    if game != "jaipur":      # another player count: a mask of the wrong N would be wrong, not empty
        two = spec(game).new_game(2, 1)
        one_line(lambda: codec.legal_mask(two), ValueError, f"{game} codec ({players} players)", "2-player game")
    state = spec(game).new_game(players, 1)
    assert codec.legal_mask(state).sum() == len(state.legal_actions())


@pytest.mark.parametrize("bad", [None, 3, {"game": "jaipur"}, "other"])
@pytest.mark.parametrize("game", GAMES)
def test_observe_state_names_itself_when_refusing_what_is_not_a_state(game, bad):
    codec = spec(game).codec(spec(game).default_players)
    bad = other_state(game) if bad == "other" else bad
    text = one_line(lambda: codec.observe_state(bad, 0), ValueError, f"{game} codec",
                    f"observe_state takes the state of a {game} game")
    assert "legal_ids" not in text


@pytest.mark.parametrize("game", GAMES)
def test_ids_out_of_range_are_refused_not_wrapped_and_never_written_out_whole(game):
    codec = spec(game).codec(spec(game).default_players)
    state = spec(game).new_game(spec(game).default_players, 1)
    last = f"0..{codec.n - 1}"
    for bad in (-1, codec.n, 2**63, -(10**30)):
        one_line(lambda: codec.decode(bad), ValueError, f"{game} codec", last)
        one_line(lambda: codec.legal_mask(state, [bad]), ValueError, f"{game} codec", last)
    text = one_line(lambda: codec.decode(10**4000), ValueError, f"{game} codec", last, "4001 digits")
    assert len(text) < 120
    one_line(lambda: codec.decode(HUGE), ValueError, f"{game} codec", last)
    for bad in (*MALFORMED, True, np.bool_(True)):
        one_line(lambda: codec.decode(bad), ValueError, f"{game} codec", "whole number")
        one_line(lambda: codec.legal_mask(state, [bad]), ValueError, f"{game} codec")
    for bad in (3, "3", {1: 2}, 2.5):
        one_line(lambda: codec.legal_mask(state, bad), ValueError, f"{game} codec", "sequence of action ids")
    legal = codec.legal_ids(state)
    assert (np.flatnonzero(codec.legal_mask(state, [np.int64(i) for i in legal])) == legal).all()


@pytest.mark.parametrize("game", GAMES)
def test_observe_and_explain_refuse_malformed_observations(game):
    players = spec(game).default_players
    codec = spec(game).codec(players)
    seen = spec(game).new_game(players, 1).observation(0)
    for bad in ({"game": game}, {**seen, "player": 7}, {**seen, "player": True},
                {k: v for k, v in seen.items() if k not in ("market", "camels", "spaces", "hand_sizes")}):
        one_line(lambda: codec.observe(bad), ValueError, f"{game} codec")
    for bad in (None, 3, HUGE, [1.0, 2.0], np.zeros(codec.size + 1), "x" * 10**6, {}):
        one_line(lambda: codec.explain(bad), ValueError, f"{game} codec", f"{codec.size} numbers")
    assert codec.explain(codec.observe(seen)).count("\n") == len(codec.layout) - 1


def test_player_counts_may_be_numpy_integers_not_bools():
    assert spec("samarkand").codec(np.int64(3)).players == 3
    assert openspiel.load("caravan", players=np.int64(2), max_actions=np.int32(50)).num_players() == 2
    e = env("marco_polo", players=np.int8(3), max_actions=np.int64(20))
    assert e.players == 3 and e.max_actions == 20 and type(e.max_actions) is int
    for bad in (True, np.bool_(True), 3.0):
        one_line(lambda: env("samarkand", players=bad), ValueError, "samarkand: players must be 2, 3, 4, 5")


# --- PettingZoo --------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_stepping_a_finished_game_follows_pettingzoo(game):
    e = env(game, max_actions=30)
    e.reset(seed=2)
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            before = (e.state.to_dict(), list(e.agents), e.agent_selection)
            one_line(lambda: e.step(0), ValueError, agent, "step(None)", game)
            assert (e.state.to_dict(), list(e.agents), e.agent_selection) == before
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert not e.agents
    before = e.state.to_dict()
    for action in (0, None, -1, "x"):     # PettingZoo's own wrapper: a warning, nothing changes
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            e.step(action)
        assert len(caught) == 1 and "reset()" in str(caught[0].message) and "\n" not in str(caught[0].message)
    assert e.state.to_dict() == before
    one_line(e.last, ValueError, game, "reset()")
    e.reset(seed=3)                         # and a new game starts as usual
    assert e.agents and e.last()[0]["action_mask"].any()


def test_last_before_reset_and_unhashable_agents_are_one_line():
    e = env("jaipur")
    one_line(e.last, ValueError, "reset()")
    e.reset(seed=1)
    for bad in ([], {}, np.array([1, 2]), None, 0, "x" * 10**6):
        for call in (e.observe, e.action_space, e.observation_space):
            one_line(lambda: call(bad), ValueError, "unknown agent", "player_0, player_1")
    for bad in (*MALFORMED, True, HUGE, -1):
        before = e.state.to_dict()
        one_line(lambda: e.step(bad), ValueError, "jaipur", "0..25502")
        assert e.state.to_dict() == before and e.actions_taken == 0


# --- OpenSpiel -------------------------------------------------------------------------------------

def test_apply_action_refuses_bad_ids_before_pyspiel_sees_them():
    state = openspiel.load("jaipur").new_initial_state()
    for bad in (-1, 99, 10**30, None, 1.5, True, "0"):       # a chance node: the outcomes are the card types
        one_line(lambda: state.apply_action(bad), ValueError, "jaipur: at this chance node (deck) the outcomes "
                                                              "are [0, 1, 2, 3, 4, 5, 6]")
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before, legal = str(state), state.legal_actions()
    for bad in (-1, 25_503, 10**30, HUGE, -(2**40)):
        one_line(lambda: state.apply_action(bad), ValueError, "jaipur codec (2 players): action ids are 0..25502")
        one_line(lambda: state.child(bad), ValueError, "jaipur codec (2 players): action ids are 0..25502")
        one_line(lambda: state.action_to_string(0, bad), ValueError, "jaipur codec")
    for bad in (*MALFORMED, True, np.bool_(False)):
        one_line(lambda: state.apply_action(bad), ValueError, "jaipur codec: an action id is a whole number")
    illegal = next(i for i in range(7, 25_463) if i not in legal)
    one_line(lambda: state.apply_action(np.int64(illegal)), RuleViolation, "JAI-TAKE")
    assert str(state) == before and state.legal_actions() == legal
    state.apply_action(np.int64(legal[0]))                   # numpy integers are ids
    assert len(state.history()) > 0 and str(state) != before


@pytest.mark.parametrize("game", GAMES)
def test_seats_out_of_range_are_refused_naming_the_seats(game):
    players = spec(game).default_players
    state = openspiel.load(game, max_actions=60).new_initial_state()
    one_line(state.observation_string, ValueError, game, "needs a seat")       # at the setup's chance node
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    one_line(state.chance_outcomes, ValueError, game, "chance node only")
    seats = f"seat 0..{players - 1}"
    for bad in (-1, players, 10**30, 1.5, "0", True, np.array([0, 1])):
        for call in (state.observation_string, state.observation_tensor, state.information_state_string,
                     state.information_state_tensor):
            one_line(lambda: call(bad), ValueError, game, seats)
    for bad in (players, -2, 10**30, "0", 1.5):
        one_line(lambda: state.legal_actions(bad), ValueError, game, seats)
        one_line(lambda: state.legal_actions_mask(bad), ValueError, game, seats)
        one_line(lambda: state.action_to_string(bad, 0), ValueError, game, seats)
    seat = state.current_player()
    assert state.observation_string() == state.observation_string(np.int64(seat))
    assert state.legal_actions(seat) == state.legal_actions() and state.legal_actions((seat + 1) % players) == []
    one_line(lambda: state.action_to_string(1, 2, 3), ValueError, "action_to_string takes")
    # -1 (chance) at a decision: our line, not pyspiel's "Called LegalActions for pseudo-player -1"
    one_line(lambda: state.legal_actions(-1), ValueError, game, "not a chance node")
    one_line(lambda: state.legal_actions_mask(-1), ValueError, game, "not a chance node")


@pytest.mark.parametrize("game", GAMES)
def test_resample_refuses_a_sampler_that_is_not_one(game):
    """A fresh fuzzer: ``None`` raised "'NoneType' object is not callable", 2.0 or -1.0 were used, NaN raised
    from int(), and "x" built a 4 GiB string before failing."""
    import pyspiel

    state = openspiel.load(game, max_actions=60).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat, before = state.current_player(), str(state)
    one_line(lambda: state.resample_from_infostate(seat, None), ValueError, game, "probability_sampler")
    for bad in (2.0, -1.0, 1.0, float("nan"), "x", None, True):
        one_line(lambda: state.resample_from_infostate(seat, lambda: bad), ValueError, game, "[0, 1)")
    assert str(state) == before
    assert state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)) is not None


def test_max_actions_beyond_the_limit_is_our_line_through_load():
    for bad in (2**31, 99_999_999_999, 10**30, HUGE, openspiel.MAX_ACTIONS_LIMIT + 1, 0, True, 2.0, "10"):
        one_line(lambda: openspiel.load("samarkand", max_actions=bad), ValueError,
                 "max_actions must be a whole number of decisions, 1 to 100,000")
    assert openspiel.load("samarkand", max_actions=openspiel.MAX_ACTIONS_LIMIT).max_game_length() == 100_000


def test_pyspiel_load_game_refuses_what_its_own_parameter_checks_let_through():
    """pyspiel converts the parameters before our constructor runs (documented in ``load``): what it can
    convert and our rules refuse is our one line; what it cannot convert is OpenSpiel's own error."""
    import pyspiel

    name = openspiel.short_name("caravan")
    for params, words in (({"players": 5}, "players must be 2, 3, 4"), ({"max_actions": 0}, "max_actions"),
                          ({"max_actions": 2**31 - 1}, "1 to 100,000")):
        one_line(lambda: pyspiel.load_game(name, params), ValueError, *words)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game(name, {"colour": 1})


def test_the_evaluator_and_agents_refuse_what_is_not_a_game():
    for bad in (None, 3, "go", object()):
        one_line(lambda: openspiel.GameEvaluator(bad), ValueError, "unknown game")
        one_line(lambda: openspiel.OpenSpielAgent(bad, None), ValueError, "OpenSpielAgent takes a game")
    game = openspiel.load("jaipur")
    one_line(lambda: openspiel.GameEvaluator(game, depth=-1), ValueError, "depth")
    one_line(lambda: openspiel.AgentBot(game, object()), ValueError, "AgentBot takes an agent")
    rng = random.Random(0)
    assert openspiel.GameEvaluator(game, seed=rng.randrange(10)).spec.name == "jaipur"
