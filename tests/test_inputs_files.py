"""Tournament checkpoint lines: extra columns are only points by kind, in a/b pairs, finite numbers of a
sane size; a negative score (or points by kind) only in Caravan; rounds per match as the game has them. Each refusal is one SaveFileError naming the file and line."""
import json

import pytest

from caravan_lessons.arena import EXTRA_LIMIT, _read_checkpoint, tournament
from caravan_lessons.core import SaveFileError, derive_seed


def _checkpoint_lines(tmp_path):
    path = tmp_path / "cp.jsonl"
    tournament(("greedy", "random"), 2, seed=3, progress=False, checkpoint=path)
    return path, [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.parametrize("change, words", [
    (lambda r: r.update(foo=1), "unknown column 'foo'"),
    (lambda r: r.update(Goods_a=1.0, Goods_b=1.0), "unknown column 'Goods_a'"),
    (lambda r: r.update(goods_c=1.0), "unknown column 'goods_c'"),
    (lambda r: r.update(goods_a=10**99), "must be a number of points"),
    (lambda r: r.update(goods_a=-(10**7)), "must be a number of points"),
    (lambda r: r.update(goods_a=True), "must be a number of points"),
    (lambda r: r.update(goods_a="3"), "must be a number of points"),
    (lambda r: r.update(spice_a=1.0), "has no 'spice_b'"),
    (lambda r: r.update(score_a=-1.0), "negative score"),
])
def test_bad_extra_columns_are_refused(tmp_path, change, words):
    path, rows = _checkpoint_lines(tmp_path)
    change(rows[1])
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    with pytest.raises(SaveFileError) as info:
        tournament(("greedy", "random"), 2, seed=3, progress=False, checkpoint=path)
    text = str(info.value)
    assert words in text and "line 2" in text and str(path) in text and "\n" not in text


def test_good_lines_are_read_back(tmp_path):
    path, rows = _checkpoint_lines(tmp_path)
    again = tournament(("greedy", "random"), 2, seed=3, progress=False, checkpoint=path)
    assert again.attrs["resumed"] == 2 and len(again) == 2
    # fractional means and big ones are fine; the big one goes to the match's winner (a 2-round Jaipur match's
    # winner won both rounds, so has at least the loser's rupees: a line saying otherwise is refused)
    won, lost = ("a", "b") if rows[0]["winner"] == rows[0]["bot_a"] else ("b", "a")
    rows[0][f"spice_{lost}"], rows[0][f"spice_{won}"] = 2.5, EXTRA_LIMIT / 2
    rows[0][f"score_{lost}"] += 2.5  # (the points by kind still add up to the score)
    rows[0][f"score_{won}"] += EXTRA_LIMIT / 2
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    assert len(_read_checkpoint(path, "jaipur", ("greedy", "random"), 3, 2)) == 2


def test_a_caravan_score_may_be_negative(tmp_path):
    row = {"game": "caravan", "match": 0, "seed": derive_seed(1, "match", 0), "seat_a": 0, "bot_a": "greedy",
           "bot_b": "random", "winner": "greedy", "rounds": 1, "turns": 40, "score_a": 3.0, "score_b": -1.0,
           "goods_a": 3.0, "goods_b": 0.0, "penalty_a": 0.0, "penalty_b": -1.0}
    path = tmp_path / "cp.jsonl"
    path.write_text(json.dumps(row) + "\n")
    assert _read_checkpoint(path, "caravan", ("greedy", "random"), 1, 1)[0]["score_b"] == -1.0
    path.write_text(json.dumps({**row, "game": "jaipur"}) + "\n")
    with pytest.raises(SaveFileError, match="negative score"):
        _read_checkpoint(path, "jaipur", ("greedy", "random"), 1, 1)


@pytest.mark.parametrize("change, words", [
    (lambda r: r.update(goods_a=-1.0), "negative score or points by kind"),
    (lambda r: r.update(rounds=1), "a jaipur match of 1 rounds"),
])
def test_impossible_jaipur_rows_are_refused(tmp_path, change, words):
    path, rows = _checkpoint_lines(tmp_path)
    change(rows[0])
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    with pytest.raises(SaveFileError, match=words):
        tournament(("greedy", "random"), 2, seed=3, progress=False, checkpoint=path)


def test_rounds_per_match_by_game(tmp_path):
    row = {"game": "marco_polo", "match": 0, "seed": derive_seed(1, "match", 0), "seat_a": 0, "bot_a": "random",
           "bot_b": "greedy", "winner": None, "rounds": 5, "turns": 40, "score_a": 3.0, "score_b": 3.0}
    path = tmp_path / "cp.jsonl"
    path.write_text(json.dumps(row) + "\n")
    assert _read_checkpoint(path, "marco_polo", ("random", "greedy"), 1, 1)[0]["rounds"] == 5
    path.write_text(json.dumps({**row, "rounds": 6}) + "\n")
    with pytest.raises(SaveFileError, match="a marco_polo match of 6 rounds; it has 5"):
        _read_checkpoint(path, "marco_polo", ("random", "greedy"), 1, 1)


def _samarkand_lines(tmp_path):
    path = tmp_path / "sam.jsonl"
    tournament(("random", "greedy"), 2, seed=3, game="samarkand", progress=False, checkpoint=path)
    return path, [json.loads(line) for line in path.read_text().splitlines()]


def _flip(row):
    row["winner"] = row["bot_a"] if row["winner"] == row["bot_b"] else row["bot_b"]


@pytest.mark.parametrize("change, words", [
    (_flip, "has more points"),
    (lambda r: r.update(winner=None), "has more points"),
    (lambda r: r.update(score_a=r["score_b"] + 50), "has more points"),
    (lambda r: r.update(score_a=r["score_b"], score_b=r["score_b"]), "share the win"),
    (lambda r: r.update(turns=0), "a match of 0 actions"),
    (lambda r: r.update({k: v + 5 for k, v in r.items() if k.endswith("_a") and k not in ("seat_a", "bot_a",
                                                                                        "score_a")}), "add up to"),
])
def test_a_checkpoint_line_that_contradicts_itself_is_refused(tmp_path, change, words):
    """F16 (fuzz review): a winner against the scores, a Samarkand tie with a winner, a match of no action,
    points by kind that do not add up to the score: the line is refused, naming the file and the line."""
    path, rows = _samarkand_lines(tmp_path)
    change(rows[0])
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    with pytest.raises(SaveFileError) as info:
        tournament(("random", "greedy"), 2, seed=3, game="samarkand", progress=False, checkpoint=path)
    text = str(info.value)
    assert words in text and "line 1" in text and "\n" not in text, text


def test_consistent_lines_of_every_game_are_read_back(tmp_path):
    """The result checks accept what the tournaments of every game write (Marco Polo's scores are final
    points, its points by kind are per round; Jaipur's are both means per round)."""
    for game, bots in (("jaipur", ("random", "greedy")), ("caravan", ("random", "greedy")),
                       ("marco_polo", ("random", "greedy"))):
        path = tmp_path / f"{game}.jsonl"
        tournament(bots, 2, seed=5, game=game, progress=False, checkpoint=path)
        assert len(_read_checkpoint(path, game, bots, 5, 2)) == 2
