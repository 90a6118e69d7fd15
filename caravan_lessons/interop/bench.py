"""The interop figures (``python -m caravan_lessons bench --interop --json``).

* random episodes per second of each game, played in the same run, interleaved: the raw
  engine (``legal_actions()`` and ``apply``), PettingZoo (``last()``, ``action_space.sample(mask)``,
  ``step``; and again with the agent choosing among ``np.flatnonzero(mask)`` itself) and OpenSpiel (chance nodes sampled from ``chance_outcomes()``, decisions uniform among
  ``legal_actions()``); the same cap of decisions for all three (Caravan: random games hardly ever end,
  so its episodes are cut at 1,000 decisions); process CPU time, the median of three runs each;
* where PettingZoo's time goes, per decision: the engine's ``observation(seat)``, the codec's tensor, the
  legal ids and the mask of N, gymnasium's ``sample(mask)`` (the agent's side: a scan of N) and ``step``,
  beside the raw engine's whole decision (``legal_actions`` and ``apply``);
* with ``--duel-games N``: OpenSpiel's ISMCTS (1,000 simulations a move, the game's own evaluator)
  against our MCTS given the same time per move (measured on ISMCTS's first moves), ``N`` two-player
  matches per game in the arena (seats alternate), wins with 95% Wilson intervals.
"""
from __future__ import annotations

import os
import random
import statistics
import time

from .games import GAMES, spec

__all__ = ["duel", "pettingzoo_parts", "random_episodes", "run_interop_bench"]

CAPS = {"jaipur": 1000, "samarkand": 500, "caravan": 1000, "marco_polo": 1000}
"""Decisions per random episode at most (a random Caravan game hardly ever ends)."""
PLAYERS = {"jaipur": 2, "samarkand": 4, "caravan": 4, "marco_polo": 4}


def _raw(game: str, players: int, seed: int, cap: int) -> int:
    state = spec(game).new_game(players, seed)
    rng = random.Random(seed)
    n = 0
    while n < cap and not state.is_terminal():
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        n += 1
    return n


def _pettingzoo(env, seed: int) -> int:
    """A random PettingZoo episode, the agent sampling with gymnasium's ``action_space.sample(mask)``."""
    env.reset(seed=seed)
    n = 0
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(env.action_space(agent).sample(obs["action_mask"]))
        n += 1
    return n


def _pettingzoo_flatnonzero(env, seed: int) -> int:
    """A random PettingZoo episode, the agent sampling a legal id itself: ``rng.choice(np.flatnonzero(mask))``."""
    import numpy as np

    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    n = 0
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
        n += 1
    return n


def _openspiel(game, seed: int) -> int:
    rng = random.Random(seed)
    state = game.new_initial_state()
    n = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
    return n


def random_episodes(game: str, players: int | None = None, seconds: float = 2.0, runs: int = 3) -> dict:
    """Random episodes per second of ``game`` through the raw engine, PettingZoo and OpenSpiel (see the
    module notes): ``{"raw": eps/s, "pettingzoo": ..., "pettingzoo_flatnonzero": ..., "openspiel": ...,
    "<way>_decisions": mean decisions per episode, "pettingzoo_ratio": pettingzoo / raw, ...}``.
    ``pettingzoo`` samples with gymnasium's ``action_space.sample(mask)`` (a scan of all N ids with
    checks), ``pettingzoo_flatnonzero`` as a PettingZoo user commonly does, a uniform choice among
    ``np.flatnonzero(mask)``; the environment's work is the same in both."""
    from . import openspiel
    from .pettingzoo import env as make_env

    game_spec = spec(game)
    players = game_spec.check_players(players or PLAYERS[game])
    cap = CAPS[game]
    pz = make_env(game, players, max_actions=cap)
    os_game = openspiel.load(game, players=players, max_actions=cap)
    ways = {"raw": lambda s: _raw(game, players, s, cap), "pettingzoo": lambda s: _pettingzoo(pz, s),
            "pettingzoo_flatnonzero": lambda s: _pettingzoo_flatnonzero(pz, s),
            "openspiel": lambda s: _openspiel(os_game, s)}
    for way in ways.values():   # warm the codec's tables and the engines' caches
        way(10**6)
    rates: dict[str, list[float]] = {way: [] for way in ways}
    decisions: dict[str, list[int]] = {way: [] for way in ways}
    seed = 0
    for _ in range(runs):
        for way, play in ways.items():   # interleaved: the machine's load hits all three alike
            start, episodes = time.process_time(), 0
            while time.process_time() - start < seconds / runs or episodes == 0:
                decisions[way].append(play(seed))
                seed += 1
                episodes += 1
            rates[way].append(episodes / (time.process_time() - start))
    out: dict = {"players": players, "cap": cap}
    for way in ways:
        out[way] = round(statistics.median(rates[way]), 2)
        out[f"{way}_decisions"] = round(statistics.mean(decisions[way]), 1)
    for way in ("pettingzoo", "pettingzoo_flatnonzero", "openspiel"):
        out[f"{way}_ratio"] = round(out[way] / out["raw"], 3)
    return out


def pettingzoo_parts(game: str, players: int | None = None, episodes: int = 4, cap: int = 300) -> dict:
    """Microseconds of process CPU time per decision of random PettingZoo episodes, by part: ``observation``
    (``state.observation(seat)``), ``tensor`` (the codec's ``observe``), ``mask`` (the legal ids and the
    int8 mask of N), ``sample`` (gymnasium's ``action_space.sample(mask)``), ``flatnonzero`` (the legal ids
    back from the mask, ``np.flatnonzero``: what an agent sampling them itself pays), ``step``; and ``raw``, a whole
    decision of the raw engine on the same seeds (``legal_actions()`` and ``apply``)."""
    from .pettingzoo import env as make_env

    players = spec(game).check_players(players or PLAYERS[game])
    env = make_env(game, players, max_actions=cap)
    clock = time.process_time
    import numpy as np

    parts = dict.fromkeys(("observation", "tensor", "mask", "sample", "flatnonzero", "step"), 0.0)
    decisions = 0
    for seed in range(episodes):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            t0 = clock()
            observation = env.spec.view(env.state, env._seat[agent])
            t1 = clock()
            env.codec.observe(observation)
            t2 = clock()
            mask = env.codec._mask(env._legal_ids())
            t3 = clock()
            action = env.action_space(agent).sample(mask)
            t4 = clock()
            np.flatnonzero(mask)
            t5 = clock()
            env.step(action)
            t6 = clock()
            for part, spent in zip(parts, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4, t6 - t5)):
                parts[part] += spent
            decisions += 1
    start = clock()
    raw_decisions = sum(_raw(game, players, seed, cap) for seed in range(episodes))
    out = {part: round(spent / decisions * 1e6, 1) for part, spent in parts.items()}
    out["raw"] = round((clock() - start) / raw_decisions * 1e6, 1)
    out["decisions"] = decisions
    return out


def duel(game: str, games: int, simulations: int = 1000, seed: int = 0, processes: int = 1,
         checkpoint_dir: str | None = None, progress: bool = False) -> dict:
    """OpenSpiel's ISMCTS (``simulations`` a move) against our MCTS at the same time per move, two players.

    The time per move is ISMCTS's mean over its first 6 decisions of a calibration match against the
    heuristic bot; our MCTS (``MCTSAgent``, its game's hooks) then gets that ``time_limit`` a move.
    Returns the wins, draws, games, win rate and 95% Wilson interval of each bot, and the seconds a move.
    """
    from ..agents import View, make_agent
    from ..arena import tournament, win_rates
    from .agents import SearchAgent

    calibration = SearchAgent(seed=seed, simulations=simulations)
    state = spec(game).new_game(2, seed)
    other = make_agent("heuristic", seed, game=game)
    while len(calibration.times) < 6 and not state.is_terminal():
        seat = state.current_player
        view = View(state, seat, list(state.legal_actions()))
        state.apply((calibration if seat == 0 else other).choose(view))
    per_move = statistics.mean(calibration.times) if calibration.times else 1.0
    checkpoint = None
    if checkpoint_dir is not None:
        os.makedirs(checkpoint_dir, exist_ok=True)
        checkpoint = os.path.join(checkpoint_dir, f"ismcts_vs_mcts_{game}_seed{seed}.jsonl")
    bots = (("openspiel-ismcts", {"simulations": simulations}),
            ("mcts", {"iterations": 10**6, "time_limit": round(per_move, 3)}))
    df = tournament(bots, games=games, seed=seed, processes=processes, progress=progress, game=game,
                    checkpoint=checkpoint)
    rates = win_rates(df)
    out = {"seconds_per_move": round(per_move, 3), "simulations": simulations, "games": games}
    for label, key in zip(df.attrs["bots"], ("ismcts", "mcts")):
        row = rates.loc[label]
        out[key] = {"wins": int(row["wins"]), "win_rate": round(float(row["win_rate"]), 3),
                    "ci95": [round(float(row["ci_low"]), 3), round(float(row["ci_high"]), 3)]}
    out["draws"] = int(rates.iloc[0]["draws"])
    return out


def run_interop_bench(as_json: bool = False, duel_games: int = 0, processes: int = 1, seed: int = 0,
                      checkpoint_dir: str | None = None, seconds: float = 3.0) -> int:
    """Measure the interop figures and print them (a table, or JSON)."""
    from ..bench import _print_figures

    figures: dict = {"load_average": [round(x, 2) for x in os.getloadavg()]}
    for game in GAMES:
        figures[f"{game}_random_episodes_per_s"] = random_episodes(game, seconds=seconds)
    for game in GAMES:
        figures[f"{game}_pettingzoo_us_per_decision"] = pettingzoo_parts(game)
    for game in GAMES if duel_games else ():
        figures[f"{game}_ismcts_vs_mcts"] = duel(game, duel_games, seed=seed, processes=processes,
                                                 checkpoint_dir=checkpoint_dir)
    figures["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    _print_figures(figures, as_json)
    return 0
