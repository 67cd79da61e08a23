"""The worked examples of deberts.md Part E for the variants: E.5 (Moscow part) to E.11.

Each test cites its label; the rule tests of Part B live in test_deberts_moscow.py,
test_deberts_three.py, test_deberts_short.py and test_deberts_offer.py.
"""

from __future__ import annotations

import pytest

import engine
from engine.deberts.scoring import (
    match_result_claim_rules,
    score_deal,
    score_deal3,
    sheet_cells,
)
from engine.deberts.short import nets_line, short_nets

from .deberts_helpers import E1_DECK, act, deck_for
from .deberts_ref import VariantTracker, drive, with_state

MOSCOW = {"ruleset": "moscow"}
KHARKIV = {"ruleset": "kharkiv"}


def match(deck: list[str] | None = None, *, players: int = 2, **options: object) -> engine.Match:
    return engine.get_game("deberts").new_match(players=players, options=options, seed=2,
                                                deck=deck)


# ================================================================ E.5


def test_e5_moscow_both_over_last_trick():  # E.5 (Moscow), DB-MOS-17
    out = score_deal(declarer=0, deal_points=(60, 40), pot=0)
    totals = [470 + out.written[0], 480 + out.written[1]]
    assert totals == [530, 520]
    assert match_result_claim_rules(totals=totals, target=501, last_trick_winner=0) == (
        0, "Result: A wins, 530 : 520")
    assert match_result_claim_rules(totals=totals, target=501, last_trick_winner=1) == (
        1, "Result: B wins, 520 : 530")


# ================================================================ E.6

E6_A = ["7S", "7D", "9D", "JD", "KD", "7H", "8H", "TH", "AH"]
E6_B = ["AS", "TS", "9S", "KS", "KH", "QH", "JH", "JC", "9C"]


def _e6(totals: list[int], b_declares: str, tricks: list[tuple[int, str]]) -> engine.Match:
    m = with_state(match(deck_for(E6_A, E6_B, "8C", "8S"), **MOSCOW), totals=totals)
    tracker = VariantTracker(m, MOSCOW, totals=totals)
    drive(m, [(0, "pass"), (1, "take"), (0, "declare:none"), (0, "play:7S"), (1, b_declares),
              *tricks], tracker)
    return m


FOUR_TRICKS = [(1, "play:AS"), (1, "play:TS"), (0, "play:7D"), (1, "play:9S"), (0, "play:7H"),
               (1, "play:KS"), (0, "play:9D")]


def test_e6_claim_with_the_comparison_won():  # E.6: 480 + 25 + 20 = 525
    m = _e6([300, 480], "declare:best", FOUR_TRICKS)
    assert "claim" in m.legal_actions(1)
    evs = act(m, 1, "claim")
    assert evs[-1]["line"] == "Result: B wins by claim, 525 : 300"
    assert m.score_sheet["rows"] == []  # no row for the unfinished deal


def test_e6_claim_without_melds():  # E.6: 480 + 25 = 505, still valid
    m = _e6([300, 480], "declare:none", FOUR_TRICKS)
    assert act(m, 1, "claim")[-1]["line"] == "Result: B wins by claim, 505 : 300"


def test_e6_fifteen_points_are_not_enough():  # E.6: 480 + 15 = 495 < 501
    m = _e6([300, 480], "declare:none", [(1, "play:KS"), (1, "play:AS"), (0, "play:7D")])
    assert "claim" not in m.legal_actions(1)
    with pytest.raises(engine.IllegalAction) as info:
        m.apply(1, "claim")
    assert info.value.rule_id == "DB-MOS-15"


def test_e6_bela_that_can_still_be_announced():  # E.6: 480 + 15 + 20 = 515
    a = ["7S", "7D", "9D", "JD", "KD", "7C", "9C", "JC", "KC"]
    b = ["AS", "TS", "9S", "KS", "KH", "QH", "AD", "TD", "AC"]
    m = with_state(match(deck_for(a, b, "8H", "8S"), **MOSCOW), totals=[300, 480])
    drive(m, [(0, "pass"), (1, "take"), (0, "declare:none"), (0, "play:7S"), (1, "declare:none"),
              (1, "play:AS"), (1, "play:KH"), (0, "play:7D")])
    assert "play:QH:bela" in m.legal_actions(1)  # KH went without the word, QH still held
    assert act(m, 1, "claim")[0] == {"type": "claim", "seat": 1, "points": 35, "total": 515}


def test_e6_never_after_the_last_trick():  # E.6: checked at recording instead (DB-MOS-16)
    m = with_state(match(E1_DECK, **MOSCOW), totals=[0, 480])
    moves = [(0, "take"), (0, "declare:best"), (0, "play:JH"), (1, "declare:none"),
             (1, "play:7H"), (0, "play:9H"), (1, "play:TH"), (0, "play:AH"), (1, "play:QD"),
             (0, "play:KH:bela"), (1, "play:KD"), (0, "play:QH"), (1, "play:JS"),
             (0, "play:AS"), (1, "play:QS"), (0, "play:TS"), (1, "play:KS"), (0, "play:7C"),
             (1, "play:AC")]
    drive(m, moves)
    assert "claim" not in m.legal_actions(1)  # 480 + 11 < 501 after trick 8
    evs = drive(m, [(1, "play:TC"), (0, "play:8D")])
    assert [d["type"] for d in evs][2:4] == ["trick", "deal_scored"]
    assert evs[-1]["line"] == "Result: B wins, 511 : 169"


# ================================================================ E.7

E7_NONDEALER = ["AS", "KS", "QS", "9D", "7D", "JC", "9C", "7C", "TH"]
E7_DEALER = ["AH", "KH", "QH", "AD", "TD", "KC", "8C", "8S", "9S"]


@pytest.mark.parametrize(("options", "hearts_winner"), [({}, 1), (MOSCOW, 1), (KHARKIV, 0)])
def test_e7_moscow_versus_kharkiv(options, hearts_winner):  # E.7, DB-MELD-6, DB-KHA-1
    dealer_word = "ask:height" if options else "declare:best"
    for bids, winner in (([(0, "take")], hearts_winner),
                         ([(0, "pass"), (1, "pass"), (0, "trump:D")], 0)):
        m = match(deck_for(E7_NONDEALER, E7_DEALER, "8H", "7S"), **options)
        evs = drive(m, [*bids, (0, "declare:best"), (0, "play:7C"), (1, dealer_word),
                        (1, "play:8C")], VariantTracker(m, options))
        assert [d["seat"] for d in evs if d["type"] == "melds_shown"] == [winner]


# ================================================================ E.8


def test_e8_three_players():  # E.8, DB-3P-9..11
    x = score_deal3(declarer=0, deal_points=(60, 70, 50), pot=0, dealer=2)
    assert (x.outcome, x.written) == ("bait", (0, 100, 80))
    assert score_deal3(declarer=0, deal_points=(61, 70, 50), pot=0, dealer=2).written == (
        0, 101, 80)
    one = score_deal3(declarer=0, deal_points=(70, 70, 40), pot=0, dealer=2)
    assert (one.outcome, one.written, one.pot) == ("hanging", (0, 70, 40), 70)
    assert sheet_cells(one, declarer=0, deal_points=(70, 70, 40), totals=(0, 70, 40)) == [
        "vs(70)", "70", "40"]
    two = score_deal3(declarer=1, deal_points=(80, 50, 30), pot=one.pot, dealer=0)
    assert (two.outcome, two.written) == ("bait", (140, 0, 90))
    totals = (0 + 140, 70 + 0, 40 + 90)
    assert totals == (140, 70, 130)
    assert sheet_cells(two, declarer=1, deal_points=(80, 50, 30), totals=totals) == [
        "140 [+35 vs]", "BT", "130 [+35 vs]"]
    odd = score_deal3(declarer=1, deal_points=(80, 50, 30), pot=71, dealer=0)
    assert odd.pot_shares == (36, 0, 35)


# ================================================================ E.9


def test_e9_bait_stakes():  # E.9, DB-SHORT-4, DB-SHORT-5, DB-SHORT-6
    assert short_nets("short_bait", declarer=0, deal_points=(70, 80)) == ("bait", [-2, 2])
    assert short_nets("short_bait", declarer=0, deal_points=(90, 80)) == ("made", [1, -1])
    out, nets = short_nets("short_bait", declarer=0, deal_points=(90, 60, 95))
    assert (out, nets) == ("bait", [-2, 1, 1])
    assert nets_line(nets) == "Result: A -2, B +1, C +1"


@pytest.mark.parametrize(("progression", "paid"), [("arithmetic", 3), ("geometric", 4)])
def test_e9_dave(progression, paid):  # E.9, DB-DAVE-1..3
    opts = {"format": "short_dave", "dave_progression": progression}
    m = match(E1_DECK, **opts)
    tracker = VariantTracker(m, opts)
    evs = drive(m, [(0, "dave"), (1, "dave:accept")], tracker)
    assert evs[-1]["stake"] == 2 and "dave" not in m.legal_actions(0)
    evs = drive(m, [(0, "pass"), (1, "dave"), (0, "dave:accept"), (1, "pass"), (0, "dave")],
                tracker)
    assert [d["stake"] for d in evs if d["type"] == "stake"] == (
        [3, 3, 4] if progression == "arithmetic" else [4, 4, 8])
    drive(m, [(1, "dave:concede")], tracker)
    sheet = m.score_sheet
    assert sheet["rows"][0]["cells"] == [f"+{paid}", f"-{paid}"]
    assert sheet["result"]["line"] == f"Result: A +{paid}, B -{paid}"


# ================================================================ E.10


def test_e10_offer_accepted():  # E.10, DB-OFFER-1/2, DB-SHEET-6
    m = match(E1_DECK, offer_fifty="on")
    tracker = VariantTracker(m, {"offer_fifty": "on"})
    drive(m, [(0, "pass"), (1, "pass"), (0, "pass"), (1, "trump:S")], tracker)
    assert m.to_move == 0 and m.legal_actions(0) == ["offer50", "pass"]
    c = m.clone()
    evs = drive(m, [(0, "offer50"), (1, "accept50")], tracker)
    assert "cards_added" not in [d["type"] for d in evs]
    assert m.score_sheet["rows"] == [{"deal": 1, "cells": ["0", "50"], "points": [0, 50],
                                      "note": "offer_fifty"}]
    assert [d["dealer"] for d in evs if d["type"] == "deal"] == [1]  # B deals next
    evs = drive(c, [(0, "offer50"), (1, "decline50")])
    assert [d["type"] for d in evs][-1] == "cards_added" and c.public_view()["phase"] == "play"


def test_e10_gap_and_target_order():  # E.10, DB-OFFER-4
    m = with_state(match(E1_DECK, offer_fifty="on"), totals=[350, 130])
    evs = drive(m, [(0, "take"), (1, "offer50"), (0, "accept50")])
    assert evs[-1]["line"] == "Result: A wins, 400 : 130"
    out = score_deal(declarer=0, deal_points=(140, 30), pot=166)
    assert [470 + out.written[0], 480 + out.written[1]] == [776, 510]


# ================================================================ E.11

E11_HOLDER = ["9H", "8H", "7H", "KD", "9D", "AC", "JC", "AS", "TS"]
E11_SPADES = ["9S", "8S", "7S", "AD", "TD", "QC", "8C", "JH", "KH"]
E11_CLUBS = ["TC", "9C", "8C", "AD", "TD", "QS", "JH", "KH", "7D"]


@pytest.mark.parametrize("options", [MOSCOW, KHARKIV])
@pytest.mark.parametrize(("other", "answer"), [(E11_SPADES, "passes"),
                                                (E11_CLUBS, "does_not_pass")])
def test_e11_non_dealer_asks(options, other, answer):  # E.11 first case, DB-MOS-14
    m = match(deck_for(E11_HOLDER, other, "QH", "7C"), **options)
    evs = drive(m, [(0, "take"), (0, "ask:trump")], VariantTracker(m, options))
    assert evs[-1] == {"type": "ask", "seat": 0, "question": "trump", "answer": answer,
                       "trump": False}


@pytest.mark.parametrize(("options", "declares", "answer"), [
    (MOSCOW, "declare:best", "passes"), (KHARKIV, "declare:best", "does_not_pass"),
    (MOSCOW, "declare:none", "passes"), (KHARKIV, "declare:none", "passes")])
def test_e11_dealer_asks(options, declares, answer):  # E.11 second case, DB-MOS-14
    m = match(deck_for(E11_SPADES, E11_HOLDER, "QH", "7C"), **options)
    evs = drive(m, [(0, "take"), (0, declares), (0, "play:AD"), (1, "ask:trump")],
                VariantTracker(m, options))
    assert evs[-1]["answer"] == answer


def test_e11_ten_of_trumps_no_question():  # E.11 third case
    holder = ["TH", "9H", "8H", "7H", "KD", "9D", "AC", "JC", "AS"]
    m = match(deck_for(holder, E11_SPADES, "QH", "7C"), **MOSCOW)
    act(m, 0, "take")
    assert "ask:trump" not in m.legal_actions(0) and "swap7" in m.legal_actions(0)
