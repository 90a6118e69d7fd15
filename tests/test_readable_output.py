"""What `simulate` and `bench` print is for people (issue 18, newcomer §3): defaults documented, no raw dicts, no
15-digit floats, every figure with its meaning, and ties named."""
import io
import re
from contextlib import redirect_stdout

from caravan_lessons.__main__ import build_parser
from caravan_lessons.bench import FIGURE_WORDS, _print_figures

SAMPLE = {"jaipur_random_rounds_per_s": 147.7, "jaipur_rounds_timed": 3001, "caravan_random_games_ended": 0.0,
          "jaipur_app_inprocess_ms": {"move_with_bot_reply": 1.44, "undo": 0.7},
          "mcts_move": {"mean_s": 3.2534702328333274, "median_s": 3.1986643035006637, "moves": 30},
          "heuristic_vs_greedy": {"seconds": 12.345678, "win_rate": 0.9712, "ci95": [0.95812, 0.98213], "games": 1000},
          "python": "3.11.7"}


def printed(figures, **kwargs) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        _print_figures(figures, False, **kwargs)
    return out.getvalue()


def test_bench_prints_one_readable_line_a_figure_with_its_meaning():
    text = printed(SAMPLE, title="Bot figures: ...")
    assert "{" not in text and "': " not in text                                 # no dict reprs
    assert not re.search(r"\d\.\d{4,}", text), text                              # no long floats
    assert "3.25" in text and "0.958 - 0.982" in text and "3,001" in text
    lines = {line.split()[0]: line for line in text.splitlines()[1:]}
    assert "one or two more than --rounds" in lines["jaipur_rounds_timed"]
    assert "hardly ever finishes a game" in lines["caravan_random_games_ended"]
    assert text.splitlines()[0] == "Bot figures: ..."


def test_every_figure_of_the_benches_has_words():
    for key in ("jaipur_random_rounds_per_s", "caravan_random_games_ended", "marco_polo_map_redraw_ms", "import_s",
                "win_rate", "ci95", "mcts_move", "games_per_cpu_s"):
        assert FIGURE_WORDS[key]


def test_simulate_help_gives_every_default():
    sim = build_parser()._subparsers._group_actions[0].choices["simulate"]
    words = " ".join(sim.format_help().split())
    assert "Default: random in every seat (Jaipur 2 seats, Samarkand and Marco Polo 4)" in words
    assert "Caravan greedy against 3 x greedy" in words and "default 100" in words and "(default 4)" in words
