"""``python -m ai.snap_arena``: the old command (one more release); Snap's arena is :mod:`ai.snap.arena`."""
if __name__ == "__main__":
    import runpy

    runpy.run_module("ai.snap.arena", run_name="__main__")
