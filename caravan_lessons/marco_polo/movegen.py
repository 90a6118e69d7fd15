"""Fast generation of the main-action placements (a speed trick behind ``State.legal_actions``).

``rules.State._placements`` is the plain reference: it tries every dice combination on every
space through the full rule checks (``_check_place``). :func:`placements` gives the same list
(the tests compare them on thousands of random positions) by checking each rule once per space
and remembering answers that do not change within one call (can Travel be paid with this lowest
die? can this city card be used with this die?). The placements on the 8 main spaces are also remembered
across calls, keyed by everything they depend on (:func:`_main_key`): a search meets the same dice on the
same spaces again and again. :func:`fresh_placements` is the same list without that memory.
"""
from __future__ import annotations

from itertools import combinations

from . import effects
from .actions import Adjust, BuyBlackDie, Fulfil, Place, Reroll

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


_MAIN_CACHE: dict[int, tuple] = {}


def placements(state, seat: int, first_only: bool = False) -> list:
    """Every legal main-action :class:`Place` for ``seat`` now, in ``_placements``'s order (``first_only``:
    at most the first of them, to ask whether there is any).

    The placements on the 8 main spaces are remembered per what decides them (:func:`_main_key`); those on
    city cards, which depend on more of the position, are worked out each time (:func:`fresh_placements`
    does it all each time: the tests compare the two, and both with the reference ``_placements``)."""
    dice = state.dice[seat]
    if not dice:
        return []
    data = state.data
    found = _MAIN_CACHE.get(id(data))
    if found is None or found[0] is not data:
        if len(_MAIN_CACHE) > 8:
            _MAIN_CACHE.clear()
        found = _MAIN_CACHE[id(data)] = (data, {})
    cache = found[1]
    key = _main_key(state, seat, dice)
    main = cache.get(key)
    if main is None:
        if len(cache) > 100_000:
            cache.clear()
        main = cache[key] = tuple(_placements_on(state, seat, MAIN_SPACES, False))
    cards = _card_spaces(state, seat)
    if first_only:
        if main:
            return [main[0]]
        return _placements_on(state, seat, cards, True) if cards else []
    if cards:
        return [*main, *_placements_on(state, seat, cards, False)]
    return list(main)


def _main_key(state, seat: int, dice: list) -> tuple:
    """Everything the placements on the 8 main spaces depend on (besides the game data): the seat, its dice,
    character, coins, camels and travellers (Travel: can a path be paid?), the first contract column in use,
    and the dice on the main spaces (occupied, by whose own die, Khan's top die)."""
    board = state.board_contracts
    first_contract = next((i + 1 for i, c in enumerate(board) if c is not None), 7)
    occupied = tuple([(space, tuple(here)) for space, here in state.spaces.items() if here and space in _MAIN])
    return (seat, tuple(dice), state.characters[seat], state.coins[seat], state.camels[seat],
            tuple(state.travellers[seat]), first_contract, occupied)


_MAIN = frozenset(MAIN_SPACES)


def _card_spaces(state, seat: int) -> tuple:
    """The city-card spaces of the cities where ``seat`` has a trading post older than this turn."""
    posts = state.posts
    return tuple(f"city:{c}" for city in sorted(state.city_cards) if seat in posts.get(city, ())
                 and city not in state.posted_this_turn for c in state.city_cards[city])


def fresh_placements(state, seat: int, first_only: bool = False) -> list:
    """:func:`placements` worked out anew, nothing remembered but the dice groups and Travel answers."""
    if not state.dice[seat]:
        return []
    return _placements_on(state, seat, MAIN_SPACES + _card_spaces(state, seat), first_only)


def _placements_on(state, seat: int, space_names, first_only: bool) -> list:
    """The legal placements of ``seat`` on the spaces ``space_names``, in that order."""
    dice = state.dice[seat]
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
    for space in space_names:
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


_BONUS: dict = {}
_FULFIL: dict = {}


def bonus_actions(state, seat: int, main_open: bool, moneybag: bool = True) -> list:
    """``State._bonus_actions`` (the plain reference; the tests compare them), faster: the fulfilable contracts
    are checked each time, the rest (moneybag, rerolls, adjustments, a black die), which follows from the dice
    and four yes-or-no answers, is built once per such key."""
    out = []
    for cid in state.active[seat]:
        if effects.can_fulfil(state, seat, cid):
            found = _FULFIL.get(cid)
            if found is None:
                found = _FULFIL[cid] = Fulfil(cid)
            out.append(found)
    dice = state.dice[seat]
    tables = state.data.tables
    camels = state.camels[seat]
    key = (tuple(dice), state.characters[seat] == "raschid",
           bool(moneybag and dice and (not main_open or len(dice) > 1)),
           camels >= tables["reroll_camels"], camels >= tables["adjust_camels"],
           camels >= tables["black_die_camels"] and state.black_dice > 0 and not state.black_bought)
    rest = _BONUS.get(key)
    if rest is None:
        if len(_BONUS) > 100_000:
            _BONUS.clear()
        rest = _BONUS[key] = _bonus_rest(*key)
    out.extend(rest)
    return out


def _bonus_rest(dice: tuple, raschid: bool, moneybag: bool, reroll: bool, adjust: bool, black: bool) -> tuple:
    out: list = []
    distinct = sorted(set(dice))
    if moneybag:
        out.extend(_place("moneybag", (d,), 1 if raschid else 0) for d in distinct)
    if not raschid:
        if reroll:
            out.extend(Reroll(d) for d in distinct)
        if adjust:
            out.extend(Adjust(d, delta) for d in distinct for delta in (-1, 1) if 1 <= d[1] + delta <= 6)
    if black:
        out.append(BuyBlackDie())
    return tuple(out)
