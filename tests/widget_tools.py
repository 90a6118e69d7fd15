"""Small helpers for the in-process app tests."""
from __future__ import annotations

import ipywidgets as W


def boxes(app) -> list:
    """Every Box in ``app``'s widget tree (the app itself included), to find which row holds a widget."""
    out, todo = [], [app]
    while todo:
        box = todo.pop()
        if isinstance(box, W.Box):
            out.append(box)
            todo.extend(box.children)
    return out
