"""Public and private views of a Berg match (the view schema of ``engine.match``; BERG-INFO).

Public: seats, pairs, captains, dealer, options, sheet totals, the recent pile with owners, the
top card and the order in force, card counts, stock and pile sizes, the turnover counter, dobor
state and the jokers it revealed, insurance, fired captains, opened hands, shuffle state and
suggestions. Private (``view(seat)`` only): the seat's own hand and the card it drew this turn.
"""

from __future__ import annotations

from typing import Any, Final

from engine.berg.cards import CARDS42, hand_key
from engine.berg.state import PAIR_TAGS, State
from engine.match import Fact, PlacedCard, Side, View

PILE_SHOWN = 8  # the most recent pile cards shown in the ``pile`` group


def sides(s: State) -> list[Side]:
    """The two pairs, pair 0-2 first, each listing its captain first (BERG-SCORE-7)."""
    c02, c13 = s.captains
    return [{"name": PAIR_TAGS[0], "seats": [c02, (c02 + 2) % 4]},
            {"name": PAIR_TAGS[1], "seats": [c13, (c13 + 2) % 4]}]


def _fact(key: str, value: Any, kind: str, seat: int | None = None) -> Fact:
    f: Fact = {"key": key, "value": value, "kind": kind}
    if seat is not None:
        f["seat"] = seat
    return f


#: ``hand_key`` of each card, read by ``sorted`` (a view sorts open hands and shown jokers)
_HAND_KEY: Final = {c: hand_key(c) for c in CARDS42}.__getitem__


def _facts(s: State) -> list[Fact]:
    # dict literals rather than ``_fact`` calls: a view is built after every action of the
    # tests' walks and of the front ends, with a dozen facts each
    o = s.options
    captains = s.captains
    facts: list[Fact] = [
        {"key": "berg_height", "value": o["berg_height"], "kind": "number"},
        {"key": "captain", "value": captains[0], "kind": "seat"},
        {"key": "captain", "value": captains[1], "kind": "seat"}]
    if o["tie_convention"] != "with_tie":
        facts.append({"key": "tie_convention", "value": o["tie_convention"], "kind": "text"})
    if o["insurance_type"] != "none":
        facts.append({"key": "insurance_type", "value": "insurance_" + o["insurance_type"],
                      "kind": "text"})
    if o["shuffle_on_turnover"] != "off":
        facts.append({"key": "shuffle", "value": "shuffle_on" if s.shuffle_on else "shuffle_off",
                      "kind": "text"})
    if s.phase == "over" or not s.pile:
        return facts
    top, owner = s.pile[-1]
    top_fact: Fact = {"key": "top_card", "value": str(top), "kind": "card"}  # s.top()
    if owner is not None:
        top_fact["seat"] = owner
    facts.append(top_fact)
    if s.order is not None:
        kind, arg = s.order
        facts.append({"key": "card_order", "value": arg, "kind": "text"} if kind == "card"
                     else {"key": "suit_order", "value": arg, "kind": "suit"})
    facts += ({"key": "stock", "value": len(s.stock), "kind": "number"},
              {"key": "pile", "value": len(s.pile), "kind": "number"},
              {"key": "turnovers", "value": s.turnovers, "kind": "number"})
    if s.exchanges:
        facts.append({"key": "exchanges", "value": s.exchanges, "kind": "number"})
    for pair, captain in enumerate(captains):
        if s.dobor_declared[pair]:
            state = "dobor_active" if s.dobor_active[pair] else "dobor_over"
            facts.append({"key": "dobor", "value": state, "kind": "text", "seat": captain})
        if s.insured[pair] >= 0:
            kind = o["insurance_type"]
            if kind == "simple" and s.insured[pair] != s.turnovers:
                kind = "simple_ended"
            facts.append({"key": "insured", "value": "insurance_" + kind, "kind": "text",
                          "seat": captain})
        if s.fired[pair]:
            facts.append({"key": "captain_fired", "value": captain, "kind": "seat"})
    revealed = s.revealed
    if revealed:
        for seat, hand in enumerate(s.hands):
            if not s.opened[seat]:  # the shown jokers in hand order (the filter keeps it)
                facts += [{"key": "joker_shown", "value": c, "kind": "card", "seat": seat}
                          for c in sorted([c for c in hand if c in revealed], key=_HAND_KEY)]
    for seat, made in enumerate(s.suggested):
        if made:
            facts += [{"key": "suggestion", "value": "decl_" + what, "kind": "text",
                       "seat": seat} for what in made]
    return facts


def public_view(s: State, to_move: int | None) -> View:
    """What everyone may see (no ``hand``, no ``private``)."""
    pile: list[PlacedCard] = [{"card": c, "seat": owner} for c, owner in s.pile[-PILE_SHOWN:]]
    groups: dict[str, list[PlacedCard]] = {"pile": pile}
    if True in s.opened:
        groups["open_hands"] = [{"card": c, "seat": seat} for seat, hand in enumerate(s.hands)
                                if s.opened[seat] for c in sorted(hand, key=_HAND_KEY)]
        if not groups["open_hands"]:
            del groups["open_hands"]
    return {
        "game": "berg",
        "phase": s.phase,
        "deal": s.deal_no,
        "sheet_deal": s.deal_no,  # BERG-SCORE-7: declaration rows keep their deal's number
        "to_move": to_move,
        "dealer": s.dealer,
        "seat": None,
        "hand_counts": [len(h) for h in s.hands],
        "tricks_won": [0, 0, 0, 0],
        "groups": groups,
        "facts": _facts(s),
        "deal_points": [0.0, 0.0],  # nothing is taken during a Berg deal (costs are in totals)
        "totals": [t / 2 for t in s.totals],
        "pot": 0,
        "sides": sides(s),
        "calls": [],
    }


def seat_view(s: State, seat: int, to_move: int | None) -> View:
    """``public_view`` plus the seat's hand (suits S H D C, high first, jokers last) and the
    card it drew this turn (private fact ``drawn_card``)."""
    v = public_view(s, to_move)
    v["seat"] = seat
    v["hand"] = sorted(s.hands[seat], key=hand_key)
    private: list[Fact] = []
    if s.drawn and s.turn == seat and s.drawn_card:
        private.append(_fact("drawn_card", s.drawn_card, "card"))
    v["private"] = private
    return v
