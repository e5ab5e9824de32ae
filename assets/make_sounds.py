"""Generate the game's sound effects into assets/sounds/ (stdlib only; the project owns them).

    python assets/make_sounds.py

Every effect is synthesised from sine tones and seeded noise, so the output is the
same on every run.  16-bit mono WAV at 22,050 Hz keeps the files small.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path
from typing import Callable

RATE = 22050
OUT = Path(__file__).resolve().parent / "sounds"


def _envelope(t: float, length: float, attack: float = 0.005, decay: float = 8.0) -> float:
    """A fast attack and an exponential decay, faded to zero at the end."""
    rise = min(1.0, t / attack) if attack else 1.0
    tail = min(1.0, (length - t) / 0.01)
    return rise * math.exp(-decay * t) * max(0.0, tail)


def _tone(freq: float, length: float, decay: float = 6.0, harmonics: tuple[float, ...] = (1.0, 0.35, 0.12)) -> list[float]:
    samples = []
    for i in range(int(length * RATE)):
        t = i / RATE
        value = sum(a * math.sin(2 * math.pi * freq * (k + 1) * t) for k, a in enumerate(harmonics))
        samples.append(value * _envelope(t, length, decay=decay) / sum(harmonics))
    return samples


def _noise(length: float, seed: int, smooth: float, decay: float, sweep: float = 0.0) -> list[float]:
    """Filtered noise: a card sliding (``smooth`` near 1 is duller)."""
    rng = random.Random(seed)
    out = []
    low = 0.0
    n = int(length * RATE)
    for i in range(n):
        t = i / RATE
        k = min(0.98, max(0.02, smooth - sweep * t / length))
        low = k * low + (1 - k) * rng.uniform(-1, 1)
        out.append(low * 3.0 * _envelope(t, length, attack=0.01, decay=decay))
    return out


def _mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Sum parts, each ``(start_seconds, samples)``."""
    n = max(int(start * RATE) + len(s) for start, s in parts)
    out = [0.0] * n
    for start, samples in parts:
        offset = int(start * RATE)
        for i, v in enumerate(samples):
            out[offset + i] += v
    return out


def _note(name: str) -> float:
    semitones = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    base = semitones[name[0]] + (1 if "#" in name else 0) - (1 if name[1:2] == "b" else 0)
    octave = int(name[-1])
    return 440.0 * 2 ** ((base + 12 * (octave - 4)) / 12)


EFFECTS: dict[str, Callable[[], list[float]]] = {
    "deal": lambda: _noise(0.09, 1, 0.55, 30, sweep=0.4),
    "draw": lambda: _noise(0.14, 2, 0.7, 18, sweep=0.5),
    "discard": lambda: _mix((0.0, _noise(0.08, 3, 0.5, 35)), (0.0, _tone(180, 0.08, decay=40, harmonics=(1.0,)))),
    "lay": lambda: _mix(
        (0.0, _noise(0.1, 4, 0.6, 25)),
        (0.03, _tone(_note("E5"), 0.35, decay=9)),
        (0.09, _tone(_note("B5"), 0.4, decay=8)),
    ),
    "invalid": lambda: _mix(
        (0.0, _tone(150, 0.11, decay=12, harmonics=(1.0, 0.6, 0.4, 0.3))),
        (0.13, _tone(120, 0.14, decay=12, harmonics=(1.0, 0.6, 0.4, 0.3))),
    ),
    "your_turn": lambda: _mix((0.0, _tone(_note("G5"), 0.3, decay=8)), (0.12, _tone(_note("C6"), 0.45, decay=6))),
    "round_won": lambda: _mix(*[(0.11 * i, _tone(_note(n), 0.6, decay=5)) for i, n in enumerate(("C5", "E5", "G5", "C6"))]),
    "round_lost": lambda: _mix(*[(0.16 * i, _tone(_note(n), 0.6, decay=5)) for i, n in enumerate(("A4", "F4", "D4"))]),
}


def write(name: str, samples: list[float], volume: float = 0.6) -> Path:
    peak = max(1e-9, max(abs(s) for s in samples))
    frames = b"".join(struct.pack("<h", int(32767 * volume * s / peak)) for s in samples)
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{name}.wav"
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    return path


def main() -> None:
    for name, make in EFFECTS.items():
        path = write(name, make())
        print(f"{path.relative_to(OUT.parent.parent)}  {path.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
