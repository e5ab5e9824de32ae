"""A network table rests while nothing can happen and wakes on the host's next message (issue 24's idle goal).

The client calls its ``wake`` hook (on its network thread) when a message arrives
while none waits; a remote table hooks it to a posted pygame event, so the app
loop, resting between looks at its queue, steps at once to take the message.
"""

from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from typing import Any  # noqa: E402

import pygame  # noqa: E402

from engine.games import game_info  # noqa: E402
from game.net.client import Client  # noqa: E402
from game.screens.net_session import Player  # noqa: E402
from game.screens.net_table import NET_WAKE, open_remote_table, post_wake  # noqa: E402
from tests.test_net_tables import DT, HostDouble, make_app, race_start  # noqa: E402


def test_the_client_wakes_the_table_once_per_poll_whatever_the_hook_raises() -> None:
    client = Client()
    woken: list[int] = []
    client._post({"t": "lobby"})  # no hook yet: nothing called
    client.wake = lambda: woken.append(1)
    client.poll()
    client._post({"t": "lobby"})
    client._post({"t": "view", "version": 2})
    assert woken == [1] and client.pending()  # one wake for what waits, however much
    assert [m["t"] for m in client.poll()] == ["lobby", "view"] and not client.pending()
    client._post({"t": "pause"})
    assert woken == [1, 1]  # polled since: the next message wakes again

    def broken() -> None:
        raise RuntimeError("pygame is gone")

    client.wake = broken
    client.poll()
    client._post({"t": "resume"})  # the hook's error never reaches the network thread
    assert [m["t"] for m in client.poll()] == ["resume"]


class QuietHostDouble(HostDouble):
    """The host double, quiet (nothing to take) while no press waits and its engine waits for a human."""

    def quiet(self) -> bool:
        return not self.inbox and self.driver.waiting(self.now)


def frames(app: Any, n: int) -> None:
    for _ in range(n):
        app.run(max_frames=1, fixed_dt=DT)


def test_a_remote_race_table_rests_at_a_players_flip_and_wakes_on_a_message(pg, tmp_path) -> None:
    info = game_info("snap")
    app = make_app(tmp_path)
    host = QuietHostDouble("snap", race_start("snap"), [0], {1: info.make_bot("hard", seed=3)},
                           [Player("You", "human"), Player("Ada", "human")])
    table = open_remote_table(app, host)
    for _ in range(600):  # the deal lands: then nothing can happen until this computer's player flips
        frames(app, 1)
        if not app.stack.is_animating():
            break
    assert table.state.turn == 0 and not app.stack.is_animating()  # before: a remote race table never rested
    frames(app, 30)
    assert not app.stack.is_animating() and table.state.turn == 0  # still resting: nothing came
    pygame.event.clear()
    post_wake()  # what the client's network thread does when a message arrives
    assert [e.type for e in pygame.event.get()] == [NET_WAKE]
    assert table.handle_event(pygame.event.Event(NET_WAKE))  # taken (and drawn) at once
    host.inbox.append((1, None, host.now))  # news from the host waits: the table steps until it has taken it
    assert app.stack.is_animating()


def test_idle_cpu_measures_a_joined_race_table_resting_at_your_flip(pg, tmp_path, capsys) -> None:
    """``--idle-cpu net-snap``: a dedicated host in its own process on 127.0.0.1, this app joined, its table waiting
    for this computer's flip (the host's CPU is not counted)."""
    from game.shell.cli import main

    assert main(["--game", "snap", "--idle-cpu", "net-snap", "--seconds", "1", "--data-dir", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["screen"] == "net-snap" and out["top_scene"] == "RemoteSnapTable" and out["seconds"] >= 1
    assert out["resting"] and out["frames_drawn"] <= 1, out  # before: it stepped and drew at frame rate all game long
