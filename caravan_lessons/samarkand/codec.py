"""Samarkand's action codec and observation tensor (for OpenSpiel, PettingZoo and learning agents).

On the teaching board (10 families, 66 spaces) every action the engine can offer has a fixed id
``0..N-1``, ``N = 1,300`` for every player count:

=========  ==============================================================  ========
ids        actions                                                         how many
=========  ==============================================================  ========
0-9        ``Marry(family)``, families in the board's order (SAM-MARRY-1)  10
10-669     ``Place(family, space)``: family * 66 + space (SAM-EXT-1, -4)    660
670        ``EndTurn()`` after the first camel (SAM-EXT-4)                 1
671-1,232  ``Discard(cards)``: nothing, one card 1..33, or two (ascending)  562
           (SAM-MARRY-4)
1,233-     ``Sell(goods)`` 1..33, then ``Keep(goods)`` 1..33 (SAM-GOODS-2, 66
1,298      SAM-GOODS-4)
1,299      ``Pass()`` (SAM-TURN-1 ruling)                                  1
=========  ==============================================================  ========

The engine already asks a turn as its sub-decisions (marry, then discard; the first camel, then a
second or the end of the turn; each sale, by whoever holds the card), so the codec follows it and
enumerates nothing bigger than a discard of two cards. Another board gives ``N = 3 + F + F * S + 562
+ 66`` for ``F`` families and ``S`` spaces.

The observation tensor (your seat first, then the others clockwise; see :meth:`SamarkandCodec.layout`)
is built from ``state.observation(seat)`` alone: the other hands (only their sizes), the deck, the
discard pile and the order of the bag never reach it.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..codecs import Codec, egocentric, whole_number
from ..core import _short
from .actions import Discard, EndTurn, Keep, Marry, Pass, Place, Sell
from .board import Board, default_board
from .components import CAMELS_PER_FAMILY, FAMILY_TILES, GOODS_COUNT, HAND_LIMIT, PLAYERS, RELATION_TILES
from .rules import ACT, DISCARD, OVER, SALE, SECOND

__all__ = ["SamarkandCodec", "codec"]

PHASES = (ACT, DISCARD, SALE, SECOND, OVER)
_GOODS = range(1, GOODS_COUNT + 1)


class SamarkandCodec(Codec):
    """Samarkand for ``players`` (2-5) on ``board``: ``n`` actions (1,300 on the teaching board)."""

    game = "samarkand"

    def __init__(self, players: int, board: Board):
        self.players, self.board = players, board
        self.families = [f.id for f in board.families]
        self.spaces = list(board.spaces)
        nf, ns = len(self.families), len(self.spaces)
        self._place = nf
        self._end_turn = nf + nf * ns
        self._discards = [()] + [(c,) for c in _GOODS] + list(combinations(_GOODS, 2))
        self._discard_id = {cards: self._end_turn + 1 + i for i, cards in enumerate(self._discards)}
        self._sell = self._end_turn + 1 + len(self._discards)
        self._keep = self._sell + GOODS_COUNT
        self._pass = self._keep + GOODS_COUNT
        self.n = self._pass + 1
        p, f, s, g = players, nf, ns, GOODS_COUNT
        self._fields = (
            ("to_move", 1, "1 if this seat decides now"),
            ("phase", 5, "one-hot: act (marry or extend), discard, a sale decision, the second camel, game over"),
            ("active", p, "one-hot: whose turn it is (you, then the others clockwise)"),
            ("sale_goods", g, "one-hot: the goods card 1..33 whose sale is being decided (none: all 0)"),
            ("sale_holder", p, "one-hot: who decides that sale"),
            ("money", p, "dirhams per seat; / 50"),
            ("family_tiles", p * f, "family tiles held, per seat then family (board order); / 2"),
            ("hand", g, "your goods cards 1..33 (1 = in your hand)"),
            ("hand_sizes", p, "cards in each hand (sold ones not counted); / the hand limit"),
            ("sold", p * g, "goods cards sold, per seat then card 1..33"),
            ("goods_tiles", p * g, "goods tiles taken, per seat then number 1..33"),
            ("relation_tiles", p * f, "relation tiles held, per seat then family; / 5"),
            ("green_tiles", p, "green (first) relation tiles held per seat; / 10"),
            ("house_tiles", f, "family tiles left in each house; / 2"),
            ("treasury", f, "dirhams in each family treasury; / 30"),
            ("reserve", f, "camels left in each family reserve; / 11"),
            ("relation_stack", f, "relation tiles left on each family's stack; / 5"),
            ("related", f * (f - 1) // 2, "1 for each pair of families (f < g, in order) that has met"),
            ("camels", s * f, "camels on the board: space (board order) then family, 1 if there"),
            ("deck", 1, "cards left in the deck (order and cards hidden); / 33"),
            ("discard", 1, "cards in the discard pile (hidden); / 33"),
            ("bag", f, "family tiles still in the bag (2 players, SAM-2P-2; the order is hidden)"),
            ("removed", f, "family tiles out of the game (2 players, SAM-2P-5)"),
            ("extending", f, "one-hot: the family being extended this turn (none: all 0)"),
            ("married", 1, "1 if the active player married this turn"),
            ("passes", 1, "passes in a row; / players"),
            ("turns", 1, "turns played; / 100"),
        )
        self._pairs = {(a, b): k for k, (a, b) in enumerate(combinations(range(nf), 2))}

    def _index(self, action):
        kind = type(action)
        if kind is Place:
            f = self.board.family_index.get(action.family)
            s = self.board.index.get(action.space)
            return None if f is None or s is None else self._place + f * len(self.spaces) + s
        if kind is Marry:
            return self.board.family_index.get(action.family)
        if kind is Discard:
            return self._discard_id.get(action.cards)
        if kind is Sell:
            return self._sell + action.goods - 1
        if kind is Keep:
            return self._keep + action.goods - 1
        if kind is EndTurn:
            return self._end_turn
        if kind is Pass:
            return self._pass
        return None

    def legal_ids(self, state) -> list[int]:
        """The ids of ``state.legal_actions()``, ascending: ``Codec.legal_ids`` with the placements (most of
        the list) numbered in the loop, not through ``encode`` (the tests check both give the same ids)."""
        self.check_state(state)
        place, spaces, family, space = self._place, len(self.spaces), self.board.family_index, self.board.index
        index = self._index
        ids = []
        for action in state.legal_actions():
            if type(action) is Place:
                ids.append(place + family[action.family] * spaces + space[action.space])
            else:
                i = index(action)
                if i is None:
                    self.encode(action)             # raises, naming the codec
                ids.append(i)
        ids.sort()
        return ids

    def _action(self, i: int):
        if i < self._place:
            return Marry(self.families[i])
        if i < self._end_turn:
            f, s = divmod(i - self._place, len(self.spaces))
            return Place(self.families[f], self.spaces[s])
        if i == self._end_turn:
            return EndTurn()
        if i < self._sell:
            return Discard(self._discards[i - self._end_turn - 1])
        if i < self._keep:
            return Sell(i - self._sell + 1)
        if i < self._pass:
            return Keep(i - self._keep + 1)
        return Pass()

    def _fill(self, o: dict, x) -> None:
        me, p = o["player"], self.players
        if len(o["players"]) != p:
            raise ValueError(f"samarkand codec for {p} players: this observation is of a {len(o['players'])}-player game")
        seats = egocentric(me, p)
        rank = {s: k for k, s in enumerate(seats)}
        fams, fi, at = self.families, self.board.family_index, self.at
        nf, g = len(fams), GOODS_COUNT
        x[0] = o["current_player"] == me
        x[at["phase"] + PHASES.index(o["phase"])] = 1
        x[at["active"] + rank[o["active"]]] = 1
        pending = o["pending"]
        if pending:
            x[at["sale_goods"] + pending["goods"] - 1] = 1
            x[at["sale_holder"] + rank[pending["holder"]]] = 1
        players = o["players"]
        tiles, sold, goods, relations = at["family_tiles"], at["sold"], at["goods_tiles"], at["relation_tiles"]
        for k, s in enumerate(seats):
            entry = players[s]
            x[at["money"] + k] = entry["money"] / 50
            for f, n in entry["tiles"].items():
                x[tiles + k * nf + fi[f]] = n / FAMILY_TILES
            for card in entry["sold"]:
                x[sold + k * g + card - 1] = 1
            for card in entry["goods_tiles"]:
                x[goods + k * g + card - 1] = 1
            green = 0
            for tile in entry["relation_tiles"]:
                x[relations + k * nf + fi[tile["family"]]] += 1 / RELATION_TILES
                green += tile["colour"] == "green"
            x[at["green_tiles"] + k] = green / 10
            x[at["hand_sizes"] + k] = o["hand_sizes"][s] / HAND_LIMIT[p]
        for card in players[me]["hand"]:
            x[at["hand"] + card - 1] = 1
        families = o["families"]
        for f, name in enumerate(fams):
            family = families[name]
            x[at["house_tiles"] + f] = family["house_tiles"] / FAMILY_TILES
            x[at["treasury"] + f] = family["treasury"] / 30
            x[at["reserve"] + f] = family["reserve"] / (CAMELS_PER_FAMILY - 1)
            x[at["relation_stack"] + f] = family["relation_stack"] / RELATION_TILES
        for r in o["relations"]:
            a, b = sorted((fi[r["active"]], fi[r["passive"]]))
            x[at["related"] + self._pairs[a, b]] = 1
        camels, index = at["camels"], self.board.index
        for space, here in o["camels"].items():
            base = camels + index[space] * nf
            for f in here:
                x[base + fi[f]] = 1
        x[at["deck"]] = o["deck"] / GOODS_COUNT
        x[at["discard"]] = o["discard"] / GOODS_COUNT
        for f in o["bag"]:
            x[at["bag"] + fi[f]] = 1
        for f in o["removed"]:
            x[at["removed"] + fi[f]] = 1
        if o["extending"] is not None:
            x[at["extending"] + fi[o["extending"]]] = 1
        x[at["married"]] = bool(o["married"])
        x[at["passes"]] = o["passes"] / p
        x[at["turns"]] = o["turns"] / 100

    def _fill_state(self, state, me: int, x) -> None:
        """:meth:`_fill` read from the engine ``state`` for seat ``me`` (the observation's numbers, the same
        arithmetic): the seat's own hand, the other hands, the deck and the discards by their sizes only,
        the bag as a set. Written for speed (PettingZoo builds one a step): offsets bound once, only the
        nonzero numbers written (``x`` is zeros)."""
        p, nf, g, at = self.players, len(self.families), GOODS_COUNT, self.at
        x[0] = state.current_player == me
        x[at["phase"] + PHASES.index(state.phase)] = 1
        x[at["active"] + (state.active - me) % p] = 1
        if state.pending:
            goods, holder = state.pending
            x[at["sale_goods"] + goods - 1] = 1
            x[at["sale_holder"] + (holder - me) % p] = 1
        tiles, sold, goods_at, relations = at["family_tiles"], at["sold"], at["goods_tiles"], at["relation_tiles"]
        money, green_at, sizes, limit = at["money"], at["green_tiles"], at["hand_sizes"], HAND_LIMIT[p]
        step = 1 / RELATION_TILES
        for k in range(p):
            s = (me + k) % p
            x[money + k] = state.money[s] / 50
            base = tiles + k * nf
            for f, n in enumerate(state.held[s]):
                if n:
                    x[base + f] = n / FAMILY_TILES
            base = sold + k * g - 1
            for card in state.sold[s]:
                x[base + card] = 1
            base = goods_at + k * g - 1
            for card in state.goods_tiles[s]:
                x[base + card] = 1
            held = state.relation_tiles[s]
            if held:
                base, green = relations + k * nf, 0
                for f, colour in held:
                    x[base + f] += step
                    green += colour == "green"
                x[green_at + k] = green / 10
            x[sizes + k] = len(state.hands[s]) / limit
        base = at["hand"] - 1
        for card in state.hands[me]:
            x[base + card] = 1
        base = at["house_tiles"]
        for f, value in enumerate(state.house_tiles):
            if value:
                x[base + f] = value / FAMILY_TILES
        base = at["treasury"]
        for f, value in enumerate(state.treasury):
            if value:
                x[base + f] = value / 30
        base, scale = at["reserve"], CAMELS_PER_FAMILY - 1
        for f, value in enumerate(state.reserve):
            if value:
                x[base + f] = value / scale
        base = at["relation_stack"]
        for f, value in enumerate(state.relation_stack):
            if value:
                x[base + f] = value / RELATION_TILES
        pairs, related = self._pairs, at["related"]
        for a, b, _space, _player in state.relation_log:
            x[related + pairs[(a, b) if a < b else (b, a)]] = 1
        base = at["camels"]
        for here in state.camels:
            if here:
                for f in here:
                    x[base + f] = 1
            base += nf
        x[at["deck"]] = len(state.deck) / GOODS_COUNT
        x[at["discard"]] = len(state.discard) / GOODS_COUNT
        base = at["bag"]
        for f in state.bag:
            x[base + f] = 1
        base = at["removed"]
        for f in state.removed:
            x[base + f] = 1
        if state.extending >= 0:
            x[at["extending"] + state.extending] = 1
        if state.married:
            x[at["married"]] = 1
        x[at["passes"]] = state.passes / p
        x[at["turns"]] = state.turns / 100

def codec(players: int = 4, board: Board | None = None) -> SamarkandCodec:
    """The Samarkand codec for ``players`` (2-5) on ``board`` (default: the teaching board); built once.

    Raises:
        ValueError: ``players`` is not 2..5, or ``board`` is not a samarkand Board.
    """
    if whole_number(players) not in PLAYERS:   # a numpy integer is a count too; a bool is not
        raise ValueError(f"samarkand codec: Samarkand is played by 2 to 5 players, not {_short(players)}")
    if board is not None and not isinstance(board, Board):
        raise ValueError(f"samarkand codec: board is a samarkand Board (samarkand.load_board(...)), not {_short(board)}")
    return _codec(int(players), board or default_board())


@lru_cache(maxsize=16)
def _codec(players: int, board: Board) -> SamarkandCodec:
    return SamarkandCodec(players, board)
