"""File jobs (the saves' writes) run in order on one background thread, so a slow disk never stalls a frame."""

from __future__ import annotations

import threading
from collections import deque
from typing import Callable


class Writer:
    """Runs file jobs in order on one background thread that lives while there is work.

    A save still waiting is replaced by a newer one (only the latest state
    matters).  The thread waits :data:`IDLE_SECONDS` for the next job before it
    ends, so a game in play does not start a thread per action.  It is not a
    daemon, so a normal exit waits for the last write.
    """

    IDLE_SECONDS = 0.25

    def __init__(self) -> None:
        self._jobs: deque[tuple[str, Callable[[], None]]] = deque()
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._busy = False
        self.errors: list[OSError] = []

    def submit(self, kind: str, job: Callable[[], None]) -> None:
        with self._cond:
            if kind == "save" and self._jobs and self._jobs[-1][0] == "save":
                self._jobs[-1] = (kind, job)
            else:
                self._jobs.append((kind, job))
            self._cond.notify_all()
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="sss-saves")
                self._thread.start()

    def _run(self) -> None:
        while True:
            with self._cond:
                self._busy = False
                self._cond.notify_all()
                if not self._jobs:
                    self._cond.wait(self.IDLE_SECONDS)
                if not self._jobs:
                    self._thread = None
                    self._cond.notify_all()
                    return
                _, job = self._jobs.popleft()
                self._busy = True
            try:
                job()
            except OSError as exc:
                with self._cond:
                    self.errors.append(exc)

    def flush(self) -> None:
        """Wait until every job submitted so far is done."""
        with self._cond:
            while self._jobs or self._busy:
                self._cond.wait()
