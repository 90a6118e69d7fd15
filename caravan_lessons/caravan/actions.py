"""Caravan's actions: frozen values, one class per kind, ``str()`` in plain words.

A turn is a sequence of actions (1 to 4 of them, CAR-TURN-1) closed by :class:`EndTurn`.
Spaces are ``(row, col)`` pairs of the board graph. Building an action only checks that its
parts are well formed (a space is a pair of whole numbers, a good exists, a seat is a whole
number); whether it is *legal* is the engine's question (``State.why_illegal``), answered
with a rule ID.

=================================  ==============================================  ==========
action                             what it does                                    actions
=================================  ==============================================  ==========
``PlaceCamel(space)``              an empty camel from your supply onto a space    1 or 2
``MoveCamel(source, target)``      one of your empty camels to another space       1 or 2
``PickUp(space)``                  load the good lying there onto your empty camel 1
``Steal(space, victim, good)``     take ``good`` from the victim's camel there     1
``MoveGood(source, target, good)`` along your chain, to an empty camel; delivers   1
``EndTurn()``                      end your turn (unused actions are lost)         0
=================================  ==============================================  ==========
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import _short
from ..i18n import tr
from .board import as_space
from .components import GOODS, good_name

__all__ = ["Action", "EndTurn", "MoveCamel", "MoveGood", "PickUp", "PlaceCamel", "Steal", "action_from_dict"]


def _good(good: Any) -> str:
    if not isinstance(good, str) or good.lower() not in GOODS:
        raise ValueError(f"unknown good {_short(good)}; the goods are {', '.join(GOODS)}")
    return good.lower()


def _seat(seat: Any) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise ValueError(f"a seat is a whole number from 0 to 3, not {_short(seat)}")
    return seat


def _rc(node) -> str:
    """``"r3c4"`` for the space (3, 4); a coordinate of more than 40 digits is named by its size."""
    if all(abs(v) < 10**40 for v in node):
        return f"r{node[0]}c{node[1]}"
    return tr("the space ({row}, {col})").format(row=_short(node[0]), col=_short(node[1]))


@dataclass(frozen=True, slots=True)
class PlaceCamel:
    """Place an empty camel from your supply on ``space`` (CAR-ACT-1/2, CAR-CAMEL-1)."""

    space: tuple[int, int]

    def __post_init__(self):
        object.__setattr__(self, "space", as_space(self.space))

    def __str__(self) -> str:
        return tr("place a camel on {space}").format(space=_rc(self.space))


@dataclass(frozen=True, slots=True)
class MoveCamel:
    """Move one of your empty camels from ``source`` to ``target`` (CAR-ACT-1/2, CAR-CAMEL-1/2)."""

    source: tuple[int, int]
    target: tuple[int, int]

    def __post_init__(self):
        object.__setattr__(self, "source", as_space(self.source))
        object.__setattr__(self, "target", as_space(self.target))

    def __str__(self) -> str:
        return tr("move an empty camel from {source} to {target}").format(source=_rc(self.source), target=_rc(self.target))


@dataclass(frozen=True, slots=True)
class PickUp:
    """Load the good lying on ``space`` onto your empty camel there (CAR-PICK-1..4)."""

    space: tuple[int, int]

    def __post_init__(self):
        object.__setattr__(self, "space", as_space(self.space))

    def __str__(self) -> str:
        return tr("pick up the good on {space}").format(space=_rc(self.space))


@dataclass(frozen=True, slots=True)
class Steal:
    """Steal ``good`` from seat ``victim``'s camel on ``space`` (CAR-STEAL-1..6)."""

    space: tuple[int, int]
    victim: int
    good: str

    def __post_init__(self):
        object.__setattr__(self, "space", as_space(self.space))
        object.__setattr__(self, "victim", _seat(self.victim))
        object.__setattr__(self, "good", _good(self.good))

    def __str__(self) -> str:
        return tr("steal {good} from player {victim} on {space}").format(good=good_name(self.good), victim=self.victim,
                                                                       space=_rc(self.space))


@dataclass(frozen=True, slots=True)
class MoveGood:
    """Move ``good`` from your camel on ``source`` to your empty camel on ``target`` along one of your
    chains; delivered if ``target`` is its city (CAR-MOVE-1..5)."""

    source: tuple[int, int]
    target: tuple[int, int]
    good: str

    def __post_init__(self):
        object.__setattr__(self, "source", as_space(self.source))
        object.__setattr__(self, "target", as_space(self.target))
        object.__setattr__(self, "good", _good(self.good))

    def __str__(self) -> str:
        return tr("move {good} from {source} to {target}").format(good=good_name(self.good), source=_rc(self.source),
                                                                 target=_rc(self.target))


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End your turn; unused actions are lost (CAR-TURN-2)."""

    def __str__(self) -> str:
        return tr("end the turn")


Action = PlaceCamel | MoveCamel | PickUp | Steal | MoveGood | EndTurn
KINDS = {cls.__name__: cls for cls in (PlaceCamel, MoveCamel, PickUp, Steal, MoveGood, EndTurn)}


def action_to_dict(action) -> dict:
    """An action as JSON-able data: ``{"kind": "MoveGood", "source": [0, 3], ...}``."""
    data: dict[str, Any] = {"kind": type(action).__name__}
    for name in action.__slots__:
        value = getattr(action, name)
        data[name] = list(value) if isinstance(value, tuple) else value
    return data


def action_from_dict(data: Any):
    """The action described by :func:`action_to_dict` output; ValueError if it is not one."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str) or data["kind"] not in KINDS:
        raise ValueError(f"an action is a dict with 'kind' one of {', '.join(KINDS)}, not {_short(data)}")
    cls = KINDS[data["kind"]]
    fields = {k: v for k, v in data.items() if k != "kind"}
    if set(fields) != set(cls.__slots__):
        raise ValueError(f"{cls.__name__} takes the fields {list(cls.__slots__)}, not {_short(sorted(fields), 60)}")
    return cls(**fields)
