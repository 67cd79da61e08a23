"""Bazar-Belot, one test per rule id of bazar_belot.md, plus the BEL- rules it uses.

Hands are built with ``deck=`` following BB-DEAL-5 (``deck_for``: seat 0 is on the dealer's left
in the first deal unless ``dealer`` says otherwise). Pure helpers (``engine.belote.common``,
``engine.bazar_belot.melds`` / ``scoring``) cover what decks cannot easily reach. Worked examples
that also prove a rule live in ``test_bazar_belot_examples.py`` and are named there.
"""

from __future__ import annotations

import pytest

import engine
from engine import IllegalAction, InvalidOptions
from engine.bazar_belot.melds import best_meld, comparison_winner, player_melds
from engine.bazar_belot.scoring import Contract, match_winner, score_deal, sheet_cells
from engine.belote.common import (
    contract_card_points,
    contract_legal_cards,
    contract_trick_winner_index,
    find_melds,
)

from .bazar_belot_helpers import (
    ALL_CARDS,
    GARBAGE_CODES,
    RULE_IDS,
    act,
    calls,
    facts,
    finish_deal,
    game,
    hand,
    new_match,
    of_type,
    plays,
    refuse,
    run,
)

HANDS = [["JH", "9H", "AH", "TS", "KS", "QD", "8C", "7D"],
         ["JS", "9S", "AS", "KH", "QH", "TD", "9C", "8D"],
         ["JD", "9D", "AD", "TH", "QS", "KC", "7S", "8H"],
         ["JC", "AC", "TC", "KD", "8S", "QC", "7H", "7C"]]


def bidding_done(m, text="0 bid:8:H, 1 pass, 2 pass, 3 pass, 0 pass"):
    run(m, calls(text))
    return m


def kinds(melds):
    return [(x.kind, x.points) for x in melds]


# ================================================================ options


def test_options_defaults_and_schema():  # BB-OPT-target, -auto-show, -sheet-locale, -first-dealer
    info = next(g for g in engine.list_games() if g.id == "bazar_belot")
    assert (info.min_players, info.max_players) == (4, 4)
    schema = info.options_schema()
    assert schema["target"]["default"] == 301 and schema["target"]["lobby"]
    assert schema["auto_show"]["default"] is True
    assert schema["sheet_locale"]["default"] == "en"
    assert schema["first_dealer"]["default"] == 3


@pytest.mark.parametrize("options, rule", [
    ({"target": 0}, "BB-OPT-target"), ({"target": "301"}, "BB-OPT-target"),
    ({"target": True}, "BB-OPT-target"), ({"auto_show": "true"}, "BB-OPT-auto-show"),
    ({"auto_show": 1}, "BB-OPT-auto-show"), ({"sheet_locale": "uk"}, "BB-OPT-sheet-locale"),
    ({"first_dealer": 4}, "BB-OPT-first-dealer"), ({"first_dealer": 1.0},
                                                    "BB-OPT-first-dealer"),
    ({"first_dealer": True}, "BB-OPT-first-dealer"), ({"colour": "red"}, "BB-OPT"),
])
def test_bad_options_refused(options, rule):  # BB-OPT-*
    with pytest.raises(InvalidOptions) as info:
        game().new_match(players=4, options=options)
    assert info.value.rule_id == rule


def test_any_target_from_one():  # BB-OPT-target: integer >= 1
    for target in (1, 42, 2000):
        m = game().new_match(players=4, options={"target": target})
        assert ("target", target, None) in facts(m.public_view())


def test_sheet_locale_changes_nothing_in_play():  # BB-OPT-sheet-locale
    a = game().new_match(players=4, seed=3, options={"sheet_locale": "ru"})
    b = game().new_match(players=4, seed=3)
    assert a.public_view() == b.public_view() and a.legal_actions(0) == b.legal_actions(0)


# ================================================================ 1. deal


def test_pairs_and_sides():  # BB-DEAL-1
    m = new_match(HANDS)
    assert m.score_sheet["sides"] == [{"name": "NS", "seats": [0, 2]},
                                      {"name": "EW", "seats": [1, 3]}]
    assert m.public_view()["sides"] == m.score_sheet["sides"]


def test_whole_pack_dealt():  # BB-DEAL-2
    m = game().new_match(players=4, seed=9)
    hands = [hand(m, s) for s in range(4)]
    assert all(len(h) == 8 for h in hands) and set().union(*hands) == set(ALL_CARDS)
    assert m.public_view()["groups"].get("up_card") is None


def test_dealer_rotation():  # BB-DEAL-3, BB-DEAL-6, BB-REDEAL-1
    m = new_match(HANDS)
    assert m.public_view()["dealer"] == 3 and m.to_move == 0
    run(m, calls("0 pass, 1 pass, 2 pass, 3 pass"))
    assert m.public_view()["dealer"] == 0 and m.to_move == 1 and m.public_view()["deal"] == 2
    m = game().new_match(players=4, options={"first_dealer": 1})
    assert m.public_view()["dealer"] == 1 and m.to_move == 2
    m = new_match(HANDS)
    bidding_done(m)
    finish_deal(m)
    assert m.public_view()["dealer"] == 0 and m.to_move == 1  # after a scored deal too


def test_shuffle_from_seed_deck_unchanged():  # BB-DEAL-4
    a = game().new_match(players=4, seed=11)
    b = game().new_match(players=4, seed=11)
    c = game().new_match(players=4, seed=12)
    assert [hand(a, s) for s in range(4)] == [hand(b, s) for s in range(4)]
    assert [hand(a, s) for s in range(4)] != [hand(c, s) for s in range(4)]


def test_deal_procedure():  # BB-DEAL-5 (D1 in the examples)
    deck = list(ALL_CARDS)
    m = game().new_match(players=4, deck=deck, options={"first_dealer": 2})
    for i in range(4):
        seat = (2 + 1 + i) % 4
        assert hand(m, seat) == set(deck[4 * i:4 * i + 4] + deck[16 + 4 * i:20 + 4 * i])


def test_next_deal_is_dealt_at_once():  # BB-DEAL-6
    m = new_match(HANDS)
    bidding_done(m)
    events = finish_deal(m)
    assert [d["type"] for d in events][-2:] == ["deal_scored", "deal"]
    assert m.public_view()["phase"] == "bidding" and m.public_view()["deal"] == 2


@pytest.mark.parametrize("players", [2, 3, 5, 0, True])
def test_four_players_only(players):  # BB-DEAL-7
    with pytest.raises(InvalidOptions) as info:
        game().new_match(players=players)
    assert info.value.rule_id == "BB-DEAL-1"


def test_bad_deck_refused():  # BB-DEAL-2
    for deck in (ALL_CARDS[:31], [*ALL_CARDS[:31], "AS"], [*ALL_CARDS, "RJ"]):
        with pytest.raises(InvalidOptions):
            game().new_match(players=4, deck=list(deck))


# ================================================================ 2. bidding


def test_calls_and_off_turn_offers():  # BB-BID-1
    m = new_match(HANDS)
    assert m.to_move == 0
    for seat in (1, 2, 3):  # not on turn: kapo on one hand only
        assert m.legal_actions(seat) == sorted(f"bid:kapo1:{x}"
                                               for x in ("S", "H", "D", "C", "NT"))
    assert "pass" in m.legal_actions(0) and "bid:8:H" in m.legal_actions(0)
    refuse(m, 1, "pass", "BB-BID-6")


def test_numeric_bid_strains():  # BB-BID-2
    m = new_match(HANDS)
    legal = set(m.legal_actions(0))
    assert {"bid:8:S", "bid:8:H", "bid:8:D", "bid:8:C", "bid:8:NT", "bid:20:AT"} <= legal
    act(m, 0, "bid:13:NT")
    assert m.public_view()["calls"] == [{"seat": 0, "call": "bid:13:NT"}]


def test_kapo_strains():  # BB-BID-3
    m = new_match(HANDS)
    assert {c for c in m.legal_actions(0) if c.startswith("bid:kapo:")} == {
        "bid:kapo:S", "bid:kapo:H", "bid:kapo:D", "bid:kapo:C", "bid:kapo:NT"}
    refuse(m, 0, "bid:kapo:AT", "BB-BID-3")


def test_kapo_on_one_hand_partner_out():  # BB-BID-4, BB-BID-20
    m = new_match(HANDS)
    act(m, 1, "bid:kapo1:NT")
    v = m.public_view()
    assert ("out_of_play", 3, None) in facts(v) and ("declarer", 1, None) in facts(v)
    assert m.legal_actions(3) == []
    refuse(m, 3, "declare:none", "BB-PLAY-10")


def test_contract_values():  # BB-BID-5
    assert Contract(14, "S", 1, 0).value == Contract(14, "AT", 1, 0).value == 14
    assert Contract("kapo", "NT", 1, 0).value == 25
    assert Contract("kapo1", "H", 1, 0).value == 50


def test_turn_order():  # BB-BID-6
    m = new_match(HANDS, dealer=1)
    assert m.to_move == 2
    act(m, 2, "pass")
    assert m.to_move == 3
    refuse(m, 0, "bid:9:S", "BB-BID-6")


def test_bid_range():  # BB-BID-7
    m = new_match(HANDS)
    legal = m.legal_actions(0)
    assert "bid:8:S" in legal and "bid:112:S" in legal and "bid:113:S" not in legal
    assert "bid:19:AT" not in legal and "bid:20:AT" in legal
    refuse(m, 0, "bid:7:S", "BB-BID-7")
    refuse(m, 0, "bid:113:S", "BB-BID-7")
    refuse(m, 0, "bid:19:AT", "BB-BID-7")


def test_ranking():  # BB-BID-8 (A6 in the examples)
    m = new_match(HANDS)
    act(m, 0, "bid:8:H")
    refuse(m, 1, "bid:8:S", "BB-BID-8")
    refuse(m, 1, "bid:8:NT", "BB-BID-8")
    act(m, 1, "bid:kapo:S")
    refuse(m, 2, "bid:kapo:H", "BB-BID-8")  # one kapo cannot overcall another
    refuse(m, 2, "bid:112:AT", "BB-BID-8")
    m = new_match(HANDS)
    run(m, calls("0 bid:kapo:S"))
    act(m, 1, "bid:kapo1:H")  # kapo on one hand outranks kapo
    assert m.public_view()["phase"] == "play"


def test_passed_player_restriction():  # BB-BID-9 (A8 in the examples)
    m = new_match(HANDS)
    run(m, calls("0 pass, 1 bid:8:C, 2 bid:9:D, 3 pass"))
    legal = m.legal_actions(0)
    assert "bid:10:D" in legal and "bid:kapo:D" in legal and "bid:20:AT" in legal
    assert "bid:10:S" not in legal and "bid:kapo:S" not in legal
    refuse(m, 0, "bid:10:H", "BB-BID-9")


def test_all_trumps_any_round():  # BB-BID-10 (A7)
    m = new_match(HANDS)
    run(m, calls("0 pass, 1 bid:10:C, 2 pass, 3 pass"))
    assert [c for c in m.legal_actions(0) if c != "pass"] == sorted(
        f"bid:{n}:AT" for n in range(20, 113))


def test_kapo_on_one_hand_window():  # BB-BID-11
    m = new_match(HANDS)
    act(m, 0, "pass")
    assert "bid:kapo1:S" not in m.legal_actions(0)  # he has passed
    assert "bid:kapo1:S" not in m.legal_actions(2)  # his partner has called
    assert "bid:kapo1:S" in m.legal_actions(1) and "bid:kapo1:S" in m.legal_actions(3)
    refuse(m, 0, "bid:kapo1:S", "BB-BID-11")
    act(m, 1, "bid:9:S")
    assert "bid:kapo1:S" not in m.legal_actions(3)
    m = new_match(HANDS)
    act(m, 0, "bid:8:S")
    act(m, 1, "contra")  # a contra ends the bidding: no kapo on one hand after it
    assert all(not [c for c in m.legal_actions(s) if "kapo1" in c] for s in range(4))


def test_kapo_on_one_hand_ends_bidding():  # BB-BID-12
    m = new_match(HANDS)
    act(m, 0, "bid:9:H")
    evs = act(m, 3, "bid:kapo1:S")  # off turn; seat 1 has not called yet
    assert [d["type"] for d in evs] == ["bid", "trump"]
    refuse(m, 1, "pass", "BB-BID-12")
    refuse(m, 1, "bid:kapo1:H", "BB-BID-12")
    assert [s for s in range(4) if "contra" in m.legal_actions(s)] == [0, 2]


def test_contra_window():  # BB-BID-13 (A1, A4, A9)
    m = new_match(HANDS)
    refuse(m, 1, "contra", "BB-BID-13")  # nothing to double
    act(m, 0, "bid:8:S")
    assert "contra" in m.legal_actions(1) and "contra" in m.legal_actions(3)
    act(m, 1, "pass")
    refuse(m, 3, "contra", "BB-BID-13")


def test_contra_ends_bidding():  # BB-BID-14
    m = new_match(HANDS)
    act(m, 0, "bid:8:S")
    evs = act(m, 3, "contra")
    assert [d["type"] for d in evs] == ["bid", "trump"]
    assert m.to_move == 0 and m.public_view()["phase"] == "play"
    refuse(m, 1, "bid:9:H", "BB-BID-14")
    refuse(m, 3, "contra", "BB-BID-13")


def test_recontra():  # BB-BID-15
    m = new_match(HANDS)
    act(m, 0, "bid:8:S")
    act(m, 1, "contra")
    assert [s for s in range(4) if "recontra" in m.legal_actions(s)] == [0, 2]
    refuse(m, 1, "recontra", "BB-BID-15")
    act(m, 2, "recontra")
    refuse(m, 0, "recontra", "BB-BID-15")  # once
    assert ("doubling", "recontra", None) in facts(m.public_view())


def test_four_passes_redeal():  # BB-BID-16, BB-REDEAL-1, BB-REDEAL-3, BB-SCORE-12
    m = new_match(HANDS)
    evs = run(m, calls("0 pass, 1 pass, 2 pass, 3 pass"))
    assert [d["type"] for d in evs][-2:] == ["thrown_in", "deal"]
    assert of_type(evs, "thrown_in")[0]["reason"] == "four_passes"
    assert m.score_sheet["rows"] == [] and m.score_sheet["totals"] == [0, 0]


def test_fourth_seat_opening():  # BB-BID-17 (A2)
    m = new_match(HANDS)
    run(m, calls("0 pass, 1 pass, 2 pass, 3 bid:8:D, 0 bid:20:AT, 1 pass, 2 pass"))
    assert m.public_view()["phase"] == "bidding"
    act(m, 3, "pass")  # three passes after 20AT: no last word in this auction
    assert m.public_view()["phase"] == "play"


def test_last_word():  # BB-BID-18 (A1, A3, A9)
    m = new_match(HANDS)
    run(m, calls("0 bid:9:H, 1 pass, 2 pass, 3 pass"))
    legal = m.legal_actions(0)
    assert "pass" in legal and "bid:10:H" in legal and "bid:10:S" in legal
    act(m, 0, "bid:kapo:H")  # kapo in the same strain is a raise: the bidding ends
    assert m.public_view()["phase"] == "play"


def test_after_a_change():  # BB-BID-19 (A3, A10)
    m = new_match(HANDS)
    run(m, calls("0 bid:9:H, 1 pass, 2 pass, 3 pass, 0 bid:10:S"))
    assert m.legal_actions(1) == ["contra", "pass"]
    refuse(m, 1, "bid:11:S", "BB-BID-19")
    act(m, 1, "pass")
    # seat 2 has passed: his partner's strain (now spades) or all-trumps (BB-BID-9)
    assert "bid:11:S" in m.legal_actions(2) and "bid:11:H" not in m.legal_actions(2)


def test_final_contract_facts():  # BB-BID-20
    m = new_match(HANDS)
    run(m, calls("0 bid:8:S, 1 bid:9:NT, 2 contra"))
    f = facts(m.public_view())
    assert ("bid_level", 9, None) in f and ("bid_strain", "no_trumps", None) in f
    assert ("declarer", 1, None) in f and ("doubling", "contra", None) in f


def test_play_begins_at_once():  # BB-BID-21
    m = new_match(HANDS, dealer=0)
    run(m, calls("1 bid:8:S, 2 pass, 3 pass, 0 pass, 1 pass"))
    assert m.to_move == 1 and m.legal_actions(1)[0].startswith("declare:")
    refuse(m, 2, "pass", "BB-BID-21")
    m = new_match(HANDS)
    refuse(m, 0, "play:JH", "BB-BID-21")


# ================================================================ 3. melds


def test_meld_values():  # BB-MELD-1, BEL-MELD-6
    h = ["JS", "JH", "JD", "JC", "9S", "9H", "9D", "9C"]
    assert kinds(player_melds(h, "suit", "H")) == [("four_jacks", 20), ("four_nines", 14)]
    assert kinds(player_melds(h, "no_trumps", None)) == [("four_jacks", 10)]
    aces = ["AS", "AH", "AD", "AC", "TS", "TH", "TD", "TC"]
    assert kinds(player_melds(aces, "no_trumps", None)) == [("four_aces", 19),
                                                             ("four_tens", 10)]
    assert kinds(player_melds(aces, "all_trumps", None)) == [("four_aces", 11),
                                                              ("four_tens", 10)]
    for r in "KQ":
        assert kinds(player_melds([r + s for s in "SHDC"], "suit", "S")) == [
            ({"K": "four_kings", "Q": "four_queens"}[r], 10)]
    assert kinds(player_melds(["QS", "JS", "TS", "9S", "8S"], "suit", "H")) == [("quint", 10)]
    assert kinds(player_melds(["QS", "JS", "TS", "9S"], "suit", "H")) == [("berz", 5)]
    assert kinds(player_melds(["QS", "JS", "TS"], "suit", "H")) == [("terz", 2)]
    assert player_melds(["8S", "8H", "8D", "8C", "7S", "7H", "7D", "7C"], "suit", "S") == []


def test_long_runs():  # BB-MELD-2, BEL-MELD-2
    eight = [r + "C" for r in "AKQJT987"]
    ms = find_melds(eight, meld_set="bazar")
    assert [(x.kind, x.cards) for x in ms] == [("quint", ("AC", "KC", "QC", "JC", "TC")),
                                               ("terz", ("9C", "8C", "7C"))]
    assert sum(x.points for x in ms) == 12
    six = find_melds([r + "H" for r in "KQJT98"], meld_set="bazar")
    assert [(x.kind, x.cards) for x in six] == [("quint", ("KH", "QH", "JH", "TH", "9H"))]
    seven = find_melds([r + "H" for r in "AKQJT98"], meld_set="bazar")
    assert [x.kind for x in seven] == ["quint"]


def test_cards_shared_by_four_and_sequence():  # BB-MELD-3, BEL-MELD-5
    h = ["KS", "KH", "KD", "KC", "QS", "JS"]
    assert kinds(player_melds(h, "suit", "S")) == [("four_kings", 10), ("terz", 2)]


def test_declaration_codes():  # BB-MELD-4 (D2)
    m = bidding_done(new_match([["KS", "QS", "JS", "AH", "8D", "9C", "7H", "TD"]]))
    assert m.legal_actions(0) == ["declare:best", "declare:none"]
    refuse(m, 0, "play:KS", "BB-MELD-4")
    refuse(m, 0, "declare:four8", "BB-MELD-13")
    refuse(m, 0, "declare:four7", "BB-MELD-14")
    m = bidding_done(new_match([["AS", "QS", "9H", "AH", "8D", "9C", "7H", "TD"]]))
    refuse(m, 0, "declare:best", "BB-MELD-4")


def test_comparison():  # BB-MELD-5, BEL-CMP-1..11
    quint = {"kind": "quint", "cards": ["JC", "TC", "9C", "8C", "7C"], "points": 10}
    queens = {"kind": "four_queens", "cards": ["QS", "QH", "QD", "QC"], "points": 10}
    assert comparison_winner([[quint], [queens], [], []], [0, 1, 2, 3], "suit", "H") == 1
    kings = {"kind": "four_kings", "cards": ["KS", "KH", "KD", "KC"], "points": 10}
    assert comparison_winner([[queens], [kings], [], []], [0, 1, 2, 3], "suit", "H") == 1
    nines = {"kind": "four_nines", "cards": ["9S", "9H", "9D", "9C"], "points": 14}
    aces = {"kind": "four_aces", "cards": ["AS", "AH", "AD", "AC"], "points": 11}
    assert comparison_winner([[aces], [nines], [], []], [0, 1, 2, 3], "suit", "H") == 1
    tens = {"kind": "four_tens", "cards": ["TS", "TH", "TD", "TC"], "points": 10}
    aces_nt = dict(aces, points=19)
    assert comparison_winner([[tens], [aces_nt], [], []], [0, 1, 2, 3], "no_trumps",
                             None) == 1
    berz = {"kind": "berz", "cards": ["QD", "JD", "TD", "9D"], "points": 5}
    terz = {"kind": "terz", "cards": ["AS", "KS", "QS"], "points": 2}
    assert comparison_winner([[terz], [berz], [], []], [0, 1, 2, 3], "suit", "H") == 1
    t_s = terz
    t_h = {"kind": "terz", "cards": ["AH", "KH", "QH"], "points": 2}
    assert comparison_winner([[t_s], [t_h], [], []], [0, 1, 2, 3], "suit", "H") == 1
    assert comparison_winner([[t_s], [t_h], [], []], [0, 1, 2, 3], "no_trumps", None) == 0
    assert comparison_winner([[t_s], [t_h], [], []], [1, 0, 2, 3], "all_trumps", None) == 1
    assert comparison_winner([[], [], [], []], [0, 1, 2, 3], "suit", "H") is None


def test_all_melds_of_the_winning_pair():  # BB-MELD-6
    m = new_match([["KS", "KH", "KD", "KC", "QS", "JS", "7D", "8D"], [],
                   ["AD", "9D", "TD", "AC", "QC", "JC", "7S", "8S"], []])
    bidding_done(m, "0 bid:8:D, 1 pass, 2 pass, 3 pass, 0 pass")
    run(m, [(0, "declare:best")])
    act(m, 0, plays(m.legal_actions(0))[0])
    act(m, 1, "declare:none")
    act(m, 1, plays(m.legal_actions(1))[0])
    act(m, 2, "declare:none")  # seat 2 holds a terz but announces nothing: none of his count
    act(m, 2, plays(m.legal_actions(2))[0])
    act(m, 3, "declare:none")
    evs = act(m, 3, plays(m.legal_actions(3))[0])
    shown = of_type(evs, "melds_shown")
    assert [(e["seat"], [x["kind"] for x in e["melds"]]) for e in shown] == [
        (0, ["four_kings", "terz"])]
    scored = of_type(finish_deal(m), "deal_scored")[0]
    assert scored["sides"][0]["melds"] == 12


def test_show_code():  # BB-MELD-7 (D5)
    m = bidding_done(new_match([["KS", "QS", "JS", "AH", "8D", "9C", "7H", "TD"]],
                               auto_show=False))
    run(m, [(0, "declare:best")])
    refuse(m, 0, "show", "BB-MELD-7")  # trick 2 only
    m = bidding_done(new_match([["KS", "QS", "JS", "AH", "8D", "9C", "7H", "TD"]]))
    run(m, [(0, "declare:best")])
    refuse(m, 0, "show", "BB-MELD-7")  # auto_show on: no show code


def test_unshown_winning_meld():  # BB-MELD-8 (D5 cases a and b)
    from .test_bazar_belot_examples import _d5_to_trick_two, _finish
    scored = _finish(_d5_to_trick_two(), shows={3})
    assert [s["melds"] for s in scored["sides"]] == [0, 5]  # only seat 3 showed for EW
    scored = _finish(_d5_to_trick_two(), shows={0, 2})
    assert [s["melds"] for s in scored["sides"]] == [7, 0]


def test_melds_score_without_a_trick():  # BB-MELD-9 (seed example 2)
    out = score_deal(Contract(13, "NT", 1, 0), card_points=[162, 0], tricks=[8, 0],
                     melds=[0, 2])
    assert out.written == (38, 2)


def test_bela_suit_contract():  # BB-MELD-10, BB-PLAY-11 (D3)
    m = bidding_done(new_match([["KH", "QH", "AS", "8D", "9C", "7S", "TD", "7C"]]))
    act(m, 0, "declare:none")
    legal = m.legal_actions(0)
    assert {"play:KH:bela", "play:QH:bela"} <= set(legal)
    assert "play:AS:bela" not in legal
    refuse(m, 0, "play:AS:bela", "BB-PLAY-11")
    refuse(m, 0, "play:KH:rebela", "BB-PLAY-11")


def test_bela_all_trumps():  # BB-MELD-11 (D4)
    m = bidding_done(new_match([["KH", "QH", "KS", "QS", "9C", "7S", "TD", "7C"]]),
                     "0 bid:20:AT, 1 pass, 2 pass, 3 pass, 0 pass")
    act(m, 0, "declare:none")
    assert {"play:KH:bela", "play:QH:bela", "play:KS:bela", "play:QS:bela"} <= set(
        m.legal_actions(0))


def test_no_bela_in_no_trumps():  # BB-MELD-12
    m = bidding_done(new_match([["KH", "QH", "AS", "8D", "9C", "7S", "TD", "7C"]]),
                     "0 bid:8:NT, 1 pass, 2 pass, 3 pass, 0 pass")
    act(m, 0, "declare:none")
    assert not [c for c in m.legal_actions(0) if "bela" in c]
    refuse(m, 0, "play:KH:bela", "BB-MELD-12")


def test_four_eights_announced_cancels():  # BB-MELD-13
    m = bidding_done(new_match([["KS", "QS", "JS", "AH", "7D", "9C", "7H", "TD"], [],
                                [], ["8S", "8H", "8D", "8C", "AC", "KC", "QC", "9S"]]))
    act(m, 0, "declare:best")
    act(m, 0, "play:AH")
    act(m, 1, "declare:none")
    act(m, 1, plays(m.legal_actions(1))[0])
    act(m, 2, "declare:none")
    act(m, 2, plays(m.legal_actions(2))[0])
    assert "declare:four8" in m.legal_actions(3) and "declare:best" in m.legal_actions(3)
    act(m, 3, "declare:four8")
    evs = act(m, 3, plays(m.legal_actions(3))[0])
    assert not of_type(evs, "melds_shown")
    scored = of_type(finish_deal(m), "deal_scored")[0]
    assert [s["melds"] for s in scored["sides"]] == [0, 0]


def test_four_sevens_annul():  # BB-MELD-14, BB-REDEAL-2, BB-REDEAL-3, BB-SCORE-12
    m = bidding_done(new_match([["7S", "7H", "7D", "7C", "AS", "KD", "QC", "9H"]]))
    assert m.legal_actions(0) == ["declare:four7", "declare:none"]
    evs = act(m, 0, "declare:four7")
    assert [d["type"] for d in evs] == ["declare", "thrown_in", "deal"]
    assert evs[1]["reason"] == "four_sevens" and sorted(evs[1]["cards"]) == [
        "7C", "7D", "7H", "7S"]
    assert m.public_view()["dealer"] == 0 and m.score_sheet["rows"] == []


def test_lone_players_partner_declares_nothing():  # BB-MELD-15
    m = new_match([["KS", "QS", "JS", "AH", "8D", "9C", "7H", "TD"]])
    act(m, 2, "bid:kapo1:H")
    assert m.to_move == 1
    for _ in range(3):
        seat = m.to_move
        act(m, seat, "declare:none")
        act(m, seat, plays(m.legal_actions(seat))[0])
    assert [d["seat"] for d in of_type(m.events, "declare")] == [1, 2, 3]


# ================================================================ 4. play


def test_opening_leader():  # BB-PLAY-1
    m = bidding_done(new_match(HANDS), "0 pass, 1 bid:8:S, 2 pass, 3 pass, 0 pass, 1 pass")
    assert m.to_move == 0  # the dealer's left leads, whoever the declarer is
    m = new_match(HANDS)
    act(m, 1, "bid:kapo1:S")  # seat 3 out of play; seat 0 still leads
    assert m.to_move == 0


def test_winner_leads():  # BB-PLAY-2, BEL-PLAY-3
    m = bidding_done(new_match(HANDS))
    evs = []
    for _ in range(4):
        seat = m.to_move
        act(m, seat, "declare:none")
        evs += act(m, seat, plays(m.legal_actions(seat))[0])
    winner = of_type(evs, "trick")[0]["winner"]
    assert m.to_move == winner
    refuse(m, (winner + 1) % 4, plays(m.legal_actions(winner))[0], "BB-PLAY-2")


def test_follow_suit():  # BB-PLAY-3, BEL-PLAY-4
    m = bidding_done(new_match([["AS", "KD", "QD", "JD", "7C", "8C", "9C", "7H"],
                                ["TS", "AD", "AC", "9D", "KH", "QH", "8H", "JS"]]),
                     "0 bid:8:H, 1 pass, 2 pass, 3 pass, 0 pass")
    act(m, 0, "declare:none")
    act(m, 0, "play:KD")
    act(m, 1, "declare:none")
    assert plays(m.legal_actions(1)) == ["play:9D", "play:AD"]
    refuse(m, 1, "play:TS", "BB-PLAY-3")


def _trick_setup(hands, dealer, auction, moves):
    m = new_match(hands, dealer=dealer)
    run(m, calls(auction))
    for seat, card in moves:
        if "declare:none" in m.legal_actions(seat):
            act(m, seat, "declare:none")
        act(m, seat, "play:" + card)
    return m


def test_overtrump_even_partner():  # BB-PLAY-4, BEL-PLAY-5 (8H, AH(P), KH; 9H QH 7C -> 9H)
    hands = [["9H", "QH", "7C", "AS", "KS", "8D", "JD", "TC"], ["8H"],
             ["AH", "JH", "TH", "7H"], ["KH"]]
    m = _trick_setup(hands, 0, "1 bid:8:H, 2 pass, 3 pass, 0 pass, 1 pass",
                     [(1, "8H"), (2, "AH"), (3, "KH")])
    act(m, 0, "declare:none")
    assert plays(m.legal_actions(0)) == ["play:9H"]
    refuse(m, 0, "play:QH", "BB-PLAY-4")


def test_partner_exception():  # BB-PLAY-5, BEL-PLAY-8 (AS(P), KS; no spades, 7H KD)
    hands = [["7H", "KD", "AD", "QD", "JC", "TC", "9C", "8C"], [], ["AS"], ["KS"]]
    m = _trick_setup(hands, 1, "2 bid:8:H, 3 pass, 0 pass, 1 pass, 2 pass",
                     [(2, "AS"), (3, "KS")])
    act(m, 0, "declare:none")
    assert set(plays(m.legal_actions(0))) == {f"play:{c}" for c in hands[0]}


def test_must_trump_over_opponent():  # BB-PLAY-6, BEL-PLAY-8, BEL-PLAY-9
    hands = [["7H", "KD", "AD", "QD", "JC", "TC", "9C", "8C"], [], [], ["AS"]]
    m = _trick_setup(hands, 2, "3 bid:8:H, 0 pass, 1 pass, 2 pass, 3 pass", [(3, "AS")])
    act(m, 0, "declare:none")
    assert plays(m.legal_actions(0)) == ["play:7H"]
    refuse(m, 0, "play:KD", "BB-PLAY-6")
    # KC(O), 7H(P), QH(O); no clubs, 8H 9D: undertrumping is never required
    hands = [["8H", "9D", "AD", "QD", "JS", "TS", "9S", "8S"], ["KC"],
             ["7H", "AS", "KS", "QS", "TD", "JD", "7D", "8D"],
             ["QH", "7S", "AH", "KH", "JH", "TH", "9H", "KD"]]
    m = _trick_setup(hands, 0, "1 bid:8:H, 2 pass, 3 pass, 0 pass, 1 pass",
                     [(1, "KC"), (2, "7H"), (3, "QH")])
    act(m, 0, "declare:none")
    assert set(plays(m.legal_actions(0))) == {f"play:{c}" for c in hands[0]}


def test_any_card_of_a_plain_suit():  # BB-PLAY-7, BEL-PLAY-7
    hands = [["AD", "7D", "QS", "KS", "JC", "TC", "9C", "8C"], [], [], ["KD"]]
    m = _trick_setup(hands, 2, "3 bid:8:H, 0 pass, 1 pass, 2 pass, 3 pass", [(3, "KD")])
    act(m, 0, "declare:none")
    assert plays(m.legal_actions(0)) == ["play:7D", "play:AD"]


def test_no_trumps():  # BB-PLAY-8, BEL-RANK-2, BEL-VAL-3
    assert contract_legal_cards(["7H", "KD"], ["AS"], "no_trumps", None) == ["7H", "KD"]
    assert contract_legal_cards(["7S", "KD"], ["AS"], "no_trumps", None) == ["7S"]
    assert contract_trick_winner_index(["9S", "JS", "TS", "AH"], "no_trumps", None) == 2
    assert sum(contract_card_points(c, "no_trumps", None) for c in ["AS", "AH", "TS", "JD"]
               ) == 50


def test_all_trumps():  # BB-PLAY-9, BEL-PLAY-6, BEL-RANK-3, BEL-VAL-4
    assert contract_legal_cards(["9D", "7D", "AS"], ["AD", "8D"], "all_trumps", None) == ["9D"]
    assert contract_legal_cards(["KD", "7D"], ["AD"], "all_trumps", None) == ["KD", "7D"]
    assert contract_legal_cards(["7H", "KS"], ["AD"], "all_trumps", None) == ["7H", "KS"]
    assert contract_trick_winner_index(["9D", "JD", "AS", "TD"], "all_trumps", None) == 1
    assert sum(contract_card_points(c, "all_trumps", None) for c in ["JS", "9D", "AC", "QH"]
               ) == 48
    m = bidding_done(new_match([["AD", "8D", "QS", "KS", "JC", "TC", "9C", "8C"],
                                ["9D", "7D", "AS", "KH", "QH", "8H", "JS", "7S"]]),
                     "0 bid:20:AT, 1 pass, 2 pass, 3 pass, 0 pass")
    act(m, 0, "declare:none")
    act(m, 0, "play:AD")
    act(m, 1, "declare:none")
    assert plays(m.legal_actions(1)) == ["play:9D"]
    refuse(m, 1, "play:7D", "BB-PLAY-9")


def test_kapo_on_one_hand_three_card_tricks():  # BB-PLAY-10 (X9 in the examples)
    m = new_match(HANDS)
    act(m, 0, "bid:kapo1:NT")
    events = finish_deal(m)
    tricks = of_type(events, "trick")
    assert len(tricks) == 8 and all(len(t["cards"]) == 3 for t in tricks)
    assert all(2 not in [s for s, _ in t["cards"]] for t in tricks)
    assert sum(t["points"] for t in tricks) < 162
    assert len(m.events) and hand(m, 2)  # a new deal


def test_information():  # BB-PLAY-12, BEL-PLAY-11
    m = bidding_done(new_match(HANDS))
    v = m.public_view()
    assert "hand" not in v and v["hand_counts"] == [8, 8, 8, 8]
    for _ in range(4):
        seat = m.to_move
        act(m, seat, "declare:none")
        act(m, seat, plays(m.legal_actions(seat))[0])
    v = m.public_view()
    assert len(v["groups"]["last_trick"]) == 4 and v["groups"]["trick"] == []
    assert sum(v["deal_points"]) == sum(x["points"] for x in of_type(m.events, "trick"))
    held = set().union(*(hand(m, s) for s in range(4)))
    assert not held & set(str(v).replace("'", " ").split())
    other = m.view(1)
    assert set(other["hand"]) == hand(m, 1)
    assert not (held - hand(m, 1)) & set(str(other).replace("'", " ").split())


def test_deal_played_to_trick_eight():  # BB-PLAY-13 (X13)
    m = new_match(HANDS)
    run(m, calls("0 bid:kapo:S, 1 pass, 2 pass, 3 pass, 0 pass"))
    events = finish_deal(m)
    assert len(of_type(events, "trick")) == 8


# ================================================================ 5. scoring


def C(level, strain="S", mult=1, pair=0):
    return Contract(level, strain, mult, pair)


def test_game_value():  # BB-SCORE-1
    assert C(14).game_value == C(14, "NT").game_value == 16 and C(20, "AT").game_value == 25


def test_made_against_the_bid():  # BB-SCORE-2 (example 1, X3)
    assert score_deal(C(14), card_points=[140, 22], tricks=[6, 2], melds=[0, 0]).made
    assert not score_deal(C(14), card_points=[139, 23], tricks=[6, 2], melds=[0, 0]).made
    assert score_deal(C(9, "H"), card_points=[72, 90], tricks=[4, 4], melds=[2, 0]).made
    assert not score_deal(C("kapo"), card_points=[155, 7], tricks=[7, 1], melds=[0, 0]).made


@pytest.mark.parametrize("td, r", [(84, 8), (85, 8), (86, 9), (89, 9), (90, 9), (0, 0),
                                   (162, 16)])
def test_rounding(td, r):  # BB-SCORE-3
    out = score_deal(C(8), card_points=[td, 162 - td], tricks=[4, 4], melds=[20, 0])
    assert out.rounded == r
    assert out.written == (8 + r + 20, 16 - r)


def test_capot_award():  # BB-SCORE-4, BB-SCORE-6
    assert score_deal(C(10), card_points=[162, 0], tricks=[8, 0], melds=[0, 3]).written == (
        35, 3)
    # defenders capot on a made contract (made by melds)
    assert score_deal(C(8), card_points=[0, 162], tricks=[0, 8], melds=[9, 0]).written == (
        17, 25)


def test_made_no_contra():  # BB-SCORE-5
    assert score_deal(C(14), card_points=[144, 18], tricks=[7, 1], melds=[0, 15]).written == (
        28, 17)


def test_made_all_tricks():  # BB-SCORE-6
    assert score_deal(C(13, "NT"), card_points=[162, 0], tricks=[8, 0], melds=[0, 2]
                      ).written == (38, 2)


def test_failed_no_contra():  # BB-SCORE-7
    out = score_deal(C(12), card_points=[60, 102], tricks=[3, 5], melds=[5, 0])
    assert out.written == (0, 33) and out.bait == (True, False)


def test_contra_made():  # BB-SCORE-8
    out = score_deal(C(14, "S", 2), card_points=[144, 18], tricks=[7, 1], melds=[0, 15])
    assert out.written == (59, 0) and out.bait == (False, True)


def test_contra_failed():  # BB-SCORE-9
    out = score_deal(C("kapo", "S", 2), card_points=[155, 7], tricks=[7, 1], melds=[0, 0])
    assert out.written == (0, 66) and out.bait == (True, False)
    out = score_deal(C(14, "S", 4), card_points=[139, 23], tricks=[7, 1], melds=[0, 15])
    assert out.written == (0, 87)


def test_bt_melds_go_over():  # BB-SCORE-10
    out = score_deal(C(10, "H", 2), card_points=[162, 0], tricks=[8, 0], melds=[5, 2])
    assert out.written == (52, 0)
    out = score_deal(C(12), card_points=[60, 102], tricks=[3, 5], melds=[5, 2])
    assert out.written == (0, 12 + 16 + 2 + 5)


def test_running_totals():  # BB-SCORE-11
    m = new_match(HANDS)
    bidding_done(m)
    finish_deal(m)
    sheet = m.score_sheet
    assert sheet["totals"] == sheet["rows"][0]["points"]


def test_annulled_deals_score_nothing():  # BB-SCORE-12, BB-REDEAL-3
    m = new_match(HANDS)
    run(m, calls("0 pass, 1 pass, 2 pass, 3 pass"))
    assert m.score_sheet["rows"] == [] and m.public_view()["totals"] == [0, 0]


# ================================================================ 6. end


def test_end_at_target():  # BB-END-1, BB-END-4
    m = new_match(HANDS, target=1)
    bidding_done(m)
    events = finish_deal(m)
    assert of_type(events, "match_over") and m.is_over and m.to_move is None
    assert all(m.legal_actions(s) == [] for s in range(4))
    over = of_type(events, "match_over")[0]
    assert over["line"].startswith("Totals: NS ") and over["line"].endswith("(target 1)")
    assert m.score_sheet["result"] == {"winner": over["winner"], "line": over["line"],
                                       "score": list(over["totals"])}
    refuse(m, 0, "pass", "BB-END-4")


def test_both_over_target():  # BB-END-2
    assert match_winner([310, 305], 301) == 0 and match_winner([300, 305], 301) == 1
    assert match_winner([305, 305], 301) is None
    assert match_winner([300, 300], 301) is None


def test_no_claim_during_play():  # BB-END-3
    m = new_match(HANDS, target=1)
    bidding_done(m)
    assert not m.is_over
    assert not [c for c in m.legal_actions(0) if c.startswith(("claim", "end"))]


# ================================================================ 8. sheet


def test_sheet_rows():  # BB-SHEET-1, BB-SHEET-2
    m = new_match(HANDS)
    run(m, calls("0 pass, 1 pass, 2 pass, 3 pass"))
    assert m.score_sheet["rows"] == []  # annulled: no row
    out = score_deal(C("kapo"), card_points=[162, 0], tricks=[8, 0], melds=[0, 0])
    assert sheet_cells(out, [262, 210]) == ["262", "-"]
    out = score_deal(C("kapo", "S", 2), card_points=[155, 7], tricks=[7, 1], melds=[0, 0])
    assert sheet_cells(out, [262, 276]) == ["BT", "276"]


@pytest.mark.parametrize("contract, en, ru", [
    (C(14), "14S", "14п"), (C(14, "S", 2), "14S+", "14п +"), (C(14, "S", 4), "14S++", "14п ++"),
    (C(13, "NT"), "13NT", "13бк"), (C(20, "AT"), "20AT", "20вк"), (C(9, "C"), "9C", "9т"),
    (C(9, "D"), "9D", "9б"), (C(9, "H"), "9H", "9ч"), (C("kapo"), "KS", "Кп"),
    (C("kapo", "NT", 2), "KNT+", "Кбк +"), (C("kapo1", "H"), "K1H", "К1ч"),
])
def test_contract_notation(contract, en, ru):  # BB-SHEET-3
    assert contract.notation("en") == en and contract.notation("ru") == ru


def test_sheet_printing():  # BB-SHEET-4 (the canonical sheet is in the examples)
    from engine.bazar_belot.scoring import format_sheet
    sheet = {"rows": [{"deal": 1, "cells": ["28", "17"], "points": [28, 17], "note": "14S"}],
             "totals": [28, 17], "result": None}
    assert format_sheet(sheet) == "NS  | EW  | Contract\n28  | 17  | 14S\nTotals: NS 28, EW 17"


# ================================================================ BEL- rules used


def test_bel_values_and_orders():  # BEL-DECK-1..3, BEL-RANK-1..4, BEL-VAL-1..4, BEL-LAST-1..2
    assert len(set(ALL_CARDS)) == 32
    assert sum(contract_card_points(c, "suit", "H") for c in ALL_CARDS) + 10 == 162
    assert sum(contract_card_points(c, "no_trumps", None) for c in ALL_CARDS) + 10 == 162
    assert sum(contract_card_points(c, "all_trumps", None) for c in ALL_CARDS) + 10 == 258
    assert contract_trick_winner_index(["KS", "AS", "7H", "TS"], "suit", "H") == 2
    assert contract_trick_winner_index(["9S", "QS", "8D", "TS"], "suit", "H") == 3
    assert contract_trick_winner_index(["9D", "JD", "AS", "TD"], "all_trumps", None) == 1


def _winner_by_the_rule(cards: list[str], kind: str, trump: str | None) -> int:
    # BEL-PLAY-2 written out: the highest trump if any (suit contracts), else the highest card
    # of the led suit, by the contract's order (BEL-RANK-1..3)
    order = {"suit": None, "no_trumps": "ATKQJ987", "all_trumps": "J9ATKQ87"}[kind]

    def power(c: str) -> int:
        ranks = order or ("J9ATKQ87" if c[1] == trump else "ATKQJ987")
        return -ranks.index(c[0])

    trumps = [i for i, c in enumerate(cards) if kind == "suit" and c[1] == trump]
    pool = trumps or [i for i, c in enumerate(cards) if c[1] == cards[0][1]]
    return max(pool, key=lambda i: power(cards[i]))


def test_bel_trick_winner_every_contract():  # BEL-PLAY-2, BEL-RANK-1..3
    import random
    rng = random.Random(7)
    contracts = [("no_trumps", None), ("all_trumps", None)] + [("suit", x) for x in "SHDC"]
    for _ in range(4000):
        kind, trump = rng.choice(contracts)
        cards = rng.sample(ALL_CARDS, rng.randint(1, 4))
        assert contract_trick_winner_index(cards, kind, trump) == _winner_by_the_rule(
            cards, kind, trump), (cards, kind, trump)


def test_bel_legal_worked_examples():  # BEL-PLAY-5, -8, -9, -10 (belote_common.md section 6)
    assert contract_legal_cards(["9H", "AH", "7S"], ["8H", "JH", "7H"], "suit", "H") == [
        "9H", "AH"]
    assert contract_legal_cards(["9H", "QH", "7C"], ["8H", "AH", "KH"], "suit", "H") == ["9H"]
    assert contract_legal_cards(["7H", "KD"], ["AS"], "suit", "H") == ["7H"]
    assert contract_legal_cards(["7H", "KD"], ["AS", "KS"], "suit", "H", partner_winning=True,
                                partner_exception=True) == ["7H", "KD"]
    assert contract_legal_cards(["8H", "9D"], ["KC", "7H", "QH"], "suit", "H") == ["8H", "9D"]


def test_bel_best_meld():  # BEL-MELD-7, BEL-CMP-4..6
    h = ["AS", "KS", "QS", "9H", "8H", "7H", "TD", "JC"]
    assert best_meld(h, "suit", "H").cards == ("AS", "KS", "QS")  # height first
    h2 = ["AS", "KS", "QS", "AH", "KH", "QH", "TD", "JC"]
    assert best_meld(h2, "suit", "H").cards == ("AH", "KH", "QH")  # then trump


# ================================================================ codes


@pytest.mark.parametrize("code", GARBAGE_CODES)
def test_garbage_codes_refused(code):  # BB-CODES
    m = new_match(HANDS)
    for seat in range(4):
        refuse(m, seat, code)
    bidding_done(m)
    for seat in range(4):
        refuse(m, seat, code)
    act(m, 0, "declare:none")
    for seat in range(4):
        refuse(m, seat, code)


def test_wrong_types_refused():  # BB-CODES
    m = new_match(HANDS)
    with pytest.raises(IllegalAction) as info:
        m.apply(0, None)  # type: ignore[arg-type]
    assert info.value.rule_id in RULE_IDS
    for seat in (-1, 4, "0", None):
        with pytest.raises(IllegalAction):
            m.apply(seat, "pass")  # type: ignore[arg-type]
        assert m.legal_actions(seat) == [] if isinstance(seat, int) else True
