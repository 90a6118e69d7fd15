"""Invariants over thousands of random Jaipur matches (hypothesis draws the seeds).

Each match is played by a seeded random player; at every step we check that the 55 cards
and all tokens are conserved, the hand limit holds, the market holds 5 cards while the deck
can refill it, a random illegal action is refused without changing anything, and
from_dict(to_dict()) gives the same state (through JSON text at the end of each match). The
whole match is then replayed from its seed and actions. CARAVAN_PROPERTY_MATCHES sets how
many matches (default 300 in `make test`, where the saved-game checks at every move make each match
cost about 0.1 s; `CARAVAN_PROPERTY_MATCHES=2000` for a long run, and `make fuzz` for more).
"""
import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caravan_lessons import RuleViolation
from caravan_lessons.jaipur import (
    BONUS_TOKENS,
    CARD_COUNTS,
    CARD_TYPES,
    GOODS,
    GOODS_TOKENS,
    Exchange,
    Sell,
    State,
    TakeCamels,
    TakeOne,
    new_game,
)

MATCHES = int(os.environ.get("CARAVAN_PROPERTY_MATCHES", "300"))


def random_candidate(rng: random.Random):
    """Any well-formed action, legal or not."""
    kind = rng.randrange(4)
    if kind == 0:
        return TakeOne(rng.choice(CARD_TYPES))
    if kind == 1:
        return TakeCamels()
    if kind == 2:
        return Sell(rng.choice(CARD_TYPES), rng.randrange(0, 7))
    n, m = rng.randrange(1, 6), rng.randrange(1, 6)
    return Exchange([rng.choice(CARD_TYPES) for _ in range(n)], [rng.choice(CARD_TYPES) for _ in range(m)])


def check_invariants(state: State):
    cards = [0] * 7
    for i in range(7):
        cards[i] = state.market[i] + state.hands[0][i] + state.hands[1][i] + state.discard[i]
    cards[6] += state.herds[0] + state.herds[1]
    for c in state.deck:
        cards[c] += 1
    assert cards == list(CARD_COUNTS), "JAI-COMP-1: cards are conserved"
    for g in range(len(GOODS)):
        held = sorted((v for seat in (0, 1) for t, v in state.goods_tokens[seat] if t == g), reverse=True)
        assert held == list(GOODS_TOKENS[g][:len(held)]), "JAI-COMP-2: goods tokens come off the top"
        assert state.tokens_taken[g] == len(held)
    for size, values in BONUS_TOKENS.items():
        held = [v for seat in (0, 1) for z, v in state.bonus_tokens[seat] if z == size]
        assert sorted(held + state.bonus_stacks[size]) == sorted(values), "JAI-COMP-3: bonus tokens conserved"
    assert all(h[6] == 0 for h in state.hands), "JAI-SETUP-4: camels never stay in a hand"
    assert max(sum(h) for h in state.hands) <= 7, "JAI-TAKE-7: hand limit"
    if state.phase == "playing":
        assert sum(state.market) == 5, "JAI-SETUP-3: the market holds 5 cards while the deck lasts"


def play_and_check(seed: int):
    rng = random.Random(seed)
    state = new_game(seed=seed)
    actions_played = []
    check_invariants(state)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "a state that is not terminal always has a legal action"
        legal_set = set(legal)
        assert len(legal_set) == len(legal), "no action is listed twice"
        before = state.to_dict()
        assert State.from_dict(before).to_dict() == before, "from_dict(to_dict()) round trip"
        candidate = random_candidate(rng)
        problem = state.why_illegal(candidate)
        assert (problem is None) == (candidate in legal_set), f"{candidate!r}: why_illegal agrees with the list"
        if problem is not None:
            with pytest.raises(RuleViolation):
                state.apply(candidate)
            assert state.to_dict() == before, f"illegal {candidate!r} changed the state"
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        actions_played.append(action)
        check_invariants(state)
    return state, actions_played


@settings(max_examples=MATCHES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
@pytest.mark.rule("JAI-COMP-1", "JAI-COMP-2", "JAI-COMP-3", "JAI-TAKE-7", "JAI-SETUP-3")
def test_random_matches_keep_every_invariant(seed):
    state, actions = play_and_check(seed)
    assert max(state.seals) == 2
    saved = state.to_dict()
    assert State.from_dict(json.loads(json.dumps(saved))).to_dict() == saved, "JSON round trip"
    replay = new_game(seed=seed)
    for action in actions:
        replay.apply(action)
    assert replay.to_dict() == state.to_dict(), "same seed and actions replay the same match"
