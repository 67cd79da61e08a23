"""The current deal's events are stored beside the snapshot, append-only.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02

Until now the stored snapshot held the events of the current deal (revision 0006), so every
move of a long deal encoded, wrote and decoded again a longer row (8 KB by the end of a Berg
deal). From this revision the snapshot holds no events (``"events": []``) and a move adds its
own events to its action log row (``action_log.events``); ``match_record.deal_events`` holds the
current deal's events up to action ``match_record.deal_seq`` (storage/snapshot.py). This
revision moves each stored snapshot's events there (``deal_seq``: its ``snapshot_seq``).
Downgrade puts them back into the snapshot, with the events of the actions logged after
``deal_seq``, and drops the columns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.engine import Connection

from storage.snapshot import BATCH, trim_events

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_records = sa.table(
    "match_record",
    sa.column("table_id", sa.Integer),
    sa.column("snapshot", sa.JSON),
    sa.column("snapshot_seq", sa.Integer),
    sa.column("deal_events", sa.JSON),
    sa.column("deal_seq", sa.Integer),
)
_actions = sa.table(
    "action_log",
    sa.column("table_id", sa.Integer),
    sa.column("seq", sa.Integer),
    sa.column("events", sa.JSON),
)


def _each_record(conn: Connection, change: Callable[[Connection, Any], None]) -> None:
    """Call ``change(conn, row)`` for every match record, ``BATCH`` rows a query by table id."""
    after = -1
    while True:
        rows = conn.execute(
            sa.select(_records).where(_records.c.table_id > after)
            .order_by(_records.c.table_id).limit(BATCH)).all()
        if not rows:
            return
        for row in rows:
            change(conn, row)
        after = rows[-1].table_id


def _move_out(conn: Connection, row: Any) -> None:
    """One record's snapshot events to ``deal_events`` (cut to the current deal)."""
    snapshot = row.snapshot if isinstance(row.snapshot, dict) else {}
    events = trim_events(snapshot).get("events")
    conn.execute(_records.update().where(_records.c.table_id == row.table_id).values(
        snapshot={**snapshot, "events": []} if "events" in snapshot else snapshot,
        deal_events=list(events) if isinstance(events, list) else [],
        deal_seq=row.snapshot_seq))


def _move_back(conn: Connection, row: Any) -> None:
    """One record's current deal events back into its snapshot."""
    snapshot = row.snapshot if isinstance(row.snapshot, dict) else {}
    later = conn.execute(
        sa.select(_actions.c.events)
        .where(_actions.c.table_id == row.table_id, _actions.c.seq > row.deal_seq)
        .order_by(_actions.c.seq)).scalars().all()
    events = [*(row.deal_events or []), *(e for chunk in later for e in chunk or [])]
    if "events" in snapshot:
        conn.execute(_records.update().where(_records.c.table_id == row.table_id).values(
            snapshot=trim_events({**snapshot, "events": events})))


def upgrade() -> None:
    """Add the columns; move every stored snapshot's events to ``deal_events``."""
    with op.batch_alter_table("match_record") as batch:
        batch.add_column(sa.Column("deal_events", sa.JSON(), nullable=False,
                                   server_default=sa.text("'[]'")))
        batch.add_column(sa.Column("deal_seq", sa.Integer(), nullable=False,
                                   server_default=sa.text("0")))
    with op.batch_alter_table("action_log") as batch:
        batch.add_column(sa.Column("events", sa.JSON(), nullable=True))
    if op.get_context().as_sql:  # offline (``alembic upgrade --sql``): there are no rows to read
        return
    _each_record(op.get_bind(), _move_out)


def downgrade() -> None:
    """Put the events back into the snapshots; drop the columns."""
    if not op.get_context().as_sql:
        _each_record(op.get_bind(), _move_back)
    with op.batch_alter_table("action_log") as batch:
        batch.drop_column("events")
    with op.batch_alter_table("match_record") as batch:
        batch.drop_column("deal_seq")
        batch.drop_column("deal_events")
