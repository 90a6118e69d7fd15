"""Jaipur (Sébastien Pauchon, 2009): two traders, a market of five cards, camels and goods tokens.

The public names::

    from caravan_lessons import jaipur
    state = jaipur.new_game(seed=7)
    state.legal_actions()                    # TakeOne, TakeCamels, Exchange, Sell, NextRound
    state.apply(jaipur.Sell("cloth", 3))     # RuleViolation (with a rule ID) if illegal

Bots: ``GreedyAgent``, ``HeuristicAgent`` (``agents.py``); for the search bot
(``caravan_lessons.mcts``): ``determinize`` (``hidden.py``) and the hooks ``round_reward``,
``evaluate``, ``playout_policy``, ``rank_actions``.

Rule clauses: ``jaipur.RULES`` (IDs of ``shared/rules/jaipur.md``, in our own words).
"""
from .actions import Action, Exchange, NextRound, Sell, TakeCamels, TakeOne, parse_action
from .agents import ROLLOUT_DEPTH, GreedyAgent, HeuristicAgent, evaluate, playout_policy, rank_actions, round_reward
from .components import BONUS_TOKENS, CAMEL, CARD_COUNTS, CARD_TYPES, GOODS, GOODS_TOKENS, RULES, Rule
from .components import MATCH_OVER, PLAYING, ROUND_OVER
from .movegen import LegalActions, legal_actions_for
from .rules import State, new_game, round_winner
from .selection import selection_to_action
from .hidden import determinize, unseen_cards
from .scenario import scenario

__all__ = [
    "BONUS_TOKENS",
    "CAMEL",
    "CARD_COUNTS",
    "CARD_TYPES",
    "GOODS",
    "GOODS_TOKENS",
    "MATCH_OVER",
    "PLAYING",
    "ROUND_OVER",
    "RULES",
    "Action",
    "Exchange",
    "GreedyAgent",
    "HeuristicAgent",
    "LegalActions",
    "NextRound",
    "Rule",
    "Sell",
    "State",
    "TakeCamels",
    "TakeOne",
    "ROLLOUT_DEPTH",
    "determinize",
    "evaluate",
    "legal_actions_for",
    "new_game",
    "round_winner",
    "parse_action",
    "playout_policy",
    "rank_actions",
    "round_reward",
    "scenario",
    "selection_to_action",
    "unseen_cards",
]
