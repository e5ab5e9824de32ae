"""Double or Nothing's table model: what the table shows now, and the engine's events as timed steps.

The engine holds counts, so the table does too: :class:`Shown` is the viewer's
hand per number, the play area per number, the play to beat and the sizes of
both sides.  It lags the engine while a step is in flight and is patched from
each event as its step lands; after the last step of an action it is set from
the engine's observation for the viewer, so what is drawn is always exact (and
never more than the viewer may see).  A flight is a *stack* of one number with
a count on it, never one sprite per card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from engine.double_or_nothing import UPGRADES, Observation
from engine.double_or_nothing.counts import ZERO, add, sub
from engine.double_or_nothing.events import (
    CardsAdded, Doubled, Drew, DuelOver, GameWon, HandDealt, HandWon, Passed, Played, RunOver, SecondWind,
    UpgradePicked, UpgradesOffered,
)
from engine.double_or_nothing.plays import Play, describe
from engine.double_or_nothing.upgrades import FIRST_RULES, SECOND_RULES, effect

from game.kit.contract import Table
from game.kit.flights import Step
from game.kit.handsteps import note_step, queue_steps
from game.kit.stacks import stack_step
from game.kit.wording import whose


@dataclass
class Shown:
    """What the table shows right now (the viewer's side of it)."""

    obs: Observation
    hand: tuple[int, ...]
    area: tuple[int, ...]
    top: Play | None
    top_seat: int | None
    hand_sizes: list[int]
    deck_sizes: list[int]

    @classmethod
    def of(cls, obs: Observation) -> Shown:
        way = 1 if obs.seat == 0 else -1  # the sizes by seat: the viewer's and the other's, seat 0's first
        return cls(obs, tuple(obs.hand), tuple(obs.area), obs.top, obs.top_seat,
                   [sum(obs.hand), obs.opponent_hand_size][::way], [obs.deck_size, obs.opponent_deck_size][::way])


def queue_events(t: Table, events: list[Any]) -> None:
    """Turn one action's events into steps, the first started at once; the last sets the model from the engine."""
    queue_steps(t, events, STEPS)
    t.motion.queue(stack_step(0.0, t.sync_shown, []))
    t.motion.update(0.0, instant=t.factor() == 0)


def _played(t: Table, ev: Played, duration: float) -> Step:
    play = ev.play
    L = t.layout
    flies = [(n, play.copies, L.columns[n - 1] if ev.seat == t.viewer else L.opp_hand, L.area_card(i, play.width),
              0.04 * i) for i, n in enumerate(play.numbers)]

    def land() -> None:
        sh = t.shown
        cards = play.counts()
        sh.area = add(sh.area, cards)  # type: ignore[arg-type]
        if ev.seat == t.viewer:
            sh.hand = sub(sh.hand, cards)  # type: ignore[arg-type]
        sh.hand_sizes[ev.seat] = ev.left_in_hand
        sh.top, sh.top_seat = play, ev.seat
        t.log.add(f"{t.name(ev.seat)}: {describe(play)}.")
        t.app.sound.play("lay")

    return stack_step(duration, land, flies)


def _drew(t: Table, ev: Drew, duration: float) -> Step:
    L = t.layout
    mine = ev.seat == t.viewer
    start = L.deck(mine)
    if mine and ev.counts is not None:
        stacks = [(n + 1, k) for n, k in enumerate(ev.counts) if k]
        flies = [(n, k, start, L.columns[n - 1], 0.03 * i) for i, (n, k) in enumerate(stacks)]
    else:
        flies = [(0, ev.cards, start, L.opp_hand if not mine else L.columns[3], 0.0)]

    def land() -> None:
        sh = t.shown
        if mine and ev.counts is not None:
            sh.hand = add(sh.hand, ev.counts)  # type: ignore[arg-type]
        sh.hand_sizes[ev.seat] += ev.cards
        sh.deck_sizes[ev.seat] = max(0, sh.deck_sizes[ev.seat] - ev.cards)
        if ev.reason == "pass":
            t.log.add(f"{t.name(ev.seat)} {t.verb(ev.seat, 'passes')} and {t.verb(ev.seat, 'draws')} {ev.cards:,}.")
        t.app.sound.play("draw")

    return stack_step(duration, land, flies)


def _passed(t: Table, ev: Passed, duration: float) -> Step:
    L = t.layout
    end = L.deck(ev.to_seat == t.viewer)
    flies = [(0, ev.cards_under, L.area_card(0, 1), end, 0.0)] if ev.cards_under else []
    if ev.toll:  # Toll: from the passer's deck to the runner's
        flies.append((0, ev.toll, L.deck(ev.seat == t.viewer), end, 0.0))

    def land() -> None:
        sh = t.shown
        sh.area, sh.top, sh.top_seat = ZERO, None, None
        sh.deck_sizes[ev.to_seat] += ev.cards_under + ev.toll
        sh.deck_sizes[ev.seat] += ev.salvaged - ev.toll
        t.log.add(f"The play area ({ev.cards_under + ev.salvaged:,} cards) goes under "
                  f"{whose(t.name(ev.to_seat))} deck.")
        if ev.toll:
            t.log.add(f"Toll: {t.name(ev.seat)} {t.verb(ev.seat, 'pays')} {ev.toll:,} cards from the deck to "
                      f"{t.name(ev.to_seat)}.")

    return stack_step(duration, land, flies)


def _hand_won(t: Table, ev: HandWon, duration: float) -> Step:
    L = t.layout
    end = L.deck(ev.seat == t.viewer)
    flies = [(0, ev.cards_taken, L.area_card(0, 1), end, 0.0)]

    def land() -> None:
        sh = t.shown
        loser = 1 - ev.seat
        sh.area, sh.top, sh.top_seat = ZERO, None, None
        if loser == t.viewer:
            sh.hand = ZERO
        sh.hand_sizes[loser] = 0
        sh.deck_sizes[ev.seat] += ev.cards_taken
        t.log.add(f"{t.name(ev.seat)} {t.verb(ev.seat, 'wins')} the deal and {t.verb(ev.seat, 'takes')} {ev.cards_taken:,} cards.")
        t.announce(f"{t.name(ev.seat)} {t.verb(ev.seat, 'wins')} the deal")
        t.app.sound.play("round_won" if ev.seat == t.viewer else "draw")

    return stack_step(duration, land, flies)


def _second_wind(t: Table, ev: SecondWind) -> Step:
    how = {FIRST_RULES: "fresh decks", SECOND_RULES: "half a deck against a deck and a half"}.get(
        t.state.upgrade_rules, "half a fresh deck against five times as many cards")  # the upgrade's words
    return note_step(t, f"Second Wind: game {ev.game} is played again with {how}.", "Second Wind!")


STEPS: dict[type, Callable[[Any, Any], Step]] = {
    Played: lambda t, ev: _played(t, ev, 0.38 * t.factor()),
    Drew: lambda t, ev: _drew(t, ev, 0.3 * t.factor()),
    Passed: lambda t, ev: _passed(t, ev, 0.35 * t.factor()),
    HandWon: lambda t, ev: _hand_won(t, ev, 0.45 * t.factor()),
    HandDealt: lambda t, ev: note_step(
        t, f"Deal {ev.hand} of game {ev.game}: {t.name(ev.leader)} {t.verb(ev.leader, 'leads')}."),
    GameWon: lambda t, ev: stack_step(0.6 * t.factor(), note_step(
        t, f"{t.name(1 - ev.seat)} can't draw a full hand: {t.name(ev.seat)} {t.verb(ev.seat, 'wins')} game {ev.game}.",
        f"{t.name(ev.seat)} {t.verb(ev.seat, 'wins')} game {ev.game}!"), []),
    Doubled: lambda t, ev: note_step(
        t, f"Everything doubles: game {ev.game} deals {ev.hand_size:,} a hand, a pass draws {ev.pass_size:,}.",
        f"Double! Game {ev.game}: hands of {ev.hand_size:,}"),
    UpgradesOffered: lambda t, ev: note_step(t, "Pick one upgrade of three."),
    UpgradePicked: lambda t, ev: note_step(
        t, f"{t.name(0)} took {UPGRADES[ev.upgrade].name}{f' (x{ev.stacks})' if ev.stacks > 1 else ''}: "
           f"{effect(ev.upgrade, t.state.upgrade_rules)}"),
    CardsAdded: lambda t, ev: note_step(t, f"{sum(ev.counts):,} cards shuffled into {whose(t.name(ev.seat))} deck."),
    SecondWind: _second_wind,
    RunOver: lambda t, ev: note_step(
        t, f"The run is cleared: game {ev.reached} won, {ev.games_won} games in all!" if ev.cleared
        else f"The run is over at game {ev.reached}: {ev.games_won} games won."),
    DuelOver: lambda t, ev: note_step(t, f"{t.name(ev.winner)} {t.verb(ev.winner, 'wins')} the duel."),
}
"""Each event's step, by the event's type (an event with none shows nothing)."""
