"""Scamper's first dealer starts on -20 (the rule stays): in a one-round game going out first could still lose
("Ada wins!", -10 against 0) with nothing but a small line of the sheet to say why.  The first deal's log line and
the final standings now say it."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game.kit.matchsheet import StandingsScene  # noqa: E402
from game.kit.scoresheet import ScoreSheet, SheetRow  # noqa: E402
from game.tables.scamper.play import standings  # noqa: E402
from game_helpers import frame, make_app, wait  # noqa: E402
from test_scamper_table import _setup  # noqa: E402


def test_the_first_deal_and_the_standings_say_the_first_dealers_bonus(pg, tmp_path, monkeypatch):
    app = make_app(tmp_path, (960, 600))
    app.start_game(_setup(2))
    table = app.stack.top
    wait(app, lambda: table.model.dealt and not table.motion.busy)
    dealer = table.state.dealer
    assert table.state.sheet.start[dealer] == -20
    said = f"{table.name(dealer)} dealt first: -20 points, the first dealer's bonus."
    assert any(line.startswith("Round 1: two sets of 3.") and line.endswith(said) for line in table.log.lines)
    scene = standings(table)
    assert scene.subtitle.endswith(f"lowest total wins. First dealer's bonus: {table.name(dealer)} -20.")
    app.stack.push(scene)
    drawn = []
    real = app.text.blit
    monkeypatch.setattr(app.text, "blit", lambda target, words, px, *a, **k: drawn.append(
        (words, px, rect := real(target, words, px, *a, **k))) or rect)
    app.dirty = True
    frame(app)
    (line,) = [(px, r) for words, px, r in drawn if words == scene.subtitle]
    assert line[1].w == app.text.render(scene.subtitle, line[0]).get_width()  # whole, not cut short


def test_a_sheet_with_no_score_before_round_1_says_nothing_of_one(pg, tmp_path):
    app = make_app(tmp_path)
    data = ScoreSheet(["Ann", "Bob"], [SheetRow("two sets of 3", (0, 25), {0: "out"}, 1)], lower_wins=True, rounds=1,
                      start=(0, 0), start_label="First dealer's bonus")
    scene = StandingsScene(app, data, "Ann wins!", lambda: None, lambda: None)
    assert scene.subtitle == "Final standings after 1 round: lowest total wins."
    pygame.quit()
