"""Turn clocks: the table's deadline and pause flag, a seat's consecutive time-outs.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add game_table.deadline, game_table.paused and seat.timeouts."""
    with op.batch_alter_table("game_table") as batch:
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("paused", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    with op.batch_alter_table("seat") as batch:
        batch.add_column(sa.Column("timeouts", sa.Integer(), nullable=False,
                                   server_default="0"))


def downgrade() -> None:
    """Drop the clock columns."""
    with op.batch_alter_table("seat") as batch:
        batch.drop_column("timeouts")
    with op.batch_alter_table("game_table") as batch:
        batch.drop_column("paused")
        batch.drop_column("deadline")
