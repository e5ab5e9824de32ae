"""``python -m ai.snap_arena``: the old command (one more release); Snap's arena is :mod:`ai.snap.arena`."""
if __name__ == "__main__":
    from ai.arena_cli import old_entry

    raise SystemExit(old_entry("snap"))
