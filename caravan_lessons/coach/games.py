"""What the coach knows of each game: what a win is, how far a simulation looks, and what to say.

One :class:`Profile` per game. The search itself (``search.py``) is the same for all four; a profile
tells it

* **the scored unit** the win chance is about: the round in Jaipur (seals are won round by round,
  JAI-END-4, JAI-MATCH-2), the whole game elsewhere;
* **the horizon**: how many turns a simulation plays with the game's own rollout policy
  (``playout_policy``, the hook :mod:`caravan_lessons.mcts` uses too) before the position is scored.
  Turns, not moves: a Caravan turn is 1 to 4 actions and an end of turn, a Marco Polo turn bonus
  actions around a main one, so a horizon of moves would stop some lines in the middle of a turn
  (one action short of a delivery) and others at its end, and favour whichever stops better;
* **the cut-off value**: a win chance for a position still being played. Jaipur: the game's
  ``evaluate`` (a logistic of the estimated rupee lead). The map games: their position values
  (``samarkand.agents.estimate``, ``caravan.agents.value``, ``marco_polo.agents.plan_value``, the
  values behind their ``evaluate``) turned into win chances that add up to 1 over the seats
  (``exp(v / scale)`` normalised, the scale of their ``evaluate``): with 2 seats this is exactly their
  ``evaluate``, with 4 seats a position where everyone is level is worth 1/4, as a win would be;
* **points** (for the lead after a simulation, in the game's unit) and **facts** (the counts a
  reason talks about, each with the rule clause that moves it), all read from what the seat may see.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..i18n import N_

__all__ = ["Fact", "Profile", "profile"]


@dataclass(frozen=True)
class Fact:
    """One count a reason may mention: ``label`` (plural noun phrase, e.g. "cards in hand"; English, marked
    for the catalogue: ``tr(fact.label)`` words it in the current language), the
    ``value`` for the seat, and the ``rule`` clause that changes it."""

    key: str
    label: str
    value: float
    rule: str
    unit: str = ""


@dataclass(frozen=True)
class Profile:
    """The coach's view of one game (see the module notes).

    Attributes:
        game: the registered game name.
        unit: the points unit (rupees, points, victory points).
        scope: what the win chance is about, in words ("this round", "the game"); unit and scope are
            English, marked for the catalogue (``tr(profile.scope)`` in the current language).
        horizon: simulated turns after the move being judged before the position is scored (the turn
            the move belongs to ends first and counts as one).
        turn: ``(state) -> key`` that changes whenever a turn ends (Jaipur: every move).
        over: ``(state) -> bool``: the scored unit is over.
        share: ``(state, seat) -> float``: once over, 1 for a sole win, 1/k for a win shared by k, else 0.
        value: ``(state, seat) -> float in [0, 1]``: the win chance of a position still being played.
        points: ``(state, seat) -> float``: the seat's points now, in ``unit``.
        facts: ``(state, seat) -> list[Fact]``: the counts a reason mentions (public to the seat).
        rank: ``(state, seat, actions) -> actions`` best first, or None to use the game's ``rank_actions``.
        policy: ``(state, rng) -> action`` for the simulations, or None to use the game's ``playout_policy``.
    """

    game: str
    unit: str
    scope: str
    horizon: int
    over: Callable[[Any], bool]
    share: Callable[[Any, int], float]
    value: Callable[[Any, int], float]
    points: Callable[[Any, int], float]
    facts: Callable[[Any, int], list[Fact]]
    turn: Callable[[Any], Any]
    rank: Callable | None = None
    policy: Callable | None = None


def _soft_win(values: list[float], seat: int, scale: float) -> float:
    """exp(v_seat / scale) / sum exp(v / scale): win chances over the seats that add up to 1."""
    top = max(values)
    weights = [math.exp(max(-60.0, (v - top) / scale)) for v in values]
    return weights[seat] / sum(weights)


def _shared(winners, seat: int) -> float:
    winners = list(winners)
    return 1.0 / len(winners) if seat in winners else 0.0


# --- Jaipur -------------------------------------------------------------------------------------------

def _jaipur() -> Profile:
    from ..jaipur import agents as ja
    from ..jaipur.components import CAMEL_INDEX, PLAYING

    def over(state) -> bool:
        return state.phase is not PLAYING

    def share(state, seat: int) -> float:
        winner = state.round_results[-1]["winner"]
        return 0.5 if winner is None else float(winner == seat)

    def points(state, seat: int) -> float:
        if state.phase is not PLAYING:
            return float(state.round_results[-1]["rupees"][seat])
        return float(ja._banked(state, seat))

    def facts(state, seat: int) -> list[Fact]:
        goods = sum(v for _, v in state.goods_tokens[seat])
        return [
            Fact("goods", N_("rupees in goods tokens"), goods, "JAI-SELL-2", "rupees"),
            Fact("bonus", N_("bonus tokens"), len(state.bonus_tokens[seat]), "JAI-SELL-3"),
            Fact("hand", N_("cards in hand"), sum(state.hands[seat]) - state.hands[seat][CAMEL_INDEX], "JAI-TAKE-7"),
            Fact("herd", N_("camels in the herd"), state.herds[seat], "JAI-TAKE-5"),
        ]

    return Profile("jaipur", N_("rupees"), N_("this round"), 8, over, share, ja.evaluate, points, facts,
                   lambda state: state.turn)


# --- Samarkand ----------------------------------------------------------------------------------------

def _samarkand() -> Profile:
    from ..samarkand import agents as sa
    from ..samarkand.rules import OVER

    def over(state) -> bool:
        return state.phase == OVER

    def share(state, seat: int) -> float:
        return _shared(state.winners, seat)

    def value(state, seat: int) -> float:
        return _soft_win([sa.estimate(state, q) for q in range(state.players)], seat, 6.0)

    def points(state, seat: int) -> float:
        return float(sa.points_now(state, seat))

    def facts(state, seat: int) -> list[Fact]:
        return [
            Fact("money", N_("dirhams"), state.money[seat], "SAM-SCORE-4", "dirhams"),
            Fact("families", N_("families married"), sum(1 for n in state.held[seat] if n), "SAM-MARRY-1"),
            Fact("goods_tiles", N_("goods tiles"), len(state.goods_tiles[seat]), "SAM-GOODS-1"),
            Fact("relation_tiles", N_("relation tiles"), len(state.relation_tiles[seat]), "SAM-REL-4"),
            Fact("sold", N_("goods cards sold"), len(state.sold[seat]), "SAM-GOODS-2"),
            Fact("hand", N_("goods cards in hand"), len(state.hands[seat]), "SAM-HAND-1"),
        ]

    return Profile("samarkand", N_("points"), N_("the game"), 6, over, share, value, points, facts,
                   lambda state: state.turns)


# --- Caravan ------------------------------------------------------------------------------------------

def _caravan() -> Profile:
    from ..caravan import agents as ca
    from ..caravan.components import GOOD_POINTS, PENALTY

    def over(state) -> bool:
        return state.over

    def share(state, seat: int) -> float:
        return _shared(state.winners, seat)

    def value(state, seat: int) -> float:
        return _soft_win([ca.value(state, q) for q in range(state.players)], seat, ca.EVAL_SCALE)

    def points(state, seat: int) -> float:
        loaded = sum(1 for g in state.load[seat] if g is not None)
        return float(sum(GOOD_POINTS[g] for g in state.delivered[seat]) + state.markers[seat]
                     + PENALTY.get(loaded, -10))

    def facts(state, seat: int) -> list[Fact]:
        delivered = sum(GOOD_POINTS[g] for g in state.delivered[seat])
        return [
            Fact("delivered", N_("points of goods delivered"), delivered, "CAR-MOVE-2", "points"),
            Fact("markers", N_("demand markers"), state.markers[seat], "CAR-PICK-2"),
            Fact("loaded", N_("goods loaded on your camels"), sum(1 for g in state.load[seat] if g is not None),
                 "CAR-PICK-1"),
            Fact("tokens", N_("theft tokens"), state.tokens[seat], "CAR-STEAL-1"),
            Fact("placed", N_("camels on the board"), sum(1 for s in state.pos[seat] if s is not None), "CAR-ACT-1"),
        ]

    return Profile("caravan", N_("points"), N_("the game"), 4, over, share, value, points, facts,
                   lambda state: state.turn)


# --- The Voyages of Marco Polo --------------------------------------------------------------------------

def _marco_polo() -> Profile:
    from ..marco_polo import agents as ma

    def over(state) -> bool:
        return state.phase == "over"

    def share(state, seat: int) -> float:
        return _shared(state.winners, seat)

    def value(state, seat: int) -> float:
        return _soft_win([ma.plan_value(state, q) for q in range(state.players)], seat, 6.0)

    def points(state, seat: int) -> float:
        return float(state.vp[seat])

    def facts(state, seat: int) -> list[Fact]:
        posts = sum(1 for owners in state.posts.values() if seat in owners)
        goods = state.goods[seat]
        return [
            Fact("vp", N_("victory points"), state.vp[seat], "MP-BONUS-2", "victory points"),
            Fact("posts", N_("trading posts"), posts, "MP-TRAVEL-4"),
            Fact("fulfilled", N_("contracts fulfilled"), len(state.fulfilled[seat]), "MP-BONUS-2"),
            Fact("active", N_("active contracts"), len(state.active[seat]), "MP-CONTRACT-3"),
            Fact("coins", N_("coins"), state.coins[seat], "MP-SCORE-2", "coins"),
            Fact("camels", N_("camels"), state.camels[seat], "MP-BONUS-4"),
            Fact("goods", N_("goods (pepper, silk, gold)"), sum(goods), "MP-BAZAAR-1"),
        ]

    def rank(state, seat: int, actions):
        # no rank_actions hook in Marco Polo: its greedy bot's one-action lookahead, choices settled greedily
        scored = [(ma._settled_value(state.child(a), seat, depth=2, worth=ma.plan_value), -i, a)
                  for i, a in enumerate(actions)]
        return [a for _, _, a in sorted(scored, key=lambda t: (t[0], t[1]), reverse=True)]

    def policy(state, rng):
        # the game's rollout policy (a fulfilable contract, else any legal action), except that a choice inside
        # an effect (which good, which column, which path) is taken greedily: a random pick of the good a
        # contract needs would hide what the action is worth
        if state.tasks:
            options = state.legal_actions()
            if 1 < len(options) <= 4:
                seat = state.current_player
                scored = [(ma.plan_value(state.child(a), seat) + 1e-6 * rng.random(), i) for i, a in enumerate(options)]
                return options[max(scored)[1]]
        return ma.playout_policy(state, rng)

    return Profile("marco_polo", N_("victory points"), N_("the game"), 5, over, share, value, points, facts,
                   lambda state: (state.round, state.current), rank, policy)


_BUILDERS = {"jaipur": _jaipur, "samarkand": _samarkand, "caravan": _caravan, "marco_polo": _marco_polo}
_PROFILES: dict[str, Profile] = {}


def profile(game: str) -> Profile:
    """The coach's :class:`Profile` of ``game`` (built once).

    Raises:
        ValueError: a game the coach does not know (the message lists the ones it does).
    """
    found = _PROFILES.get(game)
    if found is None:
        if not isinstance(game, str) or game not in _BUILDERS:
            raise ValueError(f"the coach knows the games {', '.join(sorted(_BUILDERS))}, not {game!r}")
        found = _PROFILES[game] = _BUILDERS[game]()
    return found
