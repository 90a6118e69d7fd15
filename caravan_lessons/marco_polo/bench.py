"""Speed figures of the Marco Polo engine (``python -m caravan_lessons bench`` prints them).

    from caravan_lessons.marco_polo.bench import random_games
    random_games(100)   # {"games_per_s": ..., "actions_per_game": ..., "legal_actions_us": ...}
"""
from __future__ import annotations

import random
import time

from .rules import CHARACTERS, new_game


def random_games(games: int = 100, seed: int = 0, players: int = 4, time_legal: bool = True) -> dict:
    """Play ``games`` random ``players``-player games (random characters) on one core.

    Returns games per second (whole games: setup, every action, the final score), actions per game, and
    the mean microseconds of one ``legal_actions()`` call (timed separately when ``time_legal``).
    """
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        state = new_game(players, seed=seed * 1_000_003 + i, characters=rng.sample(CHARACTERS, players))
        legal, apply, terminal, pick = state.legal_actions, state.apply, state.is_terminal, rng.randrange
        while not terminal():
            acts = legal()
            apply(acts[pick(len(acts))])
            actions += 1
        state.score_sheet()
    elapsed = time.perf_counter() - start
    figures = {"games_per_s": games / elapsed, "actions_per_game": actions / games}
    if time_legal:
        calls, spent = 0, 0.0
        for i in range(max(1, games // 5)):
            state = new_game(players, seed=seed + 7 * i + 1, characters=rng.sample(CHARACTERS, players))
            while not state.is_terminal():
                t = time.perf_counter()
                acts = state.legal_actions()
                spent += time.perf_counter() - t
                calls += 1
                state.apply(acts[rng.randrange(len(acts))])
        figures["legal_actions_us"] = 1e6 * spent / calls
    return figures
