"""Consistency checks of a saved Marco Polo game that go beyond the schema (``saves.py`` calls them).

Each check raises one :class:`~caravan_lessons.core.SaveFileError` naming the rule clause: every card
id used once (city cards MP-SETUP-4, contracts MP-SETUP-5, objectives MP-SETUP-13, bonuses
MP-SETUP-2/3), no more dice than a player and their character own (MP-SETUP-8, MP-CHAR-2), a second
traveller only for the Polos (MP-CHAR-8), and every pending task well formed -- its seat a player,
its card of the kind the task needs, its numbers within what a die allows (MP-TURN-1) -- so that a
loaded game never fails later, deep inside the effects.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from ..core import _short

DICE_EACH = 5
"""MP-SETUP-8: each player has 5 dice of their colour."""
MAX_CHOICE = 36
"""The most goods one task lets a player choose or pay: 6 per pip of a die (city cards x die)."""
GAIN_KEYS = frozenset(("coins", "camels", "pepper", "silk", "gold", "vp", "good_choice", "different_goods",
                       "extra_move", "extra_contract", "black_die"))
"""What a gain may hold (the keys of the data files' reward bundles)."""


def _dups(items) -> list:
    return sorted((x for x, k in Counter(items).items() if k > 1), key=str)


def check_pieces(saved, n: int, d, ok: Callable[[Any, str, str], None]) -> None:
    """Card ids used once, bonuses placed once, dice and travellers as the components give them."""
    cards = [c for cs in saved.city_cards.values() for c in cs]
    twice = _dups(cards)
    ok(not twice, f"city card(s) {twice} lie on the board twice; each of the 31 cards is used once", "MP-SETUP-4")
    for city, cs in saved.city_cards.items():
        spaces = d.board.nodes[city].get("city_card_spaces", 0) if city in d.board else 0
        ok(len(cs) <= spaces, f"{city} holds {len(cs)} city cards; it has {spaces} city-card space(s)", "MP-SETUP-4")
    objectives = [o for seat in saved.objectives for o in seat]  # (while dealing, the 4 dealt are held here)
    twice = _dups(objectives)
    ok(not twice, f"objective card(s) {twice} are held twice; each objective card is dealt once", "MP-SETUP-13")
    twice = _dups(saved.city_bonus_at.values())
    ok(not twice, f"city bonus(es) {twice} lie on two small cities; each is placed once", "MP-SETUP-2")
    twice = _dups(saved.outposts.values())
    ok(not twice, f"outpost bonus(es) {twice} lie on two large cities; each is placed once", "MP-SETUP-3")
    for seat in range(n):
        who = saved.characters[seat] if seat < len(saved.characters) else ""
        mine = [x.colour for x in saved.dice[seat]] + [x.colour for placed in saved.spaces.values() for x in placed
                                                       if x.seat == seat]
        own, white = mine.count("own"), mine.count("white")
        ok(own <= DICE_EACH, f"player {seat} has {own} dice of their colour (on their board and on action spaces); "
           f"each player has {DICE_EACH}", "MP-SETUP-8")
        ok(white <= (who == "matteo"), f"player {seat} ({who or 'no character'}) has {white} white dice; only "
           "Matteo Polo gets the white die, one", "MP-CHAR-2")
        ok(len(saved.travellers[seat]) == 1 or who == "polos", f"player {seat} ({who or 'no character'}) has "
           f"{len(saved.travellers[seat])} travellers; only the Polos have a second one", "MP-CHAR-8")
    neutral = [x for placed in saved.spaces.values() for x in placed if x.colour == "neutral" or x.seat == -1]
    ok(all(x.colour == "neutral" and x.seat == -1 for x in neutral), "a die of no player must be a neutral die, and "
       "a neutral die belongs to no player (seat -1)", "MP-SETUP-8")
    from .components import SPACE_NAMES

    cards_out = {f"city:{c}" for cs in saved.city_cards.values() for c in cs}
    for space, placed in saved.spaces.items():
        ok(space in SPACE_NAMES or space in cards_out, f"dice lie on {_short(space)}, which is no action space of "
           f"this game (the spaces are {', '.join(SPACE_NAMES)} and 'city:<id>' of a city card on the map)",
           "MP-ACT-1")
        beyond = [x.seat for x in placed if x.seat >= n]
        ok(not beyond, f"a die on {_short(space)} belongs to seat {beyond[:1]}; the seats are 0..{n - 1}", "MP-SETUP-8")
    ok(all(w < n for w in saved.winners) and len(set(saved.winners)) == len(saved.winners),
       f"winners {saved.winners} are not different seats of the {n} players", "MP-SCORE-6")
    ok((saved.current == -1) == (saved.phase == "over"), f"current is {saved.current} in phase {_short(saved.phase)}; it "
       "is -1 exactly when the game is over", "MP-END-1")
    for i, e in enumerate(saved.events):
        ok(e.player < n, f"events[{i}] names seat {e.player}; seats are 0..{n - 1} (-1: the game)", "MP-TURN-1")
        ok(e.rule == "" or e.rule in d.rules, f"events[{i}] cites {_short(e.rule)}, which is no Marco Polo rule ID",
           "MP-TURN-1")
    for seat in range(n):
        on_map = sum(seat in owners for owners in saved.posts.values())
        ok(saved.posts_placed[seat] == on_map, f"player {seat} placed {saved.posts_placed[seat]} trading posts but "
           f"has {on_map} on the map", "MP-TRAVEL-8")
    ok(saved.last_traveller is None or saved.last_traveller < n, f"last_traveller {saved.last_traveller} is no seat",
       "MP-TRAVEL-9")


def check_tasks(saved, n: int, d, kinds: dict, ok: Callable[[Any, str, str], None]) -> list[int]:
    """Every pending task well formed (MP-TURN-1); returns the contract ids the tasks hold (a taken
    contract waiting for a discard decision), for the check that each contract is used once."""
    from .rules import CHARACTERS

    held: list[int] = []

    def is_int(v, low, high):
        return type(v) is int and low <= v <= high

    def seat(v):
        return is_int(v, 0, n - 1)

    def card_of(kind_names):
        return lambda v: type(v) is int and v in d.city_cards and d.city_cards[v]["kind"] in kind_names

    def rule(v):
        return isinstance(v, str) and (v == "" or v in d.rules)

    def text(v):
        return isinstance(v, str)

    def flag(v):
        return type(v) is bool

    def place(v):
        return isinstance(v, str) and v in kinds

    def items(v):
        return isinstance(v, list) and all(isinstance(p, list) and len(p) == 2 and p[0] in GAIN_KEYS
                                           and is_int(p[1], 0, 999) for p in v)

    def places(v):
        return isinstance(v, list) and all(place(x) for x in v)

    def contract(v):
        return type(v) is int and v in d.contracts

    def characters(v):
        return isinstance(v, list) and 1 <= len(v) <= len(CHARACTERS) and len(set(v)) == len(v) and \
            all(c in CHARACTERS for c in v)

    def objectives(v):
        return isinstance(v, list) and 2 <= len(v) <= 4 and len(set(v)) == len(v) and \
            all(type(o) is int and o in d.objectives for o in v)

    def upto(high, low=0):
        return lambda v: is_int(v, low, high)

    bazaar = set(d.bazaar)
    steps = len(d.travel_cost)
    compensation = d.tables["compensation_below"]
    shapes: dict[str, tuple[tuple[str, Callable[[Any], bool]], ...]] = {
        "setup_done": (), "roll": (), "turns": (),
        "matteo": (("a seat", seat),), "compact": (("a seat", seat),), "copy": (("a seat", seat),),
        "extra_move": (("a seat", seat),), "extra_contract": (("a seat", seat),),
        "black_die": (("a seat", seat), ("a rule ID", rule)),
        "gain": (("a seat", seat), ("a list of [what, amount] pairs", items), ("a rule ID", rule),
                 ("a source text", text)),
        "arrive": (("a seat", seat), ("a list of map locations", places)),
        "column": (("a seat", seat), (f"a bazaar row ({', '.join(sorted(bazaar))})", lambda v: v in bazaar),
                   ("a column 1..6", upto(6, 1))),
        "goods": (("a seat", seat), (f"a number of goods 1..{MAX_CHOICE}", upto(MAX_CHOICE, 1)),
                  ("true or false (different goods)", flag), ("a rule ID", rule)),
        "pay_goods": (("a seat", seat), (f"a number of goods 0..{MAX_CHOICE}", upto(MAX_CHOICE)),
                      (f"a number of pairs 0..{MAX_CHOICE}", upto(MAX_CHOICE)), ("a rule ID", rule)),
        "contract": (("a seat", seat), ("a column 1..6", upto(6, 1)), ("contracts still to take, 1 or 2", upto(2, 1))),
        "discard": (("a seat", seat), ("a contract id", contract)),
        "column_bonus": (("a seat", seat), ("a bonus 1..2", upto(2, 1))),
        "travel": (("a seat", seat), (f"steps 1..{steps}", upto(steps, 1))),
        "move_post": (("a seat", seat), ("a city", place)),
        "repeat": (("a seat", seat), ("an exchange or two-way city card", card_of(("exchange", "swap"))),
                   ("a direction -1, 0 or 1", upto(1, -1)), ("a number of times 1..6", upto(6, 1))),
        "direction": (("a seat", seat), ("a two-way (swap) city card", card_of(("swap",))), ("a die 1..6", upto(6, 1))),
        "cities": (("a seat", seat), ("a city-bonus city card", card_of(("city_bonus", "city_bonus_paid"))),
                   ("a number of cities 0..6", upto(6)), ("true or false (paid)", flag)),
        "compensation": (("a seat", seat), (f"an amount 1..{compensation}", upto(compensation, 1))),
        "character": (("a seat", seat), ("a list of different character ids", characters)),
        "objectives": (("a seat", seat), ("a list of 2 to 4 different objective ids", objectives)),
    }
    for once in ("setup_done", "roll", "turns"):
        count = sum(bool(t) and t[0] == once for t in saved.tasks)
        ok(count <= 1, f"{count} pending {_short(once)} tasks; the game queues it once", "MP-TURN-1")
    for i, task in enumerate(saved.tasks):
        where = f"tasks[{i}]"
        ok(task and isinstance(task[0], str) and task[0] in shapes, f"{where} is an unknown pending task {_short(task)}",
           "MP-TURN-1")
        shape = shapes[task[0]]
        ok(len(task) == len(shape) + 1, f"{where} ({_short(task[0])}) needs {len(shape)} value(s) after its kind "
           f"({', '.join(w for w, _ in shape) or 'none'}), not {len(task) - 1}", "MP-TURN-1")
        for k, ((what, good), value) in enumerate(zip(shape, task[1:]), start=1):
            ok(good(value), f"{where}[{k}] of a {_short(task[0])} task must be {what}, not {_short(value)}", "MP-TURN-1")
        kind = task[0]
        if kind == "repeat":
            card_kind = d.city_cards[task[2]]["kind"]
            ok((task[3] == -1) == (card_kind == "exchange"), f"{where}: direction {task[3]} does not fit city card "
               f"{task[2]} ({card_kind}): -1 for a one-way exchange, 0 or 1 for a two-way card", "MP-CITY-3")
        elif kind == "cities":
            paid = d.city_cards[task[2]]["kind"] == "city_bonus_paid"
            ok(task[4] == paid, f"{where}: city card {task[2]} is {'' if paid else 'not '}a paid city-bonus card",
               "MP-CITY-3")
        elif kind == "goods":
            ok(not task[3] or task[2] <= 3, f"{where}: {task[2]} different goods; there are 3 kinds", "MP-TURN-1")
        elif kind == "discard":
            held.append(task[2])
        elif kind == "objectives":
            ok(sorted(task[2]) == sorted(saved.objectives[task[1]]), f"{where}: the objective cards dealt "
               f"{task[2]} are not the ones player {task[1]} holds", "MP-SETUP-13")
    return held
