"""Record random games of every engine, so that the chance seam can be shown not to change them.

``test_seam.py`` replays every recorded game and compares the digests. Each game is: the setup
(game, players, seed, options), the index of each action among ``legal_actions()`` (random, from
its own seeded generator), how many actions were legal (``widths``, in records made since 2026-12-02, so
that the first changed position is found), and the SHA-256 of ``to_dict()`` every 20 actions and at the end -- of the
fields the saves had when the game was recorded (``keys``), without the event log (its words
are translated and reworded), so that a new field or a new wording does not count as another game.

The recording in ``data/`` was first made with the engines of commit b2c8755 (before the chance seam):
``git worktree add /tmp/before b2c8755`` and ``PYTHONPATH=/tmp/before python tests/interop/record_games.py --all``.
A record made then that still replays is kept as it is. When a rule changes on purpose (the legal actions
of some position differ), the games that met it no longer replay: ``python -m tests.interop.record_games``
re-records only those, prints where each one first differs (check that it is the changed rule and not a
draw), and marks them with ``rerecorded`` (the reason to give in the commit message).

Re-recorded after MP-CONTRACT-3 (commit 7670164, only an old contract is discarded): all 7 Marco Polo games
first differ at a discard choice; with the engines of 7670164^ (the seam already in) they still replayed.
"""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

PATH = Path(__file__).with_name("data") / "recorded_games.json"

SETUPS = [
    *({"game": "jaipur", "players": 2, "seed": s, "options": {}} for s in (1, 2, 3)),
    *({"game": "samarkand", "players": n, "seed": 10 + n + s, "options": {}} for n in (2, 3, 4, 5) for s in (0, 1)),
    *({"game": "caravan", "players": n, "seed": 20 + n + s, "options": {}} for n in (2, 3, 4) for s in (0, 1)),
    {"game": "caravan", "players": 3, "seed": 29, "options": {"first_player": None, "learning": True}},
    *({"game": "caravan", "players": n, "seed": 27 + n, "options": {}, "bot": "greedy"} for n in (2, 4)),
    *({"game": "marco_polo", "players": n, "seed": 30 + n + s, "options": {}} for n in (2, 3, 4) for s in (0, 1)),
    {"game": "marco_polo", "players": 3, "seed": 39, "options": {"characters": "choose", "objectives": 4}},
]


def new_state(setup: dict):
    """The engine's state for one recorded setup."""
    from caravan_lessons.core import game_module

    module = game_module(setup["game"])
    if setup["game"] == "jaipur":
        return module.new_game(seed=setup["seed"], **setup["options"])
    return module.new_game(setup["players"], seed=setup["seed"], **setup["options"])


def digest(state, keys=None) -> str:
    data = state.to_dict()
    data = {k: v for k, v in data.items() if k != "events" and (keys is None or k in keys)}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def play(setup: dict, choices: list[int] | None = None, limit: int = 4000) -> dict:
    """Play a recorded setup: random choices (seeded by the setup) or the given ones; the record."""
    state = new_state(setup)
    keys = setup.get("keys") or sorted(k for k in state.to_dict() if k != "events")
    rng = random.Random(f"{setup['game']}:{setup['seed']}")
    made, widths, digests = [], [], [digest(state, keys)]
    bots = None
    if setup.get("bot") and choices is None:  # a named bot for every seat (random games of Caravan never end)
        from caravan_lessons.agents import View
        from caravan_lessons.caravan import make_bot

        bots = [make_bot(setup["bot"], seed) for seed in range(setup["players"])]
    step = 0
    while not state.is_terminal() and step < limit:
        legal = state.legal_actions()
        if choices is not None:
            i = choices[step]
        elif bots is not None:
            p = state.current_player
            i = legal.index(bots[p].choose(View(state, p, legal)))
        else:
            i = rng.randrange(len(legal))
        state.apply(legal[i])
        made.append(i)
        widths.append(len(legal))
        step += 1
        if step % 20 == 0:
            digests.append(digest(state, keys))
        if choices is not None and step == len(choices):
            break
    digests.append(digest(state, keys))
    return {**{k: v for k, v in setup.items() if k != "bot"}, "keys": keys, "choices": made, "widths": widths,
            "digests": digests}


def name(record: dict) -> str:
    """``marco_polo 3p seed 39``."""
    return f"{record['game']} {record['players']}p seed {record['seed']}"


def replay(record: dict) -> str | None:
    """Why the recorded choices no longer give the recorded game (the first difference, in words), or None."""
    from caravan_lessons.core import _short

    state, keys, digests = new_state(record), record["keys"], record["digests"]
    if digest(state, keys) != digests[0]:
        return "the setup differs (the shuffles, the first dice or the first player): a draw changed"
    for step, i in enumerate(record["choices"], 1):
        if state.is_terminal():
            return f"the game ends after {step - 1} actions; the recording goes on to {len(record['choices'])}"
        legal = state.legal_actions()
        if "widths" in record and len(legal) != record["widths"][step - 1]:
            return (f"action {step}: {len(legal)} legal actions now, {record['widths'][step - 1]} when recorded "
                    f"({_short([repr(a) for a in legal], 160)})")
        if i >= len(legal):
            return (f"action {step}: the recording took option {i + 1}, but only {len(legal)} are legal now "
                    f"({_short([repr(a) for a in legal], 160)})")
        state.apply(legal[i])
        if step % 20 == 0 and step // 20 < len(digests) - 1 and digest(state, keys) != digests[step // 20]:
            return f"the position after action {step} differs (the legal actions of an earlier position or a draw)"
    if digest(state, keys) != digests[-1]:
        return "the final position differs"
    return None


def main(argv: list[str] | None = None) -> None:
    """Re-record the games that no longer replay (``--all``: record every setup afresh)."""
    import argparse

    import caravan_lessons

    parser = argparse.ArgumentParser(prog="python -m tests.interop.record_games", description=main.__doc__)
    parser.add_argument("--all", action="store_true", help="record every setup afresh (before a change to the draws)")
    parser.add_argument("--reason", default="", help="why the rules changed (kept in each re-recorded game)")
    args = parser.parse_args(argv)
    print("engines from", caravan_lessons.__file__)
    if args.all or not PATH.exists():
        records = [play(setup) for setup in SETUPS]
    else:
        records = json.loads(PATH.read_text())
        for k, record in enumerate(records):
            why = replay(record)
            if why is None:
                continue
            print(f"{name(record)}: {why}")
            setup = {key: record[key] for key in ("game", "players", "seed", "options")}
            bot = next((s.get("bot") for s in SETUPS if {x: s[x] for x in setup} == setup), None)
            records[k] = {**play({**setup, **({"bot": bot} if bot else {})}),
                          "rerecorded": args.reason or "the rules changed", "before": why}
    PATH.write_text(json.dumps(records, separators=(",", ":")) + "\n")
    print(f"{len(records)} games, {sum(len(r['choices']) for r in records)} actions -> {PATH}")


if __name__ == "__main__":
    main()
