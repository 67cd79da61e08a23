"""Stored match snapshots keep the events of their last two deals only.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01

From now on ``Tx.save_snapshot`` stores a snapshot with the events of the current and the
previous deal only (storage/snapshot.py); the action log holds the whole match. This revision
cuts the snapshots stored before it the same way, a batch of rows at a time (a snapshot of a long
match was a fifth of a megabyte). Downgrade leaves them cut: the events are in the action log,
and every revision's code reads a cut snapshot.
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

from storage.snapshot import trim_stored

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Cut the events of every stored snapshot to its last two deals, in batches by table id."""
    if op.get_context().as_sql:  # offline (``alembic upgrade --sql``): there are no rows to read
        return
    trim_stored(op.get_bind(), keep=2)


def downgrade() -> None:
    """Nothing to undo: the cut events are in the action log (see the module docstring)."""
