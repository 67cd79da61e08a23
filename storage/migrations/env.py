"""Alembic environment for kozyr's storage.

Normally run by `storage.db.run_migrations`, which passes an open synchronous connection (the
sync face of an async connection, inside ``AsyncConnection.run_sync``) in
``config.attributes["connection"]``; migrations then run inside that connection's transaction
(on SQLite: the ``BEGIN IMMEDIATE`` one opened by the Store's engine).

Without a connection (someone running the ``alembic`` command line with a config whose
``sqlalchemy.url`` is set), it opens an async engine for that URL itself, or emits SQL in
offline mode.
"""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from storage.db import make_engine, migration_transaction
from storage.models import metadata

config = context.config


def _configure_and_run(connection: Connection) -> None:
    """Run the pending revisions on ``connection``."""
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def _run_in_own_transaction(connection: Connection) -> None:
    """Migrate in a transaction of its own (on SQLite with foreign keys off, as the Store)."""
    with migration_transaction(connection):
        _configure_and_run(connection)


async def _run_with_own_engine(url: str) -> None:
    """Open an engine for ``url`` (set up like the Store's) and migrate in one transaction."""
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            await conn.run_sync(_run_in_own_transaction)
    finally:
        await engine.dispose()


def run_offline() -> None:
    """Emit the migration SQL without a database (``alembic upgrade --sql``)."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=metadata,
        literal_binds=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    """Run the migrations on the given connection, or on a fresh engine for the config URL."""
    connection = config.attributes.get("connection")
    if isinstance(connection, Connection):
        _configure_and_run(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("storage migrations: no connection and no sqlalchemy.url given")
    asyncio.run(_run_with_own_engine(url))


if context.is_offline_mode():
    run_offline()
else:
    run_online()
