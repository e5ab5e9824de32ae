"""Double or Nothing's upgrade words: each card on the pick screen says plainly whether taking it again adds up
(its foot read "1  -  does not stack", like a count, then "Key 1. Adds up: ...": now "Press 1" over "Once only" or
"Up to 3 times", the feet of a row in line), and every effect, its "helps" line and that foot fit the card
at 960x600 without running into each other."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import re  # noqa: E402

import pytest  # noqa: E402

from engine.double_or_nothing import upgrades as up  # noqa: E402
from game.rules.double_or_nothing import DOUBLE_OR_NOTHING_RULES  # noqa: E402
from game_helpers import make_app, words_drawn  # noqa: E402
from test_double_or_nothing_table import _at_the_pick  # noqa: E402

EFFECT, HELPS, FOOT = (60, 66, 62), (30, 100, 90), (110, 100, 70)
"""The pick card's colours for its effect, its "helps" line and its foot."""


def test_taking_an_upgrade_again_is_said_in_words() -> None:
    for uid, u in up.UPGRADES.items():
        line = up.taking(uid)
        if u.stacks:
            assert line == f"Up to {u.max_stacks} times"  # plain words, not "Adds up" (it stacks)
            assert up.taking(uid, 1) == f"Up to {u.max_stacks} times (you hold 1)"
        else:
            assert line == "Once only"
    wind = up.effect(up.SECOND_WIND)
    # what you get first (a second try instead of the end of the run), the smaller deck said as the catch, the
    # opponent's deck in words a newcomer reads ("half a fresh deck against 2.5 fresh decks" did not read)
    assert wind.index("second try") < wind.index("half a fresh deck") < wind.index("five times as many cards")
    assert not any(c.isdigit() for c in wind)
    # the Spyglass: what was dealt, then what is held near the end of a deal ("once it is down to a tenth of its
    # hand, which it has run out of" did not read)
    glass = up.effect(up.SPYGLASS)
    assert "was dealt none of" in glass and "once a tenth of its hand or less is left, those it has none of now" in glass
    pages = " ".join(p for section in DOUBLE_OR_NOTHING_RULES for p in section.paragraphs)
    assert all(f"{u.name}: {u.effect} {up.taking(uid)}." in pages for uid, u in up.UPGRADES.items())


def test_the_second_wind_log_line_says_the_decks_as_the_upgrade_does(monkeypatch) -> None:
    """It read "played again with half a deck against two and a half" (decks? hands?)."""
    from types import SimpleNamespace

    from engine.double_or_nothing.events import SecondWind
    from game.tables.double_or_nothing import steps

    said: list[str] = []
    monkeypatch.setattr(steps, "note_step", lambda t, line, *a, **k: said.append(line))
    steps._second_wind(SimpleNamespace(state=SimpleNamespace(upgrade_rules=up.RULES)), SecondWind(3))
    assert said == ["Second Wind: game 3 is played again with half a fresh deck against five times as many cards."]
    assert "half a fresh deck against an opponent with five times as many cards" in up.effect(up.SECOND_WIND)


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_every_upgrade_card_says_its_key_and_whether_it_adds_up_and_its_words_fit(pg, tmp_path, size, monkeypatch):
    app = make_app(tmp_path, size)
    table = _at_the_pick(app)
    everyone = list(up.UPGRADES)
    for first in range(0, len(everyone), 3):  # every upgrade on a card, three at a time
        offer = tuple(everyone[first:first + 3])
        monkeypatch.setattr(table.state, "offer", offer)
        drawn = [(words, colour, rect) for words, _, colour, rect in words_drawn(app, table, monkeypatch)]
        assert not [w for w, _, _ in drawn if re.match(r"\d\s+-\s", w) or "does not stack" in w]
        feet: list[int] = []
        for k, (uid, card) in enumerate(zip(offer, table.layout.pick_cards(len(offer)))):
            mine = sorted(((w, c, r) for w, c, r in drawn if card.contains(r)), key=lambda d: d[2].top)
            foot = [r for w, c, r in mine if c == FOOT]
            said = " ".join(w for w, c, _ in mine if c == FOOT)
            assert said == f"Press {k + 1} {up.taking(uid, dict(table.state.held.stacks).get(uid, 0))}", said
            lines = [w for w, c, _ in mine if c == FOOT]
            assert lines[0] == f"Press {k + 1}" and all(" " in w for w in lines), lines  # a key line, no lone word
            feet.append(min(r.top for r in foot))
            body = [r for w, c, r in mine if c in (EFFECT, HELPS)]
            assert " ".join(w for w, c, _ in mine if c == EFFECT) == up.effect(uid)  # the whole effect, none cut
            assert foot and body and max(r.bottom for r in body) <= min(r.top for r in foot), uid
        assert len(set(feet)) == 1, feet  # every card's footer starts at one height
