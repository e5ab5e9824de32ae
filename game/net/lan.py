"""Finding a host on this network, and where the app's sockets may reach.

**Loopback only.** When the environment variable :data:`LOOPBACK_ENV` is set
(``tests/conftest.py`` and the Makefile's test target set it), every socket the
app opens binds, sends and connects to 127.0.0.1 only: :func:`bind_address`,
:func:`broadcast_address` and :func:`check_destination` say where, and a test
run can never send a packet to the local network.

**Discovery** (only while the Host or the Join screen is open): a Join screen's
:class:`HostFinder` sends a small question (``{"cardroom": "who"}``) once a
second to the network's broadcast address, UDP port :data:`DISCOVERY_PORT`; a
Host screen's :class:`HostBeacon` listens on that port and answers the asker
alone with what the Join screen lists (``{"cardroom": "here", "game", "title",
"name", "port", "seats_free"}``).  The room code is never in an answer: a
player still needs it from the host.  Datagrams are size-limited, JSON only and
schema-checked; anything else is dropped.  Both sides are non-blocking sockets
polled from the screen's ``update`` (no thread): the pygame loop never waits.
"""

from __future__ import annotations

import ipaddress
import json
import os
import socket
from dataclasses import dataclass
from typing import Any, Callable

LOOPBACK_ENV = "CARDROOM_LOOPBACK_ONLY"
"""Set (to anything but "" or "0"): every socket of the app stays on 127.0.0.1."""
LOOPBACK = "127.0.0.1"
DISCOVERY_PORT = 47473
"""The UDP port Host screens listen on for the Join screens' question."""
DEFAULT_PORT = 47474
"""The TCP port a host offers by default (the one to forward on a home router)."""
ASK_EVERY_S = 1.0
FORGET_AFTER_S = 3.5
"""A host that stopped answering for this long leaves the list (its screen was closed)."""
MAX_DATAGRAM = 512


def loopback_only() -> bool:
    """Whether this process must keep to 127.0.0.1 (tests, benches)."""
    return os.environ.get(LOOPBACK_ENV, "") not in ("", "0")


def bind_address(wanted: str = "0.0.0.0") -> str:
    """Where a listening socket binds: ``wanted``, or 127.0.0.1 under :func:`loopback_only`."""
    return LOOPBACK if loopback_only() else wanted


def broadcast_address() -> str:
    """Where the discovery question goes: the local network's broadcast, or 127.0.0.1 under loopback only."""
    return LOOPBACK if loopback_only() else "255.255.255.255"


def check_destination(host: str) -> str | None:
    """Why the app must not connect to ``host`` now (loopback only and ``host`` elsewhere), else None."""
    if not loopback_only():
        return None
    try:
        if ipaddress.ip_address(host).is_loopback:
            return None
    except ValueError:
        if host in ("localhost",):
            return None
    return f"Only this computer (127.0.0.1) may be reached here ({LOOPBACK_ENV} is set)."


def this_computer_address() -> str:
    """This computer's address on the local network as friends would type it (no packet is sent: a UDP socket
    is only pointed at an outside address so the system picks the interface); 127.0.0.1 under loopback only."""
    if loopback_only():
        return LOOPBACK
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere; connect() on UDP sends nothing
        return str(probe.getsockname()[0])
    except OSError:
        return LOOPBACK
    finally:
        probe.close()


def parse_datagram(data: bytes) -> dict[str, Any] | None:
    """A discovery datagram as a dict, or None if it is too big, not JSON, or not ours."""
    if len(data) > MAX_DATAGRAM:
        return None
    try:
        message = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    if not isinstance(message, dict) or message.get("cardroom") not in ("who", "here"):
        return None
    return message


@dataclass(frozen=True)
class FoundHost:
    """A host that answered: what the Join screen lists (and fills in when picked)."""

    address: str
    port: int
    name: str
    game: str
    title: str
    seats_free: int

    @property
    def label(self) -> str:
        free = f"{self.seats_free} seat{'s' if self.seats_free != 1 else ''} free"
        return f"{self.name}: {self.title} at {self.address}:{self.port}, {free}"


def found_host(message: dict[str, Any], address: str) -> FoundHost | None:
    """An answer's host, or None when a field is missing or of the wrong kind."""
    port, name, game, title, free = (message.get(k) for k in ("port", "name", "game", "title", "seats_free"))
    if message.get("cardroom") != "here" or not isinstance(port, int) or not 0 < port < 65536:
        return None
    if not all(isinstance(v, str) and 0 < len(v) <= 40 for v in (name, game, title)):
        return None
    if not isinstance(free, int) or not 0 <= free <= 10:
        return None
    return FoundHost(address, port, str(name), str(game), str(title), free)


class HostBeacon:
    """The Host screen's side: answers each Join screen's question with ``describe()`` (non-blocking; poll it)."""

    def __init__(self, describe: Callable[[], dict[str, Any]], port: int = DISCOVERY_PORT) -> None:
        self.describe = describe
        self.sock: socket.socket | None = None
        self.problem: str | None = None
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if hasattr(socket, "SO_REUSEPORT"):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            sock.bind((bind_address(), port))
            sock.setblocking(False)
            self.sock = sock
        except OSError as exc:
            self.problem = f"Friends on this network can't find this game by themselves ({exc.strerror or exc}); " \
                           "they can still type its address."

    def poll(self) -> int:
        """Answer every question waiting; how many were answered."""
        answered = 0
        while self.sock is not None:
            try:
                data, sender = self.sock.recvfrom(MAX_DATAGRAM + 1)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                break
            message = parse_datagram(data)
            if message is None or message.get("cardroom") != "who":
                continue
            if check_destination(sender[0]) is not None:
                continue
            reply = dict(self.describe(), cardroom="here")
            try:
                self.sock.sendto(json.dumps(reply).encode("utf-8")[:MAX_DATAGRAM], sender)
                answered += 1
            except OSError:
                pass
        return answered

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None


class HostFinder:
    """The Join screen's side: asks once a second, lists who answered lately (non-blocking; poll it with time)."""

    def __init__(self, port: int = DISCOVERY_PORT) -> None:
        self.port = port
        self.hosts: dict[tuple[str, int], tuple[FoundHost, float]] = {}
        self.next_ask = 0.0
        self.sock: socket.socket | None = None
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            if not loopback_only():
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            sock.bind((bind_address(), 0))
            sock.setblocking(False)
            self.sock = sock
        except OSError:
            self.sock = None

    def poll(self, now: float) -> bool:
        """Ask again if due, read the answers; whether the list changed. ``now`` in seconds (the screen's time)."""
        if self.sock is None:
            return False
        changed = False
        if now >= self.next_ask:
            self.next_ask = now + ASK_EVERY_S
            try:
                self.sock.sendto(b'{"cardroom": "who"}', (broadcast_address(), self.port))
            except OSError:
                pass
        while True:
            try:
                data, sender = self.sock.recvfrom(MAX_DATAGRAM + 1)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                break
            message = parse_datagram(data)
            host = found_host(message, sender[0]) if message is not None else None
            if host is None:
                continue
            key = (host.address, host.port)
            changed = changed or key not in self.hosts or self.hosts[key][0] != host
            self.hosts[key] = (host, now)
        for key in [k for k, (_, seen) in self.hosts.items() if now - seen > FORGET_AFTER_S]:
            del self.hosts[key]
            changed = True
        return changed

    def found(self) -> list[FoundHost]:
        return sorted((h for h, _ in self.hosts.values()), key=lambda h: (h.name, h.address, h.port))

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None


__all__ = ["LOOPBACK_ENV", "DEFAULT_PORT", "DISCOVERY_PORT", "FoundHost", "HostBeacon", "HostFinder", "bind_address",
           "broadcast_address", "check_destination", "loopback_only", "this_computer_address"]
