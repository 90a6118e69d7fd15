"""Record random games of every engine, so that the chance seam can be shown not to change them.

Run once before a change to the engines' randomness (``python -m tests.interop.record_games``);
``test_seam.py`` replays every recorded game and compares the digests. Each game is: the setup
(game, players, seed, options), the index of each action among ``legal_actions()`` (random, from
its own seeded generator), and the SHA-256 of ``to_dict()`` every 20 actions and at the end -- of the
fields the saves had when the games were recorded (``keys``), without the event log (its words
are translated and reworded), so that a new field or a new wording does not count as another game.

The recording in ``data/`` was made with the engines of commit b2c8755 (before the chance seam):
``git worktree add /tmp/before b2c8755`` and ``PYTHONPATH=/tmp/before python tests/interop/record_games.py``.
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
    made, digests = [], [digest(state, keys)]
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
        step += 1
        if step % 20 == 0:
            digests.append(digest(state, keys))
        if choices is not None and step == len(choices):
            break
    digests.append(digest(state, keys))
    return {**{k: v for k, v in setup.items() if k != "bot"}, "keys": keys, "choices": made, "digests": digests}


def main() -> None:
    import caravan_lessons

    print("engines from", caravan_lessons.__file__)
    records = [play(setup) for setup in SETUPS]
    PATH.write_text(json.dumps(records, separators=(",", ":")) + "\n")
    print(f"{len(records)} games, {sum(len(r['choices']) for r in records)} actions -> {PATH}")


if __name__ == "__main__":
    main()
