"""Deberts Part B.6, the offer of fifty and the 250-point gap finish (docs/rules/deberts.md),
one test per rule id DB-OFFER-1..5. E.1's deck: seat 0 non-dealer, seat 1 dealer, up-card 8H.
"""

from __future__ import annotations

import engine
from engine.deberts.scoring import gap_result, match_result

from .deberts_helpers import E1_DECK, E1_MOVES, act, hand, refuse
from .deberts_ref import VariantTracker, drive, with_state

OFFER = {"offer_fifty": "on"}


def match(players: int = 2, deck: list[str] | None = E1_DECK, **options: object) -> engine.Match:
    return engine.get_game("deberts").new_match(players=players, options=options, seed=9,
                                                deck=deck)


def test_defender_may_offer_before_the_extra_cards():  # DB-OFFER-1
    m = match(**OFFER)
    evs = act(m, 0, "take")
    assert [d["type"] for d in evs] == ["bid", "trump"]  # no cards_added yet
    pv = m.public_view()
    assert pv["phase"] == "offer" and pv["hand_counts"] == [6, 6]
    assert m.to_move == 1 and m.legal_actions(1) == ["offer50", "pass"]
    assert m.legal_actions(0) == []
    assert refuse(m, 0, "offer50").rule_id == "DB-OFFER-1"
    assert refuse(m, 1, "accept50").rule_id == "DB-OFFER-1"
    assert refuse(m, 1, "play:TH").rule_id == "DB-OFFER-1"
    evs = act(m, 1, "pass")
    assert [d["type"] for d in evs] == ["bid", "cards_added"]
    assert m.public_view()["hand_counts"] == [9, 9] and m.to_move == 0


def test_accepted_fifty():  # DB-OFFER-2, DB-SHEET-6
    m = with_state(match(**OFFER), pot=81)
    tracker = VariantTracker(m, OFFER, pot=81)
    drive(m, [(0, "take"), (1, "offer50")], tracker)
    assert m.to_move == 0 and m.legal_actions(0) == ["accept50", "decline50"]
    assert {"key": "fifty_offered", "value": 50, "kind": "number", "seat": 1} in (
        m.public_view()["facts"])
    assert refuse(m, 0, "pass").rule_id == "DB-OFFER-2"
    evs = drive(m, [(0, "accept50")], tracker)
    assert [d["type"] for d in evs] == ["bid", "deal_scored", "deal"]
    scored = evs[1]
    assert (scored["outcome"], scored["pot_awarded"], scored["pot"]) == ("offer_fifty", 81, 0)
    assert [(s["deal_points"], s["written"]) for s in scored["sides"]] == [(50, 131), (0, 0)]
    assert m.score_sheet["rows"] == [{"deal": 1, "cells": ["131 [+81 vs]", "0"],
                                      "points": [131, 0], "note": "offer_fifty"}]
    assert evs[2]["dealer"] == 0  # the declarer counts as the deal's winner and deals


def test_declined_fifty_plays_on():  # DB-OFFER-3
    m = match(**OFFER)
    tracker = VariantTracker(m, OFFER)
    before = hand(m, 0) | hand(m, 1)
    drive(m, [(0, "take"), (1, "offer50"), (0, "decline50")], tracker)
    assert len(hand(m, 0) | hand(m, 1)) == 18 and before < hand(m, 0) | hand(m, 1)
    assert {"key": "fifty_declined", "value": 50, "kind": "number", "seat": 0} in (
        m.public_view()["facts"])
    drive(m, E1_MOVES, tracker)
    assert m.score_sheet["rows"][0]["cells"] == ["169", "31"]


def test_gap_finish():  # DB-OFFER-4 (E.10)
    assert gap_result(totals=(400, 130)) == (0, "Result: A wins, 400 : 130")
    assert gap_result(totals=(130, 379)) == (None, "")
    assert gap_result(totals=(130, 380)) == (1, "Result: B wins, 380 : 130")
    m = with_state(match(**OFFER), totals=[350, 130])
    tracker = VariantTracker(m, OFFER, totals=[350, 130])
    evs = drive(m, [(0, "take"), (1, "offer50"), (0, "accept50")], tracker)
    assert evs[-1] == {"type": "match_over", "winner": 0, "line": "Result: A wins, 400 : 130",
                       "totals": [400, 130]}
    # the target rules come first: both over, the defender wins though the gap is 294
    m = with_state(match(**OFFER), totals=[470, 480], pot=166)
    tracker = VariantTracker(m, OFFER, totals=[470, 480], pot=166)
    evs = drive(m, [(0, "take"), (1, "pass"), *E1_MOVES], tracker)
    assert m.score_sheet["totals"] == [805, 511]
    assert evs[-1]["line"] == "Result: B wins, 501 : 500"
    assert match_result(totals=(805, 511), target=501, last_defender=1)[0] == 1
    # without the option a gap ends nothing
    m = with_state(match(), totals=[300, 0])
    drive(m, [(0, "take"), *E1_MOVES])
    assert not m.is_over and m.score_sheet["totals"] == [469, 31]


def test_offer_only_in_a_two_player_match():  # DB-OFFER-5
    for players, fmt in ((2, "short_bait"), (2, "short_no_bait"), (2, "short_dave"),
                         (3, "match"), (3, "short_bait")):
        m = match(players=players, deck=None, format=fmt, **OFFER)
        seat = m.to_move
        assert seat is not None
        evs = act(m, seat, "take")
        assert [d["type"] for d in evs][-1] == "cards_added", (players, fmt)
        assert "offer50" not in m.legal_actions(m.to_move)
