"""The Samarkand play app driven in-process: the list of legal spaces, map clicks, sale prompts."""
import pytest

from caravan_lessons.samarkand import Marry, Place
from caravan_lessons.ui.samarkand_app import SamarkandApp


def human_app(players=3, seed=2):
    return SamarkandApp(players=players, seed=seed, seats=["human"] * players)


def test_marry_then_discard_through_the_widgets():
    app = human_app()
    assert "Player 0 (you) to move" in app.status.value and app.buttons["place"].disabled
    app.marry_picker.value = "egypt"
    app.buttons["marry"].click()
    assert app.state.held[0][app.state.board.family_index["egypt"]] == 1 and app.state.phase == "discard"
    assert len(app.discard_picker.options) == 5
    app.buttons["discard"].click()  # nothing selected: discard 0 cards
    assert app.state.current_player == 1
    app.close()


@pytest.mark.rule("SAM-EXT-2")
def test_list_of_legal_spaces_and_map_clicks():
    app = human_app()
    app.play(Marry("egypt"))
    app.buttons["discard"].click()
    app.play(Marry("levant"))
    app.buttons["discard"].click()
    app.play(Marry("china"))
    app.buttons["discard"].click()
    assert app.family_picker.value == "egypt"
    spaces = [value for _, value in app.space_list.options]
    assert sorted(spaces) == sorted(a.space for a in app.state.legal_actions() if isinstance(a, Place))
    before = app.state.to_dict()
    assert not app.pick_space("g22")  # not next to an Egypt camel
    assert "SAM-EXT-2" in app.explain.value and app.state.to_dict() == before
    x, y = app.state.board.graph.nodes[spaces[0]]["pos"]
    assert app.picker.pick_at(x + 0.01, y - 0.01) == spaces[0]  # a click next to the space
    assert app.state.camels[app.state.board.index[spaces[0]]][-1] == app.state.board.family_index["egypt"]
    app.close()


@pytest.mark.rule("SAM-GOODS-2")
def test_the_sale_is_prompted_to_the_holder():
    app = SamarkandApp(players=3, seed=2, seats=["human", "human", "human"])
    state = app.state
    for family in (("egypt", "levant", "china")):
        app.play(Marry(family))
        app.buttons["discard"].click()
    # give the linen card (3) to player 2, then player 0 extends Egypt onto linen
    holder = next(q for q in range(3) if 3 in state.hands[q]) if any(3 in h for h in state.hands) else None
    if holder is None:
        state.deck.remove(3)
        state.hands[2].append(3)
        app.snapshots[-1] = state.clone()
        holder = 2
    app.family_picker.value = "egypt"
    app.space_list.value = "g3"
    app.buttons["place"].click()
    assert state.phase == "sale" and state.current_player == holder
    assert f"Player {holder}" in app.prompt.value and "SAM-GOODS-2" in app.prompt.value
    app.buttons["sell"].click()
    assert 3 in state.sold[holder]
    app.close()


def test_bots_answer_and_the_game_reaches_its_end():
    app = SamarkandApp(players=4, seed=5, seats=["random", "heuristic", "greedy", "random"])
    assert app.state.is_terminal() and "over" in app.status.value
    app.close()
