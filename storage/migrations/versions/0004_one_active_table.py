"""One active table per place: at most one "lobby"/"playing" table per chat and topic.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01

Two partial unique indexes (SQLite and PostgreSQL both have them): one over ``chat_id`` for the
tables without a topic (a NULL ``thread_id`` is never equal to another NULL, so one index over
both columns would let any number of them through), one over ``(chat_id, thread_id)`` for the
topics. Written by hand to match storage/models.py.

A database that already holds several active tables in one place (two ``/new`` that raced on
PostgreSQL) keeps one of them: a running match before a lobby, then the newest (the one the bot
showed, as ``Tx.active_table`` picks the newest); the others are aborted (ended now), as
``/stop`` would do.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ACTIVE = "status IN ('lobby', 'playing')"

_tables = sa.table(
    "game_table",
    sa.column("id", sa.Integer()),
    sa.column("chat_id", sa.Integer()),
    sa.column("thread_id", sa.String()),
    sa.column("status", sa.String()),
    sa.column("created_at", sa.DateTime(timezone=True)),
    sa.column("updated_at", sa.DateTime(timezone=True)),
    sa.column("finished_at", sa.DateTime(timezone=True)),
)


def _close_duplicates() -> None:
    """Abort every active table but the one kept in its place (see the module docstring)."""
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(_tables.c.id, _tables.c.chat_id, _tables.c.thread_id, _tables.c.status)
        .where(_tables.c.status.in_(("lobby", "playing")))
        .order_by(_tables.c.created_at.desc(), _tables.c.id.desc())
    ).all()
    kept: dict[tuple[int, str | None], tuple[int, str]] = {}
    closed: list[int] = []
    for table_id, chat_id, thread_id, status in rows:  # newest first
        place = (chat_id, thread_id)
        best = kept.get(place)
        if best is None:
            kept[place] = (table_id, status)
        elif status == "playing" and best[1] != "playing":
            closed.append(best[0])
            kept[place] = (table_id, status)
        else:
            closed.append(table_id)
    if closed:
        now = datetime.now(UTC)
        bind.execute(
            _tables.update()
            .where(_tables.c.id.in_(closed))
            .values(status="aborted", updated_at=now, finished_at=now)
        )


def upgrade() -> None:
    """Abort duplicate active tables, then create the two partial unique indexes."""
    _close_duplicates()
    op.create_index(
        "uq_game_table_active_chat",
        "game_table",
        ["chat_id"],
        unique=True,
        sqlite_where=sa.text(f"{_ACTIVE} AND thread_id IS NULL"),
        postgresql_where=sa.text(f"{_ACTIVE} AND thread_id IS NULL"),
    )
    op.create_index(
        "uq_game_table_active_thread",
        "game_table",
        ["chat_id", "thread_id"],
        unique=True,
        sqlite_where=sa.text(f"{_ACTIVE} AND thread_id IS NOT NULL"),
        postgresql_where=sa.text(f"{_ACTIVE} AND thread_id IS NOT NULL"),
    )


def downgrade() -> None:
    """Drop the two indexes (aborted duplicates stay aborted)."""
    op.drop_index("uq_game_table_active_thread", table_name="game_table")
    op.drop_index("uq_game_table_active_chat", table_name="game_table")
