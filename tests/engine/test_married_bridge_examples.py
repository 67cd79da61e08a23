"""The worked examples of married_bridge.md section 5 (MB-EX-1 to MB-EX-8), one test or more each.

MB-EX-7 is the golden test: the seed's illustrative game replayed with the corrected deck ends
at 960 / -50, and the seed's own deck is refused at the out-of-turn lead of preliminary trick 12.
"""

from __future__ import annotations

import random

import pytest

from engine.married_bridge.rules import choose_dealer, legal_cards
from engine.married_bridge.scoring import row_line, score_game

from .married_bridge_helpers import (
    ALL_CARDS,
    CORRECTED_DECK,
    CORRECTED_PRELIM_12_13,
    EX7_AUCTION,
    EX7_AUCTION_HANDS,
    EX7_MAIN,
    OLGA,
    SEED_DECK,
    SEED_PRELIM_1_11,
    SERGEI,
    Tracker,
    act,
    bridge_sorted,
    dicts,
    fact,
    finish_preliminary,
    hand,
    new_match,
    of_type,
    play_trick,
    refuse,
)

# ---------------------------------------------------------------- MB-EX-1


def test_ex1_dealing():  # MB-EX-1, MB-DEAL-4, MB-DEAL-5, MB-DEAL-6
    d = list(ALL_CARDS)
    random.Random(3).shuffle(d)
    m = new_match(d)
    assert set(hand(m, 0)) == {d[i] for i in (0, 1, 2, 6, 7, 10, 11, 12, 16, 17, 20, 21, 22)}
    assert set(hand(m, 1)) == {d[i] for i in (3, 4, 5, 8, 9, 13, 14, 15, 18, 19, 23, 24, 25)}
    assert fact(m.public_view(), "mb_talon") == 26
    assert m.to_move == 0 and m.public_view()["dealer"] == 1
    lead = m.legal_actions(0)[0]
    act(m, 0, lead)
    act(m, 1, m.legal_actions(1)[0])
    # the first draw is d[26], taken by the trick's leader (seat 0), then d[27]
    assert d[26] in hand(m, 0) and d[27] in hand(m, 1)


# ---------------------------------------------------------------- MB-EX-2


def test_ex2_choosing_the_dealer():  # MB-EX-2, MB-DEAL-1, MB-DECK-2
    olga, sergei = 0, 1
    assert choose_dealer("9C", "2D") == olga  # clubs are lower: Olga deals
    assert choose_dealer("2D", "9C") == 1
    assert choose_dealer("KH", "3H") is None  # same suit: both draw again
    assert sergei == 1


# ---------------------------------------------------------------- MB-EX-3 and MB-EX-4


@pytest.mark.parametrize(("level", "strain", "mult", "tricks", "declarer", "defender"), [
    (3, "H", 1, 9, 270, 0),  # MB-EX-3: 3H made with 9 tricks
    (3, "H", 1, 10, 300, 0),  # 3H with 10 tricks
    (3, "H", 1, 7, 0, 60),  # 3H two short
    (1, "S", 1, 7, 7 * 30, 0),  # a spade trick is worth 30 ...
    (1, "S", 2, 7, 7 * 60, -50),  # ... 60 after contra ...
    (1, "S", 4, 7, 7 * 120, -50),  # ... 120 after recontra
])
def test_ex3_seed_scoring_statements(level, strain, mult, tricks, declarer, defender):
    # MB-EX-3, MB-SCORE-1, MB-SCORE-2, MB-SCORE-4, MB-SCORE-5
    got = score_game(level=level, strain=strain, multiplier=mult, tricks=tricks)
    assert (got.declarer, got.defender) == (declarer, defender)


@pytest.mark.parametrize(("contract", "tricks", "declarer", "defender"), [
    ("1C", 7, 140, 0),
    ("1NT", 7, 220, 0),
    ("1NTX", 8, 500, -50),
    ("7NT", 13, 400, 0),
    ("4S", 7, 0, 90),
    ("2NT", 7, 0, 30),
    ("5DXX", 9, 0, 160),
    ("3HX", 9, 540, -50),
])
def test_ex4_further_scoring_cases(contract, tricks, declarer, defender):  # MB-EX-4
    mult = 4 if contract.endswith("XX") else 2 if contract.endswith("X") else 1
    body = contract.rstrip("X")
    got = score_game(level=int(body[0]), strain=body[1:], multiplier=mult, tricks=tricks)
    assert (got.declarer, got.defender) == (declarer, defender)


# ---------------------------------------------------------------- MB-EX-5


def _auction_start(**options):
    m = new_match(CORRECTED_DECK, **options)
    finish_preliminary(m)
    assert m.public_view()["phase"] == "bidding" and m.to_move == 1  # the dealer calls first
    return m


def test_ex5_dealer_must_bid():  # MB-EX-5, MB-BID-4
    m = _auction_start()
    assert refuse(m, 1, "pass").rule_id == "MB-BID-4"
    assert refuse(m, 1, "contra").rule_id == "MB-BID-4"
    assert refuse(m, 1, "recontra").rule_id == "MB-BID-4"
    assert len(m.legal_actions(1)) == 35


def test_ex5_bids_must_rank_higher():  # MB-EX-5, MB-BID-3, MB-BID-8
    m = _auction_start()
    act(m, 1, "bid:1:NT")
    assert refuse(m, 0, "bid:1:S").rule_id == "MB-BID-3"
    assert refuse(m, 0, "recontra").rule_id == "MB-BID-8"
    assert "bid:2:C" in m.legal_actions(0)
    act(m, 0, "bid:2:C")


def _doubled_2h(**options):
    m = _auction_start(**options)
    act(m, 1, "bid:1:C")
    act(m, 0, "bid:2:H")
    act(m, 1, "contra")
    return m


def test_ex5_after_contra_pass():  # MB-EX-5, MB-BID-6, MB-BID-10 (2)
    m = _doubled_2h()
    assert set(m.legal_actions(0)) >= {"pass", "recontra", "bid:2:S"}
    evs = act(m, 0, "pass")
    assert of_type(m.events, "contract_reached")[-1]["contract"] == "2HX"
    assert evs[-1]["type"] == "contract_reached" and m.to_move == 0


def test_ex5_after_contra_recontra():  # MB-EX-5, MB-BID-7
    m = _doubled_2h()
    act(m, 0, "recontra")
    assert of_type(m.events, "contract_reached")[-1]["contract"] == "2HXX"
    assert m.public_view()["phase"] == "main_play" and m.to_move == 0  # the declarer leads
    for code in ("pass", "contra", "recontra", "bid:3:H"):
        assert refuse(m, 1, code).rule_id == "MB-BID-7"
        assert refuse(m, 0, code).rule_id == "MB-BID-7"


def test_ex5_after_contra_escape():  # MB-EX-5, MB-BID-6
    m = _doubled_2h()
    act(m, 0, "bid:2:S")  # the contra is cancelled; seat 1 calls
    assert m.to_move == 1
    assert set(m.legal_actions(1)) >= {"contra", "pass", "bid:2:NT"}
    act(m, 1, "pass")
    assert of_type(m.events, "contract_reached")[-1]["contract"] == "2S"


def test_ex5_escape_off():  # MB-EX-5, MB-BID-6, MB-OPT-escape
    m = _doubled_2h(escape_after_contra=False)
    assert m.legal_actions(0) == ["pass", "recontra"]
    assert refuse(m, 0, "bid:2:S").rule_id == "MB-BID-6"


def test_ex5_after_seven_no_trumps():  # MB-EX-5, MB-BID-3
    m = _auction_start()
    act(m, 1, "bid:7:NT")
    assert m.legal_actions(0) == ["contra", "pass"]
    assert refuse(m, 0, "bid:7:NT").rule_id == "MB-BID-3"


# ---------------------------------------------------------------- MB-EX-6


def test_ex6_following_in_the_main_play():  # MB-EX-6, MB-PLAY-3, MB-PLAY-4
    defender = ["KS", "7S", "JH", "8D", "5C"]
    assert set(legal_cards(defender, "S", "H", may_ruff=True)) == {"KS", "7S", "JH"}
    assert set(legal_cards(defender, "S", None, may_ruff=False)) == {"KS", "7S"}
    neither = ["8D", "5C", "2C"]
    assert legal_cards(neither, "S", "H", may_ruff=True) == neither


# ---------------------------------------------------------------- MB-EX-7


#: (leader's draw, other's draw) after each preliminary trick, as the seed tells them
EX7_DRAWS = (("8S", "KS"), ("2S", "JD"), ("AD", "KH"), ("8H", "TS"), ("6D", "3S"),
             ("KD", "4D"), ("6S", "4S"), ("7D", "QH"), ("2C", "QD"), ("5C", "JS"),
             ("AS", "6C"))


def _ex7_preliminary_1_11(deck, **options):
    m = new_match(deck, **options)
    tracker = Tracker(m, options, deck)
    assert bridge_sorted(hand(m, SERGEI)) == hand(m, SERGEI)
    assert hand(m, SERGEI) == ["QS", "AH", "TH", "9H", "3H", "2H", "TD", "5D", "2D",
                               "KC", "JC", "9C", "4C"]
    assert hand(m, OLGA) == ["5S", "JH", "7H", "6H", "5H", "4H", "9D", "8D", "3D",
                             "AC", "QC", "TC", "8C"]
    for (leader, lead, reply), (first, second) in zip(SEED_PRELIM_1_11, EX7_DRAWS,
                                                      strict=True):
        assert m.to_move == leader
        for seat, card in ((leader, lead), (1 - leader, reply)):
            tracker.check(m)
            evs = m.apply(seat, "play:" + card)
            tracker.after(m, seat, "play:" + card, evs)
        assert first in hand(m, leader) and second in hand(m, 1 - leader)  # MB-PRE-5
    return m, tracker


def test_ex7_seed_deck_refused_at_trick_12():  # MB-EX-7 flag (4), MB-PRE-4
    m, _ = _ex7_preliminary_1_11(SEED_DECK)
    assert m.to_move == OLGA  # Olga won trick 11 (5C over 2C)
    exc = refuse(m, SERGEI, "play:6D")
    assert exc.rule_id == "MB-PRE-4"


def _ex7_to_auction(deck=CORRECTED_DECK, **options):
    m, tracker = _ex7_preliminary_1_11(deck, **options)
    for (leader, lead, reply), draws in zip(CORRECTED_PRELIM_12_13,
                                            (("3C", "9S"), ("7S", "7C")), strict=True):
        assert m.to_move == leader
        for seat, card in ((leader, lead), (1 - leader, reply)):
            tracker.check(m)
            evs = m.apply(seat, "play:" + card)
            tracker.after(m, seat, "play:" + card, evs)
        assert draws[0] in hand(m, leader) and draws[1] in hand(m, 1 - leader)
    return m, tracker


def _ex7_whole_game(**options):
    m, tracker = _ex7_to_auction(**options)
    # the hands at the auction (the seed's Fig. 18)
    assert hand(m, SERGEI) == list(EX7_AUCTION_HANDS[SERGEI])
    assert hand(m, OLGA) == list(EX7_AUCTION_HANDS[OLGA])
    assert m.public_view()["phase"] == "bidding" and m.to_move == OLGA  # MB-BID-1
    for seat, code in EX7_AUCTION:
        tracker.check(m)
        tracker.after(m, seat, code, m.apply(seat, code))
    pv = m.public_view()
    assert pv["phase"] == "main_play" and m.to_move == SERGEI
    assert fact(pv, "mb_contract", SERGEI) == "2HXX" and fact(pv, "mb_needed", SERGEI) == 8
    for n, (leader, lead, reply, winner) in enumerate(EX7_MAIN, start=1):
        assert m.to_move == leader, n
        for seat, card in ((leader, lead), (1 - leader, reply)):
            tracker.check(m)
            if n in (4, 5, 7) and seat != leader:  # legal only under MB-PLAY-3: a trump
                assert reply[1] == "H" != lead[1]  # while holding the led suit
                assert any(c[1] == lead[1] for c in hand(m, seat))
                assert "play:" + reply in m.legal_actions(seat)
            evs = m.apply(seat, "play:" + card)
            tracker.after(m, seat, "play:" + card, evs)
        trick = of_type(m.events, "trick")[-1]
        assert trick["number"] == n and trick["winner"] == winner
    return m, tracker


def test_ex7_corrected_replay_single_game():  # MB-EX-7 (golden), MB-SCORE-3, MB-END-4
    m, tracker = _ex7_whole_game()
    sheet = m.score_sheet
    assert sheet["rows"] == [{"deal": 1, "cells": ["+960", "-50"], "points": [960, -50],
                              "note": "2HXX by seat 0, 8 tricks"}]
    assert sheet["totals"] == [960, -50]
    assert row_line(sheet["rows"][0], sheet["totals"]) == (
        "game 1: 2HXX by seat 0, 8 tricks: seat 0 +960, seat 1 -50; totals 960 | -50")
    assert m.is_over and m.to_move is None
    assert sheet["result"] == {"winner": 0, "line": "seat 0 wins 960 | -50",
                               "score": [960, -50]}
    scored = of_type(m.events, "deal_scored")[0]
    assert scored["outcome"] == "made"
    assert [s["tricks"] for s in scored["sides"]] == [8, 5]
    assert dicts(m.events)[-1] == {"type": "match_over", "winner": 0,
                                   "line": "seat 0 wins 960 | -50", "totals": [960, -50]}
    tracker.check(m)
    tracker.check_sheet(m)


def test_ex7_corrected_replay_rubber():  # MB-EX-7, MB-DEAL-2, MB-END-2
    m, tracker = _ex7_whole_game(match_format="rubber_of_two")
    assert not m.is_over
    pv = m.public_view()
    assert pv["deal"] == 2 and pv["dealer"] == SERGEI and m.to_move == OLGA
    assert pv["phase"] == "preliminary" and pv["totals"] == [960, -50]
    assert len(hand(m, 0)) == len(hand(m, 1)) == 13
    tracker.check(m)
    tracker.check_sheet(m)


def test_ex7_running_remarks():  # MB-EX-7: the seed's remarks during the main play
    m, _ = _ex7_to_auction()
    for seat, code in EX7_AUCTION:
        act(m, seat, code)
    counts = []
    for leader, lead, reply, _ in EX7_MAIN:
        play_trick(m, (leader, lead), reply)
        counts.append(tuple(m.public_view()["tricks_won"]))
    assert counts[4] == (4, 1)  # four tricks after trick 5
    assert 8 - counts[6][0] == 3  # three more needed after trick 7
    assert 6 - counts[7][1] == 3  # Olga needs three more after trick 8
    assert 6 - counts[9][1] == 1  # and one more after trick 10


# ---------------------------------------------------------------- MB-EX-8


def _ex8_after_trick_1():
    m = new_match(SEED_DECK, manual_draws=True)
    play_trick(m, (SERGEI, "2H"), "4H")
    assert m.to_move == SERGEI
    assert m.legal_actions(SERGEI) == ["draw"] and m.legal_actions(OLGA) == ["draw"]
    return m


def _talon_top(m, n):
    """The talon's top cards, read from the stored state (the test knows the deck)."""
    return m.to_json()["state"]["talon"][:n]


def test_ex8a_regular_draws():  # MB-EX-8 (a), MB-PRE-9 (a)
    m = _ex8_after_trick_1()
    act(m, SERGEI, "draw")
    assert "8S" in hand(m, SERGEI) and m.to_move == OLGA
    assert m.legal_actions(OLGA) == ["draw"]
    assert m.legal_actions(SERGEI) == ["draw"]  # a second card would be irregular
    act(m, OLGA, "draw")
    assert "KS" in hand(m, OLGA)
    assert m.to_move == OLGA and m.legal_actions(OLGA)[0].startswith("play:")  # she leads
    assert [d["kind"] for d in of_type(m.events, "talon_draw")] == ["regular", "regular"]


def test_ex8b_second_card():  # MB-EX-8 (b), MB-PRE-9 (b), (c), (d), MB-INFO-5
    m = _ex8_after_trick_1()
    act(m, SERGEI, "draw")
    evs = act(m, SERGEI, "draw")  # a second card: K♠ taken and put back on top
    assert evs == [{"type": "talon_draw", "seat": SERGEI, "kind": "second_card", "talon": 25}]
    assert "KS" not in hand(m, SERGEI) and len(hand(m, SERGEI)) == 13
    assert fact(m.view(SERGEI), "mb_seen_in_talon") == "KS"  # Sergei has seen it
    assert fact(m.view(OLGA), "mb_seen_in_talon") is None
    assert m.to_move == OLGA and m.legal_actions(OLGA) == ["draw:2S", "draw:KS"]
    assert m.legal_actions(SERGEI) == []
    assert {f["value"] for f in m.view(OLGA)["private"] if f["key"] == "mb_talon_top"} == {
        "KS", "2S"}
    assert refuse(m, OLGA, "draw").rule_id == "MB-PRE-9"
    assert refuse(m, OLGA, "draw:JD").rule_id == "MB-PRE-9"
    assert refuse(m, SERGEI, "draw").rule_id == "MB-PRE-9"
    act(m, OLGA, "draw:2S")
    assert "2S" in hand(m, OLGA) and _talon_top(m, 2) == ["KS", "JD"]
    assert m.to_move == OLGA and m.legal_actions(SERGEI) == []  # no further irregular draw
    assert m.legal_actions(OLGA)[0].startswith("play:")


def test_ex8c_out_of_turn():  # MB-EX-8 (c), MB-PRE-9 (b), (c), (d)
    m = _ex8_after_trick_1()
    evs = act(m, OLGA, "draw")  # before Sergei: out of turn, she takes 8♠
    assert evs[0]["kind"] == "out_of_turn" and "8S" in hand(m, OLGA)
    assert m.to_move == SERGEI and m.legal_actions(SERGEI) == ["draw:2S", "draw:KS"]
    assert m.legal_actions(OLGA) == []
    act(m, SERGEI, "draw:KS")
    assert "KS" in hand(m, SERGEI) and _talon_top(m, 2) == ["2S", "JD"]
    assert m.to_move == OLGA  # she won trick 1 and leads trick 2
