"""One test per rule id of berg.md sections 1 and 2.8-3 (options, turnover, ties, declarations,
insurance, captains, penalties, scoring, the end of the match, information)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine import InvalidOptions
from engine.berg.scoring import berg_winner, cells, result_line

from .berg_helpers import (
    act,
    arrange,
    cards_in,
    deck_for,
    fact,
    facts,
    hand,
    moves,
    new_match,
    of_type,
    refuse,
)


def _table(**opts: Any) -> engine.Match:
    return new_match(deck_for({}, "9C"), **opts)


def _decl(m: engine.Match, seat: int) -> list[str]:
    return [c for c in m.legal_actions(seat) if c.startswith("declare:")]


# ---- options (section 1) ---------------------------------------------------------------------


@pytest.mark.parametrize(("key", "bad", "rule"), [
    ("berg_height", 0, "BERG-OPT-height"), ("berg_height", 10.3, "BERG-OPT-height"),
    ("berg_height", "10", "BERG-OPT-height"), ("berg_height", True, "BERG-OPT-height"),
    ("berg_win_comparison", "ge", "BERG-OPT-win-comparison"),
    ("tie_convention", "no_tie", "BERG-OPT-tie"), ("insurance_type", "total", "BERG-OPT-insurance"),
    ("full_insurance_price", 2, "BERG-OPT-full-price"),
    ("simple_insurance_price", 1.0, "BERG-OPT-simple-price"),
    ("shuffle_on_turnover", "yes", "BERG-OPT-shuffle"), ("penalty_size", 5, "BERG-OPT-penalty"),
    ("enforcement", "strict", "BERG-OPT-enforcement"),
    ("frame_joker_colour_match", "true", "BERG-OPT-frame-joker-colour"),
    ("first_dealer", 4, "BERG-OPT-first-dealer"), ("first_dealer", True, "BERG-OPT-first-dealer"),
    ("captain_02", 3, "BERG-OPT-captain-02"), ("captain_13", 2, "BERG-OPT-captain-13"),
    ("nonsense", 1, "BERG-OPT")])
def test_options_refused(key, bad, rule):  # BERG-OPT-* (section 1)
    with pytest.raises(InvalidOptions) as info:
        new_match(**{key: bad})
    assert info.value.rule_id == rule and info.value.option == key


def test_options_defaults_and_lobby():  # section 1, BERG-END-5
    info = engine.get_game("berg").info
    schema = info.options_schema()
    assert {k: v["default"] for k, v in schema.items()} == {
        "berg_height": 10, "berg_win_comparison": "gt", "tie_convention": "with_tie",
        "insurance_type": "none", "full_insurance_price": 0.5, "simple_insurance_price": 0.5,
        "shuffle_on_turnover": "off", "penalty_size": "height_plus_5",
        "enforcement": "automatic", "frame_joker_colour_match": True, "first_dealer": 3,
        "captain_02": 0, "captain_13": 1}
    lobby = {k for k, v in schema.items() if v["lobby"]}
    assert lobby == {"berg_height", "tie_convention", "insurance_type", "full_insurance_price",
                     "shuffle_on_turnover", "penalty_size", "enforcement", "captain_02",
                     "captain_13"}
    for height in (10, 15, 25, 20, 7.5, 1000):
        assert fact(new_match(berg_height=height).public_view(), "berg_height") == height


# ---- BERG-TURNOVER ---------------------------------------------------------------------------


def test_turnover_2_top_keeps_owner_and_order():  # BERG-TURNOVER-2
    m = _table()
    arrange(m, hands={0: ["5D", "KD"]}, pile=[("8S", 1), ("QH", 3)], order=["suit", "C"],
            stock=[], turn=0, rest_to=2)
    act(m, 0, "draw")
    assert m._s.pile == [["QH", 3]] and fact(m.public_view(), "suit_order") == "C"


def test_turnover_3_order_of_the_new_stock():  # BERG-TURNOVER-3
    m = _table()
    pile = [("8S", 1), ("8H", 2), ("9H", 3), ("9S", 0), ("KS", 1)]
    arrange(m, hands={2: ["5D", "KD"]}, pile=pile, stock=[], turn=2, rest_to=3)
    act(m, 2, "draw")
    assert hand(m, 2).count("8S") == 1 and m._s.stock == ["8H", "9H", "9S"]


def test_turnover_4_counter_public_and_per_deal():  # BERG-TURNOVER-4
    m = _table()
    arrange(m, hands={0: ["9D"]}, pile=[("8S", 1), ("9C", 3)], stock=[], turn=0, rest_to=2,
            turnovers=3)
    act(m, 0, "draw")
    assert fact(m.public_view(), "turnovers") == 4
    arrange(m, hands={1: ["KC"]}, pile=[("9C", 0)], turn=1, turnovers=4)
    act(m, 1, "play:KC")
    assert m.public_view()["deal"] == 2 and fact(m.public_view(), "turnovers") == 0


def test_turnover_5_forced_draw_continues():  # BERG-TURNOVER-5 (see BERG-EX-10)
    m = _table()
    arrange(m, hands={0: ["BJ", "KD"], 1: ["5H"]}, pile=[("8S", 1), ("9S", 2), ("9C", 3)],
            stock=["KH", "KC"], turn=0, rest_to=2)
    evs = act(m, 0, "play:BJ")
    assert [e["type"] for e in evs] == ["play", "drew", "turnover", "drew", "skipped"]
    assert m._s.hands[1] == ["5H", "KH", "KC", "8S", "9S"]


# ---- BERG-TIE --------------------------------------------------------------------------------


def test_tie_1_voluntary_draw_counts():  # BERG-TIE-1
    m = _table()
    arrange(m, hands={0: ["9D"]}, pile=[("9S", 1), ("9C", 3)], stock=[], turn=0, turnovers=4,
            rest_to=2)
    evs = act(m, 0, "draw")
    assert evs[0]["type"] == "deal_scored" and evs[0]["outcome"] == "tie"


@pytest.mark.parametrize("convention", ["with_tie", "no_tie_one_deck"])
def test_tie_2_exhausted_stock(convention):  # BERG-TIE-2, BERG-TIE-3
    m = _table(tie_convention=convention)
    arrange(m, hands={0: ["7D", "KD"]}, pile=[("9D", 3)], stock=[], turn=0, rest_to=2)
    act(m, 0, "play:7D")  # seat 1 draws 9D (turnover), then the stock is exhausted
    assert m.score_sheet["rows"][-1]["note"] == "tie"


def test_tie_4_to_8_exchange_during_forced_draws():  # BERG-TIE-4, -7, -8
    m = _table(tie_convention="no_tie_two_deck")
    arrange(m, hands={0: ["7D", "KD"], 1: ["QS", "5H"]}, pile=[("9D", 3)], stock=[],
            turn=0, rest_to=2)
    evs = act(m, 0, "play:7D")
    assert [e["type"] for e in evs] == ["play", "turnover", "drew", "deck_exchange", "skipped"]
    assert m.to_move == 2 and fact(m.public_view(), "exchanges") == 1
    assert "QS" in hand(m, 1) and len(hand(m, 1)) == 5
    assert m._s.pile[0][1] is None and len(m._s.pile) == 1


def test_tie_5_6_exchange_keeps_significant_cards():  # BERG-TIE-5, BERG-TIE-6
    m = _table(tie_convention="no_tie_two_deck")
    arrange(m, hands={0: ["QH", "QD", "RJ", "5D", "6D", "7D"], 2: ["QC", "9S"]},
            pile=[("QS", 3)], order=["suit", "S"], stock=[], turn=2, rest_to=1)
    act(m, 2, "draw")
    assert sorted(hand(m, 0))[:0] == [] and {"QH", "QD", "RJ"} <= set(hand(m, 0))
    assert all(len(hand(m, s)) == 5 for s in range(4))
    assert "QS" not in [c for h in m._s.hands for c in h] + m._s.stock  # left play
    assert len([c for h in m._s.hands for c in h] + m._s.stock) + 1 == 41  # BERG-TIE-11


def test_tie_9_tie_scores_half_each():  # BERG-TIE-9, BERG-SCORE-5
    m = _table()
    arrange(m, hands={0: ["9D"]}, pile=[("9C", 3)], stock=[], turn=0, rest_to=2)
    act(m, 0, "draw")
    assert m.score_sheet["rows"][-1]["points"] == [0.5, 0.5]
    assert m.score_sheet["totals"] == [0.5, 0.5]


def test_tie_11_exchange_is_not_a_turnover():  # BERG-TIE-11
    m = _table(tie_convention="no_tie_two_deck", insurance_type="simple")
    arrange(m, hands={0: ["5D", "KD"], 1: ["9S"]}, pile=[("9D", 3)], stock=[], turn=0,
            rest_to=2, opened=[False, True, False, False], insured=[-1, 0],
            dobor_declared=[True, False])
    act(m, 0, "draw")
    pv = m.public_view()
    assert fact(pv, "turnovers") == 0 and "declare:surrender" in _decl(m, 0)
    assert not [c for c in _decl(m, 0) if c.startswith("declare:open")]
    assert pv["groups"]["open_hands"] and {g["seat"] for g in pv["groups"]["open_hands"]} == {1}
    assert fact(pv, "insured") == "insurance_simple"


def test_tie_12_seat_to_move_always_has_an_action():  # BERG-TIE-12 (and the conformance test)
    m = _table()
    arrange(m, hands={0: ["5D"]}, pile=[("JC", 3)], order=["card", "A"], turn=0, drawn=True,
            drawn_card="5D")
    assert [c for c in m.legal_actions(0) if not c.startswith("declare")] == ["pass"]


# ---- BERG-DECL -------------------------------------------------------------------------------


def test_decl_1_window_of_the_pair():  # BERG-DECL-1, BERG-CAPT-1
    m = _table()
    assert _decl(m, 0) and _decl(m, 1) == [] and _decl(m, 2) == []
    assert refuse(m, 2, "declare:dobor").rule_id == "BERG-DECL-1"
    assert refuse(m, 1, "declare:dobor").rule_id == "BERG-DECL-1"  # not his pair's turn
    act(m, 0, "draw")
    act(m, 0, "pass")
    assert m.to_move == 1 and _decl(m, 1) and _decl(m, 0) == []
    act(m, 1, "declare:fire")  # several declarations in one window, the turn stays
    act(m, 1, "declare:dobor")
    assert m.to_move == 1
    act(m, 1, "draw")
    act(m, 1, "pass")
    assert m.to_move == 2 and _decl(m, 0)  # out of turn while his partner is to move
    act(m, 0, "declare:fire")
    assert m.to_move == 2
    act(m, 2, "draw")
    assert _decl(m, 0) == []


def test_decl_2_costs_written_at_once():  # BERG-DECL-2, BERG-SCORE-6, BERG-SCORE-7
    m = _table()
    act(m, 0, "declare:fire")
    act(m, 0, "declare:dobor")
    rows = m.score_sheet["rows"]
    assert rows == [
        {"deal": 1, "cells": ["-0.5", "-"], "points": [-0.5, 0.0], "note": "0-2 fire -0.5"},
        {"deal": 1, "cells": ["-1.0", "-"], "points": [-0.5, 0.0], "note": "0-2 dobor -0.5"}]
    assert m.public_view()["totals"] == [-1.0, 0.0]


def test_decl_3_suggestions():  # BERG-DECL-3
    m = _table(captain_02=2)
    assert [c for c in m.legal_actions(0) if c.startswith("suggest")] == [
        "suggest:dobor", "suggest:fire", "suggest:surrender"]
    assert refuse(m, 0, "suggest:open").rule_id == "BERG-DECL-3"  # captain could not
    assert refuse(m, 0, "declare:dobor").rule_id == "BERG-DECL-1"
    assert refuse(m, 2, "suggest:dobor").rule_id == "BERG-DECL-3"  # the captain declares
    evs = act(m, 0, "suggest:dobor")
    assert evs == [{"type": "suggest", "seat": 0, "what": "dobor"}]
    assert refuse(m, 0, "suggest:dobor").rule_id == "BERG-DECL-3"
    act(m, 0, "suggest:fire")
    assert not [c for c in m.legal_actions(0) if c.startswith("suggest")]
    assert [f["value"] for f in facts(m.public_view(), "suggestion")] == ["decl_dobor",
                                                                           "decl_fire"]
    assert m.score_sheet["rows"] == [] and m.to_move == 0


def test_decl_4_dobor_once_per_captain():  # BERG-DECL-4
    m = _table()
    act(m, 0, "declare:dobor")
    assert "declare:dobor" not in _decl(m, 0)
    assert refuse(m, 0, "declare:dobor").rule_id == "BERG-DECL-4"
    act(m, 0, "draw")
    act(m, 0, "pass")
    assert "declare:dobor" in _decl(m, 1)


def test_decl_5_jokers_public():  # BERG-DECL-5, BERG-INFO-4
    m = _table()
    arrange(m, hands={0: ["RJ", "5D"], 1: ["BJ", "9S"], 2: ["KH"]}, pile=[("9C", 3)], turn=0)
    evs = act(m, 0, "declare:dobor")
    assert evs[1]["jokers"] == [[0, "RJ"], [1, "BJ"]] and evs[1]["void"] is True
    assert {(f["seat"], f["value"]) for f in facts(m.public_view(), "joker_shown")} == {
        (0, "RJ"), (1, "BJ")}


def test_decl_6_dobor_ends_for_good():  # BERG-DECL-6
    m = _table()
    arrange(m, hands={0: ["5D", "KD", "8D"], 2: ["KH"]}, pile=[("9D", 3)],
            stock=["RJ", "5S"], turn=0, rest_to="out")
    act(m, 0, "declare:dobor")
    assert m._s.dobor_active == [True, False]
    act(m, 0, "draw")  # RJ leaves the stock
    assert m._s.dobor_active == [False, False]


def test_decl_7_forbidden_ordered_card_is_no_offence():  # BERG-DECL-7, BERG-PEN-2
    m = _table(enforcement="penalty")
    arrange(m, hands={1: ["9D", "KD", "8D"]}, pile=[("JC", 0)], order=["card", "9"], turn=1,
            stock=["5S", "RJ"], dobor_declared=[True, False], dobor_active=[True, False])
    act(m, 1, "draw")
    assert "play:9D" in m.legal_actions(1)  # four cards now: a move is permitted
    arrange(m, hands={1: ["9D", "KD"]}, pile=[("JC", 0)], order=["card", "9"], turn=1,
            stock=["5S", "RJ"], dobor_declared=[True, False], dobor_active=[True, False])
    act(m, 1, "draw")
    assert moves(m, 1) == []
    act(m, 1, "pass")
    assert not m.score_sheet["rows"] and m.to_move == 2


def test_decl_8_drawn_joker_shown():  # BERG-DECL-8 (see BERG-EX-12)
    m = _table()
    arrange(m, hands={0: ["5D", "KD"], 2: ["KH"]}, pile=[("9D", 3)], stock=["BJ", "RJ"],
            turn=0, rest_to="out")
    act(m, 0, "declare:dobor")
    evs = act(m, 0, "draw")
    assert evs[-1] == {"type": "jokers_shown", "jokers": [[0, "BJ"]], "seats": [0],
                       "void": False}


def test_decl_9_surrender():  # BERG-DECL-9, BERG-SCORE-5
    m = _table()
    evs = act(m, 0, "declare:surrender")
    assert evs[1]["outcome"] == "surrender"
    assert m.score_sheet["rows"] == [{"deal": 1, "cells": ["-", "0.5"], "points": [0.0, 0.5],
                                      "note": "0-2 surrender"}]
    arrange(m, hands={0: ["5D"]}, pile=[("9D", 3)], turn=0, turnovers=1)
    assert refuse(m, 0, "declare:surrender").rule_id == "BERG-DECL-9"


def test_decl_10_open_cards():  # BERG-DECL-10, BERG-INFO-6
    m = _table()
    assert refuse(m, 0, "declare:open:1").rule_id == "BERG-DECL-10"
    arrange(m, hands={0: ["5D", "KD"], 1: ["9S", "8S"], 3: ["7H"]}, pile=[("9D", 3)], turn=0,
            turnovers=1, stock=["6S"])
    assert _decl(m, 0) == ["declare:dobor", "declare:fire", "declare:open:1", "declare:open:3",
                           "declare:open:both"]
    assert refuse(m, 0, "declare:open:2").rule_id == "BERG-DECL-10"
    evs = act(m, 0, "declare:open:1")
    assert evs[1] == {"type": "hand_opened", "seat": 1, "cards": ["9S", "8S"]}
    assert m.score_sheet["rows"][-1]["note"] == "0-2 open:1 -0.5"
    assert "declare:open:both" not in _decl(m, 0)
    assert refuse(m, 0, "declare:open:1").rule_id == "BERG-DECL-10"
    act(m, 0, "declare:open:3")
    m._s.hands[1].append(m._s.stock.pop(0))  # a card received later is shown too
    assert [g["card"] for g in m.public_view()["groups"]["open_hands"]] == ["9S", "8S", "6S",
                                                                          "7H"]
    m2 = _table()
    arrange(m2, hands={0: ["5D"], 1: ["9S"], 3: ["7H"]}, pile=[("9D", 3)], turn=0, turnovers=1)
    act(m2, 0, "declare:open:both")
    assert m2.score_sheet["rows"][-1]["note"] == "0-2 open:both -1.0"


def test_decl_11_shuffle():  # BERG-DECL-11, BERG-TURNOVER-3
    assert "declare:shuffle" not in _decl(_table(), 0)
    assert "declare:shuffle" not in _decl(_table(shuffle_on_turnover="on"), 0)
    m = _table(shuffle_on_turnover="by_declaration")
    assert fact(m.public_view(), "shuffle") == "shuffle_off"
    act(m, 0, "declare:shuffle")
    assert m.score_sheet["rows"][-1]["note"] == "0-2 shuffle -1.0"
    assert fact(m.public_view(), "shuffle") == "shuffle_on"
    act(m, 0, "declare:surrender")
    assert fact(m.public_view(), "shuffle") == "shuffle_on"  # later deals too
    assert "declare:shuffle" not in _decl(m, m.to_move if m.to_move % 2 else 0) + _decl(m, 1)
    assert refuse(m, 1, "declare:shuffle").rule_id in ("BERG-DECL-11", "BERG-DECL-1")


def test_decl_12_fire():  # BERG-DECL-12, BERG-CAPT-2
    m = _table()
    act(m, 0, "declare:fire")
    assert "declare:fire" not in _decl(m, 0)
    assert refuse(m, 0, "declare:fire").rule_id == "BERG-DECL-12"
    assert fact(m.public_view(), "captain_fired") == 1
    act(m, 0, "declare:surrender")  # the next deal: the captain is hired again
    assert fact(m.public_view(), "captain_fired") is None


@pytest.mark.parametrize(("kind", "price", "cost"), [("full", 0.5, 0.5), ("full", 1.0, 1.0),
                                                     ("simple", 0.5, 0.5)])
def test_decl_13_14_insure(kind, price, cost):  # BERG-DECL-13, BERG-DECL-14, BERG-INS-6, -7
    m = _table(insurance_type=kind, full_insurance_price=price)
    act(m, 0, "declare:insure")
    assert m.score_sheet["rows"][-1]["points"] == [-cost, 0.0]
    assert refuse(m, 0, "declare:insure").rule_id in ("BERG-INS-6", "BERG-INS-7")
    assert fact(m.public_view(), "insured") == f"insurance_{kind}"


# ---- BERG-INS --------------------------------------------------------------------------------


def _jack_orders(m: engine.Match, seat: int = 1) -> list[str]:
    return sorted({c.split(":")[2] for c in moves(m, seat) if c.startswith("play:J")})


def test_ins_1_order_in_force_is_not_cancelled():  # BERG-INS-1
    m = _table(insurance_type="full")
    arrange(m, hands={0: ["5D", "KD"], 1: ["RJ", "5S"]}, pile=[("JC", 3)], order=["card", "JK"],
            turn=0)
    act(m, 0, "declare:insure")
    assert fact(m.public_view(), "card_order") == "JK"


def test_ins_2_none_allows_joker_orders():  # BERG-INS-2
    m = _table()
    arrange(m, hands={1: ["JS", "5S"]}, pile=[("9S", 0)], turn=1)
    assert "JK" in _jack_orders(m)
    assert refuse(m, 1, "declare:insure").rule_id == "BERG-INS-2"


def test_ins_3_permanent():  # BERG-INS-3
    m = _table(insurance_type="permanent")
    arrange(m, hands={1: ["JS", "RJ"]}, pile=[("9S", 0)], turn=1)
    assert "JK" not in _jack_orders(m)
    assert refuse(m, 1, "play:JS:JK").rule_id == "BERG-INS-3"


def test_ins_4_half_after_a_turnover():  # BERG-INS-4
    m = _table(insurance_type="half")
    arrange(m, hands={1: ["JS", "5S"]}, pile=[("9S", 0)], turn=1)
    assert "JK" in _jack_orders(m)
    arrange(m, hands={1: ["JS", "5S"]}, pile=[("9S", 0)], turn=1, turnovers=1)
    assert "JK" not in _jack_orders(m)
    assert refuse(m, 1, "play:JS:JK").rule_id == "BERG-INS-4"


def test_ins_5_absolute():  # BERG-INS-5
    m = _table(insurance_type="absolute")
    arrange(m, hands={1: ["JS", "JH", "5S", "KD"]}, pile=[("9S", 0)], turn=1)
    assert _jack_orders(m) == ["5", "J", "K"]
    assert refuse(m, 1, "play:JS:A").rule_id == "BERG-INS-5"
    assert refuse(m, 1, "play:JS:JK").rule_id == "BERG-INS-5"


def test_ins_6_full_until_the_deal_ends():  # BERG-INS-6
    m = _table(insurance_type="full")
    arrange(m, hands={0: ["5D", "KD"], 1: ["JS", "5S"]}, pile=[("9D", 3)], turn=0)
    act(m, 0, "declare:insure")
    act(m, 0, "play:5D")  # seat 1 skipped, seat 2 moves; then seat 3, seat 0, seat 1
    arrange(m, hands={0: ["5C"], 1: ["JS", "5S"]}, pile=[("9S", 0)], turn=1, turnovers=3,
            insured=[0, -1])
    assert "JK" not in _jack_orders(m)
    assert refuse(m, 1, "play:JS:JK").rule_id == "BERG-INS-6"
    arrange(m, hands={0: ["JC", "5C"], 1: ["5S"]}, pile=[("9C", 1)], turn=0, insured=[0, -1])
    assert "JK" in _jack_orders(m, 0)  # the insuring pair itself may order the joker


def test_ins_7_simple_until_the_next_turnover():  # BERG-INS-7
    m = _table(insurance_type="simple")
    arrange(m, hands={0: ["5C"], 1: ["JS", "5S"]}, pile=[("9S", 0)], turn=1, insured=[0, -1])
    assert "JK" not in _jack_orders(m)
    assert refuse(m, 1, "play:JS:JK").rule_id == "BERG-INS-7"
    arrange(m, hands={0: ["5C"], 1: ["JS", "5S"]}, pile=[("9S", 0)], turn=1, insured=[0, -1],
            turnovers=1)
    assert "JK" in _jack_orders(m)
    assert fact(m.public_view(), "insured") == "insurance_simple_ended"


def test_ins_8_a_jack_always_has_an_order():  # BERG-INS-8
    m = _table(insurance_type="absolute")
    arrange(m, hands={1: ["JS", "RJ"]}, pile=[("9S", 0)], turn=1)
    assert _jack_orders(m) == ["JK"]


# ---- BERG-CAPT, BERG-PEN ---------------------------------------------------------------------


def test_capt_1_2_3_captain_privileges():  # BERG-CAPT-1, BERG-CAPT-2, BERG-CAPT-3
    m = _table(captain_02=2)
    assert _decl(m, 0) == [] and _decl(m, 2)
    arrange(m, hands={0: ["6S", "6C", "6D", "RJ", "5H"]}, pile=[("KC", 3)], turn=0)
    assert not [c for c in moves(m, 0) if c.startswith("frame")]
    assert m.score_sheet["sides"][0] == {"name": "0-2", "seats": [2, 0]}


def test_pen_1_automatic_never_offers_the_offence():  # BERG-PEN-1
    m = _table()
    arrange(m, hands={0: ["9D", "KD"]}, pile=[("JC", 3)], order=["card", "9"], turn=0)
    act(m, 0, "draw")
    assert "pass" not in m.legal_actions(0)


def test_pen_3_costs_paid_stay():  # BERG-PEN-3
    m = _table(enforcement="penalty", penalty_size="cheap_5")
    act(m, 0, "declare:fire")
    arrange(m, hands={0: ["9D", "KD"], 2: ["5C"]}, pile=[("JC", 3)], order=["card", "9"],
            turn=0)
    act(m, 0, "draw")
    act(m, 0, "pass")
    rows = m.score_sheet["rows"]
    assert rows[-1] == {"deal": 1, "cells": ["-0.5", "5.0"], "points": [0.0, 5.0],
                        "note": "0-2 penalty"}
    assert not m.is_over and m.public_view()["deal"] == 2


# ---- BERG-SCORE ------------------------------------------------------------------------------


def test_score_1_effects_of_the_last_move_dropped():  # BERG-SCORE-1
    m = _table()
    arrange(m, hands={0: ["7D"], 1: ["5S"]}, pile=[("9D", 3)], turn=0)
    evs = act(m, 0, "play:7D")
    assert [e["type"] for e in evs][:2] == ["play", "deal_scored"]
    assert not [e for e in evs if e["type"] in ("drew", "skipped")][:0]


def test_score_2_3_run_rules():  # BERG-SCORE-2, BERG-SCORE-3
    m = _table()
    arrange(m, hands={0: ["QD"]}, pile=[("QS", None), ("QH", 2)], order=["suit", "H"], turn=0)
    act(m, 0, "play:QD")
    assert m.score_sheet["rows"][-1]["note"] == "0-2 win run QD QH = 2.0"  # stopped by no owner


def test_score_4_loser_scores_nothing():  # BERG-SCORE-4
    m = _table()
    arrange(m, hands={1: ["9H"], 0: ["QS", "RJ"]}, pile=[("9D", 0)], turn=1)
    act(m, 1, "play:9H")
    assert m.score_sheet["rows"][-1]["points"] == [0.0, 0.5]


def test_score_6_7_cells_and_notes():  # BERG-SCORE-6, BERG-SCORE-7
    assert cells([7, -1], [True, True]) == ["3.5", "-0.5"]
    assert cells([0, 4], [False, True]) == ["-", "2.0"]
    m = _table()
    sides = m.score_sheet["sides"]
    assert sides == [{"name": "0-2", "seats": [0, 2]}, {"name": "1-3", "seats": [1, 3]}]
    assert m.score_sheet["pot"] == 0 and m.score_sheet["result"] is None


# ---- BERG-END --------------------------------------------------------------------------------


def test_end_1_only_after_a_deal():  # BERG-END-1
    m = _table(berg_height=0.5, berg_win_comparison="gte")
    act(m, 0, "declare:fire")
    assert not m.is_over
    act(m, 0, "declare:surrender")
    assert m.is_over and m.to_move is None and m.score_sheet["result"]["winner"] == 1
    assert all(m.legal_actions(p) == [] for p in range(4))
    assert refuse(m, 0, "draw").rule_id == "BERG-END-1"


def test_end_2_equal_totals_play_on():  # BERG-END-2
    assert berg_winner([22, 22], height_half=20, comparison="gt") is None
    assert berg_winner([23, 22], height_half=20, comparison="gt") == 0
    assert berg_winner([20, 19], height_half=20, comparison="gt") is None
    assert berg_winner([20, 19], height_half=20, comparison="gte") == 0
    m = _table(berg_height=1)
    arrange(m, hands={0: ["9D"]}, pile=[("9C", 3)], stock=[], turn=0, totals=[3, 3],
            touched=[True, True], rest_to=2)
    act(m, 0, "draw")  # a tie: both 2.0 > 1, equal: another deal
    assert not m.is_over and m.public_view()["deal"] == 2


def test_end_3_result_line():  # BERG-END-3
    assert result_line([27, 16], 0) == "13.5 - 8.0"
    assert result_line([6, 30], 1) == "15.0 - 3.0"


def test_end_4_deal_passes_left_after_any_end():  # BERG-END-4
    m = _table()
    arrange(m, hands={0: ["9D"]}, pile=[("9C", 3)], stock=[], turn=0, rest_to=2)
    act(m, 0, "draw")  # tie
    assert m.public_view()["dealer"] == 0


# ---- BERG-INFO -------------------------------------------------------------------------------


def test_info_1_to_7_views():  # BERG-INFO-1 .. BERG-INFO-7
    m = _table()
    pv = m.public_view()
    assert "hand" not in pv and "private" not in pv and pv["seat"] is None
    assert [f["key"] for f in pv["facts"]][:3] == ["berg_height", "captain", "captain"]
    assert fact(pv, "top_card") == "9C" and pv["hand_counts"] == [5, 5, 5, 5]
    held = {c for s in range(4) for c in hand(m, s)}
    assert not cards_in(pv) & (held | set(m._s.stock))
    v = m.view(1)
    assert sorted(v["hand"]) == sorted(m._s.hands[1])
    assert not cards_in(v) & (held - set(v["hand"]))
    assert m.view(0)["private"] == []
    assert m.legal_actions(2) == [] and _decl(m, 0)  # declaration buttons only for the captain
    act(m, 0, "draw")
    assert fact(m.public_view(), "stock") == 20
    assert of_type(m.events, "drew")[-1] == {"type": "drew", "seat": 0, "count": 1,
                                             "forced": False}
