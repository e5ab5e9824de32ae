"""The lobby a host tells its clients: who sits where, connected, ready, their pings; started, over, paused.

Built from the host's seats and connections (:func:`lobby_of`); the host sends it
at once when anything but the pings changed (:func:`without_pings`), and when only
the pings moved at most every few seconds.
"""

from __future__ import annotations

from typing import Any

from game.net.authority import BOT, SeatSpec
from game.shell.session import AI_NAMES


def lobby_of(host: Any) -> dict[str, Any]:
    """The lobby message of ``host`` (a :class:`game.net.host.Host`) as it is now."""
    authority = host.authority
    seats = []
    for i, spec in enumerate(host.seats):
        conn = next((c for c in host.conns if i in c.seats and not c.closed), None)
        seats.append({"seat": i, "kind": spec.kind, "name": host.names.get(i, "") or (spec.level if spec.kind == BOT else ""),
                      "level": spec.level, "connected": spec.kind == BOT or conn is not None,
                      "ready": spec.kind == BOT or i in host.ready,
                      "ping_ms": round(conn.sync.rtt_ms) if conn is not None and conn.sync.ready else None,
                      "bot_playing": authority is not None and i in authority.bots and spec.kind != BOT})
    return {"t": "lobby", "room": host.room, "game": host.info.id, "started": host.started,
            "over": bool(authority is not None and authority.is_over), "paused": host.paused_reason,
            "address": host.address, "port": host.port, "seats": seats}


def without_pings(lobby: dict[str, Any]) -> dict[str, Any]:
    """The lobby but its seats' pings (what changes all the time: told every few seconds, the rest at once)."""
    return {**lobby, "seats": [{k: v for k, v in seat.items() if k != "ping_ms"} for seat in lobby["seats"]]}


def unclash(names: dict[int, str], seats: list[SeatSpec], joined: tuple[int, ...]) -> None:
    """A person who joined (``joined``: their seats) under a bot's name keeps it: the bot takes the first name of
    :data:`AI_NAMES` no seat has (the Host screen names its bots from that list, and a friend may be called Ada)."""
    for seat in joined:
        name = names.get(seat, "").casefold()
        for other, spec in enumerate(seats):
            if spec.kind == BOT and other not in joined and name and names.get(other, "").casefold() == name:
                taken = {n.casefold() for n in names.values()}
                names[other] = next((n for n in AI_NAMES if n.casefold() not in taken), f"Bot {other + 1}")


__all__ = ["lobby_of", "without_pings", "unclash"]
