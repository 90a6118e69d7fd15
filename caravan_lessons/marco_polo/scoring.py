"""The final score of The Voyages of Marco Polo (rulebook §Fim de Jogo e Pontuação, MP-SCORE-*).

:func:`final_score` returns a :class:`~caravan_lessons.core.ScoreSheet`: one row per item and
player, in the order a learner reads them: the victory points earned during play (contracts,
8th/9th trading posts, city cards, bonuses), then the end-of-game items: objectives (MP-SCORE-1
and MP-SCORE-7), coins (MP-SCORE-2), Beijing (MP-SCORE-3, MP-SCORE-4), most contracts (MP-SCORE-5).
The winner follows MP-SCORE-6 (most points, then most camels, else a shared victory).
"""
from __future__ import annotations

from ..core import ScoreRow, ScoreSheet, join_and, plural
from ..i18n import tr

DURING_PLAY = {"contracts": "MP-BONUS-2", "trading posts": "MP-TRAVEL-7", "city cards": "MP-CITY-3",
               "city bonuses": "MP-CITYBONUS-1", "outpost bonus": "MP-TRAVEL-4"}


def objective_points(state, seat: int) -> tuple[list[tuple[int, int]], int, int]:
    """(per objective card: (id, points)), distinct objective cities with a post, and their points."""
    cards = []
    cities = set()
    for oid in state.objectives[seat]:
        pair, vp = state.data.objectives[oid]
        have = [c for c in pair if state.has_post(seat, c)]
        cards.append((oid, vp if len(have) == 2 else 0))            # MP-SCORE-1
        cities.update(have)
    table = state.data.tables["objective_city_points"]
    return cards, len(cities), table[min(len(cities), len(table) - 1)]   # MP-SCORE-7


def final_score(state) -> ScoreSheet:
    """The itemised score sheet (valid at any time; final once the game is over)."""
    t = state.data.tables
    rows: list[ScoreRow] = []
    most = max(len(f) for f in state.fulfilled)
    beijing = state.posts.get("beijing", [])
    for seat in range(state.players):
        for source, points in sorted(state.vp_items[seat].items()):
            rule = DURING_PLAY.get(source, "MP-BONUS-2")
            from .effects import source_text

            rows.append(ScoreRow(seat, tr("during play: {source}").format(source=source_text(source)), rule, points,
                                 f"play:{source}"))
        cards, n_cities, city_points = objective_points(state, seat)
        for oid, points in cards:
            pair, vp = state.data.objectives[oid]
            names = join_and([state.map.name[c] for c in pair])
            rows.append(ScoreRow(seat, tr("objective {objective}: {cities} ({vp} VP if both hold a post)").format(
                objective=oid, cities=names, vp=vp), "MP-SCORE-1", points, "objectives"))
        rows.append(ScoreRow(seat, tr("objective cities with a post: {n}").format(n=n_cities), "MP-SCORE-7",
                             city_points, "objectives"))
        rows.append(ScoreRow(seat, tr("coins: {coins} (1 VP per 10)").format(coins=state.coins[seat]), "MP-SCORE-2",
                             state.coins[seat] // 10, "coins"))
        if seat in beijing:
            place = beijing.index(seat)
            rows.append(ScoreRow(seat, tr("Beijing space {place}").format(place=place + 1), "MP-SCORE-3",
                                 t["beijing_points"][place], "beijing"))
            goods = sum(state.goods[seat])
            rows.append(ScoreRow(seat, tr("goods with a post in Beijing: {goods} (1 VP per 2)").format(goods=goods),
                                 "MP-SCORE-4", goods // 2, "beijing"))
        else:
            rows.append(ScoreRow(seat, tr("goods: no trading post in Beijing, so none count"), "MP-SCORE-4", 0,
                                 "beijing"))
        if most > 0 and len(state.fulfilled[seat]) == most:
            rows.append(ScoreRow(seat, tr("most fulfilled contracts ({most})").format(most=most), "MP-SCORE-5",
                                 t["most_contracts_points"], "contracts"))
    sheet = ScoreSheet(tuple(rows), players=state.players, unit="victory points")
    totals = sheet.totals()
    best = max(totals)
    leaders = [s for s in range(state.players) if totals[s] == best]
    if len(leaders) > 1:                                            # MP-SCORE-6: most camels
        camels = max(state.camels[s] for s in leaders)
        leaders = [s for s in leaders if state.camels[s] == camels]
    if len(leaders) == 1:
        verdict = tr("Player {seat} wins with {points} (MP-SCORE-6).").format(seat=leaders[0],
                                                                              points=plural(best, "victory point"))
        winner = leaders[0]
    else:
        verdict = tr("Players {seats} share the victory with {points} and as many camels (MP-SCORE-6).").format(
            seats=", ".join(map(str, leaders)), points=plural(best, "victory point"))
        winner = None
    if state.phase == "over":
        state.winners = leaders
    return ScoreSheet(tuple(rows), players=state.players, unit="victory points", winner=winner, verdict=verdict)
