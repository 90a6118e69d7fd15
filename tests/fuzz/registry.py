"""The standing fuzz suite's registry: one entry per game, and the tried/refused/failed figures.

A game plugs in by adding a :class:`GameFuzz` to :data:`GAMES` (Samarkand, Caravan and Marco Polo
add theirs next to Jaipur's): a factory of valid saved games, the loader (``State.from_dict``),
the consistency check of its ``saves.py``, and the selection-to-action function of its play app
with the names it understands. The tests in this folder then mutate the saved games, throw bad
selections and bad command-line arguments at it, and require every outcome to be a clear refusal
(ValueError and its subclasses RuleViolation/SaveFileError, one line) or a state that passes the
consistency checks. How many examples: 200 per format, times ``CARAVAN_FUZZ_SCALE`` (default 1).
"""
from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

SCALE = max(1, int(os.environ.get("CARAVAN_FUZZ_SCALE", "1") or 1))
"""Multiplies the examples of every fuzz test (``make fuzz FUZZ_SCALE=20`` for a long run)."""
EXAMPLES = 200 * SCALE

FIGURES: dict[str, Counter] = {}
"""Per fuzz target: how many inputs were ``tried``, ``refused`` (clearly) and ``failed``."""


def tally(target: str, outcome: str, count: int = 1) -> None:
    FIGURES.setdefault(target, Counter())["tried"] += count
    FIGURES[target][outcome] += count


def figures_text() -> str:
    lines = [f"fuzz figures (CARAVAN_FUZZ_SCALE={SCALE}): target: tried / refused clearly / accepted valid / failed"]
    for target, c in sorted(FIGURES.items()):
        lines.append(f"  {target}: {c['tried']} / {c['refused']} / {c['accepted']} / {c['failed']}")
    return "\n".join(lines)


@dataclass
class GameFuzz:
    """What the fuzz suite needs of one game."""

    name: str
    valid_save: Callable[[int], dict]
    """seed -> a valid saved game (``to_dict()`` output) somewhere in a match."""
    load: Callable[[Any], Any]
    """dict -> state (``State.from_dict``), raising SaveFileError on a bad one."""
    consistent: Callable[[dict], None]
    """Raises SaveFileError unless a saved game passes the schema and the consistency rules."""
    selection_to_action: Callable[..., Any]
    kinds: tuple[str, ...]
    card_names: tuple[str, ...]
    extra: dict = field(default_factory=dict)
    policy: Callable[[Any, random.Random], Any] | None = None
    """state, rng -> the next action of a play-out to the end (default: uniformly random legal actions)."""
    max_steps: int = 20_000
    """A play-out that has not ended after this many actions fails (a game that cannot end)."""


def play_to_the_end(game: GameFuzz, state, seed: int) -> int:
    """Play ``state`` to its end with the game's play-out policy: at every step a live game offers an action,
    the one chosen is one ``why_illegal`` accepts, ``apply`` plays it without raising, and the game ends
    within ``game.max_steps`` actions. Returns the number of actions played; AssertionError otherwise."""
    rng = random.Random(seed)
    for step in range(game.max_steps):
        if state.is_terminal():
            return step
        actions = state.legal_actions()
        assert len(actions), f"{game.name}: a live game offers no action after {step} steps"
        action = game.policy(state, rng) if game.policy else actions[rng.randrange(len(actions))]
        problem = state.why_illegal(action)
        assert problem is None, f"{game.name}: the offered action {action!r} is refused after {step} steps: {problem}"
        state.apply(action)
    raise AssertionError(f"{game.name}: the game did not end within {game.max_steps} actions")


def _jaipur() -> GameFuzz:
    from caravan_lessons.files import validate
    from caravan_lessons.jaipur import CARD_TYPES, State, new_game, selection_to_action
    from caravan_lessons.jaipur.saves import SaveFile, check_consistency
    from caravan_lessons.jaipur.selection import KINDS

    def valid_save(seed: int) -> dict:
        rng = random.Random(seed)
        state = new_game(seed=seed)
        for _ in range(rng.randrange(0, 120)):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        return state.to_dict()

    def consistent(data: dict) -> None:
        check_consistency(validate(SaveFile, data))

    return GameFuzz("jaipur", valid_save, State.from_dict, consistent, selection_to_action, KINDS, CARD_TYPES)


def _caravan() -> GameFuzz:
    """Caravan (added by the caravan2 branch): saves from seeded greedy-ish games; a "selection" is an
    action kind and its fields (spaces, goods, a victim) as the list or a test would give them."""
    from caravan_lessons.caravan import GOODS, State
    from caravan_lessons.caravan.actions import KINDS, action_from_dict
    from caravan_lessons.caravan.saves import from_dict
    from caravan_lessons.exercises.caravan import random_position

    def valid_save(seed: int) -> dict:
        return random_position(seed, 40 + 17 * seed, players=2 + seed % 3).to_dict()

    def selection_to_action(kind, first, second, third):
        fields = {"PlaceCamel": {"space": first}, "MoveCamel": {"source": first, "target": second},
                  "PickUp": {"space": first}, "Steal": {"space": first, "victim": third, "good": second},
                  "MoveGood": {"source": first, "target": second, "good": third}, "EndTurn": {}}
        return action_from_dict({"kind": kind, **fields.get(kind, {})})

    from caravan_lessons.caravan.agents import greedy_action, kind_random_action

    def policy(state, rng):  # uniformly random Caravan games hardly ever end: the fuzz review's mix
        roll = rng.random()
        if roll < 0.7:
            return greedy_action(state, rng)
        if roll < 0.85:
            return kind_random_action(state, rng)
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]

    return GameFuzz("caravan", valid_save, State.from_dict, from_dict, selection_to_action, tuple(KINDS), GOODS,
                    policy=policy, max_steps=6000)



def _samarkand() -> GameFuzz:
    from caravan_lessons.samarkand import State, default_board, new_game
    from caravan_lessons.samarkand.actions import KINDS, selection_to_action
    from caravan_lessons.samarkand.saves import check_consistency

    def valid_save(seed: int) -> dict:
        rng = random.Random(seed)
        state = new_game(2 + seed % 4, seed=seed)
        for _ in range(rng.randrange(0, 200)):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        return state.to_dict()

    board = default_board()
    names = tuple(f.id for f in board.families) + tuple(board.spaces[:12])
    return GameFuzz("samarkand", valid_save, State.from_dict, check_consistency, selection_to_action, KINDS, names)


def _marco_polo() -> GameFuzz:
    """Marco Polo: saved games from random 2-4 player games with random characters. Its play app's
    selections are not card piles, so ``selection_to_action`` is None: its actions are fuzzed directly
    in ``test_fuzz_marco_polo.py`` (random and junk actions at random positions)."""
    from caravan_lessons import marco_polo as mp
    from caravan_lessons.marco_polo.saves import state_from_dict

    def valid_save(seed: int) -> dict:
        rng = random.Random(seed)
        players = 2 + seed % 3
        state = mp.new_game(players, seed=seed, characters=rng.sample(mp.CHARACTERS, players))
        for _ in range(rng.randrange(0, 250)):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        return state.to_dict()

    def consistent(data: dict) -> None:
        state_from_dict(data)

    return GameFuzz("marco_polo", valid_save, mp.State.from_dict, consistent, None, (), ())


GAMES: dict[str, GameFuzz] = {"jaipur": _jaipur(), "samarkand": _samarkand(), "caravan": _caravan(),
                              "marco_polo": _marco_polo()}


def load_outcome(target: str, game: GameFuzz, data, seed: int = 0) -> str:
    """Load ``data`` with ``game.load``: a refusal must be a ValueError of one line of at most
    ``MESSAGE_LIMIT`` characters; an accepted save must pass the consistency checks again (its own
    ``to_dict()``), and must play to the end (:func:`play_to_the_end`). Tallies ``target`` and returns
    ``"refused"`` or ``"accepted"``; AssertionError (tallied ``failed``) otherwise."""
    import json

    from caravan_lessons.core import MESSAGE_LIMIT

    try:
        state = game.load(data)
    except ValueError as exc:  # SaveFileError, RuleViolation are ValueErrors
        text = str(exc)
        ok = bool(text) and "\n" not in text and len(text) <= MESSAGE_LIMIT
        tally(target, "refused" if ok else "failed")
        assert ok, f"refusal is not one short line ({len(text)} characters): {text[:300]!r}"
        return "refused"
    except Exception as exc:
        tally(target, "failed")
        raise AssertionError(f"{type(exc).__name__} escaped loading: {str(exc)[:300]}") from exc
    try:
        game.consistent(json.loads(json.dumps(state.to_dict())))  # what was accepted is a position the game can reach
        play_to_the_end(game, state, seed)
        game.consistent(json.loads(json.dumps(state.to_dict())))  # and so is where it ends
    except Exception:
        tally(target, "failed")
        raise
    tally(target, "accepted")
    return "accepted"
