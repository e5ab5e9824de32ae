"""The keyboard focus on a greyed button: a pale ring, not the gold one that says "ready"; Enter says why not.

Sprint's table (the kit's buttons, as Scamper's): arrows right past the hand land on Lay, greyed while no
match is selected. It used to wear the same gold ring as a button that works."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game.kit.ui import FOCUS_RING, FOCUS_RING_OFF  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game_helpers import drawn_turn, frame, key, make_app  # noqa: E402


def ring_colours(app, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    """The focus colours on the band just outside ``rect`` (where the ring goes), on the window as drawn."""
    app.dirty = True
    frame(app)
    screen, found = app.screen, set()
    for dx in range(2, 12):
        for x, y in ((rect.centerx, rect.top - dx), (rect.centerx, rect.bottom + dx), (rect.left - dx, rect.centery)):
            colour = tuple(screen.get_at((x, y)))[:3]
            if colour in (FOCUS_RING, FOCUS_RING_OFF):
                found.add(colour)
    return found


def test_a_greyed_button_in_focus_has_a_pale_ring_and_enter_says_why(pg, tmp_path):
    app = make_app(tmp_path)
    table = drawn_turn(app, GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "standard")], deal=3))
    for _ in range(len(table.my_hand) + 1):  # the first key puts the focus on the first card
        key(app, pygame.K_RIGHT)
    assert table.focus.shown() == ("button", "lay")
    lay = next(b for b in table.buttons() if b.key == "lay")
    assert not lay.enabled
    assert ring_colours(app, lay.rect) == {FOCUS_RING_OFF}  # seen, but not the gold of a button that works
    table.toast = None
    key(app, pygame.K_RETURN, 3)
    assert table.toast is not None and table.toast.text  # keyboard play goes on: Enter tells why Lay can't
    assert table.focus.shown() == ("button", "lay")
    key(app, pygame.K_DOWN)  # Hint works: gold
    hint = next(b for b in table.buttons() if b.key == "hint")
    assert hint.enabled and ring_colours(app, hint.rect) == {FOCUS_RING}
