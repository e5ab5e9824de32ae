"""Retained drawing (game.base.retained): a frame that repaints only what changed shows exactly what a whole
redraw shows, in every table's busiest state, with the pointer moving, cards flying and a menu opened over it."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.games import playable_games  # noqa: E402
from game.base.retained import Canvas, Cells, Tracked, tracked_copy  # noqa: E402
from game.shell import modes  # noqa: E402
from game.shell.app import App  # noqa: E402
from game.shell.headless import DT  # noqa: E402
from game_helpers import busy_bench  # noqa: E402

SIZE = (1280, 720)


def whole_redraw(app: App) -> bytes:
    """The stack drawn afresh on a plain surface of the window's format."""
    plain = pygame.Surface(app.size, 0, app.screen)
    app.art.begin_frame()
    app.stack.draw(plain)
    return pygame.image.tobytes(plain, "RGB")


def key(k: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)]


@pytest.mark.parametrize("game_id", [info.id for info in playable_games()])
def test_a_retained_frame_is_a_whole_redraw(pg, tmp_path, game_id):
    app = modes.configure(App(SIZE, tmp_path, seed=3, resizable=False), modes.scenarios(game_id).bench_settings)
    app.to_title()
    busy = modes.scenarios(game_id).busy(app)
    hot = modes.scenarios(game_id).hot_spots(modes.table_of(app, game_id))
    app.step(DT, [])
    canvas = app._pen
    assert isinstance(canvas, Canvas) and canvas.window is app.screen
    drawn = compared = 0
    for frame in range(150):
        busy.before(frame)
        events: list[pygame.event.Event] = []
        if frame % 7 == 3 and hot:  # the pointer over cards and buttons: hover rings come and go
            x, y = hot[(frame // 7) % len(hot)]
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
        if frame in (90, 100):  # the pause menu over the table, then gone
            events += key(pygame.K_ESCAPE)
        if app.step(DT, events):
            drawn += 1
            shown = pygame.image.tobytes(app.screen, "RGB")
            whole = whole_redraw(app)
            assert shown == whole, f"{game_id}: frame {frame} left something behind (or missed something)"
            compared += 1
    assert compared >= 60
    assert canvas.frames_retained >= drawn // 3, (game_id, canvas.frames_retained, drawn)  # the point of it


def test_an_overlay_that_moves_leaves_no_trail(pg):
    window = pygame.display.set_mode((200, 120))
    canvas = Canvas(window)
    layer = tracked_copy(pygame.Surface((200, 120)).convert())
    layer.fill((0, 90, 50))
    for x in range(0, 160, 9):
        if x == 81:  # the layer changes under the overlays
            pygame.draw.rect(layer, (9, 9, 9), (5, 5, 30, 30))
        canvas.begin_frame()
        canvas.blit(layer, (0, 0))
        pygame.draw.circle(canvas, (250, 250, 250), (x + 10, 50), 8)
        canvas.fill((200, 0, 0), (x, 90, 12, 12))
        canvas.end_frame()
        expected = layer.copy()
        pygame.draw.circle(expected, (250, 250, 250), (x + 10, 50), 8)
        expected.fill((200, 0, 0), (x, 90, 12, 12))
        assert pygame.image.tobytes(window, "RGB") == pygame.image.tobytes(expected, "RGB"), x
    assert canvas.frames_retained == len(range(0, 160, 9)) - 1


def test_a_frame_not_started_from_a_tracked_layer_is_whole(pg):
    window = pygame.display.set_mode((100, 80))
    canvas = Canvas(window)
    plain = pygame.Surface((100, 80)).convert()
    for _ in range(3):
        canvas.begin_frame()
        canvas.blit(plain, (0, 0))
        assert canvas.end_frame() is None
    layer = tracked_copy(plain)
    assert isinstance(layer, Tracked) and layer.take_damage() == [layer.get_rect()]
    canvas.begin_frame()
    pygame.draw.rect(canvas, (1, 2, 3), (0, 0, 5, 5))  # something before the layer: nothing kept
    canvas.blit(layer, (0, 0))
    assert canvas.end_frame() is None and canvas.frames_retained == 0


def test_cells_cover_every_rectangle_from_aligned_columns():
    import random

    from game.base.retained import CELL, Cells

    rng = random.Random(5)
    size = (1366, 768)
    for _ in range(20):
        cells = Cells(size)
        given = [pygame.Rect(rng.randrange(-50, size[0]), rng.randrange(-50, size[1]), rng.randrange(1, 400),
                             rng.randrange(1, 300)) for _ in range(rng.randrange(1, 40))]
        for r in given:
            cells.add(r)
        out = cells.rects()
        bounds = pygame.Rect((0, 0), size)
        for r in given:
            r = r.clip(bounds)
            for x, y in ((r.left, r.top), (r.right - 1, r.bottom - 1), (r.centerx, r.centery)):
                if r.w and r.h:
                    assert any(o.collidepoint(x, y) for o in out), (r, x, y)
        assert all(o.x % CELL == 0 and bounds.contains(o) for o in out)
        assert cells.area() >= sum(o.w * o.h for o in out) - CELL * CELL * len(out)  # no cell twice (edge cells clip)


def test_cells_rects_are_the_cells_once_each_and_each_run_joined_down_as_far_as_it_goes():
    """Every cell in exactly one rectangle (clipped to the surface), and a run of cells repeated on the rows below
    is one rectangle (at odd sizes too: the last row of cells is cut short)."""
    import random

    from game.base.retained import CELL, Cells

    rng = random.Random(24)
    for size in ((1920, 1080), (3840, 2160), (1001, 603), (970, 9)):
        for _ in range(150):
            cells = Cells(size)
            for _ in range(rng.randrange(0, 14)):
                cells.add(pygame.Rect(rng.randrange(-60, size[0]), rng.randrange(-60, size[1]), rng.randrange(0, 700),
                                      rng.randrange(0, 500)))
            out = cells.rects()
            got = [0] * len(cells.rows)
            for o in out:
                assert o.x % CELL == 0 and o.y % CELL == 0 and o.w > 0 and o.h > 0
                assert o.right == min(size[0], -(-o.right // CELL) * CELL) and o.bottom == min(size[1], -(-o.bottom // CELL) * CELL)
                bits = ((1 << -(-o.w // CELL)) - 1) << (o.x // CELL)
                for r in range(o.y // CELL, -(-o.bottom // CELL)):
                    assert not got[r] & bits  # no cell twice
                    got[r] |= bits
            assert got == cells.rows
            ends = {(o.x, o.w, o.bottom) for o in out}
            assert not any((o.x, o.w, o.y) in ends for o in out)  # a run going on below is never a second rectangle


def shown_regions(table) -> list:
    """The table's layer regions as its layer shows them: a hidden-hand table's log as it was while its new line waits
    a frame (:class:`~game.kit.pace.LateRegion`)."""
    apart = getattr(table, "log_late", None)
    held = apart.shown if apart is not None and apart.held else None
    return [held if held is not None and r[0] == "log" else r for r in table.view.layer_regions(table)]


def drawn_with_the_bottom_live(app: App, table) -> bytes:
    """The frame as it was drawn before the bottom went into the cached layer: a layer made afresh without the
    bottom region, and the fan, status lines and buttons drawn over it in the frame."""
    from game.kit.layer import TableLayer  # the kit's tables import pygame's display: not at the top

    fresh = TableLayer()
    kept, in_layer, fan_live = table.layer, table._bottom_in_layer, table._fan_live
    regions = [r for r in shown_regions(table) if r[0] != "bottom"]
    fresh.refresh(table.background, table.layout, regions, app.art)
    table.layer, table._bottom_in_layer, table._fan_live = fresh, False, False
    try:
        return whole_redraw(app)
    finally:
        table.layer, table._bottom_in_layer, table._fan_live = kept, in_layer, fan_live


@pytest.mark.parametrize("game_id", ["sprint", "scamper"])
def test_the_bottom_in_the_layer_is_the_bottom_drawn_every_frame(pg, tmp_path, game_id):
    """A hidden-hand table keeps its fan at rest, status lines and buttons in its cached layer: every frame, with
    the pointer over the cards and buttons, a card selected and the pause menu, shows what drawing them in the
    frame showed -- frames with the fan at rest draw none of them, and frames with the fan moving clear of the
    lines and buttons draw only the fan."""
    from game.kit.messages import Toast

    scen = modes.scenarios(game_id)
    app = modes.configure(App(SIZE, tmp_path, seed=5, resizable=False), scen.bench_settings)
    app.to_title()
    busy = scen.busy(app)
    app.step(DT, [])
    in_layer = compared = fan_only = 0
    for frame in range(240):
        busy.before(frame)
        table = modes.table_of(app, game_id)
        hot = scen.hot_spots(table) + [b.rect.center for b in table.buttons()] + [table.layout.menu_button.center]
        events: list[pygame.event.Event] = []
        if frame % 15 == 2:  # hover rings and lifts on the hand's cards and the buttons come and go
            x, y = hot[(frame // 15) % len(hot)]
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
        if frame % 40 == 21:
            table.toast = Toast("A refusal in the status lines' place", 0.4, error=frame % 80 == 21)
            table.fan.selected ^= {s.id for s in list(table.my_hand)[:1]}  # a card lifted and glowing
        if frame in (150, 160):
            events += key(pygame.K_ESCAPE)
        if app.step(DT, events) and app.stack.top is table:
            assert pygame.image.tobytes(app.screen, "RGB") == drawn_with_the_bottom_live(app, table), (game_id, frame)
            compared += 1
            in_layer += table._bottom_in_layer
            fan_only += table._fan_live
    assert compared >= 150
    assert in_layer >= compared // 10, (in_layer, compared)  # the point of it (the deals here keep the fan moving)
    assert fan_only >= 5, (fan_only, compared)  # and frames with only the moving fan drawn live (the deal's own
    # frames keep all of the bottom in the layer: the cards in the air are not the fan's)


@pytest.mark.parametrize("game_id", ["snap", "ratscrew", "sprint", "scamper", "double-or-nothing"])
def test_a_layer_repainted_part_by_part_is_the_layer_painted_afresh(pg, tmp_path, game_id, monkeypatch):
    """A region repaints only the parts a change touched (Snap's seats: the stack, the face-up pile, the labels;
    Sprint's: the rim, the header, the fan, the matches):
    after every refresh the layer is, pixel for pixel, a fresh layer painted whole from the same regions."""
    from game.kit.layer import TableLayer

    real = TableLayer.refresh
    checked, parts = [0], [0]

    def refresh(self, background, owner, regions, art):  # type: ignore[no-untyped-def]
        regions = list(regions)
        real(self, background, owner, regions, art)
        whole = {r[0]: r[2].inflate(6, 6).clip(self.surface.get_rect()) for r in regions}
        parts[0] += sum(1 for area in self.painted if area not in whole.values())
        fresh = TableLayer()
        real(fresh, background, owner, regions, art)
        assert pygame.image.tobytes(self.surface, "RGB") == pygame.image.tobytes(fresh.surface, "RGB"), game_id
        checked[0] += 1

    monkeypatch.setattr(TableLayer, "refresh", refresh)
    busy_bench(tmp_path, game_id, SIZE, frames=400)
    assert checked[0] >= 300 and parts[0] >= 20, (checked, parts)


def test_a_table_opened_after_another_paints_on_the_surface_it_left(pg, tmp_path):
    """SDL keeps a card's run-length encoding for the last surface it was blitted to: the layer of a table opened
    after another (its scene gone from the stack) takes the surface the other left, so its cards are not encoded
    again -- and it is, pixel for pixel, a layer painted afresh on a new surface."""
    from game.kit.layer import TableLayer

    scen = modes.scenarios("scamper")
    app = modes.configure(App(SIZE, tmp_path, seed=4, resizable=False), scen.bench_settings)
    app.to_title()
    busy = scen.busy(app)
    for _ in range(5):
        app.step(DT, [])
    first = busy.table
    left = first.layer.surface
    second = busy.open(app)  # the first table leaves the stack
    assert second is not first and app.stack.top is second and first.layer.surface is None
    app.step(DT, [])
    assert second.layer.surface is left
    fresh = TableLayer()
    fresh.refresh(second.background, second.layout, second.view.layer_regions(second), app.art)
    assert fresh.surface is not left
    assert pygame.image.tobytes(second.layer.surface, "RGB") == pygame.image.tobytes(fresh.surface, "RGB")


@pytest.mark.parametrize("game_id", ["snap", "ratscrew", "sprint", "double-or-nothing"])
def test_a_table_leaving_the_stack_leaves_its_layer_surface_to_the_next(pg, tmp_path, game_id):
    """Race tables, hidden-hand tables and Double or Nothing alike: a table that leaves the stack keeps no layer, and the next layer
    made at its size paints on the surface it left."""
    from game.kit.layer import TableLayer

    scen = modes.scenarios(game_id)
    app = modes.configure(App(SIZE, tmp_path, seed=4, resizable=False), scen.bench_settings)
    app.to_title()
    table = scen.busy(app).table
    for _ in range(3):
        app.step(DT, [])
    left = table.layer.surface
    assert left is not None
    app.to_title()
    assert table.layer.surface is None
    fresh = TableLayer()
    fresh.refresh(table.background, table.layout, [], app.art)
    assert fresh.surface is left


def test_double_or_nothings_layer_in_parts_is_the_whole_table_painted_unclipped(pg, tmp_path):
    """Double or Nothing's layer repaints only the parts a move changed (the opponent, the play, the strip, each
    column, the deck, the log, the status lines): after every frame of a game-20 duel
    it is, pixel for pixel, the whole table painted in one go with nothing clipped, and most moves repaint parts."""
    from game.kit.parts import paint_parts
    from game.tables.double_or_nothing import view

    scen = modes.scenarios("double-or-nothing")
    app = modes.configure(App(SIZE, tmp_path, seed=2, resizable=False), scen.bench_settings)
    app.to_title()
    busy = scen.busy(app)
    checked = partial = 0
    for frame in range(300):
        busy.before(frame)
        app.step(DT, [])
        table = modes.table_of(app, "double-or-nothing")
        if table is None or table.layer.surface is None or app.stack.top is not table:
            continue
        fresh = table.background.copy()
        paint_parts(view.table_parts(table), fresh)
        assert pygame.image.tobytes(table.layer.surface, "RGB") == pygame.image.tobytes(fresh, "RGB"), frame
        checked += 1
        whole = table.layer.surface.get_width() * table.layer.surface.get_height()
        partial += 0 < sum(r.w * r.h for r in table.layer.painted) < whole // 2  # a move: its parts only
    assert checked >= 250 and partial >= 10, (checked, partial)


def test_the_bottom_stays_in_the_layer_while_the_deal_is_in_the_air(pg, tmp_path):
    """The deal's cards fly in (the fan eases only cards it does not draw yet): the bottom's status lines and buttons
    stay in the cached layer, and every frame shows what drawing them in the frame showed."""
    scen, game_id = modes.scenarios("sprint"), "sprint"
    app = modes.configure(App(SIZE, tmp_path, seed=5, resizable=False), scen.bench_settings)
    app.to_title()
    busy = scen.busy(app)
    dealing = in_layer = 0
    for frame in range(70):
        busy.before(frame)
        table = modes.table_of(app, game_id)
        if app.step(DT, []) and table.motion.flights:
            assert pygame.image.tobytes(app.screen, "RGB") == drawn_with_the_bottom_live(app, table), (game_id, frame)
            dealing += 1
            in_layer += table._bottom_in_layer
    assert dealing >= 60 and in_layer == dealing, (dealing, in_layer)  # it was drawn in the frame while the fan eased


def test_a_sprint_frame_at_rest_draws_nothing_over_its_layer(pg, tmp_path):
    """The piles with their counts and the turn order are in Sprint's cached layer: on the player's turn with
    nothing moving, a frame restores nothing and draws nothing over the layer (they were drawn every frame)."""
    from game.shell.session import GameSetup

    app = modes.configure(App(SIZE, tmp_path, seed=2, resizable=False), {"confirm_discard": False, "ai_speed": "instant"})
    app.settings.tips_seen = True
    app.to_title()
    app.start_game(GameSetup(deal=7))
    table = modes.table_of(app, "sprint")
    for _ in range(900):
        app.step(DT, [])
        if table.my_turn() and not table.moving():
            break
    assert table.my_turn() and not table.moving()
    for _ in range(3):
        app.dirty = True
        app.step(DT, [])
    assert app._pen._drawn == [] and app._pen._ops == [] and not app._pen._restored.area()


def test_double_or_nothings_layer_follows_a_person_at_the_table(pg, tmp_path):
    """A person's turns at Double or Nothing (the first-game tip, the pointer over columns, buttons and their key
    tooltips, drags, the keyboard's focus, hints, refusals, passes, the upgrade pick and the game after it): after
    every frame the layer is, pixel for pixel, its parts painted afresh."""
    import random

    from engine.double_or_nothing import Phase
    from game.kit.parts import paint_parts
    from game.kit.scenarios import open_on_top
    from game.tables.double_or_nothing import tools, view

    app = modes.configure(App(SIZE, tmp_path, seed=3, resizable=False), {"ai_speed": "instant", "animation_speed": "fast"})
    app.to_title()
    rng, checked = random.Random(5), set()
    keys = [pygame.K_RIGHT, pygame.K_LEFT, pygame.K_SPACE, pygame.K_h, pygame.K_p, pygame.K_RETURN, pygame.K_TAB, pygame.K_3]

    def drive(table, steps: int) -> None:
        for step in range(steps):
            if app.stack.top is not table:
                return
            L = table.layout
            spots = [r.center for r in L.columns] + [b.rect.center for b in view.buttons(table)]
            spots += [r.center for r in L.pick_cards(3)] if table.state.phase is Phase.PICK else []
            pos, roll = rng.choice(spots), rng.random()
            if roll < 0.4:
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            elif roll < 0.6:
                for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                    pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
            elif roll < 0.7:
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=L.columns[rng.randrange(8)].center,
                                                     button=1))
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            else:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode="", scancode=0))
            for _ in range(rng.choice((1, 1, 3))):
                app.dirty = True
                app.step(DT, pygame.event.get())
                if app.stack.top is not table or table.layer.surface is None:
                    continue
                fresh = table.background.copy()
                paint_parts(view.table_parts(table), fresh)
                assert pygame.image.tobytes(table.layer.surface, "RGB") == pygame.image.tobytes(fresh, "RGB"), step
                checked.update({("tip", table.tip_showing()), ("hover", table.hover and table.hover[0]),
                                ("focus", table.focus.shown() is not None), ("selection", table.selection.span is not None),
                                ("pick", table.state.phase is Phase.PICK), ("toast", table.toast is not None)})

    deal = tools.short_run_deal()
    app.start_game(tools.run_setup(deal))
    drive(app.stack.top, 400)
    setup = tools.run_setup(deal)
    drive(open_on_top(app, setup, tools.played_record(setup, lambda st: st.phase is Phase.PICK)), 300)
    assert {("tip", True), ("hover", "col"), ("hover", "button"), ("hover", "pick"), ("focus", True), ("selection", True),
            ("pick", True), ("toast", True)} <= checked, checked


def test_blits_a_frame_repeats_stay_on_the_window_and_every_frame_is_a_whole_redraw(pg):
    """Still pictures (a card's cached art) blitted at the same places as the last frame are left on the window;
    the layer goes back where it changed and where the last frame drew after them, and they are redrawn there,
    in their order: a card sliding under a kept one, the layer changing under one, two kept ones swapping
    order, a picture that is not still, all come out as a whole redraw."""
    from game.base.retained import still

    window = pygame.display.set_mode((240, 160))
    canvas = Canvas(window)
    layer = tracked_copy(pygame.Surface((240, 160)).convert())
    layer.fill((0, 90, 50))

    def card(color: tuple[int, int, int]) -> pygame.Surface:
        s = pygame.Surface((40, 56), pygame.SRCALPHA)
        s.fill((*color, 160))  # see-through: what lies under it shows, so a wrong order or a stale layer shows too
        s.fill((*color, 255), (4, 4, 32, 48))
        return still(s.convert_alpha())

    a, b, c = card((200, 20, 20)), card((20, 20, 200)), card((220, 220, 220))
    changing = pygame.Surface((30, 30)).convert()  # not still: its pixels may change between frames
    frames: list[list[tuple[pygame.Surface, tuple[int, int]]]] = []
    for x in range(0, 150, 10):
        ops = [(a, (20, 20)), (b, (40, 40)), (c, (x, 30)), (changing, (150, 100))]
        if x >= 100:
            ops[0], ops[1] = ops[1], ops[0]  # the two kept cards swap order
        frames.append(ops)
    kept = []
    for i, ops in enumerate(frames):
        if i == 4:
            pygame.draw.rect(layer, (9, 9, 9), (25, 25, 20, 20))  # the layer changes under a kept card
        changing.fill((i * 15, 0, 0))
        before = canvas.kept_blits
        canvas.begin_frame()
        canvas.blit(layer, (0, 0))
        for source, at in ops:
            canvas.blit(source, at)
        canvas.end_frame()
        kept.append(canvas.kept_blits - before)
        expected = layer.copy()
        for source, at in ops:
            expected.blit(source, at)
        assert pygame.image.tobytes(window, "RGB") == pygame.image.tobytes(expected, "RGB"), i
    assert kept[0] == 0 and kept[1:10] == [2] * 9  # the two cards under the moving one stay
    assert kept[10] == 0 and kept[11] == 2  # swapped: drawn again, then kept in their new order


def test_the_turn_order_strip_drawn_in_a_clip_is_the_strip_drawn_whole_then_clipped(pg):
    """A cached layer repaints the strip clipped to a spot (often a sliver beside it); chips and arrows wholly
    outside the clip are skipped, and what is inside is exactly the whole strip's."""
    from game.base.text import Text
    from game.kit.turnorder import draw_turn_order, turn_order_rects

    pygame.display.set_mode((640, 120))
    text = Text()
    rect = pygame.Rect(20, 40, 600, 30)
    names = ["Ada", "Ben", "Cleo", "Dev", "You"]
    chips = turn_order_rects(rect, 5, 1.0)
    whole = pygame.Surface((640, 120)).convert()
    whole.fill((10, 60, 40))
    draw_turn_order(whole, text, rect, names, [2, 3, 4, 0, 1], 1.0)
    clips = [pygame.Rect(0, 0, 640, 120), pygame.Rect(0, 0, 640, 10), pygame.Rect(chips[1].right - 2, 30, 30, 50),
             pygame.Rect(chips[2].x + 10, 52, 6, 4), pygame.Rect(chips[3].right + 1, 54, 3, 3), rect.inflate(-100, 0)]
    for clip in clips:
        part = pygame.Surface((640, 120)).convert()
        part.fill((10, 60, 40))
        part.set_clip(clip)
        draw_turn_order(part, text, rect, names, [2, 3, 4, 0, 1], 1.0)
        part.set_clip(None)
        expected = pygame.Surface((640, 120)).convert()
        expected.fill((10, 60, 40))
        expected.blit(whole, clip, clip)
        assert pygame.image.tobytes(part, "RGB") == pygame.image.tobytes(expected, "RGB"), clip
    class Counting(Text):
        blits = 0

        def blit(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            Counting.blits += 1
            return super().blit(*args, **kwargs)

    sliver = pygame.Surface((640, 120)).convert()
    for clip, names_drawn in ((pygame.Rect(0, 0, 640, 8), 0), (pygame.Rect(chips[3].right + 8, 54, 3, 3), 0),
                              (pygame.Rect(chips[2].x + 10, 52, 6, 4), 1), (pygame.Rect(0, 0, 640, 120), 5)):
        Counting.blits = 0
        sliver.set_clip(clip)
        draw_turn_order(sliver, Counting(), rect, names, [2, 3, 4, 0, 1], 1.0)
        assert Counting.blits == names_drawn, clip  # a name outside the clip is not even fitted


def drawn_with_the_middle_live(app: App, table) -> bytes:
    """The frame as it was drawn before the piles, their counts and the banner went into the cached layer: a layer
    made afresh without the middle region, and they drawn over it in the frame."""
    from game.kit.layer import TableLayer

    fresh = TableLayer()
    kept, live = table.layer, table.middle_live
    regions = [r for r in shown_regions(table) if r[0] not in ("piles", "discard", "counts", "banner")]
    fresh.refresh(table.background, table.layout, regions, app.art)
    table.layer, table.middle_live = fresh, True
    try:
        return whole_redraw(app)
    finally:
        table.layer, table.middle_live = kept, live


@pytest.mark.parametrize("game_id, size, frames", [("scamper", (960, 600), 300), ("scamper", (1920, 1080), 300),
                                                   ("sprint", (1280, 720), 800)])
def test_the_middle_in_the_layer_is_the_middle_drawn_every_frame(pg, tmp_path, game_id, size, frames):
    """Scamper and Sprint keep their piles, their counts and the banner (Scamper's round, Sprint's final round) in
    the cached layer (the kit's middle regions): every frame (deals, turns, banners, a bot thinking, the pointer over
    cards and buttons, a card selected, the pause menu) shows what drawing them in the frame showed, and most frames
    draw none of them."""
    from game.kit.messages import Toast

    scen = modes.scenarios(game_id)
    app = modes.configure(App(size, tmp_path, seed=5, resizable=False), scen.bench_settings)
    app.to_title()
    busy = scen.busy(app)
    app.step(DT, [])
    in_layer = compared = banners = 0
    for frame in range(frames):
        busy.before(frame)
        table = modes.table_of(app, game_id)
        hot = scen.hot_spots(table) + [table.layout.stock.center, table.layout.discard.center]
        events: list[pygame.event.Event] = []
        if frame % 15 == 2:
            x, y = hot[(frame // 15) % len(hot)]
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
        if frame % 40 == 21:
            table.toast = Toast("A refusal in the status lines' place", 0.4)
            table.fan.selected ^= {s.id for s in list(table.my_hand)[:1]}
        if frame in (150, 160):
            events += key(pygame.K_ESCAPE)
        if app.step(DT, events) and app.stack.top is table:
            assert pygame.image.tobytes(app.screen, "RGB") == drawn_with_the_middle_live(app, table), (size, frame)
            compared += 1
            in_layer += not table.middle_live
            banners += game_id == "sprint" and table.model.final_left is not None and not table.model.over
    assert compared >= 200
    assert in_layer >= compared * 3 // 4, (in_layer, compared)  # the point of it
    assert game_id != "sprint" or banners >= 20, banners  # Sprint's final round: its banner in the counts' place


@pytest.mark.parametrize("game_id, frames, few", [("sprint", 60, True), ("sprint", 700, False), ("scamper", 60, False)])
def test_a_new_log_line_repaints_the_rows_that_changed_not_the_panel(pg, tmp_path, game_id, frames, few):
    """A hidden-hand table's log in its cached layer: a new line repaints the rows whose words or colour changed (a
    log with room for more: the new row and the one before it, no longer the newest; a full one: each row as wide as
    its old and new words), not the whole panel; and the layer is still the one painted afresh."""
    from game.kit.layer import TableLayer

    app, busy = busy_bench(tmp_path, game_id, SIZE, frames=frames)
    table = modes.table_of(app, game_id)
    table.log.add("Ada drew.")  # not the first line (it replaces the words an empty log shows)
    table._refresh_layer()
    table._refresh_layer()  # settled: nothing more to paint
    for line in ("Ben drew.", "Cleo drew."):
        table.log.add(line)
        table._refresh_layer()
        panel = table.layout.log_panel
        assert table.layer.painted and all(panel.inflate(6, 6).contains(spot) for spot in table.layer.painted)
        if few:
            assert sum(spot.w * spot.h for spot in table.layer.painted) < panel.w * panel.h // 4, table.layer.painted
        fresh = TableLayer()
        fresh.refresh(table.background, table.layout, shown_regions(table), app.art)
        assert pygame.image.tobytes(table.layer.surface, "RGB") == pygame.image.tobytes(fresh.surface, "RGB")


@pytest.mark.parametrize("game_id, frames", [("sprint", 60), ("sprint", 700), ("scamper", 60)])
def test_a_new_log_line_renders_only_its_own_row_after_a_quiet_frame(pg, tmp_path, monkeypatch, game_id, frames):
    """The rows a next log line leaves showing (a row higher once the panel is full, the one that was newest now
    muted) are made on a quiet frame (:func:`~game.kit.parts.log_ahead`): the line's own frame renders its words and
    nothing else, and the layer is still the one painted afresh."""
    from game.base.text import Text
    from game.kit.layer import TableLayer

    app, busy = busy_bench(tmp_path, game_id, SIZE, frames=frames)
    table = modes.table_of(app, game_id)
    rendered: list[str] = []
    render = Text._render
    monkeypatch.setattr(Text, "_render", lambda self, words, px, color: rendered.append(words) or render(
        self, words, px, color))
    table.log.add("Ada drew.")  # not the first line (it replaces the words an empty log shows)

    def quiet() -> None:  # quiet frames: the cards waiting to be encoded first, then the log's next rows
        table._refresh_layer()
        while table.primer.pending:
            table._refresh_layer()
        table._refresh_layer()
        rendered.clear()
    quiet()
    for line in ("Ben drew.", "Cleo drew.", "Dev drew."):
        table.log.add(line)
        table._refresh_layer()
        assert table.layer.painted and rendered == [line], rendered
        quiet()
        fresh = TableLayer()
        fresh.refresh(table.background, table.layout, shown_regions(table), app.art)
        assert pygame.image.tobytes(table.layer.surface, "RGB") == pygame.image.tobytes(fresh.surface, "RGB")


def test_double_or_nothings_new_log_line_renders_only_its_own_words_after_a_quiet_frame(pg, tmp_path, monkeypatch):
    """Double or Nothing's log, as the hidden-hand tables': once a quiet frame has passed since its last line, the
    frame of a new line renders no row the log showed before (the rows it leaves showing, the one that was newest
    now muted, were made ahead by :func:`~game.kit.parts.log_ahead`), only the new words;
    test_double_or_nothings_layer_in_parts_is_the_whole_table_painted_unclipped checks the layer all the while."""
    from game.base.text import Text

    app, busy = busy_bench(tmp_path, "double-or-nothing", SIZE, seed=2)
    rendered: list[str] = []
    render = Text._render
    monkeypatch.setattr(Text, "_render", lambda self, words, px, color: rendered.append(words) or render(
        self, words, px, color))
    shown: list[str] = []  # the rows' words the log showed after the last frame
    quiet = checked = 0
    for n in range(700):
        busy.before(n)
        rendered.clear()
        app.step(DT, [])
        table = modes.table_of(app, "double-or-nothing")
        if table is None or app.stack.top is not table or table.layer.surface is None:
            continue
        rows = [row[0] for row in table.log.rows(app.text, table.layout.log, table.layout.scale)]
        if rows != shown and shown and quiet:
            added = next(k for k in range(max(0, len(rows) - len(shown)), len(rows) + 1)  # the rows of new lines
                         if rows[:len(rows) - k] == shown[len(shown) - len(rows) + k:])
            assert not [w for w in rendered if w in shown and w not in rows[len(rows) - added:]], (n, added, rendered)
            checked += 1
        quiet = rows == shown and (quiet or not table.layer.painted)
        shown = rows
    assert checked >= 20, checked


def test_a_discarded_card_is_encoded_for_the_layer_before_it_lands(pg, tmp_path, monkeypatch):
    """A card discarded flies face up: it is encoded for the cached layer at the discard pile's size, with its shadow,
    on a quiet frame of its flight (:meth:`~game.kit.handtable.HiddenHandTable.prime_ahead`), not by its first blit
    onto the layer on the frame it lands (up to a millisecond at 3840x2160, on a frame that turns the turn over)."""
    from game.kit import priming

    primed: set = set()
    prime = priming.prime
    monkeypatch.setattr(priming, "prime", lambda art, target, card, size, shadow=True: primed.add(
        (card, size, shadow, target)) or prime(art, target, card, size, shadow))
    app, busy = busy_bench(tmp_path, "sprint", SIZE, seed=1, frames=30)
    landed = early = 0
    last = None
    for frame in range(30, 1500):  # Sprint's bench: five seats, a discard every hundred frames or so
        busy.before(frame)
        table = modes.table_of(app, "sprint")
        app.step(DT, [])
        top = table.model.pile[-1].card if table.model.pile else None
        if top != last and last is not None and top is not None:
            landed += 1
            early += (top, tuple(table.layout.pile_card), True, table.layer.surface) in primed
        last = top
    assert landed >= 5 and early >= landed * 3 // 4, (landed, early)


def test_a_card_coming_into_the_bottom_hand_is_encoded_before_its_frames_blit_it(pg, tmp_path, monkeypatch):
    """A card drawn into the bottom hand (from a pile, or to replace a match) flies face up: on the frame its event
    arrives it is encoded for the window at the pile's size (its flight's first frames), and by the frame it lands for
    the window and for the layer at the fan's size, each with its shadow
    (:meth:`~game.kit.handtable.HiddenHandTable.prime_coming`), not by the first blits of the frames that show it (up
    to 1.8 ms a card at 3840x2160); no other seat's card is."""
    from game.kit import priming

    primed: list[tuple] = []
    prime = priming.prime

    def recording(art, target, card, size, shadow=True):  # type: ignore[no-untyped-def]
        primed.append((card, tuple(size), shadow, target))
        prime(art, target, card, size, shadow)

    monkeypatch.setattr(priming, "prime", recording)
    app, busy = busy_bench(tmp_path, "sprint", SIZE, seed=1, frames=30)
    window = pygame.display.get_surface()
    landed = early = 0
    held: set = set()
    ever: set = set()  # every card the bottom seat held
    for frame in range(30, 900):
        busy.before(frame)
        table = modes.table_of(app, "sprint")
        flying = {id(f.sprite) for f in table.motion.flights}
        app.step(DT, [])
        if modes.table_of(app, "sprint") is not table or not table.record.actions:  # (not the deal's cards)
            held = {s.id for s in table.my_hand}
            continue
        started = [f for f in table.motion.flights if id(f.sprite) not in flying and f.face_up
                   and f.start.size == table.layout.stock.size and f.end.size == table.layout.hand_card]
        for f in started:  # a face-up card leaving a pile for the bottom fan: already encoded at the pile's size
            assert (f.card, tuple(f.start.size), True, window) in primed, (frame, f.card)
        now = {s.id: s.card for s in table.my_hand}
        ever |= set(now.values())
        for sid in now.keys() - held if held else ():
            landed += 1
            card, hand = now[sid], tuple(table.layout.hand_card)
            early += {(card, hand, True, window), (card, hand, True, table.layer.surface)} <= set(primed)
        held = set(now)
    assert landed >= 8 and early == landed, (landed, early)
    assert {p[0] for p in primed if p[3] is window} <= ever  # the bottom seat's own cards only


def test_sprints_turn_goes_on_the_frame_after_the_discard_lands(pg, tmp_path):
    """A discard lands (its pile, the seat's count and the log repaint), and the turn goes on (rims, turn order,
    piles' glow, status lines) on the next frame, not on the same one: at 3840x2160 the two repaints together made
    the slowest frames; the cached layer is what painting it afresh gives on both."""
    app, busy = busy_bench(tmp_path, "sprint", SIZE, seed=1, frames=30)
    landed = 0
    for frame in range(30, 1300):
        busy.before(frame)
        table = modes.table_of(app, "sprint")
        pile, current = len(table.model.pile), table.model.current
        app.step(DT, [])
        if (modes.table_of(app, "sprint") is not table or len(table.model.pile) != pile + 1 or table.state.is_over
                or not table.record.actions):  # (the deal's card turned up is no discard; the last goes to no one)
            continue
        landed += 1
        assert table.model.current == current, frame  # the landing frame: still the discarding seat's turn
        assert pygame.image.tobytes(table.layer.surface, "RGB") == layer_painted_afresh(table, app)
        busy.before(frame + 1)
        app.step(DT, [])
        assert table.model.current != current, frame  # the next: the turn went on
        assert pygame.image.tobytes(table.layer.surface, "RGB") == layer_painted_afresh(table, app)
    assert landed >= 5, landed


def test_sprints_laid_cards_are_made_ahead_not_on_the_frame_that_lands_them(pg, tmp_path, monkeypatch):
    """A match laid lands in its seat's panel at the size the panel's matches shrink to: its cards, and the seat's
    matches already there, are rendered and encoded for the cached layer on quiet frames while it is in the air
    (:meth:`~game.kit.handtable.HiddenHandTable.prime_ahead`), so no layer repaint renders a face (it was 40 renders
    and 74 encodings in these 900 frames)."""
    from game.base import cardart
    from game.kit.layer import TableLayer

    made = {"renders": 0, "encodings": 0}
    inside = [False]
    render, rle, refresh = cardart.CardArt._render_face, cardart._rle, TableLayer.refresh

    def counted_render(self, *args):  # type: ignore[no-untyped-def]
        made["renders"] += inside[0]
        return render(self, *args)

    def counted_rle(surface):  # type: ignore[no-untyped-def]
        made["encodings"] += inside[0]
        return rle(surface)

    def counted_refresh(self, *args):  # type: ignore[no-untyped-def]
        inside[0] = True
        try:
            return refresh(self, *args)
        finally:
            inside[0] = False

    monkeypatch.setattr(cardart.CardArt, "_render_face", counted_render)
    monkeypatch.setattr(cardart, "_rle", counted_rle)
    monkeypatch.setattr(TableLayer, "refresh", counted_refresh)
    busy_bench(tmp_path, "sprint", SIZE, frames=900)
    assert made["renders"] == 0 and made["encodings"] <= 4, made  # a few backs, once


def test_the_fan_settles_into_the_layer_on_a_quiet_frame(pg, tmp_path, monkeypatch):
    """Sprint's fan stops moving as the turn changes (rims, piles, turn order repaint): it stays drawn live and goes
    back into the cached layer on a later frame that repaints nothing else, not on the turn change's frame (two
    repaints of a few milliseconds each at 3840x2160); every such frame shows what drawing the bottom live showed."""
    from game.kit.handtable import SETTLE_HOLD
    from game.kit.layer import TableLayer

    real = TableLayer.refresh
    settles: list[set] = []
    live = [False]  # the fan was drawn live on the frame before

    def refresh(self, background, owner, regions, art):  # type: ignore[no-untyped-def]
        regions = list(regions)
        new, old = next((r[1] for r in regions if r[0] == "bottom"), None), self._keys.get("bottom")
        if live[0] and self.surface is not None and new is not None and set(new[1]) - set(old[1] if old else ()):
            # cards of the live fan go into the layer
            settles.append({r[0] for r in regions if self._keys.get(r[0], self) != r[1]} - {"bottom"})
        real(self, background, owner, regions, art)

    monkeypatch.setattr(TableLayer, "refresh", refresh)
    scen = modes.scenarios("sprint")
    app = modes.configure(App((3840, 2160), tmp_path, seed=5, resizable=False), scen.bench_settings)
    app.to_title()
    busy = scen.busy(app)
    held = 0
    for frame in range(1600):  # at this size and seed the fan stops as the turn changes twice (a bot's move comes
        # on the frame after the last card landed: the fan stops on a turn change's frame rarely, see TurnController.due)
        busy.before(frame)
        table = modes.table_of(app, "sprint")
        live[0] = table._fan_live
        if app.step(DT, []) and app.stack.top is table and table._held:
            assert table._fan_live and not table._bottom_in_layer
            assert pygame.image.tobytes(app.screen, "RGB") == drawn_with_the_bottom_live(app, table), frame
            held += 1
            assert table._held <= SETTLE_HOLD
    assert held >= 2 and len(settles) >= 5, (held, settles)
    assert not [s for s in settles if s], settles  # each settle on a frame repainting nothing else


@pytest.mark.parametrize("game_id", ["sprint", "scamper"])
def test_a_fan_that_stops_goes_into_the_layer_a_few_cards_a_frame(pg, tmp_path, monkeypatch, game_id):
    """A live fan that stops moving goes back into the cached layer at most SETTLE_CARDS cards a frame, from the
    first drawn, the rest drawn live over them: never the whole fan on one frame (a millisecond at 3840x2160); every
    such frame shows what drawing the bottom live showed."""
    from game.kit.bottomband import SETTLE_CARDS
    from game.kit.layer import TableLayer

    real = TableLayer.refresh
    added: list[int] = []  # cards each refresh put into the layer while the fan was live the frame before
    live = [False]

    def refresh(self, background, owner, regions, art):  # type: ignore[no-untyped-def]
        regions = list(regions)
        new, old = next((r[1] for r in regions if r[0] == "bottom"), None), self._keys.get("bottom")
        if live[0] and self.surface is not None and new is not None and old is not None and new[1]:
            added.append(len(set(new[1]) - set(old[1])))
        real(self, background, owner, regions, art)

    monkeypatch.setattr(TableLayer, "refresh", refresh)
    scen = modes.scenarios(game_id)
    app = modes.configure(App((1920, 1080), tmp_path, seed=5, resizable=False), scen.bench_settings)
    app.to_title()
    busy = scen.busy(app)
    in_steps = 0
    for frame in range(1200):
        busy.before(frame)
        table = modes.table_of(app, game_id)
        live[0] = table._fan_live
        if app.step(DT, []) and app.stack.top is table and table._fan_live and table._live_from:
            assert pygame.image.tobytes(app.screen, "RGB") == drawn_with_the_bottom_live(app, table), frame
            in_steps += 1
    assert added and max(added) <= SETTLE_CARDS, added
    assert in_steps >= 8 and sum(1 for n in added if n) >= 12, (in_steps, added)  # (a few stops, each in steps)


def test_the_bottom_hand_is_encoded_for_the_layer_on_quiet_frames(pg, tmp_path, monkeypatch):
    """Each card of the bottom hand (face up, at the fan's size, with its shadow) is blitted once onto the layer's
    surface on a quiet frame (:func:`~game.kit.priming.prime`), so SDL encodes it for the layer then, not on the
    frame the fan settles there (a millisecond a card at 3840x2160); the layer stays what painting it afresh gives."""
    from game.kit import priming

    primed: list[tuple] = []
    real = priming.prime

    def prime(art, target, card, size, shadow=True):  # type: ignore[no-untyped-def]
        primed.append((target, card, size, shadow))
        real(art, target, card, size, shadow)

    monkeypatch.setattr(priming, "prime", prime)  # (game.kit.handprime: the hand, and a card drawn, queued first)
    scen = modes.scenarios("sprint")
    app = modes.configure(App(SIZE, tmp_path, seed=1, resizable=False), scen.bench_settings)
    app.to_title()
    busy = scen.busy(app)
    for frame in range(200):
        busy.before(frame)
        table = modes.table_of(app, "sprint")
        app.step(DT, [])
    size = table.layout.hand_card
    done = {(card, s) for target, card, s, shadow in primed if target is table.layer.surface and shadow}
    assert all((sprite.card, size) in done for sprite in table.my_hand), (primed, list(table.my_hand))
    assert pygame.image.tobytes(table.layer.surface, "RGB") == layer_painted_afresh(table, app)


def layer_painted_afresh(table, app) -> bytes:  # type: ignore[no-untyped-def]
    """The table's layer painted afresh from its regions now."""
    from game.kit.layer import TableLayer

    fresh = TableLayer()
    fresh.refresh(table.background, table.layout, shown_regions(table), app.art)
    return pygame.image.tobytes(fresh.surface, "RGB")


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_snaps_seats_repaint_a_counts_badge_or_the_placeholder_words_alone(pg, tmp_path, monkeypatch, size):
    """A seat whose stack count alone changed (same depth of backs) repaints its count's badge, not its stack; one
    whose cards alone finished leaving its face-up pile repaints the line of its placeholder words, not the pile; a
    card flipped onto a pile that glows neither before nor after repaints the pile without its glow's reach; a
    new first status line repaints that line, not the status panel; the layer stays, pixel for pixel, the layer
    painted afresh."""
    from game.kit.layer import TableLayer, aligned

    real = TableLayer.refresh
    seen = {"badge": 0, "words": 0, "pile": 0, "status": 0, "checked": 0}

    def refresh(self, background, owner, regions, art):  # type: ignore[no-untyped-def]
        regions = list(regions)
        real(self, background, owner, regions, art)
        bounds = self.surface.get_rect()
        for seat, place in enumerate(owner.places):
            area = regions[seat][2].inflate(6, 6).clip(bounds)
            words = place.up.inflate(0, round(40 * owner.scale) - place.up.h)
            seen["badge"] += area.clip(aligned(place.parts[3])) in self.painted
            seen["words"] += area.clip(aligned(words)) in self.painted
            seen["pile"] += area.clip(aligned(place.bare[1])) in self.painted  # a flip, the pile not glowing
        status = owner.status.inflate(6, 6)
        seen["status"] += any(status.contains(spot) and spot.h < owner.status.h // 2 for spot in self.painted)
        if self.painted:
            fresh = TableLayer()
            real(fresh, background, owner, regions, art)
            assert pygame.image.tobytes(self.surface, "RGB") == pygame.image.tobytes(fresh.surface, "RGB")
            seen["checked"] += 1

    monkeypatch.setattr(TableLayer, "refresh", refresh)
    busy_bench(tmp_path, "snap", size, frames=700)
    assert seen["badge"] >= 3 and seen["words"] >= 3 and seen["pile"] >= 3 and seen["status"] >= 20 and seen["checked"] >= 50, seen


def test_a_covered_frame_puts_the_layer_back_only_where_no_card_inside_lies_and_is_a_whole_redraw(pg):
    """A frame that tells its canvas where cards' opaque insides will lie (Canvas.cover) gets the layer back only
    outside them, though the last frame drew there and the layer changed there; the cards drawn over it, and a
    see-through picture drawn before them, come out as a whole redraw."""
    window = pygame.display.set_mode((480, 320))
    layer = tracked_copy(pygame.Surface((480, 320)).convert())
    card = pygame.Surface((112, 160), pygame.SRCALPHA)
    card.fill((0, 0, 0, 80))  # a soft rim, then an opaque inside
    card.fill((230, 230, 220, 255), (8, 8, 96, 144))
    card = card.convert_alpha()
    glass = pygame.Surface((40, 40), pygame.SRCALPHA)
    glass.fill((255, 0, 0, 120))
    glass = glass.convert_alpha()
    inside = pygame.Rect(8, 8, 96, 144)
    restored: dict[bool, int] = {}
    for covered in (False, True):
        canvas = Canvas(window)
        layer.fill((0, 90, 50))
        restored[covered] = 0
        for i in range(8):
            at = [(20 + 6 * i, 30 + 3 * i), (250 - 5 * i, 60)]
            if i == 4:
                layer.fill((200, 200, 0), (250, 60, 60, 60))  # the layer changes under a card
            canvas.begin_frame()
            canvas.blit(layer, (0, 0))
            if covered:
                hidden = Cells((480, 320))
                for x, y in at:
                    hidden.add(inside.move(x, y).inflate(-32, -32))  # cells wholly inside the insides
                canvas.cover(hidden)
            canvas.blit(glass, (at[1][0] + 10, at[1][1] + 10))  # under the card: hidden by its inside, but its rim
            for pos in at:
                canvas.blit(card, pos)
            canvas.end_frame()
            restored[covered] += canvas._restored.area()
            expected = layer.copy()
            expected.blit(glass, (at[1][0] + 10, at[1][1] + 10))
            for pos in at:
                expected.blit(card, pos)
            assert pygame.image.tobytes(window, "RGB") == pygame.image.tobytes(expected, "RGB"), (covered, i)
    assert 0 < restored[True] < restored[False] * 3 // 4, restored


def test_a_covered_card_kept_from_the_last_frame_gets_the_layer_back_under_what_was_drawn_over_it(pg):
    """A card the frame repeats at its place is left on the window, not drawn again: though the frame says its inside
    will be covered, the layer goes back where the last frame drew over it and it is redrawn there, so a see-through
    picture drawn over it each frame does not pile up."""
    from game.base.retained import still

    window = pygame.display.set_mode((240, 160))
    canvas = Canvas(window)
    layer = tracked_copy(pygame.Surface((240, 160)).convert())
    layer.fill((0, 90, 50))
    card = pygame.Surface((64, 96), pygame.SRCALPHA)
    card.fill((230, 230, 220, 255))
    card = still(card.convert_alpha())
    glass = pygame.Surface((80, 40), pygame.SRCALPHA)
    glass.fill((10, 40, 30, 235))
    glass = glass.convert_alpha()
    kept = 0
    for i in range(4):
        canvas.begin_frame()
        canvas.blit(layer, (0, 0))
        before = canvas.kept_blits
        canvas.blit(card, (32, 32))  # the same card at the same place: kept from the second frame on
        hidden = Cells((240, 160))
        hidden.add(pygame.Rect(48, 48, 32, 64))
        canvas.cover(hidden)
        canvas.blit(glass, (24 + i, 60))  # over it, a little further each frame
        canvas.end_frame()
        kept += canvas.kept_blits - before
        expected = layer.copy()
        expected.blit(card, (32, 32))
        expected.blit(glass, (24 + i, 60))
        assert pygame.image.tobytes(window, "RGB") == pygame.image.tobytes(expected, "RGB"), i
    assert kept == 3


@pytest.mark.parametrize("size", [(87, 124), (206, 295), (287, 410)])
def test_a_cards_insides_are_opaque_on_every_face_and_the_back(pg, size):
    """The two bands overdraw.insides gives a size are opaque on every face and on the back, framed on the shadow
    as the window's lane blits them: a canvas may leave the layer out from under them."""
    from engine.cards import ALL_CARDS
    from game.base.cardart import CardArt
    from game.kit.overdraw import insides

    pygame.display.set_mode((64, 64))
    art = CardArt()
    rows, cols = insides(art, size)
    assert rows.h > size[1] * 0.8 and cols.w > size[0] * 0.8 and rows.w == size[0] and cols.h == size[1]
    target = pygame.display.get_surface()
    for card in [*ALL_CARDS, None]:
        surf = art.back(size) if card is None else art._face_source(card, size)
        framed = art._framed(surf, size)
        off, pad = art.shadow_offsets(size)
        at = (pad - off, pad - 2 * off)  # where the card lies on its framed shadow
        opaque = pygame.mask.from_surface(framed, 254)
        for band in (rows, cols):
            band_mask = pygame.mask.Mask(band.size, fill=True)
            assert opaque.overlap_area(band_mask, (band.x + at[0], band.y + at[1])) == band.w * band.h, (card, band)
    assert target is pygame.display.get_surface()


def test_snaps_cards_in_the_air_put_the_layer_back_less_than_the_last_frame_drew(pg, tmp_path):
    """With a won pot's cards in the air, the layer goes back only where no card's inside lies this frame: far less
    than the last frame drew over it (and test_a_retained_frame_is_a_whole_redraw checks the pictures)."""
    app, busy = busy_bench(tmp_path, "snap", (1920, 1080), frames=60)
    canvas = app._pen
    saved = drawn = 0
    for n in range(60, 160):
        busy.before(n)
        last = Cells(canvas.get_size())
        for rect in canvas._drawn:
            last.add(rect)
        app.step(DT, [])
        if busy.table.model.flights and canvas._base is not None:
            drawn += last.area()
            saved += last.area() - canvas._restored.area()
    assert drawn and saved > drawn // 4, (saved, drawn)


def test_snaps_won_cards_waiting_to_leave_kept_on_the_window_with_their_insides_covered_are_a_whole_redraw(pg, tmp_path):
    """A won pot's cards waiting on their pile to take off are the same blits as the last frame's (kept on the
    window) while the frame covers their insides (Canvas.cover): every such frame, and those around them, show what
    a whole redraw shows."""
    app, busy = busy_bench(tmp_path, "snap", (960, 600), frames=140)
    canvas = app._pen
    kept = compared = 0
    for n in range(140, 340):
        busy.before(n)
        before = canvas.kept_blits
        if app.step(DT, []) and (canvas.kept_blits > before or n % 5 == 0):
            kept += canvas.kept_blits > before
            assert pygame.image.tobytes(app.screen, "RGB") == whole_redraw(app), n
            compared += 1
    assert kept >= 5 and compared >= 40, (kept, compared)


@pytest.mark.parametrize("game_id", ["sprint", "scamper"])
def test_a_hidden_hand_tables_covered_frames_are_a_whole_redraw_and_put_back_less(pg, tmp_path, game_id):
    """The bench's hidden-hand table tells the window's canvas where its moving fan's cards and the flights under
    way will lie (Canvas.cover): each frame so told shows what a whole redraw shows, and the layer goes back in far
    fewer pixels than those frames' last frames drew over it."""
    app, busy = busy_bench(tmp_path, game_id, (960, 600), frames=1)
    canvas = app._pen
    covered = saved = drawn = 0
    told = Canvas.cover

    def tell(self, cells):
        nonlocal covered
        covered += self._pending is not None
        told(self, cells)

    Canvas.cover = tell
    try:
        for n in range(1, 420):
            busy.before(n)
            last, before = Cells(canvas.get_size()), covered
            for rect in canvas._drawn:
                last.add(rect)
            if app.step(DT, []) and covered > before:
                drawn += last.area()
                saved += last.area() - canvas._restored.area()
                assert pygame.image.tobytes(app.screen, "RGB") == whole_redraw(app), (game_id, n)
    finally:
        Canvas.cover = told
    assert covered >= 30 and saved > drawn // 8, (covered, saved, drawn)


def test_a_paced_layer_holds_late_parts_one_frame_while_the_layer_repaints_elsewhere(pg):
    """game.kit.pace: late parts (a log's rows) that change on a frame whose other parts repaint the layer show a
    frame later (held, the same however often that frame is drawn); never two frames running, never on a layer
    painted afresh, at once when nothing else changes; the layer is always its parts as shown painted afresh."""
    from game.base.cardart import CardArt
    from game.kit.pace import PacedLayer
    from game.kit.parts import Part, paint_parts, parts_region

    background = pygame.Surface((64, 32))
    background.fill((0, 90, 50))
    art, owner, layer = CardArt(), object(), PacedLayer()

    def box(color, x):
        rect = pygame.Rect(x, 4, 10, 10)
        return Part(color, rect, lambda surface: surface.fill(color, rect))

    logs = {n: [box((40 * n, 200, 200), 40)] for n in range(6)}
    shown = []

    def frame(clock, a, n):
        def make(log):
            shown[:] = [box(a, 4), *log]
            return parts_region("table", background.get_rect(), shown)
        held = [layer.late(owner, logs[n], make, clock) for _ in range(2)]  # a frame drawn twice is drawn the same
        assert held[0].key == held[1].key
        layer.refresh(background, owner, [held[1]], art)
        fresh = background.copy()
        paint_parts(shown, fresh)
        assert pygame.image.tobytes(layer.surface, "RGB") == pygame.image.tobytes(fresh, "RGB")
        return layer.held, shown[1].key

    assert frame(0, (200, 0, 0), 0) == (False, logs[0][0].key)  # a layer painted afresh: as it is now
    assert frame(1, (0, 0, 200), 1) == (True, logs[0][0].key)  # the box repaints: the log's change waits
    assert frame(2, (0, 0, 200), 1) == (False, logs[1][0].key)  # ... one frame
    assert frame(3, (0, 0, 200), 2) == (False, logs[2][0].key)  # nothing else repaints: at once
    assert frame(4, (200, 0, 0), 3) == (True, logs[2][0].key)
    assert frame(5, (0, 0, 200), 4) == (False, logs[4][0].key)  # never held two frames running
    layer.invalidate()
    assert frame(6, (200, 0, 0), 5) == (False, logs[5][0].key)  # nor over a layer painted afresh


def test_double_or_nothings_log_shows_a_moves_line_on_the_frame_after_its_landing(pg, tmp_path):
    """The frame a move lands repaints the play and the hand; its line in the log (every row moves) is painted on the
    next frame, which the table asks for even with nothing else moving, and never later: at game 20 most moves'
    lines wait a frame, and the layer is always its parts painted afresh (the log as it shows)."""
    from game.kit.parts import log_parts, paint_parts
    from game.tables.double_or_nothing import view

    scen = modes.scenarios("double-or-nothing")
    app = modes.configure(App(SIZE, tmp_path, seed=4, resizable=False), scen.bench_settings)
    app.to_title()
    busy = scen.busy(app)
    held = 0
    for frame in range(400):
        busy.before(frame)
        table = modes.table_of(app, "double-or-nothing")
        was_held = table.layer.held
        drawn = app.step(DT, [])  # not made dirty: the table itself must ask for the frame that shows the line
        if app.stack.top is not table:
            continue
        now = log_parts(table.log, app.text, table.layout.log, table.layout.scale)
        if was_held:
            assert drawn and not table.layer.held, frame
        if table.layer.held:
            held += 1
            late = table.layer.holding(now)  # the rows as they stood: the new line not among them yet
            assert [p.key for p in late] != [p.key for p in now] and table.moving(), frame
        fresh = table.background.copy()
        paint_parts(view.table_parts(table), fresh)
        assert pygame.image.tobytes(table.layer.surface, "RGB") == pygame.image.tobytes(fresh, "RGB"), frame
    assert held >= 10, held


def test_a_line_held_back_for_the_next_frame_shows_when_a_pause_comes_over_the_table(pg, tmp_path):
    """The table's clock stands under the pause menu, so no next frame of its own would show the held line: the
    pause shows it (it stayed missing for as long as the pause lasted)."""
    from game.kit.parts import log_parts, paint_parts
    from game.screens.overlays import open_pause
    from game.tables.double_or_nothing import view

    app, busy = busy_bench(tmp_path, "double-or-nothing", SIZE)
    for frame in range(400):
        busy.before(frame)
        table = modes.table_of(app, "double-or-nothing")
        app.step(DT, [])
        if app.stack.top is table and table.layer.held:
            break
    assert table.layer.held, "no line was held"
    open_pause(table)
    for _ in range(5):
        app.step(DT, [])
    now = log_parts(table.log, app.text, table.layout.log, table.layout.scale)
    assert not table.layer.held and [p.key for p in table.layer.holding(now)] == [p.key for p in now]
    fresh = table.background.copy()
    paint_parts(view.table_parts(table), fresh)
    assert pygame.image.tobytes(table.layer.surface, "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_snaps_callout_clear_of_the_cards_in_the_air_is_kept_on_the_window_and_is_a_whole_redraw(pg, tmp_path):
    """A callout that no card in the air, landing rim or label meets is drawn first over the layer (after the turn's
    rim), of still pictures: the window's canvas keeps it from frame to frame (it was drawn again each frame, after
    the cards), and every frame shows what a whole redraw shows."""
    from game.tables.snap.fx import GOOD, Callout

    app, busy = busy_bench(tmp_path, "snap", (1280, 720), frames=30)
    table, canvas = busy.table, app._pen
    table.driver.bots.clear()  # nothing happens at the table but what the test does
    table.model.flights.clear()
    table.model.callouts[:] = [Callout("Ada: Snap! 312 ms", GOOD, 1, 312, detail="Ada takes the pot.", life=60.0)]
    kept = []
    for n in range(6):
        before = canvas.kept_blits
        app.dirty = True
        app.step(DT, [])
        kept.append(canvas.kept_blits - before)
        assert pygame.image.tobytes(app.screen, "RGB") == whole_redraw(app), n
    assert min(kept[2:]) >= 4 + 3, kept  # the rim's four strips, the callout's box and its two lines
