"""The shared real-time table parts (game/kit): per-seat keys, input stamping, the real-time driver."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from ai.reflex import Reflexes, ReflexScheduler, run_until  # noqa: E402
from ai.snap import SnapEye  # noqa: E402
from engine.envelope import GameRecord  # noqa: E402
from engine.games import GAMES  # noqa: E402
from engine.snap import Snap, SnapWon  # noqa: E402
from game.kit.clock import TableClock  # noqa: E402
from game.kit.rtdriver import RealtimeDriver, catch_up  # noqa: E402
from game.kit.seatkeys import DEFAULT_BLOCKS, RESERVED_KEYS, SeatAction, SeatKeys, load_seat_keys  # noqa: E402
from game.shell.settings import Settings  # noqa: E402
from tests.snap_helpers import snap_game  # noqa: E402

ACTIONS = (SeatAction("flip", "Flip"), SeatAction("snap", "Snap!"), SeatAction("snap-pot", "Snap Pot!"))
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def test_default_keys_are_distinct_blocks_and_never_the_apps():
    keys = SeatKeys.defaults(ACTIONS)
    every = [k for b in keys.seats for k in b.keys.values()]
    assert len(every) == len(set(every)) == 3 * len(DEFAULT_BLOCKS)
    assert not set(every) & RESERVED_KEYS
    assert keys.seats[0].keys == {"flip": pygame.K_a, "snap": pygame.K_s, "snap-pot": pygame.K_d}
    assert keys.seats[1].keys == {"flip": pygame.K_j, "snap": pygame.K_k, "snap-pot": pygame.K_l}
    two = SeatKeys.defaults(ACTIONS[:2])  # a game with two actions per seat takes the first two of each block
    assert two.seats[0].keys == {"flip": pygame.K_a, "snap": pygame.K_s}


def test_a_key_another_seat_uses_is_refused_with_the_reason():
    keys = SeatKeys.defaults(ACTIONS)
    reason = keys.bind(0, "snap", pygame.K_k, NAMES)
    assert reason == "K is already Bo's Snap! key."
    assert keys.seats[0].keys["snap"] == pygame.K_s
    assert "menu" in keys.bind(0, "snap", pygame.K_ESCAPE, NAMES)
    assert keys.bind(0, "snap", pygame.K_SPACE, NAMES) is None
    assert keys.keymap([0, 2]).lookup(pygame.K_SPACE) == (0, "snap")
    assert keys.bind(0, "flip", pygame.K_SPACE, NAMES) is None  # the same seat's own key: the two swap
    assert keys.seats[0].keys["flip"] == pygame.K_SPACE and keys.seats[0].keys["snap"] == pygame.K_a


def test_keys_and_controllers_are_remembered_in_the_settings(tmp_path):
    keys = SeatKeys.defaults(ACTIONS)
    keys.bind(1, "snap", pygame.K_m)
    keys.give_pad(2, "03000000abcd")
    settings = Settings()
    settings.seat_keys = {"snap": keys.to_json()}
    settings.save(tmp_path)
    loaded, problem = Settings.load(tmp_path)
    assert problem is None
    again = load_seat_keys(loaded.seat_keys, "snap", ACTIONS)
    assert again.seats[1].keys["snap"] == pygame.K_m
    assert again.seats[2].pad == "03000000abcd" and again.seats[2].buttons == {"flip": 0, "snap": 1, "snap-pot": 2}
    assert again.pad_lookup([0, 3, 5], "03000000abcd", 1) == (5, "snap")
    broken = load_seat_keys({"snap": {"seats": [{"keys": {"flip": "x", "snap": 27}}]}}, "snap", ACTIONS)
    assert broken.seats[0].keys == {"flip": pygame.K_a, "snap": pygame.K_s, "snap-pot": pygame.K_d}


def test_an_event_is_stamped_when_it_was_read_not_at_the_frame():
    clock = TableClock()
    clock.advance(0.1, wall=10.1)
    clock.advance(1 / 30, wall=10.1 + 1 / 30)  # now 133 ms; the last frame was at 100 ms
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s)
    event.read_at = 10.1 + 0.0071  # read 7.1 ms after the last frame
    assert clock.stamp(event) == 107
    event.read_at = 9.0  # read before the last frame (can't be): clamped into this frame
    assert clock.stamp(event) == 100
    assert clock.stamp(pygame.event.Event(pygame.KEYDOWN, key=1)) == clock.now


def exact_bot(ms: int) -> ReflexScheduler:
    """A bot that reacts in exactly ``ms`` and flips 500 ms after its turn comes."""
    return ReflexScheduler(SnapEye(), Reflexes(mu=ms, sigma=0, tau=0, miss=0, false_rate=0, pace_mu=500, pace_sigma=0,
                                               pace_tau=0), seed=1)


def test_driver_judges_each_claim_at_its_own_time_whatever_the_frame_rate():
    for fps in (30, 144):
        # Ann's 7H and Bo's 7S are on top already: the match showed at 0 ms
        state = snap_game(["2C 3D 4H", "2S 3H 4C"], ["7H", "7S"], tie_ms=10)
        record = GameRecord(GAMES["snap"], (), 1)
        driver = RealtimeDriver(state, {1: exact_bot(320)}, run_until, record)
        won = []
        t = 0.0
        while t < 400:
            t += 1000 / fps
            now = int(t)
            if now >= 340 > now - 1000 / fps:
                driver.press(0, Snap(), 340)  # Ann's key was read at 340 ms, within this frame
            for p in driver.step(now):
                won += [e for e in p.events if isinstance(e, SnapWon)]
        assert won[0].seat == 1 and won[0].reaction_ms == 320, fps
        assert [(e.seat, e.at) for e in record.entries][:2] == [(1, 320), (0, 340)]  # Ann's came just after the cards went: a free late call


def test_catch_up_plays_the_record_exactly():
    state = snap_game(["2C 3D 4H 5S", "2S 3H 4C 5D"], ["7H", "7S"], tie_ms=40)
    other = state.clone()
    driver = RealtimeDriver(state, {1: exact_bot(300)}, run_until)
    entries = []
    for now in range(0, 3000, 16):
        for p in driver.step(now):
            if p.seat is not None and p.refused is None:
                entries.append((p.seat, p.action, p.at))
    catch_up(other, entries, 2992)
    assert other.snapshot() == state.snapshot()


def test_the_input_pump_stamps_each_event_when_it_was_read():
    from game.base.stamping import InputPump

    pygame.init()
    try:
        pygame.display.set_mode((64, 64))
        ticks = iter(x / 1000 for x in range(0, 10_000))
        pump = InputPump(poll_s=0.0, clock=lambda: next(ticks))
        pygame.event.clear()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
        events = [e for e in pump.collect(200) if e.type == pygame.KEYDOWN]
        assert len(events) == 1 and isinstance(events[0].read_at, float)
        assert events[0].read_at <= pump.next_frame
    finally:
        pygame.quit()


def test_the_binding_screen_refuses_another_seats_key_and_says_why(tmp_path):
    from game.kit.keyscreens import KeyBindingScene
    from game.shell.app import App

    pygame.init()
    try:
        app = App((960, 600), tmp_path, seed=1, resizable=False)
        app.to_title()
        scene = KeyBindingScene(app, "snap", "Change keys", ACTIONS, NAMES[:3])
        app.stack.push(scene)
        scene.choose(0, 1)  # Ann's Snap!
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_k, mod=0, unicode="k", scancode=0))
        assert scene.message_bad and "K is already Bo's Snap! key" in scene.message
        scene.choose(0, 1)
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q", scancode=0))
        assert not scene.message_bad
        assert load_seat_keys(app.settings.seat_keys, "snap", ACTIONS).seats[0].keys["snap"] == pygame.K_q
        again, _ = Settings.load(tmp_path)  # saved at once
        assert load_seat_keys(again.seat_keys, "snap", ACTIONS).seats[0].keys["snap"] == pygame.K_q
    finally:
        pygame.quit()


def test_statistics_keep_a_running_mean_of_average_keys():
    from game.shell.stats import StatLine

    line = StatLine()
    line.add(10, "won", extra={"fastest_snap_ms": 300, "average_snap_ms": 400, "false_calls": 1})
    line.add(10, "lost", extra={"fastest_snap_ms": 350, "average_snap_ms": 500, "false_calls": 2})
    assert line.extra["fastest_snap_ms"] == 300 and line.extra["average_snap_ms"] == 450 and line.extra["false_calls"] == 3
