"""The four games in the libraries game-AI students use: OpenSpiel and PettingZoo.

* :mod:`caravan_lessons.interop.openspiel` -- importing it registers ``python_caravan_lessons_jaipur``,
  ``..._samarkand``, ``..._caravan`` and ``..._marco_polo`` as OpenSpiel games (parameters ``players``
  and ``max_actions``), with explicit chance and imperfect information;
* :mod:`caravan_lessons.interop.pettingzoo` -- ``env(game, players=..., render_mode=...)``, a PettingZoo
  AEC environment with ``{"observation", "action_mask"}`` observations.

Both go through each game's action codec (``caravan_lessons.<game>.codec``: every action <-> an
integer ``0..N-1``) and observation tensor (built from ``state.observation(seat)`` only). Neither
library is imported by ``import caravan_lessons`` or by this package: install them with
``pip install 'caravan_lessons[rl]'`` and import the module you need.
"""
from .games import GAMES, GameSpec, returns, spec

__all__ = ["GAMES", "GameSpec", "returns", "spec"]
