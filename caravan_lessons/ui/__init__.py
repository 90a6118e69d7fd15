"""ipywidgets apps built from an engine (and viz for pictures). Importing this loads ipywidgets."""
from .common import RulePanel, ScoreStepper
from .jaipur_app import JaipurApp

__all__ = ["JaipurApp", "RulePanel", "ScoreStepper"]
