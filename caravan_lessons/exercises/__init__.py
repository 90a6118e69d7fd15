"""Classroom exercises: questions with ``check()``, ``hint()`` and ``solution()``.

One set of pure check functions serves self-learners and nbgrader alike::

    from caravan_lessons.exercises.jaipur import q4a
    q4a.check(q4a_sale_rupees)   # prints what is wrong and a hint, returns True/False
    q4a.hint()                   # the next hint
    q4a.solution()               # the reference, read from the source notebook (a clone only)

The checks ask the game engine for the right answers and never read widgets. The exercise
notebooks (nbgrader source format) are in ``exercises/<game>/``; they, not this package, hold the
reference answers and the hidden cases. The student release is made with
``python -m caravan_lessons.exercises release jaipur``.
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
    Tier,
    TimeUp,
    ValueQuestion,
)

GAMES = ("jaipur", "samarkand", "caravan", "marco_polo", "ai")
"""Games that have exercises (a module ``caravan_lessons.exercises.<game>`` each), and ``ai``: the AI-course
exercise (a PettingZoo agent for Jaipur, :mod:`caravan_lessons.exercises.ai`; needs ``caravan_lessons[rl]``)."""

__all__ = ["GAMES", "GRADED", "PASSED", "AgentQuestion", "Budget", "Case", "FunctionQuestion", "NotSolved",
           "Question", "Tier", "TimeUp", "ValueQuestion"]
