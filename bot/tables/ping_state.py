"""Which "your move" pings (bot/tables/ping.py) a change of the match has made useless: shared
by a move (bot/tables/play.py) and a takeback (bot/tables/takeback.py), which both import it
while ping.py imports play.py."""

from __future__ import annotations

from bot.state.load import Loaded
from storage import Seat, Tx

#: Pings a change made useless: ``(chat ext id, message id)`` of each, forgotten in the
#: change's transaction, their messages deleted once it committed.
Spent = list[tuple[str, str]]


def spent_pings(loaded: Loaded, mover: int) -> list[Seat]:
    """The seats of ``loaded`` whose "your move" ping (bot/tables/ping.py) has done its job
    after a move by seat ``mover``: the mover's own, and any seat no longer to move (every
    seat once the match is over)."""
    match = loaded.match
    playing = loaded.table.status == "playing" and match is not None
    to_move = match.to_move if match is not None else None
    return [s for s in loaded.seats if s.ping_message_id
            and (s.seat == mover or not playing or to_move != s.seat)]


async def forget_pings(tx: Tx, loaded: Loaded, mover: int) -> Spent:
    """Forget in ``tx`` the pings that `spent_pings` names (their seats saved without them);
    returns ``(chat ext id, message id)`` of each, for the caller to delete once ``tx``
    committed."""
    gone = []
    for row in spent_pings(loaded, mover):
        user = loaded.user(row)
        if user is not None and row.ping_message_id:
            gone.append((user.ext_id, row.ping_message_id))
        row.ping_message_id = None
        await tx.save_seat(row)
    return gone


async def forget_table_pings(tx: Tx, table_id: int) -> Spent:
    """Forget in ``tx`` every "your move" ping of the table ``table_id`` (a table stopped with
    /stop: nobody is to move any more); returns ``(chat ext id, message id)`` of each, for the
    caller to delete once ``tx`` committed."""
    gone = []
    for row in await tx.seats(table_id):
        if not row.ping_message_id:
            continue
        user = await tx.get_user(row.user_id) if row.user_id is not None else None
        if user is not None:
            gone.append((user.ext_id, row.ping_message_id))
        row.ping_message_id = None
        await tx.save_seat(row)
    return gone
