"""The names the Jaipur engine had before it was split (kept so that old imports work).

The engine now lives in: ``rules.py`` (State, new_game: the rules), ``movegen.py`` (legal moves,
quickly), ``saves.py`` (loading saved games), ``selection.py`` (card selections to actions) and
``events.py`` (the log in plain words). Import from ``caravan_lessons.jaipur`` instead.
"""
from .components import MATCH_OVER, PLAYING, ROUND_OVER
from .events import describe
from .movegen import LegalActions, legal_actions_for
from .rules import State, new_game, sheet_from_result
from .selection import selection_to_action

__all__ = ["State", "new_game", "legal_actions_for", "selection_to_action", "PLAYING", "ROUND_OVER",
           "MATCH_OVER", "LegalActions", "describe", "sheet_from_result"]
