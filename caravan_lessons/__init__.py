"""caravan_lessons: interactive Jupyter lessons for four caravan board games.

Layers (each imports only the ones above it): ``core`` (rule errors, events, score sheets,
seeds, saved games), ``i18n`` (the learner's language: ``set_language("pt")``, English, Portuguese
or Finnish), one package per game (``jaipur``; Samarkand, Caravan and Marco Polo are
coming), ``viz`` (matplotlib drawings) and ``ui`` (ipywidgets apps). Importing this package
loads only the standard library and ``core``; games, plots and widgets load when used.
"""
from .core import RuleViolation, SaveFileError, load_game, register_game, save_game
from .i18n import LanguageError, available_languages, get_language, set_language

__version__ = "0.1.0"
__all__ = ["LanguageError", "RuleViolation", "SaveFileError", "available_languages", "get_language", "load_game",
           "save_game", "set_language", "__version__"]

register_game("jaipur", "caravan_lessons.jaipur")
register_game("samarkand", "caravan_lessons.samarkand")
register_game("caravan", "caravan_lessons.caravan")
register_game("marco_polo", "caravan_lessons.marco_polo")
