"""One load, one check: a table read once per press with everything its redraw and its clock
need, and the one ladder of refusals (bad data, over, suspended, not seated, stale).

The ``Loaded`` a use case reads inside its transaction is handed on, after the commit, to the
redraw (``Display.show``) and the clock (``Clock.arm``): nobody reads or decodes the table's
snapshot again for the same press.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam
from sqlmodel import col, select

import engine
from bot.model import Person
from storage import Chat, GameTable, MatchRecord, Seat, Tx, User
from storage.snapshot import with_events

#: Table option of a finished match: the id of its result message, whose Rematch button
#: goes when the offer expires (bot/tables/rematch.py); dropped then.
REMATCH_MESSAGE = "rematch_message"
#: The table option marking a game suspended because the bot was removed from its chat.
SUSPENDED = "suspended"
REMOVED = "bot_removed"


#: Table options of takebacks (bot/tables/takeback.py): the pending request, the last move a
#: human made himself (the one he may ask to take back) and the moves taken back so far.
TAKEBACK = "takeback_request"
LAST_HUMAN = "last_human_move"
TAKEN_BACK = "taken_back"


def takeback_request(table: GameTable) -> dict[str, Any] | None:
    """The table's pending takeback request (``{"seat", "seq", "code", "asked", "yes"}``), or
    None. While one is pending, bot players wait (they accept it)."""
    request = table.options.get(TAKEBACK)
    return request if isinstance(request, dict) else None


def is_suspended(table: GameTable) -> bool:
    """Whether the table's game waits for the bot to be back in its chat (and a /resume)."""
    return table.options.get(SUSPENDED) == REMOVED


def unsuspend(table: GameTable) -> None:
    """``/resume`` (or a closed lobby redrawn): the suspension mark goes (the caller saves the
    table)."""
    if SUSPENDED in table.options:
        table.options = {k: v for k, v in table.options.items() if k != SUSPENDED}


@dataclass
class Loaded:
    """A table with its chat, seats (by seat number), their users, and (once it started) its
    match record and the match decoded from the record's snapshot."""

    table: GameTable
    chat: Chat
    seats: list[Seat]
    users: dict[int, User]
    record: MatchRecord | None
    match: engine.Match | None

    @property
    def id(self) -> int:
        """The table's id."""
        assert self.table.id is not None
        return self.table.id

    def user(self, seat: Seat) -> User | None:
        """The person in ``seat`` (None for a bot player)."""
        return self.users.get(seat.user_id) if seat.user_id is not None else None

    def row(self, seat: int | None) -> Seat | None:
        """The seat row numbered ``seat``, if any."""
        return next((s for s in self.seats if s.seat == seat), None) if seat is not None \
            else None

    def seat_of(self, person: Person) -> Seat | None:
        """The seat row of ``person`` (matched by platform and platform id), or None."""
        for seat in self.seats:
            user = self.user(seat)
            if user is not None and user.ext_id == person.ext_id \
                    and user.platform == person.platform:
                return seat
        return None


# The queries of every press, built once (building a statement costs more than running it;
# SQLAlchemy caches the compiled form, not the construction): ``table_id`` is bound per call.
_TABLE = (select(GameTable, Chat, MatchRecord)
          .join(Chat, col(Chat.id) == col(GameTable.chat_id))
          .outerjoin(MatchRecord, col(MatchRecord.table_id) == col(GameTable.id))
          .where(col(GameTable.id) == bindparam("table_id")))
_LOCKED = _TABLE.with_for_update(of=GameTable).execution_options(populate_existing=True)
_SEATS = (select(Seat, User).outerjoin(User, col(User.id) == col(Seat.user_id))
          .where(col(Seat.table_id) == bindparam("table_id")).order_by(col(Seat.seat)))


async def load(tx: Tx, table_id: int, *, lock: bool = False, events: bool = False
               ) -> Loaded | None:
    """Read table ``table_id`` with everything around it, in two queries (the table with its
    chat and match record; the seats with their users); None for an unknown table (or one
    whose chat is gone). ``lock``: take the table's row lock (as ``Tx.get_table``).

    The match is decoded without its events (``Match.events`` holds only those of the moves
    made on it after the load: a press needs no more, and reading them costs more the longer
    the deal runs); ``events``: with the current deal's (a third query, ``Tx.deal_events``),
    for the bot players, who read them (engine/ai)."""
    found = (await tx.session.exec(_LOCKED if lock else _TABLE,
                                   params={"table_id": table_id})).first()
    if found is None:
        return None
    table, chat, record = found
    return await _complete(tx, table, chat, record, events=events)


async def _complete(tx: Tx, table: GameTable, chat: Chat, record: MatchRecord | None, *,
                    events: bool = False) -> Loaded:
    assert table.id is not None
    rows = (await tx.session.exec(_SEATS, params={"table_id": table.id})).all()
    users = {user.id: user for _, user in rows if user is not None and user.id is not None}
    match = None
    if record is not None:
        match = decode(table, record, await tx.deal_events(record) if events else None)
    return Loaded(table, chat, [seat for seat, _ in rows], users, record, match)


def decode(table: GameTable, record: MatchRecord,
           events: list[dict[str, Any]] | None = None) -> engine.Match:
    """The match of ``table`` as its record's snapshot stores it (the one place a snapshot is
    decoded); with ``events`` (``Tx.deal_events``) as its current deal's events, else with
    none (storage/snapshot.py)."""
    snapshot = record.snapshot if events is None else with_events(record.snapshot, events)
    return engine.get_game(table.game).from_json(snapshot)


def refusal(loaded: Loaded | None, person: Person, *, version: int | None = None,
            moving: bool = False) -> tuple[str, Seat | None]:
    """The guard of every press at a running table: ``("", seat)`` when ``person`` may press,
    else the notice key saying why not and None.

    The ladder, in order: an unknown table (``notice.bad_data``), a table not playing
    (``notice.table_over``; ``notice.stale`` for a player's press of an older ``version``),
    with ``moving`` a game suspended while the bot is out of its chat (``notice.suspended``),
    a person without a seat (``notice.not_seated``), a ``version`` (when given) that is not
    the table's (``notice.stale``).
    """
    if loaded is None:
        return "notice.bad_data", None
    if loaded.table.status != "playing" or loaded.match is None:
        if version is not None and version != loaded.table.version \
                and loaded.seat_of(person) is not None:
            return "notice.stale", None  # a second "Yes" to the press that ended the match
        return "notice.table_over", None
    if moving and is_suspended(loaded.table):
        return "notice.suspended", None
    seat = loaded.seat_of(person)
    if seat is None:
        return "notice.not_seated", None
    if version is not None and version != loaded.table.version:
        return "notice.stale", None
    return "", seat
