"""What each Deberts player may see (DB-PLAY-8), in the view schema of ``engine.match``.

``public_view`` holds only public information: the up-card and bottom card, calls, declarations
by kind, the table-talk answers, the comparison winner's meld value once shown, bela words,
tricks, counts and totals. ``view(seat)`` adds that seat's hand and private facts.
"""

from __future__ import annotations

from engine.belote.common import BELA_POINTS, find_melds, hand_sort_key
from engine.cards import suit
from engine.deberts.short import next_stake
from engine.deberts.state import NAMES, DebertsState, is_short, opt
from engine.match import Fact, View


def _facts(s: DebertsState) -> list[Fact]:
    facts: list[Fact] = []
    if is_short(s):
        facts.append({"key": "format", "value": opt(s, "format"), "kind": "text"})
    else:
        facts.append({"key": "target", "value": s.options["target"], "kind": "number"})
    if opt(s, "ruleset") != "classic":
        facts.append({"key": "ruleset", "value": "ruleset_" + opt(s, "ruleset"),
                      "kind": "text"})
    if opt(s, "format") == "short_dave":
        facts.append({"key": "stake", "value": s.stake, "kind": "number"})
        if s.dave_right is not None:
            facts.append({"key": "dave_right", "value": s.dave_right, "kind": "seat"})
        if s.dave_by is not None:
            offered = next_stake(s.stake, opt(s, "dave_progression"))
            facts.append({"key": "dave_offered", "value": offered, "kind": "number",
                          "seat": s.dave_by})
    if s.phase == "bidding":
        facts.append({"key": "bidding_round", "value": s.round, "kind": "number"})
    if s.trump:
        facts.append({"key": "trump", "value": s.trump, "kind": "suit"})
    if s.declarer is not None:
        facts.append({"key": "declarer", "value": s.declarer, "kind": "seat"})
    if s.declarer is not None and s.offer == "made":
        facts.append({"key": "fifty_offered", "value": 50, "kind": "number",
                      "seat": 1 - s.declarer})
    elif s.declarer is not None and s.offer == "declined":
        facts.append({"key": "fifty_declined", "value": 50, "kind": "number",
                      "seat": s.declarer})
    if s.swapped is not None:
        facts.append({"key": "exchanged_seven", "value": s.up_card, "kind": "card",
                      "seat": s.swapped})
    for seat, answer in enumerate(s.trump_asked):
        if answer:
            facts.append({"key": "trump_passes", "value": "trump_" + answer, "kind": "text",
                          "seat": seat})
    for seat in s.decl_order:
        facts.append({"key": "declaration", "value": s.declared[seat], "kind": "text",
                      "seat": seat})
    if s.height is not None:
        key = "meld_height_trump" if s.height["trump"] else "meld_height"
        facts.append({"key": key, "value": "height_" + s.height["rank"], "kind": "text",
                      "seat": s.height["seat"]})
    if s.melds_shown and s.meld_winner is not None:
        pts = sum(m["points"] for m in s.melds[s.meld_winner])
        facts.append({"key": "melds_won", "value": pts, "kind": "number",
                      "seat": s.meld_winner, "count": len(s.melds[s.meld_winner]),
                      "melds": [m["kind"] for m in s.melds[s.meld_winner]]})
    if s.last_trick and s.last_winner is not None:  # who took it (the table names him)
        facts.append({"key": "last_trick_winner", "value": s.last_winner, "kind": "seat"})
    for seat in range(s.players):
        if s.bela_said[seat]:
            facts.append({"key": "bela", "value": BELA_POINTS, "kind": "number", "seat": seat})
    return facts


def public_view(s: DebertsState, game_id: str, to_move: int | None) -> View:
    """The view schema without ``hand`` and ``private`` (see ``engine.match``)."""
    return {
        "game": game_id,
        "phase": s.phase,
        "deal": s.deal_no,
        # the sheet numbers scored deals only (DB-SHEET-6: thrown-in deals get no row); a
        # claim ends the match in a deal that gets no row but was in play (DB-SHEET-5)
        "sheet_deal": len(s.rows) + (0 if s.phase == "over" and not (s.result or {}).get("claim")
                                     else 1),
        "to_move": to_move,
        "dealer": s.dealer,
        "seat": None,
        "hand_counts": [len(h) for h in s.hands],
        "tricks_won": list(s.tricks_won),
        "groups": {
            "up_card": [{"card": s.up_card, "seat": None}] if s.up_card else [],
            "bottom_card": [{"card": s.bottom, "seat": None}] if s.bottom else [],
            "trick": [{"card": c, "seat": p} for p, c in s.trick],
            "last_trick": [{"card": c, "seat": p} for p, c in s.last_trick],
        },
        "facts": _facts(s),
        "deal_points": list(s.card_pts),
        "totals": list(s.totals),
        "pot": s.pot,
        "sides": [{"name": NAMES[p], "seats": [p]} for p in range(s.players)],
        "calls": [{"seat": p, "call": c} for p, c in s.calls],
    }


def seat_view(s: DebertsState, game_id: str, to_move: int | None, seat: int) -> View:
    """``public_view`` plus the seat's own hand and private facts: his best meld before he
    declares, then his declared melds (``my_melds``: points, ``count``, ``melds`` their kinds),
    or, once another seat's senior melds are shown, the seat they lost to (``my_melds_lost``,
    ``count`` his own melds, DB-MELD-8)."""
    v = public_view(s, game_id, to_move)
    v["seat"] = seat
    trump = s.trump or suit(s.up_card)
    v["hand"] = sorted(s.hands[seat], key=lambda c: hand_sort_key(c, trump))
    private: list[Fact] = []
    if s.phase == "play" and s.declared[seat] is None:
        melds = find_melds(s.hands[seat])
        if melds:
            private.append({"key": "best_meld", "value": melds[0].kind, "kind": "text"})
    elif s.declared[seat] not in (None, "none"):
        if s.melds_shown and s.meld_winner is not None and s.meld_winner != seat:
            # DB-MELD-8: only the senior melds score; his declared ones lost to that seat's
            private.append({"key": "my_melds_lost", "value": s.meld_winner, "kind": "seat",
                            "count": len(s.melds[seat])})
        else:
            pts = sum(m["points"] for m in s.melds[seat])
            private.append({"key": "my_melds", "value": pts, "kind": "number",
                            "count": len(s.melds[seat]),
                            "melds": [m["kind"] for m in s.melds[seat]]})
    v["private"] = private
    return v
