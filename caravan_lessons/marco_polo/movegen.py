"""Fast generation of the main-action placements (a speed trick behind ``State.legal_actions``).

``rules.State._placements`` is the plain reference: it tries every dice combination on every
space through the full rule checks (``_check_place``). :func:`placements` gives the same list
(the tests compare them on thousands of random positions) by checking each rule once per space
and remembering answers that do not change within one call (can Travel be paid with this lowest
die? can this city card be used with this die?).
"""
from __future__ import annotations

from itertools import combinations

from . import effects
from .actions import Place

MAIN_SPACES = ("coins", "bazaar:camel", "bazaar:pepper", "bazaar:silk", "bazaar:gold", "khan", "contracts",
               "travel")
BLUE = frozenset(("coins", "bazaar:camel", "bazaar:pepper", "bazaar:silk", "bazaar:gold", "contracts", "travel"))

_TRAVEL_CACHE: dict = {}
_PLACES: dict = {}


def _place(space: str, combo: tuple, value: int) -> Place:
    """The (immutable) Place for these arguments, built once: dataclass construction is the slow part."""
    key = (space, combo, value)
    found = _PLACES.get(key)
    if found is None:
        if len(_PLACES) > 500_000:
            _PLACES.clear()
        found = _PLACES[key] = Place(space, combo, value)
    return found


def _can_travel(state, seat: int, low: int, coins: int) -> bool:
    jumps, passing = effects._mode(state, seat)
    key = (tuple(state.travellers[seat]), low, coins, state.camels[seat], jumps, passing, id(state.map))
    found = _TRAVEL_CACHE.get(key)
    if found is None:
        if len(_TRAVEL_CACHE) > 200_000:
            _TRAVEL_CACHE.clear()
        found = _TRAVEL_CACHE[key] = bool(effects.travel_options(state, seat, low, coins, first_only=True))
    return found


_GROUPS: dict = {}


def _groups(dice: list) -> dict:
    """``{k: [(combo, lowest value, holds an own die), ...]}``: the distinct ways to take k = 1, 2, 3 of
    ``dice``, in sorted order; remembered per tuple of the dice as listed."""
    key = tuple(dice)
    found = _GROUPS.get(key)
    if found is None:
        if len(_GROUPS) > 100_000:
            _GROUPS.clear()
        found = {1: [((d,), d[1], d[0] == "own") for d in sorted(set(dice))]}
        for k in (2, 3):
            if len(dice) >= k:
                found[k] = [(combo, min(x for _, x in combo), any(c == "own" for c, _ in combo))
                            for combo in sorted(set(combinations(dice, k)))]
        _GROUPS[key] = found
    return found


def placements(state, seat: int, first_only: bool = False) -> list:
    """Every legal main-action :class:`Place` for ``seat`` now, in ``_placements``'s order (``first_only``:
    at most the first of them, to ask whether there is any)."""
    dice = state.dice[seat]
    if not dice:
        return []
    raschid = state.characters[seat] == "raschid"
    berke = state.characters[seat] == "berke"
    coins = state.coins[seat]
    spaces = state.spaces
    board = state.board_contracts
    groups = _groups(dice)
    values = (1, 2, 3, 4, 5, 6) if raschid else (0,)
    first_contract = next((i + 1 for i, c in enumerate(board) if c is not None), 7)
    bazaar = state.data.bazaar
    out = []
    append = out.append
    cards = [f"city:{c}" for city in sorted(state.city_cards) if seat in state.posts.get(city, ())
             and city not in state.posted_this_turn for c in state.city_cards[city]]
    for space in MAIN_SPACES + tuple(cards):
        here = spaces.get(space)
        own_here = bool(here) and any(s == seat and c == "own" for s, c, _ in here)
        if space.startswith("bazaar:"):
            k = bazaar[space[7:]][0]
        else:
            k = 2 if space == "travel" else 1
        combos = groups.get(k)
        if not combos:
            continue
        surcharge = space in BLUE and bool(here) and not berke
        top = 0
        if space == "khan":
            if here and len(here) >= state.data.khan_spaces:
                continue
            top = max((v for _, _, v in here), default=0) if here else 0
        card = None
        if space.startswith("city:"):
            if here:
                continue
            card = int(space[5:])
        for combo, rolled, has_own in combos:
            if own_here and has_own:
                continue
            for v in values:
                low = v if raschid else rolled
                if low < top:
                    continue
                pay = low if surcharge else 0
                if pay > coins:
                    continue
                if space == "contracts" and first_contract > low:
                    continue
                if space == "travel" and not _can_travel(state, seat, low, coins - pay):
                    continue
                if card is not None and effects.card_uses(state, seat, card, low) < 1:
                    continue
                append(_place(space, combo, v))
                if first_only:
                    return out
    return out
