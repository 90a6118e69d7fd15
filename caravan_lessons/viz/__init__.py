"""Matplotlib pictures of game states, routes and score sheets (imports matplotlib: load it when drawing)."""
from __future__ import annotations

import io


def to_png(fig, dpi: int = 80) -> bytes:
    """A ``matplotlib.figure.Figure`` as PNG bytes (for an ipywidgets Image or IPython display)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def show(fig):
    """Display a ``matplotlib.figure.Figure`` in a notebook as a PNG image."""
    from IPython.display import Image

    return Image(to_png(fig))
