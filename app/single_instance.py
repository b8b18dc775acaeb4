"""One running copy per data folder: a second start brings the first window forward.

The data folder's lock (``Storage.lock``) decides which copy runs. The copy holding it listens on
a local socket named after the folder (``InstanceServer``: a Unix domain socket or a Windows
named pipe, open to this user only; nothing leaves the computer); a second start asks it to
show its window (``ask_running_copy``), in the language it was started in, with a match file to
open or the IDs of a position to set up when it was given them, and exits. When the first copy
does not answer (it hangs, or is still starting), the second says so in a small window of its
own (``AlreadyOpen.qml``).
"""

from __future__ import annotations

import getpass
import hashlib
from pathlib import Path

from PySide6.QtCore import QDeadlineTimer, QObject, Qt, QThread, Signal
from PySide6.QtGui import QWindow
from PySide6.QtNetwork import QLocalServer, QLocalSocket

SHOW = b"show\n"
SHOWN = b"shown\n"
OPEN = b"open "  # then the path of a match file, UTF-8, and a new line: show, and open it
IDS = b"ids "  # then a Position ID (and ":" and a Match ID) and a new line: show, and set it up
LANGUAGE = b"lang "  # then a language's code and a new line, before one of the above: speak it


def server_name(folder: Path) -> str:
    """The socket's name for ``folder``: the same for every start of this user on it."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no user name known (a bare container): the folder alone
        user = ""
    key = f"{user}\0{Path(folder).resolve()}".encode("utf-8", "surrogateescape")
    return "backgammon-" + hashlib.sha256(key).hexdigest()[:24]


class InstanceServer(QObject):
    """Listens for later starts on the same data folder; ``activated`` when one asks to show,
    ``fileGiven`` (a path) when it was started with a match file to open, ``idsGiven`` (the
    IDs as pasted) when it was started with the IDs of a position, ``languageGiven`` (a code)
    when it was started in a language (``--lang``).

    Make it only while holding the folder's lock: a socket of the name left by a copy that was
    killed is then known to be dead and is removed before listening.
    """

    activated = Signal()
    fileGiven = Signal(str)  # noqa: N815
    idsGiven = Signal(str)  # noqa: N815
    languageGiven = Signal(str)  # noqa: N815

    def __init__(self, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = server_name(folder)
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._on_connection)

    def listen(self) -> bool:
        """Start listening; False (with ``error``) when the socket cannot be made."""
        QLocalServer.removeServer(self.name)
        return self._server.listen(self.name)

    @property
    def error(self) -> str:
        return self._server.errorString()

    def close(self) -> None:
        self._server.close()

    def _on_connection(self) -> None:
        while self._server.hasPendingConnections():
            socket = self._server.nextPendingConnection()
            socket.readyRead.connect(lambda s=socket: self._on_message(s))
            socket.disconnected.connect(socket.deleteLater)

    def _on_message(self, socket: QLocalSocket) -> None:
        message = bytes(socket.readAll().data())
        if message.startswith(LANGUAGE) and b"\n" in message:
            line, message = message.split(b"\n", 1)
            if message.startswith((SHOW.strip(), OPEN, IDS)):  # (the language alone is no ask)
                self.languageGiven.emit(line[len(LANGUAGE) :].decode("ascii", "replace"))
        if message.startswith((SHOW.strip(), OPEN, IDS)):
            self.activated.emit()
            socket.write(SHOWN)
            socket.flush()
            if message.startswith(OPEN):
                path = message[len(OPEN) :].rstrip(b"\n").decode("utf-8", "surrogateescape")
                self.fileGiven.emit(path)
            elif message.startswith(IDS):
                self.idsGiven.emit(message[len(IDS) :].rstrip(b"\n").decode("ascii", "replace"))
        socket.disconnectFromServer()


def ask_running_copy(
    folder: Path,
    timeout_ms: int = 4000,
    file: Path | None = None,
    ids: str | None = None,
    language: str | None = None,
) -> bool:
    """Ask the copy running on ``folder`` to bring its window forward (and to open the match
    ``file``, or to set up the position of ``ids``, when one is given; to speak ``language``
    when one is given: a second start with another ``--lang`` was only brought forward, in
    the language it had); True when it did.

    Tries again until ``timeout_ms`` has passed: the first copy may still be opening its window.
    """
    deadline = QDeadlineTimer(timeout_ms)
    name = server_name(folder)
    while True:
        socket = QLocalSocket()
        socket.connectToServer(name)
        if socket.waitForConnected(500):
            if language is not None:
                socket.write(LANGUAGE + language.encode("ascii", "replace") + b"\n")
            if file is not None:
                socket.write(OPEN + str(file.resolve()).encode("utf-8", "surrogateescape") + b"\n")
            elif ids is not None:
                socket.write(IDS + ids.encode("ascii", "replace") + b"\n")
            else:
                socket.write(SHOW)
            answer = b""
            while SHOWN not in answer and socket.waitForReadyRead(_left(deadline)):
                answer += bytes(socket.readAll().data())
            socket.abort()
            return SHOWN in answer
        socket.abort()
        if deadline.hasExpired():
            return False
        QThread.msleep(100)


def _left(deadline: QDeadlineTimer) -> int:
    return max(1, int(deadline.remainingTime()))


def bring_forward(window: QWindow) -> None:
    """Show ``window`` (restored if minimised) above the others and give it the focus."""
    if window.windowStates() & Qt.WindowState.WindowMinimized:
        window.showNormal()
    elif not window.isVisible():
        window.show()
    # (show() again on a shown window gave it back the size it asked for at its start, past
    # the screen's foot where the window manager had made it fit: found by a tester)
    window.raise_()
    window.requestActivate()
