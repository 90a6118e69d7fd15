"""The four games as PettingZoo AEC environments (caravan_lessons/interop/pettingzoo.py).

PettingZoo's own ``api_test`` and ``seed_test`` on every game and player count, truncation at
``max_actions``, the project's picture as ``render()``, and bad input refused with the state unchanged.
"""
from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from caravan_lessons.core import RuleViolation  # noqa: E402
from caravan_lessons.interop.games import GAMES  # noqa: E402
from caravan_lessons.interop.pettingzoo import env  # noqa: E402

CASES = [(game, n) for game in GAMES for n in GAMES[game].players]
CYCLES = {"jaipur": 200, "samarkand": 150, "caravan": 60, "marco_polo": 40}
"""api_test cycles in CI (a Marco Polo step builds a mask of 335,480 ids; a Caravan game is long)."""


@pytest.mark.parametrize("game, players", CASES)
def test_api_test_and_seed_test(game, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # PettingZoo warns that dict observations are not arrays (as for chess)
        api_test(env(game, players, max_actions=150), num_cycles=CYCLES[game])
        seed_test(lambda: env(game, players, max_actions=150), num_cycles=CYCLES[game] // 2)


@pytest.mark.slow
@pytest.mark.parametrize("game, players", CASES)
def test_api_test_whole_games(game, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(game, players), num_cycles=1000)


def play(e, seed: int, limit: int = 10**6):
    """Play random masked actions to the end; return (decisions, last rewards, terminated, truncated)."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    decisions, ends = 0, {}
    for agent in e.agent_iter(limit):
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            ends[agent] = (reward, terminated, truncated)
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += 1
    return decisions, ends


def test_an_episode_that_reaches_max_actions_is_truncated_not_ended():
    decisions, ends = play(env("caravan", 2, max_actions=50), seed=1)
    assert decisions == 50
    assert set(ends) == {"player_0", "player_1"}
    assert all(truncated and not terminated and reward == 0 for reward, terminated, truncated in ends.values())


@pytest.mark.parametrize("game", ["jaipur", "samarkand"])
def test_a_finished_game_ends_with_zero_sum_rewards(game):
    e = env(game, 2)
    decisions, ends = play(e, seed=2)
    assert e.state.is_terminal() and decisions == e.actions_taken
    rewards = [ends[a][0] for a in e.possible_agents]
    assert all(ends[a][1] and not ends[a][2] for a in e.possible_agents)
    assert sum(rewards) == 0 and sorted(rewards) in ([-1.0, 1.0], [0.0, 0.0])


def test_the_agent_selected_is_the_seat_the_engine_asks():
    """A Samarkand sale is decided by the holder of the card, who may not be the player whose turn it is."""
    from caravan_lessons.samarkand import SALE

    e = env("samarkand", 3)
    rng = np.random.default_rng(3)
    e.reset(seed=3)
    for agent in e.agent_iter(2000):
        obs, *_ = e.last()
        assert agent == f"player_{e.state.current_player}"
        assert obs["action_mask"].any()
        if e.state.phase == SALE and e.state.current_player != e.state.active:
            others = [a for a in e.possible_agents if a != agent]
            assert not any(e.observe(a)["action_mask"].any() for a in others)
            return
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    pytest.fail("no sale for another seat in the random game")


@pytest.mark.parametrize("game", GAMES)
def test_render_is_the_projects_picture(game):
    e = env(game, 2, render_mode="rgb_array")
    e.reset(seed=4)
    picture = e.render()
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
    assert picture.shape[0] > 200 and picture.shape[1] > 400 and picture.std() > 10   # not a blank canvas
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        quiet = env(game, 2)
        quiet.reset(seed=4)
        assert quiet.render() is None and caught


@pytest.mark.parametrize("game", GAMES)
def test_observations_are_built_once_a_step_read_only_and_right(game):
    e = env(game, max_actions=40)
    e.reset(seed=3)
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        again = e.observe(agent)
        assert again["observation"] is obs["observation"] and again["action_mask"] is obs["action_mask"]
        for array in obs.values():
            with pytest.raises(ValueError, match="read-only"):
                array[0] = 1
        seat = e.possible_agents.index(agent)
        assert np.array_equal(obs["observation"], e.codec.observe(e.state.observation(seat)))
        assert list(np.flatnonzero(obs["action_mask"])) == e.codec.legal_ids(e.state)
        others = [e.observe(a)["action_mask"] for a in e.possible_agents if a != agent]
        assert not any(mask.any() for mask in others)
        e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        assert e.observe(agent)["observation"] is not obs["observation"]       # a new step: new arrays


@pytest.mark.parametrize("game", GAMES)
def test_sample_of_the_given_mask_is_gymnasiums_own_draw(game):
    """``action_space(agent).sample(obs["action_mask"])`` picks among the env's legal ids: the very draw
    gymnasium's ``Discrete.sample`` makes of that mask from the same seed, whatever the number of legal ids;
    a copy of the mask, or another mask, is gymnasium's own path."""
    from gymnasium import spaces

    e = env(game, max_actions=60)
    e.reset(seed=5)
    plain = {agent: spaces.Discrete(e.codec.n) for agent in e.possible_agents}
    for k, agent in enumerate(e.possible_agents):
        e.action_space(agent).seed(100 + k)
        plain[agent].seed(100 + k)
    sizes = set()
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        sizes.add(int(mask.sum()))
        space = e.action_space(agent)
        assert space == plain[agent] and isinstance(space, spaces.Discrete)
        assert space._issued[0] is mask          # the draw below is the fast one
        action = space.sample(mask)
        assert action == plain[agent].sample(mask) and type(action) is np.int64
        assert space.sample(mask.copy()) == plain[agent].sample(mask.copy())   # gymnasium's path, same stream
        e.step(action)
    assert len(sizes) > 3          # many numbers of legal ids, a single one among them in most games
    e.reset(seed=6)
    changed = e.last()[0]["action_mask"]
    assert e.action_space(e.agent_selection)._issued[0] is changed
    changed.flags.writeable = True        # the given mask made writeable and changed: gymnasium's scan of it
    changed[:] = 0
    changed[7] = 1
    assert e.action_space(e.agent_selection).sample(changed) == 7


def test_bad_input_is_refused_and_the_state_is_unchanged():
    e = env("jaipur")
    e.reset(seed=5)
    before = e.state.to_dict()
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[10])
    with pytest.raises(RuleViolation, match=f"JAI-[A-Z]+-[0-9]: player_0 chose action {illegal} .*not legal now"):
        e.step(illegal)
    for bad in (25_503, -1, 2.5, "3"):
        with pytest.raises(ValueError, match="jaipur codec"):
            e.step(bad)
    with pytest.raises(ValueError, match="give an action id"):
        e.step(None)
    with pytest.raises(ValueError, match="unknown agent 'player_2'"):
        e.observe("player_2")
    assert e.state.to_dict() == before and e.actions_taken == 0 and e.agent_selection == "player_0"
    e.step(np.int64(np.flatnonzero(obs["action_mask"])[0]))        # numpy integers are ids too
    assert e.actions_taken == 1


def test_bad_environments_are_refused():
    with pytest.raises(ValueError, match="unknown game 'go'"):
        env("go")
    with pytest.raises(ValueError, match="jaipur: players must be 2"):
        env("jaipur", 3)
    with pytest.raises(ValueError, match="samarkand: players must be 2, 3, 4, 5"):
        env("samarkand", True)
    with pytest.raises(ValueError, match="render_mode must be None or 'rgb_array'"):
        env("caravan", render_mode="human")
    with pytest.raises(ValueError, match="max_actions must be a whole number"):
        env("marco_polo", max_actions=0)
    with pytest.raises(ValueError, match="reset\\(\\) the jaipur environment"):
        env("jaipur").step(0)
