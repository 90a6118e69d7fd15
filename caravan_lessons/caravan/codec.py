"""Caravan's action codec and observation tensor (for OpenSpiel, PettingZoo and learning agents).

On the 7 x 7 teaching board (S = 49 spaces, in ``board.spaces`` order, row by row) every action the
engine can offer has a fixed id ``0..N-1``, ``N = 21,659 + 392 * players`` (22,443 / 22,835 / 23,227
for 2 / 3 / 4 players):

=====================================  ============================================  ==========
ids (from the first of each block)     actions                                       how many
=====================================  ============================================  ==========
0                                      ``EndTurn()`` (CAR-TURN-2)                    1
1                                      ``PlaceCamel(space)`` (CAR-ACT-1/2)           S
1 + S                                  ``MoveCamel(source, target)``, target is not  S (S - 1)
                                       the source (CAR-CAMEL-1)
1 + S^2                                ``PickUp(space)`` (CAR-PICK-1)                S
1 + S^2 + S                            ``Steal(space, victim, good)``: space, then   S * players * 8
                                       victim seat, then good (CAR-STEAL-1)
1 + S^2 + S (1 + 8 players)            ``MoveGood(source, target, good)``: source,   S * S * 8
                                       target (it may be the source: your empty
                                       camel on the same space), good (CAR-MOVE-1)
=====================================  ============================================  ==========

Each action is one decision of the engine (a turn is a sequence of them closed by ``EndTurn``), so
nothing is split; the ids are enumerated from the board and the goods (in ``GOODS`` order). Steals
from your own seat have ids but are never legal. Another board of S spaces gives
``N = 1 + S (S + 1) + S * 8 (players + S)``.

The observation tensor (your seat first, then the others clockwise) is built from
``state.observation(seat)`` alone; Caravan hides only the order of the bag (its contents are public).
"""
from __future__ import annotations

from functools import lru_cache

from ..codecs import Codec, egocentric, whole_number
from ..core import _short
from .actions import EndTurn, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal
from .board import Board, load_board
from .components import CUBES, GOODS, MAX_ACTIONS, PLAYERS, THEFT_TOKENS_EACH

__all__ = ["CaravanCodec", "codec"]

_GOOD = {g: i for i, g in enumerate(GOODS)}
G = len(GOODS)


class CaravanCodec(Codec):
    """Caravan for ``players`` (2-4) on ``board``: ``n`` actions (see the module notes)."""

    game = "caravan"

    def __init__(self, players: int, board: Board):
        self.players, self.board = players, board
        self.spaces = list(board.spaces)
        self._space = {s: i for i, s in enumerate(self.spaces)}
        S, p = len(self.spaces), players
        self._placeid = 1
        self._move = 1 + S
        self._pick = self._move + S * (S - 1)
        self._steal = self._pick + S
        self._good = self._steal + S * p * G
        self.n = self._good + S * S * G
        self._fields = (
            ("to_move", 1, "1 if this seat decides now"),
            ("actions_left", MAX_ACTIONS + 1, "one-hot: actions left this turn, 0..4 (CAR-TURN-1)"),
            ("turn", 1, "turns started so far; / 100"),
            ("end_triggered", 1, "1 once the bag is empty: the next delivery ends the game (CAR-END-1)"),
            ("empty_camels", p * S, "your empty camels per space, then each other seat's; / 2"),
            ("loaded_camels", p * S * G, "camels carrying each good: seat, then space, then good (GOODS order); / 2"),
            ("under", p * S * G, "stolen goods lying under a camel (safe, CAR-STEAL-2): seat, space, good"),
            ("supply", p, "camels still in each seat's supply; / camels each"),
            ("goods", S * G, "goods lying on the board: space, then good"),
            ("demand", S, "demand markers per space; / 4"),
            ("delivered", p * G, "goods delivered: seat, then good; / 9"),
            ("markers", p, "demand markers collected per seat; / 10"),
            ("tokens", p, "theft tokens per seat; / 4"),
            ("bag", G, "cubes left in the bag per good (the order is hidden); / 9"),
        )

    def _index(self, action):
        kind, sp, S = type(action), self._space, len(self.spaces)
        try:
            if kind is MoveGood:
                return self._good + (sp[action.source] * S + sp[action.target]) * G + _GOOD[action.good]
            if kind is MoveCamel:
                a, b = sp[action.source], sp[action.target]
                return None if a == b else self._move + a * (S - 1) + (b if b < a else b - 1)
            if kind is PlaceCamel:
                return self._placeid + sp[action.space]
            if kind is PickUp:
                return self._pick + sp[action.space]
            if kind is Steal:
                if action.victim >= self.players:
                    return None
                return self._steal + (sp[action.space] * self.players + action.victim) * G + _GOOD[action.good]
        except KeyError:
            return None
        return 0 if kind is EndTurn else None

    def legal_ids(self, state) -> list[int]:
        """The ids of ``state.legal_actions()``, ascending, the camel placements and moves worked out on the
        spaces' indices (the tests check them against ``Codec.legal_ids``, which encodes every action)."""
        self.check_state(state)
        if state.over:
            return []
        if state.actions_left == 0:
            return [0]
        p, S, sp, count = state.current, len(self.spaces), self._space, state.count
        pos, load = state.pos[p], state.load[p]
        free = None if state.actions_left >= 2 else [i for i, s in enumerate(self.spaces) if not count[s]]
        ids = [0]
        if None in pos:                                        # CAR-ACT-1/2
            ids += range(1, 1 + S) if free is None else [1 + i for i in free]
        empty_at = sorted({pos[i] for i in range(state.camels) if pos[i] is not None and load[i] is None})
        move = self._move
        for source in empty_at:                                # CAR-CAMEL-1
            a = sp[source]
            base = move + a * (S - 1)
            if free is None:
                ids += range(base, base + S - 1)
            else:
                ids += [base + (b if b < a else b - 1) for b in free if b != a]
        goods = [self._index(action) for action in state.goods_actions(empty_at)]
        if None in goods:           # not an action of this codec: encode names it
            goods = [self.encode(action) for action in state.goods_actions(empty_at)]
        goods.sort()
        return ids + goods

    def _action(self, i: int):
        S, spaces = len(self.spaces), self.spaces
        if i == 0:
            return EndTurn()
        if i < self._move:
            return PlaceCamel(spaces[i - self._placeid])
        if i < self._pick:
            a, b = divmod(i - self._move, S - 1)
            return MoveCamel(spaces[a], spaces[b if b < a else b + 1])
        if i < self._steal:
            return PickUp(spaces[i - self._pick])
        if i < self._good:
            rest, g = divmod(i - self._steal, G)
            s, victim = divmod(rest, self.players)
            return Steal(spaces[s], victim, GOODS[g])
        rest, g = divmod(i - self._good, G)
        a, b = divmod(rest, S)
        return MoveGood(spaces[a], spaces[b], GOODS[g])

    def _fill(self, o: dict, x) -> None:
        me, p = o["player"], self.players
        if o["players"] != p:
            raise ValueError(f"caravan codec for {p} players: this observation is of a {o['players']}-player game")
        seats = egocentric(me, p)
        S, sp, at = len(self.spaces), self._space, self.at
        x[0] = o["current"] == me and not o["over"]
        x[at["actions_left"] + o["actions_left"]] = 1
        x[at["turn"]] = o["turn"] / 100
        x[at["end_triggered"]] = bool(o["end_triggered"])
        empty, loaded, under, supply = at["empty_camels"], at["loaded_camels"], at["under"], at["supply"]
        for k, s in enumerate(seats):
            camels = o["camels"][s]
            for camel in camels:
                where = camel["at"]
                if where is None:
                    x[supply + k] += 1 / len(camels)
                    continue
                i = sp[tuple(where)]
                if camel["good"] is None:
                    x[empty + k * S + i] += 0.5
                else:
                    j = (k * S + i) * G + _GOOD[camel["good"]]
                    x[loaded + j] += 0.5
                    if camel["under"]:
                        x[under + j] = 1
            for good in o["delivered"][s]:
                x[at["delivered"] + k * G + _GOOD[good]] += 1 / CUBES["salt"]
            x[at["markers"] + k] = o["markers"][s] / 10
            x[at["tokens"] + k] = o["tokens"][s] / (THEFT_TOKENS_EACH * 4)
        for item in o["goods"]:
            x[at["goods"] + sp[tuple(item["at"])] * G + _GOOD[item["good"]]] = 1
        for item in o["demand"]:
            x[at["demand"] + sp[tuple(item["at"])]] = item["markers"] / 4
        for g, good in enumerate(GOODS):
            x[at["bag"] + g] = o["bag"][good] / CUBES["salt"]

    def _fill_state(self, state, me: int, x) -> None:
        """:meth:`_fill` read from the engine ``state`` for seat ``me`` (the observation's numbers, the same
        arithmetic): the bag by its counts per good, never its order."""
        p = self.players
        seats = egocentric(me, p)
        S, sp, at = len(self.spaces), self._space, self.at
        x[0] = state.current == me and not state.over
        x[at["actions_left"] + state.actions_left] = 1
        x[at["turn"]] = state.turn / 100
        x[at["end_triggered"]] = bool(state.end_triggered)
        empty, loaded, under, supply = at["empty_camels"], at["loaded_camels"], at["under"], at["supply"]
        delivered, camels = at["delivered"], state.camels
        step, salt = 1 / camels, 1 / CUBES["salt"]
        for k, s in enumerate(seats):
            pos, load, below = state.pos[s], state.load[s], state.under[s]
            for i, where in enumerate(pos):
                if not where:
                    x[supply + k] += step
                    continue
                space = sp[tuple(where)]
                good = load[i]
                if good is None:
                    x[empty + k * S + space] += 0.5
                else:
                    j = (k * S + space) * G + _GOOD[good]
                    x[loaded + j] += 0.5
                    if below[i]:
                        x[under + j] = 1
            for good in state.delivered[s]:
                x[delivered + k * G + _GOOD[good]] += salt
            x[at["markers"] + k] = state.markers[s] / 10
            x[at["tokens"] + k] = state.tokens[s] / (THEFT_TOKENS_EACH * 4)
        for node, good in state.goods.items():
            x[at["goods"] + sp[tuple(node)] * G + _GOOD[good]] = 1
        for node, n in state.demand.items():
            x[at["demand"] + sp[tuple(node)]] = n / 4
        bag, cubes, scale = at["bag"], state.bag, CUBES["salt"]
        for g, good in enumerate(GOODS):      # counted in C: the bag holds up to 45 cubes
            n = cubes.count(good)
            if n:
                x[bag + g] = n / scale


def codec(players: int = 4, board: Board | None = None) -> CaravanCodec:
    """The Caravan codec for ``players`` (2-4) on ``board`` (default: the teaching board); built once.

    Raises:
        ValueError: ``players`` is not 2..4, or ``board`` is not a caravan Board.
    """
    if whole_number(players) not in PLAYERS:   # a numpy integer is a count too; a bool is not
        raise ValueError(f"caravan codec: Caravan is played by 2 to 4 players, not {_short(players)}")
    if board is not None and not isinstance(board, Board):
        raise ValueError(f"caravan codec: board is a caravan Board (caravan.load_board(...)), not {_short(board)}")
    return _codec(int(players), board or load_board(None))


@lru_cache(maxsize=16)
def _codec(players: int, board: Board) -> CaravanCodec:
    return CaravanCodec(players, board)
