"""Matplotlib pictures of Jaipur: the table seen by one player, token stacks and score sheets.

Every function draws on a ``matplotlib.figure.Figure`` it creates (no pyplot state), so the
pictures work the same in notebooks, widgets and tests; :func:`to_png` turns one into bytes.
"""
from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch

from ..core import plural
from ..i18n import tr
from ..jaipur.components import BONUS_TOKENS, CARD_COLOURS, CARD_TYPES, GOODS, GOODS_TOKENS, TEXT_ON, card_name
from . import to_png  # noqa: F401  (re-exported for lessons)


def _card(ax, x, y, card, w=1.2, h=1.2, label=True, alpha=1.0):
    ax.add_patch(FancyBboxPatch((x, y), w, h, boxstyle="round,pad=0.02,rounding_size=0.08",
                                facecolor=CARD_COLOURS.get(card, "#555"), edgecolor="#333", alpha=alpha, lw=1))
    if label:
        ax.text(x + w / 2, y + h / 2, card_name(card), ha="center", va="center", fontsize=9,
                color=TEXT_ON.get(card, "white"))


def _seals(n: int) -> str:
    return plural(n, "seal")


def draw_table(observation: dict, fig: Figure | None = None, cards: bool = True) -> Figure:
    """The table as one player sees it, from ``state.observation(player)``.

    Top: the opponent (hand size as card backs, herd, tokens); middle: the deck, the market and
    the goods-token stacks (values left, top of each stack first) with the bonus stacks; bottom:
    the player's own hand, herd and tokens. Every label is 9 pt or more and reads left to right.
    With ``cards=False`` the market and the hand are left out (the play app shows them as
    clickable cards). Returns the figure (a new 8 x 3.8 inch one, 8 x 3.15 without cards, unless
    ``fig`` is given, which is cleared and reused).
    """
    if fig is None:
        fig = Figure(figsize=(8, 3.8) if cards else (8, 3.15))
    fig.clear()
    ax = fig.add_axes((0, 0, 1, 1))
    top, bottom = (8.4, 0.8) if cards else (6.2, -0.1)
    ax.set_xlim(0, 16)
    ax.set_ylim(bottom, top)
    ax.axis("off")
    me, other = observation["player"], 1 - observation["player"]
    herds, seals = observation["herds"], observation["seals"]

    # the opponent: hand backs, herd, tokens taken
    y = top - 0.4
    n = observation["opponent_hand_size"]
    ax.text(0.2, y, tr("Opponent (player {seat}): {cards} in hand, {camels} in the herd, {seals}").format(
        seat=other, cards=plural(n, "card"), camels=plural(herds[other], "camel"), seals=_seals(seals[other])),
        fontsize=10, weight="bold", va="center")
    for i in range(n):
        _card(ax, 0.2 + i * 0.5, y - 1.4, "back", w=0.45, h=0.9, label=False)
    _tokens_line(ax, 4.2, y - 0.95, observation, other)

    # the deck, the market (optional), the goods-token stacks and the bonus stacks
    y = top - 2.3
    ax.text(0.2, y, tr("Deck"), fontsize=10, weight="bold", va="center")
    _card(ax, 0.2, y - 1.5, "back", w=1.0, h=1.2, label=False)
    ax.text(0.7, y - 0.9, str(observation["deck_size"]), ha="center", va="center", fontsize=11,
            color="white", weight="bold")
    if cards:
        ax.text(1.6, y, tr("Market"), fontsize=10, weight="bold", va="center")
        x = 1.6
        for card in CARD_TYPES:
            for _ in range(observation["market"].get(card, 0)):
                _card(ax, x, y - 1.5, card)
                x += 1.3
    x0 = 8.4 if cards else 2.2
    ax.text(x0, y, tr("Goods tokens left, top first"), fontsize=10, weight="bold", va="center")
    for row, good in enumerate(GOODS):
        ty = y - 0.5 - row * 0.42
        left = observation["goods_tokens_left"][good]
        ax.text(x0, ty, card_name(good), fontsize=9, va="center")
        ax.text(x0 + 1.5, ty, "  ".join(map(str, left)) if left else tr("empty"), fontsize=9, va="center",
                color=TEXT_ON[good] if left else "#777",
                bbox={"boxstyle": "round,pad=0.2", "facecolor": CARD_COLOURS[good] if left else "white",
                      "edgecolor": "none"})
        ax.text(x0 + 5.1, ty, f"{len(left)}/{len(GOODS_TOKENS[row])}", fontsize=9, va="center", color="#555")
    bonus_left = observation["bonus_tokens_left"]
    ax.text(x0 + 5.9, y, tr("Bonus left"), fontsize=10, weight="bold", va="center")
    for i, size in enumerate(BONUS_TOKENS):
        label = "5+" if size == 5 else str(size)
        ax.text(x0 + 5.9, y - 0.5 - i * 0.42, tr("{size}-card: {left}").format(size=label, left=bonus_left[str(size)]),
                fontsize=9, va="center")

    # me
    y = 2.6 if cards else 0.75
    hand_size = sum(observation["hand"].values())
    ax.text(0.2, y, tr("You (player {seat}): {hand} of 7 cards in hand, {camels} in the herd, {seals}").format(
        seat=me, hand=hand_size, camels=plural(herds[me], "camel"), seals=_seals(seals[me])),
        fontsize=10, weight="bold", va="center")
    if cards:
        x = 0.2
        for card in CARD_TYPES:
            for _ in range(observation["hand"].get(card, 0)):
                _card(ax, x, y - 1.6, card)
                x += 1.3
    _tokens_line(ax, 9.6 if cards else 0.2, y - (1.0 if cards else 0.5), observation, me)
    return fig


def _tokens_line(ax, x, y, observation, seat):
    goods = observation["goods_tokens"][seat]
    bonus = observation["bonus_tokens"][seat]
    rupees = sum(v for _, v in goods)
    ax.text(x, y, tr("goods tokens: {goods} ({rupees}); bonus tokens: {bonus}").format(
        goods=len(goods), rupees=plural(rupees, "rupee"), bonus=len(bonus)), fontsize=9, va="center")


SCORE_COLOURS = {**{f"goods:{g}": CARD_COLOURS[g] for g in GOODS}, "bonus": "#444", "camel token": CARD_COLOURS["camel"]}
"""Colours of Jaipur's score-sheet categories: a goods type's card colour, dark grey bonus tokens, the camel token."""


def draw_score_steps(sheet, step: int | None = None, fig: Figure | None = None, names=None) -> Figure:
    """A cumulative bar chart of a Jaipur score sheet after ``step`` rows (all rows if None), in rupees.

    :func:`caravan_lessons.viz.draw_score_steps` with Jaipur's colours (:data:`SCORE_COLOURS`):
    one bar per player, stacked by row in reading order, the newest row outlined and named in the
    title, a legend of the goods types, bonus and camel tokens counted so far.
    """
    from . import draw_score_steps as draw

    return draw(sheet, step, fig=fig, names=names, colours=SCORE_COLOURS)
