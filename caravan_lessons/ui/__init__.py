"""ipywidgets apps built from an engine (and viz for pictures). Importing this loads ipywidgets.

* :class:`JaipurApp`: play Jaipur against a bot or a friend; :func:`guided_first_turn`: the same
  app with a short script for the first three moves;
* :class:`SamarkandApp`, :class:`CaravanApp`, :class:`MarcoPoloApp`: the other three games' play apps;
* :class:`PlayShell`: the base class of every game's play app (seats, bots, pauses at round ends,
  undo, log, replay, score sheet, guided turns);
* :class:`ScoreStepper`, :class:`RulePanel`: widgets every game's lessons share.
"""
from .common import RulePanel, ScoreStepper
from .caravan_app import CaravanApp
from .jaipur_app import JaipurApp, guided_first_turn
from .marco_polo_app import MarcoPoloApp
from .samarkand_app import SamarkandApp
from .shell import Guide, PlayShell

__all__ = ["CaravanApp", "Guide", "JaipurApp", "MarcoPoloApp", "PlayShell", "RulePanel", "SamarkandApp", "ScoreStepper",
           "guided_first_turn"]
