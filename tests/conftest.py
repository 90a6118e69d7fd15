"""Shared test settings: widgets and pictures run headless (Agg), artefacts go to artifacts/,
tests marked slow run only with --run-slow."""
import os
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")

ROOT = Path(__file__).resolve().parent.parent


def pytest_addoption(parser):
    parser.addoption("--run-slow", action="store_true", default=False,
                     help="also run the tests marked slow (big property sweeps, fuzzing at scale)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with pytest --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def artifacts() -> Path:
    """Folder for screenshots and server logs (ignored by git)."""
    folder = Path(os.environ.get("CARAVAN_ARTIFACTS", ROOT / "artifacts"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
