"""``kozyr backup`` and ``kozyr copy-db``: a consistent copy of a running SQLite database, and
every row moved from the configured database to another one (SQLite -> PostgreSQL, say)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncConnection

from storage import Store
from storage.db import sqlite_file
from storage.models import metadata

#: Rows inserted per statement when copying (keeps PostgreSQL's parameter limit far away).
BATCH = 500
PG_DUMP = ("kozyr: backup copies SQLite databases; for PostgreSQL use pg_dump: "
           "pg_dump --format=custom --file=FILE postgresql://USER@HOST:5432/DATABASE")


def backup_sqlite(source: Path, target: Path) -> int:
    """Copy the SQLite database ``source`` to ``target`` with SQLite's online backup API
    (``sqlite3.Connection.backup``, docs.python.org/3/library/sqlite3.html): the copy is one
    consistent snapshot even while the bot writes. The copy is written beside ``target`` and
    renamed over it at the end, so a half-written file never carries the name.

    Returns:
        The size of the copy, bytes.

    Raises:
        FileNotFoundError: ``source`` does not exist (sqlite3 would create an empty one).
        sqlite3.Error: SQLite failed (not a database, disk full, ...).
    """
    if not source.is_file():
        raise FileNotFoundError(f"no database file at {source}")
    target.parent.mkdir(parents=True, exist_ok=True)  # a first nightly backup into a new folder
    part = target.with_name(target.name + ".part")
    part.unlink(missing_ok=True)
    src = sqlite3.connect(source)
    try:
        dst = sqlite3.connect(part)
        try:
            src.backup(dst)
            # One self-contained file: the copy keeps no WAL of its own.
            dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
    finally:
        src.close()
    os.replace(part, target)
    return target.stat().st_size


def backup_path(database_url: str) -> Path | None:
    """The SQLite file of ``database_url``, or None for another database (PostgreSQL)."""
    return sqlite_file(database_url)


async def copy_database(source_url: str, target_url: str) -> dict[str, int]:
    """Copy every row of every kozyr table from ``source_url`` to ``target_url``.

    Both databases are first migrated to the newest revision (the target is created that way);
    the target must hold no rows. Tables are copied parents first, in one transaction on the
    target; on PostgreSQL each ``id`` sequence is then set past the highest id copied
    (``setval``), so new rows do not collide with copied ones.

    Returns:
        Rows copied per table name.

    Raises:
        ValueError: the target already holds rows, or both URLs name one database.
        storage.StorageError: a database cannot be reached or migrated.
    """
    source, target = Store(source_url), Store(target_url)
    if source.url == target.url:
        raise ValueError("the target is the configured database itself")
    await source.start()
    try:
        await target.start()
        try:
            async with source.engine.connect() as src, target.engine.begin() as dst:
                return await _copy_rows(src, dst)
        finally:
            await target.close()
    finally:
        await source.close()


async def _copy_rows(src: AsyncConnection, dst: AsyncConnection) -> dict[str, int]:
    """Copy the rows on open connections (see `copy_database`)."""
    tables = metadata.sorted_tables  # parents before children: foreign keys hold at each insert
    for table in tables:
        count = (await dst.execute(select(func.count()).select_from(table))).scalar_one()
        if count:
            raise ValueError(f"the target database is not empty ({table.name}: {count} rows)")
    copied: dict[str, int] = {}
    for table in tables:
        result = await src.stream(select(table).order_by(*table.primary_key.columns))
        copied[table.name] = 0
        async for chunk in result.mappings().partitions(BATCH):
            await dst.execute(table.insert(), [dict(row) for row in chunk])
            copied[table.name] += len(chunk)
    if dst.dialect.name == "postgresql":
        for table in tables:
            if "id" in table.c and table.c.id.autoincrement in (True, "auto"):
                await dst.execute(text(
                    f"SELECT setval(pg_get_serial_sequence('\"{table.name}\"', 'id'), "
                    f"COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM \"{table.name}\""))
    return copied
