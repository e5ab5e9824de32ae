"""The rules engine: pure Python, seeded, no pygame and no I/O beyond records.

* :mod:`engine.cards`   cards, codes and decks
* :mod:`engine.melds`   what a set and a run are (the one home of meld logic)
* :mod:`engine.sprint`  Sprint, Snap, Score: a round, its actions, events, observations
* :mod:`engine.envelope` game records (save, resume, replay, bug reports; Sprint's older format in :mod:`engine.sprint.records`)
* :mod:`engine.games`   the registry of the collection's games
"""

from .cards import Card, Rank, Suit, parse_cards, format_cards
from .errors import IllegalAction

__all__ = ["Card", "Rank", "Suit", "parse_cards", "format_cards", "IllegalAction"]
