"""The press path's save of a table by one Core UPDATE (storage/tx.py ``save_table``) attacked:
several saves in one transaction with changes between them (an in-place options edit, a
change set back to its old value, a field changed after a save), a save of a row deleted
meanwhile, two transactions saving the same table one after the other with their own changes
(on SQLite and, when configured, PostgreSQL)."""

from __future__ import annotations

import asyncio

import pytest

from storage import GameTable, StorageError, Store
from tests.storage.conftest import db_url, store, table  # noqa: F401


async def test_saves_in_one_transaction_keep_every_change(store: Store,  # noqa: F811
                                                          table: GameTable) -> None:  # noqa: F811
    assert table.id is not None
    async with store.transaction() as tx:
        t = await tx.get_table(table.id, lock=True)
        assert t is not None
        t.status = "playing"
        t.version += 1
        await tx.save_table(t)
        t.options["inplace"] = 1  # an in-place edit: not tracked by the ORM
        t.version += 1
        await tx.save_table(t)
        t.status = "lobby"  # set back to what it was at the start of the transaction
        t.thread_id = "7"
        await tx.save_table(t)
        t.options = {**t.options, "second": [1, 2]}
        await tx.save_table(t)
        await tx.session.flush()  # nothing left for the ORM to write over it
    async with store.transaction() as tx:
        fresh = await tx.get_table(table.id)
    assert fresh is not None
    assert (fresh.status, fresh.version, fresh.thread_id) == ("lobby", table.version + 2, "7")
    assert fresh.options == {"target": 301, "inplace": 1, "second": [1, 2]}


async def test_a_row_deleted_meanwhile_is_told(store: Store,  # noqa: F811
                                               table: GameTable) -> None:  # noqa: F811
    assert table.id is not None
    with pytest.raises(StorageError):
        async with store.transaction() as tx:
            t = await tx.get_table(table.id, lock=True)
            assert t is not None
            await tx.delete_unplayed_table(table.id)
            t.version += 1
            await tx.save_table(t)
    async with store.transaction() as tx:
        assert await tx.get_table(table.id) is not None  # rolled back whole


@pytest.mark.xfail(strict=True, reason="save_table of a table read in an earlier transaction "
                   "writes its options back whole (always written, flag_modified): a press's "
                   "committed options ({'press': True}) are overwritten with the stale ones "
                   "({'target': 301}; the version is kept): a lost update. The merge's "
                   "read-then-save (bot/tables/chatmove.py) takes no table lock and no FOR "
                   "UPDATE, so on PostgreSQL a press between its read and its save is lost "
                   "the same way")
async def test_two_transactions_in_turn_keep_both_changes(store: Store,  # noqa: F811
                                                          table: GameTable) -> None:  # noqa: F811
    """A press changes the version, another (in turn: the table's lock) the options; a third
    saves a table read before both in a transaction of its own (the merge's way): what it
    changed is written, what it did not change stays as the others left it."""
    assert table.id is not None
    stale = table  # read (committed) before the others
    start = table.version

    async def press(change: str) -> None:
        async with store.transaction() as tx:
            t = await tx.get_table(table.id, lock=True)  # type: ignore[arg-type]
            assert t is not None
            if change == "version":
                t.version += 5
            else:
                t.options = {**t.options, "press": True}
            await tx.save_table(t)

    await press("version")
    await press("options")
    async with store.transaction() as tx:
        stale.message_id = "99"
        await tx.save_table(stale)
    async with store.transaction() as tx:
        fresh = await tx.get_table(table.id)
    assert fresh is not None and fresh.message_id == "99"
    assert (fresh.version, fresh.options.get("press")) == (start + 5, True), \
        (fresh.version, fresh.options)


async def test_concurrent_saves_of_one_table(store: Store,  # noqa: F811
                                             table: GameTable) -> None:  # noqa: F811
    assert table.id is not None

    async def bump() -> None:
        async with store.transaction() as tx:
            t = await tx.get_table(table.id, lock=True)  # type: ignore[arg-type]
            assert t is not None
            t.version += 1
            t.options = {**t.options, f"k{t.version}": 1}
            await tx.save_table(t)

    await asyncio.gather(*[bump() for _ in range(12)])
    async with store.transaction() as tx:
        fresh = await tx.get_table(table.id)
    assert fresh is not None
    assert fresh.version == table.version + 12
    assert len([k for k in fresh.options if k.startswith("k")]) == 12
