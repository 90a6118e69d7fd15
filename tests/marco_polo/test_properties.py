"""Random games keep the invariants (fast by default; ``pytest --run-slow`` or MP_GAMES=500 for the big run).

Checked after every action: coins, camels, goods never negative; every die is on a board or on an action
space (own 5, Matteo's white, 5 black dice in all); no player has two posts in one city and posts on the
map plus posts left are 9 (11 for Wilhelm); the game ends after round 5; the score sheet adds up.
"""
import os
import random

import pytest

from caravan_lessons import marco_polo as mp
from caravan_lessons.core import RuleViolation

FAST = int(os.environ.get("MP_GAMES", "12"))


def check_invariants(s):
    n = s.players
    for p in range(n):
        assert s.coins[p] >= 0 and s.camels[p] >= 0 and min(s.goods[p]) >= 0
        assert len(s.active[p]) <= 2
        held = sum(p in o for o in s.posts.values())
        assert held + s.posts_left[p] == (11 if s.characters[p] == "wilhelm" else 9)
        assert s.posts_left[p] >= 0
        if s.phase == "play" and s.round_started:
            own = sum(c == "own" for c, _ in s.dice[p]) + sum(
                1 for placed in s.spaces.values() for q, c, _ in placed if q == p and c == "own")
            assert own == 5
            white = sum(c == "white" for c, _ in s.dice[p]) + sum(
                1 for placed in s.spaces.values() for q, c, _ in placed if q == p and c == "white")
            assert white == (1 if s.characters[p] == "matteo" else 0)
    for city, owners in s.posts.items():
        assert len(owners) == len(set(owners)) and city in s.map.cities
    black = s.black_dice + sum(c == "black" for pool in s.dice for c, _ in pool) + sum(
        c == "black" for placed in s.spaces.values() for _, c, _ in placed)
    assert black == 5 or not s.round_started
    assert 1 <= s.round <= 5


def play(seed, players):
    rng = random.Random(seed)
    chars = rng.sample(mp.CHARACTERS, players)
    s = mp.new_game(players, seed=seed, characters=chars)
    rounds_seen = {s.round}
    steps = 0
    while not s.is_terminal():
        s.round_started = not any(t[0] == "roll" for t in s.tasks)
        check_invariants(s)
        acts = s.legal_actions()
        assert acts and len(set(acts)) == len(acts)
        s.apply(acts[rng.randrange(len(acts))])
        rounds_seen.add(s.round)
        steps += 1
        assert steps < 5000
    s.round_started = True
    check_invariants(s)
    assert rounds_seen == {1, 2, 3, 4, 5} and s.round == 5
    sheet = s.score_sheet()
    for p in range(players):
        during = sum(r.points for r in sheet.rows if r.player == p and r.source.startswith("play:"))
        assert during == s.vp[p]
        assert sheet.totals()[p] == sum(r.points for r in sheet.rows if r.player == p)
    assert s.winners and (sheet.winner is None) == (len(s.winners) > 1)
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_invariants(players):
    for seed in range(FAST):
        play(1000 * players + seed, players)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_500_random_games_per_player_count(players):
    for seed in range(500):
        play(100_000 * players + seed, players)


def test_the_same_seed_replays_the_same_game():
    a, b = play(77, 3), play(77, 3)
    assert a.to_dict() == b.to_dict()


def test_a_refused_action_changes_nothing():
    rng = random.Random(5)
    s = mp.new_game(4, seed=5, characters=rng.sample(mp.CHARACTERS, 4))
    probes = [mp.EndTurn(), mp.Place("travel", (("own", 6), ("own", 6))), mp.Choose("column", 9),
              mp.Move((("venezia", "beijing"),)), mp.Fulfil(99), mp.BuyBlackDie(), mp.Place("nowhere", ())]
    for _ in range(300):
        if s.is_terminal():
            break
        for probe in probes:
            if probe in s.legal_actions():
                continue
            before = s.to_dict()
            problem = s.why_illegal(probe)
            if problem is not None:
                with pytest.raises(RuleViolation):
                    s.apply(probe)
                assert s.to_dict() == before and problem.rule.startswith("MP-")
        acts = s.legal_actions()
        s.apply(acts[rng.randrange(len(acts))])


def test_fast_placements_match_the_plain_reference():
    from caravan_lessons.marco_polo import movegen

    compared = 0
    for seed in range(8):
        rng = random.Random(seed)
        s = mp.new_game(4, seed=seed, characters=rng.sample(mp.CHARACTERS, 4))
        while not s.is_terminal():
            if not s.tasks and not s.main_done:
                assert movegen.placements(s, s.current) == s._placements(s.current)
                compared += 1
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])
    assert compared > 300
