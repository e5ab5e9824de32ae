"""Every test keeps its sockets on 127.0.0.1: network play's hosts, clients and LAN discovery read this.

And no test leaves a network thread behind (a host serving, a client reconnecting, a proxy): it would go on in the
tests after it, in the same process (see :func:`network_threads_left`)."""

import os
import threading
import time

import pytest

os.environ.setdefault("CARDROOM_LOOPBACK_ONLY", "1")

NETWORK_THREADS = ("net-host", "net-client", "net-proxy")
"""The names game.net gives its threads."""


def network_threads_left(before: set[threading.Thread], wait_s: float = 10.0) -> list[str]:
    """The network threads started since ``before`` still alive after up to ``wait_s`` seconds (each stopping one
    ends within a few seconds: a host's bye, a client's close)."""
    end = time.monotonic() + wait_s
    while True:
        left = [t for t in threading.enumerate() if t not in before and t.name in NETWORK_THREADS and t.is_alive()]
        if not left or time.monotonic() >= end:
            return sorted(t.name for t in left)
        time.sleep(0.05)


@pytest.fixture
def pg():
    """pygame started for a test and shut down after it (the tests set the dummy video and audio drivers)."""
    import pygame

    pygame.init()
    yield
    pygame.quit()


@pytest.fixture
def app(tmp_path):
    """An app on the title screen for a UI test (:func:`game_helpers.make_app`), pygame shut down after it."""
    import pygame

    from game_helpers import make_app

    pygame.init()
    yield make_app(tmp_path)
    pygame.quit()


@pytest.fixture(autouse=True)
def no_network_thread_left_behind():
    before = set(threading.enumerate())
    yield
    left = network_threads_left(before)
    assert not left, f"the test left network threads running: {left} (stop hosts, close clients and proxies)"
