"""Every test keeps its sockets on 127.0.0.1: network play's hosts, clients and LAN discovery read this."""

import os

os.environ.setdefault("CARDROOM_LOOPBACK_ONLY", "1")
