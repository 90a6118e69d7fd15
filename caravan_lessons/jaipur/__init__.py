"""Jaipur (Sébastien Pauchon, 2009): two traders, a market of five cards, camels and goods tokens.

The public names::

    from caravan_lessons import jaipur
    state = jaipur.new_game(seed=7)
    state.legal_actions()                    # TakeOne, TakeCamels, Exchange, Sell, NextRound
    state.apply(jaipur.Sell("cloth", 3))     # RuleViolation (with a rule ID) if illegal

Rule clauses: ``jaipur.RULES`` (IDs of ``shared/rules/jaipur.md``, in our own words).
"""
from .actions import Action, Exchange, NextRound, Sell, TakeCamels, TakeOne, parse_action
from .components import CAMEL, CARD_COUNTS, CARD_TYPES, GOODS, GOODS_TOKENS, BONUS_TOKENS, RULES, Rule
from .engine import MATCH_OVER, PLAYING, ROUND_OVER, State, legal_actions_for, new_game, selection_to_action
from .scenario import scenario

__all__ = [
    "Action", "Exchange", "NextRound", "Sell", "TakeCamels", "TakeOne", "parse_action",
    "CAMEL", "CARD_COUNTS", "CARD_TYPES", "GOODS", "GOODS_TOKENS", "BONUS_TOKENS", "RULES", "Rule",
    "State", "new_game", "scenario", "legal_actions_for", "selection_to_action", "PLAYING", "ROUND_OVER", "MATCH_OVER",
]
