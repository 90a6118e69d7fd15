"""ipywidgets apps built from an engine (and viz for pictures). Importing this loads ipywidgets."""
from .common import RulePanel, ScoreStepper
from .caravan_app import CaravanApp
from .jaipur_app import JaipurApp

__all__ = ["CaravanApp", "JaipurApp", "RulePanel", "ScoreStepper"]
