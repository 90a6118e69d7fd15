"""The coach: hints that explain, and game reviews that find the costliest moves, for all four games.

    from caravan_lessons import coach, jaipur
    state = jaipur.new_game(seed=7)
    advice = coach.hint(state, seat=0, budget_s=1.0)
    advice.best            # Estimate: the move, its win chance, 95% interval, simulations
    advice.others          # the next-best moves with theirs
    print(advice.reason)   # what the move changes, citing the rule clauses
    record = coach.GameRecord(start, actions)          # or app.record() in the play apps, or
    record = coach.bot_record("jaipur", ["heuristic", "random"], seed=1)   # a bots' game
    df = coach.review(record, seat=0, budget_s=0.5)    # one row per decision, tagged

The coach sees only what the seat may see: every estimate comes from simulations that deal the
hidden cards at random, consistently with ``state.observation(seat)`` (the game's ``determinize``,
the hook the search bot :mod:`caravan_lessons.mcts` uses too), then play on with the game's rollout
policy. Every estimate carries its 95 % interval and its number of simulations, and a review
tags a move only when the interval shows the loss (see :mod:`.review` for the thresholds and
:mod:`.search` for the method).

Modules: :mod:`.search` (the determinized search), :mod:`.games` (what a win is in each game, the
horizon, the counts a reason mentions), :mod:`.hints` (:func:`hint`), :mod:`.review`
(:func:`review`), :mod:`.records` (:class:`GameRecord`, saved as JSON). Pictures of a review are in
:mod:`caravan_lessons.viz.coach`. No widgets here: the apps add the buttons.
"""
from .hints import Hint, hint
from .records import GameRecord, bot_record, load_record
from .review import COLUMNS, THRESHOLDS, decisions, review, tag, verdict
from .search import Cancelled, Estimate

__all__ = ["COLUMNS", "THRESHOLDS", "Cancelled", "Estimate", "GameRecord", "Hint", "bot_record", "decisions", "hint",
           "load_record", "review", "tag", "verdict"]
