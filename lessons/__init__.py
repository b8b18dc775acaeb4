"""The eight lessons: content as data (``lessons/data``), its loader and validator, and progress.

No Qt here: the app shows the lessons; ``python -m lessons check`` validates them with the engine.
"""

from lessons.exercises import Exercise, Feedback, LessonDataError
from lessons.model import Lesson, Mark, Step, all_messages, load_lessons

__all__ = [
    "Exercise",
    "Feedback",
    "Lesson",
    "LessonDataError",
    "Mark",
    "Step",
    "all_messages",
    "load_lessons",
]
