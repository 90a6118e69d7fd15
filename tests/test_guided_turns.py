"""The guided first turns of Samarkand, Caravan and Marco Polo (as Jaipur's): each step points at its move with
the shared highlight (orange marks on the board, orange outlines on the widgets), the learner's click is checked
(an off-script move is refused and changes nothing), the rule is explained with its ID after the move, and the
app hands over to normal play at the end. Driven by the clicks a learner makes (board clicks, buttons)."""
from __future__ import annotations

import pytest

from caravan_lessons import caravan as c
from caravan_lessons import marco_polo as mp
from caravan_lessons import samarkand as sm
from caravan_lessons.ui import caravan_app, marco_polo_app, samarkand_app


def click_samarkand(app, action) -> None:
    if isinstance(action, sm.Place):
        x, y = app.state.board.graph.nodes[action.space]["pos"]
        app.picker.pick_at(x, y)                    # the ringed space on the map
    elif isinstance(action, sm.Marry):
        app.buttons["marry"].click()                # the picker holds the family already
    elif isinstance(action, sm.Discard):
        app.buttons["discard"].click()
    else:
        app.buttons["end_turn"].click()


def click_caravan(app, action) -> None:
    if isinstance(action, c.EndTurn):
        app.end_button.click()
    elif hasattr(action, "source"):
        for node in (action.source, action.target):   # the loaded camel, then where the good goes
            app.picker.pick_at(node[1], -node[0])
    else:
        app.picker.pick_at(action.space[1], -action.space[0])


def click_marco_polo(app, action) -> None:
    if isinstance(action, mp.Place):
        app.space_buttons[action.space].click()       # the space; its ways are listed, the planned one selected
        app.play_button.click()
    elif isinstance(action, mp.Move):
        city = action.paths[0][-1]
        x, y = app.state.data.board.nodes[city]["pos"]
        app.picker.pick_at(x, y)                      # the ringed city on the map; the path is selected
        app.play_button.click()
    elif isinstance(action, mp.EndTurn):
        app.end_button.click()
    else:
        app.play_button.click()


GAMES = {"samarkand": (samarkand_app.guided_first_turn, click_samarkand, "SAM-MARRY-1"),
         "caravan": (caravan_app.guided_first_turn, click_caravan, "CAR-ACT-1"),
         "marco_polo": (marco_polo_app.guided_first_turn, click_marco_polo, "MP-TRAVEL-1")}


@pytest.mark.parametrize("game", GAMES)
def test_the_guided_first_turn_points_checks_explains_and_hands_over(game):
    guided, click, first_rule = GAMES[game]
    app = guided()
    guide = app.guide
    assert guide is not None and "Welcome" in app.explain.value and "step 1 of" in app.explain.value
    explained = []
    for _ in range(guide.steps):
        if app.guide is None:
            break
        planned = guide.planned
        shown = app.highlighted
        assert shown.points or shown.widgets                         # "click this": marked or outlined
        if shown.points:
            assert app.board.marked() == [tuple(map(float, p)) for p in shown.points]
        assert all("guide-target" in w._dom_classes for w in shown.widgets)
        # an off-script move is refused kindly; nothing changes
        other = next((a for a in app.state.legal_actions() if a != planned), None)
        if other is not None:
            before = app.state.to_dict()
            assert not app.play(other)
            assert "guided turn asks for another" in app.explain.value and app.state.to_dict() == before
        rule = guide.rule
        click(app, planned)
        assert app.guide is None or guide.planned != planned or guide.step > 0, "the click did not play the step"
        assert f"Why this works: <b>{rule}</b>" in app.explain.value      # the rule, with its ID and our words
        explained.append(rule)
    assert app.guide is None and "the guided turn is over" in app.explain.value
    assert explained[0] == first_rule and len(explained) == guide.steps
    assert app.board.marked() == [] and not app.highlighted.widgets    # nothing stays highlighted
    app.close()


def test_caravan_walks_a_whole_four_action_turn_place_place_pick_up_relay_and_deliver():
    app = caravan_app.guided_first_turn()
    kinds = []
    while app.guide is not None:
        action = app.guide.planned
        if app.state.turn == 3 and not isinstance(action, c.EndTurn):
            kinds.append(type(action).__name__)
        click_caravan(app, action)
    assert kinds == ["PlaceCamel", "PlaceCamel", "PickUp", "MoveGood"]
    assert len(app.state.delivered[0]) == 1                             # delivered in its city (CAR-MOVE-2)
    assert "delivers" in " ".join(app.moves[-2][:1]) or any("delivers" in m[0] for m in app.moves)
    app.close()


def test_delivery_plan_is_none_when_nothing_can_be_delivered():
    state = c.new_game(2, seed=1)
    assert caravan_app.delivery_plan(state, 0) is None                  # 1 action: no delivery this turn
    plan = caravan_app.delivery_plan(state, 0, budget=9)
    assert plan and isinstance(plan[-1], c.MoveGood)
