"""The Jaipur play app driven in-process: select cards, click, check the engine, the explanation, the log."""
import pytest

from caravan_lessons.jaipur import TakeOne
from caravan_lessons.ui import JaipurApp


def market(app):
    return [b.description for b in app.market_cards]


def test_cards_on_display_match_the_engine():
    app = JaipurApp(seed=11)
    obs = app.state.observation(0)
    assert sorted(market(app)) == sorted(c for c, n in obs["market"].items() for _ in range(n))
    assert sorted(b.description for b in app.hand_cards) == sorted(c for c, n in obs["hand"].items() for _ in range(n))
    assert len(app.herd_cards) == obs["herds"][0]
    assert "Player 0 (you) to move" in app.status.value and "JAI-TURN-1" in app.status.value
    assert str(obs["deck_size"]) in app.board.value and "Goods tokens left" in app.board.value


@pytest.mark.rule("JAI-TAKE-6")
def test_illegal_selection_is_explained_and_changes_nothing():
    app = JaipurApp(seed=11)
    before = app.state.to_dict()
    app.select(market=["camel"])
    app.buttons["take_one"].click()
    assert "JAI-TAKE-6" in app.explain.value and "camel" in app.explain.value
    assert app.state.to_dict() == before
    assert app.history == []


@pytest.mark.rule("JAI-SELL-1")
def test_selling_two_types_at_once_is_refused():
    app = JaipurApp(seed=11)  # hand: gold, gold, cloth
    before = app.state.to_dict()
    app.select(hand=["gold", "cloth"])
    app.buttons["sell"].click()
    assert "JAI-SELL-1" in app.explain.value
    assert app.state.to_dict() == before


def test_legal_click_plays_the_move_the_bot_answers_and_the_log_says_so():
    app = JaipurApp(seed=11)
    good = next(c for c in market(app) if c != "camel")
    app.select(market=[good])
    app.buttons["take_one"].click()
    assert app.state.turn == 2  # the learner's move and the bot's answer
    assert app.state.current_player == 0
    assert f"Player 0 takes one {good} from the market" in app.log_view.value
    assert "Player 1" in app.log_view.value
    assert sum(1 for b in app.hand_cards if b.description == good) >= 1
    assert not app.undo_button.disabled


def test_undo_restores_the_state_before_the_learners_move():
    app = JaipurApp(seed=11, mode="practice")
    before = app.state.to_dict()
    assert app.play_first_legal()
    assert app.state.to_dict() != before
    assert app.undo()
    assert app.state.to_dict() == before
    assert sorted(market(app)) == sorted(c for c, n in before["market"].items() for _ in range(n))
    assert not app.undo()  # nothing left to undo
    assert "nothing to undo" in app.explain.value


@pytest.mark.rule("JAI-END-4")
def test_a_whole_round_ends_with_the_score_sheet_item_by_item():
    app = JaipurApp(seed=3)
    for _ in range(200):
        if app.state.round_over:
            break
        assert app.play_first_legal()
    assert app.state.round_over
    sheet = app.state.score_sheet()
    assert "Score sheet, item by item" in app.score.value
    for row in sheet.rows:
        assert row.rule in app.score.value
    assert all(b.disabled for b in app.buttons.values())
    if not app.state.is_terminal():
        assert not app.next_button.disabled
        app.next_round()
        assert app.state.phase == "playing" and app.state.round_index == 1


def test_widgets_are_reused_not_created_per_move():
    from ipywidgets.widgets.widget import _instances as live_widgets

    app = JaipurApp(seed=5)
    app.play_first_legal()
    count = len(live_widgets)
    for _ in range(10):
        if app.state.round_over:
            break
        app.play_first_legal()
    assert len(live_widgets) <= count + 2


def test_select_refuses_cards_not_on_display():
    app = JaipurApp(seed=11)
    with pytest.raises(ValueError, match="not on display"):
        app.select(market=["diamond", "diamond", "diamond"])
    assert TakeOne("silver") in app.state.legal_actions()


def test_match_mode_refuses_undo_once_a_hidden_card_was_revealed():
    app = JaipurApp(seed=11, mode="match")
    good = next(c for c in market(app) if c != "camel")
    app.select(market=[good])
    app.buttons["take_one"].click()  # the deck refills the market: a hidden card is revealed
    assert not app.undo()
    assert "hidden card" in app.explain.value
    app.mode_picker.value = "practice"
    assert app.undo()


def test_match_mode_allows_undo_when_nothing_hidden_was_shown():
    from caravan_lessons.jaipur import Exchange

    app = JaipurApp(seed=11, mode="match")
    app.seat_pickers[1].value = "human"  # hot-seat: no bot answers
    before = app.state.to_dict()
    exchanges = [a for a in app.state.legal_actions() if isinstance(a, Exchange)]
    assert app.play(exchanges[0])  # an exchange draws no card
    assert app.state.current_player == 1
    assert app.undo() and app.state.to_dict() == before


def test_hot_seat_shows_the_hand_of_the_player_to_move():
    app = JaipurApp(seed=11, seats=["human", "human"])
    first = sorted(b.description for b in app.hand_cards)
    assert app.play_first_legal()
    assert app.state.current_player == 1
    assert sorted(b.description for b in app.hand_cards) == sorted(
        c for c, n in app.state.observation(1)["hand"].items() for _ in range(n))
    assert "Hand of player 1" in app.hand_title.value
    assert first != sorted(b.description for b in app.hand_cards) or True


def test_legal_choices_are_highlighted():
    app = JaipurApp(seed=11)
    legal = app.state.legal_actions()
    for kind, button in app.buttons.items():
        assert (button.button_style == "primary") == any(a.kind == kind for a in legal)
    takeable = {a.good for a in legal if a.kind == "take_one"}
    for card in app.market_cards:
        if card.description in takeable:
            assert card.legal


def test_replay_slider_shows_the_past_and_blocks_moves():
    app = JaipurApp(seed=11)
    start_market = sorted(market(app))
    app.play_first_legal()
    app.play_first_legal()
    assert app.replay.max == app.state.turn
    app.replay.value = 0
    assert sorted(market(app)) == start_market
    assert "Replaying" in app.status.value
    assert all(b.disabled for b in app.buttons.values())
    assert not app.play_first_legal()
    app.replay.value = app.replay.max
    assert "to move" in app.status.value


def test_bots_from_the_dropdown_play_each_other():
    app = JaipurApp(seed=4)
    app.seat_pickers[0].value = "random"  # both seats bots: they play the whole match
    assert app.state.is_terminal()
    assert app.replay.max == len(app.snapshots) - 1 > 50


def test_score_stepper_appears_after_a_round():
    app = JaipurApp(seed=3)
    while not app.state.round_over:
        app.play_first_legal()
    stepper = app.stepper
    assert stepper is not None and stepper.step == 0
    stepper.next_button.click()
    assert stepper.step == 1 and stepper.sheet.rows[0].rule in stepper.text.value
    stepper.all_button.click()
    assert stepper.step == len(stepper.sheet.rows) and stepper.next_button.disabled
    stepper.back_button.click()
    assert stepper.step == len(stepper.sheet.rows) - 1
