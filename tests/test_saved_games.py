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
    (lambda d: d.pop("deck"), "the field 'deck' is missing"),
    (lambda d: d.update(game="chess"), "unknown game 'chess'"),
    (lambda d: d.update(game={}), "unknown game {}"),              # unhashable: was a raw TypeError
    (lambda d: d.update(game=["jaipur"]), "unknown game ['jaipur']"),
    (lambda d: d.update(version="v" * 100_000), "(100000 characters)"),
    (lambda d: d["market"].update(diamond=d["market"].get("diamond", 0) + 1), "JAI-COMP-1"),
    (lambda d: d["deck"].append("unicorn"), "field 'deck["),
    (lambda d: d.update(herds=[1]), "'herds[1]' is missing"),
    (lambda d: d.update(seals=[3, 0]), "field 'seals[0]'"),
    (lambda d: d.update(turn="7"), "field 'turn'"),
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
    with pytest.raises(SaveFileError, match="JSON object|valid dictionary"):
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


# --- issue 8 item 2: impossible states found accepted, now refused naming the clause ---------------

def _finished_round():
    import random

    rng = random.Random(2)
    state = new_game(seed=2)
    while not state.round_over:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state


def _sold(d, good, n):
    """Move n cards of ``good`` from the deck to the discard pile (sold, with no token taken)."""
    for _ in range(n):
        d["deck"].remove(good)
    d["discard"][good] = d["discard"].get(good, 0) + n


def _empty_three_stacks(d):
    from caravan_lessons.jaipur import GOODS_TOKENS

    for g in ("diamond", "gold", "silver"):
        stack = GOODS_TOKENS[("diamond", "gold", "silver").index(g)]
        d["deck"] = [c for c in d["deck"] if c != g]
        d["market"].pop(g, None)
        for h in d["hands"]:
            h.pop(g, None)
        d["discard"][g] = 6
        d["goods_tokens"][0] += [[g, v] for v in stack]
    while sum(d["market"].values()) < 5:
        d["market"]["leather"] = d["market"].get("leather", 0) + 1
        d["deck"].remove("leather")


IMPOSSIBLE = [
    ("camel token mid-round", lambda d: d.update(camel_token=0), "JAI-END-3"),
    ("token never in the supply", lambda d: d["goods_tokens"][1].append(["diamond", 9]), "JAI-COMP-2"),
    ("2 leather sold, no token", lambda d: _sold(d, "leather", 2), "JAI-SELL-2"),
    ("negative turn", lambda d: d.update(turn=-1), "field 'turn'"),
    ("negative round", lambda d: d.update(round_index=-2), "field 'round_index'"),
    ("seals with no round played", lambda d: d.update(seals=[1, 0]), "JAI-MATCH-1"),
    ("round over with no result", lambda d: d.update(phase="round over"), "JAI-END-4"),
    ("match over with no result", lambda d: d.update(phase="match over", current_player=-1, seals=[2, 0],
                                                      round_index=2), "JAI-END-4"),
    ("version true", lambda d: d.update(version=True), "format version True"),
    ("float bonus token", lambda d: d["bonus_stacks"].update({"3": [float(v) for v in d["bonus_stacks"]["3"]]}),
     "field 'bonus_stacks.3[0]'"),
    ("three empty stacks during play", _empty_three_stacks, "JAI-END-1"),
    ("deck empty, market short", lambda d: (d["deck"].clear(), d["market"].clear(),
                                            d["discard"].clear()), "JAI-"),
]


@pytest.mark.parametrize("name,change,message", IMPOSSIBLE, ids=[i[0] for i in IMPOSSIBLE])
def test_impossible_states_are_refused_naming_the_clause(name, change, message):
    data = json.loads(json.dumps(new_game(seed=4).to_dict()))
    change(data)
    with pytest.raises(SaveFileError) as info:
        State.from_dict(data)
    assert message in str(info.value) and "\n" not in str(info.value)


@pytest.mark.rule("JAI-END-2")
def test_an_empty_deck_with_a_short_market_is_refused_during_play():
    data = json.loads(json.dumps(new_game(seed=4).to_dict()))
    card = next(c for c, n in data["market"].items() if n and c != "camel")
    data["market"][card] -= 1
    data["discard"][card] = data["discard"].get(card, 0) + 0
    data["hands"][0][card] = data["hands"][0].get(card, 0) + 1
    for c in data["deck"]:
        if c == "camel":
            data["herds"][1] += 1
        else:
            data["discard"][c] = data["discard"].get(c, 0) + 1
    data["deck"] = []
    with pytest.raises(SaveFileError, match="JAI-"):
        State.from_dict(data)


def test_match_over_with_two_seals_each_and_unknown_round_result_keys_are_refused():
    state = _finished_round()
    data = json.loads(json.dumps(state.to_dict()))
    data["round_results"][0]["surprise"] = 1
    with pytest.raises(SaveFileError, match="unknown field 'round_results\\[0\\].surprise'"):
        State.from_dict(data)
    data = json.loads(json.dumps(state.to_dict()))
    data.update(phase="match over", current_player=-1, seals=[2, 2])
    with pytest.raises(SaveFileError, match="JAI-MATCH"):
        State.from_dict(data)


@pytest.mark.parametrize("content", [b"", b"\xff\xfe{}", b"[" * 5000 + b"]" * 5000,
                                     b'{"seed": ' + b"9" * 3000 + b"}"])
def test_bad_bytes_are_refused_in_one_line(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(SaveFileError) as info:
        load_game(path)
    assert "\n" not in str(info.value) and len(str(info.value)) < 300


def test_a_folder_is_not_a_saved_game(tmp_path):
    with pytest.raises(SaveFileError, match="folder"):
        load_game(tmp_path)


def test_scenario_goes_through_the_same_checks():
    from caravan_lessons.jaipur import scenario

    with pytest.raises(SaveFileError, match="JAI-COMP-1"):
        scenario(market={"diamond": 7})
    with pytest.raises(SaveFileError, match="market"):
        scenario(market={"unicorn": 1})
    with pytest.raises(ValueError):
        scenario(market={"camel": 3, "cloth": 2}, current_player=1.0)
    with pytest.raises(SaveFileError, match="JAI-TAKE-7"):
        scenario(market={"camel": 3, "cloth": 2}, hands=[{"leather": 8}, {}])


def test_determinize_after_a_round_builds_a_consistent_state():
    import random

    from caravan_lessons.jaipur import determinize

    state = _finished_round()
    again = determinize(state.observation(0), random.Random(0))
    assert again.phase == state.phase and again.round_results[-1]["winner"] == state.round_results[-1]["winner"]


@pytest.mark.parametrize("game", ["jaipur", "samarkand", "caravan", "marco_polo"])
def test_version_true_is_not_version_1(game):
    """Issue 8's example for Jaipur, now for every game (a tester found `"version": true` accepted)."""
    import importlib

    from caravan_lessons.core import SaveFileError

    module = importlib.import_module(f"caravan_lessons.{game}")
    state = module.new_game(seed=3) if game == "jaipur" else module.new_game(2, seed=3)
    data = state.to_dict()
    assert module.State.from_dict(dict(data)).to_dict() == data
    with pytest.raises(SaveFileError, match="version"):
        module.State.from_dict({**data, "version": True})
