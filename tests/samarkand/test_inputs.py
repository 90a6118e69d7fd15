"""Bad input at every public entry point of Samarkand: board files, saved games, scenario, the app,
the CLI. Each gives one clear error (a ValueError: DataFileError, SaveFileError, RuleViolation)
naming the file, field or rule -- never a raw traceback from deep inside."""
from __future__ import annotations

import json

import pytest

from caravan_lessons import samarkand
from caravan_lessons.samarkand import State, load_board, scenario
from caravan_lessons.samarkand.actions import selection_to_action


def one_line(exc: BaseException) -> str:
    text = str(exc)
    assert text and "\n" not in text and len(text) < 400 and "Traceback" not in text, text
    return text


def board_data():
    from importlib.resources import files

    return json.loads(files("caravan_lessons.samarkand").joinpath("data/board.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("how, words", [
    ("not a dict", "board"), ("empty", "board"), ("nodes not a list", "nodes"), ("drop a node", ""),
    ("duplicate id", ""), ("bad kind", "kind"), ("bool position", ""),
])
def test_bad_board_data_is_refused_in_one_line(how, words):
    data = board_data()
    key = "nodes" if "nodes" in data else next(k for k, v in data.items() if isinstance(v, list))
    if how == "not a dict":
        data = ["nodes"]
    elif how == "empty":
        data = {}
    elif how == "nodes not a list":
        data[key] = "g1"
    elif how == "drop a node":
        data[key] = data[key][1:]
    elif how == "duplicate id":
        data[key] = data[key] + [data[key][0]]
    elif how == "bad kind":
        data[key][0] = dict(data[key][0], kind="lava")
    elif how == "bool position":
        node = dict(data[key][0])
        for field in ("pos", "position", "x"):
            if field in node:
                node[field] = True
        data[key][0] = node
    with pytest.raises(ValueError) as err:
        load_board(data)
    assert words.lower() in one_line(err.value).lower()


def test_board_files_that_are_missing_not_json_or_a_folder(tmp_path):
    bad = tmp_path / "board.json"
    bad.write_text("{not json", encoding="utf-8")
    for path in (tmp_path / "missing.json", bad, tmp_path):
        with pytest.raises(ValueError) as err:
            load_board(path)
        assert str(path.name) in one_line(err.value) or str(path) in str(err.value)
    with pytest.raises(ValueError):
        load_board(3)


@pytest.mark.parametrize("mutate", [
    lambda d: d.pop("players"),
    lambda d: d.update(version=99),
    lambda d: d.update(game="jaipur"),
    lambda d: d.update(seed="seven"),
    lambda d: d.update(players=d["players"][:1]),
    lambda d: d["players"][0].update(money=True),
    lambda d: d["players"][0].update(money=-4),
    lambda d: d.update(phase="lunch"),
])
def test_bad_saved_games_are_refused_in_one_line(mutate):
    state = samarkand.new_game(3, seed=4)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    data = json.loads(json.dumps(state.to_dict()))
    mutate(data)
    with pytest.raises(ValueError) as err:
        State.from_dict(data)
    one_line(err.value)


def test_not_a_saved_game_at_all():
    for data in (None, [], "samarkand", 3, {"game": "samarkand"}):
        with pytest.raises(ValueError) as err:
            State.from_dict(data)
        one_line(err.value)


@pytest.mark.parametrize("kwargs", [
    {"players": 6}, {"players": True}, {"held": {0: ["atlantis"]}}, {"hands": {0: [99]}},
    {"camels": {"nowhere": ["levant"]}}, {"camels": {"g3": ["levant", "levant"]}}, {"active": 7},
    {"active": True}, {"money": {0: "ten"}}, {"treasury": {"atlantis": 3}},
])
def test_scenario_refuses_bad_arguments_in_one_line(kwargs):
    with pytest.raises(ValueError) as err:
        scenario(**kwargs)
    one_line(err.value)


@pytest.mark.parametrize("args", [
    ("fly",), (None,), ("marry", ["levant", "egypt"]), ("marry", "levant"), ("place", ["levant"], []),
    ("discard", ["amber"]), ("discard", [True]), ("sell", (), (), "3"), ("keep", (), (), 2.0),
])
def test_selections_of_the_wrong_shape_are_refused(args):
    with pytest.raises(ValueError) as err:
        selection_to_action(*args)
    one_line(err.value)


def test_a_well_formed_selection_that_breaks_a_rule_is_the_engines_refusal():
    state = samarkand.new_game(3, seed=1)
    action = selection_to_action("place", ["levant"], ["g22"])
    problem = state.why_illegal(action)
    assert problem is not None and problem.rule.startswith("SAM-")


@pytest.mark.parametrize("argv", [
    ["simulate", "samarkand", "--games", "0"], ["simulate", "samarkand", "--games", "x"],
    ["simulate", "samarkand", "--games", "-3"], ["simulate", "samarkand", "--seed", "1.5"],
    ["simulate", "samarkand", "--players", "9"], ["simulate", "samarkand", "--bots", "nobody"],
    ["schema", "samarkand", "extra"],
])
def test_cli_bad_arguments_give_one_short_line(argv, capsys):
    from caravan_lessons.__main__ import main

    try:
        code = main(argv)
    except SystemExit as stop:
        code = stop.code
    assert code not in (0, None)
    err = capsys.readouterr().err.strip().splitlines()
    assert err and "Traceback" not in "\n".join(err) and len(err[-1]) < 400


def test_cli_schema_prints_the_samarkand_save_file(capsys):
    from caravan_lessons.__main__ import main

    assert main(["schema", "samarkand"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["title"] == "SaveFile" and "players" in schema["properties"]
