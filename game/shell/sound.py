"""Short sound effects (``assets/sounds/*.wav``, made by ``assets/make_sounds.py``).

The mixer is opened once, just after the app's first frame (:meth:`game.shell.app.App.step`; opening it
costs about a tenth of a second the title need not wait for), or at the first effect played before that.  With no audio device (CI, a
laptop without a sound card, ``SDL_AUDIODRIVER=dummy``) or a mixer that fails to
open, every :meth:`Sounds.play` is silently nothing: no exception, no error
lines.  libasound writes "ALSA lib ..." lines straight to file descriptor 2 while
SDL probes for a card, so the probe runs with that descriptor pointed at
``os.devnull``.
"""

from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager
from typing import Iterator

import pygame

from game.shell.assets import asset_path

EFFECTS = ("deal", "draw", "lay", "discard", "invalid", "your_turn", "round_won", "round_lost")


@contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send file descriptor 2 to ``os.devnull`` for the duration (C libraries write there directly)."""
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        yield  # no usable descriptor 2 (a windowed build): nothing to silence
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Sounds:
    """The game's effects; ``play`` honours the sound setting and volume of ``app.settings``."""

    def __init__(self, app) -> None:
        self.app = app
        self.effects: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        self.played: list[str] = []  # every effect played while sound is on (tests read it)
        self._last: dict[str, float] = {}
        self.tried = False  # open() has run (whether or not there is audio)

    def open(self) -> bool:
        """Open the mixer (once) and load the effects; False, quietly, if there is no audio."""
        self.tried = True
        if self.available:
            return True
        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():
                    pygame.mixer.init(44100, -16, 2, 512)
            for name in EFFECTS:
                self.effects[name] = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
        except (pygame.error, OSError, FileNotFoundError):
            self.effects.clear()
            return False
        self.available = True
        return True

    def play(self, name: str) -> None:
        settings = self.app.settings
        if not settings.sound or settings.volume <= 0:
            return
        if not self.tried:
            self.open()
        now = time.monotonic()
        if now - self._last.get(name, -1.0) < 0.05:
            return  # a burst (a deal, a resumed round caught up in one frame) plays once
        self._last[name] = now
        self.played.append(name)
        del self.played[:-50]
        effect = self.effects.get(name)
        if effect is None:
            return
        try:
            effect.set_volume(settings.volume / 100)
            effect.play()
        except pygame.error:
            pass
