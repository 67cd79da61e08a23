"""The misclick guard's list: the calls that ask for a second tap before they are made.

One place for every game (issue #18, item 4). A call is drastic when one tap too many would
cost a deal or more and cannot be undone: a contract nobody makes by accident (kapo, kapo on one
hand), a doubled score (contra, recontra), points paid at once (Berg's declarations), a deal or
a match given away or thrown in (surrender, a concession, a redeal, a claim), or a bid at a
level far above the usual. The codes are each game's action codes
(docs/rules/<game>.md, "Action codes"); a game missing here simply has no guard.
"""

from __future__ import annotations

from collections.abc import Callable
from fnmatch import fnmatchcase

import engine

#: Code patterns (``fnmatch``: ``*`` is any text) of the drastic calls, per game id.
DRASTIC: dict[str, tuple[str, ...]] = {
    # BB-BID-3, BB-BID-4 (kapo, kapo on one hand), BB-BID-13, BB-BID-15 (contra, recontra),
    # BB-MELD-14 (four 7s annul the deal: a redeal); a bela's second card played without
    # "rebela" where it could be said is guarded too (``_skips_rebela``, BB-PLAY-11)
    "bazar_belot": ("bid:kapo:*", "bid:kapo1:*", "contra", "recontra", "declare:four7"),
    # DB-REDEAL-2 (redeal), DB-MOS-15 (claim the match), DB-DAVE-1 (concede the stake),
    # DB-OFFER-2 (take the 50: the deal ends without play)
    "deberts": ("redeal", "claim", "dave:concede", "accept50"),
    # BERG-DECL-14: every captain's declaration is paid at once, or surrenders the deal
    "berg": ("declare:*",),
    # MB-CODES: contra and recontra double the score
    "married_bridge": ("contra", "recontra"),
}

#: Numeric bids from this level on are drastic, per game, whether or not the bid closes the
#: auction (a 47♥ opening binds the pair as surely as a raise on the last word). Married
#: bridge: a small or grand slam (MB-CODES ``bid:6:*``, ``bid:7:*``). Bazar-Belot's level
#: depends on the strain: the first the cards alone cannot make (``BB_CARD_POINTS``).
HIGH_BIDS: dict[str, int] = {"married_bridge": 6}

#: Bazar-Belot's card points in a deal, by strain (BB-BID-7, BEL-VAL): 4 × 38 (no-trumps) or
#: 4 × 30 + 32 (a suit) plus 10 for the last trick is 162; 4 × 62 + 10 = 258 in all-trumps. A
#: bid of n needs 10·n (BB-BID-2), so from n = 17 (170 > 162), or 26 in all-trumps
#: (260 > 258), no deal makes it with cards alone: melds or bela must add the rest.
BB_CARD_POINTS: dict[str, int] = {"AT": 258}
BB_CARD_POINTS_ELSE = 162


#: Why each drastic call asks, per game: ``(pattern, reason)`` in order, the first match
#: wins; ``confirm.why.<reason>`` in the catalogs says it in a few words.
WHY: dict[str, tuple[tuple[str, str], ...]] = {
    "bazar_belot": (("bid:kapo1:*", "kapo1"), ("bid:kapo:*", "kapo"), ("contra", "contra"),
                    ("recontra", "recontra"), ("declare:four7", "four7"),
                    ("bid:*", "bb_high"), ("play:*", "no_rebela")),
    "deberts": (("redeal", "redeal"), ("claim", "claim"), ("dave:concede", "concede"),
                ("accept50", "accept50")),
    "berg": (("declare:surrender", "surrender"), ("declare:*", "berg_paid")),
    "married_bridge": (("contra", "double"), ("recontra", "redouble"),
                       ("bid:6:*", "small_slam"), ("bid:7:*", "grand_slam")),
}


def drastic_reason(game: str, code: str) -> str | None:
    """The catalog key (``confirm.why.<reason>``) that says why ``code`` asks first in
    ``game``, or None for a call with no reason listed (see ``WHY``)."""
    for pattern, reason in WHY.get(game, ()):
        if fnmatchcase(code, pattern):
            return f"confirm.why.{reason}"
    return None


def drastic_why(tr: Callable[..., str], game: str, code: str, call: str) -> str:
    """Why ``code`` (labelled ``call``, "90 AT") asks first in ``game``, in ``tr``'s words
    (``confirm.why.<reason>``), or "" where no reason is listed. A Bazar-Belot high bid
    names its own need: the points it promises and the most the cards can give
    (``BB_CARD_POINTS``)."""
    key = drastic_reason(game, code)
    if key is None:
        return ""
    level = _bid_level(code)
    if key == "confirm.why.bb_high" and level is not None:
        cards = BB_CARD_POINTS.get(code.split(":")[2], BB_CARD_POINTS_ELSE)
        return tr(key, bid=call, need=10 * level, cards=cards)
    return tr(key)


def _high_level(game: str, code: str) -> int | None:
    """The lowest drastic level of numeric bids in ``code``'s strain, or None (no guard)."""
    if game == "bazar_belot":  # the first level the cards alone cannot make
        return BB_CARD_POINTS.get(code.split(":")[-1], BB_CARD_POINTS_ELSE) // 10 + 1
    return HIGH_BIDS.get(game)


def _skips_rebela(match: engine.Match, seat: int, code: str) -> bool:
    """Whether ``code`` plays a bela's second card without "rebela" while ``seat`` could say
    it (BB-MELD-10, BB-PLAY-11): the bela's 2 points are thrown away by one tap."""
    if match.game_id != "bazar_belot" or not code.startswith("play:") or code.count(":") != 1:
        return False
    return f"{code}:rebela" in match.legal_actions(seat)


def _bid_level(code: str) -> int | None:
    """The level of a numeric bid ``bid:<n>:<strain>``, else None."""
    parts = code.split(":")
    # ASCII digits only: "³" and "①" are digits to str.isdigit() but int() refuses them (a
    # forged press reaches this before the legality check)
    if len(parts) == 3 and parts[0] == "bid" and parts[1].isascii() and parts[1].isdigit():
        return int(parts[1])
    return None


def is_drastic(match: engine.Match, seat: int, code: str) -> bool:
    """Whether ``code`` by ``seat`` at ``match`` asks for a second tap (see ``DRASTIC``,
    ``HIGH_BIDS`` and ``BB_CARD_POINTS``). Legality is not checked here."""
    game = match.game_id
    if any(fnmatchcase(code, pattern) for pattern in DRASTIC.get(game, ())):
        return True
    if _skips_rebela(match, seat, code):
        return True
    level = _bid_level(code)
    least = _high_level(game, code)
    return level is not None and least is not None and level >= least
