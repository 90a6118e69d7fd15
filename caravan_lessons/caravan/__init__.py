"""Caravan (Joe Huber, 2019): 2-4 players relay goods along chains of their own camels on a grid.

The public names::

    from caravan_lessons import caravan
    state = caravan.new_game(players=4, seed=7)
    state.legal_actions()        # EndTurn, PlaceCamel, MoveCamel, PickUp, Steal, MoveGood
    state.apply(caravan.PlaceCamel((0, 0)))   # RuleViolation (with a rule ID) if illegal

The board is data (``data/board.json``, a documented teaching board; :func:`load_board` reads
another). Bots: ``BOTS`` / :func:`make_bot` (random, kind-random, greedy, heuristic, mcts) and the
MCTS hooks ``determinize``, ``evaluate``, ``playout_policy``, ``rank_actions``. Rule clauses: ``caravan.RULES`` (IDs of ``shared/rules/caravan.md``, our own words).
"""
from .actions import Action, EndTurn, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal, action_from_dict
from .board import TEACHING_BOARD, Board, load_board, teaching_board
from .components import COMMON, CUBES, GOOD_POINTS, GOODS, PENALTY, RARE, RULES, Rule
from .agents import (BOTS, ROLLOUT_DEPTH, ROOT_BIAS, GreedyAgent, HeuristicAgent, KindRandomAgent, determinize, evaluate, make_bot,
                     play_match, playout_policy, rank_actions, simulate, variant)
from .rules import State, new_game
from .scenario import scenario, worked_example
from .scoring import penalty

__all__ = ["BOTS", "ROLLOUT_DEPTH", "ROOT_BIAS", "GreedyAgent", "HeuristicAgent", "KindRandomAgent", "determinize", "evaluate", "make_bot",
           "penalty", "play_match", "scenario", "worked_example", "playout_policy", "rank_actions", "simulate", "variant", "COMMON", "CUBES", "GOODS", "GOOD_POINTS", "PENALTY", "RARE", "RULES", "TEACHING_BOARD", "Action",
           "Board", "EndTurn", "MoveCamel", "MoveGood", "PickUp", "PlaceCamel", "Rule", "State", "Steal",
           "action_from_dict", "load_board", "new_game", "teaching_board"]
