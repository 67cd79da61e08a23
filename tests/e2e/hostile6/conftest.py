"""Round six runs on SQLite and, when ``TEST_DATABASE_URL`` is set, on PostgreSQL too: the
e2e ``kozyr`` fixture takes this ``db_url`` (tests/kit/databases.py)."""

from __future__ import annotations

from tests.records.conftest import db_url

__all__ = ["db_url"]  # the fixture, parametrized over SQLite and PostgreSQL
