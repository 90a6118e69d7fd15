"""The validation layer: every bad file gives one clear line naming the file, never a traceback."""
from __future__ import annotations

from typing import Annotated, Literal

import pytest
from pydantic import Field, ValidationError

from caravan_lessons.files import (DataFileError, SaveFileError, StrictModel, check, json_schema,
                                   load_json_file, read_json, validate)


class Player(StrictModel):
    name: str
    camels: Annotated[int, Field(ge=0, le=11)]


class Save(StrictModel):
    game: Literal["toy"]
    players: list[Player]


def write(tmp_path, content: bytes | str, name="file.json"):
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return path


@pytest.mark.parametrize("content,expected", [
    (b"", "is empty"),
    (b"   \n", "is empty"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b"{", "not JSON"),
    (b"[" * 5000 + b"]" * 5000, "nested"),
    (b"[" * 70 + b"]" * 70, "nested more than 64 levels"),
    (("1" * 5000).encode(), "5000 digits"),
    (b"NaN", "NaN"),
    (b'{"a": Infinity}', "Infinity"),
])
def test_bad_bytes_are_refused_in_one_line(tmp_path, content, expected):
    path = write(tmp_path, content)
    with pytest.raises(SaveFileError) as info:
        read_json(path)
    message = str(info.value)
    assert expected in message and str(path) in message and "\n" not in message


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(SaveFileError, match="cannot read saved game"):
        read_json(tmp_path / "nope.json")
    with pytest.raises(DataFileError, match="is a folder"):
        read_json(tmp_path, what="board file", error=DataFileError)
    with pytest.raises(SaveFileError, match="file path or bytes"):
        read_json(None)


def test_bytes_can_be_read_directly():
    assert read_json(b'{"a": [1, 2]}') == {"a": [1, 2]}


@pytest.mark.parametrize("data,expected", [
    ({"game": "toy", "players": [{"name": "A", "camels": True}]}, "players[0].camels"),
    ({"game": "toy", "players": [{"name": "A", "camels": 1.0}]}, "players[0].camels"),
    ({"game": "toy", "players": [{"name": "A", "camels": "3"}]}, "players[0].camels"),
    ({"game": "toy", "players": [{"name": "A", "camels": 12}]}, "less than or equal to 11"),
    ({"game": "toy", "players": [{"name": "A", "camels": 1, "x": 1}]}, "unknown field 'players[0].x'"),
    ({"game": "toy"}, "field 'players' is missing"),
    ({"game": "chess", "players": []}, "field 'game'"),
    ([], "(top level)"),
])
def test_schema_is_strict_and_names_the_field(data, expected):
    with pytest.raises(SaveFileError) as info:
        validate(Save, data, source="g.json")
    assert expected in str(info.value) and str(info.value).startswith("g.json")
    assert "\n" not in str(info.value)


def test_valid_data_passes_and_models_are_frozen():
    save = validate(Save, {"game": "toy", "players": [{"name": "A", "camels": 3}]})
    assert save.players[0].camels == 3
    with pytest.raises(ValidationError):
        save.game = "x"


def test_check_names_the_rule():
    check(True, "fine")
    with pytest.raises(SaveFileError, match=r"^g.json: JAI-END-1: three goods stacks are empty$"):
        check(False, "three goods stacks are empty", rule="JAI-END-1", source="g.json")


def test_load_json_file_and_schema(tmp_path):
    path = write(tmp_path, '{"game": "toy", "players": []}')
    assert load_json_file(path, Save).players == []
    bad = write(tmp_path, '{"game": "toy", "players": 3}', "bad.json")
    with pytest.raises(DataFileError, match="bad.json"):
        load_json_file(bad, Save)
    schema = json_schema(Save)
    assert schema["additionalProperties"] is False and "players" in schema["properties"]
