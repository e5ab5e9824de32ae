"""The real-time controller: the one loop of every race table (Snap, Ratscrew).

A table holds one :class:`RealtimeController` (composition: the table is no
subclass of it).  The controller owns what changes the game: the engine state,
its record, the table clock, the reflex driver (bots' calls at their own
sampled moments, the engine's timers) or a replay's feed, the journal call,
"Skip to the end", and catching up a saved game.  The table lays out, draws,
and turns keys, pads and clicks into actions for its local human seats.  The
whole contract between them:

- the table passes a local human's action with :meth:`RealtimeController.press`
  (``seat``, ``action`` and the input event, stamped with the moment it was
  read once this frame's clock is known);
- once a frame it calls :meth:`RealtimeController.advance` with the frame's
  times: the clock runs, the stamped presses and the bots' due calls go to the
  engine in time order (:func:`ai.reflex.run_until`), what was accepted is
  recorded and journalled before anything is shown, then each accepted action
  or timer goes to the table's ``show(events, at)`` and each refusal to its
  ``refused(played)``;
- it reads :attr:`RealtimeController.state`, :attr:`~RealtimeController.record`
  and :attr:`~RealtimeController.clock`, and calls :meth:`~RealtimeController.notice_end`
  once its last animation has settled.

Seat sources: local humans (``press``), bots (the reflex schedulers, inside
:class:`~game.kit.rtdriver.RealtimeDriver`) or a replay
(:class:`~game.kit.rtdriver.ReplayFeed`: the record's actions at their times).

Where network play plugs in: a client's controller gets a remote driver in the
place of :class:`~game.kit.rtdriver.RealtimeDriver` -- its ``press`` sends the
stamped action to the host, its ``step(now)`` returns the ``Played`` items the
host sent back since the last frame (and the client swaps in the host's state
with :meth:`RealtimeController.swap_state` before showing them).  The table
does not change: it still calls ``press`` and ``advance`` and reads ``state``.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence

from game.kit.clock import TableClock
from game.kit.rtdriver import RealtimeDriver, ReplayFeed, RunUntil, catch_up
from game.kit.skip import SkipToEnd

Show = Callable[[list[Any], int], None]
"""``show(events, at)``: the table shows what happened at ``at`` ms (animated, or not while catching up)."""


class RaceTable(Protocol):
    """The hooks a race table gives its controller."""

    def shown(self, events: list[Any], at: int) -> None:
        """What happened at ``at`` ms: show it (with no animation while the controller is catching up)."""

    def refused(self, played: Any) -> None:
        """An action the engine refused (``played.refused`` says why): tell the human, if it was one."""

    def humans_out(self) -> bool:
        """Every local human is out of the game (the bots play on): "Skip to the end" may be offered."""

    def game_finished(self) -> None:
        """The game is over and the table has settled: the end screen."""


class RealtimeController:
    """A race's state, record, clock and driver, and each frame's play.

    ``humans`` are the local human seats (none in a replay); ``driver`` a
    :class:`~game.kit.rtdriver.RealtimeDriver` or :class:`~game.kit.rtdriver.ReplayFeed`;
    ``journal`` saves the game (``settle``, on a frame that played nothing: what it left for later);
    ``show(events, at)`` and ``refused(played)`` are
    the table's; ``humans_out()`` says every local human is out (the skip's offer);
    ``on_step(seconds, now)`` is a table's own guard after each step of play (Ratscrew's stall re-roll).
    """

    def __init__(self, state: Any, record: Any, humans: Sequence[int], driver: Any, *, replaying: bool = False,
                 journal: Callable[[], None] = lambda: None, show: Show = lambda events, at: None,
                 refused: Callable[[Any], None] = lambda played: None) -> None:
        self.state = state
        self.record = record
        self.humans = list(humans)
        self.driver = driver
        self.replaying = replaying
        self.journal = journal
        self.settle: Callable[[], None] = lambda: None
        self.show = show
        self.refused = refused
        self.humans_out: Callable[[], bool] = lambda: False
        self.on_step: Callable[[float, int], None] = lambda seconds, now: None
        self.finished: Callable[[], None] = lambda: None
        self.clock = TableClock(getattr(state, "clock", 0))
        self.time_scale = 1.0
        """Game seconds per second of frame time (headless tools run a race faster than the wall clock)."""
        self.skip = SkipToEnd()
        self.pending: list[tuple[int, Any, Any]] = []  # (seat, action, input event) read since the last frame
        self.catching_up = False
        self.ended = False
        self.end_wait = 0.0

    controls: Any = None
    """A replay's controls (pause, speed, "Next": the clock jumps to the next recorded action), else None."""

    @classmethod
    def open(cls, app: Any, setup: Any, record: Any, state: Any, replay: Any, run_until: RunUntil,
             controls: Any = None, table: RaceTable | None = None) -> RealtimeController:
        """A table's controller: its bots (learning into the statistics' reaction profiles), or the replay's
        feed (paced by its ``controls``); the ``table``'s hooks, journalled by the app's saves."""
        if replay is not None:
            race = cls(state, record, [], ReplayFeed(state, replay.actions, run_until, record), replaying=True)
            race.controls = controls
        else:
            bots = setup.make_bots(seed=record.seed, profiles=app.shelf(setup.game).stats.profiles)
            race = cls(state, record, setup.humans, RealtimeDriver(state, bots, run_until, record))
        if table is not None:
            saves = app.saves  # this game's store, bound now: another game may be named before this table leaves
            race.journal = lambda: saves.note(table, later=True)  # its line now; the save on a quiet frame
            race.settle = saves.settle
            race.show = table.shown
            race.refused = table.refused
            race.humans_out = table.humans_out
            race.finished = table.game_finished
        return race

    # --- seats -----------------------------------------------------------------

    def name(self, seat: int) -> str:
        return str(self.record.players[seat].name)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat in self.humans

    @property
    def bots(self) -> dict[int, Any]:
        """The bots at the table, by seat (none in a replay)."""
        return getattr(self.driver, "bots", {})

    def swap_state(self, state: Any) -> None:
        """The game goes on from ``state`` (a host's, or a test's setup): the driver plays on it."""
        self.state = self.driver.state = state

    # --- acting ------------------------------------------------------------------

    def press(self, seat: int, action: Any, event: Any = None) -> None:
        """A local human's action, read with ``event``: stamped and played at the next :meth:`advance`."""
        self.pending.append((seat, action, event))

    def advance(self, dt: float, game_dt: float, ticks: int | None = None, wall: float | None = None) -> list[Any]:
        """A frame: the clock runs ``game_dt`` seconds (times :attr:`time_scale`; not while skipping), then the
        game plays on to it.

        ``dt`` is the frame's time for the skip's offer; ``ticks`` and ``wall``
        place the stamped presses (:meth:`TableClock.advance`).  What was played, in order.
        """
        game_dt *= self.time_scale
        if not self.skip.skipping:
            self.clock.advance(game_dt, ticks, wall)
        if self.controls is not None:
            self.controls.skip_clock(self.clock, self.driver.next_at)
        played: list[Any] = []
        if self.skip.skipping:
            def step(seconds: float) -> None:
                self.clock.advance(seconds)
                played.extend(self._play(seconds))
            self.skip.run(step, lambda: self.state.is_over)  # game time in fixed steps, at once
        elif not self.state.is_over:
            played = self._play(game_dt)
        self.skip.watch(self.humans_out(), dt)
        return played

    def _play(self, seconds: float) -> list[Any]:
        """Feed the stamped presses and the bots' due calls to the engine; journal, then show what happened."""
        for seat, action, event in self.pending:
            self.driver.press(seat, action, self.clock.stamp(event))
        self.pending.clear()
        now = self.clock.now
        played = self.driver.step(now)
        if not self.replaying and any((p.seat is not None and p.refused is None) or (p.seat is None and p.events)
                                      for p in played):
            self.journal()  # on disk before its effect is drawn
        elif not self.replaying:
            self.settle()  # a quiet frame: what the journal's last lines wait for (the save file, the sync)
        for p in played:
            if p.refused is not None:
                self.refused(p)
            else:
                self.show(list(p.events), p.at)
        if not self.replaying:
            self.on_step(seconds, now)
        return played

    def skip_to_end(self) -> bool:
        """The player asked to skip to the end: True if it was on offer."""
        return self.skip.take()

    def waiting(self) -> bool:
        """Nothing can happen until a human acts (no press to play, no timer or bot due soon)."""
        return not self.pending and self.driver.waiting(self.clock.now)

    def cancel(self) -> None:
        self.pending.clear()
        self.driver.cancel()
        self.settle()

    # --- a saved game, and the end -------------------------------------------------

    def catch_up(self, entries: Sequence[tuple[int, Any, int]], clock: int = 0) -> None:
        """Play a saved game's ``(seat, action, at)`` entries with no animation, then its time on to ``clock``
        (timers after the last action, such as a tie window closing, are part of the save)."""
        self.catching_up = True
        try:
            catch_up(self.state, entries, clock, self.record, self.show)
        finally:
            self.catching_up = False
        self.clock = TableClock(self.record.clock)

    def notice_end(self, dt: float, settled: bool, pause_s: float = 0.0) -> None:
        """Once the game is over and the table ``settled``, after ``pause_s``: the end (``finished``), once."""
        if not self.state.is_over or self.ended or not settled:
            return
        self.end_wait += dt
        if self.end_wait >= pause_s:
            self.ended = True
            self.finished()


__all__ = ["RealtimeController"]
