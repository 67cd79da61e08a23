"""Rematch votes, "your move" pings, fair ratings.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01

* ``rematch_vote``: who pressed "Rematch" under a finished match (bot/tables/rematch.py);
* ``user.notify`` (``/notify on|off``) and ``seat.ping_message_id`` (the ping to delete once
  the player moves; bot/tables/ping.py);
* ``action_log.by_bot``, ``seat.left_match``, ``match_result.rated`` and ``seat_result.rated``
  (bot/records/fair.py). Results written before this revision were all rated: they stay so.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _flag(name: str, default: bool) -> sa.Column[bool]:
    """A boolean column that is never NULL, filled with ``default`` in the existing rows."""
    return sa.Column(name, sa.Boolean(), nullable=False,
                     server_default=sa.true() if default else sa.false())


def upgrade() -> None:
    """Create rematch_vote; add the ping, notify, by_bot, left_match and rated columns."""
    op.create_table(
        "rematch_vote",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "user_id", name="pk_rematch_vote"),
        sa.ForeignKeyConstraint(["table_id"], ["game_table.id"],
                                name="fk_rematch_vote_table_id_game_table"),
        sa.ForeignKeyConstraint(["user_id"], ["user.id"], name="fk_rematch_vote_user_id_user"),
    )
    with op.batch_alter_table("user") as batch:
        batch.add_column(_flag("notify", True))
    with op.batch_alter_table("seat") as batch:
        batch.add_column(sa.Column("ping_message_id", sa.String(), nullable=True))
        batch.add_column(_flag("left_match", False))
    with op.batch_alter_table("action_log") as batch:
        batch.add_column(_flag("by_bot", False))
    with op.batch_alter_table("match_result") as batch:
        batch.add_column(_flag("rated", True))
    with op.batch_alter_table("seat_result") as batch:
        batch.add_column(_flag("rated", True))


def downgrade() -> None:
    """Drop what ``upgrade`` added."""
    for table, column in (("seat_result", "rated"), ("match_result", "rated"),
                          ("action_log", "by_bot"), ("seat", "left_match"),
                          ("seat", "ping_message_id"), ("user", "notify")):
        with op.batch_alter_table(table) as batch:
            batch.drop_column(column)
    op.drop_table("rematch_vote")
