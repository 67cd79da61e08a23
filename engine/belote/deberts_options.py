"""Deberts options (deberts.md "Options") and their validation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.errors import InvalidOptions
from engine.match import OptionInfo

OPTIONS: Final = (
    OptionInfo("ruleset", ("classic", "moscow", "kharkiv"), "classic", "DB-OPT-ruleset",
               implemented=("classic",)),
    OptionInfo("target", (301, 501, 1001), 501, "DB-OPT-target", lobby=True),
    OptionInfo("format", ("match", "short_no_bait", "short_bait", "short_dave"), "match",
               "DB-OPT-format", implemented=("match",)),
    OptionInfo("tie", ("trump_then_order", "order_only"), "trump_then_order", "DB-OPT-tie"),
    OptionInfo("end", ("after_deal", "claim"), "after_deal", "DB-OPT-end",
               implemented=("after_deal",)),
    OptionInfo("table_talk", ("off", "on"), "off", "DB-OPT-table-talk", implemented=("off",)),
    OptionInfo("offer_fifty", ("off", "on"), "off", "DB-OPT-offer-fifty", implemented=("off",)),
    OptionInfo("dave_progression", ("arithmetic", "geometric"), "arithmetic",
               "DB-OPT-dave-progression"),
    OptionInfo("redeal_four", ("on", "off"), "on", "DB-OPT-redeal-four", lobby=True),
    OptionInfo("manual_scoring", ("off", "on"), "off", "DB-OPT-manual-scoring"),
    OptionInfo("first_dealer", (0, 1, 2), None, "DB-OPT-first-dealer"),
)
_BY_KEY: Final = {o.key: o for o in OPTIONS}


def resolve_options(players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validate ``options`` and fill in defaults.

    Args:
        players: the player count given to ``new_match``.
        options: key -> value as given by the caller (may be None).

    Returns:
        every option key with its value; ``first_dealer`` resolved to a seat.

    Raises:
        InvalidOptions: unknown key, bad value, a value not implemented yet, or a bad player count
            (DB-DEAL-10).
    """
    if players not in (2, 3) or isinstance(players, bool):
        raise InvalidOptions("players", f"Deberts is for 2 or 3 players, not {players!r}",
                             "DB-DEAL-1")  # DB-DEAL-10: the error names DB-DEAL-1
    if players == 3:
        raise InvalidOptions("players", "three-player Deberts (B.7) is not available yet",
                             "DB-OPT-players")
    given = dict(options or {})
    out: dict[str, Any] = {}
    for key in given:
        if key not in _BY_KEY:
            raise InvalidOptions(key, f"unknown option; known: {sorted(_BY_KEY)}", "DB-OPT")
    for info in OPTIONS:
        value = given.get(info.key, info.default)
        if info.key == "first_dealer":
            value = players - 1 if value is None else value
            if isinstance(value, bool) or value not in range(players):
                raise InvalidOptions(info.key, f"{value!r} is not a seat of {players} players",
                                     info.rule_id)
        elif isinstance(value, bool) or value not in info.values:
            raise InvalidOptions(info.key, f"{value!r} is not one of {list(info.values)}",
                                 info.rule_id)
        elif info.implemented is not None and value not in info.implemented:
            raise InvalidOptions(info.key, f"{value!r} is not available yet", info.rule_id)
        out[info.key] = value
    return out
