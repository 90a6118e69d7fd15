"""ipywidgets apps built from an engine (and viz for pictures). Importing this loads ipywidgets."""
from .jaipur_app import JaipurApp

__all__ = ["JaipurApp"]
