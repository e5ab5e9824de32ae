"""Where drawing reaches (game.kit.reach), cards encoded ahead (game.kit.priming), and Snap's seats repainted part by
part: a part skipped because it cannot reach the clip never paints there."""

from __future__ import annotations

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.cards import ALL_CARDS  # noqa: E402
from game.base.cardart import OFF_SCREEN, CardArt  # noqa: E402
from game.kit.layer import outline_parts  # noqa: E402
from game.kit.piles import draw_face_pile, draw_stock  # noqa: E402
from game.kit.priming import Primer, prime  # noqa: E402
from game.kit.reach import card_reach, draw_outline, face_pile_reach, glow_reach, stock_reach  # noqa: E402
from game.kit.sprites import blit_card  # noqa: E402
from game.kit.ui import GLOW, GOLD  # noqa: E402
from game_helpers import busy_bench  # noqa: E402

SIZES = [(50, 71), (103, 148), (144, 205), (287, 410)]


@pytest.fixture
def pg():
    pygame.init()
    pygame.display.set_mode((960, 600))
    yield
    pygame.quit()


def changed(before: pygame.Surface, after: pygame.Surface) -> pygame.Rect:
    """The bounding rect of the pixels that differ."""
    up, down = after.copy(), before.copy()
    up.blit(before, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    down.blit(after, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    up.blit(down, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    differ = pygame.mask.from_threshold(up, (0, 0, 0, 255), (1, 1, 1, 255))
    differ.invert()
    rects = differ.get_bounding_rects()
    assert rects, "nothing was drawn"
    return rects[0].unionall(rects[1:])


def painted(draw) -> pygame.Rect:  # type: ignore[no-untyped-def]
    surface = pygame.Surface((900, 900)).convert()
    surface.fill((10, 80, 40))
    before = surface.copy()
    draw(surface)
    return changed(before, surface)


def test_a_shadow_is_measured_once_for_the_reach_of_every_card_of_its_size(pg):
    """card_reach measures a size's shadow once (a tenth of a millisecond at 3840x2160's hand size), wherever the
    card lies: the same rect as measuring it every time."""
    measured = []

    class Counted(pygame.Surface):
        def get_bounding_rect(self, *args):  # type: ignore[no-untyped-def]
            measured.append(self.get_size())
            return super().get_bounding_rect(*args)

    art, size = CardArt(), SIZES[-1]
    shadow = art.shadow(size)
    counted = Counted(shadow.get_size(), pygame.SRCALPHA, 32)
    counted.blit(shadow, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)  # its pixels, alpha and all
    art._shadows[size] = counted
    off, pad = art.shadow_offsets(size)
    for at in ((0, 0), (300, 120), (-40, 7)):
        rect = pygame.Rect(at, size)
        assert card_reach(art, rect) == shadow.get_bounding_rect().move(at[0] - pad + off, at[1] - pad + 2 * off).union(rect)
    assert len(measured) == 1, measured


def test_the_shadows_kept_measured_are_bounded(pg):
    """Each measured size kept its shadow for good: a window dragged through 200 sizes held 200 shadows (~31 MB)
    while the art had let all but a few go."""
    from game.kit import reach

    art = CardArt()
    for w in range(40, 240):
        card_reach(art, pygame.Rect((0, 0), (w, round(w * 1.4))))
    assert len(reach._bounds) <= reach.BOUNDS_KEPT


@pytest.mark.parametrize("size", SIZES)
def test_the_reach_of_a_card_a_glow_a_stock_and_a_pile_holds_all_they_paint(pg, size):
    art = CardArt()
    rect = pygame.Rect((300, 300), size)
    card = ALL_CARDS[11]
    assert card_reach(art, rect).contains(painted(lambda s: blit_card(art, s, card, rect, True)))
    assert card_reach(art, rect).contains(painted(lambda s: art.blit_back(s, rect)))
    assert glow_reach(art, rect).contains(painted(lambda s: art.blit_glow(s, rect, GLOW)))
    for count in (1, 15, 52):
        assert stock_reach(art, rect).contains(painted(lambda s: draw_stock(s, art, rect, count, glow=True)))
    peek = (-round(rect.w * 0.05), round(rect.w * 0.03))
    pile = painted(lambda s: draw_face_pile(s, art, rect, ALL_CARDS[:2], True, peek))
    assert face_pile_reach(art, rect, peek).contains(pile)
    assert face_pile_reach(art, rect, peek).w < rect.w * 1.5  # tight: not a generous guess


@pytest.mark.parametrize("rect, width, radius", [((40, 50, 309, 329), 4, 16), ((3, 7, 160, 170), 3, 8),
                                                   ((100, 90, 620, 660), 8, 32), ((0, 0, 200, 120), 2, 3)])
def test_a_cached_outline_is_the_outline_drawn(pg, rect, width, radius):
    """The turn's rim as one blit of a cached copy: the same pixels as pygame.draw.rect, clipped or not."""
    rng = random.Random(3)
    base = pygame.Surface((800, 800)).convert()
    for _ in range(60):
        base.fill((rng.randrange(256), rng.randrange(256), rng.randrange(256)),
                  (rng.randrange(800), rng.randrange(800), rng.randrange(200), rng.randrange(200)))
    rect = pygame.Rect(rect)
    for clip in [None, *outline_parts(rect, width, radius), pygame.Rect(rect.x + 5, rect.y - 3, 40, 30)]:
        drawn, blitted = base.copy(), base.copy()
        drawn.set_clip(clip)
        blitted.set_clip(clip)
        pygame.draw.rect(drawn, GOLD, rect, width, border_radius=radius)
        draw_outline(blitted, GOLD, rect, width, radius, {})
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(blitted, "RGB"), clip


def test_a_primed_card_leaves_its_surface_and_the_privacy_record_as_they_were(pg):
    art = CardArt()
    target = pygame.Surface((300, 200)).convert()
    target.fill((10, 80, 40), (0, 0, 1, 1))
    target.fill((200, 10, 40), (1, 0, 299, 200))
    target.set_clip(pygame.Rect(5, 5, 50, 50))
    before = pygame.image.tobytes(target, "RGB")
    for card in (*ALL_CARDS[:5], None):
        prime(art, target, card, (144, 205))
        prime(art, target, card, (90, 128), shadow=False)  # as a seat's laid cards are drawn
    assert pygame.image.tobytes(target, "RGB") == before
    assert (("f", int(ALL_CARDS[0])), 90, 128, False) in art._lanes[OFF_SCREEN]  # encoded for it without its shadow
    assert target.get_clip() == pygame.Rect(5, 5, 50, 50)
    assert art.faces_blitted == [] and art.backs_blitted == 0


def test_a_primer_goes_one_card_a_step_and_waits_for_its_surface(pg):
    art = CardArt()
    surface: list[pygame.Surface | None] = [None]
    primer = Primer(art, [(lambda: surface[0], [*ALL_CARDS[:3], None], (103, 148))])
    primer.step()
    assert len(primer.pending) == 4  # no surface yet: nothing done
    surface[0] = pygame.Surface((400, 300)).convert()
    primer.step()
    assert len(primer.pending) == 3
    primer.step(10)
    assert not primer.pending


def test_cards_added_first_are_primed_before_those_waiting_in_their_order(pg):
    """A card drawn into the bottom hand is needed sooner than the laid cards queued before it
    (:meth:`~game.kit.handtable.HiddenHandTable.prime_coming`): ``first`` puts its jobs at the front, in their order."""
    art = CardArt()
    surface = pygame.Surface((400, 300)).convert()
    primer = Primer(art, [(lambda: surface, ALL_CARDS[:2], (103, 148))])
    primer.add(lambda: surface, ALL_CARDS[5:7], (144, 205), True, first=True)
    primer.add(lambda: surface, [ALL_CARDS[9]], (50, 71), False)
    assert [(card, size, shadow) for _, card, size, shadow in primer.pending] == [
        (ALL_CARDS[5], (144, 205), True), (ALL_CARDS[6], (144, 205), True), (ALL_CARDS[0], (103, 148), True),
        (ALL_CARDS[1], (103, 148), True), (ALL_CARDS[9], (50, 71), False)]
    primer.step()
    assert (("f", int(ALL_CARDS[5])), 144, 205, True) in art._lanes[OFF_SCREEN]  # the first card, encoded first


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080), (3840, 2160)])
def test_a_snap_seat_clipped_anywhere_paints_there_what_it_paints_whole(pg, tmp_path, size):
    """A seat's parts skip a clip they cannot reach (its rim strips, its stack, its pile, its labels, any rect):
    what it paints inside a clip is what painting it whole paints there, whatever the seat shows (a glow, a
    call's lit pile, the turn's rim, the red wash of a wrong call, the out shade), and nothing outside its region."""
    from game.tables.snap import view

    _, busy = busy_bench(tmp_path, "snap", size, frames=30)
    table, rng = busy.table, random.Random(size[0])
    lay = table.layout
    for seat, place in enumerate(lay.places):
        model = table.model
        model.lit = {seat: 1.0} if seat % 2 else {}
        model.red = {seat: 0.5} if seat % 3 == 1 else {}
        model.out[seat] = seat == 5
        table.solo = seat if seat == 2 else None  # a lone player's stack glows
        area = place.rim[0].unionall([place.panel, *place.parts])
        whole = table.background.copy()
        view._draw_seat(table, whole, seat, place, set())
        assert area.inflate(6, 6).contains(changed(table.background, whole)), seat
        clips = [*place.parts, *outline_parts(*place.rim)]
        clips += [pygame.Rect(rng.randrange(area.x, area.right), rng.randrange(area.y, area.bottom),
                              rng.randrange(1, 60), rng.randrange(1, 60)) for _ in range(40)]
        for clip in clips:
            part = table.background.copy()
            part.set_clip(clip)
            view._draw_seat(table, part, seat, place, set())
            clip = clip.clip(part.get_rect())
            assert pygame.image.tobytes(part.subsurface(clip), "RGB") == pygame.image.tobytes(whole.subsurface(clip), "RGB"), \
                (seat, clip)
