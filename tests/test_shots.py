"""The screenshot runner and the frame-bench declaration (game/shell/shots.py, game/kit/scenarios.py): a game's
screenshots are a Plan of steps the runner plays at each size; its bench table a Bench."""

from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.shell import shots  # noqa: E402
from game.kit.scenarios import Bench, saved_mismatches, started  # noqa: E402


def _log(seen: list, tag: str) -> shots.Step:
    return lambda s: seen.append((tag, s.size, s.scaled))


def test_a_plan_plays_its_steps_at_each_size_and_its_scaled_steps_at_the_extra_sizes_once(tmp_path):
    seen: list = []
    plan = shots.Plan("snap", (_log(seen, "main"),), scaled=(_log(seen, "scaled"),), scale_sizes=((960, 600),))
    plan(tmp_path, None, scale_sizes=((960, 600), (1280, 720), (3840, 2160)))  # 1280x720 is a main size: once
    assert seen == [("main", (1280, 720), False), ("main", (1920, 1080), False), ("scaled", (960, 600), True),
                    ("scaled", (3840, 2160), True)]


def test_a_plans_always_sizes_take_its_main_steps_and_no_scaled_steps_means_none(tmp_path):
    seen: list = []
    plan = shots.Plan("scamper", (_log(seen, "main"),), scaled=(), sizes=((1280, 720),), always=((960, 600),))
    plan(tmp_path, None, scale_sizes=((3840, 2160),))
    assert seen == [("main", (1280, 720), False), ("main", (960, 600), False)]


def test_only_ends_a_sizes_steps_and_when_and_repeat_play_theirs(tmp_path):
    seen: list = []
    plan = shots.Plan("snap", (
        shots.repeat(2, _log(seen, "twice")), shots.when(lambda s: s.size[0] > 1500, _log(seen, "wide")),
        shots.only(lambda s: s.size[0] < 1500), _log(seen, "narrow"),
    ))
    plan(tmp_path, None)
    assert [tag for tag, size, _ in seen if size == (1280, 720)] == ["twice", "twice", "narrow"]
    assert [tag for tag, size, _ in seen if size == (1920, 1080)] == ["twice", "twice", "wide"]


def test_until_runs_a_step_every_nth_frame_until_its_test_holds(monkeypatch):
    monkeypatch.setattr(pygame.event, "get", lambda: [])
    frames: list[int] = []
    calls: list[int] = []
    app = SimpleNamespace(step=lambda dt, events: frames.append(1))
    shot = shots.Shot("snap", None, None, (1280, 720), app=app)  # type: ignore[arg-type]
    shots.until(lambda s: len(frames) >= 7, 60, each=lambda s: calls.append(len(frames)), every=3)(shot)
    assert len(frames) == 7 and calls == [0, 3, 6]
    shots.until(lambda s: False, 0.1, each=lambda s: None)(shot)  # the limit: about 0.1 s of frames
    assert 7 + 6 <= len(frames) <= 7 + 7


def test_posted_keys_carry_their_characters():
    pygame.init()
    try:
        pygame.event.clear()
        shots.post(pygame.K_s, pygame.K_SPACE, pygame.K_KP5)(None)  # type: ignore[arg-type]
        assert [e.unicode for e in pygame.event.get(pygame.KEYDOWN)] == ["s", " ", ""]
    finally:
        pygame.quit()


def test_a_real_plan_shoots_the_title_and_a_started_table_under_their_names(tmp_path):
    pygame.init()
    try:
        plan = shots.Plan("snap", (shots.fresh("fast"), shots.seats("You Ada:hard", 4, time_limit=3),
                                   shots.wait(0.1), shots.photo("demo-table")), sizes=((960, 600),))
        (tmp_path / "out").mkdir()
        plan(tmp_path / "out", tmp_path / "data")
        assert sorted(p.name for p in (tmp_path / "out").glob("*.png")) == ["demo-table-960x600.png",
                                                                             "snap-title-960x600.png"]
        assert len(list((tmp_path / "data").iterdir())) == 1  # a fresh player's folder inside the data folder
    finally:
        pygame.quit()


def test_a_bench_opens_its_table_again_when_stale_or_off_the_top_and_keeps_it_busy():
    stack = SimpleNamespace(top=None)
    app = SimpleNamespace(stack=stack)
    made: list[SimpleNamespace] = []

    def open_table(a):
        made.append(SimpleNamespace(n=len(made), over=False))
        stack.top = made[-1]
        return made[-1]

    kept: list[tuple[int, int]] = []
    bench = Bench(app, open_table, lambda b: {"tables": len(b.opened)}, keep=lambda t, f: kept.append((t.n, f)),
                  stale=lambda t: t.over)
    bench.before(0)
    made[0].over = True
    bench.before(1)
    stack.top = None  # an end screen came up
    bench.before(2)
    assert kept == [(0, 0), (1, 1), (2, 2)] and bench.fields() == {"tables": 3}
    assert Bench(app, open_table, {"seats": 6}).fields() == {"seats": 6}


def test_a_resumed_tables_actions_and_state_are_compared_with_the_saved_records():
    saved = SimpleNamespace(actions=[1, 2, 3])
    same = SimpleNamespace(record=SimpleNamespace(actions=[1, 2, 3]), state=(5, 6))
    assert saved_mismatches(same, saved, (5, 6)) == []
    behind = SimpleNamespace(record=SimpleNamespace(actions=[1, 2]), state=(5, 7))
    assert saved_mismatches(behind, saved, (5, 6), noun="run") == [
        "actions: the table has 2, the save 3", "the engine state differs from the saved run's"]
    assert saved_mismatches(behind, saved, (5, 6), same=lambda a, b: a[0] == b[0])[1:] == []  # the game's own "same"


def test_a_started_bench_table_runs_its_seconds_of_frames_after_the_start():
    ran: list[tuple[int, float]] = []
    app = SimpleNamespace(stack=SimpleNamespace(top=None))
    app.start_game = lambda setup: setattr(app.stack, "top", ("table of", setup))
    app.run = lambda max_frames, fixed_dt: ran.append((max_frames, fixed_dt))
    assert started(lambda: "six bots", 6.0)(app) == ("table of", "six bots") and ran == [(360, 1 / 60)]


def test_applied_settings_are_set_then_applied_as_the_settings_screen_does():
    seen: list = []
    app = SimpleNamespace(settings=SimpleNamespace(card_size="normal"))
    app.apply_settings = lambda: seen.append(app.settings.card_size)
    shots.applied(card_size="large", think_ms=20)(shots.Shot("sprint", None, None, (960, 600), app=app))  # type: ignore[arg-type]
    assert seen == ["large"] and app.think_ms == 20  # think_ms is the app's own


def test_screenshot_with_size_shoots_every_screen_at_that_size_only_and_refuses_a_window_too_small(tmp_path, monkeypatch,
                                                                                                    capsys):
    import pytest
    from game.shell import cli, modes

    seen: list = []
    plan = shots.Plan("scamper", (_log(seen, "main"),), scaled=(_log(seen, "scaled"),), scale_sizes=((960, 600),),
                      always=((960, 600),))
    plan(tmp_path, None, sizes=((1600, 900),), scale_sizes=(), always=False)
    assert seen == [("main", (1600, 900), False)]  # not the plan's "always" size either

    asked: list = []
    monkeypatch.setattr(modes, "screenshots", lambda game, out, data_dir, **sizes: asked.append((game, sizes)) or 0)
    assert cli.main(["--game", "snap", "--screenshot", str(tmp_path), "--size", "1600x900"]) == 0
    assert cli.main(["--game", "snap", "--screenshot", str(tmp_path)]) == 0
    assert asked == [("snap", {"sizes": ((1600, 900),), "scale_sizes": (), "always": False}),
                     ("snap", {"scale_sizes": ((960, 600), (3840, 2160))})]
    with pytest.raises(SystemExit):
        cli.main(["--game", "snap", "--screenshot", str(tmp_path), "--size", "800x500"])
    assert "--screenshot --size: the window is at least 960x600" in capsys.readouterr().err
