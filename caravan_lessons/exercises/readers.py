"""Reading a learner's answer: numbers, truth values and sequences, whatever library made them.

A number is a number: ``3``, ``3.0``, ``numpy.int64(3)``, ``numpy.float64(3.0)``, a pandas scalar or a
0-d numpy array all read as the whole number 3 (``numbers.Integral`` and ``numbers.Real``, which numpy
and pandas scalars register with). A truth value is never a number (``True`` is not 1 here), and a
number is never a truth value; ``numpy.bool_`` is a truth value. A sequence is a list, a tuple, a numpy
array or a pandas Series (not a string, a dict or a set). Each reader returns plain Python values
(``int``, ``float``, ``bool``, ``list``) or raises :class:`~caravan_lessons.exercises.framework.NotSolved`
with one line saying what was expected. numpy and pandas are never imported here.

    whole_number(numpy.int64(3), "the rupees")      # -> 3
    whole_number(True, "the rupees")                 # NotSolved: ... not a truth value (True)
    truth_value(numpy.True_, "q6_should_sell")       # -> True
    sequence(numpy.array([1, 2]), "the premiums", 2) # -> [1, 2] (numpy integers inside)
"""
from __future__ import annotations

import math
import numbers
from typing import Any

__all__ = ["is_truth", "real_number", "sequence", "truth_value", "whole_number"]


def _plain(value: Any) -> Any:
    """A 0-d numpy array (``numpy.array(3)``, what some reductions return) as its scalar."""
    if getattr(value, "shape", None) == () and type(value).__module__.startswith("numpy"):
        try:
            return value.item()
        except Exception:
            return value
    return value


def is_truth(value: Any) -> bool:
    """True for ``True``/``False`` and numpy's ``bool_`` (and a 0-d array of one)."""
    value = _plain(value)
    return isinstance(value, bool) or (type(value).__name__ in ("bool_", "bool") and
                                       type(value).__module__.startswith("numpy"))


def _fail(problem: str):
    from .framework import NotSolved

    return NotSolved(problem)


def whole_number(value: Any, what: str, limit: int = 10**9) -> int:
    """``value`` as an ``int``: any ``numbers.Integral`` but a truth value, or a real number with no
    fraction (``3.0``); NotSolved otherwise, or when its size is above ``limit``."""
    from .framework import short

    value = _plain(value)
    if is_truth(value):
        raise _fail(f"{what} should be a whole number, not the truth value {short(value)}.")
    if isinstance(value, numbers.Integral):
        number = int(value)
    elif isinstance(value, numbers.Real) and math.isfinite(float(value)) and float(value).is_integer() \
            and abs(float(value)) <= limit:
        number = int(float(value))
    else:
        raise _fail(f"{what} should be a whole number, not {short(value)}.")
    if abs(number) > limit:
        raise _fail(f"{what} is {short(number)}: far too big for anything in this game.")
    return number


def real_number(value: Any, what: str) -> float:
    """``value`` as a ``float``: any ``numbers.Real`` but a truth value; NotSolved otherwise."""
    from .framework import short

    value = _plain(value)
    if is_truth(value) or not isinstance(value, numbers.Real):
        raise _fail(f"{what} should be a number, not {short(value)}.")
    return float(value)


def truth_value(value: Any, what: str, words: str = "True or False") -> bool:
    """``value`` as a ``bool``: ``True``/``False`` or numpy's ``bool_``; a number (even 0 or 1) is not one."""
    from .framework import short

    if not is_truth(value):
        raise _fail(f"{what} returned {short(value)}; it should return {words}.")
    return bool(_plain(value))


def sequence(value: Any, what: str, length: int | None = None) -> list:
    """``value`` as a list: a list, tuple, range, numpy array or pandas Series (not a string, dict, set or
    iterator); NotSolved otherwise, or when it does not hold ``length`` items."""
    from .framework import short

    if isinstance(value, (str, bytes, dict, set, frozenset)) or not hasattr(value, "__len__") \
            or not hasattr(value, "__iter__"):
        raise _fail(f"{what} should be a list, not {short(value)}.")
    try:
        items = list(value)
    except Exception:
        raise _fail(f"{what} should be a list, not {short(value)}.") from None
    if length is not None and len(items) != length:
        raise _fail(f"{what} should hold {length} values, not {len(items)} ({short(value)}).")
    return items
