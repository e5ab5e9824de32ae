"""The table toolkit: what every game's table gets for free (card art and sprites, flights,
layout, widgets); a game's table is a thin layout plus its input rules on top of it."""
