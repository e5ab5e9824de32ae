"""Races across a network: the clock sync's minimum-RTT filter, the judged moment, and forged stamps clamped."""

from __future__ import annotations

import random

from game.net.clock import MAX_WINDOW_MS, ClockSync, DelayedBot, claim_window


def _synced(offset: float, one_way: float, jitter: float, seed: int = 1) -> ClockSync:
    """A client whose clock is ``offset`` behind the host's, ``one_way`` ms away, with up to ``jitter`` ms more each way."""
    rng = random.Random(seed)
    sync = ClockSync()
    t = 1000.0
    for _ in range(16):
        there = t + one_way + rng.uniform(0, jitter)
        back = there + one_way + rng.uniform(0, jitter)
        sync.add(t, back, there - offset)
        t += 250
    return sync


def test_the_minimum_rtt_sample_gives_the_offset_and_delay() -> None:
    sync = _synced(offset=5000, one_way=40, jitter=15)
    assert abs(sync.offset_ms - 5000) < 8
    assert 80 <= sync.rtt_ms < 90
    assert sync.slack_ms <= 30


def test_an_honest_press_counts_when_it_was_made_minus_the_way_to_the_client() -> None:
    sync = _synced(offset=5000, one_way=40, jitter=0)
    made = 20_000.0  # host time
    judged = sync.judge(made - 5000, arrived_h=made + 40)
    assert abs(judged - (made - 40)) < 2


def test_a_stamp_100_ms_early_gains_at_most_the_slack() -> None:
    sync = _synced(offset=5000, one_way=40, jitter=15)
    made = 20_000.0
    honest = sync.judge(made - 5000, made + 47)
    forged = sync.judge(made - 5000 - 100, made + 47)
    assert honest - forged <= sync.slack_ms + 1


def test_a_stamp_in_the_future_or_before_the_view_arrived_is_clamped() -> None:
    sync = _synced(offset=0, one_way=40, jitter=0)
    assert sync.judge(99_999, arrived_h=20_040) <= 20_000 - 40 + 1  # made at most when it left the client
    shaky = _synced(offset=0, one_way=40, jitter=120)  # a wide slack: the view's moment is the tighter bound
    d = shaky.one_way_ms
    view_sent = 20_300 - 2 * d - 60  # the view reached the client 60 ms before the press left it
    judged = shaky.judge(0, arrived_h=20_300, view_sent_h=view_sent)
    assert judged >= view_sent - 0.5  # made no earlier than the view arrived: counted from when it was sent


def test_the_claim_window_covers_the_slowest_client_and_has_a_ceiling() -> None:
    near, far = _synced(0, 5, 2), _synced(0, 120, 15)
    assert claim_window([near, far]) >= far.rtt_ms + far.slack_ms
    assert claim_window([_synced(0, 2000, 0)]) == MAX_WINDOW_MS


def test_a_delayed_bot_acts_the_window_later() -> None:
    class Bot:
        def next_due(self) -> int:
            return 500

    assert DelayedBot(Bot(), 160).next_due() == 660


def test_a_delayed_bot_never_acts_before_the_engines_clock() -> None:
    class Bot:
        def next_due(self) -> int:
            return 500

    bot = DelayedBot(Bot(), 160)
    bot.floor = 900  # the window shrank after the bot chose its moment: it acts now, where the record says
    assert bot.next_due() == 900
