"""Command line: ``python -m caravan_lessons simulate|league|bench|rules|schema``.

    python -m caravan_lessons simulate jaipur --games 1000 --seed 1 --processes 2
    python -m caravan_lessons league marco_polo --bots mp-planner mp-heuristic mp-greedy random --games 240
    python -m caravan_lessons bench --json
    python -m caravan_lessons bench --bots --mcts-games 200 --processes 2
    python -m caravan_lessons bench --coach --positions 200
    python -m caravan_lessons rules jaipur
    python -m caravan_lessons rules caravan --lang fi   # in Finnish (en, pt, fi; default: CARAVAN_LESSONS_LANG, the locale)
    python -m caravan_lessons schema jaipur      # the saved-game format, as JSON Schema

Bad arguments give one line on stderr naming the problem and exit status 2.
"""
from __future__ import annotations

import argparse
import sys
from contextlib import contextmanager

from .i18n import N_, LanguageError, gettext, set_language, tr

COMING: dict[str, str] = {}

_ARGPARSE = {N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
             N_("argument %(argument_name)s: %(message)s"), N_("invalid choice: %(value)r (choose from %(choices)s)"),
             N_("expected one argument"), N_("expected at least one argument")}
"""argparse's own error messages that a learner meets with ``rules``, translated by our catalogue."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one short line, no usage dump (an argument typed is echoed cut: F14)
        from .core import one_line

        self.exit(2, one_line(tr("caravan_lessons: error: {message} (see --help)").format(message=message), 240)
                  + "\n")


@contextmanager
def _argparse_in_our_language():
    """argparse's error messages through our catalogue while the command line is read (then as before)."""
    before = argparse._

    def translate(message: str) -> str:
        return gettext(message) if message in _ARGPARSE else before(message)
    argparse._ = translate
    try:
        yield
    finally:
        argparse._ = before


def _language_first(argv: list[str] | None) -> None:
    """Set the language of ``--lang X`` before anything else is read, so that every error is in it."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang", default=None)
    known, _rest = early.parse_known_args(argv)
    if known.lang is not None:
        set_language(known.lang)   # LanguageError: one line listing the languages there are


def _shown(text: str) -> str:
    """The argument as typed, cut short: an error line stays one short line."""
    return repr(text) if len(text) <= 24 else repr(text[:20] + "...") + f" ({len(text)} characters)"


def _whole(text: str, low: int, high: int, what: str) -> int:
    """``text`` as a whole number in low..high, or an ArgumentTypeError of one short line."""
    digits = text.strip().lstrip("+-")
    if not digits.isdigit() or not digits.isascii():
        raise argparse.ArgumentTypeError(f"expected {what}, not {_shown(text)}")
    if len(digits) > len(str(max(abs(low), abs(high)))):
        raise argparse.ArgumentTypeError(f"expected {what} from {low} to {high}, not a number of {len(digits)} digits")
    value = int(text)
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"expected {what} from {low} to {high}, not {value}")
    return value


def _counter(low: int, high: int, what: str = "a positive whole number"):
    def parse(text: str) -> int:
        return _whole(text, low, high, what)
    return parse


_positive = _counter(1, 10**6)


def _shard(text: str) -> tuple[int, int]:
    """``I/N`` with whole numbers 0 <= I < N <= 256 (a shard of the agreement positions)."""
    index, _, count = text.partition("/")
    if not (index.isascii() and index.isdigit() and count.isascii() and count.isdigit()
            and 0 <= int(index) < int(count) <= 256):
        raise argparse.ArgumentTypeError(f"expected I/N with 0 <= I < N <= 256, such as 0/2 (not {text[:40]!r})")
    return int(index), int(count)
_processes = _counter(1, 256)
_non_negative = _counter(0, 10**5, "a whole number >= 0")


def _seed(text: str) -> int:
    return _whole(text, -(2**63), 2**64 - 1, "a seed (a whole number)")


def _game(text: str) -> str:
    from .core import game_names

    name = text.lower().replace("-", "_")
    if name in game_names():
        return name
    if name in COMING:
        raise argparse.ArgumentTypeError(f"{COMING[name]} is coming; playable now: {', '.join(game_names())}")
    raise argparse.ArgumentTypeError(tr("unknown game {name}; playable now: {games}").format(
        name=_shown(text), games=", ".join(game_names())))


def build_parser() -> argparse.ArgumentParser:
    from .agents import AGENTS

    parser = _Parser(prog="python -m caravan_lessons", description="caravan_lessons on the command line")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sim = sub.add_parser("simulate", help="play bot-vs-bot matches and print win rates and mean scores")
    sim.add_argument("game", type=_game)
    sim.add_argument("--games", type=_positive, default=100, help="number of games (Jaipur: matches; default 100)")
    sim.add_argument("--seed", type=_seed, default=0, help="seed of the whole run (default 0)")
    sim.add_argument("--bots", nargs="+", default=None, choices=sorted(AGENTS), metavar="BOT",
                     help=f"one bot per seat ({', '.join(sorted(AGENTS))}): two for Jaipur, 2 to 5 for "
                          "Samarkand, 2 to 4 for Marco Polo; for Caravan two: bot 0 against players-1 copies of "
                          "bot 1. Default: random in every seat (Jaipur 2 seats, Samarkand and Marco Polo 4); "
                          "Caravan greedy against 3 x greedy (random Caravan games hardly ever end)")
    sim.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    sim.add_argument("--players", type=_counter(2, 5, "a number of players"), default=None,
                     help="caravan only: seats (default 4); the first bot plays against players-1 copies of the second")
    sim.add_argument("--processes", type=_processes, default=1,
                     help="worker processes (default 1); the results are the same whatever the number")
    lg = sub.add_parser("league", help="a league of 2 or more bots, every bot in every seat: table and ratings")
    lg.add_argument("game", type=_game)
    lg.add_argument("--bots", nargs="+", required=True, metavar="BOT",
                    help="2 to 12 bots, names of the game's bots (e.g. mp-planner mp-heuristic mp-greedy random)")
    lg.add_argument("--players", type=_counter(2, 5, "a number of seats"), default=None,
                    help="seats per game (default: Jaipur 2, otherwise as many as bots, at most the game's)")
    lg.add_argument("--games", type=_positive, default=100, help="number of games (default 100)")
    lg.add_argument("--seed", type=_seed, default=0, help="seed of the whole league (default 0)")
    where = lg.add_mutually_exclusive_group()
    where.add_argument("--processes", type=_processes, default=1,
                       help="worker processes on this machine (default 1)")
    where.add_argument("--scheduler", default=None, metavar="ADDRESS",
                       help="a dask.distributed scheduler to play the games on, e.g. tcp://host:8786 "
                            "(the dask extra: pip install 'caravan_lessons[dask]'; see docs/leagues.md)")
    lg.add_argument("--connect-timeout", type=_counter(1, 3600, "seconds"), default=20, metavar="SECONDS",
                    help="with --scheduler: how long to try to reach it (default 20)")
    lg.add_argument("--checkpoint", default=None, metavar="FILE",
                    help="keep each finished game in FILE (JSON Lines) and go on from there when run again")
    lg.add_argument("--csv", default=None, metavar="FILE", help="also write one row per game to FILE (CSV)")
    lg.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    bench = sub.add_parser("bench", help="measure engine speed, app redraw time and import time")
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    bench.add_argument("--rounds", type=_positive, default=3000, help="random Jaipur rounds to time (default 3000)")
    bench.add_argument("--bots", action="store_true",
                       help="measure the bots instead: seconds per MCTS move, fast-bot tournaments, win rates")
    bench.add_argument("--games", type=_positive, default=1000,
                       help="with --bots: matches per fast-bot tournament (default 1000)")
    bench.add_argument("--mcts-games", type=_non_negative, default=0,
                       help="with --bots: also play MCTS(1000) against random and heuristic, this many matches each "
                            "(default 0: skip; slow)")
    bench.add_argument("--processes", type=_processes, default=1,
                       help="with --bots: processes for the MCTS tournaments (default 1)")
    bench.add_argument("--seed", type=_seed, default=0, help="with --bots: tournament seed (default 0)")
    bench.add_argument("--checkpoint-dir", default=None, metavar="DIR",
                       help="with --mcts-games: keep each finished MCTS match in DIR/mcts_vs_<bot>_seed<seed>.jsonl "
                            "and go on from there when run again")
    bench.add_argument("--interop", action="store_true",
                       help="measure the OpenSpiel and PettingZoo adapters instead (needs caravan_lessons[rl]): random "
                            "episodes/s through each against the raw engine, per game")
    bench.add_argument("--duel-games", type=_non_negative, default=0,
                       help="with --interop: also play OpenSpiel's ISMCTS (1000 simulations) against our MCTS at the "
                            "same CPU time per move, this many 2-player matches per game (default 0: skip; hours)")
    bench.add_argument("--interop-games", nargs="+", type=_game, default=None, metavar="GAME",
                       help="with --interop: only these games (default: all four)")
    bench.add_argument("--browser", action="store_true",
                       help="measure the play apps in a real browser instead (Voila + Chromium): per game and kind of "
                            "click, the click-to-settled-page median and max beside the in-process median and the "
                            "load average (Jaipur: a move with the bot's reply, undo, score-stepper Next, a replay "
                            "step; the map games: clicks on their clickable boards, bot replies reported apart)")
    bench.add_argument("--browser-games", nargs="+", type=_game, default=None, metavar="GAME",
                       help="with --browser: only these games (default: all four)")
    bench.add_argument("--samples", type=_positive, default=10,
                       help="with --browser: clicks of each kind to time (default 10)")
    bench.add_argument("--coach", action="store_true",
                       help="measure the coach instead: hint time, agreement with a 20x longer search on mid-game "
                            "positions, and the time of a whole review on 2 processes, per game (with --browser: "
                            "first the click-to-hint time in Chromium)")
    bench.add_argument("--positions", type=_non_negative, default=200,
                       help="with --coach: mid-game positions per game for the agreement (default 200; 0 skips it)")
    bench.add_argument("--coach-games", nargs="+", type=_game, default=None, metavar="GAME",
                       help="with --coach: only these games")
    bench.add_argument("--coach-parts", nargs="+", choices=("hint", "review", "agreement"),
                       default=("hint", "review", "agreement"),
                       help="with --coach: only these figures (default: all three; --browser adds the browser's)")
    bench.add_argument("--coach-idle", action="store_true",
                       help="with --coach: the agreement's searches run the simulations the apps' hint budget buys on "
                            "an idle core (measured from CPU time), so a loaded machine gives the same figure")
    bench.add_argument("--coach-minutes", type=_counter(1, 10**4, "a whole number of minutes"), default=None, metavar="MINUTES",
                       help="with --coach: each game's agreement starts no new position after this many minutes "
                            "(the positions judged and the Wilson interval are printed)")
    bench.add_argument("--coach-record", default=None, metavar="FILE",
                       help="with --coach: keep each agreement verdict in this JSON Lines file as it is judged, and "
                            "resume from the verdicts already there (with --coach-idle also each game's calibration)")
    bench.add_argument("--coach-shard", type=_shard, default=(0, 1), metavar="I/N",
                       help="with --coach: judge only the agreement positions k with k %% N == I (run N processes "
                            "on one --coach-record; the figure printed counts the whole record)")
    rules = sub.add_parser("rules", help="print a game's rule clauses with their IDs")
    rules.add_argument("game", type=_game)
    rules.add_argument("--lang", default=None, metavar="LANG",
                       help="the language: en, pt or fi (default: CARAVAN_LESSONS_LANG, else the system locale)")
    schema = sub.add_parser("schema", help="print the JSON Schema of a game's saved-game file (the published format)")
    schema.add_argument("game", type=_game)
    return parser


SEATS = {"jaipur": (2, 2), "samarkand": (2, 5), "marco_polo": (2, 4)}
"""Bots (seats) ``simulate`` takes per game: refused before a match starts."""

SCORE_UNITS = {"jaipur": "rupees a round", "samarkand": "points a game", "marco_polo": "victory points a game"}
"""What ``simulate`` reports the mean score in, per game (the rulebooks' own scoring units)."""


def cmd_simulate(args) -> int:
    from .agents import simulate

    if args.game == "caravan":  # bot 0 against players-1 copies of bot 1
        return _simulate_seats(args)
    if args.players is not None:
        raise ValueError(f"--players is for caravan; {args.game} takes one bot per seat (--bots)")

    seats = {"samarkand": 4, "marco_polo": 4}.get(args.game, 2)
    if args.bots is None:
        args.bots = ["random"] * seats
    low, high = SEATS.get(args.game, (2, 2))
    if not low <= len(args.bots) <= high:  # before any progress bar is drawn (F14)
        span = f"{low}" if low == high else f"{low} to {high}"
        raise ValueError(f"{args.game} is played by {span} bots (one per seat), not {len(args.bots)}")
    results = simulate(args.game, args.games, seed=args.seed, bots=args.bots, progress=not args.no_progress,
                       processes=args.processes)
    n = len(results)
    wins = [sum(r.winner == s for r in results) for s in range(len(args.bots))]
    draws = n - sum(wins)
    rounds = sum(r.rounds for r in results)
    if args.game != "jaipur":
        print(f"{args.game}: {n} {'game' if n == 1 else 'games'} of {len(args.bots)} players, seed {args.seed} (seats rotated every game)")
    else:
        print(f"{args.game}: {n} matches, {rounds} rounds, seed {args.seed} (seats swapped every other match)")
    unit = SCORE_UNITS.get(args.game, "points a game")
    for s, bot in enumerate(args.bots):
        mean = sum(r.scores[s] for r in results) / n
        won = ("game" if wins[s] == 1 else "games") if args.game != "jaipur" else (
            "match" if wins[s] == 1 else "matches")
        print(f"  bot {s} ({bot}): won {wins[s]:5d} {won:7s} ({100 * wins[s] / n:5.1f} %), "
              f"mean {mean:5.1f} {unit}")
    if draws:
        print(f"  shared wins: {draws} {'match' if args.game == 'jaipur' else 'game'}{'' if draws == 1 else ('es' if args.game == 'jaipur' else 's')} "
              "ended in a tie that the tie-breaks did not decide (won by nobody above)")
    return 0


def _simulate_seats(args) -> int:
    """``simulate`` for a game with 2-4 seats: bot 0 against players-1 copies of bot 1, seats rotating."""
    from .core import game_module

    if args.players is None:
        args.players = 4
    if args.bots is None:
        args.bots = ["greedy", "greedy"]
    if len(args.bots) != 2:
        raise ValueError(f"{args.game}: give two bots (bot 0 against players-1 copies of bot 1), not {len(args.bots)}")
    if "random" in args.bots:  # uniformly random Caravan games hardly ever end (bench: caravan_random_games_ended)
        from .caravan.agents import RANDOM_NEVER_ENDS

        raise ValueError(RANDOM_NEVER_ENDS)
    for name in args.bots:  # an unknown or another game's bot is refused before any progress bar (F14)
        game_module(args.game).make_bot(name, 0)
    results = game_module(args.game).simulate(args.games, seed=args.seed, bots=args.bots, players=args.players,
                                              progress=not args.no_progress, processes=args.processes)
    n = len(results)
    wins = sum(r.winner == 0 for r in results)
    shared = sum(r.winner is None for r in results)
    mean = [sum(r.scores[0] for r in results) / n, sum(sum(r.scores[1:]) / (len(r.scores) - 1) for r in results) / n]
    print(f"{args.game}: {n} {'game' if n == 1 else 'games'} of {args.players} players, seed {args.seed} "
          f"({args.bots[0]} against {args.players - 1} x {args.bots[1]}, seats rotating)")
    print(f"  bot 0 ({args.bots[0]}): won {wins} {'game' if wins == 1 else 'games'} ({100 * wins / n:.1f} %; "
          f"a fair share is {100 / args.players:.1f} %), mean {mean[0]:.1f} points a game")
    print(f"  the {args.players - 1} others ({args.bots[1]}, each): mean {mean[1]:.1f} points a game")
    if shared:
        print(f"  shared wins: {shared} {'game' if shared == 1 else 'games'} ended in a tie that the tie-break "
              "(more goods delivered) did not decide")
    return 0


def cmd_league(args) -> int:
    """``league``: play the league, print its table (win rates with 95% Wilson intervals, Plackett-Luce ratings)."""
    from .arena import MAX_BOTS, SEATS, league, league_table

    if not 2 <= len(args.bots) <= MAX_BOTS:    # league's own refusal, before the rules of a table of bots
        raise ValueError(f"a league takes 2 to {MAX_BOTS} bots, not {len(args.bots)}")
    low, high = SEATS.get(args.game, (2, 4))
    players = args.players if args.players is not None else max(low, min(high, len(args.bots)))
    if args.game == "caravan" and args.bots.count("random") >= players:  # some game would seat only random bots
        from .caravan.agents import RANDOM_NEVER_ENDS

        raise ValueError(f"{RANDOM_NEVER_ENDS} (this league seats {players} random bots at one table)")
    if args.csv is not None:  # before any game is played, not after the whole league
        _check_csv_path(args.csv)
    executor = client = None
    if args.scheduler is not None:
        try:
            from dask.distributed import Client
        except ImportError:
            raise ValueError("--scheduler needs dask.distributed: pip install 'caravan_lessons[dask]'") from None
        try:
            client = Client(args.scheduler, timeout=f"{args.connect_timeout}s")
        except (OSError, TimeoutError) as exc:
            raise ValueError(f"cannot reach the dask scheduler at {args.scheduler!r}: {exc}") from None
        executor = client.get_executor()
    try:
        df = league(args.game, args.bots, players=players, games=args.games, seed=args.seed, executor=executor,
                    processes=args.processes, checkpoint=args.checkpoint, progress=not args.no_progress)
    finally:
        if client is not None:
            client.close()
    table = league_table(df)
    where = f"dask scheduler {args.scheduler}" if args.scheduler else (
        f"{args.processes} processes" if args.processes > 1 else "1 process")
    print(f"{args.game} league: {len(df)} games of {players} players, {len(args.bots)} bots, seed {args.seed} "
          f"({where}; every bot in every seat)")
    width = max(len(bot) for bot in table.index)
    print(f"  {'bot':{width}s}  games   wins  win rate (95% Wilson)   mean pts  mean rank   rating mu +- sigma")
    for bot, row in table.iterrows():
        print(f"  {bot:{width}s}  {int(row['games']):5d}  {int(row['wins']):5d}  {100 * row['win_rate']:5.1f} % "
              f"({100 * row['ci_low']:4.1f}-{100 * row['ci_high']:4.1f})   {row['mean_score']:8.1f}  "
              f"{row['mean_rank']:9.2f}   {row['mu']:6.2f} +- {row['sigma']:.2f}")
    print(f"  a fair share of wins is {100 / players:.1f} %")
    if args.csv:
        df.to_csv(args.csv, index=False)
        print(f"  one row per game: {args.csv}")
    return 0


def _check_csv_path(text: str) -> None:
    """``--csv FILE``: a file path in an existing folder (not a folder, not in a missing one), else ValueError."""
    from pathlib import Path

    path = Path(text)
    try:
        folder, parent = path.is_dir(), path.parent.is_dir()
    except OSError as exc:  # a path the system cannot look up (too long, ...)
        raise ValueError(tr("--csv {path}: {problem}").format(path=text[:80], problem=exc.strerror or exc)) from None
    if folder:
        raise ValueError(tr("--csv {path} is a folder; give a file path inside it, such as {example}").format(
            path=text, example=path / "league.csv"))
    if not parent:
        raise ValueError(tr("--csv {path}: the folder {folder} does not exist; create it first or choose another "
                            "path").format(path=text, folder=path.parent))


def _warn_one_line(message, category, filename, lineno, file=None, line=None) -> None:
    """A warning on the command line as one line on stderr (not Python's file:line: Category + source line)."""
    from .core import one_line

    print(one_line(tr("caravan_lessons: warning: {message}").format(message=message), 300),
          file=file if file is not None else sys.stderr)


def cmd_rules(args) -> int:
    from .core import game_module

    for rule in game_module(args.game).RULES.values():
        print(rule)
    return 0


def cmd_schema(args) -> int:
    """Each game registers its saved-game model as ``<game package>.saves.SaveFile`` (see files.py)."""
    import importlib
    import json

    from .core import game_module
    from .files import json_schema

    package = game_module(args.game)
    try:
        model = importlib.import_module(package.__name__ + ".saves").SaveFile
    except (ImportError, AttributeError):
        raise ValueError(f"{args.game} has no saved-game format yet ({package.__name__}.saves.SaveFile)") from None
    print(json.dumps(json_schema(model), indent=1))
    return 0


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # the reader went away (``... | head``): stop quietly
        import os

        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except OSError:
            pass
        return 0


def _main(argv: list[str] | None) -> int:
    try:
        _language_first(argv)
    except LanguageError as error:
        # in the language in use (the default one: the asked-for one is unknown), frame and message alike
        print(tr("caravan_lessons: error: --lang: {error}").format(error=error), file=sys.stderr)
        return 2
    with _argparse_in_our_language():
        args = build_parser().parse_args(argv)
    import warnings

    with warnings.catch_warnings():  # restores the warnings module as it was once the command is done
        warnings.showwarning = _warn_one_line
        return _run(args)


def _run(args) -> int:
    try:
        if args.command == "simulate":
            return cmd_simulate(args)
        if args.command == "league":
            return cmd_league(args)
        if args.command == "bench":
            if args.bots:
                from .bench import run_bot_bench

                return run_bot_bench(games=args.games, mcts_games=args.mcts_games, processes=args.processes,
                                     seed=args.seed, as_json=args.json, checkpoint_dir=args.checkpoint_dir)
            if args.interop:
                from .interop.bench import run_interop_bench

                return run_interop_bench(as_json=args.json, duel_games=args.duel_games, processes=args.processes,
                                         seed=args.seed, checkpoint_dir=args.checkpoint_dir,
                                         games=args.interop_games)
            if args.coach:
                from .coach.figures import run_coach_bench

                return run_coach_bench(games=args.coach_games, positions=args.positions, as_json=args.json,
                                       browser=args.browser, parts=args.coach_parts, idle=args.coach_idle,
                                       minutes=args.coach_minutes, record=args.coach_record,
                                       shard=args.coach_shard)
            if args.browser:
                from .bench import run_browser_bench

                return run_browser_bench(samples=args.samples, as_json=args.json, games=args.browser_games)
            from .bench import run_bench

            return run_bench(rounds=args.rounds, as_json=args.json)
        if args.command == "rules":
            return cmd_rules(args)
        if args.command == "schema":
            return cmd_schema(args)
    except BrokenPipeError:
        raise
    except (ValueError, OSError, RuntimeError) as exc:  # RuntimeError: a game that did not end (random Caravan)
        from .core import one_line

        print(one_line(tr("caravan_lessons: error: {message}").format(message=exc), 300), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("caravan_lessons: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
