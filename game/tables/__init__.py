"""One table per game: its layout and input rules, built on :mod:`game.kit`.
The registry (:mod:`engine.games`) names each game's table; nothing imports them by name."""
