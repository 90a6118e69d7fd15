"""The command line's error paths (fuzz review F14): a bad bot line-up is refused before any progress bar
is drawn, and an argument echoed in an error is cut, so every error is one short line on stderr."""
from __future__ import annotations

import pytest

from caravan_lessons.__main__ import main

LONG = "x" * 5000


@pytest.mark.parametrize("argv, words", [
    (["simulate", "marco_polo", "--games", "1", "--bots", "random"], ("marco_polo", "2 to 4 bots", "not 1")),
    (["simulate", "marco_polo", "--games", "1", "--bots", *["random"] * 5], ("2 to 4 bots", "not 5")),
    (["simulate", "samarkand", "--games", "1", "--bots", "random"], ("2 to 5 bots",)),
    (["simulate", "jaipur", "--games", "1", "--bots", "random", "random", "random"], ("jaipur", "2 bots")),
    (["simulate", "caravan", "--games", "1", "--bots", "mp-heuristic", "greedy"], ("Marco Polo bot",)),
    (["schema", LONG], ("unknown game", "5000 characters")),
    (["rules", LONG], ("unknown game", "5000 characters")),
    (["simulate", "caravan", "--games", "1", "--players", "9" * 5000], ("--players", "5000 digits")),
    (["simulate", "caravan", "--games", "1", "--players", "7"], ("--players", "from 2 to 5")),
    # a fresh fuzzer: "expected a number of players from 2 to 4, not 5" for Samarkand, whose --bots takes 5
    (["simulate", "samarkand", "--games", "1", "--players", "5"], ("--players is for caravan",)),
    (["simulate", "caravan", "--games", "1", "--players", "5"], ("Caravan is played by 2, 3 or 4 players",)),
    (["simulate", "jaipur", "--bots", LONG], ("--bots",)),
    (["simulate", "jaipur", "--games", LONG], ("--games",)),
])
def test_errors_are_one_short_line_and_come_before_any_match(argv, words, capsys):
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse's own refusals
        code = exit_.code
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and len(lines[0]) <= 300 and not out, err[:600]
    assert lines[0].startswith("caravan_lessons: error:") and all(w in lines[0] for w in words), lines[0]
    assert "%|" not in err   # no progress bar was drawn before the refusal


def test_a_good_caravan_line_up_still_plays(capsys):
    assert main(["simulate", "caravan", "--games", "1", "--players", "2", "--bots", "greedy", "heuristic",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("caravan: 1 game of 2 players")
