"""The turn controller: the one loop of every turn-based table (Sprint, Scamper, Double or Nothing).

A table holds one :class:`TurnController` (composition: the table is no
subclass of it).  The controller owns what changes the game: the engine
state, its record, the journal call and the seat sources; the table lays out,
draws and turns its local human's pointer and keys into actions.  The whole
contract between them:

- the table offers a local human's action with :meth:`TurnController.try_action`
  (refused with a reason a player can read, changing nothing, or played);
- once a frame it calls :meth:`TurnController.step` with whether its cards are
  still moving: the seat to move that is not a local human (a bot, or the
  replay) acts when the table is still (never on the frame its last card
  landed: see :attr:`TurnController.due`), the device is handed over between
  two humans in hot-seat, and the game's end is noticed;
- it reads :attr:`TurnController.state` and :attr:`TurnController.record`, and
  shows what was played in its ``show(seat, action, events)`` hook.

Every played action goes the same way: ``apply`` -> ``record.append`` ->
``journal()`` (on disk before the next frame) -> ``show``.  A table opened with
``later=True`` journals only the action's line then, and its save file (and
the journal's sync) comes on the next frame (``settle``), off the move's frame
as a race table's does.

Seat sources: a seat is a local human (its actions come in through
``try_action``), a bot (the one :class:`ai.scheduler.TurnScheduler`, keyed by the
protocol: the state object, ``to_move()`` and this controller's version, the
count of actions it applied) or a replay (:class:`~game.kit.bots.ReplayDriver`:
the record's actions in order).  The kit never imports the AI: the table hands
the scheduler class in (:meth:`TurnController.open`).

Where network play plugs in: a client table's controller gets a remote
*authority* in the place of :class:`LocalEngine` (``authority=``).  Its
``play(seat, action)`` sends the action to the host and returns no events; while
it waits for the answer (``awaiting``) no other action is taken.  At the start
of each :meth:`TurnController.step` the authority's ``pump`` takes in the
host's answers (its state and the events this seat may see) through
:meth:`TurnController.receive`, which swaps the state in and shows the events
exactly as a local action's (see :mod:`game.kit.remote`).  The table does not
change: it still calls ``try_action`` and ``step`` and reads ``state``.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Protocol, Sequence

from game.kit.bots import BotHook, ReplayDriver
from game.kit.passdevice import passes_device
from game.kit.wording import whose

REPLAY_REFUSAL = "This is a replay: watch, or press Esc for the menu."
"""What a click on a replay's table says (nobody acts in a replay)."""

Show = Callable[[int, Any, list[Any]], None]
"""``show(seat, action, events)``: the table turns what was played into its steps (animated or not)."""


class TurnTable(Protocol):
    """The hooks a turn table gives its controller."""

    def show_toast(self, text: str, error: bool = False) -> None:
        """A refusal, said to the player."""

    def shown(self, seat: int, action: Any, events: list[Any]) -> None:
        """``seat`` played ``action``: show its ``events`` (with no animation while the controller is catching up)."""

    def game_finished(self) -> None:
        """The game is over and its last step has landed: the end screen."""

    def open_pass(self, seat: int) -> None:
        """The pass-device screen for ``seat`` (hot-seat)."""


class Authority(Protocol):
    """Who applies an action: the engine here (:class:`LocalEngine`), or a host over the network."""

    @property
    def awaiting(self) -> bool:
        """An action went out and its answer has not come back: the controller takes no other."""
        ...

    def play(self, controller: TurnController, seat: int, action: Any) -> list[Any] | None:
        """Apply ``action`` for ``seat`` and record it: its events, or None when they come back later."""
        ...

    def pump(self, controller: TurnController, busy: bool) -> bool:
        """Once a frame: answers that came back go to :meth:`TurnController.receive` (while the table is not
        ``busy``); whether the table is busy with them (one was shown this frame, or more wait)."""
        ...


class LocalEngine:
    """The engine on this machine is the authority: apply, then append to the record."""

    def play(self, controller: TurnController, seat: int, action: Any) -> list[Any] | None:
        events: list[Any] = controller.state.apply(action, seat)
        controller.record.append(seat, action, events)
        return events

    awaiting = False

    def pump(self, controller: TurnController, busy: bool) -> bool:
        return False  # every answer is given at once, by play


class TurnController:
    """Turns for a table: who is to move, humans' tries, bots' moves, the device, the end.

    ``humans`` are the local human seats (none in a replay); ``source`` gives the
    other seats' actions (a :class:`~game.kit.bots.BotHook` over the scheduler or
    the replay's driver); ``journal`` saves the game after each action;
    ``tell(text, error)`` shows a refusal; ``show`` turns an action's events
    into the table's steps.  The table sets ``open_pass(seat)`` (the
    pass-device screen for ``seat``) and ``finished()`` (the game's end, once
    the last step has landed) when it has them.
    """

    def __init__(self, state: Any, record: Any, humans: Sequence[int], source: BotHook, *, replaying: bool = False,
                 journal: Callable[[], None] = lambda: None, tell: Callable[[str, bool], None] = lambda t, e: None,
                 show: Show = lambda seat, action, events: None, passes_device: bool = False,
                 authority: Authority | None = None, settle: Callable[[], None] = lambda: None) -> None:
        self.state = state
        self.record = record
        self.humans = list(humans)
        self.source = source
        self.replaying = replaying
        self.journal = journal
        self.settle = settle
        self.tell = tell
        self.show = show
        self.passes_device = passes_device
        self.authority: Authority = authority if authority is not None else LocalEngine()
        self.open_pass: Callable[[int], None] | None = None
        self.finished: Callable[[], None] = lambda: None
        self.version = 0
        """How many actions were applied through this controller (the scheduler's "state moved on")."""
        self.catching_up = False
        """A saved game's actions are being played with no animation."""
        self.ended = False
        """The end was noticed (``finished`` was called)."""
        self.was_busy = False
        """The last :meth:`step`'s table was busy (a still one now is the frame its last card landed)."""
        self.due: tuple[int, Any] | None = None
        """``(version, action)``: a bot's (or the replay's) action that came on the frame the table turned still, played
        on the next.  That frame lands the last card and repaints what it changed: the action's own work (the engine,
        the journal, its first steps) then falls on a frame of its own, at every AI speed one frame later, which no
        player sees.  While it waits, the table shows what it shows while cards fly (it has a move to show next)."""

    @classmethod
    def open(cls, app: Any, setup: Any, record: Any, state: Any, replay: Any, scheduler: Callable[..., Any],
             replay_controls: Any = None, table: TurnTable | None = None, later: bool = False,
             **options: Any) -> TurnController:
        """A table's controller: bots through ``scheduler`` (``TurnScheduler``, with ``options`` such as ``timed``),
        or the replay's actions (paced by ``replay_controls``); the ``table``'s hooks, journalled by the app's saves
        (``later``: each action's journal line at once, its save file on the next frame)."""
        if replay is not None:
            source = BotHook(ReplayDriver((entry[1] for entry in replay.actions), app.ai_delay(), replay_controls))
            controller = cls(state, record, [], source, replaying=True)
        else:
            controller = cls(state, record, setup.humans, BotHook(ReplayDriver(())),
                             passes_device=passes_device(setup.info, len(setup.humans)))
            bots = setup.make_bots(app.think_ms, seed=record.seed)
            controller.source = BotHook(scheduler(bots, app.ai_delay(), key=controller.key, seat=first_to_move,
                                                  **options))
        if table is not None:
            controller.journal = (lambda: app.saves.note(table, later=True)) if later else lambda: app.saves.note(table)
            controller.settle = lambda: app.saves.settle()
            controller.tell = table.show_toast
            controller.show = table.shown
            controller.finished = table.game_finished
            controller.open_pass = table.open_pass
        return controller

    # --- seats ---------------------------------------------------------------

    @property
    def remote(self) -> bool:
        """A host over the network applies the actions: nothing is journalled or taken back here."""
        return not isinstance(self.authority, LocalEngine)

    @property
    def current(self) -> int | None:
        """The seat to move (the first of ``to_move()``), None once the game is over."""
        return first_to_move(self.state)

    def name(self, seat: int) -> str:
        return str(self.record.players[seat].name)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat in self.humans

    def next_human(self, seat: int) -> int | None:
        """The first local human from ``seat`` on, in seat order (None at a table of bots)."""
        n = len(self.record.players)
        return next(((seat + k) % n for k in range(n) if (seat + k) % n in self.humans), None)

    def key(self, state: Any) -> tuple[object, ...]:
        """The scheduler's "the state moved on" key: the state object, who is to move, and the version."""
        return (id(state), state.to_move(), self.version)

    @property
    def thinking(self) -> bool:
        return self.source.thinking

    @property
    def thinking_seat(self) -> int | None:
        return self.source.thinking_seat

    # --- acting --------------------------------------------------------------

    def turn_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not act at all now (a replay, the game over, another's turn); None if it may."""
        if self.replaying:
            return REPLAY_REFUSAL
        current = self.current
        if current is None:
            return "The game is over."
        if current != seat or not self.is_human(current):
            return f"It's {whose(self.name(current))} turn."
        return None

    def try_action(self, seat: int, action: Any, busy: bool = False,
                   asks_first: Callable[[Any], bool] | None = None) -> bool:
        """A local human's action: refused with the engine's reason (changing nothing), or played.

        ``busy``: the table is not ready (cards moving, the device being handed
        over): the action is dropped without a word.  ``asks_first(action)``
        opens a confirmation and says True when the action waits for it.
        """
        reason = self.turn_refusal(seat)
        if reason is not None:
            self.tell(reason, True)
            return False
        if busy or self.authority.awaiting:
            return False
        reason = self.state.why_illegal(action, seat)
        if reason is not None:
            self.tell(reason, True)
            return False
        if asks_first is not None and asks_first(action):
            return False
        self.perform(action)
        return True

    def perform(self, action: Any, seat: int | None = None) -> list[Any]:
        """Play ``action`` for ``seat`` (the seat to move): apply, record, journal, then show it."""
        seat = self.current if seat is None else seat
        assert seat is not None, "nobody is to move"
        events = self.authority.play(self, seat, action)
        if events is None:
            return []  # the host applies it; its answer comes back through receive
        self.version += 1
        self.journal()  # on disk before the next frame: nothing is lost
        self.show(seat, action, events)
        return events

    def receive(self, state: Any, seat: int, action: Any, events: list[Any]) -> None:
        """A remote authority's answer: its ``state`` after ``seat`` played ``action``, and the ``events`` seen here."""
        self.state = state
        self.record.append(seat, action, events)
        self.version += 1
        self.source.cancel()
        self.show(seat, action, events)

    def catch_up(self, entries: Iterable[Sequence[Any]]) -> None:
        """Play a saved game's ``(seat, action, ...)`` entries with no animation, to where it stands."""
        self.catching_up = True
        try:
            for entry in entries:
                seat, action = entry[0], entry[1]
                events: list[Any] = self.state.apply(action, seat)
                self.record.append(seat, action, events)
                self.version += 1
                self.show(seat, action, events)
        finally:
            self.catching_up = False
        self.source.cancel()

    # --- each frame ------------------------------------------------------------

    def step(self, dt: float, busy: bool, viewer: int, pending_pass: bool = False, settled: bool = True) -> list[Any]:
        """Between frames: hand the device over, let a bot (or the replay) act, or notice the end.

        ``busy``: the table's steps are still playing; ``viewer`` the seat at the
        bottom; ``pending_pass`` the device waits to be handed on; ``settled``
        the table shows the end (its last step has landed).  The events played, if any.
        """
        self.settle()  # the frame after an action: the save it left for later (nothing to do almost always)
        if self.authority.pump(self, busy):
            busy = True  # a remote answer's steps start this frame
        landing, self.was_busy = self.was_busy and not (busy or pending_pass), busy or pending_pass
        state = self.state
        if state.is_over:
            if not busy and settled and not self.ended:
                self.ended = True
                self.finished()
            return []
        seat = self.current
        if seat is None:
            return []
        if self.passes_device and not busy and self.open_pass is not None:
            due = self.pass_due(seat, viewer, pending_pass)
            if due is not None:
                self.open_pass(due)
                return []
        if self.is_human(seat):
            return []
        due, self.due = self.due, None
        if due is not None and due[0] == self.version:  # the action that came on the landing frame
            if busy or pending_pass:
                self.due = due  # kept for the first still frame
                return []
            action = due[1]
        else:
            action = self.source.update(dt, state, busy or pending_pass)
            if action is not None and landing:
                self.due = (self.version, action)  # played on the next frame
                return []
        return self.perform(action, seat) if action is not None else []

    def pass_due(self, seat: int, viewer: int, pending: bool) -> int | None:
        """The human the device goes to before ``seat`` moves (hot-seat), or None.

        The next human in seat order gets it as soon as the previous one is done
        (before the bots in between play), so no hand shows to the wrong person.
        """
        nxt = self.next_human(seat)
        if nxt is None:
            return None
        if pending or nxt != viewer:
            return nxt
        return None

    def cancel(self) -> None:
        """A bot's move in progress is dropped (the table closes, or is rebuilt); a save left for later is made."""
        self.source.cancel()
        self.due = None
        self.settle()

    def retime(self, delay: float, think_ms: int | None = None) -> None:
        """The AI speed settings changed: the pause between bot actions, and a thinking bot's budget."""
        self.source.retime(delay, think_ms)


def first_to_move(state: Any) -> int | None:
    """The seat to move in a turn game (``to_move()``'s first), None when nobody is."""
    movers = state.to_move()
    return int(movers[0]) if movers else None
