"""The dedicated headless host: ``python -m game.net.serve --game ID --port P [--seats ...] [--room CODE] [--bind ADDR]``.

The same code as the in-app host (:class:`game.net.host.Host`), in the foreground.  Seats are
``remote`` (a friend joins), ``bot:LEVEL``; by default every seat but one bot is a friend's.
It prints one JSON line once listening (address, port, room), and with ``--exit-when-over``
one more when the game is over, then stops.  ``--journal FILE`` keeps every action there;
started again with ``--resume`` and the same file it carries on the game (same room, same seat
tokens: the players' clients rejoin by themselves).  The default bind is 0.0.0.0 (every
interface: friends on the network can reach it); tests bind 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

from engine.games import GAMES, game_info
from game.net.authority import parse_seats
from game.net.host import Host, HostConfig


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game.net.serve", description="Host a network game, headless.")
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--port", type=int, default=0, help="0: any free port (printed)")
    parser.add_argument("--bind", default="0.0.0.0")
    parser.add_argument("--seats", default=None, help="e.g. remote,remote,bot:hard (default: remote per seat, one bot)")
    parser.add_argument("--room", default=None, help="the room code (default: a new one)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (JSON value)")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--journal", type=Path, default=None)
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--bot-after", type=float, default=None, metavar="S",
                        help="turn games: a bot plays a dropped player's seat after S seconds")
    parser.add_argument("--ai-speed", default="normal", choices=("instant", "fast", "normal", "slow"))
    parser.add_argument("--exit-when-over", action="store_true")
    parser.add_argument("--seconds", type=float, default=None, help="stop after this long whatever happens")
    parser.add_argument("--time-scale", type=float, default=1.0, help=argparse.SUPPRESS)  # tests: a faster game clock
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    info = game_info(args.game)
    try:
        seats = parse_seats(args.seats or ",".join(["remote"] * (info.default_seats - 1) + [f"bot:{info.default_level}"]), info)
        options = {}
        for item in args.option:
            key, _, value = item.partition("=")
            try:
                options[key] = json.loads(value)
            except ValueError:
                options[key] = value
        host = Host(HostConfig(args.game, seats, options, args.bind, args.port, args.room, args.seed, args.journal,
                               args.resume, args.bot_after, args.ai_speed, time_scale=args.time_scale))
    except (ValueError, OSError) as exc:
        parser.error(str(exc))
    try:
        return asyncio.run(_serve(host, args.exit_when_over, args.seconds))
    except OSError as exc:
        print(f"python -m game.net.serve: error: can't listen on {args.bind}:{args.port}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1


async def _serve(host: Host, exit_when_over: bool, seconds: float | None) -> int:
    task = asyncio.create_task(host.serve())
    while not host._listening.is_set():
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    print(json.dumps({"listening": True, "address": host.address, "port": host.port, "room": host.room,
                      "game": host.info.id}), flush=True)
    loop = asyncio.get_running_loop()
    end = None if seconds is None else loop.time() + seconds
    over_at = None
    while not task.done():
        await asyncio.sleep(0.05)
        authority = host.authority
        if exit_when_over and authority is not None and authority.is_over:
            over_at = over_at or loop.time()
            if loop.time() - over_at > 1.0:  # the last views reach everyone
                outcome = authority.state.outcome()
                print(json.dumps({"over": True, "scores": list(outcome.scores) if outcome else None,
                                  "actions": len(authority.record.to_json().get("actions", []))}), flush=True)
                break
        if end is not None and loop.time() > end:
            break
    host.stop_soon()
    await task
    return 0


if __name__ == "__main__":
    sys.exit(main())
