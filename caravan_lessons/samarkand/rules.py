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
from ..core import Event, RuleViolation, _short, a_or_an, check_seed, derive_seed, plural
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
        self._say(-1, "SAM-SETUP-6", "{} players, seed {}; player {} starts.", players, self.seed, first)

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
            return RuleViolation("SAM-TURN-1", f"{_short(action)} is not a Samarkand action (Marry, Place, EndTurn, "
                                               "Discard, Sell, Keep, Pass)")
        phase = self.phase
        if phase == OVER:
            return RuleViolation(self.end_reason or "SAM-END-1", "the game is over; no more actions")
        if phase == SALE:
            goods, holder = self.pending
            if isinstance(action, (Sell, Keep)) and action.goods == goods:
                return None
            return RuleViolation("SAM-GOODS-2", f"goods space {goods} was just occupied: player {holder}, who holds "
                                 f"its card, must first Sell({goods}) or Keep({goods})")
        if isinstance(action, (Sell, Keep)):
            return RuleViolation("SAM-GOODS-3", f"goods card {_short(action.goods)} can be sold only at the moment its "
                                 "goods space is first occupied, and no such sale is waiting now")
        if phase == DISCARD:
            if not isinstance(action, Discard):
                return RuleViolation("SAM-MARRY-4", "after marrying and drawing 3 cards you must first discard "
                                     "0, 1 or 2 cards (Discard)")
            return self._why_not_discard(action)
        if isinstance(action, Discard):
            return RuleViolation("SAM-MARRY-4", "cards are discarded only right after drawing for a marriage")
        if isinstance(action, Pass):
            if self.legal_actions() != [Pass()]:
                return RuleViolation("SAM-TURN-1", "you may pass only when you can neither marry nor extend a "
                                     "route; you can do one of them now")
            return None
        if phase == SECOND:
            if isinstance(action, EndTurn):
                return None
            if isinstance(action, Marry):
                return RuleViolation("SAM-TURN-1", "you are extending a route this turn; a turn is one action: "
                                     "place a second camel of the same family or end the turn")
            return self._why_not_place(action, second=True)
        if isinstance(action, EndTurn):
            return RuleViolation("SAM-TURN-1", "a turn is marrying or extending a route: choose one before ending "
                                 "the turn")
        if isinstance(action, Marry):
            return self._why_not_marry(action)
        return self._why_not_place(action, second=False)

    def _family(self, name, rule: str) -> int | RuleViolation:
        f = self.board.family_index.get(name) if isinstance(name, str) else None
        if f is None:
            return RuleViolation(rule, f"there is no family {_short(name)}; the families are "
                                 f"{', '.join(fam.id for fam in self.board.families)}")
        return f

    def _why_not_marry(self, action: Marry) -> RuleViolation | None:
        f = self._family(action.family, "SAM-COMP-1")
        if isinstance(f, RuleViolation):
            return f
        fam, p = self.board.families[f], self.active
        if self.players > 2 and self.held[p][f]:
            return RuleViolation("SAM-MARRY-3", f"you already hold {a_or_an(fam.name)} tile; with 3-5 players you hold "
                                 "at most one tile of each family")
        if self.house_tiles[f] == 0:
            return RuleViolation("SAM-MARRY-2", f"no {fam.name} family tile is left in its house, so nobody can "
                                 "marry into it now")
        if self.money[p] < fam.price:
            return RuleViolation("SAM-MARRY-2", f"marrying into {fam.name} costs {fam.price} dirhams and you have "
                                 f"{self.money[p]}")
        return None

    def _why_not_place(self, action: Place, second: bool) -> RuleViolation | None:
        f = self._family(action.family, "SAM-EXT-1")
        if isinstance(f, RuleViolation):
            return f
        fam, p = self.board.families[f], self.active
        s = self.board.index.get(action.space) if isinstance(action.space, str) else None
        if s is None:
            return RuleViolation("SAM-COMP-4", f"there is no space {_short(action.space)} on this board")
        if second and f != self.extending:
            return RuleViolation("SAM-EXT-1", f"this turn extends the {self.board.families[self.extending].name} "
                                 f"route; the second camel must be of that family too, not {fam.name}")
        if not self.held[p][f]:
            return RuleViolation("SAM-EXT-1", f"you hold no {fam.name} family tile; marry into {fam.name} first "
                                 "to extend its route")
        if not self.reserve[f]:
            return RuleViolation("SAM-EXT-1", f"{fam.name} has no camel left in its reserve")
        if second and self.treasury[f] < SECOND_CAMEL_COST:
            return RuleViolation("SAM-EXT-6", f"a second camel costs {fam.name} 1 dirham from its treasury, which "
                                 "is empty: only 1 camel this turn")
        here = self.camels[s]
        label = self.board.space_label(s)
        if f in here:
            return RuleViolation("SAM-EXT-3", f"{label} already holds {a_or_an(fam.name)} camel; never 2 camels of one "
                                 "family on a space")
        if len(here) >= SPACE_CAPACITY:
            return RuleViolation("SAM-EXT-3", f"{label} already holds 2 camels, the most a space can hold")
        if s not in self.frontier[f]:
            return RuleViolation("SAM-EXT-2", f"{label} is not next to any {fam.name} camel; a camel goes next to "
                                 "a space that already holds a camel of its family")
        return None

    def _why_not_discard(self, action: Discard) -> RuleViolation | None:
        cards, p = action.cards, self.active
        if (not isinstance(cards, tuple) or len(cards) > MAX_DISCARD
                or any(isinstance(c, bool) or not isinstance(c, int) for c in cards)):
            return RuleViolation("SAM-MARRY-4", f"discard 0, 1 or 2 goods cards given by their numbers, not {_short(cards)}")
        if len(set(cards)) != len(cards) or any(c not in self.hands[p] for c in cards):
            return RuleViolation("SAM-MARRY-4", f"you can discard only cards in your hand {sorted(self.hands[p])} "
                                 "(each once; sold cards stay in front of you)")
        left = len(self.hands[p]) + len(self.sold[p]) - len(cards)
        if left > self.limit:
            return RuleViolation("SAM-HAND-1", f"after discarding you would hold {left} cards (sold ones count); "
                                 f"the hand limit is {self.limit}")
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
            self._say(self.active, "SAM-TURN-1", "Player {} can neither marry nor extend, and passes.", self.active)
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
        self._say(p, "SAM-MARRY-1", "Player {} marries into {} for {} dirhams.", p, fam.name, fam.price)
        if len(self.hands[p]) + len(self.sold[p]) >= self.limit:           # SAM-MARRY-5
            self._say(p, "SAM-MARRY-5", "Player {} is at the hand limit of {}: no cards drawn.", p, self.limit)
            self._end_turn()
            return
        drawn = [card for card in (self._draw() for _ in range(DRAW)) if card]  # SAM-MARRY-4
        self.hands[p].extend(drawn)
        self._say(p, "SAM-MARRY-4", "Player {} draws {}.", p, plural(len(drawn), "goods card"))
        self.phase = DISCARD

    def _draw(self) -> int:
        if not self.deck and self.discard:                                # SAM-DECK-1
            self.reshuffles += 1
            self.deck, self.discard = self.discard, []
            chance.shuffle(random.Random(derive_seed(self.seed, "deck", self.reshuffles)), self.deck, "deck")
            self._say(-1, "SAM-DECK-1", "The deck is empty: the discard pile is shuffled into a new deck.")
        return self.deck.pop() if self.deck else 0

    def _discard(self, cards: tuple[int, ...]) -> None:
        p = self.active
        for card in cards:
            self.hands[p].remove(card)
            self.discard.append(card)
        self._say(p, "SAM-MARRY-4", "Player {} discards {}.", p, plural(len(cards), "card"))
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
            self._say(p, "SAM-EXT-4", "Player {} places a second {} camel on {}, paying 1 dirham from its treasury.",
                      p, fam.name, board.labels[s])
        else:
            self._say(p, "SAM-EXT-1", "Player {} places {} camel on {}.", p, a_or_an(fam.name), board.labels[s])
        if len(here) == 2 and board.land[s]:                              # SAM-REL-1 (never on water: SAM-REL-2)
            self._relation(f, here[0], s)
        self.after_sale = OVER if second else SECOND
        g = board.number[s]
        if g and self.tile_on_board[g]:                                   # SAM-GOODS-1
            self.tile_on_board[g] = False
            self.goods_tiles[p].append(g)
            self._say(p, "SAM-GOODS-1", "Player {} takes the goods tile {}.", p, board.labels[s])
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
            self._say(p, "SAM-REL-5", "{} and {} meet again: no premium.", fams[f].name, fams[other].name)
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
        self._say(p, "SAM-REL-3", "New relation {0} (active) - {1} (passive): 3 dirhams to each {0} tile holder, "
                  "1 to each {1} tile holder; player {2} takes their top relation tiles.",
                  fams[f].name, fams[other].name, p)

    def _sale(self, sell: bool) -> None:
        g, q = self.pending
        if sell:                                                          # SAM-GOODS-2
            self.hands[q].remove(g)
            self.sold[q].append(g)
            self.money[q] += SALE_PRICE
            self.bank_out += SALE_PRICE
            self._say(q, "SAM-GOODS-2", "Player {} sells goods card {} for 3 dirhams.", q, g)
        else:                                                             # SAM-GOODS-4
            self._say(q, "SAM-GOODS-4", "Player {} keeps goods card {}.", q, g)
        self.pending = None
        self._after_camel()

    def _end_turn(self, passed: bool = False) -> None:
        p = self.active
        if self.married and self.players == 2 and self.bag:               # SAM-2P-5
            f = self.bag.pop()
            name = self.board.families[f].name
            if any(self.held[q][f] for q in range(2)):
                self.house_tiles[f] += 1
                self._say(p, "SAM-2P-5", "From the bag: {} tile, already married, goes to its house.", a_or_an(name))
            else:
                self.removed.append(f)
                self._say(p, "SAM-2P-5", "From the bag: {} tile, not yet married, leaves the game.", a_or_an(name))
        self.married, self.extending, self.after_sale = False, -1, ""
        self.turns += 1
        stacks = self.relation_stack
        if all(n < RELATION_TILES for n in stacks):                       # SAM-END-1
            self._game_over("SAM-END-1", "every family has a relation")
        elif not all(stacks):                                             # SAM-END-2
            self._game_over("SAM-END-2", "a family has made 5 relations")
        elif self.passes >= self.players:                                 # SAM-TURN-1 [ruling]
            self._game_over("SAM-TURN-1", "every player passed in a row")
        else:
            self.active = (p + 1) % self.players                          # clockwise: SAM-SETUP-6
            self.phase = ACT

    def _game_over(self, rule: str, why: str) -> None:
        self.phase, self.end_reason = OVER, rule
        self._say(-1, rule, "The game ends at once: {}.", why)

    def _say(self, player: int, rule: str, text: str, *args) -> None:
        """Log an event; its words are formatted only when someone reads ``events`` (bots never do)."""
        self._log.append((player, rule, text, args))

    @property
    def events(self) -> list[Event]:
        """What happened, in words, with rule IDs (:class:`~caravan_lessons.core.Event`), oldest first."""
        done = self._events
        for player, rule, text, args in self._log[len(done):]:
            done.append(Event(player, text.format(*args) if args else text, rule))
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

    def observation(self, player: int) -> dict:
        """What ``player`` sees: everything but the other hands, the deck, the discards and the bag order."""
        from .saves import observation

        return observation(self, player)

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
