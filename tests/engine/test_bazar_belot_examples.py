"""The worked examples of bazar_belot.md section 10, each cited by its label.

10.1 (seed examples 1-10) and the canonical running sheet 28/17 ... 325/278 are golden tests of the
pure scoring helpers (``engine.bazar_belot.scoring``): their card points cannot be reached from a
deck without inventing whole deals. 10.2 (X1-X13) goes through the same helpers, and X9, X11 and
X13 are also played through the engine. 10.3 (A1-A10) and 10.4 (D1-D5) are played through the
engine from a ``deck``.
"""

from __future__ import annotations

import pytest

from engine.bazar_belot.scoring import (
    Contract,
    format_sheet,
    match_winner,
    score_deal,
    sheet_cells,
    totals_line,
)

from .bazar_belot_helpers import (
    act,
    calls,
    facts,
    finish_deal,
    game,
    hand,
    new_match,
    of_type,
    plays,
    ref_score,
    refuse,
    run,
)

# ================================================================ 10.1 seed examples 1-10

# (example, contract, t_d, t_o, M_d, M_o, tricks NS, expected NS, EW written, totals after)
SEED_EXAMPLES = [
    (1, Contract(14, "S", 1, 0), 144, 18, 0, 15, 7, (28, 17), (28, 17)),
    (2, Contract(13, "NT", 1, 0), 162, 0, 0, 2, 8, (38, 2), (66, 19)),
    (3, Contract(14, "S", 2, 0), 144, 18, 0, 15, 7, (59, 0), (125, 19)),
    (4, Contract(14, "S", 4, 0), 144, 18, 0, 15, 7, (87, 0), (212, 19)),
    (5, Contract(14, "S", 1, 0), 139, 23, 0, 15, 7, (0, 45), (212, 64)),
    (6, Contract(14, "S", 2, 0), 139, 23, 0, 15, 7, (0, 59), (212, 123)),
    (7, Contract(14, "S", 4, 0), 139, 23, 0, 15, 7, (0, 87), (212, 210)),
    (8, Contract("kapo", "S", 1, 0), 162, 0, 0, 0, 8, (50, 0), (262, 210)),
    (9, Contract("kapo", "S", 2, 0), 155, 7, 0, 0, 7, (0, 66), (262, 276)),
    (10, Contract(30, "NT", 1, 0), 143, 19, 19, 0, 7, (63, 2), (325, 278)),
]
SEED_CELLS = [("28", "17", "14S"), ("66", "19", "13NT"), ("125", "BT", "14S+"),
              ("212", "BT", "14S++"), ("BT", "64", "14S"), ("BT", "123", "14S+"),
              ("BT", "210", "14S++"), ("262", "-", "KS"), ("BT", "276", "KS+"),
              ("325", "278", "30NT")]

CANONICAL_EN = """\
NS   | EW   | Contract
28   | 17   | 14S
66   | 19   | 13NT
125  | BT   | 14S+
212  | BT   | 14S++
BT   | 64   | 14S
BT   | 123  | 14S+
BT   | 210  | 14S++
262  | -    | KS
BT   | 276  | KS+
325  | 278  | 30NT
Totals: NS 325, EW 278 — NS win (target 301)"""

CANONICAL_RU = """\
Ю-С  | З-В  | Заказ
28   | 17   | 14п
66   | 19   | 13бк
125  | БТ   | 14п +
212  | БТ   | 14п ++
БТ   | 64   | 14п
БТ   | 123  | 14п +
БТ   | 210  | 14п ++
262  | -    | Кп
БТ   | 276  | Кп +
325  | 278  | 30бк
Итого: Ю-С 325, З-В 278 — выиграли Ю-С (до 301)"""


@pytest.mark.parametrize("ex", SEED_EXAMPLES, ids=[f"example{e[0]}" for e in SEED_EXAMPLES])
def test_seed_example(ex):  # 10.1 examples 1-10; BB-SCORE-2..10
    _, contract, td, to, md, mo, tricks_ns, want, _ = ex
    assert td + to == 162
    out = score_deal(contract, card_points=[td, to], tricks=[tricks_ns, 8 - tricks_ns],
                     melds=[md, mo])
    assert out.written == want
    ref = ref_score(contract.level, contract.strain, contract.multiplier, 0, [td, to],
                    [tricks_ns, 8 - tricks_ns], [md, mo])
    assert list(out.written) == ref["written"] and out.made == ref["made"]


def _running_sheet() -> dict:
    totals = [0, 0]
    rows = []
    for ex, contract, td, to, md, mo, tricks_ns, _, want_totals in SEED_EXAMPLES:
        out = score_deal(contract, card_points=[td, to], tricks=[tricks_ns, 8 - tricks_ns],
                         melds=[md, mo])
        totals = [t + w for t, w in zip(totals, out.written, strict=True)]
        assert tuple(totals) == want_totals, ex
        rows.append({"deal": ex, "cells": sheet_cells(out, totals),
                     "points": list(out.written), "note": contract.notation()})
    winner = match_winner(totals, 301)
    return {"sides": [{"name": "NS", "seats": [0, 2]}, {"name": "EW", "seats": [1, 3]}],
            "rows": rows, "totals": totals, "pot": 0,
            "result": {"winner": winner, "line": totals_line(totals, 301, winner)}}


def test_running_sheet_cells():  # 10.1 sheet 28/17 ... 325/278; BB-SHEET-1..3, BB-SCORE-11
    sheet = _running_sheet()
    assert [(*r["cells"], r["note"]) for r in sheet["rows"]] == SEED_CELLS
    assert sheet["totals"] == [325, 278]
    assert sheet["result"] == {"winner": 0,
                               "line": "Totals: NS 325, EW 278 — NS win (target 301)"}


def test_canonical_sheet_printed_ascii_and_russian():  # canonical sheet; BB-SHEET-3, BB-SHEET-4
    sheet = _running_sheet()
    assert format_sheet(sheet, "en", 301) == CANONICAL_EN
    assert format_sheet(sheet, "ru", 301) == CANONICAL_RU


def test_match_won_after_example_10():  # 10.1 "NS have 325 >= 301 and win"; BB-END-1
    assert match_winner([262, 276], 301) is None
    assert match_winner([325, 278], 301) == 0


# ================================================================ 10.2 constructed cases X1-X13

X_CASES = {
    # id: (contract, t_d, t_o, tricks NS, M_d, M_o, made, NS, EW, cells-without-totals)
    "X1": (Contract(8, "H", 1, 0), 85, 77, 5, 0, 0, True, 16, 8),
    "X2": (Contract(8, "H", 1, 0), 86, 76, 5, 0, 0, True, 17, 7),
    "X3": (Contract(9, "H", 1, 0), 72, 90, 4, 2, 0, True, 18, 9),
    "X4": (Contract(12, "S", 1, 0), 60, 102, 3, 5, 0, False, 0, 33),
    "X5": (Contract(9, "C", 1, 0), 0, 162, 0, 0, 0, False, 0, 34),
    "X6": (Contract(10, "H", 2, 0), 162, 0, 8, 5, 2, True, 52, 0),
    "X7": (Contract(22, "AT", 1, 0), 200, 58, 6, 2, 0, True, 44, 5),
    "X8": (Contract(22, "AT", 2, 0), 180, 78, 6, 0, 0, False, 0, 69),
    "X9": (Contract("kapo1", "S", 1, 0), 120, 0, 8, 2, 0, True, 77, 0),
    "X10": (Contract("kapo1", "S", 1, 0), 100, 20, 7, 0, 0, False, 0, 66),
    "X12": (Contract(20, "AT", 1, 0), 258, 0, 7, 0, 0, True, 45, 0),
    "X13": (Contract("kapo", "S", 1, 0), 140, 22, 7, 0, 2, False, 0, 43),
}


@pytest.mark.parametrize("case", sorted(X_CASES))
def test_constructed_case(case):  # 10.2 X1-X10, X12, X13; BB-SCORE-2..10
    contract, td, to, tricks_ns, md, mo, made, ns, ew = X_CASES[case]
    out = score_deal(contract, card_points=[td, to], tricks=[tricks_ns, 8 - tricks_ns],
                     melds=[md, mo])
    assert out.made is made
    assert out.written == (ns, ew)
    ref = ref_score(contract.level, contract.strain, contract.multiplier, 0, [td, to],
                    [tricks_ns, 8 - tricks_ns], [md, mo])
    assert ref["written"] == [ns, ew]


def test_x1_x2_x7_x12_rounding():  # X1, X2, X7, X12; BB-SCORE-3
    assert score_deal(Contract(8, "H", 1, 0), card_points=[85, 77], tricks=[5, 3],
                      melds=[0, 0]).rounded == 8
    assert score_deal(Contract(8, "H", 1, 0), card_points=[86, 76], tricks=[5, 3],
                      melds=[0, 0]).rounded == 9
    assert score_deal(Contract(22, "AT", 1, 0), card_points=[200, 58], tricks=[6, 2],
                      melds=[2, 0]).rounded == 20
    x12 = score_deal(Contract(20, "AT", 1, 0), card_points=[258, 0], tricks=[7, 1],
                     melds=[0, 0])
    assert x12.rounded == 25  # min(25, 26)
    assert sheet_cells(x12, [45, 0]) == ["45", "-"]


def test_x4_x5_x8_bait_cells():  # X4, X5, X8; BB-SHEET-2
    for contract, pts, tricks, melds in ((Contract(12, "S", 1, 0), [60, 102], [3, 5], [5, 0]),
                                         (Contract(9, "C", 1, 0), [0, 162], [0, 8], [0, 0]),
                                         (Contract(22, "AT", 2, 0), [180, 78], [6, 2],
                                          [0, 0])):
        out = score_deal(contract, card_points=pts, tricks=tricks, melds=melds)
        assert out.bait == (True, False)
        assert sheet_cells(out, [0, out.written[1]])[0] == "BT"


def test_x6_doubling_pair_marked_bt():  # X6; BB-SCORE-8, BB-SCORE-10
    out = score_deal(Contract(10, "H", 2, 0), card_points=[162, 0], tricks=[8, 0],
                     melds=[5, 2])
    assert out.bait == (False, True) and out.written == (52, 0)
    assert sheet_cells(out, [52, 0]) == ["52", "BT"]


# ---- X9, X11, X13 through the engine


def _winning_play(m, seat: int) -> str:
    """A card that takes the trick if one can (trick 1 lead order: strongest first)."""
    legal = plays(m.legal_actions(seat))
    order = ["JS", "AS", "TS", "8S", "AH", "KH", "QH", "AD"]
    cards = [code.split(":")[1] for code in legal]
    trick = m.public_view()["groups"]["trick"]
    if not trick:
        return "play:" + next(c for c in order if c in cards)
    led = trick[0]["card"][1]
    follow = [c for c in cards if c[1] == led]
    if follow:
        return "play:" + next(c for c in order if c in follow)
    return "play:" + next(c for c in order if c in cards and c[1] == "S")


def test_x9_kapo_on_one_hand_made():  # X9; BB-BID-4, BB-PLAY-1, BB-PLAY-10, BB-SCORE-6
    m = new_match([["KS", "QS", "9S", "7S", "TH", "TD", "7H", "7D"], [],
                   ["JS", "AS", "TS", "8S", "AH", "KH", "QH", "AD"], []])
    evs = act(m, 2, "bid:kapo1:S")  # off turn, before seat 0 calls
    assert of_type(evs, "trump") == [{"type": "trump", "seat": 2, "suit": "S"}]
    assert m.to_move == 1  # seat 0 is out of play: the next seat leads (BB-PLAY-1)
    assert ("out_of_play", 0, None) in facts(m.public_view())
    assert m.legal_actions(0) == []
    events = []
    while not of_type(events, "deal_scored"):
        seat = m.to_move
        legal = m.legal_actions(seat)
        if seat == 2 and "declare:best" in legal:
            code = "declare:best"
        elif "declare:none" in legal:
            code = "declare:none"
        elif seat == 2:
            code = _winning_play(m, seat)
        else:
            code = plays(legal)[0]
        events += act(m, seat, code)
    tricks = of_type(events, "trick")
    assert len(tricks) == 8 and all(len(t["cards"]) == 3 for t in tricks)
    assert all(t["winner"] == 2 for t in tricks)
    assert {"type": "declare", "seat": 2, "what": "terz"} in of_type(events, "declare")
    assert 0 not in [d["seat"] for d in of_type(events, "declare")]  # BB-MELD-15
    scored = of_type(events, "deal_scored")[0]
    assert scored["outcome"] == "made"
    assert [s["written"] for s in scored["sides"]] == [77, 0]  # 50 + 25 + 2; EW 0
    assert sum(s["card_points"] for s in scored["sides"]) < 162
    assert m.score_sheet["rows"][0] == {"deal": 1, "cells": ["77", "-"], "points": [77, 0],
                                        "note": "K1S"}


X11_HANDS = [["KD", "QD", "TD", "9D", "7D", "KS", "QS", "TC"],
             ["AC", "KC", "QC", "9H", "7H", "JS", "JD", "AD"],
             ["AH", "KH", "QH", "JH", "TH", "9S", "9C", "7S"],
             ["8S", "8H", "8D", "8C", "AS", "TS", "JC", "7C"]]


def test_x11_four_eights_cancel_all_melds_but_bela():  # X11; BB-MELD-13
    m = new_match(X11_HANDS)
    run(m, calls("0 bid:10:D, 1 pass, 2 pass, 3 pass, 0 pass"))
    events = act(m, 0, "declare:none")
    events += act(m, 0, "play:KD:bela")
    events += act(m, 1, "declare:best")  # terz
    events += act(m, 1, plays(m.legal_actions(1))[0])
    events += act(m, 2, "declare:best")  # quint
    events += act(m, 2, plays(m.legal_actions(2))[0])
    assert "declare:four8" in m.legal_actions(3)
    events += act(m, 3, "declare:four8")
    assert of_type(events, "declare")[-1] == {"type": "declare", "seat": 3,
                                               "what": "four_eights"}
    while not of_type(events, "deal_scored"):
        seat = m.to_move
        legal = m.legal_actions(seat)
        words = [c for c in legal if c.endswith(":rebela")]
        events += act(m, seat, words[0] if words else plays(legal)[0])
    assert not of_type(events, "melds_shown")
    scored = of_type(events, "deal_scored")[0]
    assert [s["melds"] for s in scored["sides"]] == [0, 0]
    assert [s["bela"] for s in scored["sides"]] == [2, 0]  # M_d = 2, M_o = 0
    assert [c for c in of_type(events, "play") if c["call"]] == [
        {"type": "play", "seat": 0, "card": "KD", "call": "bela"},
        {"type": "play", "seat": 0, "card": "QD", "call": "rebela"}]


def test_x13_failed_kapo_played_to_the_end_with_bela():  # X13; BB-PLAY-13, BB-SCORE-7
    m = new_match([["AS", "TS", "9S", "8S", "AH", "AD", "AC", "TH"],
                   ["JS", "KS", "QS", "7C", "8C", "9C", "7D", "8D"], [], []])
    run(m, calls("0 bid:kapo:S, 1 pass, 2 pass, 3 pass, 0 pass"))
    events = []
    while not of_type(events, "deal_scored"):
        seat = m.to_move
        legal = m.legal_actions(seat)
        words = [c for c in legal if c.endswith("bela")]
        code = "declare:none" if "declare:none" in legal else (words or plays(legal))[0]
        events += act(m, seat, code)
    assert len(of_type(events, "trick")) == 8  # played on after the kapo was lost
    assert any(t["winner"] % 2 == 1 for t in of_type(events, "trick"))
    scored = of_type(events, "deal_scored")[0]
    assert scored["outcome"] == "failed"
    assert [s["bela"] for s in scored["sides"]] == [0, 2]
    assert [s["written"] for s in scored["sides"]] == [0, 43]  # 25 + 16 + 2
    assert [s["cell"] for s in scored["sides"]] == ["BT", "43"]


# ================================================================ 10.3 auctions A1-A10

AUCTION_HANDS = [["JH", "9H", "AH", "TS", "KS", "QD", "8C", "7D"],
                 ["JS", "9S", "AS", "KH", "QH", "TD", "9C", "8D"],
                 ["JD", "9D", "AD", "TH", "QS", "KC", "7S", "8H"],
                 ["JC", "AC", "TC", "KD", "8S", "QC", "7H", "7C"]]


def auction_match(**options):
    return new_match(AUCTION_HANDS, **options)


def _contract(m):
    f = {k: v for k, v, _ in facts(m.public_view())}
    return f.get("bid_level"), f.get("bid_strain"), f.get("doubling"), f.get("declarer")


def test_a1_last_word_pass():  # A1; BB-BID-13, BB-BID-18
    m = auction_match()
    act(m, 0, "bid:8:H")
    assert "contra" in m.legal_actions(1) and "contra" in m.legal_actions(3)
    assert "contra" not in m.legal_actions(2)
    act(m, 1, "bid:9:S")
    assert "contra" not in m.legal_actions(3)  # 8H was followed by a call
    assert "contra" in m.legal_actions(0) and "contra" in m.legal_actions(2)
    act(m, 2, "pass")
    assert all("contra" not in m.legal_actions(s) for s in range(4))
    run(m, calls("3 pass, 0 pass"))
    assert m.to_move == 1 and m.public_view()["phase"] == "bidding"  # the last word
    act(m, 1, "pass")
    assert m.public_view()["phase"] == "play"
    assert _contract(m) == (9, "S", None, 1)


def test_a2_fourth_seat_opening_no_last_word():  # A2; BB-BID-17
    m = auction_match()
    run(m, calls("0 pass, 1 pass, 2 pass, 3 bid:8:D, 0 pass, 1 pass"))
    assert m.public_view()["phase"] == "bidding"
    act(m, 2, "pass")
    assert m.public_view()["phase"] == "play"
    assert _contract(m) == (8, "D", None, 3)
    assert m.to_move == 0


def test_a3_change_on_the_last_word():  # A3; BB-BID-9, BB-BID-18, BB-BID-19
    m = auction_match()
    run(m, calls("0 bid:9:C, 1 pass, 2 pass, 3 pass"))
    act(m, 0, "bid:10:H")  # change
    assert "contra" in m.legal_actions(1) and "contra" in m.legal_actions(3)
    assert m.legal_actions(1) == ["contra", "pass"]
    act(m, 1, "pass")
    assert "bid:11:H" in m.legal_actions(2) and "bid:11:S" not in m.legal_actions(2)
    act(m, 2, "bid:11:H")
    assert m.legal_actions(3) == ["contra", "pass"]
    run(m, calls("3 pass, 0 pass, 1 pass"))
    assert m.to_move == 2  # last word
    act(m, 2, "pass")
    assert _contract(m) == (11, "H", None, 2)


def test_a4_contra_and_recontra_off_turn():  # A4; BB-BID-13, BB-BID-14, BB-BID-15
    m = auction_match()
    run(m, calls("0 bid:8:S, 1 bid:10:H"))
    assert m.to_move == 2
    refuse(m, 1, "contra", "BB-BID-13")  # his own pair's bid
    act(m, 0, "contra")  # off turn, before seat 2 calls
    assert m.public_view()["phase"] == "play"
    refuse(m, 2, "pass", "BB-BID-14")
    assert "recontra" in m.legal_actions(1) and "recontra" in m.legal_actions(3)
    assert m.to_move == 0
    act(m, 3, "recontra")  # off turn, while seat 0 is on turn to declare
    assert _contract(m) == (10, "H", "recontra", 1)
    assert m.legal_actions(0) == ["declare:none"]  # seat 0 holds no meld
    act(m, 0, "declare:none")
    act(m, 0, plays(m.legal_actions(0))[0])
    refuse(m, 1, "recontra", "BB-BID-15")


def test_a4_refused_variants():  # A4 "Refused instead"; BB-BID-13, BB-BID-15
    m = auction_match()
    run(m, calls("0 bid:8:S, 1 bid:10:H, 2 pass"))
    refuse(m, 0, "contra", "BB-BID-13")  # a call has followed 10H
    m = auction_match()
    run(m, calls("0 bid:8:S, 1 bid:10:H, 0 contra"))
    act(m, 0, "declare:none")
    act(m, 0, plays(m.legal_actions(0))[0])
    for seat in (1, 3):
        refuse(m, seat, "recontra", "BB-BID-15")


def test_a5_kapo_on_one_hand_off_turn():  # A5; BB-BID-11, BB-BID-12, BB-PLAY-1
    m = auction_match()
    act(m, 0, "bid:8:S")
    assert m.to_move == 1
    open_to = [s for s in range(4) if "bid:kapo1:H" in m.legal_actions(s)]
    assert open_to == [0, 1, 3]
    refuse(m, 2, "bid:kapo1:H", "BB-BID-11")
    act(m, 3, "bid:kapo1:H")
    assert _contract(m) == ("kapo1", "H", None, 3)
    assert ("out_of_play", 1, None) in facts(m.public_view())
    assert m.to_move == 0
    assert [s for s in range(4) if "contra" in m.legal_actions(s)] == [0, 2]
    assert m.legal_actions(1) == []  # out of play, no contra yet to redouble
    act(m, 0, "declare:none")
    act(m, 0, plays(m.legal_actions(0))[0])
    assert all("contra" not in m.legal_actions(s) for s in range(4))
    assert _contract(m)[2] is None  # the contract stands undoubled


def test_a6_kapo_outranks_numbers():  # A6; BB-BID-8
    m = auction_match()
    run(m, calls("0 bid:14:S, 1 bid:kapo:H"))
    refuse(m, 2, "bid:26:D", "BB-BID-8")
    assert m.legal_actions(2) == ["contra", "pass"]


def test_a7_all_trumps_open_to_a_passed_player():  # A7; BB-BID-10
    m = auction_match()
    run(m, calls("0 pass, 1 bid:10:C, 2 pass, 3 pass"))
    act(m, 0, "bid:20:AT")
    assert m.public_view()["phase"] == "bidding"


def test_a8_passed_player_partner_has_not_bid():  # A8; BB-BID-9
    m = auction_match()
    run(m, calls("0 pass, 1 bid:10:C, 2 pass, 3 pass"))
    refuse(m, 0, "bid:11:S", "BB-BID-9")
    assert [c for c in m.legal_actions(0) if not c.endswith(":AT")] == ["pass"]


def test_a9_contra_after_a_raise_until_the_first_card():  # A9; BB-BID-13, BB-BID-18
    m = auction_match()
    run(m, calls("0 bid:9:H, 1 pass, 2 pass, 3 pass"))
    act(m, 0, "bid:10:H")  # raise: the bidding ends
    assert m.public_view()["phase"] == "play"
    assert [s for s in range(4) if "contra" in m.legal_actions(s)] == [1, 3]
    act(m, 0, "declare:none")
    act(m, 1, "contra")
    assert "recontra" in m.legal_actions(0) and "recontra" in m.legal_actions(2)
    act(m, 0, "play:JH")
    assert _contract(m) == (10, "H", "contra", 0)
    assert all(not {"contra", "recontra"} & set(m.legal_actions(s)) for s in range(4))


def test_a10_changing_pair_bids_on():  # A10; BB-BID-19, BB-BID-10
    m = auction_match()
    run(m, calls("0 bid:9:C, 1 pass, 2 pass, 3 pass, 0 bid:10:H, 1 pass, 2 bid:11:H"))
    refuse(m, 3, "bid:20:AT", "BB-BID-19")
    run(m, calls("3 pass, 0 bid:12:S, 1 pass, 2 pass, 3 pass"))
    assert m.to_move == 0
    act(m, 0, "pass")
    assert _contract(m) == (12, "S", None, 0)


# ================================================================ 10.4 D1-D5


def test_d1_dealing():  # D1; BB-DEAL-5
    deck = [f"{r}{s}" for s in "SHDC" for r in "AKQJT987"]
    m = game().new_match(players=4, seed=5, deck=deck)
    for seat in range(4):
        assert hand(m, seat) == set(deck[4 * seat: 4 * seat + 4] + deck[16 + 4 * seat:
                                                                          20 + 4 * seat])
    run(m, calls("0 pass, 1 pass, 2 pass, 3 pass"))  # redeal: dealer seat 0
    assert m.public_view()["dealer"] == 0
    m2 = game().new_match(players=4, seed=5, deck=deck)
    run(m2, calls("0 pass, 1 pass, 2 pass, 3 pass"))
    assert [hand(m2, s) for s in range(4)] == [hand(m, s) for s in range(4)]


def test_d1_second_deal_order():  # D1 second deal: seat 1 gets e[0..3]; BB-DEAL-5
    e = [f"{r}{s}" for s in "CDHS" for r in "789TJQKA"]
    m = game().new_match(players=4, seed=0, deck=e, options={"first_dealer": 0})
    assert hand(m, 1) == set(e[0:4] + e[16:20])
    assert hand(m, 0) == set(e[12:16] + e[28:32])


def test_d2_declaration_step():  # D2; BB-MELD-4, BB-MELD-13, BB-MELD-1
    m = new_match([["9S", "8S", "7S", "AH", "KD", "JC", "TH", "QD"]])
    run(m, calls("0 bid:8:H, 1 pass, 2 pass, 3 pass, 0 pass"))
    assert m.legal_actions(0) == ["declare:best", "declare:none"]
    refuse(m, 0, "play:9S", "BB-MELD-4")
    assert act(m, 0, "declare:best") == [{"type": "declare", "seat": 0, "what": "terz"}]
    assert plays(m.legal_actions(0))
    m = new_match([["8S", "8H", "8D", "8C", "AS", "QC", "AH", "KD"]])
    run(m, calls("0 bid:8:H, 1 pass, 2 pass, 3 pass, 0 pass"))
    assert m.legal_actions(0) == ["declare:four8", "declare:none"]
    m = new_match([["9S", "9H", "9D", "9C", "AS", "QD", "TH", "7C"]])
    run(m, calls("0 bid:8:NT, 1 pass, 2 pass, 3 pass, 0 pass"))
    assert m.legal_actions(0) == ["declare:none"]


def test_d3_bela_in_a_suit_contract():  # D3; BB-MELD-10, BB-PLAY-11
    hands = [["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"], [],
             ["KH", "QH", "AD", "KD", "QC", "JC", "9D", "8D"], []]

    def to_seat_2(m):
        run(m, calls("0 bid:8:H, 1 pass, 2 pass, 3 pass, 0 pass"))
        act(m, 0, "declare:none")
        act(m, 0, "play:AS")
        act(m, 1, "declare:none")
        act(m, 1, plays(m.legal_actions(1))[0])
        act(m, 2, "declare:none")

    m = new_match(hands)
    to_seat_2(m)
    legal = m.legal_actions(2)
    assert "play:KH" in legal and "play:KH:bela" in legal  # void in spades: may trump
    assert "play:QH:bela" in legal
    act(m, 2, "play:KH:bela")
    assert ("bela_said", "H", 2) in facts(m.public_view())
    events = []
    while not of_type(events, "deal_scored"):
        seat = m.to_move
        legal = m.legal_actions(seat)
        if seat == 2 and "play:QH:rebela" in legal:
            assert "play:QH:bela" not in legal
            code = "play:QH:rebela"
        else:
            code = "declare:none" if "declare:none" in legal else plays(legal)[0]
        events += act(m, seat, code)
    assert [s["bela"] for s in of_type(events, "deal_scored")[0]["sides"]] == [2, 0]
    # a plain KH: no word is ever offered for QH
    m = new_match(hands)
    to_seat_2(m)
    act(m, 2, "play:KH")
    events = finish_deal(m)
    assert not [p for p in of_type(events, "play") if p["call"]]
    assert [s["bela"] for s in of_type(events, "deal_scored")[0]["sides"]] == [0, 0]


def test_d4_bela_in_all_trumps():  # D4; BB-MELD-11
    hands = [["AH", "9H", "8H", "7H", "AC", "9C", "8C", "7C"], [],
             ["KS", "QS", "AD", "KD", "QD", "JC", "9D", "8D"], []]
    m = new_match(hands)
    run(m, calls("0 bid:20:AT, 1 pass, 2 pass, 3 pass, 0 pass"))
    act(m, 0, "declare:none")
    act(m, 0, "play:AH")
    act(m, 1, "declare:none")
    act(m, 1, plays(m.legal_actions(1))[0])
    act(m, 2, "declare:best")
    legal = m.legal_actions(2)
    assert "play:KS" in legal and "play:KS:bela" not in legal
    assert not [c for c in legal if c.endswith("bela")]
    act(m, 2, "play:KS")
    act(m, 3, "declare:none")
    act(m, 3, plays(m.legal_actions(3))[0])
    events = finish_deal(m)
    assert not [p for p in of_type(events, "play") if p["call"] and p["seat"] == 2
                and p["card"][1] == "S"]
    # leading the suit himself opens the word
    m = new_match(hands, dealer=1)  # seat 2 is on the dealer's left and leads
    run(m, calls("2 bid:20:AT, 3 pass, 0 pass, 1 pass, 2 pass"))
    act(m, 2, "declare:best")
    assert "play:KS:bela" in m.legal_actions(2) and "play:QS:bela" in m.legal_actions(2)


D5_HANDS = [["JH", "9H", "AH", "KS", "QS", "JS", "TS", "7C"],
            ["QC", "JC", "TC", "8H", "TH", "AS", "7D", "8S"],
            ["AD", "KD", "QD", "7H", "9S", "8C", "9C", "7S"],
            ["KH", "QH", "JD", "TD", "9D", "8D", "AC", "KC"]]


def _d5_to_trick_two():
    m = new_match(D5_HANDS, auto_show=False)
    run(m, calls("0 bid:8:H, 1 pass, 2 pass, 3 pass, 0 pass"))
    run(m, [(0, "declare:best"), (0, "play:JH"), (1, "declare:best"), (1, "play:8H"),
            (2, "declare:best"), (2, "play:7H"), (3, "declare:best")])
    events = act(m, 3, "play:KH")
    assert not of_type(events, "melds_shown")  # auto_show off: nobody is shown yet
    assert ("meld_winner", 0, None) in facts(m.public_view())
    assert m.to_move == 0
    assert "show" in m.legal_actions(0) and plays(m.legal_actions(0))
    return m


def _finish(m, shows: set[int]):
    events = []
    while not of_type(events, "deal_scored"):
        seat = m.to_move
        legal = m.legal_actions(seat)
        code = "show" if seat in shows and "show" in legal else plays(legal)[0]
        events += act(m, seat, code)
    return of_type(events, "deal_scored")[0]


def test_d5_winner_plays_without_showing():  # D5; BB-MELD-8 (a)
    m = _d5_to_trick_two()
    scored = _finish(m, shows={1, 3})
    assert [s["melds"] for s in scored["sides"]] == [0, 2 + 5]


def test_d5_partner_does_not_show():  # D5; BB-MELD-8 (b)
    m = _d5_to_trick_two()
    scored = _finish(m, shows={0, 1, 3})
    assert [s["melds"] for s in scored["sides"]] == [5, 0]


def test_d5_auto_show_on():  # D5 last sentence; BB-MELD-7
    m = new_match(D5_HANDS)
    run(m, calls("0 bid:8:H, 1 pass, 2 pass, 3 pass, 0 pass"))
    run(m, [(0, "declare:best"), (0, "play:JH"), (1, "declare:best"), (1, "play:8H"),
            (2, "declare:best"), (2, "play:7H"), (3, "declare:best")])
    events = act(m, 3, "play:KH")
    shown = of_type(events, "melds_shown")
    assert [e["seat"] for e in shown] == [0, 2]
    assert "show" not in m.legal_actions(0)
    scored = _finish(m, shows=set())
    assert [s["melds"] for s in scored["sides"]] == [5 + 2, 0]
