"""Tournaments between two bots, and their win rates with confidence intervals (core layer).

    from caravan_lessons.arena import tournament, win_rates
    df = tournament(("heuristic", "random"), games=200, seed=1)
    win_rates(df)          # wins, games, win rate and a 95% Wilson interval per bot

A bot is a name of :data:`caravan_lessons.agents.AGENTS` (``"random"``, ``"greedy"``,
``"heuristic"``, ``"mcts"``) or a pair ``(name, options)``, e.g. ``("mcts", {"iterations": 200})``.
Bot A sits in seat 0 in even matches and in seat 1 in odd ones (seat 0 starts the first round,
JAI-SETUP-7), so neither bot keeps the first move. Every seed is derived from the tournament's
``seed`` and the match number with :func:`caravan_lessons.core.derive_seed`, and agents are built
from their names inside whichever process plays the match, so a tournament gives the same
DataFrame whatever ``processes`` is.

pandas, scipy and tqdm are imported when these functions run, not with the package.
"""
from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .agents import AGENTS, make_agent, play_match
from .core import _short, check_seed, derive_seed

__all__ = ["COLUMNS", "LEAGUE_COLUMNS", "league", "league_table", "ratings", "run_chunks", "seatings",
           "tournament", "win_rates"]

def _progress_delay() -> float:
    try:
        return max(0.0, float(os.environ.get("CARAVAN_LESSONS_PROGRESS_DELAY", "2")))
    except ValueError:
        return 2.0


PROGRESS_DELAY = _progress_delay()
"""Seconds a tournament, league or simulation runs before its progress bar appears (shorter ones show none);
2, or the environment variable ``CARAVAN_LESSONS_PROGRESS_DELAY``."""

COLUMNS = ["match", "seed", "seat_a", "bot_a", "bot_b", "winner", "rounds", "turns", "score_a", "score_b"]
"""The first columns of :func:`tournament`'s DataFrame, always present, in this order.

match: 0-based match number; seed: the match's game seed; seat_a: bot A's seat (0 or 1);
bot_a, bot_b: the bots' labels; winner: the label of the match winner (None if nobody won);
rounds: rounds played; turns: actions applied; score_a, score_b: mean points (rupees) per round.
Then, per kind of score-sheet row (Jaipur: ``goods``, ``bonus``, ``camel``), ``<kind>_a`` and
``<kind>_b``: mean points per round from that kind.
"""


def _bot_spec(bot: Any, which: str) -> tuple[str, dict]:
    """``"name"`` or ``(name, options)`` -> (name, options); ValueError listing the bots otherwise."""
    if isinstance(bot, str):
        name, options = bot, {}
    elif isinstance(bot, (tuple, list)) and len(bot) == 2 and isinstance(bot[0], str) and isinstance(bot[1], dict):
        name, options = bot[0], dict(bot[1])
    else:
        raise ValueError(f"bot {which} must be a bot name or a (name, options) pair, not {_short(bot, 60)}; "
                         f"the bots are: {', '.join(sorted(AGENTS))}")
    reserved = [k for k in options if not isinstance(k, str) or k in ("seed", "game", "name")]
    if reserved:  # make_agent's own arguments: they came out as "got multiple values for argument 'seed'"
        raise ValueError(f"bot {which}: the options {_short(reserved, 60)} are not bot options; the arena seeds "
                         "every bot itself from the tournament's seed")
    return name, options


def _label(name: str, options: dict) -> str:
    if not options:
        return name
    return f"{name}(" + ", ".join(f"{k}={v!r}" for k, v in sorted(options.items())) + ")"


def _play_one(game: str, specs: tuple, labels: tuple[str, str], seed: int, i: int) -> dict:
    """Match ``i`` of a tournament, as one row (see COLUMNS)."""
    (name_a, opt_a), (name_b, opt_b) = specs
    agent_a = make_agent(name_a, derive_seed(seed, "bot0", i), game=game, **opt_a)
    agent_b = make_agent(name_b, derive_seed(seed, "bot1", i), game=game, **opt_b)
    seat_a = i % 2
    agents = [agent_a, agent_b] if seat_a == 0 else [agent_b, agent_a]
    match_seed = derive_seed(seed, "match", i)
    result = play_match(game, agents, seed=match_seed)
    seat_b = 1 - seat_a
    if result.winner is None:
        winner = None
    else:
        winner = labels[0] if result.winner == seat_a else labels[1]
    row = {"match": i, "seed": match_seed, "seat_a": seat_a, "bot_a": labels[0], "bot_b": labels[1],
           "winner": winner, "rounds": result.rounds, "turns": result.turns,
           "score_a": result.scores[seat_a], "score_b": result.scores[seat_b]}
    totals: dict[str, list[float]] = {}
    for per_seat in result.round_sources:
        for side, seat in (("a", seat_a), ("b", seat_b)):
            for kind, points in per_seat[seat].items():
                key = kind.split()[0]  # "camel token" -> "camel"
                totals.setdefault(key, [0.0, 0.0])[side == "b"] += points
    for kind, (a, b) in sorted(totals.items()):
        row[f"{kind}_a"] = a / result.rounds
        row[f"{kind}_b"] = b / result.rounds
    return row


def _play_chunk(game: str, specs: tuple, labels: tuple[str, str], seed: int, indices: Sequence[int]) -> list[dict]:
    """Several matches in one worker process (everything here pickles: names, options and numbers)."""
    return [_play_one(game, specs, labels, seed, i) for i in indices]


def _checkpoint_model():
    """The pydantic model of one checkpoint line (built on first use: pydantic loads lazily)."""
    global _CHECKPOINT_ROW
    if _CHECKPOINT_ROW is None:
        from typing import Annotated, Optional

        from pydantic import ConfigDict, Field

        from .files import StrictModel

        class CheckpointRow(StrictModel):
            """One finished match of a tournament, as a line of a checkpoint file (JSON Lines).

            The columns of :data:`COLUMNS` plus ``game``; more columns ``<kind>_a``/``<kind>_b``
            (mean points per round by kind of score-sheet row) are finite numbers.
            """

            model_config = ConfigDict(strict=True, extra="allow", frozen=True)
            game: str
            match: Annotated[int, Field(ge=0, le=10**9)]
            seed: int
            seat_a: Annotated[int, Field(ge=0, le=1)]
            bot_a: str
            bot_b: str
            winner: Optional[str]
            rounds: Annotated[int, Field(ge=1, le=1000)]
            turns: Annotated[int, Field(ge=0, le=10**7)]
            score_a: Annotated[float, Field(ge=-EXTRA_LIMIT, le=EXTRA_LIMIT, description="bot A's score; "
                                            "negative only in Caravan (goods left on camels, CAR-SCORE-2)")]
            score_b: Annotated[float, Field(ge=-EXTRA_LIMIT, le=EXTRA_LIMIT, description="bot B's score")]

        _CHECKPOINT_ROW = CheckpointRow
    return _CHECKPOINT_ROW


_CHECKPOINT_ROW = None

MATCH_ROUNDS = {"jaipur": (2, 1000), "samarkand": (1, 1), "caravan": (1, 1), "marco_polo": (5, 5)}
"""Rounds a match of each game lasts in a tournament row: Jaipur until a player has 2 seals (JAI-MATCH-2),
Samarkand and Caravan one game, Marco Polo its 5 rounds (MP-END-1)."""
EXTRA_LIMIT = 10**6
"""The largest points-by-kind value a checkpoint line may hold (the scores' own bound); a kind may be
negative (Caravan's penalty for goods left on camels, CAR-SCORE-2)."""


MAX_GAMES = 1_000_000
"""The most matches one :func:`tournament` plays (the command line's ``--games`` limit too)."""
MAX_PROCESSES = 256
"""The most worker processes a :func:`tournament` starts (the command line's ``--processes`` limit too)."""


def _check_checkpoint_path(checkpoint: Any) -> None:
    """``checkpoint`` is a path (str or os.PathLike) of a file in an existing folder: else ValueError.

    Only the argument; what the file holds is :func:`_read_checkpoint`'s question.
    """
    if isinstance(checkpoint, bytes) or not isinstance(checkpoint, (str, os.PathLike)) or not str(checkpoint).strip():
        raise ValueError(f"checkpoint is None or the path of a JSON Lines file such as 'matches.jsonl', "
                         f"not {_short(checkpoint)}")
    path = Path(checkpoint)
    try:
        path.parent.is_dir(), path.is_dir(), path.exists()
    except OSError as exc:  # a path the system cannot look up (too long, ...)
        raise ValueError(f"checkpoint {_short(str(path))}: {exc.strerror or exc}") from None
    if path.is_dir():
        raise ValueError(f"checkpoint {str(path)!r} is a folder; give a file path inside it, such as "
                         f"{str(path / 'matches.jsonl')!r}")
    if not path.parent.is_dir():
        raise ValueError(f"checkpoint {str(path)!r}: the folder {str(path.parent)!r} does not exist; "
                         "create it first or choose another path")


SCORES_ARE_TOTALS = frozenset({"marco_polo"})
"""Games whose match rows hold the final points as ``score_a``/``score_b`` (Marco Polo's play_match), while
the ``<kind>_a``/``<kind>_b`` columns are per round; in the other games both are means per round."""


def _check_result(row: dict, extra: dict, game: str, where: str) -> None:
    """A checkpoint row's result agrees with itself (else SaveFileError naming the line): at least one action,
    the bot with more points wins (Samarkand, Caravan, Marco Polo: one scoring decides; a Jaipur match is
    won by seals, JAI-MATCH-2), a Samarkand tie is shared (SAM-SCORE-5), a Jaipur match has a winner (it ends
    only at 2 seals; a round tied under JAI-END-5 gives none) and, in 2 rounds, the winner won both, so has at
    least the loser's rupees a round; and the points by kind add up to the score."""
    import math

    from .core import SaveFileError

    if row["turns"] < 1:
        raise SaveFileError(f"{where}: a match of {row['turns']} actions; every match plays at least one")
    a, b, winner = row["score_a"], row["score_b"], row["winner"]
    if game != "jaipur" and row["bot_a"] != row["bot_b"]:
        ahead = row["bot_a"] if a > b else row["bot_b"] if b > a else None
        if ahead is not None and winner != ahead:
            raise SaveFileError(f"{where}: the winner is {_short(winner)} but {_short(ahead)} has more points "
                                f"({a:g} to {b:g}); the most points win")
        if ahead is None and game == "samarkand" and winner is not None:
            raise SaveFileError(f"{where}: a tie of {a:g} points has the winner {_short(winner)}; tied players "
                                "share the win (SAM-SCORE-5)")
    if game == "jaipur" and winner is None:
        raise SaveFileError(f"{where}: a Jaipur match of {row['rounds']} rounds without a winner; a match ends only "
                            "when a player has 2 Seals of Excellence, so every finished match has a winner "
                            "(JAI-MATCH-2; a round tied on rupees, bonus and goods tokens gives no seal and the "
                            "match goes on, JAI-END-5)")
    if game == "jaipur" and row["rounds"] == 2 and row["bot_a"] != row["bot_b"]:
        won, lost = (a, b) if winner == row["bot_a"] else (b, a)
        if won < lost:
            raise SaveFileError(f"{where}: {_short(winner)} won a 2-round match, so won both rounds (JAI-MATCH-2), "
                                f"yet has fewer rupees a round ({won:g} to {lost:g}); a round's winner has at "
                                "least as many rupees as the loser (JAI-END-4, JAI-END-5)")
    if extra:
        scale = 1 if game in SCORES_ARE_TOTALS else row["rounds"]
        for side, score in (("a", a), ("b", b)):
            total = sum(v for k, v in extra.items() if k.endswith("_" + side)) * row["rounds"]
            if not math.isclose(total, score * scale, rel_tol=1e-9, abs_tol=1e-6):
                raise SaveFileError(f"{where}: the points by kind of bot {side.upper()} add up to "
                                    f"{total / scale:g}, not its score {score:g}")


def _checkpoint_lines(path: Path) -> list[bytes]:
    """The lines of the checkpoint file ``path`` (it exists), after mending a last line left without its newline.

    [ruling] A program stopped in the middle of writing a line (a crash, a closed laptop, a killed kernel) leaves
    a last line without its newline. If that text is not JSON, it is a write cut short: it is dropped and the
    file cut back to its last whole line (a warning says so), so its match is simply played again when the run
    goes on; the file had to be edited by hand before. If it is JSON, only the newline is missing: it is added,
    so that the next line appended does not run into it. Anything else wrong in a line is still refused.
    SaveFileError if the file cannot be read or mended.
    """
    import warnings

    from .core import SaveFileError

    try:
        data = path.read_bytes()
        if data and not data.endswith(b"\n"):
            head, newline, last = data.rpartition(b"\n")
            try:
                json.loads(last)
            except ValueError:  # a write cut short (UnicodeDecodeError and JSONDecodeError are ValueErrors)
                with open(path, "r+b") as out:
                    out.truncate(len(head) + len(newline))
                data = head + newline
                warnings.warn(f"checkpoint {path}: its last line was cut short ({len(last)} bytes, not JSON); it is "
                              "dropped and its match played again", stacklevel=4)
            else:
                with open(path, "ab") as out:
                    out.write(b"\n")
    except OSError as exc:
        raise SaveFileError(f"cannot read checkpoint {path}: {exc.strerror or exc}") from None
    return data.splitlines()


def _read_checkpoint(path, game: str, labels: tuple[str, str], seed: int, games: int) -> dict[int, dict]:
    """The matches of this tournament already in the checkpoint file ``path`` (none if it does not exist).

    Every line is validated (:func:`_checkpoint_model`, through :mod:`caravan_lessons.files`): a
    line that is not a match row of this tournament raises SaveFileError naming the file and line.
    """
    import math

    from .core import SaveFileError
    from .files import read_json, validate

    path = Path(path)
    if not path.exists():
        return {}
    if path.is_dir():
        raise SaveFileError(f"checkpoint {path} is a folder; give the path of a .jsonl file")
    model = _checkpoint_model()
    done: dict[int, dict] = {}
    lines = _checkpoint_lines(path)
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"checkpoint {path}, line {number}"
        row = validate(model, read_json(line, what="checkpoint line", name=where), source=where).model_dump()
        extra = {k: v for k, v in row.items() if k not in COLUMNS and k != "game"}
        for key, value in extra.items():
            if not re.fullmatch(r"[a-z][a-z0-9]*_[ab]", key):
                raise SaveFileError(f"{where}: unknown column {key!r}; besides {', '.join(COLUMNS)} and game, a line "
                                    "holds only <kind>_a / <kind>_b columns (points per round by kind, e.g. goods_a)")
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                    or abs(value) > EXTRA_LIMIT:
                raise SaveFileError(f"{where}: column {key!r} must be a number of points from {-EXTRA_LIMIT} to "
                                    f"{EXTRA_LIMIT}, not {value!r:.40}")
            partner = key[:-1] + ("b" if key.endswith("a") else "a")
            if partner not in extra:
                raise SaveFileError(f"{where}: column {key!r} has no {partner!r}; points by kind come for both bots")
        if game != "caravan" and min([row["score_a"], row["score_b"], *extra.values()]) < 0:
            raise SaveFileError(f"{where}: a negative score or points by kind; only Caravan's penalty (CAR-SCORE-2) "
                                "goes below 0")
        low, high = MATCH_ROUNDS.get(game, (1, 1000))
        if not low <= row["rounds"] <= high:
            raise SaveFileError(f"{where}: a {game} match of {row['rounds']} rounds; it has "
                                f"{low if low == high else f'{low} or more'}")
        if row["winner"] not in (None, row["bot_a"], row["bot_b"]):
            raise SaveFileError(f"{where}: the winner {row['winner']!r} is neither bot")
        _check_result(row, extra, game, where)
        if row["seat_a"] != row["match"] % 2:
            raise SaveFileError(f"{where}: bot A sits in seat {row['match'] % 2} in match {row['match']}, "
                                f"not {row['seat_a']}")
        if not (row.pop("game") == game and (row["bot_a"], row["bot_b"]) == labels
                and row["seed"] == derive_seed(seed, "match", row["match"])):
            raise ValueError(f"checkpoint {path}, line {number}: a match of another tournament (game, bots or "
                             f"seed differ); use another file for {labels[0]} vs {labels[1]}, seed {seed}")
        if row["match"] in done:
            raise SaveFileError(f"{where}: match {row['match']} is already in the file")
        if row["match"] < games:
            done[row["match"]] = row
    return done


def tournament(bots: Sequence[Any], games: int, seed: int = 0, processes: int = 1, progress: bool = True,
               game: str = "jaipur", checkpoint=None, executor=None):
    """Play ``games`` matches between two bots and return one row per match.

    Args:
        bots: two bots, each a name of :data:`~caravan_lessons.agents.AGENTS` or a pair
            ``(name, options)`` (options go to the bot's constructor, e.g. ``{"iterations": 200}``).
            The first is "bot A". Labels are the names (with options written out); two equal
            labels become ``"<label> A"`` and ``"<label> B"``.
        games: number of matches, a whole number >= 1.
        seed: the tournament seed; match ``i`` uses game seed ``derive_seed(seed, "match", i)``
            and bot seeds ``derive_seed(seed, "bot0", i)`` (A) and ``derive_seed(seed, "bot1", i)`` (B).
        processes: worker processes (>= 1). With more than one, matches are played in chunks by a
            ``concurrent.futures.ProcessPoolExecutor``; the result is identical to ``processes=1``.
        progress: show a tqdm progress bar (one tick per match, with matches per second; it appears once
            the tournament has run for 2 seconds).
        game: the game to play (default ``"jaipur"``).
        checkpoint: None, or the path of a JSON Lines file: each finished match is appended to it
            as one line, and the matches of this tournament (same game, bots and seed) already in
            it are read back instead of played again. A long tournament (MCTS bots) interrupted by
            a kernel restart then goes on where it stopped, with the same result.
        executor: None, or any ``concurrent.futures.Executor`` to play the matches on (a process pool,
            a ``dask.distributed`` client's ``get_executor()``; see :func:`league`); ``processes`` is then
            ignored. The result is the same.

    Returns:
        A pandas DataFrame, one row per match in match order, columns :data:`COLUMNS` then the
        mean points per round by kind (``goods_a``, ``goods_b``, ``bonus_a``, ...; 0 where a bot
        never scored that kind). ``df.attrs`` holds ``bots`` (the two labels), ``seed``, ``game`` and
        ``resumed`` (matches read back from ``checkpoint`` rather than played).

    Raises:
        ValueError: an unknown bot (the message lists the bots), a malformed bot, a number of games
            that is not a whole number 1..:data:`MAX_GAMES` ("a tournament needs at least 1 game"),
            ``processes`` not a whole number 1..:data:`MAX_PROCESSES`, a bad seed, an unknown game, a
            ``checkpoint`` that is not a file path in an existing folder, or a checkpoint file holding
            other lines.
    """
    import pandas as pd
    from tqdm.auto import tqdm

    from .core import game_module

    if not isinstance(bots, (tuple, list)) or len(bots) != 2:
        raise ValueError(f"a tournament is between 2 bots, given as a pair such as ('greedy', 'random'), "
                         f"not {_short(bots)}")
    specs = (_bot_spec(bots[0], "A"), _bot_spec(bots[1], "B"))
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"a tournament needs at least 1 game (a whole number), not {_short(games)}")
    if games > MAX_GAMES:
        raise ValueError(f"a tournament plays at most {MAX_GAMES:,} games, not {_short(games)}; split a bigger "
                         "study into several tournaments with other seeds")
    if isinstance(processes, bool) or not isinstance(processes, int) or not 1 <= processes <= MAX_PROCESSES:
        raise ValueError(f"processes must be a whole number >= 1 and <= {MAX_PROCESSES} (worker processes; "
                         f"this machine has {os.cpu_count() or 1} cores), not {_short(processes)}")
    seed = check_seed(seed)
    game_module(game)
    for name, options in specs:  # the game's own bots (Samarkand's greedy is not Jaipur's): refused here, not in a worker
        make_agent(name, 0, game=game, **options)
    if checkpoint is not None:
        _check_checkpoint_path(checkpoint)
    labels = (_label(*specs[0]), _label(*specs[1]))
    if labels[0] == labels[1]:
        labels = (labels[0] + " A", labels[1] + " B")

    done = _read_checkpoint(checkpoint, game, labels, seed, games) if checkpoint is not None else {}
    rows: list[dict] = list(done.values())
    todo = [i for i in range(games) if i not in done]
    out = open(checkpoint, "a", encoding="utf-8") if checkpoint is not None and todo else None

    def finished(part: list[dict]) -> None:
        rows.extend(part)
        if out is not None:
            for row in part:
                out.write(json.dumps({"game": game, **row}) + "\n")
            out.flush()
        bar.update(len(part))

    bar = tqdm(total=games, initial=len(done), desc=f"{labels[0]} vs {labels[1]}", unit="match",
               disable=not progress, delay=PROGRESS_DELAY)
    try:
        run_chunks(_play_chunk, (game, specs, labels, seed), todo, finished, processes=processes,
                   executor=executor, small=out is not None)
    finally:
        bar.close()
        if out is not None:
            out.close()
    rows.sort(key=lambda row: row["match"])
    df = pd.DataFrame(rows)
    extra = sorted(c for c in df.columns if c not in COLUMNS)
    df = df[COLUMNS + extra]
    if extra:
        df[extra] = df[extra].fillna(0.0)
    df.attrs.update(bots=labels, seed=seed, game=game, resumed=len(done))
    return df


def win_rates(df, confidence: float = 0.95):
    """Wins, games, win rate and a Wilson confidence interval per bot of a :func:`tournament`.

    Args:
        df: a DataFrame from :func:`tournament` (columns ``bot_a``, ``bot_b``, ``winner``).
        confidence: the interval's confidence level (default 0.95).

    Returns:
        A DataFrame indexed by bot label with columns ``wins``, ``draws`` (matches nobody won),
        ``games``, ``win_rate`` (wins / games) and ``ci_low``, ``ci_high``: the Wilson score
        interval of the win rate (``scipy.stats.binomtest(wins, games).proportion_ci(method="wilson")``).

    Raises:
        ValueError: ``df`` lacks those columns or has no rows.
    """
    import pandas as pd
    from scipy.stats import binomtest

    missing = {"bot_a", "bot_b", "winner"} - set(getattr(df, "columns", ()))
    if missing:
        raise ValueError(f"win_rates needs a tournament DataFrame; missing columns: {', '.join(sorted(missing))}")
    if len(df) == 0:
        raise ValueError("win_rates needs at least one match")
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) or not 0 < confidence < 1:
        raise ValueError(f"confidence is a level between 0 and 1 (e.g. 0.95), not {_short(confidence)}")
    bots = list(dict.fromkeys([*df["bot_a"], *df["bot_b"]]))
    draws = int(df["winner"].isna().sum())
    rows = []
    for bot in bots:
        games = int(((df["bot_a"] == bot) | (df["bot_b"] == bot)).sum())
        wins = int((df["winner"] == bot).sum())
        ci = binomtest(wins, games).proportion_ci(confidence_level=confidence, method="wilson")
        rows.append({"bot": bot, "wins": wins, "draws": draws, "games": games, "win_rate": wins / games,
                     "ci_low": float(ci.low), "ci_high": float(ci.high)})
    return pd.DataFrame(rows).set_index("bot")


# --- running chunks of games on any executor -------------------------------------------------------------

RETRIES = 3
"""How many times a chunk of games whose worker failed (a killed process, a lost dask worker) is sent again."""


def run_chunks(work, args: tuple, todo: Sequence[int], finished, processes: int = 1, executor=None,
               small: bool = False, retries: int = RETRIES) -> None:
    """Play the games ``todo`` (numbers) as ``work(*args, chunk)`` calls and hand each chunk's rows to
    ``finished(rows)`` as it comes back (in any order: the callers sort by game number).

    In this process when ``executor`` is None and ``processes`` is 1; else on ``executor`` (any
    ``concurrent.futures.Executor``: a ``ProcessPoolExecutor``, a ``dask.distributed`` client's
    ``get_executor()``, ...) or on a process pool of ``processes`` workers made here. ``work`` and ``args``
    must pickle (names, options and numbers). Chunks are small (``small``: 4 games; else up to 50, about 8
    per worker) so that a checkpoint is written as they finish. A chunk whose worker failed (a broken pool,
    a lost dask worker, a cancelled future) is sent again, up to ``retries`` times, on a new pool when the
    one made here broke: every game's seeds are its own, so a game played again gives the same row.

    Raises:
        RuntimeError: a chunk failed ``retries`` times more (its last error named).
        Whatever ``work`` raised for a reason other than a failed worker (an illegal move, a bad option).
    """
    if not todo:
        return
    if executor is None and processes == 1:
        for i in todo:
            finished(work(*args, [i]))
        return
    from concurrent.futures import CancelledError, ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    workers = processes if executor is None else max(1, _workers_of(executor))
    size = max(1, min(4 if small else 50, len(todo) // (workers * 8)))
    chunks = [list(todo[start:start + size]) for start in range(0, len(todo), size)]
    own = executor is None
    pool = ProcessPoolExecutor(max_workers=min(processes, len(chunks))) if own else executor
    tries = dict.fromkeys(range(len(chunks)), 0)
    try:
        pending = {pool.submit(work, *args, chunks[k]): k for k in range(len(chunks))}
        while pending:
            for future in as_completed(list(pending)):
                k = pending.pop(future)
                try:
                    rows = future.result()
                except (BrokenProcessPool, CancelledError, OSError, EOFError) as exc:
                    failure = exc
                except Exception as exc:  # noqa: BLE001 - a lost dask worker raises its own error types
                    if not _worker_failure(exc):
                        raise
                    failure = exc
                else:
                    finished(rows)
                    continue
                tries[k] += 1
                if tries[k] > retries:
                    raise RuntimeError(f"games {chunks[k][0]}-{chunks[k][-1]} failed {tries[k]} times; last: "
                                       f"{type(failure).__name__}: {_short(str(failure), 200)}") from None
                if own and isinstance(failure, BrokenProcessPool):  # the whole pool is gone: a new one
                    pool.shutdown(wait=False, cancel_futures=True)
                    pool = ProcessPoolExecutor(max_workers=min(processes, len(chunks)))
                    again = [k] + [pending.pop(f) for f in list(pending)]
                    for j in again:
                        pending[pool.submit(work, *args, chunks[j])] = j
                else:
                    pending[pool.submit(work, *args, chunks[k])] = k
                break  # as_completed's list is stale: look at the pending futures again
    finally:
        if own:
            pool.shutdown(wait=True, cancel_futures=True)


def _workers_of(executor) -> int:
    """How many workers an executor has (a guess: a process pool's max_workers, a dask client's threads)."""
    count = getattr(executor, "_max_workers", None)
    if isinstance(count, int):
        return count
    client = getattr(executor, "_client", None)
    try:
        return max(1, sum(client.nthreads().values()))
    except Exception:  # noqa: BLE001 - any other executor: assume a handful
        return 4


def _worker_failure(exc: BaseException) -> bool:
    """Whether ``exc`` says a worker went away (dask: KilledWorker, CommClosedError...), not that a game failed."""
    names = {cls.__name__ for cls in type(exc).__mro__}
    return bool(names & {"KilledWorker", "CommClosedError", "FutureCancelledError", "WorkerGone",
                         "BrokenExecutor", "TimeoutError"})


# --- leagues: many bots, every seat, ratings ----------------------------------------------------------------

LEAGUE_COLUMNS = ["game", "seed", "players", "winner", "rounds", "turns"]
"""The first columns of :func:`league`'s DataFrame, then ``bot_<s>``, ``score_<s>``, ``rank_<s>`` for every
seat ``s`` (0 starts). game: 0-based game number; seed: its game seed; players: seats; winner: the winning
bot's label (None on a shared victory); rounds, turns: as in :data:`COLUMNS`; bot_s: the label of the bot in
seat s; score_s: its points (Jaipur: mean rupees a round; Marco Polo, Samarkand, Caravan: final points);
rank_s: 1 for the winner, then by points (equal points share a rank; a shared victory shares rank 1)."""

SEATS = {"jaipur": (2, 2), "samarkand": (2, 5), "caravan": (2, 4), "marco_polo": (2, 4)}
"""Seats each game is played with (the fewest and the most)."""
MAX_BOTS = 12
"""The most bots one league takes."""


def seatings(bots: int, players: int, seed: int = 0) -> list[tuple[int, ...]]:
    """The league's schedule of seatings: game ``i`` seats ``seatings[i % len(seatings)]`` (bot numbers, seat 0
    first). With at least as many bots as seats: every ordered choice of ``players`` different bots; with
    fewer: every way to fill the seats that uses each bot at least once. Over each whole cycle every bot sits
    in every seat equally often, and meets every other bot equally often. The cycle's order is shuffled with
    ``seed`` so that a league cut short of a whole cycle is not lopsided either."""
    import itertools
    import random

    if bots >= players:
        order = list(itertools.permutations(range(bots), players))
    else:
        order = [p for p in itertools.product(range(bots), repeat=players) if len(set(p)) == bots]
    random.Random(derive_seed(seed, "seatings", bots, players)).shuffle(order)
    return order


def _ranks(scores: Sequence[float], winner: int | None) -> list[int]:
    """1 for the winning seat, then the others by points (2 for the best of them; equal points share a rank);
    without a winner, every seat by points (the tied best share rank 1)."""
    if winner is None:
        return [1 + sum(1 for other in scores if other > mine) for mine in scores]
    return [1 if s == winner else 2 + sum(1 for t, other in enumerate(scores) if t != winner and other > mine)
            for s, mine in enumerate(scores)]


def _play_league_game(game: str, specs: tuple, labels: tuple, seed: int, players: int, i: int) -> dict:
    """Game ``i`` of a league, as one row (:data:`LEAGUE_COLUMNS` and the seats' columns)."""
    lineup = seatings(len(specs), players, seed)
    seats = lineup[i % len(lineup)]
    agents = [make_agent(specs[b][0], derive_seed(seed, "league bot", i, s), game=game, **specs[b][1])
              for s, b in enumerate(seats)]
    match_seed = derive_seed(seed, "league game", i)
    result = play_match(game, agents, seed=match_seed)
    ranks = _ranks(result.scores, result.winner)
    row = {"game": i, "seed": match_seed, "players": players,
           "winner": None if result.winner is None else labels[seats[result.winner]],
           "rounds": result.rounds, "turns": result.turns}
    for s, b in enumerate(seats):
        row[f"bot_{s}"] = labels[b]
        row[f"score_{s}"] = float(result.scores[s])
        row[f"rank_{s}"] = ranks[s]
    return row


def _play_league_chunk(game: str, specs: tuple, labels: tuple, seed: int, players: int,
                       indices: Sequence[int]) -> list[dict]:
    """Several league games in one worker (everything here pickles: names, options and numbers)."""
    return [_play_league_game(game, specs, labels, seed, players, i) for i in indices]


def _league_labels(specs: list[tuple[str, dict]]) -> tuple[str, ...]:
    labels = [_label(*spec) for spec in specs]
    seen: dict[str, int] = {}
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
    count: dict[str, int] = {}
    out = []
    for label in labels:
        if seen[label] > 1:
            count[label] = count.get(label, 0) + 1
            out.append(f"{label} #{count[label]}")
        else:
            out.append(label)
    return tuple(out)


def league(game: str, bots: Sequence[Any], players: int = 2, games: int = 100, seed: int = 0, executor=None,
           checkpoint=None, processes: int = 1, progress: bool = True):
    """A league: ``games`` games of ``game`` between the ``bots``, ``players`` seats each, every bot in every
    seat equally often; one row per game with every seat's bot, score and rank.

        from caravan_lessons.arena import league, league_table
        df = league("marco_polo", ["mp-planner", "mp-heuristic", "mp-greedy", "random"], players=4, games=240)
        league_table(df)     # win rates with Wilson intervals, mean points and ranks, Plackett-Luce ratings

    Args:
        game: a game name (``"jaipur"``, ``"samarkand"``, ``"caravan"``, ``"marco_polo"``).
        bots: 2 to :data:`MAX_BOTS` bots, each a name (the game's own bots: ``make_agent(name, game=game)``)
            or a pair ``(name, options)``. Labels are the names with their options; equal labels get
            ``" #1"``, ``" #2"``.
        players: seats per game (:data:`SEATS`: Jaipur 2, Samarkand 2-5, Caravan and Marco Polo 2-4). With fewer
            bots than seats, a bot fills several seats of a game.
        games: how many games, 1..:data:`MAX_GAMES`. The seatings cycle through :func:`seatings`; a whole
            number of cycles is exactly balanced.
        seed: the league's seed; game ``i`` has the game seed ``derive_seed(seed, "league game", i)`` and its
            seat ``s`` the bot seed ``derive_seed(seed, "league bot", i, s)``, so a game gives the same row
            wherever it is played.
        executor: None (in this process, or on ``processes`` worker processes), or any
            ``concurrent.futures.Executor``: a ``ProcessPoolExecutor``, or a dask.distributed client's
            ``Client("tcp://scheduler:8786").get_executor()`` (see ``docs/leagues.md``). Games are sent in chunks;
            a chunk whose worker died is sent again (:func:`run_chunks`). The DataFrame is the same whatever
            plays it.
        checkpoint: None, or a JSON Lines file: each finished game is appended as one line, and the games of this
            league (same game, bots, seats and seed) already in it are read back instead of played.
        processes: worker processes when no ``executor`` is given (1: this process).
        progress: a tqdm progress bar with games per second (shown once the league has run for 2 seconds).

    Returns:
        A pandas DataFrame, one row per game in game order: :data:`LEAGUE_COLUMNS`, then ``bot_s``, ``score_s``,
        ``rank_s`` for each seat. ``df.attrs``: ``game``, ``bots`` (the labels, in the order given), ``players``,
        ``seed``, ``resumed`` (games read back from the checkpoint).

    Raises:
        ValueError: an unknown game or bot (listing the bots), a malformed bot, fewer than 2 or more than
            :data:`MAX_BOTS` bots, a number of seats the game is not played with, a bad number of games,
            processes or seed, an executor without ``submit``, a checkpoint path in no folder, or a checkpoint
            holding another league's games; SaveFileError: a checkpoint line that is not a valid game row.
    """
    import pandas as pd
    from tqdm.auto import tqdm

    from .core import game_module

    game_module(game)
    if not isinstance(bots, (list, tuple)) or not 2 <= len(bots) <= MAX_BOTS:
        raise ValueError(f"a league takes 2 to {MAX_BOTS} bots, given as a list such as ['greedy', 'random'], "
                         f"not {_short(bots)}")
    specs = tuple(_bot_spec(bot, str(k)) for k, bot in enumerate(bots))
    low, high = SEATS.get(game, (2, 4))
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        seats = f"{low}" if low == high else f"{low} to {high}"
        raise ValueError(f"{game} is played by {seats} players, not {_short(players)}")
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ValueError(f"a league plays 1 to {MAX_GAMES:,} games (a whole number), not {_short(games)}")
    if isinstance(processes, bool) or not isinstance(processes, int) or not 1 <= processes <= MAX_PROCESSES:
        raise ValueError(f"processes must be a whole number from 1 to {MAX_PROCESSES}, not {_short(processes)}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor is None or a concurrent.futures.Executor (with submit), not {_short(executor)}")
    seed = check_seed(seed)
    for name, options in specs:  # refused here, not in a worker
        try:
            make_agent(name, 0, game=game, **options)
        except TypeError as exc:
            raise ValueError(f"bot {name!r} does not take the options {sorted(options)}: {exc}") from None
    if checkpoint is not None:
        _check_checkpoint_path(checkpoint)
    labels = _league_labels(list(specs))
    done = _read_league_checkpoint(checkpoint, game, labels, players, seed, games) if checkpoint else {}
    rows: list[dict] = list(done.values())
    todo = [i for i in range(games) if i not in done]
    out = open(checkpoint, "a", encoding="utf-8") if checkpoint is not None and todo else None
    bar = tqdm(total=games, initial=len(done), desc=f"{game} league, {len(labels)} bots, {players} seats",
               unit="game", disable=not progress, delay=PROGRESS_DELAY)

    def finished(part: list[dict]) -> None:
        rows.extend(part)
        if out is not None:
            for row in part:
                out.write(json.dumps(_league_line(game, labels, row)) + "\n")
            out.flush()
        bar.update(len(part))

    try:
        run_chunks(_play_league_chunk, (game, specs, labels, seed, players), todo, finished, processes=processes,
                   executor=executor, small=out is not None)
    finally:
        bar.close()
        if out is not None:
            out.close()
    rows.sort(key=lambda row: row["game"])
    columns = LEAGUE_COLUMNS + [f"{kind}_{s}" for s in range(players) for kind in ("bot", "score", "rank")]
    df = pd.DataFrame(rows, columns=columns)
    df.attrs.update(game=game, bots=labels, players=players, seed=seed, resumed=len(done))
    return df


def _league_line(game: str, labels: tuple, row: dict) -> dict:
    """A league row as a checkpoint line: the league's identity, then the game."""
    players = row["players"]
    return {"league": game, "bots": list(labels), "game": row["game"], "seed": row["seed"], "players": players,
            "winner": row["winner"], "rounds": row["rounds"], "turns": row["turns"],
            "seats": [row[f"bot_{s}"] for s in range(players)], "scores": [row[f"score_{s}"] for s in range(players)],
            "ranks": [row[f"rank_{s}"] for s in range(players)]}


_LEAGUE_LINE = None


def _league_line_model():
    """The pydantic model of one league checkpoint line (built on first use)."""
    global _LEAGUE_LINE
    if _LEAGUE_LINE is None:
        from typing import Annotated, Optional

        from pydantic import Field

        from .files import StrictModel

        points = Annotated[float, Field(ge=-EXTRA_LIMIT, le=EXTRA_LIMIT, allow_inf_nan=False)]

        class LeagueLine(StrictModel):
            """One finished game of a league, as a line of its checkpoint file (JSON Lines)."""

            league: str
            bots: Annotated[list[str], Field(min_length=2, max_length=MAX_BOTS)]
            game: Annotated[int, Field(ge=0, le=MAX_GAMES)]
            seed: int
            players: Annotated[int, Field(ge=2, le=5)]
            winner: Optional[str]
            rounds: Annotated[int, Field(ge=1, le=1000)]
            turns: Annotated[int, Field(ge=1, le=10**7)]
            seats: Annotated[list[str], Field(min_length=2, max_length=5)]
            scores: Annotated[list[points], Field(min_length=2, max_length=5)]
            ranks: Annotated[list[Annotated[int, Field(ge=1, le=5)]], Field(min_length=2, max_length=5)]

        _LEAGUE_LINE = LeagueLine
    return _LEAGUE_LINE


def _read_league_checkpoint(path, game: str, labels: tuple, players: int, seed: int, games: int) -> dict[int, dict]:
    """The games of this league already in the checkpoint ``path`` (none if there is no such file).

    Every line is validated: its shape (:func:`_league_line_model`, through :mod:`caravan_lessons.files`),
    then that it agrees with itself (the seats' bots are the schedule's for that game, the winner sits at the
    table, the ranks follow from the points and the winner, the rounds are the game's) -- SaveFileError naming
    the file and line -- and that it belongs to this league (ValueError: use another file).
    """
    from .core import SaveFileError
    from .files import read_json, validate

    path = Path(path)
    if not path.exists():
        return {}
    lines = _checkpoint_lines(path)
    model = _league_line_model()
    lineup = seatings(len(labels), players, seed)
    low, high = MATCH_ROUNDS.get(game, (1, 1000))
    done: dict[int, dict] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"checkpoint {path}, line {number}"
        entry = validate(model, read_json(line, what="checkpoint line", name=where), source=where)
        if (entry.league, tuple(entry.bots), entry.players) != (game, labels, players) or \
                entry.seed != derive_seed(seed, "league game", entry.game):
            raise ValueError(f"{where}: a game of another league (game, bots, seats or seed differ); use another "
                             f"file for this {game} league of {', '.join(labels)}, seed {seed}")
        n = entry.players
        if not len(entry.seats) == len(entry.scores) == len(entry.ranks) == n:
            raise SaveFileError(f"{where}: {n} players but {len(entry.seats)} seats, {len(entry.scores)} scores and "
                                f"{len(entry.ranks)} ranks")
        expected = [labels[b] for b in lineup[entry.game % len(lineup)]]
        if entry.seats != expected:
            raise SaveFileError(f"{where}: game {entry.game} seats {', '.join(expected)}, not "
                                f"{_short(', '.join(entry.seats), 120)}")
        if entry.winner is not None and entry.winner not in entry.seats:
            raise SaveFileError(f"{where}: the winner {_short(entry.winner)} does not sit at this game")
        winners = [s for s, label in enumerate(entry.seats) if label == entry.winner]
        seat = None if entry.winner is None else next((s for s in winners if entry.ranks[s] == 1), winners[0])
        if entry.ranks != _ranks(entry.scores, seat):
            raise SaveFileError(f"{where}: the ranks {entry.ranks} do not follow from the points {entry.scores} and "
                                f"the winner (1 for the winner, then by points)")
        if game != "caravan" and min(entry.scores) < 0:
            raise SaveFileError(f"{where}: a negative score; only Caravan's penalty (CAR-SCORE-2) goes below 0")
        if not low <= entry.rounds <= high:
            raise SaveFileError(f"{where}: a {game} game of {entry.rounds} rounds; it has "
                                f"{low if low == high else f'{low} or more'}")
        if entry.game in done:
            raise SaveFileError(f"{where}: game {entry.game} is already in the file")
        if entry.game < games:
            row = {"game": entry.game, "seed": entry.seed, "players": n, "winner": entry.winner,
                   "rounds": entry.rounds, "turns": entry.turns}
            for s in range(n):
                row[f"bot_{s}"], row[f"score_{s}"], row[f"rank_{s}"] = entry.seats[s], entry.scores[s], entry.ranks[s]
            done[entry.game] = row
    return done


def _seats(df) -> int:
    missing = {"game", "players", "winner"} - set(getattr(df, "columns", ()))
    if missing:
        raise ValueError(f"this needs a league DataFrame (arena.league); missing columns: {', '.join(sorted(missing))}")
    if len(df) == 0:
        raise ValueError("a league table needs at least one game")
    return int(df["players"].max())


def ratings(df):
    """Plackett-Luce ratings of a :func:`league`'s bots (openskill), from its games in game order.

    Each game is one multiplayer result: every seat a team of one, ranked by ``rank_s`` (shared ranks are
    ties). A bot that fills several seats of one game (fewer bots than seats) gets the mean of its seats'
    updates. Returns a DataFrame indexed by bot label: ``mu`` (skill), ``sigma`` (its uncertainty),
    ``ordinal`` (``mu - 3 sigma``, a cautious score), sorted best first by ``mu``.

    Raises:
        ValueError: ``df`` is not a league DataFrame, or has no rows.
    """
    import pandas as pd
    from openskill.models import PlackettLuce

    seats = _seats(df)
    model = PlackettLuce()
    labels = list(df.attrs.get("bots") or dict.fromkeys(df[[f"bot_{s}" for s in range(seats)]].values.ravel()))
    current = {label: model.rating() for label in labels}
    bot_cols = [f"bot_{s}" for s in range(seats)]
    rank_cols = [f"rank_{s}" for s in range(seats)]
    for row_bots, row_ranks, n in zip(df[bot_cols].itertuples(index=False), df[rank_cols].itertuples(index=False),
                                      df["players"]):
        names = list(row_bots)[:n]
        updated = model.rate([[current[name]] for name in names], ranks=[int(r) for r in list(row_ranks)[:n]])
        new: dict[str, list] = {}
        for name, (rating,) in zip(names, updated):
            new.setdefault(name, []).append(rating)
        for name, got in new.items():
            current[name] = model.rating(mu=sum(r.mu for r in got) / len(got),
                                         sigma=sum(r.sigma for r in got) / len(got))
    out = pd.DataFrame([{"bot": name, "mu": r.mu, "sigma": r.sigma, "ordinal": r.mu - 3 * r.sigma}
                        for name, r in current.items()]).set_index("bot")
    return out.sort_values("mu", ascending=False)


def league_table(df, confidence: float = 0.95):
    """A :func:`league`'s table: per bot, the seats it played, wins, win rate and its Wilson interval, mean
    points and mean rank, and the Plackett-Luce rating (:func:`ratings`), best first by rating.

    Columns: ``games`` (seats played: a bot filling 2 seats of a game counts 2), ``wins`` (games it won
    alone), ``shared`` (shared victories), ``win_rate`` (wins / games), ``ci_low``, ``ci_high`` (the Wilson
    score interval, ``scipy.stats.binomtest``), ``fair_share`` (1 / seats: the win rate of equal bots),
    ``mean_score``, ``mean_rank``, ``mu``, ``sigma``, ``ordinal``.

    Raises:
        ValueError: ``df`` is not a league DataFrame or has no rows; ``confidence`` not between 0 and 1.
    """
    import pandas as pd
    from scipy.stats import binomtest

    seats = _seats(df)
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) or not 0 < confidence < 1:
        raise ValueError(f"confidence is a level between 0 and 1 (e.g. 0.95), not {_short(confidence)}")
    long = pd.concat([pd.DataFrame({"bot": df[f"bot_{s}"], "score": df[f"score_{s}"], "rank": df[f"rank_{s}"],
                                    "winner": df["winner"], "players": df["players"]})
                      for s in range(seats)], ignore_index=True).dropna(subset=["bot"])
    rated = ratings(df)
    rows = []
    for bot, part in long.groupby("bot", sort=False):
        games = len(part)
        wins = int(((part["winner"] == bot) & (part["rank"] == 1)).sum())
        shared = int((part["winner"].isna() & (part["rank"] == 1)).sum())
        ci = binomtest(wins, games).proportion_ci(confidence_level=confidence, method="wilson")
        rows.append({"bot": bot, "games": games, "wins": wins, "shared": shared, "win_rate": wins / games,
                     "ci_low": float(ci.low), "ci_high": float(ci.high),
                     "fair_share": float((1 / part["players"]).mean()),
                     "mean_score": float(part["score"].mean()), "mean_rank": float(part["rank"].mean()),
                     **rated.loc[bot].to_dict()})
    return pd.DataFrame(rows).set_index("bot").sort_values("mu", ascending=False)
