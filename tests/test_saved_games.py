"""Saved games: JSON with a version; bad files are refused with one clear line, nothing changed."""
import json

import pytest

from caravan_lessons import SaveFileError, load_game, save_game
from caravan_lessons.jaipur import State, new_game


def played(seed=5, turns=40):
    import random

    rng = random.Random(seed)
    state = new_game(seed=seed)
    for _ in range(turns):
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state


def test_save_and_load_continue_the_same_game(tmp_path):
    state = played()
    path = save_game(state, tmp_path / "game.json")
    loaded = load_game(path)
    assert loaded.to_dict() == state.to_dict()
    assert loaded.legal_actions() == state.legal_actions()
    action = state.legal_actions()[0]
    state.apply(action)
    loaded.apply(action)
    assert loaded.to_dict() == state.to_dict()
    assert [str(e) for e in loaded.events] == [str(e) for e in state.events]


def broken(tmp_path, change):
    data = played().to_dict()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("change,message", [
    (lambda d: d.update(version=99), "format version 99"),
    (lambda d: d.pop("deck"), "missing the field 'deck'"),
    (lambda d: d.update(game="chess"), "unknown game 'chess'"),
    (lambda d: d["market"].update(diamond=d["market"].get("diamond", 0) + 1), "JAI-COMP-1"),
    (lambda d: d["deck"].append("unicorn"), "unknown card type"),
    (lambda d: d.update(herds=[1]), "'herds' should have 2 entries"),
    (lambda d: d.update(seals=[3, 0]), "outside 0..2"),
    (lambda d: d.update(turn="7"), "'turn' should be int"),
    (lambda d: d["goods_tokens"][0].append(["diamond", 99]), "JAI-COMP-2"),
    (lambda d: d["bonus_stacks"].update({"3": []}), "JAI-COMP-3"),
])
def test_bad_saved_games_are_refused_with_one_line(tmp_path, change, message):
    path = broken(tmp_path, change)
    with pytest.raises(SaveFileError) as info:
        load_game(path)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


@pytest.mark.rule("JAI-TAKE-7")
def test_a_hand_over_the_limit_is_refused(tmp_path):
    data = played().to_dict()
    hand = data["hands"][0]
    moved = 0
    for card in list(data["deck"]):
        if card != "camel" and sum(hand.values()) < 8:
            data["deck"].remove(card)
            hand[card] = hand.get(card, 0) + 1
            moved += 1
    with pytest.raises(SaveFileError, match="JAI-TAKE-7"):
        State.from_dict(data)


def test_not_json_and_missing_file(tmp_path):
    path = tmp_path / "nope.json"
    with pytest.raises(SaveFileError, match="cannot read"):
        load_game(path)
    path.write_text("{ not json")
    with pytest.raises(SaveFileError, match="is not JSON"):
        load_game(path)
    path.write_text("[1, 2]")
    with pytest.raises(SaveFileError, match="JSON object"):
        load_game(path)


def test_state_protocol_is_followed():
    from caravan_lessons.core import GameState

    assert isinstance(new_game(seed=1), GameState)


def test_observation_hides_the_other_hand_and_the_deck():
    state = played()
    obs = state.observation(0)
    text = json.dumps(obs)
    assert "deck" not in obs or isinstance(obs.get("deck_size"), int)
    assert obs["opponent_hand_size"] == sum(state.hands[1])
    assert "hands" not in obs and "bonus_stacks" not in obs
    json.loads(text)  # JSON-able
    with pytest.raises(ValueError, match="player must be 0 or 1"):
        state.observation(2)


def test_child_leaves_the_parent_untouched():
    state = played()
    before = state.to_dict()
    child = state.child(state.legal_actions()[0])
    assert state.to_dict() == before and child.to_dict() != before


def test_bad_arguments_are_clear():
    from caravan_lessons.jaipur import Exchange, Sell, TakeOne

    with pytest.raises(ValueError, match="unknown card type 'banana'"):
        TakeOne("banana")
    with pytest.raises(ValueError, match="whole number"):
        Sell("cloth", 2.5)
    with pytest.raises(ValueError, match="list of card names"):
        Exchange("cloth", ["spice"])
    with pytest.raises(ValueError, match="seed must be a whole number"):
        new_game(seed="abc")
    with pytest.raises(ValueError, match="not a Jaipur action"):
        new_game(seed=1).apply("sell everything")
