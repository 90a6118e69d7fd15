"""The AI-course exercise: a PettingZoo agent for Jaipur, graded in tiers (``exercises/ai/``).

    from caravan_lessons.exercises.ai import q1, play
    play(Q1Agent, matches=20)                 # through the PettingZoo environment, not graded
    q1.check(Q1Agent, part="random")          # tier 1: beat the random bot

The answer is an agent as reinforcement-learning code writes them: a class with a ``name`` and a
method ``act(self, observation, action_mask)`` that returns an action id, where ``observation`` is the
float32 tensor and ``action_mask`` the int8 mask that ``caravan_lessons.interop.pettingzoo.env("jaipur")``
gives (``obs["observation"]``, ``obs["action_mask"]``). The ids are the Jaipur codec's
(``caravan_lessons.jaipur.codec.codec()``: ``decode(i)`` is the engine's action, ``layout`` says what
each number of the tensor is).

Grading plays the same games through the arena: each decision the agent is shown exactly what
``env.observe`` would show its seat (the codec's tensor of ``state.observation(seat)`` and the mask of
the legal ids), and its id is decoded and played. That needs no PettingZoo at grading time, and the
budgets and messages are the framework's (:class:`~caravan_lessons.exercises.framework.AgentQuestion`).

====  ==========================  =============================================================
 nb    question                    after
====  ==========================  =============================================================
 01    q1 (a PettingZoo agent,     notebooks/ai/01_openspiel_and_pettingzoo: beat random, then the
       two tiers)                  greedy bot
====  ==========================  =============================================================
"""
from __future__ import annotations

import inspect
from typing import Any

from .framework import AgentQuestion, NotSolved, Tier, short

__all__ = ["QUESTIONS", "PettingZooQuestion", "play", "q1"]

GAME = "jaipur"


class _Seat:
    """A PettingZoo-style agent (``act(observation, action_mask) -> id``) playing one seat of a match."""

    def __init__(self, agent: Any):
        from ..jaipur.codec import codec

        self.agent = agent
        self.codec = codec()
        self.name = agent.name

    def choose(self, view):
        import numpy as np

        codec = self.codec
        observation = codec.observe(view.observation)
        mask = np.zeros(codec.n, dtype=np.int8)
        mask[sorted(codec.encode(a) for a in view.legal_actions)] = 1
        chosen = self.agent.act(observation, mask)
        if isinstance(chosen, bool) or not hasattr(chosen, "__index__"):
            raise ValueError(f"act returned {short(chosen)}, not an action id (a whole number 0..{codec.n - 1})")
        return codec.decode(chosen)


class PettingZooQuestion(AgentQuestion):
    """An :class:`AgentQuestion` whose answer is a PettingZoo agent: ``act(observation, action_mask) -> id``."""

    expects = ("an agent: a class with a `name` and a method `act(self, observation, action_mask)` returning "
               "an action id")

    def _factory(self, answer: Any):
        owner = answer if inspect.isclass(answer) else type(answer)
        if str(getattr(owner, "__module__", "")).startswith("caravan_lessons."):
            raise NotSolved(f"{short(answer)} is the project's own code; the question asks for your agent.",
                            "Write the class Q1Agent yourself in the answer cell.")
        if not callable(getattr(answer, "act", None)):
            raise NotSolved(f"{self.answer_name} should be an agent with a method act(self, observation, action_mask), "
                            f"but it is {short(answer)}.",
                            "Keep the class line of the answer cell and write the body of act.")
        if inspect.isclass(answer):
            try:
                needed = [p for p in inspect.signature(answer).parameters.values()
                          if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
            except (TypeError, ValueError):
                needed = []
            if len(needed) > 1:
                raise NotSolved(f"{answer.__name__}() needs {len(needed)} arguments to be built; the check builds one "
                                "agent per match with no argument (or just a seed).",
                                "Give __init__ no parameters besides self, or only `seed=None`.")

            def make(seed: int):
                return answer(seed) if needed else answer()
        else:
            def make(seed: int):
                return answer
        name = getattr(answer, "name", None)
        if not isinstance(name, str) or not name.strip():
            raise NotSolved(f"your agent has no `name` (it has {short(name)}).", 'Add a class attribute such as '
                                                                                  '`name = "my agent"`.')

        def build(seed: int):
            return _Seat(make(seed))

        return super()._factory(build_bot(build, name))


def build_bot(build, name: str):
    """A bot class the framework can build per match (``cls(seed)``) that wraps the agent."""

    class PettingZooAgent:
        __module__ = "exercise answer"

        def __init__(self, seed=None):
            self._seat = build(0 if seed is None else seed)

        def choose(self, view):
            return self._seat.choose(view)

    PettingZooAgent.name = name
    return PettingZooAgent


q1 = PettingZooQuestion(
    "q1", "a PettingZoo agent that beats the random bot, then the greedy bot", "Q1Agent",
    rules=("JAI-TURN-1", "JAI-SELL-2", "JAI-SELL-3", "JAI-TAKE-7"),
    hints=("Start from the mask: np.flatnonzero(action_mask) are the legal ids; the codec's decode(i) says what "
           "each one does (take, exchange, sell).",
           "Read the tensor by name: codec.at['hand'] is where your 7 card counts start (divided by 7), "
           "codec.at['top_token'] where the rupees of each stack's top token start (divided by 7).",
           "Score every legal id and return the best: sell 3 or more cards (a bonus token) or precious goods in "
           "pairs; else take the good you hold most of; take camels when the market shows several.",
           "To beat greedy, sell when the stack still pays well and your hand is nearly full, and do not give "
           "away in an exchange the goods you are collecting."),
    game=GAME, seed=2025,
    tiers={"random": Tier("random", need=0.85, matches=100,
                          words="tier 1: beat the random bot (95 % sure of a win rate above 85 %)"),
           "greedy": Tier("greedy", need=0.4, matches=100,
                          words="tier 2: hold your own against the greedy bot (95 % sure of a win rate above 40 %)")},
)


def play(agent: Any, matches: int = 20, opponent: str = "random", seed: int = 0) -> float | None:
    """Play ``matches`` Jaipur matches of ``agent`` (class or instance) in the PettingZoo environment against
    ``opponent`` (``"random"``: masked random ids; else one of our bots by name, shown the engine's view);
    print the wins and return the win rate. Not graded: the quick test of the scratch cell (seats alternate)."""
    import numpy as np

    from ..agents import AGENTS, View, make_agent
    from ..interop.pettingzoo import env

    if isinstance(matches, bool) or not isinstance(matches, int) or not 1 <= matches <= 1000:
        print(f"play: matches must be a whole number from 1 to 1000, not {short(matches)}.")
        return None
    if opponent not in AGENTS or opponent.startswith(("mp-", "openspiel-")):
        print(f"play: opponent must be one of 'random', 'greedy', 'heuristic', not {short(opponent)}.")
        return None
    try:
        made = agent() if inspect.isclass(agent) else agent
    except Exception as exc:  # noqa: BLE001 - the learner's constructor: report, do not raise into the notebook
        print(f"play: building your agent failed: {type(exc).__name__}: {exc}")
        return None
    if not callable(getattr(made, "act", None)):
        print(f"play: an agent has a method act(observation, action_mask); {short(agent)} has none.")
        return None
    e = env(GAME)
    rng = np.random.default_rng(seed)
    wins = 0
    for match in range(matches):
        me = f"player_{match % 2}"
        rival = None if opponent == "random" else make_agent(opponent, seed + match)
        e.reset(seed=seed * 10_000 + match)
        for name in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            if terminated or truncated:
                wins += name == me and reward > 0
                e.step(None)
            elif name == me:
                try:
                    e.step(made.act(obs["observation"], obs["action_mask"]))
                except Exception as exc:  # noqa: BLE001 - an illegal id or a crash: report it in words
                    print(f"play: match {match + 1}: your agent's move was refused: {type(exc).__name__}: {exc}")
                    return None
            elif rival is None:
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            else:
                seat = e.state.current_player
                e.step(e.codec.encode(rival.choose(View(e.state, seat, list(e.state.legal_actions())))))
    print(f"{getattr(made, 'name', 'your agent')} won {wins} of {matches} matches ({100 * wins / matches:.0f} %) "
          f"against {opponent}.")
    return wins / matches


QUESTIONS = {q.label: q for q in (q1,)}
"""Every question of the AI exercise by label."""
