"""What the player's selection or drop would do, in the engine's words.

The table never decides a rule: every answer here comes from :mod:`engine.melds`
(``arrange``, ``contract_lays``, ``solve``) and the game's own ``why_illegal``.
Also the score sheet's data and the table's statistics.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.cards import ALL_CARDS, Card, format_cards
from engine.melds import IllegalMeld, Meld, arrange, contract_lays, read_meld, solve
from engine.scamper import CONTRACTS, DRAW_DISCARD, Action, AddToMeld, LayContract, LayMeld, Phase, SwapWild

from game.kit.matchsheet import SheetScene, StandingsScene
from game.kit.scoresheet import ScoreSheet, SheetRow
from game.kit.ui import suited
from game.kit.wording import winners_title
from game.screens.game_over import play_again
from game.kit.handtable import HiddenHandTable
from game.tables.scamper.view import HOTKEYS


@dataclass(frozen=True)
class Proposal:
    """The Lay button's action for the selection (or ``None``), its label, and why it can't be played.

    ``melds`` are the melds the action lays as the engine reads them (the label and
    the lay come from the same cards in the same order); ``note`` names the selected
    cards it leaves in the hand; ``wild_choice`` whether a wild could go at either
    end of a run (the player may move it: :func:`place_meld`'s ``wilds_low``).
    """

    action: Action | None
    label: str
    reason: str | None
    note: str = ""
    melds: tuple[Meld, ...] = ()
    wild_choice: bool = False


def card_words(cards) -> str:
    """Cards for the status lines: codes (drawn as suit marks), but a joker as "Joker", never its code "X1"."""
    return " ".join("Joker" if ALL_CARDS[c].is_joker else str(ALL_CARDS[c]) for c in cards)


def place_meld(cards: tuple[Card, ...], wilds_low: bool) -> Meld:
    """The one place that decides where a lay's wilds go: ``cards`` as a meld, a run's spare wilds at its top
    (or its bottom with ``wilds_low``).  The Lay button's words and the lay itself both come from it."""
    return arrange(cards, keep_majority=True, wilds_low=wilds_low)


def _placed(melds: tuple[tuple[Card, ...], ...], wilds_low: bool) -> tuple[tuple[Card, ...], ...]:
    out = []
    for m in melds:
        try:
            out.append(place_meld(m, wilds_low).cards)
        except IllegalMeld:
            out.append(tuple(m))
    return tuple(out)


def doesnt_fit(left: tuple[Card, ...] | list[Card]) -> str:
    """Selected cards a lay leaves out, said so: "7S doesn't fit: it stays in your hand." ('' if none)."""
    if not left:
        return ""
    one = len(left) == 1
    return f"{card_words(sorted(left))} {'doesn' if one else 'don'}'t fit: {'it stays' if one else 'they stay'} in your hand."


def _contract_lay(cards: tuple[Card, ...], t: HiddenHandTable) -> tuple[LayContract | None, list[Card]]:
    """A way to lay the round's contract using the selected cards (all of them if the engine finds one),
    and the selected cards it leaves out."""
    low = t.wilds_low
    lays = sorted(contract_lays(cards, t.state.observation(t.viewer).contract, 8),
                  key=lambda lay: sum(len(m) for m in lay) != len(cards))  # a lay of every selected card first

    def left_out(lay: tuple[tuple[Card, ...], ...]) -> list[Card]:
        return list((Counter(cards) - Counter(c for m in lay for c in m)).elements())
    for lay in lays:  # the engine's lay, with the other selected cards added where they fit
        melds = [tuple(m) for m in lay]
        left = left_out(lay)
        for card in list(left):
            for k, meld in enumerate(melds):
                try:
                    melds[k] = place_meld(meld + (card,), low).cards
                except IllegalMeld:
                    continue
                left.remove(card)
                break
        if not left:
            return LayContract(_placed(tuple(melds), low)), []
    return (LayContract(_placed(lays[0], low)), left_out(lays[0])) if lays else (None, [])


def _one_out(cards: tuple[Card, ...]) -> str | None:
    """If leaving out one selected card would make a meld, say which card doesn't fit."""
    for i, card in enumerate(cards):
        try:
            meld = arrange(cards[:i] + cards[i + 1:], keep_majority=True)
        except IllegalMeld:
            continue
        return f"{card_words([card])} doesn't fit {meld.describe()}."
    return None


def _ready(action: LayContract | LayMeld, t: HiddenHandTable, left: list[Card]) -> Proposal:
    """The proposal of a lay: its melds read as the engine will read them, and its words from them."""
    cards = action.melds if isinstance(action, LayContract) else (action.cards,)
    try:
        melds = tuple(read_meld(m) for m in cards)
        words = " + ".join(m.describe() for m in melds)
    except IllegalMeld:  # the engine refuses it (its reason shows): the cards as they are
        melds, words = (), " + ".join(format_cards(m) for m in cards)
    return Proposal(action, f"Lay {words}", t.state.why_illegal(action, t.viewer), doesnt_fit(left), melds,
                    _placed(cards, False) != _placed(cards, True))  # a wild could go at either end of a run


def proposal(t: HiddenHandTable) -> Proposal:
    """What the selection makes: the contract, one meld, or the engine's reason it makes neither."""
    cards = tuple(t.selected)
    state = t.state
    obs = state.observation(t.viewer)
    if not cards:
        if obs.is_down:
            return Proposal(None, "Lay a meld", "Select 3 or more cards that make a set or a run.")
        return Proposal(None, "Lay contract", f"Select the cards of your contract: {obs.contract.describe()}.")
    action, left = (None, []) if obs.is_down else _contract_lay(cards, t)
    if action is not None:
        return _ready(action, t, left)
    try:  # one meld: laid once down, else the engine's reason it is not the contract
        meld = place_meld(cards, obs.is_down and t.wilds_low)
    except IllegalMeld as exc:
        plan = None if obs.is_down else solve(cards, obs.contract)
        if plan is not None and len(cards) > 3:
            return Proposal(None, "Not the contract", "Your selection: " + "; ".join(plan.progress(card_words)) + ".")
        return Proposal(None, "Not a meld", _one_out(cards) or str(exc))
    if obs.is_down:
        return _ready(LayMeld(meld.cards), t, [])
    reason = state.why_illegal(LayContract((meld.cards,)), t.viewer)
    return Proposal(None, "Not the contract", reason or f"{obs.contract.describe()} is this round's contract.")


def _onto_melds(t: HiddenHandTable, card: Card) -> list[AddToMeld | SwapWild]:
    """The engine's legal adds and swaps of ``card`` for the bottom seat now."""
    return [a for a in t.state.legal_actions(t.viewer) if isinstance(a, (AddToMeld, SwapWild)) and a.card == card]


def drop_action(t: HiddenHandTable, card: Card, meld: int, place: int | None) -> tuple[Action | None, str | None]:
    """The drop's legal meaning (a swap for the wild under it first, any swap, an add at the top, at the bottom),
    or the engine's reason for the most likely one."""
    if not 0 <= meld < len(t.state.melds):
        return None, "There is no meld there."
    legal = sorted((a for a in _onto_melds(t, card) if a.meld == meld),
                   key=lambda a: (isinstance(a, AddToMeld), getattr(a, "place", None) != place))
    if legal:
        return legal[0], None
    wilds = t.state.melds[meld].wild_places
    likely = SwapWild(meld, place if place in wilds else wilds[0], card) if place is not None and wilds else None
    return None, t.state.why_illegal(likely or AddToMeld(meld, card, False), t.viewer)


def takers(t: HiddenHandTable, card: Card) -> set[int]:
    """The melds that can take ``card`` now (the engine's legal adds and swaps): they light up while it is dragged."""
    return {a.meld for a in _onto_melds(t, card)} if t.my_turn() else set()


def discard_doubt(t: HiddenHandTable, card: Card) -> str | None:
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


def progress(t: HiddenHandTable) -> str:
    """Your progress toward the round's contract, in the engine's words."""
    obs = t.state.observation(t.viewer)
    if obs.is_down:
        return "Your contract is down: drag cards onto glowing melds (onto a wild to swap it), or select 3+ and Lay."
    plan = solve(obs.hand, obs.contract)
    if plan is None:
        return f"{obs.contract.describe().capitalize()}: nothing toward it yet."
    if plan.met and t.state.phase is Phase.PLAY and t.state.why_illegal(LayContract(plan.melds()), t.viewer) is None:
        melds = "; ".join(part.removesuffix(" done") for part in plan.progress(card_words))  # what to do first
        return f"Select these {len(plan.used())} cards, then Lay contract ({HOTKEYS['lay']}): {melds}."
    line = "; ".join(plan.progress(card_words))
    return line[:1].upper() + line[1:]  # it may follow a full stop


def sheet_data(t: HiddenHandTable, with_cards: bool = True) -> ScoreSheet:
    sheet = t.state.sheet
    rules = t.state.rules
    rows = []
    for k, line in enumerate(sheet.lines):
        pen = ", ".join(f"{t.name(s)} +{p}" for s, p in enumerate(line.penalties) if p)
        notes = ([f"no call: {pen}"] if pen else []) + ([f"dealt {line.replays + 1} times"] if line.replays else [])
        last = with_cards and k == len(sheet.lines) - 1
        rows.append(SheetRow(line.contract, line.points, {line.went_out: "out"}, line.round_no,
                             line.cards_left if last else None, "; ".join(notes)))
    upcoming = tuple(CONTRACTS[i].describe() for i in range(len(sheet.lines), rules.rounds))
    return ScoreSheet([t.name(s) for s in range(t.state.num_players)], rows, lower_wins=True, start=sheet.start,
                      rounds=rules.rounds, upcoming=upcoming, start_label="First dealer's bonus")


def stat_counts(t: HiddenHandTable) -> list[dict[str, int]]:
    """Per seat: rounds won by going out."""
    lines = t.state.sheet.lines
    return [{"rounds_out": sum(1 for line in lines if line.went_out == s)} for s in range(t.state.num_players)]


def open_sheet(t: HiddenHandTable, round_no: int = 0) -> None:
    """The sheet so far (the Score sheet button), or after round ``round_no``: who went out, everyone's cards left,
    the next deal waiting for the click."""
    state, lines = t.state, t.state.sheet.lines
    if round_no:
        who = t.name(lines[round_no - 1].went_out) if len(lines) >= round_no else "Someone"
        t.app.stack.push(SheetScene(t.app, sheet_data(t), f"Round {round_no} of {state.rules.rounds}",
                                    f"{who} went out. Cards left in hand score against their holder.",
                                    "Deal the next round", t.next_round))
    else:
        contract = state.observation(t.viewer).contract.describe()
        t.app.stack.push(SheetScene(t.app, sheet_data(t, False), "Score sheet",
                                    f"Round {state.contract_no} of {state.rules.rounds}: {contract}", None, None))


def standings(t: HiddenHandTable) -> StandingsScene:
    """The final standings (lowest total wins) above the whole sheet."""
    data = sheet_data(t, False)
    best = [data.players[s] for s in sorted(data.leaders(before_play=True))]
    title = winners_title(best)
    again = "New network game" if t.network is not None else "Play again"
    return StandingsScene(t.app, data, title, lambda: play_again(t), t.app.to_title, again)
