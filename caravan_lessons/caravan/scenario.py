"""Positions for lessons and tests: put camels, goods and markers where a lesson needs them.

    from caravan_lessons.caravan.scenario import scenario
    state = scenario(camels={0: [("Marrakesh", None), ((1, 3), "ivory"), ((2, 3), "ivory")]})

The rulebook's worked example (CAR-MOVE-1/2) is :func:`worked_example`. Cubes put on camels or
spaces come out of the bag, so cubes stay conserved; the turn is turn 4 (4 actions) unless said.
"""
from __future__ import annotations

from typing import Any

from .rules import State, new_game

__all__ = ["last_delivery", "scenario", "worked_example"]


def scenario(players: int = 2, *, camels: dict | None = None, goods: dict | None = None,
             demand: dict | None = None, tokens: list[int] | None = None, current: int = 0, turn: int | None = None,
             actions_left: int | None = None, seed: int = 1, **options: Any) -> State:
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

    Raises:
        ValueError: a space, good or count that does not fit (more camels than a player has, a cube
            the bag cannot supply).
    """
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
    for seat, row in (camels or {}).items():
        if len(row) > state.camels:
            raise ValueError(f"player {seat} has {state.camels} camels, not {len(row)}")
        for i, entry in enumerate(row):
            node, good, under = (*entry, False) if len(entry) == 2 else entry
            node = board.space(node)
            state.pos[seat][i], state.load[seat][i], state.under[seat][i] = node, good, bool(under and good)
            state.count[node] += 1
    used = list(state.goods.values()) + [g for row in state.load for g in row if g]
    for good in used:
        if good not in bag:
            raise ValueError(f"the bag has no {good} left for this scenario")
        bag.remove(good)
    state.bag = bag
    if demand is not None:
        state.demand = {board.space(k): v for k, v in demand.items() if v}
    if tokens is not None:
        state.tokens = list(tokens)
    if turn is None:  # the first 4-action turn that is the current seat's (CAR-TURN-1), so saves check out
        turn = next(t for t in range(3, 3 + players) if (state.first_player + t) % players == current)
    state.current, state.turn = current, turn
    state.actions_left = State.allowance(turn) if actions_left is None else actions_left
    state.events.append(type(state.events[0])(-1, "Lesson position set up.", ""))
    return state


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
    state.events.append(type(state.events[0])(-1, "The bag is empty: the next delivery ends the game.", "CAR-END-1"))
    return state
