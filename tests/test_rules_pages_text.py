"""Every game's rules pages: body text of a readable size in a small window, ending above the example cards
and the buttons (at 960x600 it was 17 px, an 11-point font, on every game's pages)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.games import playable_games  # noqa: E402
from game.screens.rules import RulesScene  # noqa: E402
from game_helpers import frame, make_app  # noqa: E402


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_every_rules_page_is_readable_and_ends_above_its_cards_and_buttons(pg, tmp_path, size, monkeypatch):
    app = make_app(tmp_path, size)
    smallest = {}
    for info in playable_games():
        scene = RulesScene(app, info.id)
        app.stack.push(scene)
        for page in range(len(scene.sections)):
            scene.page = page
            scene.refresh()
            body = set(scene.body_lines())
            drawn: list[tuple[int, pygame.Rect]] = []
            real = app.text.blit

            def listen(target, words, px, pos, *a, **k):
                rect = real(target, words, px, pos, *a, **k)
                if any(words and words in para for para in body) and rect.y > scene.layout.title_rect().y + 40:
                    drawn.append((px, rect))
                return rect

            monkeypatch.setattr(app.text, "blit", listen)
            app.dirty = True
            frame(app)
            monkeypatch.setattr(app.text, "blit", real)
            assert drawn, (info.id, page)
            s = scene.layout.scale
            floor = scene.layout.h - round((290 if scene.sections[page].examples else 90) * s)
            assert all(r.bottom <= floor and 0 <= r.x and r.right <= scene.layout.w for _, r in drawn), (info.id, page)
            smallest[info.id] = min([px for px, _ in drawn] + [smallest.get(info.id, 999)])
        app.stack.pop()
    assert min(smallest.values()) >= RulesScene.READABLE_PX if size == (960, 600) else min(smallest.values()) >= 23
    assert smallest["double-or-nothing"] >= max(smallest[g] for g in smallest if g != "double-or-nothing") - 1


def test_no_rules_page_puts_a_dot_between_two_numbers():
    """Sprint's scores were listed "2 cards = 3 · 3 cards = 6 ...": "3 · 3" reads as a product."""
    import re

    from engine.games import load

    for info in playable_games():
        for section in load(info.rules_pages):
            for para in section.paragraphs:
                assert not re.search(r"\d\s*[·•x×*]\s*\d", para), (info.id, para)


def test_sprints_scoring_page_lists_each_match_size_with_its_points():
    from engine.melds.matches import triangular
    from game.rules.sprint import SPRINT_RULES

    scoring = " ".join(next(s for s in SPRINT_RULES if s.title == "Scoring").paragraphs)
    assert f"2 cards score {triangular(2)} points" in scoring
    assert all(f"{n} cards {triangular(n)}" in scoring for n in range(3, 8))


def test_sprint_says_match_only_for_a_set_or_run_and_game_for_its_rounds():
    """Sprint's rules call a set or run a match: the rounds played in a row are a game, in its rules pages and on
    its New game screen (the round-over screen: tests/test_table_assist.py)."""
    from engine.games import GAMES
    from game.rules.sprint import SPRINT_RULES

    goal = " ".join(next(s for s in SPRINT_RULES if s.title == "The goal").paragraphs)
    assert "more rounds under New game" in goal and "longer match" not in goal
    rounds = next(o for o in GAMES["sprint"].options if o.key == "match")
    assert rounds.label == "Rounds" and "match" not in rounds.help.lower()


def test_no_rules_page_leans_on_wide_gaps():
    """Wrapping squeezes every run of spaces to one: Scamper's card values read "Joker 50 2 20 Ace 20 King down to
    8: 10 ...", its contracts "1: two sets of 3. 2: two runs of 3. 3: ..." (their gaps were the separators)."""
    from engine.games import load

    for info in playable_games():
        for section in load(info.rules_pages):
            for para in section.paragraphs:
                assert "  " not in para, (info.id, para)


def test_scampers_card_values_and_contracts_say_each_item_apart():
    from engine.scamper import CONTRACTS
    from game.rules.scamper import SCAMPER_RULES

    contracts = " ".join(SCAMPER_RULES[1].paragraphs)
    assert all(f"ound {n}: " in contracts for n in range(1, len(CONTRACTS) + 1))
    scoring = next(s for s in SCAMPER_RULES if s.title == "Going out and scoring").paragraphs
    assert "Jokers: 50 each · 2s and aces: 20 each · kings down to 8s: 10 each · 7s down to 3s: 5 each." in scoring


def test_a_wrapped_line_never_starts_with_a_separator(pg):
    """A lone "·" between items stays at the end of the line before, not at the start of the next."""
    from game.base.text import Text
    from game.shell.assets import asset_path

    text = Text(asset_path("fonts", "DejaVuSansCondensed-Bold.ttf"))
    words = " · ".join(f"item {n} of the list" for n in range(30))
    for width in range(120, 600, 7):
        lines = text.wrap(words, 21, width)
        assert " ".join(lines) == words and not any(line.startswith("·") for line in lines), width


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_every_row_of_example_cards_keeps_within_the_texts_margins(pg, tmp_path, size, monkeypatch):
    """Scamper's five examples on its wild-cards page ran to the window's edges at 960x600 while the text kept a
    63 px margin: every example's cards and caption now sit within the body text's column, cards and captions
    apart."""
    app = make_app(tmp_path, size)
    for info in playable_games():
        scene = RulesScene(app, info.id)
        app.stack.push(scene)
        for page, section in enumerate(scene.sections):
            if not section.examples:
                continue
            scene.page = page
            scene.refresh()
            cards: list[pygame.Rect] = []
            captions: list[pygame.Rect] = []
            real_text, real_face, real_number = app.text.blit, app.art.blit_face, app.art.blit_number
            said = {e.caption for e in section.examples}

            def text(target, words, px, pos, *a, **k):
                rect = real_text(target, words, px, pos, *a, **k)
                if any(words in c for c in said):
                    captions.append(rect)
                return rect

            monkeypatch.setattr(app.text, "blit", text)
            monkeypatch.setattr(app.art, "blit_face", lambda surf, c, r, *a, **k: cards.append(r.copy()))
            monkeypatch.setattr(app.art, "blit_number", lambda surf, v, r, *a, **k: cards.append(r.copy()))
            app.dirty = True
            frame(app)
            monkeypatch.setattr(app.text, "blit", real_text)
            monkeypatch.setattr(app.art, "blit_face", real_face)
            monkeypatch.setattr(app.art, "blit_number", real_number)
            width = scene.body_size()[1]
            left = (scene.layout.w - width) // 2
            n = sum(len(e.cards.split()) for e in section.examples)
            assert len(cards) == n and captions, (info.id, page)
            assert all(left <= r.left and r.right <= left + width for r in cards + captions), (info.id, page)
            assert max(r.bottom for r in cards) < min(r.top for r in captions), (info.id, page)
        app.stack.pop()
