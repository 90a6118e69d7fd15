"""Matplotlib pictures of game states, routes and score sheets (imports matplotlib: load it when drawing).

* :func:`show` displays a figure in the notebook (as a PNG) and closes it;
* :func:`to_png` turns a figure into PNG bytes (for an ipywidgets ``Image``);
* :func:`draw_score_steps` draws any game's :class:`~caravan_lessons.core.ScoreSheet` step by step
  (the score stepper of the apps uses it; ``viz.jaipur`` adds Jaipur's colours).
"""
from __future__ import annotations

import io
import sys


def to_png(fig, dpi: int = 80) -> bytes:
    """A ``matplotlib.figure.Figure`` as PNG bytes (for an ipywidgets Image or IPython display)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def show(fig, dpi: int = 80) -> None:
    """Display a ``matplotlib.figure.Figure`` in the notebook now, as a PNG image, and close it.

    It displays wherever it is called (inside a loop, before a ``print``), like ``print`` does,
    and returns None, so the picture never appears twice. A figure made with pyplot is closed
    (``plt.close``) so pyplot does not show it again at the end of the cell; a plain ``Figure``
    needs no closing. Outside IPython (a script) the image is not shown.
    """
    from IPython.display import Image, display

    display(Image(to_png(fig, dpi=dpi)))
    pyplot = sys.modules.get("matplotlib.pyplot")  # only if the caller already uses pyplot
    if pyplot is not None and fig.canvas.manager is not None:
        pyplot.close(fig)


def category_of(row) -> str:
    """The category of a score row for colours and the stepper's order: its ``source``
    (``"goods:cloth"``, ``"bonus:3"``, ``"camel token"``), or its item when it has none."""
    return row.source or row.item


def draw_score_steps(sheet, step: int | None = None, fig=None, names=None, colours=None):
    """A cumulative stacked bar chart of a score sheet after ``step`` rows (all rows if None).

    Args:
        sheet: a :class:`~caravan_lessons.core.ScoreSheet` (rows in the order they are added up).
        step: how many rows are counted (0 .. len(sheet.rows)); None for all.
        fig: a ``matplotlib.figure.Figure`` to clear and reuse (a new 6 x 3 inch one if None).
        names: a name per seat (default "player 0", ...).
        colours: category -> colour (categories from :func:`category_of`; "goods:" and other
            prefixes may be given alone, e.g. ``{"bonus": "#444"}``); others get tab10 colours.

    One bar per seat, stacked row by row; the newest row is outlined in red and named in the
    title. The y axis is in the sheet's unit (rupees in Jaipur), the y limit is the final total so
    the bars grow towards it, and a legend beside the bars names the categories shown.
    Returns the figure.
    """
    from matplotlib.colors import to_rgb
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch

    if fig is None:
        fig = Figure(figsize=(6, 3))
    fig.clear()
    ax = fig.add_axes((0.11, 0.2, 0.55, 0.68))
    names = list(names or [f"player {p}" for p in range(sheet.players)])
    colours = colours or {}

    spare = iter(["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
                  "#bcbd22", "#17becf"] * 4)
    given = dict(colours)

    def colour(category: str) -> str:
        found = given.get(category) or given.get(category.split(":")[0])
        if found is None:  # a category without a colour: the next of matplotlib's tab10 colours
            found = given[category] = next(spare)
        return found

    rows = sheet.rows if step is None else sheet.rows[:step]
    bottoms = [0] * sheet.players
    legend: dict[str, str] = {}
    for i, row in enumerate(rows):
        category = category_of(row)
        label = category.split(":")[-1] if category.startswith("goods:") else category.split(":")[0]
        legend.setdefault(label, colour(category))
        newest = i == len(rows) - 1
        fill = colour(category)
        light = sum(to_rgb(fill)) > 2.7        # a near-white colour (Caravan's salt) gets a grey edge to show
        ax.bar(row.player, row.points, bottom=bottoms[row.player], color=fill, width=0.6,
               edgecolor="red" if newest else ("#888888" if light else "white"), linewidth=2 if newest else 0.5)
        bottoms[row.player] += row.points
    ax.set_xticks(range(sheet.players), [f"{names[p]}\n{bottoms[p]} {sheet.unit}" for p in range(sheet.players)],
                  fontsize=8)
    ax.set_xlim(-0.6, sheet.players - 0.4)
    ax.set_ylim(0, max(sheet.totals() + [1]) * 1.1)
    ax.set_ylabel(sheet.unit, fontsize=8)
    ax.tick_params(axis="y", labelsize=8)
    if rows:
        last = rows[-1]
        ax.set_title(f"step {len(rows)} of {len(sheet.rows)}: {names[last.player]}, +{last.points} {sheet.unit} "
                     f"[{last.rule}]", fontsize=8)
    else:
        ax.set_title(f"step 0 of {len(sheet.rows)}: nothing counted yet", fontsize=8)
    if legend:
        fig.legend(handles=[Patch(facecolor=c, edgecolor="#333", label=k) for k, c in legend.items()],
                   loc="center left", bbox_to_anchor=(0.69, 0.54), fontsize=8, frameon=False,
                   title="counted so far", title_fontsize=8)
    return fig
