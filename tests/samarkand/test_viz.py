"""Samarkand pictures draw without error and show what they claim."""
import matplotlib.pyplot as plt
import pytest

from caravan_lessons.samarkand import Place, scenario
from caravan_lessons.viz import samarkand as viz


def position():
    state = scenario(4, held={0: ["levant"]}, hands={0: [8, 22], 1: [], 2: [], 3: []}, treasury={"levant": 2},
                     camels={"g11": ["mesopotamia"]})
    state.apply(Place("levant", "g11"))
    return state


def test_map_rings_the_legal_spaces():
    state = position()
    assert viz.legal_spaces(state) == sorted({a.space for a in state.legal_actions() if isinstance(a, Place)})
    fig = viz.draw_map(state)
    assert "legal spaces ringed" in fig.axes[0].get_title()
    plt.close(fig)


def test_route_relations_cards_and_scores():
    state = position()
    assert sorted(viz.route_edges(state, state.board.family_index["levant"])) == [("g11", "start_levant")] or \
        sorted(map(sorted, viz.route_edges(state, state.board.family_index["levant"]))) == [["g11", "start_levant"]]
    for fig in (viz.draw_route(state, "levant"), viz.draw_relations(state), viz.draw_card_values(state, 0),
                viz.draw_scores(state)):
        assert fig.axes
        plt.close(fig)
    assert "Families without a relation: 8" in viz.draw_relations(state).axes[0].get_title()
    with pytest.raises(ValueError):
        viz.draw_route(state, "atlantis")
    with pytest.raises(ValueError):
        viz.draw_card_values(state, 9)
    plt.close("all")
