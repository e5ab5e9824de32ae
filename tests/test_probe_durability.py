"""The reliability commands with tiny counts: the probe (issue 27, item 7) and durability for every game (issue 23)."""

from __future__ import annotations

import json
import os
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

from game.shell import durability, probe  # noqa: E402


@pytest.mark.parametrize("game", ["sprint", "snap", "ratscrew", "scamper", "double-or-nothing"])
def test_the_probe_runs_every_kind_on_every_game_and_everything_survives(game, monkeypatch):
    # a hang here is a step still running after 30 s: the probe's 5 s (its figure for a player) is wall time, which a
    # loaded machine stretches (a whole files case took 5.5 s under load); counting hangs: the test below
    monkeypatch.setattr(probe, "HANG_S", 30.0)
    report = probe.probe(game, 7, {"record": 6, "replay": 1, "files": 2, "script": 6})
    assert set(report["kinds"]) == {"record", "replay", "files", "script"}
    for kind, counts in report["kinds"].items():
        assert counts["tried"] > 0 and counts["survived"] == counts["tried"], (kind, report["failures"])
        assert counts["lost"] == counts["hangs"] == counts["crashes"] == 0


def test_the_probe_counts_a_crash_a_hang_and_a_lost_file():
    tally = probe.Tally()

    def crash():
        raise TypeError("a traceback the player would see")

    def hang():
        time.sleep(10)

    old = probe.HANG_S
    probe.HANG_S = 0.2
    try:
        tally.run("crash", crash)
        tally.run("hang", hang)
        tally.run("lost", lambda: False)
        tally.run("fine", lambda: None)
    finally:
        probe.HANG_S = old
    assert tally.to_json() | {"slowest_s": 0} == {"tried": 4, "survived": 1, "lost": 1, "hangs": 1, "crashes": 1,
                                                  "slowest_s": 0}
    assert len(tally.failures) == 3
    assert "hang: still running after 0.2 s" in tally.failures  # the alarm's hang says so (it said "hang: ")


def test_the_probe_finds_a_file_the_game_saved_over(tmp_path):
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / "stats.json").write_bytes(b"precious")
    assert probe._survives(folder, folder / "stats.json", b"precious")
    (folder / "stats.json").write_bytes(b"{}")
    assert not probe._survives(folder, folder / "stats.json", b"precious")


def test_durability_kills_a_race_game_and_prints_exactly_its_five_counts(capsys):
    assert durability.main(["--game", "ratscrew", "--kills", "2", "--json", "--seed", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert list(report) == ["kills", "lost", "set_aside", "finished_offered", "duplicates"]
    assert report == {"kills": 2, "lost": 0, "set_aside": 0, "finished_offered": 0, "duplicates": 0}


def test_the_probe_command_prints_only_json_lines():
    """Tools outside the repo read its standard output: no greeting of pygame's before the JSON."""
    import json
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "game.shell.probe", "--game", "snap", "--kinds", "script",
                          "--scale", "0.05", "--json"], capture_output=True, text=True, env=env, timeout=120, check=True)
    lines = out.stdout.splitlines()
    assert lines and all(json.loads(line)["game"] == "snap" for line in lines)
