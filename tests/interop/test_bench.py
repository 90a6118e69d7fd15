"""The interop figures (caravan_lessons.interop.bench, ``bench --interop``), on tiny budgets: the three ways
play the same capped episodes, the ratios are the rates', PettingZoo's parts add up to its decisions, and the
duel of OpenSpiel's ISMCTS against our MCTS counts every match once with intervals around the rates."""
from __future__ import annotations

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
    assert set(out) == {"observation", "tensor", "mask", "sample", "flatnonzero", "step", "raw", "decisions"}
    assert all(out[part] > 0 for part in ("observation", "tensor", "step", "raw"))


def test_the_duel_counts_every_match(tmp_path):
    out = bench.duel("jaipur", games=2, simulations=3, checkpoint_dir=str(tmp_path))
    assert out["games"] == 2 and out["simulations"] == 3 and out["seconds_per_move"] > 0
    assert out["ismcts"]["wins"] + out["mcts"]["wins"] + out["draws"] == 2
    for bot in ("ismcts", "mcts"):
        low, high = out[bot]["ci95"]
        assert 0 <= low <= out[bot]["win_rate"] <= high <= 1
    assert len((tmp_path / "ismcts_vs_mcts_jaipur_seed0.jsonl").read_text().splitlines()) == 2
