"""The Voyages of Marco Polo (Simone Luciani, Daniele Tascini, 2015): 2-4 players, 5 rounds of dice.

The public names::

    from caravan_lessons import marco_polo
    state = marco_polo.new_game(players=4, seed=7)      # first-game characters by seat
    state.legal_actions()      # Place, Fulfil, Reroll, Adjust, BuyBlackDie, EndTurn; Move/Choose in effects
    state.apply(action)        # RuleViolation (with an MP-* rule ID) if illegal; the state is unchanged
    marco_polo.cheapest_routes(marco_polo.board(), "venezia", 6, camel_value=2)
    marco_polo.scenario(("johannes", "polos"), dice=(4, 5), coins={0: 10})   # a position set by hand

Rule clauses: ``marco_polo.RULES`` (IDs of ``shared/rules/marco_polo.md``).
"""
from .actions import Action, Adjust, BuyBlackDie, Choose, EndTurn, Fulfil, Move, Place, Reroll
from .components import GOODS, GameData, Rule, default_data, load_data
from .rules import CHARACTERS, FIRST_GAME, State, new_game
from .travel import Map, cheapest_routes, reachable_objective_cities, route_cost
from .scenario import scenario


def board():
    """The map as an ``nx.Graph`` (25 locations, 30 routes; see ``components.GameData.board``)."""
    return default_data().board


def __getattr__(name):
    if name == "RULES":
        return default_data().rules
    raise AttributeError(name)


__all__ = ["CHARACTERS", "FIRST_GAME", "GOODS", "Action", "Adjust", "BuyBlackDie", "Choose", "EndTurn", "Fulfil",
           "GameData", "Map", "Move", "Place", "Reroll", "Rule", "State", "board", "cheapest_routes",
           "default_data", "load_data", "new_game", "reachable_objective_cities", "route_cost", "scenario"]

from .agents import SEATS, GreedyAgent, play_match, value  # noqa: E402
from .agents import (AGENTS, ROLLOUT_DEPTH, HeuristicAgent, PlannerAgent, determinize, evaluate,  # noqa: E402
                     playout_policy, policy_among, rank_actions)

__all__ += ["AGENTS", "SEATS", "GreedyAgent", "play_match", "value", "HeuristicAgent", "PlannerAgent", "determinize", "evaluate", "playout_policy", "rank_actions", "ROLLOUT_DEPTH",
            "policy_among"]
