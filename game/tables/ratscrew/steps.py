"""Ratscrew's table model: what the table shows, moved on by the engine's events (and the flights they start).

The model changes at once when an event comes in (a real-time table never
queues the game behind its animations); the flights only carry sprites across
the felt, and a sprite in the air is drawn by its flight, not in its place.
The per-seat tallies for the statistics (snaps by rule, wrong snaps, the
fastest snap) are kept here too, from the same events.  What the engine state
already says (whose turn, who is barred, each pile's size, the count) is read from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from engine.cards import Card, Rank
from engine.ratscrew import SnapReason
from engine.ratscrew.moves import (
    CardLaid, GameOver, LaidOutOfTurn, PlayerBackIn, PlayerOut, PlayersReleased, SnapAccepted, SnapWrong, StackWon,
)

from game.kit.racetable import stat_row
from game.kit.sprites import Pile
from game.kit.wording import says, verb

LAY_SECONDS = 0.22
FRESH_CALL_S = 0.25  # a call just made shows bigger this long
WON_PAUSE = 0.9  # the lit cards stay put this long before the stack flies to its winner
WON_SECONDS = 0.45
BANNER_SECONDS = 3.0
BANNER_MIN_SECONDS = 1.5  # a banner about the stack in play stays at least this long, even when the next card comes

RULE_KEYS = ("calling_out", "standard", "sandwich", "dark_queen", "counting_out")


@dataclass
class Banner:
    """The line under the stack: a snap's rule and cards, or why a stack went where it went."""

    text: str
    cards: tuple[Card, ...] = ()
    good: bool = True
    age: float = 0.0
    more: tuple[str, ...] = ()  # other rules the same snap showed
    won: bool = False  # it tells of a stack that was won: it goes when the next card starts a new stack
    detail: str = ""  # a smaller line under it: why a snap was wrong and what it costs


@dataclass
class TableModel:
    stack: Pile = field(default_factory=Pile)
    call: tuple[Rank, int] | None = None  # the last call and its number
    call_age: float = 99.0
    lit: set[int] = field(default_factory=set)  # sprite ids of the cards that made the snap
    banner: Banner | None = None
    snaps: list[dict[str, int]] = field(default_factory=list)  # per seat: rule -> snaps won by it
    wrong: list[int] = field(default_factory=list)
    fastest: list[int | None] = field(default_factory=list)
    laid_at: dict[Card, int] = field(default_factory=dict)  # when each card of the stack joined it (ms)
    claims: dict[int, SnapAccepted] = field(default_factory=dict)  # valid snaps waiting for the stack to be settled
    last_won: tuple[int, int, str] | None = None  # who took the last stack, when (the winning snap's ms), and how

    @classmethod
    def from_state(cls, state: Any, sprites: Any) -> TableModel:
        n = state.num_seats
        return cls(Pile(sprites.new(c) for c in state.stack), snaps=[{} for _ in range(n)], wrong=[0] * n,
                   fastest=[None] * n)

    def update(self, dt: float) -> None:
        self.call_age += dt
        if self.banner is not None:
            self.banner.age += dt
            if self.banner.age > BANNER_SECONDS:
                self.banner = None
                self.lit.clear()

    def stat_counts(self) -> list[dict[str, int]]:
        """Each seat's counts for the statistics (the registry's ``stats`` keys)."""
        return [stat_row(**{f"snaps_{key}": self.snaps[seat].get(key, 0) for key in RULE_KEYS},
                         wrong_snaps=self.wrong[seat], fastest_snap_ms=self.fastest[seat])
                for seat in range(len(self.snaps))]


def showed_at(model: TableModel, reason: SnapReason) -> int | None:
    """When a snap pattern first showed: when the last of its cards joined the stack."""
    return max((model.laid_at[c] for c in reason.cards if c in model.laid_at), default=None)


def _drop_news(model: TableModel, stale: bool) -> None:
    """The banner's news goes (play moved on past the stack it told of) when ``stale``."""
    if model.banner is not None and stale:
        model.banner = None
        model.lit.clear()


def _laid(table: Any, event: CardLaid, at: int, animate: bool) -> None:
    model, layout = table.model, table.layout
    sprite = table.sprites.new(event.card)
    if model.stack and animate:
        n = len(model.stack)
        table.fly(model.stack[-1], True, layout.top_card, layout.fan_slot(n - 1, n), LAY_SECONDS)
    model.stack.append(sprite)
    model.laid_at[event.card] = at
    model.call, model.call_age = (event.call, event.number), 0.0
    _drop_news(model, model.banner is not None and (model.banner.won or model.banner.age > BANNER_MIN_SECONDS))
    if animate:
        table.fly(sprite, True, layout.seats[event.player].pile, layout.top_card, LAY_SECONDS)
        table.sound("lay")
    table.log.add(f"{says(table.name(event.player), 'lays')} the {event.card.name}: \"{event.call.word}\"")


def _out_of_turn(table: Any, event: LaidOutOfTurn, at: int, animate: bool) -> None:
    model = table.model
    where = "the card is kept"
    if event.card is not None:
        sprite = table.sprites.new(event.card)
        model.stack.insert(0, sprite)
        model.laid_at[event.card] = at
        _drop_news(model, model.banner is not None and model.banner.won)  # a new stack has begun
        if animate:
            table.fly(sprite, True, table.layout.seats[event.player].pile, table.layout.fan_slot(0, len(model.stack)),
                      LAY_SECONDS)
        where = f"the {event.card.name} goes under the stack"
    who = table.name(event.player)
    table.log.add(f"{who} laid out of turn: {where}")
    table.tell(f"{who} laid out of turn ({where}) and {verb(who, 'is')} barred until the stack is won.", event.player)


def _snap_wrong(table: Any, event: SnapWrong, at: int, animate: bool) -> None:
    who = table.name(event.player)
    table.model.wrong[event.player] += 1
    table.log.add(f"{who}: wrong snap")
    why = event.why.removeprefix("Wrong snap: ").rstrip(".")
    table.model.banner = Banner(f"{who}: wrong snap", good=False,  # the one place it is told (as Snap's callout)
                                detail=f"{why[:1].upper()}{why[1:]}: barred until the stack is won.")
    table.blame(event.player)


def _released(table: Any, event: PlayersReleased, at: int, animate: bool) -> None:
    if event.why.startswith("everyone"):
        table.log.add("Everyone was barred: all may snap again")


def _accepted(table: Any, event: SnapAccepted, at: int, animate: bool) -> None:
    table.model.claims[event.player] = event
    table.log.add(f"{says(table.name(event.player), 'snaps')}: {', '.join(r.label for r in event.reasons)}")


def _stack_won(table: Any, event: StackWon, at: int, animate: bool) -> None:
    """The stack goes to its winner: by the snap claimed for it (the claims are settled), a count or a stall."""
    model, layout, name = table.model, table.layout, table.name(event.player)
    sprites, claim = list(model.stack), model.claims.get(event.player)
    model.claims.clear()
    model.last_won = (event.player, claim.at if claim is not None else at, event.how)
    for seat in event.beaten:  # snapped at the very same millisecond and lost the tie
        table.tell(f"A tie to the millisecond with {name}: the stack goes to {name}, nearer the left of whoever "
                   "laid the top card.", seat)
    if event.how == "snap" and claim is not None:
        reasons = claim.reasons
        for reason in reasons:
            model.snaps[event.player][reason.rule] = model.snaps[event.player].get(reason.rule, 0) + 1
        since = [t for t in (showed_at(model, r) for r in reasons) if t is not None]
        if since:
            took = max(0, claim.at - min(since))
            best = model.fastest[event.player]
            model.fastest[event.player] = took if best is None else min(best, took)
        lit_cards = {c for r in reasons for c in r.cards}
        model.lit = {s.id for s in sprites if s.card in lit_cards}
        first, more = reasons[0], tuple(r.label for r in reasons[1:])  # the other rules the same snap showed
        beaten = f" (beating {', '.join(table.name(b) for b in event.beaten)} by a hair)" if event.beaten else ""
        model.banner = Banner(f"{name}: {first.label}", first.cards, True, more=more, won=True)
        also = f" (also {', '.join(more)})" if more else ""
        table.log.add(f"{says(name, 'wins')} {len(sprites)} cards{beaten}{also}")
        table.sound("draw")
    elif event.how == "count":
        model.lit = {s.id for s in sprites}
        model.banner = Banner(f"Counted out: the stack goes to {name}", won=True)
        table.log.add(f"The count ran out: {says(name, 'takes')} {len(sprites)} cards")
        table.sound("draw")
    else:
        model.banner = Banner(f"Nobody can lay and no snap showed: the stack goes back to {name}", won=True)
        table.log.add(f"Nobody can lay: {says(name, 'takes')} back {len(sprites)} cards")
    model.stack = Pile()
    model.laid_at.clear()
    model.call = None
    if not animate:
        return
    n = len(sprites)
    rects = layout.fan(n)
    target = layout.seats[event.player].pile
    for i, sprite in enumerate(sprites):
        start = layout.top_card if i == n - 1 else rects[i]
        table.fly(sprite, True, start, target, WON_SECONDS, delay=WON_PAUSE + 0.012 * (n - 1 - i))


STEPS: dict[type, Callable[[Any, Any, int, bool], None]] = {
    CardLaid: _laid, LaidOutOfTurn: _out_of_turn, SnapAccepted: _accepted, SnapWrong: _snap_wrong,
    PlayersReleased: _released, StackWon: _stack_won,
    GameOver: lambda table, e, at, animate: table.log.add(f"{says(table.name(e.winner), 'holds')} every card and wins"),
    PlayerOut: lambda table, e, at, animate: table.log.add(
        f"{says(table.name(e.player), 'has')} no cards left (a snap can bring them back)"),
    PlayerBackIn: lambda table, e, at, animate: table.log.add(f"{says(table.name(e.player), 'is')} back in"),
}
"""What each event does to the table's model, log and flights: ``step(table, event, at, animate)`` (the event
happened at ``at``; its flights start if ``animate``)."""


RACE_SHOWN_MS = 3000
"""A refused snap this soon after the stack was won lost the race to it (later, it is simply too late)."""


def race_lost(table: Any, seat: int, at: int) -> str | None:
    """Why ``seat``'s snap at ``at`` found the stack empty, when it just went somewhere: who took it and how
    much sooner."""
    last = table.model.last_won
    if last is None:
        return None
    winner, won_at, how = last
    name = table.name(winner)
    if winner == seat:
        return f"{name} already took this stack."
    if how == "snap" and at - won_at <= RACE_SHOWN_MS:
        return f"{says(name, 'was')} {at - won_at} ms faster: the stack went to {name}."
    if how == "count":
        return f"Too late: the count ran out and the stack went to {name}."
    return f"There is nothing to snap: the stack went to {name}."


__all__ = ["TableModel", "Banner", "STEPS", "race_lost", "showed_at", "RULE_KEYS"]
