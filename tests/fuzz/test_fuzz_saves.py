"""Fuzz: mutated saved games and broken files are refused clearly, or load as consistent states."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caravan_lessons.core import SaveFileError

from .registry import EXAMPLES, GAMES, tally
from .strategies import bad_files, mutated

GAME_NAMES = sorted(GAMES)
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])


def _outcome(target: str, game, data) -> None:
    """Load ``data``: a one-line ValueError, or a state whose own save passes the checks and plays on."""
    try:
        state = game.load(data)
    except ValueError as exc:  # SaveFileError, RuleViolation are ValueErrors
        text = str(exc)
        ok = text and "\n" not in text and len(text) < 400
        tally(target, "refused" if ok else "failed")
        assert ok, f"refusal is not one short line: {text[:500]!r}"
        return
    except Exception as exc:
        tally(target, "failed")
        raise AssertionError(f"{type(exc).__name__} escaped loading a mutated save: {exc}") from exc
    saved = json.loads(json.dumps(state.to_dict()))
    game.consistent(saved)  # what was accepted is a position the game can reach
    actions = state.legal_actions()
    if len(actions):
        state.child(actions[0])
    tally(target, "accepted")


@pytest.mark.parametrize("name", GAME_NAMES)
@FUZZ
@given(data=st.data())
def test_mutated_saved_games_are_refused_or_consistent(name, data):
    game = GAMES[name]
    seed = data.draw(st.integers(0, 30))
    save = game.valid_save(seed)
    _outcome(f"{name} mutated saves", game, data.draw(mutated(save)))


@pytest.mark.parametrize("name", GAME_NAMES)
@FUZZ
@given(raw=bad_files())
def test_broken_files_are_refused_in_one_line(name, raw, tmp_path_factory):
    from caravan_lessons import load_game

    path = tmp_path_factory.mktemp("fuzz") / "save.json"
    path.write_bytes(raw)
    try:
        load_game(path)
    except SaveFileError as exc:
        ok = "\n" not in str(exc) and len(str(exc)) < 400
        tally(f"{name} broken files", "refused" if ok else "failed")
        assert ok, str(exc)[:500]
    except Exception as exc:
        tally(f"{name} broken files", "failed")
        raise AssertionError(f"{type(exc).__name__} escaped load_game: {exc}") from exc
    else:
        tally(f"{name} broken files", "failed")
        raise AssertionError(f"{raw[:60]!r} loaded as a saved game")


def test_a_folder_and_a_missing_file_are_refused(tmp_path):
    from caravan_lessons import load_game

    for path in (tmp_path, tmp_path / "missing.json"):
        with pytest.raises(SaveFileError):
            load_game(path)
