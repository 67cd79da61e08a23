"""Deberts options (deberts.md "Options") and their validation.

``resolve_options`` turns what a caller gives ``new_match`` into the frozen option set a match keeps
for its whole life (issue: "options are frozen once the match starts"): every key present, the
ruleset's defaults filled in for ``tie``, ``end`` and ``table_talk`` (DB-OPT-ruleset), the first
dealer resolved to a seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.errors import InvalidOptions
from engine.match import OptionInfo

OPTIONS: Final = (
    OptionInfo("ruleset", ("classic", "moscow", "kharkiv"), "classic", "DB-OPT-ruleset",
               lobby=True),
    # DB-OPT-target: ignored in the short formats; DB-OFFER-5, DB-OPT-dave-progression: the
    # offer of fifty in a match only, the stake ladder in the short game with dave only
    OptionInfo("target", (301, 501, 1001), 501, "DB-OPT-target", lobby=True,
               applies_when=(("format", ("match",)),)),
    OptionInfo("format", ("match", "short_no_bait", "short_bait", "short_dave"), "match",
               "DB-OPT-format", lobby=True),
    OptionInfo("tie", ("trump_then_order", "order_only"), "trump_then_order", "DB-OPT-tie"),
    OptionInfo("end", ("after_deal", "claim"), "after_deal", "DB-OPT-end"),
    OptionInfo("table_talk", ("off", "on"), "off", "DB-OPT-table-talk"),
    OptionInfo("offer_fifty", ("off", "on"), "off", "DB-OPT-offer-fifty", lobby=True,
               applies_when=(("format", ("match",)),)),
    OptionInfo("dave_progression", ("arithmetic", "geometric"), "arithmetic",
               "DB-OPT-dave-progression", lobby=True, applies_when=(("format", ("short_dave",)),)),
    OptionInfo("redeal_four", ("on", "off"), "on", "DB-OPT-redeal-four", lobby=True),
    OptionInfo("manual_scoring", ("off", "on"), "off", "DB-OPT-manual-scoring"),
    OptionInfo("first_dealer", (0, 1, 2), None, "DB-OPT-first-dealer"),
)
_BY_KEY: Final = {o.key: o for o in OPTIONS}

#: DB-OPT-ruleset: the defaults a ruleset gives ``tie``, ``end`` and ``table_talk`` (Part C).
RULESET_DEFAULTS: Final[dict[str, dict[str, str]]] = {
    "classic": {"tie": "trump_then_order", "end": "after_deal", "table_talk": "off"},
    "moscow": {"tie": "trump_then_order", "end": "claim", "table_talk": "on"},
    "kharkiv": {"tie": "order_only", "end": "claim", "table_talk": "on"},
}
SHORT_FORMATS: Final = ("short_no_bait", "short_bait", "short_dave")


def resolve_options(players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validate ``options`` and fill in defaults.

    Args:
        players: the player count given to ``new_match`` (2 or 3, DB-OPT-players).
        options: key -> value as given by the caller (may be None).

    Returns:
        every option key with its value; ``tie``, ``end`` and ``table_talk`` take the ruleset's
        default unless given (DB-OPT-ruleset); ``first_dealer`` resolved to a seat.

    Raises:
        InvalidOptions: unknown key, bad value, a bad player count (DB-DEAL-10, naming
            DB-DEAL-1), or ``short_dave`` with three players (DB-DAVE-7, naming DB-DAVE-1).
    """
    if players not in (2, 3) or isinstance(players, bool):
        raise InvalidOptions("players", f"Deberts is for 2 or 3 players, not {players!r}",
                             "DB-DEAL-1")  # DB-DEAL-10: the error names DB-DEAL-1
    given = dict(options or {})
    out: dict[str, Any] = {}
    for key in given:
        if key not in _BY_KEY:
            raise InvalidOptions(key, f"unknown option; known: {sorted(_BY_KEY)}", "DB-OPT")
    ruleset = given.get("ruleset", "classic")
    for info in OPTIONS:
        default = info.default
        if info.key in ("tie", "end", "table_talk") and ruleset in RULESET_DEFAULTS:
            default = RULESET_DEFAULTS[ruleset][info.key]
        value = given.get(info.key, default)
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
    if out["format"] == "short_dave" and players != 2:
        raise InvalidOptions("format", "the short game with dave is for two players only",
                             "DB-DAVE-1")  # DB-DAVE-7: the error names DB-DAVE-1
    return out
