"""SQLite run in the event loop's own thread, behind SQLAlchemy's aiosqlite dialect.

aiosqlite runs every call of a connection in a thread of its own: a statement costs three or
four round trips between the event loop and that thread (cursor, execute, fetch, close), each a
wake-up of both, so a move's half-dozen short statements cost more in hand-overs than in
SQLite (benchmarks/load.py counted 30 round trips per press). The statements of this bot take
microseconds and the ``Store`` already runs one SQLite transaction at a time, so here they run
in place: an ``InlineConnection`` has aiosqlite's awaitable face over a plain ``sqlite3``
connection, and ``make_engine`` hands it to the aiosqlite dialect (``async_creator``,
docs.sqlalchemy.org "Using a custom asyncio connection creator").

The one wait that could be long is for another process's write lock (BEGIN IMMEDIATE while,
say, a second bot process writes): SQLite's busy handler would sleep in the loop's thread.
So the connection's ``busy_timeout`` is 0 and a statement refused with "database is locked"
is tried again after an ``asyncio.sleep``, for ``BUSY_WAIT`` seconds in all, as SQLite's own
handler would have waited, while the loop goes on with everything else.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

__all__ = ["BUSY_WAIT", "InlineConnection", "InlineCursor", "connect"]

#: How long a statement waits for another connection's lock, seconds (SQLite's busy_timeout).
BUSY_WAIT = 5.0
#: The first pause before trying a locked statement again, and the longest one, seconds.
_FIRST_PAUSE, _LONGEST_PAUSE = 0.001, 0.05
T = TypeVar("T")


def _busy(error: sqlite3.OperationalError) -> bool:
    """Whether ``error`` is SQLITE_BUSY ("database is locked"): nothing was done, try again."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return bool(code & 0xFF == sqlite3.SQLITE_BUSY)
    return "database is locked" in str(error)


async def _patiently(call: Callable[[], T]) -> T:
    """``call()`` at once; while SQLite answers "database is locked", again after a pause
    (doubling up to 50 ms) until ``BUSY_WAIT`` seconds have passed, then the last error."""
    try:
        return call()
    except sqlite3.OperationalError as error:
        if not _busy(error):
            raise
    deadline = time.monotonic() + BUSY_WAIT
    pause = _FIRST_PAUSE
    while True:
        await asyncio.sleep(pause)
        try:
            return call()
        except sqlite3.OperationalError as error:
            if not _busy(error) or time.monotonic() >= deadline:
                raise
        pause = min(pause * 2, _LONGEST_PAUSE)


class InlineCursor:
    """aiosqlite's ``Cursor`` face over a ``sqlite3.Cursor``: the same coroutines, run in
    place."""

    def __init__(self, cursor: sqlite3.Cursor) -> None:
        self._cursor = cursor

    async def __aenter__(self) -> InlineCursor:
        return self

    async def __aexit__(self, *_: object) -> None:
        self._cursor.close()

    async def execute(self, sql: str, parameters: Sequence[Any] | None = None) -> InlineCursor:
        """Run one statement (``?`` parameters)."""
        await _patiently(lambda: self._cursor.execute(sql, parameters or ()))
        return self

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> InlineCursor:
        """Run one statement for each parameter row."""
        rows = list(parameters)  # an iterator could not be consumed twice on a retry
        await _patiently(lambda: self._cursor.executemany(sql, rows))
        return self

    async def fetchone(self) -> Any:
        return self._cursor.fetchone()

    async def fetchmany(self, size: int | None = None) -> list[Any]:
        return self._cursor.fetchmany(self._cursor.arraysize if size is None else size)

    async def fetchall(self) -> list[Any]:
        return self._cursor.fetchall()

    async def close(self) -> None:
        self._cursor.close()

    @property
    def description(self) -> Any:
        return self._cursor.description

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    @property
    def lastrowid(self) -> int | None:
        return self._cursor.lastrowid

    @property
    def arraysize(self) -> int:
        return self._cursor.arraysize

    @arraysize.setter
    def arraysize(self, value: int) -> None:
        self._cursor.arraysize = value


class _InPlace:
    """Stands for aiosqlite's request queue where SQLAlchemy's dialect puts a call directly
    (its ``isolation_level`` setter): the call runs at once and settles its future."""

    @staticmethod
    def put_nowait(item: tuple[asyncio.Future[Any] | None, Callable[[], Any]]) -> None:
        future, function = item
        try:
            result = function()
        except Exception as error:
            if future is not None:
                future.set_exception(error)
            return
        if future is not None:
            future.set_result(result)


class InlineConnection:
    """aiosqlite's ``Connection`` face over a ``sqlite3.Connection`` opened with
    ``isolation_level=None`` (SQLAlchemy's "begin" event issues BEGIN IMMEDIATE) and no busy
    timeout (``_patiently`` waits instead).

    Args:
        connection: the open ``sqlite3`` connection (``check_same_thread=False``: a pool may
            close it from the garbage collector's thread).
    """

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._conn = connection
        self._connection: sqlite3.Connection | None = connection  # aiosqlite's "is open"
        self._tx = _InPlace()

    @property
    def isolation_level(self) -> str | None:
        return self._conn.isolation_level

    @property
    def in_transaction(self) -> bool:
        return self._conn.in_transaction

    def cursor(self) -> InlineCursor:
        """A new cursor; SQLAlchemy enters it (``async with``) as it does aiosqlite's."""
        return InlineCursor(self._conn.cursor())

    async def execute(self, sql: str, parameters: Sequence[Any] | None = None) -> InlineCursor:
        return await self.cursor().execute(sql, parameters)

    async def commit(self) -> None:
        await _patiently(self._conn.commit)

    async def rollback(self) -> None:
        self._conn.rollback()

    async def create_function(self, name: str, num_params: int, func: Callable[..., Any],
                              deterministic: bool = False) -> None:
        self._conn.create_function(name, num_params, func, deterministic=deterministic)

    async def close(self) -> None:
        self.stop()

    def stop(self) -> None:
        """Close the connection now (SQLAlchemy's forced close of an invalidated one)."""
        if self._connection is not None:
            self._connection = None
            self._conn.close()


def connect(database: str, **kwargs: Any) -> InlineConnection:
    """Open ``database`` (``sqlite3.connect`` arguments; ``timeout`` and ``isolation_level``
    are set here) as an ``InlineConnection``."""
    kwargs.update(timeout=0, isolation_level=None, check_same_thread=False)
    return InlineConnection(sqlite3.connect(database, **kwargs))
