"""LAN discovery on the loopback interface: a Join screen's finder lists a Host screen's beacon, and nothing else."""

from __future__ import annotations

import json
import socket

from game.net import lan


def _free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_tests_keep_to_loopback() -> None:
    assert lan.loopback_only()
    assert lan.bind_address() == "127.0.0.1" and lan.broadcast_address() == "127.0.0.1"
    assert lan.this_computer_address() == "127.0.0.1"
    assert lan.check_destination("127.0.0.1") is None and lan.check_destination("localhost") is None
    assert "127.0.0.1" in (lan.check_destination("192.168.1.20") or "")


def test_the_finder_lists_a_beacon_and_forgets_it_when_it_closes() -> None:
    port = _free_udp_port()
    beacon = lan.HostBeacon(lambda: {"name": "Ada", "game": "snap", "title": "Snap", "port": 47474, "seats_free": 2},
                            port=port)
    finder = lan.HostFinder(port=port)
    try:
        assert beacon.problem is None
        finder.poll(0.0)  # asks
        import time
        deadline = time.monotonic() + 20  # on loopback it comes at once; a loaded machine may take a moment
        while beacon.poll() == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        while not finder.poll(0.1) and time.monotonic() < deadline:
            time.sleep(0.01)
        [host] = finder.found()
        assert (host.address, host.port, host.name, host.title, host.seats_free) == ("127.0.0.1", 47474, "Ada", "Snap", 2)
        assert "Ada: Snap at 127.0.0.1:47474, 2 seats free" == host.label
        beacon.close()
        assert finder.poll(0.1 + lan.FORGET_AFTER_S + 0.1)  # no answer for a while: gone
        assert finder.found() == []
    finally:
        beacon.close()
        finder.close()


def test_bad_datagrams_are_dropped() -> None:
    assert lan.parse_datagram(b"x" * (lan.MAX_DATAGRAM + 1)) is None
    assert lan.parse_datagram(b"\xff\xfe") is None
    assert lan.parse_datagram(b"[1, 2]") is None
    assert lan.parse_datagram(b'{"cardroom": "rm -rf"}') is None
    good = {"cardroom": "here", "name": "Ada", "game": "snap", "title": "Snap", "port": 47474, "seats_free": 1}
    assert lan.found_host(good, "127.0.0.1") is not None
    for key, bad in (("port", 0), ("port", "47474"), ("name", ""), ("name", "x" * 41), ("seats_free", -1),
                     ("title", None)):
        assert lan.found_host(dict(good, **{key: bad}), "127.0.0.1") is None, key
    assert lan.parse_datagram(json.dumps(good).encode()) == good
