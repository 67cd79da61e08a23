"""What each seat may see (MB-INFO), in the view schema of ``engine.match``.

Public: the dealer, the options' effect on the table, the cards of the trick in progress and of
the last trick, the talon size, each seat's card count, the fact of each draw, every call, the
contract and the main-play trick counts (MB-INFO-1 to MB-INFO-4). Private (``view(seat)`` only):
the seat's hand in bridge order (♠ ♥ ♦ ♣, ace first), the two top talon cards while he makes a
privileged draw, and talon cards he has seen (MB-INFO-5).
"""

from __future__ import annotations

from engine.married_bridge.rules import BOOK, bid_text, hand_order, trick_winner
from engine.married_bridge.scoring import contract_text
from engine.married_bridge.state import MBState
from engine.match import Fact, Side, View

GAME_ID = "married_bridge"


def sides() -> list[Side]:
    """The sheet's sides: one per seat (MB-SCORE-8)."""
    return [{"name": f"seat {p}", "seats": [p]} for p in (0, 1)]


def _facts(s: MBState) -> list[Fact]:
    facts: list[Fact] = []
    if s.options["match_format"] == "rubber_of_two":
        facts.append({"key": "mb_rubber_game", "value": s.game_no, "kind": "number"})
    if s.phase == "preliminary":
        current = s.prelim_done + (0 if s.drawing else 1)
        facts.append({"key": "mb_prelim_trick", "value": current, "kind": "number"})
        facts.append({"key": "mb_talon", "value": len(s.talon), "kind": "number"})
        if s.drawing and s.offender is not None:
            facts.append({"key": "mb_irregular_draw", "value": "mb_" + s.irregular,
                          "kind": "text", "seat": s.offender})
    if s.last_trick:  # who took it: a main trick with the trump, a preliminary one without
        trump = (None if s.strain == "NT" else s.strain) if s.main_done else None
        index = trick_winner([c for _, c in s.last_trick], trump)
        facts.append({"key": "last_trick_winner", "value": s.last_trick[index][0],
                      "kind": "seat"})
    if s.phase == "bidding" and s.contra and s.bidder is not None:
        facts.append({"key": "mb_contra_on", "value": bid_text(s.bid_level, s.bid_strain),
                      "kind": "text", "seat": s.bidder})
    if s.declarer is not None:
        facts.append({"key": "mb_contract", "value": contract_text(s.level, s.strain,
                                                                   s.multiplier),
                      "kind": "text", "seat": s.declarer})
        if s.strain != "NT":
            facts.append({"key": "trump", "value": s.strain, "kind": "suit"})
        facts.append({"key": "mb_needed", "value": BOOK + s.level, "kind": "number",
                      "seat": s.declarer})
        for p in (s.declarer, 1 - s.declarer):
            facts.append({"key": "mb_tricks", "value": s.tricks_won[p], "kind": "number",
                          "seat": p})
    return facts


def public_view(s: MBState, to_move: int | None) -> View:
    """What everyone may see (no card that is in a hand or in the talon)."""
    deal_points = list(s.rows[-1]["points"]) if s.phase == "over" and s.rows else [0, 0]
    return {
        "game": GAME_ID,
        "phase": s.phase,
        "deal": s.game_no,
        "sheet_deal": s.game_no,
        "to_move": to_move,
        "dealer": s.dealer,
        "seat": None,
        "hand_counts": [len(h) for h in s.hands],
        "tricks_won": list(s.tricks_won),
        "groups": {
            "trick": [{"card": c, "seat": p} for p, c in s.trick],
            "last_trick": [{"card": c, "seat": p} for p, c in s.last_trick],
        },
        "facts": _facts(s),
        "deal_points": deal_points,
        "totals": list(s.totals),
        "pot": 0,
        "sides": sides(),
        "calls": [{"seat": p, "call": c} for p, c in s.calls],
    }


def _drew_last(s: MBState, seat: int) -> bool:
    """Whether the last card of ``seat``'s hand (cards are kept in the order received) is the
    one he drew after the last preliminary trick: he has drawn for it and played no card since
    (the next trick holds none of his; the auction before its first call)."""
    if s.prelim_done < 1 or not s.drawn[seat] or not s.hands[seat]:
        return False
    if s.phase == "preliminary":
        return not any(who == seat for who, _ in s.trick)
    return s.phase == "bidding" and not s.calls


def seat_view(s: MBState, seat: int, to_move: int | None) -> View:
    """What ``seat`` may see: the public view, his hand and his private facts."""
    v = public_view(s, to_move)
    v["seat"] = seat
    v["hand"] = hand_order(s.hands[seat])
    private: list[Fact] = []
    if _drew_last(s, seat):  # the card he drew from the talon, until he plays again (MB-PRE-5)
        private.append({"key": "mb_drawn", "value": s.hands[seat][-1], "kind": "card"})
    if s.phase == "preliminary" and s.drawing and s.privileged == seat:
        for card in s.talon[:2]:
            private.append({"key": "mb_talon_top", "value": card, "kind": "card"})
    for who, card in s.seen:
        if who == seat and not (s.privileged == seat and card in s.talon[:2]):
            private.append({"key": "mb_seen_in_talon", "value": card, "kind": "card"})
    v["private"] = private
    return v
