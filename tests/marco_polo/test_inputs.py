"""Bad input at every public entry point of Marco Polo: malformed data files, saved games, bad
arguments and command lines are refused with one clear line naming the file, field or rule; never a
raw traceback from deep inside."""
from __future__ import annotations

import json
import math
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from caravan_lessons import marco_polo as mp
from caravan_lessons.core import SaveFileError
from caravan_lessons.files import DataFileError
from caravan_lessons.marco_polo.components import DATA_DIR

ROOT = Path(__file__).resolve().parents[2]


def one_line(exc: BaseException, *words: str) -> str:
    text = str(exc)
    assert text and "\n" not in text and len(text) < 400, text
    for word in words:
        assert word in text, (word, text)
    return text


@pytest.fixture
def data_copy(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    return folder


def edit(folder: Path, name: str, change) -> None:
    path = folder / name
    data = json.loads(path.read_text(encoding="utf-8"))
    result = change(data)
    path.write_text(result if isinstance(result, str) else json.dumps(data), encoding="utf-8")


# --- data files ----------------------------------------------------------------------------------------

def test_a_copied_data_folder_loads_and_plays(data_copy):
    data = mp.load_data(data_copy)
    state = mp.new_game(2, seed=3, data=data)
    state.apply(state.legal_actions()[0])
    assert len(data.rules) == 70 and len(data.contracts) == 44


NAMES = ["map.json", "actions.json", "contracts.json", "city_cards.json", "objectives.json", "bonuses.json",
         "characters.json", "rules.json"]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("text", ["{oops", "", "[]", "{}", "null"])
def test_a_broken_data_file_is_refused_naming_the_file(data_copy, name, text):
    edit(data_copy, name, lambda data: text)
    with pytest.raises(DataFileError) as info:
        mp.load_data(data_copy)
    one_line(info.value, name)


@pytest.mark.parametrize("name,change,words", [
    ("contracts.json", lambda d: d["contracts"][3]["cost"].__setitem__("gold", -1), ["contracts", "gold"]),
    ("contracts.json", lambda d: d["contracts"][3]["cost"].__setitem__("camels", 0), ["contracts[3]", "MP-BONUS-2"]),
    ("contracts.json", lambda d: d["contracts"].pop(), ["43 contracts", "MP-SETUP-5"]),
    ("contracts.json", lambda d: d["contracts"][5].__setitem__("id", 9), ["contracts[5]", "MP-SETUP-5"]),
    ("city_cards.json", lambda d: d["city_cards"].pop(), ["city_cards.json"]),
    ("objectives.json", lambda d: d["objectives"][2].__setitem__("cities", ["moscow", "atlantis"]),
     ["objectives[2]", "atlantis"]),
    ("map.json", lambda d: d["edges"][0].__setitem__("camels", "two"), ["map.json", "camels"]),
    ("map.json", lambda d: d["nodes"][3].__setitem__("kind", "volcano"), ["map.json", "kind"]),
    ("map.json", lambda d: d["edges"].append(dict(d["edges"][0], b="atlantis")), ["map.json", "atlantis"]),
    ("rules.json", lambda d: d["rules"].pop(), ["69 rules", "rules.json"]),
    ("rules.json", lambda d: d["rules"][4].__setitem__("id", "travel-2"), ["rules[4]", "travel-2"]),
    ("rules.json", lambda d: d["rules"].__setitem__(5, d["rules"][4]), ["listed twice"]),
    ("characters.json", lambda d: d["characters"].pop(), ["7 characters", "MP-SETUP-6"]),
    ("bonuses.json", lambda d: d["outpost_bonuses"].pop(), ["9 outpost bonuses", "MP-SETUP-3"]),
    ("actions.json", lambda d: d.__setitem__("travel_cost", [3, 7]), ["actions.json", "travel_cost"]),
])
def test_a_data_file_that_breaks_a_rule_is_refused_naming_the_entry(data_copy, name, change, words):
    edit(data_copy, name, change)
    with pytest.raises(DataFileError) as info:
        mp.load_data(data_copy)
    one_line(info.value, *words)


@pytest.mark.parametrize("folder", [3, True, ["data"], "/nonexistent/folder"])
def test_a_bad_data_folder_is_refused(folder):
    with pytest.raises(ValueError) as info:
        mp.load_data(folder)
    one_line(info.value)


def _places(data):
    """Every (container, key) of a JSON tree."""
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield data, key
        yield from _places(value)


@pytest.mark.slow
def test_random_mutations_of_every_data_file_load_and_play_or_are_refused(data_copy, tmp_path):
    """Many random one-value edits: each is refused in one line, or loads and plays whole games."""
    rng = random.Random(5)
    originals = {n: (data_copy / n).read_text(encoding="utf-8") for n in NAMES}
    for _ in range(150):
        name = rng.choice(NAMES)
        data = json.loads(originals[name])
        places = list(_places(data))
        node, key = rng.choice(places)
        node[key] = rng.choice([None, -1, 0, 99, "x", [], True, 2.5])
        (data_copy / name).write_text(json.dumps(data), encoding="utf-8")
        try:
            loaded = mp.load_data(data_copy)
        except ValueError as exc:
            one_line(exc)
        else:
            for seed in range(2):
                state = mp.new_game(4, seed=seed, data=loaded)
                play = random.Random(seed)
                for _ in range(300):
                    if state.is_terminal():
                        break
                    actions = state.legal_actions()
                    state.apply(actions[play.randrange(len(actions))])
        (data_copy / name).write_text(originals[name], encoding="utf-8")


# --- saved games ---------------------------------------------------------------------------------------

def _save(seed=2, moves=80):
    rng = random.Random(seed)
    state = mp.new_game(3, seed=seed, characters=["wilhelm", "polos", "raschid"])
    for _ in range(moves):
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state


@pytest.mark.parametrize("change,words", [
    (lambda d: d.__setitem__("players", 5), ["players"]),
    (lambda d: d.__setitem__("coins", [3, -1, 4]), ["coins"]),
    (lambda d: d.__setitem__("coins", [3, 4]), ["coins", "MP-SETUP-8"]),
    (lambda d: d.__setitem__("posts", {"oasis_a": [0]}), ["oasis_a", "MP-TRAVEL-10"]),
    (lambda d: d.__setitem__("posts", {"moscow": [1, 1]}), ["MP-TRAVEL-8"]),
    (lambda d: d.__setitem__("black_dice", 4), ["black dice", "MP-BONUS-6"]),
    (lambda d: d["rng"].__setitem__("state", [-1] + d["rng"]["state"][1:]), ["rng"]),
    (lambda d: d["rng"].__setitem__("version", 2), ["rng"]),
    (lambda d: d.__setitem__("tasks", [["teleport"]]), ["teleport", "MP-TURN-1"]),
    (lambda d: d.__setitem__("surprise", 1), ["surprise"]),
    (lambda d: d.pop("travellers"), ["travellers"]),
])
def test_a_broken_saved_game_gives_one_save_file_error(change, words):
    data = json.loads(json.dumps(_save().to_dict()))
    change(data)
    with pytest.raises(SaveFileError) as info:
        mp.State.from_dict(data)
    one_line(info.value, *words)


def test_a_saved_game_round_trips_and_a_file_of_junk_is_refused(tmp_path):
    from caravan_lessons import load_game, save_game

    state = _save()
    again = load_game(save_game(state, tmp_path / "game.json"))
    assert again.to_dict() == state.to_dict()
    for junk in (b"", b"{", b"[1, 2]", b'{"game": "marco_polo", "version": 1}'):
        (tmp_path / "bad.json").write_bytes(junk)
        with pytest.raises(SaveFileError) as info:
            load_game(tmp_path / "bad.json")
        one_line(info.value)


@pytest.mark.parametrize("data", [None, [], "x", 3, {}])
def test_from_dict_of_something_else_is_refused(data):
    with pytest.raises(SaveFileError) as info:
        mp.State.from_dict(data)
    one_line(info.value)


# --- arguments -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs,words", [
    (dict(players=True), ["2, 3 or 4"]), (dict(players=4.0), ["2, 3 or 4"]), (dict(players=5), ["2, 3 or 4"]),
    (dict(players="4"), ["2, 3 or 4"]), (dict(players=4, seed=1.5), ["seed"]), (dict(players=4, seed=True), ["seed"]),
    (dict(players=2, characters=["raschid"]), ["one character id per seat"]),
    (dict(players=2, characters=["raschid", "raschid"]), ["different character"]),
    (dict(players=2, characters=["raschid", "marco"]), ["unknown character", "polos"]),
    (dict(players=2, characters="random"), ["first_game"]), (dict(players=2, characters=None), ["one character"]),
    (dict(players=2, objectives=3), ["objectives"]), (dict(players=2, objectives=True), ["objectives"]),
    (dict(players=2, player_count_variant=1), ["True or False"]), (dict(players=2, data="data"), ["GameData"]),
])
def test_new_game_refuses_bad_arguments(kwargs, words):
    with pytest.raises(ValueError) as info:
        mp.new_game(**kwargs)
    one_line(info.value, *words)


@pytest.mark.parametrize("args,kwargs,words", [
    (("nowhere",), {}, ["unknown location"]), ((None,), {}, ["unknown location"]),
    (("venezia", 0), {}, ["max_steps"]), (("venezia", 7), {}, ["max_steps"]), (("venezia", True), {}, ["max_steps"]),
    (("venezia", 2.0), {}, ["max_steps"]), (("venezia", 3, -1), {}, ["camel_value"]),
    (("venezia", 3, math.nan), {}, ["camel_value"]), (("venezia", 3, math.inf), {}, ["camel_value"]),
    (("venezia", 3, "2"), {}, ["camel_value"]), (("venezia",), {"travel_cost": (3, 7)}, ["travel_cost"]),
    (("venezia",), {"travel_cost": None}, ["travel_cost"]), (("venezia",), {"travel_cost": "abcdef"}, ["travel_cost"]),
    (("venezia",), {"travel_cost": (3, 7, 12, 12, 18, -1)}, ["travel_cost"]),
    (("venezia",), {"oasis_jumps": "yes"}, ["oasis_jumps"]),
])
def test_cheapest_routes_refuses_bad_arguments(args, kwargs, words):
    with pytest.raises(ValueError) as info:
        mp.cheapest_routes(mp.board(), *args, **kwargs)
    one_line(info.value, *words)


@pytest.mark.parametrize("graph", [None, 3, "map", {}])
def test_route_questions_refuse_something_that_is_not_the_map(graph):
    with pytest.raises(ValueError) as info:
        mp.cheapest_routes(graph, "venezia")
    one_line(info.value, "networkx")
    with pytest.raises(ValueError) as info:
        mp.Map(graph)
    one_line(info.value, "networkx")


def test_a_map_whose_routes_lack_costs_is_refused():
    import networkx as nx

    graph = nx.Graph([("venezia", "moscow")])
    with pytest.raises(ValueError) as info:
        mp.cheapest_routes(graph, "venezia")
    one_line(info.value, "venezia-moscow", "camels")


@pytest.mark.parametrize("path,words", [
    (None, ["non-empty list"]), ("venezia", ["non-empty list"]), ([], ["non-empty list"]), ([1, 2], ["not a location"]),
    ([["venezia"]], ["not a location"]), (["venezia", "atlantis"], ["atlantis"]), (["venezia", "beijing"], ["no route"]),
])
def test_route_cost_refuses_bad_paths(path, words):
    with pytest.raises(ValueError) as info:
        mp.route_cost(mp.Map(mp.board()), path)
    one_line(info.value, *words)


@pytest.mark.parametrize("state,seat", [(None, 0), ("state", 0), ({}, 0), ("ok", True), ("ok", 1.0), ("ok", 3),
                                        ("ok", -1), ("ok", "0")])
def test_reachable_objective_cities_refuses_bad_arguments(state, seat):
    real = mp.new_game(3, seed=1)
    with pytest.raises(ValueError) as info:
        mp.reachable_objective_cities(real if state == "ok" else state, seat)
    one_line(info.value)


@pytest.mark.parametrize("seat", [True, 1.0, -1, 3, "0", None])
def test_observation_refuses_a_bad_seat(seat):
    with pytest.raises(ValueError) as info:
        mp.new_game(3, seed=1).observation(seat)
    one_line(info.value)


@pytest.mark.parametrize("action", [None, 3, "Place", mp.Place, object()])
def test_something_that_is_not_an_action_is_refused_with_a_rule(action):
    state = mp.new_game(2, seed=1)
    before = state.to_dict()
    problem = state.why_illegal(action)
    assert problem is not None and problem.rule == "MP-TURN-1"
    with pytest.raises(ValueError):
        state.apply(action)
    assert state.to_dict() == before


# --- the command line ----------------------------------------------------------------------------------

def run_cli(*args, timeout=300):
    return subprocess.run([sys.executable, "-m", "caravan_lessons", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, check=False)


def test_schema_of_marco_polo_is_the_save_file_model():
    from caravan_lessons.marco_polo import saves

    done = run_cli("schema", "marco_polo")
    assert done.returncode == 0, done.stderr
    schema = json.loads(done.stdout)
    assert schema["title"] == "SaveFile" and "rng" in schema["properties"]
    assert saves.SaveFile is saves.saved_game_model()


@pytest.mark.parametrize("args", [
    ("simulate", "marco_polo", "--games", "-1"), ("simulate", "marco_polo", "--games", "1e5"),
    ("simulate", "marco_polo", "--games", "0"), ("simulate", "marco_polo", "--seed", "x"),
    ("simulate", "marco_polo", "--games", "1", "--bots", "chess", "random"),
    ("simulate", "marco_polo", "--games", "1", "--bots", "random", "--no-progress"),
    ("simulate", "marco_polo", "--games", "1", "--no-progress", "--bots", "random", "random", "random", "random",
     "random"),
    ("schema", "marco_polo2"), ("rules", "marco polo"), ("schema",),
])
def test_bad_command_lines_give_one_line_and_status_2(args):
    done = run_cli(*args)
    assert done.returncode == 2, (done.returncode, done.stderr[-500:])
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr[-500:]


def test_rules_and_a_short_simulation_work():
    done = run_cli("rules", "marco_polo")
    assert done.returncode == 0 and done.stdout.count("MP-") >= 70
    done = run_cli("simulate", "marco_polo", "--games", "2", "--seed", "4", "--no-progress")
    assert done.returncode == 0, done.stderr
    assert "2 games of 4 players" in done.stdout and "victory points" in done.stdout


@pytest.mark.parametrize("action", [
    "Choose(kind='compensation', value=())", "Place(space=None, dice=None, set_to=None)", "Reroll(die=())",
    "Adjust(die=None, delta=())", "Move(paths=-1)"])
def test_an_action_of_the_wrong_shape_is_named_not_raised_when_written(action):
    """An action built by hand with values of the wrong shape is refused by ``apply`` naming its rule; writing
    it (in a refusal, a log or a notebook's repr) names it and its values instead of raising from inside."""
    from caravan_lessons.marco_polo import actions

    made = eval(action, vars(actions))  # noqa: S307 - the test's own literals
    text = str(made)
    assert text.startswith(type(made).__name__ + "(") and "\n" not in text and len(text) < 200, text
    state = mp.new_game(players=2, seed=1)
    before = state.to_dict()
    from caravan_lessons.core import RuleViolation

    with pytest.raises(RuleViolation) as refused:
        state.apply(made)
    one_line(refused.value, "MP-")
    assert state.to_dict() == before
