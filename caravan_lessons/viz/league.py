"""Pictures of a league (:func:`caravan_lessons.arena.league`): ratings and win rates with their intervals.

    from caravan_lessons.arena import league, league_table
    from caravan_lessons.viz.league import draw_league, league_figure
    table = league_table(league("marco_polo", ["mp-planner", "mp-heuristic", "mp-greedy", "random"], 4, 240))
    fig = league_figure(table)          # or draw_league(table, ax_ratings, ax_wins) on your own axes
"""
from __future__ import annotations

from ..core import _short

_NEEDED = ("mu", "sigma", "win_rate", "ci_low", "ci_high", "fair_share", "games")


def _check_table(table) -> None:
    missing = [c for c in _NEEDED if c not in getattr(table, "columns", ())]
    if missing:
        raise ValueError(f"draw a league table (arena.league_table(df)); missing columns: {', '.join(missing)}; "
                         f"got {_short(type(table).__name__)}")
    if len(table) == 0:
        raise ValueError("the league table has no bots")


def draw_league(table, ax_ratings, ax_wins, title: str | None = None) -> None:
    """Draw ``table`` (:func:`~caravan_lessons.arena.league_table`) on two axes, best rated bot on top:

    * ``ax_ratings``: each bot's Plackett-Luce rating ``mu`` with ``mu +- 2 sigma`` as a bar (about 95 % of
      the rating's belief), the cautious ``ordinal`` (``mu - 3 sigma``) as a tick;
    * ``ax_wins``: its win rate with the Wilson interval, the number of games it played, and a dashed line at
      the fair share (the win rate of equal bots, 1 / seats).

    Raises:
        ValueError: ``table`` is not a league table.
    """
    _check_table(table)
    order = table.sort_values("mu")
    y = range(len(order))
    names = list(order.index)
    ax_ratings.errorbar(order["mu"], y, xerr=2 * order["sigma"], fmt="o", color="#1f4e79", ecolor="#7aa6d6",
                        elinewidth=3, capsize=4, label="mu ± 2 sigma")
    ax_ratings.scatter(order["mu"] - 3 * order["sigma"], y, marker="|", s=200, color="#c0504d",
                       label="ordinal: mu − 3 sigma")
    ax_ratings.set_yticks(list(y), names, fontsize=10)
    ax_ratings.set_xlabel("Plackett-Luce rating (openskill)", fontsize=10)
    ax_ratings.legend(fontsize=9, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=2, frameon=False)
    ax_ratings.grid(axis="x", alpha=0.3)
    low = 100 * (order["win_rate"] - order["ci_low"])
    high = 100 * (order["ci_high"] - order["win_rate"])
    ax_wins.errorbar(100 * order["win_rate"], y, xerr=[low, high], fmt="s", color="#375623", ecolor="#a9d18e",
                     elinewidth=3, capsize=4, label="win rate, 95 % Wilson interval")
    fair = 100 * float(order["fair_share"].mean())
    ax_wins.axvline(fair, color="grey", linestyle="--", linewidth=1, label=f"fair share {fair:.0f} %")
    for k, (_, row) in enumerate(order.iterrows()):
        ax_wins.annotate(f"{int(row['games'])} games", (100 * row["ci_high"], k), xytext=(6, 0),
                         textcoords="offset points", va="center", fontsize=9)
    ax_wins.set_xlim(0, 115)
    ax_wins.set_xlabel("games won (%)", fontsize=10)
    ax_wins.legend(fontsize=9, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=2, frameon=False)
    ax_wins.grid(axis="x", alpha=0.3)
    ax_ratings.set_ylim(-0.6, len(names) - 0.4)
    if title:
        ax_ratings.figure.suptitle(title, fontsize=11)


def league_figure(table, title: str | None = None, width: float = 11.0):
    """A new ``matplotlib.figure.Figure`` with :func:`draw_league` (no pyplot: show it with ``viz.show``)."""
    from matplotlib.figure import Figure

    _check_table(table)
    fig = Figure(figsize=(width, 1.6 + 0.55 * len(table)), layout="constrained")
    ax_ratings, ax_wins = fig.subplots(1, 2, sharey=True)
    draw_league(table, ax_ratings, ax_wins, title=title)
    return fig
