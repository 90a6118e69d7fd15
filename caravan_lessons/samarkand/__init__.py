"""Samarkand: Routes to Riches (David V. H. Peters and Harry Wu, Queen Games 2010), 2 to 5 players.

Players marry into merchant families and extend the families' camel routes across a map;
relations form where routes meet. The public names::

    from caravan_lessons import samarkand
    state = samarkand.new_game(players=4, seed=7)
    state.legal_actions()          # Marry, Place, EndTurn, Discard, Sell, Keep, Pass
    state.apply(samarkand.Marry("levant"))

The map is a teaching board (``data/board.json``), not the printed one: see :mod:`.board`.
Rule clauses: ``samarkand.RULES`` (IDs of ``shared/rules/samarkand.md``, in our own words).
"""
from .agents import (AGENTS, ROLLOUT_DEPTH, GreedyAgent, HeuristicAgent, determinize, evaluate, play_match,
                     playout_policy, rank_actions, round_reward, simulate)
from .actions import Action, Discard, EndTurn, Keep, Marry, Pass, Place, Sell
from .board import Board, Family, default_board, load_board
from .components import HAND_LIMIT, RULES, Rule
from .scenario import near_end, scenario
from .rules import ACT, DISCARD, OVER, SALE, SECOND, State, new_game

__all__ = [
    "AGENTS", "ROLLOUT_DEPTH", "GreedyAgent", "HeuristicAgent", "determinize", "evaluate", "play_match", "playout_policy",
    "rank_actions", "round_reward", "simulate",
    "ACT", "DISCARD", "HAND_LIMIT", "OVER", "RULES", "SALE", "SECOND",
    "Action", "Board", "Discard", "EndTurn", "Family", "Keep", "Marry", "Pass", "Place", "Rule", "Sell", "State",
    "default_board", "load_board", "near_end", "new_game", "scenario",
]
