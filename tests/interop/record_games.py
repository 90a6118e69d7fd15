"""Record random games of every engine, so that the chance seam can be shown not to change them.

Run once before a change to the engines' randomness (``python -m tests.interop.record_games``);
``test_seam.py`` replays every recorded game and compares the digests. Each game is: the setup
(game, players, seed, options), the index of each action among ``legal_actions()`` (random, from
its own seeded generator), and the SHA-256 of ``to_dict()`` every 20 actions and at the end.
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


def digest(state) -> str:
    return hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True).encode()).hexdigest()[:16]


def play(setup: dict, choices: list[int] | None = None, limit: int = 4000) -> dict:
    """Play a recorded setup: random choices (seeded by the setup) or the given ones; the record."""
    state = new_state(setup)
    rng = random.Random(f"{setup['game']}:{setup['seed']}")
    made, digests = [], [digest(state)]
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
            digests.append(digest(state))
        if choices is not None and step == len(choices):
            break
    digests.append(digest(state))
    return {**{k: v for k, v in setup.items() if k != "bot"}, "choices": made, "digests": digests}


def main() -> None:
    records = [play(setup) for setup in SETUPS]
    PATH.write_text(json.dumps(records, separators=(",", ":")) + "\n")
    print(f"{len(records)} games, {sum(len(r['choices']) for r in records)} actions -> {PATH}")


if __name__ == "__main__":
    main()
