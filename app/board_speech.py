"""The accessible names of the game board and the side panel, for screen readers.

``BoardSpeech.texts`` follows ``MatchView``: the name and description of each of the 28 board
locations, the dice, the cube, the score, whose turn it is and each player's card, in the
current language (``app.spoken`` writes them). QML sets them as ``Accessible.name`` and
``Accessible.description``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Property, QObject, Signal, Slot
from PySide6.QtQml import QmlElement, QmlSingleton, QQmlEngine

from app import spoken
from app.board_input import BoardInput
from app.match_view import MatchView, ViewState

QML_IMPORT_NAME = "app.qml"
QML_IMPORT_MAJOR_VERSION = 1


def viewer_of(state: ViewState) -> int:
    """The player at the bottom of the board (the board turns to player 1 in two-player play)."""
    return 1 if state.turned else 0


def game_texts(state: ViewState, reachable: list[int]) -> dict[str, Any]:
    """Everything the screen reader says about the game board and the players."""
    viewer = viewer_of(state)
    names = state.names
    texts: dict[str, Any] = spoken.board_texts(
        state.board,
        viewer,
        selected=state.selected,
        movable=state.draggable,
        reachable=reachable if state.selected >= 0 else [],
    )
    if state.openingDice:
        texts["dice"] = spoken.opening_text(state.openingDice, names)
    else:
        texts["dice"] = spoken.dice_text(state.dice, names[state.diceOwner])
    cube_shown = state.cubeEnabled and not state.crawfordGame
    texts["cube"] = (
        spoken.cube_text(state.cubeValue, state.cubeOwner, state.cubeOffered, viewer, names)
        if cube_shown
        else ""
    )
    texts["score"] = spoken.score_text(names, state.score, state.matchLength, state.crawfordGame)
    texts["turn"] = spoken.turn_text(state.phase, state.onRoll, names, state.thinking)
    deciding = 1 - state.onRoll if state.phase == "double" else state.onRoll
    in_game = state.phase in ("roll", "move", "double")
    texts["players"] = [
        spoken.player_text(
            names[p],
            state.pips[p],
            state.score[p] if state.matchLength > 0 else None,
            in_game and p == deciding,
        )
        for p in (0, 1)
    ]
    texts["board"] = ". ".join(t for t in (texts["turn"], texts["dice"], texts["cube"]) if t)
    return texts


@QmlElement
@QmlSingleton
class BoardSpeech(QObject):
    """``BoardSpeech.texts.locations[6]`` is ``"your 6-point: 5 white checkers"``."""

    @staticmethod
    def create(engine: QQmlEngine) -> BoardSpeech:
        """The window's own BoardSpeech (made by ``app.window``), when QML first names it."""
        from app.parts import part_of

        return part_of(engine, BoardSpeech)

    changed = Signal()

    def __init__(
        self, view: MatchView, board_input: BoardInput, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._view = view
        self._input = board_input
        self._texts: dict[str, Any] = {}
        view.changed.connect(self.refresh)
        self.refresh()

    @Slot()
    def refresh(self) -> None:
        """New texts for the state shown (also after a change of language)."""
        texts = game_texts(self._view.state, self._input.reachable_locations())
        if texts != self._texts:
            self._texts = texts
            self.changed.emit()

    texts = Property("QVariantMap", lambda self: self._texts, notify=changed)
