"""The tests' databases: a SQLite file, or a PostgreSQL database of its own per test when
``TEST_DATABASE_URL`` is set (e.g. ``postgresql+asyncpg://postgres@127.0.0.1:5432/test``).

Empty ones for the tests of storage and its migrations; migrated ones (``migrated=True``) for
the tests of everything above storage: a copy of a template migrated to the newest revision
once per test process (a SQLite file copied, ``CREATE DATABASE ... TEMPLATE`` on PostgreSQL),
which the bot's start-up then finds up to date. Running every migration for each of those tests
cost more than the test itself in many of them. ``drop_templates`` removes the templates at the
end of the session (``tests/conftest.py``).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import threading
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest
from sqlalchemy.engine import make_url

from storage import Store

PG_ENV = "TEST_DATABASE_URL"
_SHARED_DB_LOCK = 0x6B6F7A7972  # "kozyr": the advisory lock of tests sharing one database
_STORAGE_TABLES = (
    "rematch_vote",
    "rating",
    "seat_result",
    "match_result",
    "score_row",
    "action_log",
    "match_record",
    "seat",
    "game_table",
    "chat",
    "user",
    "alembic_version",
)

#: this process's migrated templates: the SQLite file, and per PostgreSQL base URL the name of
#: the template database (built on first use)
_sqlite_template: Path | None = None
_pg_templates: dict[str, str] = {}


def _asyncpg_dsn(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as a plain libpq DSN that asyncpg understands."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def _with_database(url: str, name: str) -> str:
    return make_url(url).set(database=name).render_as_string(hide_password=False)


async def _drop_storage_tables(dsn: str) -> None:
    conn = await asyncpg.connect(dsn)
    try:
        for name in _STORAGE_TABLES:
            await conn.execute(f'DROP TABLE IF EXISTS "{name}" CASCADE')
    finally:
        await conn.close()


async def _migrate(url: str) -> None:
    """Start a Store on ``url`` (which migrates it to the newest revision) and close it."""
    store = Store(url)
    await store.start()
    await store.close()


async def migrated_sqlite(path: Path) -> str:
    """Copy this process's migrated SQLite template to ``path`` (its folder is made); return the
    file's URL."""
    global _sqlite_template
    if _sqlite_template is None:
        template = Path(tempfile.mkdtemp(prefix="kozyr-template-")) / "template.db"
        await _migrate(f"sqlite+aiosqlite:///{template}")
        assert not template.with_name(template.name + "-wal").exists(), "WAL left behind"
        _sqlite_template = template
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(_sqlite_template, path)
    return f"sqlite+aiosqlite:///{path}"


async def _pg_template(base_url: str, admin: asyncpg.Connection) -> str:
    """The name of this process's migrated template database on ``base_url``'s server."""
    name = _pg_templates.get(base_url)
    if name is None:
        name = f"kozyr_template_{uuid.uuid4().hex[:12]}"
        await admin.execute(f'CREATE DATABASE "{name}"')
        _pg_templates[base_url] = name
        await _migrate(_with_database(base_url, name))
    return name


@asynccontextmanager
async def pg_database(base_url: str, *, migrated: bool = False) -> AsyncIterator[str]:
    """Yield the URL of a fresh PostgreSQL database (empty, or ``migrated`` to the newest
    revision); remove everything afterwards. A role that may not create databases makes the
    tests share the given one, one at a time, emptied before and after each."""
    name = f"kozyr_test_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(_asyncpg_dsn(base_url))
    try:
        template = await _pg_template(base_url, admin) if migrated else None
        await admin.execute(f'CREATE DATABASE "{name}"'
                            + (f' TEMPLATE "{template}"' if template else ""))
    except asyncpg.InsufficientPrivilegeError:
        # No right to create databases: the tests share the given one, so they take turns (an
        # advisory lock held for the test; parallel workers of pytest-xdist wait for it).
        dsn = _asyncpg_dsn(base_url)
        await admin.execute("SELECT pg_advisory_lock($1)", _SHARED_DB_LOCK)
        try:
            await _drop_storage_tables(dsn)
            try:
                yield base_url
            finally:
                await _drop_storage_tables(dsn)
        finally:
            await admin.execute("SELECT pg_advisory_unlock($1)", _SHARED_DB_LOCK)
            await admin.close()
        return
    await admin.close()
    try:
        yield _with_database(base_url, name)
    finally:
        await _drop_databases(base_url, [name])


async def _drop_databases(base_url: str, names: list[str]) -> None:
    admin = await asyncpg.connect(_asyncpg_dsn(base_url))
    try:
        for name in names:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


@asynccontextmanager
async def database_url(backend: str, sqlite_path: Path, *,
                       migrated: bool = False) -> AsyncIterator[str]:
    """Yield the URL of a database, empty or ``migrated`` (the module docstring): the SQLite
    file ``sqlite_path`` when ``backend`` is "sqlite", else a fresh PostgreSQL database (the
    test is skipped without ``TEST_DATABASE_URL``). For fixtures parametrised over
    ``["sqlite", "postgresql"]``."""
    if backend == "sqlite":
        yield (await migrated_sqlite(sqlite_path) if migrated
               else f"sqlite+aiosqlite:///{sqlite_path}")
        return
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"{PG_ENV} is not set")
    async with pg_database(base, migrated=migrated) as url:
        yield url


def drop_templates() -> None:
    """Remove this process's templates (sync; at the end of the session, when no event loop
    runs: PostgreSQL's are dropped from a thread of its own)."""
    global _sqlite_template
    if _sqlite_template is not None:
        shutil.rmtree(_sqlite_template.parent, ignore_errors=True)
        _sqlite_template = None
    if not _pg_templates:
        return
    templates = dict(_pg_templates)
    _pg_templates.clear()

    def drop() -> None:
        for base_url, name in templates.items():
            asyncio.run(_drop_databases(base_url, [name]))

    thread = threading.Thread(target=drop, name="drop-templates")
    thread.start()
    thread.join()
