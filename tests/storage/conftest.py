"""Fixtures for the storage tests: a real SQLite file always, PostgreSQL when configured.

Set ``TEST_DATABASE_URL`` (e.g. ``postgresql+asyncpg://postgres@127.0.0.1:5432/test``) to run
every database test against PostgreSQL as well. Each PostgreSQL test gets its own freshly created
database (dropped afterwards), so parallel workers never share one; if the role may not create
databases, the tests use the given database itself, one at a time (an advisory lock), and drop
the storage tables before and after each test.
"""

from __future__ import annotations

import os
import sys
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

# Make the repository importable when pytest is run as `.venv/bin/pytest` without an install.
_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

import asyncpg  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from storage import GameTable, Store  # noqa: E402

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


def _asyncpg_dsn(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as a plain libpq DSN that asyncpg understands."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def _drop_storage_tables(dsn: str) -> None:
    conn = await asyncpg.connect(dsn)
    try:
        for name in _STORAGE_TABLES:
            await conn.execute(f'DROP TABLE IF EXISTS "{name}" CASCADE')
    finally:
        await conn.close()


@asynccontextmanager
async def pg_database(base_url: str) -> AsyncIterator[str]:
    """Yield the URL of an empty PostgreSQL database; remove everything afterwards."""
    name = f"kozyr_test_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(_asyncpg_dsn(base_url))
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
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
        yield make_url(base_url).set(database=name).render_as_string(hide_password=False)
    finally:
        admin = await asyncpg.connect(_asyncpg_dsn(base_url))
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()


@asynccontextmanager
async def database_url(backend: str, sqlite_path: Path) -> AsyncIterator[str]:
    """Yield the URL of an empty database: the SQLite file ``sqlite_path`` when ``backend`` is
    "sqlite", else a fresh PostgreSQL database (the test is skipped without ``TEST_DATABASE_URL``).
    For fixtures parametrised over ``["sqlite", "postgresql"]``."""
    if backend == "sqlite":
        yield f"sqlite+aiosqlite:///{sqlite_path}"
        return
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"{PG_ENV} is not set")
    async with pg_database(base) as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A URL of an empty database: a SQLite file in a not yet existing folder, or PostgreSQL."""
    async with database_url(request.param, tmp_path / "data" / "kozyr.db") as url:
        yield url


@pytest.fixture
async def store(db_url: str) -> AsyncIterator[Store]:
    """A started Store on an empty database, closed afterwards."""
    s = Store(db_url)
    await s.start()
    try:
        yield s
    finally:
        await s.close()


@pytest.fixture
async def table(store: Store) -> GameTable:
    """A lobby table in a fresh chat, created by a fresh user (committed)."""
    async with store.transaction() as tx:
        user = await tx.upsert_user("tg", "100", "Creator")
        chat = await tx.upsert_chat("tg", "-100", "Group")
        assert user.id is not None and chat.id is not None
        return await tx.create_table(chat.id, "deberts", user.id, {"target": 301})
