"""Sleeping until input comes, in the window system, instead of looking at the queue again and again.

pygame-ce has no blocking wait: ``pygame.event.wait(timeout)`` is a loop of a pump and ``SDL_Delay(1)``,
and the app's own naps (a look, a sleep, a look) pay at every look a wake-up, a pump of the window
system's connection and a handful of system calls.  Under X11 a look costs about 0.05-0.08 ms of CPU, so
a race table looking every 2 ms spent 1.8-3.6% of a core doing nothing (``strace -c``: a ``clock_nanosleep``,
two ``recvmsg`` that find nothing and a ``poll`` per look, about 440 wake-ups a second).

SDL itself can block (from 2.0.18 on the drivers below): ``SDL_WaitEventTimeout`` sleeps in the window
system (a ``poll`` on the X connection, ``SetTimer`` and ``GetMessage`` on Windows, the Cocoa run loop on
macOS) until an event arrives, another thread posts one (``pygame.event.post``: a network message, a timer)
or the timeout passes.  Given no event to fill, it leaves the event in the queue, where ``pygame.event.get``
reads it the moment the wait returns: a key is read within a fraction of a millisecond of arriving, and a
screen at rest wakes only when something happens or its timeout passes.

On Windows a timer never fires sooner than 10 ms (``USER_TIMER_MINIMUM``), so a shorter wait there comes
back 10 ms or more after it was asked to: the callers wait only while :meth:`EventWait.keeps` the time
left (:data:`SHORTEST_WAIT_S`) and nap the rest.  A wait that comes back early with no event (SDL failed,
say its event system is shut down) counts as a wake: the callers look at the queue and, finding nothing,
nap for the rest of that wait instead of calling it again and again.

:class:`EventWait` calls it through ``ctypes`` on the very SDL library pygame loaded (the one whose video
is initialised).  Where that can't help it says so (:meth:`EventWait.ready` is False) and the caller naps
as before: no SDL library found, an SDL older than 2.0.18 or a video driver with no blocking wait (SDL would
look every millisecond inside: the dummy and offscreen drivers), or a controller open (SDL then reads the
pads every millisecond while it waits).
"""

from __future__ import annotations

import sys
import time
from typing import Any

import pygame

BLOCKING_DRIVERS = frozenset({"x11", "wayland", "windows", "cocoa"})
"""SDL's video drivers whose wait sleeps in the window system (the others look every millisecond)."""
BLOCKING_SDL = (2, 0, 18)
"""The first SDL whose wait sleeps in the window system on every one of those drivers."""
SDL_INIT_VIDEO = 0x20
SHORTEST_WAIT_S = {"win32": 0.011}
"""The shortest timeout SDL's wait keeps, by ``sys.platform`` (none elsewhere): Windows' timers take 10 ms at least."""
EARLY_S = 0.002
"""A wait back this much before its timeout with no event came back early: SDL failed (see the module docstring)."""


def _is_sdl(name: str) -> bool:
    """``libSDL2-2.0.so.0``, ``libSDL2-2-50d19f93.0.so.0.3200.10``, ``libSDL2-2.0.0.dylib``, ``SDL2.dll``; not
    ``libSDL2_image`` and the like."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1].lower()
    base = base[3:] if base.startswith("lib") else base
    if not base.startswith("sdl2") or base.startswith("sdl2_"):
        return False
    return base.endswith((".dll", ".dylib")) or ".so" in base


def _loaded_paths(ctypes: Any) -> list[str]:
    """The files of the libraries this process has loaded whose names look like SDL 2's."""
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
                paths = [line.split(maxsplit=5)[-1].strip() for line in maps if "SDL2" in line]
        except OSError:
            return []
        return list(dict.fromkeys(p for p in paths if p.startswith("/") and _is_sdl(p)))
    if sys.platform == "darwin":
        try:
            dyld = ctypes.CDLL(None)
            dyld._dyld_get_image_name.restype = ctypes.c_char_p
            names = (dyld._dyld_get_image_name(i) for i in range(dyld._dyld_image_count()))
            return [n.decode() for n in names if n and _is_sdl(n.decode())]
        except (AttributeError, OSError):
            return []
    if sys.platform == "win32":
        return ["SDL2.dll"]  # the name of a loaded module finds that module
    return []


def _open_sdl() -> Any | None:
    """pygame's own SDL library (its video initialised: not some other copy), or None."""
    try:
        import ctypes  # the executable must bundle it (build_exe.spec); without it the loop naps
    except ImportError:
        return None
    for path in _loaded_paths(ctypes):
        try:
            lib = ctypes.CDLL(path)
            lib.SDL_WasInit.argtypes = [ctypes.c_uint32]
            lib.SDL_WasInit.restype = ctypes.c_uint32
            lib.SDL_WaitEventTimeout.argtypes = [ctypes.c_void_p, ctypes.c_int]
            lib.SDL_WaitEventTimeout.restype = ctypes.c_int
        except (OSError, AttributeError):
            continue
        if lib.SDL_WasInit(SDL_INIT_VIDEO):
            return lib
    return None


class EventWait:
    """Sleeps until an event is in SDL's queue or a timeout passes (see the module docstring)."""

    def __init__(self, drivers: frozenset[str] | None = BLOCKING_DRIVERS) -> None:
        self.drivers = drivers
        """The video drivers it blocks on (None: any, as tests do with the dummy driver)."""
        self._sdl: Any | None = None
        self._looked = False
        self.waits = 0
        """How many times it has waited."""
        self.shortest = SHORTEST_WAIT_S.get(sys.platform, 0.0)
        """Its shortest wait that comes back on time (see :meth:`keeps`)."""

    def _library(self) -> Any | None:
        if not self._looked and pygame.display.get_init():
            self._looked = True
            self._sdl = _open_sdl()
        return self._sdl

    def found(self) -> bool:
        """pygame's SDL library was found and can be called (whatever the driver)."""
        return self._library() is not None

    def ready(self) -> bool:
        """Waiting here sleeps until something happens: SDL was found, the video driver blocks, no pad is open."""
        if not pygame.display.get_init() or pygame.get_sdl_version(linked=True) < BLOCKING_SDL:
            return False
        if self.drivers is not None and pygame.display.get_driver() not in self.drivers:
            return False
        if pygame.joystick.get_init() and pygame.joystick.get_count() > 0:
            return False
        return self._library() is not None

    def keeps(self, seconds: float) -> bool:
        """SDL's wait comes back on time after ``seconds`` here (on Windows not under :data:`SHORTEST_WAIT_S`):
        shorter, the caller naps."""
        return seconds >= self.shortest

    def wait(self, seconds: float) -> bool:
        """Sleep until an event is in the queue or ``seconds`` pass (False), to the millisecond; under a
        millisecond it just sleeps.  True: it came back early, with the event left in the queue for
        ``pygame.event.get``, or with none (SDL failed): a caller that finds the queue empty naps for the rest
        of its wait.  Only when :meth:`ready`."""
        ms = int(seconds * 1000)
        if ms <= 0:
            time.sleep(max(0.0, seconds))
            return False
        sdl = self._library()
        assert sdl is not None, "EventWait.wait without EventWait.ready"
        self.waits += 1
        start = time.perf_counter()
        if sdl.SDL_WaitEventTimeout(None, ms) > 0:
            return True
        return time.perf_counter() - start < ms / 1000 - EARLY_S  # 0 before its time: an error, not a timeout
