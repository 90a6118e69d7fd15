"""Property tests over random games at every player count.

The fast default plays a few dozen games per player count; the big sweep (1,000 games per player
count) runs with ``pytest --run-slow`` or ``CARAVAN_GAMES=1000``. Games are played by the rollout
policy (greedy 85 %, a random kind of action 15 %: steals, odd camel moves and early ends happen),
because uniformly random play hardly ever ends a game (see ``test_uniform_random_rarely_delivers``).
"""
import os
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caravan_lessons import RuleViolation
from caravan_lessons import caravan as c
from caravan_lessons.caravan import EndTurn, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal
from caravan_lessons.caravan.agents import playout_policy

MAX_ACTIONS = 5000
FAST_GAMES = int(os.environ.get("CARAVAN_GAMES", "12"))


def cubes(state) -> Counter:
    return (Counter(state.bag) + Counter(state.goods.values()) + Counter(g for row in state.load for g in row if g)
            + Counter(g for d in state.delivered for g in d))


def check_invariants(state):
    assert cubes(state) == Counter({g: n for g, n in state.cubes_in_game().items() if n})
    assert all(d == 4 for d in state.draws) and len(state.bag) % 4 == 0
    for p in range(state.players):
        assert any(g is None for g in state.load[p])                          # CAR-PICK-4
        for i in range(state.camels):
            good = state.load[p][i]
            assert good is None or good in c.GOODS                            # at most one good, one slot
            assert not state.under[p][i] or good is not None
            assert good is None or state.pos[p][i] is not None
    assert sum(state.tokens) == state.players and min(state.tokens) >= 0
    assert Counter(w for row in state.pos for w in row if w) == Counter({k: v for k, v in state.count.items() if v})
    assert set(state.goods) <= set(state.board.numbered)
    assert state.end_triggered == (not state.bag)


def play_checked(players, seed, learning=False):
    rng = random.Random(seed)
    state = c.new_game(players, seed=seed, learning=learning)
    check_invariants(state)
    steps = 0
    while not state.over:
        assert steps < MAX_ACTIONS, "the game did not end"
        action = playout_policy(state, rng)
        before_pos = [list(r) for r in state.pos]
        before_load = [list(r) for r in state.load]
        loaded_before = [sum(1 for g in r if g) for r in state.load]
        draws_before = len(state.draws)
        state.apply(action)
        steps += 1
        for p in range(players):
            for i in range(state.camels):
                if before_load[p][i] is not None:
                    assert state.pos[p][i] == before_pos[p][i]            # loaded camels never move
        loaded = [sum(1 for g in r if g) for r in state.load]
        change = [a - b for a, b in zip(loaded, loaded_before)]
        p = (state.current if not isinstance(action, EndTurn) else (state.current - 1) % players)
        if isinstance(action, PickUp):
            assert change[p] == 1
        elif isinstance(action, Steal):
            assert change[p] == 1 and change[action.victim] == -1
        elif isinstance(action, MoveGood):
            assert change[p] in (0, -1)                                  # moved on, or delivered
        else:
            assert not any(change)                                       # CAR-PICK-3: never dropped
        if len(state.draws) > draws_before:
            assert isinstance(action, PickUp) and state.draws[-1] == 4
        if steps % 40 == 0:
            check_invariants(state)
    check_invariants(state)
    assert state.score_sheet().winners
    return state, steps


@pytest.mark.rule("CAR-REFILL-3", "CAR-CAMEL-2", "CAR-PICK-3", "CAR-PICK-4", "CAR-END-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_invariants(players):
    for seed in range(FAST_GAMES):
        play_checked(players, seed, learning=seed % 5 == 4)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_thousand_random_games(players):
    lengths = [play_checked(players, 10_000 + seed)[1] for seed in range(1000)]
    assert max(lengths) < MAX_ACTIONS


def test_same_seed_same_game():
    a, _ = play_checked(3, 42)
    b, _ = play_checked(3, 42)
    assert a.to_dict() == b.to_dict()


def universe(state):
    """Every action worth asking about now (a superset of the legal ones)."""
    spaces = state.board.spaces
    p = state.current
    own = sorted({w for w in state.pos[p] if w})
    acts = [EndTurn()] + [PlaceCamel(s) for s in spaces] + [PickUp(s) for s in spaces]
    acts += [MoveCamel(a, b) for a in own for b in spaces]
    acts += [Steal(s, q, g) for s in spaces for q in range(state.players) for g in c.GOODS]
    acts += [MoveGood(a, b, g) for a in own for b in spaces for g in c.GOODS]
    return acts


def test_legal_actions_match_brute_force():
    """legal_actions() (fast tables) == the actions why_illegal() accepts, and each legal action once."""
    rng = random.Random(3)
    for players in (2, 4):
        state = c.new_game(players, seed=players)
        step = 0
        while not state.over and step < 400:
            if step % 23 == 0:
                legal = state.legal_actions()
                assert len(legal) == len(set(legal))
                brute = {a for a in universe(state) if state.why_illegal(a) is None}
                assert set(legal) == brute
            state.apply(playout_policy(state, rng))
            step += 1


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 200), pick=st.integers(0, 10**6))
def test_refused_actions_change_nothing(seed, steps, pick):
    rng = random.Random(seed)
    state = c.new_game(2 + seed % 3, seed=seed)
    for _ in range(steps):
        if state.over:
            break
        state.apply(playout_policy(state, rng))
    candidates = universe(state)
    action = candidates[pick % len(candidates)]
    problem = state.why_illegal(action)
    if problem is None:
        return
    before = state.to_dict()
    with pytest.raises(RuleViolation):
        state.apply(action)
    assert state.to_dict() == before


def test_uniform_random_rarely_delivers():
    """Why the bench and lessons use purposeful bots: uniformly random actions are mostly camel moves."""
    rng = random.Random(0)
    state = c.new_game(4, seed=0)
    for _ in range(3000):
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    assert not state.over and sum(map(len, state.delivered)) < 10
