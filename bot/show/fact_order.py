"""How a screen lists a game's facts: in the order they happened, where the engine's view
lists them by kind (Deberts, issue #20: an exchange of the trump 7 was read above the
declaration made before it). Each meld said once: bot/show/melds_once.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: Deberts facts of a player's first turn that precede his declaration (DB-MOS-14: the trump
#: question comes before the exchange, DB-DEAL-6, which comes before the declaration,
#: DB-MELD-5), in that order.
_BEFORE_DECLARING = ("trump_passes", "exchanged_seven")

#: Facts made at the players' first turns, after the auction, per game. Deberts: the
#: first-turn facts, the declarations, the meld dialogue's height, the senior melds shown
#: (DB-MELD-5..7).
#: Bazar-Belot: the declarations, made at each player's first turn in trick 1 (BB-MELD-4).
FIRST_TURN_KEYS: dict[str, frozenset[str]] = {
    "deberts": frozenset({*_BEFORE_DECLARING, "declaration", "meld_height",
                          "meld_height_trump", "melds_won"}),
    "bazar_belot": frozenset({"declaration"}),
}

#: Facts said in the play, after every first turn's: a bela, said with one of its cards
#: (Deberts DB-MELD-9; Bazar-Belot BB-MELD-10, "bela" then "rebela", or lost).
PLAY_KEYS: dict[str, frozenset[str]] = {
    "deberts": frozenset({"bela"}),
    "bazar_belot": frozenset({"bela_said", "bela", "bela_lost"}),
}


def in_play_order(game: str, facts: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``facts`` (a view's, in its order) reordered so that each player's first-turn facts
    stand just before his declaration, or after every declaration made so far when he has not
    declared yet (he is at his first turn now). Unchanged for other games and other facts.

    Args:
        game: the engine's game id.
        facts: the view's facts (``{"key", "value", "kind", "seat"?}``).
    Returns:
        A new list holding the same facts.
    """
    if game != "deberts" or not any(f["key"] in _BEFORE_DECLARING for f in facts):
        return list(facts)
    early: dict[Any, list[dict[str, Any]]] = {}  # a seat's first-turn facts, in turn order
    for f in sorted((f for f in facts if f["key"] in _BEFORE_DECLARING),
                    key=lambda f: _BEFORE_DECLARING.index(f["key"])):
        early.setdefault(f.get("seat"), []).append(f)
    rest = [f for f in facts if f["key"] not in _BEFORE_DECLARING]
    declared = [i for i, f in enumerate(rest) if f["key"] == "declaration"]
    # a seat yet to declare is at his first turn now: after every declaration, else where
    # the view put them
    pending = declared[-1] + 1 if declared else \
        next(i for i, f in enumerate(facts) if f["key"] in _BEFORE_DECLARING)
    seats_declared = {rest[i].get("seat") for i in declared}
    now = [g for seat, group in early.items() if seat not in seats_declared for g in group]
    out: list[dict[str, Any]] = []
    for i, f in enumerate(rest):
        if i == pending:
            out += now
        if f["key"] == "declaration":
            out += early.get(f.get("seat"), [])
        out.append(f)
    return out + (now if pending >= len(rest) else [])
