"""The hint agrees with a 20 times longer search: the same move, or one the longer search cannot tell
apart from its own best (their intervals meet). The issue asks >= 80 % on 200 mid-game positions a game:
that sweep is slow (tests marked slow, and ``python -m caravan_lessons bench --coach``); CI runs a small,
reproducible version with fixed numbers of simulations."""
import os

import pytest

from caravan_lessons.coach.figures import agreement, idle_simulations, read_record

GAMES = ["jaipur", "samarkand", "caravan", "marco_polo"]


@pytest.mark.parametrize("game", GAMES)
def test_hint_agrees_with_a_longer_search_small(game):
    found = agreement(game, positions=3, budget_s=None, simulations=60, factor=20, seed=1, progress=False)
    assert found["positions"] == 3 and found["long_simulations"] >= 20 * 50
    assert found["same"] + found["within"] >= 2, found
    assert 0 <= found["low"] <= found["rate"] <= found["high"] <= 1


def test_agreement_stops_after_its_minutes_and_says_how_many():
    found = agreement("jaipur", positions=5, budget_s=None, simulations=10, minutes=1e-6, progress=False)
    assert found["positions"] == 1 and found["asked"] == 5 and found["high"] - found["low"] > 0.5


def test_idle_simulations_come_from_cpu_time():
    once = idle_simulations("jaipur", 0.8, positions=1)
    assert isinstance(once, int) and 20 <= once < 0.8 * 10**6


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_hint_agrees_with_a_longer_search(game):
    positions = int(os.environ.get("CARAVAN_COACH_POSITIONS", "200"))
    found = agreement(game, positions=positions, budget_s=float(os.environ.get("CARAVAN_COACH_BUDGET", "0.25")),
                      factor=20, seed=0, progress=False)
    assert found["rate"] >= 0.8, found


def test_coach_bench_prints_the_agreement_with_its_interval(capsys):
    import json

    from caravan_lessons.coach.figures import run_coach_bench

    assert run_coach_bench(games=["jaipur"], positions=2, hint_budget=0.02, factor=2, parts=("agreement",),
                           idle=True, as_json=True) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["jaipur_agreement_positions"] == 2 and figures["idle_simulations"] is True
    low, high = figures["jaipur_agreement_wilson_95"]
    assert low <= figures["jaipur_agreement"] <= high
    # the longer search is about factor x the hint's: its successive halving rounds a budget to whole rounds, so
    # a few simulations may go unspent (CI: 208 for 2 x 105), and the idle budget depends on the machine
    assert figures["jaipur_long_simulations"] >= 0.95 * 2 * figures["jaipur_hint_simulations"]
    assert "jaipur_review_s" not in figures and "jaipur_hint_ms" not in figures


def test_coach_bench_refuses_a_bad_time_limit_in_one_line(capsys):
    from caravan_lessons.__main__ import main

    with pytest.raises(SystemExit):
        main(["bench", "--coach", "--coach-minutes", "0"])
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "--coach-minutes" in err and "whole number of minutes" in err


def test_agreement_record_resumes_and_shards_count_the_whole_record(tmp_path):
    """Each verdict is kept as it is judged; a second run judges nothing again; two shards on one record give
    the figure of one run over all positions."""
    record = tmp_path / "agreement.jsonl"
    args = dict(positions=4, budget_s=None, simulations=10, factor=2, seed=3, progress=False)
    whole = agreement("jaipur", **args)
    first = agreement("jaipur", record=record, shard=(0, 2), **args)
    assert first["positions"] == 2 and len(record.read_text().splitlines()) == 2
    second = agreement("jaipur", record=record, shard=(1, 2), **args)
    assert len(record.read_text().splitlines()) == 4
    for key in ("positions", "same", "within", "rate", "short_simulations", "long_simulations"):
        assert second[key] == whole[key], key
    again = agreement("jaipur", record=record, **args)
    assert len(record.read_text().splitlines()) == 4 and again["rate"] == whole["rate"]
    # another budget is another figure: nothing of this record is counted for it
    other = agreement("jaipur", record=record, **dict(args, simulations=12, positions=1))
    assert other["positions"] == 1 and len(record.read_text().splitlines()) == 5


def test_agreement_record_keeps_one_calibration_per_game(tmp_path, monkeypatch):
    from caravan_lessons.coach import figures

    record = tmp_path / "agreement.jsonl"
    calls = []
    monkeypatch.setattr(figures, "idle_simulations", lambda game, budget: calls.append(game) or 77)
    assert figures.recorded_simulations("jaipur", 0.8, record) == 77
    assert figures.recorded_simulations("jaipur", 0.8, record) == 77 and calls == ["jaipur"]
    # a second calibration line written by a shard at the same time loses to the first
    figures._append(record, {"kind": "calibration", "game": "jaipur", "hint_budget_s": 0.8, "simulations": 99})
    assert figures.recorded_simulations("jaipur", 0.8, record) == 77


POSITION = ('{"kind": "position", "game": "jaipur", "k": %s, "seed": 0, "budget_s": null, "simulations": 5, '
            '"factor": 2, "same": %s, "within": false, "short": 5, "long": 10}\n')


@pytest.mark.parametrize("text", ["not json\n", "[1, 2]\n", '{"kind": "position", "game": "jaipur"}\n',
                                  '{"kind": "other"}\n', '{"kind": [1]}\n', POSITION % ('"x"', "true"),
                                  POSITION % ("null", "true"), POSITION % ("-1", "true"), POSITION % ("0.5", "true"),
                                  POSITION % ("0", '"yes"'),
                                  '{"kind": "calibration", "game": "jaipur", "hint_budget_s": 0.8, "simulations": NaN}\n',
                                  '{"kind": "calibration", "game": "jaipur", "hint_budget_s": 0.8, "simulations": -5}\n'])
def test_a_damaged_agreement_record_is_one_clear_error(tmp_path, text):

    record = tmp_path / "agreement.jsonl"
    record.write_text('{"kind": "calibration", "game": "jaipur", "hint_budget_s": 0.8, "simulations": 5}\n' + text)
    with pytest.raises(ValueError, match="line 2: not a line of an agreement record"):
        agreement("jaipur", positions=1, simulations=5, budget_s=None, record=record, progress=False)
    with pytest.raises(ValueError, match="is a folder"):
        read_record(tmp_path)


@pytest.mark.parametrize("shard", ["2/2", "x", "1/0", "0/999", "\u00b2/3"])
def test_coach_bench_refuses_a_bad_shard_in_one_line(capsys, shard):
    from caravan_lessons.__main__ import main

    with pytest.raises(SystemExit):
        main(["bench", "--coach", "--coach-shard", shard])
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "--coach-shard" in err and "I/N" in err


def test_a_record_without_a_last_newline_stays_readable(tmp_path):
    """A verdict appended to a file whose last line has no newline starts a line of its own (it was glued to it,
    and the next read refused the record)."""
    record = tmp_path / "agreement.jsonl"
    record.write_text('{"kind": "calibration", "game": "jaipur", "hint_budget_s": 0.8, "simulations": 5}')
    found = agreement("jaipur", positions=1, budget_s=None, simulations=5, factor=2, record=record, progress=False)
    assert found["positions"] == 1 and len(read_record(record)) == 2


@pytest.mark.parametrize("record,error,words", [
    (b"x", TypeError, "is a file path"), (5, TypeError, "is a file path"),
    ("/dev/full", ValueError, "not a regular file"), ("/nonexistent-folder/r.jsonl", ValueError, "does not exist"),
])
def test_a_record_path_that_cannot_be_one_is_refused_before_any_search(record, error, words, monkeypatch):
    from caravan_lessons.coach import figures

    monkeypatch.setattr(figures, "advise", lambda *a, **k: pytest.fail("searched before checking the record"))
    with pytest.raises(error, match=words):
        agreement("jaipur", positions=1, budget_s=None, simulations=5, record=record, progress=False)


def test_a_non_utf8_record_is_named(tmp_path):
    record = tmp_path / "agreement.jsonl"
    record.write_bytes(b"\xff\xfe\n")
    with pytest.raises(ValueError, match="agreement.jsonl is not UTF-8 text"):
        read_record(record)


@pytest.mark.parametrize("kwargs,words", [
    (dict(positions=-1), "positions is a whole number"), (dict(positions=1.5), "positions is a whole number"),
    (dict(factor=0), "factor is a whole number"), (dict(factor=1.5), "factor is a whole number"),
    (dict(simulations=0), "simulations is a whole number"), (dict(simulations=None), "budget_s"),
    (dict(simulations=None, budget_s=0), "budget_s is a positive number"), (dict(seed="x"), "seed is a whole"),
    (dict(shard=5), "shard is"), (dict(shard=(True, 2)), "shard is"), (dict(shard=(0, 1, 2)), "shard is"),
    (dict(game=["jaipur"]), "unknown game"),
])
def test_agreement_refuses_bad_arguments_in_one_line(kwargs, words):
    args = dict(game="jaipur", positions=1, budget_s=None, simulations=5, factor=2, seed=0, progress=False)
    args.update(kwargs)
    with pytest.raises(ValueError, match=words):
        agreement(**args)


@pytest.mark.parametrize("budget", [-1, 0, float("nan"), "0.1", None])
def test_recorded_simulations_refuse_a_budget_that_is_not_one(tmp_path, budget):
    from caravan_lessons.coach.figures import recorded_simulations

    record = tmp_path / "agreement.jsonl"
    with pytest.raises(ValueError, match="the hint's budget is a positive number"):
        recorded_simulations("jaipur", budget, record)
    assert not record.exists()
