"""Prints the fuzz figures (tried / refused / accepted / failed) at the end of a run, added up over the
pytest-xdist workers when the run is spread over several processes (``make test``, ``-n 2``)."""
from collections import Counter

import pytest

from .registry import FIGURES, figures_text


def pytest_sessionfinish(session):
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: hand the figures to the controller
        workeroutput["fuzz_figures"] = {target: dict(counts) for target, counts in FIGURES.items()}


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    for target, counts in getattr(node, "workeroutput", {}).get("fuzz_figures", {}).items():
        FIGURES.setdefault(target, Counter()).update(counts)


def pytest_terminal_summary(terminalreporter):
    if FIGURES:
        terminalreporter.write_line(figures_text())
