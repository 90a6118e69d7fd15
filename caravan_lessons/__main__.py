"""Command line: ``python -m caravan_lessons simulate|bench|rules``.

    python -m caravan_lessons simulate jaipur --games 1000 --seed 1
    python -m caravan_lessons bench --json
    python -m caravan_lessons bench --bots --mcts-games 200 --processes 2
    python -m caravan_lessons rules jaipur

Bad arguments give one line on stderr naming the problem and exit status 2.
"""
from __future__ import annotations

import argparse
import sys

COMING = {"samarkand": "Samarkand: Routes to Riches", "caravan": "Caravan"}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, no usage dump
        self.exit(2, f"caravan_lessons: error: {message} (see --help)\n")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, not {value}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {text!r}") from None


def _game(text: str) -> str:
    from .core import game_names

    name = text.lower().replace("-", "_")
    if name in game_names():
        return name
    if name in COMING:
        raise argparse.ArgumentTypeError(f"{COMING[name]} is coming; playable now: {', '.join(game_names())}")
    raise argparse.ArgumentTypeError(f"unknown game {text!r}; playable now: {', '.join(game_names())}")


def build_parser() -> argparse.ArgumentParser:
    from .agents import AGENTS

    parser = _Parser(prog="python -m caravan_lessons", description="caravan_lessons on the command line")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sim = sub.add_parser("simulate", help="play bot-vs-bot matches and print win rates and mean scores")
    sim.add_argument("game", type=_game)
    sim.add_argument("--games", type=_positive, default=100, help="number of matches (default 100)")
    sim.add_argument("--seed", type=_seed, default=0, help="seed of the whole run (default 0)")
    sim.add_argument("--bots", nargs="+", default=["random", "random"], choices=sorted(AGENTS), metavar="BOT",
                     help=f"one bot per seat ({', '.join(sorted(AGENTS))}); default: random random "
                          "(Jaipur: 2; Marco Polo: 2 to 4)")
    sim.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    bench = sub.add_parser("bench", help="measure engine speed, app redraw time and import time")
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    bench.add_argument("--rounds", type=_positive, default=3000, help="random Jaipur rounds to time (default 3000)")
    bench.add_argument("--bots", action="store_true",
                       help="measure the bots instead: seconds per MCTS move, fast-bot tournaments, win rates")
    bench.add_argument("--games", type=_positive, default=1000,
                       help="with --bots: matches per fast-bot tournament (default 1000)")
    bench.add_argument("--mcts-games", type=int, default=0,
                       help="with --bots: also play MCTS(1000) against random and heuristic, this many matches each "
                            "(default 0: skip; slow)")
    bench.add_argument("--processes", type=_positive, default=1,
                       help="with --bots: processes for the MCTS tournaments (default 1)")
    bench.add_argument("--seed", type=_seed, default=0, help="with --bots: tournament seed (default 0)")
    bench.add_argument("--checkpoint-dir", default=None, metavar="DIR",
                       help="with --mcts-games: keep each finished MCTS match in DIR/mcts_vs_<bot>_seed<seed>.jsonl "
                            "and go on from there when run again")
    rules = sub.add_parser("rules", help="print a game's rule clauses with their IDs")
    rules.add_argument("game", type=_game)
    return parser


def cmd_simulate(args) -> int:
    from .agents import simulate

    results = simulate(args.game, args.games, seed=args.seed, bots=args.bots, progress=not args.no_progress)
    n = len(results)
    wins = [sum(r.winner == s for r in results) for s in range(len(args.bots))]
    draws = n - sum(wins)
    rounds = sum(r.rounds for r in results)
    print(f"{args.game}: {n} matches, {rounds} rounds, seed {args.seed} (seats rotated every match)")
    for s, bot in enumerate(args.bots):
        mean = sum(r.scores[s] for r in results) / n
        print(f"  bot {s} ({bot}): won {wins[s]:5d} matches ({100 * wins[s] / n:5.1f} %), "
              f"mean {mean:5.1f} {'points a round' if args.game == 'jaipur' else 'victory points a game'}")
    if draws:
        print(f"  undecided: {draws}")
    return 0


def cmd_rules(args) -> int:
    from .core import game_module

    for rule in game_module(args.game).RULES.values():
        print(rule)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return cmd_simulate(args)
        if args.command == "bench":
            if args.bots:
                from .bench import run_bot_bench

                return run_bot_bench(games=args.games, mcts_games=args.mcts_games, processes=args.processes,
                                     seed=args.seed, as_json=args.json, checkpoint_dir=args.checkpoint_dir)
            from .bench import run_bench

            return run_bench(rounds=args.rounds, as_json=args.json)
        if args.command == "rules":
            return cmd_rules(args)
    except (ValueError, OSError) as exc:
        print(f"caravan_lessons: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("caravan_lessons: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
