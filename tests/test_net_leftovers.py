"""Nothing of one network test reaches the tests after it in the same process (the whole suite runs in one).

A client that went on after its table and session closed posted its wake events into whatever pygame queue was up
then (the next test's); a network thread left running (a host serving, a client reconnecting) would go on in every
later test.  ``tests/conftest.py`` fails any test that leaves a network thread behind.
"""

from __future__ import annotations

import threading
import time

from game.net.client import Client
from tests.conftest import network_threads_left


def test_a_closed_client_posts_nothing_more_to_the_pygame_side() -> None:
    client = Client()
    woken: list[int] = []
    client.wake = lambda: woken.append(1)
    client.close()  # the table left, the session closed ...
    client._post({"t": "lobby"})  # ... and a message was still on its way
    assert woken == []  # before: posted a wake into a queue that was not its table's any more
    assert client.inbox.qsize() == 1  # (kept, for whoever polls: nothing is lost)


def test_the_suite_names_a_network_thread_a_test_left_running() -> None:
    before = set(threading.enumerate())
    stop = threading.Event()
    left = threading.Thread(target=stop.wait, name="net-client", daemon=True)
    ending = threading.Thread(target=lambda: time.sleep(0.2), name="net-host", daemon=True)
    other = threading.Thread(target=stop.wait, name="sss-saves", daemon=True)
    for thread in (left, ending, other):
        thread.start()
    try:
        assert network_threads_left(before, wait_s=1.0) == ["net-client"]  # the host ended in time; not a net thread
    finally:
        stop.set()
        left.join(2)
        other.join(2)
    assert network_threads_left(before, wait_s=1.0) == []
