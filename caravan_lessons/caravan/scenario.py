"""Positions for lessons and tests: put camels, goods and markers where a lesson needs them.

    from caravan_lessons.caravan.scenario import scenario
    state = scenario(camels={0: [("Marrakesh", None), ((1, 3), "ivory"), ((2, 3), "ivory")]})

The rulebook's worked example (CAR-MOVE-1/2) is :func:`worked_example`. Cubes put on camels or
spaces come out of the bag, so cubes stay conserved; the turn is turn 4 (4 actions) unless said.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core import SaveFileError, _short, check_seat
from ..i18n import tr
from .components import GOODS
from .rules import State, new_game

_OPTIONS = ("learning", "short_game", "first_player", "board")
"""The keyword options ``scenario`` passes on to :func:`~.rules.new_game`."""


def _whole(value: Any, name: str, low: int = 0, high: int | None = None) -> int:
    """``value`` if it is a whole number in ``low..high`` (booleans and floats are not); else ValueError."""
    if type(value) is not int or value < low or (high is not None and value > high):
        span = f"{low}..{high}" if high is not None else f">= {low}"
        raise ValueError(f"scenario: {name} is a whole number {span}, not {_short(value)}")
    return value


def _mapping(value: Any, name: str, what: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ValueError(f"scenario: {name} maps {what}, not {_short(value)}")
    return dict(value)


def _good(value: Any, name: str, empty: bool = False) -> str | None:
    if value is None and empty:
        return None
    if not isinstance(value, str) or value.lower() not in GOODS:
        raise ValueError(f"scenario: {name} is {'None or ' if empty else ''}a good ({', '.join(GOODS)}), "
                         f"not {_short(value)}")
    return value.lower()


def _check_arguments(players, camels, goods, demand, tokens, current, turn, actions_left, options) -> tuple:
    """The arguments of :func:`scenario` are what its docstring says: ValueError naming the argument."""
    unknown = sorted(set(options) - set(_OPTIONS))
    if unknown:
        raise ValueError(f"scenario: unknown option(s) {', '.join(map(repr, unknown))}; the options are "
                         f"{', '.join(_OPTIONS)} (passed to new_game)")
    if type(players) is not int or players not in (2, 3, 4):
        raise ValueError(f"Caravan is played by 2, 3 or 4 players, not {_short(players)}")
    check_seat(current, "scenario: current", players)
    rows = {}
    for seat, row in _mapping(camels, "camels", "seats to lists of (space, good) or (space, good, under)").items():
        check_seat(seat, "scenario: a key of camels", players)
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise ValueError(f"scenario: camels[{seat}] is a list of (space, good) or (space, good, under) "
                             f"entries, not {_short(row)}")
        entries = []
        for i, entry in enumerate(row):
            if isinstance(entry, (str, bytes)) or not isinstance(entry, Sequence) or len(entry) not in (2, 3):
                raise ValueError(f"scenario: camels[{seat}][{i}] is (space, good) or (space, good, under), "
                                 f"not {_short(entry)}")
            node, good, under = (*entry, False) if len(entry) == 2 else entry
            good = _good(good, f"the good of camels[{seat}][{i}]", empty=True)
            if not isinstance(under, bool):
                raise ValueError(f"scenario: 'under' of camels[{seat}][{i}] is True or False, not {_short(under)}")
            entries.append((node, good, under))
        rows[seat] = entries
    lying = {where: _good(good, f"goods[{where!r}]")
             for where, good in _mapping(goods, "goods", "spaces to goods").items()}
    markers = {where: _whole(n, f"demand[{where!r}]", 0, 99)
               for where, n in _mapping(demand, "demand", "spaces to demand markers").items()}
    if tokens is not None:
        if isinstance(tokens, (str, bytes)) or not isinstance(tokens, Sequence) or len(tokens) != players:
            raise ValueError(f"scenario: tokens holds the theft tokens of each of the {players} players, "
                             f"not {_short(tokens)}")
        tokens = [_whole(t, f"tokens[{i}]", 0, players) for i, t in enumerate(tokens)]
    if turn is not None:
        _whole(turn, "turn", 0, 10_000)
    if actions_left is not None:
        _whole(actions_left, "actions_left", 0, State.allowance(3 if turn is None else turn))
    return rows, (None if goods is None else lying), (None if demand is None else markers), tokens

__all__ = ["last_delivery", "scenario", "worked_example"]


def scenario(players: int = 2, *, camels: dict | None = None, goods: dict | None = None,
             demand: dict | None = None, tokens: list[int] | None = None, current: int = 0, turn: int | None = None,
             actions_left: int | None = None, seed: int = 1, delivered: dict | None = None,
             markers: dict | None = None, **options: Any) -> State:
    """A game set up with these pieces instead of the opening draw.

    Args:
        camels: seat -> list of ``(space, good)`` or ``(space, good, under)``; ``space`` is anything
            ``Board.space`` takes (``(row, col)``, a city name, a number 1-8); other camels stay in
            the supply.
        goods: space -> good lying there (default: the opening draw stays); ``{}`` clears the board.
        demand: space -> demand markers (default: the opening markers stay).
        tokens: theft tokens per seat (default 1 each).
        current, turn, actions_left: whose turn, the game's turn number (0-based; default: the first
            4-action turn that is ``current``'s) and actions left (default: the turn's allowance).
        delivered: seat -> the goods that seat has delivered so far (cubes taken from the bag), e.g. to score
            a finished game by hand or break a tie (CAR-SCORE-1, CAR-SCORE-3).
        markers: seat -> demand markers that seat has collected (CAR-PICK-2).

    The position then goes through the consistency checks of a saved game's position
    (``saves.lesson_position``), so a position the rules forbid is refused with the clause's ID.
    [ruling] The saved-game loader also checks how the cubes, markers and camels got where they are, and a
    lesson may need to skip that history: clear the board (``goods={}``) while the opening markers stay,
    load camels with cubes taken straight from the bag, put a good on a space that is not numbered (a
    refill exercise), give markers, or place several camels on an early turn. ``lesson_position`` skips
    those checks (and only those); the loader does not, so such a lesson position, saved, does not load
    back as a game.

    Raises:
        ValueError: an argument of the wrong shape (naming it and what it takes; booleans and floats
            are not counts or seats), a space, good or count that does not fit (more camels than a
            player has, a cube the bag cannot supply), an unknown option, or a position the rules
            forbid (naming the clause, e.g. CAR-SETUP-2 for theft tokens that do not add up).
    """
    rows, goods, demand, tokens = _check_arguments(players, camels, goods, demand, tokens, current, turn,
                                                   actions_left, options)
    state = new_game(players, seed=seed, **options)
    board = state.board
    bag = list(state.bag) + list(state.goods.values())
    if goods is not None:
        state.goods = {}
    placed = []
    for where, good in (goods or {}).items():
        placed.append((board.space(where), good))
    for node, good in placed:
        state.goods[node] = good
    for seat, row in rows.items():
        if len(row) > state.camels:
            raise ValueError(f"player {seat} has {state.camels} camels, not {len(row)}")
        for i, (node, good, under) in enumerate(row):
            node = board.space(node)
            state.pos[seat][i], state.load[seat][i], state.under[seat][i] = node, good, bool(under and good)
            state.count[node] += 1
    used = list(state.goods.values()) + [g for row in state.load for g in row if g]
    for good in used:
        if good not in bag:
            raise ValueError(f"the bag has no {good} left for this scenario")
        bag.remove(good)
    for seat, done in _mapping(delivered, "delivered", "seats to lists of goods").items():
        check_seat(seat, "scenario: a key of delivered", players)
        if isinstance(done, (str, bytes)) or not isinstance(done, Sequence):
            raise ValueError(f"scenario: delivered[{seat}] is a list of goods, not {_short(done)}")
        state.delivered[seat] = [_good(g, f"delivered[{seat}]") for g in done]
        for good in state.delivered[seat]:
            if good not in bag:
                raise ValueError(f"the bag has no {good} left for this scenario")
            bag.remove(good)
    for seat, n in _mapping(markers, "markers", "seats to demand markers").items():
        check_seat(seat, "scenario: a key of markers", players)
        state.markers[seat] = _whole(n, f"markers[{seat}]", 0, 99)
    state.bag = bag
    if demand is not None:
        state.demand = {board.space(k): v for k, v in demand.items() if v}
    if tokens is not None:
        state.tokens = list(tokens)
    if turn is None:  # the first 4-action turn that is the current seat's (CAR-TURN-1), so saves check out
        turn = next(t for t in range(3, 3 + players) if (state.first_player + t) % players == current)
    state.current, state.turn = current, turn
    state.actions_left = State.allowance(turn) if actions_left is None else actions_left
    state.events.append(type(state.events[0])(-1, tr("Lesson position set up."), ""))
    _check_position(state)
    return state


def _check_position(state: State) -> None:
    """The checks of a saved game's position (``saves.lesson_position``: all but how the pieces got there, see
    :func:`scenario`) on ``state``; ValueError ``"scenario: <clause>: ..."`` if one fails."""
    from .saves import lesson_position

    try:
        lesson_position(state.to_dict())
    except SaveFileError as exc:
        raise ValueError(str(exc)) from None


def worked_example() -> State:
    """The rulebook's example (CAR-MOVE-1, CAR-MOVE-2): Dan (seat 0) has camel A, empty, in Marrakesh;
    camels D and E carry ivory; D's chain reaches A orthogonally, E touches it only diagonally."""
    return scenario(2, camels={0: [("Marrakesh", None),   # A (r0c3)
                                   ((4, 3), None),        # B: elsewhere
                                   ((0, 2), None),        # C: links D to A
                                   ((0, 1), "ivory"),     # D: D-C-A, orthogonal
                                   ((1, 4), "ivory")]},   # E: touches A only diagonally
                    goods={})


def last_delivery(seed: int = 1) -> State:
    """A 2-player position one delivery from the end (CAR-END-1), for lessons and app tests.

    The bag is empty (the end is triggered). Player 0, to move with 4 actions, has ivory loaded
    next to Marrakesh with an empty camel in the city: delivering it (6 points) ends the game and
    wins. Player 1 has cloth loaded next to the cloth city: if player 0 ends the turn instead,
    player 1's delivery (cloth is rare too: 6 points) ends the game and wins. Every other cube of the game was
    delivered earlier, shared so that both players stand level (a common cube may lie on a
    numbered space to even the shares); cubes stay conserved.
    """
    from .components import GOOD_POINTS

    state = scenario(2, camels={0: [("Marrakesh", None), ((1, 3), "ivory")],
                                1: [((3, 6), None), ((3, 5), "cloth")]},
                     goods={}, demand={}, seed=seed)
    left = sorted(state.bag, key=lambda g: (-GOOD_POINTS[g], g))
    state.bag = []
    if sum(GOOD_POINTS[g] for g in left) % 6:  # an odd number of 3-point shares: one stays on the board
        odd = next(g for g in reversed(left) if GOOD_POINTS[g] == 3)
        left.remove(odd)
        state.goods[state.board.numbered[0]] = odd
    shares = [[], []]
    for good in left:  # the bigger cubes first, each to the poorer player: the shares end level
        seat = 0 if sum(map(GOOD_POINTS.get, shares[0])) <= sum(map(GOOD_POINTS.get, shares[1])) else 1
        shares[seat].append(good)
    while sum(map(GOOD_POINTS.get, shares[0])) != sum(map(GOOD_POINTS.get, shares[1])):
        rich = 0 if sum(map(GOOD_POINTS.get, shares[0])) > sum(map(GOOD_POINTS.get, shares[1])) else 1
        good = next(g for g in shares[rich] if GOOD_POINTS[g] == 3)
        shares[rich].remove(good)
        shares[1 - rich].append(good)
    state.delivered = shares
    state.end_triggered = True
    state.events.append(type(state.events[0])(-1, tr("The bag is empty: the next delivery ends the game."),
                                            "CAR-END-1"))
    return state
