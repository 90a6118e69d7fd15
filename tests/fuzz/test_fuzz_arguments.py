"""Public functions given extreme arguments (fuzz review F1, F12 and its 'bad arguments to the Python API'
pass, which used ordinary bad values): every argument of the games' entry points, the bots, the arena and
the play apps, one at a time, set to a 1 MB string, 10**5000, a 5000-deep list or an object whose repr
raises. Each call must either work or raise a ValueError (RuleViolation, SaveFileError and DataFileError
are ValueErrors) of one line of at most MESSAGE_LIMIT characters, and print nothing on the way out (an
app refused in its constructor must not complain again when it is collected)."""
from __future__ import annotations

import gc
import inspect
import sys

import pytest

from caravan_lessons import agents, arena, caravan, jaipur, load_game, marco_polo, samarkand, save_game
from caravan_lessons.core import MESSAGE_LIMIT

from .registry import tally


class _RaisingRepr:
    def __repr__(self):
        raise RuntimeError("repr refused")

    __str__ = __repr__


def _deep(n: int) -> list:
    value: list = []
    for _ in range(n):
        value = [value]
    return value


EXTREMES = {"1 MB text": "x" * 10**6, "10**5000": 10**5000, "5000-deep list": _deep(5000),
            "an object whose repr raises": _RaisingRepr()}


def _ui(name):
    def build(**kwargs):
        from caravan_lessons import ui

        app = getattr(ui, name)(**kwargs)
        app.close()
        return app
    return build


def _state(game):
    return jaipur.new_game(seed=1) if game is jaipur else game.new_game(2, seed=1)


_UI_ARGUMENTS = {"JaipurApp": ["seed", "bot", "seats", "mode", "bot_seed"],
                 "SamarkandApp": ["players", "seed", "seats", "mode", "bot_seed", "board", "state", "canvas"],
                 "CaravanApp": ["players", "seed", "seats", "mode", "canvas", "learning", "bot_seed", "state"],
                 "MarcoPoloApp": ["players", "seed", "seats", "mode", "bot_seed", "characters", "canvas"]}
"""The play apps' arguments (``inspect.signature`` of the apps themselves; a test keeps the lists complete)."""

# (label, function, fixed arguments, the arguments to vary: their names; fixed ones are replaced)
CALLS = [
    *[(f"{g.__name__.split('.')[-1]}.new_game", g.new_game, {}, None) for g in (jaipur, samarkand, caravan, marco_polo)],
    ("jaipur.scenario", jaipur.scenario, {"market": {"diamond": 1, "gold": 1, "silver": 1, "cloth": 1, "camel": 1}},
     None),
    ("samarkand.scenario", samarkand.scenario, {}, None),
    ("caravan.scenario", caravan.scenario, {}, None),
    ("marco_polo.scenario", marco_polo.scenario, {}, None),
    ("samarkand.near_end", samarkand.near_end, {"players": 2, "turns_left": 1, "bot": "random"}, None),
    ("samarkand.load_board", samarkand.load_board, {}, None),
    ("caravan.load_board", caravan.load_board, {}, None),
    ("marco_polo.load_data", marco_polo.load_data, {}, None),
    ("caravan.penalty", caravan.penalty, {"loaded": 1}, None),
    ("caravan.make_bot", caravan.make_bot, {"name": "random"}, None),
    *[(f"{g.__name__.split('.')[-1]}.evaluate", lambda state=None, player=0, g=g: g.evaluate(
        _state(g) if state is None else state, player), {}, ["state", "player"])
      for g in (jaipur, samarkand, caravan, marco_polo)],
    ("make_agent", agents.make_agent, {"name": "random", "game": "samarkand"}, None),
    ("simulate", agents.simulate, {"game": "samarkand", "games": 1, "progress": False}, None),
    ("tournament", arena.tournament, {"bots": ("random", "random"), "games": 1, "progress": False,
                                      "game": "samarkand"}, None),
    ("league", arena.league, {"game": "samarkand", "bots": ["random", "greedy"], "games": 1, "progress": False},
     None),
    ("win_rates", arena.win_rates, {"df": None}, ["df", "confidence"]),
    ("save_game", lambda state=None, path="x.json": save_game(_state(samarkand) if state is None else state,
                                                              path), {}, ["state", "path"]),
    ("load_game", load_game, {"path": "missing.json"}, None),
    ("from_dict", lambda data=None: samarkand.State.from_dict(data), {}, ["data"]),
    *[(name, _ui(name), {"seed": 1}, _UI_ARGUMENTS[name]) for name in _UI_ARGUMENTS],
]


def _cases():
    for label, function, _fixed, names in CALLS:
        if names is None:
            names = [n for n, p in inspect.signature(function).parameters.items()
                     if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and n not in ("progress", "executor")]
        for name in names:
            for what in EXTREMES:
                yield pytest.param(label, name, what, id=f"{label}-{name}-{what}")


@pytest.mark.parametrize("label, name, what", list(_cases()))
def test_an_extreme_argument_works_or_is_one_short_value_error(label, name, what, tmp_path, monkeypatch):
    function, fixed = next((f, fx) for lab, f, fx, _ in CALLS if lab == label)
    monkeypatch.chdir(tmp_path)
    complaints = []
    monkeypatch.setattr(sys, "unraisablehook", lambda report: complaints.append(report))
    target = "public functions with extreme arguments"
    try:
        function(**{**fixed, name: EXTREMES[what]})
        outcome = "accepted"
    except ValueError as exc:
        text = str(exc)
        if not (text and "\n" not in text and len(text) <= MESSAGE_LIMIT):
            tally(target, "failed")
            raise AssertionError(f"{label}({name}=<{what}>): the refusal is not one short line "
                                 f"({len(text)} characters): {text[:200]!r}") from None
        outcome = "refused"
    except Exception as exc:
        tally(target, "failed")
        raise AssertionError(f"{label}({name}=<{what}>) raised {type(exc).__name__}: {str(exc)[:200]}") from None
    if label in _UI_ARGUMENTS:  # a refused app is collected: its close() must not fail (Widget.__del__)
        gc.collect()
    if complaints:
        tally(target, "failed")
        report = complaints[0]
        raise AssertionError(f"{label}({name}=<{what}>): {type(report.exc_value).__name__} in "
                             f"{getattr(report.object, '__qualname__', report.object)!s:.80} when collected: "
                             f"{str(report.exc_value)[:200]}")
    tally(target, outcome)


def test_the_app_argument_lists_are_complete():
    from caravan_lessons import ui

    for name, arguments in _UI_ARGUMENTS.items():
        assert list(inspect.signature(getattr(ui, name)).parameters) == arguments, name
