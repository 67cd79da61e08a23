"""Bazar-Belot options (bazar_belot.md "Options") and their validation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.errors import InvalidOptions
from engine.match import OptionInfo

PLAYERS: Final = 4
#: BB-OPT-target accepts any integer >= 1; these are the values a lobby offers.
TARGET_CHOICES: Final = (301, 501, 1001)

OPTIONS: Final = (
    OptionInfo("target", TARGET_CHOICES, 301, "BB-OPT-target", lobby=True),
    OptionInfo("auto_show", (True, False), True, "BB-OPT-auto-show", lobby=True),
    OptionInfo("sheet_locale", ("en", "ru"), "en", "BB-OPT-sheet-locale"),
    OptionInfo("first_dealer", (0, 1, 2, 3), 3, "BB-OPT-first-dealer"),
)
_BY_KEY: Final = {o.key: o for o in OPTIONS}


def resolve_options(players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validate ``options`` and fill in defaults.

    Args:
        players: the player count given to ``new_match`` (must be 4, BB-DEAL-7).
        options: key -> value as given by the caller (may be None). ``target`` is any integer
            >= 1 (the lobby offers 301, 501, 1001); ``auto_show`` a bool; ``sheet_locale``
            ``en`` or ``ru``; ``first_dealer`` a seat 0-3.

    Returns:
        every option key with its value.

    Raises:
        InvalidOptions: a player count other than 4 (names BB-DEAL-1), an unknown key (BB-OPT),
            or a bad value (the option's id, e.g. BB-OPT-target).
    """
    if isinstance(players, bool) or players != PLAYERS:
        raise InvalidOptions("players", f"Bazar-Belot is for exactly 4 players, not {players!r}",
                             "BB-DEAL-1")
    given = dict(options or {})
    for key in given:
        if key not in _BY_KEY:
            raise InvalidOptions(key, f"unknown option; known: {sorted(_BY_KEY)}", "BB-OPT")
    out: dict[str, Any] = {}
    for info in OPTIONS:
        value = given.get(info.key, info.default)
        if info.key == "target":
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise InvalidOptions(info.key, f"{value!r} is not an integer >= 1", info.rule_id)
        elif info.key == "auto_show":
            if not isinstance(value, bool):
                raise InvalidOptions(info.key, f"{value!r} is not true or false", info.rule_id)
        elif (isinstance(value, bool) or value not in info.values
              or type(value) is not type(info.default)):
            raise InvalidOptions(info.key, f"{value!r} is not one of {list(info.values)}",
                                 info.rule_id)
        out[info.key] = value
    return out
