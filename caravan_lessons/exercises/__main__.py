"""Command line for teachers: ``python -m caravan_lessons.exercises release jaipur [--out DIR]``.

    release GAME    write the student release (no solutions, no hidden tests, no outputs);
                    notebooks the student changed are kept unless --force
    list GAME       list the questions of a game with their rule IDs

Bad arguments give one line on stderr and exit status 2.
"""
from __future__ import annotations

import argparse
import sys


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, no usage dump
        self.exit(2, f"caravan_lessons.exercises: error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    from . import GAMES

    parser = _Parser(prog="python -m caravan_lessons.exercises",
                     description="caravan_lessons exercises: make the student release, list the questions")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    rel = sub.add_parser("release", help="write the student release of a game's exercise notebooks")
    rel.add_argument("game", choices=GAMES)
    rel.add_argument("--out", help="folder to write (default: exercises/GAME/release/)")
    rel.add_argument("--source", help="folder of the source notebooks (default: exercises/GAME/)")
    rel.add_argument("--force", action="store_true",
                     help="replace released notebooks the student has changed (their work is lost)")
    lst = sub.add_parser("list", help="list a game's questions")
    lst.add_argument("game", choices=GAMES)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "release":
            from .release import release

            written = release(args.game, out=args.out, source=args.source, force=args.force)
            folder = (written or written.kept)[0].parent
            if written:
                print(f"wrote {len(written)} student notebook{'s' if len(written) != 1 else ''} to {folder}:")
                for path in written:
                    print(f"  {path.name}")
            if written.kept:
                print(f"kept {len(written.kept)} notebook{'s' if len(written.kept) != 1 else ''} you have changed "
                      f"in {folder} (your work is safe):")
                for path in written.kept:
                    print(f"  {path.name}")
                print(f"  for a fresh copy, rename or delete a notebook and run this again, or add --force "
                      f"to replace them all (python -m caravan_lessons.exercises release {args.game} --force)")
            return 0
        if args.command == "list":
            import importlib

            module = importlib.import_module(f"{__package__}.{args.game}")
            for question in module.QUESTIONS.values():
                print(f"{question.label:<4} {question.answer_name:<24} {question.title}  [{', '.join(question.rules)}]")
            return 0
    except ImportError as exc:
        print(f"caravan_lessons.exercises: error: {exc}; install nbgrader (pip install -e '.[test]')", file=sys.stderr)
        return 2
    except (ValueError, OSError) as exc:
        print(f"caravan_lessons.exercises: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
