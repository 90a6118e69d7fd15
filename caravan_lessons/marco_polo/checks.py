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


def check_position(saved, n: int, d, kinds: dict, ok: Callable[[Any, str, str], None], history: bool = True) -> None:
    """What the round, the dice, the cards and the score say must agree with the rules (fuzz review F7, F8):
    rounds and contract piles, dice per seat and their values, Khan's order, city cards once a round,
    objectives, bonuses, contracts, victory points and winners. Each check names its clause. Without
    ``history`` (``saves.lesson_position``), the checks of how the pieces got there are skipped: all 5 dice
    of each colour out this round, every contract somewhere and one starting contract a player, full piles,
    victory points by kind adding up, the end only after the last round and with its winners."""
    from .components import PILES, SPACE_NAMES

    rounds = d.tables["rounds"]
    pending = [t[0] for t in saved.tasks if t and isinstance(t[0], str)]
    ok(not history or saved.phase != "over" or saved.round == rounds, f"the game is over in round {saved.round}; it "
       f"ends after round {rounds}", "MP-END-1")
    ok(saved.round <= rounds, f"round {saved.round} of a game of {rounds} rounds", "MP-ROUND-1")
    ok(len(saved.piles) == PILES - saved.round, f"{len(saved.piles)} contract piles wait in round {saved.round}; "
       f"one comes out at the end of each round, so {PILES - saved.round} are left", "MP-ROUND-5")
    ok(len(saved.board_contracts) <= 6 and (not history or all(len(p) == 6 for p in saved.piles)), "a contract pile "
       "holds 6 contracts and the board 6 at most", "MP-SETUP-5")
    # dice (MP-SETUP-8, MP-CHAR-1/2, MP-ROUND-4): none before the roll; then 5 of each colour per seat
    placed = [(space, x) for space, dice in saved.spaces.items() for x in dice]
    if saved.phase == "setup" or "roll" in pending:
        ok(not any(saved.dice) and all(x.colour == "neutral" for _, x in placed), "dice are out before the round's "
           "roll; everybody takes their dice back and rolls at the start of the round", "MP-ROUND-4")
    elif saved.phase == "play" and history:
        for seat in range(n):
            mine = [x.colour for x in saved.dice[seat]] + [x.colour for _, x in placed if x.seat == seat]
            ok(mine.count("own") == DICE_EACH, f"player {seat} has {mine.count('own')} dice of their colour on their "
               f"board and the action spaces; every round each has all {DICE_EACH}", "MP-SETUP-8")
            matteo = saved.characters[seat] == "matteo"
            ok(mine.count("white") == matteo, f"player {seat} has {mine.count('white')} white dice this round; Matteo "
               "Polo has it every round, nobody else", "MP-CHAR-2")
    for seat in range(n):
        raschid = saved.characters[seat] == "raschid"
        for x in saved.dice[seat]:
            ok(x.value == 0 if raschid else 1 <= x.value <= 6, f"player {seat}'s {x.colour} die shows {x.value}; "
               + ("Raschid never rolls: his dice show 0 until he sets them" if raschid else "a rolled die shows 1 to 6"),
               "MP-CHAR-1" if raschid or x.value == 0 else "MP-ROUND-4")
    for space, dice in saved.spaces.items():
        ok(all(1 <= x.value <= 6 for x in dice), f"a die on {_short(space)} shows 0; a placed die shows 1 to 6",
           "MP-CHAR-1")
        if space == "khan":
            values = [x.value for x in dice]
            ok(values == sorted(values) and len(values) <= d.khan_spaces, f"Khan's favour holds {values}; each die is "
               f"equal to or higher than the one before, {d.khan_spaces} at most", "MP-KHAN-2")
        if space.startswith("city:"):
            ok(len(dice) <= 1, f"city card {_short(space[5:])} holds {len(dice)} dice; it is used once a round",
               "MP-CITY-2")
        elif space != "moneybag" and space in SPACE_NAMES:
            need = d.bazaar[space[7:]][0] if space.startswith("bazaar:") else {"travel": 2}.get(space, 1)
            for seat in range(n):
                own = sum(x.seat == seat and x.colour == "own" for x in dice)
                ok(own <= need, f"player {seat} has {own} dice of their colour on {SPACE_NAMES[space]}; a colour uses "
                   "a space once a round (black and white dice may go again)", "MP-ACT-4")
    if saved.phase == "play" and "turns" not in pending and "roll" not in pending:
        ok(saved.dice[saved.current] or saved.main_done, f"player {saved.current} is on turn with no dice and no "
           "main action taken; a player with no dice passes for the rest of the round", "MP-TURN-2")
    # cards and bonuses (MP-SETUP-2/4/5/9/13, MP-TRAVEL-4)
    for seat in range(n):
        choosing = any(t and t[0] == "objectives" and len(t) > 1 and t[1] == seat for t in saved.tasks)
        want = saved.options.objectives if choosing else 2
        ok(len(saved.objectives[seat]) == want, f"player {seat} holds {len(saved.objectives[seat])} objective cards; "
           f"each keeps 2" + (f" (of {want} dealt)" if choosing else ""), "MP-SETUP-13")
    ok(saved.city_bonus_at == {b["city"]: bid for bid, b in d.city_bonuses.items()}, "the city bonuses must lie each "
       "on its own small city; they stay there all game", "MP-SETUP-2")
    large = {c for c, k in kinds.items() if k == "large"}
    ok(set(saved.city_cards) == large and all(len(v) == d.board.nodes[c].get("city_card_spaces", 0)
                                              for c, v in saved.city_cards.items()),
       "every large city holds its city cards (one per city-card space) all game", "MP-SETUP-4")
    taken = sorted(set(saved.outposts) & set(saved.posts))
    ok(not taken, f"an outpost bonus still lies on {_short(taken, 40)}, which holds a trading post; the first post "
       "there takes it", "MP-TRAVEL-4")
    ok(all(kinds.get(c) in ("small", "large", "beijing") for c in saved.posted_this_turn),
       f"posted_this_turn names {_short(saved.posted_this_turn, 40)}; trading posts go only in cities", "MP-TRAVEL-10")
    ids = [c for c in saved.board_contracts if c is not None] + [c for p in saved.piles for c in p] + \
        saved.special_pile + [c for a in saved.active for c in a] + [c for f in saved.fulfilled for c in f] + \
        [t[2] for t in saved.tasks if len(t) > 2 and t[0] == "discard"]
    regular = sorted(c for c, x in d.contracts.items() if x["kind"] == "regular" and c not in ids)
    ok(not history or not regular, f"contract(s) {_short(regular, 40)} are nowhere; every regular contract is on the board, in a "
       "pile, in the special pile, active or fulfilled", "MP-SETUP-5")
    starting = sum(d.contracts.get(c, {}).get("kind") == "starting" for c in ids)
    ok(not history or starting <= n, f"{starting} starting contracts are in play; one is dealt to each of the {n} players",
       "MP-SETUP-9")
    waiting = {t[2] for t in saved.tasks if len(t) > 2 and t[0] == "discard"}
    held = {c for a in saved.active for c in a} | waiting
    ok(set(saved.new_contracts) <= held, f"new_contracts names {_short(saved.new_contracts, 40)}, not all held or "
       "waiting for a discard", "MP-CONTRACT-3")
    # the score (MP-SCORE-6)
    for seat in range(n if history else 0):
        ok(saved.vp[seat] == sum(saved.vp_items[seat].values()), f"player {seat} has {saved.vp[seat]} victory "
           f"points but their kinds add up to {sum(saved.vp_items[seat].values())}", "MP-SCORE-6")
    ok(saved.phase == "over" or not saved.winners, f"winners {saved.winners} in phase {saved.phase!r}; the winners "
       "are named when the game ends", "MP-SCORE-6")
    ok(not history or saved.phase != "over" or saved.winners, "the game is over but names no winner", "MP-SCORE-6")


def check_playable(state, ok: Callable[[Any, str, str], None]) -> None:
    """A loaded position can be played on (fuzz review F7): a pending choice is a real one (the game never
    stops at an automatic step or at a choice of one: it takes it at once), and there is a legal action
    unless the game is over."""
    from . import effects

    if state.tasks:
        kind = state.tasks[0][0]
        ok(kind not in effects.AUTOMATIC, f"the first pending task is the automatic step {kind!r}; a game is never "
           "saved before it", "MP-TURN-1")
        options = effects.options(state)
        ok(len(options) >= 2 or (kind == "character" and options), f"the pending choice ({effects.describe(state)}) "
           f"has {len(options)} option(s); with none the effect is lost, with one it is taken at once",
           effects.DECISION_RULE.get(kind, "MP-TURN-1"))
    ok(state.phase == "over" or state.legal_actions(), "no action is legal, yet the game is not over", "MP-TURN-1")
