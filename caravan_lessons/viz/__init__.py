"""Matplotlib pictures of game states, routes and score sheets (imports matplotlib: load it when drawing)."""


def show(fig):
    """Display a ``matplotlib.figure.Figure`` in a notebook as a PNG image (and free the figure)."""
    from IPython.display import Image

    from .jaipur import to_png

    return Image(to_png(fig))
