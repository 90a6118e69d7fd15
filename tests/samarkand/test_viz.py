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


def test_map_text_is_readable_and_names_every_space_a_lesson_names():
    """Issue 18 (S7, newcomer §2): houses do not run into each other, text is >= 9 pt, the title says in
    words what the player decides (not the engine's phase name), plain land spaces carry their ids
    (l1, l4 ...) and the legal-space ring is no family's colour."""
    from tests.figure_checks import clipped, overlapping, small_texts

    state = position()
    fig = viz.draw_map(state)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    houses = [t for t in fig.axes[0].texts if t.get_bbox_patch() is not None]
    assert len(houses) == 10 and not overlapping(houses, renderer)
    ticks = [t for t in small_texts(fig)]
    assert not ticks, ticks
    assert not clipped(fig, renderer)
    title = fig.axes[0].get_title()
    assert "(act)" not in title and "(second)" not in title and "place a second camel" in title
    labels = {t.get_text() for t in fig.axes[0].texts}
    assert {"l1", "l4", "Black Sea"} <= labels
    assert viz.RING_COLOUR not in {f.colour for f in state.board.families}
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert "border with water" in legend and "ringed: legal space now" in legend
    plt.close(fig)


def test_relations_graph_names_sit_outside_the_discs_and_are_explained():
    """Issue 18 (pedagogy §1.3): names under/over the discs, counts in a contrasting ink, a caption."""
    state = position()
    fig = viz.draw_relations(state)
    texts = {t.get_text(): t for t in fig.axes[0].texts}
    assert "Arab" in texts and texts["Arab"].get_position()[1] < -1.3
    assert any("P0 on it: made by player 0" in t for t in texts)
    plt.close(fig)
