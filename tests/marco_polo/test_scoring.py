"""The final score (MP-SCORE-*), with hand-made end positions."""
import pytest

from caravan_lessons import marco_polo as mp

from .helpers import settle


def ended(characters=("berke", "johannes", "polos")):
    s = settle(mp.new_game(len(characters), seed=11, characters=list(characters)))
    s.phase = "over"
    s.posts = {}
    s.vp = [0] * s.players
    s.vp_items = [{} for _ in range(s.players)]
    s.coins = [0] * s.players
    s.camels = [0] * s.players
    s.goods = [[0, 0, 0] for _ in range(s.players)]
    s.fulfilled = [[] for _ in range(s.players)]
    return s


def points(sheet, seat, rule):
    return sum(r.points for r in sheet.rows if r.player == seat and r.rule == rule)


@pytest.mark.rule("MP-SCORE-1", "MP-SCORE-7")
def test_objectives_both_cities_and_distinct_city_count():
    s = ended()
    s.objectives[0] = [0, 1]                                  # Moscow-Xian 4, Moscow-Ormuz 5
    s.posts = {"moscow": [0], "xian": [0]}
    sheet = s.score_sheet()
    assert points(sheet, 0, "MP-SCORE-1") == 4 and points(sheet, 0, "MP-SCORE-7") == 3
    s.posts["ormuz"] = [0]
    s._sheet = None
    sheet = s.score_sheet()
    assert points(sheet, 0, "MP-SCORE-1") == 9 and points(sheet, 0, "MP-SCORE-7") == 6   # 3 distinct cities
    s.objectives[0] = [2, 16]                                 # Moscow-Kashgar, Karachi-Kashgar
    s.posts = {c: [0] for c in ("moscow", "kashgar", "karachi")}
    s._sheet = None
    assert points(s.score_sheet(), 0, "MP-SCORE-7") == 6


@pytest.mark.rule("MP-SCORE-2", "MP-SCORE-3", "MP-SCORE-4")
def test_coins_beijing_and_goods():
    s = ended()
    s.coins = [29, 10, 9]
    s.posts = {"beijing": [2, 0]}
    s.goods = [[1, 2, 2], [5, 5, 5], [1, 0, 0]]
    sheet = s.score_sheet()
    assert [points(sheet, p, "MP-SCORE-2") for p in range(3)] == [2, 1, 0]
    assert [points(sheet, p, "MP-SCORE-3") for p in range(3)] == [7, 0, 10]
    assert [points(sheet, p, "MP-SCORE-4") for p in range(3)] == [2, 0, 0]   # no Beijing post: goods count 0


@pytest.mark.rule("MP-SCORE-5")
def test_most_contracts_seven_points_to_every_tied_player():
    s = ended()
    s.fulfilled = [[1, 2], [3, 4], [5]]
    sheet = s.score_sheet()
    assert [points(sheet, p, "MP-SCORE-5") for p in range(3)] == [7, 7, 0]


@pytest.mark.rule("MP-SCORE-6")
def test_winner_ties_broken_by_camels_then_shared():
    s = ended()
    s.vp = [10, 10, 3]
    s.vp_items = [{"contracts": 10}, {"contracts": 10}, {"contracts": 3}]
    s.camels = [1, 4, 9]
    sheet = s.score_sheet()
    assert sheet.winner == 1 and s.winner == 1 and "camels" not in sheet.verdict
    s.camels = [4, 4, 9]
    s._sheet = None
    sheet = s.score_sheet()
    assert sheet.winner is None and s.winners == [0, 1] and "share" in sheet.verdict


def test_score_sheet_adds_up():
    s = ended()
    s.vp = [5, 0, 0]
    s.vp_items = [{"contracts": 2, "trading posts": 3}, {}, {}]
    s.coins = [20, 0, 0]
    sheet = s.score_sheet()
    during = sum(r.points for r in sheet.rows if r.player == 0 and r.source.startswith("play:"))
    assert during == 5 and sheet.totals()[0] == 5 + 2 + 7 * (0 == 1)
    df = sheet.to_dataframe()
    assert df.groupby("player")["points"].sum().tolist() == sheet.totals()
