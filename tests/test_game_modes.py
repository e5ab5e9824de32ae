"""The headless modes of ``python -m game``: monkey, screenshots, replay, self-test, bad flags."""

import json
import os
import subprocess
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from engine.sprint.records import Record  # noqa: E402
from engine.sprint import Lay  # noqa: E402
from game.shell import modes  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.tables.sprint.round_over import RoundOverScene  # noqa: E402
from game.shell.session import GameSetup  # noqa: E402
from game.tables.sprint.table import TableScene  # noqa: E402
from game_helpers import finished_record  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run_game(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=ENV, capture_output=True, text=True,
                          timeout=timeout)


def test_monkey_survives_thousands_of_random_events(pg, tmp_path, capsys):
    assert modes.monkey("sprint", 3000, 11, tmp_path) == 0
    assert "monkey: ok" in capsys.readouterr().out


def test_screenshots_are_written_and_not_blank(pg, tmp_path):
    out = tmp_path / "shots"
    assert modes.screenshots("sprint", out, tmp_path, sizes=((1280, 720),)) == 0
    names = {p.name for p in out.iterdir()}
    for scene in ("title", "new-game", "rules", "settings", "stats", "table-2p", "table-5p", "table-5p-mid-animation",
                  "pause", "hotseat-pass", "round-over", "title-resume", "title-stats-notice", "replays"):
        assert f"{scene}-1280x720.png" in names

    def notice_red(name):  # pixels of the notice's dark red box
        image = pygame.image.load(str(out / f"{name}-1280x720.png"))
        reds = (image.get_at((x, y)) for x in range(0, 1280, 8) for y in range(0, 720, 8))
        return sum(1 for c in reds if c.r > 100 and c.g < 45 and c.b < 40)

    # the damaged statistics file's notice has its own shot: the title offering Resume is shot as it stays
    assert notice_red("title-stats-notice") > 100 and notice_red("title-resume") == 0
    for path in out.iterdir():
        image = pygame.image.load(str(path))
        assert image.get_size() == (1280, 720)
        small = pygame.transform.scale(image, (64, 36))
        colours = {tuple(small.get_at((x, y)))[:3] for x in range(64) for y in range(36)}
        assert len(colours) > 20, f"{path.name} looks blank"


def test_replay_with_a_bad_file_exits_2_with_a_clear_message(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "sprint-snap-score/1", "players": []}')
    result = run_game("--replay", str(bad), "--data-dir", str(tmp_path))
    assert result.returncode == 2
    assert "players" in result.stderr and "Traceback" not in result.stderr
    missing = run_game("--replay", str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "can't read" in missing.stderr


def test_unknown_flag_gives_a_readable_message():
    result = run_game("--frobnicate")
    assert result.returncode == 2 and "unrecognized arguments: --frobnicate" in result.stderr


def test_selftest_plays_a_round_through_the_loop(tmp_path):
    result = run_game("--selftest", "--data-dir", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "selftest: ok" in result.stdout


def test_bench_prints_frame_times_as_json(tmp_path):
    result = run_game("--bench-frames", "60", "--size", "960x600", "--data-dir", str(tmp_path))
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["frame_ms_p50"] > 0 and figures["frame_ms_p99"] >= figures["frame_ms_p50"]
    assert 0 < figures["frames_retained"] <= 60  # the window's canvas counts them (it read 0 from the wrong object)


def test_replay_plays_a_record_back_to_its_final_state(pg, tmp_path):
    record = finished_record(77)
    state = record.final_state()
    loaded = Record.loads(record.dumps())
    app = App((1280, 720), tmp_path, resizable=False)
    app.settings.ai_speed = "instant"
    app.settings.animation_speed = "off"
    app.to_title()
    app.start_game(GameSetup.from_record(loaded), replay=loaded)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.replaying
    app.run(max_frames=5000, fixed_dt=1 / 60, hook=lambda a, i: not isinstance(a.stack.top, RoundOverScene))
    assert isinstance(app.stack.top, RoundOverScene)
    assert table.state == state
    # a human click on a replay changes nothing
    assert not table.try_action(table.state.legal_actions()[0] if table.state.legal_actions() else Lay("2C 2D"))
