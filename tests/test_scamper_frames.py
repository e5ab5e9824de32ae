"""Scamper's heavy frames made lighter without changing a pixel: a deal's flights made as each card leaves the stock,
a table's first frame painting its layer with no bot at work, header sizes and meld places worked out only for the
seat that changed, layer spots repainted in whole 16-px columns."""

from __future__ import annotations

import os

import pytest

os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
import pygame  # noqa: E402

from game.base.retained import CELL  # noqa: E402
from game.kit.flights import FlightQueue, Later, flight  # noqa: E402
from game.kit.layer import Partial, TableLayer  # noqa: E402
from game.shell.headless import DT  # noqa: E402
from game_helpers import busy_bench  # noqa: E402


@pytest.fixture
def bench(tmp_path):
    """The frame bench's crowded 10-seat table, opened and not yet drawn (its app and Bench); pygame closed after."""
    pygame.init()
    yield busy_bench(tmp_path, "scamper", (1280, 720))
    pygame.quit()


class _Sprite:
    def __init__(self, n: int) -> None:
        self.id, self.card = n, n


def _deal(lazy: bool, made: list[int], landed: list[int]):
    """A step of 30 staggered flights (as a deal's), each made at once or only as it takes off."""
    start = pygame.Rect(0, 0, 40, 56)

    def make(i: int):
        made.append(i)
        return flight(_Sprite(i), True, start, pygame.Rect(20 * i, 300, 60, 84), 0.25, 0.02 * i,
                      lambda: landed.append(i), 1.0)
    return lambda: [Later(0.02 * i, lambda i=i: make(i)) if lazy else make(i) for i in range(30)]


@pytest.mark.parametrize("dts", [[DT] * 60, [0.0, 0.011, 0.023, 0.05, 0.0, 0.2, 0.31, 0.017]])
def test_flights_made_as_they_take_off_move_and_land_as_flights_made_at_once(dts):
    runs = []
    for lazy in (False, True):
        queue, made, landed = FlightQueue(), [], []
        queue.queue(_deal(lazy, made, landed))
        queue.queue(lambda: [])
        frames = []
        for dt in dts + [DT] * 40:
            queue.update(dt)
            frames.append(([(f.sprite.id, tuple(f.rect)) for f in queue.flights if f.tween.started], list(landed),
                           queue.busy))
        runs.append(frames)
        assert not queue.busy and landed == list(range(30))
    assert runs[0] == runs[1]  # the same cards at the same places in the same order, landing in the same frames


def test_a_step_of_later_flights_makes_only_those_taking_off():
    queue, made, landed = FlightQueue(), [], []
    queue.queue(_deal(True, made, landed))
    queue.update(DT)
    assert made == [0]  # the first frame builds one flight, not thirty
    queue.update(DT)
    assert made == [0, 1]
    queue, made, landed = FlightQueue(), [], []
    queue.queue(_deal(True, made, landed))
    queue.finish()  # catching up: every flight made and landed, in order
    assert landed == list(range(30)) and not queue.busy


def test_with_animations_off_later_flights_land_at_once():
    queue, made, landed = FlightQueue(), [], []
    queue.queue(_deal(True, made, landed))
    queue.update(0.0, instant=True)
    assert landed == list(range(30)) and not queue.busy


def test_a_scamper_table_paints_its_first_frame_before_a_bot_works(bench):
    app, busy = bench
    decided = busy.table.driver.driver.decide_ms
    assert busy.table.layer.surface is None and not decided
    app.step(DT, [])  # the table's first frame: its whole layer painted, no bot at work
    assert busy.table.layer.surface is not None and not decided
    app.step(DT, [])
    assert decided  # the bot to move starts on the second


def test_a_header_change_measures_only_that_seats_header(bench, monkeypatch):
    from game.kit.scorepanel import seat_label
    from game.tables.scamper import view

    app, busy = bench
    app.step(DT, [])
    table = busy.table
    view.seat_names(table)
    measured: list[str] = []
    real = table.app.text.font

    class Measured:
        def __init__(self, font: pygame.font.Font) -> None:
            self.font = font

        def size(self, words: str) -> tuple[int, int]:
            measured.append(words)
            return self.font.size(words)
    monkeypatch.setattr(table.app.text, "font", lambda px: Measured(real(px)))
    hand = table.model.held[3]
    hand.take(hand[-1])  # one rival's count drops: its header's right side changes
    player = table.record.players[3]
    px, labels, rights = view.seat_names(table)
    assert measured and set(measured) <= {seat_label(player), str(player.name), rights[3]}, measured


def test_a_seats_new_meld_places_only_that_seats_melds(bench, monkeypatch):
    from game.tables.scamper import layout

    app, busy = bench
    app.step(DT, [])
    table = busy.table
    table.meld_layouts()
    placed: list[pygame.Rect] = []  # where melds were placed afresh (not taken from the cache)
    real = layout.match_rows
    monkeypatch.setattr(layout, "match_rows", lambda area, *rest: placed.append(area) or real(area, *rest))
    seat = table.model.owners[-1]
    sizes = [len(table.model.melds[i]) for i in table.model.melds_of(seat)]
    table.meld_layout(seat, sizes[:-1] + [sizes[-1] + 1])  # a card added to that seat's last meld
    area = layout.meld_area(table.layout, seat, table.viewer)
    assert placed and all(a == area for a in placed), placed  # no other seat's melds placed again


def test_a_partial_repaint_copies_the_background_in_whole_columns():
    background = pygame.Surface((400, 300))
    background.fill((10, 60, 40))
    layer = TableLayer()
    spots: list[pygame.Rect] = []

    def region(key: int) -> Partial:
        return Partial("r", key, pygame.Rect(0, 0, 400, 300), lambda s: spots.append(s.get_clip()),
                       lambda old, new: pygame.Rect(37, 50, 21, 10))
    art = type("Art", (), {"faces_blitted": []})()  # no card is drawn
    layer.refresh(background, "owner", [region(1)], art)
    spots.clear()
    layer.refresh(background, "owner", [region(2)], art)
    assert spots == [pygame.Rect(32, 50, 32, 10)] and all(s.x % CELL == 0 and s.right % CELL == 0 for s in spots)


def test_the_progress_line_is_worked_out_on_a_frame_that_plays_no_move(bench, monkeypatch):
    from game.tables.scamper import play

    app, busy = bench
    worked: list[int] = []
    real = play.progress
    monkeypatch.setattr(play, "progress", lambda t: worked.append(len(t.record.entries)) or real(t))
    moves = both = 0
    for n in range(320):
        busy.before(n)
        table, before, worked[:] = busy.table, len(busy.table.record.entries), []
        app.step(DT, [])
        moved = len(table.record.entries) != before
        moves += moved
        both += moved and bool(worked)
        if not table.busy_frame:  # a frame that played and started nothing shows the line as it is now
            assert table.progress_line() == real(table)
    assert moves >= 5 and both == 0, (moves, both)  # the went-out's new hand (a long solve) is never in its frame


def _after_a_landing(own_frame: bool, dts: list[float], instant: bool = False):
    """A card landing, a note, then a deal (an :class:`OwnFrame` or not): per frame, the deal's cards in the air and
    where, what landed and whether the deal had begun."""
    from game.kit.flights import OwnFrame

    queue, made, landed, notes = FlightQueue(), [], [], []
    queue.queue(lambda: [flight(_Sprite(99), True, pygame.Rect(0, 0, 40, 56), pygame.Rect(300, 0, 40, 56), 0.1, 0.0,
                                lambda: landed.append(99), 1.0)])
    queue.queue(lambda: notes.append("scored") or [])
    deal = _deal(True, made, landed)
    queue.queue(OwnFrame(deal) if own_frame else deal)
    frames = []
    for dt in dts:
        queue.update(dt, instant=instant)
        frames.append(([(f.sprite.id, tuple(f.rect)) for f in queue.flights if f.sprite.id != 99], list(landed),
                       bool(made), list(notes)))
    return frames


def test_a_deal_after_a_landing_starts_on_the_next_frame_and_every_later_frame_is_the_same():
    """The landing frame plays the note (its log line, its banner) but not the deal, whose repaints fall on the next
    frame; from that frame on the cards are where the deal begun on the landing frame would have them."""
    dts = [DT] * 8 + [0.011, 0.023, 0.0] + [DT] * 70
    at_once, own = _after_a_landing(False, dts), _after_a_landing(True, dts)
    landing = next(i for i, f in enumerate(own) if 99 in f[1])
    assert own[landing][3] == ["scored"] and not own[landing][2]  # the note played, the deal not begun
    assert at_once[landing][2]  # (a plain step begins on the landing frame)
    assert own[landing + 1][2] and own[landing + 1:] == at_once[landing + 1:]
    assert landed_all(own[-1])


def landed_all(frame) -> bool:
    return frame[1] == [99] + list(range(30))


def test_with_animations_off_a_deal_after_a_landing_plays_at_once():
    frames = _after_a_landing(True, [0.0], instant=True)
    assert frames[0][2] and landed_all(frames[0])


def test_a_scamper_rounds_opening_line_and_piles_come_with_the_last_rounds_lines(bench):
    """The round's first log line and its piles (the stock full, the discard pile as the deal leaves it) come before
    its deal, as a step of no flights: the deal's frame repaints neither the log nor the piles."""
    from game.kit.flights import OwnFrame
    from game.tables.scamper import steps

    app, busy = bench
    table = busy.table
    table.motion.steps.clear()
    steps.queue_deal(table)
    note, deal = table.motion.steps
    assert isinstance(deal, OwnFrame) and not isinstance(note, OwnFrame)
    lines, state, m = len(table.log.lines), table.state, table.model
    assert note() == []
    assert len(table.log.lines) == lines + 1 and table.log.lines[-1].startswith("Round ")
    assert [s.card for s in m.pile] == list(state.discard[:-1])
    assert m.stock == len(state.stock) + len(state.discard[-1:]) + sum(map(len, state.hands))
    pile, stock = list(m.pile), m.stock
    deal()
    assert len(table.log.lines) == lines + 1 and list(m.pile) == pile and m.stock == stock


def test_your_own_plays_log_line_is_painted_on_the_next_frame_on_its_own(bench, monkeypatch):
    """A frame that repaints the bottom region (your own play lifts cards from your fan, or changes the lines) keeps
    the log as it was: its new line goes into the layer on the next frame, never later; at once if a scene comes
    over the table (it has no next frame then)."""
    from game.kit.handview import _log_region

    app, busy = bench
    real = TableLayer.refresh
    repaints: list[set] = []

    def refresh(self, background, owner, regions, art):  # type: ignore[no-untyped-def]
        regions = list(regions)
        if self.surface is not None:
            repaints.append({r[0] for r in regions if self._keys.get(r[0], self) != r[1]})
        real(self, background, owner, regions, art)

    monkeypatch.setattr(TableLayer, "refresh", refresh)
    held = 0
    for frame in range(700):
        busy.before(frame)
        table = busy.table
        app.step(DT, [])
        if app.stack.top is not table or table.layer.surface is None:
            continue
        L = table.layout
        now = _log_region(table.log, table.log.key(), app.text, tuple(L.log_panel), tuple(L.log), L.scale)
        if table.layer._keys["log"] != now[1]:  # the log's new line is not in the layer yet: held this frame only
            assert table.log_late.held and "bottom" in repaints[-1] and "log" not in repaints[-1], frame
            held += 1
            if held == 1:
                table.pause()  # a scene comes over the table
            else:
                busy.before(frame)
                app.step(DT, [])
            assert table.layer._keys["log"] == now[1] and "log" in repaints[-1], frame
    assert held >= 3


def test_a_panels_melds_changing_alone_repaint_the_melds_not_its_header(bench):
    """A change of a seat's melds alone (a meld laid, the rivals' melds shrinking to a smaller card) repaints where the
    melds were and are, not the header above them; a header, turn or hand change repaints the header too."""
    from game.tables.scamper import view

    app, busy = bench
    app.step(DT, [])
    table = busy.table
    for region in view.layer_regions(table):
        seat = region[0]
        if seat not in table.layout.spots or not region[1][4]:
            continue
        header = table.layout.spots[seat].header
        old = region[1]
        fewer = old[:4] + (old[4][:-1],) + old[5:]  # its last meld not laid yet
        assert not [r for r in region.touched(fewer, old) if r.colliderect(header)], seat
        renamed = fewer[:5] + ((old[5][0], "Someone else", old[5][2]),)
        assert [r for r in region.touched(renamed, old) if r.colliderect(header)], seat
        turned = fewer[:2] + (not old[2],) + fewer[3:]
        assert [r for r in region.touched(turned, old) if r.colliderect(header)], seat


def test_a_card_leaving_the_fan_repaints_what_it_painted_not_a_margin_round_it(bench):
    """The bottom region's repaint for a card gone from the fan (or come, or moved) is all that card painted: itself
    and its shadow, its glow when lit (measured on that glow), a hint's frame when pointed at; not a glow's margin
    all round every card."""
    from game.kit.hand import SELECT
    from game.kit.reach import card_reach, glow_reach
    from game.kit.ui import GLOW

    app, busy = bench
    table = busy.table
    for _ in range(120):
        app.step(DT, [])
        region = next(r for r in table.view.layer_regions(table) if r[0] == "bottom")
        if region.key[1]:
            break
    words, cards, looks = region.key
    card, rect = cards[0], pygame.Rect(cards[0][1])
    assert card[2] is None and not card[3]
    assert region.touched(region.key, (words, cards[1:], looks)) == card_reach(app.art, rect)
    lit = (words, ((card[0], card[1], SELECT, False, card[4]),) + cards[1:], looks)
    assert region.touched(region.key, lit) == card_reach(app.art, rect).union(glow_reach(app.art, rect, SELECT))
    assert (*rect.size, GLOW) not in app.art._glows  # measured on the glow drawn: no other made for it
    pointed = (words, ((card[0], card[1], None, True, card[4]),) + cards[1:], looks)
    frame = 2 * max(3, rect.w // 22) + 2
    assert region.touched(region.key, pointed) == card_reach(app.art, rect).union(rect.inflate(frame, frame))


def test_a_log_line_held_a_frame_is_shown_though_nothing_else_moves(tmp_path):
    """The log's new line held back on a frame that repaints the bottom band asked for no next frame: with nothing
    moving the window stayed without it (a line logged in the same update as a notice, at rest on your turn)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.shell.headless import DT
    from game.shell.session import GameSetup, SeatConfig
    from game_helpers import make_app

    pygame.init()
    app = make_app(tmp_path)
    app.settings.ai_speed = "normal"
    app.start_game(GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", "standard")], 0, 5))
    t = app.stack.top
    for _ in range(3000):
        app.step(DT, [])
        if t.my_turn() and not app.stack.is_animating():
            break
    for _ in range(5):
        app.step(DT, [])
    t.log.add("Ada says something new.")
    t.show_toast("A notice in the status lines.")
    app.dirty = True
    app.step(DT, [])
    assert t.log_late.held  # this frame repainted the bottom band: the line waits
    drawn = sum(bool(app.step(DT, [])) for _ in range(10))
    plain = pygame.Surface(app.size, 0, app.screen)
    app.art.begin_frame()
    app.stack.draw(plain)
    same = pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(plain, "RGB")
    pygame.quit()
    assert drawn >= 1 and same
