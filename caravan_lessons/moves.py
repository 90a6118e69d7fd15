"""A move in the learner's words, as the play apps list it: one code path for the apps and the coach.

:func:`move_words` names an engine action the way the game's play app shows it (the Caravan list of
actions, the Marco Polo list of choices, the Samarkand pickers, the Jaipur buttons), in the current
language of the catalogue: ``"place a camel on space 1"``, not ``"place a camel on r0c0"``;
``"Venezia – Oasis (1 step: 0 coins)"``, not ``"move venezia–oasis_a"``; ``"discard olive oil (7)"``,
not ``"discard goods card 7"``. The coach's hints and reviews use it too, so a move reads the same in
the hint, the review and the list the learner picks from. The engines' ``str(action)`` stays the
engines' own short notation (the logs, saved games, tests).

Needs only the state the move is played from (public information and the mover's own cards); importing
this module loads no widgets and no plotting library.
"""
from __future__ import annotations

from typing import Any

from .core import article, join_and, plural
from .i18n import ngettext, tr

__all__ = ["marco_polo_move_cost", "marco_polo_payment", "move_words", "samarkand_card", "samarkand_space"]


def move_words(game: str, state, action: Any) -> str:
    """``action`` in the words of ``game``'s play app, read on ``state`` (the position it is played from).

    Args:
        game: ``"jaipur"``, ``"samarkand"``, ``"caravan"`` or ``"marco_polo"``.
        state: the game's state before the move (not changed).
        action: one of the engine's actions (legal in ``state``; an action of another kind reads as
            ``str(action)``).

    Returns:
        one line of plain words in the current language.

    Raises:
        ValueError: an unknown game (one line naming the games).
    """
    namer = _NAMERS.get(game)
    if namer is None:
        from .core import game_names

        raise ValueError(f"move_words names the moves of {', '.join(game_names())}, not {game!r}")
    return namer(state, action)


# --- Jaipur: the engine's words are the buttons' words ------------------------------------------------------

def _jaipur(state, action) -> str:
    return str(action)


# --- Samarkand: the pickers' words ---------------------------------------------------------------------------

def samarkand_space(board, space: str) -> str:
    """A Samarkand space as the app's Spaces list shows it: ``"indigo (27)"``, ``"Mediterranean Sea (water)"``."""
    return board.labels[board.index[space]]


def samarkand_card(board, goods: int) -> str:
    """A Samarkand goods card as the app's discard picker shows it: ``"olive oil (7)"``."""
    return f"{board.goods_names[goods]} ({goods})"


def _samarkand_family(board, family: str) -> str:
    return board.families[board.family_index[family]].name


def _samarkand(state, action) -> str:
    from .samarkand import Discard, Keep, Marry, Place, Sell

    board = state.board
    if isinstance(action, Place):
        family = _samarkand_family(board, action.family)
        return tr("place {a} {family} camel on {space}").format(a=article(family), family=family,
                                                                 space=samarkand_space(board, action.space))
    if isinstance(action, Marry):
        return tr("marry into {family}").format(family=_samarkand_family(board, action.family))
    if isinstance(action, Discard) and action.cards:
        return ngettext("discard the card {cards}", "discard the cards {cards}", len(action.cards)).format(
            cards=join_and(samarkand_card(board, g) for g in action.cards))
    if isinstance(action, Sell):
        return tr("sell {card} for 3 dirhams").format(card=samarkand_card(board, action.goods))
    if isinstance(action, Keep):
        return tr("keep {card}").format(card=samarkand_card(board, action.goods))
    return str(action)  # end the turn, discard nothing, pass


# --- Caravan: the list of actions ----------------------------------------------------------------------------

def _caravan(state, action) -> str:
    """An action in the list, short enough to be whole in it: "move a camel space 1 → Marrakesh (1 action)"."""
    from .caravan import MoveCamel, MoveGood, PickUp, PlaceCamel, Steal
    from .caravan.components import good_name

    board = state.board

    def where(node) -> str:
        if node in board.city_name:
            return board.city_name[node]
        if node in board.number_of:
            return tr("space {number}").format(number=board.number_of[node])
        return f"r{node[0]}c{node[1]}"

    if isinstance(action, PlaceCamel):
        text = tr("place a camel on {space}").format(space=where(action.space))
    elif isinstance(action, MoveCamel):
        text = tr("move a camel {source} \u2192 {target}").format(source=where(action.source),
                                                                target=where(action.target))
    elif isinstance(action, PickUp):
        good = state.goods.get(action.space)
        text = tr("pick up {good} on {space}").format(good=good_name(good) if good else tr("the good"),
                                                      space=where(action.space))
    elif isinstance(action, Steal):
        text = tr("steal {good} from player {victim} on {space}").format(
            good=good_name(action.good), victim=action.victim, space=where(action.space))
    elif isinstance(action, MoveGood):
        text = (tr("move {good} {source} \u2192 {target}: delivers!") if board.good_of.get(action.target) == action.good
                else tr("move {good} {source} \u2192 {target}")).format(
            good=good_name(action.good), source=where(action.source), target=where(action.target))
    else:
        text = str(action)
    cost = state.cost(action)
    return f"{text} ({plural(cost, 'action')})" if cost else text


# --- Marco Polo: the list of choices ----------------------------------------------------------------------

def marco_polo_payment(state, action) -> tuple[int, int, int]:
    """(coins, camels, steps) the engine will charge for a legal Marco Polo Move (its own check's plan)."""
    plan = state._check(action)
    return plan["coins"], plan["camels"], plan["steps"]


def marco_polo_move_cost(state, action) -> str:
    """What a legal Marco Polo Move costs, in words: ``"2 steps: 3 coins and 1 camel"``."""
    coins, camels, steps = marco_polo_payment(state, action)
    if camels:
        return tr("{steps}: {coins} and {camels}").format(steps=plural(steps, "step"), coins=plural(coins, "coin"),
                                                          camels=plural(camels, "camel"))
    return tr("{steps}: {coins}").format(steps=plural(steps, "step"), coins=plural(coins, "coin"))


def _marco_polo(state, action) -> str:
    from .marco_polo import Choose, Fulfil, Move
    from .marco_polo.actions import amount_text

    task = state.tasks[0] if state.tasks else None
    if (isinstance(action, Choose) and action.kind == "column" and task is not None and task[0] == "column"
            and isinstance(action.value, int) and 1 <= action.value <= 6):
        reward = state.data.bazaar[task[2]][1][action.value - 1]       # what that column gives (MP-BAZAAR-1)
        return tr("bazaar column {column}: {reward}").format(
            column=action.value, reward=", ".join(amount_text(n, key) for key, n in reward.items()))

    if isinstance(action, Move) and action.paths:
        names = [" – ".join(state.map.name[c] for c in p) for p in action.paths if len(p) > 1]
        stay = tr("stay")
        return f"{join_and(names) or stay} ({marco_polo_move_cost(state, action)})"
    if isinstance(action, Fulfil):
        from .viz.marco_polo import contract_text

        return tr("fulfil {contract}").format(contract=contract_text(state.data, action.contract))
    return str(action)


_NAMERS = {"jaipur": _jaipur, "samarkand": _samarkand, "caravan": _caravan, "marco_polo": _marco_polo}
