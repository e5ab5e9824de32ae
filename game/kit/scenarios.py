"""The headless tools' parts every hidden-hand table shares (see :mod:`game.shell.modes`): the points worth
clicking, what a table shows compared with its engine, a table opened where a record stands.

A game's tools module declares its ``SCENARIOS`` with these and keeps only its
own checks and positions; ``table`` is a :class:`~game.kit.handtable.HiddenHandTable`.
"""

from __future__ import annotations

from typing import Any, Sequence

Point = tuple[int, int]


def hand_hot_spots(table: Any) -> list[Point]:
    """Places worth clicking at a hidden-hand table: its buttons, the piles, the cards in the bottom hand."""
    L = table.layout
    spots = [b.rect.center for b in table.buttons()] + [L.stock.center, L.discard.center]
    return spots + [(r.x + 10, r.y + 20) for r in L.hand_rects(len(table.my_hand))]


def hand_mismatches(table: Any, hands: Sequence[Sequence[Any]], discard: Sequence[Any], stock: int,
                    current: int | None) -> list[str]:
    """How what ``table`` shows differs from the engine's ``hands``, ``discard`` pile, ``stock`` size and seat to play
    (``current`` None: not compared); empty when it shows exactly that."""
    m = table.model
    out = [f"seat {p}: the table shows a different hand" for p, hand in enumerate(hands)
           if sorted(m.hands[p]) != sorted(hand)]
    if list(m.discard) != list(discard):
        out.append("the discard pile differs")
    if m.stock != stock:
        out.append(f"stock: the table shows {m.stock} cards, the engine has {stock}")
    if current is not None and m.current != current:
        out.append(f"turn: the table shows seat {m.current}, the engine is at seat {current}")
    return out


def open_at(app: Any, table_type: Any, setup: Any, record: Any, actions: Sequence[Any] | None = None) -> Any:
    """A new table of ``setup`` where ``record`` stands (or after its first ``actions``), caught up without
    animation as a resume opens it; not yet on the stack."""
    fresh = record.without_actions()
    table = table_type(app, setup, record=fresh, state=fresh.start())
    table.catch_up(list(record.actions if actions is None else actions))
    return table
