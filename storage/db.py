"""The Store: engine setup, migrations and the unit of work (docs/design.md "Migrations",
"One transaction per move").

Usage::

    store = Store("sqlite+aiosqlite:///data/kozyr.db")
    await store.start()                       # mkdir, migrate to head, open the pool
    async with store.transaction() as tx:     # BEGIN IMMEDIATE on SQLite
        user = await tx.upsert_user("tg", "42", "Ann")
    await store.close()

SQLite connections get ``journal_mode=WAL`` and ``foreign_keys=ON``; the driver's own
transaction handling is switched off (``isolation_level = None`` on connect) and every
transaction is started by SQLAlchemy's "begin" event with ``BEGIN IMMEDIATE``, so the write lock
is taken when the transaction starts and concurrent read-modify-write cycles serialise. SQLite
runs in the event loop's thread (storage/inline_sqlite.py: aiosqlite's face, no worker thread),
and a statement that finds another process's lock waits up to 5 s there without blocking the
loop (``busy_timeout`` is 0: SQLite's own handler would sleep in the loop's thread).
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import event
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlmodel.ext.asyncio.session import AsyncSession

from storage import inline_sqlite
from storage.errors import NewerDatabase, StartError, StorageError
from storage.tx import Tx

__all__ = [
    "MIGRATIONS_DIR",
    "SQLITE_PRAGMAS",
    "Store",
    "Tx",
    "alembic_config",
    "async_url",
    "make_engine",
    "migration_transaction",
    "run_migrations",
    "sqlite_file",
]

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

SQLITE_PRAGMAS: tuple[str, ...] = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA foreign_keys=ON",
    # no waiting inside SQLite: storage/inline_sqlite.py waits for a lock with asyncio.sleep
    "PRAGMA busy_timeout=0",
    # WAL with NORMAL: a commit no longer waits for an fsync (about 3 ms each here); a power
    # cut may lose the last commits but never corrupts the file (sqlite.org/pragma.html).
    "PRAGMA synchronous=NORMAL",
)
#: How long a transaction waits for the process's SQLite writer turn before giving up, seconds.
WRITER_WAIT = 30.0

_ASYNC_DRIVERS = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg"}


def async_url(url: str | URL) -> URL:
    """Return ``url`` with an async driver: plain ``sqlite://`` gets aiosqlite, plain
    ``postgresql://`` / ``postgres://`` get asyncpg; anything else is returned unchanged.

    Raises:
        StorageError: the URL cannot be parsed.
    """
    text = url.render_as_string(hide_password=False) if isinstance(url, URL) else url
    if text.startswith("postgres://"):
        text = "postgresql://" + text[len("postgres://") :]
    try:
        parsed = make_url(text)
    except Exception as exc:  # sqlalchemy raises ArgumentError / ValueError
        raise StartError(f"bad database URL: {exc}") from exc
    driver = _ASYNC_DRIVERS.get(parsed.drivername)
    return parsed.set(drivername=driver) if driver else parsed


def sqlite_file(url: str | URL) -> Path | None:
    """Return the database file of a SQLite URL, or None (not SQLite, or in memory)."""
    parsed = async_url(url)
    if parsed.get_backend_name() != "sqlite":
        return None
    database = parsed.database or ""
    if database in ("", ":memory:") or database.startswith("file:") or "mode=memory" in database:
        return None
    return Path(database)


def _sqlite_on_connect(dbapi_connection: Any, _record: Any) -> None:
    """Pool "connect" hook: driver-level autocommit (we emit BEGIN ourselves) and pragmas."""
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        for pragma in SQLITE_PRAGMAS:
            cursor.execute(pragma)
    finally:
        cursor.close()


def _sqlite_on_begin(conn: Connection) -> None:
    """Engine "begin" hook: take the write lock at the start of every transaction."""
    conn.exec_driver_sql("BEGIN IMMEDIATE")


def make_engine(url: str | URL, echo: bool = False) -> AsyncEngine:
    """Create an async engine for ``url`` (see `async_url`); for SQLite with the WAL / foreign
    key / busy timeout pragmas and ``BEGIN IMMEDIATE`` transactions installed, its connections
    running SQLite in the event loop's thread (`inline_sqlite`)."""
    url = async_url(url)
    if url.get_backend_name() == "sqlite":

        async def open_inline() -> inline_sqlite.InlineConnection:
            args, kwargs = engine.sync_engine.dialect.create_connect_args(engine.url)
            return inline_sqlite.connect(*args, **kwargs)

        # the aiosqlite dialect over connections that run SQLite in place (no driver thread)
        engine = create_async_engine(url, echo=echo, async_creator=open_inline)
        event.listen(engine.sync_engine, "connect", _sqlite_on_connect)
        event.listen(engine.sync_engine, "begin", _sqlite_on_begin)
        return engine
    return create_async_engine(url, echo=echo, pool_pre_ping=True)


def alembic_config(connection: Connection | None = None, url: str | URL | None = None) -> Config:
    """Build the Alembic config in code (no alembic.ini needed).

    Args:
        connection: an open sync connection to migrate on (see `run_migrations`).
        url: used only when no connection is given (env.py then opens its own async engine).

    Returns:
        A `Config` whose script_location is storage/migrations.
    """
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.set_main_option("path_separator", "os")
    if url is not None:
        rendered = async_url(url).render_as_string(hide_password=False)
        cfg.set_main_option("sqlalchemy.url", rendered.replace("%", "%%"))
    cfg.attributes["connection"] = connection
    return cfg


def run_migrations(connection: Connection, revision: str = "head") -> None:
    """Upgrade the database behind ``connection`` to ``revision`` (sync; use via run_sync).

    A connection with no transaction open (what `Store.start` passes) is migrated in one
    transaction of its own (`migration_transaction`), committed here. On a connection already
    in a transaction the migration runs inside it and the caller commits (SQLite's foreign keys
    then stay on: fine for an empty database, not for batch migrations of tables with rows).

    Raises:
        StorageError: the migrated SQLite database has rows whose foreign key dangles.
        sqlalchemy.exc.SQLAlchemyError: a database error (nothing is committed).
    """
    if connection.in_transaction():
        if not refuse_newer(connection, revision):
            command.upgrade(alembic_config(connection), revision)
        return
    with migration_transaction(connection):
        # inside: reading the version begins the transaction
        if not refuse_newer(connection, revision):
            command.upgrade(alembic_config(connection), revision)


@functools.cache
def _scripts() -> ScriptDirectory:
    """The migration scripts (storage/migrations), read once a process: each start of the
    Store asks which revision is the newest, and reading them costs ~0.1 CPU s."""
    return ScriptDirectory.from_config(alembic_config())


def refuse_newer(connection: Connection, revision: str = "head") -> bool:
    """Raise `NewerDatabase` when the database's Alembic revision is not one of ours; return
    True when it is at ``revision`` already ("head": the newest), so nothing is to be done.

    Alembic would fail on it with a bare ``CommandError`` ("Can't locate revision"); this check
    only reads the ``alembic_version`` table, so the database is left as it was.
    """
    scripts = _scripts()
    currents = MigrationContext.configure(connection).get_current_heads()
    for current in currents:
        try:
            known = scripts.get_revision(current)
        except CommandError:  # alembic's "no such revision"
            known = None
        if known is None:
            raise NewerDatabase(current)
    wanted = scripts.get_heads() if revision == "head" else [revision]
    return bool(currents) and set(currents) == set(wanted)


@contextmanager
def migration_transaction(connection: Connection) -> Iterator[None]:
    """Run the block in a transaction of its own on ``connection`` (which has none open) and
    commit it; on SQLite with foreign keys off meanwhile.

    A batch migration recreates a SQLite table (copy, drop the old one, rename), and dropping a
    table other rows refer to fails while foreign keys are on (Alembic's "batch" docs: switch
    them off outside the transaction). Before the commit ``PRAGMA foreign_key_check`` must find
    nothing dangling.

    Raises:
        StorageError: a foreign key dangles after the block (the transaction is rolled back).
    """
    sqlite = connection.dialect.name == "sqlite"
    if sqlite:
        _sqlite_foreign_keys(connection, on=False)
    try:
        with connection.begin():
            yield
            if sqlite:
                dangling = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
                if dangling:
                    raise StorageError(f"migration left dangling foreign keys: {dangling[:5]}")
    finally:
        if sqlite:
            _sqlite_foreign_keys(connection, on=True)


def _sqlite_foreign_keys(connection: Connection, *, on: bool) -> None:
    """Switch SQLite's foreign keys on or off. Outside any transaction (SQLite ignores the
    pragma inside one), so it goes to the driver directly: SQLAlchemy would begin one first."""
    cursor = connection.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")
        cursor.execute("PRAGMA foreign_keys")
        state = cursor.fetchone()
    finally:
        cursor.close()
    if state is None or bool(state[0]) != on:
        raise StorageError(f"cannot switch SQLite's foreign keys {'on' if on else 'off'}")


class Store:
    """Owns the engine; hands out units of work.

    Args:
        url: ``sqlite+aiosqlite:///path.db`` or ``postgresql+asyncpg://user@host/db``
            (plain ``sqlite:///`` and ``postgresql://`` are given the async driver).
        echo: log every SQL statement (debugging).

    Raises:
        StorageError: the URL cannot be parsed.
    """

    def __init__(self, url: str | URL, *, echo: bool = False) -> None:
        self._url = async_url(url)
        self._echo = echo
        self._engine: AsyncEngine | None = None
        self._sessions: async_sessionmaker[AsyncSession] | None = None
        #: SQLite: one transaction at a time in this process. Every transaction takes SQLite's
        #: write lock (BEGIN IMMEDIATE); waiting for it here costs nothing, while waiting in
        #: SQLite's busy handler ties up a driver thread and fails after ``busy_timeout`` once
        #: a hundred tables move at once (benchmarks/load.py measured "database is locked").
        self._writer: asyncio.Lock | None = None

    @property
    def url(self) -> URL:
        """The (async-driver) database URL."""
        return self._url

    @property
    def dialect(self) -> str:
        """The backend name: "sqlite" or "postgresql"."""
        return self._url.get_backend_name()

    @property
    def engine(self) -> AsyncEngine:
        """The engine (raises StorageError before `start` / after `close`)."""
        if self._engine is None:
            raise StorageError("Store is not started")
        return self._engine

    async def start(self) -> None:
        """Create the SQLite file's folder, open the pool and migrate to the newest revision.

        Calling it again (or from several Store objects on one database) is harmless.

        Raises:
            StartError: the folder cannot be created, the database cannot be reached or
                opened (the driver is missing, the file is not a database...), or a migration
                failed; the original error is the ``__cause__``. A file that is not a database
                is left as it was (SQLite refuses it before writing anything).
        """
        shown = self._url.render_as_string(hide_password=True)
        path = sqlite_file(self._url)
        threads = set(threading.enumerate())
        try:
            if path is not None:
                path.parent.mkdir(parents=True, exist_ok=True)
            if self.dialect == "sqlite":
                self._writer = asyncio.Lock()  # made in the running loop
            if self._engine is None:
                self._engine = make_engine(self._url, self._echo)
                self._sessions = async_sessionmaker(
                    self._engine, class_=AsyncSession, expire_on_commit=False
                )
            async with self._engine.connect() as conn:  # run_migrations opens the transaction
                await conn.run_sync(run_migrations)
        except (SQLAlchemyError, StorageError, OSError, ImportError) as exc:
            await self._close_after_failed_start(threads)
            raise StartError(f"cannot open the database {shown}: {exc}", shown) from exc
        except BaseException:
            await self._close_after_failed_start(threads)
            raise

    async def _close_after_failed_start(self, threads: set[threading.Thread]) -> None:
        """Close the pool, and wait for the SQLite driver threads started meanwhile to end.

        When aiosqlite fails to open a file it stops its worker thread without waiting for it;
        if the process then closes its event loop at once (``python -m bot`` exiting on the
        error), the thread's last report hits the closed loop and prints a traceback. The
        thread needs no running loop to finish, so a short join here is enough.
        """
        await self.close()
        for thread in set(threading.enumerate()) - threads:
            if "_connection_worker_thread" in thread.name:
                thread.join(timeout=1.0)

    async def close(self) -> None:
        """Close every pooled connection. The Store can be started again afterwards."""
        engine, self._engine, self._sessions = self._engine, None, None
        if engine is not None:
            await engine.dispose()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """One unit of work: commits when the block ends, rolls back if it raises.

        The transaction (and on SQLite the database write lock, via ``BEGIN IMMEDIATE``) is taken
        on entry, so keep the block short and do not nest transactions in one task (the inner
        one would wait for the outer one's lock: ``WRITER_WAIT`` seconds, then StorageError).
        On SQLite the transactions of one Store run one at a time, in the order they asked.

        Yields:
            Tx: the data access methods. Objects it returns stay usable after the block, also
            when it rolled back (they then keep their in-memory values; objects created in a
            rolled-back block are transient again).

        Raises:
            StorageError: a database error (the SQLAlchemy error is the ``__cause__``);
                `Conflict` from Tx methods passes through unchanged, as do the block's own errors.
        """
        if self._sessions is None:
            raise StorageError("Store is not started")
        writer = self._writer
        if writer is not None:
            try:
                async with asyncio.timeout(WRITER_WAIT):
                    await writer.acquire()
            except TimeoutError as exc:
                raise StorageError(f"database busy for {WRITER_WAIT} s") from exc
        try:
            async with self._sessions() as session, session.begin():
                await session.connection()  # emits BEGIN (IMMEDIATE) now, not at first query
                tx = Tx(session)
                try:
                    yield tx
                except BaseException:
                    tx._detach_loaded()  # keep loaded objects readable after the rollback
                    raise
        except SQLAlchemyError as exc:
            raise StorageError(f"database error: {exc}") from exc
        finally:
            if writer is not None:
                writer.release()
