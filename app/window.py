"""Start-up of the window: the application, translations and font, the parts of the game, the QML.

The parts (settings, storage, board input, the computer's turn, the match view, the game flow and
the lesson player) are made here, handed to each other, and made the QML engine's singletons
(``app.parts``). ``python -m app``, the tests and the benchmarks all open the window here.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtQml import QQmlApplicationEngine
from PySide6.QtQuick import QQuickWindow
from PySide6.QtQuickControls2 import QQuickStyle

import app.qtcompat  # noqa: F401  (first: the work-arounds must be in place before any signal)
from app import __version__, game_save
from app.analysis_view import Analysis
from app.announcer import Announcer
from app.board_input import BoardInput
from app.board_speech import BoardSpeech
from app.class_report import ClassReport
from app.classroom import Classroom
from app.coach import Coach, Judges
from app.computer_turn import ComputerTurn
from app.dice_view import DiceReportView
from app.file_dialogs import FileDialogs
from app.game_flow import GameFlow
from app.history import History
from app.input_mode import InputMode
from app.lesson_play_on import LessonPlayOn
from app.lesson_player import PROGRESS_FILE, LessonPlayer
from app.match_view import MatchView
from app.parts import attach
from app.position_editor import PositionEditor
from app.position_setup import PositionSetup
from app.resignation import Resignations
from app.rollout_view import RolloutView
from app.settings import Settings
from app.shot_counter import ShotCounter
from app.sounds import Sounds
from app.statistics import FILE_NAME as STATISTICS_FILE
from app.statistics import Statistics
from app.storage import Storage, default_data_dir, move_entries, shared_data_dir
from app.texts import N_, T
from app.theme import Theme
from app.tutor import Tutor
from app.worksheets import Worksheets
from lessons.profiles import FOLDER as PROFILES_FOLDER
from lessons.profiles import Profiles

MODULE = "app.qml"
APP_DIR = Path(__file__).resolve().parent
RESOURCES = APP_DIR.parent / "resources"


@dataclass(frozen=True)
class Options:
    """How to open the window; tests and tools change what the player never would."""

    data_dir: Path | None = None  # None: the user's data folder
    settings_file: Path | None = None  # None: the platform's settings
    save: bool = True  # save every action and resume the saved game
    seed: int | None = None  # fixed dice (tests, screenshots)
    step_ms: int | None = None  # animation override (tests: 0)
    think_delay_ms: int | None = None  # pause before the computer acts (tests: 0)
    lessons_dir: Path | None = None  # lesson files other than the shipped ones


@dataclass
class Window:
    """The pieces of a running window; ``close()`` tears them down in a safe order."""

    app: QGuiApplication
    engine: QQmlApplicationEngine
    window: QQuickWindow
    settings: Settings
    storage: Storage
    view: MatchView
    flow: GameFlow
    board_input: BoardInput
    computer: ComputerTurn
    lessons: LessonPlayer
    coach: Coach
    tutor: Tutor
    shots: ShotCounter
    language_problem: Callable[[str], None]  # says a catalog that could not be loaded
    analysis: Analysis
    dice: DiceReportView
    classroom: Classroom | None = None
    class_report: ClassReport | None = None
    worksheets: Worksheets | None = None
    speech: BoardSpeech | None = None
    announcer: Announcer | None = None
    theme: Theme | None = None
    play_on: LessonPlayOn | None = None
    rollouts: RolloutView | None = None

    def close(self) -> None:
        from app import i18n

        language = i18n.language_state().languageChanged
        language.disconnect(self.flow.publish)
        language.disconnect(self.lessons.retranslate)
        for part in (self.classroom, self.class_report, self.worksheets):
            if part is not None:
                language.disconnect(part.retranslate)
        for part in (self.coach, self.tutor, self.shots, self.rollouts):
            if part is not None:
                language.disconnect(part.changed)
        if self.rollouts is not None:
            self.rollouts.shutdown()
        self.coach.shutdown()
        self.tutor.shutdown()
        i18n.language_state().failed.disconnect(self.language_problem)
        if self.speech is not None and self.announcer is not None:
            language.disconnect(self.speech.refresh)
            language.disconnect(self.announcer.hush)
        language.disconnect(self.analysis.refresh)
        language.disconnect(self.dice.refresh)
        self.analysis.shutdown()
        self.flow.shutdown()
        self.lessons.grader.wait(10_000)  # a judgement question's search reports to the player
        lessons = self.window.property("lessonWindow")
        if lessons is not None:
            lessons.close()
            lessons.deleteLater()
        self.window.close()
        # The engine goes before the Python objects it shows (see the Qt notes in the docs).
        self.engine.deleteLater()
        QCoreApplication.sendPostedEvents()
        self.storage.unlock()


def name_program() -> None:
    """The names under which the platform keeps the program's data and settings."""
    QCoreApplication.setOrganizationName("Backgammon")
    QCoreApplication.setApplicationName("Backgammon")
    QCoreApplication.setApplicationVersion(__version__)


def application(argv: list[str] | None = None) -> QGuiApplication:
    """The one QGuiApplication, created with the program's names on first use."""
    existing = QGuiApplication.instance()
    if existing is not None:
        return existing  # type: ignore[return-value]
    name_program()
    # Lets desktops match the window to its menu entry and icon (packaging/linux).
    QGuiApplication.setDesktopFileName("io.github.backgammon_desktop.Backgammon")
    return QGuiApplication(argv if argv is not None else sys.argv)


def _install_icon(qapp: QGuiApplication) -> None:
    path = RESOURCES / "icons" / "backgammon.svg"
    if path.exists():
        qapp.setWindowIcon(QIcon(str(path)))


# What the data folder holds. Earlier builds asked for their folder before naming the program
# and wrote these into the data folder every program shares; they are moved to the game's own.
DATA_ENTRIES = (game_save.SAVE_NAME, STATISTICS_FILE, PROGRESS_FILE, PROFILES_FOLDER)
# how each shows that this program wrote it (a mark in the file; a student's file in the folder)
_MARKS = {
    game_save.SAVE_NAME: b'"backgammon-desktop/match"',
    STATISTICS_FILE: b'"records"',
    PROGRESS_FILE: b'"lessons"',
}


def _written_here(path: Path) -> bool:
    """Whether ``path`` of the shared data folder is one of this program's (``DATA_ENTRIES``)."""
    if path.is_dir():
        students = [
            p for p in path.iterdir() if p.name == "default" or p.name.startswith("student-")
        ]
        return any(
            (p / "profile.json").exists() or (p / "progress.json").exists() for p in students
        )
    with path.open("rb") as f:
        return _MARKS.get(path.name, b"\0") in f.read(1 << 20)


def make_storage(options: Options) -> Storage:
    """The data folder: ``options.data_dir``, else the user's data folder for the program."""
    if options.data_dir is not None:
        return Storage(options.data_dir)
    name_program()
    folder = default_data_dir()
    shared = shared_data_dir()
    if shared is not None and shared.resolve() != folder.resolve():
        move_entries(shared, folder, DATA_ENTRIES, _written_here)
    return Storage(folder)


def open_window(
    language: str | None = None,
    argv: list[str] | None = None,
    options: Options | None = None,
    storage: Storage | None = None,
) -> Window:
    """Create the application (if needed), the parts of the game, and the window.

    ``language`` None: the remembered one, else the system's. Raises ``RuntimeError`` when the
    QML cannot be loaded and ``OSError`` when the bundled font is missing.
    """
    options = options or Options()
    qapp = application(argv)
    _install_icon(qapp)
    if not QQuickStyle.name():
        QQuickStyle.setStyle("Fusion")
    storage = storage or make_storage(options)
    settings = Settings(options.settings_file, step_ms=options.step_ms)
    engine = QQmlApplicationEngine()
    engine.addImportPath(str(APP_DIR.parent))
    from app import i18n

    reported = len(i18n.language_state().problems)
    i18n.install(qapp, engine, language or settings.value("language") or None)
    board_input = BoardInput(lambda: bool(settings.value("quickMoves")))
    computer = ComputerTurn(settings, options.think_delay_ms)
    view = MatchView()
    history = History(lambda: flow.session)
    flow = GameFlow(
        settings,
        storage if options.save else None,
        board_input,
        computer,
        view,
        history,
        seed=options.seed,
    )
    # the students of this computer; an older version's one progress file becomes the default's
    profiles = Profiles(storage.folder, legacy_progress=storage.path(PROGRESS_FILE))
    lessons = LessonPlayer(
        profiles.current.progress,
        BoardInput(lambda: bool(settings.value("quickMoves"))),
        data_path=options.lessons_dir,
    )
    classroom = Classroom(profiles, lessons)
    class_report = ClassReport(classroom)
    worksheets = Worksheets(lessons.lessons)
    theme = Theme(settings)
    speech = BoardSpeech(view, board_input)
    announcer = Announcer(view, flow, board_input, settings)
    language_state = i18n.language_state()
    language_state.languageChanged.connect(announcer.hush)  # first: new words, no news
    language_state.languageChanged.connect(flow.publish)
    language_state.languageChanged.connect(speech.refresh)
    language_state.languageChanged.connect(lessons.retranslate)
    for part in (classroom, class_report, worksheets):
        language_state.languageChanged.connect(part.retranslate)
    language_problem = partial(_show_language_problem, flow)
    language_state.failed.connect(language_problem)
    for problem in language_state.problems[reported:]:  # found while starting: said once
        language_problem(problem)
    sounds = Sounds(settings)
    flow.rolled.connect(lambda: sounds.play("dice"))
    board_input.moved.connect(lambda: sounds.play(_step_sound(flow)))
    computer.stepAnimated.connect(lambda *_step: sounds.play(_step_sound(flow)))
    resignations = Resignations(flow, computer)
    language_state.languageChanged.connect(resignations.changed)
    flow.installed.connect(resignations.clear)
    statistics = Statistics(storage if options.save else None)
    flow.gameFinished.connect(lambda: statistics.record_game(flow.session))
    flow.givingUp.connect(resignations.concede)
    resignations.conceded.connect(lambda player: statistics.record_conceded(flow.session, player))
    setup = PositionSetup(flow, history, settings, seed=options.seed)
    editor = PositionEditor(setup)
    language_state.languageChanged.connect(setup.retranslate)
    language_state.languageChanged.connect(editor.retranslate)
    judges = Judges()
    coach = Coach(flow, judges)
    tutor = Tutor(flow, settings, coach, judges)
    shots = ShotCounter(settings, view)
    rollouts = RolloutView(coach, judges)
    for part in (coach, tutor, shots, rollouts):
        language_state.languageChanged.connect(part.changed)
    play_on = LessonPlayOn(lessons, flow, settings)
    analysis = Analysis(
        lambda: flow.session,
        history,
        lambda: game_save.save(storage if options.save else None, flow.session),
    )
    flow.installed.connect(analysis.reset)
    analysis.analysed.connect(flow.publish)  # (replacing an analysed match asks first)
    view.changed.connect(analysis.update_marks)
    language_state.languageChanged.connect(analysis.refresh)
    dice = DiceReportView(lambda: flow.session, flow.replay_dice)
    input_mode = InputMode(qapp, engine)
    language_state.languageChanged.connect(dice.refresh)
    attach(
        engine,
        flow,
        view,
        settings,
        board_input,
        computer,
        lessons,
        classroom,
        class_report,
        worksheets,
        history,
        statistics,
        resignations,
        sounds,
        setup,
        editor,
        coach,
        tutor,
        shots,
        theme,
        speech,
        announcer,
        play_on,
        analysis,
        dice,
        rollouts,
        FileDialogs(),
        input_mode,
    )
    with i18n.loading_without_qts_own_texts():
        engine.loadFromModule(MODULE, "Main")
    roots = engine.rootObjects()
    if not roots:
        raise RuntimeError("The QML window could not be loaded (see the messages above).")
    window = roots[0]
    input_mode.watch_windows()  # the window just made (the lessons' too)
    flow.publish()
    return Window(
        qapp,
        engine,
        window,
        settings,
        storage,
        view,
        flow,
        board_input,
        computer,
        lessons,  # type: ignore[arg-type]
        coach,
        tutor,
        shots,
        language_problem,
        analysis,
        dice,
        classroom,
        class_report,
        worksheets,
        speech,
        announcer,
        theme,
        play_on,
        rollouts,
    )


def _show_language_problem(flow: GameFlow, problem: str) -> None:
    """A catalog could not be loaded: say so (the program speaks English meanwhile)."""
    flow.show_notice(T(N_("The translations could not be loaded: {0}"), problem))


def say_already_open(folder: Path, language: str | None, options: Options) -> None:
    """A small window of its own saying that the game is already open with ``folder`` (when
    the running copy did not come forward); returns when the player closes it."""
    qapp = application([sys.argv[0]])
    _install_icon(qapp)
    if not QQuickStyle.name():
        QQuickStyle.setStyle("Fusion")
    engine = QQmlApplicationEngine()
    engine.addImportPath(str(APP_DIR.parent))
    from app import i18n

    settings = Settings(options.settings_file)
    i18n.install(qapp, engine, language or settings.value("language") or None)
    engine.setInitialProperties({"folder": str(folder)})
    with i18n.loading_without_qts_own_texts():
        engine.loadFromModule(MODULE, "AlreadyOpen")
    if engine.rootObjects():
        qapp.exec()
    engine.deleteLater()
    QCoreApplication.sendPostedEvents()


def _step_sound(flow: GameFlow) -> str:
    """The sound of the step just made: a hit, or a checker set down."""
    session = flow.session
    turn = session.turn if session is not None else None
    return "hit" if turn is not None and turn.steps and turn.steps[-1].hit else "checker"


def use_offscreen() -> None:
    """Render without a display (screenshots, tests, benchmarks)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("QT_QUICK_BACKEND", "software")
