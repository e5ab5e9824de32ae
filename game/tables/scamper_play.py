"""What the player's selection or drop would do, in the engine's words.

The table never decides a rule: every answer here comes from :mod:`engine.melds`
(``arrange``, ``contract_lays``, ``solve``) and the game's own ``why_illegal``.
Also the score sheet's data and the table's statistics.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from engine.cards import ALL_CARDS, Card, format_cards
from engine.melds import IllegalMeld, arrange, contract_lays, solve
from engine.scamper import CONTRACTS, DRAW_DISCARD, Action, AddToMeld, LayContract, LayMeld, SwapWild
from engine.scamper.table import Phase

from game.kit.matchsheet import SheetScene, StandingsScene
from game.kit.scoresheet import ScoreSheet, SheetRow
from game.kit.ui import suited
from game.screens.game_over import play_again

if TYPE_CHECKING:
    from game.tables.scamper import ScamperTable


class Proposal:
    """The Lay button's action for the selection (or ``None``), its label, and why it can't be played."""

    __slots__ = ("action", "label", "reason", "note")

    def __init__(self, action: Action | None, label: str, reason: str | None, note: str = "") -> None:
        self.action = action
        self.label = label
        self.reason = reason
        self.note = note


def card_words(cards) -> str:
    """Cards for the status lines: codes (drawn as suit marks), but a joker as "Joker", never its code "X1"."""
    return " ".join("Joker" if ALL_CARDS[c].is_joker else str(ALL_CARDS[c]) for c in cards)


def _words(cards: tuple[Card, ...]) -> str:
    try:
        return arrange(cards, keep_majority=False).describe()
    except IllegalMeld:
        return format_cards(cards)


def _contract_lay(cards: tuple[Card, ...], t: ScamperTable) -> tuple[LayContract | None, str]:
    """A way to lay the round's contract using the selected cards (all of them if the engine finds one)."""
    contract = t.state.observation(t.viewer).contract
    lays = contract_lays(cards, contract, 8)
    for lay in lays:
        if sum(len(m) for m in lay) == len(cards):
            return LayContract(lay), ""
    for lay in lays:  # the engine's lay, with the other selected cards added where they fit
        melds = [tuple(m) for m in lay]
        left = list((Counter(cards) - Counter(c for m in lay for c in m)).elements())
        for card in list(left):
            for k, meld in enumerate(melds):
                try:
                    melds[k] = arrange(meld + (card,), keep_majority=True).cards
                except IllegalMeld:
                    continue
                left.remove(card)
                break
        if not left:
            return LayContract(tuple(melds)), ""
    if lays:
        lay = lays[0]
        left = list((Counter(cards) - Counter(c for m in lay for c in m)).elements())
        return LayContract(lay), f"{format_cards(sorted(left))} stay in your hand."
    return None, ""


def proposal(t: ScamperTable) -> Proposal:
    """What the selection makes: the contract, one meld, or the engine's reason it makes neither."""
    cards = t.selected_cards()
    state = t.state
    obs = state.observation(t.viewer)
    if not cards:
        if obs.is_down:
            return Proposal(None, "Lay a meld", "Select 3 or more cards that make a set or a run.")
        return Proposal(None, "Lay contract", f"Select the cards of your contract: {obs.contract.describe()}.")
    if not obs.is_down:
        action, note = _contract_lay(cards, t)
        if action is None:
            try:
                meld = arrange(cards, keep_majority=True)
            except IllegalMeld as exc:
                plan = solve(cards, obs.contract)
                if plan is not None and len(cards) > 3:
                    return Proposal(None, "Not the contract", "Your selection: " + "; ".join(plan.progress(card_words)) + ".")
                return Proposal(None, "Not a meld", str(exc))
            reason = state.why_illegal(LayContract((meld.cards,)), t.viewer)
            return Proposal(None, "Not the contract", reason or f"{obs.contract.describe()} is this round's contract.")
        words = " + ".join(_words(m) for m in action.melds)
        return Proposal(action, f"Lay {words}", state.why_illegal(action, t.viewer), note)
    try:
        meld = arrange(cards, keep_majority=True)
    except IllegalMeld as exc:
        return Proposal(None, "Not a meld", str(exc))
    lay = LayMeld(meld.cards)
    return Proposal(lay, f"Lay {meld.describe()}", state.why_illegal(lay, t.viewer))


def drop_actions(t: ScamperTable, card: Card, meld: int, place: int | None) -> list[Action]:
    """What dropping ``card`` on meld ``meld`` (on its card ``place``, if over one) may mean, best first."""
    melds = t.state.melds
    if not 0 <= meld < len(melds):
        return []
    m = melds[meld]
    out: list[Action] = []
    places = [place] if place is not None else []
    places += [i for i in m.wild_places if i != place]
    for i in places:
        if 0 <= i < len(m.cards) and not m.is_natural_at(i):
            out.append(SwapWild(meld, i, card))
    out.append(AddToMeld(meld, card, False))
    out.append(AddToMeld(meld, card, True))
    return out


def drop_action(t: ScamperTable, card: Card, meld: int, place: int | None) -> tuple[Action | None, str | None]:
    """The first legal meaning of the drop, or the engine's reason for the most likely one."""
    actions = drop_actions(t, card, meld, place)
    if not actions:
        return None, "There is no meld there."
    for a in actions:
        if t.state.why_illegal(a, t.viewer) is None:
            return a, None
    first = actions[0]
    if isinstance(first, SwapWild) and place is None:
        first = actions[-2]
    return None, t.state.why_illegal(first, t.viewer)


def takers(t: ScamperTable, card: Card) -> set[int]:
    """The melds that can take ``card`` now (an add or a swap): they light up while it is dragged."""
    if not t.my_turn() or t.state.phase is not Phase.PLAY:
        return set()
    out = set()
    for i in range(len(t.state.melds)):
        if any(t.state.why_illegal(a, t.viewer) is None for a in drop_actions(t, card, i, None)):
            out.add(i)
    return out


def discard_doubt(t: ScamperTable, card: Card) -> str | None:
    """Why discarding ``card`` now looks like a slip (the table asks first), or None to discard at once.

    A slip: the card you just took from the discard pile, a card that could go on a meld on
    the table, or (before your contract is down) a card your best plan for the contract uses
    alongside others it holds.
    """
    seat = t.viewer
    for entry in reversed(t.record.entries):
        if entry.seat != seat:
            break
        if entry.action == DRAW_DISCARD and t.state.taken[seat] and t.state.taken[seat][-1] == card:
            return "You just took it from the discard pile."
    if takers(t, card):
        return "It could go on a meld on the table: drag it onto a glowing meld."
    obs = t.state.observation(seat)
    if not obs.is_down:
        plan = solve(obs.hand, obs.contract)
        for target in plan.targets if plan is not None else ():
            if card in target.naturals and len(target.naturals) >= 2:
                kind = "set" if len({c.rank for c in target.naturals}) == 1 else "run"
                return f"It is part of a {kind} toward your contract: {suited(format_cards(target.naturals))}."
    return None


def progress(t: ScamperTable) -> str:
    """Your progress toward the round's contract, in the engine's words."""
    obs = t.state.observation(t.viewer)
    if obs.is_down:
        return "Your contract is down: drag cards onto glowing melds (onto a wild to swap it), or select 3+ and Lay."
    plan = solve(obs.hand, obs.contract)
    if plan is None:
        return f"{obs.contract.describe().capitalize()}: nothing toward it yet."
    line = "; ".join(plan.progress(card_words))
    return line[:1].upper() + line[1:]  # it may follow a full stop


def sheet_data(t: ScamperTable, with_cards: bool = True) -> ScoreSheet:
    sheet = t.state.sheet
    rules = t.state.rules
    rows = []
    for k, line in enumerate(sheet.lines):
        notes = []
        pen = [f"{t.name(s)} +{p}" for s, p in enumerate(line.penalties) if p]
        if pen:
            notes.append("no call: " + ", ".join(pen))
        if line.replays:
            notes.append(f"dealt {line.replays + 1} times")
        last = k == len(sheet.lines) - 1
        rows.append(SheetRow(line.contract, line.points, {line.went_out: "out"}, line.round_no,
                             line.cards_left if with_cards and last else None, "; ".join(notes)))
    upcoming = tuple(CONTRACTS[i].describe() for i in range(len(sheet.lines), rules.rounds))
    return ScoreSheet([t.name(s) for s in range(t.state.num_players)], rows, lower_wins=True, start=sheet.start,
                      rounds=rules.rounds, upcoming=upcoming)


def stat_counts(t: ScamperTable) -> list[dict[str, int]]:
    """Per seat: rounds won by going out, and the lowest round score."""
    lines = t.state.sheet.lines
    return [{"rounds_out": sum(1 for line in lines if line.went_out == s)} for s in range(t.state.num_players)]


def open_round_sheet(t: ScamperTable, round_no: int) -> None:
    """The sheet after round ``round_no``: who went out, everyone's cards left; the next deal waits for the click."""
    lines = t.state.sheet.lines
    line = lines[round_no - 1] if len(lines) >= round_no else None
    who = t.name(line.went_out) if line is not None else "Someone"
    t.app.stack.push(SheetScene(t.app, sheet_data(t), f"Round {round_no} of {t.state.rules.rounds}",
                                f"{who} went out. Cards left in hand score against their holder.",
                                "Deal the next round", t.next_round))


def open_sheet(t: ScamperTable) -> None:
    obs = t.state.observation(t.viewer)
    t.app.stack.push(SheetScene(t.app, sheet_data(t, False), "Score sheet",
                                f"Round {t.state.contract_no} of {t.state.rules.rounds}: {obs.contract.describe()}",
                                None, None))


def standings(t: ScamperTable) -> StandingsScene:
    """The final standings (lowest total wins) above the whole sheet."""
    data = sheet_data(t, False)
    best = [data.players[s] for s in sorted(data.leaders(before_play=True))]
    title = f"{best[0]} wins!" if len(best) == 1 else "Shared win: " + " and ".join(best)

    return StandingsScene(t.app, data, title, lambda: play_again(t), t.app.to_title)
