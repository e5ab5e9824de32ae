"""What the app costs at rest, and how long it takes to start: ``--idle-cpu SCREEN`` and ``--first-frame``.

``python -m game --idle-cpu SCREEN --seconds 30`` opens one screen in a real
window (whatever display there is; under Xvfb on a server), lets it settle (a
table plays on until it waits for the human), then runs the real loop for the
given seconds and reads the process's CPU time from ``/proc/<pid>/stat``
(``os.times()`` where there is no ``/proc``).  It prints one JSON object, with
``cpu_percent`` of one core and ``sleeps_in``: ``sdl_wait`` where the loop sleeps in SDL's wait until input
comes (:mod:`game.base.waiting`), ``naps`` where it looks at the queue now and then; ``sdl_found``: whether
pygame's SDL library was found for that wait (whatever the video driver).  The screens are :data:`MENUS` and every playable
game's id (that game's table, you against a bot, waiting for you), or ``net-`` and a game's id: that game's
table on a friend's computer (a dedicated host, ``python -m game.net.serve``, in a process of its own on
127.0.0.1 with this computer's seat and a bot; its CPU is not counted), waiting for you.

``python -m game --first-frame`` starts the app, draws the title once and prints
JSON with the seconds from the process's start (the launcher's, for the
one-file executable, which unpacks first) to that frame.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Callable

from engine.games import playable_games

MENUS = ("title", "game-menu", "new-game", "rules", "stats", "replays", "settings", "pause")
"""The menu screens ``--idle-cpu`` knows (``game-menu`` and the ones under it are of ``--game``'s game)."""
SETTLE_S = 12.0
"""At most this long for a table to come to the human's turn before the measuring starts."""


def screens() -> list[str]:
    return list(MENUS) + [info.id for info in playable_games()] + [NET + info.id for info in playable_games()]


NET = "net-"
"""``net-ID``: game ID's table joined over the network (see :func:`_join_a_host`)."""


def _ticks() -> float:
    return float(os.sysconf("SC_CLK_TCK")) if hasattr(os, "sysconf") else 100.0


def cpu_seconds(pid: int | str = "self") -> float:
    """User + system CPU seconds of process ``pid`` so far, from ``/proc/<pid>/stat`` (else ``os.times()``)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        t = os.times()
        return t.user + t.system
    fields = stat.rpartition(")")[2].split()  # the command name may hold spaces: fields after it
    return (int(fields[11]) + int(fields[12])) / _ticks()  # utime, stime (fields 14 and 15 of proc(5))


def seconds_since_start(pid: int | str = "self") -> float | None:
    """Wall seconds since process ``pid`` started (``/proc``; None where there is none)."""
    try:
        start = int(Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[19])  # starttime, field 22
        uptime = float(Path("/proc/uptime").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return uptime - start / _ticks()


def _open(app, screen: str, game_id: str) -> Callable[[], None] | None:
    """Put ``screen`` on top of the app's stack, as a player would reach it; what ends what it started, if anything."""
    from game.screens.game_menu import GameMenuScene
    from game.screens.new_game import NewGameScene
    from game.screens.replays import ReplaysScene
    from game.screens.rules import RulesScene
    from game.screens.settings import SettingsScene
    from game.screens.stats import StatsScene
    from game.shell.session import GameSetup

    app.to_title()
    menus: dict[str, Callable[[], object]] = {
        "game-menu": lambda: GameMenuScene(app, game_id), "new-game": lambda: NewGameScene(app, game_id),
        "rules": lambda: RulesScene(app, game_id), "stats": lambda: StatsScene(app, game_id),
        "replays": lambda: ReplaysScene(app, game_id), "settings": lambda: SettingsScene(app)}
    if screen in menus:
        app.game_id = game_id
        app.stack.push(menus[screen]())
    elif screen == "pause":
        from game.screens.overlays import PauseScene

        app.start_game(GameSetup.quick(game_id))
        app.stack.push(PauseScene(app, app.stack.top))
    elif screen.startswith(NET):
        return _join_a_host(app, screen[len(NET):])
    elif screen != "title":
        app.start_game(GameSetup.quick(screen))
    return None


def _join_a_host(app, game_id: str) -> Callable[[], None]:
    """A dedicated host of ``game_id`` in a process of its own on 127.0.0.1 (this computer's seat and a bot at the
    game's usual level), joined through the Join screen's session and its lobby: the table opens when the host
    starts.  What ends the host's process."""
    import json
    import subprocess

    from engine.games import game_info
    from game.screens.lobby import open_joined_lobby

    info = game_info(game_id)
    room = "KXPTAM"
    host = subprocess.Popen(
        [sys.executable, "-m", "game.net.serve", "--game", game_id, "--bind", "127.0.0.1", "--port", "0", "--room", room,
         "--seats", f"remote,bot:{info.default_level}", "--seconds", "600"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env={**os.environ, "CARDROOM_LOOPBACK_ONLY": "1"})
    assert host.stdout is not None
    port = int(json.loads(host.stdout.readline())["port"])
    problem = open_joined_lobby(app, "127.0.0.1", port, room, "You")  # as the Join screen does
    assert problem is None, problem
    session = app.stack.top.session
    session.set_ready(True)

    def stop() -> None:
        session.close()
        host.kill()
        host.communicate()

    return stop


def idle_cpu(screen: str, seconds: float, game_id: str, data_dir: Path, size: tuple[int, int]) -> dict[str, object]:
    """The CPU the app spends over ``seconds`` of wall time with ``screen`` open and nobody touching it."""
    import pygame

    from game.shell.app import App

    app = App(size, data_dir, seed=1)
    stop = _open(app, screen, game_id)
    try:
        start = time.perf_counter()
        opened = [start]  # when the screen opened (a joined table: when the host started the game)
        limit = SETTLE_S if screen not in MENUS else 1.0

        def settling(a, frame: int) -> bool:  # a table plays on (at least 2 s: the deal) until it waits for the human
            now = time.perf_counter()
            if screen.startswith(NET) and type(a.stack.top).__name__ == "LobbyScene":
                opened[0] = now
                return now < start + 30  # the lobby, until the host starts the game
            return now < opened[0] + limit and (screen in MENUS or now < opened[0] + 2.0 or a.stack.is_animating())

        app.run(hook=settling)
        top = type(app.stack.top).__name__
        frames0, wall0, cpu0 = app.frames, time.perf_counter(), cpu_seconds()
        end = wall0 + seconds
        app.run(hook=lambda a, frame: time.perf_counter() < end)
        cpu, wall = cpu_seconds() - cpu0, time.perf_counter() - wall0
        frames = app.frames - frames0
        settle_by = time.perf_counter() + 2.0  # what had come by the end (say the host's news of the pings) is taken
        app.run(hook=lambda a, frame: a.stack.is_animating() and time.perf_counter() < settle_by)
        resting = not app.stack.is_animating()
    finally:
        if stop is not None:
            stop()
    return {"screen": screen, "game": game_id, "top_scene": top, "seconds": round(wall, 2),
            "cpu_seconds": round(cpu, 3), "cpu_percent": round(100 * cpu / wall, 2),
            "frames_drawn": frames, "resting": resting,
            "sleeps_in": "sdl_wait" if app.waiter.ready() else "naps", "sdl_found": app.waiter.found(),
            "video_driver": pygame.display.get_driver(), "size": f"{app.size[0]}x{app.size[1]}",
            "source": "/proc/self/stat" if Path("/proc/self/stat").exists() else "os.times"}


def first_frame(t_main: float, data_dir: Path | None, size: tuple[int, int]) -> dict[str, object]:
    """Open the app, draw the title once and say how long it took from the start."""
    import pygame

    from game.shell.app import App

    app = App(size, data_dir, seed=1)
    app.defer_pictures = True  # as a real start does
    app.to_title()
    app.step(0.0, [])
    now = time.perf_counter()
    since_start = seconds_since_start()
    launcher = None
    if getattr(sys, "frozen", False):  # the one-file executable: its launcher unpacked us first
        launcher = seconds_since_start(os.getppid())
    out: dict[str, object] = {"first_frame_s": round(launcher if launcher is not None else since_start
                                                     if since_start is not None else now - t_main, 3),
                              "since_main_s": round(now - t_main, 3),
                              "since_process_start_s": None if since_start is None else round(since_start, 3),
                              "frozen": bool(getattr(sys, "frozen", False)), "video_driver": pygame.display.get_driver()}
    app.step(0.0, [])  # the tiles' pictures (the five tables imported) and the mixer come a frame later
    out["pictures_s"] = round(time.perf_counter() - t_main, 3)
    return out
