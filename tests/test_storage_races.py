"""The journal's compaction racing journal close, restart and other writers (issue 27, item 2)."""

from __future__ import annotations

import os
import random
import threading

from game.shell.storage import Journal, read_journal_text, write_bytes


def journal_of(path):
    return read_journal_text(path.read_bytes().decode())


def test_a_compaction_that_loses_the_race_with_close_closes_its_file_once(tmp_path, monkeypatch):
    """The journal is closed while a compaction writes its new file: the compaction gives up, closing its
    temp file once, so a file another thread opened meanwhile (it got the freed descriptor number) stays open."""
    path = tmp_path / "save.journal"
    journal = Journal(path)
    journal.start({"actions": []})
    journal.append([{"n": i} for i in range(4)])
    header, generation = journal.header({"actions": [{"n": i} for i in range(4)]}), journal.generation
    fsync, unlink = os.fsync, os.unlink
    other: list[int] = []

    def racing_fsync(fd):
        fsync(fd)
        if not other and journal.is_open:
            journal.close()  # the player left the table while the compaction wrote

    def unlink_then_another_writer_opens(name, *args, **kwargs):
        unlink(name, *args, **kwargs)
        if ".tmp" in str(name) and not other:
            other.append(os.open(tmp_path / "stats.json", os.O_WRONLY | os.O_CREAT, 0o644))  # reuses the freed number

    monkeypatch.setattr(os, "fsync", racing_fsync)
    monkeypatch.setattr(os, "unlink", unlink_then_another_writer_opens)
    journal.compact(header, 4, generation)
    monkeypatch.undo()
    assert other, "the compaction should have given up and removed its temp file"
    os.fstat(other[0])  # EBADF here if the compaction closed its descriptor a second time
    os.write(other[0], b"{}")
    os.close(other[0])
    assert (tmp_path / "stats.json").read_bytes() == b"{}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.journal", "stats.json"]
    assert journal_of(path)["actions"] == [{"n": i} for i in range(4)]


def test_compactions_racing_appends_close_restart_and_other_writers_lose_nothing(tmp_path):
    path = tmp_path / "save.journal"
    journal = Journal(path)
    rng = random.Random(27)
    errors: list[BaseException] = []
    stop = threading.Event()
    expected: list[tuple[int, int, list[dict[str, int]]]] = []  # (generation, game, actions) as played

    def compactor(rounds: list[tuple[int, int, list[dict[str, int]]]]) -> None:
        while not stop.is_set():
            try:
                if rounds:
                    generation, game, done = rounds[-1]
                    journal.compact(journal.header({"actions": done, "game": game}), len(done), generation)
            except BaseException as exc:  # noqa: BLE001 - any failure of the racing thread fails the test
                errors.append(exc)

    def other_writer() -> None:
        n = 0
        while not stop.is_set():
            try:
                write_bytes(tmp_path / "other.json", f'{{"n": {n}}}'.encode(), sync=False)
                fd = os.open(tmp_path / "other.json", os.O_RDONLY)
                os.read(fd, 100)
                os.close(fd)
                n += 1
            except BaseException as exc:  # noqa: BLE001
                errors.append(exc)

    threads = [threading.Thread(target=compactor, args=(expected,)), threading.Thread(target=other_writer)]
    for t in threads:
        t.start()
    try:
        for game in range(30):
            actions: list[dict[str, int]] = []
            journal.start({"actions": [], "game": game}, sync=False)
            for _ in range(rng.randrange(5, 40)):
                entry = {"n": len(actions)}
                actions.append(entry)
                journal.append([entry], sync=False)
                expected.append((journal.generation, game, list(actions)))
            assert journal_of(path) == {"actions": actions, "game": game}
            if rng.random() < 0.5:
                journal.close()
    finally:
        stop.set()
        for t in threads:
            t.join(10)
    assert not errors, errors
    journal.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.json", "save.journal"]
