"""The keys screens of real-time games: "Try your keys" and the key-binding screen.

Game-neutral: a game's seat actions (:class:`~game.kit.seatkeys.SeatAction`)
come from its registry entry (``GameInfo.seat_actions``).  The bindings live in
the global settings (``app.settings.seat_keys``, one entry per game) and are
saved through ``app.save_settings()`` after every change.

* :class:`TryKeysScene`: each seat's keys as key caps that light while pressed
  (and flash when tapped), with a word that keyboards drop keys when many are
  held.  Shown before the first hot-seat game of a real-time game, and on demand.
* :class:`KeyBindingScene`: click a seat's action (or move with the arrows and
  press Enter), then press the new key; a key another seat uses is refused with
  the reason.  A controller is given to a seat by clicking its Controller cell and
  pressing any button on the pad.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from game.kit.layout import MenuLayout
from game.kit.seatkeys import (
    MAX_SEATS, SeatAction, SeatKeys, button_name, key_name, load_seat_keys, open_pads, pad_event, pad_name,
)
from game.kit.ui import DANGER, GLOW, GOLD, INK, MUTED, Button, draw_panel, felt_background
from game.kit.wording import says, verb, whom, whose
from game.base.scene import Scene

SEAT_COLOURS = ((86, 180, 233), (225, 150, 165), (105, 255, 165), (195, 60, 165), (150, 75, 240), (210, 255, 75))
"""Each seat's colour (a race table's panels, the keys screens' rows): sky blue, rose, mint, magenta, purple, lime,
apart for a colour-blind eye too (tests/test_seat_colours.py); no yellow, which the gold turn rim would look like.
The colour is never alone: a panel and a keys row carry the player's name."""


def seat_colour(humans: Sequence[int], seat: int) -> tuple[int, int, int]:
    """``seat``'s colour at a race table: a human's is its row's on the keys screens (the order of ``humans``), the
    bots' the colours after those, in seat order."""
    k = humans.index(seat) if seat in humans else len(humans) + seat - sum(h < seat for h in humans)
    return SEAT_COLOURS[k % len(SEAT_COLOURS)]
DROP_NOTE = ("Keyboards can drop keys when many are held at once: if a key doesn't light while others are held, "
             "choose keys further apart.")


def seat_keys_of(app: Any, game_id: str, actions: Sequence[SeatAction]) -> SeatKeys:
    """``game_id``'s bindings from the app's settings."""
    return load_seat_keys(getattr(app.settings, "seat_keys", {}), game_id, actions)


def store_seat_keys(app: Any, game_id: str, keys: SeatKeys, tried: bool | None = None) -> None:
    """Keep ``keys`` in the settings (saved at once); ``tried``: the keys screen was shown for hot-seat."""
    store = dict(getattr(app.settings, "seat_keys", {}) or {})
    entry = keys.to_json()
    old = store.get(game_id)
    was_tried = bool(old.get("tried")) if isinstance(old, dict) else False
    entry["tried"] = was_tried if tried is None else tried
    store[game_id] = entry
    app.settings.seat_keys = store
    app.save_settings()


def keys_tried(app: Any, game_id: str) -> bool:
    entry = (getattr(app.settings, "seat_keys", {}) or {}).get(game_id)
    return isinstance(entry, dict) and bool(entry.get("tried"))


class _KeysBase(Scene):
    def __init__(self, app: Any, game_id: str, title: str, actions: Sequence[SeatAction], names: Sequence[str],
                 on_done: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.title = title
        self.actions = tuple(actions)
        self.names = list(names)
        self.on_done = on_done
        self.keys = seat_keys_of(app, game_id, self.actions)
        self.hover: str | None = None
        self.message = ""
        self.message_bad = False
        self._panels: dict = {}
        open_pads()
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = MenuLayout(*size)
        self.background = felt_background(size)
        self.buttons = self.make_buttons()

    def make_buttons(self) -> list[Button]:
        return []

    def bottom_buttons(self, items: list[tuple[str, str]]) -> list[Button]:
        s = self.layout.scale
        w, h, gap = round(230 * s), round(48 * s), round(16 * s)
        total = len(items) * w + (len(items) - 1) * gap
        x = (self.layout.w - total) // 2
        y = self.layout.h - h - round(28 * s)
        return [Button(k, label, pygame.Rect(x + i * (w + gap), y, w, h), primary=i == len(items) - 1)
                for i, (k, label) in enumerate(items)]

    def seat_rows(self) -> list[pygame.Rect]:
        s = self.layout.scale
        n = max(1, len(self.names))
        top = round(150 * s)
        bottom = self.layout.h - round(150 * s)
        row_h = min(round(78 * s), (bottom - top - (n - 1) * round(8 * s)) // n)
        width = min(self.layout.w - round(60 * s), round(1100 * s))
        x = (self.layout.w - width) // 2
        return [pygame.Rect(x, top + i * (row_h + round(8 * s)), width, row_h) for i in range(n)]

    def done(self) -> None:
        self.app.stack.pop()
        if self.on_done is not None:
            self.on_done()

    def on_button(self, key: str) -> None:
        pass

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED):
            open_pads()
            return True
        if event.type == pygame.MOUSEMOTION:
            b = next((b for b in self.buttons if b.rect.collidepoint(event.pos)), None)
            key = b.key if b else None
            changed = key != self.hover
            self.hover = key
            return changed
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            b = next((b for b in self.buttons if b.rect.collidepoint(event.pos)), None)
            if b is not None and b.enabled:
                self.on_button(b.key)
                return True
        return False

    def draw_frame(self, surface: pygame.Surface, subtitle: str) -> None:
        surface.blit(self.background, (0, 0))
        s = self.layout.scale
        t = self.layout.title_rect()
        self.app.text.blit(surface, self.title, round(56 * s), (t.centerx, round(28 * s)), INK, "midtop", t.w - 40)
        self.app.text.blit(surface, subtitle, round(24 * s), (t.centerx, round(90 * s)), MUTED, "midtop", t.w - 40)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface, self.app.text, b.key == self.hover)

    def draw_message(self, surface: pygame.Surface, y: int) -> None:
        if self.message:
            s = self.layout.scale
            self.app.text.blit(surface, self.message, round(26 * s), (self.layout.w // 2, y),
                               DANGER if self.message_bad else GOLD, "midtop", self.layout.w - round(40 * s))


class TryKeysScene(_KeysBase):
    """Each seat's keys light as they are pressed."""

    FLASH_S = 0.35

    def __init__(self, app: Any, game_id: str, title: str, actions: Sequence[SeatAction], names: Sequence[str],
                 on_done: Callable[[], None] | None = None, start_label: str = "Done") -> None:
        self.start_label = start_label
        super().__init__(app, game_id, title, actions, names, on_done)
        self.held: set[tuple[int, str]] = set()
        self.flash: dict[tuple[int, str], float] = {}

    def make_buttons(self) -> list[Button]:
        return self.bottom_buttons([("change", "Change keys"), ("done", self.start_label)])

    def enter(self) -> None:
        self.keys = seat_keys_of(self.app, self.game_id, self.actions)

    def resume(self) -> None:
        self.keys = seat_keys_of(self.app, self.game_id, self.actions)  # back from the binding screen
        self.app.dirty = True

    def on_button(self, key: str) -> None:
        if key == "change":
            self.app.stack.push(KeyBindingScene(self.app, self.game_id, "Change keys", self.actions, self.names))
        elif key == "done":
            store_seat_keys(self.app, self.game_id, self.keys, tried=True)
            self.done()

    def _lookup(self, event: pygame.event.Event) -> tuple[int, str] | None:
        seats = list(range(len(self.names)))
        if event.type in (pygame.KEYDOWN, pygame.KEYUP):
            hit = self.keys.keymap(seats).lookup(event.key)
            return hit
        pad = pad_event(event)
        if pad is not None:
            return self.keys.pad_lookup(seats, *pad)
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_button("done")
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self._lookup(event) is None:
            self.on_button("done")
            return True
        if event.type in (pygame.KEYDOWN, pygame.JOYBUTTONDOWN):
            hit = self._lookup(event)
            if hit is not None:
                self.held.add(hit)
                self.flash[hit] = self.FLASH_S
                return True
        if event.type == pygame.KEYUP:
            hit = self._lookup(event)
            if hit is not None:
                self.held.discard(hit)
                return True
        if event.type == pygame.JOYBUTTONUP:
            self.held.clear()
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        for k in list(self.flash):
            self.flash[k] -= dt
            if self.flash[k] <= 0:
                del self.flash[k]

    def is_animating(self) -> bool:
        return bool(self.flash)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface, "Everyone: press your keys. Each lights up here as it is pressed.")
        s = self.layout.scale
        text = self.app.text
        rows = self.seat_rows()
        for seat, row in enumerate(rows):
            colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
            draw_panel(surface, row, (10, 40, 30, 190), round(12 * s), colour, self._panels)
            name_w = round(row.w * 0.24)
            text.blit(surface, self.names[seat], round(row.h * 0.42), (row.x + round(18 * s), row.centery), INK, "midleft", name_w)
            binding = self.keys.seats[seat] if seat < len(self.keys.seats) else None
            cap_w = (row.w - name_w - round(40 * s)) // max(1, len(self.actions))
            for i, action in enumerate(self.actions):
                cell = pygame.Rect(row.x + name_w + round(20 * s) + i * cap_w, row.y + round(8 * s), cap_w - round(12 * s),
                                   row.h - round(16 * s))
                lit = (seat, action.id) in self.held or (seat, action.id) in self.flash
                fill = GLOW if lit else (238, 236, 226)
                pygame.draw.rect(surface, (8, 40, 28), cell.move(0, max(1, round(3 * s))), border_radius=round(8 * s))
                pygame.draw.rect(surface, fill, cell, border_radius=round(8 * s))
                if lit:
                    pygame.draw.rect(surface, colour, cell.inflate(round(8 * s), round(8 * s)), max(2, round(4 * s)),
                                     border_radius=round(12 * s))
                key = binding.keys.get(action.id) if binding else None
                cap = key_name(key) if key else "(none)"
                if binding and binding.pad and action.id in binding.buttons:
                    cap += f" / pad {button_name(binding.buttons[action.id])}"
                text.blit(surface, cap, round(cell.h * 0.42), (cell.centerx, cell.centery - round(cell.h * 0.14)),
                          (30, 36, 34), "center", cell.w - round(10 * s))
                text.blit(surface, action.label, round(cell.h * 0.3), (cell.centerx, cell.bottom - round(4 * s)),
                          (80, 90, 86), "midbottom", cell.w - round(10 * s))
        note_y = rows[-1].bottom + round(14 * s) if rows else round(300 * s)
        text.blit(surface, DROP_NOTE, round(22 * s), (self.layout.w // 2, note_y), MUTED, "midtop",
                  self.layout.w - round(60 * s))
        self.draw_buttons(surface)


class KeyBindingScene(_KeysBase):
    """Rebind each seat's keys by pressing them; give controllers to seats."""

    def __init__(self, app: Any, game_id: str, title: str, actions: Sequence[SeatAction], names: Sequence[str],
                 on_done: Callable[[], None] | None = None) -> None:
        super().__init__(app, game_id, title, actions, names, on_done)
        self.waiting: tuple[int, str] | None = None  # (seat, action id or "pad")
        self.focus: tuple[int, int] = (0, 0)  # (seat, column)

    def make_buttons(self) -> list[Button]:
        return self.bottom_buttons([("defaults", "Default keys"), ("done", "Done")])

    def columns(self) -> list[str]:
        return [a.id for a in self.actions] + ["pad"]

    def cells(self) -> dict[tuple[int, int], pygame.Rect]:
        s = self.layout.scale
        out = {}
        cols = self.columns()
        for seat, row in enumerate(self.seat_rows()):
            name_w = round(row.w * 0.2)
            cw = (row.w - name_w - round(30 * s)) // len(cols)
            for c in range(len(cols)):
                out[(seat, c)] = pygame.Rect(row.x + name_w + round(16 * s) + c * cw, row.y + round(6 * s),
                                             cw - round(10 * s), row.h - round(12 * s))
        return out

    def save(self) -> None:
        store_seat_keys(self.app, self.game_id, self.keys)

    def on_button(self, key: str) -> None:
        if key == "defaults":
            self.keys.reset()
            self.save()
            self.message, self.message_bad = "Every seat has its default keys again.", False
        elif key == "done":
            self.done()

    def choose(self, seat: int, col: int) -> None:
        column = self.columns()[col]
        self.focus = (seat, col)
        if column == "pad" and self.keys.seats[seat].pad:
            self.keys.take_pad(seat)
            self.save()
            self.message, self.message_bad = f"{says(self.names[seat], 'has')} no controller now.", False
            return
        self.waiting = (seat, column)
        if column == "pad":
            self.message, self.message_bad = (
                f"Press any button on the controller for {whom(self.names[seat])} (Esc: cancel).", False)
        else:
            self.message, self.message_bad = (
                f"Press the new key for {whose(self.names[seat])} {self.keys.label(column)} (Esc: cancel).", False)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.waiting is not None:
            seat, column = self.waiting
            if event.type == pygame.KEYDOWN:
                self.waiting = None
                if event.key == pygame.K_ESCAPE or column == "pad":
                    self.message = ""
                    return True
                reason = self.keys.bind(seat, column, event.key, self.names)
                if reason:
                    self.message, self.message_bad = f"Not changed: {reason}", True
                else:
                    self.save()
                    self.message, self.message_bad = (
                        f"{whose(self.names[seat], capital=True)} {self.keys.label(column)} is now "
                        f"{key_name(event.key)}.", False)
                return True
            pad = pad_event(event)
            if pad is not None:
                guid, button = pad
                self.waiting = None
                if column == "pad":
                    self.keys.give_pad(seat, guid)
                    self.message = f"{self.names[seat]} now {verb(self.names[seat], 'plays')} with {pad_name(guid)}."
                elif self.keys.seats[seat].pad == guid:
                    self.keys.bind_button(seat, column, button)
                    self.message = (f"{whose(self.names[seat], capital=True)} {self.keys.label(column)} is now "
                                    f"{button_name(button)}.")
                else:
                    self.message, self.message_bad = "Not changed: that controller is not this seat's (give it one first).", True
                    return True
                self.message_bad = False
                self.save()
                return True
            if event.type == pygame.MOUSEBUTTONUP:
                self.waiting = None
                self.message = ""
        if event.type == pygame.KEYDOWN:
            cols = len(self.columns())
            seat, col = self.focus
            if event.key == pygame.K_ESCAPE:
                self.done()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(seat, col)
            elif event.key == pygame.K_UP:
                self.focus = ((seat - 1) % len(self.names), col)
            elif event.key == pygame.K_DOWN:
                self.focus = ((seat + 1) % len(self.names), col)
            elif event.key == pygame.K_LEFT:
                self.focus = (seat, (col - 1) % cols)
            elif event.key in (pygame.K_RIGHT, pygame.K_TAB):
                self.focus = (seat, (col + 1) % cols)
            else:
                return False
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for (seat, col), rect in self.cells().items():
                if rect.collidepoint(event.pos):
                    self.choose(seat, col)
                    return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface, "Click a key to change it, then press the new key. Each player needs keys of their own.")
        s = self.layout.scale
        text = self.app.text
        rows = self.seat_rows()
        cells = self.cells()
        cols = self.columns()
        for seat, row in enumerate(rows):
            colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
            draw_panel(surface, row, (10, 40, 30, 190), round(12 * s), colour, self._panels)
            text.blit(surface, self.names[seat], round(row.h * 0.4), (row.x + round(16 * s), row.centery), INK, "midleft",
                      round(row.w * 0.2) - round(16 * s))
            binding = self.keys.seats[seat]
            for c, column in enumerate(cols):
                cell = cells[(seat, c)]
                waiting = self.waiting == (seat, column)
                focus = self.focus == (seat, c)
                fill = GLOW if waiting else (238, 236, 226)
                pygame.draw.rect(surface, fill, cell, border_radius=round(8 * s))
                if focus:
                    pygame.draw.rect(surface, (90, 170, 255), cell.inflate(round(6 * s), round(6 * s)), max(2, round(3 * s)),
                                     border_radius=round(10 * s))
                if column == "pad":
                    label = "Controller (click: remove)" if binding.pad else "Controller (click: give one)"
                    value = "press a button..." if waiting else (pad_name(binding.pad)[:22] if binding.pad else "none")
                else:
                    label = self.keys.label(column)
                    key = binding.keys.get(column)
                    value = "press a key..." if waiting else (key_name(key) if key else "(none)")
                    if binding.pad and column in binding.buttons:
                        value += f" / {button_name(binding.buttons[column])}"
                text.blit(surface, value, round(cell.h * 0.4), (cell.centerx, cell.centery - round(cell.h * 0.12)),
                          (30, 36, 34), "center", cell.w - round(10 * s))
                text.blit(surface, label, round(cell.h * 0.28), (cell.centerx, cell.bottom - round(3 * s)), (80, 90, 86),
                          "midbottom", cell.w - round(10 * s))
        self.draw_message(surface, (rows[-1].bottom if rows else round(300 * s)) + round(14 * s))
        self.draw_buttons(surface)


def seat_actions_of(info: Any) -> tuple[SeatAction, ...]:
    """A registry entry's ``seat_actions`` as :class:`SeatAction` s."""
    return tuple(SeatAction(i, label) for i, label in getattr(info, "seat_actions", ()))


def open_keys_for(app: Any, info: Any, names: Sequence[str] | None = None, then: Callable[[], None] | None = None,
                  start_label: str = "Done") -> TryKeysScene:
    """"Try your keys" for game ``info`` (a :class:`~engine.games.GameInfo`); every seat a game can have, if no ``names``."""
    if not names:
        names = [f"Player {i + 1}" for i in range(min(MAX_SEATS, getattr(info, "max_seats", MAX_SEATS)))]
    return open_keys_screen(app, info.id, f"{info.title}: players' keys", seat_actions_of(info), names, then, start_label)


def open_keys_screen(app: Any, game_id: str, title: str, actions: Sequence[SeatAction], names: Sequence[str],
                     then: Callable[[], None] | None = None, start_label: str = "Done") -> TryKeysScene:
    """Push "Try your keys" for ``names`` (one row per human seat); ``then`` runs when it closes."""
    scene = TryKeysScene(app, game_id, title, actions, names, then, start_label)
    app.stack.push(scene)
    return scene


__all__ = ["TryKeysScene", "KeyBindingScene", "open_keys_screen", "open_keys_for", "seat_actions_of", "seat_keys_of", "store_seat_keys", "keys_tried", "DROP_NOTE"]
