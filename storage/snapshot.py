"""The stored match snapshot holds no events, so what a move writes does not grow.

``Match.to_json()`` holds the match state and the events since the match began. The action log
already holds the whole match (the engine replays it exactly from the seed), so the stored
snapshot leaves the events out (``"events": []``; migrations 0005, 0006 and 0009) and keeps the
state only. The running table still reads the events of its current deal (the bot players
follow the deal from them, engine/ai), so those are stored append-only beside it, where a move
adds its own and rewrites nothing (migration 0009):

- ``match_record.deal_events``: the current deal's events up to action ``deal_seq``, from its
  ``deal`` event on (a handful: the move that deals writes them);
- ``action_log.events``: the events of each action after that (``to_dict`` form).

The current deal's events are ``deal_events`` followed by the events of the actions after
``deal_seq`` (``Tx.deal_events``); with them the stored snapshot is what ``trim_events`` leaves
of ``Match.to_json()``, exactly (``with_events``). A press that does not need them (a human's
move) decodes the snapshot without them: the match state does not depend on the event list,
and a match carries on from the events it was given. Whoever needs the events of an earlier
deal, the "Deal record" button included, replays the action log (bot/records/service.py).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

__all__ = ["KEEP_DEALS", "deal_start", "split_events", "trim_events", "trim_stored",
           "with_events"]

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
    start = deal_start(events, keep)
    if not start:  # None, or the events begin with that deal already
        return snapshot
    return {**snapshot, "events": events[start:]}


def deal_start(events: list[Any], keep: int = 1) -> int | None:
    """The index of the ``keep``-th last ``deal`` event in ``events`` (``to_dict`` form), or
    None when there are fewer. Scanned from the end: the part wanted is short."""
    seen = 0
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if isinstance(event, dict) and event.get("type") == "deal":
            seen += 1
            if seen == keep:
                return i
    return None


def split_events(snapshot: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``snapshot`` (``Match.to_json()`` output) as stored: the snapshot with ``"events": []``
    (left alone without an ``events`` key) and its current deal's events (``trim_events``).
    The input is not changed."""
    events = trim_events(snapshot).get("events")
    if not isinstance(events, list):
        return snapshot, []
    return {**snapshot, "events": []}, list(events)


def with_events(snapshot: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    """A stored ``snapshot`` (``split_events``) with the current deal's ``events`` put back:
    ``trim_events(Match.to_json())`` as the match was stored, exactly."""
    return {**snapshot, "events": events}


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
