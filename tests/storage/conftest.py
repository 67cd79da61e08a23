"""Fixtures for the storage tests: a real SQLite file always, PostgreSQL when configured.

Set ``TEST_DATABASE_URL`` (e.g. ``postgresql+asyncpg://postgres@127.0.0.1:5432/test``) to run
every database test against PostgreSQL as well. Each PostgreSQL test gets its own freshly created
database (dropped afterwards), so parallel workers never share one; if the role may not create
databases, the tests use the given database itself, one at a time (an advisory lock), and drop
the storage tables before and after each test.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

# Make the repository importable when pytest is run as `.venv/bin/pytest` without an install.
_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from storage import GameTable, Store  # noqa: E402

# the databases (tests/kit/databases.py), importable from here as before
from tests.kit.databases import PG_ENV as PG_ENV  # noqa: E402
from tests.kit.databases import database_url as database_url  # noqa: E402
from tests.kit.databases import pg_database as pg_database  # noqa: E402


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
