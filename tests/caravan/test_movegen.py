"""Caravan's speed tricks against the plain rules: remembered camel groups against ``group_of``'s walk, the
listed (unchecked) apply, the bots deciding on the state against deciding on the position rebuilt from the
observation (what they did before), and the MCTS's determinize from a template."""
import random

from caravan_lessons.agents import View
from caravan_lessons.caravan import agents as car_agents
from caravan_lessons.caravan import movegen, new_game
from caravan_lessons.caravan.agents import GreedyAgent, HeuristicAgent, KindRandomAgent, position


def positions(games=4, seed=0, every=3, cap=700):
    rng = random.Random(seed)
    for g in range(games):
        state = new_game(2 + g % 3, seed=seed * 100 + g)
        for k in range(cap):
            if state.is_terminal():
                break
            if k % every == 0:
                yield state
            if rng.random() < 0.5:
                action = car_agents.greedy_action(state)
            else:
                action = car_agents.kind_random_action(state, rng)
            state.apply(action)


def test_remembered_groups_are_group_of():
    checked = 0
    for state in positions(games=4):
        for p in range(state.players):
            groups = movegen.groups(state, p)
            for node in set(state.pos[p]) - {None}:
                assert groups[node] == state.group_of(p, node)
                assert movegen.linked(state, p, node) == state.group_of(p, node)
                checked += 1
            assert movegen.linked(state, p, (99, 99)) == set() == state.group_of(p, (99, 99))
    assert checked > 2000


def test_a_position_changed_by_hand_is_never_answered_from_memory():
    state = new_game(2, seed=1)
    state.pos[0][:3] = [(0, 0), (0, 1), (0, 2)]
    assert movegen.linked(state, 0, (0, 0)) == {(0, 0), (0, 1), (0, 2)}
    state.pos[0][1] = (5, 5)
    assert movegen.linked(state, 0, (0, 0)) == {(0, 0)} == state.group_of(0, (0, 0))


def test_listed_apply_gives_the_states_apply_gives():
    checked = 0
    for state in positions(games=2, seed=2, every=30):
        for action in state.legal_actions():
            plain, fast = state.child(action), state.clone()
            fast._apply_listed(action)
            assert fast.to_dict() == plain.to_dict()
            checked += 1
    assert checked > 500


def test_the_bots_choose_on_the_state_what_they_chose_on_the_rebuilt_position():
    """They decide on the game's state (no copy); before, on ``position(observation)``: the same choices,
    and every choice legal (the match loop no longer asks the full legal list for them)."""
    for cls in (GreedyAgent, HeuristicAgent, KindRandomAgent):
        on_state, rebuilt = cls(seed=4), cls(seed=4)
        for state in positions(games=2, seed=7, every=5):
            view = View(state, state.current_player)
            action = on_state.choose(view)
            legal = state.legal_actions()
            expected = legal[0] if len(legal) == 1 else cls.policy(position(view.observation), rebuilt.rng)
            assert action == expected and action in legal
            assert view._legal is None or cls is KindRandomAgent   # the greedy plans never listed every action


def test_determinize_from_a_template_deals_the_bag_as_before():
    for state in positions(games=2, seed=9, every=40):
        obs = state.observation(state.current_player)
        for i in range(3):
            fast = car_agents.determinize(obs, random.Random(i))
            slow = position(obs)
            random.Random(i).shuffle(slow.bag)
            assert fast.to_dict() == slow.to_dict()
            assert sorted(fast.bag) == sorted(state.bag)
