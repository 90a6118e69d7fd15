"""The search-tree hook of the bots lesson (notebooks/jaipur/08_how_bots_think.ipynb)."""
import pytest

from caravan_lessons import jaipur
from caravan_lessons.agents import View
from caravan_lessons.mcts import MCTSAgent, tree_graph


def test_tree_graph_shows_the_search_and_the_move_played():
    state = jaipur.scenario(market={"diamond": 1, "cloth": 1, "camel": 3},
                            hands=[{"cloth": 4, "diamond": 1}, {"spice": 2, "silver": 1, "gold": 1, "leather": 1}],
                            herds=(1, 2), deck_size=26, seed=8)
    agent = MCTSAgent(iterations=200, seed=3)
    move = agent.choose(View(state, 0, state.legal_actions()))
    graph = tree_graph(agent.last_root, depth=2)
    assert graph.nodes[()]["visits"] == 200
    level1 = [n for n in graph if graph.nodes[n]["depth"] == 1]
    assert {graph.nodes[n]["action"] for n in level1} <= set(state.legal_actions())
    assert sum(graph.nodes[n]["visits"] for n in level1) == 200
    chosen = [n for n in level1 if graph.nodes[n]["chosen"]]
    assert [graph.nodes[n]["action"] for n in chosen] == [move]
    assert all(graph.nodes[n]["player"] == 0 for n in level1)
    for node in graph:
        if graph.nodes[node]["depth"] == 2:
            parent = node[:-1]
            assert graph.nodes[node]["visits"] <= graph.nodes[parent]["visits"]
            assert graph.nodes[node]["player"] == 1
    assert len([n for n in graph if graph.nodes[n]["chosen"]]) == 3  # root, the move, the answer expected
    small = tree_graph(agent.last_root, depth=1, top=2)
    assert small.number_of_nodes() == 3


@pytest.mark.parametrize("args", [(None,), ("root",)])
def test_tree_graph_refuses_what_is_not_a_tree(args):
    with pytest.raises(ValueError, match="last_root"):
        tree_graph(*args)


def test_tree_graph_refuses_bad_depths():
    state = jaipur.new_game(seed=1)
    agent = MCTSAgent(iterations=20, seed=1)
    agent.choose(View(state, state.current_player, state.legal_actions()))
    for bad in (-1, 1.5, True):
        with pytest.raises(ValueError):
            tree_graph(agent.last_root, depth=bad)
