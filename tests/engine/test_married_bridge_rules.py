"""One test (or more) per rule id of married_bridge.md, named in the test or beside it.

Positions are reached by play from a given ``deck``; a few main-play positions set both
13-card hands at the start of the auction (``with_hands``: the talon is then empty, so any two
disjoint hands are a position the rules allow).
"""

from __future__ import annotations

import json

import pytest

import engine
from engine import IllegalAction, InvalidOptions
from engine.married_bridge.rules import choose_dealer, trick_winner
from engine.married_bridge.scoring import (
    cell,
    contract_text,
    match_result,
    note,
    row_line,
    score_game,
    tricks_value,
)

from .married_bridge_helpers import (
    ALL_CARDS,
    BID_CODES,
    CORRECTED_DECK,
    EX7_AUCTION,
    EX7_AUCTION_HANDS,
    GARBAGE_CODES,
    OLGA,
    RULE_IDS,
    SEED_DECK,
    SERGEI,
    act,
    cards_in,
    dicts,
    fact,
    finish_main,
    finish_preliminary,
    game,
    hand,
    new_match,
    of_type,
    play_trick,
    refuse,
)

SPADES = [r + "S" for r in "AKQJT98765432"]
HEARTS = [r + "H" for r in "AKQJT98765432"]
DIAMONDS = [r + "D" for r in "AKQJT98765432"]
CLUBS = [r + "C" for r in "AKQJT98765432"]


def to_bidding(deck=CORRECTED_DECK, **options) -> engine.Match:
    m = new_match(deck, **options)
    finish_preliminary(m)
    assert m.public_view()["phase"] == "bidding"
    return m


def with_hands(m: engine.Match, h0, h1) -> engine.Match:
    """The same match with these 13-card hands (only at the start of the auction)."""
    data = m.to_json()
    assert data["state"]["phase"] == "bidding" and not data["state"]["talon"]
    assert len(set(h0) | set(h1)) == 26
    data["state"]["hands"] = [list(h0), list(h1)]
    return game().from_json(json.loads(json.dumps(data)))


def to_contract(m: engine.Match, declarer: int, bid: str, mult: int = 1) -> None:
    """Run the auction to ``bid`` (e.g. ``"bid:7:NT"``) by ``declarer`` with the multiplier."""
    dealer = m.public_view()["dealer"]
    if declarer != dealer:
        assert bid != "bid:1:C"
        act(m, dealer, "bid:1:C")
    act(m, declarer, bid)
    if mult == 1:
        act(m, 1 - declarer, "pass")
    else:
        act(m, 1 - declarer, "contra")
        act(m, declarer, "recontra" if mult == 4 else "pass")


def played_out(m: engine.Match, h0, h1, declarer: int, bid: str, mult: int = 1):
    m = with_hands(m, h0, h1)
    to_contract(m, declarer, bid, mult)
    finish_main(m)
    return m


# ---------------------------------------------------------------- MB-DECK


def test_mb_deck_1_pack_and_ranks():  # MB-DECK-1
    m = new_match(seed=5)
    assert len(set(hand(m, 0)) | set(hand(m, 1))) == 26
    assert fact(m.public_view(), "mb_talon") == 26
    assert trick_winner(["2S", "AS"], None) == 1
    assert trick_winner(["KS", "QS"], None) == 0
    assert trick_winner(["3S", "2S"], None) == 0
    for bad in (SEED_DECK[:51], (*SEED_DECK[:51], SEED_DECK[0]), (*SEED_DECK[:51], "RJ"),
                (*SEED_DECK[:51], "10S"), [*SEED_DECK, "AS"]):
        with pytest.raises(InvalidOptions) as info:
            new_match(list(bad))
        assert info.value.rule_id == "MB-DECK-1" and info.value.option == "deck"


def test_mb_deck_2_suit_order():  # MB-DECK-2
    assert choose_dealer("AS", "2H") == 1  # hearts lower than spades
    assert choose_dealer("2D", "AH") == 0
    assert choose_dealer("AC", "2D") == 0
    m = to_bidding()
    act(m, 1, "bid:1:H")
    assert "bid:1:D" not in m.legal_actions(0) and "bid:1:S" in m.legal_actions(0)


def test_mb_deck_3_major_and_minor_values():  # MB-DECK-3
    assert tricks_value("S", 1) == tricks_value("H", 1) == 30
    assert tricks_value("D", 1) == tricks_value("C", 1) == 20


# ---------------------------------------------------------------- MB-DEAL


def test_mb_deal_1_first_dealer():  # MB-DEAL-1, MB-OPT-first-dealer
    m = new_match(seed=2)
    assert m.public_view()["dealer"] == 1 and m.to_move == 0
    m = new_match(seed=2, first_dealer=0)
    assert m.public_view()["dealer"] == 0 and m.to_move == 1
    assert choose_dealer("9C", "2D") == 0 and choose_dealer("QS", "5S") is None


def test_mb_deal_2_rubber_alternates_the_deal():  # MB-DEAL-2, MB-PLAY-8
    for first in (0, 1):
        m = to_bidding(first_dealer=first, match_format="rubber_of_two")
        act(m, first, "bid:1:C")
        act(m, 1 - first, "pass")
        evs = finish_main(m)
        assert [d["type"] for d in evs[-2:]] == ["deal_scored", "deal"]
        assert evs[-1]["dealer"] == 1 - first and evs[-1]["deal"] == 2
        assert m.to_move == first  # the new dealer's opponent (elder hand) leads


def test_mb_deal_3_seeded_shuffle():  # MB-DEAL-3
    a, b, c = new_match(seed=7), new_match(seed=7), new_match(seed=8)
    assert hand(a, 0) == hand(b, 0) and hand(a, 1) == hand(b, 1)
    assert hand(a, 0) != hand(c, 0)
    # the given deck is used for the first game only; the second is the seeded shuffle
    m = to_bidding(match_format="rubber_of_two")
    act(m, 1, "bid:1:C")
    act(m, 0, "pass")
    first = (set(hand(new_match(CORRECTED_DECK), 0)), set(hand(new_match(CORRECTED_DECK), 1)))
    finish_main(m)
    second = (set(hand(m, 1)), set(hand(m, 0)))  # seat 1 is now the elder hand
    assert second != first and len(second[0] | second[1]) == 26


def test_mb_deal_4_and_5_packets_and_talon():  # MB-DEAL-4, MB-DEAL-5 (and MB-EX-1)
    m = new_match(list(ALL_CARDS))
    d = ALL_CARDS
    assert set(hand(m, 0)) == {d[i] for i in (0, 1, 2, 6, 7, 10, 11, 12, 16, 17, 20, 21, 22)}
    assert d[3] == "JS" and d[26:28] == ("AD", "KD")
    play_trick(m, (0, "AS"), "JS")
    assert "AD" in hand(m, 0) and "KD" in hand(m, 1)  # d[26], d[27]


def test_mb_deal_6_elder_hand_leads():  # MB-DEAL-6, MB-PRE-1
    m = new_match(seed=3, first_dealer=0)
    assert m.to_move == 1 and len(m.legal_actions(1)) == 13 and m.legal_actions(0) == []


# ---------------------------------------------------------------- MB-PRE


def test_mb_pre_1_elder_leads_any_card():  # MB-PRE-1
    m = new_match(SEED_DECK)
    assert m.legal_actions(SERGEI) == sorted("play:" + c for c in hand(m, SERGEI))
    assert refuse(m, OLGA, "play:5S").rule_id == "MB-PRE-1"


def test_mb_pre_2_follow_suit():  # MB-PRE-2
    m = new_match(SEED_DECK)
    act(m, SERGEI, "play:2H")
    assert m.legal_actions(OLGA) == ["play:4H", "play:5H", "play:6H", "play:7H", "play:JH"]
    assert refuse(m, OLGA, "play:AC").rule_id == "MB-PRE-2"
    assert refuse(m, SERGEI, "play:3H").rule_id == "MB-PRE-2"  # Olga replies now
    # a player void in the led suit may play any card (trick 10 of MB-EX-7 needs a spade)
    m2 = new_match(SEED_DECK)
    act(m2, SERGEI, "play:QS")
    assert m2.legal_actions(OLGA) == ["play:5S"]


def test_mb_pre_3_no_trumps_higher_card_of_led_suit():  # MB-PRE-3
    m = new_match(SEED_DECK)
    evs = play_trick(m, (SERGEI, "2H"), "4H")
    assert evs[-3]["type"] == "trick" and evs[-3]["winner"] == OLGA
    assert trick_winner(["5D", "AS"], None) == 0  # a discard never wins


def test_mb_pre_4_winner_leads():  # MB-PRE-4 (and the MB-EX-7 flag)
    m = new_match(SEED_DECK)
    play_trick(m, (SERGEI, "2H"), "4H")
    assert m.to_move == OLGA
    assert refuse(m, SERGEI, "play:AH").rule_id == "MB-PRE-4"


def test_mb_pre_5_leader_draws_first():  # MB-PRE-5
    m = new_match(SEED_DECK)
    evs = play_trick(m, (SERGEI, "2H"), "4H")  # the second player won; the leader draws first
    draws = [d for d in evs if d["type"] == "talon_draw"]
    assert [d["seat"] for d in draws] == [SERGEI, OLGA]
    assert "8S" in hand(m, SERGEI) and "KS" in hand(m, OLGA)
    m = new_match(SEED_DECK, manual_draws=True)
    play_trick(m, (SERGEI, "2H"), "4H")
    assert refuse(m, OLGA, "play:3D").rule_id == "MB-PRE-5"  # draws come before the lead


def test_mb_pre_6_thirteen_preliminary_tricks():  # MB-PRE-6
    m = new_match(seed=11)
    finish_preliminary(m)
    tricks = of_type(m.events, "trick")
    assert [t["number"] for t in tricks] == list(range(1, 14))
    assert len(of_type(m.events, "talon_draw")) == 26
    assert len(hand(m, 0)) == len(hand(m, 1)) == 13
    assert m.public_view()["hand_counts"] == [13, 13]


def test_mb_pre_7_preliminary_tricks_score_nothing():  # MB-PRE-7
    m = new_match(seed=12)
    finish_preliminary(m)
    assert all(t["points"] == 0 for t in of_type(m.events, "trick"))
    pv = m.public_view()
    assert pv["tricks_won"] == [0, 0] and pv["totals"] == [0, 0] and pv["groups"]["trick"] == []


def test_mb_pre_8_automatic_draws():  # MB-PRE-8
    m = new_match(SEED_DECK)
    assert refuse(m, SERGEI, "draw").rule_id == "MB-PRE-8"
    play_trick(m, (SERGEI, "2H"), "4H")
    assert refuse(m, OLGA, "draw").rule_id == "MB-PRE-8"
    assert m.to_move == OLGA and m.legal_actions(SERGEI) == []


def test_mb_pre_9_manual_draws_and_the_last_talon_card():  # MB-PRE-9 (a)-(d)
    m = new_match(SEED_DECK, manual_draws=True)
    assert refuse(m, SERGEI, "draw").rule_id == "MB-PRE-5"  # nothing to draw before a trick
    while len(of_type(m.events, "trick")) < 13:  # regular play and draws, 13 tricks
        seat = m.to_move
        act(m, seat, m.legal_actions(seat)[0])
    # after the 13th trick two cards are left: the leader draws, then draws a second card
    assert fact(m.public_view(), "mb_talon") == 2
    leader = m.to_move
    act(m, leader, "draw")
    act(m, leader, "draw")  # the last card, seen and put back
    other = 1 - leader
    assert m.legal_actions(other) == ["draw"]  # one card left: a plain draw
    assert refuse(m, other, "draw:" + ALL_CARDS[0]).rule_id == "MB-PRE-9"
    act(m, other, "draw")
    assert m.public_view()["phase"] == "bidding"
    kinds = [d["kind"] for d in of_type(m.events, "talon_draw")]
    assert kinds[-3:] == ["regular", "second_card", "privileged"]


def test_mb_pre_9_refusals():  # MB-PRE-9
    m = new_match(SEED_DECK, manual_draws=True)
    play_trick(m, (SERGEI, "2H"), "4H")
    assert refuse(m, SERGEI, "draw:8S").rule_id == "MB-PRE-9"  # not a privileged draw
    act(m, OLGA, "draw")  # out of turn
    assert refuse(m, OLGA, "draw").rule_id == "MB-PRE-9"  # no second irregular draw
    assert refuse(m, SERGEI, "draw").rule_id == "MB-PRE-9"  # he must choose a card


def test_mb_pre_10_auction_follows_at_once():  # MB-PRE-10
    m = to_bidding()
    assert fact(m.public_view(), "mb_talon") is None
    assert m.to_move == OLGA  # the dealer, who did not win the last preliminary trick
    assert of_type(m.events, "trick")[-1]["winner"] == SERGEI
    assert refuse(m, OLGA, "draw").rule_id == "MB-PRE-10"


# ---------------------------------------------------------------- MB-BID


def test_mb_bid_1_dealer_calls_first_then_alternately():  # MB-BID-1
    m = new_match(SEED_DECK)
    assert refuse(m, SERGEI, "bid:1:C").rule_id == "MB-BID-1"  # talon not empty
    m = to_bidding()
    assert m.to_move == OLGA and m.legal_actions(SERGEI) == []
    assert refuse(m, SERGEI, "bid:1:C").rule_id == "MB-BID-1"
    act(m, OLGA, "bid:1:C")
    assert m.to_move == SERGEI
    assert refuse(m, OLGA, "bid:1:D").rule_id == "MB-BID-1"


def test_mb_bid_2_level_promises_six_plus_level():  # MB-BID-2
    m = to_bidding()
    to_contract(m, SERGEI, "bid:3:D")
    assert fact(m.public_view(), "mb_needed", SERGEI) == 9
    assert score_game(level=3, strain="D", multiplier=1, tricks=9).made
    assert not score_game(level=3, strain="D", multiplier=1, tricks=8).made


def test_mb_bid_3_the_ladder():  # MB-BID-3
    m = to_bidding()
    assert m.legal_actions(OLGA) == sorted(BID_CODES)
    act(m, OLGA, "bid:1:S")
    higher = [c for c in BID_CODES[BID_CODES.index("bid:1:S") + 1:]]
    assert m.legal_actions(SERGEI) == sorted([*higher, "contra", "pass"])
    assert higher[0] == "bid:1:NT" and higher[1] == "bid:2:C"
    assert refuse(m, SERGEI, "bid:1:S").rule_id == "MB-BID-3"
    assert refuse(m, SERGEI, "bid:1:H").rule_id == "MB-BID-3"


def test_mb_bid_4_dealer_must_open():  # MB-BID-4 (also MB-EX-5)
    m = to_bidding()
    assert "pass" not in m.legal_actions(OLGA)
    assert refuse(m, OLGA, "pass").rule_id == "MB-BID-4"


def test_mb_bid_5_pass_over_undoubled_bid():  # MB-BID-5
    m = to_bidding()
    act(m, OLGA, "bid:2:D")
    assert {"contra", "pass", "bid:2:H"} <= set(m.legal_actions(SERGEI))
    evs = act(m, SERGEI, "pass")
    assert evs[-1] == {"type": "contract_reached", "declarer": OLGA, "level": 2, "strain": "D",
                       "multiplier": 1, "contract": "2D"}


def test_mb_bid_6_answers_to_a_contra():  # MB-BID-6
    m = to_bidding()
    act(m, OLGA, "bid:2:D")
    act(m, SERGEI, "contra")
    assert m.to_move == OLGA
    assert set(m.legal_actions(OLGA)) == {"pass", "recontra"} | {
        c for c in BID_CODES if BID_CODES.index(c) > BID_CODES.index("bid:2:D")}
    act(m, OLGA, "bid:2:S")  # escape: the contra is cancelled
    assert "contra" in m.legal_actions(SERGEI)
    act(m, SERGEI, "pass")
    assert of_type(m.events, "contract_reached")[0]["multiplier"] == 1


def test_mb_bid_7_recontra_ends_the_auction():  # MB-BID-7
    m = to_bidding()
    act(m, OLGA, "bid:2:D")
    act(m, SERGEI, "contra")
    evs = act(m, OLGA, "recontra")
    assert evs[-1]["multiplier"] == 4 and m.to_move == OLGA
    assert refuse(m, SERGEI, "bid:3:D").rule_id == "MB-BID-7"


def test_mb_bid_8_who_may_double():  # MB-BID-8
    m = to_bidding()
    act(m, OLGA, "bid:1:C")
    assert refuse(m, SERGEI, "recontra").rule_id == "MB-BID-8"
    act(m, SERGEI, "contra")
    assert refuse(m, OLGA, "contra").rule_id == "MB-BID-8"  # nobody doubles his own bid
    act(m, OLGA, "bid:1:D")
    act(m, SERGEI, "contra")  # the new bid may be doubled again
    assert "recontra" in m.legal_actions(OLGA)


def test_mb_bid_9_declarer_and_multiplier():  # MB-BID-9
    for mult in (1, 2, 4):
        m = to_bidding()
        to_contract(m, SERGEI, "bid:2:H", mult)
        ev = of_type(m.events, "contract_reached")[0]
        assert ev["declarer"] == SERGEI and ev["multiplier"] == mult
        assert fact(m.public_view(), "mb_contract", SERGEI) == contract_text(2, "H", mult)


def test_mb_bid_10_the_longest_auction_ends():  # MB-BID-10
    m = to_bidding()
    seat = OLGA
    for code in BID_CODES:
        assert refuse(m, seat, "play:" + hand(m, seat)[0]).rule_id == "MB-BID-10"
        act(m, seat, code)
        seat = 1 - seat
    assert m.legal_actions(seat) == ["contra", "pass"]
    act(m, seat, "contra")
    act(m, 1 - seat, "pass")
    assert m.public_view()["phase"] == "main_play"
    assert len(m.public_view()["calls"]) == 37
    assert refuse(m, seat, "pass").rule_id == "MB-BID-10"


# ---------------------------------------------------------------- MB-PLAY


def test_mb_play_1_declarer_leads():  # MB-PLAY-1
    for declarer in (SERGEI, OLGA):
        m = to_bidding()
        to_contract(m, declarer, "bid:1:NT")
        assert m.to_move == declarer
        assert refuse(m, 1 - declarer, "play:" + hand(m, 1 - declarer)[0]).rule_id == (
            "MB-PLAY-1")


def test_mb_play_2_no_drawing_thirteen_tricks():  # MB-PLAY-2
    m = to_bidding()
    to_contract(m, SERGEI, "bid:1:S")
    assert fact(m.public_view(), "trump") == "S"
    assert refuse(m, SERGEI, "draw").rule_id == "MB-PLAY-2"
    finish_main(m)
    assert len([t for t in of_type(m.events, "trick")]) == 26


def test_mb_play_3_led_suit_or_trump():  # MB-PLAY-3 (and MB-EX-6)
    h0 = SPADES[:4] + HEARTS[:4] + DIAMONDS[:5]
    h1 = SPADES[4:8] + HEARTS[4:8] + CLUBS[:5]
    m = with_hands(to_bidding(), h0, h1)
    to_contract(m, SERGEI, "bid:1:H")
    act(m, SERGEI, "play:AS")
    legal = m.legal_actions(OLGA)
    assert set(legal) == {"play:" + c for c in SPADES[4:8] + HEARTS[4:8]}
    assert refuse(m, OLGA, "play:AC").rule_id == "MB-PLAY-3"
    act(m, OLGA, "play:9H")  # trumps while holding spades
    assert m.to_move == OLGA  # the trump wins (MB-PLAY-5)
    act(m, OLGA, "play:8H")  # trumps led: simply follow suit
    assert set(m.legal_actions(SERGEI)) == {"play:" + c for c in HEARTS[:4]}


def test_mb_play_4_no_trumps_follow_suit():  # MB-PLAY-4
    h0 = SPADES[:4] + HEARTS[:4] + DIAMONDS[:5]
    h1 = SPADES[4:8] + HEARTS[4:8] + CLUBS[:5]
    m = with_hands(to_bidding(), h0, h1)
    to_contract(m, SERGEI, "bid:1:NT")
    act(m, SERGEI, "play:AS")
    assert set(m.legal_actions(OLGA)) == {"play:" + c for c in SPADES[4:8]}
    assert refuse(m, OLGA, "play:9H").rule_id == "MB-PLAY-4"
    act(m, OLGA, "play:9S")
    act(m, SERGEI, "play:AD")  # Olga holds no diamonds: any card
    assert len(m.legal_actions(OLGA)) == 12


def test_mb_play_5_trick_winner():  # MB-PLAY-5
    assert trick_winner(["AS", "2H"], "H") == 1
    assert trick_winner(["3H", "2H"], "H") == 0
    assert trick_winner(["5D", "AC"], "H") == 0
    assert trick_winner(["5D", "AC"], None) == 0


def test_mb_play_6_winner_leads_all_thirteen():  # MB-PLAY-6
    m = with_hands(to_bidding(), *EX7_AUCTION_HANDS)
    for seat, code in EX7_AUCTION:
        act(m, seat, code)
    play_trick(m, (SERGEI, "AS"), "JH")  # Olga trumps and leads
    assert m.to_move == OLGA
    assert refuse(m, SERGEI, "play:QH").rule_id == "MB-PLAY-6"
    finish_main(m)
    assert len([t for t in of_type(m.events, "trick") if t["number"] <= 13]) == 26


def test_mb_play_7_tricks_counted_per_player():  # MB-PLAY-7
    m = to_bidding()
    to_contract(m, OLGA, "bid:1:C")
    finish_main(m)
    row = m.score_sheet["rows"][0]
    won = [t["winner"] for t in of_type(m.events, "trick")[13:]]
    assert row["note"] == f"1C by seat 1, {won.count(OLGA)} tricks"


# ---------------------------------------------------------------- MB-SCORE


def test_mb_score_1_and_2_made_contract_values():  # MB-SCORE-1, MB-SCORE-2
    m = played_out(to_bidding(), SPADES, HEARTS, SERGEI, "bid:7:NT")
    assert m.score_sheet["rows"][0]["points"] == [400, 0]  # 40 + 12 x 30
    m = played_out(to_bidding(), SPADES, HEARTS, SERGEI, "bid:7:S")
    assert m.score_sheet["rows"][0]["points"] == [390, 0]
    m = played_out(to_bidding(), DIAMONDS, HEARTS, SERGEI, "bid:2:D")
    assert m.score_sheet["rows"][0]["points"] == [260, 0]  # overtricks count too


def test_mb_score_3_failed_contra():  # MB-SCORE-3
    m = played_out(to_bidding(), SPADES, HEARTS, SERGEI, "bid:7:NT", 2)
    assert m.score_sheet["rows"][0]["cells"] == ["+800", "-50"]
    m = played_out(to_bidding(), SPADES, HEARTS, SERGEI, "bid:7:NT", 4)
    assert m.score_sheet["rows"][0]["cells"] == ["+1600", "-50"]


#: the declarer's 13 lowest cards against the top cards of every suit: no trick in no-trumps
LOW = [*(r + s for s in "SHDC" for r in "432"), "5S"]
HIGH = ["AS", "KS", "QS", "AH", "KH", "QH", "JH", "AD", "KD", "QD", "AC", "KC", "QC"]


def test_mb_score_4_undertricks_to_the_defender():  # MB-SCORE-4
    m = played_out(to_bidding(), LOW, HIGH, SERGEI, "bid:1:NT")
    assert m.public_view()["tricks_won"] == [0, 13]
    assert m.score_sheet["rows"][0]["points"] == [0, 7 * 30]  # NT undertricks at 30
    assert m.score_sheet["rows"][0]["note"] == "1NT by seat 0, 0 tricks"


def test_mb_score_5_multipliers_on_undertricks():  # MB-SCORE-5
    m = played_out(to_bidding(), LOW, HIGH, SERGEI, "bid:1:NT", 2)
    assert m.score_sheet["rows"][0]["points"] == [0, 420]
    m = played_out(to_bidding(), LOW, HIGH, SERGEI, "bid:1:NT", 4)
    assert m.score_sheet["rows"][0]["points"] == [0, 840]


def test_mb_score_6_nothing_else_scores():  # MB-SCORE-6
    m = played_out(to_bidding(), SPADES, HEARTS, SERGEI, "bid:7:NT")  # a grand slam
    assert m.score_sheet["totals"] == [400, 0]
    scored = of_type(m.events, "deal_scored")[0]
    assert [s["written"] for s in scored["sides"]] == [400, 0]


def test_mb_score_7_running_totals_may_be_negative():  # MB-SCORE-7
    m = to_bidding(match_format="rubber_of_two")
    m = with_hands(m, SPADES, HEARTS)
    to_contract(m, SERGEI, "bid:7:S", 2)
    finish_main(m)
    assert m.score_sheet["totals"] == [780, -50]
    assert m.public_view()["totals"] == [780, -50]


def test_mb_score_8_sheet_notation():  # MB-SCORE-8
    assert cell(960) == "+960" and cell(-50) == "-50" and cell(0) == "0"
    assert contract_text(2, "H", 4) == "2HXX" and contract_text(1, "NT", 1) == "1NT"
    assert note("4S", 1, 7) == "4S by seat 1, 7 tricks"
    row = {"deal": 2, "cells": ["+90", "0"], "points": [90, 0], "note": "4S by seat 1, 7 tricks"}
    assert row_line(row, [1050, -50]) == (
        "game 2: 4S by seat 1, 7 tricks: seat 0 +90, seat 1 0; totals 1050 | -50")
    m = played_out(to_bidding(), SPADES, HEARTS, SERGEI, "bid:7:NT")
    sheet = m.score_sheet
    assert sheet["sides"] == [{"name": "seat 0", "seats": [0]}, {"name": "seat 1", "seats": [1]}]
    assert sheet["rows"] == [{"deal": 1, "cells": ["+400", "0"], "points": [400, 0],
                              "note": "7NT by seat 0, 13 tricks"}]
    assert sheet["pot"] == 0


# ---------------------------------------------------------------- MB-END


def test_mb_end_1_single_game():  # MB-END-1
    m = played_out(to_bidding(), LOW, HIGH, SERGEI, "bid:1:NT")
    assert m.is_over and m.score_sheet["result"] == {"winner": 1, "line": "seat 1 wins 0 | 210",
                                                         "score": [0, 210]}


def test_mb_end_2_rubber_of_two():  # MB-END-2
    m = to_bidding(match_format="rubber_of_two")
    to_contract(m, SERGEI, "bid:1:NT")
    finish_main(m)
    assert not m.is_over
    finish_preliminary(m)
    to_contract(m, 1, "bid:1:NT")
    finish_main(m)
    assert m.is_over and len(m.score_sheet["rows"]) == 2


def test_mb_end_3_equal_totals_draw():  # MB-END-3
    m = played_out(to_bidding(match_format="rubber_of_two"), SPADES, HEARTS, SERGEI,
                   "bid:7:NT")
    finish_preliminary(m)
    assert m.public_view()["dealer"] == SERGEI
    m = with_hands(m, HEARTS, SPADES)
    to_contract(m, OLGA, "bid:7:NT")
    finish_main(m)
    assert m.score_sheet["totals"] == [400, 400]
    assert m.score_sheet["result"] == {"winner": None, "line": "draw 400 | 400",
                                       "score": [400, 400]}
    assert dicts(m.events)[-1]["winner"] is None
    assert match_result([5, 5]) == (None, "draw 5 | 5")


def test_mb_end_4_match_over():  # MB-END-4
    m = played_out(to_bidding(), SPADES, HEARTS, SERGEI, "bid:7:NT")
    assert m.is_over and m.to_move is None
    assert m.legal_actions(0) == [] and m.legal_actions(1) == []
    assert m.public_view()["phase"] == "over"
    assert m.score_sheet["result"]["line"] == "seat 0 wins 400 | 0"
    for code in ("pass", "play:AS", "draw", "bid:1:C"):
        assert refuse(m, 0, code).rule_id == "MB-END-4"


# ---------------------------------------------------------------- MB-INFO


def test_mb_info_1_public_table():  # MB-INFO-1
    pv = new_match(seed=4, match_format="rubber_of_two").public_view()
    assert pv["dealer"] == 1 and pv["game"] == "married_bridge" and pv["seat"] is None
    assert fact(pv, "mb_rubber_game") == 1
    assert "hand" not in pv and "private" not in pv


def test_mb_info_2_played_cards_and_trick_counts():  # MB-INFO-2
    m = new_match(SEED_DECK)
    act(m, SERGEI, "play:2H")
    assert m.public_view()["groups"]["trick"] == [{"card": "2H", "seat": SERGEI}]
    act(m, OLGA, "play:4H")
    pv = m.public_view()
    assert pv["groups"]["trick"] == [] and len(pv["groups"]["last_trick"]) == 2
    m = with_hands(to_bidding(), *EX7_AUCTION_HANDS)
    for seat, code in EX7_AUCTION:
        act(m, seat, code)
    play_trick(m, (SERGEI, "QH"), "6H")
    assert m.public_view()["tricks_won"] == [1, 0]
    assert fact(m.public_view(), "mb_tricks", SERGEI) == 1


def test_mb_info_3_talon_size_and_draws_without_cards():  # MB-INFO-3
    m = new_match(SEED_DECK)
    evs = play_trick(m, (SERGEI, "2H"), "4H")
    draws = [d for d in evs if d["type"] == "talon_draw"]
    assert draws == [{"type": "talon_draw", "seat": 0, "kind": "regular", "talon": 25},
                     {"type": "talon_draw", "seat": 1, "kind": "regular", "talon": 24}]
    assert fact(m.public_view(), "mb_talon") == 24
    assert m.public_view()["hand_counts"] == [13, 13]


def test_mb_info_4_calls_and_contract_public():  # MB-INFO-4
    m = to_bidding()
    for seat, code in EX7_AUCTION:
        act(m, seat, code)
    pv = m.public_view()
    assert [c["call"] for c in pv["calls"]] == [c for _, c in EX7_AUCTION]
    assert fact(pv, "mb_contract", SERGEI) == "2HXX" and fact(pv, "trump") == "H"


def test_mb_info_5_private_hand_and_draws():  # MB-INFO-5
    m = new_match(SEED_DECK, manual_draws=True)
    play_trick(m, (SERGEI, "2H"), "4H")
    act(m, SERGEI, "draw")
    act(m, SERGEI, "draw")
    assert "KS" not in json.dumps(m.public_view())
    assert "KS" not in json.dumps(m.view(OLGA)["facts"])
    assert fact(m.view(SERGEI), "mb_seen_in_talon") == "KS"
    assert "KS" not in json.dumps(dicts(m.events))
    act(m, OLGA, "draw:2S")
    # Olga saw K♠ too; it stays on top and known to both
    assert fact(m.view(OLGA), "mb_seen_in_talon") == "KS"
    assert fact(m.view(SERGEI), "mb_seen_in_talon") == "KS"
    play_trick(m, (OLGA, "3D"), "2D")
    act(m, OLGA, "draw")  # takes K♠: no longer in the talon
    assert fact(m.view(SERGEI), "mb_seen_in_talon") is None


def test_mb_info_6_opponent_hand_hidden_and_display_order():  # MB-INFO-6
    m = new_match(SEED_DECK)
    v = m.view(SERGEI)
    assert not set(hand(m, OLGA)) & cards_in(v)
    assert v["hand"] == ["QS", "AH", "TH", "9H", "3H", "2H", "TD", "5D", "2D", "KC", "JC",
                         "9C", "4C"]


# ---------------------------------------------------------------- MB-CODES and options


@pytest.mark.parametrize("code", GARBAGE_CODES)
def test_mb_codes_malformed(code):  # MB-CODES
    m = new_match(SEED_DECK)
    exc = refuse(m, SERGEI, code)
    assert exc.rule_id in RULE_IDS


def test_mb_codes_bad_types_and_seats():  # MB-CODES
    m = new_match(SEED_DECK)
    for seat, code in ((0, None), (0, 5), (2, "play:2H"), (-1, "play:2H"), (True, "play:2H"),
                       (0.0, "play:2H")):
        with pytest.raises(IllegalAction) as info:
            m.apply(seat, code)  # type: ignore[arg-type]
        assert info.value.rule_id == "MB-CODES"
    assert m.legal_actions(2) == [] and m.legal_actions(-1) == []


def test_mb_codes_card_not_held():  # MB-CODES
    m = new_match(SEED_DECK)
    assert refuse(m, SERGEI, "play:AS").rule_id == "MB-CODES"


@pytest.mark.parametrize(("options", "option", "rule"), [
    ({"match_format": "rubber"}, "match_format", "MB-OPT-format"),
    ({"escape_after_contra": "true"}, "escape_after_contra", "MB-OPT-escape"),
    ({"escape_after_contra": 1}, "escape_after_contra", "MB-OPT-escape"),
    ({"manual_draws": "yes"}, "manual_draws", "MB-OPT-manual-draws"),
    ({"first_dealer": 2}, "first_dealer", "MB-OPT-first-dealer"),
    ({"first_dealer": True}, "first_dealer", "MB-OPT-first-dealer"),
    ({"target": 501}, "target", "MB-OPT"),
])
def test_mb_opt_invalid(options, option, rule):  # MB-OPT-*
    with pytest.raises(InvalidOptions) as info:
        new_match(**options)
    assert info.value.option == option and info.value.rule_id == rule


@pytest.mark.parametrize("players", [1, 3, 4, True])
def test_mb_opt_players(players):  # section 1: two players only
    with pytest.raises(InvalidOptions) as info:
        game().new_match(players=players)
    assert info.value.option == "players"


def test_game_info_and_registry():
    info = engine.get_game("married_bridge").info
    assert (info.min_players, info.max_players) == (2, 2)
    schema = info.options_schema()
    assert schema["match_format"]["lobby"] and schema["match_format"]["default"] == "single_game"
    assert schema["first_dealer"]["default"] == 1
    assert "married_bridge" in [g.id for g in engine.list_games()]
