"""Alembic environment of the storage package (run from `storage.db.Store.start`)."""
