"""The shared graph-board module: board files into networkx, validated; drawing and picking."""
from __future__ import annotations

import json
from typing import Literal

import matplotlib
import pytest

from caravan_lessons import boards
from caravan_lessons.files import DataFileError, StrictModel

matplotlib.use("Agg")


class Space(StrictModel):
    kind: Literal["land", "water"]
    number: int | None = None


class Border(StrictModel):
    cost: int = 0


def board_data(**changes):
    data = {
        "format": "caravan_lessons.board", "version": 1, "game": "toy", "name": "Toy", "teaching_board": True,
        "note": "a three-space toy",
        "nodes": [{"id": "a", "kind": "land", "pos": [0, 0], "number": 1},
                  {"id": "b", "kind": "water", "pos": [1, 0]},
                  {"id": "c", "kind": "land", "pos": [2, 0]}],
        "edges": [{"a": "a", "b": "b"}, {"a": "b", "b": "c", "cost": 2}],
    }
    data.update(changes)
    return data


def load(data, **kw):
    return boards.load_board(data, game="toy", node_model=Space, edge_model=Border, **kw)


def test_a_board_becomes_a_graph(tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board_data()))
    graph = load(path)
    assert sorted(graph.nodes) == ["a", "b", "c"]
    assert graph.nodes["a"] == {"pos": (0.0, 0.0), "kind": "land", "number": 1}
    assert graph.edges["b", "c"]["cost"] == 2 and graph.edges["a", "b"]["cost"] == 0
    assert graph.graph["teaching_board"] is True and graph.graph["source"] == str(path)


@pytest.mark.parametrize("changes,expected", [
    ({"game": "chess"}, "board for 'chess'"),
    ({"version": 2}, "version 2"),
    ({"version": True}, "version True"),
    ({"format": "x"}, "'format'"),
    ({"extra": 1}, "unknown field 'extra'"),
    ({"nodes": []}, "non-empty list"),
    ({"nodes": [{"id": "a", "kind": "land", "pos": [0, 0]}, {"id": "a", "kind": "land", "pos": [1, 1]}],
      "edges": []}, "used twice"),
    ({"nodes": [{"id": "a", "kind": "land", "pos": [0, "x"]}], "edges": []}, "'pos' should be two numbers"),
    ({"nodes": [{"id": "a", "kind": "lava", "pos": [0, 0]}], "edges": []}, "nodes[0] (id 'a')"),
    ({"edges": [{"a": "a", "b": "zz"}]}, "'zz' is not the id"),
    ({"edges": [{"a": "a", "b": "a"}]}, "to itself"),
    ({"edges": [{"a": "a", "b": "b"}, {"a": "b", "b": "a"}]}, "listed twice"),
    ({"edges": [{"a": "a", "b": "b", "cost": 1.5}]}, "edges[0] (a-b)"),
])
def test_bad_boards_are_refused_naming_the_entry(changes, expected):
    with pytest.raises(DataFileError) as info:
        load(board_data(**changes))
    assert expected in str(info.value) and "\n" not in str(info.value)


def test_the_game_check_runs_and_its_error_names_the_source():
    def no_numbered_water(graph):
        for node, attrs in graph.nodes(data=True):
            if attrs["kind"] == "water" and attrs["number"] is not None:
                raise DataFileError(f"SAM-COMP-4: goods space {node!r} lies on water")
    data = board_data()
    data["nodes"][1]["number"] = 5
    with pytest.raises(DataFileError, match=r"^board data: SAM-COMP-4: goods space 'b' lies on water$"):
        load(data, check=no_numbered_water)


def test_bad_files_on_disk(tmp_path):
    with pytest.raises(DataFileError, match="is a folder"):
        load(tmp_path)
    (tmp_path / "e.json").write_text("")
    with pytest.raises(DataFileError, match="is empty"):
        load(tmp_path / "e.json")
    with pytest.raises(DataFileError, match="file path or a dict"):
        load(3)


def test_grid_board_has_no_diagonals():
    grid = boards.grid_board(7, 7, cells={(0, 3): {"kind": "city", "good": "ivory"}}, game="caravan")
    assert grid.number_of_nodes() == 49 and grid.number_of_edges() == 2 * 7 * 6
    assert not grid.has_edge((0, 0), (1, 1)) and grid.has_edge((0, 0), (0, 1))
    assert grid.nodes[0, 3]["kind"] == "city" and grid.nodes[1, 1]["kind"] == "plain"
    assert grid.nodes[2, 5]["pos"] == (5.0, -2.0)
    with pytest.raises(DataFileError, match="outside"):
        boards.grid_board(2, 2, cells={(5, 5): {}})
    with pytest.raises(DataFileError, match="whole number"):
        boards.grid_board(True, 2)


def test_draw_and_pick():
    graph = load(board_data())
    ax = boards.draw_board(graph, labels=True, node_color={"b": "#4a90d9"}, highlight_nodes=["c"],
                           highlight_path=["a", "b", "c"], legend={"water": "#4a90d9"}, title="Toy")
    assert ax.get_title() == "Toy" and ax.get_legend() is not None
    picked = []
    picker = boards.BoardPicker(ax.figure, graph, picked.append)
    assert picker.pick_at(1.1, 0.1) == "b"
    assert picker.pick_at(0.5, 0.0) is None  # halfway between two spaces: neither
    assert picked == ["b"]
    picker.disconnect()
    assert boards.nearest_node(graph, 2.2, 0) == "c"
    import matplotlib.pyplot as plt
    plt.close(ax.figure)
