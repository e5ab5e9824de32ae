"""Issue 17: undo (history stays seed + actions), possible matches lit, a hint that points, a pile card
dropped where it lands; through the real loop with posted events."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.sprint import DRAW_DISCARD, DRAW_STOCK, Discard, Lay, Phase  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game.tables.sprint.table import TableScene  # noqa: E402
from game_helpers import drag, frame, key, make_app, wait  # noqa: E402


@pytest.fixture
def app(tmp_path):
    pygame.init()
    a = make_app(tmp_path)
    a.settings.ai_speed = "slow"  # the next player waits: there is time to undo
    a.settings.tips_seen = True
    yield a
    pygame.quit()


def start(app, level="standard", deal=12):
    app.start_game(GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", level)], first=0, deal=deal))
    table = app.stack.top
    wait(app, table.my_turn)
    return table


def test_a_draw_from_the_stock_cant_be_undone_but_a_discard_can(app, tmp_path):
    table = start(app)
    key(app, pygame.K_s)
    wait(app, table.my_turn)
    assert table.record.actions[-1] == (0, DRAW_STOCK)
    assert "hidden card" in table.undo_reason()
    key(app, pygame.K_z)
    assert app.stack.top is table and len(table.record.actions) == 1 and table.toast.error
    card = table.model.hands[0][0]
    table.try_action(Discard(card))
    frame(app)
    assert table.undo_reason() is None and table.state.current == 1
    key(app, pygame.K_z)
    again = app.stack.top
    assert isinstance(again, TableScene) and again is not table
    assert again.record.actions == [(0, DRAW_STOCK)]  # the record holds seed + the actions left
    assert again.state.current == 0 and again.state.phase is Phase.BUILD and card in again.state.hand(0)
    assert sorted(again.model.hands[0]) == sorted(again.state.hand(0))
    assert again.record.final_state().hand(0) == again.state.hand(0)  # replayable: the record rebuilds the state
    # the save was rewritten without the undone discard: a resume opens at the same place
    app.saves.flush()
    resumed = app.resume("sprint")
    assert resumed.record.actions == [(0, DRAW_STOCK)] and resumed.state.hand(0) == again.state.hand(0)


def test_a_draw_from_the_discard_pile_can_be_undone_and_a_bot_action_ends_the_undo(app):
    table = start(app)
    key(app, pygame.K_p)
    frame(app)
    assert table.record.actions[-1] == (0, DRAW_DISCARD) and table.undo_reason() is None
    key(app, pygame.K_z)
    again = app.stack.top
    assert again.record.actions == [] and again.state.phase is Phase.DRAW
    wait(app, again.my_turn)
    key(app, pygame.K_s)
    wait(app, again.my_turn)
    again.try_action(Discard(again.model.hands[0][0]))
    wait(app, lambda: again.state.current == 0 and again.my_turn(), 60)  # the bot played its turn
    assert again.undo_reason() is not None and "undo" in [b.key for b in again.buttons()]
    assert not next(b for b in again.buttons() if b.key == "undo").enabled


def test_possible_matches_glow_in_an_apprentice_game_and_the_setting_turns_it_off(app):
    for deal in range(40):
        table = start(app, "apprentice", deal)
        key(app, pygame.K_s)
        wait(app, table.my_turn)
        lays = [a for a in table.state.legal_actions() if isinstance(a, Lay)]
        if lays:
            break
    cards = {c for a in lays for c in a.cards}
    lit = {s.card for s in table.my_hand if s.id in table.fan.lit}
    assert lit == cards
    app.settings.light_matches = "off"
    frame(app)
    assert not table.fan.lit
    # a hint that is a lay points at its cards
    key(app, pygame.K_h)
    if table.hint_text and table.selected:
        assert {s.card for s in table.my_hand if s.id in table.fan.pointed} == set(table.selected)


def test_a_card_dragged_from_the_stock_lands_where_it_is_dropped(app):
    table = start(app)
    first = table.layout.hand_rects(len(table.my_hand))[0]
    drag(app, table.layout.stock.center, (first.x + 2, first.centery))
    wait(app, table.my_turn)
    assert table.record.actions[-1] == (0, DRAW_STOCK)
    new = [c for c in table.model.hands[0] if c not in set(table.record.deal.hands[0])]
    assert len(new) == 1 and table.model.hands[0][0] == new[0]


def test_a_match_of_three_rounds_keeps_a_running_sheet_through_a_resume(app, tmp_path):
    """Three rounds: the end screen shows the sheet, Next round carries it on, a resume keeps it; the last round
    names the game's winner and offers a new game."""
    from game.tables.sprint.match import match_rounds, played
    from game.tables.sprint.round_over import RoundOverScene
    from game_helpers import click

    app.settings.ai_speed = "instant"
    setup = GameSetup([SeatConfig("Ann", "ai", "standard"), SeatConfig("Ada", "ai", "standard")], options={"match": 3})
    app.start_game(setup)
    totals = []
    for n in range(1, 4):
        table = app.stack.top
        if n == 2:  # mid-match: the save holds the earlier round, a resume brings it back
            wait(app, lambda: len(table.record.actions) > 3)
            app.saves.flush()
            table = app.resume("sprint")
            assert match_rounds(table.setup) == 3 and played(table.setup) == [tuple(totals[0])]
        wait(app, lambda: isinstance(app.stack.top, RoundOverScene), 120)
        screen = app.stack.top
        totals.append([line.total for line in screen.result.lines])
        assert [list(r.cells) for r in screen.sheet.rows] == totals
        assert screen.sheet.totals() == [sum(c) for c in zip(*totals)]
        labels = {b.key: b.label for b in screen.buttons}
        assert labels["again"] == ("New game" if n == 3 else "Next round")
        if n == 3:
            assert "the game" in screen.title
        # "match" is Sprint's word for a set or run: the series of rounds is the game (issue polish36)
        assert "match" not in " ".join([screen.title, *labels.values()]).lower()
        assert "match" in screen.subtitle and screen.subtitle.startswith(f"Round {n} below")  # the rows are this round's
        frame(app, 5)
        click(app, next(b.rect.center for b in screen.buttons if b.key == "again"))
    assert played(app.stack.top.setup) == []  # a new match starts
