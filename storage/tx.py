"""Tx: the data access methods of one unit of work (docs/design.md "One transaction per move").

Every method that writes flushes at once, so constraint errors surface at the call that caused
them. Inserts that can hit a unique key run inside a SAVEPOINT: on `Conflict` only that insert
is undone and the transaction stays usable. The one exception is `store_move`, the hot path of
every press: two SQLAlchemy Core statements, no SAVEPOINT (its docstring says why that is safe).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from sqlalchemy import Table, bindparam, func, insert, inspect, update
from sqlalchemy import select as core_select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import flag_modified, set_committed_value
from sqlmodel import SQLModel, col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from storage.errors import Conflict, StorageError, is_unique_violation
from storage.models import (
    ACTIVE_STATUSES,
    LOBBY,
    OVER_STATUSES,
    ActionLog,
    Chat,
    GameTable,
    MatchRecord,
    MatchResult,
    ScoreRow,
    Seat,
    User,
    utcnow,
)
from storage.snapshot import deal_start, split_events, with_events

__all__ = ["ScoreRowTuple", "Tx"]

_M = TypeVar("_M", bound=SQLModel)

# (deal, side, cell, points, total, note)
ScoreRowTuple = tuple[int, int, str, float, float, str]

_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1
#: The Core statements of the hot path (``store_move``), built once: the snapshot replaced
#: if the record is still at action ``b_prev`` (SET from the parameters), the action logged.
_MATCH_RECORD: Table = MatchRecord.__table__  # type: ignore[attr-defined]
_STORE_SNAPSHOT = update(_MATCH_RECORD).where(
    _MATCH_RECORD.c.table_id == bindparam("b_table"),
    _MATCH_RECORD.c.snapshot_seq == bindparam("b_prev"))
_LOG_ACTION = insert(ActionLog.__table__)  # type: ignore[attr-defined]
_ACTION_LOG: Table = ActionLog.__table__  # type: ignore[attr-defined]
#: ``deal_events``: the events of the table's actions after ``after``, in order.
_LATER_EVENTS = (core_select(_ACTION_LOG.c.events)
                 .where(_ACTION_LOG.c.table_id == bindparam("table_id"),
                        _ACTION_LOG.c.seq > bindparam("after"))
                 .order_by(_ACTION_LOG.c.seq))
#: ``save_table``'s statement for a table read in the same transaction (SET from the
#: parameters: the columns that changed).
_GAME_TABLE: Table = GameTable.__table__  # type: ignore[attr-defined]
_SAVE_TABLE = update(_GAME_TABLE).where(_GAME_TABLE.c.id == bindparam("b_id"))


class Tx:
    """Data access inside one transaction (made by `Store.transaction`, not directly).

    All methods are coroutines. They raise `Conflict` / `StorageError` where noted; other
    database failures propagate as SQLAlchemy errors, which the `transaction()` block re-raises
    as `StorageError` after rolling back.
    """

    def __init__(self, session: AsyncSession) -> None:
        self._session = session
        self._created: dict[int, SQLModel] = {}  # id(obj) -> obj inserted by this Tx

    def _detach_loaded(self) -> None:
        """Before a rollback: detach the objects loaded (not created) here, so that they keep
        their attribute values instead of being expired (and unusable once the session closes).
        Objects created in the rolled-back transaction are made transient by the rollback."""
        for obj in list(self._session.identity_map.values()):
            if id(obj) not in self._created:
                self._session.expunge(obj)

    @property
    def session(self) -> AsyncSession:
        """The underlying SQLModel AsyncSession, for queries this class does not offer."""
        return self._session

    # -- helpers -----------------------------------------------------------------------------

    async def _insert(self, objs: Sequence[_M], what: str) -> None:
        """Insert ``objs`` in a savepoint; unique violation -> Conflict (nothing inserted)."""
        try:
            async with self._session.begin_nested():
                self._session.add_all(objs)
            self._created.update((id(obj), obj) for obj in objs)
        except IntegrityError as exc:
            if is_unique_violation(exc):
                raise Conflict(f"{what} already exists") from exc
            raise StorageError(f"cannot insert {what}: {exc.orig}") from exc

    async def _attach(self, obj: _M) -> _M:
        """Return the instance of ``obj`` that belongs to this session (adding or merging)."""
        if obj in self._session:
            return obj
        key = self._session.sync_session.identity_key(instance=obj)
        if key in self._session.identity_map:
            return await self._session.merge(obj)
        self._session.add(obj)
        return obj

    # -- users and chats ---------------------------------------------------------------------

    async def upsert_user(
        self,
        platform: str,
        ext_id: str,
        name: str,
        username: str | None = None,
        can_dm: bool | None = None,
    ) -> User:
        """Create or update the user (platform, ext_id): sets name and username.

        ``can_dm`` None leaves the stored flag unchanged (False for a new user).
        """
        user = await self.find_user(platform, ext_id)
        if user is None:
            user = User(
                platform=platform,
                ext_id=ext_id,
                name=name,
                username=username,
                can_dm=bool(can_dm),
            )
            try:
                await self._insert([user], f"user {platform}:{ext_id}")
                return user
            except Conflict:  # inserted concurrently by another transaction (PostgreSQL)
                found = await self.find_user(platform, ext_id)
                if found is None:
                    raise
                user = found
        user.name = name
        user.username = username
        if can_dm is not None:
            user.can_dm = can_dm
        await self._session.flush()
        return user

    async def get_user(self, user_id: int) -> User | None:
        """The user with this id, or None."""
        return await self._session.get(User, user_id)

    async def find_user(self, platform: str, ext_id: str) -> User | None:
        """The user with this platform id, or None."""
        stmt = select(User).where(User.platform == platform, User.ext_id == ext_id)
        return (await self._session.exec(stmt)).first()

    async def set_user_lang(self, user_id: int, lang: str | None) -> None:
        """Set a user's language (None: follow the chat / default).

        Raises:
            StorageError: no such user.
        """
        user = await self.get_user(user_id)
        if user is None:
            raise StorageError(f"no user {user_id}")
        user.lang = lang
        await self._session.flush()

    async def upsert_chat(self, platform: str, ext_id: str, title: str) -> Chat:
        """Create or update the chat (platform, ext_id): sets its title."""
        stmt = select(Chat).where(Chat.platform == platform, Chat.ext_id == ext_id)
        chat = (await self._session.exec(stmt)).first()
        if chat is None:
            chat = Chat(platform=platform, ext_id=ext_id, title=title)
            try:
                await self._insert([chat], f"chat {platform}:{ext_id}")
                return chat
            except Conflict:
                found = (await self._session.exec(stmt)).first()
                if found is None:
                    raise
                chat = found
        chat.title = title
        await self._session.flush()
        return chat

    async def get_chat(self, chat_id: int) -> Chat | None:
        """The chat with this id, or None."""
        return await self._session.get(Chat, chat_id)

    async def set_chat_lang(self, chat_id: int, lang: str | None) -> None:
        """Set a chat's language.

        Raises:
            StorageError: no such chat.
        """
        chat = await self.get_chat(chat_id)
        if chat is None:
            raise StorageError(f"no chat {chat_id}")
        chat.lang = lang
        await self._session.flush()

    # -- tables ------------------------------------------------------------------------------

    async def create_table(
        self,
        chat_id: int,
        game: str,
        creator_id: int,
        options: dict[str, Any],
        thread_id: str | None = None,
    ) -> GameTable:
        """Create a table in status "lobby", version 0; returns it with its id set.

        Raises:
            Conflict: the chat already has a "lobby" or "playing" table in this thread (None:
                the chat without topics); one active table per place is a unique index.
        """
        now = utcnow()
        table = GameTable(
            chat_id=chat_id,
            thread_id=thread_id,
            game=game,
            status=LOBBY,
            creator_id=creator_id,
            options=dict(options),
            created_at=now,
            updated_at=now,
        )
        await self._insert([table], "table")
        return table

    async def get_table(self, table_id: int, lock: bool = False) -> GameTable | None:
        """The table, or None. ``lock=True``: ``SELECT ... FOR UPDATE`` on PostgreSQL (SQLite's
        BEGIN IMMEDIATE already holds the lock) and reloads the row from the database."""
        stmt = select(GameTable).where(GameTable.id == table_id)
        if lock:
            stmt = stmt.with_for_update().execution_options(populate_existing=True)
        return (await self._session.exec(stmt)).first()

    async def active_table(self, chat_id: int, thread_id: str | None = None) -> GameTable | None:
        """The newest "lobby" or "playing" table of the chat in this thread, or None.

        ``thread_id`` is matched exactly: None means tables created without a thread.
        """
        stmt = select(GameTable).where(
            GameTable.chat_id == chat_id, col(GameTable.status).in_(ACTIVE_STATUSES)
        )
        if thread_id is None:
            stmt = stmt.where(col(GameTable.thread_id).is_(None))
        else:
            stmt = stmt.where(GameTable.thread_id == thread_id)
        stmt = stmt.order_by(col(GameTable.created_at).desc(), col(GameTable.id).desc())
        return (await self._session.exec(stmt.limit(1))).first()

    async def last_finished_table(
        self, chat_id: int, *, played: bool = False
    ) -> GameTable | None:
        """The "finished" or "aborted" table of the chat (any thread) that ended last, or None.

        Ordered by finished_at (updated_at when unset), then id. With ``played``, only tables
        whose match was started (a cancelled lobby has none).
        """
        ended = func.coalesce(col(GameTable.finished_at), col(GameTable.updated_at))
        stmt = select(GameTable).where(
            GameTable.chat_id == chat_id, col(GameTable.status).in_(OVER_STATUSES)
        )
        if played:
            stmt = stmt.where(
                select(MatchRecord.table_id).where(MatchRecord.table_id == GameTable.id).exists()
            )
        stmt = stmt.order_by(ended.desc(), col(GameTable.id).desc()).limit(1)
        return (await self._session.exec(stmt)).first()

    async def unfinished_tables(self) -> list[GameTable]:
        """Every "lobby" or "playing" table of every chat, oldest first."""
        stmt = (
            select(GameTable)
            .where(col(GameTable.status).in_(ACTIVE_STATUSES))
            .order_by(col(GameTable.id))
        )
        return list((await self._session.exec(stmt)).all())

    async def seated_tables(self, user_id: int | None, status: str) -> list[GameTable]:
        """The tables with ``status`` where the user has a seat, oldest first (one query, not
        one per table: ``/start`` in private asks this of every running table)."""
        seated = select(Seat.id).where(col(Seat.table_id) == col(GameTable.id),
                                       col(Seat.user_id) == user_id)
        stmt = (select(GameTable).where(GameTable.status == status, seated.exists())
                .order_by(col(GameTable.id)))
        return list((await self._session.exec(stmt)).all())

    async def save_table(self, table: GameTable) -> None:
        """Persist the table's changed fields (also one loaded in an earlier transaction).

        Bumps ``updated_at``; sets ``finished_at`` when the status is "finished" / "aborted" and
        it is still None. ``options`` is always written (in-place dict edits are not tracked).
        """
        table.updated_at = utcnow()
        if table.status in OVER_STATUSES and table.finished_at is None:
            table.finished_at = table.updated_at
        state = inspect(table)
        if state.persistent and state.session_id == self._session.sync_session.hash_key:
            # read in this transaction (every move): one Core UPDATE of the changed columns
            # instead of a unit-of-work flush, which costs several times the statement
            changed = {*state.committed_state, "options", "updated_at", "finished_at"}
            values = {key: getattr(table, key) for key in changed if key in _GAME_TABLE.c}
            with self._session.no_autoflush:  # else the ORM writes the same changes first
                done = await self._session.exec(_SAVE_TABLE,
                                                params={"b_id": table.id, **values})
            if done.rowcount != 1:
                raise StorageError(f"table {table.id} is gone")
            for key, value in values.items():  # as stored now: nothing left for a flush
                set_committed_value(table, key, value)
            return
        attached = await self._attach(table)
        flag_modified(attached, "options")
        await self._session.flush()

    # -- seats -------------------------------------------------------------------------------

    async def seats(self, table_id: int) -> list[Seat]:
        """The table's seats ordered by seat number."""
        stmt = select(Seat).where(Seat.table_id == table_id).order_by(col(Seat.seat))
        return list((await self._session.exec(stmt)).all())

    async def add_seat(
        self, table_id: int, seat: int, user_id: int | None = None, bot_level: str | None = None
    ) -> Seat:
        """Take seat number ``seat`` for a user (or a bot player when ``user_id`` is None).

        Raises:
            Conflict: the seat is already taken.
        """
        row = Seat(table_id=table_id, seat=seat, user_id=user_id, bot_level=bot_level)
        await self._insert([row], f"seat {seat} of table {table_id}")
        return row

    async def remove_seat(self, table_id: int, seat: int) -> None:
        """Free a seat (nothing happens if it is free already)."""
        stmt = select(Seat).where(Seat.table_id == table_id, Seat.seat == seat)
        row = (await self._session.exec(stmt)).first()
        if row is not None:
            await self._session.delete(row)
            await self._session.flush()

    async def delete_unplayed_table(self, table_id: int) -> None:
        """Delete a table nobody has played at yet, with its seats and match record (a rematch
        that could not start: the bot turned out not to be in the chat).

        Raises:
            StorageError: the table has stored actions, score rows or results (it was played).
        """
        played: tuple[type[SQLModel], ...] = (ActionLog, ScoreRow, MatchResult)
        for model in played:
            if (await self._session.exec(select(model).where(
                    col(model.table_id) == table_id).limit(1))).first() is not None:  # type: ignore[attr-defined]
                raise StorageError(f"table {table_id} was played: not deleted")
        owned: tuple[type[SQLModel], ...] = (Seat, MatchRecord)
        for model in owned:
            for row in (await self._session.exec(select(model).where(
                    col(model.table_id) == table_id))).all():  # type: ignore[attr-defined]
                await self._session.delete(row)
        await self._session.flush()
        table = await self._session.get(GameTable, table_id)
        if table is not None:
            await self._session.delete(table)
            await self._session.flush()

    async def save_seat(self, seat: Seat) -> None:
        """Persist the seat's changed fields (also one loaded in an earlier transaction)."""
        await self._attach(seat)
        await self._session.flush()

    # -- matches -----------------------------------------------------------------------------

    async def create_match(
        self,
        table_id: int,
        seed: int,
        players: int,
        options: dict[str, Any],
        deck: list[str] | None,
        snapshot: dict[str, Any],
    ) -> MatchRecord:
        """Store how to rebuild the table's match; ``snapshot_seq`` starts at 0. The snapshot is
        stored without its events, the current deal's beside it (storage/snapshot.py).

        Raises:
            Conflict: the table already has a match record.
            StorageError: ``seed`` does not fit a signed 64-bit integer.
        """
        if not _INT64_MIN <= seed <= _INT64_MAX:
            raise StorageError(f"seed {seed} does not fit a signed 64-bit integer")
        if await self.get_match(table_id) is not None:  # natural key: check before inserting
            raise Conflict(f"match of table {table_id} already exists")
        stored, events = split_events(snapshot)
        record = MatchRecord(
            table_id=table_id,
            seed=seed,
            players=players,
            options=dict(options),
            deck=None if deck is None else list(deck),
            snapshot=stored,
            snapshot_seq=0,
            deal_events=events,
            deal_seq=0,
        )
        await self._insert([record], f"match of table {table_id}")
        return record

    async def get_match(self, table_id: int) -> MatchRecord | None:
        """The table's match record, or None."""
        return await self._session.get(MatchRecord, table_id)

    async def save_snapshot(self, table_id: int, snapshot: dict[str, Any], seq: int) -> None:
        """Replace the match snapshot with the state after ``seq`` actions (``Match.to_json()``
        of the whole match, e.g. replayed after a takeback): stored without its events, the
        current deal's beside it as of action ``seq`` (storage/snapshot.py), so that what a move
        writes does not grow with the match.

        Raises:
            StorageError: the table has no match record.
        """
        record = await self.get_match(table_id)
        if record is None:
            raise StorageError(f"no match for table {table_id}")
        record.snapshot, record.deal_events = split_events(snapshot)
        record.snapshot_seq = record.deal_seq = seq
        flag_modified(record, "snapshot")
        flag_modified(record, "deal_events")
        await self._session.flush()

    async def deal_events(self, record: MatchRecord) -> list[dict[str, Any]]:
        """The current deal's events of ``record``'s match (``to_dict`` form): its
        ``deal_events`` and those of the actions logged after its ``deal_seq``."""
        later = (await self._session.exec(_LATER_EVENTS, params={  # type: ignore[call-overload]
            "table_id": record.table_id, "after": record.deal_seq})).scalars().all()
        return [*record.deal_events, *(e for chunk in later if chunk for e in chunk)]

    async def full_snapshot(self, record: MatchRecord) -> dict[str, Any]:
        """``record``'s snapshot with the current deal's events (`deal_events`):
        ``Match.to_json()`` of the stored match with the events of its current deal only."""
        return with_events(record.snapshot, await self.deal_events(record))

    async def store_move(self, record: MatchRecord, seat: int, code: str,
                         snapshot: dict[str, Any], events: list[dict[str, Any]], *,
                         by_bot: bool = False) -> int:
        """A move's writes, the hot path of every press: the match ``snapshot`` after the move
        (``Match.to_json()``, stored without its events) replaces ``record``'s, and the move
        (``seat`` played ``code``, which caused ``events``, ``Event.to_dict`` form; ``by_bot``: as
        `append_action`) is logged with its events as the action after the record's
        ``snapshot_seq``. A move that deals a new deal also replaces the record's
        ``deal_events`` (storage/snapshot.py). Two Core statements, no ORM flush and no
        SAVEPOINT; ``record`` (read in this transaction) is updated in place, as if loaded
        again. Returns the action's sequence number.

        A move is made under the table's lock (BEGIN IMMEDIATE on SQLite, the table row's
        ``FOR UPDATE`` on PostgreSQL) after reading ``record`` in the same transaction, so no
        other move can come between: the update matches no row only when the record was read
        elsewhere, and the insert fails only on a log ahead of its snapshot (damaged data).

        Raises:
            Conflict: the record is no longer at its ``snapshot_seq`` (nothing written; the
                transaction stays usable), or the action is logged already (the transaction
                must be rolled back: PostgreSQL refuses every statement after a failed one).
        """
        seq = record.snapshot_seq + 1
        stored = {**snapshot, "events": []} if "events" in snapshot else snapshot
        params: dict[str, Any] = {"b_table": record.table_id, "b_prev": seq - 1,
                                  "snapshot": stored, "snapshot_seq": seq}
        start = deal_start(events)
        if start is not None:  # a new deal: its events so far replace the last deal's
            params["deal_events"], params["deal_seq"] = events[start:], seq
        # no autoflush: a move made after another in the same transaction (a declaration made
        # for the next player, bot/state/forced.py) would flush the table's version on its
        # own first; the table row is saved once, last (``save_table``)
        with self._session.no_autoflush:
            done = await self._session.exec(_STORE_SNAPSHOT, params=params)
            if done.rowcount != 1:
                raise Conflict(
                    f"match of table {record.table_id} moved on from action {seq - 1}")
            try:
                await self._session.exec(_LOG_ACTION, params={
                    "table_id": record.table_id, "seq": seq, "seat": seat, "code": code,
                    "by_bot": by_bot, "created_at": utcnow(), "events": events})
            except IntegrityError as exc:
                if is_unique_violation(exc):
                    raise Conflict(
                        f"action {seq} of table {record.table_id} already exists") from exc
                raise StorageError(f"cannot log action {seq}: {exc.orig}") from exc
        set_committed_value(record, "snapshot", stored)
        set_committed_value(record, "snapshot_seq", seq)
        if start is not None:
            set_committed_value(record, "deal_events", params["deal_events"])
            set_committed_value(record, "deal_seq", seq)
        return seq

    async def append_action(self, table_id: int, seq: int, seat: int, code: str, *,
                            by_bot: bool = False) -> ActionLog:
        """Log action number ``seq`` (1-based) of the table's match; ``by_bot``: the bot made
        it (a bot seat, an automatic seat, a timed-out turn).

        Raises:
            Conflict: action ``seq`` is already logged (e.g. a double button press).
        """
        row = ActionLog(table_id=table_id, seq=seq, seat=seat, code=code, by_bot=by_bot)
        await self._insert([row], f"action {seq} of table {table_id}")
        return row

    async def actions(self, table_id: int) -> list[ActionLog]:
        """The table's action log ordered by seq."""
        stmt = select(ActionLog).where(ActionLog.table_id == table_id).order_by(col(ActionLog.seq))
        return list((await self._session.exec(stmt)).all())

    async def drop_actions(self, table_id: int, from_seq: int) -> int:
        """Delete the table's actions numbered ``from_seq`` and later (a takeback: the match
        is rebuilt without them); returns how many were deleted."""
        rows = [a for a in await self.actions(table_id) if a.seq >= from_seq]
        for row in rows:
            await self._session.delete(row)
        await self._session.flush()
        return len(rows)

    async def drop_score_rows(self, table_id: int, after: int) -> None:
        """Delete the table's score rows of sheet positions after ``after`` (``ScoreRow.deal``
        is the row's position on the sheet): a takeback rebuilt a sheet with ``after`` rows."""
        for row in await self.score_rows(table_id):
            if row.deal > after:
                await self._session.delete(row)
        await self._session.flush()

    # -- scores ------------------------------------------------------------------------------

    async def add_score_rows(self, table_id: int, rows: Iterable[ScoreRowTuple]) -> None:
        """Add score rows ``(deal, side, cell, points, total, note)``, all or none.

        Raises:
            Conflict: a (deal, side) row already exists for the table.
        """
        objs = [
            ScoreRow(
                table_id=table_id,
                deal=deal,
                side=side,
                cell=cell,
                points=points,
                total=total,
                note=note,
            )
            for deal, side, cell, points, total, note in rows
        ]
        if objs:
            await self._insert(objs, f"score row of table {table_id}")

    async def score_rows(self, table_id: int) -> list[ScoreRow]:
        """The table's score rows ordered by deal, then side."""
        stmt = (
            select(ScoreRow)
            .where(ScoreRow.table_id == table_id)
            .order_by(col(ScoreRow.deal), col(ScoreRow.side))
        )
        return list((await self._session.exec(stmt)).all())
