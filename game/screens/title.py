"""The title screen: the collection's name and a tile for each playable game."""

from __future__ import annotations

import pygame

from engine.games import COLLECTION_TITLE, GameInfo, load, playable_games

from game.kit.thumbnail import draw_table_picture
from game.kit.ui import GOLD, INK, MUTED, SELECT, Button, Text, caption_lines, draw_caption, draw_panel
from game.screens.game_menu import GameMenuScene
from game.screens.menu import MenuScene
from game.screens.settings import SettingsScene

COLLECTION_SUBTITLE = "Card games: play the computer, pass the laptop round, or play friends over the network."
BLURB_LINES = 4
HELP = "Click a game, or press its number, to play it, read its rules or see your statistics."


class GameTile(Button):
    """A game's tile: a small picture of its table, its name and a one-line blurb."""

    info: GameInfo | None = None
    picture: pygame.Surface | None = None

    def hits(self, pos: tuple[int, int]) -> bool:
        """The tile, or its number badge (half of it lies outside the tile, on its corner)."""
        dx, dy = pos[0] - self.rect.x, pos[1] - self.rect.y
        return super().hits(pos) or bool(self.hotkey) and dx * dx + dy * dy <= badge_radius(self.rect.w / 260) ** 2

    def draw(self, surface: pygame.Surface, text: Text, hover: bool, focus: bool = False) -> None:
        r = self.rect
        s = r.w / 260
        draw_panel(surface, r, (8, 36, 26, 215) if not (hover or focus) else (24, 70, 50, 235),
                   radius=max(6, round(14 * s)), border=GOLD if hover or focus else (60, 110, 86))
        if focus:
            pygame.draw.rect(surface, SELECT, r.inflate(round(8 * s), round(8 * s)), width=max(2, round(3 * s)),
                             border_radius=max(8, round(18 * s)))
        pad = round(12 * s)
        if self.picture is not None:
            surface.blit(self.picture, (r.x + pad, r.y + pad))
            y = r.y + pad + self.picture.get_height() + round(10 * s)
        else:
            y = r.y + pad
        if self.hotkey:  # the number key that opens it, on the tile's corner, clear of its picture
            radius = badge_radius(s)
            centre = r.topleft
            pygame.draw.circle(surface, (8, 36, 26), centre, radius)
            pygame.draw.circle(surface, GOLD, centre, radius, max(1, round(2 * s)))
            text.blit(surface, self.hotkey, max(15, round(19 * s)), centre, INK, "center")
        text.blit(surface, self.label, round(24 * s), (r.centerx, y), INK, "midtop", r.w - 2 * pad)
        y += round(32 * s)
        if self.info is not None:
            px = round(19 * s)
            for line in text.wrap(self.info.blurb, px, r.w - 2 * pad)[:BLURB_LINES]:
                text.blit(surface, line, px, (r.centerx, y), MUTED, "midtop", r.w - 2 * pad)
                y += round(px * 1.2)


def badge_radius(scale: float) -> int:
    """The radius of a tile's number badge at the tile's own scale (its width over 260)."""
    return max(10, round(15 * scale))


def table_picture(info: GameInfo, art: object, size: tuple[int, int]) -> pygame.Surface:
    """The little table a game's tile shows, drawn by its table class."""
    picture = pygame.Surface(size).convert()
    table = load(info.table)
    table.draw_thumbnail(picture, art)
    return picture


class TitleScene(MenuScene):
    title = COLLECTION_TITLE
    subtitle = COLLECTION_SUBTITLE
    hotkeys = {"resume": "C", "network": "N", "settings": "S", "quit": "Q"}
    shows_notices = True

    def __init__(self, app) -> None:
        self._pictures: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self._waiting = False
        super().__init__(app)

    def _pictures_came(self) -> None:
        self._waiting = False
        self.refresh()
        self.app.dirty = True

    def tiles(self) -> list[GameInfo]:
        return playable_games()

    def make_buttons(self) -> list[Button]:
        s = self.layout.scale
        games = self.tiles()
        tile_w = min(round(300 * s), (self.layout.w - round(40 * s)) // max(1, len(games)) - round(16 * s))
        k = tile_w / 260  # the tile's own scale: its drawing follows it
        pic_w = tile_w - round(24 * k)
        tile_h = round(24 * k) + round(pic_w * 0.6) + round(42 * k) + BLURB_LINES * round(17 * k * 1.2) + round(8 * k)
        gap = round(18 * s)
        total = len(games) * tile_w + (len(games) - 1) * gap
        x = (self.layout.w - total) // 2
        # the tiles, the help line and the buttons, centred in the room under the subtitle
        block = tile_h + round(34 * s) + round(40 * s) + round(46 * s)
        top = max(round(150 * s), round(150 * s) + (self.layout.h - round(150 * s) - block) // 2)
        # a notice shows above the tiles and their number badges, never over Resume and its caption
        self.notice_bottom = top - round(10 * s) - badge_radius(k)
        buttons: list[Button] = []
        for i, info in enumerate(games):
            tile = GameTile(f"game:{info.id}", info.title, pygame.Rect(x + i * (tile_w + gap), top, tile_w, tile_h),
                            hotkey=str(i + 1) if i < 9 else None)
            tile.info = info
            tile.picture = self._picture(info, (pic_w, round(pic_w * 0.6)))
            buttons.append(tile)
        row = [("network", "Play over the network"), ("settings", "Settings"), ("quit", "Quit")]
        pending = self.app.latest_pending()
        if pending is not None:
            info, description = pending
            row.insert(0, ("resume", f"Resume {info.title}"))  # the label stays short: the line under it says the rest
        widths = [round({"resume": 520, "network": 300}.get(k, 200) * s) for k, _ in row]
        bh, bgap = round(46 * s), round(14 * s)
        room = self.layout.w - 2 * round(48 * s) - bgap * (len(row) - 1)  # the row stays clear of the window's sides
        if sum(widths) > room:
            widths = [w * room // sum(widths) for w in widths]
        bx = (self.layout.w - sum(widths) - bgap * (len(row) - 1)) // 2
        note = round(66 * s) if pending is not None else 0  # the Resume button's lines (three at most) under the row
        by = min(top + tile_h + round(74 * s), self.layout.h - bh - round(24 * s) - note)
        for (key, label), w in zip(row, widths):
            buttons.append(Button(key, label, pygame.Rect(bx, by, w, bh), primary=key == "resume"))
            bx += w + bgap
        # resume first, so Enter continues where the player left off
        buttons.sort(key=lambda b: b.key != "resume")
        # who plays and how far, under the Resume button: as wide as it can be, centred on it and clear of the side
        self.note_w = 2 * (buttons[0].rect.centerx - round(24 * s))
        self.resume_lines = caption_lines(self.app.text, pending[1], round(19 * s), self.note_w, 3) if pending else []
        return buttons

    def _picture(self, info: GameInfo, size: tuple[int, int]) -> pygame.Surface:
        key = (info.id, size)
        if key not in self._pictures and self.app.defer_pictures and not self.app.frames:
            if not self._waiting:  # the pictures import the five tables: they come a frame after the first
                self._waiting = True
                self.app.after_first_frame(self._pictures_came)
            empty = pygame.Surface(size).convert()
            draw_table_picture(empty, self.app.art, [])  # the bare felt the picture is drawn on
            return empty
        if key not in self._pictures:
            self._pictures[key] = table_picture(info, self.app.art, size)
        return self._pictures[key]

    def on_button(self, key: str) -> None:
        if key.startswith("game:"):
            self.app.stack.push(GameMenuScene(self.app, key.partition(":")[2]))
        elif key == "settings":
            self.app.stack.push(SettingsScene(self.app))
        elif key == "network":
            from game.screens.network import NetworkScene

            self.app.stack.push(NetworkScene(self.app))
        elif key == "resume":
            pending = self.app.latest_pending()
            if pending is not None:
                self.app.resume(pending[0].id)
        elif key == "quit":
            self.app.quit()

    def settings_changed(self) -> None:
        self._pictures.clear()  # four-colour deck and the like change the pictures
        super().settings_changed()

    def on_back(self) -> None:
        pass

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        tiles = [b for b in self.buttons if isinstance(b, GameTile)]
        if tiles:
            y = max(b.rect.bottom for b in tiles) + round(12 * s)
            self.app.text.blit(surface, HELP, round(19 * s), (self.layout.w // 2, y), MUTED, "midtop", self.layout.w - 40)
        resume = next((b for b in self.buttons if b.key == "resume"), None)
        if resume is not None:  # who plays and how far, under the Resume button
            draw_caption(surface, self.app.text, self.resume_lines, round(19 * s),
                         (resume.rect.centerx, resume.rect.bottom + round(10 * s)), self.note_w)
