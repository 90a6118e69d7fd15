"""Shared test settings: widgets and pictures run headless (Agg), artefacts go to artifacts/,
tests marked slow run only with --run-slow."""
import os
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")
# The tests read English messages whatever the machine's locale; tests of other languages choose them
# (caravan_lessons.i18n.language("fi")), and so do the pt/fi lessons. Subprocesses and kernels inherit it.
os.environ["CARAVAN_LESSONS_LANG"] = "en"

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


@pytest.fixture(autouse=True)
def _english_again():
    """Whatever language a test chose, the next test starts in English."""
    yield
    from caravan_lessons import i18n

    if i18n._chosen not in (None, "en"):
        i18n.set_language(None)


@pytest.fixture
def artifacts() -> Path:
    """Folder for screenshots and server logs (ignored by git)."""
    folder = Path(os.environ.get("CARAVAN_ARTIFACTS", ROOT / "artifacts"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
