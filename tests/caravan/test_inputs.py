"""Bad input at every public Caravan entry point: board files, saved games, scenario, simulate, the
play app, the CLI. Each is refused with one clear line (ValueError, DataFileError, SaveFileError,
RuleViolation: all ValueErrors) naming the file, field or rule; never a raw traceback from inside."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from caravan_lessons import caravan as c
from caravan_lessons.caravan.saves import lesson_position
from caravan_lessons.caravan.scenario import last_delivery
from caravan_lessons.ui.caravan_app import CaravanApp


def one_clear_line(call, *words):
    with pytest.raises(ValueError) as info:
        call()
    text = str(info.value)
    assert text and "\n" not in text and len(text) < 400, text
    for word in words:
        assert word in text, (word, text)
    return text


def test_board_files(tmp_path):
    one_clear_line(lambda: c.load_board(tmp_path / "missing.json"), "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    one_clear_line(lambda: c.load_board(bad), "bad.json")
    bad.write_bytes(b"\xff\xfe\x00")
    one_clear_line(lambda: c.load_board(bad), "bad.json")
    for junk in ([], {}, {"cells": 3}, "board", 3.5, True):
        one_clear_line(lambda junk=junk: c.load_board(junk))


def test_board_data_breaking_the_components(tmp_path):
    path = Path(c.__file__).parent / "data" / "board.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    broken = copy.deepcopy(data)
    cities = [cell for cell in broken["cells"] if cell.get("kind") == "city"]
    cities[1]["good"] = cities[0]["good"]          # two cities of one good
    one_clear_line(lambda: c.load_board(broken), "CAR-")
    broken = copy.deepcopy(data)
    broken["cells"][0]["row"] = 99 if "row" in broken["cells"][0] else broken["cells"][0].get("row")
    with pytest.raises(ValueError):
        c.load_board(broken)
    file = tmp_path / "board.json"
    file.write_text(json.dumps({**data, "surprise": 1}), encoding="utf-8")
    one_clear_line(lambda: c.load_board(file), "board.json")


def test_saved_games(tmp_path):
    good = last_delivery().to_dict()
    for field, value in (("players", 7), ("players", True), ("current", 5), ("tokens", [9, 9]),
                         ("bag", ["unicorn"]), ("actions_left", 9), ("turn", -1), ("seed", "x")):
        bad = {**copy.deepcopy(good), field: value}
        one_clear_line(lambda bad=bad: c.State.from_dict(bad))
    for junk in (None, [], "save", 3, {"game": "jaipur", "version": 1}):
        one_clear_line(lambda junk=junk: c.State.from_dict(junk))
    # [ruling] a lesson position (its cubes delivered by hand): it reads back through the lesson path only
    assert lesson_position(good).to_dict() == good
    one_clear_line(lambda: c.State.from_dict(good), "CAR-REFILL-3")


def test_new_game_and_scenario():
    for players in (1, 5, True, 2.0, "3"):
        one_clear_line(lambda players=players: c.new_game(players), "2, 3 or 4")
    one_clear_line(lambda: c.new_game(2, seed="x"))
    one_clear_line(lambda: c.new_game(2, learning="yes"))
    one_clear_line(lambda: c.scenario(2, camels={0: [("Atlantis", None)]}))
    one_clear_line(lambda: c.scenario(2, camels={0: [((0, 0), None)] * 9}), "camels")
    one_clear_line(lambda: c.scenario(2, goods={(0, 0): "ivory", (0, 6): "ivory", (1, 1): "ivory",
                                                (1, 5): "ivory"}), "bag")


def test_simulate_arguments():
    for games in (0, -1, True, 2.5, "3"):
        one_clear_line(lambda games=games: c.simulate(games, progress=False), "games")
    one_clear_line(lambda: c.simulate(1, players=5, progress=False), "2, 3 or 4")
    one_clear_line(lambda: c.simulate(1, bots=("heuristic", "nobody"), progress=False))


def test_app_arguments_leave_no_app():
    one_clear_line(lambda: CaravanApp(players=5), "2, 3 or 4")
    one_clear_line(lambda: CaravanApp(players=True), "2, 3 or 4")
    one_clear_line(lambda: CaravanApp(seats="human"), "seats")
    one_clear_line(lambda: CaravanApp(mode="easy"), "mode")
    one_clear_line(lambda: CaravanApp(canvas="svg"), "canvas")
    one_clear_line(lambda: CaravanApp(seed=1.5))
    one_clear_line(lambda: CaravanApp(state="a game"), "caravan.State")


def test_app_refuses_garbage_actions_kindly():
    app = CaravanApp(state=last_delivery(), seats=["human", "human"])
    before = app.state.to_dict()
    for junk in (None, "deliver", 3):
        assert not app.choose(junk)
        assert "Not allowed" in app.explain.value or "not" in app.explain.value
    assert app.state.to_dict() == before
    app.close()


@pytest.mark.parametrize("argv", [["simulate", "caravan", "--games", "0"], ["simulate", "caravan", "--games", "x"],
                                  ["simulate", "caravan", "--players", "9"], ["schema", "caravn"]])
def test_cli_bad_arguments_give_one_line(argv, capsys):
    from caravan_lessons.__main__ import main

    with _maybe_exit():
        assert main(argv) != 0
    err = capsys.readouterr().err.strip()
    assert err and "\n" not in err and "Traceback" not in err, err


class _maybe_exit:
    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        return kind is SystemExit and value.code not in (0, None)
