"""Pictures of the coach's reviews: the evaluation graph, and the costliest moves as positions.

* :func:`evaluation_graph`: the seat's estimated win chance after each of its decisions (with its 95 %
  interval), the coach's best move beside it, and the tagged moves marked in the tag's colour;
* :func:`costliest`: the ``n`` decisions that lost the most win chance;
* :func:`draw_costly_move`: one of them drawn as the position the seat saw, the move played and the
  coach's better move marked on the board (the map games) and named with their estimates.

Input: the DataFrame of :func:`caravan_lessons.coach.review` and the record it reviewed.
"""
from __future__ import annotations

from textwrap import fill

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ..i18n import NP_, pgettext, tr

__all__ = ["COSTLY", "TAG_COLOURS", "action_spaces", "better_action", "costliest", "draw_costly_move", "evaluation_graph", "tag_word"]

LEGEND_WIDTH = 24
"""Characters a line of the evaluation graph's legend at most (longer labels wrap)."""

_TAGS = (NP_("review tag", "good"), NP_("review tag", "inaccuracy"), NP_("review tag", "mistake"),
         NP_("review tag", "blunder"))


def tag_word(tag: str) -> str:
    """A review's tag ("good", "inaccuracy", "mistake", "blunder": the data keeps the English key) in the
    current language."""
    return pgettext("review tag", tag)

TAG_COLOURS = {"good": "#4c72b0", "inaccuracy": "#e6b800", "mistake": "#f28c28", "blunder": "#d62728"}
"""The colour of each review tag (the graph's markers, the rings on the boards)."""
BETTER, PLAYED = "#2e7d32", "#d62728"


COSTLY = ("inaccuracy", "mistake", "blunder")
"""The tags of costly moves: a move tagged "good" is never listed as costly, whatever its estimated loss
(its interval does not show a loss of 5 points, see :data:`caravan_lessons.coach.THRESHOLDS`)."""


def costliest(frame, n: int = 3):
    """The ``n`` costly rows of a review (tagged inaccuracy, mistake or blunder: :data:`COSTLY`) with the
    largest estimated loss, costliest first; empty if no move is tagged."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n is a number of moves (0 or more), not {n!r}")
    lost = frame[frame["tag"].isin(COSTLY) & (frame["loss"] > 0)]
    return lost.sort_values(["loss", "loss_low"], ascending=False).head(n)


def evaluation_graph(frame, ax=None, title: str | None = None, players: int | None = None):
    """The evaluation graph of a review: the seat's estimated win chance after each decision.

    Args:
        frame: the DataFrame of :func:`caravan_lessons.coach.review`.
        ax: the Axes to draw on (a new 9 x 3.6 inch figure if None).
        title: the title (default: whose decisions, and what the win chance is about).
        players: seats in the game, for the dotted "level" line at 1 / players (default: from the review).

    Drawn: the win chance after the move played (blue line, its 95 % interval shaded), after the coach's
    best move (grey dashes), each decision as a dot in its tag's colour (:data:`TAG_COLOURS`; inaccuracy,
    mistake and blunder bigger), and the three costliest moves labelled with their move numbers.
    Returns the Axes.
    """
    if ax is None:
        fig = Figure(figsize=(9, 3.6))
        ax = fig.add_axes((0.08, 0.16, 0.68, 0.72))
    seat = frame.attrs.get("seat", 0)
    scope = frame.attrs.get("scope", "the game")
    players = players or frame.attrs.get("players", 2)
    if frame.empty:
        ax.text(0.5, 0.5, tr("no decisions to show"), ha="center", va="center", fontsize=10, transform=ax.transAxes)
        ax.axis("off")
        return ax
    x = list(frame["move_number"])
    ax.fill_between(x, 100 * frame["played_low"], 100 * frame["played_high"], color="#4c72b0", alpha=0.18,
                    linewidth=0, label=tr("{share} interval").format(share="95%"))
    ax.plot(x, 100 * frame["win_played"], color="#4c72b0", linewidth=1.8, label=tr("after the move played"))
    ax.plot(x, 100 * frame["win_best"], color="#777", linewidth=1.2, linestyle="--", label=tr("after the coach's best"))
    for name, colour in TAG_COLOURS.items():
        rows = frame[frame["tag"] == name]
        if len(rows):
            ax.scatter(rows["move_number"], 100 * rows["win_played"], s=18 if name == "good" else 70,
                       color=colour, edgecolor="white" if name == "good" else "black", linewidth=0.6, zorder=4,
                       label=f"{tag_word(name)} ({len(rows)})")
    for _, row in costliest(frame, 3).iterrows():
        ax.annotate(tr("move {n}").format(n=row.move_number), (row.move_number, 100 * row.win_played),
                    xytext=(0, 10 if row.win_played < 0.15 else -18),    # above a low point: clear of the axis
                    textcoords="offset points", ha="center", fontsize=9, color="#333")
    ax.axhline(100 / players, color="#999", linewidth=0.8, linestyle=":")
    level = tr("level") if players == 2 else tr("level ({players} players)").format(players=players)
    ax.text(max(x), 100 / players + 1.5, level, fontsize=9,
            color="#777", ha="right")
    ax.set_ylim(0, 100)
    ax.set_xlim(min(x) - 1, max(x) + 1)
    ax.set_ylabel(tr("win chance (%)"), fontsize=10)
    ax.set_xlabel(tr("move (as the replay slider counts)"), fontsize=10)
    ax.tick_params(labelsize=9)
    ax.set_title(title or tr("Player {seat}: estimated chance to win {scope} after each decision").format(
        seat=seat, scope=tr(scope)), fontsize=10)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))    # move numbers: no 0.25 steps with one decision
    handles, labels = ax.get_legend_handles_labels()         # wrapped: the legend's width is the figure's right
    ax.legend(handles, [fill(label, LEGEND_WIDTH) for label in labels], loc="center left",   # quarter, and
              bbox_to_anchor=(1.01, 0.5), fontsize=9, frameon=False)                         # Finnish is long
    return ax


def action_spaces(game: str, state, action) -> list:
    """The board spaces an action goes to (for rings on the map games' boards); [] when it has none."""
    if game == "samarkand":
        space = getattr(action, "space", None)
        if space is not None:
            return [space]
        goods = getattr(action, "goods", None)
        cards = [goods] if isinstance(goods, int) else list(getattr(action, "cards", ()))
        if cards:  # a sale, keep or discard: the goods spaces of the cards
            return [state.board.spaces[state.board.goods_space[g]] for g in cards if g in state.board.goods_space]
        family = getattr(action, "family", None)
        if family is not None:  # a marriage: the family's start space
            return [state.board.spaces[state.board.start[state.board.family_index[family]]]]
        return []
    if game == "caravan":
        for name in ("target", "space"):
            node = getattr(action, name, None)
            if node is not None:
                return [node]
        return []
    if game == "marco_polo":
        paths = getattr(action, "paths", None)
        if paths:
            return [path[-1] for path in paths if path]
    return []


def _ring(ax, points, colour: str, label: str) -> None:
    if points:
        ax.scatter([p[0] for p in points], [p[1] for p in points], s=900, facecolors="none", edgecolors=colour,
                   linewidths=3.2, zorder=8, label=label)


def _board_points(game: str, state, spaces) -> list:
    if game == "caravan":
        return [(node[1], -node[0]) for node in spaces]
    if game == "samarkand":
        graph = state.board.graph
    else:
        graph = state.data.board
    return [graph.nodes[s]["pos"] for s in spaces if s in graph.nodes]


def better_action(record, row):
    """The engine's action of a reviewed row's better move (``row.best``), or None if none of the legal moves
    reads so (the words of :func:`caravan_lessons.moves.move_words` in the current language, or the engine's
    ``str``). The move played is ``record.actions[row.move_number - 1]``."""
    from ..moves import move_words

    state = record.state(int(row.move_number) - 1)
    for action in state.legal_actions():
        if row.best in (move_words(record.game, state, action), str(action)):
            return action
    return None


def draw_costly_move(record, row, seat: int | None = None, fig: Figure | None = None, better=None) -> Figure:
    """One reviewed decision drawn: the position before it as ``seat`` saw it, with the move played and the
    coach's better move, their win chances and the loss.

    Args:
        record: the :class:`~caravan_lessons.coach.GameRecord` that was reviewed.
        row: a row of the review (``frame.loc[i]`` or from :func:`costliest`).
        seat: the reviewed seat (default: the player to move there).
        fig: a Figure to clear and reuse.
        better: the engine's action of the better move (default: the legal move ``row.best`` names,
            :func:`better_action`); the two moves are named in the current language from their actions.

    Jaipur draws the table (:func:`caravan_lessons.viz.jaipur.draw_table` of the seat's observation); the
    map games draw their board with the better move's space ringed in green and the move played's in red
    where the moves go to a space. Returns the figure.
    """
    from ..moves import move_words

    game = record.game
    played_word, better_word, camels_word = tr("move played"), tr("coach's better move"), tr("your camels")
    state = record.state(int(row.move_number) - 1)
    seat = state.current_player if seat is None else seat
    played = record.actions[int(row.move_number) - 1]
    better = better_action(record, row) if better is None else better
    played_text = move_words(game, state, played)
    best_text = row.best if better is None else move_words(game, state, better)
    if row.tag == "good":
        verdict = tr("about {loss} percentage points of win chance, but the simulations do not show a loss for "
                     "sure ({tag})").format(loss=f"{100 * row.loss:.0f}", tag=tag_word(row.tag))
    else:
        verdict = tr("{loss} percentage points of win chance lost, at least {low} ({tag})").format(
            loss=f"{100 * row.loss:.0f}", low=f"{100 * row.loss_low:.0f}", tag=tag_word(row.tag))
    text = tr("Move {n}: you played \u201c{played}\u201d, estimated win chance {win} ({interval}).\n"
              "Better: \u201c{best}\u201d, {win_best} ({interval_best}): {verdict}.").format(
        n=row.move_number, played=played_text, win=f"{row.win_played:.0%}",
        interval=f"{row.played_low:.0%}-{row.played_high:.0%}", best=best_text, win_best=f"{row.win_best:.0%}",
        interval_best=f"{row.best_low:.0%}-{row.best_high:.0%}", verdict=verdict)
    if game == "jaipur":
        from .jaipur import draw_table

        fig = fig or Figure(figsize=(8, 4.7))
        fig.clear()
        top, bottom = fig.subfigures(2, 1, height_ratios=[3.8, 0.9])
        draw_table(state.observation(seat), fig=top)
        bottom.text(0.02, 0.5, text, fontsize=9.5, va="center", wrap=True)
        return fig
    size = {"samarkand": (10, 5.6), "caravan": (9, 7.2), "marco_polo": (10, 6.4)}[game]
    fig = fig or Figure(figsize=size)
    fig.clear()
    ax = fig.add_axes((0.01, 0.15, 0.74, 0.82))
    title = tr("Before move {n} (you are player {seat})").format(n=row.move_number, seat=seat)
    if game == "samarkand":
        from .samarkand import draw_map

        draw_map(state, ax=ax, highlight=[], title=title, houses=False)
        if ax.get_legend() is not None:
            ax.get_legend().remove()
    elif game == "caravan":
        from .caravan import PLAYER_COLOURS, draw_state

        draw_state(state, ax, title=title, legend=False)
        ax.scatter([], [], s=120, color=PLAYER_COLOURS[seat], edgecolors="#111", label=camels_word)
    else:
        from .marco_polo import draw_map

        draw_map(state, ax=ax, player=seat, title=tr("{title}: your pieces are ringed in black").format(title=title), notes=False,
                 legend=False)
    if played is not None:
        _ring(ax, _board_points(game, state, action_spaces(game, state, played)), PLAYED, played_word)
    if better is not None:
        _ring(ax, _board_points(game, state, action_spaces(game, state, better)), BETTER, better_word)
    handles, labels = ax.get_legend_handles_labels()
    keep = [(h, lab) for h, lab in zip(handles, labels) if lab in (played_word, better_word, camels_word)]
    if keep:
        fig.legend([h for h, _ in keep], [lab for _, lab in keep], loc="upper left", bbox_to_anchor=(0.76, 0.95),
                   fontsize=9, frameon=False, markerscale=0.45, labelspacing=1.2)
    fig.text(0.02, 0.07, text, fontsize=9.5, va="center", wrap=True)
    return fig
