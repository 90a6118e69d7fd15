"""Helpers for the Marco Polo tests: a game at its first turn, with dice and goods set by hand."""
from caravan_lessons import marco_polo as mp
from caravan_lessons.core import RuleViolation


def settle(state):
    """Take the first option of every pending choice until it is a plain turn (or the game is over)."""
    while state.tasks:
        state.apply(state.legal_actions()[0])
    return state


def turn_state(characters=("raschid", "matteo", "berke", "mercator"), seed=1, dice=None, players=None, **fields):
    """A game at a plain turn of round 1 for seat 0, with ``dice`` (values, own colour) for the current
    player and any other fields overwritten (``coins=[...]``, ...)."""
    players = players or len(characters)
    state = settle(mp.new_game(players, seed=seed, characters=list(characters)))
    state._begin_turn(0)
    if dice is not None:
        state.dice[0] = sorted(("own", v) for v in dice)
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def refused(state, action, rule):
    """Assert ``action`` is refused with ``rule`` and leaves the state exactly as it was."""
    before = state.to_dict()
    try:
        state.apply(action)
    except RuleViolation as exc:
        assert exc.rule == rule, f"refused with {exc.rule}, expected {rule}: {exc}"
        assert state.to_dict() == before
        assert state.why_illegal(action).rule == rule
        return exc
    raise AssertionError(f"{action} was accepted; expected {rule}")


def choose(state, kind, value):
    """Apply Choose(kind, value) (it must be the pending choice)."""
    state.apply(mp.Choose(kind, value))
