"""The worked examples of berg.md section 5 (BERG-EX-1 .. BERG-EX-17), one test each or more."""

from __future__ import annotations

from typing import Any

import pytest

from engine.berg.cards import CARDS42, NON_SIGNIFICANT
from engine.berg.game import BergMatch

from .berg_helpers import (
    act,
    arrange,
    deck_for,
    fact,
    facts,
    hand,
    moves,
    new_match,
    of_type,
    refuse,
)


def _identity_shuffles(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every seeded shuffle keep the given order, so tests know the pack order."""

    def keep(self: BergMatch, cards: Any) -> list[str]:
        self._s.rng_n += 1
        return list(cards)

    monkeypatch.setattr(BergMatch, "_shuffled", keep)


def test_ex1_dealing_first_deal():  # BERG-EX-1, BERG-DEAL-3, BERG-DEAL-4
    d = list(CARDS42)
    i = d.index("9C")
    d[20], d[i] = d[i], d[20]  # a ballast up-card: seat 0 simply has the first turn
    m = new_match(d)
    for seat in range(4):
        assert sorted(hand(m, seat)) == sorted(d[seat + 4 * k] for k in range(5))
    pv = m.public_view()
    assert pv["groups"]["pile"] == [{"card": d[20], "seat": 3}]
    assert fact(pv, "stock") == 21 and fact(pv, "turnovers") == 0
    assert m._s.stock == d[21:]
    act(m, 0, "draw")
    assert d[21] in hand(m, 0)
    assert m.view(0)["private"][-1] == {"key": "drawn_card", "value": d[21], "kind": "card"}


def test_ex1_dealing_second_deal(monkeypatch):  # BERG-EX-1, BERG-DEAL-1, BERG-END-4
    _identity_shuffles(monkeypatch)
    m = new_match(deck_for({}, "9C"))
    act(m, 0, "declare:surrender")  # deal 1 ends at once; deal 2 is dealt by seat 0
    e = list(CARDS42)  # the (unshuffled) pack order of deal 2
    assert m.public_view()["deal"] == 2 and m.public_view()["dealer"] == 0
    assert m._s.hands[1][:5] == [e[0], e[4], e[8], e[12], e[16]]
    assert m._s.hands[0][:5] == [e[3], e[7], e[11], e[15], e[19]]


def _ex2() -> Any:
    hands = {0: ["QC", "8S", "8D", "TC", "5C"], 1: ["AD", "5S", "9H", "RJ", "8C"],
             2: ["QS", "KS", "TS", "6D", "9C"], 3: ["KD", "BJ", "9S", "6C", "TH"]}
    stock = ["KH", "5H", "6S", "6H", "9D", "TD", "KC", "8H"]
    return new_match(deck_for(hands, "7D", stock))


def test_ex2_up_card_and_turn_order():  # BERG-EX-2, BERG-DEAL-5, BERG-TURN-1, BERG-EFF-13
    m = _ex2()
    assert of_type(m.events, "drew") == [{"type": "drew", "seat": 0, "count": 2, "forced": True}]
    assert of_type(m.events, "skipped") == [{"type": "skipped", "seat": 0}]
    assert m.to_move == 1 and len(hand(m, 0)) == 7
    assert moves(m, 1) == ["play:AD", "play:RJ"]  # any diamond, any 7, any queen, RJ
    act(m, 1, "play:AD")
    assert m.to_move == 3 and "6S" in hand(m, 2)  # seat 2 drew 1 and was skipped
    act(m, 3, "play:KD")
    assert m.to_move == 0
    act(m, 0, "play:QC:H")
    assert m.to_move == 1
    act(m, 1, "draw")
    act(m, 1, "pass")
    assert m.to_move == 2 and fact(m.public_view(), "suit_order") == "H"
    act(m, 2, "play:QS")
    assert fact(m.public_view(), "suit_order") == "S"
    assert moves(m, 3) == ["play:9S", "play:BJ"]  # any spade, BJ, any queen
    act(m, 3, "play:BJ")
    assert m.to_move == 1 and len(hand(m, 0)) == 5 + 2 - 1 + 4
    assert sorted(moves(m, 1)) == ["play:5S", "play:8C", "play:RJ"]  # spades, clubs, RJ, queens


def _ex3() -> Any:
    hands = {0: ["9S", "KC", "5C", "6C", "7C"], 1: ["8S", "8H", "8D", "8C", "KD"],
             2: ["JH", "5D", "6D", "7D", "9D"], 3: ["TS", "TD", "5H", "6H", "7H"]}
    return new_match(deck_for(hands, "9H"))


def test_ex3_frame_of_eights():  # BERG-EX-3, BERG-FRAME-1, -2, -3
    m = _ex3()
    act(m, 0, "play:9S")
    frames = [c for c in m.legal_actions(1) if c.startswith("frame:")]
    assert frames == ["frame:8S.8D.8C.8H", "frame:8S.8H.8C.8D", "frame:8S.8H.8D.8C"]
    assert refuse(m, 1, "frame:8S.8C.8D.8H").rule_id == "BERG-FRAME-2"
    act(m, 1, "frame:8S.8D.8C.8H")
    pv = m.public_view()
    assert hand(m, 1) == ["KD"] and pv["groups"]["pile"][-1] == {"card": "8H", "seat": 1}
    assert m.to_move == 2 and not of_type(m.events, "skipped")
    act(m, 2, "play:JH:T")
    assert m.to_move == 3 and moves(m, 3) == ["play:TD", "play:TS"]


def test_ex4_frame_of_sevens():  # BERG-EX-4, BERG-FRAME-4, -8, BERG-EFF-2
    hands = {0: ["QD", "KC", "5C", "6C", "8C"], 1: ["7C", "7S", "7D", "7H", "KD"],
             2: ["5D", "6D", "8D", "9D", "TD"], 3: ["6H", "5H", "9H", "TH", "KH"]}
    m = new_match(deck_for(hands, "9S"))
    act(m, 0, "play:QD:C")
    act(m, 1, "frame:7C.7S.7D.7H")
    assert of_type(m.events, "drew")[-1] == {"type": "drew", "seat": 2, "count": 8,
                                             "forced": True}
    assert len(hand(m, 2)) == 13 and m.to_move == 3
    assert fact(m.public_view(), "suit_order") is None
    act(m, 3, "play:6H")
    assert of_type(m.events, "skipped")[-1] == {"type": "skipped", "seat": 0}
    assert m.to_move == 1 and len(hand(m, 0)) == 4


def _ex5(dealer: int = 3, **opts: Any) -> Any:
    hands = {0: ["6S", "6C", "6D", "RJ", "9H"], 1: ["5S", "KS", "TS", "9S", "8S"],
             2: ["9D", "5D", "BJ", "QS", "9C"], 3: ["KH", "8H", "TH", "7C", "8D"]}
    return new_match(deck_for(hands, "KC", dealer=dealer), first_dealer=dealer, **opts)


def test_ex5_captains_joker():  # BERG-EX-5, BERG-FRAME-5, -6, -7
    m = _ex5()
    assert [c for c in m.legal_actions(0) if c.startswith("frame:")] == ["frame:6C.6S.6D.RJ"]
    assert refuse(m, 0, "frame:RJ.6C.6S.6D").rule_id == "BERG-FRAME-5"
    assert refuse(m, 0, "frame:6C.6D.6S.RJ").rule_id == "BERG-FRAME-2"
    assert refuse(m, 0, "frame:6S.6D.6C.RJ").rule_id == "BERG-FRAME-10"
    act(m, 0, "frame:6C.6S.6D.RJ")
    assert fact(m.public_view(), "top_card") == "RJ"
    assert of_type(m.events, "drew")[-1] == {"type": "drew", "seat": 1, "count": 4,
                                             "forced": True}
    assert m.to_move == 2
    assert moves(m, 2) == ["play:5D", "play:9D", "play:BJ"] + [
        f"play:QS:{x}" for x in "CDHS"]


def test_ex5_not_captain_or_fired_or_wrong_colour():  # BERG-EX-5, BERG-FRAME-7, BERG-DECL-12
    m = _ex5(captain_02=2)  # seat 0 is not the captain
    assert refuse(m, 0, "frame:6C.6S.6D.RJ").rule_id == "BERG-FRAME-7"
    m = _ex5(dealer=2)  # seat 3 moves first: pair 1-3 fires pair 0-2's captain
    act(m, 1, "declare:fire")
    act(m, 3, "play:KH")
    assert m.to_move == 0 and not m._s.hands[0].count("KC")
    arrange(m, hands={0: ["6S", "6C", "6D", "RJ", "9H"]}, pile=[("KC", 3)], turn=0,
            fired=[True, False])
    assert refuse(m, 0, "frame:6C.6S.6D.RJ").rule_id == "BERG-DECL-12"
    for colour_match, ok in ((True, False), (False, True)):
        m = _ex5(frame_joker_colour_match=colour_match)
        arrange(m, hands={0: ["6S", "6C", "6D", "BJ", "9H"]}, pile=[("KC", 3)], turn=0)
        if ok:
            act(m, 0, "frame:6C.6S.6D.BJ")
        else:
            assert refuse(m, 0, "frame:6C.6S.6D.BJ").rule_id == "BERG-FRAME-6"


@pytest.mark.parametrize(("pile", "order", "card", "ok"), [
    (["7S"], None, "BJ", True), (["7S", "BJ"], None, "8C", True),
    (["5D"], None, "RJ", True), (["5D", "RJ"], None, "BJ", True),
    (["BJ"], None, "QH", True),
    (["7S"], None, "RJ", False), (["BJ"], None, "8H", False),
    (["JC"], ["card", "T"], "QH", False), (["JC"], ["card", "A"], "RJ", False),
])
def test_ex6_joker_placement(pile, order, card, ok):  # BERG-EX-6, BERG-PLAY-1, -3, -4
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={0: [card, "KS", "KH", "KD", "KC"]}, pile=[(c, 1) for c in pile],
            turn=0, order=order)
    if ok:
        assert any(c.startswith(f"play:{card}") for c in moves(m, 0))
    else:
        rule = refuse(m, 0, f"play:{card}" if card[0] != "Q" else f"play:{card}:S").rule_id
        assert rule == ("BERG-PLAY-1" if order else
                        "BERG-PLAY-4" if pile[-1] in ("RJ", "BJ") else "BERG-PLAY-3")


def _ex7(**opts: Any) -> Any:
    hands = {0: ["JC", "KC", "8C", "9H", "TH"], 1: ["5D", "6D", "7D", "8D", "KD"],
             2: ["5H", "6H", "7H", "8H", "KH"], 3: ["5C", "6C", "7C", "TS", "9S"]}
    stock = ["9D", "5S", "TC", "KS", "AH", "6S", "7S", "8S"]
    m = new_match(deck_for(hands, "9C", stock), **opts)
    for seat in range(4):  # the aces are all in the stock
        assert not [c for c in hand(m, seat) if c[0] == "A"]
    return m


def test_ex7_order_nobody_holds():  # BERG-EX-7, BERG-EFF-8, -9, -10, -11
    m = _ex7()
    act(m, 0, "play:JC:A")
    for seat in (1, 2, 3, 0):
        assert moves(m, seat) == []
        act(m, seat, "draw")
        assert m.legal_actions(seat) == ["pass"]
        act(m, seat, "pass")
    act(m, 1, "draw")
    assert "AH" in hand(m, 1) and m.legal_actions(1) == ["play:AH"]  # pass not offered
    act(m, 1, "play:AH")
    assert of_type(m.events, "drew")[-1] == {"type": "drew", "seat": 2, "count": 1,
                                             "forced": True}
    assert m.to_move == 3 and fact(m.public_view(), "card_order") is None


def test_ex7_variant_must_play_held_ace():  # BERG-EX-7, BERG-EFF-8
    m = _ex7()
    act(m, 0, "play:JC:A")
    m._s.hands[2].append(m._s.stock.pop(m._s.stock.index("AS"))) if "AS" in m._s.stock \
        else None
    act(m, 1, "draw")
    act(m, 1, "pass")
    assert [c for c in m.legal_actions(2) if not c.startswith("suggest:")] == ["draw", "play:AS"]
    act(m, 2, "draw")
    assert m.legal_actions(2) == ["play:AS"]
    assert refuse(m, 2, "pass").rule_id == "BERG-EFF-8"


def test_ex7_variant_penalty():  # BERG-EX-7, BERG-PEN-2
    m = _ex7(enforcement="penalty")
    act(m, 0, "play:JC:A")
    m._s.hands[2].append(m._s.stock.pop(m._s.stock.index("AS")))
    act(m, 1, "draw")
    act(m, 1, "pass")
    act(m, 2, "draw")
    assert "pass" in m.legal_actions(2)
    evs = act(m, 2, "pass")
    assert [e["type"] for e in evs][:3] == ["passed", "penalty", "deal_scored"]
    row = m.score_sheet["rows"][-1]
    assert row["note"] == "0-2 penalty" and row["points"] == [0.0, 15.0]
    assert m.is_over and m.score_sheet["result"] == {"winner": 1, "line": "15.0 - 0.0",
                                                           "score": [0.0, 15.0]}


def _out(m: Any, seat: int, code: str) -> dict[str, Any]:
    act(m, seat, code)
    return m.score_sheet["rows"][-1]


def test_ex8a_plain_last_card():  # BERG-EX-8 (a), BERG-SCORE-2
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={0: ["9H"]}, pile=[("9S", 3)], turn=0, rest_to=1)
    assert _out(m, 0, "play:9H") == {"deal": 1, "cells": ["0.5", "-"], "points": [0.5, 0.0],
                                     "note": "0-2 win 0.5"}


def test_ex8b_queen_on_queen_run():  # BERG-EX-8 (b)
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={0: ["QH"], 1: ["9D", "KS"], 2: ["QS", "KH"], 3: ["5C", "6C"]},
            pile=[("9C", 0)], turn=1)
    act(m, 1, "play:9D")
    act(m, 2, "play:QS:H")
    act(m, 3, "draw")
    act(m, 3, "pass")
    row = _out(m, 0, "play:QH")
    assert row["note"] == "0-2 win run QH QS = 2.5" and row["points"] == [2.5, 0.0]


def test_ex8c_frame_of_queens():  # BERG-EX-8 (c), BERG-FRAME-9, BERG-SCORE-3
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={0: ["QC", "QD", "QH", "QS"]}, pile=[("KD", 3)], turn=0)
    assert "frame:QC.QH.QD.QS" in m.legal_actions(0)
    row = _out(m, 0, "frame:QC.QH.QD.QS")
    assert row["note"] == "0-2 win run QS QD QH QC = 4.5" and row["points"] == [4.5, 0.0]


def test_ex8d_opponents_queen_stops_run():  # BERG-EX-8 (d)
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={0: ["BJ"], 1: ["9D", "KS"], 2: ["QC", "KH"], 3: ["QS", "6C"]},
            pile=[("9C", 0)], turn=1)
    act(m, 1, "play:9D")
    act(m, 2, "play:QC:D")
    act(m, 3, "play:QS")
    assert fact(m.public_view(), "suit_order") == "S"
    row = _out(m, 0, "play:BJ")
    assert row["note"] == "0-2 win run BJ = 2.0" and row["points"] == [2.0, 0.0]


def test_ex8e_captains_joker_frame_of_queens():  # BERG-EX-8 (e)
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={0: ["QC", "QD", "QS", "RJ"]}, pile=[("9D", 3)], turn=0)
    row = _out(m, 0, "frame:QC.QS.QD.RJ")
    assert row["note"] == "0-2 win run RJ QD QS QC = 5.5" and row["points"] == [5.5, 0.0]


def test_ex9_seed_score_column():  # BERG-EX-9, BERG-SCORE-6
    m = new_match(deck_for({}, "9C"))
    finishes = [(0, ["QH"], "play:QH"), (0, ["9S"], "play:9S"), (1, ["RJ"], "play:RJ"),
                (0, ["QS"], "play:QS"), (0, ["9S"], "play:9S")]
    for seat, cards, code in finishes:
        top = "9H" if seat == 1 else "9D"
        arrange(m, hands={seat: cards}, pile=[(top, (seat + 3) % 4)], turn=seat,
                rest_to=(seat + 1) % 4)
        act(m, seat, code)
    arrange(m, hands={1: ["QD", "5D"], 2: ["KH", "5H"], 3: ["BJ"]}, pile=[("9C", 0)],
            turn=1, rest_to=0)
    act(m, 1, "play:QD:S")
    act(m, 2, "draw")
    act(m, 2, "pass")
    act(m, 3, "play:BJ")
    sheet = m.score_sheet
    assert [r["cells"] for r in sheet["rows"]] == [
        ["1.0", "-"], ["1.5", "-"], ["1.5", "2.0"], ["3.0", "2.0"], ["3.5", "2.0"],
        ["3.5", "5.0"]]
    assert sheet["rows"][-1]["note"] == "1-3 win run BJ QD = 3.0"
    assert sheet["totals"] == [3.5, 5.0] and not m.is_over


@pytest.mark.parametrize("shuffle", ["off", "on"])
def test_ex10_turnover(shuffle):  # BERG-EX-10, BERG-TURNOVER-1, -2, -3
    m = new_match(deck_for({}, "9C"), shuffle_on_turnover=shuffle)
    arrange(m, hands={0: ["7C", "KD"]},
            pile=[("9S", 3), ("9H", 0), ("KH", 1), ("7H", 2)], stock=[], turn=0, rest_to=3)
    evs = act(m, 0, "play:7C")
    assert [e["type"] for e in evs] == ["play", "turnover", "drew", "skipped"]
    assert evs[1] == {"type": "turnover", "count": 1, "stock": 4, "shuffled": shuffle == "on"}
    assert m.public_view()["groups"]["pile"] == [{"card": "7C", "seat": 0}]
    got = m._s.hands[1] + m._s.stock
    if shuffle == "off":
        assert m._s.hands[1] == ["9S", "9H"] and m._s.stock == ["KH", "7H"]
    else:
        assert sorted(got) == sorted(["9S", "9H", "KH", "7H"])
    assert m.to_move == 2 and fact(m.public_view(), "turnovers") == 1


def test_ex11a_fifth_turnover_is_a_tie():  # BERG-EX-11 (a), BERG-TIE-1, BERG-TIE-9
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={0: ["KD"]}, pile=[(c, 1) for c in ("8S", "8H", "8D", "8C", "9S", "9H")],
            stock=[], turn=0, turnovers=4, rest_to=2)
    evs = act(m, 0, "draw")
    assert not [e for e in evs if e["type"] == "turnover"]
    assert m.score_sheet["rows"][-1] == {"deal": 1, "cells": ["0.5", "0.5"],
                                         "points": [0.5, 0.5], "note": "tie"}


@pytest.mark.parametrize("convention", ["with_tie", "no_tie_one_deck"])
def test_ex11b_exhausted_stock_is_a_tie(convention):  # BERG-EX-11 (b), BERG-TIE-2, -3
    m = new_match(deck_for({}, "9C"), tie_convention=convention)
    arrange(m, hands={0: ["KD"]}, pile=[("9S", 1)], stock=[], turn=0, rest_to=2)
    act(m, 0, "draw")
    assert m.score_sheet["rows"][-1]["note"] == "tie"


def test_ex11c_no_tie_turnover_eight():  # BERG-EX-11 (c), BERG-TIE-3
    m = new_match(deck_for({}, "9C"), tie_convention="no_tie_one_deck")
    arrange(m, hands={0: ["KD"]}, pile=[("9S", 1), ("9H", 2), ("9D", 3)], stock=[], turn=0,
            turnovers=7, rest_to=2)
    act(m, 0, "draw")
    assert fact(m.public_view(), "turnovers") == 8 and m.to_move == 0


@pytest.mark.parametrize(("convention", "turnovers", "exchanges"), [
    ("no_tie_one_deck", 50, 0), ("no_tie_two_deck", 50, 0), ("no_tie_two_deck", 30, 20)])
def test_ex11d_bound(convention, turnovers, exchanges):  # BERG-EX-11 (d), BERG-TIE-10
    m = new_match(deck_for({}, "9C"), tie_convention=convention)
    arrange(m, hands={0: ["KD"]}, pile=[("9S", 1), ("9H", 2), ("9D", 3)], stock=[], turn=0,
            turnovers=turnovers, exchanges=exchanges, rest_to=2)
    evs = act(m, 0, "draw")
    assert next(e["type"] for e in evs) == "deal_scored" and evs[0]["outcome"] == "tie"


def _ex12(seat1: list[str]) -> Any:
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={0: ["5C", "6C", "7C", "8C", "9C"], 1: seat1,
                      2: ["KH", "KD", "8H", "9D", "TD"], 3: ["RJ", "9S", "TS", "KS", "8S"]},
            pile=[("KC", 1)], stock=["5D", "6D", "BJ", "7D"], turn=2, rest_to="out")
    return m


def test_ex12_dobor():  # BERG-EX-12, BERG-DECL-4 .. -8, BERG-DECL-1
    m = _ex12(["5H", "6H", "TH"])
    assert "declare:dobor" in m.legal_actions(0)
    evs = act(m, 0, "declare:dobor")
    assert m.to_move == 2 and "declare:fire" in m.legal_actions(0)
    assert evs[1] == {"type": "jokers_shown", "jokers": [[3, "RJ"]], "seats": [0, 1, 2, 3],
                      "void": False}
    assert m.score_sheet["rows"][-1] == {"deal": 1, "cells": ["-0.5", "-"],
                                         "points": [-0.5, 0.0], "note": "0-2 dobor -0.5"}
    pv = m.public_view()
    assert facts(pv, "joker_shown") == [{"key": "joker_shown", "value": "RJ", "kind": "card",
                                         "seat": 3}]
    assert fact(pv, "dobor") == "dobor_active"
    act(m, 2, "play:KH")  # pair 0-2 is not restricted by its own dobor
    assert m.to_move == 3 and moves(m, 3)  # 5 cards: may play
    arrange(m, hands={0: ["5C", "6C"], 1: ["5H", "6H", "TH"], 2: ["KD"],
                      3: ["RJ", "9S", "TS", "KS", "8S"]}, pile=[("9H", 2)],
            stock=["5D", "6D", "BJ", "7D"], turn=1, rest_to="out", dobor_declared=[True, False],
            dobor_active=[True, False], revealed=["RJ"])
    assert moves(m, 1) == []  # three cards: cannot play at once
    act(m, 1, "draw")
    assert moves(m, 1) and "pass" in m.legal_actions(1)


def test_ex12_two_cards_must_draw_and_pass_and_dobor_ends():  # BERG-EX-12, BERG-DECL-6, -8
    m = _ex12(["5H", "TH"])
    m._s.stock = ["5D", "6D", "7D", "BJ"]
    act(m, 0, "declare:dobor")
    act(m, 2, "play:KH")
    act(m, 3, "draw")  # 5D
    act(m, 3, "pass")
    act(m, 0, "draw")  # 6D
    act(m, 0, "pass")
    assert moves(m, 1) == []
    act(m, 1, "draw")  # 7D: three cards, still restricted
    assert m.legal_actions(1) == ["pass"]
    act(m, 1, "pass")
    act(m, 2, "draw")  # BJ: shown at once, and the stock holds no joker now
    assert of_type(m.events, "jokers_shown")[-1] == {"type": "jokers_shown",
                                                     "jokers": [[2, "BJ"]], "seats": [2],
                                                     "void": False}
    assert fact(m.public_view(), "dobor") == "dobor_over"
    assert {"key": "joker_shown", "value": "BJ", "kind": "card", "seat": 2} in m.public_view()[
        "facts"]


def test_ex12_void_dobor():  # BERG-EX-12 variant, BERG-DECL-6
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={1: ["RJ", "5H", "6H"], 3: ["BJ", "9S", "TS"], 2: ["KH", "KD"]},
            pile=[("TC", 1)], turn=2)
    evs = act(m, 0, "declare:dobor")
    assert evs[1]["void"] is True and m.score_sheet["totals"] == [-0.5, 0.0]
    assert fact(m.public_view(), "dobor") == "dobor_over"


@pytest.mark.parametrize(("size", "total", "over"), [("height_plus_5", 15.0, True),
                                                     ("cheap_5", 9.0, False)])
def test_ex13_penalty(size, total, over):  # BERG-EX-13, BERG-PEN-2, BERG-PEN-3
    m = new_match(deck_for({}, "9C"), enforcement="penalty", penalty_size=size)
    arrange(m, hands={0: ["9D", "KH", "8H"], 1: ["5S", "6S"]}, pile=[("JC", 3)], turn=0,
            order=["card", "9"], totals=[6, 8], touched=[True, True])
    act(m, 0, "draw")
    act(m, 0, "pass")
    assert m.score_sheet["totals"] == [3.0, total]
    assert m.is_over is over
    if over:
        assert m.score_sheet["result"] == {"winner": 1, "line": "15.0 - 3.0",
                                            "score": [3.0, 15.0]}


@pytest.mark.parametrize(("case", "comparison", "taken"), [
    ("run", "gt", True), ("exactly_10", "gt", False), ("exactly_10", "gte", True)])
def test_ex14_taking_the_berg(case, comparison, taken):  # BERG-EX-14, BERG-END-1, -3
    m = new_match(deck_for({}, "9C"), berg_win_comparison=comparison)
    if case == "run":
        arrange(m, hands={0: ["QD", "RJ"], 1: ["5S", "6S"], 2: ["QH", "KC"], 3: ["5C"]},
                pile=[("9D", 3)], turn=0, totals=[19, 16], touched=[True, True])
        act(m, 0, "play:QD:S")
        act(m, 1, "draw")
        act(m, 1, "pass")
        act(m, 2, "play:QH")
        assert fact(m.public_view(), "suit_order") == "H"
        act(m, 3, "draw")
        act(m, 3, "pass")
        row = _out(m, 0, "play:RJ")
        assert row["note"] == "0-2 win run RJ QH QD = 4.0"
        assert m.score_sheet["totals"] == [13.5, 8.0]
        assert m.score_sheet["result"] == {"winner": 0, "line": "13.5 - 8.0",
                                            "score": [13.5, 8.0]}
    else:
        arrange(m, hands={0: ["9H"]}, pile=[("9D", 3)], turn=0, totals=[19, 16],
                touched=[True, True], rest_to=1)
        act(m, 0, "play:9H")
        assert m.score_sheet["totals"] == [10.0, 8.0]
    assert m.is_over is taken


def test_ex15_deck_exchange(monkeypatch):  # BERG-EX-15, BERG-TIE-5 .. -8, -11
    _identity_shuffles(monkeypatch)
    m = new_match(deck_for({}, "9C"), tie_convention="no_tie_two_deck")
    plain = [c for c in NON_SIGNIFICANT if c not in ("JC", "7S") and c[0] != "T"]
    arrange(m, hands={1: ["QS", "QH", "QD", "QC", "RJ", "BJ", "7S"], 0: plain[:12],
                      2: plain[12:24], 3: [*plain[24:], "TS", "TH", "TD", "TC"]},
            pile=[("JC", 0)], stock=[], turn=2, order=["card", "T"], turnovers=2,
            rest_to="out")
    evs = act(m, 2, "draw")
    assert evs == [{"type": "deck_exchange", "count": 1, "up_card": m._s.pile[0][0],
                    "counts": [5, 5, 5, 5], "queen_returned": True}]
    new = list(NON_SIGNIFICANT)
    assert m._s.hands[0] == new[0:5]
    assert sorted(m._s.hands[1]) == sorted(["QS", "QD", "QC", "RJ", "BJ"])
    assert m._s.hands[2] == new[5:10] and m._s.hands[3] == new[10:15]
    rest = [*new[15:], "QH"]
    assert m._s.pile == [[rest[0], None]] and m._s.stock == rest[1:] and len(rest) == 22
    pv = m.public_view()
    assert fact(pv, "card_order") is None and fact(pv, "turnovers") == 2
    assert fact(pv, "exchanges") == 1
    assert m.to_move == 2 and "draw" in m.legal_actions(2) and "declare:dobor" in \
        m.legal_actions(0)


def _frames(m: Any, seat: int = 1) -> list[str]:
    return [c for c in m.legal_actions(seat) if c.startswith("frame:")]


@pytest.mark.parametrize(("pile", "order", "n", "first"), [
    ("9D", None, 3, {"8D"}), ("QS", ["suit", "S"], 3, {"8S"}), ("QS", ["suit", "H"], 3, {"8H"}),
    ("JH", ["card", "8"], 12, {"8S", "8H", "8D", "8C"}), ("JH", ["card", "9"], 0, set()),
    ("RJ", None, 6, {"8H", "8D"}), ("BJ", None, 6, {"8S", "8C"})])
def test_ex16_frame_codes(pile, order, n, first):  # BERG-EX-16, BERG-FRAME-10
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={1: ["8S", "8H", "8D", "8C", "5C", "6C"]}, pile=[(pile, 0)], turn=1,
            order=order)
    got = _frames(m)
    assert len(got) == n and {c.split(":")[1][:2] for c in got} == first


def test_ex16_queen_frames_fit_anything():  # BERG-EX-16
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={1: ["QS", "QH", "QD", "QC", "5C"]}, pile=[("7D", 0)], turn=1)
    assert len(_frames(m)) == 12


@pytest.mark.parametrize(("colour_match", "top", "want"), [
    (True, "KC", ["frame:6C.6S.6D.RJ"]),
    (False, "KC", ["frame:6C.6S.6D.BJ", "frame:6C.6S.6D.RJ"]),
    (True, "6H", ["frame:6C.6S.6D.RJ", "frame:6D.6S.6C.RJ", "frame:6S.6D.6C.RJ"])])
def test_ex16_captain_joker_frames(colour_match, top, want):  # BERG-EX-16, BERG-FRAME-5, -6
    m = new_match(deck_for({}, "9C"), frame_joker_colour_match=colour_match)
    arrange(m, hands={1: ["6S", "6C", "6D", "RJ", "BJ"]}, pile=[(top, 0)], turn=1)
    assert _frames(m) == want


def test_ex16_two_joker_frames():  # BERG-EX-16, BERG-FRAME-5, -6, BERG-FRAME-4
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={1: ["9S", "9H", "RJ", "BJ", "KD"]}, pile=[("5S", 0)], turn=1)
    assert _frames(m) == ["frame:9S.9H.BJ.RJ", "frame:9S.9H.RJ.BJ"]
    act(m, 1, "frame:9S.9H.RJ.BJ")
    assert of_type(m.events, "drew")[-1] == {"type": "drew", "seat": 2, "count": 8,
                                             "forced": True}
    assert m.to_move == 3 and fact(m.public_view(), "top_card") == "BJ"
    for colour_match in (True, False):
        m = new_match(deck_for({}, "9C"), frame_joker_colour_match=colour_match)
        arrange(m, hands={1: ["9S", "9C", "RJ", "BJ", "KD"]}, pile=[("5S", 0)], turn=1)
        assert bool(_frames(m)) is not colour_match


def test_ex16_dobor_frames_need_seven_cards():  # BERG-EX-16, BERG-DECL-7
    for extra, n in ((["5C", "6C"], 0), (["5C", "6C", "7C"], 3)):
        m = new_match(deck_for({}, "9C"))
        arrange(m, hands={1: ["8S", "8H", "8D", "8C", *extra]}, pile=[("9D", 0)], turn=1,
                stock=["RJ"], dobor_declared=[True, False], dobor_active=[True, False])
        assert len(_frames(m)) == n


def test_ex17_going_out_with_a_jack():  # BERG-EX-17, BERG-SCORE-1, BERG-EFF-7
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={2: ["JH"]}, pile=[("8H", 1)], turn=2, rest_to=3)
    assert moves(m, 2) == ["play:JH"]
    assert refuse(m, 2, "play:JH:T").rule_id == "BERG-EFF-7"
    assert _out(m, 2, "play:JH")["points"] == [0.5, 0.0]


def test_ex17_going_out_with_a_queen():  # BERG-EX-17, BERG-EFF-12
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={2: ["QD"]}, pile=[("9C", 1)], turn=2, rest_to=3)
    assert moves(m, 2) == ["play:QD"]
    row = _out(m, 2, "play:QD")
    assert row["note"] == "0-2 win run QD = 1.0"


def test_ex17_last_jack_under_absolute():  # BERG-EX-17, BERG-INS-5
    m = new_match(deck_for({}, "9C"), insurance_type="absolute")
    arrange(m, hands={2: ["JH"]}, pile=[("8H", 1)], turn=2, rest_to=3)
    assert moves(m, 2) == ["play:JH"]
