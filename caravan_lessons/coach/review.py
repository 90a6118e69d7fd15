"""``review(record, seat)``: every decision of one seat judged, the costly ones tagged.

For each decision of the seat (a position where it was to move with more than one legal move)
the coach searches as for a hint, with the move played always among the moves judged, and
compares: the **loss** is the estimated win chance of the coach's best move minus that of the move
played, with its 95 % interval. Both moves are simulated in the same deals with the same random
numbers (the move played is never dropped and the best one never was), so the loss is the mean of
paired differences and its interval comes from their spread
(:func:`~caravan_lessons.coach.search.paired_difference`): much narrower than the two moves'
own intervals, because what the deal does to both cancels out. A move is tagged by the lower end of that interval, so a tag is
only given when the simulations show the move lost at least that much:

==============  ===========================================================
tag             the loss's interval lies above (win chance)
==============  ===========================================================
``blunder``     0.20 (20 percentage points)
``mistake``     0.10
``inaccuracy``  0.05
``good``        anything else: the best move, or not shown to lose 5 points
==============  ===========================================================

The thresholds are :data:`THRESHOLDS`; chess sites use similar steps of win chance (lichess:
inaccuracy, mistake and blunder for drops of about 10, 20 and 30 points), ours are lower because
these games are longer and a single move moves the win chance less.

**How the budget is spent.** ``budget_s`` (or ``simulations``) is per decision on average: the review
has ``budget_s`` times the number of decisions for the whole game (forced moves are not decisions and
cost nothing). It is spent in two passes:

1. **screening**: every decision gets :data:`SCREEN_SHARE` of its share, searched as for a hint
   (the same candidates as a whole share would judge), which finds the coach's best move and a first
   loss with its interval;
2. **confirmation**: the rest goes where the choice is real: to the decisions whose move played is not
   the coach's best and whose loss interval still reaches a higher tag than the one the screening
   gives, the largest losses first. Each gets a duel: only its two moves (the coach's best and the
   move played) simulated side by side in fresh deals (its own seed), between :data:`CONFIRM_SHARE`
   times a decision's share (fewer decisions confirmed, if the rest does not buy that many) and
   twice that. The duel's paired loss replaces the screening's: it is measured on deals that did not pick
   the best move (the screening's loss of its own best is biased upwards: the best of eight means is
   partly luck), with all simulations on the two moves (the screening spreads them over eight), so its
   interval is several times narrower. Its row says ``confirmed``.

With a Marco Polo game at the apps' budget under load (about 72 simulations a decision), the screening
alone left every interval too wide for a tag; the duels give the few real choices about 4-8 times
the simulations, so a costly move shows.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core import _short, check_seat, derive_seed
from ..moves import move_words
from .hints import advise, check_budget, check_seed_value, check_simulations, check_width
from .records import GameRecord, load_record
from .search import _t95, default_width, paired_difference, search

__all__ = ["COLUMNS", "CONFIRM_SHARE", "SCREEN_SHARE", "THRESHOLDS", "decisions", "review", "tag", "verdict"]

THRESHOLDS = {"blunder": 0.20, "mistake": 0.10, "inaccuracy": 0.05}
"""Loss of win chance (lower end of its 95 % interval) from which a move gets each tag."""

COLUMNS = ["decision", "move_number", "round", "played", "best", "win_played", "played_low", "played_high",
           "win_best", "best_low", "best_high", "loss", "loss_low", "loss_high", "tag", "simulations",
           "seconds", "confirmed"]
"""The columns of a review, in order (see :func:`review`)."""

SCREEN_SHARE = 0.5
"""Share of each decision's budget its screening search gets (see the module notes); the rest pays the duels."""
CONFIRM_SHARE = 4
"""A duel gets at least this many times a decision's share of the budget (at most twice that)."""

_ORDER = ("good", "inaccuracy", "mistake", "blunder")


def tag(loss_low: float) -> str:
    """The tag of a move whose loss of win chance is at least ``loss_low`` (see :data:`THRESHOLDS`)."""
    for name in ("blunder", "mistake", "inaccuracy"):
        if loss_low >= THRESHOLDS[name] - 1e-12:
            return name
    return "good"


def verdict(frame) -> str:
    """What a review found, in one phrase of the current language, following the tags: the costly moves
    counted (``"1 blunder, 2 mistakes"``); if no move is tagged but the seat's win chance fell over the
    decisions reviewed (the evaluation graph's first and last points, by more than the inaccuracy
    threshold), that the estimates are too uncertain to blame one move, with the mean simulations per decision;
    else that no move was shown to lose win chance.

    Args:
        frame: a DataFrame of :func:`review` (its ``tag``, ``win_played`` and ``simulations`` columns).
    """
    from ..i18n import ngettext, tr

    tags = frame["tag"].value_counts().to_dict() if len(frame) else {}
    counted = {"blunder": ngettext("{n} blunder", "{n} blunders", tags.get("blunder", 0)),
               "mistake": ngettext("{n} mistake", "{n} mistakes", tags.get("mistake", 0)),
               "inaccuracy": ngettext("{n} inaccuracy", "{n} inaccuracies", tags.get("inaccuracy", 0))}
    words = ", ".join(counted[t].format(n=tags[t]) for t in ("blunder", "mistake", "inaccuracy") if tags.get(t))
    if words:
        return words
    if len(frame):
        first, last = float(frame["win_played"].iloc[0]), float(frame["win_played"].iloc[-1])
        if first - last > THRESHOLDS["inaccuracy"]:
            simulations = round(float(frame["simulations"].mean()))  # the budget a decision had, on average
            return ngettext("the win chance fell from {first} to {last}, but no single move's loss is outside the "
                            "uncertainty of the estimates ({n} simulation per decision)",
                            "the win chance fell from {first} to {last}, but no single move's loss is outside the "
                            "uncertainty of the estimates ({n} simulations per decision)", simulations).format(
                first=f"{first:.0%}", last=f"{last:.0%}", n=simulations)
    return tr("no move shown to lose win chance")


def as_record(record: Any, game: str | None = None) -> GameRecord:
    """``record`` as a :class:`GameRecord`: a record, a dict from ``to_dict()``, or a path to a saved record.

    Raises:
        ValueError: anything else, a damaged record (SaveFileError, one line), a record of another
            game than ``game``, or a ``game`` that is not one of the four.
    """
    if game is not None:
        from ..core import game_names

        if not isinstance(game, str) or game not in game_names():
            raise ValueError(f"game is the game the record must be of, one of {', '.join(game_names())} "
                             f"(or None: any), not {_short(game)}")
    if isinstance(record, GameRecord):
        found = record
    elif isinstance(record, dict):
        found = GameRecord.from_dict(record)
    elif isinstance(record, (str, Path)):
        found = load_record(record)
    else:
        raise ValueError(f"review needs a game record (coach.GameRecord, its to_dict(), or a saved record's path), "
                         f"not {_short(record)}")
    if game is not None and found.game != game:
        raise ValueError(f"this is a {found.game} record; the {game} coach reviews {game} games")
    return found


def _round_of(state) -> int | None:
    for name in ("round_index", "round"):
        value = getattr(state, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value + 1 if name == "round_index" else value
    return None


def decisions(record: GameRecord, seat: int) -> list[tuple[int, Any, Any]]:
    """``(move number, state before, action)`` of every decision of ``seat`` in ``record``: the positions
    where the seat was to move with more than one legal move (forced moves are not decisions)."""
    found = []
    for index, state, action in record.positions():
        if state.current_player == seat and len(state.legal_actions()) > 1:
            found.append((index, state, action))
    return found


def _loss(best, mine) -> tuple[float, float, float]:
    """``(loss, low, high)``: ``best``'s win chance minus ``mine``'s, paired, with its 95 % interval."""
    if best.action == mine.action:
        return 0.0, 0.0, 0.0
    loss, se, pairs = paired_difference(best, mine)
    half = _t95(pairs) * se if pairs >= 3 else 1.96 * se
    return loss, max(-1.0, loss - half), min(1.0, loss + half)


def _judge(job: tuple) -> dict:
    """One decision's screening (runs in a worker process too): the search with the played move kept."""
    game, observation, actions, played, budget_s, simulations, seed, width, cancel = job
    started = time.perf_counter()
    result = advise(game, observation, actions, budget_s=budget_s, simulations=simulations, seed=seed, width=width,
                    top=3, keep=(played,), cancel=cancel)
    judged = {e.action: e for e in result.judged}
    best, mine = result.best, judged[played]
    loss, low, high = _loss(best, mine)
    return {"played": str(played), "best": best.move, "win_played": mine.win, "played_low": mine.low,
            "played_high": mine.high, "win_best": best.win, "best_low": best.low, "best_high": best.high,
            "loss": loss, "loss_low": low, "loss_high": high, "tag": tag(low), "simulations": result.simulations,
            "seconds": time.perf_counter() - started, "confirmed": False, "best_action": best.action,
            "hint": result}


def _confirm(job: tuple) -> dict:
    """One decision's duel (runs in a worker process too): the coach's best and the move played alone, side
    by side in fresh deals; the fields of the row it replaces."""
    from .games import profile

    game, observation, best, played, budget_s, simulations, seed, cancel = job
    started = time.perf_counter()
    estimates, done = search(observation, [best, played], profile(game), budget_s=budget_s, simulations=simulations,
                             seed=seed, width=2, keep=(best, played), cancel=cancel)
    judged = {e.action: e for e in estimates}
    top, mine = judged[best], judged[played]
    loss, low, high = _loss(top, mine)
    return {"win_played": mine.win, "played_low": mine.low, "played_high": mine.high, "win_best": top.win,
            "best_low": top.low, "best_high": top.high, "loss": loss, "loss_low": low, "loss_high": high,
            "tag": tag(low), "simulations": done, "seconds": time.perf_counter() - started, "confirmed": True}


def _open(row: dict) -> bool:
    """True if a screened decision may deserve a higher tag: its move is not the coach's best and the upper
    end of its loss's interval reaches the next threshold above its tag."""
    if row["loss"] <= 0 and row["loss_high"] <= 0:
        return False
    level = _ORDER.index(row["tag"])
    if level == len(_ORDER) - 1:
        return False
    return row["loss_high"] >= THRESHOLDS[_ORDER[level + 1]] - 1e-12


def _duels(rows: list[dict], share: float) -> tuple[list[int], float]:
    """Which screened rows get a duel, and each duel's share (seconds or simulations): the open ones
    (:func:`_open`), largest loss first, as many as the rest of the budget (``1 - SCREEN_SHARE`` of
    ``share`` per decision) buys at :data:`CONFIRM_SHARE` to twice that times ``share`` each."""
    rest = (1 - SCREEN_SHARE) * share * len(rows)
    candidates = sorted((k for k, row in enumerate(rows) if _open(row)), key=lambda k: -rows[k]["loss"])
    if not candidates or rest <= 0:
        return [], 0.0
    each = min(2 * CONFIRM_SHARE * share, max(rest / len(candidates), min(rest, CONFIRM_SHARE * share)))
    count = min(len(candidates), max(1, int(rest / each + 1e-9)))
    return sorted(candidates[:count]), each


def review(record, seat: int, budget_s: float = 0.5, *, game: str | None = None, simulations: int | None = None,
           seed: int = 0, width: int | None = None, workers: int = 1, progress: bool = True,
           cancel: Callable[[], bool] | Any = None, on_row: Callable[[int, int], None] | None = None):
    """Judge every decision ``seat`` made in ``record``: one pandas row per decision.

    Args:
        record: a :class:`~caravan_lessons.coach.records.GameRecord` (an app's ``record()``), its
            ``to_dict()``, or the path of a saved record.
        seat: the seat to review.
        budget_s: seconds of search per decision on average (a positive number; a Jaipur round has about 25
            decisions a seat, a game of the map games 25 to 100): the review spends ``budget_s`` times the
            decisions, half on screening every decision, the rest on duels where the choice is real (module notes).
        game: if given, the game the record must be of (the apps pass theirs).
        simulations: a fixed number of simulations per decision on average instead (reproducible).
        seed: seeds every search (decision ``k`` uses ``derive_seed(seed, "review", move number)``, its duel
            ``derive_seed(seed, "review duel", move number)``).
        width: candidate moves judged per decision (default as for a hint).
        workers: processes judging decisions side by side (1: in this process; 2 uses both cores).
        progress: show a tqdm progress bar.
        cancel: a ``threading.Event`` or a function returning True to stop early; interrupting the
            kernel (Ctrl+C) stops too. The rows done so far are returned, with
            ``df.attrs["cancelled"] = True``.
        on_row: called as ``on_row(done, total)`` after each decision screened and each duel (the apps move a
            progress bar; ``total`` grows by the duels once the screening is done).

    Returns:
        a DataFrame with the columns :data:`COLUMNS`: ``decision`` (1, 2, ... for the seat),
        ``move_number`` (as the apps' replay slider counts; the position before it is
        ``record.state(move_number - 1)``), ``round`` (Jaipur and Marco Polo; else None), the move
        ``played`` and the coach's ``best`` (in the learner's words, as the app lists moves, in this
        process's language: :func:`caravan_lessons.moves.move_words`; the engine's actions of the best
        moves are in ``df.attrs["best_actions"]``), the win chances after each with their 95 % intervals,
        the ``loss`` of win chance with its interval, the ``tag`` (:data:`THRESHOLDS`),
        ``simulations`` and ``seconds`` (screening and duel together), and ``confirmed`` (True: the
        estimates and the tag are the duel's). ``df.attrs`` holds ``game``, ``seat``, ``scope``,
        ``thresholds``, ``cancelled``, ``seconds``, ``duels`` (how many) and ``hints`` (the screening's
        :class:`~.hints.Hint` per row).

    Raises:
        ValueError: not a record, a damaged record or one of another game, a seat not in the game, a
            budget that is not a positive number, bad workers (one line each).
    """
    import pandas as pd
    from tqdm.auto import tqdm

    from .games import profile

    record = as_record(record, game)
    check_seat(seat, "seat", record.players)
    budget_s = check_budget(budget_s)
    simulations = check_simulations(simulations)
    seed = check_seed_value(seed)
    width = check_width(width)
    if on_row is not None and not callable(on_row):
        raise ValueError(f"on_row is a function called as on_row(done, total), or None, not {_short(on_row)}")
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 64:
        raise ValueError(f"workers is a number of processes, 1 to 64, not {_short(workers)}")
    stop = _stopper(cancel)
    todo = decisions(record, seat)
    share = budget_s if simulations is None else simulations          # one decision's share, on average
    width = width or default_width(budget_s, simulations)              # the candidates a whole share judges
    screen_s = budget_s * SCREEN_SHARE
    screen_sims = None if simulations is None else max(1, round(simulations * SCREEN_SHARE))
    jobs = [(record.game, state.observation(seat), list(state.legal_actions()), action, screen_s, screen_sims,
             derive_seed(seed, "review", index), width, None) for index, state, action in todo]
    started = time.perf_counter()
    bar = tqdm(total=len(jobs), desc=f"review of player {seat}", unit="decision", disable=not progress)
    total = len(jobs)

    def tick(done: int) -> None:
        bar.update()
        if on_row is not None:
            on_row(done, total)

    chosen: list[int] = []
    rows: list[dict] = []
    cancelled = False
    try:
        cancelled = _map(_judge, _worker, jobs, workers, stop, tick, rows)
        if not cancelled:
            chosen, each = _duels(rows, share)
            duel_jobs = [(record.game, jobs[k][1], rows[k]["best_action"], jobs[k][3],
                          None if simulations is not None else each,
                          None if simulations is None else max(2, round(each)),
                          derive_seed(seed, "review duel", todo[k][0]), None) for k in chosen]
            total = len(jobs) + len(duel_jobs)
            bar.total = total
            bar.refresh()
            duels: list[dict] = []
            cancelled = _map(_confirm, _confirm, duel_jobs, workers, stop, lambda done: tick(len(jobs) + done), duels)
            for k, found in zip(chosen, duels):
                found.pop("hint", None)
                found["simulations"] += rows[k]["simulations"]
                found["seconds"] += rows[k]["seconds"]
                rows[k].update(found)
    except KeyboardInterrupt:
        cancelled = True
    finally:
        bar.close()
    hints = [row.pop("hint") for row in rows]
    best_actions = [row.pop("best_action") for row in rows]
    for k, row in enumerate(rows):
        index, state, played = todo[k]
        # the moves in the learner's words (the app's list of moves), in this process's language
        row["played"] = move_words(record.game, state, played)
        row["best"] = move_words(record.game, state, best_actions[k])
        row["decision"] = k + 1
        row["move_number"] = index
        row["round"] = _round_of(state)
    frame = pd.DataFrame(rows, columns=COLUMNS)
    frame.attrs.update(game=record.game, seat=seat, players=record.players, scope=profile(record.game).scope, thresholds=dict(THRESHOLDS),
                       cancelled=cancelled, seconds=time.perf_counter() - started, hints=hints,
                       best_actions=best_actions, decisions=len(jobs), duels=len(chosen))
    if cancelled:
        print(f"review stopped after {len(rows)} of {len(jobs)} decisions")
    return frame


def _cancelled():
    from .search import Cancelled

    return Cancelled


def _stopper(cancel) -> Callable[[], bool]:
    if cancel is None:
        return lambda: False
    if callable(getattr(cancel, "is_set", None)):
        return cancel.is_set
    if callable(cancel):
        return lambda: bool(cancel())
    raise ValueError(f"cancel is a threading.Event or a function returning True to stop, not {_short(cancel)}")


def _map(judge, worker, jobs: list, workers: int, stop, tick, rows: list) -> bool:
    """``judge`` each job, in this process (``workers`` 1: the job's cancel is ``stop``) or in ``workers``
    processes (with ``worker``), appending the rows done, in order, to ``rows``; ``tick(done)`` after each.
    Returns whether it was stopped (a KeyboardInterrupt goes through, the rows done so far kept)."""
    if workers > 1:
        done, cancelled = _in_processes(jobs, workers, stop, tick, worker)
        rows.extend(done)
        return cancelled
    for job in jobs:
        if stop():
            return True
        try:
            rows.append(judge(job[:-1] + (stop,)))
        except _cancelled():
            return True
        tick(len(rows))
    return False


def _worker(job: tuple) -> dict:
    row = _judge(job)
    row.pop("hint")  # Hints hold the engine's actions: small, but the parent rebuilds what it shows
    return row


def _in_processes(jobs, workers: int, stop, tick, worker=_worker) -> tuple[list[dict], bool]:
    """Judge the jobs in ``workers`` processes with ``worker`` (forkserver: safe inside a running kernel)."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    from concurrent.futures.process import BrokenProcessPool

    context = multiprocessing.get_context("forkserver")
    results: dict[int, dict] = {}
    cancelled = False
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    try:
        pending = {pool.submit(worker, job): k for k, job in enumerate(jobs)}
        while pending:
            done, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in done:
                results[pending.pop(future)] = future.result()
                tick(len(results))
            if stop():
                cancelled = True
                break
    except BrokenProcessPool:
        raise RuntimeError("the review's worker processes stopped; in a script, call review(..., workers=2) "
                           "under `if __name__ == '__main__':` (multiprocessing's rule), or use workers=1") from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    rows = []
    for k in range(len(jobs)):  # the rows done, in order, up to the first missing one
        if k not in results:
            break
        row = results[k]
        row.setdefault("hint", None)
        rows.append(row)
    return rows, cancelled or len(rows) < len(jobs)
