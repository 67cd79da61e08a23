"""Deberts Part B.7, three players: one test per rule id DB-3P-1..12 (docs/rules/deberts.md).

Decks are built with ``deberts_ref.deck3`` (DB-3P-2); the first dealer is seat 2, so seat 0 bids
and leads first. Scoring is checked on the pure functions (``score_deal3``, ``match_result_3p``)
and through the engine with the reference tracker.
"""

from __future__ import annotations

import json
import random

import pytest

import engine
from engine.deberts.scoring import match_result_3p, score_deal3, sheet_cells

from .deberts_helpers import ALL_CARDS, act, group_cards, hand, refuse
from .deberts_ref import VariantTracker, deck3, drive, finish_deal, with_state


def match3(deck: list[str] | None = None, *, seed: int = 1, **options: object) -> engine.Match:
    return engine.get_game("deberts").new_match(players=3, options=options, seed=seed, deck=deck)


# Trumps hearts (up-card 8H, seat 0 takes): the play obligations of DB-3P-7.
PLAY_HANDS = (
    ["9H", "7H", "AD", "KD", "TD", "9D", "JC", "8C", "7C"],
    ["AS", "KS", "9S", "7S", "JH", "KH", "QD", "8D", "AC"],
    ["AH", "TH", "QH", "JD", "7D", "KC", "QC", "9C", "TC"],
)
PLAY_DECK = deck3(PLAY_HANDS, "8H", "8S")
# Melds for three (up-card QH): seat 0 terz A-K-Q of spades, seat 1 terz K-Q-J of diamonds and
# the trump 9-8-7, seat 2 terz A-K-Q of clubs.
MELD_HANDS = (
    ["AS", "KS", "QS", "9C", "7C", "TD", "8D", "AH", "8S"],
    ["KD", "QD", "JD", "9H", "8H", "7H", "JS", "7S", "JC"],
    ["AC", "KC", "QC", "TS", "9S", "TC", "8C", "TH", "KH"],
)
MELD_DECK = deck3(MELD_HANDS, "QH", "7D")


def test_first_dealer_and_clockwise_rotation():  # DB-3P-1
    m = match3(seed=3, target=1001)
    assert m.public_view()["dealer"] == 2 and m.to_move == 0
    dealers = [2]
    for _ in range(4):
        evs = finish_deal(m)
        dealers += [d["dealer"] for d in evs if d["type"] == "deal"]
    assert dealers == [2, 0, 1, 2, 0]
    # thrown in: the deal passes clockwise too
    m = match3(seed=3, first_dealer=1)
    evs = drive(m, [(2, "pass"), (0, "pass"), (1, "pass"), (2, "pass"), (0, "pass"), (1, "pass")])
    assert [d["dealer"] for d in evs if d["type"] == "deal"] == [2]


@pytest.mark.parametrize("dealer", [2, 0, 1])
def test_deal_layout(dealer):  # DB-3P-2
    d = list(ALL_CARDS)
    random.Random(dealer).shuffle(d)
    m = match3(d, first_dealer=dealer)
    first, second = (dealer + 1) % 3, (dealer + 2) % 3
    assert hand(m, first) == set(d[0:3] + d[9:12])
    assert hand(m, second) == set(d[3:6] + d[12:15])
    assert hand(m, dealer) == set(d[6:9] + d[15:18])
    assert group_cards(m.public_view(), "up_card") == [d[18]]
    act(m, first, "take")
    assert hand(m, first) >= set(d[19:22]) and hand(m, second) >= set(d[22:25])
    assert hand(m, dealer) >= set(d[25:28])
    assert m.public_view()["hand_counts"] == [9, 9, 9]
    assert group_cards(m.public_view(), "bottom_card") == [d[31]]
    shown = set().union(*(hand(m, s) for s in range(3)))
    assert not shown & set(d[28:32])  # the four-card stock, its bottom card turned


def test_bidding_order_and_six_passes():  # DB-3P-3
    m = match3(PLAY_DECK)
    for seat in (0, 1, 2):
        assert m.to_move == seat and m.legal_actions(seat) == ["pass", "take"]
        assert all(m.legal_actions(o) == [] for o in range(3) if o != seat)
        act(m, seat, "pass")
    assert m.legal_actions(0) == ["pass", "trump:C", "trump:D", "trump:S"]
    c = m.clone()
    drive(c, [(0, "pass"), (1, "trump:S")])
    assert c.public_view()["hand_counts"] == [9, 9, 9]
    act(m, 0, "pass")
    act(m, 1, "pass")
    evs = act(m, 2, "pass")
    assert [d["reason"] for d in evs if d["type"] == "thrown_in"] == ["six_passes"]
    assert m.public_view()["dealer"] == 0 and m.to_move == 1


def test_four_sevens_redeal_clockwise():  # DB-3P-4
    hands = (["7S", "7H", "7D", "7C", "AS", "KD", "QH", "JC", "9D"],
             ["AH", "KS", "QS", "AD", "TD", "AC", "TC", "8S", "9S"],
             ["8H", "8D", "8C", "JS", "JD", "KC", "9H", "TS", "QD"])
    m = match3(deck3(hands, "JH", "QC"))
    act(m, 0, "take")
    assert "redeal" in m.legal_actions(0)
    evs = act(m, 0, "redeal")
    thrown = next(d for d in evs if d["type"] == "thrown_in")
    assert thrown["reason"] == "four_sevens" and thrown["seat"] == 0
    assert m.public_view()["dealer"] == 0


@pytest.mark.parametrize("ruleset", ["moscow", "kharkiv"])
def test_melds_among_three_without_dialogue(ruleset):  # DB-3P-5
    opts = {"ruleset": ruleset}
    m = match3(MELD_DECK, **opts)
    tracker = VariantTracker(m, opts)
    drive(m, [(0, "take"), (0, "declare:best"), (0, "play:9C")], tracker)
    # no "height?" and no "does my trump pass?" with three, though seat 1 holds the trump 9-8-7
    assert m.legal_actions(1) == ["declare:best", "declare:none", "swap7"]
    evs = drive(m, [(1, "declare:best"), (1, "play:JC"), (2, "declare:best"), (2, "play:8C")],
                tracker)
    assert [d["what"] for d in evs if d["type"] == "declare"] == ["terz", "terz"]
    # A-K-Q of spades and of clubs, both plain: the first declared (seat 0) is the one winner
    assert [d["seat"] for d in evs if d["type"] == "melds_shown"] == [0]


def test_dealers_left_leads():  # DB-3P-6
    m = match3(PLAY_DECK)
    drive(m, [(0, "pass"), (1, "pass"), (2, "take")])
    assert m.to_move == 0 and "declare:none" in m.legal_actions(0)  # not the declarer: seat 0
    act(m, 0, "declare:none")
    assert "play:9H" in m.legal_actions(0)
    m = match3(seed=4, first_dealer=0)
    drive(m, [(1, "pass"), (2, "take")])
    assert m.to_move == 1


def test_three_player_play_obligations():  # DB-3P-7
    m = match3(PLAY_DECK)
    tracker = VariantTracker(m, {})
    drive(m, [(0, "take"), (0, "declare:none"), (0, "play:9H"), (1, "declare:none")], tracker)
    assert m.legal_actions(1) == ["play:JH"]  # trumps led: beat the 9 (the king does not)
    assert refuse(m, 1, "play:KH").rule_id == "DB-3P-7"
    drive(m, [(1, "play:JH"), (2, "declare:none")], tracker)
    assert m.legal_actions(2) == ["play:AH", "play:QH", "play:TH"]  # cannot beat: any trump
    assert refuse(m, 2, "play:JD").rule_id == "DB-3P-7"
    drive(m, [(2, "play:TH"), (1, "play:AS")], tracker)
    assert m.legal_actions(2) == ["play:AH", "play:QH"]  # no spade: trump
    drive(m, [(2, "play:QH")], tracker)
    # no spade, and the 7 cannot beat the queen: still a trump (BEL-OPT-undertrump = required)
    assert m.legal_actions(0) == ["play:7H"]
    assert refuse(m, 0, "play:AD").rule_id == "DB-3P-7"


def test_declarer_must_beat_each_defender():  # DB-3P-8
    out = score_deal3(declarer=0, deal_points=(70, 60, 50), pot=40, dealer=2)
    assert (out.outcome, out.written, out.pot, out.pot_to, out.next_dealer) == (
        "made", (110, 60, 50), 0, 0, 0)
    assert score_deal3(declarer=0, deal_points=(70, 71, 10), pot=0, dealer=2).outcome == "bait"
    assert sheet_cells(out, declarer=0, deal_points=(70, 60, 50), totals=(110, 60, 50)) == [
        "110 [+40 vs]", "60", "50"]


def test_bait_shared_by_the_defenders():  # DB-3P-9 (E.8 first case)
    out = score_deal3(declarer=0, deal_points=(60, 70, 50), pot=0, dealer=2)
    assert (out.outcome, out.written) == ("bait", (0, 100, 80))
    assert score_deal3(declarer=0, deal_points=(61, 70, 50), pot=0, dealer=2).written == (
        0, 101, 80)
    # equal defenders: the odd point to the one next clockwise after the declarer
    assert score_deal3(declarer=1, deal_points=(70, 61, 70), pot=0, dealer=2).written == (
        100, 0, 101)
    assert sheet_cells(out, declarer=0, deal_points=(60, 70, 50), totals=(0, 100, 80)) == [
        "BT", "100", "80"]


def test_hanging_with_three():  # DB-3P-10
    out = score_deal3(declarer=0, deal_points=(70, 70, 40), pot=10, dealer=2)
    assert (out.outcome, out.written, out.pot, out.pot_awarded) == ("hanging", (0, 70, 40), 80, 0)
    assert sheet_cells(out, declarer=0, deal_points=(70, 70, 40), totals=(0, 70, 40)) == [
        "vs(70)", "70", "40"]


def test_pot_with_three():  # DB-3P-11 (E.8)
    out = score_deal3(declarer=1, deal_points=(80, 50, 30), pot=70, dealer=0)
    assert (out.outcome, out.written, out.pot_shares) == ("bait", (140, 0, 90), (35, 0, 35))
    assert sheet_cells(out, declarer=1, deal_points=(80, 50, 30), totals=(140, 70, 130)) == [
        "140 [+35 vs]", "BT", "130 [+35 vs]"]
    odd = score_deal3(declarer=1, deal_points=(80, 50, 30), pot=71, dealer=0)
    assert odd.pot_shares == (36, 0, 35)
    again = score_deal3(declarer=2, deal_points=(30, 50, 50), pot=70, dealer=1)
    assert (again.outcome, again.pot) == ("hanging", 120)


def test_several_over_the_target():  # DB-3P-12
    names = ("A", "B", "C")
    assert match_result_3p(totals=(500, 520, 100), target=501, last_trick_winner=0,
                           names=names) == (1, "Result: B wins, 520 : 500 : 100")
    # two over: the last trick's winner among them wins, whatever the totals
    assert match_result_3p(totals=(530, 520, 100), target=501, last_trick_winner=1,
                           names=names) == (1, "Result: B wins, 520 : 530 : 100")
    # the last trick's winner not among them: the highest total, ties clockwise from him
    assert match_result_3p(totals=(530, 520, 100), target=501, last_trick_winner=2,
                           names=names)[0] == 0
    assert match_result_3p(totals=(530, 100, 530), target=501, last_trick_winner=1,
                           names=names)[0] == 2
    assert match_result_3p(totals=(530, 530, 100), target=501, last_trick_winner=2,
                           names=names)[0] == 0
    assert match_result_3p(totals=(300, 200, 100), target=301, last_trick_winner=0,
                           names=names) == (None, "")
    # through the engine, under either end option: the tracker applies the same rule
    for seed, end in ((1, "after_deal"), (2, "claim"), (3, "after_deal")):
        opts = {"end": end}
        m = with_state(match3(seed=seed, **opts), totals=[495, 490, 480])
        tracker = VariantTracker(m, opts, totals=[495, 490, 480])
        while not m.is_over:
            finish_deal(m, tracker=tracker)
        result = m.score_sheet["result"]
        assert result["winner"] in (0, 1, 2)
        # the sheet's result names the rule when the last trick chose among several
        over = [t >= 501 for t in m.score_sheet["totals"]]
        chose = sum(over) > 1 and result["winner"] == m._s.last_winner
        assert result.get("reason") == ("last_trick" if chose else None), result
        assert "reason" not in json.dumps(m.to_json())  # derived, never stored
        assert engine.get_game("deberts").from_json(m.to_json()).score_sheet == m.score_sheet
