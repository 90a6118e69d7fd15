"""Leagues: balanced seatings, one row per game with every seat's bot, score and rank, the same rows whatever
plays them (this process, a process pool, a dask LocalCluster, even one that loses a worker mid-league),
checkpoints read back and checked, the table's Wilson intervals and Plackett-Luce ratings, the command line."""
import json
import os
import threading
import time
from collections import Counter

import pandas as pd
import pytest

from caravan_lessons import arena
from caravan_lessons.__main__ import main
from caravan_lessons.arena import league, league_table, ratings, seatings
from caravan_lessons.core import SaveFileError, derive_seed

BOTS = ["greedy", "heuristic", "random"]


@pytest.fixture(scope="module")
def samarkand_league():
    return league("samarkand", BOTS, players=3, games=12, seed=4, progress=False)


def test_every_bot_sits_in_every_seat_equally_often():
    for bots, players in ((3, 3), (4, 2), (2, 4), (5, 3)):
        cycle = seatings(bots, players, seed=1)
        assert len(set(cycle)) == len(cycle)
        for seat in range(players):
            counts = Counter(lineup[seat] for lineup in cycle)
            assert set(counts) == set(range(bots)) and len(set(counts.values())) == 1
        assert all(len(set(lineup)) == min(bots, players) for lineup in cycle)  # fewer bots: each plays
    assert seatings(3, 3, seed=1) == seatings(3, 3, seed=1) != seatings(3, 3, seed=2)


def test_one_row_per_game_with_every_seat(samarkand_league):
    df = samarkand_league
    assert list(df.columns[:6]) == arena.LEAGUE_COLUMNS and len(df) == 12
    assert list(df["game"]) == list(range(12))
    assert list(df["seed"]) == [derive_seed(4, "league game", i) for i in range(12)]
    cycle = seatings(3, 3, seed=4)
    for _, row in df.iterrows():
        seats = [row[f"bot_{s}"] for s in range(3)]
        assert seats == [BOTS[b] for b in cycle[row["game"] % len(cycle)]]
        scores, ranks = [row[f"score_{s}"] for s in range(3)], [row[f"rank_{s}"] for s in range(3)]
        if isinstance(row["winner"], str):
            assert ranks[seats.index(row["winner"])] == 1 and scores[seats.index(row["winner"])] == max(scores)
        assert sorted(ranks)[0] == 1
        for a in range(3):
            for b in range(3):
                if scores[a] > scores[b]:
                    assert ranks[a] < ranks[b]
    assert df.attrs == {"game": "samarkand", "bots": tuple(BOTS), "players": 3, "seed": 4, "resumed": 0}


def test_the_ranks_follow_points_and_the_tie_break():
    assert arena._ranks([10, 30, 30, 5], None) == [3, 1, 1, 4]
    assert arena._ranks([10, 30, 30, 5], 2) == [3, 2, 1, 4]      # a tie broken by camels (MP-SCORE-6)
    assert arena._ranks([4.5, 9.0], 0) == [1, 2]                  # Jaipur: seals win, not rupees


def test_the_same_rows_on_a_process_pool_and_after_a_resume(samarkand_league, tmp_path):
    pooled = league("samarkand", BOTS, players=3, games=12, seed=4, progress=False, processes=2)
    pd.testing.assert_frame_equal(pooled, samarkand_league)
    path = tmp_path / "league.jsonl"
    league("samarkand", BOTS, players=3, games=5, seed=4, progress=False, checkpoint=path)
    resumed = league("samarkand", BOTS, players=3, games=12, seed=4, progress=False, checkpoint=path)
    assert resumed.attrs["resumed"] == 5 and len(path.read_text().splitlines()) == 12
    pd.testing.assert_frame_equal(resumed, samarkand_league, check_like=False, check_dtype=False)


def test_a_last_line_cut_short_by_a_crash_is_played_again(tmp_path):
    """[ruling] as for tournaments: a last line without its newline that is not JSON is dropped, its game
    played again."""
    path = tmp_path / "league.jsonl"
    whole = league("marco_polo", ["greedy", "random"], players=2, games=2, seed=1, progress=False, checkpoint=path)
    path.write_bytes(path.read_bytes()[:-30])
    with pytest.warns(UserWarning, match="last line was cut short"):
        again = league("marco_polo", ["greedy", "random"], players=2, games=2, seed=1, progress=False,
                       checkpoint=path)
    assert again.attrs["resumed"] == 1 and len(path.read_text().splitlines()) == 2
    pd.testing.assert_frame_equal(again, whole)


def test_a_checkpoint_of_another_league_or_a_tampered_line_is_refused(tmp_path):
    path = tmp_path / "league.jsonl"
    league("marco_polo", ["greedy", "random"], players=2, games=2, seed=1, progress=False, checkpoint=path)
    with pytest.raises(ValueError, match="a game of another league"):
        league("marco_polo", ["greedy", "random"], players=2, games=2, seed=2, progress=False, checkpoint=path)
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    for change, message in (({"ranks": lines[0]["ranks"][::-1]}, "do not follow from the points"),
                            ({"seats": lines[0]["seats"][::-1]}, "seats"),
                            ({"winner": "mcts"}, "does not sit at this game"),
                            ({"rounds": 3}, "of 3 rounds"),
                            ({"scores": [1.0, "x"]}, "scores")):
        bad = tmp_path / "bad.jsonl"
        bad.write_text(json.dumps({**lines[0], **change}) + "\n")
        with pytest.raises(SaveFileError, match=message):
            league("marco_polo", ["greedy", "random"], players=2, games=2, seed=1, progress=False, checkpoint=bad)


def test_the_table_has_wilson_intervals_and_plackett_luce_ratings(samarkand_league):
    from scipy.stats import binomtest

    table = league_table(samarkand_league)
    assert set(table.index) == set(BOTS) and (table["games"] == 12).all()
    for _bot, row in table.iterrows():
        ci = binomtest(int(row["wins"]), 12).proportion_ci(method="wilson")
        assert (row["ci_low"], row["ci_high"]) == pytest.approx((ci.low, ci.high))
        assert row["fair_share"] == pytest.approx(1 / 3)
    assert list(table.index) == list(ratings(samarkand_league).index)       # best rated first
    assert table.loc["random", "mu"] < table.loc["heuristic", "mu"]
    assert (table["ordinal"] == table["mu"] - 3 * table["sigma"]).all()


def test_fewer_bots_than_seats_fill_several_seats():
    df = league("marco_polo", ["greedy", "random"], players=3, games=6, seed=2, progress=False)
    table = league_table(df)
    assert table["games"].sum() == 18 and set(table.index) == {"greedy", "random"}


@pytest.mark.parametrize("kwargs, message", [
    ({"bots": ["greedy"]}, "2 to 12 bots"),
    ({"bots": ["greedy", "nobody"]}, "unknown"),
    ({"players": 6}, "played by 2 to 5 players"),
    ({"games": 0}, "1 to 1,000,000 games"),
    ({"executor": "pool"}, "concurrent.futures.Executor"),
    ({"processes": 0}, "processes"),
])
def test_bad_league_arguments_are_one_line(kwargs, message):
    args = {"game": "samarkand", "bots": BOTS, "players": 3, "games": 2, "progress": False, **kwargs}
    with pytest.raises(ValueError, match=message):
        league(**args)


def test_the_league_command_prints_the_table(capsys, tmp_path):
    assert main(["league", "samarkand", "--bots", *BOTS, "--games", "6", "--no-progress",
                 "--csv", str(tmp_path / "rows.csv")]) == 0
    out = capsys.readouterr().out
    assert "samarkand league: 6 games of 3 players, 3 bots" in out and "win rate (95% Wilson)" in out
    assert len(pd.read_csv(tmp_path / "rows.csv")) == 6
    assert main(["league", "samarkand", "--bots", *BOTS, "--scheduler", "tcp://127.0.0.1:9", "--connect-timeout", "1",
                 "--games", "2"]) == 2
    assert "cannot reach the dask scheduler" in capsys.readouterr().err


@pytest.mark.parametrize("where, message", [(".", "is a folder"), ("missing/rows.csv", "does not exist")])
def test_a_bad_csv_path_is_refused_before_the_league_is_played(where, message, tmp_path, capsys, monkeypatch):
    """--csv was looked at only once every game was played (a long league lost at the last step)."""
    def played(*args, **kwargs):
        raise AssertionError("the league was played before its --csv path was checked")

    monkeypatch.setattr(arena, "league", played)
    assert main(["league", "samarkand", "--bots", *BOTS, "--games", "2", "--no-progress",
                 "--csv", str(tmp_path / where)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--csv" in err and message in err, err


def test_the_checkpoint_warning_is_one_line(tmp_path, capsys):
    """A checkpoint whose last line was cut short: one line on stderr, not Python's file:line + source lines."""
    path = tmp_path / "league.jsonl"
    args = ["league", "marco_polo", "--bots", "greedy", "random", "--games", "2", "--seed", "1", "--no-progress",
            "--checkpoint", str(path)]
    assert main(args) == 0
    path.write_bytes(path.read_bytes()[:-30])
    capsys.readouterr()
    assert main(args) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("caravan_lessons: warning: checkpoint ") and "cut short" in err, err


# --- dask.distributed: a LocalCluster of 2 worker processes stands in for machines ---------------------------

@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=":0", worker_dashboard_address=":0")
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_a_league_on_a_dask_cluster_has_the_in_process_rows(dask_client, samarkand_league):
    rows = league("samarkand", BOTS, players=3, games=12, seed=4, progress=False, executor=dask_client.get_executor())
    pd.testing.assert_frame_equal(rows, samarkand_league)


def test_a_league_that_loses_a_worker_still_completes_with_the_same_rows(dask_client, tmp_path):
    """A worker process is killed once games have come back; dask reschedules its chunks (run_chunks would
    send them again otherwise) and every game, replayed from its own seeds, gives the same row."""
    bots, games = ["greedy", "random"], 40
    plain = league("marco_polo", bots, players=2, games=games, seed=7, progress=False)
    path = tmp_path / "league.jsonl"
    killed = []

    def kill_one_worker():
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and not killed:
            if path.exists() and len(path.read_text().splitlines()) >= 4:
                pid = sorted(dask_client.run(os.getpid).values())[0]
                os.kill(pid, 9)
                killed.append(pid)
            time.sleep(0.05)

    watcher = threading.Thread(target=kill_one_worker, daemon=True)
    watcher.start()
    rows = league("marco_polo", bots, players=2, games=games, seed=7, progress=False, checkpoint=path,
                  executor=dask_client.get_executor())
    watcher.join(timeout=5)
    assert killed, "the league ended before a worker could be killed"
    pd.testing.assert_frame_equal(rows, plain)
    dask_client.wait_for_workers(2, timeout=300)
    assert killed[0] not in dask_client.run(os.getpid).values()


def test_the_league_picture_shows_ratings_and_win_rates_with_intervals(samarkand_league, artifacts):
    from caravan_lessons.viz.league import league_figure

    table = league_table(samarkand_league)
    fig = league_figure(table, title="Samarkand league")
    ratings_ax, wins_ax = fig.axes[:2]
    assert [t.get_text() for t in ratings_ax.get_yticklabels()] == list(table.sort_values("mu").index)
    assert ratings_ax.get_xlabel().startswith("Plackett-Luce") and wins_ax.get_xlabel() == "games won (%)"
    assert len(wins_ax.lines) >= 1 and any(line.get_linestyle() == "--" for line in wins_ax.lines)  # fair share
    assert [t.get_text() for t in wins_ax.texts] == ["12 games"] * 3
    fig.savefig(artifacts / "league.png", dpi=80)
    with pytest.raises(ValueError, match="missing columns"):
        league_figure(samarkand_league)
