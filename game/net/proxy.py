"""A delay-injecting TCP proxy on 127.0.0.1, for the bench: each chunk arrives ``latency`` plus a random
``jitter`` later, in order (TCP never reorders), both ways."""

from __future__ import annotations

import asyncio
import random
import threading


class DelayProxy:
    """Listens on 127.0.0.1 (a free port) and forwards to ``127.0.0.1:target`` with a one-way delay per chunk."""

    def __init__(self, target: int, latency_ms: float, jitter_ms: float, seed: int = 0) -> None:
        self.target = target
        self.latency_ms = latency_ms
        self.jitter_ms = jitter_ms
        self.rng = random.Random(seed)
        self.port = 0
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._writers: list[asyncio.StreamWriter] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), name="net-proxy", daemon=True)

    def start(self) -> int:
        self._thread.start()
        self._ready.wait(5)
        return self.port

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(3)

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        await self._stop.wait()
        server.close()
        for writer in self._writers:
            writer.close()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        self._writers.append(writer)
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.close()
            return
        self._writers.append(up_writer)
        try:
            await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer), return_exceptions=True)
        except asyncio.CancelledError:
            pass

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, data = await queue.get()
                if not data:
                    break
                wait = due - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                writer.write(data)
            writer.close()

        sender = asyncio.create_task(deliver())
        last = 0.0
        try:
            while True:
                data = await reader.read(65536)
                due = max(last, loop.time() + (self.latency_ms + self.rng.uniform(0, self.jitter_ms)) / 1000)
                last = due
                queue.put_nowait((due, data))
                if not data:
                    break
        except (ConnectionError, OSError):
            queue.put_nowait((last, b""))
        await sender
