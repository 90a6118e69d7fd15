"""Invariants over many random Samarkand games at every player count.

Each game is played by a seeded random player. At every decision we check: no space holds more
than 2 camels or 2 of one family (SAM-EXT-3); each family has 12 camels on the board and in
reserve; money is conserved between players, treasuries and the bank (SAM-COMP-3); relation
tiles taken equal twice the relations made, as long as stacks last (SAM-REL-4); every goods card
is in exactly one place; hands (with sold cards) keep the limit (SAM-HAND-1); a random illegal
action is refused with a rule ID and changes nothing. Every game ends (SAM-END-1/2) within a bound,
replays identically from its seed and actions, and survives to_dict/from_dict through JSON text.

Default: 25 games per player count. ``pytest --run-slow`` plays 1,000 per player count
(CARAVAN_SAMARKAND_GAMES overrides that number).
"""
import json
import os
import random

import pytest

from caravan_lessons import RuleViolation
from caravan_lessons.samarkand import Discard, EndTurn, Keep, Marry, Pass, Place, Sell, State, default_board, new_game

BOARD = default_board()
SLOW_GAMES = int(os.environ.get("CARAVAN_SAMARKAND_GAMES", "1000"))


def random_candidate(rng: random.Random):
    """Any well-formed action, legal or not."""
    kind = rng.randrange(7)
    family = rng.choice(BOARD.families).id
    if kind == 0:
        return Marry(family)
    if kind == 1:
        return Place(family, rng.choice(BOARD.spaces))
    if kind == 2:
        return Discard(tuple(sorted(rng.sample(range(1, 34), rng.randrange(3)))))
    if kind == 3:
        return Sell(rng.randrange(1, 34))
    if kind == 4:
        return Keep(rng.randrange(1, 34))
    return EndTurn() if kind == 5 else Pass()


def check_invariants(state: State, start_money: int) -> None:
    for here in state.camels:
        assert len(here) <= 2 and len(set(here)) == len(here)
    for f in range(10):
        assert sum(f in here for here in state.camels) + state.reserve[f] == 12
        assert state.treasury[f] >= 0 and 0 <= state.relation_stack[f] <= 5
    assert sum(state.money) + sum(state.treasury) == start_money + state.bank_out - state.bank_in
    assert all(m >= 0 for m in state.money)
    taken = sum(len(t) for t in state.relation_tiles)
    assert taken == sum(5 - n for n in state.relation_stack) <= 2 * len(state.related)
    if all(state.relation_stack):
        assert taken == 2 * len(state.related)
    cards = sorted(state.deck + state.discard + [c for h in state.hands for c in h] + [c for s in state.sold for c in s])
    assert cards == list(range(1, 34))
    for p in range(state.players):
        over = len(state.hands[p]) + len(state.sold[p]) > state.limit
        assert not over or (state.phase == "discard" and p == state.active)
    assert sum(len(t) for t in state.goods_tiles) == sum(not x for x in state.tile_on_board[1:])


def play_random_game(players: int, seed: int, check_every: int = 1):
    rng = random.Random(seed)
    state = new_game(players, seed=seed)
    start_money = sum(state.money)
    actions = []
    while not state.is_terminal():
        assert len(actions) < 2000, "the game did not end"
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if len(actions) % check_every == 0:
            check_invariants(state, start_money)
            bad = random_candidate(rng)
            if bad not in legal:
                before = state.to_dict()
                problem = state.why_illegal(bad)
                assert isinstance(problem, RuleViolation) and problem.rule.startswith("SAM-")
                with pytest.raises(RuleViolation):
                    state.apply(bad)
                assert state.to_dict() == before
        action = legal[rng.randrange(len(legal))]
        assert state.why_illegal(action) is None
        state.apply(action)
        actions.append(action)
    check_invariants(state, start_money)
    assert state.end_reason in ("SAM-END-1", "SAM-END-2", "SAM-TURN-1")
    assert state.current_player == -1 and state.legal_actions() == []
    return state, actions


@pytest.mark.rule("SAM-EXT-3", "SAM-COMP-3", "SAM-REL-4", "SAM-END-1", "SAM-END-2")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_the_invariants(players):
    for seed in range(25):
        state, actions = play_random_game(players, seed)
        replay = new_game(players, seed=seed)
        for action in actions:
            replay.apply(action)
        assert replay == state
        loaded = State.from_dict(json.loads(json.dumps(state.to_dict())))
        assert loaded == state and loaded.score_sheet().totals() == state.score_sheet().totals()


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_thousand_random_games_per_player_count(players):
    ends = {}
    for seed in range(SLOW_GAMES):
        state, _ = play_random_game(players, 10_000 + seed, check_every=3)
        ends[state.end_reason] = ends.get(state.end_reason, 0) + 1
    assert sum(ends.values()) == SLOW_GAMES


def test_clone_and_child_are_independent():
    state, _ = play_random_game(4, 5)
    state = new_game(4, seed=5)
    copy = state.clone()
    action = state.legal_actions()[0]
    after = state.child(action)
    assert state == copy and after != state
    after.hands[0].append(99)
    assert 99 not in state.hands[0]
