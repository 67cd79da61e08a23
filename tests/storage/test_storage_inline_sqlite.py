"""SQLite in the event loop's thread (storage/inline_sqlite.py): no driver thread, and a lock
held by another process is waited for without stopping the loop."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from storage import StorageError, Store, inline_sqlite


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> Store:
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'k.sqlite3'}")
    await store.start()
    return store


def _driver_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t is not threading.current_thread()
            and "_connection_worker_thread" in t.name]


async def test_transactions_run_in_the_loops_thread(sqlite_store: Store) -> None:
    try:
        async with sqlite_store.transaction() as tx:
            user = await tx.upsert_user("tg", "1", "Ann")
        async with sqlite_store.transaction() as tx:
            again = await tx.find_user("tg", "1")
        assert again is not None and again.id == user.id
        assert _driver_threads() == []
    finally:
        await sqlite_store.close()


def _hold_write_lock(path: Path, seconds: float, locked: threading.Event) -> None:
    """Another process's writer: holds SQLite's write lock for ``seconds``."""
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        locked.set()
        threading.Event().wait(seconds)
        other.execute("COMMIT")
    finally:
        other.close()


@asynccontextmanager
async def lock_held(store: Store, path: Path, seconds: float) -> AsyncIterator[None]:
    """Inside the block another writer holds ``path``'s write lock (for ``seconds`` from the
    block's start); on leaving it, the writer is gone and ``store`` closed."""
    locked = threading.Event()
    holder = threading.Thread(target=_hold_write_lock, args=(path, seconds, locked))
    holder.start()
    try:
        await asyncio.to_thread(locked.wait, 5)
        yield
    finally:
        holder.join()
        await store.close()


async def test_another_writer_is_waited_for_while_the_loop_runs(sqlite_store: Store,
                                                                tmp_path: Path) -> None:
    async with lock_held(sqlite_store, tmp_path / "k.sqlite3", 0.6):
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        ticker = asyncio.ensure_future(tick())
        async with sqlite_store.transaction() as tx:  # BEGIN IMMEDIATE waits for the holder
            await tx.upsert_user("tg", "2", "Bob")
        ticker.cancel()
        assert ticks >= 20, "the loop stood still while the lock was waited for"
        async with sqlite_store.transaction() as tx:
            assert await tx.find_user("tg", "2") is not None


async def test_a_lock_held_too_long_fails_the_transaction(sqlite_store: Store, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.setattr(inline_sqlite, "BUSY_WAIT", 0.2)
    async with lock_held(sqlite_store, tmp_path / "k.sqlite3", 1.0):
        with pytest.raises(StorageError, match="database is locked"):
            async with sqlite_store.transaction() as tx:
                await tx.upsert_user("tg", "3", "Cy")
