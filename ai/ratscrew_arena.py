"""``python -m ai.ratscrew_arena``: the old command (one more release); Ratscrew's arena is :mod:`ai.ratscrew.arena`."""
if __name__ == "__main__":
    import runpy

    runpy.run_module("ai.ratscrew.arena", run_name="__main__")
