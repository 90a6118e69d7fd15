"""Caravan's saved games: the schema (for the shared validation layer) and its consistency checks.

``State.to_dict()`` writes, and ``State.from_dict()`` reads, this JSON (format version 1)::

    {"game": "caravan", "version": 1, "players": 4, "seed": 7, "learning": false, "short_game": false,
     "first_player": 0, "board": null,            # null: the teaching board; else a board file's content
     "camels": [[{"at": [0, 3], "good": "ivory", "under": false}, {"at": null, ...}, ...], ...],
     "goods": [{"at": [0, 0], "good": "salt"}, ...], "demand": [{"at": [0, 0], "markers": 1}, ...],
     "bag": ["meat", "gems", ...],                # the draw order: the last one is drawn first
     "delivered": [["ivory"], [], ...], "markers": [1, 0, ...], "tokens": [1, 1, ...],
     "current": 0, "turn": 0, "actions_left": 1, "end_triggered": false, "over": false,
     "draws": [4, 4], "events": [[-1, "Setup: ...", "CAR-SETUP-1"], ...]}

Loading checks the schema first (strict types: no booleans as numbers), then the rules, each
failure naming its clause: cubes conserved (CAR-COMP-1, CAR-SETUP-3), a camel carries at most one
good and never all camels loaded (CAR-CAMEL-2, CAR-PICK-4), goods lie only on numbered spaces
(CAR-SETUP-4), theft tokens conserved (CAR-SETUP-2), the refill threshold (CAR-REFILL-1), the
action ramp (CAR-TURN-1) and the end trigger (CAR-END-1).
"""
from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, Literal

from pydantic import Field

from ..core import Event, SaveFileError, _short
from .board import TEACHING_BOARD, load_board
from .components import (
    CAMELS,
    CAMELS_LEARNING,
    CUBES,
    DEMAND_START,
    GOODS,
    MAX_ACTIONS,
    NUMBERED_SPACES,
    PLAYERS,
    REFILL_AT,
    REFILL_DRAW,
    RULES,
    THEFT_TOKENS_EACH,
)

from ..files import StrictModel, bounded, check, validate

__all__ = ["SaveFile", "from_dict", "observation", "to_dict"]

# Bounds of every count, from the components (CAR-COMP-*, CAR-SETUP-*):
MAX_GRID = 20
"""A board is at most 20 x 20 spaces (``board._check_cells``), so a row or column is 0..19."""
Space = Annotated[list[bounded(0, MAX_GRID - 1, "row and column numbers", "CAR-COMP-5",
                               why="a board is at most 20 x 20 spaces")], Field(min_length=2, max_length=2)]
MAX_PLAYERS = max(PLAYERS)
ALL_CUBES = sum(CUBES.values())
"""CAR-COMP-1: 48 cubes in the box."""
MAX_REFILLS = (ALL_CUBES - NUMBERED_SPACES) // REFILL_DRAW
"""Refills in a game: 8 cubes are drawn at setup and each refill draws 4 of the other 40 (10)."""
MAX_DEMAND_MARKERS = len(DEMAND_START) + REFILL_AT * MAX_REFILLS
"""Demand markers in a game: 4 at setup, then 1 on each of the 4 goods left at every refill (44)."""
MAX_TURNS = 10**6
"""[ruling] The rules set no end but the bag (a player may end every turn without acting), so the turn
number has no limit in the rules; a saved game holds at most a million turns."""

Seat = bounded(0, MAX_PLAYERS - 1, "seats", "CAR-SETUP-1", why="2 to 4 players")
Markers = bounded(0, MAX_DEMAND_MARKERS, "demand markers", "CAR-REFILL-2",
                  why="4 at setup and 4 at each of at most 10 refills")


class SavedCamel(StrictModel):
    at: Space | None
    good: str | None
    under: bool


class GoodOnSpace(StrictModel):
    at: Space
    good: str


class DemandOnSpace(StrictModel):
    at: Space
    markers: bounded(1, MAX_DEMAND_MARKERS, "demand markers on a space", "CAR-REFILL-2",
                     why="an entry lists a space with markers; 4 at setup and 4 at each of at most 10 refills")


class SaveFile(StrictModel):
    """The schema of a saved Caravan game (see the module notes). Every count is bounded by what the
    components allow (see each field's description)."""

    game: Literal["caravan"]
    version: Annotated[int, Field(ge=1, le=1)]  # strict int: `true` is not version 1
    players: bounded(min(PLAYERS), MAX_PLAYERS, "players", "CAR-SETUP-1")
    seed: Annotated[int, Field(ge=-(2**256), le=2**256, description="the game seed (at most 256 bits)")]
    learning: bool
    short_game: bool
    first_player: Seat
    board: dict | None
    camels: list[Annotated[list[SavedCamel], Field(max_length=CAMELS_LEARNING)]] = Field(max_length=MAX_PLAYERS)
    goods: list[GoodOnSpace] = Field(max_length=NUMBERED_SPACES, description="the goods on the board, one per "
                                     "numbered space at most (CAR-SETUP-4)")
    demand: list[DemandOnSpace] = Field(max_length=NUMBERED_SPACES, description="demand markers by space, each "
                                        "space once (markers lie only on numbered spaces)")
    bag: list[str] = Field(max_length=ALL_CUBES)
    delivered: list[Annotated[list[str], Field(max_length=ALL_CUBES)]] = Field(max_length=MAX_PLAYERS)
    markers: list[Markers] = Field(max_length=MAX_PLAYERS, description="demand markers on each player's board")
    tokens: list[bounded(0, MAX_PLAYERS * THEFT_TOKENS_EACH, "theft tokens", "CAR-SETUP-2", why="one per player")] \
        = Field(max_length=MAX_PLAYERS)
    current: Seat
    turn: bounded(0, MAX_TURNS, "turns", "CAR-TURN-1", why="[ruling] the rules set no limit; a save holds at most "
                  "a million")
    actions_left: bounded(0, MAX_ACTIONS, "actions left", "CAR-TURN-1")
    end_triggered: bool
    over: bool
    draws: list[Annotated[int, Field(ge=0, le=REFILL_DRAW)]] = Field(
        max_length=MAX_REFILLS, description="cubes drawn by each refill (4 each; at most 10 refills)")
    events: list[tuple[bounded(-1, MAX_PLAYERS - 1, "event seats", "CAR-TURN-1", why="-1: the game itself"), str,
                       str]] = Field(description="the log: [seat (-1: the game), text, rule ID or '']")


def _board_data(state) -> dict | None:
    return None if state.board.source == str(TEACHING_BOARD) else state.board.data


def _common(state) -> dict:
    return {
        "game": "caravan", "version": 1, "players": state.players,
        "learning": state.learning, "short_game": state.short_game, "first_player": state.first_player,
        "board": _board_data(state),
        "camels": [[{"at": list(state.pos[p][i]) if state.pos[p][i] else None, "good": state.load[p][i],
                     "under": state.under[p][i]} for i in range(state.camels)] for p in range(state.players)],
        "goods": [{"at": list(node), "good": good} for node, good in sorted(state.goods.items())],
        "demand": [{"at": list(node), "markers": n} for node, n in sorted(state.demand.items())],
        "delivered": [list(d) for d in state.delivered], "markers": list(state.markers),
        "tokens": list(state.tokens), "current": state.current, "turn": state.turn,
        "actions_left": state.actions_left, "end_triggered": state.end_triggered, "over": state.over,
        "draws": list(state.draws),
    }


def to_dict(state) -> dict:
    """Everything, the bag's order and the seed included (see the module notes)."""
    data = _common(state)
    data["seed"] = state.seed
    data["bag"] = list(state.bag)
    data["events"] = [[e.player, e.text, e.rule] for e in state.events]
    return data


def observation(state, player: int) -> dict:
    """What ``player`` may see: :func:`to_dict` without the seed, the events' order is public, and
    the bag as counts per good (``"bag": {"salt": 5, ...}``) instead of its draw order."""
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.players:
        raise ValueError(f"player must be a seat from 0 to {state.players - 1}, not {_short(player)}")
    data = _common(state)
    data["player"] = player
    counts = Counter(state.bag)
    data["bag"] = {g: counts[g] for g in GOODS}
    return data


def from_dict(data: Any, source: str = "saved game", *, history: bool = True):
    """A :class:`~.rules.State` from :func:`to_dict` output.

    ``history``: False only for :func:`lesson_position` (positions built by hand, see there); a saved game
    is also checked for how its cubes, markers and camels got where they are (:func:`_history`).

    Raises:
        SaveFileError: not the schema (naming the field), or impossible by the rules (naming the
            clause, e.g. ``"saved game: CAR-PICK-4: player 1 has every camel loaded"``).
    """
    from .rules import State

    model = validate(SaveFile, data, source=source, error=SaveFileError)

    def need(condition, message, rule):
        check(condition, message, rule=rule, source=source, error=SaveFileError)

    n = model.players
    need(n in PLAYERS, f"Caravan has 2 to 4 players, not {n}", "CAR-SETUP-1")
    camels = CAMELS_LEARNING if model.learning else CAMELS
    try:
        board = load_board(model.board)
    except ValueError as exc:
        raise SaveFileError(f"{source}: field 'board': {exc}") from None
    for name in ("camels", "delivered", "markers", "tokens"):
        need(len(getattr(model, name)) == n, f"'{name}' needs one entry per player ({n})", "CAR-SETUP-1")
    on_board = set(board.spaces)
    for p, row in enumerate(model.camels):
        need(len(row) == camels, f"player {p} needs {camels} camels, not {len(row)}", "CAR-SETUP-1")
        for i, camel in enumerate(row):
            where = f"camels[{p}][{i}]"
            need(camel.at is None or tuple(camel.at) in on_board, f"{where} stands off the board at {camel.at}",
                 "CAR-CAMEL-1")
            need(camel.good is None or camel.good in GOODS, f"{where} carries an unknown good {_short(camel.good)}",
                 "CAR-COMP-1")
            need(camel.good is None or camel.at is not None, f"{where} carries a good in the supply",
                 "CAR-CAMEL-2")
            need(camel.good is not None or not camel.under, f"{where} has a good 'under' it but no good",
                 "CAR-STEAL-2")
        need(any(c.good is None for c in row), f"player {p} has every camel loaded", "CAR-PICK-4")
    need(all(g in GOODS for d in model.delivered for g in d), "'delivered' names an unknown good", "CAR-COMP-1")
    need(all(g in GOODS for g in model.bag), "'bag' names an unknown good", "CAR-COMP-1")
    need(all(v >= 0 for v in model.markers), "demand markers cannot be negative", "CAR-STEAL-5")
    need(all(t >= 0 for t in model.tokens) and sum(model.tokens) == n,
         f"the {n} theft tokens must all be on players' boards, not {model.tokens}", "CAR-SETUP-2")
    numbered = set(board.numbered)
    goods_at = [tuple(g.at) for g in model.goods]
    need(len(set(goods_at)) == len(goods_at), "two goods lie on one space", "CAR-SETUP-4")
    for g in model.goods:
        need(g.good in GOODS, f"a good on the board is unknown: {_short(g.good)}", "CAR-COMP-1")
    for d in model.demand:
        need(tuple(d.at) in numbered, f"demand markers on {d.at}, which is not a numbered space; markers go only "
             "where goods lie", "CAR-REFILL-2")
    demand_at = [tuple(d.at) for d in model.demand]
    need(len(set(demand_at)) == len(demand_at), "a space is listed twice in 'demand'; give each space once with its "
         "number of markers", "CAR-REFILL-2")
    counts = Counter(model.bag) + Counter(g.good for g in model.goods) + Counter(
        c.good for row in model.camels for c in row if c.good) + Counter(g for d in model.delivered for g in d)
    probe = State(2, 0, short_game=model.short_game, board=board)
    expected = probe.cubes_in_game()
    need(all(counts[g] == expected[g] for g in GOODS),
         f"cubes are not conserved: bag, board, camels and deliveries hold {dict(counts)}, the game has "
         f"{expected}", "CAR-SETUP-3" if model.short_game else "CAR-COMP-1")
    need(model.end_triggered == (not model.bag), "the end is triggered exactly when the bag is empty", "CAR-END-1")
    need(not model.over or model.end_triggered, "a game cannot be over before the bag is empty", "CAR-END-1")
    need(0 <= model.current < n and 0 <= model.first_player < n, "a seat out of range", "CAR-TURN-1")
    need(model.turn >= 0 and (model.first_player + model.turn) % n == model.current,
         f"turn {model.turn} from seat {model.first_player} is not seat {model.current}'s", "CAR-TURN-1")
    need(0 <= model.actions_left <= State.allowance(model.turn),
         f"{model.actions_left} actions left on turn {model.turn + 1}; it has {State.allowance(model.turn)}",
         "CAR-TURN-1")
    need(all(d == REFILL_DRAW for d in model.draws), "every refill draws exactly 4 cubes", "CAR-REFILL-3")
    for i, (seat, _text, rule) in enumerate(model.events):
        need(-1 <= seat < n, f"events[{i}] names seat {seat}; seats are 0..{n - 1} (-1: the game)", "CAR-TURN-1")
        need(rule == "" or rule in RULES, f"events[{i}] cites {_short(rule)}, which is no Caravan rule ID", "CAR-TURN-1")
    if history:
        _history(model, board, sum(expected.values()), need)

    return _build(model.model_dump(), board, camels)


def _history(model, board, cubes: int, need) -> None:
    """How the pieces got where they are, which a hand-built lesson position may skip (:func:`lesson_position`):
    goods only on numbered spaces (CAR-SETUP-4), a bag of whole refills that refills as soon as 4 goods are
    left (CAR-REFILL-1, CAR-REFILL-3), exactly one refill per 4 cubes drawn, demand markers only on goods and
    exactly 4 at setup and 4 per refill (CAR-REFILL-2, CAR-PICK-2, CAR-STEAL-5), no good loaded in its own
    city (it would have been delivered, CAR-MOVE-2), and no more camels on the board than their owner has
    had actions (CAR-TURN-1, each placement costs at least one)."""
    from .rules import State

    numbered = set(board.numbered)
    goods_at = {tuple(g.at) for g in model.goods}
    for g in model.goods:
        need(tuple(g.at) in numbered, f"a good lies on {g.at}, which is not a numbered space", "CAR-SETUP-4")
    need(len(model.bag) % REFILL_DRAW == 0, f"the bag holds {len(model.bag)} cubes, not a multiple of 4",
         "CAR-REFILL-3")
    need(not model.bag or REFILL_AT < len(model.goods) <= NUMBERED_SPACES,
         f"{len(model.goods)} goods on the board while the bag is not empty", "CAR-REFILL-1")
    drawn = cubes - NUMBERED_SPACES - len(model.bag)
    need(REFILL_DRAW * len(model.draws) == drawn, f"{len(model.draws)} refills of {REFILL_DRAW} cubes recorded, but "
         f"{drawn} cubes have left the bag since setup", "CAR-REFILL-3")
    bare = sorted(tuple(d.at) for d in model.demand if tuple(d.at) not in goods_at)
    need(not bare, f"demand markers lie on {_short([list(x) for x in bare], 40)} where no good lies; markers go on "
         "goods, and leave with them", "CAR-REFILL-2")
    placed = len(board.demand_start) + REFILL_AT * len(model.draws)
    held = sum(d.markers for d in model.demand) + sum(model.markers)
    need(held <= placed, f"{held} demand markers on the board and the players' boards, but only {placed} were "
         f"placed: {len(board.demand_start)} at setup and {REFILL_AT} at each of {len(model.draws)} refills",
         "CAR-REFILL-2")
    need(held >= placed, f"{held} demand markers on the board and the players' boards, but {placed} were placed "
         f"({len(board.demand_start)} at setup, {REFILL_AT} at each of {len(model.draws)} refills); markers are never "
         "lost or stolen, they stay where they are", "CAR-STEAL-5")
    n = model.players
    for p, row in enumerate(model.camels):
        for i, camel in enumerate(row):
            if camel.good is not None:
                need(board.city_of[camel.good] != tuple(camel.at), f"camels[{p}][{i}] carries {camel.good} in "
                     f"{board.label(tuple(camel.at))}, its own city: a good that reaches its city is delivered",
                     "CAR-MOVE-2")
        turns = [t for t in range(model.turn) if (model.first_player + t) % n == p]
        used = sum(State.allowance(t) for t in turns)
        if model.current == p:
            used += State.allowance(model.turn) - model.actions_left
        out = sum(c.at is not None for c in row)
        need(out <= used, f"player {p} has {out} camels on the board after {used} actions; each placement costs an "
             "action", "CAR-TURN-1")


def lesson_position(data: Any):
    """A position built by hand for a lesson or an exercise (``caravan.scenario``), checked like a saved game
    but for how its pieces got there.

    [ruling] A lesson sets up what it teaches: it clears the board (``goods={}``) while the opening demand
    markers stay, loads camels with cubes taken straight from the bag (a bag that is no whole number of
    refills, fewer goods on the board than a refill leaves), puts a good on a space that is not numbered,
    gives markers, stands a loaded camel in its good's city, or places camels on an early turn. No game reaches such a position, so the saved-game
    loader refuses it (:func:`_history`); this path skips exactly those checks. Cubes are still conserved,
    theft tokens still add up, the turn and the end are still as the rules have them.

    Raises:
        SaveFileError: the position breaks the schema or a rule of the position ("scenario: CAR-...").
    """
    return from_dict(data, source="scenario", history=False)


def _build(data: dict, board, camels: int):
    """A State from checked (or trusted) data: the fields of :class:`SaveFile` as plain Python."""
    from .rules import State

    state = object.__new__(State)
    state.seed, state.learning, state.short_game = data["seed"], data["learning"], data["short_game"]
    state.first_player, state.board, state.players = data["first_player"], board, data["players"]
    state.camels = camels
    rows = data["camels"]
    state.pos = [[tuple(c["at"]) if c["at"] else None for c in row] for row in rows]
    state.load = [[c["good"] for c in row] for row in rows]
    state.under = [[c["under"] for c in row] for row in rows]
    state.count = dict.fromkeys(board.spaces, 0)
    for row in state.pos:
        for where in row:
            if where is not None:
                state.count[where] += 1
    state.tokens, state.markers = list(data["tokens"]), list(data["markers"])
    state.delivered = [list(d) for d in data["delivered"]]
    state.bag = list(data["bag"])
    state.goods = {tuple(g["at"]): g["good"] for g in data["goods"]}
    state.demand = {tuple(d["at"]): d["markers"] for d in data["demand"]}
    state.draws = list(data["draws"])
    state.events = [Event(*e) for e in data.get("events", ())]
    state.current, state.turn, state.actions_left = data["current"], data["turn"], data["actions_left"]
    state.end_triggered, state.over = data["end_triggered"], data["over"]
    return state


def from_observation(obs: dict, bag: list[str] | None = None, board=None):
    """A State rebuilt from ``observation(...)`` output without validation (it came from the engine):
    the bag in ``bag``'s order (default: goods order; :func:`~.agents.determinize` shuffles it).
    The board is loaded again unless given. Events are not part of an observation."""
    if board is None:
        board = load_board(obs["board"])
    if bag is None:
        bag = [g for g in GOODS for _ in range(obs["bag"][g])]
    camels = len(obs["camels"][0])
    return _build({**obs, "bag": bag, "seed": 0, "events": ()}, board, camels)



SavedGame = SaveFile
"""The old name of :class:`SaveFile` (the schema CLI looks for ``<game>.saves.SaveFile``)."""
