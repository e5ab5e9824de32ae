"""The collection around the tables: the title's game tiles, each game's menu and files, the command line."""

import json
import os
import subprocess
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.games import GAMES, playable_games  # noqa: E402
from game.screens.game_menu import GameMenuScene  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.screens.new_game import NewGameScene  # noqa: E402
from game.screens.title import TitleScene  # noqa: E402
from game.tables.sprint.table import TableScene  # noqa: E402
from game_helpers import finished_record, frame, key, make_app  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run_game(*args):
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=ENV, capture_output=True, text=True,
                          timeout=120)


def test_list_games_prints_the_playable_games_as_json():
    result = run_game("--list-games")
    assert result.returncode == 0, result.stderr
    games = json.loads(result.stdout)
    assert [g["id"] for g in games] == [i.id for i in playable_games()]
    assert games[0] == {"id": "sprint", "title": "Sprint, Snap, Score", "min_seats": 2, "max_seats": 5}


def test_an_unknown_game_is_a_readable_error():
    result = run_game("--game", "chess", "--selftest")
    assert result.returncode == 2 and "'chess' is not a game of this collection" in result.stderr
    assert "Traceback" not in result.stderr


def test_game_flag_runs_that_games_selftest(tmp_path):
    result = run_game("--game", "sprint", "--selftest", "--data-dir", str(tmp_path))
    assert result.returncode == 0 and "selftest: ok" in result.stdout


def test_the_title_has_a_tile_for_each_playable_game_and_none_for_the_rest(pg, tmp_path):
    app = make_app(tmp_path)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    tiles = [b.key for b in title.buttons if b.key.startswith("game:")]
    assert tiles == [f"game:{i.id}" for i in playable_games()]
    assert all(f"game:{i.id}" not in tiles for i in GAMES.values() if not i.playable)
    frame(app)
    assert all(b.picture is not None for b in title.buttons if b.key.startswith("game:"))  # each draws its table


def test_a_tile_opens_the_games_menu_and_quick_play_starts_its_table(pg, tmp_path):
    app = make_app(tmp_path)
    key(app, pygame.K_1)
    menu = app.stack.top
    assert isinstance(menu, GameMenuScene) and menu.game_id == "sprint"
    assert [b.key for b in menu.buttons] == ["new", "quick", "rules", "stats", "replays", "back"]
    key(app, pygame.K_p)
    assert isinstance(app.stack.top, TableScene) and app.game_id == "sprint"


def test_new_game_remembers_the_last_setup_of_each_game(pg, tmp_path):
    app = make_app(tmp_path)
    app.open_game_menu("sprint")
    app.stack.top.on_button("new")
    screen = app.stack.top
    assert isinstance(screen, NewGameScene)
    screen.on_button("more")
    screen.on_button("kind:0")  # the first seat becomes a bot: an all-AI table
    screen.on_button("start")
    assert (tmp_path / "sprint" / "setup.json").exists()
    app.open_game_menu("sprint")
    app.stack.top.on_button("new")
    again = app.stack.top.setup
    assert len(again.seats) == 3 and again.seats[0].is_ai


def test_a_seat_reads_human_or_bot_as_the_tables_call_their_computer_players(pg, tmp_path):
    """The seat toggle said "AI" where every table, Quick play and Replays say "bot" ("Hard bot")."""
    app = make_app(tmp_path)
    app.open_game_menu("sprint")
    app.stack.top.on_button("new")
    screen = app.stack.top
    labels = {b.key: b.label for b in screen.buttons if b.key.startswith("kind:")}
    assert labels["kind:0"] == "Human" and labels["kind:1"] == "Bot", labels


def test_a_damaged_remembered_setup_is_set_aside_and_reported(pg, tmp_path):
    (tmp_path / "sprint").mkdir()
    (tmp_path / "sprint" / "setup.json").write_text('{"seats": [{"name": "A", "kind": "robot"}]}')
    app = make_app(tmp_path)
    app.open_game_menu("sprint")
    app.stack.top.on_button("new")
    assert len(app.stack.top.setup.seats) == 2  # the defaults
    assert any("setup" in p for p in app.problems)
    assert list((tmp_path / "sprint").glob("setup.json.corrupt-*"))


def test_an_old_versions_files_move_into_the_sprint_folder_and_resume(pg, tmp_path):
    # before the collection, Sprint kept save.json, stats.json and history/ at the top of the data folder
    unfinished = finished_record(3)
    unfinished.actions = unfinished.actions[:5]
    unfinished.scores = None
    (tmp_path / "save.json").write_text(unfinished.dumps())
    (tmp_path / "history").mkdir()
    (tmp_path / "history" / "20250101-100000-00.json").write_text(finished_record(4).dumps())
    app = make_app(tmp_path)
    assert not (tmp_path / "save.json").exists() and (tmp_path / "sprint" / "save.json").exists()
    assert (tmp_path / "sprint" / "history" / "20250101-100000-00.json").exists()
    title = app.stack.top
    assert title.buttons[0].key == "resume" and "Sprint, Snap, Score" in title.buttons[0].label
    title.on_button("resume")
    table = app.stack.top
    assert isinstance(table, TableScene) and table.record.actions == unfinished.actions


def test_statistics_follow_each_games_rules():
    from game.shell.stats import Statistics

    stats = Statistics()
    seats = [("You", "human", None), ("Ada", "ai", "easy"), ("Ben", "ai", "hard")]
    # lowest score wins (Scamper): 40 beats 75, and the best kept is the lowest
    stats.count_round("scamper", seats, [40, 75, 90], lower_wins=True, levels=["easy", "standard", "hard"])
    stats.count_round("scamper", seats, [95, 20, 90], lower_wins=True, levels=["easy", "standard", "hard"])
    line = stats.line("scamper", "hard")  # under the strongest of the game's own levels
    assert (line.played, line.won, line.lost, line.best) == (2, 1, 1, 40)
    # placings decide when scores don't (Snap: the last player with cards wins), and a game's own counts add up
    stats.count_round("snap", seats[:2], [0, 52], placings=[1, 2], levels=["easy"],
                      extra=[{"fastest_snap_ms": 300, "false_calls": 1}, {}])
    stats.count_round("snap", seats[:2], [52, 0], placings=[1, 2], levels=["easy"],
                      extra=[{"fastest_snap_ms": 250, "false_calls": 2}, {}])
    snap = stats.line("snap", "easy")
    assert (snap.won, snap.extra) == (2, {"fastest_snap_ms": 250, "false_calls": 3})
    assert Statistics.from_json(stats.to_json()) == stats


def test_a_custom_real_time_bot_reacts_at_the_mean_the_player_sets(pg, tmp_path):
    from engine.games import game_info, load_record
    from game.shell.session import setup_from_json, setup_to_json

    app = make_app(tmp_path)
    app.open_game_menu("snap")
    app.stack.top.on_button("new")
    screen = app.stack.top
    seat = next(i for i, s in enumerate(screen.setup.seats) if s.is_ai)
    while screen.setup.seats[seat].level != "custom":
        screen.on_button(f"level:{seat}")
    assert any(b.key == f"reaction:{seat}" and b.label == "600 ms" for b in screen.buttons)
    screen.on_button(f"reaction:{seat}")  # 600 -> 700 ms
    assert screen.setup.seats[seat].reaction_ms == 700
    bots = screen.setup.make_bots(seed=1)
    r = bots[seat].reflexes
    assert abs(r.mu + r.tau - 700) < 1  # the ex-Gaussian's mean is mu + tau
    # kept in the remembered setup and in the game's record
    again = setup_from_json(setup_to_json(screen.setup), "snap")
    assert again.seats[seat].reaction_ms == 700
    record, _ = screen.setup.start(app.rng)
    assert load_record(record.dumps()).players[seat].extra["reaction_ms"] == 700
    assert game_info("snap").level("custom")


def test_the_window_is_titled_with_the_collections_name(pg, tmp_path):
    make_app(tmp_path)
    assert pygame.display.get_caption()[0] == "The Card Room"


@pytest.mark.parametrize("game_id", [i.id for i in playable_games()])
def test_quick_play_says_whom_it_seats(pg, tmp_path, game_id):
    """The label and the table agree: "you vs 2 Medium bots" seats two Medium bots."""
    app = make_app(tmp_path)
    app.open_game_menu(game_id)
    menu = app.stack.top
    label = next(b.label for b in menu.buttons if b.key == "quick")
    menu.on_button("quick")
    frame(app)
    table = next(s for s in app.stack.scenes if hasattr(s, "record"))
    bots = [p for p in table.record.players if p.kind == "ai"]
    level = GAMES[game_id].level(bots[0].level).name
    expected = f"you vs {level}" if len(bots) == 1 else f"you vs {len(bots)} {level} bots"
    assert label == f"Quick play: {expected}"


@pytest.mark.parametrize("game_id, words", [("ratscrew", "laid"), ("snap", "flipped")])
def test_resume_says_how_far_a_race_went(pg, tmp_path, game_id, words):
    """Not "turn 1" (the seat to lay) but the cards played and the time."""
    from game.shell.session import GameSetup, SeatConfig

    app = make_app(tmp_path)
    setup = GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "hard")], game=game_id, deal=4)
    app.start_game(setup)
    table = app.stack.top
    table.driver.bots[0] = GAMES[game_id].make_bot("hard", seed=3)  # a bot plays for You
    if hasattr(table, "bots"):
        table.bots[0] = table.driver.bots[0]
    frame(app, 60 * 12)
    app.saves.flush()
    app.open_game_menu(game_id)
    label = " ".join(app.stack.top.resume_lines)  # who plays and how far: the line under the Resume button
    saved = app.saves.pending_record()
    made = sum(1 for _, action, _ in saved.actions if type(action).__name__ in ("Lay", "Flip"))
    assert made > 1
    seconds = saved.final_state().clock // 1000
    assert label.endswith(f", {made} cards {words}, {seconds} s played"), label
    assert "turn" not in label


@pytest.mark.parametrize("size", [(960, 600), (1000, 600), (1100, 640), (1280, 720), (1920, 1080)])
def test_statistics_headers_fit_their_columns_and_say_what_they_measure(pg, tmp_path, size):
    """Opened from each game's menu (T) and drawn: every header line is drawn whole at its size, never shrunk or cut."""
    from game.screens.stats import StatsScene

    app = App(size, tmp_path, seed=5, resizable=False)
    app.to_title()
    for info in playable_games():
        levels = [lv.id for lv in info.levels]
        app.shelf(info.id).stats.count_round(info.record_format, [("You", "human", None), ("Ada", "ai", levels[0])],
                                             [3, 1], None, info.lower_wins, levels, [{k: 1 for k in info.stats}, {}])
        app.open_game_menu(info.id)
        key(app, pygame.K_t)
        scene = app.stack.top
        assert isinstance(scene, StatsScene)
        drawn, blit = [], app.text.blit
        app.text.blit = lambda target, text, px, pos, *a, **k: (drawn.append((text, px, a[2] if len(a) > 2 else k.get("max_w"))),
                                                                blit(target, text, px, pos, *a, **k))[1]
        app.dirty = True
        frame(app)
        app.text.blit = blit
        assert not any("round" in str(line).lower() for line, _, _ in drawn if "count" in str(line))  # games, not rounds
        heads = {line for lines in scene.header_lines() for line in lines}
        shown = [(text, px, max_w) for text, px, max_w in drawn if text in heads]
        assert {text for text, _, _ in shown} == heads  # every header line was drawn
        assert all(app.text.font(px).size(text)[0] <= max_w for text, px, max_w in shown), (info.id, shown)
        assert all(" ".join(lines) == name for name, lines in zip(scene.columns, scene.header_lines()))
    snap = StatsScene(app, "snap").columns
    assert "Best score" not in snap and "Most cards at the end" in snap and "Average cards at the end" in snap


def test_empty_statistics_speak_of_any_game_not_of_rounds(pg, tmp_path):
    """A game whose play is not in rounds (Double or Nothing's runs, Snap's races) is not told of "rounds"."""
    from game.screens.stats import StatsScene

    app = App((960, 600), tmp_path, seed=5, resizable=False)
    app.to_title()
    for info in playable_games():
        app.stack.push(StatsScene(app, info.id))
        drawn, blit = [], app.text.blit
        app.text.blit = lambda target, text, *a, **k: (drawn.append(text), blit(target, text, *a, **k))[1]
        app.dirty = True
        frame(app)
        app.text.blit = blit
        assert "Nothing played to the end yet." in drawn, (info.id, drawn)
        assert not any("round" in line.lower() for line in drawn), (info.id, drawn)
        app.stack.pop()


def test_every_table_brings_its_own_end_screen():
    """The app has no default end screen (the old one was Sprint's and crashed on any other game's state)."""
    import game.screens
    from engine.games import load

    assert not hasattr(game.screens, "RoundOverScene")
    missing = [info.id for info in playable_games() if not callable(getattr(load(info.table), "result_scene", None))]
    assert not missing, f"tables without result_scene: {missing}"


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_a_tiles_number_badge_covers_nothing_of_its_picture(pg, tmp_path, size):
    """The number badge sat in the picture's corner, on the first card's index."""
    from game.screens.title import GameTile

    app = App(size, tmp_path, seed=5, resizable=False)
    app.to_title()
    frame(app)
    tiles = [b for b in app.stack.top.buttons if isinstance(b, GameTile)]
    assert tiles and all(t.hotkey and t.picture is not None for t in tiles)
    for tile in tiles:
        shots = []
        for hotkey in (tile.hotkey, None):  # the tile with its badge, and without
            alike = GameTile(tile.key, tile.label, tile.rect, hotkey=hotkey)
            alike.info, alike.picture = tile.info, tile.picture
            surface = pygame.Surface(size)
            alike.draw(surface, app.text, False)
            shots.append(surface)
        changed = pygame.mask.Mask(size, fill=True)
        changed.erase(pygame.mask.from_threshold(shots[0], (0, 0, 0), (1, 1, 1, 255), shots[1]), (0, 0))
        pad = round(12 * tile.rect.w / 260)
        picture = tile.picture.get_rect(topleft=(tile.rect.x + pad, tile.rect.y + pad))
        assert changed.count() > 0  # the badge is drawn ...
        assert changed.overlap_area(pygame.mask.Mask(picture.size, fill=True), picture.topleft) == 0, tile.key  # ... off it


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_whole_number_badge_opens_its_tile_even_its_half_outside_the_tile(pg, tmp_path, size):
    """The badge sits on the tile's corner: a click on its outer half did nothing (and hovering it lit nothing)."""
    from game.screens.title import GameTile, badge_radius
    from game_helpers import click

    app = App(size, tmp_path, seed=5, resizable=False)
    app.to_title()
    frame(app)
    title = app.stack.top
    tile = [b for b in title.buttons if isinstance(b, GameTile)][2]
    r = badge_radius(tile.rect.w / 260)
    outside = (tile.rect.x - r // 2, tile.rect.y - r // 2)  # on the badge, off the tile's rect
    assert not tile.rect.collidepoint(outside) and title.button_at(outside) is tile
    assert title.button_at((tile.rect.x - r - 2, tile.rect.y - r - 2)) is None  # past the badge: nothing
    click(app, outside)
    assert isinstance(app.stack.top, GameMenuScene) and app.stack.top.game_id == tile.key.partition(":")[2]
