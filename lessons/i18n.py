"""Marking lesson text for translation.

Lesson text lives in the JSON files of ``lessons/data``; every text there is one gettext message
(msgid) in English, the source language. ``Lesson.messages()`` lists them for the extraction
script, and the texts the lesson code adds itself (feedback templates) are marked here with
``N_()`` so that the same list carries them. Nothing is translated in this package: the app passes
its own ``gettext`` function to whatever shows the text.
"""

from __future__ import annotations

from collections.abc import Callable

Translate = Callable[[str], str]

#: Every text marked with ``N_`` in the lesson code, in the order marked.
CODE_MESSAGES: list[str] = []


def N_(message: str) -> str:  # noqa: N802  (the gettext convention)
    """Mark ``message`` for extraction without translating it; returns it unchanged."""
    if message not in CODE_MESSAGES:
        CODE_MESSAGES.append(message)
    return message


def identity(message: str) -> str:
    """The English text itself: the translation used when none is given."""
    return message
