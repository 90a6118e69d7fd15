"""The fuzz review's game campaign as a standing test (shared/reviews/2026-12-01/fuzz.md, sections 1 and 2).

Random games of Samarkand (2-5 players), Caravan (2-4) and Marco Polo (2-4; the first-game characters,
chosen characters, random characters, the 4-objective variant and the player-count variant in turn). At every
step of every game:

- the game's invariants hold (the ones its property tests check);
- the position goes to JSON text and back: the same ``to_dict()``, the same legal actions, the same seat on
  turn, and the loaded copy plays the chosen action to the same position (hidden dice, decks and bags
  included);
- every offered action (a sample of at most 20) is accepted by ``why_illegal``, and ``child`` of one of them
  leaves the position alone;

at some steps, illegal actions are tried: offered actions with one field changed (a neighbour's value, +-7,
-1, True, 1.0, "3", None, a list for a tuple, 10**5000, a 5000-character string), actions offered earlier in
the game, other games' actions and junk. Each must be refused by its constructor with one short ValueError,
or by ``why_illegal`` with a RuleViolation naming a clause of the game's RULES in one short line; ``apply``
must refuse it with the same clause and leave the position as it was. An action accepted though not offered
must lead where an offered one leads (another spelling of it: Raschid's die on the moneybag set to 2-6).
At the end of each game, the game is played again from its seed and the same choices, to the same end.

How many: ``CARAVAN_FUZZ_SCALE`` games per game and player count (``make fuzz FUZZ_SCALE=20``: 200 games).
"""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

from caravan_lessons import caravan as cv
from caravan_lessons import marco_polo as mp
from caravan_lessons import samarkand as sm
from caravan_lessons.core import MESSAGE_LIMIT, RuleViolation
from tests.caravan import test_properties as caravan_properties
from tests.samarkand import test_properties as samarkand_properties

from . import test_fuzz_marco_polo as marco_polo_properties
from .registry import GAMES, SCALE, tally

OFFERED_CHECKED = 20
"""Offered actions checked with why_illegal at each step (a random sample when more are offered)."""
PROBE_EVERY = 10
"""Illegal actions are tried at one step in this many (on average), PROBES at a time."""
PROBES = 8

JUNK = (None, 3, "EndTurn", {}, [], (), 1.5, object, sm.Pass(), cv.EndTurn(), mp.BuyBlackDie(), mp.EndTurn())


def _short_line(text: str) -> bool:
    return bool(text) and "\n" not in text and len(text) <= MESSAGE_LIMIT


def _mp_setup(players: int, game: int) -> dict:
    """Marco Polo's setups in turn: first game, chosen characters, random ones, 4 objectives, player-count variant."""
    rng = random.Random(game)
    which = game % 5
    if which == 0:
        return {"characters": "first_game"}
    if which == 1:
        return {"characters": "choose"}
    characters = rng.sample(mp.CHARACTERS, players)
    if which == 3:
        return {"characters": characters, "objectives": 4}
    if which == 4:
        return {"characters": characters, "player_count_variant": True}
    return {"characters": characters}


def _caravan_invariants(state) -> None:
    caravan_properties.check_invariants(state)


class _Game:
    def __init__(self, name, module, counts, setup, invariants, policy=None):
        self.name, self.module, self.counts, self.setup = name, module, counts, setup
        self.invariants, self.policy = invariants, policy


CAMPAIGN = {
    "samarkand": _Game("samarkand", sm, (2, 3, 4, 5), lambda players, game: {}, None),
    "caravan": _Game("caravan", cv, (2, 3, 4), lambda players, game: {"learning": game % 5 == 4},
                     _caravan_invariants, GAMES["caravan"].policy),
    "marco_polo": _Game("marco_polo", mp, (2, 3, 4), _mp_setup, marco_polo_properties.check_invariants),
}


def _values_for(value, neighbours: list, rng: random.Random) -> list:
    """Replacements for one field of an offered action."""
    out = [None, True, 1.0, "3", -1, 10**5000, "x" * 5000, "unicorn", [value]]
    if neighbours:
        out.append(rng.choice(neighbours))
    if isinstance(value, int) and not isinstance(value, bool):
        out += [value + 7, value - 7, value + 1]
    if isinstance(value, str):
        out += [value + "x", value.upper()]
    if isinstance(value, tuple):
        out += [list(value), value[:-1], value + value[-1:], tuple(reversed(value))]
        if value:
            i = rng.randrange(len(value))
            for inner in _values_for(value[i], [], rng)[:6]:
                out.append(value[:i] + (inner,) + value[i + 1:])
    return out


def illegal_candidates(offered: list, seen: list, rng: random.Random, count: int):
    """Up to ``count`` (description, thunk) pairs; a thunk builds the action (a constructor may refuse it)."""
    out = []
    while len(out) < count:
        roll = rng.random()
        if roll < 0.7 and offered:
            action = rng.choice(offered)
            fields = dataclasses.fields(action) if dataclasses.is_dataclass(action) else ()
            if not fields:
                continue
            field = rng.choice(fields).name
            value = getattr(action, field)
            neighbours = [getattr(o, field) for o in offered if hasattr(o, field) and getattr(o, field) != value]
            new = rng.choice(_values_for(value, neighbours, rng))
            out.append((f"{type(action).__name__}.{field}", lambda a=action, f=field, v=new: dataclasses.replace(a, **{f: v})))
        elif roll < 0.9 and seen:
            stale = rng.choice(seen)
            out.append(("an action offered earlier", lambda a=stale: a))
        else:
            junk = rng.choice(JUNK)
            out.append(("junk or another game's action", lambda a=junk: a))
    return out


def _position(state) -> dict:
    """The saved position without its event log (an equivalent action may be worded differently there), and
    without the values of the dice on Marco Polo's moneybag, which nothing reads (Raschid may set his die there
    to any value; only 1 is offered)."""
    data = state.to_dict()
    data.pop("events")
    if "moneybag" in data.get("spaces", {}):
        data["spaces"]["moneybag"] = [[seat, colour, 0] for seat, colour, _ in data["spaces"]["moneybag"]]
    return data


def _plays_like_an_offered_action(state, action, offered: list) -> bool:
    """An action accepted though not offered is defensible only as another spelling of an offered one: it
    leads to the very position one of them leads to (the review's Raschid moneybag with set_to 2-6, only
    set_to 1 being offered)."""
    after = _position(state.child(action))
    return any(_position(state.child(o)) == after for o in offered if type(o) is type(action))


def probe_illegal(game: _Game, state, offered: list, seen: list, rng: random.Random) -> None:
    target = f"{game.name} illegal actions (refused with a rule, position unchanged)"
    rules = game.module.RULES
    for what, build in illegal_candidates(offered, seen, rng, PROBES):
        try:
            action = build()
        except ValueError as exc:  # the constructor's own refusal
            ok = _short_line(str(exc))
            tally(target, "refused" if ok else "failed")
            assert ok, f"{game.name}: {what}: the constructor's refusal is not one short line: {str(exc)[:300]!r}"
            continue
        except Exception as exc:
            tally(target, "failed")
            raise AssertionError(f"{game.name}: {what}: the constructor raised {type(exc).__name__}: {str(exc)[:300]}") from exc
        try:
            if action in offered:
                continue
        except Exception:  # an unhashable or odd field: == may raise only for objects of ours; count as not offered
            pass
        before = state.to_dict()
        try:
            problem = state.why_illegal(action)
        except Exception as exc:
            tally(target, "failed")
            raise AssertionError(f"{game.name}: {what}: why_illegal raised {type(exc).__name__}: {str(exc)[:300]}") from exc
        if problem is None:
            if _plays_like_an_offered_action(state, action, offered):
                tally(target, "accepted")
                continue
            tally(target, "failed")
            raise AssertionError(f"{game.name}: {what}: {action!r} is accepted but not offered")
        ok = isinstance(problem, RuleViolation) and problem.rule in rules and _short_line(str(problem))
        if not ok:
            tally(target, "failed")
            raise AssertionError(f"{game.name}: {what}: refusal {problem!r} names no clause of RULES in one short line")
        try:
            state.apply(action)
        except RuleViolation as exc:
            same = exc.rule == problem.rule
        else:
            same = False
        if not same or state.to_dict() != before:
            tally(target, "failed")
            raise AssertionError(f"{game.name}: {what}: apply did not refuse {action!r} with {problem.rule} "
                                 "leaving the position unchanged")
        tally(target, "refused")


def play_checked(game: _Game, players: int, number: int) -> tuple[int, int]:
    """One random game with every step checked; returns (steps, offered actions checked)."""
    seed = 7919 * players + number
    setup = game.setup(players, number)
    rng = random.Random(seed)
    state = game.module.new_game(players, seed=seed, **setup)
    start_money = sum(state.money) if game.name == "samarkand" else 0
    choices, seen, checked = [], [], 0
    while not state.is_terminal():
        assert len(choices) < 20_000, f"{game.name}: the game did not end"
        if game.name == "samarkand":
            samarkand_properties.check_invariants(state, start_money)
        else:
            game.invariants(state)
        offered = state.legal_actions()
        assert offered, f"{game.name}: a live game offers no action after {len(choices)} steps"
        data = state.to_dict()
        again = game.module.State.from_dict(json.loads(json.dumps(data)))
        assert again.to_dict() == data, f"{game.name}: the reloaded position differs after {len(choices)} steps"
        assert again.legal_actions() == offered and again.current_player == state.current_player
        sample = offered if len(offered) <= OFFERED_CHECKED else rng.sample(offered, OFFERED_CHECKED)
        for action in sample:
            assert state.why_illegal(action) is None, f"{game.name}: offered {action!r} is refused"
        checked += len(sample)
        before = state.to_dict()
        state.child(rng.choice(sample))
        assert state.to_dict() == before, f"{game.name}: child() changed the position"
        if rng.randrange(PROBE_EVERY) == 0:
            probe_illegal(game, state, offered, seen, rng)
        if game.policy is not None:
            action = game.policy(state, rng)
            index = offered.index(action)
        else:
            index = rng.randrange(len(offered))
            action = offered[index]
        choices.append(index)
        if len(seen) < 400:
            seen.append(action)
        state.apply(action)
        again.apply(action)
        assert again.to_dict() == state.to_dict(), f"{game.name}: the reloaded copy played {action!r} differently"
    replay = game.module.new_game(players, seed=seed, **setup)
    for index in choices:
        replay.apply(replay.legal_actions()[index])
    assert replay.to_dict() == state.to_dict(), f"{game.name}: the replay of seed {seed} ended elsewhere"
    return len(choices), checked


@pytest.mark.parametrize("name", sorted(CAMPAIGN))
def test_random_games_reload_and_replay_at_every_step_and_refuse_illegal_actions(name):
    game = CAMPAIGN[name]
    for players in game.counts:
        for number in range(SCALE):
            try:
                steps, checked = play_checked(game, players, number)
            except Exception:
                tally(f"{name} random games ({players} players)", "failed")
                raise
            tally(f"{name} random games ({players} players)", "accepted")
            tally(f"{name} steps saved, reloaded and played on", "accepted", steps)
            tally(f"{name} offered actions checked", "accepted", checked)
