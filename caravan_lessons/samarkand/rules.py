"""Samarkand's rules: the game state, its legal actions and their effects.

Reads like the rulebook (``shared/rules/samarkand.md``); every refusal names its clause::

    from caravan_lessons import samarkand
    state = samarkand.new_game(players=4, seed=7)
    state.legal_actions()            # Marry(...) for every family you may marry
    state.apply(samarkand.Marry("levant"))
    state.current_player             # the seat whose decision it is (a sale may belong to another seat)

Indices: players 0..n-1; families 0..9 in the families file's order; spaces in the board's
order (``state.board.spaces``). Actions name families and spaces by their ids.
"""
from __future__ import annotations

import random
from itertools import combinations

from .. import chance
from ..core import Event, RuleViolation, _short, article, check_seed, derive_seed, plural
from ..i18n import N_, Later, N_plural, get_language, pgettext, tr
from .actions import ACTION_TYPES, Discard, EndTurn, Keep, Marry, Pass, Place, Sell
from .board import Board, default_board
from .components import (ACTIVE_PREMIUM, CAMELS_PER_FAMILY, DRAW, FAMILY_TILES, GOODS_COUNT, HAND_LIMIT,
                         MAX_DISCARD, PASSIVE_PREMIUM, PLAYERS, RELATION_TILES, SALE_PRICE, SECOND_CAMEL_COST,
                         SPACE_CAPACITY, START_HAND, START_MONEY)

ACT, DISCARD, SALE, SECOND, OVER = "act", "discard", "sale", "second", "over"
"""Phases: the active player's choice; discarding after a marriage; a goods-card sale decision
(possibly another seat's); the optional second camel; the game is over."""


def new_game(players: int = 4, seed: int | None = None, board: Board | None = None, first: int = 0) -> "State":
    """A new game for ``players`` (2..5) seats, set up as SAM-SETUP-1..6 and SAM-2P-2 say.

    Raises:
        ValueError: players not a whole number 2..5, a bad seed, first not a seat.
    """
    return State(players, seed, board, first)


def open_spaces(board: Board, camels: list[list[int]]) -> list[set[int]]:
    """Per family, the spaces a camel of it may go to: next to one of its camels (SAM-EXT-2), holding
    fewer than 2 camels and none of its own (SAM-EXT-3). The state keeps these sets up to date."""
    result: list[set[int]] = [set() for _ in board.families]
    for s, here in enumerate(camels):
        for f in here:
            result[f].update(board.adjacent[s])
    for s, here in enumerate(camels):
        for f, spaces in enumerate(result):
            if len(here) >= SPACE_CAPACITY or f in here:
                spaces.discard(s)
    return result


def _family(fam) -> Later:
    """A family's name for the log, worded when the log is read."""
    return Later(pgettext, "family", fam.source_name)


def _space(board, space: int) -> Later:
    """A space's label for the log, worded when the log is read."""
    return Later(_label, board, space)


def _label(board, space: int) -> str:
    return board.labels[space]


#: Why a game ended, by the rule that ended it (``state.end_reason``), as a catalogue message: the engine's
#: log and the apps' end status say it.
END_REASONS = {
    "SAM-END-1": N_("every family has a relation"),
    "SAM-END-2": N_("a family has made 5 relations"),
    "SAM-TURN-1": N_("every player passed in a row"),      # [ruling] see SAM-TURN-1's rule text
}

class State:
    """The whole game: board, families, players, cards, whose decision it is.

    Attributes (lists indexed by player ``p``, family ``f``, space ``s`` or goods number ``g``):
        money[p], held[p][f] (family tiles 0..2), hands[p], sold[p], goods_tiles[p] (goods numbers),
        relation_tiles[p] (``(family index, "green" or "grey")``); house_tiles[f], treasury[f],
        reserve[f] (camels), relation_stack[f] (tiles left, 5..0); camels[s] (family indices in the
        order they came); tile_on_board[g]; deck, discard (goods numbers, top = end); bag (2 players,
        family indices, next = end); related (pairs ``(f, g)``, f < g); relation_log (``(active f,
        passive f, space, player)``); phase, active, pending (goods, holder) of a sale decision;
        bank_out / bank_in: dirhams the bank paid / took (SAM-COMP-3 ruling: unlimited bank).
    """

    def __init__(self, players: int = 4, seed: int | None = None, board: Board | None = None, first: int = 0):
        if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYERS:
            raise ValueError(f"Samarkand is played by 2 to 5 players, not {_short(players)}")
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
            raise ValueError(f"first must be a seat 0..{players - 1}, not {_short(first)}")
        if board is not None and not isinstance(board, Board):
            raise ValueError(f"board must be a samarkand Board (samarkand.load_board(...)), not {type(board).__name__}")
        self.seed = check_seed(seed)
        self.board = board = board or default_board()
        self.players = players
        self.limit = HAND_LIMIT[players]                                  # SAM-HAND-1, SAM-2P-1
        nf = len(board.families)
        self.money = [START_MONEY] * players                              # SAM-SETUP-4
        self.treasury = [0] * nf                                          # SAM-SETUP-4 [ruling]
        self.held = [[0] * nf for _ in range(players)]
        self.house_tiles = [FAMILY_TILES] * nf                            # SAM-SETUP-1
        self.bag: list[int] = []
        self.removed: list[int] = []
        if players == 2:                                                  # SAM-2P-2
            self.house_tiles = [1] * nf
            self.bag = list(range(nf))
            chance.shuffle(random.Random(derive_seed(self.seed, "bag")), self.bag, "bag")
        self.reserve = [CAMELS_PER_FAMILY - 1] * nf                       # SAM-SETUP-1
        self.camels: list[list[int]] = [[] for _ in board.spaces]
        for f, s in enumerate(board.start):
            self.camels[s].append(f)
        self.frontier = [set(board.adjacent[s]) - {s} for s in board.start]  # = open_spaces(board, camels) here
        self.relation_stack = [RELATION_TILES] * nf                       # SAM-SETUP-2: green on top
        self.related: set[tuple[int, int]] = set()
        self.relation_log: list[tuple[int, int, int, int]] = []
        self.tile_on_board = [False] + [True] * GOODS_COUNT               # SAM-SETUP-5
        self.goods_tiles: list[list[int]] = [[] for _ in range(players)]
        self.relation_tiles: list[list[tuple[int, str]]] = [[] for _ in range(players)]
        self.sold: list[list[int]] = [[] for _ in range(players)]
        self.deck = list(range(1, GOODS_COUNT + 1))                       # SAM-SETUP-3
        chance.shuffle(random.Random(derive_seed(self.seed, "deck", 0)), self.deck, "deck")
        self.reshuffles = 0
        self.hands = [[self.deck.pop() for _ in range(START_HAND)] for _ in range(players)]
        self.discard: list[int] = []
        self.phase, self.active, self.first = ACT, first, first          # SAM-SETUP-6
        self.pending: tuple[int, int] | None = None
        self.after_sale = ""
        self.extending = -1
        self.married = False
        self.passes = 0
        self.turns = 0
        self.bank_out = self.bank_in = 0
        self.end_reason = ""
        self._log: list[tuple] = []                                       # (player, rule, format, args)
        self._events: list[Event] = []
        self._say(-1, "SAM-SETUP-6", N_("{players} players, seed {seed}; player {seat} starts."), players=players,
                  seed=self.seed, seat=first)

    # --- whose decision, and which are legal ------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The seat to decide now: the active player, or the holder of a card on sale; -1 when over."""
        if self.phase == SALE:
            return self.pending[1]
        return -1 if self.phase == OVER else self.active

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def _may_marry(self, p: int, f: int) -> bool:
        return (self.house_tiles[f] > 0 and self.money[p] >= self.board.families[f].price
                and (self.players == 2 or not self.held[p][f]))

    def _targets(self, f: int) -> list[int]:
        """Spaces a camel of family f may go to (SAM-EXT-2, SAM-EXT-3), ascending."""
        return sorted(self.frontier[f])

    def legal_actions(self) -> list:
        """Every legal action now, in a fixed order (families in file order, spaces in board order)."""
        phase, p, board = self.phase, self.active, self.board
        if phase == ACT:
            marry, money, tiles = board.marry_actions, self.money[p], self.house_tiles
            held, reserve, place = self.held[p], self.reserve, board.place_actions
            actions: list = [marry[f] for f, price in enumerate(board.prices)
                             if tiles[f] and money >= price and (self.players == 2 or not held[f])]
            for f, h in enumerate(held):
                if h and reserve[f]:
                    table = place[f]
                    actions += [table[s] for s in self._targets(f)]
            return actions or [Pass()]
        if phase == SECOND:
            f = self.extending
            table = board.place_actions[f]
            actions = [table[s] for s in self._targets(f)] if self.treasury[f] and self.reserve[f] else []
            actions.append(EndTurn())
            return actions
        if phase == SALE:
            return [Sell(self.pending[0]), Keep(self.pending[0])]
        if phase == DISCARD:
            hand = sorted(self.hands[p])
            need = len(hand) + len(self.sold[p]) - self.limit
            return [Discard(c) for k in range(max(need, 0), MAX_DISCARD + 1) for c in combinations(hand, k)]
        return []

    # --- refusals: each names its clause and leaves the state alone ---------------------------------------

    def why_illegal(self, action) -> RuleViolation | None:
        """None if ``action`` is legal now, else the RuleViolation ``apply`` would raise."""
        if not isinstance(action, ACTION_TYPES):
            return RuleViolation("SAM-TURN-1", tr("{value} is not a Samarkand action (Marry, Place, EndTurn, Discard, "
                                                  "Sell, Keep, Pass)").format(value=_short(action)))
        phase = self.phase
        if phase == OVER:
            return RuleViolation(self.end_reason or "SAM-END-1", tr("the game is over; no more actions"))
        if phase == SALE:
            goods, holder = self.pending
            if isinstance(action, (Sell, Keep)) and action.goods == goods:
                return None
            return RuleViolation("SAM-GOODS-2", tr("goods space {goods} was just occupied: player {seat}, who holds its "
                                                   "card, must first Sell({goods}) or Keep({goods})").format(
                goods=goods, seat=holder))
        if isinstance(action, (Sell, Keep)):
            return RuleViolation("SAM-GOODS-3", tr("goods card {goods} can be sold only at the moment its goods space is "
                                                   "first occupied, and no such sale is waiting now").format(
                goods=_short(action.goods)))
        if phase == DISCARD:
            if not isinstance(action, Discard):
                return RuleViolation("SAM-MARRY-4", tr("after marrying and drawing 3 cards you must first discard "
                                                       "0, 1 or 2 cards (Discard)"))
            return self._why_not_discard(action)
        if isinstance(action, Discard):
            return RuleViolation("SAM-MARRY-4", tr("cards are discarded only right after drawing for a marriage"))
        if isinstance(action, Pass):
            if self.legal_actions() != [Pass()]:
                return RuleViolation("SAM-TURN-1", tr("you may pass only when you can neither marry nor extend a "
                                                      "route; you can do one of them now"))
            return None
        if phase == SECOND:
            if isinstance(action, EndTurn):
                return None
            if isinstance(action, Marry):
                return RuleViolation("SAM-TURN-1", tr("you are extending a route this turn; a turn is one action: "
                                                      "place a second camel of the same family or end the turn"))
            return self._why_not_place(action, second=True)
        if isinstance(action, EndTurn):
            return RuleViolation("SAM-TURN-1", tr("a turn is marrying or extending a route: choose one before ending "
                                                  "the turn"))
        if isinstance(action, Marry):
            return self._why_not_marry(action)
        return self._why_not_place(action, second=False)

    def _family(self, name, rule: str) -> int | RuleViolation:
        f = self.board.family_index.get(name) if isinstance(name, str) else None
        if f is None:
            return RuleViolation(rule, tr("there is no family {value}; the families are {families}").format(
                value=_short(name), families=", ".join(fam.id for fam in self.board.families)))
        return f

    def _why_not_marry(self, action: Marry) -> RuleViolation | None:
        f = self._family(action.family, "SAM-COMP-1")
        if isinstance(f, RuleViolation):
            return f
        fam, p = self.board.families[f], self.active
        if self.players > 2 and self.held[p][f]:
            return RuleViolation("SAM-MARRY-3", tr("you already hold {a} {family} tile; with 3-5 players you hold at "
                                                   "most one tile of each family").format(
                a=article(fam.source_name), family=fam.name))
        if self.house_tiles[f] == 0:
            return RuleViolation("SAM-MARRY-2", tr("no {family} family tile is left in its house, so nobody can "
                                                   "marry into it now").format(family=fam.name))
        if self.money[p] < fam.price:
            return RuleViolation("SAM-MARRY-2", tr("marrying into {family} costs {price} and you have {money}").format(
                family=fam.name, price=plural(fam.price, "dirham"), money=self.money[p]))
        return None

    def _why_not_place(self, action: Place, second: bool) -> RuleViolation | None:
        f = self._family(action.family, "SAM-EXT-1")
        if isinstance(f, RuleViolation):
            return f
        fam, p = self.board.families[f], self.active
        s = self.board.index.get(action.space) if isinstance(action.space, str) else None
        if s is None:
            return RuleViolation("SAM-COMP-4", tr("there is no space {value} on this board").format(
                value=_short(action.space)))
        if second and f != self.extending:
            return RuleViolation("SAM-EXT-1", tr("this turn extends the {route} route; the second camel must be of "
                                                 "that family too, not {family}").format(
                route=self.board.families[self.extending].name, family=fam.name))
        if not self.held[p][f]:
            return RuleViolation("SAM-EXT-1", tr("you hold no {family} family tile; marry into {family} first to "
                                                 "extend its route").format(family=fam.name))
        if not self.reserve[f]:
            return RuleViolation("SAM-EXT-1", tr("{family} has no camel left in its reserve").format(family=fam.name))
        if second and self.treasury[f] < SECOND_CAMEL_COST:
            return RuleViolation("SAM-EXT-6", tr("a second camel costs {family} 1 dirham from its treasury, which is "
                                                 "empty: only 1 camel this turn").format(family=fam.name))
        here = self.camels[s]
        label = self.board.space_label(s)
        if f in here:
            return RuleViolation("SAM-EXT-3", tr("{space} already holds {a} {family} camel; never 2 camels of one "
                                                 "family on a space").format(space=label, a=article(fam.source_name),
                                                                             family=fam.name))
        if len(here) >= SPACE_CAPACITY:
            return RuleViolation("SAM-EXT-3", tr("{space} already holds 2 camels, the most a space can hold").format(
                space=label))
        if s not in self.frontier[f]:
            return RuleViolation("SAM-EXT-2", tr("{space} is not next to any {family} camel; a camel goes next to a "
                                                 "space that already holds a camel of its family").format(
                space=label, family=fam.name))
        return None

    def _why_not_discard(self, action: Discard) -> RuleViolation | None:
        cards, p = action.cards, self.active
        if (not isinstance(cards, tuple) or len(cards) > MAX_DISCARD
                or any(isinstance(c, bool) or not isinstance(c, int) for c in cards)):
            return RuleViolation("SAM-MARRY-4", tr("discard 0, 1 or 2 goods cards given by their numbers, not "
                                                   "{value}").format(value=_short(cards)))
        if len(set(cards)) != len(cards) or any(c not in self.hands[p] for c in cards):
            return RuleViolation("SAM-MARRY-4", tr("you can discard only cards in your hand {hand} (each once; sold "
                                                   "cards stay in front of you)").format(hand=sorted(self.hands[p])))
        left = len(self.hands[p]) + len(self.sold[p]) - len(cards)
        if left > self.limit:
            return RuleViolation("SAM-HAND-1", tr("after discarding you would hold {cards} (sold ones count); the hand "
                                                  "limit is {limit}").format(cards=plural(left, "card"), limit=self.limit))
        return None

    # --- doing it ---------------------------------------------------------------------------------------

    def apply(self, action) -> None:
        """Play ``action`` for ``current_player``; RuleViolation (state unchanged) if illegal."""
        problem = self.why_illegal(action)
        if problem is not None:
            raise problem
        self._do(action)

    def _apply_listed(self, action) -> None:
        """:meth:`apply` for an action of this very position's :meth:`legal_actions` (the bots' lookahead and
        search): the checks passed when the list was made, so they are skipped. Anything else goes through
        :meth:`apply`; ``tests/samarkand/test_fast_paths.py`` checks both give the same states."""
        self._do(action)

    def _do(self, action) -> None:
        """Carry out a checked action."""
        kind = type(action)
        if kind is Place:
            self._place(self.board.family_index[action.family], self.board.index[action.space])
        elif kind is Marry:
            self._marry(self.board.family_index[action.family])
        elif kind is Discard:
            self._discard(action.cards)
        elif kind is Sell or kind is Keep:
            self._sale(kind is Sell)
        elif kind is EndTurn:
            self._end_turn()
        else:
            self.passes += 1
            self._say(self.active, "SAM-TURN-1", N_("Player {seat} can neither marry nor extend, and passes."),
                      seat=self.active)
            self._end_turn(passed=True)

    def child(self, action) -> "State":
        state = self.clone()
        state.apply(action)
        return state

    def _child_listed(self, action) -> "State":
        """:meth:`child` for an action of this position's :meth:`legal_actions`, for the bots' lookahead: the
        checks are skipped (:meth:`_apply_listed`) and the log is not copied (the child's ``events`` holds only
        what happened in it). A scratch copy: valid while this state does not change."""
        state = self.clone(log=False)
        state._do(action)
        return state

    def _marry(self, f: int) -> None:
        p, fam = self.active, self.board.families[f]
        self.money[p] -= fam.price                                        # SAM-MARRY-1
        self.treasury[f] += fam.price
        self.house_tiles[f] -= 1
        self.held[p][f] += 1
        self.married, self.passes = True, 0
        self._say(p, "SAM-MARRY-1", N_("Player {seat} marries into {family} for {price}."), seat=p,
                  family=_family(fam), price=Later(plural, fam.price, *N_plural("dirham")))
        if len(self.hands[p]) + len(self.sold[p]) >= self.limit:           # SAM-MARRY-5
            self._say(p, "SAM-MARRY-5", N_("Player {seat} is at the hand limit of {limit}: no cards drawn."), seat=p,
                      limit=self.limit)
            self._end_turn()
            return
        drawn = [card for card in (self._draw() for _ in range(DRAW)) if card]  # SAM-MARRY-4
        self.hands[p].extend(drawn)
        self._say(p, "SAM-MARRY-4", N_("Player {seat} draws {cards}."), seat=p,
                  cards=Later(plural, len(drawn), *N_plural("goods card")))
        self.phase = DISCARD

    def _draw(self) -> int:
        if not self.deck and self.discard:                                # SAM-DECK-1
            self.reshuffles += 1
            self.deck, self.discard = self.discard, []
            chance.shuffle(random.Random(derive_seed(self.seed, "deck", self.reshuffles)), self.deck, "deck")
            self._say(-1, "SAM-DECK-1", N_("The deck is empty: the discard pile is shuffled into a new deck."))
        return self.deck.pop() if self.deck else 0

    def _discard(self, cards: tuple[int, ...]) -> None:
        p = self.active
        for card in cards:
            self.hands[p].remove(card)
            self.discard.append(card)
        self._say(p, "SAM-MARRY-4", N_("Player {seat} discards {cards}."), seat=p, cards=Later(plural, len(cards), *N_plural("card")))
        self._end_turn()

    def _place(self, f: int, s: int) -> None:
        p, board = self.active, self.board
        fam = board.families[f]
        second = self.phase == SECOND
        if second:                                                        # SAM-EXT-4
            self.treasury[f] -= SECOND_CAMEL_COST
            self.bank_in += SECOND_CAMEL_COST
        self.reserve[f] -= 1
        camels = self.camels
        here = camels[s]
        here.append(f)
        frontier = self.frontier[f]                                       # SAM-EXT-2, SAM-EXT-3
        frontier.discard(s)
        frontier.update(t for t in board.adjacent[s] if len(camels[t]) < SPACE_CAPACITY and f not in camels[t])
        if len(here) == SPACE_CAPACITY:
            for other in self.frontier:
                other.discard(s)
        self.extending, self.passes = f, 0
        if second:
            self._say(p, "SAM-EXT-4", N_("Player {seat} places a second {family} camel on {space}, paying 1 dirham "
                                         "from its treasury."), seat=p, family=_family(fam), space=_space(board, s))
        else:
            self._say(p, "SAM-EXT-1", N_("Player {seat} places {a} {family} camel on {space}."), seat=p,
                      a=article(fam.source_name), family=_family(fam), space=_space(board, s))
        if len(here) == 2 and board.land[s]:                              # SAM-REL-1 (never on water: SAM-REL-2)
            self._relation(f, here[0], s)
        self.after_sale = OVER if second else SECOND
        g = board.number[s]
        if g and self.tile_on_board[g]:                                   # SAM-GOODS-1
            self.tile_on_board[g] = False
            self.goods_tiles[p].append(g)
            self._say(p, "SAM-GOODS-1", N_("Player {seat} takes the goods tile {space}."), seat=p, space=_space(board, s))
            holder = next((q for q in range(self.players) if g in self.hands[q]), -1)
            if holder >= 0:                                               # SAM-GOODS-2
                self.pending, self.phase = (g, holder), SALE
                return
        self._after_camel()

    def _after_camel(self) -> None:
        f = self.extending
        if self.after_sale == SECOND and self.treasury[f] and self.reserve[f] and self._targets(f):
            self.phase = SECOND                                           # SAM-EXT-4, SAM-EXT-6
        else:
            self._end_turn()

    def _relation(self, f: int, other: int, s: int) -> None:
        pair = (f, other) if f < other else (other, f)
        fams, p = self.board.families, self.active
        if pair in self.related:                                          # SAM-REL-5
            self._say(p, "SAM-REL-5", N_("{active} and {passive} meet again: no premium."), active=_family(fams[f]),
                      passive=_family(fams[other]))
            return
        self.related.add(pair)
        self.relation_log.append((f, other, s, p))
        for q in range(self.players):                                    # SAM-REL-3 (one tile or two: SAM-2P-4)
            premium = ACTIVE_PREMIUM * bool(self.held[q][f]) + PASSIVE_PREMIUM * bool(self.held[q][other])
            self.money[q] += premium
            self.bank_out += premium
        for g in (f, other):                                              # SAM-REL-4
            if self.relation_stack[g]:
                colour = "green" if self.relation_stack[g] == RELATION_TILES else "grey"
                self.relation_stack[g] -= 1
                self.relation_tiles[p].append((g, colour))
        self._say(p, "SAM-REL-3", N_("New relation {active} (active) - {passive} (passive): 3 dirhams to each "
                                     "{active} tile holder, 1 to each {passive} tile holder; player {seat} takes their "
                                     "top relation tiles."), active=_family(fams[f]), passive=_family(fams[other]), seat=p)

    def _sale(self, sell: bool) -> None:
        g, q = self.pending
        if sell:                                                          # SAM-GOODS-2
            self.hands[q].remove(g)
            self.sold[q].append(g)
            self.money[q] += SALE_PRICE
            self.bank_out += SALE_PRICE
            self._say(q, "SAM-GOODS-2", N_("Player {seat} sells goods card {goods} for 3 dirhams."), seat=q, goods=g)
        else:                                                             # SAM-GOODS-4
            self._say(q, "SAM-GOODS-4", N_("Player {seat} keeps goods card {goods}."), seat=q, goods=g)
        self.pending = None
        self._after_camel()

    def _end_turn(self, passed: bool = False) -> None:
        p = self.active
        if self.married and self.players == 2 and self.bag:               # SAM-2P-5
            f = self.bag.pop()
            fam = self.board.families[f]
            if any(self.held[q][f] for q in range(2)):
                self.house_tiles[f] += 1
                self._say(p, "SAM-2P-5", N_("From the bag: {a} {family} tile, already married, goes to its house."),
                          a=article(fam.source_name), family=_family(fam))
            else:
                self.removed.append(f)
                self._say(p, "SAM-2P-5", N_("From the bag: {a} {family} tile, not yet married, leaves the game."),
                          a=article(fam.source_name), family=_family(fam))
        self.married, self.extending, self.after_sale = False, -1, ""
        self.turns += 1
        stacks = self.relation_stack
        if all(n < RELATION_TILES for n in stacks):                       # SAM-END-1
            self._game_over("SAM-END-1")
        elif not all(stacks):                                             # SAM-END-2
            self._game_over("SAM-END-2")
        elif self.passes >= self.players:                                 # SAM-TURN-1 [ruling]
            self._game_over("SAM-TURN-1")
        else:
            self.active = (p + 1) % self.players                          # clockwise: SAM-SETUP-6
            self.phase = ACT

    def _game_over(self, rule: str) -> None:
        self.phase, self.end_reason = OVER, rule
        self._say(-1, rule, N_("The game ends at once: {why}."), why=Later(tr, END_REASONS[rule]))

    def _say(self, player: int, rule: str, text: str, **fields) -> None:
        """Log an event: a catalogue message (``N_``) and its fields; it is worded only when someone reads
        ``events`` (bots never do), in the language of that moment."""
        self._log.append((player, rule, text, fields))

    @property
    def events(self) -> list[Event]:
        """What happened, in words, with rule IDs (:class:`~caravan_lessons.core.Event`), oldest first, in the
        current language (a game loaded from a file keeps the words it was saved with)."""
        if getattr(self, "_events_language", None) != get_language():
            self._events, self._events_language = [], get_language()
        done = self._events
        for player, rule, text, fields in self._log[len(done):]:
            if fields:
                text = tr(text).format(**fields)
            elif isinstance(fields, dict):
                text = tr(text)
            done.append(Event(player, text, rule))
        return done

    # --- results, copies, views --------------------------------------------------------------------------

    def score_sheet(self):
        """The itemised score (:func:`caravan_lessons.samarkand.scoring.build_sheet`)."""
        from .scoring import build_sheet

        return build_sheet(self)

    @property
    def winners(self) -> list[int]:
        """Every seat with the most points (SAM-SCORE-5); [] while the game goes on."""
        if self.phase != OVER:
            return []
        totals = self.score_sheet().totals()
        return [p for p, t in enumerate(totals) if t == max(totals)]

    @property
    def winner(self) -> int | None:
        """The single winner, or None (game not over, or a tie)."""
        winners = self.winners
        return winners[0] if len(winners) == 1 else None

    def clone(self, log: bool = True) -> "State":
        """An independent copy (``log=False``: without the events so far; the copy logs only its own)."""
        new = State.__new__(State)
        new.__dict__.update(self.__dict__)
        new.money, new.treasury, new.house_tiles = self.money[:], self.treasury[:], self.house_tiles[:]
        new.bag, new.removed, new.reserve = self.bag[:], self.removed[:], self.reserve[:]
        new.relation_stack, new.relation_log = self.relation_stack[:], self.relation_log[:]
        new.tile_on_board, new.deck, new.discard = self.tile_on_board[:], self.deck[:], self.discard[:]
        new._log, new._events = (self._log[:], self._events[:]) if log else ([], [])
        new.held = [x[:] for x in self.held]
        new.camels = [x[:] for x in self.camels]
        new.goods_tiles = [x[:] for x in self.goods_tiles]
        new.relation_tiles = [x[:] for x in self.relation_tiles]
        new.sold = [x[:] for x in self.sold]
        new.hands = [x[:] for x in self.hands]
        new.frontier = [set(x) for x in self.frontier]
        new.related = set(self.related)
        return new

    def observation(self, player: int, *, events: bool = True) -> dict:
        """What ``player`` sees: everything but the other hands, the deck, the discards and the bag order.

        ``events=False`` leaves out the event log (``"events": []``): the same view for a reader that
        does not need it (the codecs' tensors); the log grows with the game."""
        from .saves import observation

        return observation(self, player, events=events)

    def to_dict(self) -> dict:
        from .saves import to_dict

        return to_dict(self)

    @classmethod
    def from_dict(cls, data, board: Board | None = None) -> "State":
        """Rebuild a state from ``to_dict()`` output; SaveFileError naming the field or clause if impossible."""
        from .saves import from_dict

        return from_dict(data, board)

    def __eq__(self, other) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None
