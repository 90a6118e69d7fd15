"""Build a Marco Polo position by hand, for lessons, exercises and tests.

    from caravan_lessons import marco_polo as mp
    state = mp.scenario(("johannes", "polos"), dice=(4, 5, 6), coins={0: 10},
                        spaces={"bazaar:gold": [(1, 1), (1, 1), (1, 1)]})

Starts from ``new_game(len(characters), seed, characters=...)`` at seat 0's first turn of round 1 (the
setup choices, such as compensation for a low roll, take their first option) and changes only what you
name. The result goes through the consistency rules of a saved game's position (``saves.lesson_position``):
every contract, objective, die and trading post in one place, the dice, the round and the score as the
rules have them, a legal action to play.

[ruling] A lesson may set up what no game reaches: two dice where a round gives five, a contract lifted from
a pile, a finished game in round 1. ``lesson_position`` skips exactly the checks of how the pieces got there
(see there); the saved-game loader (``State.from_dict``, ``load_game``) keeps them, so such a position,
saved, does not load back as a game.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core import SaveFileError, _short
from .components import GOODS
from .rules import State, new_game
from .saves import lesson_position

_NOT_GIVEN = object()


def _whole(value: Any, name: str, low: int = 0) -> int:
    if type(value) is not int or value < low:
        raise ValueError(f"scenario: {name} is a whole number >= {low}, not {_short(value)}")
    return value


def _per_seat(value: Any, name: str, players: int, what: str) -> dict:
    """``value`` as {seat: item}: a mapping of seats, or a sequence with one item per seat."""
    if value is None:
        return {}
    if isinstance(value, Mapping):
        out = dict(value)
    elif isinstance(value, Sequence) and not isinstance(value, (str, bytes)) and len(value) == players:
        out = dict(enumerate(value))
    else:
        raise ValueError(f"scenario: {name} maps seats (0..{players - 1}) to {what}, or lists one per seat, "
                         f"not {_short(value)}")
    for seat in out:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"scenario: {name} maps seats 0..{players - 1} to {what}; {_short(seat)} is not a seat")
    return out


def _die(value: Any, name: str) -> tuple[str, int]:
    """A die: a value 1..6 (own colour; 0 for Raschid's unset dice) or ``(colour, value)``."""
    if isinstance(value, tuple) and len(value) == 2:
        colour, pips = value
        if colour not in ("own", "black", "white"):
            raise ValueError(f"scenario: {name}: a die's colour is 'own', 'black' or 'white', not {_short(colour)}")
    else:
        colour, pips = "own", value
    if type(pips) is not int or not 0 <= pips <= 6:
        raise ValueError(f"scenario: {name}: a die shows 1..6 (0: one of Raschid's dice, not set yet), "
                         f"not {_short(pips)}")
    return colour, pips


def _contract_ids(value: Any, name: str, data) -> list[int]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or not all(
            type(c) is int and c in data.contracts for c in value):
        raise ValueError(f"scenario: {name} is a list of contract ids (0..{len(data.contracts) - 1}), "
                         f"not {_short(value)}")
    return list(value)


def _take_contract(state: State, cid: int) -> None:
    """Lift contract ``cid`` from wherever it lies (the board leaves its column empty)."""
    state.board_contracts = [None if c == cid else c for c in state.board_contracts]
    state.piles = [[c for c in pile if c != cid] for pile in state.piles]
    state.special_pile = [c for c in state.special_pile if c != cid]
    state.active = [[c for c in row if c != cid] for row in state.active]
    state.fulfilled = [[c for c in row if c != cid] for row in state.fulfilled]


def scenario(characters: Sequence[str] = ("berke", "johannes"), *, seed: int = 1, dice: Any = _NOT_GIVEN,
             coins: Any = None, camels: Any = None, goods: Any = None, travellers: Any = None,
             posts: Mapping[str, Sequence[int]] | None = None, active: Any = None, fulfilled: Any = None,
             objectives: Any = None, vp: Any = None, spaces: Mapping[str, Sequence] | None = None,
             over: bool = False) -> State:
    """A position of ``len(characters)`` seats (one character id each, see ``marco_polo.CHARACTERS``).

    Args:
        seed: the game's seed (contracts, city cards, bonuses, objectives and other dice come from it).
        dice: seat 0's dice as values, e.g. ``(3, 5)`` (the default, unless seat 0 is Raschid, whose dice stay
            unset), or ``{seat: values}``; a value is 1..6
            (own colour) or ``("black", 4)`` / ``("white", 2)`` (a black die comes out of the supply); 0 is
            one of Raschid's unset dice.
            ``None`` keeps the dice as rolled.
        coins, camels: ``{seat: amount}`` or one amount per seat (coins, camels).
        goods: ``{seat: {"pepper": n, "silk": n, "gold": n}}`` (goods not named are 0).
        travellers: ``{seat: location id}`` (or a list of two for the Polos).
        posts: ``{city: [seats in order of arrival]}`` -- the trading posts on the map (Beijing: its 10, 7,
            4, 1 spaces in that order). Each seat's posts left follow; a large city with a post has lost its
            outpost bonus (the first to arrive took it).
        active, fulfilled: ``{seat: [contract ids]}``, lifted from wherever they lay (a column of the board is
            left empty); a starting contract replaced goes under the special pile.
        objectives: ``{seat: [2 objective ids]}``; a seat holding a card given away gets the freed one.
        vp: ``{seat: points}`` or ``{seat: {kind: points}}`` (kinds as the score sheet's "during play"
            rows: "contracts", "city cards", "city bonuses", "trading posts", ...).
        spaces: ``{action space: [(seat, value) or (seat, colour, value), ...]}`` -- dice already placed this
            round (e.g. ``"bazaar:gold"``, ``"khan"``, ``"travel"``, ``"city:12"``); they come out of the dice the
            seat rolled, unless ``dice`` names that seat's dice (then those are the dice it has left to place); a
            black die comes out of the supply. A seat has 5 dice of its colour in all.
        over: True: the game is over (phase "over") and ``score_sheet()`` is the final score.

    Raises:
        ValueError: an argument of the wrong shape (naming it and what it takes), an unknown id, or a
            position the rules forbid (the save-file check's message, naming the clause).
    """
    if isinstance(characters, (str, bytes)) or not isinstance(characters, Sequence):
        raise ValueError(f"scenario: characters is a list of character ids, one per seat, not {_short(characters)}")
    players = len(characters)
    state = new_game(players, seed, characters=list(characters))   # checks players, seed and characters
    while state.tasks:                                             # compensation etc.: the first option
        state.apply(state.legal_actions()[0])
    data, n = state.data, players
    if dice is _NOT_GIVEN:                         # Raschid's dice stay unset (MP-CHAR-1)
        dice = None if state.characters[0] == "raschid" else {0: (3, 5)}
    elif dice is not None and not isinstance(dice, Mapping):
        dice = {0: dice}
    given = set()
    for seat, values in _per_seat(dice, "dice", n, "lists of die values").items():
        given.add(seat)
        if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
            raise ValueError(f"scenario: dice[{seat}] is a list of die values, not {_short(values)}")
        black_before = sum(colour == "black" for colour, _ in state.dice[seat])
        state.dice[seat] = sorted(_die(v, f"dice[{seat}]") for v in values)
        state.black_dice -= sum(colour == "black" for colour, _ in state.dice[seat]) - black_before  # from the supply
    for seat, amount in _per_seat(coins, "coins", n, "coins").items():
        state.coins[seat] = _whole(amount, f"coins[{seat}]")
    for seat, amount in _per_seat(camels, "camels", n, "camels").items():
        state.camels[seat] = _whole(amount, f"camels[{seat}]")
    for seat, held in _per_seat(goods, "goods", n, "{good: amount}").items():
        if not isinstance(held, Mapping) or not set(held) <= set(GOODS):
            raise ValueError(f"scenario: goods[{seat}] maps goods ({', '.join(GOODS)}) to amounts, not {_short(held)}")
        state.goods[seat] = [_whole(held.get(g, 0), f"goods[{seat}][{g!r}]") for g in GOODS]
    for seat, where in _per_seat(travellers, "travellers", n, "location ids").items():
        places = [where] if isinstance(where, str) else list(where) if isinstance(where, Sequence) else None
        if not places or not all(isinstance(p, str) and p in data.board for p in places):
            raise ValueError(f"scenario: travellers[{seat}] is a location id of the map (or a list of them), "
                             f"not {_short(where)}")
        state.travellers[seat] = places
    if posts is not None:
        if not isinstance(posts, Mapping):
            raise ValueError(f"scenario: posts maps cities to lists of seats, not {_short(posts)}")
        total = [state.posts_left[s] + state.posts_placed[s] for s in range(n)]
        kubilai = {s for s, who in enumerate(state.characters) if who == "kubilai"}
        state.posts = {}
        for city, owners in posts.items():
            if city not in data.board:
                raise ValueError(f"scenario: posts names {_short(city)}, not a location of the map")
            if isinstance(owners, (str, bytes)) or not isinstance(owners, Sequence) or not all(
                    type(s) is int and 0 <= s < n for s in owners):
                raise ValueError(f"scenario: posts[{city!r}] is a list of seats 0..{n - 1}, not {_short(owners)}")
            state.posts[city] = list(owners)
        for seat in kubilai:                                       # MP-CHAR-5: his post stays in Beijing
            if seat not in state.posts.setdefault("beijing", []):
                state.posts["beijing"].insert(0, seat)
        for seat in range(n):
            state.posts_placed[seat] = sum(seat in owners for owners in state.posts.values())
            state.posts_left[seat] = total[seat] - state.posts_placed[seat]
            if state.posts_left[seat] < 0:
                raise ValueError(f"scenario: player {seat} would have {state.posts_placed[seat]} trading posts on "
                                 f"the map; they own {total[seat]} (MP-SETUP-8)")
        state.outposts = {city: b for city, b in state.outposts.items() if city not in state.posts}
    for name, value in (("fulfilled", fulfilled), ("active", active)):
        for seat, ids in _per_seat(value, name, n, "lists of contract ids").items():
            ids = _contract_ids(ids, f"{name}[{seat}]", data)
            replaced = [c for c in getattr(state, name)[seat] if c not in ids]
            for cid in ids:
                _take_contract(state, cid)
            getattr(state, name)[seat] = ids
            if name == "active":
                state.special_pile.extend(c for c in replaced if c not in state.special_pile)
    for seat, ids in _per_seat(objectives, "objectives", n, "lists of objective ids").items():
        if isinstance(ids, (str, bytes)) or not isinstance(ids, Sequence) or not all(
                type(o) is int and o in data.objectives for o in ids):
            raise ValueError(f"scenario: objectives[{seat}] is a list of objective ids "
                             f"(0..{len(data.objectives) - 1}), not {_short(ids)}")
        freed = [o for o in state.objectives[seat] if o not in ids]
        state.objectives[seat] = list(ids)
        for other in range(n):
            if other != seat:
                state.objectives[other] = [o if o not in ids else freed.pop(0) for o in state.objectives[other]]
    for seat, points in _per_seat(vp, "vp", n, "victory points").items():
        items = {"scenario": points} if type(points) is int else points
        if not isinstance(items, Mapping) or not all(isinstance(k, str) and type(v) is int for k, v in items.items()):
            raise ValueError(f"scenario: vp[{seat}] is a whole number or {{kind: points}}, not {_short(points)}")
        state.vp_items[seat] = dict(items)
        state.vp[seat] = sum(items.values())
    if spaces is not None:
        if not isinstance(spaces, Mapping):
            raise ValueError(f"scenario: spaces maps action spaces to lists of placed dice, not {_short(spaces)}")
        for space, placed in spaces.items():
            if not isinstance(space, str) or isinstance(placed, (str, bytes)) or not isinstance(placed, Sequence):
                raise ValueError(f"scenario: spaces[{_short(space)}] is a list of (seat, value) or "
                                 f"(seat, colour, value), not {_short(placed)}")
            row = []
            for die in placed:
                if not isinstance(die, tuple) or len(die) not in (2, 3) or type(die[0]) is not int \
                        or not 0 <= die[0] < n:
                    raise ValueError(f"scenario: spaces[{space!r}] holds {_short(die)}; a placed die is "
                                     f"(seat, value) or (seat, colour, value) with a seat 0..{n - 1}")
                seat = die[0]
                colour, pips = _die(die[1:] if len(die) == 3 else die[1], f"spaces[{space!r}]")
                pool = state.dice[seat]
                if colour == "black":
                    state.black_dice -= 1
                elif seat not in given:          # placed dice come out of the dice the seat rolled
                    same = [d for d in pool if d == (colour, pips)] or [d for d in pool if d[0] == colour]
                    if same:
                        pool.remove(same[0])
                row.append((seat, colour, pips))
            state.spaces[space] = row
    if over:
        state.phase, state.current = "over", -1
    state._sheet = None
    try:
        return lesson_position(state.to_dict(), source="scenario")
    except SaveFileError as exc:
        raise ValueError(str(exc)) from None
