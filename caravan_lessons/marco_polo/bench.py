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


class _Recorder:
    """Wraps an agent and keeps the paths of the travels it chose (for the route heat map)."""

    def __init__(self, agent, paths: list):
        self.agent, self.paths, self.name = agent, paths, agent.name

    def choose(self, view):
        from .actions import Move

        action = self.agent.choose(view)
        if isinstance(action, Move):
            self.paths.extend(p for p in action.paths if len(p) > 1)
        return action


def lab_games(games: int, players: int = 4, seed: int = 0, bots="mp-heuristic", progress: bool = True,
              first: int = 0):
    """Play ``games`` games between bots with characters drawn at random (the strategy lab's experiment).

    Args:
        games: how many games (a positive whole number).
        players: 2-4 seats.
        seed: the seed of the whole experiment (game ``i`` and its bots get seeds derived from it).
        bots: one bot name for every seat, or a list of one name per seat.
        progress: show a tqdm progress bar.
        first: the number of the first game: games ``first`` to ``first + games - 1`` of the experiment are
            played, so a long run can be split (``lab_games(120, first=120)`` plays games 120-239 of the same
            experiment as ``lab_games(240)``; concatenate the rows and add up the route counters).

    Returns:
        ``(seats, routes)``: a pandas DataFrame with one row per seat per game (game, seat, bot, character, vp,
        won, contracts, posts, beijing (bool: a post in Beijing), coins, travels, and the points of each
        score-sheet kind: play, objectives, coins, beijing_vp, contracts_vp), and a ``Counter`` of the routes
        travelled, ``{(a, b): times}`` with ``a < b``.

    Raises:
        ValueError: a bad number of games, first game, players or bot name.
    """
    from collections import Counter

    import pandas as pd
    from tqdm.auto import tqdm

    from ..agents import make_agent, play_out
    from ..core import derive_seed

    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive whole number, not {games!r}")
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        raise ValueError(f"first must be a whole number of games, 0 or more, not {first!r}")
    if players not in (2, 3, 4) or isinstance(players, bool):
        raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
    names = [bots] * players if isinstance(bots, str) else list(bots)
    if len(names) != players:
        raise ValueError(f"give one bot per seat ({players}), not {names!r}")
    rows, routes = [], Counter()
    for i in tqdm(range(first, first + games), desc=f"Marco Polo, {players} bots", disable=not progress, unit="game"):
        rng = random.Random(derive_seed(seed, "characters", i))
        chars = rng.sample(CHARACTERS, players)
        state = new_game(players, seed=derive_seed(seed, "game", i), characters=chars)
        paths: list = [[] for _ in range(players)]
        agents = [_Recorder(make_agent(n, derive_seed(seed, f"bot{s}", i)), paths[s]) for s, n in enumerate(names)]
        play_out(state, agents, 100_000, what="game")
        sheet = state.score_sheet()
        totals = sheet.totals()
        kinds = [{} for _ in range(players)]
        for row in sheet.rows:
            kind = row.source.split(":", 1)[0]
            kinds[row.player][kind] = kinds[row.player].get(kind, 0) + row.points
        for s in range(players):
            for path in paths[s]:
                for a, b in zip(path, path[1:]):
                    routes[tuple(sorted((a, b)))] += 1
            rows.append({"game": i, "seat": s, "bot": names[s], "character": chars[s], "vp": totals[s],
                         "won": s in state.winners and len(state.winners) == 1, "contracts": len(state.fulfilled[s]),
                         "posts": state.posts_placed[s], "beijing": state.has_post(s, "beijing"),
                         "coins": state.coins[s], "travels": len(paths[s]),
                         "play": kinds[s].get("play", 0), "objectives": kinds[s].get("objectives", 0),
                         "coins_vp": kinds[s].get("coins", 0), "beijing_vp": kinds[s].get("beijing", 0),
                         "contracts_vp": kinds[s].get("contracts", 0)})
    return pd.DataFrame(rows), routes


def bot_games_per_s(bot: str, games: int = 3, players: int = 4, seed: int = 0) -> float:
    """Whole ``players``-player games per second of wall time with the bot ``bot`` in every seat (first-game
    characters; one core)."""
    from ..agents import make_agent, play_out

    start = time.perf_counter()
    for i in range(games):
        state = new_game(players, seed=seed + i)
        play_out(state, [make_agent(bot, seed + 10 * i + s) for s in range(players)], 100_000, what="game")
    return games / (time.perf_counter() - start)


def app_action_ms(actions: int = 30, seed: int = 0) -> float:
    """Median ms of one action in the play app, in-process (Agg; 3 human seats, so no bot time): from
    ``app.choose(action)`` to the end of its redraw (map PNG, boards, list, log)."""
    import statistics

    import matplotlib

    matplotlib.use("Agg")
    from ..ui.marco_polo_app import MarcoPoloApp

    app = MarcoPoloApp(players=3, seed=seed, seats=["human"] * 3)
    rng = random.Random(seed)
    times = []
    try:
        while len(times) < actions and not app.state.is_terminal():
            legal = app.state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            start = time.perf_counter()
            app.choose(action)
            times.append(time.perf_counter() - start)
    finally:
        app.close()
    return 1000 * statistics.median(times)
