"""Every game's in-game rules pages (pure data, no pygame)."""
