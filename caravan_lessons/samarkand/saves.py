"""Samarkand saved games: the JSON format (a StrictModel schema) and its consistency rules.

``State.to_dict()`` writes every piece by name (families and spaces by their ids, cards by
number); ``State.from_dict(data)`` validates the schema (shared validation layer, strict types:
no booleans or floats for counts), then checks the game's invariants, each naming the clause
it protects (SaveFileError: "saved game: SAM-EXT-3: space 'g4' holds 2 Levant camels ...").
"""
from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal

from pydantic import Field

from ..core import FORMAT_VERSION, SaveFileError, _short
from ..files import StrictModel, bounded, check, validate
from .board import Board, board_named, board_with
from .components import (
    ACTIVE_PREMIUM,
    CAMELS_PER_FAMILY,
    FAMILIES,
    FAMILY_TILES,
    GOODS_COUNT,
    HAND_LIMIT,
    PASSIVE_PREMIUM,
    PLAYERS,
    RELATION_TILES,
    RULES,
    SALE_PRICE,
    SPACE_CAPACITY,
    START_MONEY,
)
from .rules import ACT, DISCARD, OVER, SALE, SECOND, State, open_spaces

Phase = Literal["act", "discard", "sale", "second", "over"]

# Bounds of every count, from the components (SAM-COMP-*). The bank never runs out (SAM-COMP-3 ruling),
# yet what it can pay in one game is limited by the pieces: 33 goods sold at 3 dirhams, and at most one
# premium per pair of families (45 pairs), at most 3 + 1 dirhams to each of the 2 holders of each tile.
MAX_PLAYERS = max(PLAYERS)
MAX_PLACED = FAMILIES * (CAMELS_PER_FAMILY - 1)
"""Camels placed in a game: every family's camels but the one on its start space (110)."""
MAX_MARRIAGES = FAMILIES * FAMILY_TILES
"""Marriages in a game: one per family tile (20)."""
MAX_RELATIONS = FAMILIES * (FAMILIES - 1) // 2
"""New trade relations in a game: one per pair of families (45, SAM-REL-5)."""
MAX_BANK_OUT = GOODS_COUNT * SALE_PRICE + MAX_RELATIONS * (ACTIVE_PREMIUM + PASSIVE_PREMIUM) * FAMILY_TILES
"""Dirhams the bank can pay in one game: 33 sales of 3 plus 45 relations of at most 8 (459)."""
MAX_DIRHAMS = START_MONEY * MAX_PLAYERS + MAX_BANK_OUT
"""Dirhams anyone can hold: all the starting money plus all the bank can pay (509)."""
MAX_TURNS = (MAX_MARRIAGES + MAX_PLACED + 1) * MAX_PLAYERS
"""Turns in a game: every turn but a pass marries or places a camel, and fewer than 5 passes come in a
row before the next such turn (SAM-TURN-1): (20 + 110 + 1) x 5 = 655."""

Seat = bounded(0, MAX_PLAYERS - 1, "seats", "SAM-SETUP-6", why="2 to 5 players")
Dirhams = bounded(0, MAX_DIRHAMS, "dirhams", "SAM-COMP-3", why="the starting money plus all the bank can pay in a game")
GoodsNumber = bounded(1, GOODS_COUNT, "goods numbers", "SAM-COMP-2")


class RelationTileSave(StrictModel):
    family: str
    colour: Literal["green", "grey"]


class PendingSave(StrictModel):
    goods: GoodsNumber
    holder: Seat


class EventSave(StrictModel):
    player: bounded(-1, MAX_PLAYERS - 1, "event seats", "SAM-TURN-1", why="-1: the game itself")
    text: str
    rule: str = Field(description="the rule ID (SAM-...) or '' for a note")


class PlayerSave(StrictModel):
    money: Dirhams
    tiles: dict[str, bounded(0, FAMILY_TILES, "family tiles held of one family", "SAM-COMP-1",
                             why="2 players may hold both tiles of a family")]
    hand: list[GoodsNumber] = Field(max_length=GOODS_COUNT)
    sold: list[GoodsNumber] = Field(max_length=GOODS_COUNT)
    goods_tiles: list[GoodsNumber] = Field(max_length=GOODS_COUNT)
    relation_tiles: list[RelationTileSave] = Field(max_length=FAMILIES * RELATION_TILES)


class FamilySave(StrictModel):
    house_tiles: bounded(0, FAMILY_TILES, "family tiles in a house", "SAM-COMP-1")
    treasury: Dirhams
    reserve: bounded(0, CAMELS_PER_FAMILY - 1, "camels in a house", "SAM-COMP-1", why="12 per family, one starts "
                     "on the map")
    relation_stack: bounded(0, RELATION_TILES, "relation tiles left in a stack", "SAM-SETUP-2")


class RelationSave(StrictModel):
    active: str
    passive: str
    space: str
    player: Seat


class SaveFile(StrictModel):
    """The saved-game format of Samarkand (``"game": "samarkand"``, version 1).

    Every count is bounded by what the components allow (see each field's description)."""

    game: Literal["samarkand"]
    version: Annotated[int, Field(ge=1, le=1)]  # strict int: `true` is not version 1
    board: Annotated[str, Field(max_length=200, description="the board's name (for people; boards are found "
                                "by board_fingerprint)")]
    board_fingerprint: Annotated[str, Field(pattern="^[0-9a-f]{16}$", description="what the board plays like "
                                            "(Board.fingerprint); absent in saves written before it: the "
                                            "teaching board")] | None = None
    seed: Annotated[int, Field(ge=-(2**256), le=2**256, description="the game seed (at most 256 bits)")]
    players: list[PlayerSave] = Field(min_length=min(PLAYERS), max_length=MAX_PLAYERS)
    families: dict[str, FamilySave]
    camels: dict[str, list[str]]
    deck: list[GoodsNumber] = Field(max_length=GOODS_COUNT)
    discard: list[GoodsNumber] = Field(max_length=GOODS_COUNT)
    reshuffles: bounded(0, MAX_MARRIAGES, "reshuffles of the discard pile", "SAM-DECK-1",
                        why="cards are drawn only after a marriage, at most one reshuffle each")
    bag: list[str] = Field(max_length=FAMILIES * FAMILY_TILES)
    removed: list[str] = Field(max_length=FAMILIES * FAMILY_TILES)
    relations: list[RelationSave] = Field(max_length=MAX_RELATIONS)
    phase: Phase
    active: Seat
    first: Seat
    pending: PendingSave | None
    after_sale: Literal["", "second", "over"]
    extending: str | None
    married: bool
    passes: bounded(0, MAX_PLAYERS, "passes in a row", "SAM-TURN-1",
                    why="the game ends when every player passed in a row")
    turns: bounded(0, MAX_TURNS, "turns played", "SAM-TURN-1", why="every turn but a pass marries (20 tiles) or "
                   "places a camel (110), and fewer than 5 passes come in a row")
    bank_out: bounded(0, MAX_BANK_OUT, "dirhams paid by the bank", "SAM-COMP-3",
                      why="33 sales of 3 plus 45 relations of at most 8")
    bank_in: bounded(0, MAX_PLACED, "dirhams taken by the bank", "SAM-EXT-4", why="1 per second camel, 110 camels "
                     "can be placed")
    end_reason: Literal["", "SAM-END-1", "SAM-END-2", "SAM-TURN-1"] = Field(
        description="the clause that ended the game, '' while it goes on")
    events: list[EventSave]


SavedGame = SaveFile  # the earlier name


def check_consistency(data) -> None:
    """Raise SaveFileError (one line, naming the field or clause) unless ``data`` is a saved game that
    passes the schema and the consistency rules (what ``from_dict`` checks)."""
    from_dict(data)


def to_dict(state: State, events: bool = True) -> dict:
    """A JSON-able dict of the whole state (hidden information included; ``events=False``: the event
    log left empty)."""
    board = state.board
    fams = [f.id for f in board.families]
    return {
        "game": "samarkand", "version": FORMAT_VERSION, "board": board.graph.graph.get("name", ""),
        "board_fingerprint": board.fingerprint,
        "seed": state.seed,
        "players": [{"money": state.money[p], "tiles": {fams[f]: n for f, n in enumerate(state.held[p]) if n},
                     "hand": list(state.hands[p]), "sold": list(state.sold[p]),
                     "goods_tiles": list(state.goods_tiles[p]),
                     "relation_tiles": [{"family": fams[f], "colour": c} for f, c in state.relation_tiles[p]]}
                    for p in range(state.players)],
        "families": {fams[f]: {"house_tiles": state.house_tiles[f], "treasury": state.treasury[f],
                               "reserve": state.reserve[f], "relation_stack": state.relation_stack[f]}
                     for f in range(len(fams))},
        "camels": {board.spaces[s]: [fams[f] for f in c] for s, c in enumerate(state.camels) if c},
        "deck": list(state.deck), "discard": list(state.discard), "reshuffles": state.reshuffles,
        "bag": [fams[f] for f in state.bag], "removed": [fams[f] for f in state.removed],
        "relations": [{"active": fams[a], "passive": fams[b], "space": board.spaces[s], "player": p}
                      for a, b, s, p in state.relation_log],
        "phase": state.phase, "active": state.active, "first": state.first,
        "pending": {"goods": state.pending[0], "holder": state.pending[1]} if state.pending else None, "after_sale": state.after_sale,
        "extending": fams[state.extending] if state.extending >= 0 else None, "married": state.married,
        "passes": state.passes, "turns": state.turns, "bank_out": state.bank_out, "bank_in": state.bank_in,
        "end_reason": state.end_reason,
        "events": [{"player": e.player, "text": e.text, "rule": e.rule} for e in state.events] if events else [],
    }


def observation(state: State, player: int, events: bool = True) -> dict:
    """``to_dict`` without what ``player`` may not see: other hands (sizes only), deck and discard
    order and content (sizes only), the bag's order (its content is known: SAM-2P-2); ``events=False``:
    without the event log too."""
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.players:
        raise ValueError(f"player must be a seat 0..{state.players - 1}, not {_short(player)}")
    data = to_dict(state, events)
    del data["seed"]  # the seed would give away the deck order
    data["player"] = player
    data["current_player"] = state.current_player
    data["hand_sizes"] = [len(h) for h in state.hands]
    for p, entry in enumerate(data["players"]):
        if p != player:
            entry["hand"] = None
    data["deck"] = len(state.deck)
    data["discard"] = len(state.discard)
    data["bag"] = sorted(data["bag"])
    return data


def from_dict(data, board: Board | None = None, source: str = "saved game", *, history: bool = True) -> State:
    """Validate ``data`` (schema, then the consistency rules) and rebuild the State.

    Args:
        data: ``to_dict()`` output (parsed JSON).
        board: the board the game was played on; None: the board whose fingerprint the save records,
            among the boards loaded in this session (``samarkand.load_board`` registers each board; the
            teaching board is always known).
        history: False only for :func:`lesson_position` (positions built by hand; see there).

    The checks: the schema (every count bounded by the components), the position (each clause named,
    :func:`_consistent`), how the pieces got there (:func:`_history`: dirhams conserved, routes connected,
    every meeting a relation, sold cards of occupied spaces) and that the position can be played on: it
    has a legal action unless it is over.

    Raises:
        SaveFileError: one line naming the field or the rule clause that the data breaks.
    """
    save = validate(SaveFile, data, source=source)
    if board is None:
        board = board_with(save.board_fingerprint) if save.board_fingerprint else board_named(save.board)
        if board is None:
            raise SaveFileError(f"{source}: it was played on the board {_short(save.board)} (fingerprint "
                                f"{save.board_fingerprint or 'not recorded'}), which is not loaded; load that board "
                                "first (samarkand.load_board(board_file, families_file)) or pass it: "
                                "State.from_dict(saved, board)")

    def ok(cond, msg, rule=""):
        check(cond, msg, rule=rule, source=source)

    fams = [f.id for f in board.families]
    fi = board.family_index
    n = len(save.players)
    if save.board_fingerprint:
        ok(save.board_fingerprint == board.fingerprint, f"it was played on another board (fingerprint "
           f"{save.board_fingerprint}) than {_short(board.graph.graph.get('name', ''))} (fingerprint "
           f"{board.fingerprint}); load it with that board")
    else:
        ok(save.board == board.graph.graph.get("name", ""), f"it was saved on the board {_short(save.board)}, not "
           f"on {_short(board.graph.graph.get('name', ''))}; load it with that board")
    ok(2 <= n <= 5, f"{n} players; Samarkand is for 2 to 5", "SAM-TURN-1")
    ok(set(save.families) == set(fams), f"families must be exactly {fams}", "SAM-COMP-1")
    known = set(fams)
    for name in save.bag + save.removed + [r.active for r in save.relations] + [r.passive for r in save.relations]:
        ok(name in known, f"unknown family {_short(name)}", "SAM-COMP-1")
    state = State.__new__(State)
    state.board, state.seed, state.players, state.limit = board, save.seed, n, HAND_LIMIT.get(n, 10)
    state.money = [p.money for p in save.players]
    state.held = [[0] * len(fams) for _ in range(n)]
    for p, entry in enumerate(save.players):
        for name, count in entry.tiles.items():
            ok(name in known, f"players[{p}] holds a tile of unknown family {_short(name)}", "SAM-COMP-1")
            ok(1 <= count <= (2 if n == 2 else 1), f"players[{p}] holds {count} {name} tiles",
               "SAM-2P-3" if n == 2 else "SAM-MARRY-3")
            state.held[p][fi[name]] = count
    fam = [save.families[f] for f in fams]
    state.house_tiles = [x.house_tiles for x in fam]
    state.treasury = [x.treasury for x in fam]
    state.reserve = [x.reserve for x in fam]
    state.relation_stack = [x.relation_stack for x in fam]
    state.bag, state.removed = [fi[x] for x in save.bag], [fi[x] for x in save.removed]
    state.camels = [[] for _ in board.spaces]
    for space, names in save.camels.items():
        ok(space in board.index, f"camels on unknown space {_short(space)}", "SAM-COMP-4")
        for name in names:
            ok(name in known, f"space {_short(space)} holds a camel of unknown family {_short(name)}", "SAM-COMP-1")
        ok(len(names) <= SPACE_CAPACITY and len(set(names)) == len(names),
           f"space {_short(space)} holds {names}: at most 2 camels, never 2 of one family", "SAM-EXT-3")
        state.camels[board.index[space]] = [fi[x] for x in names]
    state.frontier = open_spaces(board, state.camels)
    state.hands = [list(p.hand) for p in save.players]
    state.sold = [list(p.sold) for p in save.players]
    state.goods_tiles = [list(p.goods_tiles) for p in save.players]
    state.relation_tiles = [[(fi[t.family], t.colour) for t in p.relation_tiles if t.family in fi] for p in save.players]
    for p, entry in enumerate(save.players):
        ok(len(state.relation_tiles[p]) == len(entry.relation_tiles), f"players[{p}] holds a relation tile of an "
           "unknown family", "SAM-COMP-1")
    state.deck, state.discard, state.reshuffles = list(save.deck), list(save.discard), save.reshuffles
    occupied = {board.number[s] for s, c in enumerate(state.camels) if c and board.number[s]}
    state.tile_on_board = [False] + [g not in occupied for g in range(1, GOODS_COUNT + 1)]
    state.related, state.relation_log = set(), []
    for r in save.relations:
        ok(r.space in board.index and 0 <= r.player < n, f"relation {_short(r.active)}-{_short(r.passive)} names "
           "an unknown space or seat", "SAM-REL-1")
        a, b = fi[r.active], fi[r.passive]
        state.related.add((min(a, b), max(a, b)))
        state.relation_log.append((a, b, board.index[r.space], r.player))
    state.phase, state.active, state.first = save.phase, save.active, save.first
    state.pending = (save.pending.goods, save.pending.holder) if save.pending else None
    state.after_sale, state.married = save.after_sale, save.married
    ok(save.extending is None or save.extending in known, f"extending unknown family {_short(save.extending)}",
       "SAM-EXT-1")
    state.extending = fi[save.extending] if save.extending else -1
    state.passes, state.turns, state.bank_out, state.bank_in = save.passes, save.turns, save.bank_out, save.bank_in
    state.end_reason = save.end_reason
    from ..core import Event

    state._events = [Event(e.player, e.text, e.rule) for e in save.events]
    state._log = [(e.player, e.rule, e.text, ()) for e in save.events]
    _consistent(state, ok)
    if history:
        _history(state, ok)
    ok(state.phase == OVER or state.legal_actions(), f"no action is legal in phase {state.phase!r}, yet the game "
       "is not over", "SAM-TURN-1")
    return state


def lesson_position(data, board: Board | None = None) -> State:
    """A position built by hand for a lesson or an exercise (``samarkand.scenario``), checked like a saved
    game but for how its pieces got there.

    [ruling] A lesson sets up the position it teaches: money and treasuries as it needs them, camels where
    the example wants them (two families side by side without a relation yet, a camel away from its
    route), cards sold whose goods space is still empty. No game reaches such a position, so the saved-game
    loader refuses it (:func:`_history`: dirhams conserved, routes connected, every meeting a relation, sold
    cards only of occupied spaces); this path skips those four checks and only those. Every rule of the
    position itself (:func:`_consistent`: counts, phases, relations, the end) and playability still hold.
    A lesson position saved and loaded back therefore loads only if it is also a reachable one.

    Raises:
        SaveFileError: the position breaks the schema or a rule of the position ("scenario: SAM-...").
    """
    return from_dict(data, board, source="scenario", history=False)


def _consistent(state: State, ok) -> None:
    """The invariants of a reachable state, each naming its clause."""
    n, board, nf = state.players, state.board, len(state.board.families)
    ok(0 <= state.active < n and 0 <= state.first < n, f"active seat {state.active} is not a seat 0..{n - 1}",
       "SAM-SETUP-6")
    cards = [c for h in state.hands for c in h] + [c for s in state.sold for c in s] + state.deck + state.discard
    count = Counter(cards)
    ok(sorted(count) == list(range(1, GOODS_COUNT + 1)) and max(count.values()) == 1,
       "every goods card 1..33 must be in exactly one hand, sold pile, the deck or the discard pile", "SAM-COMP-2")
    tiles = Counter(g for t in state.goods_tiles for g in t)
    taken = {g for g in range(1, GOODS_COUNT + 1) if not state.tile_on_board[g]}
    ok(set(tiles) == taken and all(v == 1 for v in tiles.values()), "goods tiles taken must be exactly those of the "
       "occupied goods spaces, each once", "SAM-GOODS-1")
    for p in range(n):
        ok(state.money[p] >= 0, f"players[{p}] has negative money", "SAM-COMP-3")
        ok(len(state.hands[p]) + len(state.sold[p]) <= state.limit or state.phase == DISCARD and p == state.active,
           f"players[{p}] holds more cards than the hand limit {state.limit}", "SAM-HAND-1")
    for f in range(nf):
        name = board.families[f].id
        on_board = sum(f in c for c in state.camels)
        ok(state.reserve[f] >= 0 and on_board + state.reserve[f] == CAMELS_PER_FAMILY,
           f"{name}: {on_board} camels on the board and {state.reserve[f]} in reserve make not 12", "SAM-COMP-1")
        ok(f in state.camels[board.start[f]], f"{name} has no camel on its start space", "SAM-SETUP-1")
        held = sum(state.held[p][f] for p in range(n))
        total = held + state.house_tiles[f] + state.bag.count(f) + state.removed.count(f)
        ok(min(state.house_tiles[f], state.treasury[f]) >= 0 and total == FAMILY_TILES,
           f"{name}: family tiles held, in the house, in the bag and removed make {total}, not 2", "SAM-COMP-1")
        ok(0 <= state.relation_stack[f] <= RELATION_TILES, f"{name}: relation stack of {state.relation_stack[f]}",
           "SAM-SETUP-2")
        got = sum(t[0] == f for ts in state.relation_tiles for t in ts)
        ok(got == RELATION_TILES - state.relation_stack[f], f"{name}: {got} relation tiles held but its stack lost "
           f"{RELATION_TILES - state.relation_stack[f]}", "SAM-REL-4")
    ok(n == 2 or not state.bag and not state.removed, "only 2-player games use the bag", "SAM-2P-2")
    ok(len(state.related) == len(state.relation_log), "a relation is listed twice", "SAM-REL-5")
    if state.phase == SALE:
        ok(state.pending is not None and 0 <= state.pending[1] < n and state.pending[0] in state.hands[state.pending[1]],
           "a sale decision waits for a card its holder does not hold", "SAM-GOODS-2")
    else:
        ok(state.pending is None, "a sale decision is stored outside the sale phase", "SAM-GOODS-2")
    ok((state.phase in (SECOND, SALE)) == (state.extending >= 0),
       "the family being extended does not match the phase", "SAM-EXT-1")
    ok(state.phase != OVER or state.end_reason != "", "a finished game must say why it ended", "SAM-END-1")
    ok(state.phase == OVER or state.end_reason == "", f"the game goes on (phase {_short(state.phase)}) but says it ended "
       f"by {state.end_reason}", "SAM-END-1")
    _turn_in_progress(state, ok)
    _relations(state, ok)
    _the_end(state, ok)
    # the counters: each bounded by what the pieces on the board and in the hands show happened
    marriages = sum(map(sum, state.held))
    placed = sum(len(c) for c in state.camels) - nf
    ok(state.passes < n or state.phase == OVER and state.end_reason == "SAM-TURN-1",
       f"{state.passes} passes in a row with {n} players, yet the game goes on; it ends when every player passed "
       "in a row", "SAM-TURN-1")
    ok(state.bank_in <= placed, f"the bank took {state.bank_in} dirhams for second camels, but only {placed} camels "
       "were placed; each second camel pays 1", "SAM-EXT-4")
    ok(state.reshuffles <= marriages, f"the deck was reshuffled {state.reshuffles} times after {marriages} "
       "marriages; cards are drawn (and the discard pile reshuffled) only after marrying", "SAM-DECK-1")
    most = SALE_PRICE * sum(map(len, state.sold)) + len(state.relation_log) * (ACTIVE_PREMIUM + PASSIVE_PREMIUM) * \
        FAMILY_TILES
    ok(state.bank_out <= most, f"the bank paid {state.bank_out} dirhams, more than {most}: 3 per sold card and at "
       "most 8 per relation", "SAM-COMP-3")
    ok(state.turns <= (marriages + placed + 1) * n, f"{state.turns} turns, but only {marriages} marriages and "
       f"{placed} camels placed: every turn but a pass marries or places a camel, and {n} passes end the game",
       "SAM-TURN-1")
    expected = (state.first + state.turns - (state.phase == OVER)) % n
    ok(state.active == expected, f"turn {state.turns} from seat {state.first} is seat {expected}'s, not seat "
       f"{state.active}'s; play goes clockwise", "SAM-SETUP-6")
    for i, e in enumerate(state._events):
        ok(-1 <= e.player < n, f"events[{i}] names seat {e.player}; seats are 0..{n - 1} (-1: the game)",
           "SAM-TURN-1")
        ok(e.rule == "" or e.rule in RULES, f"events[{i}] cites {_short(e.rule)}, which is no Samarkand rule ID",
           "SAM-TURN-1")


def _turn_in_progress(state: State, ok) -> None:
    """What the phase says happened this turn (a marriage, a camel, a goods space first reached) did
    happen, and what it waits for can be done (fuzz review F4, F5: a discard nobody can make, a second
    camel of a family the player holds no tile of)."""
    p, phase, board = state.active, state.phase, state.board
    ok(state.married == (phase == DISCARD), f"'married' is {state.married} in phase {phase!r}; a turn that marries "
       "goes on only to discard", "SAM-MARRY-4")
    held, sold = len(state.hands[p]) + len(state.sold[p]), len(state.sold[p])
    if phase == DISCARD:  # drawn only below the limit (SAM-MARRY-5): at most limit - 1 + 3 cards
        ok(held <= state.limit + 2 and sold < state.limit, f"player {p} discards with {held} cards ({sold} sold); "
           f"cards are drawn only below the limit of {state.limit}, 3 at a time, so at most {state.limit + 2}",
           "SAM-MARRY-5")
    want = {SALE: ("second", "over"), SECOND: ("second",)}.get(phase, ("",))
    ok(state.after_sale in want, f"'after_sale' is {state.after_sale!r} in phase {phase!r}; it is "
       f"{' or '.join(map(repr, want))} there", "SAM-EXT-4")
    if phase in (SECOND, SALE):
        f = state.extending
        name = board.families[f].name
        ok(state.held[p][f] > 0, f"player {p} is extending the {name} route without a {name} family tile",
           "SAM-EXT-1")
    if phase == SECOND:
        f = state.extending
        name = board.families[f].name
        ok(state.treasury[f] >= 1, f"a second {name} camel is offered with an empty {name} treasury; it costs 1 "
           "dirham from it", "SAM-EXT-6")
        ok(state.reserve[f] >= 1 and bool(state.frontier[f]), f"a second {name} camel is offered, but {name} has no "
           "camel in reserve or no open space next to its route", "SAM-EXT-2")
    if phase == SALE:
        goods = state.pending[0]
        ok(goods in state.goods_tiles[p], f"a sale of goods card {goods} waits, but player {p} (on turn) has not "
           "taken its goods tile; the sale comes when its goods space is first occupied", "SAM-GOODS-2")


def _relations(state: State, ok) -> None:
    """Each relation lies on a land space holding both families (SAM-REL-1, SAM-REL-2), and the relation
    tiles are exactly those the relations gave, in order: the top tile of each family's stack, green
    first, to the player who made the relation (SAM-REL-4)."""
    board = state.board
    given: list[list[tuple[int, str]]] = [[] for _ in range(state.players)]
    taken = [0] * len(board.families)
    for a, b, s, p in state.relation_log:
        names = f"{board.families[a].name}-{board.families[b].name}"
        ok(a != b, f"a relation of {board.families[a].name} with itself", "SAM-REL-1")
        ok(board.land[s], f"the relation {names} lies on {board.labels[s]}; water never makes relations", "SAM-REL-2")
        ok(a in state.camels[s] and b in state.camels[s], f"the relation {names} lies on {board.labels[s]}, which "
           "does not hold camels of both families; a relation is made where they meet", "SAM-REL-1")
        for f in (a, b):
            if taken[f] < RELATION_TILES:
                given[p].append((f, "green" if taken[f] == 0 else "grey"))
                taken[f] += 1
    fams = [f.id for f in board.families]
    for p in range(state.players):
        have = sorted((fams[f], c) for f, c in state.relation_tiles[p])
        due = sorted((fams[f], c) for f, c in given[p])
        ok(have == due, f"players[{p}] holds the relation tiles {_short(have, 70)}; the relations they made give "
           f"{_short(due, 70)}", "SAM-REL-4")
    for f, fam in enumerate(board.families):
        ok(state.relation_stack[f] == RELATION_TILES - taken[f], f"{fam.name}'s relation stack holds "
           f"{state.relation_stack[f]} tiles, but its relations took {taken[f]} of {RELATION_TILES}", "SAM-REL-4")


def _the_end(state: State, ok) -> None:
    """The end is checked after every turn (SAM-END-1, SAM-END-2, SAM-TURN-1): when a new turn starts none of
    the three ends holds; a finished game ended by the first that held."""
    stacks, n = state.relation_stack, state.players
    every = all(k < RELATION_TILES for k in stacks)
    five = not all(stacks)
    if state.phase == ACT:
        ok(not every, "every family has a relation, yet a new turn starts; the game ends at once", "SAM-END-1")
        ok(not five, "a family has made 5 relations, yet a new turn starts; the game ends at once", "SAM-END-2")
    if state.phase == OVER:
        reason = "SAM-END-1" if every else "SAM-END-2" if five else "SAM-TURN-1" if state.passes >= n else ""
        why = {"SAM-END-1": "every family has a relation", "SAM-END-2": "a family has made 5 relations",
               "SAM-TURN-1": "every player passed in a row"}.get(reason, "no end condition holds")
        ok(state.end_reason == reason, f"the game says it ended by {state.end_reason}, but {why}",
           state.end_reason or "SAM-END-1")


def _history(state: State, ok) -> None:
    """How the pieces got where they are, which a hand-built lesson position may skip
    (:func:`lesson_position`): dirhams conserved (a treasury holds what its marriages brought in, less 1
    per second camel, and the bank took exactly those), each family's camels one route from its start,
    every meeting on land a relation, and sold cards only of goods spaces a camel has reached."""
    board, n = state.board, state.players
    total = sum(state.money) + sum(state.treasury)
    due = START_MONEY * n + state.bank_out - state.bank_in
    ok(total == due, f"the players and the treasuries hold {total} dirhams; {n} players started with {START_MONEY} "
       f"each, the bank paid {state.bank_out} and took {state.bank_in}: {due}", "SAM-COMP-3")
    spent = 0  # dirhams the treasuries paid for second camels: what marriages brought in, less what is left
    for f, fam in enumerate(board.families):
        married = sum(state.held[p][f] for p in range(n))
        paid = fam.price * married - state.treasury[f]
        placed = CAMELS_PER_FAMILY - 1 - state.reserve[f]
        ok(0 <= paid <= placed, f"the {fam.name} treasury holds {state.treasury[f]} dirhams after {married} "
           f"marriage(s) at {fam.price} and {placed} camels placed; it gains only by marriage and pays 1 per "
           "second camel", "SAM-EXT-4")
        spent += paid
    ok(spent == state.bank_in, f"the treasuries paid {spent} dirhams for second camels, but the bank took "
       f"{state.bank_in}", "SAM-EXT-4")
    for f, fam in enumerate(board.families):
        mine = {s for s, here in enumerate(state.camels) if f in here}
        seen, todo = {board.start[f]}, [board.start[f]]
        while todo:
            for t in board.adjacent[todo.pop()]:
                if t in mine and t not in seen:
                    seen.add(t)
                    todo.append(t)
        away = ", ".join(board.labels[s] for s in sorted(mine - seen))
        ok(seen == mine, f"{fam.name}'s camels on {_short(away, 60)} are not joined to its route; each camel goes "
           "next to one of its family", "SAM-EXT-2")
    for s, here in enumerate(state.camels):
        if len(here) == 2 and board.land[s]:
            a, b = sorted(here)
            ok((a, b) in state.related, f"{board.families[a].name} and {board.families[b].name} meet on "
               f"{board.labels[s]} without a relation; meeting on land makes one", "SAM-REL-1")
    occupied = {board.number[s] for s, here in enumerate(state.camels) if here and board.number[s]}
    for p in range(n):
        lost = sorted(set(state.sold[p]) - occupied)
        ok(not lost, f"players[{p}] sold goods card(s) {lost} whose goods space no camel has reached; a card is sold "
           "when its space is first occupied", "SAM-GOODS-2")
