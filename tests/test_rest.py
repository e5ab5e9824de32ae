"""An app at rest costs next to nothing: the loop naps instead of reading input every millisecond, a real-time
table rests while nothing can happen until a key, and ``--idle-cpu`` / ``--first-frame`` measure it."""

from __future__ import annotations

import json
import os
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.kit.flights import flight  # noqa: E402
from game.kit.sprites import SpriteBook  # noqa: E402
from game.shell import app as app_module  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.cli import main  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402


def make_app(tmp_path):
    app = App((1280, 720), tmp_path, seed=5, resizable=False)
    app.settings.animation_speed = "fast"
    app.to_title()
    return app


def run_real(app, seconds, monkeypatch, until=None):
    """The real loop (real time, no fixed step) for ``seconds`` (or until ``until()`` holds); the naps it took and
    whether it pumped."""
    naps: list[float] = []
    pumped: list[int] = []
    real_sleep = time.sleep

    def nap(s: float) -> None:
        naps.append(s)
        real_sleep(s)

    monkeypatch.setattr(app_module.time, "sleep", nap)
    monkeypatch.setattr(app.pump, "collect", lambda fps: pumped.append(fps) or pygame.event.get())
    monkeypatch.setattr(pygame.event, "wait", lambda *a: pytest.fail("pygame.event.wait looks at the queue every ms"))
    end = time.perf_counter() + seconds
    app.run(hook=lambda a, frame: time.perf_counter() < end and not (until is not None and until()))
    return naps, pumped


def resting_title(tmp_path):
    """The title once its first frame's deferred work is done (the tables imported, the mixer opened: a second or more
    on a loaded machine, which left a short real run no rest at all) and nothing is left to draw: from here it rests."""
    app = make_app(tmp_path)
    for _ in range(10):
        if not app.step(0.0, pygame.event.get()) and app.frames:
            break
    pygame.event.clear()
    return app


def test_the_title_at_rest_naps_instead_of_waiting_on_the_queue(pg, tmp_path, monkeypatch):
    app = resting_title(tmp_path)
    naps, _ = run_real(app, 0.3, monkeypatch)
    # nobody touched it: long naps (the last nap of a wait may be cut shorter to wake on time)
    assert naps and sum(n == app_module.REST_NAP_S for n in naps) >= len(naps) - 2
    assert len(naps) < 0.3 / app_module.ACTIVE_NAP_S


def test_a_key_at_rest_is_read_at_once_and_naps_get_short(pg, tmp_path, monkeypatch):
    app = resting_title(tmp_path)
    app.input_at = time.perf_counter()  # the player just did something
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    assert [e.type for e in app.rest(None)] == [pygame.KEYDOWN]
    naps, _ = run_real(app, 0.1, monkeypatch)
    assert naps and max(naps) == pytest.approx(app_module.ACTIVE_NAP_S)


def snap_table(app, deal=None):
    from game.tables.snap.table import SnapTable

    setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "medium")], game="snap")
    setup.deal = deal
    app.start_game(setup)
    table = app.stack.top
    assert isinstance(table, SnapTable)
    return table


def play_until_rest(app, table, your_turn=False, seconds=20):
    """Play on until the table rests (and, with ``your_turn``, it is seat 0's turn to flip)."""
    for _ in range(60 * seconds):
        app.step(1 / 60, pygame.event.get())
        if table.at_rest() and (not your_turn or table.state.turn == 0):
            return


def test_snap_rests_while_it_waits_for_your_flip_and_not_while_a_bot_is_due(pg, tmp_path, monkeypatch):
    app = make_app(tmp_path)
    table = snap_table(app)
    play_until_rest(app, table, your_turn=True)
    assert table.at_rest() and not table.is_animating()
    naps, pumped = run_real(app, 0.2, monkeypatch)
    assert not pumped and naps and max(naps) == pytest.approx(app_module.RACE_NAP_S)  # keys still stamped within 2 ms
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    pygame.event.post(key)
    events = app.pump.stamp_now(app.rest(app_module.RACE_NAP_S))
    assert events and isinstance(events[0].read_at, float)
    monkeypatch.setattr(table.driver.bots[1], "next_due", lambda: table.clock.now + 300)  # a bot will act
    assert not table.at_rest() and table.is_animating()


def test_a_resting_race_table_keeps_its_clock_on_wall_time(pg, tmp_path, monkeypatch):
    app = make_app(tmp_path)
    table = snap_table(app)
    play_until_rest(app, table)
    assert table.at_rest()
    waits: list[float] = []
    real_rest = app.rest

    def rest(nap, *wait):
        waits.append(wait[0] if wait else app_module.IDLE_WAIT_MS / 1000)
        return real_rest(nap, *wait)

    dts: list[float] = []
    real_step = app.step
    monkeypatch.setattr(app, "rest", rest)
    monkeypatch.setattr(app, "step", lambda dt, events: dts.append(dt) or real_step(dt, events))
    start, t0, began = table.clock.seconds, time.perf_counter(), []
    end = t0 + 1.2

    def hook(a, frame: int) -> bool:
        if frame == 0:
            began.append(time.perf_counter())  # the loop's own start is between t0 and this
        return time.perf_counter() < end

    app.run(hook=hook)
    assert table.at_rest() and len(dts) >= 2  # a reaction timed from here is timed in wall time
    assert app.frame_at - began[0] <= sum(dts) <= app.frame_at - t0  # the steps' dt: the wall time the loop ran
    # it wakes to step well within MAX_DT (a longer rest would lose the time over it, a step's dt being capped) ...
    assert waits and max(waits) <= app_module.MAX_DT - 0.04, waits
    # ... and its clock counts each step's time in full, less only what a frame late beyond MAX_DT lost (judged
    # against wall time alone, a loaded machine's wake-up 60 ms late failed the test)
    assert table.clock.seconds - start == pytest.approx(sum(min(dt, app_module.MAX_DT) for dt in dts), abs=1e-6)


def test_snap_does_not_rest_while_cards_fly(pg, tmp_path):
    app = make_app(tmp_path)
    table = snap_table(app)
    play_until_rest(app, table)
    assert table.at_rest()
    lay = table.layout
    table.model.flights.append(flight(table.model.sprites.new(table.state.up[0][-1] if table.state.up[0] else
                                                              table.state.down[0][-1]), True, lay.rect_of(0),
                                      lay.rect_of(1), 0.5))
    assert not table.at_rest()


def test_ratscrew_rests_while_it_waits_for_you_to_lay(pg, tmp_path, monkeypatch):
    from game.tables.ratscrew.table import RatscrewTable

    app = make_app(tmp_path)
    setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "medium")], game="ratscrew")
    setup.deal = 12
    app.start_game(setup)
    table = app.stack.top
    assert isinstance(table, RatscrewTable)
    play_until_rest(app, table, your_turn=True)
    assert table.at_rest() and not table.is_animating()
    _, pumped = run_real(app, 0.2, monkeypatch)
    assert not pumped
    table.show_toast("A message fades")
    assert not table.at_rest()


def test_a_flight_works_out_its_place_once_per_frame(pg):
    book = SpriteBook()
    f = flight(book.new("AS"), True, pygame.Rect(0, 0, 50, 70), pygame.Rect(200, 100, 50, 70), 1.0)
    calls = []
    place = f._place
    f._place = lambda: calls.append(1) or place()  # type: ignore[method-assign]
    first = f.rect
    assert f.rect == first and len(calls) == 1
    first.move_ip(5, 5)  # the caller's copy: the flight's place stays its own
    assert f.rect != first
    f.tween.update(0.5)
    assert f.rect != pygame.Rect(first).move(-5, -5) and len(calls) == 2
    f.end.move_ip(10, 0)  # a place moved under a flight
    f.rect
    assert len(calls) == 3


def test_idle_cpu_and_first_frame_print_json(pg, tmp_path, capsys):
    assert main(["--idle-cpu", "title", "--seconds", "1", "--data-dir", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["screen"] == "title" and out["seconds"] >= 1 and 0 <= out["cpu_percent"] < 100
    assert out["resting"] and out["frames_drawn"] == 0
    assert out["sleeps_in"] == "naps" and out["sdl_found"]  # the dummy driver has no wait of its own (X11's has)
    assert main(["--first-frame", "--data-dir", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert 0 < out["since_main_s"] < 60  # the first frame from main(); first_frame_s counts from this process's start
    assert out["since_main_s"] <= out["first_frame_s"] and not out["frozen"]


def test_idle_cpu_refuses_an_unknown_screen(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--idle-cpu", "lobby"])
    assert exc.value.code == 2
    assert "invalid choice: 'lobby'" in capsys.readouterr().err


def test_a_far_timer_lets_a_race_table_rest_and_a_near_one_wakes_it(pg, tmp_path):
    """Snap's two-hour length limit is always a deadline: resting looks only at timers within the horizon."""
    from game.kit.rtdriver import REST_HORIZON_MS

    app = make_app(tmp_path)
    table = snap_table(app)
    play_until_rest(app, table, your_turn=True)
    now = table.clock.now
    deadline = table.state.next_deadline()
    assert deadline is not None and deadline - now > REST_HORIZON_MS  # the length limit, far off
    assert table.driver.waiting(now)
    assert not table.driver.waiting(deadline - REST_HORIZON_MS // 2)  # the same timer, close: awake


def test_the_first_title_frame_needs_no_table_and_no_mixer(tmp_path):
    """A start draws the title before importing the five tables or opening the mixer; the next frame is the
    whole title, pixel for pixel what an app that drew the pictures at once shows."""
    import subprocess
    import sys

    code = f"""
import sys, pygame
pygame.display.init(); pygame.font.init()
from game.shell.app import App
app = App((1280, 720), {str(tmp_path)!r}, seed=1, resizable=False)
app.defer_pictures = True
app.to_title()
assert app.step(0.0, [])
first = pygame.image.tobytes(app.screen, "RGB")
tables = sorted(m for m in sys.modules if m.startswith("game.tables."))
assert not tables, tables
assert pygame.mixer.get_init() is None and not app.sound.tried
app.step(0.0, [])
assert app.sound.tried and any(m.startswith("game.tables.") for m in sys.modules)
deferred = pygame.image.tobytes(app.screen, "RGB")
assert deferred != first
at_once = App((1280, 720), {str(tmp_path)!r}, seed=1, resizable=False)
at_once.to_title()
at_once.step(0.0, [])
assert pygame.image.tobytes(at_once.screen, "RGB") == deferred
print("ok")
"""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    result = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and "ok" in result.stdout, result.stderr


# --- sleeping in SDL's own wait (game.base.waiting) ------------------------------------------------------------


def post_later(seconds: float, event: pygame.event.Event) -> list[float]:
    """Post ``event`` from another thread ``seconds`` from now; the list gets the moments just before and just after
    it was posted."""
    import threading

    posted: list[float] = []

    def post() -> None:
        time.sleep(seconds)
        posted.append(time.perf_counter())
        pygame.event.post(event)
        posted.append(time.perf_counter())

    threading.Thread(target=post, daemon=True).start()
    return posted


def record_waits(monkeypatch, waiter) -> list[tuple[float, float, bool, float]]:
    """Every wait of ``waiter`` from now on: (start, end, came back early, seconds asked)."""
    waits: list[tuple[float, float, bool, float]] = []
    real_wait = waiter.wait

    def wait(seconds: float) -> bool:
        start = time.perf_counter()
        early = real_wait(seconds)
        waits.append((start, time.perf_counter(), early, seconds))
        return early

    monkeypatch.setattr(waiter, "wait", wait)
    return waits


def read_at_once(waits: list[tuple[float, float, bool, float]], posted: list[float], read_at: float) -> bool:
    """The event posted between ``posted[0]`` and ``posted[1]`` was read at once, judged by the order of the moments
    and how the waits ended, not by a wall-clock bound a loaded machine can miss: no wait slept on with it in the
    queue (each wait that ended after it was posted came back early -- it woke the wait it came in -- unless that
    wait's time was up before the post was done: SDL counts whole ms), and at most one wait (the one it woke, or one
    that found it waiting) ended between its post and its reading.  An event that came between two waits is read by
    the next look.  The loop must have been resting in the wait before the post (a loop that never waits proves
    nothing)."""
    held = [w for w in waits if w[1] >= posted[1] and w[0] < read_at]
    return posted[0] <= read_at and bool(waits) and waits[0][0] < posted[1] and len(held) <= 1 and all(
        early or posted[1] >= start + int(seconds * 1000) / 1000 - 0.002 for start, _, early, seconds in held)


def count_looks(monkeypatch) -> list[float]:
    """Every read of the input queue from now on, by the moment it was made."""
    looks: list[float] = []
    real_get = pygame.event.get

    def get(*a, **k):
        looks.append(time.perf_counter())
        return real_get(*a, **k)

    monkeypatch.setattr(pygame.event, "get", get)
    return looks


def space() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)


def test_sdl_s_wait_sleeps_until_an_event_and_leaves_it_for_pygame(pg):
    from game.base.waiting import EventWait

    pygame.display.set_mode((64, 64))
    waiter = EventWait(drivers=None)  # the dummy driver's wait looks every ms inside SDL, but waits the same way
    assert waiter.ready()
    pygame.event.get()
    t0 = time.perf_counter()
    assert waiter.wait(0.06) is False
    assert time.perf_counter() - t0 >= 0.05
    posted = post_later(0.05, space())
    assert waiter.wait(5.0) is True
    woke = time.perf_counter()
    assert posted and woke - posted[0] < 2.5  # back on the event, long before the wait's 5 s (whatever the load)
    assert [e.type for e in pygame.event.get()] == [pygame.KEYDOWN]  # the wait took nothing from the queue
    assert waiter.waits == 2


def test_sdl_s_wait_stands_aside_where_it_would_look_every_millisecond(pg, monkeypatch):
    from game.base.waiting import EventWait, _is_sdl

    pygame.display.set_mode((64, 64))
    assert not EventWait().ready()  # the dummy driver has no wait of its own
    waiter = EventWait(drivers=None)
    assert waiter.ready()
    monkeypatch.setattr(pygame.joystick, "get_init", lambda: True)
    monkeypatch.setattr(pygame.joystick, "get_count", lambda: 1)
    assert not waiter.ready()  # a pad open: SDL reads it every ms while it waits, so the app naps instead
    monkeypatch.setattr(pygame.joystick, "get_count", lambda: 0)
    assert waiter.ready()
    monkeypatch.setattr(pygame, "get_sdl_version", lambda linked=True: (2, 0, 14))
    assert not waiter.ready()  # its wait looked every ms before 2.0.18
    assert all(_is_sdl(n) for n in ("/usr/lib/libSDL2-2.0.so.0", "/x/pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10",
                                    "/x/pygame/.dylibs/libSDL2-2.0.0.dylib", "C:\\x\\pygame\\SDL2.dll"))
    assert not any(_is_sdl(n) for n in ("/x/libSDL2_image-2.0.so.0", "SDL2_mixer.dll", "/x/libSDL2.txt",
                                        "/x/libpng16.so.16"))


def test_a_resting_race_table_sleeps_until_a_key_and_stamps_it_as_it_comes(pg, tmp_path, monkeypatch):
    from game.base.waiting import EventWait

    app = make_app(tmp_path)
    table = snap_table(app)
    play_until_rest(app, table, your_turn=True)
    assert table.at_rest()
    app.waiter = app.pump.waiter = EventWait(drivers=None)
    looks = count_looks(monkeypatch)
    stamped: list[pygame.event.Event] = []
    real_stamp = app.pump.stamp_now
    monkeypatch.setattr(app.pump, "stamp_now", lambda events: stamped.extend(real_stamp(events)) or [])
    waits = record_waits(monkeypatch, app.waiter)
    t0 = time.perf_counter()
    posted = post_later(0.45, space())  # the key is kept from the table: it would wake it
    # on until the key is stamped (a loaded machine may post it late), at most 20 s
    naps, pumped = run_real(app, 20, monkeypatch, until=lambda: any(e.type == pygame.KEYDOWN for e in stamped))
    ran = time.perf_counter() - t0
    assert not pumped and all(n < 0.001 for n in naps)  # no naps: only a wait's last part under a millisecond
    # about one look per RACE_WAIT_S step and one for the key (napping every 2 ms looked ~250 times in 0.6 s)
    assert len(looks) <= 2 * ran / app_module.RACE_WAIT_S + 4, (len(looks), ran)
    keys = [e for e in stamped if e.type == pygame.KEYDOWN]
    assert posted and len(keys) == 1 and 0 <= keys[0].read_at - posted[0]
    # the key woke the wait it came in (not its timeout, up to RACE_WAIT_S later) and was stamped on that wake
    assert read_at_once(waits, posted, keys[0].read_at), (waits, posted, keys[0].read_at)


def test_the_title_at_rest_sleeps_until_input_and_reads_it_at_once(pg, tmp_path, monkeypatch):
    from game.base.waiting import EventWait

    app = resting_title(tmp_path)
    app.waiter = EventWait(drivers=None)
    looks = count_looks(monkeypatch)
    naps, _ = run_real(app, 0.6, monkeypatch)
    # a look or two per IDLE_WAIT_MS (and one per event); napping every REST_NAP_S looked 15 times
    assert all(n < 0.001 for n in naps) and len(looks) <= 7, len(looks)
    waits = record_waits(monkeypatch, app.waiter)
    posted = post_later(0.05, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    assert [e.type for e in app.rest(None)] == [pygame.KEYDOWN]
    read_at = time.perf_counter()
    # the key woke SDL's wait and was read on that wake (napping every REST_NAP_S read it 20 ms late on average)
    assert read_at_once(waits, posted, read_at), (waits, posted, read_at)


def test_the_input_pump_sleeps_between_events_and_stamps_each_as_it_comes(pg, monkeypatch):
    from game.base.stamping import InputPump
    from game.base.waiting import EventWait

    pygame.display.set_mode((64, 64))
    pump = InputPump(waiter=EventWait(drivers=None))
    pygame.event.get()
    pump.collect(10)  # the frames' beat starts here
    waits = record_waits(monkeypatch, pump.waiter)
    real_get, looks = pygame.event.get, []
    pygame.event.get = lambda *a, **k: looks.append(1) or real_get(*a, **k)  # type: ignore[assignment]
    events: list[pygame.event.Event] = []
    frames = 0
    try:
        posted = post_later(0.04, space())
        while not events and frames < 100:  # the key in the first 100 ms frame, or a later one on a loaded machine
            events = [e for e in pump.collect(10) if e.type == pygame.KEYDOWN]
            frames += 1
        done = time.perf_counter()
    finally:
        pygame.event.get = real_get  # type: ignore[assignment]
    assert len(events) == 1 and 0 <= events[0].read_at - posted[0], (events, posted)
    # it woke the wait it came in and was stamped on that wake
    assert read_at_once(waits, posted, events[0].read_at), (waits, posted, events[0].read_at)
    assert done >= pump.next_frame - 0.002  # it still waited for the frame to be due
    # looking every ms read the queue about 100 times in a 100 ms frame
    assert len(looks) <= 6 * frames, (len(looks), frames)


class FakeSDL:
    """SDL's wait, scripted: ``answer(ms)`` sleeps as SDL would and returns what it would."""

    def __init__(self, answer):
        self.asked: list[int] = []
        self.answer = answer

    def SDL_WaitEventTimeout(self, event, ms):  # noqa: N802 (SDL's name)
        self.asked.append(ms)
        return self.answer(ms)


def scripted_waiter(monkeypatch, answer, platform=None):
    from game.base.waiting import EventWait

    if platform is not None:
        monkeypatch.setattr("sys.platform", platform)
    waiter = EventWait(drivers=None)
    sdl = FakeSDL(answer)
    waiter._sdl, waiter._looked = sdl, True
    return waiter, sdl


def test_on_windows_the_pump_waits_in_sdl_only_while_11_ms_are_left_and_polls_the_tail(pg, monkeypatch):
    """Windows' SDL wait (SetTimer + GetMessage) never comes back sooner than 10 ms: a mouse moving every 8 ms
    woke each wait with under 10 ms left and the next wait overshot the frame."""
    from game.base.stamping import InputPump

    pygame.display.set_mode((64, 64))

    def mouse_in_8_ms(ms):
        time.sleep(min(ms, 8) / 1000)
        if ms > 8:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(1, 0), buttons=(0, 0, 0)))
            return 1
        return 0

    waiter, sdl = scripted_waiter(monkeypatch, mouse_in_8_ms, "win32")
    pump = InputPump(waiter=waiter)
    pygame.event.get()
    pump.collect(60)
    for _ in range(3):
        pump.collect(60)
    assert sdl.asked and min(sdl.asked) >= 11, sdl.asked
    waiter, sdl = scripted_waiter(monkeypatch, mouse_in_8_ms, "linux")
    pump = InputPump(waiter=waiter)
    pump.collect(60)
    for _ in range(60):  # a frame or two: a loaded machine's late wake-up may leave no tail to wait in
        pump.collect(60)
        if any(ms < 11 for ms in sdl.asked):
            break
    assert any(ms < 11 for ms in sdl.asked), sdl.asked  # elsewhere short waits are kept


def test_on_windows_a_rest_naps_its_last_11_ms(pg, tmp_path, monkeypatch):
    app = make_app(tmp_path)
    pygame.event.get()
    app.waiter, sdl = scripted_waiter(monkeypatch, lambda ms: time.sleep(ms / 1000) or 0, "win32")
    app.rest(0.002, 0.008)  # too short a wait: napped
    assert not sdl.asked
    app.rest(0.002, 0.05)
    assert sdl.asked and min(sdl.asked) >= 11


def test_an_sdl_wait_that_fails_at_once_falls_back_to_naps_instead_of_spinning(pg, tmp_path, monkeypatch):
    """SDL_WaitEventTimeout returning 0 at once (an error, say the event system shut down) is no timeout."""
    from game.base.stamping import InputPump

    app = make_app(tmp_path)
    pygame.event.get()
    waiter, sdl = scripted_waiter(monkeypatch, lambda ms: 0)
    app.waiter = waiter
    t0 = time.perf_counter()
    app.rest(0.002, 0.1)
    assert time.perf_counter() - t0 >= 0.09  # it still rested its time
    assert len(sdl.asked) <= 2, len(sdl.asked)  # looping on the failing wait called it thousands of times
    pump = InputPump(waiter=waiter)
    sdl.asked.clear()
    pump.collect(10)
    pump.collect(10)
    assert len(sdl.asked) <= 4, len(sdl.asked)
    assert waiter.wait(0.05) is True  # back early with nothing: a wake, not a timeout
