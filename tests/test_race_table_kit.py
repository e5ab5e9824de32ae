"""The kit's race table (game/kit/racetable.py, game/kit/raceview.py): what Snap and Ratscrew share."""

from __future__ import annotations

import ast
import os
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.kit.keymap import Keymap  # noqa: E402
from game.kit.racetable import key_names, race_mismatches, solo_keymap, stat_row  # noqa: E402
from game.kit.seatkeys import key_name  # noqa: E402
from game.kit.raceview import ms_cell, race_status  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SOLO = {pygame.K_SPACE: "snap", pygame.K_RETURN: "lay", pygame.K_KP_ENTER: "lay"}


def test_a_lone_human_gets_the_extra_keys_and_hot_seat_players_do_not():
    alone = solo_keymap(Keymap({pygame.K_a: (0, "lay"), pygame.K_s: (0, "snap")}), [0], SOLO)
    assert alone.lookup(pygame.K_SPACE) == (0, "snap") and alone.lookup(pygame.K_KP_ENTER) == (0, "lay")
    taken = solo_keymap(Keymap({pygame.K_SPACE: (0, "lay")}), [0], SOLO)  # a key the player gave an action keeps it
    assert taken.lookup(pygame.K_SPACE) == (0, "lay")
    two = solo_keymap(Keymap({pygame.K_a: (0, "lay"), pygame.K_j: (1, "lay")}), [0, 1], SOLO)
    assert two.lookup(pygame.K_SPACE) is None and two.lookup(pygame.K_RETURN) is None


def test_a_seats_key_names_list_its_own_key_first_then_the_extras_in_declared_order():
    keymap = solo_keymap(Keymap({pygame.K_KP4: (0, "lay"), pygame.K_KP5: (0, "snap")}), [0], SOLO)
    assert key_names(keymap, 0, "lay", SOLO) == ["Num 4", "Enter"]  # the keypad's Enter reads the same: left out
    assert key_names(keymap, 0, "snap", SOLO) == ["Num 5", "Space"]
    assert key_names(keymap, 1, "snap", SOLO) == []
    assert key_name(pygame.K_PAGEDOWN, short=True) == "PgDn" and key_name(pygame.K_PAGEDOWN) == "Page Down"


def test_a_key_has_one_spelling_full_on_the_key_screens_short_at_the_tables():
    """The keys screens said "Numpad 4", Ratscrew's table "Num 4", six-seat Snap "Num4": one function spells them."""
    assert key_name(pygame.K_KP4) == "Numpad 4" and key_name(pygame.K_KP4, short=True) == "Num 4"
    keymap = Keymap({pygame.K_KP4: (0, "lay")})
    assert key_names(keymap, 0, "lay") == ["Num 4"] and key_names(keymap, 0, "lay", short=False) == ["Numpad 4"]


def test_a_stat_row_leaves_out_what_a_seat_has_none_of():
    assert stat_row(false_calls=2, fastest_snap_ms=None, average_snap_ms=310) == {"false_calls": 2,
                                                                                "average_snap_ms": 310}
    assert ms_cell(None) == "-" and ms_cell(5) == "5 ms"


def _race(**over):
    skip = SimpleNamespace(skipping=False, offered=False)
    t = SimpleNamespace(replaying=False, state=SimpleNamespace(is_over=False), driver=SimpleNamespace(done=False),
                        skip=skip, humans=[0], clock=SimpleNamespace(now=65_000))
    for k, v in over.items():
        setattr(t, k, v)
    return t


def test_the_shared_status_lines_cover_a_replay_a_skip_and_the_skip_on_offer_only():
    out = ("out", "Press S to skip.")
    assert race_status(_race(), "Replay", out) is None  # the table's own lines
    assert race_status(_race(replaying=True), "Replay", out)[0] == "Replay"
    assert race_status(_race(replaying=True, state=SimpleNamespace(is_over=True)), "Replay", out)[0] == \
        "Replay: the game is over."
    assert race_status(_race(skip=SimpleNamespace(skipping=True, offered=False)), "", out)[1] == "1 min 05 s played"
    assert race_status(_race(skip=SimpleNamespace(skipping=False, offered=True)), "", out) == ("You are out",
                                                                                              "Press S to skip.")
    assert race_status(_race(humans=[0, 1], skip=SimpleNamespace(skipping=False, offered=True)), "", out)[0] == \
        "Everyone at the keyboard is out"


def test_a_resumed_race_differing_from_its_save_says_how():
    state = SimpleNamespace(snapshot=lambda: (1, 2))
    saved = SimpleNamespace(actions=[(0, "a", 5)], clock=900, final_state=lambda: SimpleNamespace(snapshot=lambda: (1, 3)))
    table = SimpleNamespace(record=SimpleNamespace(actions=[]), state=state, clock=SimpleNamespace(now=900))

    def check(t):
        raise AssertionError("the stack is wrong")

    wrong = race_mismatches(table, saved, check)
    assert wrong == ["actions: the table has 0, the save 1", "the engine state differs from the saved game's",
                     "the table: the stack is wrong"]
    same = SimpleNamespace(record=SimpleNamespace(actions=[(0, "a", 5)]), state=saved.final_state(),
                           clock=SimpleNamespace(now=900))
    assert race_mismatches(same, saved) == []


def test_no_part_of_a_race_table_imports_its_table_class_not_even_for_types():
    for game in ("snap", "ratscrew"):
        for path in sorted((ROOT / "game" / "tables" / game).glob("*.py")):
            if path.name == "table.py":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom):
                    assert node.module != f"game.tables.{game}.table", f"{path.name} imports its table class"


def test_a_screenshot_game_starts_from_a_seat_line_and_its_table_draws_through_its_view(tmp_path):
    """``start_seats`` (game/shell/shots.py): names, bots' levels after a colon, the deal and options; the
    race table's status lines and drawing are its view module's (game/kit/viewtable.py)."""
    from game_helpers import make_app

    from game.kit.viewtable import ViewTable
    from game.shell.shots import start_seats
    from game.tables.ratscrew import view

    pygame.init()
    try:
        app = make_app(tmp_path)
        table = start_seats(app, "ratscrew", "You Ada:hard Ben:medium", 12, sandwich=False)
        assert [(p.name, p.kind, p.level) for p in table.record.players] == [
            ("You", "human", None), ("Ada", "ai", "hard"), ("Ben", "ai", "medium")]
        assert table.setup.deal == 12 and table.setup.options == {"sandwich": False}
        assert isinstance(table, ViewTable) and table.view is view and table.status_lines() == view.status_lines(table)
        table.draw(app.screen)  # the view's drawing, then the replay's (none here)
    finally:
        pygame.quit()


def test_places_read_as_ordinals():
    from game.kit.wording import ordinal

    assert [ordinal(n) for n in (1, 2, 3, 4, 10, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "10th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]
