"""One test per rule id of berg.md sections 1-2.7 (setup, dealing, turns, placement, effects,
drawing, frames) where it can be tested; the worked examples are in ``test_berg_examples.py``."""

from __future__ import annotations

import pytest

import engine
from engine import InvalidOptions
from engine.berg.cards import CARDS42, colour, forced_draws, is_attacking, value_half

from .berg_helpers import (
    GARBAGE_CODES,
    act,
    arrange,
    deck_for,
    fact,
    hand,
    moves,
    new_match,
    of_type,
    refuse,
)


def _plain(m: engine.Match, seat: int) -> list[str]:
    return [c for c in m.legal_actions(seat) if not c.startswith(("declare:", "suggest:"))]


# ---- BERG-SETUP ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5, True])
def test_setup_1_four_players_only(players):  # BERG-SETUP-1
    with pytest.raises(InvalidOptions) as info:
        engine.get_game("berg").new_match(players=players)
    assert info.value.rule_id == "BERG-SETUP-1"
    m = new_match()
    assert [s["seats"] for s in m.score_sheet["sides"]] == [[0, 2], [1, 3]]


def test_setup_2_pack_and_colours():  # BERG-SETUP-2
    assert len(CARDS42) == 42 and len(set(CARDS42)) == 42
    assert colour("RJ") == colour("QH") == colour("5D") == "red"
    assert colour("BJ") == colour("QS") == colour("5C") == "black"
    for bad in (CARDS42[:-1], [*CARDS42[:-1], "AS"], [*CARDS42, "2S"], "AS" * 21):
        with pytest.raises(InvalidOptions) as info:
            engine.get_game("berg").new_match(players=4, deck=bad)
        assert info.value.rule_id == "BERG-SETUP-2"


def test_setup_3_card_classes():  # BERG-SETUP-3
    assert [c for c in CARDS42 if is_attacking(c) and c[1] == "S"] == ["AS", "7S", "6S", "5S"]
    assert is_attacking("RJ") and is_attacking("BJ")
    assert [forced_draws(c) for c in ("5S", "6S", "7S", "AS", "RJ", "8S", "KS", "JS")] == [
        0, 0, 2, 1, 4, 0, 0, 0]


def test_setup_4_significant_values():  # BERG-SETUP-4
    assert {c: value_half(c) / 2 for c in CARDS42 if value_half(c)} == {
        "QS": 1.5, "QH": 1.0, "QD": 1.0, "QC": 1.0, "RJ": 2.0, "BJ": 2.0}


def test_setup_5_captains_fixed_and_public():  # BERG-SETUP-5, BERG-CAPT-3
    m = new_match(captain_02=2, captain_13=3)
    assert [s["seats"] for s in m.score_sheet["sides"]] == [[2, 0], [3, 1]]
    assert [f["value"] for f in m.public_view()["facts"] if f["key"] == "captain"] == [2, 3]
    for key, bad in (("captain_02", 1), ("captain_13", 0), ("captain_02", "0")):
        with pytest.raises(InvalidOptions) as info:
            new_match(**{key: bad})
        assert info.value.rule_id.startswith("BERG-OPT-captain")


# ---- BERG-DEAL -------------------------------------------------------------------------------


def test_deal_1_dealer_rotation():  # BERG-DEAL-1, BERG-END-4
    for first in (3, 1):
        m = new_match(first_dealer=first)
        for k in range(1, 6):
            assert m.public_view()["deal"] == k
            assert m.public_view()["dealer"] == (first + k - 1) % 4
            captain = m.score_sheet["sides"][m.to_move % 2]["seats"][0]
            if m.public_view()["phase"] == "order":
                act(m, m.to_move, m.legal_actions(m.to_move)[0])
                captain = m.score_sheet["sides"][m.to_move % 2]["seats"][0]
            act(m, captain, "declare:surrender")


def test_deal_2_deck_then_seeded_shuffles():  # BERG-DEAL-2
    a, b, c = new_match(seed=5), new_match(seed=5), new_match(seed=6)
    assert a.to_json() == b.to_json()
    assert [a.view(s)["hand"] for s in range(4)] != [c.view(s)["hand"] for s in range(4)]


def test_deal_3_dealing_from_other_dealer():  # BERG-DEAL-3
    d = deck_for({}, "9C", dealer=1)
    m = new_match(d, first_dealer=1)
    for i in range(4):
        assert sorted(hand(m, (1 + 1 + i) % 4)) == sorted(d[i + 4 * k] for k in range(5))


def test_deal_4_up_card_and_stock():  # BERG-DEAL-4
    d = deck_for({}, "9C")
    m = new_match(d)
    assert m._s.pile == [["9C", 3]] and m._s.stock == d[21:]
    assert fact(m.public_view(), "top_card") == "9C"


@pytest.mark.parametrize(("up", "draws"), [("RJ", 4), ("5H", 0), ("AS", 1), ("7C", 2)])
def test_deal_5_attacking_up_card(up, draws):  # BERG-DEAL-5, BERG-EFF-1..4
    m = new_match(deck_for({}, up))
    assert len(hand(m, 0)) == 5 + draws
    assert of_type(m.events, "skipped") == [{"type": "skipped", "seat": 0}]
    assert m.to_move == 1  # the dealer's partner


def test_deal_6_jack_up_card_order():  # BERG-DEAL-6
    m = new_match(deck_for({3: ["5S", "6S", "7S", "8S", "9S"],
                            0: ["8H", "KH", "5D", "KD", "TD"]}, "JD"))
    assert m.to_move == 3 and m.public_view()["phase"] == "order"
    assert m.legal_actions(3) == sorted([*(f"order:{a}" for a in "56789TJQKA"), "order:JK"])
    assert all(m.legal_actions(s) == [] for s in (0, 1, 2))
    assert refuse(m, 0, "draw").rule_id == "BERG-DEAL-6"
    assert refuse(m, 3, "order:S").rule_id == "BERG-DEAL-6"
    act(m, 3, "order:9")
    assert m.to_move == 0 and fact(m.public_view(), "card_order") == "9"
    assert moves(m, 0) == []  # seat 0 holds no 9
    m = new_match(deck_for({3: ["5S", "6S", "7S", "8S", "RJ"]}, "JD"), insurance_type="absolute")
    assert m.legal_actions(3) == ["order:5", "order:6", "order:7", "order:8", "order:JK"]
    m = new_match(deck_for({}, "JD"), insurance_type="permanent")
    assert "order:JK" not in m.legal_actions(3)
    assert refuse(m, 3, "order:JK").rule_id == "BERG-INS-3"


def test_deal_6_queen_up_card_order():  # BERG-DEAL-6
    m = new_match(deck_for({}, "QD"))
    assert m.legal_actions(3) == ["order:C", "order:D", "order:H", "order:S"]
    assert refuse(m, 3, "order:9").rule_id == "BERG-DEAL-6"
    evs = act(m, 3, "order:S")
    assert evs == [{"type": "up_card_order", "seat": 3, "card": "QD", "order": "S"}]
    assert m.to_move == 0 and fact(m.public_view(), "suit_order") == "S"


def test_deal_7_no_declaration_before_the_order():  # BERG-DEAL-7
    m = new_match(deck_for({}, "JD"))
    assert m.legal_actions(0) == [] and m.legal_actions(1) == []
    assert refuse(m, 0, "declare:dobor").rule_id == "BERG-DEAL-7"
    assert refuse(m, 2, "suggest:dobor").rule_id == "BERG-DEAL-7"
    act(m, 3, "order:5")
    assert "declare:dobor" in m.legal_actions(0)


def test_deal_8_first_turn_has_a_window():  # BERG-DEAL-8
    m = new_match(deck_for({}, "9C"))
    assert m.to_move == 0 and "declare:dobor" in m.legal_actions(0)
    m = new_match(deck_for({}, "5C"), captain_13=3)
    assert m.to_move == 1 and "declare:dobor" in m.legal_actions(3)
    assert "suggest:dobor" in m.legal_actions(1)


# ---- BERG-TURN -------------------------------------------------------------------------------


def _table(**opts):
    m = new_match(deck_for({}, "9C"), **opts)
    return m


def test_turn_1_next_seat_after_a_move():  # BERG-TURN-1, BERG-EFF-5
    m = _table()
    arrange(m, hands={0: ["9D", "5C"], 2: ["5D", "KD"]}, pile=[("9C", 3)], turn=0)
    act(m, 0, "play:9D")
    assert m.to_move == 1
    arrange(m, hands={0: ["9D", "KS"], 2: ["5D", "KD"]}, pile=[("KC", 3)], turn=0)
    act(m, 0, "play:KS")  # K: ballast
    assert m.to_move == 1 and not of_type(m.events, "skipped")


def test_turn_2_pass_keeps_the_order():  # BERG-TURN-2, BERG-EFF-15
    m = _table()
    arrange(m, hands={0: ["5D", "KD"], 1: ["6D"]}, pile=[("QC", 3)], order=["suit", "H"], turn=0)
    act(m, 0, "draw")
    act(m, 0, "pass")
    assert m.to_move == 1 and fact(m.public_view(), "suit_order") == "H"
    assert of_type(m.events, "passed") == [{"type": "passed", "seat": 0}]


def test_turn_3_skipped_pair_has_no_window():  # BERG-TURN-3
    m = _table()
    arrange(m, hands={0: ["7C", "KD"]}, pile=[("9C", 3)], turn=0)
    act(m, 0, "play:7C")
    assert m.to_move == 2
    assert m.legal_actions(1) == [] and m.legal_actions(3) == []
    assert "declare:dobor" in m.legal_actions(0)


def test_turn_4_one_draw_per_turn():  # BERG-TURN-4, BERG-DRAW-1
    m = _table()
    arrange(m, hands={0: ["5D", "KD"]}, pile=[("9C", 3)], stock=["9S", "8S"], turn=0)
    act(m, 0, "draw")
    assert refuse(m, 0, "draw").rule_id == "BERG-TURN-4"
    assert "play:9S" in m.legal_actions(0)  # the drawn card may be played at once


def test_turn_5_clockwise():  # BERG-TURN-5
    m = _table()
    seen = []
    for _ in range(8):
        seat = m.to_move
        seen.append(seat)
        act(m, seat, "draw")
        if m.legal_actions(seat) and "pass" in m.legal_actions(seat):
            act(m, seat, "pass")
        else:
            break
    assert seen == [0, 1, 2, 3, 0, 1, 2, 3][: len(seen)]


def test_turn_6_draw_closes_the_window():  # BERG-TURN-6, BERG-DECL-1
    m = _table()
    assert "declare:dobor" in m.legal_actions(0)
    act(m, 0, "draw")
    assert not [c for c in m.legal_actions(0) if c.startswith("declare:")]
    assert m.to_move == 0


# ---- BERG-PLAY -------------------------------------------------------------------------------


def test_play_1_card_order_any_suit():  # BERG-PLAY-1
    m = _table()
    arrange(m, hands={0: ["TS", "TD", "9D", "QD", "RJ"]}, pile=[("JH", 3)], order=["card", "T"],
            turn=0)
    assert moves(m, 0) == ["play:TD", "play:TS"]
    assert refuse(m, 0, "play:9D").rule_id == "BERG-PLAY-1"
    arrange(m, hands={0: ["RJ", "BJ", "QD"]}, pile=[("JH", 3)], order=["card", "JK"], turn=0)
    assert moves(m, 0) == ["play:BJ", "play:RJ"]


def test_play_2_suit_order():  # BERG-PLAY-2
    m = _table()
    arrange(m, hands={0: ["5H", "5C", "RJ", "BJ", "QS", "9D"]}, pile=[("QC", 3)],
            order=["suit", "H"], turn=0)
    singles = [c for c in moves(m, 0) if c.startswith("play:")]
    assert singles == ["play:5H", "play:QS", "play:RJ"]  # QS lies on a queen: no suit
    assert refuse(m, 0, "play:5C").rule_id == "BERG-PLAY-2"  # the queen's own suit only


def test_play_3_suited_top():  # BERG-PLAY-3
    m = _table()
    arrange(m, hands={0: ["5C", "9H", "QD", "BJ", "RJ", "KH"]}, pile=[("9C", 3)], turn=0)
    assert [c for c in moves(m, 0) if ":" not in c[5:]] == ["play:5C", "play:9H", "play:BJ"]
    assert "play:QD:S" in moves(m, 0)
    assert refuse(m, 0, "play:KH").rule_id == "BERG-PLAY-3"


def test_play_4_joker_top():  # BERG-PLAY-4
    m = _table()
    arrange(m, hands={0: ["5C", "9H", "QD", "BJ", "KS"]}, pile=[("RJ", 3)], turn=0)
    assert moves(m, 0) == ["play:9H", "play:BJ"] + [f"play:QD:{x}" for x in "CDHS"]
    assert refuse(m, 0, "play:KS").rule_id == "BERG-PLAY-4"


def test_play_5_queens_wild_jacks_not():  # BERG-PLAY-5
    m = _table()
    arrange(m, hands={0: ["QH", "JH", "KD"]}, pile=[("9C", 3)], turn=0)
    assert moves(m, 0) == [f"play:QH:{x}" for x in "CDHS"]
    assert refuse(m, 0, "play:JH:5").rule_id == "BERG-PLAY-3"


def test_play_6_only_the_seat_to_move():  # BERG-PLAY-6
    m = _table()
    assert refuse(m, 1, "draw").rule_id == "BERG-PLAY-6"
    assert refuse(m, 0, "play:8S.8H").rule_id == "BERG-CODES"
    for code in GARBAGE_CODES:
        refuse(m, 0, code)
    for code in ("order:", "play:JH:", "play:9C:", "frame:8S.8H.8D.8C.8S", "declare:open:"):
        assert refuse(m, 0, code).rule_id == "BERG-CODES"


def test_play_7_dobor_can_forbid_a_move():  # BERG-PLAY-7, BERG-DECL-7
    m = _table()
    arrange(m, hands={1: ["9D", "KD", "8D"]}, pile=[("9C", 0)], turn=1, stock=["RJ"],
            dobor_declared=[True, False], dobor_active=[True, False])
    assert moves(m, 1) == []
    assert refuse(m, 1, "play:9D").rule_id == "BERG-DECL-7"


# ---- BERG-EFF --------------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "draws"), [("5C", 0), ("6C", 0), ("7C", 2), ("AC", 1),
                                             ("BJ", 4)])
def test_eff_1_to_4_attacking_cards(card, draws):  # BERG-EFF-1, -2, -3, -4, -6
    m = _table()
    arrange(m, hands={0: [card, "KD"], 1: ["5H"]}, pile=[("9C", 3)], turn=0)
    act(m, 0, f"play:{card}")
    assert len(hand(m, 1)) == 1 + draws and m.to_move == 2
    assert m._s.hands[1][1:] == m._s.hands[1][1:1 + draws]


def test_eff_5_ballast():  # BERG-EFF-5
    for card in ("8C", "TC", "KC"):
        m = _table()
        arrange(m, hands={0: [card, "KD"]}, pile=[("9C", 3)], turn=0)
        act(m, 0, f"play:{card}")
        assert m.to_move == 1


def test_eff_6_forced_draws_from_the_top():  # BERG-EFF-6
    m = _table()
    arrange(m, hands={0: ["7C", "KD"], 1: ["5H"]}, pile=[("9C", 3)], stock=["2X"[:0] or "9S",
                                                                            "9H", "9D"],
            turn=0)
    act(m, 0, "play:7C")
    assert m._s.hands[1] == ["5H", "9S", "9H"] and m._s.stock[0] == "9D"


def test_eff_7_jack_orders_a_rank_or_the_joker():  # BERG-EFF-7
    m = _table()
    arrange(m, hands={0: ["JC", "KD"]}, pile=[("9C", 3)], turn=0)
    assert moves(m, 0) == sorted(f"play:JC:{a}" for a in [*"56789TJQKA", "JK"])
    assert refuse(m, 0, "play:JC").rule_id == "BERG-EFF-7"
    assert refuse(m, 0, "play:JC:S").rule_id == "BERG-EFF-7"
    evs = act(m, 0, "play:JC:JK")
    assert evs[0] == {"type": "play", "seat": 0, "card": "JC", "call": "JK"}
    assert fact(m.public_view(), "card_order") == "JK"


def test_eff_8_must_play_held_ordered_card():  # BERG-EFF-8, BERG-PEN-1
    m = _table()
    arrange(m, hands={0: ["9D", "KD"]}, pile=[("JC", 3)], order=["card", "9"], turn=0)
    assert _plain(m, 0) == ["draw", "play:9D"]
    act(m, 0, "draw")
    assert _plain(m, 0) == ["play:9D"]


def test_eff_9_draw_then_play_if_it_came():  # BERG-EFF-9
    m = _table()
    arrange(m, hands={0: ["5D", "KD"]}, pile=[("JC", 3)], order=["card", "9"], turn=0,
            stock=["9H"])
    assert _plain(m, 0) == ["draw"]
    act(m, 0, "draw")
    assert _plain(m, 0) == ["play:9H"]


def test_eff_10_order_goes_round_and_survives_turnover():  # BERG-EFF-10, BERG-TURNOVER-2
    m = _table()
    arrange(m, hands={p: ["5D", "6D", "8D", "KD", "TD"][: 3] if p == 0 else
                      [["5H", "6H", "8H"], ["5S", "6S", "8S"], ["5C", "6C", "8C"]][p - 1]
                      for p in range(4)},
            pile=[("KS", 1), ("JC", 3)], order=["card", "A"], turn=0, stock=["9D"],
            rest_to="out")
    act(m, 0, "draw")
    act(m, 0, "pass")
    act(m, 1, "draw")  # the stock is empty: turnover of KS, then drawn
    assert fact(m.public_view(), "turnovers") == 1
    assert fact(m.public_view(), "card_order") == "A"
    assert fact(m.public_view(), "top_card") == "JC"
    assert m.public_view()["groups"]["pile"] == [{"card": "JC", "seat": 3}]


def test_eff_11_ordered_card_keeps_its_effect():  # BERG-EFF-11
    m = _table()
    arrange(m, hands={0: ["7D", "KD"], 1: ["5S"]}, pile=[("JC", 3)], order=["card", "7"],
            turn=0)
    act(m, 0, "play:7D")
    assert len(hand(m, 1)) == 3 and m.to_move == 2
    arrange(m, hands={0: ["QD", "KD"]}, pile=[("JC", 3)], order=["card", "Q"], turn=0)
    assert moves(m, 0) == [f"play:QD:{x}" for x in "CDHS"]
    arrange(m, hands={0: ["JD", "KD"]}, pile=[("JC", 3)], order=["card", "J"], turn=0)
    act(m, 0, "play:JD:K")
    assert fact(m.public_view(), "card_order") == "K"


def test_eff_12_queen_names_any_suit():  # BERG-EFF-12
    m = _table()
    arrange(m, hands={0: ["QD", "KD"]}, pile=[("9D", 3)], turn=0)
    assert moves(m, 0) == ["play:KD"] + [f"play:QD:{x}" for x in "CDHS"]
    assert refuse(m, 0, "play:QD").rule_id == "BERG-EFF-12"
    act(m, 0, "play:QD:D")
    assert fact(m.public_view(), "suit_order") == "D"


def test_eff_13_queen_on_queen():  # BERG-EFF-13
    m = _table()
    arrange(m, hands={0: ["QS", "KD"]}, pile=[("QD", 3)], order=["suit", "H"], turn=0)
    assert moves(m, 0) == ["play:QS"]
    assert refuse(m, 0, "play:QS:H").rule_id == "BERG-EFF-13"
    act(m, 0, "play:QS")
    assert fact(m.public_view(), "suit_order") == "S"


def test_eff_14_suit_order_not_compulsory():  # BERG-EFF-14
    m = _table()
    arrange(m, hands={0: ["5H", "KD"]}, pile=[("QC", 3)], order=["suit", "H"], turn=0)
    act(m, 0, "draw")
    assert "pass" in m.legal_actions(0) and "play:5H" in m.legal_actions(0)


def test_eff_15_order_ends_when_covered():  # BERG-EFF-15
    m = _table()
    arrange(m, hands={0: ["9H", "KD"]}, pile=[("QC", 3)], order=["suit", "H"], turn=0)
    act(m, 0, "play:9H")
    assert fact(m.public_view(), "suit_order") is None


# ---- BERG-DRAW -------------------------------------------------------------------------------


def test_draw_1_draw_even_with_playable_cards():  # BERG-DRAW-1
    m = _table()
    arrange(m, hands={0: ["9D", "KD"]}, pile=[("9C", 3)], turn=0, stock=["5S"])
    assert "draw" in m.legal_actions(0) and "play:9D" in m.legal_actions(0)
    evs = act(m, 0, "draw")
    assert evs == [{"type": "drew", "seat": 0, "count": 1, "forced": False}]
    assert "pass" in m.legal_actions(0)


def test_draw_2_pass_only_after_drawing():  # BERG-DRAW-2
    m = _table()
    assert refuse(m, 0, "pass").rule_id == "BERG-DRAW-2"


def test_draw_3_empty_stock_turns_over_first():  # BERG-DRAW-3, BERG-TURNOVER-1
    m = _table()
    arrange(m, hands={0: ["9D", "KD"]}, pile=[("8S", 1), ("9C", 3)], stock=[], turn=0,
            rest_to=2)
    evs = act(m, 0, "draw")
    assert [e["type"] for e in evs] == ["turnover", "drew"] and "8S" in hand(m, 0)


# ---- BERG-FRAME ------------------------------------------------------------------------------


def test_frame_1_four_of_a_kind_any_player():  # BERG-FRAME-1
    m = _table()
    arrange(m, hands={1: ["KS", "KH", "KD", "KC", "5C"]}, pile=[("9C", 0)], turn=1)
    assert [c for c in moves(m, 1) if c.startswith("frame:")] == [
        "frame:KC.KH.KD.KS", "frame:KC.KS.KD.KH", "frame:KC.KS.KH.KD"]
    assert refuse(m, 1, "frame:KC.KS.KH.5C").rule_id == "BERG-FRAME-1"
    assert refuse(m, 1, "frame:KC.KS.KH.KH").rule_id == "BERG-FRAME-1"


def test_frame_2_middle_in_suit_order():  # BERG-FRAME-2
    m = _table()
    arrange(m, hands={1: ["KS", "KH", "KD", "KC", "5C"]}, pile=[("9C", 0)], turn=1)
    assert refuse(m, 1, "frame:KC.KH.KS.KD").rule_id == "BERG-FRAME-2"
    act(m, 1, "frame:KC.KS.KH.KD")
    assert [c for c, _ in m._s.pile[-4:]] == ["KC", "KS", "KH", "KD"]


def test_frame_3_last_card_decides():  # BERG-FRAME-3
    m = _table()
    arrange(m, hands={1: ["JS", "JH", "JD", "JC", "5C"]}, pile=[("9C", 0)], turn=1)
    assert refuse(m, 1, "frame:JC.JS.JH.JD").rule_id == "BERG-FRAME-3"
    evs = act(m, 1, "frame:JC.JS.JH.JD:5")
    assert evs[0] == {"type": "frame", "seat": 1, "cards": ["JC", "JS", "JH", "JD"],
                      "order": "5"}
    assert fact(m.public_view(), "card_order") == "5" and m.to_move == 2
    arrange(m, hands={1: ["QS", "QH", "QD", "QC", "5C"]}, pile=[("9C", 0)], turn=1)
    assert refuse(m, 1, "frame:QC.QS.QD.QH:5").rule_id == "BERG-FRAME-3"
    act(m, 1, "frame:QC.QS.QD.QH")
    assert fact(m.public_view(), "suit_order") == "H"


def test_frame_4_draws_add_up_one_skip():  # BERG-FRAME-4
    m = _table()
    arrange(m, hands={0: ["7S", "7H", "7D", "BJ", "5C"], 1: ["5D"]}, pile=[("9D", 3)], turn=0)
    act(m, 0, "frame:7D.7S.7H.BJ")
    assert len(hand(m, 1)) == 1 + 10 and len(of_type(m.events, "skipped")) == 1
    assert m.to_move == 2


def test_frame_5_joker_only_for_missing_cards():  # BERG-FRAME-5
    m = _table()
    arrange(m, hands={0: ["6S", "6C", "6D", "6H", "RJ"]}, pile=[("KC", 3)], turn=0)
    assert not [c for c in moves(m, 0) if "RJ" in c]
    assert refuse(m, 0, "frame:6C.6S.6D.RJ").rule_id == "BERG-FRAME-5"


def test_frame_6_joker_colour_option():  # BERG-FRAME-6 (see also BERG-EX-5, BERG-EX-16)
    m = _table(frame_joker_colour_match=True)
    arrange(m, hands={0: ["6H", "6C", "6D", "BJ", "5H"]}, pile=[("KC", 3)], turn=0)
    assert [c for c in moves(m, 0) if c.startswith("frame")] == ["frame:6C.6H.6D.BJ"]


def test_frame_7_no_frames_of_jokers():  # BERG-FRAME-7, BERG-CAPT-2
    m = _table()
    arrange(m, hands={0: ["6C", "RJ", "BJ", "5H"]}, pile=[("KC", 3)], turn=0)
    assert not [c for c in moves(m, 0) if c.startswith("frame")]
    assert refuse(m, 0, "frame:6C.RJ.BJ.5H").rule_id == "BERG-FRAME-1"
    arrange(m, hands={0: ["5C", "6C", "RJ", "BJ", "5H"]}, pile=[("KC", 3)], turn=0)
    assert refuse(m, 0, "frame:6C.5C.RJ.BJ").rule_id == "BERG-FRAME-1"
    arrange(m, hands={2: ["6S", "6C", "6D", "RJ", "5H"]}, pile=[("KC", 1)], turn=2)
    assert refuse(m, 2, "frame:6C.6S.6D.RJ").rule_id == "BERG-FRAME-7"


def test_frame_8_frame_meets_orders():  # BERG-FRAME-8
    m = _table()
    arrange(m, hands={0: ["7S", "7H", "7D", "7C", "5H"]}, pile=[("QD", 3)],
            order=["suit", "C"], turn=0)
    assert next(c for c in moves(m, 0) if c.startswith("frame")).startswith("frame:7C")
    arrange(m, hands={0: ["7S", "7H", "7D", "7C", "5H"]}, pile=[("JD", 3)],
            order=["card", "7"], turn=0)
    assert len([c for c in moves(m, 0) if c.startswith("frame")]) == 12
    act(m, 0, "draw")
    assert "pass" not in m.legal_actions(0)  # a frame of the ordered rank satisfies it


def test_frame_9_frame_cards_all_score():  # BERG-FRAME-9 (see BERG-EX-8 c, e)
    m = _table()
    arrange(m, hands={2: ["QS", "QH", "QD", "QC"]}, pile=[("9D", 1)], turn=2)
    act(m, 2, "frame:QD.QS.QH.QC")
    assert m.score_sheet["rows"][-1]["points"] == [4.5, 0.0]


def test_frame_10_first_card_tested_only():  # BERG-FRAME-10
    m = _table()
    arrange(m, hands={0: ["8S", "8H", "8D", "8C", "5H"]}, pile=[("9D", 3)], turn=0)
    assert refuse(m, 0, "frame:8S.8H.8D.8C").rule_id == "BERG-FRAME-10"
    act(m, 0, "frame:8D.8S.8H.8C")  # only the first card must fit
    assert fact(m.public_view(), "top_card") == "8C"
