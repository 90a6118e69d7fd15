"""Fuzz: mutated saved games and broken files are refused clearly, or load as consistent states."""
from __future__ import annotations


import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caravan_lessons.core import SaveFileError

from .registry import EXAMPLES, GAMES, load_outcome, tally
from .strategies import bad_files, extreme, mutated, reshaped

GAME_NAMES = sorted(GAMES)
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])


def _outcome(target: str, game, data, seed: int = 0) -> None:
    """Load ``data``: a one-line ValueError, or a state whose own save passes the checks and that plays to
    the end with random legal actions (``registry.load_outcome``)."""
    load_outcome(target, game, data, seed)


@pytest.mark.parametrize("name", GAME_NAMES)
@FUZZ
@given(data=st.data())
def test_mutated_saved_games_are_refused_or_consistent(name, data):
    game = GAMES[name]
    seed = data.draw(st.integers(0, 30))
    save = game.valid_save(seed)
    _outcome(f"{name} mutated saves (accepted: played to the end)", game, data.draw(mutated(save)), seed)


@pytest.mark.parametrize("name", GAME_NAMES)
@FUZZ
@given(data=st.data())
def test_well_typed_changes_are_refused_or_play_to_the_end(name, data):
    """Playability after load: numbers nudged, values swapped between fields of one name, items moved between
    lists -- what the schema lets through. A save that loads has a legal action unless it is over, and random
    legal actions take it to the end without a crash or a refused offered action (fuzz review F4, F5, F7)."""
    game = GAMES[name]
    seed = data.draw(st.integers(0, 30))
    _outcome(f"{name} well-typed changes (accepted: played to the end)", game,
             data.draw(reshaped(game.valid_save(seed))), seed)


@pytest.mark.parametrize("name", GAME_NAMES)
@FUZZ
@given(data=st.data())
def test_huge_numbers_deep_nesting_and_long_strings_in_saves_are_refused_in_one_short_line(name, data):
    """A whole number of 5000 digits, a list 5000 deep, a 1 MB string or key, anywhere in a save (F1, F11, F12)."""
    game = GAMES[name]
    seed = data.draw(st.integers(0, 30))
    _outcome(f"{name} huge, deep and long values in saves", game,
             extreme(game.valid_save(seed), data.draw(st.integers(0, 10**9))), seed)


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
