"""The four games as PettingZoo AEC environments (the multi-agent Gymnasium API RL libraries speak).

    from caravan_lessons.interop.pettingzoo import env
    e = env("jaipur")                                  # or env("samarkand", players=3, render_mode="rgb_array")
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``"player_0"`` .. ``"player_{n-1}"``, one per seat. The agent selected is the seat the
engine asks (``state.current_player``): usually whose turn it is, but a Samarkand sale belongs to the
holder of the card and a Marco Polo choice inside an effect to its owner, so seats do not simply
take turns. Observations follow PettingZoo's classic games: ``{"observation": float32 array,
"action_mask": int8 array of N}``; the array is the game codec's tensor of ``state.observation(seat)``
(only what that seat may see; ``codec.layout`` says what is where, the observing seat first) and the
mask has 1 at the legal action ids (all 0 for a seat that is not to act). The tensor is read straight
from the engine state where the codec knows how (``codec.observe_state``: the same array, tested). Actions are the codec's
ids ``0..N-1`` (``caravan_lessons.<game>.codec``; ``env.codec.decode(i)`` is the engine's action).
Both arrays are built when asked, once per step and seat, and are read-only. The mask is int8 as
PettingZoo's classic games have it; ``N`` is large (Marco Polo 335,480). Each agent's action space is a
gymnasium ``Discrete(N)`` that remembers the legal ids behind the mask it was last given
(:class:`LegalIdsDiscrete`): ``action_space(agent).sample(obs["action_mask"])`` draws among them, the
same draw gymnasium's own scan of the mask would make, without reading the N entries (every page of
Marco Polo's mask). An agent that picks among the legal ids itself from the mask pays for that scan:
numpy reads an int8 array several times slower than a bool one, so
``np.flatnonzero(mask.view(bool))`` is quicker than ``np.flatnonzero(mask)`` (measured here: 9
against 62 µs for 25,503 ids, 72 against 770 µs for 335,480).

Rewards come once, at the end: zero-sum, +1 for a sole winner (see :mod:`caravan_lessons.interop.games`).
A game that reaches ``max_actions`` decisions is **truncated** (every agent's ``truncated`` is True,
rewards 0), not ended: the rules stay the rulebook's and nobody has won. ``reset(seed=...)`` makes the
deal reproducible (the engine's own seeded shuffles; ``seed_test`` checks it). ``render()`` with
``render_mode="rgb_array"`` returns the project's own picture of the position (the lessons' drawing),
as an ``(height, width, 3)`` uint8 array.

Bad input is refused with one clear line and the environment left as it was: an id outside
``0..N-1`` or not a whole number (ValueError naming the codec), an illegal id (the engine's
RuleViolation, naming the rule clause), an unknown game, player count, render mode or option.
Once the game is over, a terminated or truncated agent steps with ``None`` (PettingZoo's dead step,
which removes it); any other action is a ValueError saying so. When every agent has left, ``step``
warns and changes nothing (as PettingZoo's own order-enforcing wrapper does) and ``last()`` is a
ValueError: ``reset()`` starts a new game.
"""
from __future__ import annotations

import random
from bisect import bisect_left
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..codecs import whole_number
from ..core import RuleViolation, _short
from .games import returns, spec

__all__ = ["CaravanLessonsEnv", "LegalIdsDiscrete", "env", "raw_env"]

RENDER_MODES = ("rgb_array",)


class LegalIdsDiscrete(spaces.Discrete):
    """gymnasium's ``Discrete(n)`` that knows the legal ids behind the mask its environment last gave out.

    ``sample(mask)`` with that very mask (the array of ``observe(agent)["action_mask"]``, as the usual random
    agent passes it) draws among the environment's ascending legal ids with ``np_random.integers``: the same
    draw, from the same generator state, as ``Discrete.sample`` makes with ``np_random.choice`` of
    ``np.where(mask)[0]`` (tested equal), without its checks and scans of all ``n`` ids (Marco Polo's 335,480).
    Any other mask (a copy, one made writeable again), a probability vector or no mask is ``Discrete.sample``
    itself. Everything else (``n``, ``seed``, ``contains``, equality with ``Discrete(n)``) is gymnasium's."""

    _issued: tuple | None = None    # (the mask array given out, its legal ids ascending), set by the env

    def sample(self, mask=None, probability=None):
        issued = self._issued
        if probability is None and issued is not None and mask is issued[0] and not mask.flags.writeable:
            legal = issued[1]
            return self.start + self.dtype.type(legal[self.np_random.integers(len(legal))])
        return super().sample(mask, probability)


class CaravanLessonsEnv(AECEnv):
    """One of the four games as an AEC environment (see the module notes); build it with :func:`env`.

    Attributes:
        codec: the game's action codec (``n`` actions, ``layout`` of the observation tensor).
        state: the engine's state (``caravan_lessons.<game>.State``) after the last ``reset``; read it,
            change it only through ``step``.
        max_actions: decisions after which an episode is truncated.
    """

    metadata = {"render_modes": list(RENDER_MODES), "name": "caravan_lessons_v0", "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None,
                 max_actions: int | None = None):
        super().__init__()
        self.spec = game_spec = spec(game)
        self.players = game_spec.check_players(players)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or 'rgb_array' (the project's picture of the position), "
                             f"not {_short(render_mode)}")
        if max_actions is None:
            max_actions = game_spec.max_actions
        number = whole_number(max_actions)
        if number is None or number < 1:
            raise ValueError(f"max_actions must be a whole number of decisions, 1 or more, not {_short(max_actions)}")
        self.render_mode = render_mode
        self.max_actions = number
        self.metadata = {**self.metadata, "name": f"caravan_lessons_{game_spec.name}_v0"}
        self.codec = codec = game_spec.codec(self.players)
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.action_spaces = {a: LegalIdsDiscrete(codec.n) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=0.0, high=np.inf, shape=(codec.size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(codec.n,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self._rng = random.Random()
        self.state = None
        self._legal: list[int] | None = None
        self._seen: dict = {}       # this step's observations by seat (see observe)
        self._no_mask = np.zeros(codec.n, dtype=np.int8)
        self._no_mask.flags.writeable = False
        self._fill = getattr(codec, "_fill_state", None)
        self._size = codec.size
        self._decoded: dict[int, Any] = {}    # id -> the codec's action (frozen values), decoded once each
        self._over = False          # terminated or truncated (every agent's flag alike), or no agent left
        self._rewarded = False      # self.rewards holds a nonzero reward (only at the end)
        self.actions_taken = 0

    # -- the AEC API ---------------------------------------------------------------------------

    def observation_space(self, agent):
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent):
        return self.action_spaces[self._agent(agent)]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game: with ``seed`` a reproducible deal (and the seeds of the games after it)."""
        if options is not None and not isinstance(options, dict):
            raise ValueError(f"options is a dict (or None), not {_short(options)}")
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
                raise ValueError(f"seed must be a whole number or None, not {_short(seed)}")
            self._rng = random.Random(int(seed))
        self.state = self.spec.new_game(self.players, self._rng.getrandbits(64))
        self.actions_taken = 0
        self._legal = None
        self._seen = {}
        self._over = self._rewarded = False
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]

    def last(self, observe: bool = True):
        """PettingZoo's ``last()``: the selected agent's observation (None unless ``observe``), its reward since
        it last acted, termination, truncation and info.

        Raises:
            ValueError: before ``reset()``, or once every agent has left the finished game (one line)."""
        if self.state is None:
            raise ValueError(f"reset() the {self.spec.name} environment before last()")
        if not self.agents:
            raise ValueError(f"every agent of this {self.spec.name} game is terminated or truncated and has left "
                             "(step(None) removed it): reset() for a new game")
        agent = self.agent_selection     # PettingZoo's AECEnv.last, without its layer
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def observe(self, agent):
        """``{"observation": the seat's tensor, "action_mask": the legal ids (0s unless the seat acts now)}``.

        Both are computed when asked (``observe``, ``last``), once per step and seat: asked again before
        the next step, they are the same arrays. They are read-only (numpy raises on a write); copy them
        to change them."""
        seat = self._seat.get(agent) if agent.__class__ is str else None
        if seat is None:
            self._agent(agent)      # raises, naming the agents
        state = self.state
        if state is None:
            raise ValueError(f"reset() the {self.spec.name} environment before observe()")
        cache = self._seen
        if cache.get("step") != self.actions_taken:
            cache.clear()
            cache["step"] = self.actions_taken
        found = cache.get(seat)
        if found is None:
            if self._fill is None:
                observation = self.codec.observe_state(state, seat)
            else:           # codec.observe_state without its checks: the state is this env's own, the seat one of it
                observation = np.zeros(self._size, dtype=np.float32)
                self._fill(state, seat, observation)
            observation.flags.writeable = False
            if self._done() or seat != state.current_player:
                mask = self._no_mask
            else:
                legal = self._legal_ids()
                mask = self.codec._mask(legal)
                mask.flags.writeable = False
                self.action_spaces[agent]._issued = (mask, legal)   # its sample(mask) draws among them
            found = cache[seat] = {"observation": observation, "action_mask": mask}
        return dict(found)

    def step(self, action) -> None:
        """Play action id ``action`` for the selected agent (None once it is terminated or truncated).

        Raises:
            ValueError: not an id ``0..N-1`` (naming the codec); RuleViolation: an illegal id (naming the
                rule clause). Nothing changes then.
        """
        if self.state is None:
            raise ValueError(f"reset() the {self.spec.name} environment before step()")
        if not self.agents:     # PettingZoo's own rule (its OrderEnforcingWrapper): a warning, nothing changes
            import warnings

            warnings.warn(f"step() called after every agent of this {self.spec.name} game is terminated or "
                          "truncated: nothing changes; reset() for a new game", stacklevel=2)
            return None
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                how = "terminated (the game is over)" if self.terminations[agent] else "truncated (max_actions)"
                raise ValueError(f"{agent} is {how} in this {self.spec.name} game: step(None) removes it "
                                 f"(PettingZoo's dead step), not {_short(action)}; reset() for a new game")
            return self._was_dead_step(action)
        if action is None:
            raise ValueError(f"{agent} is to act in this {self.spec.name} game: give an action id 0..{self.codec.n - 1} "
                             "(None is only for an agent whose game is over)")
        state, codec = self.state, self.codec
        i = codec.check_id(action)
        legal = self._legal_ids()
        k = bisect_left(legal, i)
        if k == len(legal) or legal[k] != i:
            chosen = codec.decode(i)
            problem = state.why_illegal(chosen)
            if problem is None:
                problem = RuleViolation("codec", f"action {i} ({chosen}) is not among the legal actions the "
                                                 f"{self.spec.name} engine lists now")
            raise RuleViolation(problem.rule, f"{agent} chose action {i} ({chosen}), which is not legal now: "
                                              f"{problem.message}")
        self._cumulative_rewards[agent] = 0.0
        chosen = self._decoded.get(i)
        if chosen is None:
            chosen = self._decoded[i] = codec.decode(i)
        # i is among the legal ids, so its action is one of the engine's listed ones: its checked-once path
        getattr(state, "_apply_listed", state.apply)(chosen)
        self.actions_taken += 1
        self._legal = None
        if self._rewarded:        # the rewards of the step before (zeros but at the end: kept, not rebuilt)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        if state.is_terminal():
            for a, r in zip(self.possible_agents, returns(self.spec.winners(state), self.players)):
                self.rewards[a] = r
            self._rewarded = True
            self.terminations = dict.fromkeys(self.agents, True)
            self._over = True
        elif self.actions_taken >= self.max_actions:
            self.truncations = dict.fromkeys(self.agents, True)
            self._over = True
        if not self._over:
            self.agent_selection = self.possible_agents[state.current_player]
        if self._rewarded:        # zero rewards leave the cumulative ones as they are
            self._accumulate_rewards()

    def render(self):
        """The project's picture of the position as an RGB array (``render_mode="rgb_array"``), else None."""
        if self.render_mode is None:
            import warnings

            warnings.warn("render() needs render_mode='rgb_array' when the environment is made", stacklevel=2)
            return None
        if self.state is None:
            raise ValueError("reset() the environment before render()")
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        seat = self.state.current_player
        fig = self.spec.picture(self.state, seat if seat >= 0 else None)
        canvas = FigureCanvasAgg(fig)
        canvas.draw()
        picture = np.asarray(canvas.buffer_rgba())[:, :, :3].copy()
        fig.clear()
        return picture

    def close(self) -> None:
        """Nothing to release (pictures are drawn on fresh figures and cleared)."""

    # -- helpers ---------------------------------------------------------------------------------

    def _agent(self, agent: Any) -> str:
        if agent.__class__ is not str or agent not in self._seat:
            raise ValueError(f"unknown agent {_short(agent)}; this {self.spec.name} game has "
                             f"{', '.join(self.possible_agents)}")
        return agent

    def _done(self) -> bool:
        return self._over or not self.agents

    def _legal_ids(self) -> list[int]:
        if self._legal is None:
            self._legal = self.codec.legal_ids(self.state)
        return self._legal

    def __repr__(self) -> str:
        return f"<{self.spec.title} for PettingZoo: {self.players} players, {self.codec.n} actions>"


def env(game: str, players: int | None = None, render_mode: str | None = None,
        max_actions: int | None = None) -> CaravanLessonsEnv:
    """A PettingZoo AEC environment of ``game`` (``"jaipur"``, ``"samarkand"``, ``"caravan"``,
    ``"marco_polo"``) for ``players`` seats (default: 2 for Jaipur, 4 for the others).

    Raises:
        ValueError: an unknown game, a player count the game does not allow, a render mode other than
            None or ``"rgb_array"``, or a ``max_actions`` that is not a whole number >= 1.
    """
    return CaravanLessonsEnv(game, players=players, render_mode=render_mode, max_actions=max_actions)


raw_env = env
"""PettingZoo's name for the environment without wrappers (this one has none)."""
