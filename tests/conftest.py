"""Shared test settings: widgets and pictures run headless (Agg), artefacts go to artifacts/."""
import os
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def artifacts() -> Path:
    """Folder for screenshots and server logs (ignored by git)."""
    folder = Path(os.environ.get("CARAVAN_ARTIFACTS", ROOT / "artifacts"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
