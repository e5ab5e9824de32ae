"""The Settings screen: global settings, applied at once."""

from __future__ import annotations

import pygame

from engine.cards import Card

from game.kit.ui import INK, MUTED, Button, draw_panel
from game.screens.menu import InfoScene
from game.shell.settings import CHOICES


def _on_off(value: bool) -> str:
    return "On" if value else "Off"


LIGHT_MATCHES = {"apprentice": "In Apprentice games", "on": "Always", "off": "Never"}
"""How each value of ``light_matches`` reads (the saved values stay as they were)."""

SETTING_ROWS: tuple[tuple[str, str, object], ...] = (
    ("animation_speed", "Animation speed", lambda v: v.title()),
    ("ai_speed", "Computer players' speed", lambda v: v.title()),
    ("master_think", "Master's think time per move", lambda v: f"{v:g} s"),
    ("sound", "Sound effects", _on_off),
    ("volume", "Volume", lambda v: f"{v}%"),
    ("four_colour", "Four-colour deck (clubs green, diamonds blue)", _on_off),
    ("card_size", "Card size in your hand", lambda v: v.title()),
    ("fullscreen", "Fullscreen (F11 anywhere)", _on_off),
    ("confirm_discard", "Confirm each discard (in Scamper: only one that looks like a mistake)", _on_off),
    ("tips_seen", "First-game tips on the table", lambda v: "Off" if v else "On"),
    ("light_matches", "Sprint: light up the cards you could lay", lambda v: LIGHT_MATCHES[v]),
    ("forget_reactions", "Matched bots (Snap, Ratscrew): what they learned of your speed", str),
)
"""The Settings screen, top to bottom: setting, label, how its value reads."""

OPTION_ROWS = ("animation_speed", "ai_speed", "master_think")
FORGET = "forget_reactions"
"""Not a setting: the row whose button forgets every player's reaction profile (the Matched bots start afresh)."""


def known_players(app) -> list[str]:
    """The names the race games' Matched bots have learned (from each game's statistics)."""
    from engine.games import playable_games

    return sorted({name for info in playable_games() if info.realtime for name in app.shelf(info.id).stats.profiles})


def forget_reactions(app) -> None:
    """Forget what the Matched bots learned of every player, in every race game, and save at once."""
    from engine.games import playable_games

    for info in playable_games():
        shelf = app.shelf(info.id)
        if info.realtime and shelf.stats.profiles:
            shelf.stats.profiles.clear()
            problem = shelf.save_stats()
            if problem:
                app.problems.append(problem)
"""Settings shown as a row of their choices (the chosen one lit), not one button clicked through blind."""


def pick_key(name: str, value: object) -> str:
    """The button of ``value`` in setting ``name``'s row of choices."""
    return f"pick:{name}:{CHOICES[name].index(value)}"


class SettingsScene(InfoScene):
    """Every setting on one screen; a click (or Enter, or Left/Right) changes it, saved and applied at once."""

    title = "Settings"
    subtitle = "Click a value to change it, or use the arrows. Saved and applied at once."

    def rows(self) -> list[pygame.Rect]:
        s = self.layout.scale
        top = round(128 * s)
        bottom = self.layout.h - round(96 * s)
        row_h = min(round(46 * s), (bottom - top) // len(SETTING_ROWS))
        w = min(self.layout.w - round(40 * s), round(880 * s))
        x = (self.layout.w - w) // 2
        return [pygame.Rect(x, top + i * row_h, w, row_h) for i in range(len(SETTING_ROWS))]

    def extra_buttons(self) -> list[Button]:
        st = self.app.settings
        s = self.layout.scale
        out = []
        for (name, _, fmt), row in zip(SETTING_ROWS, self.rows()):
            h = row.h - round(8 * s)
            r = pygame.Rect(0, 0, round(230 * s), h)
            r.midright = (row.right, row.centery)
            if name == FORGET:
                known = len(known_players(self.app))
                label = f"Forget ({known} player{'s' if known != 1 else ''})" if known else "Nothing learned"
                out.append(Button("forget", label, r, enabled=known > 0, hotkey="Enter"))
            elif name == "volume":
                minus = pygame.Rect(0, 0, h, h)
                plus = pygame.Rect(0, 0, h, h)
                plus.midright = r.midright
                minus.midleft = r.midleft
                mid = pygame.Rect(minus.right + round(6 * s), r.y, plus.left - minus.right - round(12 * s), h)
                out += [Button("volume-", "-", minus, enabled=st.volume > 0, hotkey="-"),
                        Button("set:volume", fmt(st.volume), mid, hotkey="Left / Right"),
                        Button("volume+", "+", plus, enabled=st.volume < 100, hotkey="+")]
            elif name in OPTION_ROWS:
                choices = CHOICES[name]
                gap = round(4 * s)
                span = pygame.Rect(0, 0, round(420 * s), h)
                span.midright = (row.right, row.centery)
                each = (span.w - gap * (len(choices) - 1)) // len(choices)
                for i, value in enumerate(choices):
                    rect = pygame.Rect(span.x + i * (each + gap), span.y, each, h)
                    out.append(Button(f"pick:{name}:{i}", fmt(value), rect, primary=value == getattr(st, name),
                                      hotkey="Left / Right"))
            else:
                out.append(Button(f"set:{name}", fmt(getattr(st, name)), r, hotkey="Enter, Left / Right"))
        return out

    def body_lines(self) -> list[str]:
        return []

    def handle_key(self, key: int) -> bool:
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus and self.focus.startswith("set:"):
            self.change(self.focus[4:], 1 if key == pygame.K_RIGHT else -1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus and self.focus.startswith("pick:"):
            name = self.focus.split(":")[1]
            st = self.app.settings
            i = CHOICES[name].index(getattr(st, name)) + (1 if key == pygame.K_RIGHT else -1)
            if 0 <= i < len(CHOICES[name]):  # a row of choices stops at its ends
                self.change(name, 1 if key == pygame.K_RIGHT else -1)
            self.focus = pick_key(name, getattr(st, name))
            return True
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.on_button("volume-")
            return True
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.on_button("volume+")
            return True
        return super().handle_key(key)

    def move_focus(self, step: int) -> None:
        """Up and Down go row by row (the volume's - and + are for the mouse and the - and + keys)."""
        st = self.app.settings
        keys = [pick_key(name, getattr(st, name)) if name in OPTION_ROWS else "forget" if name == FORGET else f"set:{name}"
                for name, _, _ in SETTING_ROWS] + ["back"]
        if self.focus and self.focus.startswith("pick:"):
            name = self.focus.split(":")[1]
            self.focus = pick_key(name, getattr(st, name))
        i = keys.index(self.focus) if self.focus in keys else (-1 if step > 0 else 0)
        self.focus = keys[(i + step) % len(keys)]

    def change(self, name: str, step: int) -> None:
        st = self.app.settings
        if name == "volume":
            st.volume = max(0, min(100, st.volume + 10 * step))
        else:
            st.cycle(name, step)
        self.app.save_settings()
        if name == "volume" and st.sound:
            self.app.sound.play("draw")  # hear the new level
        self.refresh()

    def on_button(self, key: str) -> None:
        if key.startswith("set:"):
            self.change(key[4:], 1)
        elif key.startswith("pick:"):
            _, name, index = key.split(":")
            setattr(self.app.settings, name, CHOICES[name][int(index)])
            self.change(name, 0)
            self.focus = key if self.focus else None
        elif key in ("volume-", "volume+"):
            self.change("volume", -1 if key == "volume-" else 1)
        elif key == "forget":
            forget_reactions(self.app)
            self.refresh()
        else:
            super().on_button(key)

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        text = self.app.text
        for i, ((name, label, _), row) in enumerate(zip(SETTING_ROWS, self.rows())):
            if i % 2 == 0:
                draw_panel(surface, row, (8, 40, 28, 120), round(8 * s), None, self._panels)
            room = round(440 if name in OPTION_ROWS else 280) * s
            text.blit(surface, label, round(24 * s), (row.x + round(16 * s), row.centery), INK, "midleft",
                      row.w - round(room))
        # a preview of the cards as they look now (four colours, size)
        art = self.app.art
        ch = round(110 * s * self.app.settings.card_scale)
        cw = round(ch * 0.7)
        rows = self.rows()
        x = max(round(10 * s), rows[0].x - cw - round(30 * s))
        if x + cw < rows[0].x - round(8 * s):
            text.blit(surface, "Preview", round(18 * s), (x + cw // 2, rows[0].y), MUTED, "midtop")
            for k, code in enumerate(("AC", "KD", "QH", "JS")):
                r = pygame.Rect(x, rows[0].y + round(24 * s) + k * round(ch * 0.36), cw, ch)
                art.blit_face(surface, Card(code), r)
