"""Berg options (berg.md section 1, BERG-OPT-*) and their validation.

Every option is fixed when the match is created. Values are kept as given (``berg_height`` may be
any positive multiple of 0.5; the listed values are the lobby's presets: 10 tournament, 15 short,
25 long, and 20 and 5 as custom heights).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Final

from engine.errors import InvalidOptions
from engine.match import OptionInfo

PLAYERS: Final = 4

OPTIONS: Final = (
    OptionInfo("berg_height", (10, 15, 25, 20, 5), 10, "BERG-OPT-height", lobby=True),
    OptionInfo("berg_win_comparison", ("gt", "gte"), "gt", "BERG-OPT-win-comparison"),
    OptionInfo("tie_convention", ("with_tie", "no_tie_one_deck", "no_tie_two_deck"), "with_tie",
               "BERG-OPT-tie", lobby=True),
    OptionInfo("insurance_type", ("none", "full", "permanent", "half", "absolute", "simple"),
               "none", "BERG-OPT-insurance", lobby=True),
    OptionInfo("full_insurance_price", (0.5, 1.0), 0.5, "BERG-OPT-full-price", lobby=True,
               applies_when=(("insurance_type", ("full",)),)),  # BERG-INS-6
    OptionInfo("simple_insurance_price", (0.5,), 0.5, "BERG-OPT-simple-price"),
    OptionInfo("shuffle_on_turnover", ("off", "on", "by_declaration"), "off", "BERG-OPT-shuffle",
               lobby=True),
    OptionInfo("penalty_size", ("height_plus_5", "cheap_5"), "height_plus_5", "BERG-OPT-penalty",
               lobby=True),
    OptionInfo("enforcement", ("automatic", "penalty"), "automatic", "BERG-OPT-enforcement",
               lobby=True),
    OptionInfo("frame_joker_colour_match", (True, False), True,
               "BERG-OPT-frame-joker-colour"),
    OptionInfo("first_dealer", (0, 1, 2, 3), 3, "BERG-OPT-first-dealer"),
    OptionInfo("captain_02", (0, 2), 0, "BERG-OPT-captain-02", lobby=True),
    OptionInfo("captain_13", (1, 3), 1, "BERG-OPT-captain-13", lobby=True),
)
_BY_KEY: Final = {o.key: o for o in OPTIONS}


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _height(value: Any) -> int | float:
    if not _is_number(value) or not math.isfinite(value) or value <= 0 \
            or not float(value * 2).is_integer():
        raise InvalidOptions("berg_height", f"{value!r} is not a height: use 10, 15, 25 or any "
                             "number above 0 in steps of 0.5", "BERG-OPT-height")
    height: int | float = value
    return height


def resolve_options(players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validate ``options`` and fill in defaults.

    Args:
        players: the player count given to ``new_match`` (must be 4, BERG-SETUP-1).
        options: key -> value as given by the caller (may be None).

    Returns:
        every option key with its value (prices as floats).

    Raises:
        InvalidOptions: a bad player count (BERG-SETUP-1), an unknown key (``BERG-OPT``) or a bad
            value (the option's id, e.g. ``BERG-OPT-tie``).
    """
    if isinstance(players, bool) or players != PLAYERS:
        raise InvalidOptions("players", f"Berg 2x2 is for exactly 4 players, not {players!r}",
                             "BERG-SETUP-1")
    given = dict(options or {})
    for key in given:
        if key not in _BY_KEY:
            raise InvalidOptions(key, f"unknown option; known: {sorted(_BY_KEY)}", "BERG-OPT")
    out: dict[str, Any] = {}
    for info in OPTIONS:
        value = given.get(info.key, info.default)
        if info.key == "berg_height":
            value = _height(value)
        elif info.key.endswith("_price"):
            if not _is_number(value) or float(value) not in info.values:
                raise InvalidOptions(info.key, f"{value!r} is not one of {list(info.values)}",
                                     info.rule_id)
            value = float(value)
        elif info.key == "frame_joker_colour_match":
            if not isinstance(value, bool):
                raise InvalidOptions(info.key, f"{value!r} is not true or false", info.rule_id)
        elif isinstance(value, bool) or value not in info.values \
                or type(value) is not type(info.default):
            raise InvalidOptions(info.key, f"{value!r} is not one of {list(info.values)}",
                                 info.rule_id)
        out[info.key] = value
    return out


def height_half(options: Mapping[str, Any]) -> int:
    """The berg height in half-points."""
    return round(float(options["berg_height"]) * 2)


def cost_half(options: Mapping[str, Any], what: str) -> int:
    """Cost of a declaration in half-points (BERG-DECL-14); ``what`` is the code after
    ``declare:`` (``open:1``, ``open:both``...)."""
    if what == "insure":
        kind = options["insurance_type"]
        price = options["full_insurance_price"] if kind == "full" \
            else options["simple_insurance_price"]
        return round(float(price) * 2)
    return {"dobor": 1, "surrender": 0, "open:both": 2, "shuffle": 2, "fire": 1}.get(what, 1)
