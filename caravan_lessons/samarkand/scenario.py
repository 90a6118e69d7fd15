"""Build a Samarkand position by hand, for lessons, exercises and tests.

    from caravan_lessons import samarkand
    state = samarkand.scenario(players=4, held={0: ["levant"]}, hands={0: [3]},
                               camels={"g3": ["levant", "egypt"]})

Starts from ``new_game(players, seed)`` and changes only what you name; the result passes the
same consistency rules as a saved game (``saves.from_dict``), so it is a position the rules allow
counting-wise (every card, tile, camel and coin accounted for).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core import SaveFileError
from .rules import State, new_game, open_spaces


def scenario(players: int = 4, seed: int = 0, *, held: Mapping[int, Sequence[str]] | None = None,
             hands: Mapping[int, Sequence[int]] | None = None, sold: Mapping[int, Sequence[int]] | None = None,
             camels: Mapping[str, Sequence[str]] | None = None, money: Mapping[int, int] | None = None,
             treasury: Mapping[str, int] | None = None, active: int = 0, tile_owner: int | None = None,
             board=None) -> State:
    """A position of ``players`` seats.

    Args:
        held: seat -> family ids whose tiles the seat holds (taken from the houses; with 2 players a
            family may be named twice). Treasuries stay as given by ``treasury`` (default 0).
        hands: seat -> goods numbers in hand (the hand is exactly these; other dealt cards go back
            to the deck). sold: seat -> goods numbers sold (face up).
        camels: space id -> family ids of camels added there (taken from the reserves); the goods
            tile of each newly occupied goods space goes to ``tile_owner`` (default ``active``).
        money: seat -> dirhams; treasury: family id -> dirhams; active: the seat on turn.

    Raises:
        ValueError: names that do not exist, or a position the rules forbid (SaveFileError, a
            ValueError, naming the clause).
    """
    state = new_game(players, seed, board)
    board = state.board
    fi = board.family_index
    try:
        if not (isinstance(active, int) and 0 <= active < players):
            raise ValueError(f"active must be a seat 0..{players - 1}, not {active!r}")
        state.active = state.first = active
        owner = active if tile_owner is None else tile_owner
        for seat, names in (held or {}).items():
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
        wanted = {seat: list(cards) for seat, cards in (hands or {}).items()}
        wanted_sold = {seat: list(cards) for seat, cards in (sold or {}).items()}
        for _seat, cards in list(wanted.items()) + list(wanted_sold.items()):
            for card in cards:
                state.deck.remove(card)
        for seat in range(players):
            state.hands[seat] = wanted.get(seat, [state.deck.pop() for _ in range(2)] if hands is None else [])
            state.sold[seat] = wanted_sold.get(seat, [])
        for space, names in (camels or {}).items():
            s = board.index[space]
            for name in names:
                f = fi[name]
                state.camels[s].append(f)
                state.reserve[f] -= 1
            g = board.number[s]
            if g and state.tile_on_board[g]:
                state.tile_on_board[g] = False
                state.goods_tiles[owner].append(g)
        for seat, amount in (money or {}).items():
            state.money[seat] = amount
        for name, amount in (treasury or {}).items():
            state.treasury[fi[name]] = amount
    except KeyError as exc:
        raise ValueError(f"scenario names something that does not exist: {exc}") from None
    state.frontier = open_spaces(board, state.camels)
    try:
        return State.from_dict(state.to_dict(), board)
    except SaveFileError as exc:
        raise ValueError(f"scenario: {exc}") from None


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
        raise ValueError(f"turns_left must be a whole number >= 1, not {turns_left!r}")
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
