"""Fuzz at the limits (fuzz review F1-F3, F11, F12): actions holding huge numbers, 5000-deep lists and long
strings; bot options a bot does not take; board files with such values. Every outcome is a clear refusal
(a ValueError of one line, at most MESSAGE_LIMIT characters; RuleViolation naming a rule and leaving the
state as it was) or a value that works. Nothing else may escape."""
from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caravan_lessons.core import MESSAGE_LIMIT, RuleViolation

from .registry import EXAMPLES, GAMES, tally
from .strategies import HUGE, LONG, deep

FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])
class Deep(int):
    """A drawn stand-in for a list nested this deep, built by :func:`real` (hypothesis prints what it draws
    when a test fails, and a 5000-deep list cannot be printed)."""


ODD = st.one_of(HUGE, LONG, st.sampled_from([70, 5000]).map(Deep), st.sampled_from(
    [None, True, -1, 0, 1, 3, 2.5, float("nan"), "", "x", "venezia", "levant", "g3", (0, 0), [0, 0], {}, ()]))


def real(value):
    return deep(int(value)) if isinstance(value, Deep) else value


def _short_line(exc) -> bool:
    text = str(exc)
    return bool(text) and "\n" not in text and len(text) <= MESSAGE_LIMIT


def _actions(name):
    """Constructors of each game's actions, with the number of arguments they take."""
    if name == "samarkand":
        from caravan_lessons import samarkand as m

        return [(m.Marry, 1), (m.Place, 2), (m.Discard, 1), (m.Sell, 1), (m.Keep, 1)]
    if name == "caravan":
        from caravan_lessons import caravan as m

        return [(m.PlaceCamel, 1), (m.MoveCamel, 2), (m.PickUp, 1), (m.Steal, 3), (m.MoveGood, 3)]
    if name == "marco_polo":
        from caravan_lessons import marco_polo as m

        def die(v):
            return ("own", v)

        return [(m.Fulfil, 1), (lambda space, v: m.Place(space, (die(v),)), 2), (lambda v: m.Reroll(die(v)), 1),
                (lambda v, d: m.Adjust(die(v), d), 2), (m.Choose, 2), (lambda p: m.Move((p,)), 1),
                (lambda v: m.Place("city:" + (v[:5000] if isinstance(v, str) else "9" * 5000), (("own", 1),)), 1)]
    from caravan_lessons import jaipur as m

    return [(m.TakeOne, 1), (m.Sell, 2), (m.Exchange, 2)]


_STATES: dict[str, list] = {}


def _states(name):
    if name not in _STATES:
        game = GAMES[name]
        _STATES[name] = [game.load(game.valid_save(seed)) for seed in range(4)]
    return _STATES[name]


@pytest.mark.parametrize("name", sorted(GAMES))
@FUZZ
@given(data=st.data())
def test_actions_with_huge_deep_or_long_values_are_refused_in_one_line(name, data):
    make, arity = data.draw(st.sampled_from(_actions(name)))
    args = [real(data.draw(ODD)) for _ in range(arity)]
    target = f"{name} actions of huge, deep and long values"
    try:
        action = make(*args)
    except ValueError as exc:
        tally(target, "refused" if _short_line(exc) else "failed")
        assert _short_line(exc), str(exc)[:300]
        return
    except Exception as exc:
        tally(target, "failed")
        raise AssertionError(f"{type(exc).__name__} escaped building an action: {str(exc)[:200]}") from exc
    state = data.draw(st.sampled_from(_states(name))).clone()
    before = json.dumps(state.to_dict(), sort_keys=True)
    try:
        problem = state.why_illegal(action)
    except Exception as exc:
        tally(target, "failed")
        raise AssertionError(f"why_illegal raised {type(exc).__name__}: {str(exc)[:200]}") from exc
    if problem is None:
        state.apply(action)
        tally(target, "accepted")
        return
    ok = isinstance(problem, RuleViolation) and _short_line(problem)
    with pytest.raises(RuleViolation) as refused:
        state.apply(action)
    ok = ok and refused.value.rule == problem.rule and json.dumps(state.to_dict(), sort_keys=True) == before
    tally(target, "refused" if ok else "failed")
    assert ok, str(problem)[:300]


def _bots(name):
    from caravan_lessons.core import game_module

    module = game_module(name)
    return sorted(getattr(module, "AGENTS", None) or getattr(module, "BOTS", None) or {"random": None})


OPTION_NAMES = st.one_of(st.sampled_from(["depth", "iterations", "rival_weight", "exploration", "time_limit",
                                          "seed", "game", "colour", "x" * 5000]), st.text(max_size=6))


@pytest.mark.parametrize("name", sorted(GAMES))
@FUZZ
@given(data=st.data())
def test_bot_options_build_a_bot_or_are_refused_in_one_line(name, data):
    """F3: an option the bot does not take raised Python's TypeError from make_agent and tournament."""
    from caravan_lessons.agents import make_agent
    from caravan_lessons.arena import _bot_spec

    bot = data.draw(st.sampled_from(_bots(name)))
    options = {data.draw(OPTION_NAMES): real(data.draw(ODD)) for _ in range(data.draw(st.integers(1, 2)))}
    target = f"{name} bot options"
    try:
        spec_name, spec_options = _bot_spec((bot, options), "A")   # what tournament and league check first
        make_agent(spec_name, 1, game=name, **spec_options)
    except ValueError as exc:
        tally(target, "refused" if _short_line(exc) else "failed")
        assert _short_line(exc), str(exc)[:300]
        return
    except Exception as exc:
        tally(target, "failed")
        raise AssertionError(f"{type(exc).__name__} escaped make_agent({bot!r}, **{_keys(options)}): "
                             f"{str(exc)[:200]}") from exc
    tally(target, "accepted")


def _keys(options):
    return {k[:20] if isinstance(k, str) else k: type(v).__name__ for k, v in options.items()}


def _boards():
    from caravan_lessons import caravan
    from caravan_lessons.boards import package_file

    return {"samarkand": json.loads(package_file("samarkand", "board.json").read_text(encoding="utf-8")),
            "caravan": copy.deepcopy(caravan.teaching_board().data)}


BOARDS = _boards()


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data[:12]):  # the first nodes/cells are enough
            yield from _paths(v, prefix + (i,))


@pytest.mark.parametrize("name", sorted(BOARDS))
@FUZZ
@given(data=st.data())
def test_board_files_with_huge_deep_or_long_values_are_refused_in_one_line(name, data):
    """F11, F12: a 5000-deep value raised RecursionError from samarkand.load_board; 10 MB values were echoed."""
    from caravan_lessons import caravan, samarkand
    from caravan_lessons.files import DataFileError

    board = copy.deepcopy(BOARDS[name])
    path = data.draw(st.sampled_from([p for p in _paths(board) if p]))
    parent = board
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()) and isinstance(parent, dict):
        parent[data.draw(LONG)] = real(data.draw(ODD))
    else:
        parent[path[-1]] = real(data.draw(ODD))
    target = f"{name} board files"
    try:
        loaded = (samarkand.load_board if name == "samarkand" else caravan.load_board)(board)
    except DataFileError as exc:
        tally(target, "refused" if _short_line(exc) else "failed")
        assert _short_line(exc), str(exc)[:300]
        return
    except Exception as exc:
        tally(target, "failed")
        raise AssertionError(f"{type(exc).__name__} escaped load_board: {str(exc)[:200]}") from exc
    game = GAMES[name]
    state = (samarkand.new_game(3, seed=1, board=loaded) if name == "samarkand"
             else caravan.new_game(2, seed=1, board=loaded))
    import random

    rng = random.Random(1)
    try:  # a board that loads is one the engine can play on: 200 actions, each offered one accepted
        for _ in range(200):
            if state.is_terminal():
                break
            action = game.policy(state, rng) if game.policy else rng.choice(state.legal_actions())
            assert state.why_illegal(action) is None
            state.apply(action)
    except Exception:
        tally(target, "failed")
        raise
    tally(target, "accepted")
