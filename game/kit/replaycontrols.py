"""Replay controls: pause, speed (1x, 2x, 4x, 8x) and "next", for every table watching a record.

One :class:`ReplayControls` per replaying table.  The table asks it how much time a
frame brings (:meth:`ReplayControls.scaled`: everything moves at the chosen speed;
:meth:`ReplayControls.game_dt`: a real-time game's clock, which stands still while
paused), hands it its input first (:meth:`ReplayControls.handle_event`) and draws it
last (:meth:`ReplayControls.draw`) in a place of its layout.  "Next" plays the next
recorded action at once: a turn game's :class:`~game.kit.bots.ReplayDriver` stops
waiting (:meth:`ReplayControls.take_step`), a real-time table moves its clock on to
the next action's time (:meth:`ReplayControls.skip_clock`).  Paused, "Next" plays one
action and the replay stays paused.

Keys: Space or P pause and play on, N or Right plays the next action, 1 to 4 pick
1x to 8x, + and - go faster or slower.  The buttons lie in a row in a wide place or
in rows (pause; the speeds; next) in a tall one.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.kit.ui import Button, Text, draw_panel, draw_tooltip, key_tip

SPEEDS = (1, 2, 4, 8)
_SPEED_KEYS = {pygame.K_1: 1, pygame.K_2: 2, pygame.K_3: 4, pygame.K_4: 8,
               pygame.K_KP1: 1, pygame.K_KP2: 2, pygame.K_KP3: 4, pygame.K_KP4: 8}
_HOTKEYS = {"pause": "Space", "next": "N", "speed:1": "1", "speed:2": "2", "speed:4": "3", "speed:8": "4"}


class ReplayControls:
    """A replay's pause, speed and step, its buttons and its keys."""

    def __init__(self) -> None:
        self.paused = False
        self.speed = 1
        self.steps = 0  # "Next" presses not yet played
        self.hover: str | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)  # where the table last placed the controls (for the mouse)
        self._panels: dict[Any, Any] = {}

    # --- time ------------------------------------------------------------------

    def scaled(self, dt: float) -> float:
        """A frame's time at the chosen speed (flights, toasts, the pause between actions)."""
        return dt * self.speed

    def game_dt(self, dt: float) -> float:
        """A frame's time for a real-time game's clock: none while paused."""
        return 0.0 if self.paused else dt * self.speed

    @property
    def waiting(self) -> bool:
        """Paused with no step asked for: no action may be played now."""
        return self.paused and not self.steps

    def take_step(self) -> bool:
        """Whether a "Next" is pending (it is used up)."""
        if self.steps:
            self.steps -= 1
            return True
        return False

    def skip_clock(self, clock: Any, next_at: int | None) -> None:
        """A real-time table: on "Next", its ``clock`` jumps to the next action's time ``next_at`` (ms)."""
        if self.take_step() and next_at is not None and next_at > clock.now:
            clock.skip_to(next_at)

    # --- acting ------------------------------------------------------------------

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.steps = 0

    def set_speed(self, speed: int) -> None:
        self.speed = speed if speed in SPEEDS else self.speed

    def step(self) -> None:
        self.steps = min(self.steps + 1, 3)

    def press(self, key: str) -> None:
        if key == "pause":
            self.toggle_pause()
        elif key == "next":
            self.step()
        elif key.startswith("speed:"):
            self.set_speed(int(key[6:]))

    def handle_key(self, key: int) -> bool:
        if key in (pygame.K_SPACE, pygame.K_p):
            self.toggle_pause()
        elif key in (pygame.K_n, pygame.K_RIGHT, pygame.K_PERIOD):
            self.step()
        elif key in _SPEED_KEYS:
            self.set_speed(_SPEED_KEYS[key])
        elif key in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            i = SPEEDS.index(self.speed) + (-1 if key in (pygame.K_MINUS, pygame.K_KP_MINUS) else 1)
            self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, i))]
        else:
            return False
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The controls' keys and clicks (True: used); a table hands every event here first."""
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event.key)
        if event.type == pygame.MOUSEMOTION:
            b = self.button_at(event.pos)
            hover = b.key if b else None
            changed = hover != self.hover
            self.hover = hover
            return changed and b is not None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            b = self.button_at(event.pos)
            if b is None:
                return False
            if event.type == pygame.MOUSEBUTTONUP:
                self.press(b.key)
            return True
        return False

    # --- placing and drawing ------------------------------------------------------

    def buttons(self, rect: pygame.Rect | None = None) -> list[Button]:
        """The buttons in ``rect`` (else where last drawn): one row if it is wide, else three rows."""
        r = pygame.Rect(rect if rect is not None else self.rect)
        keys = [("pause", "Play" if self.paused else "Pause")] + [(f"speed:{v}", f"{v}x") for v in SPEEDS] + [
            ("next", "Next")]
        out: list[Button] = []
        if r.w >= 3 * r.h:  # a row: Pause, 1x 2x 4x 8x, Next
            gap = max(2, r.h // 8)
            unit = (r.w - 5 * gap) / 8  # Pause and Next take two units each
            x = float(r.x)
            for key, label in keys:
                w = unit * (2 if key in ("pause", "next") else 1)
                out.append(Button(key, label, pygame.Rect(round(x), r.y, round(w), r.h)))
                x += w + gap
        else:  # rows: Pause; the speeds; Next
            gap = max(2, r.h // 30)
            h = (r.h - 2 * gap) // 3
            out.append(Button("pause", keys[0][1], pygame.Rect(r.x, r.y, r.w, h)))
            w = (r.w - 3 * gap) / 4
            for i, (key, label) in enumerate(keys[1:5]):
                out.append(Button(key, label, pygame.Rect(round(r.x + i * (w + gap)), r.y + h + gap, round(w), h)))
            out.append(Button("next", "Next", pygame.Rect(r.x, r.y + 2 * (h + gap), r.w, h)))
        for b in out:
            b.primary = b.key == f"speed:{self.speed}" or (b.key == "pause" and self.paused)
            b.hotkey = _HOTKEYS.get(b.key)
        return out

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        return next((b for b in self.buttons() if b.rect.collidepoint(pos)), None)

    def place(self, rect: pygame.Rect) -> None:
        """Where the controls go (the table's layout decides; called on resize and before drawing)."""
        self.rect = pygame.Rect(rect)

    def draw(self, surface: pygame.Surface, text: Text, scale: float) -> None:
        """The buttons on a dark band, the hovered one's key beside it."""
        buttons = self.buttons()
        pad = max(3, round(5 * scale))
        draw_panel(surface, self.rect.inflate(2 * pad, 2 * pad), (8, 30, 22, 215), round(10 * scale), None,
                   self._panels)
        for b in buttons:
            b.draw(surface, text, b.key == self.hover)
        hovered = next((b for b in buttons if b.key == self.hover), None)
        if hovered is not None and hovered.hotkey:
            draw_tooltip(surface, text, key_tip(hovered.hotkey), hovered.rect, scale, [o.rect for o in buttons])


KEYS_LINE = "Space: pause  ·  N: next  ·  1-4: speed  ·  Esc: menu"


def replay_status(t: Any, noun: str, playing: str) -> tuple[str, str]:
    """A replay's status lines: ``playing`` with the keys while it runs, else that the ``noun`` ("game") is over
    or the record ended before it was."""
    if t.state.is_over:
        return f"Replay: the {noun} is over.", "Esc: menu"
    if t.driver.done:
        return "Replay: the end of the record (the game was left unfinished).", "Esc: menu"
    return playing, KEYS_LINE
"""A replay's second status line: the controls' keys."""


def replay_times(controls: ReplayControls | None, dt: float) -> tuple[float, float]:
    """A real-time table's frame: (time for what moves, time for the game's clock), at the replay's speed."""
    if controls is None:
        return dt, dt
    return controls.scaled(dt), controls.game_dt(dt)


def bar_rect(left: int, right: int, top: int, scale: float) -> pygame.Rect:
    """A row of controls, at most 420 (scaled) wide, centred between ``left`` and ``right`` from ``top``."""
    w = min(round(420 * scale), right - left)
    return pygame.Rect((left + right - w) // 2, top, w, max(24, round(36 * scale)))


__all__ = ["KEYS_LINE", "ReplayControls", "SPEEDS", "bar_rect", "replay_times"]
