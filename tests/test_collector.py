"""The garbage collector settled when a table opens: what lives then is frozen (a full collection during play looks
only at what was made since: it took 20 to 30 ms, a dropped frame), and the table before it is collected, not kept."""

from __future__ import annotations

import gc
import os
import weakref

os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
import pygame  # noqa: E402

from game.shell.headless import DT  # noqa: E402
from game_helpers import busy_bench  # noqa: E402


def test_a_table_opening_freezes_what_lives_and_collects_the_table_before_it(tmp_path):
    pygame.init()
    try:
        app, bench = busy_bench(tmp_path, "scamper", (960, 600))
        first = weakref.ref(bench.table)
        assert gc.get_freeze_count() > 10_000  # the app, the engine, the caches: frozen as the table opened
        for _ in range(30):
            app.step(DT, [])
        bench.table = None
        bench.opened.clear()
        again = bench.open(app)  # a new game (a resume) over the old one
        assert first() is None  # the old table, its layer and its caches: collected as the new one opened
        assert again is app.stack.top and gc.get_count()[0] < 50  # and nothing left pending
        young = len(gc.get_objects(2))
        assert young < gc.get_freeze_count() // 10  # a full collection now looks at a few objects, not all
    finally:
        gc.unfreeze()
        pygame.quit()


def test_a_table_gone_to_the_title_is_collected_there(tmp_path):
    """Frozen objects are never collected: the table that left (its sprites, caches, engine) must not stay alive
    behind the menus until the next table opens."""
    pygame.init()
    try:
        app, bench = busy_bench(tmp_path, "scamper", (960, 600))
        first = weakref.ref(bench.table)
        for _ in range(30):
            app.step(DT, [])
        bench.table = None
        bench.opened.clear()
        app.to_title()
        for _ in range(10):
            app.step(DT, [])
        gc.collect()
        assert first() is None
    finally:
        gc.unfreeze()
        pygame.quit()
