"""Fuzz: random selections for each app's selection-to-action function, random CLI arguments."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .registry import EXAMPLES, GAMES, tally
from .strategies import selections

GAME_NAMES = sorted(GAMES)
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("name", [n for n in GAME_NAMES if GAMES[n].selection_to_action is not None])
@FUZZ
@given(data=st.data())
def test_random_selections_become_actions_or_clear_refusals(name, data):
    game = GAMES[name]
    pile, herd = selections(game.card_names)
    kind = data.draw(st.one_of(st.sampled_from(game.kinds), st.sampled_from([None, "", "SELL", "fly", 3])))
    args = (kind, data.draw(pile), data.draw(pile), data.draw(herd))
    target = f"{name} selections"
    try:
        action = game.selection_to_action(*args)
    except ValueError as exc:  # RuleViolation too
        ok = "\n" not in str(exc) and len(str(exc)) < 300
        tally(target, "refused" if ok else "failed")
        assert ok, str(exc)
        return
    except Exception as exc:
        tally(target, "failed")
        raise AssertionError(f"{type(exc).__name__} escaped selection_to_action{args!r}: {exc}") from exc
    state = game.load(game.valid_save(data.draw(st.integers(0, 20))))
    before = state.to_dict()
    problem = state.why_illegal(action)
    if problem is None:
        state.apply(action)
    else:
        with pytest.raises(ValueError):
            state.apply(action)
        assert state.to_dict() == before
    tally(target, "accepted")


NUMBERS = st.one_of(st.integers(-(10**30), 10**30).map(str), st.text(max_size=12),
                    st.sampled_from(["9" * 5000, "-5", "0", "1e5", "0x10", " 7", "٣", "1_000", "+3", ""]))
ARGS = st.one_of(
    st.tuples(st.just("simulate"), st.sampled_from(["jaipur", "marco_polo", "chess", "Samarkand", ""]),
              st.sampled_from(["--games", "--seed"]), NUMBERS),
    st.tuples(st.just("bench"), st.sampled_from(["--rounds", "--games", "--mcts-games", "--processes", "--seed"]),
              NUMBERS),
    st.tuples(st.sampled_from(["schema", "rules"]), st.text(max_size=10)),
    st.lists(st.text(max_size=6), max_size=4).map(tuple),
)


@FUZZ
@given(argv=ARGS)
def test_random_command_lines_parse_or_give_one_short_line(argv, capsys):
    from caravan_lessons.__main__ import build_parser

    argv = list(argv)
    try:
        build_parser().parse_args(argv)
    except SystemExit as exit_:
        err = capsys.readouterr().err
        lines = err.strip().splitlines()
        ok = exit_.code in (0, 2) and (exit_.code == 0 or (len(lines) == 1 and len(err) < 300))
        tally("cli arguments", "refused" if ok else "failed")
        assert ok, err[:500]
    except Exception as exc:
        tally("cli arguments", "failed")
        raise AssertionError(f"{type(exc).__name__} escaped the parser on {argv!r}") from exc
    else:
        tally("cli arguments", "accepted")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_schema_of_every_registered_game_is_printed(name, capsys):
    from caravan_lessons.__main__ import main

    assert main(["schema", name]) == 0
    assert '"title": "SaveFile"' in capsys.readouterr().out
