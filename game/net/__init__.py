"""Network play: the host (authority, wire, clock sync) and the client; no pygame here.

Layers: game/net may import engine, ai and game/shell (storage), never game/tables or game/screens.
"""
