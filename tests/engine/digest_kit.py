"""What the behaviour digests (test_behaviour_digest.py, test_belote_behaviour_hash.py) leave
out: the event fields added after their expected digests were taken, so that the digests still
prove the engines list, refuse, tell and store everything else exactly as before.

- ``deal_scored``'s ``trump`` (a Deberts deal's trump, told with its result; issue #20);
- Berg's ``deal_tied`` event after a tied deal's ``deal_scored`` (why it tied, BERG-TIE-1, -2,
  -10; issue #20);
- the ``meld_points`` fact's ``each`` (Bazar-Belot: each shown meld's cards and points,
  BB-MELD-3; issue #18);
- a two-player Deberts result's ``reason`` ``defended`` (both over the target, DB-END-4; #20).
"""

from __future__ import annotations

from typing import Any

#: event fields added since the digests were taken, per event type
ADDED_FIELDS: dict[str, tuple[str, ...]] = {"deal_scored": ("trump",)}
#: view fact fields added since the digests were taken, per fact key
ADDED_FACT_FIELDS: dict[str, tuple[str, ...]] = {"meld_points": ("each",)}
#: (key, value) pairs added since the digests were taken, wherever they stand
ADDED_PAIRS: frozenset[tuple[str, str]] = frozenset({("reason", "defended")})
#: event types added since the digests were taken
ADDED_EVENTS: frozenset[str] = frozenset({"deal_tied"})


def as_before(value: Any) -> Any:
    """``value`` (JSON-like: dicts, lists, tuples, scalars) without the added events and fields,
    anywhere inside it (event lists, snapshots, views)."""
    if isinstance(value, dict):
        added = ADDED_FIELDS.get(str(value.get("type")), ()) \
            + ADDED_FACT_FIELDS.get(str(value.get("key")), ())
        return {k: as_before(v) for k, v in value.items()
                if k not in added and not (isinstance(v, str) and (k, v) in ADDED_PAIRS)}
    if isinstance(value, list | tuple):
        return [as_before(v) for v in value
                if not (isinstance(v, dict) and v.get("type") in ADDED_EVENTS)]
    return value
