"""Married bridge options (married_bridge.md section 1) and their validation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.errors import InvalidOptions
from engine.match import OptionInfo

OPTIONS: Final = (
    OptionInfo("match_format", ("single_game", "rubber_of_two"), "single_game", "MB-OPT-format",
               lobby=True),
    OptionInfo("escape_after_contra", (True, False), True, "MB-OPT-escape", lobby=True),
    OptionInfo("manual_draws", (False, True), False, "MB-OPT-manual-draws"),
    OptionInfo("first_dealer", (0, 1), 1, "MB-OPT-first-dealer"),
)
_BY_KEY: Final = {o.key: o for o in OPTIONS}
_BOOLEAN: Final = ("escape_after_contra", "manual_draws")


def resolve_options(players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validate ``options`` and fill in defaults.

    Args:
        players: the player count given to ``new_match`` (2 only).
        options: key -> value as given by the caller (may be None). ``escape_after_contra`` and
            ``manual_draws`` take JSON booleans; ``first_dealer`` a seat 0 or 1 (not a bool).

    Returns:
        every option key with its value.

    Raises:
        InvalidOptions: a player count other than 2 (option ``players``, id ``MB-OPT``), an
            unknown key (id ``MB-OPT``) or a bad value (the option's id, e.g. ``MB-OPT-format``).
    """
    if isinstance(players, bool) or players != 2:
        raise InvalidOptions("players", f"married bridge is for 2 players, not {players!r}",
                             "MB-OPT")
    given = dict(options or {})
    for key in given:
        if key not in _BY_KEY:
            raise InvalidOptions(key, f"unknown option; known: {sorted(_BY_KEY)}", "MB-OPT")
    out: dict[str, Any] = {}
    for info in OPTIONS:
        value = given.get(info.key, info.default)
        wants_bool = info.key in _BOOLEAN
        if isinstance(value, bool) != wants_bool or value not in info.values:
            raise InvalidOptions(info.key, f"{value!r} is not one of {list(info.values)}",
                                 info.rule_id)
        out[info.key] = value
    return out
