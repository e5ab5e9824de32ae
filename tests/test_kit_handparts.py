"""The hidden-hand tables' shared parts: the keyboard focus, the scenario builder, a card landing in a hand."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.scamper.table import Phase  # noqa: E402

from game.kit.focus import Focus  # noqa: E402
from game.kit.handsteps import lander  # noqa: E402
from game.kit.scenarios import bots_play_to  # noqa: E402
from game.kit.sprites import Hand, SpriteBook  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402


def test_the_focus_walks_the_hand_the_buttons_and_the_piles():
    focus = Focus()
    buttons = ["lay", "hint", "menu"]
    focus.move("right", 3, buttons)
    assert focus.at == ("hand", 0) and focus.visible
    for _ in range(2):
        focus.move("right", 3, buttons)
    assert focus.at == ("hand", 2)
    focus.move("right", 3, buttons)
    assert focus.at == ("button", "lay")
    focus.move("down", 3, buttons)
    focus.move("down", 3, buttons)
    focus.move("down", 3, buttons)
    assert focus.at == ("button", "menu")  # the column ends at the menu
    focus.move("left", 3, buttons)
    assert focus.at == ("hand", 2)
    focus.move("up", 3, buttons)
    assert focus.at == "stock"
    focus.move("right", 3, buttons)
    assert focus.at == "discard"
    focus.move("down", 3, buttons)
    assert focus.at == ("hand", 1)
    focus.move("left", 1, buttons)  # the hand shrank under the focus: back to its first card
    assert focus.at == ("hand", 0)


def test_the_focus_ring_hides_when_the_mouse_moves_and_a_press_starts_at_the_first_card():
    focus = Focus()
    assert focus.press(0) is None and focus.visible
    assert focus.press(5) == ("hand", 0)
    focus.pointer_moved(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    assert focus.shown() == ("hand", 0)  # no movement: still shown
    focus.pointer_moved(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 1), rel=(4, 0), buttons=(0, 0, 0)))
    assert focus.shown() is None and focus.at == ("hand", 0)


class _Table:
    def __init__(self) -> None:
        self.model = type("M", (), {"held": [Hand(), Hand()]})()
        self.viewer = 0
        self.placed: list[object] = []
        self.fan = type("F", (), {"place": lambda _, sprite, end: self.placed.append(sprite)})()


def test_a_card_lands_at_its_index_or_at_the_end_and_only_the_bottom_fan_places_it():
    t, book = _Table(), SpriteBook()
    a, b, c = (book.new(code) for code in ("2C", "3C", "4C"))
    lander(t, 0, a, pygame.Rect(0, 0, 1, 1))()
    lander(t, 0, b, pygame.Rect(0, 0, 1, 1))()
    lander(t, 0, c, pygame.Rect(0, 0, 1, 1), at=1)()
    assert list(t.model.held[0]) == [a, c, b] and t.placed == [a, b, c]
    lander(t, 1, book.new("5C"), pygame.Rect(0, 0, 1, 1), at=9)()
    assert len(t.model.held[1]) == 1 and len(t.placed) == 3


def test_bots_play_a_game_to_the_moment_asked_for_and_the_record_replays_there():
    setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "easy"), SeatConfig("Ben", "ai", "easy")],
                      None, 31, "scamper", {"rounds": 10})

    def at_seat_0(state):
        return len(state.melds) if state.current == 0 and state.phase is Phase.PLAY else None

    record = bots_play_to(setup, at_seat_0, lambda state: len(state.melds) >= 2, "standard", 31)
    state = record.final_state()
    assert setup.deal in range(31, 35)
    assert state.current == 0 and state.phase is Phase.PLAY and len(state.melds) >= 2
    again = bots_play_to(setup, at_seat_0, lambda state: len(state.melds) >= 2, "standard", 31)
    assert again.actions == record.actions  # seeded: the same game every time
