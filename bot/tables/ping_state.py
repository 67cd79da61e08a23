"""Which "your move" pings (bot/tables/ping.py) a change of the match has made useless: shared
by a move (bot/tables/play.py) and a takeback (bot/tables/takeback.py), which both import it
while ping.py imports play.py."""

from __future__ import annotations

from bot.tables.load import Loaded
from storage import Seat


def spent_pings(loaded: Loaded, mover: int) -> list[Seat]:
    """The seats of ``loaded`` whose "your move" ping (bot/tables/ping.py) has done its job
    after a move by seat ``mover``: the mover's own, and any seat no longer to move (every
    seat once the match is over)."""
    match = loaded.match
    playing = loaded.table.status == "playing" and match is not None
    to_move = match.to_move if match is not None else None
    return [s for s in loaded.seats if s.ping_message_id
            and (s.seat == mover or not playing or to_move != s.seat)]
