"""What every race table (Snap, Ratscrew) holds and does the same way, whatever the game.

:class:`RaceTableScene` is a :class:`~game.base.scene.Scene` over the kit's
:class:`~game.kit.races.RealtimeController` (held as ``race``): the game opened
from its setup (new, saved or a replay), the local humans and their keys
(:mod:`game.kit.seatkeys`, with a lone player's extra keys), "Try your keys"
before the first hot-seat game, keys, pads and clicks turned into stamped
actions, toasts, the pause menu, the frame's play and the end.

A game's table subclasses it and declares its seat actions (:attr:`ACTIONS`,
action id -> engine action), a lone player's extra keys (:attr:`SOLO_KEYS`)
and which action the Resume button counts (:attr:`COUNTED`); it provides its
model and drawing, :meth:`target_at` / :meth:`click` for the mouse,
:meth:`play` (the frame's animation around :meth:`RealtimeController.advance`),
and the controller's hooks ``shown`` and ``refused``.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Iterable, Mapping

import pygame

from game.base.scene import Scene
from game.kit import skip
from game.kit.ending import play_end_sound
from game.kit.forward import Forward
from game.kit.keymap import Keymap
from game.kit.layer import Region, TableLayer
from game.kit.keyscreens import keys_tried, open_keys_screen, seat_actions_of, seat_keys_of
from game.kit.messages import Toast, age_messages, new_toast
from game.kit.priming import Primer
from game.kit.races import RealtimeController
from game.kit.replaycontrols import ReplayControls, replay_times
from game.kit.seatkeys import key_name, open_pads, pad_event
from game.kit.viewtable import ViewTable
from game.kit.wording import played_for

REPLAY_TOAST = "This is a replay: watch, or press Esc for the menu."


def solo_keymap(keymap: Keymap, humans: list[int], solo_keys: Mapping[int, str]) -> Keymap:
    """``keymap`` with a lone human's extra keys (each one no seat uses already) added for that human."""
    if len(humans) == 1:
        for key, action in solo_keys.items():
            if keymap.lookup(key) is None:
                keymap.bindings[key] = (humans[0], action)
    return keymap


def key_names(keymap: Keymap, seat: int, action: str, solo_keys: Mapping[int, str] = {}, short: bool = True
              ) -> list[str]:
    """The names of every key of ``seat``'s ``action``: its own first, then a lone player's extras in their
    declared order; the keypad's Enter is left out beside Enter (it is the same to read)."""
    extras = list(solo_keys)
    mine = [k for k, (s, a) in keymap.bindings.items() if s == seat and a == action]
    mine.sort(key=lambda k: (k in solo_keys, extras.index(k) if k in solo_keys else 0))
    out: list[str] = []
    for k in mine:
        if k == pygame.K_KP_ENTER and pygame.K_RETURN in mine:
            continue
        if key_name(k, short) not in out:
            out.append(key_name(k, short))
    return out


def stat_row(**counts: int | None) -> dict[str, int]:
    """One seat's counts for the statistics (the registry's ``stats`` keys), leaving out those it has none of
    (a fastest call when it made none)."""
    return {key: int(value) for key, value in counts.items() if value is not None}


def run_steps(steps: Mapping[type, Callable[..., None]], events: Iterable[Any], first: Any, *rest: Any) -> None:
    """Each event's step by its type, called as ``step(first, event, *rest)`` (an event with none shows nothing)."""
    for event in events:
        step = steps.get(type(event))
        if step is not None:
            step(first, event, *rest)


def race_mismatches(table: Any, saved: Any, check: Any = None) -> list[str]:
    """How a resumed race differs from the ``saved`` game (empty: it is exactly there): its actions, its engine
    state (the saved actions at their times, then the save's clock), its clock, and what ``check(table)``
    finds the table showing that the engine doesn't hold."""
    out = []
    if table.record.actions != saved.actions:
        out.append(f"actions: the table has {len(table.record.actions)}, the save {len(saved.actions)}")
    if table.state.snapshot() != saved.final_state().snapshot():
        out.append("the engine state differs from the saved game's")
    if table.clock.now != saved.clock:
        out.append(f"the clock: the table is at {table.clock.now} ms, the save at {saved.clock} ms")
    try:
        if check is not None:
            check(table)
    except AssertionError as e:
        out.append(f"the table: {e}")
    return out


class RaceTableScene(ViewTable, Scene):
    """A race in progress (or a replay of one); see the module docstring."""

    game_id = ""
    stamps_input = True  # the app reads input between frames and stamps each event (game.base.stamping)
    ACTIONS: ClassVar[Mapping[str, Any]] = {}
    """The seat actions by id (the registry's seat actions): what each sends to the engine."""
    SOLO_KEYS: ClassVar[Mapping[int, str]] = {}
    """A lone human's extra keys (beside their own), key -> action id."""
    SOLO_PAD: ClassVar[tuple[str, ...]] = ()
    """A lone human with no controller given to a seat: any pad's first button, then its others (action ids)."""
    COUNTED: ClassVar[tuple[str, str]] = ("", "")
    """The action the Resume button counts and its past tense ("lay", "laid")."""
    END_PAUSE_S = 0.0
    """How long the result stays on the table before the end screen (at normal speed)."""
    PAUSE_ON_FOCUS_LOSS = False
    """A race goes on without you: the window in the background opens the pause menu."""
    PAUSE: ClassVar[Any]
    """The pause menu's scene class (the screens' own, above the kit)."""
    view: Any = None
    """The table's view module: ``draw(table, surface)``, ``status_lines(table)`` and ``layer_regions(table)`` (the
    cached layer)."""
    network: Any = None
    """A network game's session (game.screens.net_table), else None."""
    toast: Toast | None = None
    stats_noted = False
    primer: Primer | None = None
    """Cards encoded ahead for the layer and the window (:mod:`game.kit.priming`), one each quiet frame."""

    def _open_race(self, app: Any, setup: Any, record: Any, state: Any, replay: Any, run_until: Any) -> None:
        """The game (new, saved or a replay's), its controller (bots played by ``run_until``), its humans and
        their keys."""
        self.setup, self.info = setup, setup.info
        record, state = setup.open(app.rng, record, state, replay)
        self.replay = ReplayControls() if replay is not None else None
        self.race = RealtimeController.open(app, setup, record, state, replay, run_until, self.replay, self)
        self.replaying = self.race.replaying
        self.humans: list[int] = self.race.humans
        self.solo: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.hover: Any = None
        self.panels: dict = {}
        self.layer = TableLayer()
        self.actions = seat_actions_of(self.info)
        self.load_keys()
        self.keys_first = len(self.humans) >= 2 and not keys_tried(app, self.game_id)
        open_pads()

    # --- what the controller holds ---------------------------------------------

    state = Forward("race")
    record = Forward("race")
    driver = Forward("race")
    """The bots' driver (or the replay's feed)."""
    bots = Forward("race")
    clock = Forward("race")
    skip = Forward("race")
    """"Skip to the end", offered once every human is out."""
    finished = Forward("race", "ended")
    catching_up = Forward("race")
    """A saved game's actions are being played with no animation."""
    time_scale = Forward("race")
    """Game seconds per second (headless tools run the game faster than the wall clock)."""

    def name(self, seat: int) -> str:
        return self.race.name(seat)

    def is_human(self, seat: int | None) -> bool:
        return self.race.is_human(seat)

    def factor(self) -> float:
        return 0.0 if self.skip.skipping else float(self.app.settings.anim_factor)

    # --- keys -------------------------------------------------------------------

    def load_keys(self) -> None:
        """The players' keys as kept in the settings (the key screens edit them), and a lone player's extras."""
        self.seat_keys = seat_keys_of(self.app, self.game_id, self.actions)
        self.keys = solo_keymap(self.seat_keys.keymap(self.humans), self.humans, self.SOLO_KEYS)

    def key_names(self, seat: int, action: str, short: bool = True) -> list[str]:
        return key_names(self.keys, seat, action, self.SOLO_KEYS, short)

    def open_keys(self, start_label: str = "Done", title: str = "Players' keys") -> None:
        """"Try your keys" for the humans at this table (Change keys opens the binding screen), from the menu."""
        names = [self.name(seat) for seat in self.humans] or ["Player 1"]
        open_keys_screen(self.app, self.game_id, title, self.actions, names, None, start_label)

    # --- scene hooks ------------------------------------------------------------

    def enter(self) -> None:
        """Controllers are opened; before the first hot-seat game, everyone tries their keys."""
        super().enter()
        open_pads()
        if self.keys_first:
            self.keys_first = False
            self.open_keys("Start", "Before you start: try your keys")  # every race game's first hot-seat game

    def pause(self) -> None:
        """A scene over the table (the pause menu, on a key or the window losing focus; the keys screens): the race
        has no quiet frame until it is back, so what its journal left for one (the save file, the sync) is done now."""
        self.race.settle()

    def resume(self) -> None:
        """Back from the pause menu or the keys screens: the keys may have changed."""
        self.load_keys()
        self.race.pending.clear()

    def settings_changed(self) -> None:
        self.load_keys()
        self.resize(self.app.size)

    def exit(self) -> None:
        self.race.cancel()
        self.layer.release()  # its surface for the next table's layer (see TableLayer.release)

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size: the table laid out afresh (:meth:`lay_out`), its cached layer repainted."""
        self.panels.clear()
        self.lay_out(size)
        self.layer.invalidate()
        self.refresh_layer()

    def lay_out(self, size: tuple[int, int]) -> None:
        """Set ``layout`` and ``background`` for ``size``."""
        raise NotImplementedError

    def layer_regions(self) -> list[Region]:
        """What the table's cached layer holds (see :class:`~game.kit.layer.TableLayer`): its view's."""
        regions: list[Region] = self.view.layer_regions(self) if self.view is not None else []
        return regions

    def refresh_layer(self) -> None:
        self.layer.refresh(self.background, self.layout, self.layer_regions(), self.app.art)
        if self.primer is not None and not self.layer.painted:  # a quiet frame: a card encoded ahead
            self.primer.step()

    def show_toast(self, text: str, error: bool = False, kept: bool = False) -> None:
        self.toast = new_toast(self.app, text, error, kept)

    def refusal_moment(self) -> Any:
        """What a refusal speaks of (it goes once this changes): what each human at the table may do."""
        return tuple(tuple(self.state.legal_actions(seat)) for seat in self.humans)

    def tell(self, text: str, seat: int | None = None, error: bool = False) -> None:
        """A toast for the humans at the table (a bot's mistakes show on the table only); none while catching up."""
        if not self.catching_up and (seat is None or self.is_human(seat)):
            self.show_toast(text, error)

    def blame(self, seat: int) -> None:
        """A seat's mistake the table itself tells (say a callout): the error sound, for a human's."""
        if self.is_human(seat):
            self.sound("invalid")

    def sound(self, name: str) -> None:
        """A sound, unless catching up or skipping to the end."""
        if not self.catching_up and not self.skip.skipping:
            self.app.sound.play(name)

    def open_pause(self) -> None:
        self.app.stack.push(self.PAUSE(self.app, self))

    def is_animating(self) -> bool:
        return not self.finished and not self.at_rest()

    def at_rest(self) -> bool:
        """Nothing can change until someone presses a key: the app sleeps instead of reading input every
        millisecond and drawing 60 frames a second (a table adds what it shows moving)."""
        return self.toast is None and not self.keys_first and self.race.waiting()

    # --- input ------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.replay is not None and self.replay.handle_event(event):
            return True
        if event.type in (pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED):
            open_pads()
            return False
        if event.type == pygame.WINDOWFOCUSLOST and self.PAUSE_ON_FOCUS_LOSS and not self.state.is_over \
                and not self.replaying:
            self.open_pause()
            return True
        if event.type == pygame.KEYDOWN:
            return self.key_down(event)
        if event.type == pygame.JOYBUTTONDOWN:
            pad = pad_event(event)
            hit = self.seat_keys.pad_lookup(self.humans, *pad) if pad else None
            if hit is None and self.solo is not None and self.SOLO_PAD and not any(b.pad for b in self.seat_keys.seats):
                hit = (self.solo, self.SOLO_PAD[min(event.button, 1)])
            return self.act(hit[0], hit[1], event) if hit is not None else False
        if event.type == pygame.MOUSEMOTION:
            target = self.target_at(event.pos)
            changed, self.hover = target != self.hover, target
            return changed
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            target = self.target_at(event.pos)
            if target == "menu":
                self.open_pause()
            elif target == "skip":
                self.skip_to_end()
            else:
                return self.click(target, event)
            return True
        return False

    def key_down(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.open_pause()
            return True
        hit = self.keys.lookup(event.key)
        if hit is not None:
            self.act(hit[0], hit[1], event)
            return True
        if event.key == skip.KEY and self.skip.offered:
            self.skip_to_end()
            return True
        return False

    def target_at(self, pos: tuple[int, int]) -> Any:
        """What the mouse is over ("menu" and "skip" are the table's buttons)."""
        return None

    def click(self, target: Any, event: pygame.event.Event) -> bool:
        """A click on ``target`` (neither the menu nor the skip button)."""
        return False

    def act(self, seat: int, action: str, event: Any = None) -> bool:
        """A human's action (an id of :attr:`ACTIONS`): stamped and played at the next frame (a refusal is
        shown then, with the engine's reason)."""
        if self.replaying:
            self.show_toast(REPLAY_TOAST)
            return True
        if action not in self.ACTIONS or self.state.is_over or seat not in self.humans:
            return False
        why = self.shut(action)
        if why:  # greyed: nothing is called; a click reads why in its button's tooltip, a key in a toast
            if getattr(event, "type", None) == pygame.MOUSEBUTTONDOWN:
                self.hover = action
            else:
                self.show_toast(why, True)
            return True
        self.race.press(seat, self.ACTIONS[action], event)
        return True

    def shut(self, action: str) -> str:
        """Why the table greys ``action`` now, never sending it to the game (its button's tooltip), else ""."""
        return ""

    def skip_to_end(self) -> bool:
        return self.race.skip_to_end()

    # --- time -------------------------------------------------------------------

    def update(self, dt: float) -> None:
        dt, game_dt = replay_times(self.replay, dt)
        if self.replay is not None:
            self.replay.place(self.replay_bar())
        age_messages(self, dt)
        self.play(dt, game_dt)
        self.race.notice_end(dt, self.settled(), self.END_PAUSE_S * max(0.3, self.factor()))

    def replay_bar(self) -> pygame.Rect:
        """Where a replay's controls go."""
        raise NotImplementedError

    def play(self, dt: float, game_dt: float) -> None:
        """The frame: the table's animations and the game's play (:meth:`RealtimeController.advance`)."""
        raise NotImplementedError

    def settled(self) -> bool:
        """No card is in the air (the end screen waits for it)."""
        return True

    def draw_replay(self, surface: pygame.Surface) -> None:
        if self.replay is not None:
            self.replay.draw(surface, self.app.text, self.layout.scale)

    # --- a saved game, and the end ----------------------------------------------------

    def catch_up(self, actions: list[tuple[int, Any, int]], clock: int = 0) -> None:
        """Play a saved game's actions with no animation, then its time on to ``clock`` (timers after the
        last action, such as a tie window closing, are part of the save): the table shows where it stood."""
        self.race.catch_up(actions, clock)

    @classmethod
    def describe_state(cls, state: Any, record: Any) -> str:
        """How far a saved game is, for the Resume button: the actions counted and time played."""
        action, done = cls.COUNTED
        n = sum(1 for _, a, _ in record.actions if a == cls.ACTIONS[action])
        return f"{n} card{'s' if n != 1 else ''} {done}, {played_for(state.clock)} played"

    def game_finished(self) -> None:
        play_end_sound(self)
        self.app.round_finished(self)


__all__ = ["RaceTableScene", "REPLAY_TOAST", "race_mismatches", "stat_row", "run_steps", "key_names",
           "solo_keymap"]
