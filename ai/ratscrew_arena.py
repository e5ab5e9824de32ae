"""``python -m ai.ratscrew_arena``: the old command (one more release); Ratscrew's arena is :mod:`ai.ratscrew.arena`."""
if __name__ == "__main__":
    from ai.arena_cli import old_entry

    raise SystemExit(old_entry("ratscrew"))
