"""Network play through the real loop: Title -> Play over the network -> Host -> lobby -> the table, on 127.0.0.1.

The app hosts (the in-app host on a thread, its own table a client of it over
127.0.0.1); a friend joins from another process (``python -m game.net.player``,
which plays its seat with a bot on what it receives).  Every socket stays on the
loopback interface (``tests/conftest.py`` sets ``CARDROOM_LOOPBACK_ONLY``).
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.cards import Card  # noqa: E402
from engine.games import game_info  # noqa: E402
from game.screens.lobby import LobbyScene  # noqa: E402
from game.screens.network import HostScene  # noqa: E402
from game.shell.app import App  # noqa: E402
from tests.net_helpers import ROOT, _env, open_files, queued_events, thread_names, threads_and_stacks  # noqa: E402

DT = 1 / 60


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def frame(app: App, n: int = 1) -> None:
    app.run(max_frames=n, fixed_dt=DT)


def key(app: App, k: int, n: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    frame(app, n)


def click_button(app: App, name: str) -> None:
    scene = app.stack.top
    button = next(b for b in scene.buttons if b.key == name)
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, **extra))
    frame(app)


def until(app: App, cond: Any, seconds: float = 60.0, report: Any = None) -> None:
    """Frames until ``cond()``; after ``seconds`` it fails, saying ``report()`` (where things stand) if given (it ends
    as soon as ``cond()`` holds: a generous limit costs nothing, and a loaded machine starts a process in seconds)."""
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, report() if report is not None else "timed out waiting"
        frame(app)
        time.sleep(0.002)


def host_a_game(app: App, game: str, options: dict[str, Any]) -> LobbyScene:
    """Title -> N (network) -> H (host) -> the game and its options by clicks, a free port typed -> O (open)."""
    key(app, pygame.K_n, 2)
    key(app, pygame.K_h, 2)
    host = app.stack.top
    assert isinstance(host, HostScene)
    while host.game != game:
        click_button(app, "game")
    info = game_info(game)
    for k, option in enumerate(info.menu_options):
        while option.key in options and host.options[option.key] != options[option.key]:
            click_button(app, f"option:{k}")
    click_button(app, "field:port")
    for _ in range(5):
        key(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(free_port())))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_o, 2)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene), host.problem
    return lobby


def join_from_another_process(lobby: LobbyScene, name: str = "Ada") -> subprocess.Popen[str]:
    host = lobby.session.host
    return subprocess.Popen(
        [sys.executable, "-m", "game.net.player", "--port", str(host.port), "--room", host.room, "--name", name, "--json",
         "--seconds", "300"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(), cwd=ROOT)


def play_my_turns(table: Any, helper: Any) -> None:
    """This computer's seat plays what a bot would choose from what the table holds (its own seat's view)."""
    if table.my_turn() and not table.turns.authority.awaiting and not table.turns.authority.pending:
        assert table.try_action(helper.choose(table.state.observation(table.viewer)))


def stall_report(why: str, app: App, session: Any, table: Any, friend: subprocess.Popen[str], before: str) -> str:
    """Where a network round stands when it can't go on: the host, this computer's table and session, the friend's
    process (its output), every thread's stack and pygame's queue; ``before``: the threads and queue at the start."""
    host = session.host
    authority = host.authority
    remote = table.turns.authority
    here = (f"{why}\nhost: version {authority.version}, to move {authority.state.current}, over {authority.is_over}, "
            f"error {host.error!r}, connections {[(c.seats, c.closed) for c in host.conns]}, lobby {host.lobby()}"
            f"\ntable: to move {table.state.current}, over {table.state.is_over}, my turn {table.my_turn()}, sent "
            f"{remote.sent}, views waiting {len(remote.pending)}, moving {table.motion.busy}, landed {table.model.over}, "
            f"hold {table.hold}, ended {table.turns.ended}, top {app.stack.top!r}"
            f"\nsession: client {session.client.status}, paused {session.paused!r}, problem {session.problem!r}, "
            f"reconnects {session.reconnects}, views {len(session.views)}, inbox {session.client.inbox.qsize()}"
            f"\nat the start: {before}\nnow: threads {thread_names()}, pygame queue {queued_events()}, open files "
            f"{open_files()}\n{threads_and_stacks()}")
    if friend.poll() is None:
        friend.kill()  # (after the host was read: its connection goes with it)
    out, err = friend.communicate()
    return f"{here}\nfriend: exit {friend.returncode}, out {out[-1500:]!r}, err {err[-3000:]!r}"


def test_host_screen_lobby_and_a_scamper_round_to_the_end_with_a_friend_in_another_process(pg, tmp_path) -> None:
    """Title -> Host -> lobby -> a friend's process joins -> Start -> the round played to its end: this computer's
    table through the in-app host, the friend's process and the bots on the host; everyone sees the end.  A stall
    fails within 30 s of no progress and says where everything stands (see :func:`stall_report`)."""
    before = f"threads {thread_names()}, pygame queue {queued_events()}, open files {open_files()}"
    app = App((1280, 720), tmp_path, seed=5, resizable=False)
    app.settings.animation_speed = "fast"
    app.settings.ai_speed = "instant"
    app.settings.confirm_discard = False  # the helper's discards go at once (a doubtful one would ask Yes/No first)
    app.to_title()
    lobby = host_a_game(app, "scamper", {"rounds": 1})
    session = lobby.session
    assert session.hosting and len(session.lobby.room or session.host.room) == 6
    friend = join_from_another_process(lobby)
    try:
        def in_the_lobby() -> str:
            out, err = friend.communicate() if friend.poll() is not None else ("(running)", "")
            return (f"the lobby did not go on: host lobby {session.host.lobby()}, this computer's {lobby.lobby}, client "
                    f"{session.client.status}, problem {session.problem!r}; friend {out[-800:]!r} {err[-2000:]!r}\n"
                    f"at the start: {before}\nnow: threads {thread_names()}\n{threads_and_stacks()}")

        until(app, lambda: lobby.lobby.all_ready and any(s.kind == "friend" and s.connection for s in lobby.lobby.seats),
              report=in_the_lobby)
        seat = next(s for s in lobby.lobby.seats if s.kind == "friend")
        assert seat.name == "Ada" and seat.ready and seat.connection.endswith(" ms")
        start = next(b for b in lobby.buttons if b.key == "start")
        assert start.enabled
        key(app, pygame.K_s, 2)
        until(app, lambda: getattr(app.stack.top, "network", None) is session, report=in_the_lobby)
        table = app.stack.top
        assert type(table).__name__ == "RemoteScamperTable"
        done: list[Any] = []
        app.on_round_over = lambda t: done.append(t)
        helper = game_info("scamper").make_bot("standard", seed=9)
        host_state = session.host.authority
        seen, still_since, end = None, time.monotonic(), time.monotonic() + 300
        while not done:
            # a slow machine may take long (game time moves one fixed frame at a time): what fails is no progress
            remote = table.turns.authority
            now = (host_state.version, len(remote.pending), remote.sent, table.state.current, table.my_turn(),
                   table.motion.busy)
            if now != seen:
                seen, still_since = now, time.monotonic()
            if time.monotonic() - still_since > 30 or time.monotonic() > end:
                pytest.fail(stall_report("the round stalled", app, session, table, friend, before))
            frame(app)
            assert app.stack.top is table or done, stall_report("something covers the table", app, session, table,
                                                                friend, before)
            others = [c for s in range(table.state.num_players) if s != table.viewer for c in table.state.hands[s]]
            assert all(type(c) is not Card for c in others)  # no other seat's card ever reached this computer
            play_my_turns(table, helper)
        host = session.host.authority
        assert table.state.is_over and host is not None and host.is_over
        until(app, lambda: session.host.lobby()["over"])  # the host's thread notes it just after sending the end
        out, _ = friend.communicate(timeout=30)
        report = json.loads(out.strip().splitlines()[-1])
        assert report["over"] and report["version"] == host.version and not report["refused"], report
        assert app.saves.pending is None  # the host's journal keeps the game, not this computer's saves
    finally:
        if friend.poll() is None:
            friend.kill()
            friend.communicate()
        session.close()


def type_into(app: App, field: str, text: str) -> None:
    click_button(app, f"field:{field}")
    for _ in range(70):
        key(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    key(app, pygame.K_RETURN)


def test_join_a_dedicated_host_play_snap_drop_the_connection_rejoin_and_finish(pg, tmp_path) -> None:
    from tests.net_helpers import ROOM, STALL_S, finish, player, serve

    host, port = serve("snap", "remote,remote,bot:hard", "--option", "time_limit=3")
    friend = player(port, "Ben", "--level", "hard")
    app = App((1280, 720), tmp_path, seed=5, resizable=False)
    app.settings.animation_speed = "fast"
    app.to_title()
    try:
        key(app, pygame.K_n, 2)
        key(app, pygame.K_j, 2)
        type_into(app, "address", "127.0.0.1")
        type_into(app, "port", str(port))
        type_into(app, "room", ROOM.lower())  # typed in any case: the field keeps capitals
        type_into(app, "name", "Cleo")
        assert app.stack.top.fields["room"] == ROOM
        click_button(app, "join")
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene) and not lobby.session.hosting
        until(app, lambda: lobby.session.seats and lobby.lobby.seats)
        click_button(app, "ready")
        until(app, lambda: getattr(app.stack.top, "network", None) is lobby.session)
        session = lobby.session
        table = app.stack.top
        assert type(table).__name__ == "RemoteSnapTable" and table.humans == session.seats
        done: list[Any] = []
        app.on_round_over = lambda t: done.append(t)
        dropped = rejoined = False
        n = 0
        seen, still_since = None, time.monotonic()
        while not done:
            # a loaded machine may take long (a fixed 60 s, the friend's 40 s, could run out): what fails is a stall
            now = ((session.client.view or {}).get("version"), session.reconnects)
            if now != seen:
                seen, still_since = now, time.monotonic()
            assert time.monotonic() - still_since < STALL_S, f"the game stalled at {now} (friend: {friend.poll()})"
            n += 1
            table = app.stack.top if getattr(app.stack.top, "network", None) is session else table
            if n % 8 == 0 and not table.state.is_over and app.stack.top is table:
                me = session.seats[0]
                pos = table.layout.places[me].down.center
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            frame(app)
            time.sleep(0.002)
            if not dropped and n > 200:
                dropped = True
                first_table = table
                session.client._loop.call_soon_threadsafe(session.client._shut)  # the connection drops
            if dropped and session.waiting_for() == "Reconnecting to the host...":  # if a frame falls in the gap
                assert "reconnecting..." in table.seat_keys_line(session.seats[0])
            if dropped and app.stack.top is not first_table and getattr(app.stack.top, "network", None) is session:
                rejoined = True
        assert session.reconnects == 1 and rejoined  # it rejoined by itself, the table opened again on the host's picture
        assert table.state.is_over
        code, lines, err = finish(host)
        assert code == 0 and lines[-1].get("over"), err[-2000:]
    finally:
        for proc in (host, friend):
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
        app.to_title()


def test_the_host_screen_offers_only_options_a_network_game_carries(pg, tmp_path) -> None:
    """Sprint's match of several rounds isn't carried over the network (the host plays one round): not offered."""
    info = game_info("sprint")
    assert "match" in [o.key for o in info.menu_options]
    assert "match" not in [o.key for o in info.network_options]
    app = App((960, 600), tmp_path, seed=5, resizable=False)
    app.to_title()
    key(app, pygame.K_n, 2)
    key(app, pygame.K_h, 2)
    host = app.stack.top
    assert isinstance(host, HostScene)
    while host.game != "sprint":
        click_button(app, "game")
    assert not [b for b in host.buttons if b.key.startswith("option:")]
    while host.game != "scamper":
        click_button(app, "game")
    assert len([b for b in host.buttons if b.key.startswith("option:")]) == len(game_info("scamper").network_options)
