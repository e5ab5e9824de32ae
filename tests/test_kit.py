"""The table toolkit (game/kit): sprites with duplicate cards, seats for 2-10, card art, keymap, clock."""

import ast
import dataclasses
import itertools
import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.cards import Card, Suit, parse_cards  # noqa: E402
from engine.games import GAMES  # noqa: E402
from game.base.cardart import CardArt, NumberCard  # noqa: E402
from game.base.suits import draw_suit, suit_shape  # noqa: E402
from game.kit.clock import TableClock  # noqa: E402
from game.kit.flights import FlightQueue, flight  # noqa: E402
from game.kit.hand import Drag, HandFan, SelectedCards  # noqa: E402
from game.kit.keymap import Keymap  # noqa: E402
from game.kit.layout import TableLayout  # noqa: E402
from game.kit.passdevice import passes_device  # noqa: E402
from game.kit.sprites import Hand, SpriteBook, blit_card  # noqa: E402

GAME = Path(__file__).resolve().parent.parent / "game"


def two_sevens_hand():
    """A hand from two packs: 7H twice, among others."""
    book = SpriteBook()
    hand = Hand(book.new(c) for c in parse_cards("7H 2C 7H KS"))
    return hand, hand[0], hand[2]


def test_two_equal_cards_are_two_sprites_that_select_independently():
    hand, first, second = two_sevens_hand()
    assert first.card == second.card and first.id != second.id and first != second
    fan = HandFan()
    fan.toggle(second)
    assert fan.selected == {second.id}
    layout = TableLayout(1280, 720, 2, 0)
    targets = fan.targets(hand, layout)
    assert targets[second.id].y < targets[first.id].y  # only the selected twin is lifted
    cards = SelectedCards(fan, hand)
    assert list(cards) == [Card("7H")] and len(cards) == 1
    cards.add(Card("7H"))  # selecting the card again picks the other twin
    assert fan.selected == {first.id, second.id}
    assert hand.find(Card("7H"), prefer=lambda s: s.id == second.id) is second
    assert hand.cards == parse_cards("7H 2C 7H KS") and hand.cards == list(parse_cards("7H 2C 7H KS"))


def test_two_equal_cards_drag_and_reorder_independently():
    hand, first, second = two_sevens_hand()
    fan = HandFan()
    layout = TableLayout(1280, 720, 2, 0)
    fan.ease(1.0, hand, layout, None, animate=False)
    drag = Drag("hand", (5, 5), second)
    HandFan.move(hand, drag.sprite, layout.hand_rects(len(hand))[0].x + 1, layout)
    assert [s.id for s in hand] == [second.id, first.id, hand[2].id, hand[3].id]
    assert hand[2].card == Card("2C")
    fan.drop(first)  # the first twin leaves the hand; the second keeps its place and selection state
    hand.take(first)
    assert hand.index_of(second.id) == 0 and hand.index_of(first.id) is None
    assert first.id not in fan.pos and second.id in fan.pos


def test_two_equal_cards_fly_independently():
    hand, first, second = two_sevens_hand()
    landed = []
    queue = FlightQueue()
    a, b = pygame.Rect(0, 0, 70, 100), pygame.Rect(500, 300, 70, 100)
    queue.queue(lambda: [flight(first, True, a, b, 0.4, 0.0, lambda: landed.append(first.id)),
                         flight(second, True, a, b, 0.4, 0.3, lambda: landed.append(second.id))])
    queue.update(0.5)
    assert queue.flying() == {first.id, second.id}
    assert landed == [first.id]  # the first twin has landed; the second is still in the air
    queue.update(0.3)
    assert landed == [first.id, second.id] and not queue.busy


@pytest.mark.parametrize("size", [(960, 600), (1024, 768), (1920, 1080), (2560, 1080)])
@pytest.mark.parametrize("seats", range(2, 11))
def test_seat_layouts_for_2_to_10_seats_fit_the_window_without_overlap(size, seats):
    window = pygame.Rect((0, 0), size)
    for bottom in {0, seats - 1}:
        layout = TableLayout(*size, seats, bottom)
        assert sorted(layout.spots) == list(range(seats)) and layout.spots[bottom].side == "bottom"
        panels = {seat: spot.panel for seat, spot in layout.spots.items()}
        for seat, panel in panels.items():
            assert window.contains(panel), (seat, panel)
            assert panel.w > 0 and panel.h > 0
        for (s1, p1), (s2, p2) in itertools.combinations(panels.items(), 2):
            assert not p1.colliderect(p2), (s1, p1, s2, p2)
        middle = [layout.log_panel, layout.stock, layout.discard, layout.status, layout.hand_area]
        for seat, spot in layout.spots.items():
            if seat == bottom:
                continue
            assert not any(spot.panel.colliderect(r) for r in middle), seat
            for r in layout.fan_rects(seat, 12):
                assert spot.panel.contains(r), (seat, r, spot.panel)


def test_seats_go_round_the_table_clockwise():
    layout = TableLayout(1920, 1080, 10, 0)
    sides = [layout.spots[seat].side for seat in range(1, 10)]
    assert sides == ["left"] * 3 + ["top"] * 3 + ["right"] * 3
    lefts = [layout.spots[seat].panel.y for seat in (1, 2, 3)]
    tops = [layout.spots[seat].panel.x for seat in (4, 5, 6)]
    rights = [layout.spots[seat].panel.y for seat in (7, 8, 9)]
    assert lefts == sorted(lefts, reverse=True) and tops == sorted(tops) and rights == sorted(rights)


@pytest.fixture
def art():
    pygame.init()
    pygame.display.set_mode((200, 200))
    yield CardArt()
    pygame.quit()


def test_a_card_with_its_shadow_is_one_blit_with_the_pixels_of_the_shadow_then_the_card(art):
    """Issue 24: a card and its shadow were five blits (four pieces of the shadow's rim, then the card); now
    the card is composited on its shadow once per size.  The picture is the same within rounding, on the
    window, on any other surface and on a clear picture then put on the felt (Double or Nothing's stacks),
    for faces, backs and number cards."""
    screen = pygame.display.get_surface()
    rect = pygame.Rect(40, 30, 84, 120)

    def picture(target, draw):
        felt = pygame.Surface((200, 200))
        felt.fill((30, 100, 60))
        target.fill((0, 0, 0, 0) if target.get_flags() & pygame.SRCALPHA else (30, 100, 60))
        draw(target)
        felt.blit(target, (0, 0))
        return pygame.image.tobytes(felt, "RGB")

    for target in (screen, pygame.Surface((200, 200)), pygame.Surface((200, 200), pygame.SRCALPHA)):
        for draw in (lambda s, shadow: art.blit_face(s, Card("QH"), rect, shadow),
                     lambda s, shadow: art.blit_back(s, rect, shadow),
                     lambda s, shadow: art.blit_number(s, 7, rect, shadow)):
            two = picture(target, lambda s: (art.blit_shadow(s, rect), draw(s, False)))
            one = picture(target, lambda s: draw(s, True))
            assert max(abs(a - b) for a, b in zip(one, two)) <= 2
            assert sum(a != b for a, b in zip(one, two)) < 300  # a few soft corner pixels round differently


def test_the_window_and_other_surfaces_get_their_own_encoded_card(art):
    """SDL encodes a run-length encoded surface for one destination at a time: a card blitted to a cached
    layer and then to the window was encoded again twice a frame.  Each has its own copy now."""
    screen, layer = pygame.display.get_surface(), pygame.Surface((200, 200))
    size = (70, 100)
    on_screen, on_layer = art.face(Card("5C"), size, screen), art.face(Card("5C"), size, layer)
    assert on_screen is not on_layer and on_layer is art.face(Card("5C"), size)
    assert pygame.image.tobytes(on_screen, "RGBA") == pygame.image.tobytes(on_layer, "RGBA")


def test_jokers_and_number_cards_render(art):
    size = (70, 100)
    joker = pygame.image.tobytes(art.face(Card("X1"), size), "RGBA")
    assert joker == pygame.image.tobytes(art.face(Card("X4"), size), "RGBA")  # jokers look alike
    assert joker != pygame.image.tobytes(art.back(size), "RGBA")
    assert all(joker != pygame.image.tobytes(art.face(Card(c), size), "RGBA") for c in ("AS", "KH", "2C"))
    numbers = {pygame.image.tobytes(art.number_face(n, size), "RGBA") for n in range(1, 9)}
    assert len(numbers) == 8  # eight different faces
    surface = pygame.Surface((300, 200))
    blit_card(art, surface, NumberCard.parse("N5"), pygame.Rect(10, 10, *size), True)
    blit_card(art, surface, Card("X2"), pygame.Rect(100, 10, *size), True)
    assert art.numbers_blitted == [5] and art.faces_blitted == [Card("X2")]
    assert str(NumberCard(8)) == "N8"
    for bad in ("N9", "N0", "7H"):
        with pytest.raises(ValueError):
            NumberCard.parse(bad)


@pytest.mark.parametrize("suit", list(Suit), ids=lambda suit: suit.name)
def test_a_suit_shape_holds_together_at_every_size(suit):
    """A small club (a banner's tile) once parted into three dots on a stem and read as a cross: each suit is one
    piece of ink (at least half dark: small ones are smoothed) at every size and sub-pixel place."""
    for size, dx in itertools.product([n / 2 for n in range(12, 80)], (0, 0.25, 0.5, 0.75)):
        surface = pygame.Surface((60, 60))
        for draw in (draw_suit, suit_shape):  # smoothed when small; and in whole pixels, as on a card
            surface.fill((255, 255, 255))
            draw(surface, suit, (30 + dx, 30 + dx), size, (0, 0, 0))
            ink = pygame.mask.from_threshold(surface, (0, 0, 0), (128, 128, 128, 255))
            assert len(ink.connected_components()) == 1, (draw.__name__, suit, size, dx)


def test_a_keymap_maps_two_seats_keys_on_one_keyboard():
    keys = Keymap()
    keys.bind(0, {pygame.K_a: "snap", pygame.K_s: "slap"})
    keys.bind(1, {pygame.K_l: "snap", pygame.K_k: "slap"})
    assert keys.lookup(pygame.K_a) == (0, "snap") and keys.lookup(pygame.K_l) == (1, "snap")
    assert keys.lookup(pygame.K_k) == (1, "slap") and keys.lookup(pygame.K_z) is None
    assert keys.seats() == {0, 1} and keys.keys_of(1) == {"snap": pygame.K_l, "slap": pygame.K_k}
    with pytest.raises(ValueError):
        keys.bind(1, {pygame.K_a: "snap"})  # one key, one player
    assert Keymap.for_seat(3, {pygame.K_s: "stock"}).lookup(pygame.K_s) == (3, "stock")


def test_the_table_clock_runs_from_dt_and_stamps_events():
    clock = TableClock()
    clock.advance(0.5)
    clock.advance(0.5)
    assert clock.now == 1000
    plain = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert clock.stamp(plain) == 1000  # pygame-ce gives no timestamp: the frame's time
    clock.advance(0.016, ticks=5016)
    stamped = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, timestamp=5010)
    assert clock.stamp(stamped) == 1010  # 6 ms before this frame
    early = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, timestamp=4000)
    assert clock.stamp(early) == 1000  # never before the last frame
    clock.advance(-1.0)
    assert clock.now == 1016  # time never goes back


def test_only_hidden_hand_turn_games_pass_the_device():
    sprint = GAMES["sprint"]
    assert passes_device(sprint, 2) and not passes_device(sprint, 1)
    race = dataclasses.replace(sprint, realtime=True, hidden_hands=False)
    assert not passes_device(race, 4)


def _imports(path: Path) -> list[str]:
    """Every module ``path`` imports at run time (function-level too; TYPE_CHECKING blocks left out)."""
    tree = ast.parse(path.read_text())
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
    out = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.append(node.module)
    return out


def test_kit_modules_import_only_engine_pygame_and_the_kit():
    allowed = ("engine", "pygame", "game.kit", "game.base", "__future__")
    stdlib = {"math", "dataclasses", "typing", "collections", "collections.abc", "enum", "functools", "itertools", "re",
              "pathlib", "time", "random", "statistics", "threading", "argparse", "json"}  # time: input stamping; the rest its benchmark
    for path in sorted((GAME / "kit").glob("*.py")):
        for module in _imports(path):
            ok = module in stdlib or any(module == a or module.startswith(a + ".") for a in allowed)
            assert ok, f"{path.name} imports {module}"


def test_kit_and_tables_import_no_cycle_and_stay_small():
    modules = {}
    for folder in ("kit", "tables"):
        for path in (GAME / folder).glob("*.py"):
            name = f"game.{folder}.{path.stem}".removesuffix(".__init__")
            modules[name] = path
            assert len(path.read_text().splitlines()) <= 500, f"{path} is over 500 lines"
    graph = {name: {m for m in _imports(path) if m in modules} for name, path in modules.items()}

    def visit(name, trail):
        assert name not in trail, " -> ".join(trail + [name])
        for nxt in graph[name]:
            visit(nxt, trail + [name])

    for name in graph:
        visit(name, [])


def test_sprint_gives_the_keyboard_to_whoever_sits_at_the_bottom(tmp_path):
    from game.screens import PassDeviceScene as ReExported
    from game.kit.passdevice import PassDeviceScene
    from game.shell.session import GameSetup, SeatConfig
    from game_helpers import frame, hand_over, make_app, wait

    assert ReExported is PassDeviceScene
    pygame.init()
    try:
        app = make_app(tmp_path)
        app.start_game(GameSetup([SeatConfig("Ann"), SeatConfig("Bea")], first=1))
        table = app.stack.scenes[1]
        frame(app)  # the table opens behind the pass-device screen
        assert isinstance(app.stack.top, PassDeviceScene) and app.stack.top.seat == 1
        hand_over(app)
        wait(app, table.my_turn)
        assert table.viewer == 1 and table.keymap.lookup(pygame.K_s) == (1, "stock")
        assert table.keymap.seats() == {1}
    finally:
        pygame.quit()


def test_text_outlives_a_restart_of_pygame():
    """Fonts cached before pygame quit and started again are made anew, not used dead."""
    from game.kit.ui import Text

    pygame.init()
    text = Text()
    text.fit("Ada wins!", 64, 300)
    pygame.quit()
    pygame.init()
    try:
        assert text.fit("Ada wins again!", 64, 300).get_width() <= 300
        assert text.wrap("a few words to wrap", 20, 60)
        assert text.render("K\u2665", 30).get_width() > 0
    finally:
        pygame.quit()


def test_a_cached_region_leaves_nothing_behind_when_it_draws_past_its_rect():
    """A region that paints past its rect (a count badge on the fan's last card) must not leave a sliver
    behind when it is redrawn without it: the layer keeps each region's drawing inside it."""
    from game.kit.layer import TableLayer

    background = pygame.Surface((200, 100))
    background.fill((19, 81, 56))
    layer = TableLayer()
    rect = pygame.Rect(20, 20, 60, 60)

    def badge(surface):
        pygame.draw.circle(surface, (90, 60, 10), (rect.right, rect.top), 20)

    layer.refresh(background, "layout", [("fan", 1, rect, badge)], CardArt())
    layer.refresh(background, "layout", [("fan", 2, rect, lambda surface: None)], CardArt())
    assert layer.surface is not None
    assert layer.surface.get_at((rect.right + 12, rect.top))[:3] == (19, 81, 56)


def test_messages_read_right_for_you_and_for_names():
    from game.kit.seatkeys import SeatAction, SeatKeys
    from game.kit.wording import played_for, says, verb, whom, whose, winners_title

    assert [says("You", v) for v in ("wins", "is", "has", "passes", "empties", "goes", "was")] == [
        "You win", "You are", "You have", "You pass", "You empty", "You go", "You were"]
    assert [says("Ada", v) for v in ("wins", "is", "passes")] == ["Ada wins", "Ada is", "Ada passes"]
    assert (whose("You"), whose("You", capital=True), whose("Ada")) == ("your", "Your", "Ada's")
    assert (whom("You"), whom("Ada"), verb("Ada", "lays")) == ("you", "Ada", "lays")
    assert (played_for(42_900), played_for(185_000), played_for(3_725_000)) == ("42 s", "3 min 05 s", "1 h 02 min")
    assert [winners_title(["You"]), winners_title(["Ada"], " the game"), winners_title(["Ada", "You"])] == [
        "You win!", "Ada wins the game!", "Shared win: Ada and You"]  # Scamper's end said "You wins!"
    keys = SeatKeys([SeatAction("flip", "Flip"), SeatAction("snap", "Snap!")])
    assert keys.why_not(1, "flip", pygame.K_a, ["You", "Ada"]) == "A is already your Flip key."
    assert keys.why_not(0, "flip", pygame.K_j, ["You", "Ada"]) == "J is already Ada's Flip key."


def test_no_kit_function_reaches_into_a_table_s_private_parts():
    """The kit reads a table's state objects and public methods; a private name (``t._hover_index()``) is the
    table's own business (only ``self`` and ``cls`` may use one)."""
    found = []
    for path in sorted((GAME / "kit").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and isinstance(node.value, ast.Name) and node.value.id not in ("self", "cls")):
                found.append(f"{path.name}:{node.lineno} {node.value.id}.{node.attr}")
    assert not found, found


@pytest.mark.parametrize("game", ["sprint", "scamper", "double-or-nothing"])
def test_played_record_plays_any_turn_game_by_bots_to_a_moment_and_replays(game):
    """The kit's played_record: bots on every seat (a person's by the game's default level), the same record for the
    same setup, stopped at the first state ``until`` accepts."""
    from game.kit.scenarios import played_record
    from game.shell.session import GameSetup, SeatConfig

    def setup() -> GameSetup:
        return GameSetup([SeatConfig("You"), SeatConfig("Ada", "ai", GAMES[game].default_level)], game=game, deal=7)

    record = played_record(setup(), lambda state: False, limit=12)
    assert len(record.actions) == 12 or record.final_state().is_over
    again = played_record(setup(), lambda state: False, limit=12)
    assert again.actions == record.actions  # seeded from the deal: the same bots' choices
    turns: list[int] = []
    short = played_record(setup(), lambda state: (turns.append(1), len(turns) > 5)[1], limit=12)
    assert len(short.actions) == 5 and short.actions == record.actions[:5]


@pytest.mark.parametrize("rect, width, radius", [((10, 12, 200, 150), 3, 16), ((5, 5, 90, 60), 2, 12), ((0, 0, 300, 80), 6, 24)])
def test_outline_parts_hold_a_rounded_outline(rect, width, radius):
    """Every pixel a rounded outline paints lies in the strips :func:`outline_parts` gives (a Partial's repaint)."""
    from game.kit.layer import outline_parts

    surface = pygame.Surface((320, 200))
    pygame.draw.rect(surface, (255, 255, 255), rect, width, border_radius=radius)
    parts = outline_parts(pygame.Rect(rect), width, radius)
    painted = [(x, y) for x in range(320) for y in range(200) if surface.get_at((x, y))[0]]
    assert painted and all(any(p.collidepoint(xy) for p in parts) for xy in painted)


def test_a_tips_close_button_sits_at_its_bottom_right():
    from game.kit.messages import tip_close

    box = pygame.Rect(100, 50, 300, 200)
    for scale in (0.8, 1.0, 2.0):
        close = tip_close(box, scale)
        assert box.contains(close) and box.right - close.right == box.bottom - close.bottom == round(10 * scale)


def test_resumed_mismatches_say_what_the_table_shows_then_what_the_save_holds():
    from game.kit.scenarios import resumed_mismatches

    class Saved:
        actions = [1, 2, 3]

        def final_state(self):
            return "end"

    class Table:
        record = Saved()
        state = "elsewhere"

    shown = lambda table, state: [f"shows {table.state}, not {state}"] if table.state != state else []  # noqa: E731
    found = resumed_mismatches(shown, noun="run")(Table(), Saved())
    assert found == ["shows elsewhere, not end", "the engine state differs from the saved run's"]
    Table.state = "end"
    assert resumed_mismatches(shown)(Table(), Saved()) == []


def test_the_focus_cycles_round_its_items_either_way():
    from game.kit.focus import Focus

    focus = Focus()
    items = [("pick", "a"), ("pick", "b"), ("pick", "c")]
    focus.cycle(items, 1)
    assert focus.at == ("pick", "a") and focus.shown() == ("pick", "a")
    focus.cycle(items, -1)
    assert focus.at == ("pick", "c")
    focus.cycle(items, 1)
    assert focus.at == ("pick", "a")
