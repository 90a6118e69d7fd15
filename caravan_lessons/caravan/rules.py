"""Caravan's rules: the :class:`State` -- setup, the checks of every action, apply, refill, end.

Read it beside the rulebook: each check names its clause (``shared/rules/caravan.md``).
A turn is a sequence of actions; ``legal_actions()`` offers the next action or
:class:`~.actions.EndTurn`. Illegal actions raise :class:`~caravan_lessons.core.RuleViolation`
and leave the state exactly as it was (every check runs before anything changes).

How the state is kept (all public, all plain Python):

* ``pos[p][i]``: where camel ``i`` of seat ``p`` stands, a ``(row, col)`` node, or None (supply);
* ``load[p][i]``: the good it carries or None; ``under[p][i]``: True if that good was stolen and
  lies *under* the camel (CAR-STEAL-2). One slot per camel: a camel never carries two goods;
* ``goods``: node -> good lying on the board (only numbered spaces hold goods);
* ``demand``: node -> demand markers on that space;
* ``bag``: the cubes in the bag, in the (hidden) order they will be drawn, last drawn first;
* ``delivered[p]``, ``markers[p]``, ``tokens[p]``: each player's board;
* ``current``, ``turn`` (turns started so far, 0-based), ``actions_left``, ``end_triggered``, ``over``.
"""
from __future__ import annotations

import random
from typing import Any

from .. import chance
from ..core import Event, RuleViolation, _short, check_seed, derive_seed, plural
from ..i18n import tr
from . import movegen
from .actions import EndTurn, MoveCamel, MoveGood, PickUp, PlaceCamel, Steal, _rc
from .board import Board, load_board
from .components import (CAMELS, CAMELS_LEARNING, CUBES, GOOD_POINTS, MAX_ACTIONS, PLAYERS, REFILL_AT,
                         REFILL_DRAW, SHORT_GAME_REMOVED, THEFT_TOKENS_EACH, good_name)

__all__ = ["State", "new_game"]

END_TURN = EndTurn()


def _tables(board: Board) -> tuple[list, dict]:
    """Every PlaceCamel and MoveCamel of a board, built once (actions are values, so they are shared)."""
    tables = getattr(board, "_action_tables", None)
    if tables is None:
        place = [(s, PlaceCamel(s)) for s in board.spaces]
        moves = {a: [(b, MoveCamel(a, b)) for b in board.spaces if b != a] for a in board.spaces}
        tables = board._action_tables = (place, moves)
    return tables


_MADE: dict = {}


def _made(cls, *args):
    """The action ``cls(*args)``, built once and shared (actions are frozen values)."""
    key = (cls, args)
    action = _MADE.get(key)
    if action is None:
        if len(_MADE) > 500_000:
            _MADE.clear()
        action = _MADE[key] = cls(*args)
    return action


def new_game(players: int = 4, seed: int | None = None, *, learning: bool = False, short_game: bool | None = None,
             first_player: int | None = 0, board: Any = None) -> "State":
    """A new game, set up as the rulebook says (CAR-SETUP-1..5).

    Args:
        players: 2, 3 or 4.
        seed: any whole number (None: a random one); it decides the bag's draw order.
        learning: True for the learning / relaxed variant, 6 camels each (CAR-SETUP-1).
        short_game: take out 16 cubes (CAR-SETUP-3); None: yes for 2-3 players, no for 4 (a ruling).
        first_player: the seat that starts, or None for a random seat (CAR-SETUP-5).
        board: None for the teaching board, a board file path, a parsed dict or a loaded Board.

    Raises:
        ValueError: a player count other than 2-4, a bad seed, flag or seat (booleans are not
            counts); DataFileError for a bad board file.
    """
    return State(players, seed, learning=learning, short_game=short_game, first_player=first_player, board=board)


def _flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, not {_short(value)}")
    return value


class State:
    """One game of Caravan for 2-4 players (see the module notes for the fields)."""

    def __init__(self, players: int = 4, seed: int | None = None, *, learning: bool = False,
                 short_game: bool | None = None, first_player: int | None = 0, board: Any = None):
        if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYERS:
            raise ValueError(f"Caravan is played by 2, 3 or 4 players, not {_short(players)}")
        self.seed = check_seed(seed)
        self.learning = _flag(learning, "learning")
        self.short_game = players < 4 if short_game is None else _flag(short_game, "short_game")
        if first_player is None:  # CAR-SETUP-5: a random player starts
            first_player = chance.randint(random.Random(derive_seed(self.seed, "first player")), 0, players - 1,
                                          "first player")
        if isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < players:
            raise ValueError(f"first_player must be a seat from 0 to {players - 1} or None, not {_short(first_player)}")
        self.board = board if isinstance(board, Board) else load_board(board)
        self.players = players
        self.camels = CAMELS_LEARNING if learning else CAMELS                       # CAR-SETUP-1
        self.pos: list[list] = [[None] * self.camels for _ in range(players)]
        self.load: list[list] = [[None] * self.camels for _ in range(players)]
        self.under: list[list[bool]] = [[False] * self.camels for _ in range(players)]
        self.count = dict.fromkeys(self.board.spaces, 0)   # camels of all colours on each space
        self.tokens = [THEFT_TOKENS_EACH] * players                                  # CAR-SETUP-2
        self.delivered: list[list[str]] = [[] for _ in range(players)]
        self.markers = [0] * players
        bag = [g for g, n in self.cubes_in_game().items() for _ in range(n)]          # CAR-SETUP-3
        chance.shuffle(random.Random(derive_seed(self.seed, "bag")), bag, "bag")     # CAR-SETUP-4
        self.bag = bag
        self.goods: dict = {}
        self.demand: dict = {}
        self.draws: list[int] = []   # cubes drawn by each refill, for the learner (and the tests)
        self.events: list[Event] = [Event(-1, tr("Setup: {players} players, {camels} each, {cubes} in the bag.").format(
            players=players, camels=plural(self.camels, "camel"), cubes=plural(len(bag), "cube")), "CAR-SETUP-1")]
        for node in self.board.numbered:                                              # CAR-SETUP-4
            self.goods[node] = self.bag.pop()
        for node in self.board.demand_start:
            self.demand[node] = 1
        self.events.append(Event(-1, tr("One cube drawn onto each numbered space; demand markers on 1, 2, 7, 8."),
                                 "CAR-SETUP-4"))
        self.current = self.first_player = first_player                              # CAR-SETUP-5
        self.turn = 0
        self.actions_left = self.allowance(0)
        self.end_triggered = False
        self.over = False

    # --- what the rules count ------------------------------------------------------------------

    def cubes_in_game(self) -> dict[str, int]:
        """Cubes per good in this game: 48, or 32 after the CAR-SETUP-3 removal."""
        return {g: n - (SHORT_GAME_REMOVED[g] if self.short_game else 0) for g, n in CUBES.items()}

    @staticmethod
    def allowance(turn: int) -> int:
        """CAR-TURN-1: actions of the game's turn number ``turn`` (0-based): 1, 2, 3, then 4."""
        return min(MAX_ACTIONS, turn + 1)

    @property
    def current_player(self) -> int:
        """The seat whose turn it is; -1 once the game is over."""
        return -1 if self.over else self.current

    def is_terminal(self) -> bool:
        return self.over

    def camels_at(self, player: int, node) -> list[int]:
        """Indices of ``player``'s camels standing on ``node``."""
        return [i for i, where in enumerate(self.pos[player]) if where == node]

    def empty_camels(self, player: int) -> int:
        """CAR-PICK-4: camels carrying nothing, those in the supply included (a ruling)."""
        return sum(1 for good in self.load[player] if good is None)

    def loaded_goods(self, player: int) -> list[str]:
        """Goods on or under ``player``'s camels (CAR-SCORE-2 counts them all)."""
        return [good for good in self.load[player] if good is not None]

    def cost(self, action) -> int:
        """Actions an action costs: 2 to place or move a camel onto an occupied space
        (CAR-ACT-2), 0 to end the turn, else 1 (CAR-ACT-1, -3, -4, -5)."""
        if isinstance(action, EndTurn):
            return 0
        if isinstance(action, (PlaceCamel, MoveCamel)):
            target = action.space if isinstance(action, PlaceCamel) else action.target
            return 2 if self.count.get(target, 0) else 1
        return 1

    def group_of(self, player: int, node) -> set:
        """CAR-MOVE-1, CAR-MOVE-4: the spaces linked to ``node`` through ``player``'s own camels
        (orthogonal neighbours only; other players' camels never link). Empty if none there."""
        own = {where for where in self.pos[player] if where is not None}
        if node not in own:
            return set()
        group, frontier, neighbours = {node}, [node], self.board.neighbours
        while frontier:
            for nxt in neighbours[frontier.pop()]:
                if nxt in own and nxt not in group:
                    group.add(nxt)
                    frontier.append(nxt)
        return group

    def camel_groups(self, player: int) -> list[set]:
        """CAR-MOVE-1: ``player``'s camel groups as sets of spaces, with networkx: the connected
        components of the board graph restricted to the spaces where ``player`` has a camel."""
        import networkx as nx

        own = {where for where in self.pos[player] if where is not None}
        return [set(group) for group in nx.connected_components(self.board.graph.subgraph(own))]

    def chain_path(self, player: int, source, target) -> list | None:
        """The shortest chain of ``player``'s own camels from ``source`` to ``target`` (a list of
        spaces, networkx shortest path), or None if they are not in one group (CAR-MOVE-1, -4)."""
        import networkx as nx

        own = {where for where in self.pos[player] if where is not None}
        try:
            return nx.shortest_path(self.board.graph.subgraph(own), source, target)
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            return None

    def reachable_cities(self, player: int, source) -> dict:
        """For the good on ``player``'s camel at ``source``: ``{city node: chain path}`` of the cities of
        the group with an empty camel of ``player`` on them (where one action delivers, CAR-MOVE-2)."""
        group = self.group_of(player, source)
        found = {}
        for node in group:
            if node in self.board.good_of and any(self.load[player][i] is None for i in self.camels_at(player, node)):
                found[node] = self.chain_path(player, source, node)
        return found

    # --- the checks ---------------------------------------------------------------------------

    def why_illegal(self, action) -> RuleViolation | None:
        """None if ``action`` is legal now, else the :class:`RuleViolation` (rule ID + plain words)."""
        p, board = self.current, self.board
        if self.over:
            return RuleViolation("CAR-END-1", tr("The game is over: a good was delivered after the bag ran out."))
        if isinstance(action, EndTurn):
            return None                                                               # CAR-TURN-2
        if not isinstance(action, (PlaceCamel, MoveCamel, PickUp, Steal, MoveGood)):
            return RuleViolation("CAR-TURN-1", tr("{value} is not a Caravan action; the actions are PlaceCamel, "
                                                  "MoveCamel, PickUp, Steal, MoveGood and EndTurn.").format(
                value=_short(action)))
        if self.actions_left == 0:
            return RuleViolation("CAR-TURN-1", tr("You have used all {actions} of this turn (a turn has at most 4): "
                                                  "end your turn.").format(
                actions=plural(self.allowance(self.turn), "action")))
        for node in (action.target, action.source) if isinstance(action, (MoveCamel, MoveGood)) else (action.space,):
            if node not in board.neighbours:
                return RuleViolation("CAR-CAMEL-1", tr("{space} is not a space of the {rows} x {cols} board.").format(
                    space=_rc(node), rows=board.rows, cols=board.cols))
        if isinstance(action, (PlaceCamel, MoveCamel)):
            return self._check_camel(p, action)
        if isinstance(action, PickUp):
            return self._check_pick_up(p, action)
        if isinstance(action, Steal):
            return self._check_steal(p, action)
        return self._check_move_good(p, action)

    def _check_camel(self, p: int, action) -> RuleViolation | None:
        if isinstance(action, PlaceCamel):
            if None not in self.pos[p]:
                return RuleViolation("CAR-SETUP-1", tr("All your {camels} are on the board; move an empty one "
                                                       "instead.").format(camels=plural(self.camels, "camel")))
            target = action.space
        else:
            target = action.target
            mine = self.camels_at(p, action.source)
            if not mine:
                return RuleViolation("CAR-CAMEL-1", tr("You have no camel on {space} to move.").format(
                    space=self.board.label(action.source)))
            if all(self.load[p][i] is not None for i in mine):
                return RuleViolation("CAR-CAMEL-2", tr("Your camel on {space} carries a good: a loaded camel never moves "
                                                       "(move the good instead).").format(
                    space=self.board.label(action.source)))
            if target == action.source:
                return RuleViolation("CAR-CAMEL-1", tr("A move takes the camel to another space."))
        if self.count[target] and self.actions_left < 2:
            return RuleViolation("CAR-ACT-2", tr("{space} already holds a camel: going there costs 2 actions and you "
                                                 "have {left} left.").format(space=self.board.label(target),
                                                                             left=self.actions_left))
        return None

    def _empty_camel_at(self, p: int, node) -> RuleViolation | None:
        mine = self.camels_at(p, node)
        if not mine:
            return RuleViolation("CAR-PICK-1", tr("You need an empty camel of your own on {space}.").format(
                space=self.board.label(node)))
        if all(self.load[p][i] is not None for i in mine):
            return RuleViolation("CAR-CAMEL-2", tr("Your camel on {space} already carries a good: a camel carries at "
                                                   "most one.").format(space=self.board.label(node)))
        return None

    def _check_pick_up(self, p: int, action: PickUp) -> RuleViolation | None:
        node = action.space
        if node not in self.goods:
            return RuleViolation("CAR-PICK-1", tr("No good lies on {space} (goods on camels are moved or stolen, not "
                                                  "picked up).").format(space=self.board.label(node)))
        problem = self._empty_camel_at(p, node)
        if problem is not None:
            return problem
        if self.empty_camels(p) <= 1:
            return RuleViolation("CAR-PICK-4", tr("This is your last empty camel: you may never load every camel you "
                                                  "have. Deliver or move a good first."))
        return None

    def _check_steal(self, p: int, action: Steal) -> RuleViolation | None:
        node, victim, good = action.space, action.victim, action.good
        if victim == p or victim >= self.players:
            return RuleViolation("CAR-STEAL-1", tr("You steal from another player (seats 0-{last}, not yours, "
                                                   "{seat}).").format(last=self.players - 1, seat=p))
        carriers = [j for j in self.camels_at(victim, node) if self.load[victim][j] == good]
        if not carriers:
            return RuleViolation("CAR-STEAL-1", tr("Player {victim} has no camel carrying {good} on {space}.").format(
                victim=victim, good=good_name(good), space=self.board.label(node)))
        if all(self.under[victim][j] for j in carriers):
            return RuleViolation("CAR-STEAL-2", tr("That {good} lies under player {victim}'s camel: it was stolen and "
                                                   "is safe until it moves.").format(good=good_name(good), victim=victim))
        problem = self._empty_camel_at(p, node)
        if problem is not None:
            return RuleViolation("CAR-STEAL-1", problem.message) if problem.rule == "CAR-PICK-1" else problem
        if self.tokens[p] == 0:
            return RuleViolation("CAR-STEAL-4", tr("You have no theft token: you get one back when someone steals "
                                                   "from you."))
        if self.empty_camels(p) <= 1:
            return RuleViolation("CAR-STEAL-6", tr("This is your last empty camel: like picking up, a steal may not "
                                                   "load every camel you have."))
        return None

    def _check_move_good(self, p: int, action: MoveGood) -> RuleViolation | None:
        source, target, good, label = action.source, action.target, action.good, self.board.label
        if not any(self.load[p][i] == good for i in self.camels_at(p, source)):
            if any(self.load[q][j] == good for q in range(self.players) if q != p
                   for j in self.camels_at(q, source)):
                return RuleViolation("CAR-MOVE-4", tr("The {good} on {space} is on another player's camel: you move "
                                                      "goods on your own camels only.").format(
                    good=good_name(good), space=label(source)))
            return RuleViolation("CAR-MOVE-1", tr("None of your camels on {space} carries {good}.").format(
                space=label(source), good=good_name(good)))
        mine = self.camels_at(p, target)
        if not any(self.load[p][i] is None for i in mine):
            if mine:
                return RuleViolation("CAR-MOVE-4", tr("Your camel on {space} already carries a good: a good passes "
                                                      "through loaded camels but cannot stop on one.").format(
                    space=label(target)))
            return RuleViolation("CAR-MOVE-1", tr("You have no empty camel on {space} to receive the good.").format(
                space=label(target)))
        if target not in movegen.linked(self, p, source):   # = self.group_of(p, source), remembered
            return RuleViolation("CAR-MOVE-1", tr("{target} is not linked to {source} by a chain of your own camels on "
                                                  "orthogonally neighbouring spaces (a diagonal does not link; other "
                                                  "players' camels never do, CAR-MOVE-4).").format(
                target=label(target), source=label(source)))
        return None

    # --- doing it -----------------------------------------------------------------------------

    def apply(self, action) -> None:
        """Play ``action`` for the current player, in place.

        Raises:
            RuleViolation: the action is illegal now (nothing changes).
        """
        problem = self.why_illegal(action)
        if problem is not None:
            raise problem
        self._do(action)

    def _apply_listed(self, action) -> None:
        """:meth:`apply` for an action of this very position's :meth:`legal_actions` (the bots' lookahead and
        search): the checks passed when the list was made, so they are skipped. Anything else goes through
        :meth:`apply`; ``tests/caravan/test_movegen.py`` checks both give the same states."""
        self._do(action)

    def _do(self, action) -> None:
        """Carry out a checked action."""
        p, label = self.current, self.board.label
        if isinstance(action, EndTurn):                                               # CAR-TURN-1, -2
            lost = self.actions_left
            self.current = (p + 1) % self.players
            self.turn += 1
            self.actions_left = self.allowance(self.turn)
            text = (tr("Player {seat} ends the turn ({lost} lost).").format(seat=p, lost=plural(lost, "unused action"))
                    if lost else tr("Player {seat} ends the turn.").format(seat=p))
            self.events.append(Event(p, text, "CAR-TURN-2" if lost else "CAR-TURN-1"))
            return
        cost = self.cost(action)
        self.actions_left -= cost
        if isinstance(action, PlaceCamel):                                            # CAR-ACT-1/2, CAR-CAMEL-1
            i = self.pos[p].index(None)
            self.pos[p][i] = action.space
            self.count[action.space] += 1
            self._log(p, tr("Player {seat} places a camel on {space} ({cost}).").format(
                seat=p, space=label(action.space), cost=plural(cost, "action")), cost)
        elif isinstance(action, MoveCamel):
            i = next(i for i in self.camels_at(p, action.source) if self.load[p][i] is None)
            self.pos[p][i] = action.target
            self.count[action.source] -= 1
            self.count[action.target] += 1
            self._log(p, tr("Player {seat} moves an empty camel from {source} to {target} ({cost}).").format(
                seat=p, source=label(action.source), target=label(action.target), cost=plural(cost, "action")), cost)
        elif isinstance(action, PickUp):                                              # CAR-PICK-1, -2
            node = action.space
            i = next(i for i in self.camels_at(p, node) if self.load[p][i] is None)
            self.load[p][i] = good = self.goods.pop(node)
            taken = self.demand.pop(node, 0)
            self.markers[p] += taken
            text = (tr("Player {seat} picks up {good} and {markers} on {space}.").format(
                seat=p, good=good_name(good), markers=plural(taken, "demand marker"), space=label(node)) if taken else
                tr("Player {seat} picks up {good} on {space}.").format(seat=p, good=good_name(good), space=label(node)))
            self.events.append(Event(p, text, "CAR-PICK-2" if taken else "CAR-PICK-1"))
            self._refill_if_needed()
        elif isinstance(action, Steal):                                               # CAR-STEAL-1, -3
            node, victim = action.space, action.victim
            j = next(j for j in self.camels_at(victim, node)
                     if self.load[victim][j] == action.good and not self.under[victim][j])
            i = next(i for i in self.camels_at(p, node) if self.load[p][i] is None)
            self.load[victim][j] = None
            self.load[p][i], self.under[p][i] = action.good, True
            self.tokens[p] -= 1
            self.tokens[victim] += 1
            self.events.append(Event(p, tr("Player {seat} steals {good} from player {victim} on {space} and gives them "
                                           "a theft token.").format(seat=p, good=good_name(action.good), victim=victim,
                                                                    space=label(node)), "CAR-STEAL-1"))
        else:
            self._move_good(p, action)

    def _move_good(self, p: int, action: MoveGood) -> None:
        """CAR-MOVE-1..5: the good leaves its camel (a top good first, so a stolen one stays safe)."""
        good, label = action.good, self.board.label
        carriers = [i for i in self.camels_at(p, action.source) if self.load[p][i] == good]
        i = min(carriers, key=lambda k: self.under[p][k])
        self.load[p][i], self.under[p][i] = None, False
        if self.board.good_of.get(action.target) == good:                             # CAR-MOVE-2
            self.delivered[p].append(good)
            self.events.append(Event(p, tr("Player {seat} delivers {good} to {city} ({points}).").format(
                seat=p, good=good_name(good), city=label(action.target), points=plural(GOOD_POINTS[good], "point")),
                "CAR-MOVE-2"))
            if self.end_triggered:                                                    # CAR-END-1
                self.over = True
                self.events.append(Event(-1, tr("The bag was empty and a good was delivered: the game ends."),
                                         "CAR-END-1"))
            return
        k = next(k for k in self.camels_at(p, action.target) if self.load[p][k] is None)
        self.load[p][k], self.under[p][k] = good, False                               # CAR-MOVE-5: on top
        self.events.append(Event(p, tr("Player {seat} moves {good} from {source} to {target}.").format(
            seat=p, good=good_name(good), source=label(action.source), target=label(action.target)), "CAR-MOVE-3"))

    def _log(self, p: int, text: str, cost: int) -> None:
        self.events.append(Event(p, text, "CAR-ACT-2" if cost == 2 else "CAR-ACT-1"))

    def _refill_if_needed(self) -> None:
        """CAR-REFILL-1..3 and CAR-END-1, after a good left the board."""
        if len(self.goods) > REFILL_AT or not self.bag:
            return
        for node in self.goods:                                                       # CAR-REFILL-2
            self.demand[node] = self.demand.get(node, 0) + 1
        drawn = []
        for node in self.board.numbered:                                              # CAR-REFILL-3
            if node not in self.goods and len(drawn) < REFILL_DRAW and self.bag:
                self.goods[node] = self.bag.pop()
                drawn.append(self.goods[node])
        self.draws.append(len(drawn))
        self.events.append(Event(-1, tr("Refill: a demand marker on each of the 4 goods left, then {goods} drawn "
                                        "onto the empty numbered spaces.").format(
            goods=", ".join(map(good_name, drawn))), "CAR-REFILL-3"))
        if not self.bag:
            self.end_triggered = True
            self.events.append(Event(-1, tr("The last cubes left the bag: the next delivery ends the game."),
                                     "CAR-END-1"))

    def child(self, action) -> "State":
        """A new state after ``action``; this one is untouched."""
        state = self.clone()
        state.apply(action)
        return state

    def clone(self) -> "State":
        """An independent copy (the board is shared: it never changes)."""
        state = object.__new__(State)
        state.__dict__.update(self.__dict__)
        state.pos = [list(x) for x in self.pos]
        state.load = [list(x) for x in self.load]
        state.under = [list(x) for x in self.under]
        for name in ("count", "goods", "demand"):
            setattr(state, name, dict(getattr(self, name)))
        for name in ("tokens", "markers", "bag", "draws", "events"):
            setattr(state, name, list(getattr(self, name)))
        state.delivered = [list(x) for x in self.delivered]
        return state

    # --- choices ------------------------------------------------------------------------------

    def legal_actions(self) -> list:
        """Every legal action now, in a fixed order: EndTurn, then camel placements and moves, pick-ups,
        steals and good moves (those that deliver included). Empty once the game is over."""
        if self.over:
            return []
        if self.actions_left == 0:
            return [END_TURN]
        p, a, count = self.current, self.actions_left, self.count
        place, moves = _tables(self.board)
        pos, load = self.pos[p], self.load[p]
        actions: list = [END_TURN]
        if None in pos:                                                    # CAR-ACT-1/2: 2 actions if occupied
            actions += [act for _, act in place] if a >= 2 else [act for node, act in place if not count[node]]
        empty_at = sorted({pos[i] for i in range(self.camels) if pos[i] is not None and load[i] is None})
        for source in empty_at:
            actions += [act for _, act in moves[source]] if a >= 2 else [act for n, act in moves[source] if not count[n]]
        return actions + self.goods_actions(empty_at)

    def goods_actions(self, empty_at: list | None = None) -> list:
        """The legal pick-ups, steals and good moves (the end of :meth:`legal_actions`, in its order);
        bots that ignore camel moves ask only for these. ``empty_at``: the sorted spaces holding an
        empty camel of the player to act (computed if not given)."""
        if self.over or self.actions_left == 0:
            return []
        p = self.current
        pos, load = self.pos[p], self.load[p]
        if empty_at is None:
            empty_at = sorted({pos[i] for i in range(self.camels) if pos[i] is not None and load[i] is None})
        actions: list = []
        if self.empty_camels(p) >= 2:                                      # CAR-PICK-4, CAR-STEAL-6
            actions += [_made(PickUp, node) for node in empty_at if node in self.goods]
            if self.tokens[p]:                                             # CAR-STEAL-4
                targets = set(empty_at)
                found = sorted({(self.pos[q][j], q, self.load[q][j]) for q in range(self.players) if q != p
                                for j in range(self.camels) if self.pos[q][j] in targets and self.load[q][j]
                                and not self.under[q][j]})               # CAR-STEAL-1, -2
                actions += [_made(Steal, node, q, good) for node, q, good in found]
        loaded = sorted({(pos[i], load[i]) for i in range(self.camels) if load[i] is not None})
        groups = movegen.groups(self, p) if loaded else None               # = group_of for each camel
        for source, good in loaded:                                        # CAR-MOVE-1, -4
            group = groups[source]
            actions += [_made(MoveGood, source, target, good) for target in empty_at if target in group]
        return actions

    # --- the end ------------------------------------------------------------------------------

    def score_sheet(self):
        """The itemised score (see :mod:`.scoring`): at the end, or as it would stand if the game ended now."""
        from .scoring import score_sheet

        return score_sheet(self)

    @property
    def winners(self) -> tuple[int, ...]:
        """CAR-SCORE-3: the seats that win (several share a tie); empty while the game goes on."""
        return self.score_sheet().winners if self.over else ()

    @property
    def winner(self) -> int | None:
        """The single winning seat, or None (the game goes on, or a shared win)."""
        winners = self.winners
        return winners[0] if len(winners) == 1 else None

    # --- files and views (see saves.py) -------------------------------------------------------

    def observation(self, player: int) -> dict:
        """What ``player`` sees: everything but the bag's order (its contents are public: counts)."""
        from .saves import observation

        return observation(self, player)

    def to_dict(self) -> dict:
        """Everything, JSON-able, with ``game`` and ``version`` (saves.py's schema)."""
        from .saves import to_dict

        return to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> "State":
        """A state from :meth:`to_dict` output, validated; SaveFileError naming field or clause."""
        from .saves import from_dict

        return from_dict(data)

    def __repr__(self) -> str:
        """For developers, in English whatever the language (a learner reads the translated events and apps)."""
        left = f"{self.actions_left} action{'' if self.actions_left == 1 else 's'} left"
        status = "over" if self.over else f"player {self.current} to act, {left}"
        cubes = f"{len(self.bag)} cube{'' if len(self.bag) == 1 else 's'}"
        return f"<Caravan {self.players} players, turn {self.turn + 1}, {status}, {cubes} in the bag>"
