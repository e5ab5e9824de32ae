"""Scamper asks before a discard only where it looks like a slip, with the confirming button highlighted (real loop)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.melds import is_wild, solve  # noqa: E402
from engine.scamper import AddToMeld, Discard  # noqa: E402
from engine.scamper.table import Phase  # noqa: E402
from game.screens import ConfirmScene  # noqa: E402
from game.shell.session import GameSetup, SeatConfig  # noqa: E402
from game_helpers import click, drag, frame, make_app, open_scamper, wait  # noqa: E402
from scamper_helpers import find_position  # noqa: E402


@pytest.fixture
def app(tmp_path):
    pygame.init()
    a = make_app(tmp_path)
    a.settings.confirm_discard = True  # the setting is on (as in a first game)
    yield a
    pygame.quit()


def _setup():
    return GameSetup([SeatConfig("You"), SeatConfig("Bot 0", "ai", "standard"), SeatConfig("Bot 1", "ai", "standard")],
                     game="scamper", options={"rounds": 1})


def _find(setup, want):
    """A record where seat 0 is to play and ``want(state)`` holds, played by bots."""
    return find_position(setup, lambda s: bool(want(s)) or None)[0]


_open = open_scamper


def _discard_by_drag(app, table, card):
    sprite = table.my_hand.find(card)
    r = table.hand_targets()[sprite.id]
    drag(app, (r.x + 8, r.y + 20), table.layout.discard.center)


def _lone(state, card):
    """A card nothing in the hand goes with: no wild, no other of its rank, no card of its suit within two ranks."""
    hand = state.hands[0]
    if is_wild(card):
        return False
    return not any(c != card and not is_wild(c) and (c.rank == card.rank or (
        c.suit == card.suit and abs(int(c.rank) - int(card.rank)) <= 2)) for c in hand)


def test_the_card_just_taken_from_the_discard_pile_asks_with_discard_highlighted(app):
    setup = _setup()
    record = _find(setup, lambda s: s.phase is Phase.DRAW and not s.down[0] and not is_wild(s.discard[-1]))
    table = _open(app, setup, record)
    taken = table.state.discard[-1]
    click(app, table.layout.discard.center)  # take it
    wait(app, lambda: table.my_turn() and table.state.phase is Phase.PLAY)
    before = len(table.record.actions)
    _discard_by_drag(app, table, taken)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and len(table.record.actions) == before
    assert "just took it from the discard pile" in ask.detail
    assert ask.focus == "yes" and [b.key for b in ask.buttons if b.primary] == ["yes"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    frame(app)  # Enter: the highlighted Discard
    assert app.stack.top is table and table.record.actions[before][1] == Discard(taken)


def test_an_ordinary_discard_goes_at_once(app):
    setup = _setup()
    record = _find(setup, lambda s: s.phase is Phase.DRAW and not s.down[0]
                   and sum(_lone(s, c) for c in s.hands[0]) >= 2)
    table = _open(app, setup, record)
    click(app, table.layout.stock.center)
    wait(app, lambda: table.my_turn() and table.state.phase is Phase.PLAY)
    card = next(c for c in table.state.hands[0] if _lone(table.state, c))
    before = len(table.record.actions)
    _discard_by_drag(app, table, card)
    assert app.stack.top is table and table.record.actions[before][1] == Discard(card)


def test_a_card_that_lays_off_on_the_table_asks_and_cancel_keeps_it(app):
    setup = _setup()
    record = _find(setup, lambda s: s.phase is Phase.PLAY and any(
        isinstance(a, AddToMeld) and Discard(a.card) in s.legal_actions() for a in s.legal_actions()))
    table = _open(app, setup, record)
    card = next(a.card for a in table.state.legal_actions()
                if isinstance(a, AddToMeld) and Discard(a.card) in table.state.legal_actions())
    before = table.state.snapshot()
    _discard_by_drag(app, table, card)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and "meld on the table" in ask.detail
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frame(app)
    assert app.stack.top is table and table.state.snapshot() == before


def test_a_card_of_a_pair_toward_the_contract_asks(app):
    def pair_card(s):
        plan = solve(s.hands[0], s.observation(0).contract)
        for target in plan.targets if plan else ():
            if len(target.naturals) >= 2:
                return next((c for c in target.naturals if Discard(c) in s.legal_actions()), None)
        return None

    setup = _setup()
    record = _find(setup, lambda s: s.phase is Phase.PLAY and not s.down[0] and pair_card(s) is not None
                   and not s.taken[0])
    table = _open(app, setup, record)
    card = pair_card(table.state)
    _discard_by_drag(app, table, card)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and "toward your contract" in ask.detail


def test_with_the_setting_off_nothing_is_asked(app):
    app.settings.confirm_discard = False
    setup = _setup()
    record = _find(setup, lambda s: s.phase is Phase.DRAW and not s.down[0] and not is_wild(s.discard[-1]))
    table = _open(app, setup, record)
    taken = table.state.discard[-1]
    click(app, table.layout.discard.center)
    wait(app, lambda: table.my_turn() and table.state.phase is Phase.PLAY)
    before = len(table.record.actions)
    _discard_by_drag(app, table, taken)
    assert app.stack.top is table and table.record.actions[before][1] == Discard(taken)
