"""Errors raised by the storage layer.

Everything the storage layer raises on a database problem is a `StorageError`; the original
SQLAlchemy / driver exception is chained as ``__cause__``.
"""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError

__all__ = ["Conflict", "NewerDatabase", "StartError", "StorageError", "is_unique_violation"]


class StorageError(Exception):
    """A database operation failed (connection, lock timeout, constraint, missing row...)."""


class StartError(StorageError):
    """The database cannot be opened at start-up: a bad URL (`Store`), or `Store.start` could
    not create the SQLite file's folder, connect, or migrate. The cause (OSError, SQLAlchemy or
    driver error) is the ``__cause__``; ``url`` is the database URL (password hidden)."""

    def __init__(self, message: str, url: str = "") -> None:
        super().__init__(message)
        self.url = url


class NewerDatabase(StorageError):
    """The database is at an Alembic revision this kozyr does not know: a newer kozyr wrote it
    (the bot was rolled back). Nothing was changed; ``revision`` is the unknown revision id."""

    def __init__(self, revision: str) -> None:
        super().__init__(f"the database is at revision {revision}, unknown to this kozyr")
        self.revision = revision


class Conflict(StorageError):
    """A unique key was already taken, e.g. the same (table_id, seq) appended twice.

    Raised by `Tx.add_seat`, `Tx.append_action`, `Tx.create_match`, `Tx.add_score_rows`.
    The transaction stays usable after it: the failed insert is rolled back to a savepoint.
    """


def is_unique_violation(exc: IntegrityError) -> bool:
    """Tell a unique / primary key violation from other integrity errors (FK, NOT NULL)."""
    orig = exc.orig
    sqlite_name = getattr(orig, "sqlite_errorname", None)
    if isinstance(sqlite_name, str):
        return sqlite_name in ("SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY")
    sqlstate = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    if isinstance(sqlstate, str):
        return sqlstate == "23505"
    text = str(orig).lower()
    return "unique constraint" in text or "duplicate key" in text
