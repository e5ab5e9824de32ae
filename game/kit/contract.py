"""The table contract: everything the app, saves, resume, statistics and screens call on a game's table.

A game's table (the registry's ``table``: ``game.tables.<id>.table:TableScene``)
is a :class:`~game.base.scene.Scene` that also offers :class:`Table`; the
contract test (``tests/test_table_contract.py``) checks every playable game
against it, opens its table, plays it to the end through the real loop
headless, resumes it mid-game, replays its record and draws it.

What a table is made of (see :mod:`game.kit.turns` and :mod:`game.kit.races`):
it holds one controller (``turns`` for a turn game, ``race`` for a race) that
owns the state, the record and the loop; its own code lays out, draws and
turns local input into actions.  ``state`` and ``record`` below are the
controller's, read through the table.

Optional hooks (looked up with ``getattr``; a table without them gets the default):

- ``stat_counts() -> list[dict[str, int]]``: each seat's own counts for the statistics (the registry's ``stats`` keys);
- ``describe_state(state, record) -> str`` (static): the Resume button's words ("3 cards laid, 1:20 played");
- ``stats_notes(lines) -> list[str]`` (static): lines under the statistics table;
- ``restore_setup(setup, data)`` (static) and ``saved_setup() -> dict``: what a game carries between deals
  in its save (Sprint's match);
- ``game_keys``: letter keys the table uses (the end screen's letters avoid them);
- ``stamps_input = True``: a race table, whose input the app reads and stamps between frames;
- ``settings_changed()``: a setting changed while the table is open;
- ``open_keys()``: the players' keys screen, from the pause menu (races);
- ``facts_from_events(first_game, steps)``: its end screen tells the whole game from its events (``summary_facts()``,
  Double or Nothing's run summary): a network client's table keeps every step its views showed and makes the facts
  of them with this.

The headless tools' two table hooks (the points worth clicking, the invariants
to check) live with the game's tools (its ``tools`` module in the registry),
beside the game's own scenarios.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import pygame

from game.base.scene import Scene


@runtime_checkable
class Table(Protocol):
    """What every game's table offers the rest of the app."""

    game_id: str
    """The registry's id of the game."""
    app: Any
    setup: Any
    """The :class:`~game.shell.session.GameSetup` it was opened with (seats, options, deal)."""
    replaying: bool
    """A replay: nothing is saved or counted, nobody acts."""
    humans: list[int]
    """The local human seats (none in a replay)."""
    stats_noted: bool
    """The game was counted in the statistics (the app sets it, once)."""
    network: Any
    """The session of a network game this table plays in (:mod:`game.screens.net_table`), None for a game of
    this computer's own: a network game is neither saved nor counted here, and its end offers a new network game."""

    @property
    def state(self) -> Any:
        """The engine state (the controller's)."""

    @property
    def record(self) -> Any:
        """The game's record so far (the controller's): what saves, journals and replays hold."""

    @property
    def finished(self) -> bool:
        """The end was noticed and the end screen opened."""

    def __init__(self, app: Any, setup: Any, record: Any = None, state: Any = None, replay: Any = None) -> None:
        """A new game (``setup``), a saved one (``record`` and ``state`` at its start, then :meth:`catch_up`),
        or a replay of ``replay``."""

    def catch_up(self, actions: list[Any], *clock: int) -> None:
        """Play a saved game's ``(seat, action, ...)`` entries with no animation, to where it stood
        (a race also takes the save's clock, its timers after the last action)."""

    def result_scene(self) -> Scene:
        """The end screen (required: the app pushes it once the last card has landed)."""

    @staticmethod
    def draw_thumbnail(surface: pygame.Surface, art: Any) -> None:
        """The game's picture on the title screen's card."""

    def show_toast(self, text: str, error: bool = False, kept: bool = False) -> None:
        """A short message over the table (``error``: red, with the "invalid" sound; a refusal goes sooner once the
        moment it spoke of has passed, unless ``kept``: a failure that is no refusal)."""

    def open_pause(self) -> None:
        """The pause menu over the table."""

    def is_animating(self) -> bool:
        """Something moves or is about to (the app draws every frame); else it may rest."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: everything is placed again."""


__all__ = ["Table"]
