"""Render the application icon (resources/icons/backgammon.svg) to every file that needs it.

Writes PNGs at the usual sizes for the package (resources/icons/) and the Linux desktop
(packaging/linux/icons/hicolor/), a multi-size ICO for Windows and an ICNS for macOS. Run from
the project folder: ``python packaging/render_icons.py`` (``make icons``). Needs PySide6 only.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.backgammon_desktop.Backgammon"
SOURCE = ROOT / "resources" / "icons" / "backgammon.svg"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, by pixel size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def render(renderer: QSvgRenderer, size: int) -> bytes:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise OSError(f"could not encode the {size} px icon as PNG")
    buffer.close()
    return bytes(data.data())


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows icon holding PNG images (Windows Vista and later read PNG entries)."""
    sizes = [size for size in ICO_SIZES if size in pngs]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, images = b"", b""
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        images += data
        offset += len(data)
    return header + entries + images


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS icon family holding PNG images."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
        for size, kind in ICNS_TYPES.items()
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SOURCE))
    if not renderer.isValid():
        print(f"{SOURCE} is not a valid SVG file", file=sys.stderr)
        return 1
    pngs = {size: render(renderer, size) for size in SIZES}
    icons = ROOT / "resources" / "icons"
    hicolor = ROOT / "packaging" / "linux" / "icons" / "hicolor"
    for size, data in pngs.items():
        (icons / f"backgammon-{size}.png").write_bytes(data)
        target = hicolor / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    scalable = hicolor / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    scalable.write_bytes(SOURCE.read_bytes())
    (icons / "backgammon.ico").write_bytes(ico(pngs))
    (icons / "backgammon.icns").write_bytes(icns(pngs))
    print(f"rendered {len(pngs)} sizes, ICO and ICNS from {SOURCE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
