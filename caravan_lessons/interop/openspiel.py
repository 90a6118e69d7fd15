"""The four games as OpenSpiel Python games: importing this module registers them.

    import pyspiel
    import caravan_lessons.interop.openspiel             # registers the four games
    game = pyspiel.load_game("python_caravan_lessons_samarkand(players=3,max_actions=400)")
    state = game.new_initial_state()                      # a chance node: the setup shuffles

Names: ``python_caravan_lessons_jaipur`` (2 players), ``..._samarkand`` (2-5), ``..._caravan`` (2-4),
``..._marco_polo`` (2-4). Parameters: ``players`` (all but Jaipur; default 4) and ``max_actions``
(decisions before the game is cut; default 1,000, Samarkand 500). The rules are the engines'
(``caravan_lessons.<game>``): every OpenSpiel action is an engine action through the game's codec
(``caravan_lessons.<game>.codec``, ``N`` fixed per game and player count).

Chance is explicit (``EXPLICIT_STOCHASTIC``). The engines draw through one seam
(:mod:`caravan_lessons.chance`): in normal play a seeded generator, here chance nodes. A shuffle of
``n`` items is a sequence of chance nodes, one per position from the top of the pile (the end of the
engine's list) down, each with the distinct items still unplaced as outcomes and probability
proportional to how many copies are left (a position with one kind left is filled without a node);
a die roll is one node with 6 outcomes of 1/6. Chance outcome ids are the item itself when it is a
number (Jaipur card types 0-6 and bonus rupees, Samarkand goods cards 1-33 and family indices,
Marco Polo card, bonus and contract ids, die values) or its index in the game's vocabulary
(Caravan's goods, Marco Polo's characters). A decision that shuffles or rolls is followed by its
chance nodes; the engine applies it once they are all decided.

Imperfect information: ``observation_string``/``observation_tensor`` are the seat's view now
(the codec's tensor, built from ``state.observation(seat)`` only; the string is that observation as
JSON without the event log). ``information_state_string`` is perfect recall: the seat's view after
every step of the game so far with every decision (other seats' private decisions -- a Samarkand
discard, the objectives a Marco Polo player keeps -- shown as ``?``); it is rebuilt from the history on
each call, so it costs a replay of the game. ``information_state_tensor`` is the observation tensor
followed by one row per decision (up to ``max_actions``): the seat that decided (you first) and the
action id / N, or 0 with the "hidden" flag for another seat's private decision.
``resample_from_infostate(player, sampler)`` deals the hidden parts again with the game's
``determinize`` (a full state consistent with the seat's observation), for information-set search.

Returns are zero-sum (see :mod:`caravan_lessons.interop.games`): +1 for a sole winner, shares on a tie,
0 for everyone when a game is cut at ``max_actions``.

Bad input: an id outside ``0..N-1`` is refused with a ValueError naming the codec; an illegal id with
the engine's RuleViolation (its rule clause, in words) or, for ids the engine would accept but does
not list (a Marco Polo path no cheaper path beats), a ValueError; the state is unchanged.
"""
from __future__ import annotations

import json
import numbers
import random
import weakref
from collections import Counter

import numpy as np
import pyspiel

from .. import chance
from ..codecs import whole_number
from ..core import _short
from .games import GAMES, returns, spec

__all__ = ["AgentBot", "GAME_NAMES", "GameEvaluator", "ISMCTS", "OpenSpielAgent", "PREFIX", "ismcts_bot", "load",
           "mcts_bot", "short_name"]

PREFIX = "python_caravan_lessons_"
GAME_NAMES = {name: PREFIX + name for name in GAMES}
"""Game name -> its OpenSpiel short name."""
_MAX_CHANCE = {"jaipur": 11, "samarkand": 34, "caravan": 8, "marco_polo": 44}
"""The largest chance outcome id + 1 per game (see the module notes)."""
_SETUP = "setup"
_MISSING = object()


def short_name(game: str) -> str:
    """The OpenSpiel name of ``game`` (``"jaipur"`` -> ``"python_caravan_lessons_jaipur"``)."""
    return GAME_NAMES[spec(game).name]


def load(game: str, players: int | None = None, max_actions: int | None = None) -> pyspiel.Game:
    """``pyspiel.load_game`` of one of the four games, with its parameters checked first.

    This is the clean way in: ``pyspiel.load_game(name, params)`` converts ``params`` to OpenSpiel's
    C++ parameters before any code of ours runs, so a value it cannot convert is OpenSpiel's own error
    (a bool or a float: ``SpielError: Wrong type for parameter max_actions``; a number beyond a C++ int:
    ``RuntimeError: Unable to cast Python instance``; an unknown name: ``SpielError: Unknown parameter``),
    while a whole number our rules refuse (``players=9``, ``max_actions=0``) is our one-line ValueError.

    Raises:
        ValueError: an unknown game, a player count the game does not allow, or a ``max_actions``
            that is not a whole number 1..:data:`MAX_ACTIONS_LIMIT` (one line each; numpy integers are
            whole numbers, bools are not).
    """
    game_spec = spec(game)
    params: dict = {}
    if players is not None:
        players = game_spec.check_players(players)
        if len(game_spec.players) > 1:
            params["players"] = players
    if max_actions is not None:
        params["max_actions"] = _check_max_actions(max_actions)
    return pyspiel.load_game(GAME_NAMES[game_spec.name], params)


MAX_ACTIONS_LIMIT = 100_000
"""The largest ``max_actions`` (decisions before a game is cut): the information-state tensor holds a row per
decision, and OpenSpiel keeps game lengths in a C++ int."""


def _check_max_actions(value) -> int:
    number = whole_number(value)
    if number is None or not 1 <= number <= MAX_ACTIONS_LIMIT:
        raise ValueError(f"max_actions must be a whole number of decisions, 1 to {MAX_ACTIONS_LIMIT:,}, not "
                         f"{_short(value)}")
    return number


# --- chance -------------------------------------------------------------------------------------

class _Script:
    """The chance source of one engine call: the outcomes already decided, in the order the engine asks
    for them; past them it notes what is asked (and plays on with a stand-in, the call is redone)."""

    __slots__ = ("outcomes", "used", "asked")

    def __init__(self, outcomes: list):
        self.outcomes, self.used, self.asked = outcomes, 0, []

    def _next(self, kind: str, what: str):
        if self.asked or self.used >= len(self.outcomes):
            return None
        found = self.outcomes[self.used]
        if found[0] != kind or found[1] != what:
            raise RuntimeError(f"the engine asked for a {kind} of {what!r} where the chance history holds a "
                               f"{found[0]} of {found[1]!r}")
        self.used += 1
        return found

    def shuffle(self, items: list, what: str) -> None:
        found = self._next("shuffle", what)
        if found is None:
            self.asked.append(("shuffle", what, list(items)))
        else:
            items[:] = found[2]

    def randint(self, low: int, high: int, what: str) -> int:
        found = self._next("roll", what)
        if found is None:
            self.asked.append(("roll", what, (low, high)))
            return low
        return found[2]


class _Pending:
    """A decision (or the setup) waiting for its chance outcomes."""

    __slots__ = ("action", "done", "asked", "placed", "left")

    def __init__(self, action, done: list, asked: list):
        self.action, self.done, self.asked = action, done, asked
        self.placed: list = []
        self.left: Counter | None = None
        self._start()

    def _start(self) -> None:
        kind, _, payload = self.asked[0]
        self.placed = []
        self.left = Counter(payload) if kind == "shuffle" else None
        self._fill()

    def _fill(self) -> None:
        """Place the rest of a shuffle without a chance node once one kind of item is left."""
        left = self.left
        if left is not None and len(left) == 1:
            (item, count), = left.items()
            self.placed += [item] * count
            left.clear()

    @property
    def complete(self) -> bool:
        return not self.asked

    def copy(self) -> "_Pending":
        new = _Pending.__new__(_Pending)
        new.action, new.done, new.asked = self.action, list(self.done), list(self.asked)
        new.placed, new.left = list(self.placed), None if self.left is None else Counter(self.left)
        return new

    def outcomes(self, ids) -> list[tuple[int, float]]:
        kind, _, payload = self.asked[0]
        if kind == "roll":
            low, high = payload
            return [(v, 1.0 / (high - low + 1)) for v in range(low, high + 1)]
        total = sum(self.left.values())
        return sorted((ids(item), count / total) for item, count in self.left.items())

    def choose(self, outcome: int, ids) -> None:
        kind, what, payload = self.asked[0]
        if kind == "roll":
            low, high = payload
            if not low <= outcome <= high:
                raise ValueError(f"chance ({what}): the outcomes are {low}..{high}, not {outcome}")
            self._finish(outcome)
            return
        item = next((i for i in self.left if ids(i) == outcome), _MISSING)
        if item is _MISSING:
            raise ValueError(f"chance ({what}): outcome {outcome} is not among the items left "
                             f"{sorted(ids(i) for i in self.left)}")
        self.placed.append(item)
        self.left[item] -= 1
        if not self.left[item]:
            del self.left[item]
        self._fill()
        if not self.left:
            self._finish(self.placed[::-1])   # placed from the top of the pile: the end of the list

    def _finish(self, value) -> None:
        kind, what, _ = self.asked.pop(0)
        self.done.append((kind, what, value))
        if self.asked:
            self._start()


def _run(game_spec, players: int, engine, action, outcomes: list):
    """The engine after ``action`` (or the setup) with these chance outcomes; (new engine, more asked)."""
    script = _Script(outcomes)
    with chance.drawn_by(script):
        if action is _SETUP:
            new = game_spec.new_game(players, 0)
        else:
            new = engine.clone()
            new.apply(action)
    return new, script.asked


# --- the position an OpenSpiel state holds -------------------------------------------------------

class _Config:
    """What every state of one loaded game shares (never copied)."""

    def __init__(self, game_spec, players: int, max_actions: int):
        self.spec, self.players, self.max_actions = game_spec, players, max_actions
        self.codec = game_spec.codec(players)
        vocabulary = {word: i for i, word in enumerate(game_spec.vocabulary)}
        self.item_id = lambda item: item if item.__class__ is int else vocabulary[item]

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (_config, (self.spec.name, self.players, self.max_actions))


def _config(name: str, players: int, max_actions: int) -> _Config:
    return _Config(spec(name), players, max_actions)


class _Position:
    """The engine state, the decision waiting for chance (if any) and what the information state needs."""

    __slots__ = ("config", "engine", "pending", "decisions", "root", "base", "trail", "origin", "legal")

    def __init__(self, config, engine, pending, decisions=0, root=None, trail=None, origin=None):
        self.config, self.engine, self.pending, self.decisions = config, engine, pending, decisions
        self.root = root        # the engine where the trail starts (None: the setup)
        self.base = decisions   # decisions made before the root
        self.trail = trail      # the last _Step since root (each links to the one before), or None
        self.origin = origin    # (position, seat) this one was resampled from, for that seat's history
        self.legal = None       # the legal ids, once asked (until the next step)

    def copy(self) -> "_Position":
        new = _Position.__new__(_Position)
        new.config, new.decisions, new.root, new.base = self.config, self.decisions, self.root, self.base
        new.trail, new.origin, new.legal = self.trail, self.origin, self.legal
        new.engine = self.engine.clone() if self.engine is not None else None
        new.pending = self.pending.copy() if self.pending is not None else None
        return new

    def __deepcopy__(self, memo):
        return self.copy()

    def __reduce__(self):
        # saved as its history: the engines' own saves of the root (a resampled world) and the steps since,
        # replayed on loading (so a loaded state is the same game data, not a copy of it)
        root = None if self.root is None else self.root.to_dict()
        return (_rebuild, (self.config, root, self.base, self.steps(), self.origin))

    def steps(self) -> list[tuple[int, int]]:
        return [(step.actor, step.action) for step in _steps(self.trail)]


class _Step:
    """One step of a game's history: who (a seat, or chance), which id, whether it is private."""

    __slots__ = ("before", "actor", "action", "private", "__weakref__")

    def __init__(self, before, actor: int, action: int, private: bool):
        self.before, self.actor, self.action, self.private = before, actor, action, private


def _steps(last: _Step | None, stop: _Step | None = None) -> list[_Step]:
    """The steps from the first (after ``stop``) to ``last``."""
    out = []
    while last is not None and last is not stop:
        out.append(last)
        last = last.before
    return out[::-1]


def _rebuild(config, root, base, steps, origin) -> "_Position":
    from ..core import state_from_dict

    if root is None:
        t = _fresh(config)
    else:
        engine = state_from_dict(root)
        t = _Position(config, engine, None, base, root=engine.clone(), origin=origin)
    for _actor, action in steps:
        _step(config, t, action)
    return t


def _fresh(config: _Config) -> _Position:
    engine, asked = _run(config.spec, config.players, None, _SETUP, [])
    if asked:
        return _Position(config, None, _Pending(_SETUP, [], asked))
    return _Position(config, engine, None)


def _step(config: _Config, t: _Position, action_id: int, trusted: bool = False) -> None:
    """Apply an OpenSpiel action (a decision or a chance outcome) to the position, in place
    (``trusted``: a replay of a history already checked, so the legal ids are not worked out again)."""
    pending = t.pending
    if pending is not None:
        pending.choose(action_id, config.item_id)
        if pending.complete:
            engine, asked = _run(config.spec, config.players, t.engine, pending.action, pending.done)
            if asked:
                pending.asked = asked
                pending._start()
            else:
                t.engine, t.pending = engine, None
        t.trail = _Step(t.trail, pyspiel.PlayerId.CHANCE, action_id, False)
        t.legal = None
        return
    engine, codec = t.engine, config.codec
    i = codec.check_id(action_id)
    action = codec.decode(i)
    if not trusted and i not in (t.legal if t.legal is not None else codec.legal_ids(engine)):
        problem = engine.why_illegal(action)
        if problem is not None:
            raise problem
        raise ValueError(f"{config.spec.name} codec: action {i} ({action}) is not among the legal actions now")
    player = engine.current_player
    if config.spec.may_draw(engine, action):
        new, asked = _run(config.spec, config.players, engine, action, [])
        if asked:
            t.pending = _Pending(action, [], asked)
        else:
            t.engine = new
    else:
        script = _Script([])
        with chance.drawn_by(script):
            engine.apply(action)
        if script.asked:  # the game table says this kind never draws: a broken promise, not a game event
            raise RuntimeError(f"{config.spec.name}: {type(action).__name__} drew {script.asked[0][1]!r}; "
                               "add it to the kinds that may draw (interop.games)")
    t.decisions += 1
    t.trail = _Step(t.trail, player, i, config.spec.is_private(action))
    t.legal = None


def _observation_string(engine, player: int) -> str:
    if engine is None:
        return "setup: the first shuffles"
    view = engine.observation(player)
    view.pop("events", None)
    return json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)


def _history(config: _Config, t: _Position, player: int) -> list[str]:
    """The information state's pieces for ``player``: every view after a step, every decision.

    Rebuilt by replaying the game from its root; the last few replays are kept (per step, by weak
    reference), so asking along one game costs one step per state, not the whole game."""
    pieces: list[str] = []
    if t.origin is not None and t.origin[1] == player:
        pieces = _history(config, t.origin[0], player)
    prefix = len(pieces)
    start = None
    for step in reversed(_steps(t.trail)):
        found = _HISTORIES.get((id(step), player))
        if found is not None and found[0]() is step and found[1] is t.root:
            start = step
            pieces += found[2]
            replay = found[3].copy()
            break
    else:
        replay = _Position(config, t.root.clone(), None) if t.root is not None else _fresh(config)
        _look(replay, player, pieces)
    for step in _steps(t.trail, start):
        if step.actor >= 0:
            pieces.append(f"{'you' if step.actor == player else f'seat {step.actor}'}: "
                          f"{'?' if step.private and step.actor != player else step.action}")
        _step(config, replay, step.action, trusted=True)
        _look(replay, player, pieces)
    if t.trail is not None:
        if len(_HISTORIES) >= 64:
            _HISTORIES.pop(next(iter(_HISTORIES)))
        _HISTORIES[id(t.trail), player] = (weakref.ref(t.trail), t.root, pieces[prefix:], replay.copy())
    return pieces


def _look(replay: _Position, player: int, pieces: list[str]) -> None:
    """Add the seat's view to ``pieces`` once a step is complete, if it changed."""
    if replay.pending is None:
        view = _observation_string(replay.engine, player)
        if not pieces or pieces[-1] != view:
            pieces.append(view)


_HISTORIES: dict = {}
"""(id of a step, seat) -> (weak reference to the step, root, pieces, replayed position), the latest 64."""


# --- OpenSpiel: game, state, observer ------------------------------------------------------------

def _game_type(game_spec) -> pyspiel.GameType:
    params = {"max_actions": game_spec.max_actions}
    if len(game_spec.players) > 1:
        params = {"players": game_spec.default_players, **params}
    return pyspiel.GameType(
        short_name=GAME_NAMES[game_spec.name],
        long_name=f"{game_spec.title} (caravan_lessons)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game_spec.players),
        min_num_players=min(game_spec.players),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class CaravanLessonsGame(pyspiel.Game):
    """One of the four games for OpenSpiel (made by ``pyspiel.load_game``; see the module notes)."""

    spec = None  # each game's subclass names its GameSpec

    def __init__(self, params=None):
        game_spec = self.spec
        params = dict(params or {})
        players = game_spec.check_players(params.get("players", game_spec.default_players))
        max_actions = _check_max_actions(params.get("max_actions", game_spec.max_actions))
        self._config = _Config(game_spec, players, max_actions)
        n = players
        info = pyspiel.GameInfo(num_distinct_actions=self._config.codec.n,
                                max_chance_outcomes=_MAX_CHANCE[game_spec.name], num_players=n,
                                min_utility=-1.0 / (n - 1), max_utility=1.0, utility_sum=0.0,
                                max_game_length=max_actions)
        super().__init__(_game_type(game_spec), info, params)

    def new_initial_state(self):
        """A new game: a chance node (the setup's shuffles) unless the game has no hidden setup."""
        return CaravanLessonsState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer of one seat's view (``perfect_recall``: the information state)."""
        return _Observer(self._config, iig_obs_type, params)


class CaravanLessonsState(pyspiel.State):
    """A position of one of the four games (see the module notes)."""

    def __init__(self, game):
        super().__init__(game)
        self._c = game._config
        self._t = None      # built on first use: OpenSpiel's clone() makes a new state, then copies _t

    @property
    def position(self) -> _Position:
        t = self._t
        if t is None:
            t = self._t = _fresh(self._c)
        return t

    @property
    def engine(self):
        """The engine's state (``caravan_lessons.<game>.State``) before the decision waiting for chance,
        or None before the setup is dealt. Read it; change it only through ``apply_action``."""
        return self.position.engine

    def current_player(self):
        t = self.position
        if t.pending is not None:
            return pyspiel.PlayerId.CHANCE
        if t.decisions >= self._c.max_actions or t.engine.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return t.engine.current_player

    def is_terminal(self):
        t = self.position
        return t.pending is None and (t.decisions >= self._c.max_actions or t.engine.is_terminal())

    def _legal_actions(self, player):
        t = self.position
        if t.legal is None:
            t.legal = self._c.codec.legal_ids(t.engine)
        return list(t.legal)

    def chance_outcomes(self):
        pending = self.position.pending
        if pending is None:
            raise ValueError(f"{self._c.spec.name}: chance_outcomes() is asked at a chance node only; this state is "
                             f"{'the end of the game' if self.is_terminal() else 'a decision of seat %d' % self.current_player()}")
        return pending.outcomes(self._c.item_id)

    # -- OpenSpiel's public calls, with their arguments checked before pyspiel's C++ sees them (it answers a
    # bad one with a two-line CHECK failure or a TypeError that prints the whole state); C++ callers reach
    # the underscored hooks below directly, unchecked and as fast as before

    def _seat(self, player, what: str, chance: bool = False) -> int:
        """``player`` as a seat 0..n-1 (or, with ``chance``, OpenSpiel's chance player -1), else a ValueError."""
        n = self._c.players
        number = whole_number(player)
        if number is None or not (0 <= number < n or (chance and number == pyspiel.PlayerId.CHANCE)):
            also = " or -1 (chance)" if chance else ""
            raise ValueError(f"{self._c.spec.name}: {what} takes a seat 0..{n - 1}{also} of this {n}-player game, "
                             f"not {_short(player)}")
        return number

    def _viewer(self, player, what: str) -> int:
        if player is None:
            player = self.current_player()
            if player < 0:
                raise ValueError(f"{self._c.spec.name}: {what}() needs a seat here (this is a chance node or the end "
                                 f"of the game): {what}(seat), seat 0..{self._c.players - 1}")
        return self._seat(player, what)

    def _checked(self, action) -> int:
        """``action`` as an int if it may be applied now (an id of the codec at a decision, one of the chance
        outcomes at a chance node), else a one-line ValueError; its legality is the engine's (``_step``)."""
        t = self.position
        if t.pending is not None:
            number = whole_number(action)
            outcomes = [o for o, _ in t.pending.outcomes(self._c.item_id)]
            if number not in outcomes:
                raise ValueError(f"{self._c.spec.name}: at this chance node ({t.pending.asked[0][1]}) the outcomes are "
                                 f"{_short(outcomes, 120)}, not {_short(action)}")
            return number
        if self.is_terminal():
            raise ValueError(f"{self._c.spec.name}: the game is over; no action can be applied")
        return self._c.codec.check_id(action)

    def apply_action(self, action):
        """Apply ``action`` (an action id at a decision, a chance outcome at a chance node).

        Raises:
            ValueError: an id outside ``0..N-1`` or not a whole number (naming the codec), an outcome that
                is not among ``chance_outcomes()``, or a finished game; RuleViolation: an id the engine
                refuses now (naming the rule clause). The state is unchanged then."""
        t = self._t
        if action.__class__ is int and t is not None and t.pending is None and 0 <= action < self._c.codec.n:
            super().apply_action(action)      # an id at a decision: _step checks that it is legal now
        else:
            super().apply_action(self._checked(action))

    def child(self, action):
        """A copy of this state after ``action`` (checked as :meth:`apply_action` checks it)."""
        return super().child(self._checked(action))

    def _asked(self, player, what: str) -> int:
        """``player`` checked for ``legal_actions``/``legal_actions_mask``: a seat, or -1 (chance) only at a
        chance node (pyspiel's own check would stop with a C++ error)."""
        seat = self._seat(player, what, chance=True)
        if seat == pyspiel.PlayerId.CHANCE and not self.is_chance_node():
            raise ValueError(f"{self._c.spec.name}: {what}(-1) asks for chance outcomes, but this is not a chance "
                             f"node (player {self.current_player()} is to act here)")
        return seat

    def legal_actions(self, player=None):
        """The legal action ids of the seat to act (of ``player``: empty unless it is to act)."""
        if player is None:
            return super().legal_actions()
        return super().legal_actions(self._asked(player, "legal_actions"))

    def legal_actions_mask(self, player=None):
        """0/1 per action id (``N`` of them at a decision), as OpenSpiel gives it."""
        if player is None:
            return super().legal_actions_mask()
        return super().legal_actions_mask(self._asked(player, "legal_actions_mask"))

    def action_to_string(self, *args):
        """``action_to_string([player,] action)``: the action in words (an engine action, or a chance outcome)."""
        if len(args) not in (1, 2):
            raise ValueError(f"{self._c.spec.name}: action_to_string takes (action) or (player, action), not "
                             f"{len(args)} arguments")
        player = self.current_player() if len(args) == 1 else self._seat(args[0], "action_to_string", chance=True)
        action = args[-1]
        if player == pyspiel.PlayerId.CHANCE:
            number = whole_number(action)
            if number is None or not 0 <= number < 2**31:
                raise ValueError(f"{self._c.spec.name}: a chance outcome is a whole number (see chance_outcomes()), "
                                 f"not {_short(action)}")
            action = number
        else:
            action = self._c.codec.check_id(action)
        return super().action_to_string(player, action) if player >= 0 or player == pyspiel.PlayerId.CHANCE else \
            self._c.codec.describe(action)

    def observation_string(self, player=None):
        return super().observation_string(self._viewer(player, "observation_string"))

    def observation_tensor(self, player=None):
        return super().observation_tensor(self._viewer(player, "observation_tensor"))

    def information_state_string(self, player=None):
        return super().information_state_string(self._viewer(player, "information_state_string"))

    def information_state_tensor(self, player=None):
        return super().information_state_tensor(self._viewer(player, "information_state_tensor"))

    def _apply_action(self, action):
        t = self.position
        if t.pending is None and self.is_terminal():
            raise ValueError(f"{self._c.spec.name}: the game is over; no action can be applied")
        _step(self._c, t, action)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            pending = self.position.pending
            what = pending.asked[0][1] if pending is not None else "chance"
            return f"{what}: {_item_name(self._c, what, action)}"
        return self._c.codec.describe(action)

    def returns(self):
        t = self.position
        n = self._c.players
        if t.pending is not None or not t.engine.is_terminal():
            return [0.0] * n
        return returns(self._c.spec.winners(t.engine), n)

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state like this one with what ``player_id`` cannot see dealt again (the game's determinize).

        ``probability_sampler()`` gives numbers in [0, 1) (``pyspiel.UniformProbabilitySampler``); two
        of them seed the deal. Only at a decision node (not a chance node, not the end)."""
        t = self.position
        if t.pending is not None or self.is_terminal():
            raise ValueError(f"{self._c.spec.name}: resample_from_infostate works at a decision node, not at a "
                             "chance node or the end of the game")
        self._c.spec.check_players(self._c.players)
        if player_id.__class__ is not int or not 0 <= player_id < self._c.players:
            raise ValueError(f"{self._c.spec.name}: player must be a seat 0..{self._c.players - 1}, not "
                             f"{_short(player_id)}")
        if not callable(probability_sampler):
            raise ValueError(f"{self._c.spec.name}: probability_sampler is a function giving numbers in [0, 1) "
                             f"(e.g. pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)), not {_short(probability_sampler)}")
        draws = [probability_sampler(), probability_sampler()]
        if not all(isinstance(u, numbers.Real) and not isinstance(u, bool) and 0 <= u < 1 for u in draws):
            raise ValueError(f"{self._c.spec.name}: probability_sampler must give numbers in [0, 1), it gave "
                             f"{_short(draws[0])} and {_short(draws[1])}")
        seed = int(draws[0] * 2**32) << 32 | int(draws[1] * 2**32)
        seen = _SEEN.get(id(t))   # the same view for every resample of one search (determinize keeps its plan)
        if seen is None or seen[0] is not t or seen[1] != t.decisions or seen[2] != player_id:
            _SEEN.clear()
            seen = _SEEN[id(t)] = (t, t.decisions, player_id, t.engine.observation(player_id))
        world = self._c.spec.determinize(seen[3], random.Random(seed))
        new = self.get_game().new_initial_state()
        new._t = _Position(self._c, world, None, t.decisions, root=world.clone(), origin=(t.copy(), player_id))
        return new

    def __str__(self):
        t = self.position
        if t.engine is None:
            head = "setup"
        else:
            data = t.engine.to_dict()
            for key in ("events", "rng"):
                data.pop(key, None)
            head = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
        if t.pending is not None:
            p = t.pending
            head += f"\nwaiting for chance: {p.asked[0][1]} ({len(p.placed)} placed) after {p.action}"
        return f"decisions {t.decisions}\n{head}"


_SEEN: dict = {}
"""The last observation resampled from: id(position) -> (position, decisions, seat, observation)."""


def _item_name(config: _Config, what: str, outcome: int) -> str:
    """A chance outcome in words: the card type, the good, the family, the rupees, or the number."""
    name, words = config.spec.name, config.spec.vocabulary
    if what in ("die", "black die", "first player"):
        return str(outcome)
    if name == "jaipur":
        from ..jaipur import CARD_TYPES

        return CARD_TYPES[outcome] if what == "deck" else f"{outcome} rupees"
    if name == "caravan" or (name == "marco_polo" and what == "characters"):
        return words[outcome]
    if name == "samarkand" and what == "bag":
        from ..samarkand import default_board

        return default_board().families[outcome].id
    return str(outcome)


class _Observer:
    """OpenSpiel's py-observer: a seat's view (``perfect_recall`` False) or information state (True)."""

    def __init__(self, config: _Config, iig_obs_type, params):
        if params:
            raise ValueError(f"{config.spec.name}: observation parameters are not supported, not {_short(params)}")
        if iig_obs_type is not None:
            if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
                raise ValueError(f"{config.spec.name}: the observations offered are one seat's own view (public and "
                                 "that seat's private information); other observation types are not supported")
        self.config = config
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        codec = config.codec
        rows = config.max_actions if self.perfect_recall else 0
        self.width = config.players + 2
        self.tensor = np.zeros(codec.size + rows * self.width, np.float32)
        self.dict = {}
        for part in codec.layout:
            self.dict[part.name] = self.tensor[part.start:part.start + part.size]
        if rows:
            self.dict["history"] = self.tensor[codec.size:].reshape(rows, self.width)

    def set_from(self, state, player):
        t = state.position
        codec = self.config.codec
        self.tensor.fill(0.0)
        if t.engine is not None:
            self.tensor[:codec.size] = codec.observe(self.config.spec.view(t.engine, player))
        if self.perfect_recall:
            history, n = self.dict["history"], self.config.players
            rows = self._decisions(t, player)
            for k, (actor, action) in enumerate(rows[:len(history)]):
                history[k, (actor - player) % n] = 1.0
                if action is None:
                    history[k, n] = 1.0
                else:
                    history[k, n + 1] = action / codec.n

    def _decisions(self, t: _Position, player: int) -> list:
        rows = []
        if t.origin is not None and t.origin[1] == player:
            rows = self._decisions(t.origin[0], player)
        for step in _steps(t.trail):
            if step.actor >= 0:
                rows.append((step.actor, None if step.private and step.actor != player else step.action))
        return rows

    def string_from(self, state, player):
        t = state.position
        if self.perfect_recall:
            return "\n".join(_history(self.config, t, player))
        return _observation_string(t.engine, player)


# --- bots both ways ---------------------------------------------------------------------------------

class GameEvaluator:
    """An OpenSpiel MCTS/ISMCTS evaluator built on a game's own search hooks (those of our MCTSAgent).

    ``evaluate(state)`` plays ``depth`` moves of the game's ``playout_policy`` on a copy of the engine
    state (the engine's own seeded chance: a rollout, not the game tree) and scores each seat with the
    game's ``round_reward`` (Jaipur, Samarkand: the round or game is over) or ``evaluate`` (a win chance in
    [0, 1]), mapped to OpenSpiel's zero-sum scale. ``prior`` is uniform. Random rollouts to the end
    (OpenSpiel's ``RandomRolloutEvaluator``) also work but take seconds per simulation here: a random
    Jaipur match is ~200 decisions and ~150 chance nodes, a random Caravan game hardly ever ends.

    Args:
        game: a game name (``"jaipur"``) or a loaded OpenSpiel game of this module.
        depth: playout moves before the evaluation (default: as our MCTSAgent, 8 in Marco Polo, else 6).
        seed: seeds the playouts.
    """

    def __init__(self, game, depth: int | None = None, seed: int = 0):
        self.spec = spec(game.spec.name if isinstance(game, CaravanLessonsGame) else game)
        if depth is None:   # the depth our MCTSAgent plays out in this game
            depth = 8 if self.spec.name == "marco_polo" else 6
        module = self.spec.package()
        self.round_reward = getattr(module, "round_reward", None)
        self.value = getattr(module, "evaluate", None)
        self.policy = getattr(module, "playout_policy", None)
        if depth.__class__ is not int or depth < 0:
            raise ValueError(f"depth must be a whole number of moves, 0 or more, not {_short(depth)}")
        self.depth = depth
        self.rng = random.Random(seed)

    def _score(self, engine, seat: int) -> float:
        if self.round_reward is not None:
            found = self.round_reward(engine, seat)
            if found is not None:
                return found
        if engine.is_terminal():
            winners = self.spec.winners(engine)
            return 1.0 / len(winners) if seat in winners else 0.0
        return self.value(engine, seat) if self.value is not None else 0.5

    def evaluate(self, state):
        t = state.position
        n = state.num_players()
        if t.engine is None:            # before the setup is dealt: nothing to tell the seats apart
            return np.zeros(n)
        engine = t.engine.clone()
        if t.pending is not None:       # a decision waiting for its chance nodes: play it, the engine's own draws
            engine.apply(t.pending.action)
        for _ in range(self.depth):
            if engine.is_terminal() or (self.round_reward is not None and
                                        self.round_reward(engine, max(engine.current_player, 0)) is not None):
                break
            if self.policy is not None:
                action = self.policy(engine, self.rng)
            else:
                actions = engine.legal_actions()
                action = actions[self.rng.randrange(len(actions))]
            engine.apply(action)
        values = [self._score(engine, seat) for seat in range(n)]
        total = sum(values)
        if n == 2:
            return np.array([2 * values[0] - 1, 2 * values[1] - 1])
        if total <= 0:
            return np.zeros(n)
        return np.array([n / (n - 1) * (v / total - 1 / n) for v in values])

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        actions = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(actions)) for a in actions]


def _search_classes():
    from open_spiel.python.algorithms import ismcts, mcts

    class _ISMCTS(ismcts.ISMCTSBot):
        """OpenSpiel's ISMCTSBot with the two calls ``evaluate_bots`` makes of every bot (it has neither)."""

        def restart_at(self, state):
            self.reset()

        def inform_action(self, state, player_id, action):
            pass

    return ismcts, mcts, _ISMCTS


def ISMCTS(*args, **kwargs):
    """OpenSpiel's ``ISMCTSBot`` (same arguments), able to play in ``evaluate_bots``."""
    return _search_classes()[2](*args, **kwargs)


def ismcts_bot(game, simulations: int = 1000, seed: int = 0, evaluator=None, uct_c: float = 2.0):
    """OpenSpiel's information-set MCTS on one of our games: ``simulations`` per move, worlds dealt by
    ``resample_from_infostate``, nodes keyed by the observation string (the information-state string
    is a replay of the game, too slow to key every node), the game's own evaluator by default."""
    ismcts, _, cls = _search_classes()
    evaluator = evaluator or GameEvaluator(game, seed=seed)
    return cls(game, evaluator, uct_c, simulations, random_state=np.random.RandomState(seed),
               final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, use_observation_string=True)


def mcts_bot(game, simulations: int = 200, seed: int = 0, evaluator=None, uct_c: float = 2.0):
    """OpenSpiel's (perfect-information) ``MCTSBot``: in our arena it plays on one world dealt from what its
    seat sees (it is never shown the hidden cards), in ``evaluate_bots`` on the state it is given."""
    _, mcts, _ = _search_classes()
    evaluator = evaluator or GameEvaluator(game, seed=seed)
    return mcts.MCTSBot(game, uct_c, simulations, evaluator, random_state=np.random.RandomState(seed))


class AgentBot(pyspiel.Bot):
    """One of our agents (``choose(view)``) as an OpenSpiel bot, for ``evaluate_bots`` and the like.

    ``step(state)`` shows the agent a :class:`~caravan_lessons.agents.View` of the engine state for the seat
    to act (the seat's observation and the legal actions) and returns the id of its choice."""

    def __init__(self, game, agent):
        super().__init__()
        if not callable(getattr(agent, "choose", None)):
            raise ValueError(f"AgentBot takes an agent with a choose(view) method, not {_short(agent)}")
        self.game, self.agent = game, agent
        self.codec = game._config.codec

    def step(self, state):
        from ..agents import View

        engine = state.engine
        seat = engine.current_player
        legal = list(engine.legal_actions())
        action = self.agent.choose(View(engine, seat, legal))
        return self.codec.encode(action)

    def restart_at(self, state):
        pass

    def inform_action(self, state, player_id, action):
        pass


class OpenSpielAgent:
    """An OpenSpiel bot as one of our agents (``choose(view)``), to sit in our arena and ``play_match``.

    The bot is given an OpenSpiel state built from what the seat sees: a world dealt by the game's
    ``determinize`` from ``view.observation`` (so it never sees the hidden cards; an information-set bot
    resamples from there). Its answer must be one of the view's legal actions.

    Args:
        game: the loaded OpenSpiel game (``load("jaipur")``) the bot was made for.
        bot: a ``pyspiel.Bot`` (``ismcts_bot(game)``, ``mcts_bot(game)``, ...).
        name: for tables (default: the bot's class name).
        seed: seeds the deals.

    Attributes:
        times: wall seconds per decision of the bot (``time.perf_counter``; forced moves not timed).
        cpu_times: CPU seconds per decision of the bot (``time.thread_time``, the deciding thread's: what
            the machine's load does not change), for equal-time comparisons (``MCTSAgent(clock="cpu")``).
    """

    def __init__(self, game, bot, name: str | None = None, seed: int = 0):
        if not isinstance(game, CaravanLessonsGame):
            raise ValueError(f"OpenSpielAgent takes a game from caravan_lessons.interop.openspiel.load(...), not "
                             f"{_short(game)}")
        self.game, self.bot = game, bot
        self.name = name or type(bot).__name__
        self.rng = random.Random(seed)
        self.times: list[float] = []
        self.cpu_times: list[float] = []

    def choose(self, view):
        import time

        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        config = self.game._config
        world = config.spec.determinize(view.observation, self.rng)
        state = self.game.new_initial_state()
        state._t = _Position(config, world, None, root=world.clone())
        start, cpu_start = time.perf_counter(), time.thread_time()
        action = config.codec.decode(self.bot.step(state))
        self.cpu_times.append(time.thread_time() - cpu_start)
        self.times.append(time.perf_counter() - start)
        if action not in actions:
            raise ValueError(f"{self.name} chose {action}, which is not legal for seat {view.player} now")
        return action


def _register() -> None:
    known = set(pyspiel.registered_names())
    for name, game_spec in GAMES.items():
        if GAME_NAMES[name] in known:
            continue
        # a class per game, as OpenSpiel's own Python games register (a plain function as the factory
        # crashes the interpreter at exit: the C++ registry outlives Python)
        cls = type(f"{game_spec.title.replace(' ', '')}Game", (CaravanLessonsGame,), {"spec": game_spec})
        _CLASSES[name] = cls
        pyspiel.register_game(_game_type(game_spec), cls)


_CLASSES: dict[str, type] = {}


_register()
