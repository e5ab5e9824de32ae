"""Network play: the host, the wire and the client (no pygame), and finding a host on this network."""
