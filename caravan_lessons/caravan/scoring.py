"""Caravan's itemised score sheet (CAR-SCORE-1, CAR-SCORE-2, CAR-SCORE-3).

Data first: one :class:`~caravan_lessons.core.ScoreRow` per kind of delivered good, one for the
demand markers and one for the penalty, per player, in the order a learner adds them up.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core import ScoreRow, ScoreSheet, _short, join_and, plural
from ..i18n import tr
from .components import DEMAND_POINTS, GOOD_POINTS, GOODS, PENALTY, RARE, good_name

__all__ = ["CaravanScoreSheet", "penalty", "score_sheet"]


def penalty(loaded: int) -> int:
    """CAR-SCORE-2: points lost for ``loaded`` goods still on (or under) camels: 0, 0, -1, -3, -6, -10."""
    if isinstance(loaded, bool) or not isinstance(loaded, int) or loaded not in PENALTY:
        raise ValueError(f"a player holds 0 to {max(PENALTY)} loaded goods, not {_short(loaded)}")
    return PENALTY[loaded]


@dataclass(frozen=True)
class CaravanScoreSheet(ScoreSheet):
    """A :class:`ScoreSheet` that also names every winner (CAR-SCORE-3 lets tied players share)."""

    winners: tuple[int, ...] = ()


def score_sheet(state) -> CaravanScoreSheet:
    """The score of ``state`` (final at the end; otherwise as it would stand if the game ended now).

    Rows per player: delivered goods of each kind (CAR-SCORE-1), demand markers (CAR-SCORE-1),
    the penalty for goods still loaded (CAR-SCORE-2, even when it is 0). The verdict applies
    CAR-SCORE-3: most points; tied, more goods delivered; still tied, a shared win.
    """
    rows: list[ScoreRow] = []
    for p in range(state.players):
        for good in GOODS:
            n = state.delivered[p].count(good)
            if n:
                item = (tr("{n} {good} delivered (rare, {points} points each)") if good in RARE else
                        tr("{n} {good} delivered (common, {points} points each)"))
                rows.append(ScoreRow(p, item.format(n=n, good=good_name(good), points=GOOD_POINTS[good]),
                                     "CAR-SCORE-1", n * GOOD_POINTS[good], f"goods:{good}"))
        if state.markers[p]:
            n = state.markers[p]
            rows.append(ScoreRow(p, plural(n, "demand marker"), "CAR-SCORE-1",
                                 n * DEMAND_POINTS, "demand"))
        loaded = len(state.loaded_goods(p))
        rows.append(ScoreRow(p, tr("penalty: {goods} loaded, not delivered").format(goods=plural(loaded, "good")),
                             "CAR-SCORE-2", penalty(loaded), "penalty"))
    sheet = ScoreSheet(tuple(rows), state.players, "points")
    totals = sheet.totals()
    best = max(totals)
    tied = [p for p in range(state.players) if totals[p] == best]
    most = max(len(state.delivered[p]) for p in tied)
    winners = tuple(p for p in tied if len(state.delivered[p]) == most)
    names = join_and([tr("player {seat}").format(seat=p) for p in winners])

    def pts(n):
        return plural(n, "point")

    if len(tied) == 1:
        verdict = tr("Player {seat} wins with {points} (CAR-SCORE-3).").format(seat=winners[0], points=pts(best))
    elif len(winners) == 1:
        verdict = tr("Tied on {points}; player {seat} delivered more goods ({most}) and wins (CAR-SCORE-3).").format(
            points=pts(best), seat=winners[0], most=most)
    else:
        verdict = tr("Tied on {points} and on {goods} delivered: {names} share the win (CAR-SCORE-3).").format(
            points=pts(best), goods=plural(most, "good"), names=names)
    if not state.over:
        verdict = tr("If the game ended now: {verdict}").format(verdict=verdict)
    return CaravanScoreSheet(tuple(rows), state.players, "points",
                             winners[0] if len(winners) == 1 else None, verdict, winners)
