"""The Voyages of Marco Polo: the game state, setup, turns, dice and action spaces.

This file reads like the rulebook (``shared/rulebooks/004_…``, clauses ``shared/rules/marco_polo.md``):

* setup (§Preparação, MP-SETUP-*): :func:`new_game`;
* a round (§O Turno de Jogo, §No Início/No Final de Cada Rodada, MP-ROUND-*): ``_start_round``,
  ``_end_round``;
* a turn (MP-TURN-*): bonus actions around exactly one main action, then :class:`EndTurn`;
* where dice may go (§As Ações Principais, MP-ACT-*, MP-KHAN-*, MP-CITY-1/2): :meth:`State._check_place`;
* the bonus actions (§Ações Bônus, MP-BONUS-*).

What each action *does* (rewards, contracts, travel, city cards, trading posts) lives in
``effects.py``; the final score in ``scoring.py``; the map and paths in ``travel.py``.

Every refusal is a :class:`~caravan_lessons.core.RuleViolation` naming the clause; the state is
checked completely before anything changes, so a refused action leaves it exactly as it was.

[ruling] A player who still has dice but no main action open to them (every space closed by
their own colour, Khan's order, missing coins) places a die on the moneybag as their main action
(MP-TURN-1); while a main action is open, the moneybag before it must leave them another die.
"""
from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from .. import chance
from ..core import Event, RuleViolation, _short, article, check_seed, plural
from ..i18n import N_, N_plural, Later, get_language, tr, wording_in
from . import effects, movegen
from .actions import Adjust, BuyBlackDie, Choose, EndTurn, Fulfil, Move, Place, Reroll
from .components import GOODS, PILES, SPACE_NAMES, GameData, default_data
from .travel import Map

__all__ = ["CHARACTERS", "FIRST_GAME", "State", "new_game"]

CHARACTERS = ("raschid", "matteo", "berke", "mercator", "kubilai", "johannes", "wilhelm", "polos")
"""The 8 characters of the base game (MP-SETUP-6, MP-CHAR-1..8)."""
FIRST_GAME = ("raschid", "matteo", "berke", "mercator")
"""MP-SETUP-11: the first-game characters by seat (start player first)."""
BLUE = frozenset(("coins", "bazaar:camel", "bazaar:pepper", "bazaar:silk", "bazaar:gold", "contracts", "travel"))
DICE_NEEDED = {"coins": 1, "khan": 1, "contracts": 1, "travel": 2, "moneybag": 1}
NEED_RULE = {"coins": "MP-ACT-3", "khan": "MP-KHAN-1", "contracts": "MP-CONTRACT-1", "travel": "MP-TRAVEL-1",
             "moneybag": "MP-BONUS-3"}

_MAPS: dict[int, Map] = {}

_END_TURN = EndTurn()

_TEXT = Event.__dict__["text"]
"""The slot behind ``Event.text`` (where a :class:`_Told` keeps its words once made)."""


class _Told(Event):
    """An :class:`~caravan_lessons.core.Event` worded when its ``text`` is first read, for the log: it keeps
    the catalogue message (``N_``), its fields and the language of the moment it was logged, and words them in
    that language (:func:`~caravan_lessons.i18n.wording_in`), so the line is the one an eager
    ``tr(message).format(**fields)`` would have made then; searches and bots, which never read the log, never
    pay for the words. The fields must not change afterwards: numbers, strings, tuples, actions (frozen) and
    :class:`~caravan_lessons.i18n.Later` for words of the language (``Later(plural, 2, *N_plural("coin"))``).

    It equals, hashes, prints and pickles as the plain Event with the same player, text and rule."""

    __slots__ = ("_recipe",)

    def __init__(self, player: int, rule: str, message: str, fields: dict, code: str):
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "_recipe", (message, fields, code))

    @property
    def text(self) -> str:
        try:
            return _TEXT.__get__(self, Event)
        except AttributeError:
            message, fields, code = self._recipe
            if code == get_language():
                text = tr(message).format(**fields) if fields else tr(message)
            else:
                with wording_in(code):
                    text = tr(message).format(**fields) if fields else tr(message)
            _TEXT.__set__(self, text)
            return text

    def __eq__(self, other):
        if isinstance(other, Event):
            return (self.player, self.text, self.rule) == (other.player, other.text, other.rule)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.player, self.text, self.rule))

    def __repr__(self) -> str:
        return f"Event(player={self.player!r}, text={self.text!r}, rule={self.rule!r})"

    def __reduce__(self):
        return Event, (self.player, self.text, self.rule)

def _nested(rows):
    return [list(x) for x in rows]


_COPY = {"characters": list, "special_pile": list, "posts_left": list, "posts_placed": list, "outposts": dict,
         "objectives": _nested, "piles": _nested, "fulfilled": _nested, "travellers": _nested,
         "vp_items": lambda rows: [dict(x) for x in rows], "posts": lambda posts: {k: list(v) for k, v in posts.items()}}
SHARED_FIELDS = frozenset(_COPY)
_COPY["events"] = list
_SHARED_AND_EVENTS = SHARED_FIELDS | {"events"}
"""The containers a lookahead child (``State._child_listed``) shares with its parent until it changes them:
what a move rarely touches (characters, objectives, the contract piles, outposts, trading posts, fulfilled
contracts, victory points by kind, travellers). The rules change them only through ``State._own(name)``."""



def _map_for(data: GameData) -> Map:
    found = _MAPS.get(id(data))
    if found is None or found.graph is not data.board:
        found = _MAPS[id(data)] = Map(data.board)
    return found


def new_game(players: int = 4, seed: int | None = None, characters: Any = "first_game", *,
             objectives: int = 2, player_count_variant: bool = False, data: GameData | None = None) -> State:
    """A new game, set up as the rulebook says (MP-SETUP-1..13), ready for round 1.

    Args:
        players: 2, 3 or 4.
        seed: a whole number for a reproducible game (None: a random one).
        characters: ``"first_game"`` (MP-SETUP-11: Raschid, Matteo, Berke, Mercator by seat),
            ``"choose"`` (players + 1 characters are revealed and each player picks one, the last seat
            first, i.e. in reverse turn order: explicit :class:`Choose` decisions), or a list of
            character ids, one per seat (see :data:`CHARACTERS`).
        objectives: 2 (the rulebook, MP-SETUP-13: 2 objective cards each) or 4 (the published standard
            rule, offered as a variant: 4 dealt, each player keeps 2 -- explicit ``Choose("objectives", ...)``).
        player_count_variant: [ruling, off by default] the tweaks only the Board Game Arena port shows for
            fewer than 4 players: neutral dice showing 1 block Khan's favour spaces (1 with 3 players, 2 with
            2) and occupy "take 5 coins" with 2 players; Mercator also gets 1 camel when another player takes
            Khan's favour (2-3 players) and 2 coins when the other takes 5 coins (2 players).
        data: the game data (default: the package's ``data/``; see ``components.load_data``).

    Raises:
        ValueError: a bad player count, seed, character list, objectives option or data (the message says what is allowed).
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"The Voyages of Marco Polo is played by 2, 3 or 4 players, not {_short(players)}")
    seed = check_seed(seed)
    if isinstance(characters, str):
        if characters not in ("first_game", "choose"):
            raise ValueError(f"characters must be 'first_game', 'choose' or a list of ids, not {_short(characters)}")
    else:
        if not isinstance(characters, (list, tuple)) or len(characters) != players:
            raise ValueError(f"characters must list one character id per seat ({players}), not {_short(characters)}")
        for c in characters:
            if c not in CHARACTERS:
                raise ValueError(f"unknown character {_short(c)}; the characters are {', '.join(CHARACTERS)}")
        if len(set(characters)) != players:
            raise ValueError(f"each seat needs a different character, not {_short(list(characters))}")
    if objectives not in (2, 4) or isinstance(objectives, bool):
        raise ValueError(f"objectives must be 2 (the rulebook) or 4 (deal 4, keep 2), not {_short(objectives)}")
    if not isinstance(player_count_variant, bool):
        raise ValueError(f"player_count_variant must be True or False, not {_short(player_count_variant)}")
    if data is not None and not isinstance(data, GameData):
        raise ValueError(f"data must be a GameData from marco_polo.load_data(folder) (or None), not {_short(data)}")
    state = State(players, seed, data or default_data())
    state.options = {"objectives": objectives, "player_count_variant": player_count_variant}
    state._setup(characters)
    return state


class State:
    """A game of The Voyages of Marco Polo (2-4 players), mutable, cheap to clone.

    Public attributes (read them; change the game only through :meth:`apply`):
        players: number of seats. characters: character id per seat. round: 1..5.
        start_player: seat holding the hourglass. coins, camels, vp: per seat.
        goods: per seat ``[pepper, silk, gold]``.
        dice: per seat the dice still on their board, each ``(colour, value)``.
        spaces: action space -> list of ``(seat, colour, value)`` placed this round (city cards:
            ``"city:<id>"``). black_dice: black dice left in the supply.
        posts: city -> seats with a trading post there, in order of arrival (Beijing: the order
            of its 10/7/4/1 spaces). posts_left: per seat. travellers: per seat, locations.
        active: per seat, contract ids in the 2 active spaces. fulfilled: per seat, contract ids.
        board_contracts: the contract ids on the board, column 1 first. special_pile, piles.
        city_cards: large city -> card ids on it. outposts: large city -> outpost bonus id (until taken).
        city_bonus_at: small city -> city bonus id. objectives: per seat, 2 objective ids.
        vp_items: per seat, victory points earned during play by kind (for the score sheet).
        events: the log (:class:`~caravan_lessons.core.Event`).
    """

    def __init__(self, players: int, seed: int, data: GameData):
        self.players = players
        self.seed = seed
        self.data = data
        self.map = _map_for(data)
        self.rng = random.Random(seed)
        self.events: list[Event] = []
        self.tasks: list[tuple] = []
        self.options = {"objectives": 2, "player_count_variant": False}
        self.new_contracts: tuple[int, ...] = ()
        """Contracts taken since the action in progress began (MP-CONTRACT-3: they are not old); a tuple,
        replaced (never changed in place), so copies may share it."""

    # --- setup --------------------------------------------------------------------------------
    def _setup(self, characters: Any) -> None:
        n, d, rng = self.players, self.data, self.rng
        t = d.tables
        self.round = 1
        self.phase = "setup"
        self.start_player = 0                      # MP-SETUP-7: seat 0 travelled most recently
        self.current = 0
        self.coins = [t["starting_coins"][i] for i in range(n)]      # MP-SETUP-10
        self.camels = [t["starting_camels"]] * n                     # MP-SETUP-10
        self.goods = [[0, 0, 0] for _ in range(n)]                  # MP-SETUP-1
        self.vp = [0] * n                                            # MP-SETUP-12 [ruling: all start at 0]
        self.vp_items: list[dict[str, int]] = [{} for _ in range(n)]
        self.dice: list[list[tuple[str, int]]] = [[] for _ in range(n)]
        self.spaces: dict[str, list[tuple[int, str, int]]] = {}
        self.black_dice = t["black_dice"]                            # MP-SETUP-6
        self.posts: dict[str, list[int]] = {}
        self.posts_left = [t["trading_posts"]] * n                   # MP-SETUP-8
        self.posts_placed = [0] * n
        self.travellers = [["venezia"] for _ in range(n)]            # MP-SETUP-12
        self.main_done = False
        self.black_bought = False
        self.posted_this_turn: list[str] = []
        self.last_traveller: int | None = None
        self.winners: list[int] = []
        self._sheet = None
        # MP-SETUP-2: city bonus markers on their small cities [ruling: the fixed standard spots]
        self.city_bonus_at = {b["city"]: bid for bid, b in d.city_bonuses.items()}
        large = sorted(c for c, k in self.map.kind.items() if k == "large")
        # MP-SETUP-3: 10 outpost bonuses shuffled, one on each large city, 3 back to the box
        bonus_ids = sorted(d.outpost_bonuses)
        chance.shuffle(rng, bonus_ids, "outpost bonuses")
        self.outposts = dict(zip(large, bonus_ids))
        # MP-SETUP-4: 31 city cards shuffled, 1 on each large city and 3 on Sumatra (9 spaces)
        cards = sorted(d.city_cards)
        chance.shuffle(rng, cards, "city cards")
        self.city_cards = {}
        for city in large:
            k = d.board.nodes[city]["city_card_spaces"]
            self.city_cards[city], cards = cards[:k], cards[k:]
        self.card_city = {c: city for city, ids in self.city_cards.items() for c in ids}
        # MP-SETUP-5: 6 starting contracts aside; the other 38 in 5 piles of 6 and a special pile of 8
        starting = sorted(i for i, c in d.contracts.items() if c["kind"] == "starting")
        regular = sorted(i for i, c in d.contracts.items() if c["kind"] == "regular")
        chance.shuffle(rng, starting, "starting contracts")
        chance.shuffle(rng, regular, "contracts")
        piles = [regular[6 * k: 6 * k + 6] for k in range(PILES)]
        self.board_contracts = piles[0]
        self.piles = piles[1:]
        self.special_pile = regular[30:]
        # MP-SETUP-9: one starting contract each, face up in an active space
        self.active = [[starting[i]] for i in range(n)]
        self.fulfilled: list[list[int]] = [[] for _ in range(n)]
        # MP-SETUP-13: 2 secret objectives each
        objectives = sorted(d.objectives)
        chance.shuffle(rng, objectives, "objectives")
        dealt = self.options["objectives"]
        self.objectives = [objectives[dealt * i: dealt * i + dealt] for i in range(n)]
        if dealt > 2:                              # the variant: keep 2 of the 4 dealt
            self.tasks.extend(("objectives", seat, tuple(self.objectives[seat])) for seat in range(n))
        # MP-SETUP-11: characters
        if characters == "first_game":
            self.characters = list(FIRST_GAME[:n])
        elif characters == "choose":
            pool = list(CHARACTERS)
            chance.shuffle(rng, pool, "characters")
            offered = tuple(sorted(pool[:n + 1]))
            self.characters = [""] * n
            for seat in range(n - 1, -1, -1):      # [ruling] reverse turn order: the last seat first
                self.tasks.append(("character", seat, offered))
        else:
            self.characters = list(characters)
        setup = (tr("Setup: {players} players, characters chosen, coins {coins}, 2 camels each.")
                 if characters == "choose" else
                 tr("Setup: {players} players, characters dealt, coins {coins}, 2 camels each."))
        self._log(-1, setup.format(players=n, coins=self.coins), "MP-SETUP-10")
        self.tasks.append(("setup_done",))
        effects.run(self)

    def _finish_setup(self) -> None:
        """Powers that change the setup (MP-CHAR-5/7/8), then round 1 starts."""
        for seat, who in enumerate(self.characters):
            if who == "kubilai":                   # MP-CHAR-5
                self._own("travellers")[seat] = ["beijing"]
                self._own("posts").setdefault("beijing", []).insert(0, seat)
                self._own("posts_left")[seat] -= 1
                self._own("posts_placed")[seat] += 1
                self._log(seat, tr("Kubilai Khan starts in Beijing with a trading post on its 10-point space."),
                          "MP-CHAR-5")
            elif who == "wilhelm":                 # MP-CHAR-7
                self._own("posts_left")[seat] += 2
            elif who == "polos":                   # MP-CHAR-8
                self._own("travellers")[seat] = ["venezia", "venezia"]
        self.phase = "play"
        self._start_round()

    # --- rounds ---------------------------------------------------------------------------------
    def _start_round(self) -> None:
        """MP-ROUND-2..4: start player, income, dice back and rolled, compensation."""
        if self.round > 1 and self.last_traveller is not None:       # MP-ROUND-2 / MP-TRAVEL-9
            self.start_player = self.last_traveller
        self.last_traveller = None
        self.spaces = {}
        if self.options["player_count_variant"] and self.players < 4:   # [ruling] BGA-only tweaks, option
            self.spaces["khan"] = [(-1, "neutral", 1)] * (4 - self.players)
            if self.players == 2:
                self.spaces["coins"] = [(-1, "neutral", 1)]
        self.black_dice = self.data.tables["black_dice"]              # MP-ROUND-4 / MP-BONUS-6
        self._say(-1, "MP-ROUND-1", N_("Round {round} begins; player {seat} starts."), round=self.round,
                  seat=self.start_player)
        for seat in self.turn_order():                                # MP-ROUND-3
            for city in sorted(self.posts):
                if seat in self.posts[city] and self.map.kind[city] == "small":
                    effects.queue_city_bonus(self, seat, city, "MP-ROUND-3")
            who = self.characters[seat]
            income = self.data.characters[who]["income"]
            if income:
                self.tasks.append(("gain", seat, tuple(income.items()), self.data.characters[who]["rule"],
                                   "character income"))
            if who == "matteo":                                       # MP-CHAR-2
                self.tasks.append(("matteo", seat))
        self.tasks.append(("roll",))
        self.tasks.append(("turns",))

    def _roll_all(self) -> None:
        """MP-ROUND-4: everybody takes their dice back and rolls; compensation below 15."""
        for seat in self.turn_order():
            who = self.characters[seat]
            count = 5 + (who == "matteo")
            if who == "raschid":                                      # MP-CHAR-1: never rolls
                self.dice[seat] = [("own", 0)] * 5
                continue
            values = [chance.randint(self.rng, 1, 6, "die") for _ in range(count)]
            self.dice[seat] = sorted([("own", v) for v in values[:5]] + [("white", v) for v in values[5:]])
            total = sum(values)
            self._say(seat, "MP-ROUND-4", N_("Player {seat} rolls {values} (total {total})."), seat=seat,
                      values=", ".join(map(str, values)), total=total)
            below = self.data.tables["compensation_below"] - total
            if below > 0:
                self.tasks.append(("compensation", seat, below))

    def _end_round(self) -> None:
        """MP-TURN-2 / MP-ROUND-5 / MP-END-1."""
        self._say(-1, "MP-TURN-2", N_("Round {round} ends: every player has used all their dice."), round=self.round)
        if self.round >= self.data.tables["rounds"]:                  # MP-END-1
            self.phase = "over"
            self.current = -1
            from .scoring import final_score

            self._sheet = final_score(self)
            return
        # MP-ROUND-5: leftover contracts to the bottom of the special pile, a new pile comes out
        self._own("special_pile").extend(c for c in self.board_contracts if c is not None)
        self.board_contracts = self._own("piles").pop(0)
        self._say(-1, "MP-ROUND-5", N_("The contracts left go under the special pile; 6 new contracts come out."))
        for seat in range(self.players):
            self.dice[seat] = []
        self.round += 1
        self._start_round()

    def turn_order(self) -> list[int]:
        """Seats clockwise from the start player (MP-ROUND-1)."""
        return [(self.start_player + i) % self.players for i in range(self.players)]

    def _begin_turn(self, seat: int) -> None:
        self.current = seat
        self.main_done = False
        self.black_bought = False
        self.posted_this_turn = []

    def _next_turn(self) -> None:
        """MP-TURN-2: the next seat clockwise that still has dice; none left ends the round."""
        for i in range(1, self.players + 1):
            seat = (self.current + i) % self.players
            if self.dice[seat]:
                self._begin_turn(seat)
                return
        self._end_round()

    # --- the protocol -----------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat that decides now: the owner of a pending choice, else whose turn it is; -1 when over."""
        if self.tasks:
            return self.tasks[0][1]
        return -1 if self.phase == "over" else self.current

    @property
    def decision(self) -> tuple | None:
        """The pending choice inside an effect (a task tuple, kind first), or None on a plain turn."""
        return self.tasks[0] if self.tasks else None

    def is_terminal(self) -> bool:
        """True once round 5 has ended (MP-END-1)."""
        return self.phase == "over"

    @property
    def winner(self) -> int | None:
        """The winning seat (MP-SCORE-6), None while playing or on a shared victory."""
        return self.winners[0] if len(self.winners) == 1 else None

    def legal_actions(self) -> list:
        """Every legal action now, in a deterministic order.

        During a pending choice: the options of that choice (:class:`Choose` or :class:`Move`;
        for a Travel, per end the paths no other path beats in both camels and coins -- any other
        valid path is accepted by :meth:`apply` too). On a turn: the main actions (:class:`Place`)
        until one is taken, the bonus actions, and :class:`EndTurn` after the main action.
        """
        if self.phase == "over":
            return []
        if self.tasks:
            return effects.options(self)
        seat = self.current
        if self.main_done:                         # movegen.bonus_actions: self._bonus_actions, faster
            return movegen.bonus_actions(self, seat, main_open=False) + [_END_TURN]
        mains = movegen.placements(self, seat)    # the same list as self._placements(seat), faster
        if not mains:                              # [ruling] the moneybag as the main action (MP-TURN-1)
            values = range(1, 7) if self.characters[seat] == "raschid" else (0,)
            mains = [Place("moneybag", (d,), v) for d in sorted(set(self.dice[seat])) for v in values[:1]]
            return mains + movegen.bonus_actions(self, seat, main_open=False, moneybag=False)
        return mains + movegen.bonus_actions(self, seat, main_open=True)

    def why_illegal(self, action: Any) -> RuleViolation | None:
        """None if ``action`` is legal now, else the RuleViolation :meth:`apply` would raise."""
        try:
            self._check(action)
        except RuleViolation as exc:
            return exc
        return None

    def apply(self, action: Any) -> None:
        """Play ``action`` in place.

        Raises:
            RuleViolation: the action is illegal (the state is unchanged); the rule ID names the clause.
        """
        self._do(action, self._check(action))

    def _apply_listed(self, action: Any) -> None:
        """:meth:`apply` for an action taken from this very position's :meth:`legal_actions`, for the bots'
        lookahead and search: the checks passed when the list was made, so only the plan they hand to the
        effects is worked out (:meth:`_listed_plan`). Anything else must go through :meth:`apply`;
        ``tests/marco_polo/test_fast_paths.py`` checks both give the same states."""
        self._do(action, self._listed_plan(action))

    def _listed_plan(self, action: Any) -> Any:
        """What :meth:`_check` returns for a legal ``action``, without the checks."""
        if self.tasks:
            if action.__class__ is Move:               # the path's costs are the plan: the effects' own check
                return effects.check(self, action)
            return None
        if action.__class__ is Place:
            seat, space = self.current, action.space
            low = action.set_to if self.characters[seat] == "raschid" else min(v for _, v in action.dice)
            fallback = space == "moneybag" and not self.main_done and not movegen.placements(self, seat, True)
            return {"low": low, "pay": self.surcharge(seat, space, low), "fallback": fallback}
        return None

    def _do(self, action: Any, plan: Any) -> None:
        """Carry out a checked action (``plan``: what the checks worked out)."""
        self._sheet = None if self.phase != "over" else self._sheet
        if not self.tasks and self.new_contracts:    # a new action begins: every contract held is old now
            self.new_contracts = ()
        if isinstance(action, (Choose, Move)):
            effects.resolve(self, action, plan)
        elif isinstance(action, Place):
            self._do_place(action, plan)
        elif isinstance(action, Fulfil):
            effects.fulfil(self, self.current, action.contract)
        elif isinstance(action, Reroll):
            self._take_die(self.current, action.die)
            value = chance.randint(self.rng, 1, 6, "die")
            self._pay_camels(self.current, self.data.tables["reroll_camels"], "MP-BONUS-4")
            self.dice[self.current].append((action.die[0], value))
            self.dice[self.current].sort()
            self._say(self.current, "MP-BONUS-4", N_("Player {seat} pays 1 camel and rerolls {a} {die}: {value}."),
                      seat=self.current, a=article(str(action.die[1])), die=action.die[1], value=value)
        elif isinstance(action, Adjust):
            self._take_die(self.current, action.die)
            self._pay_camels(self.current, self.data.tables["adjust_camels"], "MP-BONUS-5")
            self.dice[self.current].append((action.die[0], action.die[1] + action.delta))
            self.dice[self.current].sort()
            self._say(self.current, "MP-BONUS-5", N_("Player {seat} pays 2 camels and turns {a} {die} into {value}."),
                      seat=self.current, a=article(str(action.die[1])), die=action.die[1],
                      value=action.die[1] + action.delta)
        elif isinstance(action, BuyBlackDie):
            self._pay_camels(self.current, self.data.tables["black_die_camels"], "MP-BONUS-6")
            self.black_bought = True
            self.give_black_die(self.current, "MP-BONUS-6")
        elif isinstance(action, EndTurn):
            self._say(self.current, "MP-TURN-1", N_("Player {seat} ends their turn."), seat=self.current)
            self._next_turn()
        effects.run(self)

    def child(self, action: Any) -> State:
        """A new state after ``action``; this one is untouched."""
        other = self.clone()
        other.apply(action)
        return other

    def _child_listed(self, action: Any) -> State:
        """:meth:`child` for an action of this position's :meth:`legal_actions`, for the bots' lookahead: the
        checks are skipped (see :meth:`_apply_listed`), the events are not kept (the child's ``events`` holds
        only its own), and the containers a move rarely changes (:data:`SHARED_FIELDS`) are shared with this
        state until the child changes them (:meth:`_own`). The child is a scratch copy: valid while this state
        does not change."""
        other = self._scratch()
        other._do(action, other._listed_plan(action))
        return other

    def _scratch(self, events: bool = False) -> State:
        """A copy for search and lookahead: it shares :data:`SHARED_FIELDS` (and the generator, see :attr:`rng`)
        with this state until it changes them; it starts with no events, or (``events``) with this state's,
        shared until it logs one. Valid while this state does not change; the rules change it as any state,
        but code that writes a shared field by hand must go through :meth:`_own`."""
        other = State.__new__(State)
        self._rng_shared = True
        other.__dict__.update(self.__dict__)
        if events:
            other._shared = _SHARED_AND_EVENTS
        else:
            other._shared = SHARED_FIELDS
            other.events = []
        other.coins, other.camels, other.vp = self.coins[:], self.camels[:], self.vp[:]
        other.tasks, other.board_contracts = self.tasks[:], self.board_contracts[:]
        other.posted_this_turn = self.posted_this_turn[:]
        other.goods = [x[:] for x in self.goods]
        other.dice = [x[:] for x in self.dice]
        other.active = [x[:] for x in self.active]
        other.spaces = {k: v[:] for k, v in self.spaces.items()}
        return other

    def _own(self, name: str):
        """The field ``name`` of :data:`SHARED_FIELDS`, this state's own copy (copy on write): every change of
        those fields goes through here, so a lookahead child (:meth:`_child_listed`) never changes its parent."""
        if name in self._shared:
            self._shared = self._shared - {name}
            setattr(self, name, _COPY[name](getattr(self, name)))
        return getattr(self, name)

    _shared: frozenset = frozenset()
    _rng_shared = False

    @property
    def rng(self) -> random.Random:
        """The game's own random generator (setup shuffles, dice). A clone shares it with the state it was
        cloned from until one of them draws from it: that one takes its own copy first (copy on write), so a
        clone costs no copy of the generator, and the two never disturb each other's dice."""
        if self._rng_shared:
            mine = random.Random.__new__(random.Random)
            mine.setstate(self._rng.getstate())
            self._rng, self._rng_shared = mine, False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng, self._rng_shared = value, False

    def clone(self) -> State:
        """An independent copy (lists copied; the random generator shared until either draws, see :attr:`rng`)."""
        other = State.__new__(State)
        self._rng_shared = True                    # neither may draw from the shared generator without a copy
        other.__dict__.update(self.__dict__)
        other._shared = frozenset()
        for name in ("coins", "camels", "vp", "posts_left", "posts_placed", "characters", "events", "tasks",
                     "board_contracts", "special_pile", "posted_this_turn", "winners"):
            setattr(other, name, list(getattr(self, name)))
        for name in ("goods", "dice", "travellers", "active", "fulfilled", "objectives", "piles"):
            setattr(other, name, [list(x) for x in getattr(self, name)])
        other.vp_items = [dict(x) for x in self.vp_items]
        other.spaces = {k: list(v) for k, v in self.spaces.items()}
        other.posts = {k: list(v) for k, v in self.posts.items()}
        other.outposts = dict(self.outposts)
        return other

    def score_sheet(self):
        """The itemised final score (MP-SCORE-*), or the score so far if the game is not over."""
        from .scoring import final_score

        if self._sheet is None:
            self._sheet = final_score(self)
        return self._sheet

    def observation(self, player: int, *, events: bool = True) -> dict:
        """What ``player`` may see: everything but the other players' objectives, the piles' order and the
        game's seed (the setup's shuffles follow from it: the seed would give them all away).

        ``events=False`` leaves out the event log (``"events": []``): the same view for a reader that
        does not need it (the codecs' tensors); the log grows with the game."""
        self._check_seat(player)
        from .saves import state_to_dict

        data = state_to_dict(self, rng=False, events=events)
        data["objectives"] = [o if s == player else [] for s, o in enumerate(self.objectives)]
        data["tasks"] = [t if t[0] != "objectives" or t[1] == player else [t[0], t[1], []] for t in data["tasks"]]
        data["piles"] = [len(p) for p in self.piles]
        data["special_pile"] = len(self.special_pile)
        data.pop("seed")
        data["player"] = player
        return data

    def to_dict(self) -> dict:
        """A JSON-able dict (``game``, ``version`` and the whole state); see ``saves.py``."""
        from .saves import state_to_dict

        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: Any, game_data: GameData | None = None) -> State:
        """Rebuild a state from :meth:`to_dict` output, validated (SaveFileError naming the field or rule).

        ``game_data``: the data a game started with ``new_game(..., data=load_data(folder))`` was played
        with (its save records the data's fingerprint and is refused without it)."""
        from .saves import state_from_dict

        return state_from_dict(data, game_data=game_data)

    # --- helpers shared with effects.py --------------------------------------------------------------
    def _log(self, player: int, text: str, rule: str = "") -> None:
        if self._shared and "events" in self._shared:
            self._own("events")
        self.events.append(Event(player, text, rule))

    def _say(self, player: int, rule: str, message: str, /, **fields) -> None:
        """Log an event worded only when it is read (:class:`_Told`): ``message`` a catalogue message (``N_``),
        ``fields`` what fills it, none of them to change afterwards (numbers, strings, tuples, actions, and
        :class:`~caravan_lessons.i18n.Later` for words). The line read is the one :meth:`_log` of
        ``tr(message).format(**fields)`` would have logged now."""
        if self._shared and "events" in self._shared:
            self._own("events")
        self.events.append(_Told(player, rule, message, fields, get_language()))

    def _check_seat(self, player: Any) -> None:
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise ValueError(f"a seat is a whole number from 0 to {self.players - 1}, not {_short(player)}")

    def _take_die(self, seat: int, die: tuple[str, int]) -> None:
        self.dice[seat].remove(die)

    def _pay_camels(self, seat: int, n: int, rule: str) -> None:
        self.camels[seat] -= n

    def give_black_die(self, seat: int, rule: str) -> None:
        """A black die from the supply, rolled at once (MP-BONUS-6); none left: nothing (the reward is lost)."""
        if self.black_dice <= 0:
            self._say(seat, rule, N_("No black die is left for player {seat}."), seat=seat)
            return
        self.black_dice -= 1
        value = 0 if self.characters[seat] == "raschid" else chance.randint(self.rng, 1, 6, "black die")
        self.dice[seat].append(("black", value))
        self.dice[seat].sort()
        self._say(seat, rule, N_("Player {seat} takes a black die and rolls {value}.") if value else
                  N_("Player {seat} takes a black die."), seat=seat, value=value)

    def has_post(self, seat: int, city: str) -> bool:
        return seat in self.posts.get(city, ())

    def own_small_cities(self, seat: int) -> list[str]:
        return [c for c in sorted(self.posts) if self.map.kind[c] == "small" and seat in self.posts[c]]

    # --- placing dice (MP-ACT-*) ------------------------------------------------------------------------
    def dice_needed(self, space: str) -> int:
        if space.startswith("bazaar:"):
            return self.data.bazaar[space[7:]][0]
        if space.startswith("city:"):
            return 1
        return DICE_NEEDED[space]

    def surcharge(self, seat: int, space: str, low: int) -> int:
        """MP-ACT-2 / MP-CHAR-3: coins to pay for an occupied blue space (lowest placed die), 0 for Berke."""
        if space in BLUE and self.spaces.get(space) and self.characters[seat] != "berke":
            return low
        return 0

    def travel_step_budget(self, seat: int) -> int:
        """The most steps a Travel could buy with the dice left (the 2nd-highest usable die; Raschid 6), or 0."""
        dice = self.dice[seat]
        if any(s == seat and c == "own" for s, c, _ in self.spaces.get("travel", ())):
            dice = [d for d in dice if d[0] != "own"]          # MP-ACT-4
        if len(dice) < 2:
            return 0
        if self.characters[seat] == "raschid":
            return 6
        return sorted((v for _, v in dice), reverse=True)[1]

    def travel_surcharge(self, seat: int, low: int) -> int:
        return self.surcharge(seat, "travel", low)

    def _check_place(self, action: Place) -> dict:
        """All the checks of placing dice; returns the plan (lowest die, surcharge) or raises."""
        seat, space, dice = self.current, action.space, action.dice
        who = self.characters[seat]
        if not isinstance(space, str):
            raise RuleViolation("MP-TURN-1", tr("an action space is named by a string, not {value}").format(
                value=_short(space)))
        is_card = space.startswith("city:")
        if space not in SPACE_NAMES and not is_card:
            raise RuleViolation("MP-TURN-1", tr("there is no action space {value}; the spaces are {spaces} and "
                                                "'city:<card id>'").format(value=_short(space), spaces=", ".join(SPACE_NAMES)))
        if space != "moneybag" and self.main_done:
            raise RuleViolation("MP-TURN-1", tr("you have taken your main action this turn; now only bonus actions "
                                                "(fulfil a contract, the moneybag, reroll, adjust, black die) or "
                                                "ending the turn"))
        if not isinstance(dice, tuple) or not dice:
            raise RuleViolation("MP-TURN-1", tr("a main action places at least one of your dice"))
        pool = list(self.dice[seat])
        for die in dice:
            if not isinstance(die, tuple) or len(die) != 2 or type(die[1]) is not int or type(die[0]) is not str \
                    or die not in pool:
                raise RuleViolation("MP-TURN-1", tr("you have no die {value} on your board; you have {dice}").format(
                    value=_short(die, 70), dice=", ".join(map(str, self.dice[seat])) or tr("none")))
            pool.remove(die)
        need = self.dice_needed(space)
        if len(dice) != need:
            rule = NEED_RULE.get(space) or ("MP-BAZAAR-2" if space.startswith("bazaar:") else "MP-CITY-1")
            raise RuleViolation(rule, tr("{space} takes exactly {dice}, not {given}").format(
                space=SPACE_NAMES.get(space) or tr("a city card"), dice=plural(need, "die", "dice"), given=len(dice)))
        if who == "raschid":
            if type(action.set_to) is not int or not 1 <= action.set_to <= 6:
                raise RuleViolation("MP-CHAR-1", tr("Raschid sets his dice when he places them: say a value from 1 to 6"))
            low = action.set_to
        else:
            if type(action.set_to) is not int or action.set_to != 0:
                raise RuleViolation("MP-CHAR-1", tr("only Raschid ad-Din Sinan sets his dice; yours show what you rolled"))
            low = min(v for _, v in dice)
        here = self.spaces.get(space, [])
        if space != "moneybag" and any(c == "own" for c, _ in dice) and any(s == seat and c == "own"
                                                                           for s, c, _ in here):
            raise RuleViolation("MP-ACT-4", tr("{space} already holds one of your own dice this round; only a black or "
                                               "white die may go there again").format(
                space=SPACE_NAMES.get(space) or tr("this city card")))
        if space == "khan":
            if len(here) >= self.data.khan_spaces:
                raise RuleViolation("MP-KHAN-3", tr("Khan's favour has only 4 spaces and they are all taken this round"))
            top = max((v for _, _, v in here), default=0)
            if low < top:
                raise RuleViolation("MP-KHAN-2", tr("a die on Khan's favour must be equal to or higher than the die "
                                                    "before it ({top}); yours shows {low}").format(top=top, low=low))
        if is_card:
            self._check_city_card(seat, space, low)
        pay = self.surcharge(seat, space, low)
        if pay > self.coins[seat]:
            raise RuleViolation("MP-ACT-2", tr("{space} is occupied: using it costs {coins} (your lowest die); you have "
                                               "{have}").format(space=SPACE_NAMES[space], coins=plural(pay, "coin"),
                                                                have=self.coins[seat]))
        if space == "contracts" and not any(c is not None for c in self.board_contracts[:low]):
            raise RuleViolation("MP-CONTRACT-1", tr("no contract lies in columns 1 to {low}").format(low=low))
        if space == "travel" and not effects.travel_options(self, seat, low, self.coins[seat] - pay):
            raise RuleViolation("MP-TRAVEL-2", tr("you cannot pay for even one step with {coins} and {camels} (1 step "
                                                  "costs 3 coins plus the route)").format(
                coins=plural(self.coins[seat] - pay, "coin"), camels=plural(self.camels[seat], "camel")))
        main_fallback = False
        if space == "moneybag" and not self.main_done:
            main_fallback = not movegen.placements(self, seat, first_only=True)
            if not main_fallback and not pool:
                raise RuleViolation("MP-TURN-1", tr("the moneybag is a bonus action: keep a die for your main action"))
        return {"low": low, "pay": pay, "fallback": main_fallback}

    def _check_city_card(self, seat: int, space: str, low: int) -> None:
        digits = space[5:]
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 6 or space != f"city:{int(digits)}":
            raise RuleViolation("MP-CITY-1", tr("{value} names no city card; write 'city:<card id>'").format(
                value=_short(space)))
        card = int(digits)
        city = self.card_city.get(card)
        if city is None:
            raise RuleViolation("MP-CITY-1", tr("city card {card} is not on the board this game").format(card=card))
        if not self.has_post(seat, city):
            raise RuleViolation("MP-CITY-1", tr("city card {card} lies in {city}: you need a trading post there to use "
                                                "it").format(card=card, city=self.map.name[city]))
        if city in self.posted_this_turn:
            raise RuleViolation("MP-TRAVEL-4", tr("your trading post in {city} is new this turn: its city card can be "
                                                  "used from your next turn").format(city=self.map.name[city]))
        if self.spaces.get(space):
            raise RuleViolation("MP-CITY-2", tr("city card {card} has been used this round; each city card is used "
                                                "once a round").format(card=card))
        if effects.card_uses(self, seat, card, low) < 1:
            raise RuleViolation("MP-CITY-3", tr("with {a} {low} you cannot do city card {card}'s action even once "
                                                "({effect})").format(a=article(str(low)), low=low, card=card,
                                                                     effect=effects.card_text(self, card)))

    def _placements(self, seat: int, stop_at_first: bool = False) -> list:
        """Every legal main-action :class:`Place` for ``seat`` (the moneybag is not among them).

        The plain reference: every dice combination on every space through :meth:`_check_place`.
        ``legal_actions`` uses ``movegen.placements``, which the tests check against this."""
        dice = self.dice[seat]
        values = range(1, 7) if self.characters[seat] == "raschid" else (0,)
        groups = {k: sorted(set(combinations(dice, k))) for k in (1, 2, 3) if k <= len(dice)}
        spaces = ["coins", "bazaar:camel", "bazaar:pepper", "bazaar:silk", "bazaar:gold", "khan", "contracts",
                  "travel"]
        spaces += [f"city:{c}" for city in sorted(self.city_cards) if self.has_post(seat, city)
                   for c in self.city_cards[city]]
        out = []
        for space in spaces:
            for combo in groups.get(self.dice_needed(space), ()):
                for v in values:
                    action = Place(space, combo, v)
                    try:
                        self._check_place(action)
                    except RuleViolation:
                        continue
                    out.append(action)
                    if stop_at_first:
                        return out
        return out

    def _bonus_actions(self, seat: int, main_open: bool, moneybag: bool = True) -> list:
        """MP-BONUS-1..6 open to ``seat`` now (``main_open``: the main action is still to come)."""
        out: list = []
        for cid in self.active[seat]:
            if effects.can_fulfil(self, seat, cid):
                out.append(Fulfil(cid))
        dice = sorted(set(self.dice[seat]))
        raschid = self.characters[seat] == "raschid"
        if moneybag and dice and (not main_open or len(self.dice[seat]) > 1):
            out.extend(Place("moneybag", (d,), 1 if raschid else 0) for d in dice)
        if not raschid:
            if self.camels[seat] >= self.data.tables["reroll_camels"]:
                out.extend(Reroll(d) for d in dice)
            if self.camels[seat] >= self.data.tables["adjust_camels"]:
                out.extend(Adjust(d, delta) for d in dice for delta in (-1, 1) if 1 <= d[1] + delta <= 6)
        if self.camels[seat] >= self.data.tables["black_die_camels"] and self.black_dice > 0 and not self.black_bought:
            out.append(BuyBlackDie())
        return out

    def _check(self, action: Any) -> Any:
        """Every check of ``action``; returns a plan for apply, or raises RuleViolation."""
        if self.phase == "over":
            raise RuleViolation("MP-END-1", tr("the game is over: it ends after round 5"))
        if self.tasks:
            if not isinstance(action, (Choose, Move)):
                raise RuleViolation("MP-TURN-1", tr("first finish the choice in progress ({choice})").format(
                    choice=effects.describe(self)))
            return effects.check(self, action)
        if isinstance(action, (Choose, Move)):
            raise RuleViolation("MP-TURN-1", tr("there is no choice to make now; it is a turn: place dice, take bonus "
                                                "actions or end the turn"))
        seat = self.current
        if isinstance(action, Place):
            return self._check_place(action)
        if isinstance(action, EndTurn):
            if not self.main_done:
                raise RuleViolation("MP-TURN-1", tr("a turn needs exactly one main action: place at least one die "
                                                    "before ending it"))
            return None
        if isinstance(action, Fulfil):
            effects.check_fulfil(self, seat, action.contract)
            return None
        raschid = self.characters[seat] == "raschid"
        if isinstance(action, (Reroll, Adjust)):
            rule = "MP-BONUS-4" if isinstance(action, Reroll) else "MP-BONUS-5"
            if raschid:
                raise RuleViolation("MP-CHAR-1", tr("Raschid never rolls: he sets his dice when he places them"))
            die = action.die
            if not isinstance(die, tuple) or len(die) != 2 or type(die[1]) is not int or die not in self.dice[seat]:
                raise RuleViolation(rule, tr("you have no die {value} on your board").format(value=_short(action.die, 70)))
            cost = self.data.tables["reroll_camels" if rule == "MP-BONUS-4" else "adjust_camels"]
            if self.camels[seat] < cost:
                raise RuleViolation(rule, tr("this costs {camels}; you have {have}").format(camels=plural(cost, "camel"),
                                                                                        have=self.camels[seat]))
            if isinstance(action, Adjust):
                if type(action.delta) is not int or action.delta not in (-1, 1):
                    raise RuleViolation(rule, tr("a die is turned by +1 or -1 only"))
                if not 1 <= action.die[1] + action.delta <= 6:
                    raise RuleViolation(rule, tr("a 6 cannot become a 1 nor a 1 a 6: dice do not wrap around"))
            return None
        if isinstance(action, BuyBlackDie):
            if self.black_bought:
                raise RuleViolation("MP-BONUS-6", tr("you have taken a black die this turn already; one per turn"))
            if self.black_dice <= 0:
                raise RuleViolation("MP-BONUS-6", tr("no black die is left this round (there are 5)"))
            if self.camels[seat] < self.data.tables["black_die_camels"]:
                raise RuleViolation("MP-BONUS-6", tr("a black die costs 3 camels; you have {have}").format(
                    have=self.camels[seat]))
            if not self.dice[seat] and self.main_done is False:
                raise RuleViolation("MP-TURN-2", tr("you have no dice left this round"))
            return None
        raise RuleViolation("MP-TURN-1", tr("{value} is not an action of The Voyages of Marco Polo").format(
            value=_short(action)))

    def _do_place(self, action: Place, plan: dict) -> None:
        seat, space = self.current, action.space
        for die in action.dice:
            self._take_die(seat, die)
        low = plan["low"]
        placed = self.spaces.setdefault(space, [])
        for colour, value in action.dice:
            placed.append((seat, colour, action.set_to or value))
        if plan["pay"]:
            self.coins[seat] -= plan["pay"]
            self._say(seat, "MP-ACT-2", N_("Player {seat} pays {coins}: the space was occupied."), seat=seat,
                      coins=Later(plural, plan["pay"], *N_plural("coin")))
        elif space in BLUE and len(placed) > len(action.dice) and self.characters[seat] == "berke":
            self._say(seat, "MP-CHAR-3", N_("Berke Khan uses the occupied space for free."))
        if space != "moneybag" or plan["fallback"]:
            self.main_done = True
        self._say(seat, "MP-ACT-1", N_("Player {seat}: {action}."), seat=seat, action=action)
        effects.main_action(self, seat, space, low)

    # --- reading helpers for bots and lessons ----------------------------------------------------------
    def goods_of(self, seat: int) -> dict[str, int]:
        """``{"pepper": n, "silk": n, "gold": n}`` of a seat."""
        return dict(zip(GOODS, self.goods[seat]))
