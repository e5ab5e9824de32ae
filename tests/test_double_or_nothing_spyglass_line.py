"""Double or Nothing's Spyglass line under the opponent's deck says something true when the opponent lacks no
number (it read "Spyglass: was dealt no none"), whole at 960x600 (no "..." for a cut), and names whose hand it
speaks of (under the deck's count it read as the deck's)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import dataclasses  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.double_or_nothing import upgrades as up  # noqa: E402
from game_helpers import click, make_app, wait, words_drawn  # noqa: E402
from test_double_or_nothing_table import _at_the_pick  # noqa: E402


def _spyglass_lines(app, table, monkeypatch, **seen):
    """The Spyglass lines drawn in a frame of the table, its observation changed by ``seen``."""
    if seen:
        monkeypatch.setattr(table.shown, "obs", dataclasses.replace(table.shown.obs, **seen))
    lines = [(words, px, rect) for words, px, _, rect in words_drawn(app, table, monkeypatch) if words.startswith("Spyglass:")]
    for words, px, rect in lines:
        assert rect.w == app.text.render(words, px).get_width(), words  # not cut short
    return [words for words, _, _ in lines]


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_the_spyglass_line_names_the_missing_numbers_or_says_every_number(tmp_path, monkeypatch, size):
    pygame.init()
    app = make_app(tmp_path, size)
    table = _at_the_pick(app)
    monkeypatch.setattr(table.state, "offer", (up.SPYGLASS,) + table.state.offer[1:])
    click(app, table.layout.pick_cards(len(table.state.offer))[0].center)
    wait(app, lambda: table.my_turn() and table.shown.obs.opponent_lacks is not None, 60)
    lacks = table.shown.obs.opponent_lacks
    said = "every number" if not lacks else "no " + ", ".join(map(str, lacks))
    assert _spyglass_lines(app, table, monkeypatch) == [f"Spyglass: Ada was dealt {said}"]
    assert _spyglass_lines(app, table, monkeypatch, opponent_lacks=(), opponent_lacks_now=False) == [
        "Spyglass: Ada was dealt every number"]
    assert _spyglass_lines(app, table, monkeypatch, opponent_lacks=(), opponent_lacks_now=True) == [
        "Spyglass: Ada holds every number"]
    assert _spyglass_lines(app, table, monkeypatch, opponent_lacks=(1, 3, 5, 7), opponent_lacks_now=False) == [
        "Spyglass: Ada was dealt no 1, 3, 5, 7"]
    pygame.quit()
