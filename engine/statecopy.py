"""A fast copy of a game's state for ``Match.clone()`` (AI playouts clone thousands of times).

``copy.deepcopy`` walks every object and keeps a memo; a match state is plain JSON-like data whose
nesting is known, so two levels are copied explicitly instead: every list and dict held by the
state is copied, and so is every list or dict directly inside one of those. Deeper values (a
meld's card list inside a meld dict inside a seat's list, a sheet row's cells) are shared, which
is safe because the games only ever replace them whole, never change them in place — the games'
clone-independence property tests and ``tests/engine/test_ai_*`` check that. The resolved options
are fixed when the match is made and shared outright.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

T = TypeVar("T")


#: Fields no game changes after the match is made (the resolved options): shared, not copied.
SHARED: frozenset[str] = frozenset({"options"})


def copy_state(state: T) -> T:
    """A copy of the dataclass instance ``state`` that shares nothing a game mutates.

    Args:
        state: a game state (a dataclass whose fields are JSON-like values).

    Returns:
        a new instance of the same class: lists and dicts copied two levels deep, scalars,
        deeper containers and the fields of ``SHARED`` shared.
    """
    new = object.__new__(type(state))
    fields: dict[str, Any] = {}
    # the inner copies are written out (no helper call per element): a clone copies about a
    # hundred values and the search clones thousands of times per decision
    for key, value in state.__dict__.items():
        t = type(value)
        if key in SHARED:
            fields[key] = value
        elif t is list:
            fields[key] = [x.copy() if type(x) is list or type(x) is dict else x for x in value]
        elif t is dict:
            fields[key] = {k: v.copy() if type(v) is list or type(v) is dict else v
                           for k, v in value.items()}
        else:
            fields[key] = value
    new.__dict__.update(fields)
    return new


def state_dict(state: Any) -> dict[str, Any]:
    """The fields of the dataclass instance ``state`` as a dict, for ``Match.to_json``: the
    copies of `copy_state` (deeper values shared, which the games never change in place), the
    options copied as well. ``dataclasses.asdict`` with a deep copy walked every value, and a
    state's sheet rows grow with the match."""
    fields: dict[str, Any] = copy_state(state).__dict__
    fields.update((key, _two_levels(fields[key])) for key in SHARED if key in fields)
    return fields


def state_from_dict(cls: type[T], data: Mapping[str, Any]) -> T:
    """An instance of the state class ``cls`` from `state_dict` output (``from_json``), sharing
    nothing a game changes with ``data``: copied as `copy_state` copies."""
    return copy_state(cls(**data))


def _two_levels(value: Any) -> Any:
    if type(value) is list:
        return [x.copy() if type(x) is list or type(x) is dict else x for x in value]
    if type(value) is dict:
        return {k: v.copy() if type(v) is list or type(v) is dict else v
                for k, v in value.items()}
    return value
