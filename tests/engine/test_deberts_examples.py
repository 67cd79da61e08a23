"""The worked examples of deberts.md Part E that belong to Part A: E.1 to E.5.

E.1 and E.4 are played through the engine from a ``deck``; E.2, E.3 and E.5 are point totals no
deck reaches easily, so they go through the pure scoring helpers of
``engine.deberts.scoring`` (``score_deal``, ``sheet_cells``, ``match_result``).
"""

from __future__ import annotations

import pytest

from engine.deberts.scoring import match_result, score_deal, sheet_cells

from .deberts_helpers import (
    E1_DECK,
    E1_MOVES,
    E4_DECK,
    E4_MOVES,
    Tracker,
    act,
    group_cards,
    hand,
    new_match,
    refuse,
    run_moves,
)


def _plays(legal: list[str]) -> list[str]:
    return [c for c in legal if c.startswith("play:")]


# ================================================================ E.1


def test_e1_deal():  # E.1, DB-DEAL-2..5
    m = new_match(E1_DECK)
    assert hand(m, 0) == {"JH", "9H", "AH", "AS", "TS", "7C"}
    assert hand(m, 1) == {"TH", "7H", "KS", "QS", "AC", "KD"}
    assert group_cards(m.public_view(), "up_card") == ["8H"]
    assert m.legal_actions(0) == ["pass", "take"]
    evs = act(m, 0, "take")
    assert evs[:2] == [{"type": "bid", "seat": 0, "call": "take"},
                       {"type": "trump", "seat": 0, "suit": "H"}]
    assert hand(m, 0) == {"JH", "9H", "AH", "KH", "QH", "AS", "TS", "7C", "8D"}
    assert hand(m, 1) == {"TH", "7H", "KS", "QS", "JS", "AC", "TC", "KD", "QD"}
    assert group_cards(m.public_view(), "bottom_card") == ["8C"]


def test_e1_move_by_move():  # E.1 (every legality claim of the table)
    m = new_match(E1_DECK)
    tracker = Tracker(m, {})

    def step(seat: int, code: str) -> list[dict]:
        return run_moves(m, [(seat, code)], tracker)

    step(0, "take")
    # first turns
    assert m.legal_actions(0) == ["declare:best", "declare:none"]
    assert step(0, "declare:best") == [{"type": "declare", "seat": 0, "what": "fifty"}]
    lead = m.legal_actions(0)
    assert "play:KH:bela" in lead and "play:QH:bela" in lead
    assert sorted(c for c in lead if not c.endswith(":bela")) == sorted(
        "play:" + c for c in ["JH", "9H", "AH", "KH", "QH", "AS", "TS", "7C", "8D"]
    )
    step(0, "play:JH")
    assert m.legal_actions(1) == ["declare:best", "declare:none", "swap7"]
    assert step(1, "declare:best") == [{"type": "declare", "seat": 1, "what": "terz"}]
    # trick 1: trumps led, nothing beats JH -> any trump
    assert m.legal_actions(1) == ["play:7H", "play:TH"]
    evs = step(1, "play:7H")
    trick = [d for d in evs if d["type"] == "trick"]
    assert trick == [{"type": "trick", "number": 1, "cards": [[0, "JH"], [1, "7H"]],
                      "winner": 0, "points": 20}]
    shown = [d for d in evs if d["type"] == "melds_shown"]
    assert len(shown) == 1 and shown[0]["seat"] == 0
    assert [(x["kind"], x["cards"], x["points"]) for x in shown[0]["melds"]] == [
        ("fifty", ["AH", "KH", "QH", "JH"], 50)
    ]
    # trick 2: TH cannot beat 9H; it is seat 1's only trump
    step(0, "play:9H")
    assert m.legal_actions(1) == ["play:TH"]
    assert _trick(step(1, "play:TH")) == (2, 0, 24)
    # trick 3: void in trumps -> any card
    step(0, "play:AH")
    assert m.legal_actions(1) == sorted(
        "play:" + c for c in ["KS", "QS", "JS", "AC", "TC", "KD", "QD"]
    )
    assert _trick(step(1, "play:QD")) == (3, 0, 14)
    # trick 4: bela with the king
    evs = step(0, "play:KH:bela")
    assert evs == [{"type": "play", "seat": 0, "card": "KH", "call": "bela"}]
    assert "play:QH:bela" not in m.legal_actions(0)
    assert _trick(step(1, "play:KD")) == (4, 0, 8)
    # trick 5: no :bela code for QH any more
    assert "play:QH" in m.legal_actions(0) and "play:QH:bela" not in m.legal_actions(0)
    refuse(m, 0, "play:QH:bela")
    step(0, "play:QH")
    assert _trick(step(1, "play:JS")) == (5, 0, 5)
    # trick 6: follows spades, no duty to beat
    step(0, "play:AS")
    assert m.legal_actions(1) == ["play:KS", "play:QS"]
    assert _trick(step(1, "play:QS")) == (6, 0, 14)
    # trick 7
    step(0, "play:TS")
    assert m.legal_actions(1) == ["play:KS"]
    assert _trick(step(1, "play:KS")) == (7, 0, 14)
    # trick 8: follows clubs
    step(0, "play:7C")
    assert m.legal_actions(1) == ["play:AC", "play:TC"]
    assert _trick(step(1, "play:AC")) == (8, 1, 11)
    # trick 9: seat 1 leads; seat 0 void in clubs and trumps
    assert m.to_move == 1 and m.legal_actions(1) == ["play:TC"] and m.legal_actions(0) == []
    step(1, "play:TC")
    assert m.legal_actions(0) == ["play:8D"]
    evs = step(0, "play:8D")
    assert _trick(evs) == (9, 1, 20)
    scored = [d for d in evs if d["type"] == "deal_scored"]
    assert len(scored) == 1
    s = scored[0]
    assert (s["deal"], s["declarer"], s["outcome"], s["pot"], s["pot_awarded"]) == (
        1, 0, "made", 0, 0
    )
    keys = ("card_points", "melds", "bela", "deal_points", "written", "cell", "total")
    assert [{k: side[k] for k in keys} for side in s["sides"]] == [
        {"card_points": 99, "melds": 50, "bela": 20, "deal_points": 169, "written": 169,
         "cell": "169", "total": 169},
        {"card_points": 31, "melds": 0, "bela": 0, "deal_points": 31, "written": 31,
         "cell": "31", "total": 31},
    ]
    assert m.score_sheet["rows"] == [
        {"deal": 1, "cells": ["169", "31"], "points": [169, 31], "note": "made"}
    ]
    # the next deal follows at once, dealt by seat 0 who had more points (DB-DEAL-7)
    assert [d["dealer"] for d in evs if d["type"] == "deal"] == [0]


def _trick(evs: list[dict]) -> tuple[int, int, int]:
    t = [d for d in evs if d["type"] == "trick"]
    assert len(t) == 1
    return t[0]["number"], t[0]["winner"], t[0]["points"]


def test_e1_swap7_alternative():  # E.1 ("seat 1's codes are swap7, ...": he may exchange)
    m = new_match(E1_DECK)
    run_moves(m, [(0, "take"), *E1_MOVES[:2]])
    c = m.clone()
    act(c, 1, "swap7")
    assert "8H" in hand(c, 1) and group_cards(c.public_view(), "up_card") == ["7H"]
    assert hand(m, 1) >= {"7H"}  # the clone is independent
    assert m.legal_actions(1) == ["declare:best", "declare:none", "swap7"]


def test_e1_had_seat_1_been_declarer():  # E.1 last sentence, DB-SCORE-3, DB-SHEET-2
    m = new_match(E1_DECK)
    evs = run_moves(m, [(0, "pass"), (1, "take"), *E1_MOVES], Tracker(m, {}))
    s = next(d for d in evs if d["type"] == "deal_scored")
    assert (s["declarer"], s["outcome"]) == (1, "bait")
    assert [(x["deal_points"], x["written"], x["cell"], x["total"]) for x in s["sides"]] == [
        (169, 200, "200", 200), (31, 0, "BT", 0)
    ]
    assert m.score_sheet["rows"] == [
        {"deal": 1, "cells": ["200", "BT"], "points": [200, 0], "note": "bait"}
    ]
    out = score_deal(declarer=1, deal_points=(169, 31), pot=0)
    assert (out.outcome, tuple(out.written)) == ("bait", (200, 0))
    assert sheet_cells(out, declarer=1, deal_points=(169, 31), totals=(200, 0)) == ["200", "BT"]


# ================================================================ E.2


E2_DEALS = [  # (declarer, deal points A/B)
    (0, (169, 31)),
    (1, (90, 62)),
    (0, (81, 81)),
    (1, (50, 120)),
    (0, (140, 60)),
]
E2_SHEET = """\
Deal | A       | B
1    | 169     | 31
2    | 321     | BT
3    | vs(81)  | 112
4    | 371     | 313 [+81 vs]
5    | 511     | 373
Result: A wins, 511 : 373"""


def test_e2_short_match():  # E.2, DB-SCORE-2..5, DB-DEAL-7, DB-END-3, DB-SHEET-1..5
    totals, pot, dealer = [0, 0], 0, 1
    dealers, outcomes, pots, lines = [], [], [], [f"{'Deal':<4} | {'A':<7} | B"]
    winner, result = None, ""
    for k, (declarer, dp) in enumerate(E2_DEALS, start=1):
        assert winner is None, "the match ended too early"
        dealers.append(dealer)
        out = score_deal(declarer=declarer, deal_points=dp, pot=pot)
        totals = [totals[i] + out.written[i] for i in (0, 1)]
        cells = sheet_cells(out, declarer=declarer, deal_points=dp, totals=totals)
        lines.append(f"{k:<4} | {cells[0]:<7} | {cells[1]}")
        outcomes.append(out.outcome)
        pot, dealer = out.pot, out.next_dealer
        pots.append(pot)
        winner, result = match_result(totals=totals, target=501, last_defender=1 - declarer)
    lines.append(result)
    assert "\n".join(lines) == E2_SHEET
    assert dealers == [1, 0, 0, 0, 1]
    assert outcomes == ["made", "bait", "hanging", "made", "made"]
    assert pots == [0, 0, 81, 0, 0]
    assert winner == 0 and totals == [511, 373]


def test_e2_deal_4_pot():  # E.2 deal 4: pot to B on top of his entry
    out = score_deal(declarer=1, deal_points=(50, 120), pot=81)
    assert (out.outcome, tuple(out.written), out.pot, out.pot_awarded, out.pot_to) == (
        "made", (50, 201), 0, 81, 1
    )


def test_e2_first_deal_through_the_engine():  # E.2 deal 1 = E.1
    m = new_match(E1_DECK)
    run_moves(m, [(0, "take"), *E1_MOVES])
    sheet = m.score_sheet
    assert sheet["rows"][0]["cells"] == ["169", "31"] and sheet["totals"] == [169, 31]
    assert m.public_view()["dealer"] == 0  # deal 2 dealt by A


# ================================================================ E.3


def test_e3_consecutive_hanging_baits():  # E.3, DB-SCORE-4..6, DB-SHEET-3/4, DB-DEAL-7
    one = score_deal(declarer=0, deal_points=(76, 76), pot=0)
    assert (one.outcome, tuple(one.written), one.pot, one.next_dealer) == (
        "hanging", (0, 76), 76, 0
    )
    assert sheet_cells(one, declarer=0, deal_points=(76, 76), totals=(0, 76)) == ["vs(76)", "76"]
    two = score_deal(declarer=1, deal_points=(90, 90), pot=one.pot)
    assert (two.outcome, tuple(two.written), two.pot, two.next_dealer) == (
        "hanging", (90, 0), 166, 1
    )
    assert sheet_cells(two, declarer=1, deal_points=(90, 90), totals=(90, 76)) == ["90", "vs(90)"]
    three = score_deal(declarer=0, deal_points=(60, 110), pot=two.pot)
    assert (three.outcome, tuple(three.written), three.pot, three.pot_awarded, three.pot_to) == (
        "bait", (0, 336), 0, 166, 1
    )
    assert three.next_dealer == 1
    totals = (90, 76 + 336)
    assert totals[1] == 412
    assert sheet_cells(three, declarer=0, deal_points=(60, 110), totals=totals) == [
        "BT", "412 [+166 vs]"
    ]


# ================================================================ E.4


def test_e4_melds_without_a_trick():  # E.4, DB-MELD-7/8/9
    m = new_match(E4_DECK)
    tracker = Tracker(m, {})
    evs = run_moves(m, E4_MOVES, tracker)
    declares = [(d["seat"], d["what"]) for d in evs if d["type"] == "declare"]
    assert declares == [(0, "fifty"), (1, "terz")]
    shown = [d for d in evs if d["type"] == "melds_shown"]
    assert [d["seat"] for d in shown] == [0]  # A wins the comparison ...
    assert {d["winner"] for d in evs if d["type"] == "trick"} == {1}  # ... but no trick
    assert [d["call"] for d in evs if d["type"] == "play" and d["card"] == "QS"] == ["bela"]
    s = next(d for d in evs if d["type"] == "deal_scored")
    a, b = s["sides"]
    assert (a["card_points"], a["melds"], a["bela"], a["deal_points"]) == (0, 0, 20, 20)
    assert (b["card_points"], b["melds"], b["bela"], b["deal_points"]) == (128, 0, 0, 128)
    assert (s["declarer"], s["outcome"]) == (1, "made")
    assert m.score_sheet["rows"][0]["cells"] == ["20", "128"]


# ================================================================ E.5


@pytest.mark.parametrize(("target", "before"), [(501, (470, 480)), (1001, (970, 980))])
def test_e5_both_over_target(target, before):  # E.5, DB-END-4, DB-SHEET-5
    out = score_deal(declarer=0, deal_points=(60, 40), pot=0)
    assert out.outcome == "made"
    totals = [before[i] + out.written[i] for i in (0, 1)]
    assert totals == [before[0] + 60, before[1] + 40]
    assert all(t >= target for t in totals)
    winner, line = match_result(totals=totals, target=target, last_defender=1)
    assert winner == 1
    assert line == f"Result: B wins, {target} : {target - 1}"


def test_e5_before_the_deal_nobody_won():  # E.5 (the totals before the deal end nothing)
    assert match_result(totals=(470, 480), target=501, last_defender=0) == (None, "")
    assert match_result(totals=(970, 980), target=1001, last_defender=0) == (None, "")


def test_e10_classic_part_target_rules():  # E.10 last part (classic, offer of fifty off)
    out = score_deal(declarer=0, deal_points=(140, 30), pot=166)
    totals = [470 + out.written[0], 480 + out.written[1]]
    assert totals == [776, 510]
    assert match_result(totals=totals, target=501, last_defender=1) == (
        1, "Result: B wins, 501 : 500"
    )
