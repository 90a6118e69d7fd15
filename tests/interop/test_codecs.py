"""The action codecs and observation tensors of the four games (caravan_lessons/<game>/codec.py).

* N is fixed per game and player count (pinned here: a change of N is a change of every saved policy);
* encode/decode round-trip on every action offered in random games, and the legal ids are the legal
  actions (the fast ways of Jaipur and Caravan against encoding every action);
* the tensors follow their layout, and hidden information never reaches them: a state whose hidden
  parts are dealt again (the game's determinize, and hand-made edits) gives the same tensor.

CI plays a sample of games per game and player count; ``--run-slow`` plays 1,000 of each.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from caravan_lessons.codecs import Codec
from caravan_lessons.interop.games import GAMES, spec

CASES = [(game, n) for game in GAMES for n in GAMES[game].players]
N = {"jaipur": {2: 25_503}, "samarkand": dict.fromkeys((2, 3, 4, 5), 1_300),
     "caravan": {2: 22_443, 3: 22_835, 4: 23_227}, "marco_polo": dict.fromkeys((2, 3, 4), 335_480)}
SAMPLE = {"jaipur": 12, "samarkand": 10, "caravan": 2, "marco_polo": 6}
"""Random games per player count in CI (Caravan's are cut at 300 decisions; its random games never end)."""


def new_game(game: str, players: int, seed: int, rng: random.Random):
    if game == "marco_polo":
        from caravan_lessons import marco_polo

        choice = seed % 3
        characters = ("first_game", "choose", rng.sample(marco_polo.CHARACTERS, players))[choice]
        return marco_polo.new_game(players, seed=seed, characters=characters, objectives=4 if choice == 1 else 2)
    if game == "caravan":
        from caravan_lessons import caravan

        return caravan.new_game(players, seed=seed, learning=seed % 2 == 1)
    return spec(game).new_game(players, seed)


def random_positions(game: str, players: int, games: int, cap: int = 300):
    """Every position of ``games`` random games (uniform among the legal actions), as the state is mutated."""
    rng = random.Random(f"{game}{players}")
    for seed in range(games):
        state = new_game(game, players, seed, rng)
        for _ in range(cap if game == "caravan" else 100_000):
            if state.is_terminal():
                break
            yield state
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        yield state


def check_games(game: str, players: int, games: int) -> int:
    codec = spec(game).codec(players)
    seen: dict = {}
    positions = 0
    for state in random_positions(game, players, games):
        actions = list(state.legal_actions())
        ids = codec.legal_ids(state)
        assert ids == sorted(codec.encode(a) for a in actions)         # legal ids = legal actions
        assert ids == Codec.legal_ids(codec, state)                    # the fast way = encoding each
        assert len(set(ids)) == len(ids) and all(0 <= i < codec.n for i in ids)
        mask = codec.legal_mask(state)
        assert mask.shape == (codec.n,) and mask.dtype == np.int8 and np.flatnonzero(mask).tolist() == ids
        for action in actions:
            seen.setdefault(repr(action), action)
        positions += 1
    for action in seen.values():                                       # every action offered, once
        decoded = codec.decode(codec.encode(action))
        assert decoded == action and repr(decoded) == repr(action)
    return positions


@pytest.mark.parametrize("game, players", CASES)
def test_n_is_fixed_per_game_and_player_count(game, players):
    codec = spec(game).codec(players)
    assert codec.n == N[game][players]
    assert codec is spec(game).codec(players)                          # built once


@pytest.mark.parametrize("game, players", CASES)
def test_the_codecs_notes_give_n(game, players):
    import importlib

    assert f"{N[game][players]:,}" in importlib.import_module(f"caravan_lessons.{game}.codec").__doc__


@pytest.mark.parametrize("game, players", CASES)
def test_round_trip_and_legal_ids_on_random_games(game, players):
    assert check_games(game, players, SAMPLE[game]) > 100


@pytest.mark.slow
@pytest.mark.parametrize("game, players", CASES)
def test_round_trip_and_legal_ids_on_1000_random_games(game, players):
    check_games(game, players, 1000)


@pytest.mark.parametrize("game", GAMES)
def test_every_id_decodes_and_encodes_back(game):
    codec = spec(game).codec(GAMES[game].default_players)
    step = max(1, codec.n // 4000)
    for i in [*range(0, codec.n, step), codec.n - 1]:
        assert codec.encode(codec.decode(i)) == i
    assert str(codec.describe(0))


def test_marco_polo_blocks_add_up():
    from caravan_lessons.marco_polo.codec import blocks

    parts = dict(blocks(4))
    assert sum(parts.values()) == N["marco_polo"][4]
    assert parts["place"] == 2652 and parts["move: two travellers"] == 324_036


@pytest.mark.parametrize("game", GAMES)
def test_bad_ids_and_non_actions_are_refused_naming_the_codec(game):
    codec = spec(game).codec(GAMES[game].default_players)
    for bad in (-1, codec.n, 2.0, True, "3", None):
        with pytest.raises(ValueError, match=f"{game} codec"):
            codec.decode(bad)
    for bad in (None, "sell", 3, object()):
        with pytest.raises(ValueError, match=f"{game} codec.*is not an action the engine offers"):
            codec.encode(bad)
    assert codec.decode(np.int64(0)) == codec.decode(0)


def test_codecs_refuse_player_counts_the_rules_do_not_allow():
    from caravan_lessons.caravan.codec import codec as caravan
    from caravan_lessons.jaipur.codec import codec as jaipur
    from caravan_lessons.marco_polo.codec import codec as marco_polo
    from caravan_lessons.samarkand.codec import codec as samarkand

    for make, bad in ((jaipur, 3), (samarkand, 6), (caravan, 5), (marco_polo, 1), (samarkand, True), (caravan, 2.0)):
        with pytest.raises(ValueError, match="codec: .* played by"):
            make(bad)


# --- observation tensors ---------------------------------------------------------------------------

@pytest.mark.parametrize("game, players", CASES)
def test_tensor_follows_its_layout(game, players):
    codec = spec(game).codec(players)
    parts = codec.layout
    assert parts[0].start == 0 and sum(p.size for p in parts) == codec.size
    assert all(a.start + a.size == b.start for a, b in zip(parts, parts[1:]))
    assert len({p.name for p in parts}) == len(parts) and all(p.meaning for p in parts)
    state = spec(game).new_game(players, 3)
    x = codec.observe(state.observation(0))
    assert x.shape == (codec.size,) and x.dtype == np.float32 and (x >= 0).all()
    assert x[codec.at["to_move"]] == (state.current_player == 0)
    assert "to_move" in codec.explain(x)
    with pytest.raises(ValueError, match=f"{game} codec: observe takes"):
        codec.observe({"game": "chess"})


def _copy(state):
    """A copy sharing nothing with ``state`` (clones may share lists until they change them)."""
    from caravan_lessons.core import state_from_dict

    return state_from_dict(state.to_dict())


def _hidden_edits(game: str, state, seat: int, rng: random.Random):
    """Copies of ``state`` that differ from it only in what ``seat`` cannot see."""
    edits = []
    if game == "jaipur":
        other = _copy(state)
        other.deck.reverse()
        opp = 1 - seat
        swap = next(((g, c) for g in range(6) if other.hands[opp][g] for c in set(other.deck) if c != g and c != 6),
                    None)
        if swap:
            g, c = swap
            other.hands[opp][g] -= 1
            other.hands[opp][c] += 1
            other.deck.remove(c)
            other.deck.append(g)
            other._recode()
        for stack in other.bonus_stacks.values():
            rng.shuffle(stack)
        edits.append(other)
    elif game == "samarkand":
        other = _copy(state)
        rng.shuffle(other.deck)
        rng.shuffle(other.bag)
        rng.shuffle(other.discard)
        for q in range(state.players):
            if q != seat and other.hands[q] and other.deck:
                other.hands[q][0], other.deck[0] = other.deck[0], other.hands[q][0]
        edits.append(other)
    elif game == "caravan":
        other = _copy(state)
        rng.shuffle(other.bag)
        edits.append(other)
    else:
        other = _copy(state)
        for pile in other.piles:
            rng.shuffle(pile)
        rng.shuffle(other.special_pile)
        unseen = [o for o in sorted(other.data.objectives) if all(o not in objs for objs in other.objectives)]
        for q in range(state.players):
            if q != seat and other.objectives[q] and unseen:
                other.objectives[q][0] = unseen.pop()
        other.rng = random.Random(rng.random())
        edits.append(other)
    return edits


@pytest.mark.parametrize("game, players", CASES)
def test_what_a_seat_cannot_see_never_changes_its_tensor(game, players):
    codec = spec(game).codec(players)
    rng = random.Random(5)
    checked = changed = 0
    for k, state in enumerate(random_positions(game, players, 2, cap=120)):
        if k % 7:
            continue
        for seat in range(players):
            seen = codec.observe(state.observation(seat))
            worlds = _hidden_edits(game, state, seat, rng)
            worlds.append(spec(game).determinize(state.observation(seat), random.Random(k)))
            for world in worlds:
                assert np.array_equal(codec.observe(world.observation(seat)), seen), (game, k, seat)
                # and the view the adapters read (the observation without its event log), and the tensor read
                # straight from the state (PettingZoo's)
                assert np.array_equal(codec.observe(spec(game).view(world, seat)), seen), (game, k, seat)
                assert np.array_equal(codec.observe_state(world, seat), seen), (game, k, seat)
                checked += 1
            changed += any(w.to_dict() != state.to_dict() for w in worlds)
    assert checked > 10 and changed > 2                     # the edits did change hidden parts


@pytest.mark.parametrize("game, players", CASES)
def test_the_tensor_straight_from_the_state_is_the_observations(game, players):
    """``observe_state(state, seat)`` (the fast fill PettingZoo uses, where the codec has one) gives the very
    array ``observe(state.observation(seat))`` gives, at every position of random games and every seat."""
    codec = spec(game).codec(players)
    positions = 0
    for state in random_positions(game, players, SAMPLE[game]):
        for seat in range(players):
            fast, reference = codec.observe_state(state, seat), codec.observe(state.observation(seat))
            assert fast.dtype == np.float32 and np.array_equal(fast, reference), (game, players, positions, seat)
        positions += 1
    assert positions > 50


def test_observe_state_refuses_other_states_and_seats():
    codec = spec("samarkand").codec(3)
    with pytest.raises(ValueError, match="samarkand codec .*4-player"):
        codec.observe_state(spec("samarkand").new_game(4, 1), 0)
    for seat in (3, -1, True, 1.0):
        with pytest.raises(ValueError, match="a seat is 0..2"):
            codec.observe_state(spec("samarkand").new_game(3, 1), seat)


@pytest.mark.parametrize("game", ["samarkand", "marco_polo"])
def test_the_view_without_events_is_the_observation_without_its_log(game):
    """``observation(seat, events=False)`` (what the adapters read) is the observation with an empty log,
    and builds no hidden part the observation leaves out (Marco Polo's generator state)."""
    for k, state in enumerate(random_positions(game, 3, 1)):
        if k % 15 or k > 300:
            continue
        for seat in range(3):
            full, light = state.observation(seat), state.observation(seat, events=False)
            assert light["events"] == [] and (full["events"] or k == 0)
            assert {**full, "events": []} == light and "rng" not in light and "seed" not in light


@pytest.mark.parametrize("game", GAMES)
def test_what_a_seat_sees_is_in_its_tensor(game):
    """Two positions a seat can tell apart (one move later) have different tensors for it."""
    players = GAMES[game].default_players
    codec = spec(game).codec(players)
    state = spec(game).new_game(players, 11)
    before = [codec.observe(state.observation(s)) for s in range(players)]
    state.apply(state.legal_actions()[0])
    after = [codec.observe(state.observation(s)) for s in range(players)]
    assert all(not np.array_equal(a, b) for a, b in zip(before, after))


def test_jaipur_takes_are_every_multiset_the_market_holds():
    """The exchange takes of a market (built once per market, from its cards' combinations) are the
    multisets of 2-5 goods it holds, checked against all of them, for every market of 5 cards."""
    from itertools import combinations_with_replacement

    from caravan_lessons.jaipur.components import CARD_CODE, CARD_TYPES, GOODS

    codec = spec("jaipur").codec(2)
    markets = 0
    for market in combinations_with_replacement(range(len(CARD_TYPES)), 5):
        counts = [market.count(c) for c in range(len(CARD_TYPES))]
        code = sum(n * CARD_CODE[c] for c, n in enumerate(counts))
        expected = []
        for k in range(2, 6):
            for take in combinations_with_replacement(range(len(GOODS)), k):
                if all(take.count(g) <= counts[g] for g in set(take)):
                    mask = sum(1 << g for g in set(take))
                    keep = sum(15 * CARD_CODE[g] for g in range(len(GOODS)) if not mask >> g & 1)
                    expected.append((codec._block[take], k, mask, keep))
        assert codec._takes_of(code) == sorted(expected), market
        markets += 1
    assert markets == 462
