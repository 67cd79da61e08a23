"""Hostile attempts on the features changed on 2 December: rematch refusals and expiry, pings
at /stop, takebacks at a deal's end, private replies' language, deal records (each failing one
names its finding)."""
