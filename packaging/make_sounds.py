"""Make the game's sound effects (dice, checker, hit) as WAV files, from numbers alone.

The sounds are the project's own: short noise bursts shaped like wood and bone clicks, with a
fixed random seed so that the files are the same on every run. Run it from the project folder:
``python packaging/make_sounds.py`` writes ``resources/sounds/*.wav`` (16-bit mono, 44.1 kHz).
"""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

RATE = 44_100
OUT = Path(__file__).resolve().parents[1] / "resources" / "sounds"


def click(rng: np.random.Generator, ms: float, pitch: float, decay: float) -> np.ndarray:
    """A knock: filtered noise and a damped tone, fading out in ``decay`` seconds."""
    t = np.arange(int(RATE * ms / 1000)) / RATE
    noise = np.convolve(rng.standard_normal(t.size), np.ones(6) / 6, mode="same")
    tone = np.sin(2 * np.pi * pitch * t) * 0.6
    return (noise * 0.5 + tone) * np.exp(-t / decay)


def place(sound: np.ndarray, at_ms: float, total: np.ndarray) -> None:
    start = int(RATE * at_ms / 1000)
    end = min(total.size, start + sound.size)
    total[start:end] += sound[: end - start]


def dice(rng: np.random.Generator) -> np.ndarray:
    """Two dice rattling in a cup and landing: a quick run of small clicks, then two knocks."""
    total = np.zeros(int(RATE * 0.45))
    for at in np.sort(rng.uniform(0, 230, 14)):
        place(click(rng, 25, rng.uniform(2200, 3400), 0.004) * 0.35, at, total)
    place(click(rng, 60, 1500, 0.012), 300, total)
    place(click(rng, 60, 1350, 0.012) * 0.8, 345, total)
    return total


def checker(rng: np.random.Generator) -> np.ndarray:
    """A checker set down on the board: one low wooden knock."""
    total = np.zeros(int(RATE * 0.16))
    place(click(rng, 140, 520, 0.02), 0, total)
    return total


def hit(rng: np.random.Generator) -> np.ndarray:
    """A checker hit: a sharp knock, and the hit checker landing on the bar."""
    total = np.zeros(int(RATE * 0.32))
    place(click(rng, 120, 900, 0.018), 0, total)
    place(click(rng, 140, 430, 0.025) * 0.8, 140, total)
    return total


def write(path: Path, samples: np.ndarray) -> None:
    peak = float(np.max(np.abs(samples))) or 1.0
    data = (samples / peak * 0.8 * 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data.tobytes())


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in (("dice", dice), ("checker", checker), ("hit", hit)):
        write(OUT / f"{name}.wav", make(np.random.default_rng(2026)))
        print(OUT / f"{name}.wav")


if __name__ == "__main__":
    main()
