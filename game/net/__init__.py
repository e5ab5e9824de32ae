"""Network play: the host (authority, wire, clock sync), the client and LAN discovery (lan); no pygame here.

Layers: game/net may import engine, ai and game/shell (storage), never game/tables or game/screens.
"""
