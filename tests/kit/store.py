"""What the bot stored, read back for assertions (``app`` is a ``TelegramApp`` or
``DiscordApp``: anything with a ``store``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event, select

import engine
from bot.state.forced import forced_code
from storage import ActionLog, Tx


@contextmanager
def sent_statements(app: Any) -> Iterator[list[str]]:
    """The SQL statements ``app``'s database engine sends inside the block, in order, each
    with its whitespace made single spaces ("UPDATE game_table SET version=? WHERE ...")."""
    sent: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        sent.append(" ".join(statement.split()))

    sync = app.store.engine.sync_engine
    event.listen(sync, "before_cursor_execute", note)
    try:
        yield sent
    finally:
        event.remove(sync, "before_cursor_execute", note)


async def only_table_id(app: Any) -> int:
    """The id of the one unfinished table; AssertionError when there is not exactly one."""
    async with app.store.transaction() as tx:
        rows = await tx.unfinished_tables()
    assert len(rows) == 1
    return int(rows[0].id)


async def newest_table_id(app: Any) -> int:
    """The id of the newest unfinished table; AssertionError when there is none."""
    async with app.store.transaction() as tx:
        rows = await tx.unfinished_tables()
    assert rows, "no open table"
    return int(rows[-1].id)


async def table_status(app: Any, table_id: int) -> str:
    """The stored status of the table (``lobby``, ``playing``, ``finished``...)."""
    async with app.store.transaction() as tx:
        table = await tx.get_table(table_id)
    assert table is not None
    return str(table.status)


async def stored_actions(app: Any, table_id: int) -> int:
    """How many actions the table's match has stored (its snapshot's sequence number)."""
    async with app.store.transaction() as tx:
        record = await tx.get_match(table_id)
    assert record is not None
    return int(record.snapshot_seq)


async def current_match(app: Any, table_id: int) -> engine.Match:
    """The match as stored (the snapshot with its current deal's events), for assertions."""
    async with app.store.transaction() as tx:
        record = await tx.get_match(table_id)
        table = await tx.get_table(table_id)
        assert record is not None and table is not None
        snapshot = await tx.full_snapshot(record)
    return engine.get_game(table.game).from_json(snapshot)


class StoredMatches:
    """Each table's match as the bot last stored it, kept as the bot writes it (a spy on
    ``Tx.store_move`` and ``Tx.save_snapshot``, which still do the storing): for a check after
    every move (no card leaked) without reading the database back after each of thousands of
    moves. ``match(table_id)`` is the stored snapshot decoded (without its events, as the
    database keeps it)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.snapshots: dict[int, dict[str, Any]] = {}
        store_move, save_snapshot = Tx.store_move, Tx.save_snapshot

        async def spy_move(tx: Tx, record: Any, *args: Any, **kwargs: Any) -> int:
            seq = await store_move(tx, record, *args, **kwargs)
            self.snapshots[record.table_id] = record.snapshot  # as written, as if read back
            return seq

        async def spy_save(tx: Tx, table_id: int, snapshot: dict[str, Any], seq: int) -> None:
            await save_snapshot(tx, table_id, snapshot, seq)
            self.snapshots[table_id] = snapshot

        monkeypatch.setattr(Tx, "store_move", spy_move)
        monkeypatch.setattr(Tx, "save_snapshot", spy_save)

    def match(self, table_id: int) -> engine.Match:
        """The table's match as last stored; KeyError before its first stored move."""
        snapshot = self.snapshots[table_id]
        return engine.get_game(snapshot["game"]).from_json(snapshot)


async def seat_names(app: Any, table_id: int) -> dict[int, str]:
    """Seat number -> the seated user's name, as stored (``bot`` for a bot player)."""
    async with app.store.transaction() as tx:
        rows = await tx.seats(table_id)
        users = [await tx.get_user(r.user_id) if r.user_id else None for r in rows]
    return {r.seat: u.name if u else "bot" for r, u in zip(rows, users, strict=True)}


async def forced_actions(app: Any, table_id: int) -> int:
    """How many logged actions nobody pressed, at a table of people only: a declaration of
    nothing that was the player's only call, made in his name (bot/state/forced.py,
    DB-MELD-5)."""
    async with app.store.transaction() as tx:
        log = await tx.actions(table_id)
        record = await tx.get_match(table_id)
        table = await tx.get_table(table_id)
    assert record is not None and table is not None
    match = engine.get_game(table.game).new_match(players=record.players, seed=record.seed,
                                                  options=record.options, deck=record.deck)
    forced = 0
    for action in log:
        forced += forced_code(match, action.seat) == action.code
        match.apply(action.seat, action.code)
    return forced


async def logged_moves(tx: Tx, table_id: int, since: int = 0) -> list[tuple[int, str]]:
    """The table's action log from its ``since``-th action (0: all) as ``(seat, code)`` pairs,
    in order: what ``Tx.actions`` holds without the events (which a check after every move
    need not decode: a log of hundreds of moves)."""
    stmt = (select(ActionLog.seat, ActionLog.code).where(ActionLog.table_id == table_id)
            .order_by(ActionLog.seq).offset(since))  # type: ignore[arg-type]
    return [(int(seat), str(code)) for seat, code in (await tx.session.exec(stmt)).all()]


async def assert_stored_replays(app: Any, table_id: int) -> engine.Match:
    """The stored match is its action log replayed: the snapshot (stored without events) with
    its current deal's events (``Tx.full_snapshot``: ``deal_events`` and the log's events after
    ``deal_seq``) is exactly the replay's ``Match.to_json()`` cut to the current deal
    (storage/snapshot.py), and the deal's events start with its ``deal`` event. Read under the
    table's lock (no move commits meanwhile). Returns the replayed match; AssertionError
    naming the first difference otherwise."""
    from storage.snapshot import trim_events

    async with app.store.transaction() as tx:
        table = await tx.get_table(table_id, lock=True)
        record = await tx.get_match(table_id)
        assert table is not None and record is not None
        actions = await logged_moves(tx, table_id)
        snapshot = await tx.full_snapshot(record)
    assert record.snapshot.get("events") == [], "the stored snapshot holds events"
    assert record.snapshot_seq == len(actions) and record.deal_seq <= record.snapshot_seq
    replay = engine.get_game(table.game).new_match(players=record.players, seed=record.seed,
                                                   options=record.options, deck=record.deck)
    for seat, code in actions:
        replay.apply(seat, code)
    expected = trim_events(replay.to_json())
    assert snapshot["state"] == expected["state"], "the snapshot is not the replay's state"
    got, want = snapshot["events"], expected["events"]
    for i, (a, b) in enumerate(zip(got, want, strict=False)):
        assert a == b, f"event {i} of the deal: stored {a!r}, replayed {b!r}"
    assert len(got) == len(want), f"{len(got)} events stored, {len(want)} replayed"
    assert snapshot == expected
    if got:
        assert got[0]["type"] == "deal", f"the deal's events start with {got[0]!r}"
    return replay
