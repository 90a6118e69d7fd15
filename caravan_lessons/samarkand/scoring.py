"""Samarkand's itemised final score (SAM-SCORE-1 .. SAM-SCORE-5, SAM-2P-4).

Data first: one :class:`~caravan_lessons.core.ScoreRow` per goods card kept in hand (with the
camels on its goods space spelt out), then goods tiles, relation tiles and dirhams, per player.
The unit is points (1 point = 1 dirham, SAM-SCORE-4).
"""
from __future__ import annotations

from ..core import ScoreRow, ScoreSheet, plural
from ..i18n import tr
from .components import OTHER_CAMEL_POINTS, OWN_CAMEL_POINTS


def card_value(state, player: int, goods: int) -> tuple[int, list[tuple[str, int]]]:
    """What goods card ``goods`` in ``player``'s hand is worth now (SAM-SCORE-1, SAM-2P-4).

    Returns:
        ``(points, parts)``: parts lists ``(family id, points)`` for each camel on the goods space:
        4 for a family the player holds a tile of (one tile or two, SAM-2P-4), else 1.
    """
    board = state.board
    held = state.held[player]
    parts = []
    for f in state.camels[board.goods_space[goods]]:
        parts.append((board.families[f].id, OWN_CAMEL_POINTS if held[f] else OTHER_CAMEL_POINTS))
    return sum(p for _, p in parts), parts


def build_sheet(state) -> ScoreSheet:
    """The score sheet of ``state`` (any moment; final when the game is over).

    Rows per player: each goods card in hand (SAM-SCORE-1, sold cards score nothing, SAM-GOODS-2),
    goods tiles (SAM-SCORE-2), relation tiles (SAM-SCORE-3), dirhams (SAM-SCORE-4). The verdict
    names every tied leader as a winner (SAM-SCORE-5); ``winner`` is None on a tie.
    """
    board = state.board
    rows: list[ScoreRow] = []
    for p in range(state.players):
        for goods in sorted(state.hands[p]):
            points, parts = card_value(state, p, goods)
            detail = " + ".join(tr("{family} camel {points}").format(
                family=board.families[board.family_index[f]].name, points=v) for f, v in parts)
            rows.append(ScoreRow(p, tr("goods card {name} ({goods}): {detail}").format(
                name=board.goods_names[goods], goods=goods, detail=detail or tr("no camel on its space")),
                "SAM-SCORE-1", points, f"card:{goods}"))
        tiles = len(state.goods_tiles[p])
        rows.append(ScoreRow(p, plural(tiles, "goods tile"), "SAM-SCORE-2", tiles,
                             "goods tiles"))
        rel = len(state.relation_tiles[p])
        rows.append(ScoreRow(p, plural(rel, "relation tile"), "SAM-SCORE-3", rel,
                             "relation tiles"))
        money = state.money[p]
        rows.append(ScoreRow(p, plural(money, "dirham"), "SAM-SCORE-4", money, "dirhams"))
    sheet = ScoreSheet(tuple(rows), players=state.players, unit="points")
    totals = sheet.totals()
    best = max(totals)
    winners = [p for p, t in enumerate(totals) if t == best]
    if len(winners) == 1:
        verdict = tr("Player {seat} wins with {points} (SAM-SCORE-5).").format(seat=winners[0], points=plural(best, "point"))
    else:
        verdict = tr("Players {seats} tie with {points} and all win (SAM-SCORE-5).").format(
            seats=", ".join(map(str, winners)), points=plural(best, "point"))
    return ScoreSheet(sheet.rows, players=state.players, unit="points",
                      winner=winners[0] if len(winners) == 1 else None, verdict=verdict)
