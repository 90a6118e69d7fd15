"""Build a Samarkand position by hand, for lessons, exercises and tests.

    from caravan_lessons import samarkand
    state = samarkand.scenario(players=4, held={0: ["levant"]}, hands={0: [3]},
                               camels={"g3": ["levant", "egypt"]})

Starts from ``new_game(players, seed)`` and changes only what you name; the result passes the
consistency rules of a saved game's position (``saves.lesson_position``: every card, tile and camel
accounted for, the phase and the end as the rules have them, a legal action to play).

[ruling] A lesson may set up what no game reaches: money and treasuries as the example needs them
(dirhams not conserved), camels away from their family's route, two families side by side with no
relation yet, a card sold whose goods space is empty. ``scenario`` builds such positions through
``saves.lesson_position``, which skips exactly those four checks of how the pieces got there; the
saved-game loader (``State.from_dict``, ``load_game``) keeps them, so such a lesson position, saved,
does not load back as a game.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core import SaveFileError, _short
from .components import GOODS_COUNT
from .rules import State, new_game, open_spaces
from .saves import lesson_position


def _seat_map(value, name: str, players: int, what: str) -> dict:
    """``value`` (None or a mapping seat -> ``what``) as a dict; ValueError naming ``name`` otherwise."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ValueError(f"scenario: {name} maps seats (0..{players - 1}) to {what}, not {_short(value)}")
    for seat in value:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"scenario: {name} maps seats 0..{players - 1} to {what}; "
                             f"{_short(seat)} is not a seat")
    return dict(value)


def _name_map(value, name: str, what: str) -> dict:
    """``value`` (None or a mapping of ids, e.g. family or space ids, to ``what``) as a dict."""
    if value is None:
        return {}
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise ValueError(f"scenario: {name} maps ids (strings such as 'levant' or 'g3') to {what}, "
                         f"not {_short(value)}")
    return dict(value)


def _names(value, name: str) -> list[str]:
    """A list of ids (strings); ValueError naming ``name`` otherwise."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or not all(
            isinstance(v, str) for v in value):
        raise ValueError(f"scenario: {name} is a list of ids (strings such as 'levant'), not {_short(value)}")
    return list(value)


def _cards(value, name: str) -> list[int]:
    """A list of goods card numbers 1..33; ValueError naming ``name`` otherwise."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or not all(
            type(v) is int and 1 <= v <= GOODS_COUNT for v in value):
        raise ValueError(f"scenario: {name} is a list of goods card numbers 1..{GOODS_COUNT}, not {_short(value)}")
    return list(value)


def _amount(value, name: str) -> int:
    """Dirhams: a whole number >= 0 (not a bool, not a float)."""
    if type(value) is not int or value < 0:
        raise ValueError(f"scenario: {name} is a whole number of dirhams >= 0, not {_short(value)}")
    return value


def scenario(players: int = 4, seed: int = 0, *, held: Mapping[int, Sequence[str]] | None = None,
             hands: Mapping[int, Sequence[int]] | None = None, sold: Mapping[int, Sequence[int]] | None = None,
             camels: Mapping[str, Sequence[str]] | None = None, money: Mapping[int, int] | None = None,
             treasury: Mapping[str, int] | None = None, active: int = 0, tile_owner: int | None = None,
             discard: Sequence[int] | None = None, board=None) -> State:
    """A position of ``players`` seats.

    Args:
        held: seat -> family ids whose tiles the seat holds (taken from the houses; with 2 players a
            family may be named twice). Treasuries stay as given by ``treasury`` (default 0).
        hands: seat -> goods numbers in hand (the hand is exactly these; other dealt cards go back
            to the deck). sold: seat -> goods numbers sold (face up).
        camels: space id -> family ids of camels added there (taken from the reserves); the goods
            tile of each newly occupied goods space goes to ``tile_owner`` (default ``active``).
        money: seat -> dirhams; treasury: family id -> dirhams; active: the seat on turn.
        discard: goods card numbers taken out of the deck onto the discard pile (SAM-DECK-1: it is shuffled
            into a new deck when the deck runs out).

    Raises:
        ValueError: an argument of the wrong shape (naming it and what it takes: seats are whole
            numbers 0..players-1, ids are strings, goods cards whole numbers 1..33, dirhams whole
            numbers >= 0; booleans and floats are refused), names that do not exist, or a position
            the rules forbid (SaveFileError, a ValueError, naming the clause).
    """
    state = new_game(players, seed, board)
    board = state.board
    fi = board.family_index
    held = {seat: _names(v, f"held[{seat}]") for seat, v in _seat_map(held, "held", players, "family ids").items()}
    wanted = {seat: _cards(v, f"hands[{seat}]")
              for seat, v in _seat_map(hands, "hands", players, "goods card numbers").items()}
    wanted_sold = {seat: _cards(v, f"sold[{seat}]")
                   for seat, v in _seat_map(sold, "sold", players, "goods card numbers").items()}
    camels = {space: _names(v, f"camels[{space!r}]")
              for space, v in _name_map(camels, "camels", "family ids").items()}
    money = {seat: _amount(v, f"money[{seat}]") for seat, v in _seat_map(money, "money", players, "dirhams").items()}
    treasury = {name: _amount(v, f"treasury[{name!r}]")
                for name, v in _name_map(treasury, "treasury", "dirhams").items()}
    for name, seat in (("active", active), ("tile_owner", tile_owner)):
        if (seat is not None or name == "active") and (
                isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
            raise ValueError(f"scenario: {name} must be a seat 0..{players - 1}, not {_short(seat)}")
    discarded = [] if discard is None else _cards(discard, "discard")
    cards = [c for row in list(wanted.values()) + list(wanted_sold.values()) for c in row] + discarded
    twice = sorted({c for c in cards if cards.count(c) > 1})
    if twice:
        raise ValueError(f"scenario: goods card(s) {twice} named twice in hands/sold/discard; each card exists once "
                         f"(SAM-COMP-2)")
    try:
        state.active = state.first = active
        owner = active if tile_owner is None else tile_owner
        for seat, names in held.items():
            for name in names:
                f = fi[name]
                if state.house_tiles[f] == 0 and players == 2 and f in state.bag:
                    state.bag.remove(f)
                    state.house_tiles[f] += 1
                state.house_tiles[f] -= 1
                state.held[seat][f] += 1
        # cards: gather every card in the deck, then hand out what was asked
        for seat in range(players):
            state.deck.extend(state.hands[seat])
            state.hands[seat] = []
        for _seat, cards in list(wanted.items()) + list(wanted_sold.items()):
            for card in cards:
                state.deck.remove(card)
        for card in discarded:
            state.deck.remove(card)
        state.discard = list(state.discard) + discarded
        for seat in range(players):
            state.hands[seat] = wanted.get(seat, [state.deck.pop() for _ in range(2)] if hands is None else [])
            state.sold[seat] = wanted_sold.get(seat, [])
        for space, names in camels.items():
            s = board.index[space]
            for name in names:
                f = fi[name]
                state.camels[s].append(f)
                state.reserve[f] -= 1
            g = board.number[s]
            if g and state.tile_on_board[g]:
                state.tile_on_board[g] = False
                state.goods_tiles[owner].append(g)
        for seat, amount in money.items():
            state.money[seat] = amount
        for name, amount in treasury.items():
            state.treasury[fi[name]] = amount
    except KeyError as exc:
        raise ValueError(f"scenario names something that does not exist: {exc}; the families are "
                         f"{', '.join(fi)} and spaces are the board's ids ('g3', ...)") from None
    state.frontier = open_spaces(board, state.camels)
    try:
        return lesson_position(state.to_dict(), board)
    except SaveFileError as exc:
        raise ValueError(str(exc)) from None


def near_end(players: int = 4, seed: int = 0, turns_left: int = 3, bot: str = "heuristic", board=None) -> State:
    """A position a few turns before the end of a real game: heuristic bots (``bot``) play a game of
    ``new_game(players, seed)`` to its end, and the position is taken back to where seat 0 has about
    ``turns_left`` of its own turns to go, at the start of one of them (phase "act").

    For a browser test or a lesson that wants the end and the score sheet without a whole game. The
    rest of the game may differ from the bots' game once someone chooses otherwise.

    Raises:
        ValueError: a bad number of players or seed, a ``turns_left`` that is not a whole number >= 1.
    """
    from ..agents import View
    from .agents import AGENTS

    if isinstance(turns_left, bool) or not isinstance(turns_left, int) or turns_left < 1:
        raise ValueError(f"turns_left must be a whole number >= 1, not {_short(turns_left)}")
    if not isinstance(bot, str) or bot not in AGENTS:
        raise ValueError(f"bot is one of {', '.join(sorted(AGENTS))}, not {_short(bot)}")
    if type(seed) is not int:
        raise ValueError(f"seed is a whole number, not {_short(seed)}")
    state = new_game(players, seed, board)
    start = state.clone()
    agents = [AGENTS[bot](seed=seed + seat) for seat in range(players)]
    actions, starts = [], []  # starts: indexes in `actions` where seat 0 begins a turn
    while not state.is_terminal():
        if state.current_player == 0 and state.phase == "act":
            starts.append(len(actions))
        action = agents[state.current_player].choose(View(state, state.current_player, state.legal_actions()))
        actions.append(action)
        state.apply(action)
    cut = starts[-min(turns_left, len(starts))] if starts else 0
    for action in actions[:cut]:
        start.apply(action)
    return start
