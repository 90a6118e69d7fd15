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
    from ..i18n import tr
    from ..ui.common import amount, category_label, unit_name

    names = list(names or [tr("player {seat}").format(seat=p) for p in range(sheet.players)])
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
        legend.setdefault(category_label(category), colour(category))
        newest = i == len(rows) - 1
        fill = colour(category)
        light = sum(to_rgb(fill)) > 2.7        # a near-white colour (Caravan's salt) gets a grey edge to show
        ax.bar(row.player, row.points, bottom=bottoms[row.player], color=fill, width=0.6,
               edgecolor="red" if newest else ("#888888" if light else "white"), linewidth=2 if newest else 0.5)
        bottoms[row.player] += row.points
    ax.set_xticks(range(sheet.players), [f"{names[p]}\n{amount(bottoms[p], sheet.unit)}" for p in range(sheet.players)],
                  fontsize=9)
    ax.set_xlim(-0.6, sheet.players - 0.4)
    ax.set_ylim(0, max(sheet.totals() + [1]) * 1.1)
    ax.set_ylabel(unit_name(sheet.unit), fontsize=9)
    ax.tick_params(axis="y", labelsize=9)
    if rows:
        last = rows[-1]
        ax.set_title(tr("step {step} of {steps}: {player}, +{points} [{rule}]").format(
            step=len(rows), steps=len(sheet.rows), player=names[last.player], points=amount(last.points, sheet.unit),
            rule=last.rule), fontsize=9)
    else:
        ax.set_title(tr("step 0 of {steps}: nothing counted yet").format(steps=len(sheet.rows)), fontsize=9)
    if legend:
        fig.legend(handles=[Patch(facecolor=c, edgecolor="#333", label=k) for k, c in legend.items()],
                   loc="center left", bbox_to_anchor=(0.69, 0.54), fontsize=9, frameon=False,
                   title=tr("counted so far"), title_fontsize=9)
    return fig


def draw_win_rates(rows, *, fair: float | None = None, title: str = "", fig=None, label: str = "win rate",
                   confidence: float = 0.95):
    """Win rates with their Wilson intervals, one line per row, for the strategy labs.

    Args:
        rows: ``(label, wins, games)`` triples (wins and games whole numbers), drawn top to bottom; a label
            starting with "control" or "baseline" is drawn grey (read the others against it).
        fair: the win rate of a bot with no edge (1 / players), drawn dashed; or a list of them.
        title: the title; fig: a ``matplotlib.figure.Figure`` to reuse (a new one sized to the rows).
        label: what the dots are, for the legend.

    Returns the Figure: x is the share of games won in per cent (0-100), every text 9 pt or more, the legend
    below the axes.

    Raises:
        ValueError: a row that is not (label, wins, games) with 0 <= wins <= games, games >= 1.
    """
    from matplotlib.figure import Figure
    from scipy.stats import binomtest

    rows = list(rows)
    checked = []
    for row in rows:
        if not (isinstance(row, (tuple, list)) and len(row) == 3 and isinstance(row[0], str)
                and all(type(v) is int or getattr(type(v), "__name__", "").startswith("int") for v in row[1:])
                and 0 <= row[1] <= row[2] and row[2] >= 1):
            raise ValueError(f"a row is (label, wins, games) with 0 <= wins <= games and games >= 1, not {row!r}")
        low, high = binomtest(int(row[1]), int(row[2])).proportion_ci(confidence_level=confidence, method="wilson")
        checked.append((row[0], 100 * row[1] / row[2], 100 * low, 100 * high, int(row[2])))
    if fig is None:
        fig = Figure(figsize=(8, 1.6 + 0.42 * len(rows)), layout="constrained")
    fig.clear()
    ax = fig.add_subplot()
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], marker="o", color="#1f77b4", label=f"{label}, {round(100 * confidence)} % Wilson interval")]
    for y, (name, rate, low, high, _games) in enumerate(checked):
        grey = name.lower().startswith(("control", "baseline"))
        ax.errorbar([rate], [y], xerr=[[rate - low], [high - rate]], fmt="o", capsize=4, markersize=7,
                    color="#7f7f7f" if grey else "#1f77b4")
        ax.annotate(f"{rate:.0f} %", (high, y), xytext=(6, 0), textcoords="offset points", va="center", fontsize=9)
    if any(c[0].lower().startswith(("control", "baseline")) for c in checked):
        handles.append(Line2D([], [], marker="o", color="#7f7f7f", label="the control: read the others against it"))
    for k, share in enumerate([] if fair is None else ([fair] if isinstance(fair, (int, float)) else list(fair))):
        style = ("--", ":", "-.")[k % 3]
        ax.axvline(100 * share, color="#999999", linestyle=style)
        handles.append(Line2D([], [], color="#999999", linestyle=style,
                              label=f"no edge: {100 * share:.0f} % (1 in {round(1 / share)})"))
    ax.set_yticks(range(len(checked)), [f"{c[0]} ({c[4]} {'game' if c[4] == 1 else 'games'})" for c in checked],
                  fontsize=9)
    ax.invert_yaxis()
    ax.set_ylim(len(checked) - 0.5, -0.5)
    ax.set_xlim(0, 100)
    ax.set_xlabel("games won (%)", fontsize=9)
    ax.tick_params(axis="x", labelsize=9)
    if title:
        ax.set_title(title, fontsize=10)
    fig.legend(handles=handles, loc="outside lower center", ncol=2, fontsize=9, frameon=False)
    return fig
