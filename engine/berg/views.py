"""Public and private views of a Berg match (the view schema of ``engine.match``; BERG-INFO).

Public: seats, pairs, captains, dealer, options, sheet totals, the recent pile with owners, the
top card and the order in force, card counts, stock and pile sizes, the turnover counter, dobor
state and the jokers it revealed, insurance, fired captains, opened hands, shuffle state and
suggestions. Private (``view(seat)`` only): the seat's own hand and the card it drew this turn.
"""

from __future__ import annotations

from typing import Any

from engine.berg.cards import hand_key
from engine.berg.state import PAIR_TAGS, State
from engine.match import Fact, PlacedCard, Side, View

PILE_SHOWN = 8  # the most recent pile cards shown in the ``pile`` group


def sides(s: State) -> list[Side]:
    """The two pairs, pair 0-2 first, each listing its captain first (BERG-SCORE-7)."""
    out: list[Side] = []
    for pair, captain in enumerate(s.captains):
        out.append({"name": PAIR_TAGS[pair], "seats": [captain, (captain + 2) % 4]})
    return out


def _fact(key: str, value: Any, kind: str, seat: int | None = None) -> Fact:
    f: Fact = {"key": key, "value": value, "kind": kind}
    if seat is not None:
        f["seat"] = seat
    return f


def _facts(s: State) -> list[Fact]:
    o = s.options
    facts = [_fact("berg_height", o["berg_height"], "number")]
    facts += [_fact("captain", c, "seat") for c in s.captains]
    if o["tie_convention"] != "with_tie":
        facts.append(_fact("tie_convention", o["tie_convention"], "text"))
    if o["insurance_type"] != "none":
        facts.append(_fact("insurance_type", "insurance_" + o["insurance_type"], "text"))
    if o["shuffle_on_turnover"] != "off":
        facts.append(_fact("shuffle", "shuffle_on" if s.shuffle_on else "shuffle_off", "text"))
    if s.phase == "over" or not s.pile:
        return facts
    top, owner = s.top()
    facts.append(_fact("top_card", top, "card", owner))
    if s.order is not None:
        kind, arg = s.order
        facts.append(_fact("card_order", arg, "text") if kind == "card"
                     else _fact("suit_order", arg, "suit"))
    facts.append(_fact("stock", len(s.stock), "number"))
    facts.append(_fact("pile", len(s.pile), "number"))
    facts.append(_fact("turnovers", s.turnovers, "number"))
    if s.exchanges:
        facts.append(_fact("exchanges", s.exchanges, "number"))
    for pair, captain in enumerate(s.captains):
        if s.dobor_declared[pair]:
            state = "dobor_active" if s.dobor_active[pair] else "dobor_over"
            facts.append(_fact("dobor", state, "text", captain))
        if s.insured[pair] >= 0:
            kind = o["insurance_type"]
            if kind == "simple" and s.insured[pair] != s.turnovers:
                kind = "simple_ended"
            facts.append(_fact("insured", "insurance_" + kind, "text", captain))
        if s.fired[pair]:
            facts.append(_fact("captain_fired", captain, "seat"))
    for seat, hand in enumerate(s.hands):
        if s.revealed and not s.opened[seat]:
            facts += [_fact("joker_shown", c, "card", seat)
                      for c in sorted(hand, key=hand_key) if c in s.revealed]
    for seat, made in enumerate(s.suggested):
        facts += [_fact("suggestion", "decl_" + what, "text", seat) for what in made]
    return facts


def public_view(s: State, to_move: int | None) -> View:
    """What everyone may see (no ``hand``, no ``private``)."""
    pile: list[PlacedCard] = [{"card": c, "seat": owner} for c, owner in s.pile[-PILE_SHOWN:]]
    open_hands: list[PlacedCard] = [{"card": c, "seat": seat} for seat, hand in enumerate(s.hands)
                  if s.opened[seat] for c in sorted(hand, key=hand_key)]
    groups: dict[str, list[PlacedCard]] = {"pile": pile}
    if open_hands:
        groups["open_hands"] = open_hands
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
