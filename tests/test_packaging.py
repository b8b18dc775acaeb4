"""The game as players install it: the wheel in a fresh virtual environment, and the Linux files.

The wheel is built from a clean copy of the project and installed with its dependencies into a
new virtual environment (no system site-packages, no access to the project's own environment);
the installed program then runs from a folder outside the project. An audit hook records every
file Python opens and the QML engine reports every import it resolves: nothing may come from the
project folder. ``desktop-file-validate`` and ``appstreamcli`` check the Linux desktop files when
they are installed (Debian packages desktop-file-utils and appstream).

Building and installing takes about 20 s with pip's cache warm (it downloads the dependencies,
about 100 MB, when the cache is cold), so the wheel tests are marked slow; CI runs them.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tomllib
import venv
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.backgammon_desktop.Backgammon"
LINUX = ROOT / "packaging" / "linux"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
# Folders of the project that are not part of the package (or are made by building it).
NOT_COPIED = shutil.ignore_patterns(
    ".git",
    ".venv",
    "venv",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
    ".benchmarks",
    "checkpoints",
    "tests",
    "docs",
)

# Run inside the installed program: record every file Python opens under the project folder.
AUDITED_MAIN = r"""
import json, os, sys
root = os.path.realpath(sys.argv[1])
seen = []
def hook(event, args):
    if event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.path.realpath(os.fsdecode(args[0]))
        if path == root or path.startswith(root + os.sep):
            seen.append(path)
sys.addaudithook(hook)
from app.__main__ import main
code = main(sys.argv[3:])
import app, engine, lessons, locales, resources
modules = {m.__name__: m.__file__ for m in (app, engine, lessons, locales, resources)}
with open(sys.argv[2], "w") as out:
    json.dump({"code": code, "opened": seen, "modules": modules}, out)
sys.exit(code)
"""


def _run(args, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(args, capture_output=True, text=True, timeout=600, **kwargs)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel built from a clean copy of the project (no stale build folders)."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"
    shutil.copytree(ROOT, source, ignore=NOT_COPIED)
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--wheel-dir",
            str(base / "dist"),
            str(source),
        ],
        cwd=base,
    )
    (found,) = (base / "dist").glob("*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel and its dependencies installed by pip."""
    env_dir = tmp_path_factory.mktemp("venv") / "env"
    venv.EnvBuilder(with_pip=True, system_site_packages=False, symlinks=True).create(env_dir)
    python = env_dir / "bin" / "python"
    _run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(wheel)],
        cwd=env_dir,
    )
    return env_dir


def _clean_env(home: Path) -> dict[str, str]:
    """The environment of a player: no PYTHONPATH, a home of their own, offscreen Qt, and no
    fonts on the system at all (fontconfig sees an empty folder): text must come from the
    font the game ships."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTHON", "VIRTUAL_ENV", "QML", "QT_", "FONTCONFIG"))
    }
    fonts_conf = home / "fonts.conf"
    fonts_conf.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        f"<dir>{home / 'no-fonts'}</dir><cachedir>{home / 'font-cache'}</cachedir>"
        "</fontconfig>",
        encoding="utf-8",
    )
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        XDG_CACHE_HOME=str(home / ".cache"),
        FONTCONFIG_FILE=str(fonts_conf),
        QT_QPA_PLATFORM="offscreen",
        QT_QUICK_BACKEND="software",
        QML_IMPORT_TRACE="1",
        PYTHONDONTWRITEBYTECODE="1",
        LANG="C.UTF-8",
    )
    return env


def _same_image(a: Path, b: Path) -> float:
    """The share of pixels (on a grid) that are equal in two screenshots of the same size."""
    from PySide6.QtGui import QImage

    first, second = QImage(str(a)), QImage(str(b))
    assert first.size() == second.size() and not first.isNull()
    points = [(x, y) for x in range(0, first.width(), 3) for y in range(0, first.height(), 3)]
    return sum(first.pixel(x, y) == second.pixel(x, y) for x, y in points) / len(points)


# With no system fonts, the installed game still has its own font, with every letter it needs.
FONT_CHECK = r"""
import sys
from PySide6.QtGui import QFontDatabase, QFontMetrics, QGuiApplication
app = QGuiApplication(sys.argv[:1])
before = set(QFontDatabase.families())
from app import i18n
family = i18n.install_fonts(app)
metrics = QFontMetrics(app.font())
print(family, family in before, all(metrics.inFontUcs4(ord(c)) for c in "æøåÆØÅëéü·–…%"))
print(i18n.MONO_FAMILY in QFontDatabase.families(), i18n.MONO_FAMILY in before)
"""


def test_the_wheel_carries_everything_the_game_needs(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    required = {
        "app/__main__.py",
        "app/i18n.py",
        "app/qml/qmldir",
        "app/qml/Main.qml",
        "resources/fonts/DejaVuSans.ttf",
        "resources/fonts/DejaVuSans-Bold.ttf",
        "resources/fonts/DejaVuSansMono.ttf",
        "resources/fonts/LICENSE.txt",
        "resources/icons/backgammon.svg",
        "resources/icons/backgammon-256.png",
        "locales/__init__.py",
    }
    for language in ("en", "da", "nl"):
        required.add(f"locales/{language}/LC_MESSAGES/messages.mo")
    assert required <= names, sorted(required - names)
    # Every data file of the project's packages is in the wheel, but the training checkpoints
    # (the folders under resources/weights): the shipped networks are the files beside them.
    weights = ROOT / "resources" / "weights"
    kinds = {".qml", ".json", ".npz", ".mo", ".ttf", ".png"}
    for package in ("app", "lessons", "resources", "locales", "ai", "engine"):
        for path in (ROOT / package).rglob("*"):
            if path.is_file() and path.suffix in kinds and "__pycache__" not in path.parts:
                name = path.relative_to(ROOT).as_posix()
                checkpoint = weights in path.parents and path.parent != weights
                assert (name in names) != checkpoint, f"{name} is wrongly in or out of the wheel"
    shipped = {n for n in names if n.startswith("resources/weights/")}
    assert shipped == {
        f"resources/weights/{n}.npz" for n in ("contact", "race", "crashed", "backgame")
    }
    metadata = (
        zipfile.ZipFile(wheel).read(f"backgammon_desktop-{VERSION}.dist-info/METADATA").decode()
    )
    for requirement in ("PySide6-Essentials", "numpy", "babel"):
        assert f"Requires-Dist: {requirement}" in metadata
    assert (
        "backgammon = app.__main__:main"
        in zipfile.ZipFile(wheel)
        .read(f"backgammon_desktop-{VERSION}.dist-info/entry_points.txt")
        .decode()
    )


@pytest.mark.slow
def test_the_installed_command_prints_its_version(installed, tmp_path):
    done = _run(
        [str(installed / "bin" / "backgammon"), "--version"], cwd=tmp_path, env=_clean_env(tmp_path)
    )
    assert done.stdout.strip() == f"backgammon {VERSION}"


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "da"])
def test_the_installed_game_renders_without_the_project_folder(installed, tmp_path, language):
    from PySide6.QtGui import QImage

    shot = tmp_path / f"main-{language}.png"
    report = tmp_path / "report.json"
    done = _run(
        [
            str(installed / "bin" / "python"),
            "-c",
            AUDITED_MAIN,
            str(ROOT),
            str(report),
            "--screenshot",
            str(shot),
            "--lang",
            language,
        ],
        cwd=tmp_path,
        env=_clean_env(tmp_path),
    )
    result = json.loads(report.read_text())
    assert result["code"] == 0
    assert result["opened"] == [], "files read from the project folder"
    for name, file in result["modules"].items():
        assert Path(file).resolve().is_relative_to(installed.resolve()), (name, file)
    # Qt's own QML imports: none resolved in the project folder.
    for line in done.stderr.splitlines():
        assert str(ROOT) not in line, line
    image = QImage(str(shot))
    assert not image.isNull() and image.width() >= 640 and image.height() >= 480
    colours = {
        image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)
    }
    assert len(colours) > 50, "the screenshot is (nearly) blank"


@pytest.mark.slow
def test_the_installed_game_brings_its_own_font(installed, tmp_path):
    done = _run(
        [str(installed / "bin" / "python"), "-c", FONT_CHECK],
        cwd=tmp_path,
        env=_clean_env(tmp_path),
    )
    # the monospaced font of figures and IDs too
    assert done.stdout.split() == ["DejaVu", "Sans", "False", "True", "True", "False"]


@pytest.mark.slow
def test_the_installed_engine_runs_from_outside(installed, tmp_path):
    request = json.dumps({"position_id": "4HPwATDgc/ABMA", "dice": [3, 1]}) + "\n"
    done = _run(
        [str(installed / "bin" / "python"), "-m", "engine", "plays"],
        cwd=tmp_path,
        env=_clean_env(tmp_path),
        input=request,
    )
    answer = json.loads(done.stdout.splitlines()[0])
    moves = {play["move"] for play in answer["plays"]}
    assert "8/5 6/5" in moves and len(moves) == 16


# --- the one-folder bundle ---------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.skipif(
    importlib.util.find_spec("PyInstaller") is None,
    reason="PyInstaller is not installed (`make bundle` installs it into .venv)",
)
def test_the_bundle_runs_with_its_own_python_qt_and_font(tmp_path):
    """`make bundle`'s spec builds a folder that runs anywhere: the same screen as the source."""
    dist = tmp_path / "dist"
    _run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level",
            "WARN",
            "--distpath",
            str(dist),
            "--workpath",
            str(tmp_path / "build"),
            str(ROOT / "packaging" / "backgammon.spec"),
        ],
        cwd=tmp_path,
    )
    program = dist / "Backgammon" / "backgammon"
    home = tmp_path / "home"
    home.mkdir()
    env = _clean_env(home)
    assert _run([str(program), "--version"], cwd=home, env=env).stdout.strip() == (
        f"backgammon {VERSION}"
    )
    bundled, source = tmp_path / "bundle-da.png", tmp_path / "source-da.png"
    _run([str(program), "--screenshot", str(bundled), "--lang", "da"], cwd=home, env=env)
    _run(
        [sys.executable, "-m", "app", "--screenshot", str(source), "--lang", "da"],
        cwd=ROOT,
        env={**env, "PYTHONPATH": str(ROOT)},
    )
    # Same Qt, same font, same renderer: the bundle draws what the source draws, text included.
    assert _same_image(bundled, source) > 0.99


# --- Linux desktop files ----------------------------------------------------------------------


def test_the_desktop_entry_names_the_command_and_the_icon():
    entry = (LINUX / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    lines = dict(line.split("=", 1) for line in entry.splitlines() if "=" in line)
    assert lines["Exec"] == "backgammon %f"  # a match file given ("Open with") opens
    assert lines["Icon"] == APP_ID
    assert lines["Type"] == "Application"
    assert "Game" in lines["Categories"].split(";")
    for language in ("da", "nl"):
        assert f"Comment[{language}]" in lines


def test_the_icons_exist_at_every_size_and_are_that_size():
    from PySide6.QtGui import QImage

    for size in ICON_SIZES:
        path = LINUX / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        image = QImage(str(path))
        assert (image.width(), image.height()) == (size, size), path
        assert image.hasAlphaChannel()
    assert (LINUX / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").exists()
    ico = (ROOT / "resources" / "icons" / "backgammon.ico").read_bytes()
    assert ico[:4] == b"\0\0\1\0" and int.from_bytes(ico[4:6], "little") >= 6
    icns = (ROOT / "resources" / "icons" / "backgammon.icns").read_bytes()
    assert icns[:4] == b"icns" and int.from_bytes(icns[4:8], "big") == len(icns)


def test_the_metainfo_describes_the_release_and_screenshots():
    tree = ET.parse(LINUX / f"{APP_ID}.metainfo.xml").getroot()
    assert tree.findtext("id") == APP_ID
    assert tree.find("launchable").text == f"{APP_ID}.desktop"
    assert [r.get("version") for r in tree.iter("release")][0] == VERSION
    images = [image.text for image in tree.iter("image")]
    assert images and all("docs/screenshots/" in url for url in images)
    for url in images:
        name = url.rsplit("/docs/screenshots/", 1)[1]
        if (ROOT / "docs" / "screenshots").is_dir():
            assert (ROOT / "docs" / "screenshots" / name).exists(), name


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils")
def test_desktop_file_validate_passes():
    done = subprocess.run(
        ["desktop-file-validate", str(LINUX / f"{APP_ID}.desktop")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream not installed")
def test_appstreamcli_validate_passes():
    done = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(LINUX / f"{APP_ID}.metainfo.xml")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "E:" not in done.stdout and "W:" not in done.stdout, done.stdout


def test_make_install_desktop_installs_per_user(tmp_path):
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    data = tmp_path / "share"
    env = {**os.environ, "XDG_DATA_HOME": str(data)}
    _run(["make", "-s", "install-desktop", "DESKTOP_EXEC=/bin/true"], cwd=ROOT, env=env)
    entry = data / "applications" / f"{APP_ID}.desktop"
    assert 'Exec="/bin/true" %f' in entry.read_text(encoding="utf-8")
    for size in ICON_SIZES:
        assert (data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").exists()
    assert (data / "metainfo" / f"{APP_ID}.metainfo.xml").exists()
    if shutil.which("desktop-file-validate"):
        _run(["desktop-file-validate", str(entry)])
    _run(["make", "-s", "uninstall-desktop"], cwd=ROOT, env=env)
    assert not entry.exists()
