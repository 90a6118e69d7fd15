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

__all__ = ["COLUMNS", "tournament", "win_rates"]

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
        raise ValueError(f"bot {which} must be a bot name or a (name, options) pair, not {bot!r}; "
                         f"the bots are: {', '.join(sorted(AGENTS))}")
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
    won by seals, JAI-MATCH-2), a Samarkand tie is shared (SAM-SCORE-5), and the points by kind add up to
    the score."""
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
    if extra:
        scale = 1 if game in SCORES_ARE_TOTALS else row["rounds"]
        for side, score in (("a", a), ("b", b)):
            total = sum(v for k, v in extra.items() if k.endswith("_" + side)) * row["rounds"]
            if not math.isclose(total, score * scale, rel_tol=1e-9, abs_tol=1e-6):
                raise SaveFileError(f"{where}: the points by kind of bot {side.upper()} add up to "
                                    f"{total / scale:g}, not its score {score:g}")


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
    try:
        lines = path.read_bytes().splitlines()
    except OSError as exc:
        raise SaveFileError(f"cannot read checkpoint {path}: {exc.strerror or exc}") from None
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
               game: str = "jaipur", checkpoint=None):
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
        progress: show a tqdm progress bar (one tick per match).
        game: the game to play (default ``"jaipur"``).
        checkpoint: None, or the path of a JSON Lines file: each finished match is appended to it
            as one line, and the matches of this tournament (same game, bots and seed) already in
            it are read back instead of played again. A long tournament (MCTS bots) interrupted by
            a kernel restart then goes on where it stopped, with the same result.

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
                         f"not {bots!r}")
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
               disable=not progress)
    try:
        if processes == 1 or len(todo) <= 1:
            for i in todo:
                finished([_play_one(game, specs, labels, seed, i)])
        else:
            from concurrent.futures import ProcessPoolExecutor, as_completed

            # small chunks when checkpointing: a chunk is saved when it finishes
            size = max(1, min(4 if out is not None else 50, len(todo) // (processes * 8)))
            chunks = [todo[start:start + size] for start in range(0, len(todo), size)]
            with ProcessPoolExecutor(max_workers=min(processes, len(chunks))) as pool:
                futures = [pool.submit(_play_chunk, game, specs, labels, seed, chunk) for chunk in chunks]
                for future in as_completed(futures):
                    finished(future.result())
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
