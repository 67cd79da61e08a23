"""The stored match snapshot keeps the events of the current deal only, so it does not grow.

``Match.to_json()`` holds the match state and every event since the match began; the events
were 91% of a long match's snapshot and made each move write (and decode) more than the one
before. The action log already holds the whole match (the engine replays it exactly from the
seed), so the snapshot keeps only the events the running table reads: those of the current deal
(the bot players follow the deal from them, engine/ai). The move that ends a deal still has
that deal's events in memory (its result message offers the deal's record); whoever needs the
events of an earlier deal, the "Deal record" button included, replays the action log
(bot/records/service.py). Until migration 0006 the deal before the current one was kept too.

The engine decodes a trimmed snapshot like a full one: the match state does not depend on the
event list, and a match carries on from the events it was given.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

__all__ = ["KEEP_DEALS", "trim_events", "trim_stored"]

#: Deals whose events a stored snapshot keeps: the current one.
KEEP_DEALS = 1
#: Snapshots read and rewritten per query by ``trim_stored``.
BATCH = 200

_records = sa.table(
    "match_record",
    sa.column("table_id", sa.Integer),
    sa.column("snapshot", sa.JSON),
)


def trim_events(snapshot: dict[str, Any], keep: int = KEEP_DEALS) -> dict[str, Any]:
    """``snapshot`` (``Match.to_json()`` output) with its ``events`` list cut to the events from
    the ``keep``-th last ``deal`` event on; the same object when there is nothing to cut
    (no ``events`` key, or not more than ``keep`` deals in it). The input is not changed.
    """
    events = snapshot.get("events")
    if not isinstance(events, list):
        return snapshot
    seen = 0
    for i in range(len(events) - 1, 0, -1):  # from the end: the kept part is short
        event = events[i]
        if isinstance(event, dict) and event.get("type") == "deal":
            seen += 1
            if seen == keep:
                return {**snapshot, "events": events[i:]}
    return snapshot


def trim_stored(conn: Connection, keep: int) -> None:
    """Cut every snapshot stored in ``match_record`` to its last ``keep`` deals' events
    (``trim_events``), ``BATCH`` rows at a time by table id; for the migrations (revisions
    0005 and 0006), on their connection."""
    after = -1
    while True:
        rows = conn.execute(
            sa.select(_records.c.table_id, _records.c.snapshot)
            .where(_records.c.table_id > after)
            .order_by(_records.c.table_id)
            .limit(BATCH)
        ).all()
        if not rows:
            return
        for table_id, snapshot in rows:
            if isinstance(snapshot, dict):
                trimmed = trim_events(snapshot, keep)
                if trimmed is not snapshot:
                    conn.execute(
                        _records.update()
                        .where(_records.c.table_id == table_id)
                        .values(snapshot=trimmed)
                    )
        after = rows[-1][0]
