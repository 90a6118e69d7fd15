"""Marco Polo's speed tricks against the plain rules they stand in for.

* ``State._apply_listed`` / ``_child_listed`` (no checks for a listed action) give the states ``apply`` gives;
* a lookahead child shares the containers a move rarely changes and never changes its parent (copy on write);
* the random generator is shared by clones until one draws: each still rolls the dice an eager copy would;
* ``movegen.placements`` (remembered dice groups, ``first_only``) matches the reference ``_placements``;
* the determinized positions of the MCTS pass the strict save-file validator;
* the bots' value functions equal the formulas they were written from.
"""
import random

import pytest

from caravan_lessons.marco_polo import CHARACTERS, determinize, new_game
from caravan_lessons.marco_polo import agents as mp_agents
from caravan_lessons.marco_polo import movegen
from caravan_lessons.marco_polo.actions import GOOD_NAMES
from caravan_lessons.marco_polo.rules import SHARED_FIELDS
from caravan_lessons.marco_polo.saves import state_from_dict, state_to_dict


def _without_events(state) -> dict:
    data = state_to_dict(state)
    data.pop("events")
    return data


def positions(games=4, players=(2, 3, 4), seed=0, every=3):
    """States met along random games with random characters (every ``every``-th decision)."""
    rng = random.Random(seed)
    for g in range(games):
        n = players[g % len(players)]
        state = new_game(n, seed=seed * 100 + g, characters=rng.sample(CHARACTERS, n))
        k = 0
        while not state.is_terminal():
            if k % every == 0:
                yield state
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            k += 1


def test_listed_apply_and_child_give_the_states_apply_gives():
    checked = 0
    for state in positions(games=4):
        before = state_to_dict(state)
        for action in state.legal_actions():
            plain = state.child(action)
            fast = state._child_listed(action)
            assert _without_events(fast) == _without_events(plain), action
            assert fast.legal_actions() == plain.legal_actions()
            other = state.clone()
            other._apply_listed(action)
            assert state_to_dict(other) == state_to_dict(plain)
            checked += 1
        assert state_to_dict(state) == before          # the parent is untouched by its children
    assert checked > 1500


def test_a_lookahead_child_never_changes_its_parent_however_deep():
    rng = random.Random(3)
    for state in positions(games=3, seed=5, every=7):
        before = state_to_dict(state)
        node = state
        for _ in range(6):                              # a chain of grandchildren, each changed by the rules
            if node.is_terminal():
                break
            actions = node.legal_actions()
            node = node._child_listed(actions[rng.randrange(len(actions))])
        assert state_to_dict(state) == before
        for name in SHARED_FIELDS:                     # a fresh copy is owned by the child that wrote it
            if name not in node._shared:
                assert getattr(node, name) is not getattr(state, name)


def test_own_copies_a_shared_field_once():
    state = new_game(3, seed=1)
    child = state._scratch()
    assert child.posts is state.posts and "posts" in child._shared
    mine = child._own("posts")
    assert mine is child.posts and mine is not state.posts and mine == state.posts
    assert child._own("posts") is mine and "posts" not in child._shared
    mine.setdefault("moscow", []).append(0)
    assert "moscow" not in state.posts


def _roll_everything(state, rng):
    """Play random actions to the end of the round: the dice rolled come from the state's generator."""
    start = state.round
    while not state.is_terminal() and state.round == start:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state_to_dict(state)


def test_clones_share_the_generator_until_one_draws_and_roll_as_an_eager_copy_would():
    state = new_game(4, seed=8, characters=["matteo", "berke", "mercator", "polos"])
    for _ in range(30):
        state.apply(state.legal_actions()[0])
    eager = state_from_dict(state_to_dict(state))      # an independent copy, generator included
    a, b = state.clone(), state._scratch()
    assert a._rng is state._rng and b._rng is state._rng
    results = [_roll_everything(x, random.Random(4)) for x in (a, b, state, eager)]
    assert results[0] == results[2] == results[3]
    without = [dict(r, events=None) for r in results]
    assert without[1] == without[3]
    assert a._rng is not state._rng                    # each took its own copy when it first drew


@pytest.mark.parametrize("first_only", [False, True])
def test_placements_match_the_reference(first_only):
    compared = 0
    for state in positions(games=9, seed=11, every=1):
        if state.tasks or state.main_done or state.is_terminal():
            continue
        seat = state.current
        reference = state._placements(seat, stop_at_first=first_only)
        assert movegen.placements(state, seat, first_only=first_only) == reference
        compared += 1
    assert compared > 300


def test_determinized_positions_pass_the_strict_save_checks():
    rng = random.Random(0)
    checked = 0
    for state in positions(games=3, seed=21, every=9):
        for seat in range(state.players):
            obs = state.observation(seat)
            for _ in range(2):
                world = determinize(obs, rng)
                again = state_from_dict(state_to_dict(world))      # validated: schema and consistency rules
                assert state_to_dict(again) == state_to_dict(world)
                assert world.objectives[seat] == state.objectives[seat]
                assert world.observation(seat) == obs                      # what the seat sees, log included
                for _ in range(5):                                          # the search plays on the copy ...
                    if not world.is_terminal():
                        world._apply_listed(world.legal_actions()[0])
                assert determinize(obs, random.Random(1)).observation(seat) == obs   # ... not on the template
                checked += 1
    assert checked > 50


def _value_reference(state, seat):
    """``agents.value`` as first written (the readable formula the fast one must match)."""
    v = float(state.vp[seat]) + state.coins[seat] / 8 + state.camels[seat] / 4
    v += sum(n * w for n, w in zip(state.goods[seat], (1.0, 1.4, 1.8)))
    targets = {c for o in state.objectives[seat] for c in state.data.objectives[o][0]}
    for city, owners in state.posts.items():
        if seat in owners:
            v += 4 + (5 if city in targets else 0) + (8 if city == "beijing" else 0)
    for cid in state.active[seat]:
        contract = state.data.contracts[cid]
        missing = sum(max(0, contract["cost"].get(g, 0) - n) for g, n in zip(GOOD_NAMES, state.goods[seat]))
        v += max(0.0, contract["reward"].get("vp", 0) - 1.5 * missing) / 2
    v += 2.5 * len(state.fulfilled[seat])
    v += 0.5 * len(state.dice[seat])
    return v


def _plan_value_reference(state, seat):
    v = _value_reference(state, seat)
    hops = mp_agents._hops(state)
    pull = 0.35 + 0.25 * min(max(0, state.data.tables["rounds"] - state.round) + 1, 4)
    targets = {c for o in state.objectives[seat] for c in state.data.objectives[o][0] if not state.has_post(seat, c)}
    if not state.has_post(seat, "beijing"):
        targets.add("beijing")
    for city in sorted(targets):
        steps = min(hops[t].get(city, 12) for t in state.travellers[seat])
        v -= pull * (1.8 if city == "beijing" else 1.0) * min(steps, 8)
    need = [sum(state.data.contracts[c]["cost"].get(g, 0) for c in state.active[seat]) for g in GOOD_NAMES]
    v += sum(min(n, k) * 0.6 for n, k in zip(state.goods[seat], need))
    v += 1.0 * len(state.active[seat])
    if state.round == state.data.tables["rounds"]:
        v += state.coins[seat] / 10 - state.coins[seat] / 8 - state.camels[seat] / 4
    return v


def test_the_bots_values_equal_their_formulas():
    for state in positions(games=3, seed=31, every=4):
        for seat in range(state.players):
            assert mp_agents.value(state, seat) == _value_reference(state, seat)
            assert mp_agents.plan_value(state, seat) == pytest.approx(_plan_value_reference(state, seat), abs=1e-9)


def _search_positions():
    """Mid-game 2- and 4-player positions with several legal actions (the MCTS bench's way of reaching them)."""
    out = []
    for seed, players in ((0, 4), (1, 2), (2, 4)):
        state = new_game(players, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while steps < 16 + 7 * seed or len(state.legal_actions()) <= 3:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            steps += 1
        out.append(state)
    return out


def test_the_search_on_one_listing_per_node_searches_as_the_rule_checks_do(monkeypatch):
    """``policy_among`` (the MCTS lists the legal actions once per node and keeps the children in the listing)
    against the plain search (``why_illegal`` of each child, the policy listing again): the same trees, visit for
    visit, so the same moves."""
    from caravan_lessons.agents import View
    from caravan_lessons.marco_polo import policy_among
    from caravan_lessons.mcts import MCTSAgent

    import caravan_lessons.marco_polo as package

    def search(state):
        agent = MCTSAgent(iterations=300, seed=3)
        move = agent.choose(View(state, state.current_player))
        return move, agent.last_search

    states = _search_positions()
    fast = [search(s) for s in states]
    monkeypatch.delattr(package, "policy_among")
    plain = [search(s) for s in states]
    assert fast == plain
    assert all(len(found[1]) > 3 for found in fast)   # real searches, not forced moves
    assert policy_among is mp_agents.policy_among


def test_the_search_root_starts_with_the_heuristic_choice():
    """``rank_actions`` orders the root as the heuristic bot values the actions: its first is a move the
    heuristic bot would play, a contract to fulfil comes first, and every action is there once."""
    from caravan_lessons.agents import View

    found_fulfil = 0
    for state in list(positions(games=2, every=7))[:40]:
        actions = state.legal_actions()
        if len(actions) < 2:
            continue
        ranked = mp_agents.rank_actions(state, actions)
        assert sorted(map(repr, ranked)) == sorted(map(repr, actions))
        picks = {repr(mp_agents.HeuristicAgent(seed=s).choose(View(state, state.current_player, actions)))
                 for s in range(6)}
        assert repr(ranked[0]) in picks
        if any(isinstance(a, mp_agents.Fulfil) for a in actions):
            found_fulfil += 1
            assert isinstance(ranked[0], mp_agents.Fulfil)


def test_the_search_scores_a_new_leaf_at_once_by_default():
    from caravan_lessons.mcts import MCTSAgent

    assert mp_agents.ROLLOUT_DEPTH == 0
    assert MCTSAgent().rollout_depth("marco_polo") == 0
    assert MCTSAgent(depth=5).rollout_depth("marco_polo") == 5
    assert [MCTSAgent().rollout_depth(g) for g in ("jaipur", "samarkand", "caravan")] == [3, 0, 3]


def test_log_lines_worded_when_read_are_the_lines_worded_when_logged():
    """``State._say`` keeps a message and its fields and words them when ``text`` is first read, in the
    language of the moment they were logged: the same line an eager ``tr(...).format(...)`` made then."""
    import pickle

    from caravan_lessons.core import Event
    from caravan_lessons.i18n import get_language, language, set_language

    before = get_language()
    try:
        set_language("pt")
        state = new_game(3, seed=4, characters=["berke", "polos", "johannes"])
        rng = random.Random(2)
        for _ in range(40):
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        set_language("fi")                       # nothing read yet: the lines stay Portuguese
        lazy = [e for e in state.events if type(e) is not Event]
        assert lazy, "the turn's events are worded lazily"
        texts = [e.text for e in state.events]
        assert any("Jogador" in t for t in texts) and not any("Pelaaja" in t for t in texts)
        assert get_language() == "fi"            # wording them changed nothing of the language chosen
        with language("en"):
            assert [e.text for e in state.events] == texts     # worded once, kept
        for e in lazy[:20]:
            plain = Event(e.player, e.text, e.rule)
            assert e == plain and plain == e and hash(e) == hash(plain) and repr(e) == repr(plain)
            assert str(e) == str(plain)
            again = pickle.loads(pickle.dumps(e))
            assert type(again) is Event and again == plain
        assert pickle.loads(pickle.dumps(state)).events == state.events
    finally:
        set_language(before)


def test_remembered_placements_match_fresh_ones_and_the_reference_over_many_positions():
    """``movegen.placements`` remembers the main-space placements by ``_main_key``; over thousands of positions
    (random games with random characters, and the MCTS's determinisations of them, so that many share a key)
    it gives the very list, in the same order, that ``fresh_placements`` and the reference ``_placements``
    give, also when asked for the first one only."""
    movegen._MAIN_CACHE.clear()
    compared = hits = 0
    rng = random.Random(21)
    seen_keys = set()
    for state in positions(games=12, seed=17, every=1):
        if state.tasks or state.main_done or state.is_terminal():
            continue
        worlds = [state, determinize(state.observation(state.current), rng)]
        for world in worlds:
            seat = world.current
            key = movegen._main_key(world, seat, world.dice[seat])
            hits += key in seen_keys
            seen_keys.add(key)
            remembered = movegen.placements(world, seat)
            assert remembered == movegen.fresh_placements(world, seat) == world._placements(seat)
            assert movegen.placements(world, seat, first_only=True) == world._placements(seat, stop_at_first=True)
            assert movegen.placements(world, seat) == remembered          # from the memory this time
            compared += 1
    assert compared > 800 and hits > 300, (compared, hits)


def test_remembered_bonus_actions_match_the_reference():
    """``movegen.bonus_actions`` (the part beyond the contracts built once per key) gives ``_bonus_actions``'s
    list, in its order, whatever the turn's stage, and ``legal_actions`` still ends a turn with EndTurn."""
    movegen._BONUS.clear()
    compared = 0
    for state in positions(games=9, seed=23, every=1):
        if state.tasks or state.is_terminal():
            continue
        seat = state.current
        for main_open in (False, True):
            for moneybag in (False, True):
                assert movegen.bonus_actions(state, seat, main_open, moneybag) == \
                    state._bonus_actions(seat, main_open, moneybag)
                compared += 1
    assert compared > 2000
