"""Calls the bot makes in a player's name when they are his only legal code: a choice he does
not have, so a lone button would only make him press it (issue #18).

Deberts' ``declare:none`` (DB-MELD-5): each player declares once at his first turn of trick 1,
his best meld or nothing; with no terz or fifty (and no four 7s or 8s to show, no question to
ask) nothing is all he may declare, so the engine's explicit step is taken for him at once and
the deal record says so. Bazar-Belot's ``declare:none`` (BB-MELD-4) likewise, when it is
his only declaration (no scoring meld, no four 8s or 7s): a contra or recontra open beside it
(BB-BID-13, BB-BID-15) stays open after it, until his first card. The step stays an engine
action, logged in his name like his own moves (not a bot's move: bot/records/fair.py does not
count it against the rating).
"""

from __future__ import annotations

import engine

#: Codes made for a player when they are the only one he may play, per game id.
FORCED: dict[str, tuple[str, ...]] = {
    "deberts": ("declare:none",),  # DB-MELD-5
    "bazar_belot": ("declare:none",),  # BB-MELD-4
}
#: Calls that may stand beside a forced code and stay open after it, per game id: they are not
#: a choice of what to declare (Deberts' exchange and questions come before the declaration,
#: so none stands there).
BESIDE: dict[str, tuple[str, ...]] = {
    "bazar_belot": ("contra", "recontra"),  # BB-BID-13, BB-BID-15: open until his first card
}


def forced_code(match: engine.Match, seat: int) -> str | None:
    """The code to make for ``seat`` at ``match`` without asking him: his only legal code, the
    calls of ``BESIDE`` apart, when it is listed in ``FORCED`` for the game; else None (also
    when ``seat`` is not to move)."""
    if match.to_move != seat:
        return None
    beside = BESIDE.get(match.game_id, ())
    codes = [c for c in match.legal_actions(seat) if c not in beside]
    if len(codes) == 1 and codes[0] in FORCED.get(match.game_id, ()):
        return codes[0]
    return None
