"""The scene side of a turn table: what every table holding a :class:`~game.kit.turns.TurnController` writes alike.

:class:`TurnScene` opens the controller (a new, saved or replayed game), reads
its state and record through it, names the seats, says a refusal (a toast and
the refusal sound), closes the first-game tip for good, runs a replay's controls (their keys and clicks first, their
speed, drawn last) and turns the table to another player behind the
pass-device screen.  Each game's table subclasses it for its layout, drawing,
input and steps (:class:`~game.kit.handtable.HiddenHandTable` for the
hidden-hand games)."""

from __future__ import annotations

from typing import Any

import pygame

from game.base.scene import Scene
from game.kit.ending import play_end_sound
from game.kit.forward import Forward
from game.kit.layer import TableLayer
from game.kit.messages import Toast, new_toast
from game.kit.passdevice import PassDeviceScene
from game.kit.replaycontrols import ReplayControls
from game.kit.turns import TurnController
from game.kit.wording import verb


class TurnScene(Scene):
    """A turn table's scene: its controller, seats, messages, replay controls and pass-device screen."""

    game_id = ""
    """The game's registry id."""
    banner: tuple[str, float] | None = None
    """A line across the table and the seconds it has left."""
    replay: ReplayControls | None = None
    """A replay's pause, speed and step (in the place of the action buttons), else None."""
    turns: TurnController
    """The table's turns: the state, the record, the seats' sources (see :mod:`game.kit.turns`)."""
    viewer: int
    """The seat at the bottom of the table (the game sets it)."""
    motion: Any
    """The steps and the flights in the air: a :class:`~game.kit.flights.FlightQueue` (the game sets it)."""
    layer: TableLayer | None = None
    """The table's cached layer, if it has one (the game sets it): released when the table leaves the stack."""

    def _open_turns(self, setup: Any, record: Any, state: Any, replay: Any, scheduler: Any, **options: Any) -> None:
        """The game's record and state (new, saved or a replay's) and the controller of its turns, its bots
        run by ``scheduler`` (``ai.scheduler.TurnScheduler``: the kit never imports the AI) with ``options``;
        and everything a turn table starts empty."""
        self.setup = setup
        record, state = setup.open(self.app.rng, record, state, replay)
        self.replay = ReplayControls() if replay is not None else None
        self.turns = TurnController.open(self.app, setup, record, state, replay, scheduler, self.replay, self, **options)
        self.replaying = self.turns.replaying
        self.humans = self.turns.humans
        self.toast: Toast | None = None
        self.pending_pass = False
        self.stats_noted = False
        self.network: Any = None  # a network game's session (game.screens.net_table), else None
        self.panels: dict[Any, Any] = {}
        self.tip_open = bool(self.humans) and self.app.settings.shows_tip(self.game_id)  # the first-game tip

    state = Forward("turns")
    record = Forward("turns")
    driver = Forward("turns", "source")
    """The bots' (or the replay's) source of actions."""
    catching_up = Forward("turns")
    """A saved game's actions are being replayed without animation."""
    finished = Forward("turns", "ended")
    """The end was noticed and its screen opened."""

    def factor(self) -> float:
        return self.app.settings.anim_factor

    def name(self, seat: int | None) -> str:
        return self.turns.name(seat) if seat is not None else ""

    def verb(self, seat: int | None, third: str) -> str:
        """``third`` ("wins") as the seat's name takes it: "You win", "Ada wins"."""
        return verb(self.name(seat), third)

    def is_human(self, seat: int) -> bool:
        return self.turns.is_human(seat)

    def exit(self) -> None:
        self.turns.cancel()
        if self.layer is not None:
            self.layer.release()  # its surface for the next table's layer (see TableLayer.release)

    def pause(self) -> None:
        """A scene over the table (the pause menu, the rules): the table has no frame until it is back, so the save
        its journal left for the next frame is made now; what the layer held back for its next frame shows now."""
        self.turns.settle()
        if self.layer is not None:
            self.layer.show_all()

    def show_toast(self, text: str, error: bool = False, kept: bool = False) -> None:
        self.toast = new_toast(self.app, text, error, kept)

    def refusal_moment(self) -> Any:
        """What a refusal speaks of (it goes once this changes): the game's state, moved on by every action played
        (the turn passing, a player's cards changing)."""
        return id(self.state), self.turns.version

    def close_tip(self) -> None:
        """The first-game tip goes away for good (remembered in the settings, for this game only)."""
        self.tip_open = False
        self.app.settings.close_tip(self.game_id)
        self.app.save_settings()

    def settings_changed(self) -> None:
        """A setting changed (speeds, sizes, tips): the bots' pace at once, the first-game tip gone once tips are
        turned off for the game, everything placed again."""
        self.turns.retime(self.app.ai_delay(), self.app.think_ms)
        if not self.app.settings.shows_tip(self.game_id):
            self.tip_open = False
        self.resize(self.app.size)

    def game_finished(self) -> None:
        """The controller noticed the end: the winning or losing sound, then the app opens the end screen."""
        play_end_sound(self)
        self.app.round_finished(self)

    def moving(self) -> bool:
        """Something moves or shows for a while (frames go on): flights, the device being handed over, a banner."""
        return bool(self.motion.busy or self.pending_pass or self.banner)

    def is_animating(self) -> bool:
        if self.moving():
            return True
        if self.replay is not None and self.replay.waiting:
            return False  # a paused replay: nothing to draw until something happens
        return not self.state.is_over and not self.is_human(self.turns.current)  # a bot (or the replay) is to act

    def busy(self) -> bool:
        """The viewer may not act yet: cards moving, the device being handed over."""
        return bool(self.motion.busy or self.pending_pass)

    def my_turn(self) -> bool:
        """The viewer may act: their turn, nothing moving, nothing covering the table."""
        return (not self.replaying and not self.state.is_over and self.turns.current == self.viewer
                and self.is_human(self.viewer) and not self.busy())

    def try_action(self, action: Any) -> bool:
        """A person's action: refused with the engine's reason (changing nothing), or played."""
        return self.turns.try_action(self.viewer, action, self.busy(), self._asks_first)

    def _asks_first(self, action: Any) -> bool:
        """Whether ``action`` waits for a confirmation (the game opens it); it is played after Yes."""
        return False

    def perform(self, action: Any) -> list[Any]:
        """Apply ``action`` for the seat to move, record it, save it, and show it."""
        return self.turns.perform(action)

    def replay_dt(self, dt: float) -> float:
        """A frame's time: at a replay's chosen speed."""
        return self.replay.scaled(dt) if self.replay is not None else dt

    def replay_event(self, event: pygame.event.Event) -> bool:
        """A replay's controls take their keys and clicks first."""
        return self.replay is not None and self.replay.handle_event(event)

    def place_replay(self) -> None:
        """A replay's controls take the action buttons' place (a replay has no actions to press)."""
        if self.replay is not None:
            rects = list(self.layout.buttons.values())
            self.replay.place(rects[0].unionall(rects[1:]))

    def draw_replay(self, surface: pygame.Surface) -> None:
        if self.replay is not None:
            self.replay.draw(surface, self.app.text, self.layout.scale)

    def open_pass(self, seat: int) -> None:
        """The pass-device screen for ``seat`` (the controller says when), the last player's doings forgotten;
        its click calls the table's ``hand_over_to(seat)``."""
        self._forget_the_last_player()
        self.pending_pass = True
        self.app.stack.push(PassDeviceScene(self.app, seat, self.name(seat), self.hand_over_to))

    def _forget_the_last_player(self) -> None:
        """Drop what the previous player was doing or was told (it may name their cards)."""
        self.toast = None
