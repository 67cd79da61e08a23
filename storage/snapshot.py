"""The stored match snapshot keeps the events of the last deals only, so it does not grow.

``Match.to_json()`` holds the match state and every event since the match began; the events
were 91% of a long match's snapshot and made each move write (and decode) more than the one
before. The action log already holds the whole match (the engine replays it exactly from the
seed), so the snapshot keeps only the events the running table reads: those of the current
deal (the bot players follow the deal from them, engine/ai) and of the deal before it (the
"Deal record" button of the deal that has just ended). Whoever needs older events replays the
action log (bot/records/service.py).

The engine decodes a trimmed snapshot like a full one: the match state does not depend on the
event list, and a match carries on from the events it was given.
"""

from __future__ import annotations

from typing import Any

__all__ = ["KEEP_DEALS", "trim_events"]

#: Deals whose events a stored snapshot keeps: the current one and the one before.
KEEP_DEALS = 2


def trim_events(snapshot: dict[str, Any]) -> dict[str, Any]:
    """``snapshot`` (``Match.to_json()`` output) with its ``events`` list cut to the events from
    the ``KEEP_DEALS``-th last ``deal`` event on; the same object when there is nothing to cut
    (no ``events`` key, or not more than ``KEEP_DEALS`` deals in it). The input is not changed.
    """
    events = snapshot.get("events")
    if not isinstance(events, list):
        return snapshot
    seen = 0
    for i in range(len(events) - 1, 0, -1):  # from the end: the kept part is short
        event = events[i]
        if isinstance(event, dict) and event.get("type") == "deal":
            seen += 1
            if seen == KEEP_DEALS:
                return {**snapshot, "events": events[i:]}
    return snapshot
