"""Speed tricks behind Caravan's rules: camel groups remembered by position (not rules).

``rules.State.group_of`` is the plain reference: a breadth-first walk over a player's own camels
(CAR-MOVE-1, CAR-MOVE-4). The legal-move generator, the checks of a good's move and the bots ask
the same question many times for the same camels, so :func:`groups` answers it for every camel of a
player at once and remembers the answer by the camels' spaces (a tuple, so a position changed by
hand is never answered from an old entry). ``tests/caravan/test_movegen.py`` checks it against
``group_of`` on thousands of positions.
"""
from __future__ import annotations

_LIMIT = 100_000


def groups(state, player: int) -> dict:
    """``{space: frozenset of the spaces of its group}`` for every space holding a camel of ``player``.

    Remembered per board (``board._groups``), by the tuple of the player's camel spaces."""
    board = state.board
    cache = board.__dict__.get("_groups")
    if cache is None or len(cache) > _LIMIT:
        cache = board._groups = {}
    key = tuple(state.pos[player])
    found = cache.get(key)
    if found is None:
        own = {where for where in key if where is not None}
        neighbours = board.neighbours
        found = {}
        for start in own:
            if start in found:
                continue
            group, frontier = {start}, [start]
            while frontier:
                for nxt in neighbours[frontier.pop()]:
                    if nxt in own and nxt not in group:
                        group.add(nxt)
                        frontier.append(nxt)
            group = frozenset(group)
            for node in group:
                found[node] = group
        cache[key] = found
    return found


EMPTY: frozenset = frozenset()


def linked(state, player: int, node) -> frozenset:
    """The spaces linked to ``node`` through ``player``'s own camels (``group_of``, read-only); empty if none."""
    return groups(state, player).get(node, EMPTY)
