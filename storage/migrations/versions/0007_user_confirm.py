"""A player's misclick guard: whether drastic calls ask him for a second tap (``/confirm``).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add user.confirm (on for everyone, the players already stored included)."""
    with op.batch_alter_table("user") as batch:
        batch.add_column(sa.Column("confirm", sa.Boolean(), nullable=False,
                                   server_default=sa.true()))


def downgrade() -> None:
    """Drop user.confirm."""
    with op.batch_alter_table("user") as batch:
        batch.drop_column("confirm")
