"""Prints the fuzz figures (tried / refused / accepted / failed) at the end of a run."""
from .registry import FIGURES, figures_text


def pytest_terminal_summary(terminalreporter):
    if FIGURES:
        terminalreporter.write_line(figures_text())
