"""Records: match results per match and per seat, ratings, and the indexes their queries use.

Revision ID: 0003
Revises: 0002
Create Date: 2025-11-30

Written by hand to match storage/models.py (the "records" section). The tables are filled from
now on when a match ends (bot/records.py); matches finished before this revision are picked up
by ``Records.backfill`` (the service may run it at start-up).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _ts(name: str, nullable: bool = False) -> sa.Column[object]:
    """A timezone-aware timestamp column (timestamptz on PostgreSQL)."""
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def _fk(table: str, column: str, target: str) -> sa.ForeignKeyConstraint:
    """A foreign key named by the project's convention (``fk_<table>_<column>_<target>``)."""
    return sa.ForeignKeyConstraint(
        [column], [f"{target}.id"], name=f"fk_{table}_{column}_{target}"
    )


def upgrade() -> None:
    """Create match_result, seat_result and rating, and index game_table by end time."""
    op.create_index(
        "ix_game_table_chat_id_finished_at", "game_table", ["chat_id", "finished_at"]
    )
    op.create_table(
        "match_result",
        sa.Column("table_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("chat_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("deals", sa.Integer(), nullable=False),
        sa.Column("winner_side", sa.Integer(), nullable=True),
        sa.Column("sides", sa.JSON(), nullable=False),
        sa.Column("totals", sa.JSON(), nullable=False),
        _ts("finished_at"),
        sa.PrimaryKeyConstraint("table_id", name="pk_match_result"),
        _fk("match_result", "table_id", "game_table"),
        _fk("match_result", "chat_id", "chat"),
    )
    op.create_index(
        "ix_match_result_chat_id_game_finished_at",
        "match_result",
        ["chat_id", "game", "finished_at"],
    )
    op.create_table(
        "seat_result",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("chat_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("bot_level", sa.String(), nullable=True),
        sa.Column("outcome", sa.String(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("points", sa.Float(), nullable=False),
        sa.Column("deals", sa.Integer(), nullable=False),
        sa.Column("baits", sa.Integer(), nullable=False),
        sa.Column("capots", sa.Integer(), nullable=False),
        sa.Column("rating_before", sa.Float(), nullable=True),
        sa.Column("rating_after", sa.Float(), nullable=True),
        _ts("finished_at"),
        sa.PrimaryKeyConstraint("id", name="pk_seat_result"),
        sa.UniqueConstraint("table_id", "seat", name="uq_seat_result_table_id_seat"),
        _fk("seat_result", "table_id", "game_table"),
        _fk("seat_result", "chat_id", "chat"),
        _fk("seat_result", "user_id", "user"),
    )
    op.create_index(
        "ix_seat_result_user_id_game_chat_id", "seat_result", ["user_id", "game", "chat_id"]
    )
    op.create_table(
        "rating",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("chat_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("ordinal", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        _ts("updated_at"),
        sa.PrimaryKeyConstraint("id", name="pk_rating"),
        sa.UniqueConstraint(
            "chat_id", "game", "user_id", name="uq_rating_chat_id_game_user_id"
        ),
        _fk("rating", "chat_id", "chat"),
        _fk("rating", "user_id", "user"),
    )
    op.create_index("ix_rating_chat_id_game_ordinal", "rating", ["chat_id", "game", "ordinal"])


def downgrade() -> None:
    """Drop the records tables and the end-time index."""
    op.drop_index("ix_rating_chat_id_game_ordinal", table_name="rating")
    op.drop_table("rating")
    op.drop_index("ix_seat_result_user_id_game_chat_id", table_name="seat_result")
    op.drop_table("seat_result")
    op.drop_index("ix_match_result_chat_id_game_finished_at", table_name="match_result")
    op.drop_table("match_result")
    op.drop_index("ix_game_table_chat_id_finished_at", table_name="game_table")
