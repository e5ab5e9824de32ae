"""Sprint, Snap, Score's table: the scene (:mod:`.table`), its view, input and event steps, its end screen and headless tools."""
