"""Initial schema: users, chats, tables, seats, match records, action log, score rows.

Revision ID: 0001
Revises:
Create Date: 2025-11-29

Written by hand to match storage/models.py (tests/storage/test_migrations.py compares them).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _ts(name: str, nullable: bool = False) -> sa.Column[object]:
    """A timezone-aware timestamp column (timestamptz on PostgreSQL)."""
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    """Create every table of the initial schema."""
    op.create_table(
        "user",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("platform", sa.String(), nullable=False),
        sa.Column("ext_id", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("username", sa.String(), nullable=True),
        sa.Column("lang", sa.String(), nullable=True),
        sa.Column("can_dm", sa.Boolean(), nullable=False),
        _ts("created_at"),
        sa.PrimaryKeyConstraint("id", name="pk_user"),
        sa.UniqueConstraint("platform", "ext_id", name="uq_user_platform_ext_id"),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("platform", sa.String(), nullable=False),
        sa.Column("ext_id", sa.String(), nullable=False),
        sa.Column("title", sa.String(), nullable=False),
        sa.Column("lang", sa.String(), nullable=True),
        _ts("created_at"),
        sa.PrimaryKeyConstraint("id", name="pk_chat"),
        sa.UniqueConstraint("platform", "ext_id", name="uq_chat_platform_ext_id"),
    )
    op.create_table(
        "game_table",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("chat_id", sa.Integer(), nullable=False),
        sa.Column("thread_id", sa.String(), nullable=True),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("creator_id", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.String(), nullable=True),
        sa.Column("lang", sa.String(), nullable=True),
        _ts("created_at"),
        _ts("updated_at"),
        _ts("finished_at", nullable=True),
        sa.Column("winner_side", sa.Integer(), nullable=True),
        sa.Column("result_line", sa.String(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_game_table"),
        sa.ForeignKeyConstraint(["chat_id"], ["chat.id"], name="fk_game_table_chat_id_chat"),
        sa.ForeignKeyConstraint(["creator_id"], ["user.id"], name="fk_game_table_creator_id_user"),
    )
    op.create_index("ix_game_table_chat_id_status", "game_table", ["chat_id", "status"])
    op.create_table(
        "seat",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("bot_level", sa.String(), nullable=True),
        sa.Column("hand_message_id", sa.String(), nullable=True),
        sa.Column("hand_chat_id", sa.String(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_seat"),
        sa.UniqueConstraint("table_id", "seat", name="uq_seat_table_id_seat"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_table.id"], name="fk_seat_table_id_game_table"
        ),
        sa.ForeignKeyConstraint(["user_id"], ["user.id"], name="fk_seat_user_id_user"),
    )
    op.create_table(
        "match_record",
        sa.Column("table_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("deck", sa.JSON(), nullable=True),
        sa.Column("snapshot", sa.JSON(), nullable=False),
        sa.Column("snapshot_seq", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", name="pk_match_record"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_table.id"], name="fk_match_record_table_id_game_table"
        ),
    )
    op.create_table(
        "action_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(), nullable=False),
        _ts("created_at"),
        sa.PrimaryKeyConstraint("id", name="pk_action_log"),
        sa.UniqueConstraint("table_id", "seq", name="uq_action_log_table_id_seq"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_table.id"], name="fk_action_log_table_id_game_table"
        ),
    )
    op.create_table(
        "score_row",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("cell", sa.String(), nullable=False),
        sa.Column("points", sa.Float(), nullable=False),
        sa.Column("total", sa.Float(), nullable=False),
        sa.Column("note", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_score_row"),
        sa.UniqueConstraint("table_id", "deal", "side", name="uq_score_row_table_id_deal_side"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_table.id"], name="fk_score_row_table_id_game_table"
        ),
    )


def downgrade() -> None:
    """Drop every table, children first."""
    op.drop_table("score_row")
    op.drop_table("action_log")
    op.drop_table("match_record")
    op.drop_table("seat")
    op.drop_index("ix_game_table_chat_id_status", table_name="game_table")
    op.drop_table("game_table")
    op.drop_table("chat")
    op.drop_table("user")
