"""The data files: counts and sums of the design notes, and refusals of malformed files."""
import json
import shutil

import networkx as nx
import pytest

from caravan_lessons import marco_polo as mp
from caravan_lessons.files import DataFileError
from caravan_lessons.marco_polo.components import DATA_DIR, load_data

D = mp.default_data()


@pytest.mark.rule("MP-TRAVEL-2", "MP-TRAVEL-10")
def test_map_counts_and_route_costs():
    g = D.board
    assert g.number_of_nodes() == 25 and g.number_of_edges() == 30
    kinds = [a["kind"] for _, a in g.nodes(data=True)]
    assert (kinds.count("large"), kinds.count("small"), kinds.count("oasis")) == (7, 6, 10)
    free = [e for e in g.edges(data=True) if not e[2]["camels"] and not e[2]["coins"]]
    camel = sorted(e[2]["camels"] for e in g.edges(data=True) if e[2]["camels"])
    coin = sorted(e[2]["coins"] for e in g.edges(data=True) if e[2]["coins"])
    assert len(free) == 14 and camel == [2] * 4 + [3] * 5 + [4] * 3 and coin == [5, 7, 10, 15]
    assert sum(a["city_card_spaces"] for _, a in g.nodes(data=True)) == 9
    assert g.nodes["sumatra"]["city_card_spaces"] == 3
    assert D.travel_cost == (3, 7, 12, 12, 18, 18)


def test_every_venezia_beijing_path_needs_seven_steps():
    g = D.board
    assert nx.shortest_path_length(g, "venezia", "beijing") == 7
    sevens = [p for p in nx.all_simple_paths(g, "venezia", "beijing", cutoff=7) if len(p) == 8]
    assert len(sevens) == 7
    costs = sorted(mp.route_cost(mp.Map(g), p) for p in sevens)
    assert costs == sorted([(8, 0), (5, 5), (9, 0), (6, 7), (14, 0), (6, 15), (6, 25)])
    assert dict(g.degree())["beijing"] == 4


def test_positions_are_longitude_latitude():
    pos = nx.get_node_attributes(D.board, "pos")
    assert pos["venezia"][0] < pos["moscow"][0] < pos["beijing"][0]
    assert pos["sumatra"][1] < pos["kochi"][1] < pos["karachi"][1] < pos["beijing"][1] < pos["moscow"][1]


@pytest.mark.rule("MP-BAZAAR-2")
def test_bazaar_table():
    assert {g: D.bazaar[g][0] for g in D.bazaar} == {"camel": 1, "pepper": 1, "silk": 2, "gold": 3}
    assert D.bazaar["gold"][1][2] == {"gold": 2, "camels": 2}          # ruling 1
    assert D.bazaar["gold"][1][4] == {"gold": 3, "extra_move": 1}
    assert [c["camels"] for c in D.bazaar["camel"][1]] == [1, 2, 3, 4, 5, 6]


@pytest.mark.rule("MP-CITY-3", "MP-CITYBONUS-1", "MP-SETUP-1")
def test_card_lists():
    assert len(D.contracts) == 44 and sum(c["kind"] == "starting" for c in D.contracts.values()) == 6
    assert D.contracts[2]["cost"] == {"gold": 2, "silk": 1, "camels": 2}   # ruling 2
    camels = sorted(c["cost"]["camels"] for c in D.contracts.values())
    assert (camels.count(1), camels.count(2), camels.count(3)) == (9, 27, 8)
    assert len(D.city_cards) == 31 and D.city_cards[30]["pay"] == {"different_goods": 2}  # ruling 3
    assert len(D.objectives) == 18
    assert len(D.city_bonuses) == 6 and len(D.outpost_bonuses) == 10 and len(D.characters) == 8
    assert {b["city"]: k for k, b in D.city_bonuses.items()}["xian"] == "copy"            # ruling 6
    assert len(mp.RULES) == 70


def _copy(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    return folder


def test_a_copied_folder_loads(tmp_path):
    assert len(load_data(_copy(tmp_path)).contracts) == 44


@pytest.mark.parametrize("name, edit, words", [
    ("contracts.json", lambda d: d["contracts"][3]["cost"].__setitem__("gold", "2"), "contracts[3].cost.gold"),
    ("contracts.json", lambda d: d["contracts"].pop(), "44"),
    ("city_cards.json", lambda d: d["city_cards"][5].__setitem__("kind", "magic"), "city_cards[5].kind"),
    ("objectives.json", lambda d: d["objectives"][2]["cities"].__setitem__(0, "paris"), "objectives[2]"),
    ("map.json", lambda d: d["edges"][4].__setitem__("camels", True), "edges[4]"),
    ("map.json", lambda d: d["nodes"][2].__setitem__("kind", "oasis"), "kind"),
    ("bonuses.json", lambda d: d["city_bonuses"][0].__setitem__("city", "moscow"), "city_bonuses[0]"),
    ("characters.json", lambda d: d["characters"][0].__setitem__("extra", 1), "characters[0].extra"),
    ("actions.json", lambda d: d["travel_cost"].append(30), "travel_cost"),
])
def test_malformed_files_are_refused_naming_the_entry(tmp_path, name, edit, words):
    folder = _copy(tmp_path)
    data = json.loads((folder / name).read_text())
    edit(data)
    (folder / name).write_text(json.dumps(data))
    with pytest.raises(DataFileError) as info:
        load_data(folder)
    assert words in str(info.value) and name in str(info.value)
