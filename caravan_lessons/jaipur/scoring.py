"""Jaipur's itemised score sheet (JAI-SELL-2, JAI-SELL-3, JAI-END-3, JAI-END-4).

A round's score is data first: a list of :class:`~caravan_lessons.core.ScoreRow`, one per
goods type sold, one per bonus token and one for the camel token, in the order a learner
adds them up. Rupees are the unit.
"""
from __future__ import annotations

from ..core import ScoreRow
from ..i18n import tr
from ..i18n import ngettext
from .components import CAMEL_TOKEN, GOODS, card_name


def build_rows(goods_tokens, bonus_tokens, camel_token) -> list[ScoreRow]:
    """Score rows for both seats.

    Args:
        goods_tokens: per seat, a list of ``(goods index, rupees)`` in the order taken.
        bonus_tokens: per seat, a list of ``(sale size 3/4/5, rupees)``.
        camel_token: the seat holding the camel token, or None.

    Returns:
        Rows for seat 0 then seat 1: goods tokens by type (most valuable type first), bonus
        tokens by size, then the camel token.
    """
    rows: list[ScoreRow] = []
    for seat in (0, 1):
        by_type: dict[int, list[int]] = {}
        for g, value in goods_tokens[seat]:
            by_type.setdefault(g, []).append(value)
        for g in sorted(by_type):
            values = by_type[g]
            item = ngettext("{good} goods token {values}", "{good} goods tokens {values}", len(values)).format(
                good=card_name(GOODS[g]), values=" + ".join(map(str, values)))
            rows.append(ScoreRow(seat, item, "JAI-SELL-2", sum(values), f"goods:{GOODS[g]}"))
        for size, value in sorted(bonus_tokens[seat]):
            item = (tr("bonus token for a 5-or-more-card sale") if size == 5 else
                    tr("bonus token for a {size}-card sale").format(size=size))
            rows.append(ScoreRow(seat, item, "JAI-SELL-3", value, f"bonus:{size}"))
        if camel_token == seat:
            rows.append(ScoreRow(seat, tr("camel token: the larger herd"), "JAI-END-3", CAMEL_TOKEN, "camel token"))
    return rows
