"""The Caravan bench figures measure what they say (kept tiny here; the bench runs the real sizes)."""
from caravan_lessons import bench


def test_random_games_ended_is_a_share_and_greedy_games_end():
    share = bench.caravan_random_games_ended(games=2, cap=100)
    assert 0.0 <= share <= 1.0
    greedy = bench.caravan_games(games=2, seed=1)
    assert greedy["games_per_s"] > 0 and greedy["actions_per_game"] > 50
