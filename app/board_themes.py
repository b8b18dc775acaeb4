"""The board's colours: the classic wood and felt, two more boards, and a high-contrast board.

A theme is a ``BoardColours`` value (colours as ``#rrggbb`` or ``#aarrggbb`` text, as QML reads
them); the board draws nothing in a colour of its own. In the high-contrast theme every checker
stands out from every point by at least 3:1 (WCAG's contrast for graphics), the outline of
a checker stands out from the felt, and one side's checkers always carry a mark (a dot), so that
the two sides differ by more than colour. No Qt here: ``app.theme`` shows the chosen theme to QML.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace


@dataclass(frozen=True)
class BoardColours:
    """Every colour the board draws. Player 0's checkers are the light ones, player 1's dark."""

    frame_light: str = "#8a5630"
    frame_mid: str = "#74431f"
    frame_dark: str = "#5c3317"
    frame_edge: str = "#3e210d"
    felt_light: str = "#2a6644"
    felt_dark: str = "#22573a"
    felt_edge: str = "#173a26"
    bar_edge: str = "#5a3216"
    bar_middle: str = "#7d4a25"
    tray: str = "#1d4a30"
    tray_edge: str = "#143322"
    tray_target: str = "#3f7d52"
    tray_target_edge: str = "#9cf0a8"
    point_even: str = "#e6d3a3"
    point_odd: str = "#9c2f20"
    point_edge: str = "#40000000"
    numbers: str = "#f1dfb8"
    checker0: str = "#f4f0e6"
    rim0: str = "#b8ae98"
    inner0: str = "#e4dccb"
    text0: str = "#3a3020"
    shine0: str = "#60ffffff"
    checker1: str = "#2d2a28"
    rim1: str = "#0b0a09"
    inner1: str = "#403c38"
    text1: str = "#f0e8d8"
    shine1: str = "#30ffffff"
    mark1: str = "#e8dcc4"  # the mark on player 1's checkers
    die0: str = "#fbf8f0"
    die_edge0: str = "#9a8f78"
    pip0: str = "#1d1a16"
    die1: str = "#232120"
    die_edge1: str = "#000000"
    pip1: str = "#f3ede0"
    cube: str = "#f7f2e4"
    cube_edge: str = "#6b5a3a"
    cube_text: str = "#2a2216"
    ring: str = "#ffcc33"  # checkers that can move, the cube on offer
    lifted: str = "#ffffff"  # the picked checker
    destination: str = "#8cc8f5c8"
    destination_edge: str = "#e8ffe8"
    focus: str = "#4fc3ff"  # the keyboard focus ring
    focus_outline: str = "#0b1a26"  # its dark edge, so it shows on light and dark alike
    badge: str = "#e0202020"
    badge_text: str = "#fff3c4"
    arrow: str = "#e8ffb020"

    def for_qml(self) -> dict[str, str]:
        """The colours under the camelCase names the board reads (``colors.feltLight``)."""
        return {_camel(name): value for name, value in asdict(self).items()}


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)


CLASSIC = BoardColours()

# Light oak and blue felt, ivory and terracotta points.
BLUE = replace(
    CLASSIC,
    frame_light="#c99d66",
    frame_mid="#b48750",
    frame_dark="#9a6e3a",
    frame_edge="#6b4820",
    felt_light="#2f6394",
    felt_dark="#28557f",
    felt_edge="#1a3956",
    bar_edge="#8f6532",
    bar_middle="#b8884f",
    tray="#24496c",
    tray_edge="#183149",
    tray_target="#3b74a6",
    tray_target_edge="#a8d8ff",
    point_even="#f1e6cd",
    point_odd="#c2593a",
    numbers="#2a1a08",
)

# Slate: a grey frame, sand felt, blue-grey and teal points.
SLATE = replace(
    CLASSIC,
    frame_light="#5b6168",
    frame_mid="#4b5057",
    frame_dark="#3b3f45",
    frame_edge="#23262a",
    felt_light="#cdbb94",
    felt_dark="#c1ae86",
    felt_edge="#8c7b58",
    bar_edge="#3b3f45",
    bar_middle="#575d64",
    tray="#3f4449",
    tray_edge="#2a2e32",
    tray_target="#5f7f74",
    tray_target_edge="#b8f0dc",
    point_even="#7a8896",
    point_odd="#2e8a84",
    numbers="#e9edf0",
    rim0="#8f8a80",
)

# High contrast: black board with white lines, blue and orange points (told apart without red
# and green), white and black checkers with opposite outlines, the dark side marked.
HIGH_CONTRAST = BoardColours(
    frame_light="#000000",
    frame_mid="#000000",
    frame_dark="#000000",
    frame_edge="#ffffff",
    felt_light="#000000",
    felt_dark="#000000",
    felt_edge="#ffffff",
    bar_edge="#000000",
    bar_middle="#000000",
    tray="#000000",
    tray_edge="#ffffff",
    tray_target="#004d1a",
    tray_target_edge="#00ff66",
    point_even="#1f6fd1",
    point_odd="#c45a00",
    point_edge="#ffffff",
    numbers="#ffffff",
    checker0="#ffffff",
    rim0="#000000",
    inner0="#000000",
    text0="#000000",
    shine0="#00ffffff",
    checker1="#000000",
    rim1="#ffffff",
    inner1="#ffffff",
    text1="#ffffff",
    shine1="#00ffffff",
    mark1="#ffffff",
    die0="#ffffff",
    die_edge0="#000000",
    pip0="#000000",
    die1="#000000",
    die_edge1="#ffffff",
    pip1="#ffffff",
    cube="#ffffff",
    cube_edge="#ffffff",
    cube_text="#000000",
    ring="#ffee00",
    lifted="#00e5ff",
    destination="#b000c853",
    destination_edge="#ffffff",
    focus="#ff40ff",
    focus_outline="#000000",
    badge="#f0000000",
    badge_text="#ffffff",
    arrow="#f0ffee00",
)

THEMES: dict[str, BoardColours] = {
    "classic": CLASSIC,
    "blue": BLUE,
    "slate": SLATE,
    "contrast": HIGH_CONTRAST,
}
HIGH_CONTRAST_THEME = "contrast"
TEXT_SCALES = (100, 125, 150)  # percent


def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb`` (an ``#aarrggbb`` colour's alpha is ignored)."""
    digits = colour.lstrip("#")[-6:]
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two opaque colours, 1 to 21.

    >>> round(contrast_ratio("#ffffff", "#000000"))
    21
    """
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
