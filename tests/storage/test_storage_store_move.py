"""``Tx.store_move``, the hot path of a press: the snapshot and the action log in two Core
statements, all or nothing with the rest of the transaction (SQLite, and PostgreSQL when
``TEST_DATABASE_URL`` is set)."""

from __future__ import annotations

import pytest

from storage import Conflict, GameTable, Store


async def _started(store: Store, table: GameTable) -> int:
    tid = table.id or 0
    async with store.transaction() as tx:
        await tx.create_match(tid, 7, 2, {}, None, {"state": 0})
    return tid


async def test_a_move_stores_snapshot_and_action(store: Store, table: GameTable) -> None:
    tid = await _started(store, table)
    async with store.transaction() as tx:
        record = await tx.get_match(tid)
        assert record is not None
        assert await tx.store_move(record, 1, "bid:pass", {"state": 1}, []) == 1
        # the record read in the transaction is up to date, as if read again
        assert (record.snapshot, record.snapshot_seq) == ({"state": 1}, 1)
        assert await tx.store_move(record, 0, "bid:hearts", {"state": 2}, []) == 2
    async with store.transaction() as tx:
        again = await tx.get_match(tid)
        log = await tx.actions(tid)
    assert again is not None and (again.snapshot, again.snapshot_seq) == ({"state": 2}, 2)
    assert [(a.seq, a.seat, a.code) for a in log] == [(1, 1, "bid:pass"), (2, 0, "bid:hearts")]
    assert all(a.created_at.tzinfo is not None for a in log)


async def test_a_record_read_before_a_move_is_refused(store: Store, table: GameTable) -> None:
    tid = await _started(store, table)
    async with store.transaction() as tx:
        stale = await tx.get_match(tid)
    async with store.transaction() as tx:
        fresh = await tx.get_match(tid)
        assert fresh is not None
        await tx.store_move(fresh, 0, "bid:pass", {"state": 1}, [])
    assert stale is not None and stale.snapshot_seq == 0
    with pytest.raises(Conflict):
        async with store.transaction() as tx:
            await tx.store_move(stale, 1, "bid:hearts", {"state": 9}, [])
    async with store.transaction() as tx:
        record = await tx.get_match(tid)
        log = await tx.actions(tid)
    assert record is not None and (record.snapshot, record.snapshot_seq) == ({"state": 1}, 1)
    assert [a.code for a in log] == ["bid:pass"]


async def test_a_log_ahead_of_its_snapshot_rolls_the_move_back(store: Store,
                                                               table: GameTable) -> None:
    """Damaged data (an action logged that the snapshot does not hold): the move is refused
    and nothing of its transaction is stored."""
    tid = await _started(store, table)
    async with store.transaction() as tx:
        await tx.append_action(tid, 1, 0, "bid:pass")
    with pytest.raises(Conflict):
        async with store.transaction() as tx:
            loaded = await tx.get_table(tid, lock=True)
            assert loaded is not None
            loaded.version += 1
            await tx.save_table(loaded)
            record = await tx.get_match(tid)
            assert record is not None
            await tx.store_move(record, 1, "bid:hearts", {"state": 1}, [])
    async with store.transaction() as tx:
        record = await tx.get_match(tid)
        table_now = await tx.get_table(tid)
        log = await tx.actions(tid)
    assert record is not None and (record.snapshot, record.snapshot_seq) == ({"state": 0}, 0)
    assert table_now is not None and table_now.version == table.version
    assert [a.code for a in log] == ["bid:pass"]


async def test_a_move_logs_its_events_and_a_new_deal_replaces_the_deal_events(
        store: Store, table: GameTable) -> None:
    """The snapshot is stored without its events; each move's events go with its action, and
    a move that deals starts the record's ``deal_events`` afresh (storage/snapshot.py)."""
    tid = table.id or 0
    first = {"type": "deal", "deal": 1}
    async with store.transaction() as tx:
        await tx.create_match(tid, 7, 2, {}, None, {"state": 0, "events": [first]})
    bid = {"type": "bid", "seat": 1, "call": "pass"}
    scored, second = {"type": "deal_scored"}, {"type": "deal", "deal": 2}
    async with store.transaction() as tx:
        record = await tx.get_match(tid)
        assert record is not None
        await tx.store_move(record, 1, "bid:pass", {"state": 1, "events": [first, bid]}, [bid])
        assert (record.snapshot, record.deal_events, record.deal_seq) == (
            {"state": 1, "events": []}, [first], 0)
        assert await tx.deal_events(record) == [first, bid]
        await tx.store_move(record, 0, "play:AS", {"state": 2, "events": [second]},
                            [scored, second])
        assert (record.deal_events, record.deal_seq) == ([second], 2)
    async with store.transaction() as tx:
        again = await tx.get_match(tid)
        log = await tx.actions(tid)
        assert again is not None
        assert await tx.full_snapshot(again) == {"state": 2, "events": [second]}
    assert [a.events for a in log] == [[bid], [scored, second]]
