"""A fast copy of a game's state for ``Match.clone()`` (AI playouts clone thousands of times).

``copy.deepcopy`` walks every object and keeps a memo; a match state is plain JSON-like data whose
nesting is known, so two levels are copied explicitly instead: every list and dict held by the
state is copied, and so is every list or dict directly inside one of those. Deeper values (a
meld's card list inside a meld dict inside a seat's list, a sheet row's cells) are shared, which
is safe because the games only ever replace them whole, never change them in place — the games'
clone-independence property tests and ``tests/engine/test_ai_*`` check that.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def _inner(value: Any) -> Any:
    t = type(value)
    if t is list or t is dict:
        return value.copy()
    return value


def copy_state(state: T) -> T:
    """A copy of the dataclass instance ``state`` that shares nothing a game mutates.

    Args:
        state: a game state (a dataclass whose fields are JSON-like values).

    Returns:
        a new instance of the same class: lists and dicts copied two levels deep, scalars and
        deeper containers shared.
    """
    new = object.__new__(type(state))
    fields: dict[str, Any] = {}
    for key, value in state.__dict__.items():
        t = type(value)
        if t is list:
            fields[key] = [_inner(x) for x in value]
        elif t is dict:
            fields[key] = {k: _inner(v) for k, v in value.items()}
        else:
            fields[key] = value
    new.__dict__.update(fields)
    return new
