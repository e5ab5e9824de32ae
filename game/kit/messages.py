"""What the table tells the player: toasts, the two status lines, banners, score pop-ups, tips.

State objects here change only in ``update``; the ``draw_*`` functions change nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

import pygame

from game.kit.tweens import out_cubic
from game.kit.ui import GOLD, INK, MUTED, Text, draw_panel, suited

ERROR_FILL = (130, 30, 26, 240)
NOTICE_FILL = (20, 20, 20, 230)
BANNER_FILL = (160, 40, 30, 230)
TOAST_SECONDS = 4.0
READ_SECONDS = 1.5
"""How long a refusal stays up at least, once what it spoke of has changed (it then goes)."""
PASSED = "passed"
"""A refusal's ``moment`` once that moment has passed (it is going)."""
KEPT = "kept"
"""The ``moment`` of a red message that is no refusal (a save that failed): it stays its whole time."""


class Toast(NamedTuple):
    """A refusal or notice shown for ``left`` seconds; ``error`` ones are red.

    ``moment`` is the table's :meth:`refusal_moment` when a refusal first aged: when that changes (the turn
    passed, the player's cards changed) the refusal goes once it has been up :data:`READ_SECONDS`."""

    text: str
    left: float
    error: bool = False
    moment: Any = None

    def outlived(self, moment: Callable[[], Any]) -> Toast:
        """The toast with the table's ``moment()`` noted: a refusal's first, or its time cut to what it needs to be
        read once the moment it spoke of has passed."""
        if not self.error or self.moment in (PASSED, KEPT):
            return self
        now = moment()
        if self.moment is None:
            return self._replace(moment=now)
        if now == self.moment:
            return self
        return self._replace(left=min(self.left, self.left - TOAST_SECONDS + READ_SECONDS), moment=PASSED)

    def aged(self, dt: float) -> Toast | None:
        """The toast ``dt`` seconds later, or None once it has gone."""
        return self._replace(left=self.left - dt) if self.left - dt > 0 else None


def new_toast(app: Any, text: str, error: bool = False, kept: bool = False) -> Toast:
    """A table's toast of ``text`` for its whole time; ``error``: red, with the "invalid" sound, and gone sooner
    once the moment it refused passes, unless ``kept`` (a failure that is no refusal)."""
    if error:
        app.sound.play("invalid")
    return Toast(text, TOAST_SECONDS, error, KEPT if kept else None)


def age_messages(table: Any, dt: float) -> None:
    """``dt`` seconds pass for a table's ``toast`` and (if it has one) ``banner``: a message whose time is up
    goes, and the window is redrawn at once rather than at the next event; a refusal goes sooner once the moment it
    spoke of has passed (see :class:`Toast`)."""
    if table.toast is not None:
        table.toast = table.toast.outlived(table.refusal_moment).aged(dt)
        if table.toast is None:
            table.app.dirty = True
    banner = getattr(table, "banner", None)
    if banner:
        left = banner[1] - dt
        table.banner = (banner[0], left) if left > 0 else None
        if table.banner is None:
            table.app.dirty = True


def draw_toast(surface: pygame.Surface, text: Text, box: pygame.Rect, toast: Toast, scale: float,
               panels: dict | None = None) -> None:
    """The toast in ``box``: at most two lines, the font shrunk until they fit."""
    s = scale
    px = max(16, round(21 * s))
    said = suited(toast.text)  # "3D 5D is too short" -> with suits
    lines = text.wrap(said, px, box.w - round(24 * s))
    while len(lines) > 2 and px > 14:
        px -= 1
        lines = text.wrap(said, px, box.w - round(24 * s))
    draw_panel(surface, box, ERROR_FILL if toast.error else NOTICE_FILL, round(10 * s), None, panels)
    line_h = round(px * 1.1)
    y = box.centery - line_h * len(lines[:2]) // 2
    for line in lines[:2]:
        text.blit(surface, line, px, (box.centerx, y), INK, "midtop", box.w - round(16 * s))
        y += line_h


def draw_status(surface: pygame.Surface, text: Text, rect: pygame.Rect, line1: str, line2: str, scale: float) -> None:
    """The status lines above the hand: what is happening, and what to do (or the hint)."""
    for surf, at in status_lines_at(text, rect, line1, line2, scale):
        surface.blit(surf, at)


def status_parts(text: Text, rect: pygame.Rect, shows: tuple, scale: float) -> list[pygame.Rect]:
    """Where :func:`draw_status` draws ``shows`` ``(line1, line2, a third line or None)``, the third at ``rect.y + 50``:
    what a change of them repaints."""
    third = [pygame.Rect(rect.x, rect.y + round(48 * scale), rect.w, round(32 * scale))] if shows[2] else []
    return [r.inflate(8, 8) for _, r in status_lines_at(text, rect, shows[0], shows[1], scale)] + third


def status_lines_at(text: Text, rect: pygame.Rect, line1: str, line2: str, scale: float
                    ) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """The status lines' pictures and where :func:`draw_status` puts them."""
    s = scale
    room = rect.w - round(320 * s)  # clear of the Undo and menu buttons at the right end
    lines = [(line1, round(27 * s), INK, 2)] + ([(line2, max(16, round(20 * s)), MUTED, 28)] if line2 else [])
    out = []
    for line, px, color, dy in lines:
        surf = text.fit(suited(line), px, room, color) if room else text.render(suited(line), px, color)
        out.append((surf, surf.get_rect(midtop=(rect.centerx, rect.y + round(dy * s)))))
    return out


def draw_banner(surface: pygame.Surface, text: Text, rect: pygame.Rect, label: str, scale: float,
                panels: dict | None = None) -> None:
    """A red banner over the middle of the table ("Final round: 2 turns left")."""
    draw_panel(surface, rect, BANNER_FILL, round(8 * scale), None, panels)
    text.blit(surface, label, round(22 * scale), rect.center, INK, "center", rect.w - 8)


@dataclass
class Floater:
    """A score pop-up ("+6") rising from where a match landed."""

    text: str
    pos: tuple[int, int]
    age: float = 0.0
    life: float = 1.4


class Floaters:
    """The pop-ups on screen; their life follows the animation speed (never below 30 %)."""

    def __init__(self) -> None:
        self.items: list[Floater] = []

    def __bool__(self) -> bool:
        return bool(self.items)

    def add(self, text: str, pos: tuple[int, int]) -> None:
        self.items.append(Floater(text, pos))

    def clear(self) -> None:
        self.items.clear()

    def update(self, dt: float, factor: float) -> None:
        for fl in self.items:
            fl.age += dt
        self.items = [f for f in self.items if f.age < f.life * max(0.3, factor)]

    def draw(self, surface: pygame.Surface, text: Text, scale: float, factor: float) -> None:
        for fl in self.items:
            k = fl.age / (fl.life * max(0.3, factor))
            y = round(fl.pos[1] - 40 * scale * out_cubic(k))
            surf = text.render(fl.text, max(20, round(34 * scale)), GOLD)
            surface.blit(surf, floater_rect(surf.get_size(), (fl.pos[0], y), surface.get_rect()))


def floater_rect(size: tuple[int, int], pos: tuple[int, int], screen: pygame.Rect) -> pygame.Rect:
    """A pop-up of ``size`` starting at ``pos`` (its left middle), moved inside ``screen`` whole."""
    rect = pygame.Rect((0, 0), size)
    rect.midleft = pos
    return rect.clamp(screen)


def tip_close(box: pygame.Rect, scale: float) -> pygame.Rect:
    """Where a tip in ``box`` has its close button ("Got it"): at its bottom right."""
    close = pygame.Rect(0, 0, round(130 * scale), round(36 * scale))
    close.bottomright = (box.right - round(10 * scale), box.bottom - round(10 * scale))
    return close


def draw_tip(surface: pygame.Surface, text: Text, box: pygame.Rect, close: pygame.Rect, paragraphs: tuple[str, ...],
             scale: float, panels: dict | None = None) -> None:
    """A tip panel: the first paragraph in gold, the text shrunk until it fits above ``close``."""
    s = scale
    draw_panel(surface, box, (12, 50, 36, 255), round(12 * s), GOLD, panels)
    pad = round(14 * s)
    width = box.w - 2 * pad
    px = round(21 * s)
    while True:
        lines = [(line, k == 0) for k, para in enumerate(paragraphs) for line in text.wrap(para, px, width)]
        line_h = round(px * 1.18)
        if line_h * len(lines) <= close.top - box.y - pad or px <= 11:
            break
        px -= 1
    y = box.y + pad
    for line, head in lines:
        text.blit(surface, line, px, (box.x + pad, y), GOLD if head else INK)
        y += line_h
