"""The board as data (CAR-COMP-5): the teaching board and bad board files."""
import json

import networkx as nx
import pytest

from caravan_lessons import caravan
from caravan_lessons.caravan.board import TEACHING_BOARD, DataFileError, load_board


def board_data():
    return json.loads(TEACHING_BOARD.read_text(encoding="utf-8"))


@pytest.mark.rule("CAR-COMP-5")
def test_teaching_board_structure():
    board = caravan.teaching_board()
    g = board.graph
    assert nx.utils.graphs_equal(nx.grid_2d_graph(7, 7), nx.Graph(g.edges)) or set(g.edges) == set(
        nx.grid_2d_graph(7, 7).edges)
    assert g.number_of_nodes() == 49 and g.number_of_edges() == 84
    assert board.teaching_board is True and "Not the printed board" in board.note
    assert sorted(board.city_of) == sorted(caravan.GOODS)
    assert board.city_name[board.city_of["ivory"]] == "Marrakesh"
    corners = {(0, 0), (0, 6), (6, 0), (6, 6)}
    assert {board.numbered[k - 1] for k in (1, 2, 7, 8)} == corners
    # common cities central (within the inner 5 x 5), rare cities on the edge
    for good in caravan.COMMON:
        r, c = board.city_of[good]
        assert 1 <= r <= 5 and 1 <= c <= 5
    for good in caravan.RARE:
        r, c = board.city_of[good]
        assert r in (0, 6) or c in (0, 6)
    # a quarter turn maps the layout onto itself (no seat favoured)
    turn = {(r, c): (c, 6 - r) for r, c in board.spaces}
    kinds = {n: g.nodes[n]["kind"] for n in board.spaces}
    assert all(kinds[turn[n]] == kinds[n] for n in board.spaces)


@pytest.mark.rule("CAR-COMP-5", "CAR-MOVE-1")
def test_diagonal_does_not_connect():
    g = caravan.teaching_board().graph
    assert g.has_edge((0, 2), (0, 3)) and not g.has_edge((1, 2), (0, 3))


def test_board_space_lookup():
    board = caravan.teaching_board()
    assert board.space("Marrakesh") == (0, 3) == board.space("ivory")
    assert board.space(1) == (0, 0) and board.space([2, 2]) == (2, 2)
    for bad in ("Atlantis", 9, True, (7, 0), (1.0, 2), "1"):
        with pytest.raises(ValueError):
            board.space(bad)


def test_teacher_can_load_another_layout(tmp_path):
    data = board_data()
    data["teaching_board"] = False
    data["name"] = "my layout"
    for cell in data["cells"]:
        if cell.get("good") == "ivory":
            cell["row"], cell["col"] = 3, 3
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    state = caravan.new_game(2, seed=1, board=path)
    assert state.board.city_of["ivory"] == (3, 3) and not state.board.teaching_board


def _mutated(change):
    data = board_data()
    change(data)
    return data


BAD = {
    "two ivory cities": (lambda d: d["cells"][1].update(good="ivory"), "CAR-COMP-5"),
    "number 9": (lambda d: d["cells"][8].update(number=9), "CAR-COMP-5"),
    "outside grid": (lambda d: d["cells"][0].update(row=7), "CAR-COMP-5"),
    "same space twice": (lambda d: d["cells"][1].update(row=0, col=3), "CAR-COMP-5"),
    "missing number": (lambda d: d["cells"].pop(), "CAR-COMP-5"),
    "bool as row": (lambda d: d["cells"][0].update(row=True), "row"),
    "float as col": (lambda d: d["cells"][0].update(col=3.0), "col"),
    "unknown key": (lambda d: d.update(colour="red"), "colour"),
    "wrong game": (lambda d: d.update(game="samarkand"), "game"),
    "unknown good": (lambda d: d["cells"][0].update(good="spice"), "CAR-COMP-5"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_board_data_refused(name):
    change, expected = BAD[name]
    with pytest.raises(DataFileError, match=expected):
        load_board(_mutated(change))


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "NaN", '{"format": "caravan_lessons.board"}'])
def test_bad_board_files_refused(tmp_path, text):
    path = tmp_path / "board.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError):
        load_board(path)


def test_missing_board_file(tmp_path):
    with pytest.raises(DataFileError):
        load_board(tmp_path / "nope.json")
