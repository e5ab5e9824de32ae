"""The tables' remote mode through the real loop, against an in-process host double (no sockets).

The double is what the host does, in small: it holds the real engine state and
its bots, plays the table's sent actions, and sends back the state redacted for
the table's seats and the events they may see, through ``engine.wire`` (JSON
text both ways).  The table never applies an action itself.
"""

from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from ai.reflex import run_until  # noqa: E402
from engine import wire  # noqa: E402
from engine.games import game_info  # noqa: E402
from game.kit.remote import Refusal, View  # noqa: E402
from game.kit.wording import whose  # noqa: E402
from game.kit.rtdriver import RealtimeDriver  # noqa: E402
from game.screens.net_session import Player, Started  # noqa: E402
from game.screens.net_table import open_remote_table  # noqa: E402
from game.shell.app import App  # noqa: E402
from tests.snap_helpers import snap_game  # noqa: E402

DT = 1 / 60


def through_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


class HostDouble:
    """A race game's host in small: the real state and bots here, the table's seats' picture over ``engine.wire``."""

    def __init__(self, game: str, state: Any, mine: list[int], bots: dict[int, Any], players: list[Player]) -> None:
        self.game = game
        self.real = state
        self.driver = RealtimeDriver(state, bots, run_until)
        self.seats = mine
        self.now = 0
        self.inbox: list[tuple[int, Any, int]] = []
        self.sent_stamps: list[float | None] = []
        self.started = Started(game, {}, players, mine)
        self.state = self.picture()
        self.fresh_picture = False
        self.paused: str | None = None
        self.away: set[int] = set()
        self.closed = False

    def picture(self) -> Any:
        return wire.decode_state(through_json(wire.state_for(self.game, self.real, self.seats)))

    # the link
    def send(self, seat: int, action: Any, stamp_ms: float | None = None) -> None:
        assert seat in self.seats
        self.sent_stamps.append(stamp_ms)
        info = game_info(self.game)
        action = info.rules().action_from_json(through_json(info.rules().action_to_json(action)))
        self.inbox.append((seat, action, self.now))

    def updates(self) -> list[View | Refusal]:
        if self.paused:
            return []
        self.now += round(DT * 1000)
        inputs, self.inbox = self.inbox, []
        for seat, action, at in inputs:
            self.driver.press(seat, action, at)
        out: list[View | Refusal] = []
        for p in self.driver.step(self.now):
            if p.refused is not None:
                if p.seat in self.seats and p.urge is None:
                    out.append(Refusal(p.seat, p.refused))
                continue
            events = [wire.decode(through_json(e)) for e in wire.view_events(self.real, p.events, self.seats)]
            out.append(View(self.picture(), tuple(events), p.seat, p.action))
        return out

    def connection(self, seat: int) -> str:
        return "reconnecting..." if seat in self.away else ("" if seat in self.seats else "40 ms")

    def quiet(self) -> bool:
        return False  # the double's host plays on at each call of updates: always something to take

    def wake_with(self, callback: Any) -> None:
        pass

    def waiting_for(self) -> str | None:
        return self.paused

    def close(self) -> None:
        self.closed = True


def make_app(tmp_path) -> App:
    app = App((1280, 720), tmp_path, seed=5, resizable=False)
    app.settings.animation_speed = "fast"
    app.settings.confirm_discard = False  # the tests discard without the first-game question
    app.to_title()
    return app


def play_my_seat_to_the_end(app: App, table: Any, helper: Any, check: Any = None) -> bool:
    """Run the loop frame by frame, this computer's seat 0 playing what ``helper`` chooses from its own view (all it
    needs) whenever the table may act, ``check`` after every frame; whether the game reached its end screen."""
    done: list[Any] = []
    app.on_round_over = lambda t: done.append(t)
    for _ in range(20000):
        if done:
            break
        app.run(max_frames=1, fixed_dt=DT)
        if check is not None:
            check()
        if table.my_turn() and not table.turns.authority.awaiting and not table.turns.authority.pending:
            assert table.try_action(think(helper, table.state.observation(0)))
    return bool(done)


def race_start(game: str) -> Any:
    if game == "snap":
        return snap_game(["2C 3D 4H 5S 2H 7H KS QS", "2D 7C 8H 9S TC JC 3C 4C"])
    from engine.ratscrew import new_game

    return new_game(2, {}, 4)


def own_pile(table: Any) -> tuple[int, int]:
    layout = table.layout
    return layout.places[0].down.center if table.game_id == "snap" else layout.seats[0].pile.center


@pytest.mark.parametrize("game", ["snap", "ratscrew"])
def test_a_remote_race_table_plays_to_the_end_through_the_host_and_shows_its_refusals(pg, tmp_path, game) -> None:
    info = game_info(game)
    app = make_app(tmp_path)
    real = race_start(game)
    host = HostDouble(game, real, [0], {1: info.make_bot("hard", seed=3)}, [Player("You", "human"), Player("Ada", "human")])
    table = open_remote_table(app, host)
    assert app.stack.top is table and table.state is not real
    assert table.record.players[1].extra["connection"] == "" and host.connection(1) == "40 ms"
    app.run(max_frames=1, fixed_dt=DT)
    assert table.record.players[1].extra["connection"] == "40 ms"  # the badge under the name
    done: list[Any] = []
    app.on_round_over = lambda t: done.append(t)
    refused = False
    for frame in range(int(120 / DT)):
        if done:
            break
        if frame % 12 == 0:  # a click on your pile five times a second, your turn or not
            pos = own_pile(table)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        app.run(max_frames=1, fixed_dt=DT)
        refused = refused or (table.toast is not None and "turn" in table.toast.text)
        if game == "snap":
            assert table.model.down == [len(d) for d in table.state.down]  # the table shows the host's cards
    assert done and real.is_over and table.state.is_over
    assert table.state.outcome() == real.outcome()
    assert refused  # a flip (or lay) out of turn came back as the usual toast with the host's reason
    assert all(s is not None for s in host.sent_stamps)
    assert app.saves.pending is None  # a network game is never saved on this computer
    end = app.stack.top
    assert end.again_label == "New network game"  # not a local game with the same seats
    end.age = 10.0
    end.on_button("again")
    assert type(app.stack.top).__name__ == "NetworkScene" and host.closed


class TurnHostDouble(HostDouble):
    """A turn game's host in small: bots play their turns at once, every action on the real state."""

    def __init__(self, game: str, state: Any, mine: list[int], bots: dict[int, Any], players: list[Player]) -> None:
        super().__init__(game, state, mine, {}, players)
        self.bots = bots

    def play(self, seat: int, action: Any) -> list[View | Refusal]:
        reason = self.real.why_illegal(action, seat)
        if reason is not None:
            return [Refusal(seat, reason)] if seat in self.seats else []
        events = self.real.apply(action, seat)
        seen = [wire.decode(through_json(e)) for e in wire.view_events(self.real, events, self.seats)]
        return [View(self.picture(), tuple(seen))]  # as the host sends it: state and events, no action

    def updates(self) -> list[View | Refusal]:
        out: list[View | Refusal] = []
        inputs, self.inbox = self.inbox, []
        for seat, action, _ in inputs:
            out += self.play(seat, action)
        movers = [] if self.real.is_over else list(self.real.to_move())
        if movers and movers[0] in self.bots:
            out += self.play(movers[0], think(self.bots[movers[0]], self.real.observation(movers[0])))
        return out


def think(bot: Any, observation: Any) -> Any:
    """A bot's choice, its thinking run to the end at once."""
    thinking = bot.think(observation)
    try:
        while True:
            next(thinking)
    except StopIteration as done:
        return done.value


@pytest.mark.parametrize("played_first", [0, 40])
def test_a_remote_scamper_table_plays_a_round_through_the_host_and_never_sees_a_hidden_card(pg, tmp_path,
                                                                                               played_first) -> None:
    """From the deal, or opening on a round under way (a rejoin): melds, hands of any size, the discard pile."""
    from engine.cards import Card
    from engine.scamper import new_game

    app = make_app(tmp_path)
    app.settings.ai_speed = "instant"
    info = game_info("scamper")
    real = new_game(3, info.resolve_options({"rounds": 1}), 11)
    bots = {s: info.make_bot("standard", seed=s) for s in (1, 2)}
    helper = info.make_bot("standard", seed=9)  # plays your seat's choices, through the table
    for _ in range(played_first):
        if real.melds and len(real.discard) > 2:
            break
        seat = real.current
        real.apply(think(helper if seat == 0 else bots[seat], real.observation(seat)), seat)
    assert played_first == 0 or (real.melds and not real.is_over)  # the round is well under way: melds are down
    host = TurnHostDouble("scamper", real, [0], bots, [Player("You", "human"), Player("Ada", "human"),
                                                       Player("Ben", "bot", "standard")])
    first = real.current
    table = open_remote_table(app, host)
    app.run(max_frames=60, fixed_dt=DT)
    first_line, to_play = table.log.lines[0], table.name(first)
    if played_first:  # opened on a round under way: not "X starts" (whoever is to play did not start it)
        assert first_line.startswith("Round 1 under way: ") and first_line.endswith(f" {whose(to_play, True)} turn.")
    else:
        said = (f"{to_play} starts.", "You start.")  # then the first dealer's bonus, in round 1
        assert first_line.startswith("Round 1: ") and any(f". {who} " in first_line + " " for who in said), first_line
    assert [len(h) for h in table.model.held] == [len(h) for h in real.hands]
    assert [len(m) for m in table.model.melds] == [len(m.cards) for m in real.melds]
    def no_other_card_here() -> None:
        hidden = [c for seat in (1, 2) for c in table.state.hands[seat]]
        assert all(type(c) is not Card for c in hidden)  # another seat's card never reaches this computer

    assert play_my_seat_to_the_end(app, table, helper, no_other_card_here) and real.is_over and table.state.is_over
    assert [len(h) for h in table.state.hands] == [len(h) for h in real.hands]
    assert table.state.outcome() == real.outcome()



def test_while_the_host_holds_a_race_the_table_says_for_whom_and_the_seat_badge_says_reconnecting(pg, tmp_path) -> None:
    info = game_info("snap")
    app = make_app(tmp_path)
    real = race_start("snap")
    host = HostDouble("snap", real, [0], {1: info.make_bot("hard", seed=3)}, [Player("You", "human"), Player("Ada", "human")])
    table = open_remote_table(app, host)
    app.run(max_frames=5, fixed_dt=DT)
    host.paused, host.away = "Ada is reconnecting...", {1}
    before = app.screen.copy()
    app.run(max_frames=30, fixed_dt=DT)
    assert table.record.players[1].extra["connection"] == "reconnecting..."
    assert table.seat_keys_line(1) == "reconnecting..."
    line = pygame.Rect(0, 0, 700, 40)
    line.midtop = (640, 16)
    changed = sum(before.get_at((x, y)) != app.screen.get_at((x, y)) for x in range(line.left, line.right, 7)
                  for y in range(line.top, line.bottom, 5))
    assert changed > 100  # the hold line is drawn across the top
    host.paused, host.away = None, set()
    app.run(max_frames=2, fixed_dt=DT)
    assert table.seat_keys_line(1) == "40 ms"


def test_a_friend_at_a_snap_table_sees_their_own_pile_at_the_bottom_beside_the_snap_button(pg, tmp_path) -> None:
    """Seen in the screenshots: a joiner's own pile was drawn where seat 0's goes (top left for seat 1 of 3)."""
    info = game_info("snap")
    app = make_app(tmp_path)
    real = race_start("snap")
    host = HostDouble("snap", real, [1], {0: info.make_bot("hard", seed=3)}, [Player("Host", "human"), Player("You", "human")])
    table = open_remote_table(app, host)
    app.run(max_frames=3, fixed_dt=DT)
    places = table.layout.places
    assert table.solo == 1 and table.layout.bottom == 1
    assert places[1].panel.centery == max(p.panel.centery for p in places)  # this computer's pile is the bottom one
    assert places[1].panel.right < table.layout.snap_button.left  # with the Snap button beside it


def test_while_the_host_holds_a_turn_game_the_line_is_over_the_middle_not_the_seat_panels(pg, tmp_path) -> None:
    """Seen in a render: on Double or Nothing the hold line covered the Deck box and the title along the top."""
    from engine.double_or_nothing import new_game

    app = make_app(tmp_path)
    info = game_info("double-or-nothing")
    real = new_game(2, info.resolve_options({"mode": "duel"}), 7)
    host = TurnHostDouble("double-or-nothing", real, [0], {1: info.make_bot("hard", seed=1)},
                          [Player("You", "human"), Player("Ada", "human")])
    table = open_remote_table(app, host)
    app.run(max_frames=40, fixed_dt=DT)
    before = app.screen.copy()
    host.paused, host.away = "Ada is reconnecting...", {1}
    app.run(max_frames=5, fixed_dt=DT)
    if os.environ.get("NET_SHOTS"):
        pygame.image.save(app.screen, os.path.join(os.environ["NET_SHOTS"], "don_hold.png"))

    def changed(area: pygame.Rect) -> int:
        return sum(before.get_at((x, y)) != app.screen.get_at((x, y)) for x in range(area.left, area.right, 7)
                   for y in range(area.top, area.bottom, 5))

    assert changed(pygame.Rect(0, 0, 1280, 100)) == 0  # the seats' panels and the title stay readable
    assert changed(pygame.Rect(340, 280, 600, 40)) > 100  # the line is over the middle of the table
    assert table.network is not None


def test_a_remote_double_or_nothing_duel_plays_to_the_end_through_the_host(pg, tmp_path) -> None:
    from engine.double_or_nothing import new_game

    app = make_app(tmp_path)
    app.settings.ai_speed = "instant"
    info = game_info("double-or-nothing")
    real = new_game(2, info.resolve_options({"mode": "duel"}), 7)
    host = TurnHostDouble("double-or-nothing", real, [0], {1: info.make_bot("hard", seed=1)},
                          [Player("You", "human"), Player("Ada", "human")])
    helper = info.make_bot("hard", seed=9)
    table = open_remote_table(app, host)
    assert type(table).__name__ == "RemoteDoubleTable"
    assert play_my_seat_to_the_end(app, table, helper) and real.is_over and table.state.is_over
    assert table.state.outcome() == real.outcome()
    facts = table.summary_facts()  # the end screen's facts, from the events the views showed (no record here)
    assert facts.winner == real.winner and facts.biggest and facts.reached == real.game


def test_a_remote_sprint_table_plays_a_round_through_the_host(pg, tmp_path) -> None:
    from engine.sprint import Round

    app = make_app(tmp_path)
    app.settings.ai_speed = "instant"
    info = game_info("sprint")
    real = Round.deal(3, 5, 0)
    bots = {s: info.make_bot("standard", seed=s) for s in (1, 2)}
    helper = info.make_bot("standard", seed=9)
    host = TurnHostDouble("sprint", real, [0], bots, [Player("You", "human"), Player("Ada", "human"),
                                                      Player("Ben", "bot", "standard")])
    table = open_remote_table(app, host)
    assert play_my_seat_to_the_end(app, table, helper) and real.is_over and table.state.is_over
    assert table.state.outcome() == real.outcome()


def test_a_remote_sprint_table_takes_no_action_back_and_says_it_is_a_network_game(pg, tmp_path) -> None:
    from engine.sprint import Round
    from game.kit.contract import Table

    app = make_app(tmp_path)
    app.settings.ai_speed = "instant"
    info = game_info("sprint")
    real = Round.deal(3, 5, 0)
    bots = {s: info.make_bot("standard", seed=s) for s in (1, 2)}
    host = TurnHostDouble("sprint", real, [0], bots, [Player("You", "human"), Player("Ada", "bot", "standard"),
                                                      Player("Ben", "bot", "standard")])
    table = open_remote_table(app, host)
    assert isinstance(table, Table) and table.network is host and table.turns.remote  # the contract's hook says it
    played = 0
    for _ in range(3000):
        app.run(max_frames=1, fixed_dt=DT)
        if table.my_turn() and not table.turns.authority.awaiting and not table.turns.authority.pending:
            if played:
                break
            assert table.try_action(think(info.make_bot("standard", seed=9), table.state.observation(0)))
            assert table.turns.authority.awaiting  # sent: the table takes no other action until the host answers
            assert not table.try_action(think(info.make_bot("standard", seed=9), table.state.observation(0)))
            played = len(table.record.actions)
    assert played and len(table.record.actions) > played  # the host's view of the action came back, and the bots'
    table.undo()
    assert app.stack.top is table  # no local table was rebuilt from a record this computer never had
    assert table.toast is not None and "network game" in table.toast.text
    assert app.saves.pending is None
