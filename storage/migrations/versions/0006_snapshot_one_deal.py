"""Stored match snapshots keep the events of their current deal only.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01

``Tx.store_move`` now stores a snapshot with the events of the current deal only
(storage/snapshot.py, ``KEEP_DEALS``): the previous deal's events, kept by revision 0005 for the
"Deal record" button, are replayed from the action log when the button is pressed. This revision
cuts the snapshots stored before it the same way (a long Berg deal's events were half of its
snapshot). Downgrade leaves them cut: the events are in the action log, and every revision's
code reads a cut snapshot.
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

from storage.snapshot import trim_stored

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Cut the events of every stored snapshot to its current deal, in batches by table id."""
    if op.get_context().as_sql:  # offline (``alembic upgrade --sql``): there are no rows to read
        return
    trim_stored(op.get_bind(), keep=1)


def downgrade() -> None:
    """Nothing to undo: the cut events are in the action log (see the module docstring)."""
