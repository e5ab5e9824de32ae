"""Scamper's Lay preview is what gets laid (real loop): wilds placed by one function, the player's choice of end,
a card that doesn't fit named, no "you laid" before anything is laid, and a Lay label that fits at 960x600 and 1920x1080."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.melds import is_wild  # noqa: E402
from engine.scamper import DRAW_STOCK, Discard, LayContract, LayMeld  # noqa: E402
from engine.scamper.table import Phase  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game.tables.scamper import tools as tools  # noqa: E402
from game_helpers import click, frame, key, make_app, open_scamper, wait  # noqa: E402
from scamper_helpers import find_position  # noqa: E402


def _app(tmp_path, size=(1280, 720)):
    app = make_app(tmp_path, size)
    app.settings.confirm_discard = False
    return app


def _setup():
    return GameSetup([SeatConfig("You")] + [SeatConfig(f"Bot {i}", "ai", "standard") for i in range(3)],
                     game="scamper", options={"rounds": 2})


def _neighbours(hand):
    return {c for c in hand for d in hand if not is_wild(c) and not is_wild(d) and c.suit == d.suit
            and abs(int(c.rank) - int(d.rank)) == 1}


def _hoard(state):
    """Seat 0's play while a position is sought: lay the contract when it can, then keep wilds and neighbours."""
    legal = state.legal_actions()
    lays = [a for a in legal if isinstance(a, LayContract)]
    if lays:
        return lays[0]
    if DRAW_STOCK in legal:
        return DRAW_STOCK
    discards = [a for a in legal if isinstance(a, Discard) and not is_wild(a.card)]
    keep = _neighbours(state.hands[0])
    spare = [a for a in discards if a.card not in keep]
    return (spare or discards or legal)[-1]


_find = find_position


def _two_and_a_wild(s):
    """Seat 0, down, in play, holding two neighbours of one suit (3 to king) and a wild, and more cards: those three."""
    if s.phase is not Phase.PLAY or not s.down[0] or len(s.hands[0]) < 5:
        return None
    hand = s.hands[0]
    wild = next((c for c in hand if is_wild(c)), None)
    if wild is None:
        return None
    for a in hand:
        for b in hand:
            if not is_wild(a) and not is_wild(b) and a.suit == b.suit and b.rank == a.rank + 1 and 3 <= a.rank <= 12:
                return a, b, wild
    return None


_open = open_scamper


def _select(app, table, cards):
    left = list(cards)
    for sprite in list(table.my_hand):
        if sprite.card in left:
            left.remove(sprite.card)
            r = table.hand_targets()[sprite.id]
            click(app, (r.x + 8, r.y + 20))
    assert not left


def _button(table, name):
    return next((b for b in table.buttons() if b.key == name), None)


def test_the_lay_is_the_preview_and_the_player_picks_the_wilds_end(pg, tmp_path):
    app = _app(tmp_path)
    setup = _setup()
    record, (a, b, wild) = _find(setup, _two_and_a_wild, _hoard)
    table = _open(app, setup, record)
    _select(app, table, [a, b, wild])
    p = table.proposal()
    assert p.wild_choice and p.reason is None
    high = p.melds[0].describe()
    assert high.startswith(f"{a.rank.word} to ") and _button(table, "lay").label == f"Lay {high}"
    assert _button(table, "wild").label == "Wild: top"
    assert "W: the wild to the bottom." in table.status_lines()[1]
    key(app, pygame.K_w)  # the wild to the other end
    p = table.proposal()
    low = p.melds[0].describe()
    assert low != high and low.endswith(f"to {b.rank.word} of {p.melds[0].describe().split(' of ')[1]}")
    assert _button(table, "lay").label == f"Lay {low}" and _button(table, "wild").label == "Wild: bottom"
    click(app, _button(table, "wild").rect.center)  # and back, by mouse
    assert table.proposal().melds[0].describe() == high
    key(app, pygame.K_w)
    click(app, _button(table, "lay").rect.center)
    played = table.record.actions[-1][1]
    assert isinstance(played, LayMeld) and table.state.melds[-1].describe() == low  # laid as previewed
    wait(app, lambda: not table.motion.busy)
    assert tools.table_mismatches(table, table.state) == []


def test_a_selected_card_that_does_not_fit_is_named(pg, tmp_path):
    app = _app(tmp_path)
    setup = _setup()

    def with_stray(s):
        three = _two_and_a_wild(s)
        if three is None:
            return None
        stray = next((c for c in s.hands[0] if not is_wild(c) and c.suit != three[0].suit
                      and c.rank not in (three[0].rank, three[1].rank)), None)
        return None if stray is None else (*three, stray)

    record, (a, b, wild, stray) = _find(setup, with_stray, _hoard)
    table = _open(app, setup, record)
    _select(app, table, [a, b, wild, stray])
    line = table.status_lines()[1]
    assert f"{stray} doesn't fit" in line
    assert not _button(table, "lay").enabled


def test_the_selection_line_never_says_you_laid_before_a_lay(pg, tmp_path):
    app = _app(tmp_path)
    setup = _setup()

    def a_set_not_down(s):
        if s.phase is not Phase.PLAY or s.down[0]:
            return None
        hand = [c for c in s.hands[0] if not is_wild(c)]
        for c in hand:
            same = [d for d in hand if d.rank == c.rank]
            if len(same) >= 3:
                return tuple(same[:3])
        return None

    record, three = _find(setup, a_set_not_down)
    table = _open(app, setup, record)
    _select(app, table, three)
    line = table.status_lines()[1]
    assert "laid" not in line and "these cards make" in line


def _two_runs(s):
    """Seat 0 in round 2 (two runs of 3), not down, able to lay the contract: the cards of one way to lay it."""
    if s.contract_no != 2 or s.phase is not Phase.PLAY or s.down[0]:
        return None
    lay = next((a for a in s.legal_actions() if isinstance(a, LayContract)), None)
    return None if lay is None else tuple(c for m in lay.melds for c in m)


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_lay_button_text_is_whole_and_readable(pg, tmp_path, size):
    app = _app(tmp_path, size)
    setup = _setup()
    record, cards = _find(setup, _two_runs)
    table = _open(app, setup, record)
    _select(app, table, cards)
    button = _button(table, "lay")
    px = round(button.rect.h * 0.55)
    assert button.enabled and px >= 15
    assert app.text.render(button.label, px).get_width() <= button.rect.w - round(12 * button.rect.h / 44)
    assert button.label.startswith("Lay ") and "+" in button.label  # it still says what it lays: both runs
    assert table.proposal().label[4:] in table.status_lines()[1]  # in full on the status line
    frame(app)
    pygame.image.save(app.screen, str(tmp_path / "lay.png"))
