"""Store start-up: migrations, engine setup, URL helpers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

from storage import StorageError, Store, async_url
from storage.db import MIGRATIONS_DIR, alembic_config, sqlite_file
from storage.models import metadata

TABLES = {"user", "chat", "game_table", "seat", "match_record", "action_log", "score_row",
          "match_result", "seat_result", "rating", "rematch_vote"}


def _schema(conn: Connection) -> dict[str, Any]:
    insp = inspect(conn)
    mc = MigrationContext.configure(conn, opts={"compare_type": True})
    return {
        "tables": set(insp.get_table_names()),
        "revision": mc.get_current_revision(),
        "diff": compare_metadata(mc, metadata),
        "uniques": {u["name"] for u in insp.get_unique_constraints("action_log")},
        "indexes": {i["name"] for i in insp.get_indexes("game_table")},
    }


async def test_start_creates_folder_and_schema(store: Store) -> None:
    path = sqlite_file(store.url)
    if path is not None:
        assert path.is_file()
    async with store.engine.connect() as conn:
        schema = await conn.run_sync(_schema)
    assert schema["tables"] == TABLES | {"alembic_version"}
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None and schema["revision"] == head  # the newest migration ran
    assert schema["uniques"] == {"uq_action_log_table_id_seq"}
    assert "ix_game_table_chat_id_status" in schema["indexes"]


async def test_hand_written_migration_matches_models(store: Store) -> None:
    async with store.engine.connect() as conn:
        schema = await conn.run_sync(_schema)
    assert schema["diff"] == []


async def test_start_twice_and_second_store(store: Store, table: Any) -> None:
    await store.start()
    other = Store(store.url)
    await other.start()
    try:
        async with other.transaction() as tx:
            assert await tx.get_table(table.id) is not None
    finally:
        await other.close()
    async with store.transaction() as tx:
        assert [t.id for t in await tx.unfinished_tables()] == [table.id]


async def test_restart_after_close_keeps_data(store: Store, table: Any) -> None:
    await store.close()
    with pytest.raises(StorageError):
        async with store.transaction():
            pass
    await store.start()
    async with store.transaction() as tx:
        again = await tx.get_table(table.id)
    assert again is not None and again.options == {"target": 301}


async def test_sqlite_connection_setup(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'plain.db'}")  # plain URL gets aiosqlite
    await store.start()
    try:
        assert store.url.drivername == "sqlite+aiosqlite"
        async with store.transaction() as tx:
            conn = await tx.session.connection()
            pragmas = {
                name: (await conn.exec_driver_sql(f"PRAGMA {name}")).scalar()
                for name in ("journal_mode", "foreign_keys", "busy_timeout")
            }
            raw = (await conn.get_raw_connection()).driver_connection
            assert raw is not None and raw.in_transaction  # BEGIN IMMEDIATE already ran
        # busy_timeout 0: a lock is waited for in the event loop (storage/inline_sqlite.py)
        assert pragmas == {"journal_mode": "wal", "foreign_keys": 1, "busy_timeout": 0}
    finally:
        await store.close()


def test_url_helpers() -> None:
    assert async_url("sqlite:///a/b.db").drivername == "sqlite+aiosqlite"
    assert async_url("postgres://u:p%40ss@h/db").drivername == "postgresql+asyncpg"
    assert async_url("postgres://u:p%40ss@h/db").password == "p@ss"
    assert async_url("postgresql+asyncpg://h/db").drivername == "postgresql+asyncpg"
    assert sqlite_file("sqlite+aiosqlite:///rel/k.db") == Path("rel/k.db")
    assert sqlite_file("sqlite+aiosqlite://") is None
    assert sqlite_file("sqlite+aiosqlite:///:memory:") is None
    assert sqlite_file("postgresql+asyncpg://h/db") is None
    with pytest.raises(StorageError):
        Store("not a url")
    cfg = alembic_config()
    assert cfg.get_main_option("script_location") == str(MIGRATIONS_DIR)


async def test_migrations_roll_back_and_forward(store: Store) -> None:
    def down_and_up(conn: Connection) -> tuple[set[str], set[str]]:
        from alembic import command

        command.downgrade(alembic_config(conn), "base")
        empty = set(inspect(conn).get_table_names()) - {"alembic_version"}
        command.upgrade(alembic_config(conn), "head")
        return empty, set(inspect(conn).get_table_names())

    async with store.engine.begin() as conn:
        empty, full = await conn.run_sync(down_and_up)
        await conn.execute(text("SELECT 1"))
    assert empty == set()
    assert full == TABLES | {"alembic_version"}
