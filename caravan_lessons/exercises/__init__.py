"""Classroom exercises: questions with ``check()``, ``hint()`` and ``solution()``.

One set of pure check functions serves self-learners and nbgrader alike::

    from caravan_lessons.exercises.jaipur import q3a
    q3a.check(q3a_sale_rupees)   # prints what is wrong and a hint, returns True/False
    q3a.hint()                   # the next hint
    q3a.solution()               # a reference answer

The checks ask the game engine for the right answers and never read widgets. The exercise
notebooks (nbgrader source format) are in ``exercises/<game>/``; the student release is made
with ``python -m caravan_lessons.exercises release jaipur``.
"""
from .framework import (
    GRADED,
    PASSED,
    AgentQuestion,
    Budget,
    Case,
    FunctionQuestion,
    NotSolved,
    Question,
    TimeUp,
    ValueQuestion,
)

GAMES = ("jaipur", "caravan")
"""Games that have exercises (a module ``caravan_lessons.exercises.<game>`` each)."""

__all__ = ["GAMES", "GRADED", "PASSED", "AgentQuestion", "Budget", "Case", "FunctionQuestion", "NotSolved",
           "Question", "TimeUp", "ValueQuestion"]
