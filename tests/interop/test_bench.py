"""The interop figures (caravan_lessons.interop.bench, ``bench --interop``), on tiny budgets: the three ways
play the same capped episodes, the ratios are the rates', PettingZoo's parts add up to its decisions, and the
duel of OpenSpiel's ISMCTS against our MCTS counts every match once with intervals around the rates."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("pyspiel")

from caravan_lessons.interop import bench  # noqa: E402


def test_random_episodes_through_the_three_ways():
    out = bench.random_episodes("jaipur", seconds=0.3, runs=1)
    assert out["players"] == 2 and out["cap"] == bench.CAPS["jaipur"]
    for way in ("raw", "pettingzoo", "pettingzoo_flatnonzero", "openspiel"):
        assert out[way] > 0 and 50 < out[f"{way}_decisions"] <= out["cap"]       # whole random games
    assert out["pettingzoo_ratio"] == round(out["pettingzoo"] / out["raw"], 3)
    assert out["pettingzoo_flatnonzero_ratio"] == round(out["pettingzoo_flatnonzero"] / out["raw"], 3)
    assert out["openspiel_ratio"] == round(out["openspiel"] / out["raw"], 3)


def test_pettingzoo_parts_per_decision():
    out = bench.pettingzoo_parts("samarkand", players=3, episodes=1, cap=40)
    assert out["decisions"] == 40                                               # cut at the cap
    assert set(out) == {"tensor", "legal_ids", "mask", "sample", "sample_scan", "flatnonzero", "step",
                        "tensor_readable", "raw", "decisions", "legal_ids_per_decision"}
    assert all(out[part] > 0 for part in ("tensor", "tensor_readable", "step", "raw"))


def test_the_duel_counts_every_match(tmp_path):
    out = bench.duel("jaipur", games=2, simulations=3, checkpoint_dir=str(tmp_path))
    assert out["games"] == 2 and out["simulations"] == 3 and out["cpu_seconds_per_move"] > 0
    assert out["ismcts"]["wins"] + out["mcts"]["wins"] + out["draws"] == 2
    for bot in ("ismcts", "mcts"):
        low, high = out[bot]["ci95"]
        assert 0 <= low <= out[bot]["win_rate"] <= high <= 1
        assert out[bot]["cpu_s_per_move"] > 0 and out[bot]["decisions_per_match"] > 0
    assert out["mcts"]["iterations_per_move"] >= 1 and out["cpu_s_per_match"] > 0
    path = tmp_path / "ismcts_vs_mcts_jaipur_seed0.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert [row["match"] for row in rows] == [0, 1] and [row["seat_ismcts"] for row in rows] == [0, 1]
    for row in rows:                                   # each match carries both sides' CPU seconds a move
        assert row["cpu_seconds_per_move"] == out["cpu_seconds_per_move"]
        assert row["decisions_ismcts"] > 0 and row["decisions_mcts"] > 0
        assert row["cpu_s_per_move_ismcts"] > 0
        # our MCTS searches until its CPU budget, ISMCTS's recent time a move, is spent
        assert row["cpu_s_per_move_mcts"] >= 0.5 * row["cpu_s_per_move_ismcts"]
    again = bench.duel("jaipur", games=2, simulations=3, checkpoint_dir=str(tmp_path))   # read back, not replayed
    assert again == out and len(path.read_text().splitlines()) == 2


def test_the_calibration_is_cpu_time_of_ismcts():
    from caravan_lessons.interop.agents import SearchAgent

    assert bench.calibrate("jaipur", simulations=3, decisions=2) > 0
    agent = SearchAgent(seed=1, simulations=3)
    assert agent.cpu_times == [] and agent.times == []


def test_our_mcts_budget_tracks_ismcts_in_the_match():
    assert bench._tracked([], 0.5) == 0.5                                     # before ISMCTS has decided
    assert bench._tracked([1.0, 2.0], 0.5) == 1.5
    assert bench._tracked([9.0] + [1.0] * bench.TRACKED, 0.5) == 1.0          # its last TRACKED decisions


def test_the_command_line_picks_the_interop_games(monkeypatch):
    from caravan_lessons import __main__ as cli

    args = cli.build_parser().parse_args(["bench", "--interop", "--interop-games", "samarkand", "caravan",
                                          "--duel-games", "6"])
    assert args.interop_games == ["samarkand", "caravan"] and args.duel_games == 6
    seen = {}
    monkeypatch.setattr(bench, "run_interop_bench", lambda **kw: seen.update(kw) or 0)
    assert cli.main(["bench", "--interop", "--interop-games", "caravan"]) == 0
    assert seen["games"] == ["caravan"]
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["bench", "--interop", "--interop-games", "chess"])
