"""Engine helpers shared by the games' test modules (``tests/engine/*_helpers.py``)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

import engine
from engine import IllegalAction


def dicts(events: Iterable[Any]) -> list[dict[str, Any]]:
    """The events as their ``to_dict()`` forms, for comparison and lookup."""
    return [e.to_dict() for e in events]


def of_type(events: Iterable[Any], kind: str) -> list[dict[str, Any]]:
    """The ``to_dict()`` forms of the events (objects or dicts) of type ``kind``."""
    out = [e if isinstance(e, dict) else e.to_dict() for e in events]
    return [d for d in out if d["type"] == kind]


def rule_ids(counts: Mapping[str, int], *extra: str) -> frozenset[str]:
    """Every rule id ``PREFIX-1 .. PREFIX-n`` of ``counts`` (prefix -> n) and the ``extra`` ids."""
    return frozenset(f"{p}-{i}" for p, n in counts.items() for i in range(1, n + 1)) | set(extra)


def act(m: engine.Match, seat: int, code: str) -> list[dict[str, Any]]:
    """Applies ``code`` for ``seat`` after checking it is listed (the engine must list what it
    accepts); returns the events as dicts."""
    legal = m.legal_actions(seat)
    shown = legal if len(legal) <= 40 else [c for c in legal if not c.startswith("bid:")]
    assert code in legal, (seat, code, shown)
    return dicts(m.apply(seat, code))


def refuse(m: engine.Match, seat: int, code: Any, known: frozenset[str],
           rule: str | None = None) -> IllegalAction:
    """Applies a code that must be refused; returns the ``IllegalAction``.

    Checks: the code is not listed for ``seat``; it is refused with a reason and a rule id of
    ``known`` (``rule``, when given); the match is unchanged (events, JSON form, every seat's
    listed codes). Raises AssertionError otherwise.
    """
    seats = range(m.players)
    legal = [m.legal_actions(s) for s in seats]
    assert seat not in seats or code not in legal[seat], (seat, code)
    before = (len(m.events), json.dumps(m.to_json(), sort_keys=True))
    try:
        m.apply(seat, code)
    except IllegalAction as exc:
        assert exc.rule_id in known, (code, exc.rule_id)
        assert exc.reason
        assert (len(m.events), json.dumps(m.to_json(), sort_keys=True)) == before
        assert [m.legal_actions(s) for s in seats] == legal
        if rule is not None:
            assert exc.rule_id == rule, (code, exc.rule_id, exc.reason)
        return exc
    raise AssertionError(f"{seat} {code!r} was accepted")
