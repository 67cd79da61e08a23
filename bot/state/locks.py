"""One ``asyncio.Lock`` per table, dropped when nobody holds or waits for it.

The table service serialises every change of a table with it
(docs/design.md "The table service"); forged table ids must not grow the dictionary for ever.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class TableLocks:
    """``async with locks(table_id): ...`` — exclusive per table id."""

    def __init__(self) -> None:
        self._locks: dict[int, tuple[asyncio.Lock, int]] = {}

    def __len__(self) -> int:
        return len(self._locks)

    def users(self, table_id: int) -> int:
        """How many tasks hold or wait for table ``table_id``'s lock (0: nobody)."""
        return self._locks.get(table_id, (None, 0))[1]

    @asynccontextmanager
    async def __call__(self, table_id: int) -> AsyncIterator[None]:
        lock, users = self._locks.get(table_id, (asyncio.Lock(), 0))
        self._locks[table_id] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[table_id]
            if users == 1:
                del self._locks[table_id]
            else:
                self._locks[table_id] = (lock, users - 1)
