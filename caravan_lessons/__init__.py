"""caravan_lessons: interactive Jupyter lessons for four caravan board games.

Layers (each imports only the ones above it): ``core`` (rule errors, events, score sheets,
seeds, saved games), one package per game (``jaipur``; Samarkand, Caravan and Marco Polo are
coming), ``viz`` (matplotlib drawings) and ``ui`` (ipywidgets apps). Importing this package
loads only the standard library and ``core``; games, plots and widgets load when used.
"""
from .core import RuleViolation, SaveFileError, load_game, register_game, save_game

__version__ = "0.1.0"
__all__ = ["RuleViolation", "SaveFileError", "load_game", "save_game", "__version__"]

register_game("jaipur", "caravan_lessons.jaipur")
register_game("samarkand", "caravan_lessons.samarkand")
register_game("caravan", "caravan_lessons.caravan")
register_game("marco_polo", "caravan_lessons.marco_polo")
