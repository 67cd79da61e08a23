"""Alembic revisions, applied in order by `storage.db.run_migrations`."""
