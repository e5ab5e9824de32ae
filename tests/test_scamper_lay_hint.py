"""Scamper's hint with the whole contract in hand said "A set of 3: 5♦ 5♠ 2♦ done; ..." while "Lay contract"
stayed greyed, and nothing said the cards must be selected first: it now starts with the next step (first, so a
narrow window's cut never takes it), and that step works (the cards it names, selected, make Lay lay it)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import re  # noqa: E402

from engine.melds import solve  # noqa: E402
from engine.scamper import LayContract  # noqa: E402
from engine.scamper.table import Phase  # noqa: E402
from game.tables.scamper import view  # noqa: E402
from game_helpers import click, frame, make_app, wait  # noqa: E402
from test_scamper_table import _button, _find, _open, _select, _setup  # noqa: E402


def test_a_contract_in_hand_says_select_these_cards_then_lay_and_that_works(pg, tmp_path):
    app = make_app(tmp_path)
    setup = _setup(3)
    record = _find(setup, lambda s: s.phase is Phase.PLAY and any(isinstance(a, LayContract) for a in s.legal_actions()))
    table = _open(app, setup, record)
    wait(app, lambda: not table.motion.busy)
    frame(app)
    head, hint = view.status_lines(table)
    obs = table.state.observation(0)
    plan = solve(obs.hand, obs.contract)
    assert plan is not None and plan.met
    said = re.match(r"Select these (\d+) cards, then Lay contract \(L\): a set of 3: .+; a set of 3: .+\.$", hint)
    assert said and int(said.group(1)) == len(plan.used()), hint
    lay = _button(table, "lay")
    assert lay.label == "Lay contract" and not lay.enabled  # greyed until the cards are selected, as it says
    _select(app, table, plan.used())
    lay = _button(table, "lay")
    assert lay.enabled
    click(app, lay.rect.center)
    assert table.state.down[0]
    wait(app, lambda: not table.motion.busy)
    assert "Select these" not in view.status_lines(table)[1]  # down: the hint moves on


def test_the_hint_does_not_say_lay_while_you_must_draw_first(pg, tmp_path):
    app = make_app(tmp_path)
    setup = _setup(3)

    def in_hand_before_the_draw(s):
        if s.phase is not Phase.DRAW or s.current != 0:
            return False
        obs = s.observation(0)
        plan = solve(obs.hand, obs.contract)
        return plan is not None and plan.met

    table = _open(app, setup, _find(setup, in_hand_before_the_draw, seeds=range(1, 80)))
    wait(app, lambda: not table.motion.busy)
    frame(app)
    head, hint = view.status_lines(table)
    assert head.endswith("Draw: click the stock or the discard pile.") and "done" in hint and "Select these" not in hint


def test_the_greyed_lay_button_says_why_under_the_pointer(pg, tmp_path, monkeypatch):
    """Hovering the greyed "Lay contract" said only "Key: L": it now says what to do first, then the key; a Lay
    that can be pressed keeps its plain key tip."""
    import pygame

    from game.kit import handview

    app = make_app(tmp_path)
    setup = _setup(3)
    record = _find(setup, lambda s: s.phase is Phase.PLAY and any(isinstance(a, LayContract) for a in s.legal_actions()))
    table = _open(app, setup, record)
    wait(app, lambda: not table.motion.busy)
    tips: list[str] = []
    real = handview.draw_tooltip
    monkeypatch.setattr(handview, "draw_tooltip", lambda surface, text, label, *a, **k: (
        tips.append(label), real(surface, text, label, *a, **k))[1])

    def hover_lay() -> str:
        tips.clear()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=_button(table, "lay").rect.center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        frame(app, 2)
        return tips[-1]

    obs = table.state.observation(0)
    assert hover_lay() == f"Select the cards of your contract: {obs.contract.describe()}. Key: L"
    _select(app, table, solve(obs.hand, obs.contract).used())
    assert _button(table, "lay").enabled and hover_lay() == "Key: L"
