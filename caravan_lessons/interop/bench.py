"""The interop figures (``python -m caravan_lessons bench --interop --json``).

* random episodes per second of each game, played in the same run, interleaved: the raw
  engine (``legal_actions()`` and ``apply``), PettingZoo (``last()``, ``action_space(agent).sample(mask)``
  of the mask it gave, ``step``; and again with the agent choosing among ``np.flatnonzero(mask)`` itself) and OpenSpiel (chance nodes sampled from ``chance_outcomes()``, decisions uniform among
  ``legal_actions()``); the same cap of decisions for all three (Caravan: random games hardly ever end,
  so its episodes are cut at 1,000 decisions); process CPU time, the median of three runs each;
* where PettingZoo's time goes, per decision: the seat's tensor (straight from the engine state where the
  codec can; the readable path beside it), the legal ids, the mask of N, the action space's
  ``sample(mask)`` (and gymnasium's own scan of N beside it) and ``step``, beside the raw engine's whole decision (``legal_actions``
  and ``apply``);
* with ``--duel-games N``: OpenSpiel's ISMCTS (1,000 simulations a move, the game's own evaluator)
  against our MCTS given the same CPU time per move (the deciding thread's, measured on ISMCTS's first
  moves; our MCTS with ``clock="cpu"``), ``N`` two-player matches per game (seats alternate), wins with
  95% Wilson intervals, and each side's CPU seconds a move as measured in the matches. A match costs
  about 80 CPU-s in Samarkand (54 decisions), 220 in Marco Polo (99) and 510 in Caravan (323), all
  two-player (measured with 1,000 simulations; ISMCTS spends 1.5-2.3 CPU-s a move).
"""
from __future__ import annotations

import os
import random
import statistics
import time

from .games import GAMES, spec

__all__ = ["calibrate", "duel", "pettingzoo_parts", "random_episodes", "run_interop_bench"]

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
    """A random PettingZoo episode, the agent sampling with ``action_space(agent).sample(mask)``."""
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
    ``pettingzoo`` samples with ``action_space(agent).sample(mask)`` (the env's action space draws among the
    legal ids behind the mask it gave), ``pettingzoo_flatnonzero`` as a PettingZoo user commonly does, a uniform choice among
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
    """Microseconds of process CPU time per decision of random PettingZoo episodes, by part: ``tensor`` (the
    seat's tensor as the environment builds it, ``codec.observe_state``: straight from the engine state where
    the codec has a fast fill), ``legal_ids`` (the codec's ascending legal ids), ``mask`` (the int8 mask of N
    from them), ``sample`` (``action_space(agent).sample(mask)`` of the mask the environment gave out: a draw
    among its legal ids, see :class:`~caravan_lessons.interop.pettingzoo.LegalIdsDiscrete`),
    ``sample_scan`` (gymnasium's own ``Discrete.sample`` of the same mask: checks and a scan of N),
    ``flatnonzero`` (the legal ids back from the mask, ``np.flatnonzero``: what an agent sampling them itself
    pays), ``step``; beside them, not part of the decision, ``tensor_readable`` (the readable path:
    ``state.observation(seat)`` and the codec's ``observe``) and ``raw``, a whole decision of the raw engine
    on the same seeds (``legal_actions()`` and ``apply``), and ``legal_ids_per_decision``, the mean number of
    legal ids. One episode is played first, untimed (the codec's tables and the engine's caches)."""
    from .pettingzoo import env as make_env

    players = spec(game).check_players(players or PLAYERS[game])
    env = make_env(game, players, max_actions=cap)
    clock = time.process_time
    import numpy as np

    _pettingzoo(env, 10**6)
    _raw(game, players, 10**6, cap)
    from gymnasium import spaces

    scan = spaces.Discrete(env.codec.n, seed=0)
    parts = dict.fromkeys(("tensor", "legal_ids", "mask", "sample", "sample_scan", "flatnonzero", "step",
                           "tensor_readable"), 0.0)
    decisions = legal_count = 0
    for seed in range(episodes):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            seat = env._seat[agent]
            space = env.action_space(agent)
            t0 = clock()
            env.codec.observe_state(env.state, seat)
            t1 = clock()
            legal = env._legal_ids()
            t2 = clock()
            mask = env.codec._mask(legal)
            t3 = clock()
            space._issued = (mask, legal)        # as observe() leaves it
            action = space.sample(mask)
            t4 = clock()
            scan.sample(mask)
            t5 = clock()
            np.flatnonzero(mask)
            t6 = clock()
            readable = clock()
            env.codec.observe(env.spec.view(env.state, seat))
            readable = clock() - readable
            t7 = clock()
            env.step(action)
            t8 = clock()
            for part, spent in zip(parts, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4, t6 - t5, t8 - t7,
                                           readable)):
                parts[part] += spent
            decisions += 1
            legal_count += len(legal)
    start = clock()
    raw_decisions = sum(_raw(game, players, seed, cap) for seed in range(episodes))
    out = {part: round(spent / decisions * 1e6, 1) for part, spent in parts.items()}
    out["raw"] = round((clock() - start) / raw_decisions * 1e6, 1)
    out["decisions"] = decisions
    out["legal_ids_per_decision"] = round(legal_count / decisions, 1)
    return out


class _CPUTimed:
    """An agent whose decisions are timed in CPU seconds of the deciding thread (``time.thread_time``).

    ``decisions`` and ``cpu`` count only real choices (more than one legal action), ``forced`` the others;
    ``times``: CPU seconds of each real choice; ``iterations``: the agent's ``last_iterations`` after each real
    choice, if it has them (our MCTS). With ``budget`` (a function of no arguments), the agent's ``time_limit``
    is set to ``budget()`` before each real choice."""

    def __init__(self, agent, budget=None):
        self.agent, self.name = agent, getattr(agent, "name", type(agent).__name__)
        self.decisions, self.forced, self.cpu = 0, 0, 0.0
        self.times: list[float] = []
        self.iterations: list[int] = []
        self.budget = budget

    def choose(self, view):
        forced = len(view.legal_actions) == 1
        if self.budget is not None and not forced:
            self.agent.time_limit = self.budget()
        start = time.thread_time()
        action = self.agent.choose(view)
        if forced:
            self.forced += 1
        else:
            spent = time.thread_time() - start
            self.cpu += spent
            self.times.append(spent)
            self.decisions += 1
            if hasattr(self.agent, "last_iterations"):
                self.iterations.append(self.agent.last_iterations)
        return action


TRACKED = 4
"""Our MCTS's CPU budget for a move in a duel: the mean CPU seconds of ISMCTS's last ``TRACKED`` real decisions
in the same match (the calibration before ISMCTS has decided), so both sides spend alike in every phase."""


def _tracked(times: list[float], calibrated: float) -> float:
    recent = times[-TRACKED:]
    return sum(recent) / len(recent) if recent else calibrated


def _duel_chunk(game: str, simulations: int, per_move: float, seed: int, indices) -> list[dict]:
    """Matches ``indices`` of a duel, one row each (see :func:`duel`); everything here pickles."""
    from ..agents import make_agent, play_match
    from ..core import derive_seed
    from .agents import SearchAgent

    rows = []
    for i in indices:
        ismcts = _CPUTimed(SearchAgent(seed=derive_seed(seed, "bot0", i), simulations=simulations))
        mcts = _CPUTimed(make_agent("mcts", derive_seed(seed, "bot1", i), game=game, iterations=10**6,
                                    time_limit=per_move, clock="cpu"),
                         budget=lambda ismcts=ismcts: _tracked(ismcts.times, per_move))
        seat = i % 2                                  # ISMCTS's seat: the seats alternate
        agents = [ismcts, mcts] if seat == 0 else [mcts, ismcts]
        match_seed = derive_seed(seed, "match", i)
        start = time.thread_time()
        result = play_match(game, agents, seed=match_seed)
        cpu = time.thread_time() - start
        winner = None if result.winner is None else ("ismcts" if result.winner == seat else "mcts")
        rows.append({
            "match": i, "seed": match_seed, "seat_ismcts": seat, "winner": winner, "turns": result.turns,
            "score_ismcts": result.scores[seat], "score_mcts": result.scores[1 - seat],
            "decisions_ismcts": ismcts.decisions, "decisions_mcts": mcts.decisions,
            "forced": ismcts.forced + mcts.forced,
            "cpu_s_per_move_ismcts": round(ismcts.cpu / max(1, ismcts.decisions), 4),
            "cpu_s_per_move_mcts": round(mcts.cpu / max(1, mcts.decisions), 4),
            "mcts_iterations_per_move": round(statistics.mean(mcts.iterations), 1) if mcts.iterations else 0.0,
            "cpu_s": round(cpu, 2)})
    return rows


def _wilson(wins: int, games: int) -> list[float]:
    from scipy.stats import binomtest

    ci = binomtest(wins, games).proportion_ci(confidence_level=0.95, method="wilson")
    return [round(float(ci.low), 3), round(float(ci.high), 3)]


def calibrate(game: str, simulations: int = 1000, seed: int = 0, decisions: int = 6) -> float:
    """CPU seconds (the deciding thread's, ``time.thread_time``) of one move of OpenSpiel's ISMCTS with
    ``simulations`` simulations in ``game`` (two players): the mean over its first ``decisions`` real
    decisions in a match against the game's heuristic bot (seat 0, seeded by ``seed``)."""
    from ..agents import View, make_agent
    from .agents import SearchAgent

    calibration = SearchAgent(seed=seed, simulations=simulations)
    state = spec(game).new_game(2, seed)
    other = make_agent("heuristic", seed, game=game)
    while len(calibration.cpu_times) < decisions and not state.is_terminal():
        seat = state.current_player
        view = View(state, seat, list(state.legal_actions()))
        state.apply((calibration if seat == 0 else other).choose(view))
    return statistics.mean(calibration.cpu_times) if calibration.cpu_times else 1.0


def duel(game: str, games: int, simulations: int = 1000, seed: int = 0, processes: int = 1,
         checkpoint_dir: str | None = None, progress: bool = False) -> dict:
    """OpenSpiel's ISMCTS (``simulations`` a move) against our MCTS at the same CPU time per move, two players.

    Time is CPU time of the deciding thread (``time.thread_time``), so the machine's load changes neither
    side's search: ISMCTS's CPU seconds a move are measured first (:func:`calibrate`), and our MCTS
    (``MCTSAgent`` with its game's hooks, ``make_agent("mcts", game=game)``, ``clock="cpu"``) gets that
    ``time_limit`` until ISMCTS has decided in the match, then the mean of ISMCTS's last :data:`TRACKED`
    decisions in the same match (ISMCTS's time a move changes along a game: in Samarkand its first moves
    are the cheapest). Match ``i`` seats ISMCTS at ``i % 2`` with the seeds of an arena tournament
    (``derive_seed(seed, "match", i)``, ``"bot0"``, ``"bot1"``).

    With ``checkpoint_dir``, each match is appended to ``ismcts_vs_mcts_<game>_seed<seed>.jsonl`` there as one
    row: ``match``, ``seed``, ``seat_ismcts``, ``winner`` (``"ismcts"``, ``"mcts"`` or None), ``turns``, the
    scores, ``decisions_<side>`` (real choices, forced moves apart), ``cpu_s_per_move_<side>``,
    ``mcts_iterations_per_move`` and ``cpu_s`` (the whole match, both sides and the engine), with the
    duel's ``game``, ``simulations`` and ``cpu_seconds_per_move``; matches already there (same game,
    simulations and seed) are read back, with their calibration, instead of played again.

    Returns:
        ``{"cpu_seconds_per_move", "simulations", "games", "draws", "ismcts": {...}, "mcts": {...},
        "cpu_s_per_match", "decisions_per_match"}``; each side: ``wins``, ``win_rate``, ``ci95`` (the 95%
        Wilson interval), ``cpu_s_per_move`` and ``decisions_per_match`` measured in the matches (and for
        ``mcts`` its ``iterations_per_move``).
    """
    import json

    from ..arena import run_chunks

    done: dict[int, dict] = {}
    per_move = None
    path = None
    if checkpoint_dir is not None:
        os.makedirs(checkpoint_dir, exist_ok=True)
        path = os.path.join(checkpoint_dir, f"ismcts_vs_mcts_{game}_seed{seed}.jsonl")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as lines:
                for line in lines:
                    if not line.strip():
                        continue
                    row = json.loads(line)
                    if row.get("game") == game and row.get("simulations") == simulations and row["match"] < games:
                        done[row["match"]] = row
                        per_move = row["cpu_seconds_per_move"]
    if per_move is None:
        per_move = round(calibrate(game, simulations, seed), 4)
    rows = list(done.values())
    todo = [i for i in range(games) if i not in done]
    out_file = open(path, "a", encoding="utf-8") if path is not None and todo else None

    def finished(part: list[dict]) -> None:
        for row in part:
            row = {"game": game, "simulations": simulations, "cpu_seconds_per_move": per_move, **row}
            rows.append(row)
            if out_file is not None:
                out_file.write(json.dumps(row) + "\n")
        if out_file is not None:
            out_file.flush()
        if progress:
            print(f"{game}: {len(rows)}/{games} matches", flush=True)

    try:
        run_chunks(_duel_chunk, (game, simulations, per_move, seed), todo, finished, processes=processes,
                   small=True)
    finally:
        if out_file is not None:
            out_file.close()
    rows.sort(key=lambda row: row["match"])
    out: dict = {"cpu_seconds_per_move": per_move, "simulations": simulations, "games": games,
                 "draws": sum(row["winner"] is None for row in rows)}
    for side in ("ismcts", "mcts"):
        wins = sum(row["winner"] == side for row in rows)
        decisions = sum(row[f"decisions_{side}"] for row in rows)
        cpu = sum(row[f"cpu_s_per_move_{side}"] * row[f"decisions_{side}"] for row in rows)
        out[side] = {"wins": wins, "win_rate": round(wins / games, 3), "ci95": _wilson(wins, games),
                     "cpu_s_per_move": round(cpu / max(1, decisions), 4),
                     "decisions_per_match": round(decisions / games, 1)}
    out["mcts"]["iterations_per_move"] = round(statistics.mean(row["mcts_iterations_per_move"] for row in rows), 1)
    out["cpu_s_per_match"] = round(statistics.mean(row["cpu_s"] for row in rows), 2)
    out["decisions_per_match"] = round(statistics.mean(row["decisions_ismcts"] + row["decisions_mcts"]
                                                       for row in rows), 1)
    return out


def run_interop_bench(as_json: bool = False, duel_games: int = 0, processes: int = 1, seed: int = 0,
                      checkpoint_dir: str | None = None, seconds: float = 3.0, games=None) -> int:
    """Measure the interop figures of ``games`` (default: all four, in :data:`GAMES` order) and print
    them (a table, or JSON)."""
    from ..bench import _print_figures

    games = [game for game in GAMES if games is None or game in games]
    figures: dict = {"load_average": [round(x, 2) for x in os.getloadavg()]}
    for game in games:
        figures[f"{game}_random_episodes_per_s"] = random_episodes(game, seconds=seconds)
    for game in games:
        figures[f"{game}_pettingzoo_us_per_decision"] = pettingzoo_parts(game)
    for game in games if duel_games else ():
        figures[f"{game}_ismcts_vs_mcts"] = duel(game, duel_games, seed=seed, processes=processes,
                                                 checkpoint_dir=checkpoint_dir)
    figures["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    _print_figures(figures, as_json)
    return 0
