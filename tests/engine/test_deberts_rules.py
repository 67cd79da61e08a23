"""Deberts Part A, one test per rule id (docs/rules/deberts.md) plus the BEL- rules it uses.

Hands are built with ``deck=`` following DB-DEAL-2..5 (``make_deck`` / ``deck_for``); seat 0 is the
non-dealer unless ``first_dealer=0``. Pure helpers (``engine.belote.common``,
``engine.deberts.scoring``) cover what decks cannot easily reach.
"""

from __future__ import annotations

import itertools

import pytest

import engine
from engine import IllegalAction, InvalidOptions
from engine.belote.common import card_points, find_melds, legal_cards
from engine.deberts.scoring import match_result, score_deal, sheet_cells

from .deberts_helpers import (
    ALL_CARDS,
    E1_DECK,
    E1_MOVES,
    E4_DECK,
    E4_MOVES,
    GARBAGE_CODES,
    RULE_IDS,
    SUITS,
    TRUMP_ORDER,
    Tracker,
    act,
    deck_for,
    group_cards,
    hand,
    make_deck,
    new_match,
    of_type,
    play_first,
    random_match,
    refuse,
    run_moves,
)

PLAY_RULES = {"DB-PLAY-2", "DB-PLAY-3", "DB-PLAY-4", "BEL-PLAY-4", "BEL-PLAY-5", "BEL-PLAY-8",
              "BEL-PLAY-9"}


def e1(**options: object) -> engine.Match:
    return new_match(E1_DECK, **options)


def start(nd9: list[str], dl9: list[str], up: str, bottom: str, **options: object) -> engine.Match:
    return new_match(deck_for(nd9, dl9, up, bottom), **options)


def to_trick1_lead(m: engine.Match, bid: tuple[tuple[int, str], ...] = ((0, "take"),)) -> None:
    for seat, code in bid:
        act(m, seat, code)


def finish(m: engine.Match) -> list[dict]:
    """Play the deal out with the first listed codes (declaring nothing); return its events."""
    out: list[dict] = []
    for _ in range(40):
        seat = m.to_move
        legal = m.legal_actions(seat)
        if "declare:none" in legal:
            code = "declare:none"
        elif "take" in legal:
            code = "take"
        else:
            code = legal[0]
        out += act(m, seat, code)
        if any(d["type"] in ("deal_scored", "thrown_in") for d in out):
            return out
    raise AssertionError("deal did not end")


# ================================================================ options (Options table)


def test_game_is_registered():  # DB-OPT-players, DESIGN "Engine face"
    g = engine.get_game("deberts")
    assert g.id == "deberts"
    assert "deberts" in [info.id for info in engine.list_games()]
    assert g.info.min_players == 2


def test_default_options():  # DB-OPT-* defaults, DB-DEAL-1
    m = engine.get_game("deberts").new_match(players=2, options={}, seed=3)
    assert m.players == 2
    assert m.public_view()["dealer"] == 1
    m2 = engine.get_game("deberts").new_match(players=2, options=None, seed=3)
    assert m2.to_json() == m.to_json()


@pytest.mark.parametrize(
    "options",
    [
        {"ruleset": "classic", "format": "match", "tie": "trump_then_order", "end": "after_deal",
         "table_talk": "off", "offer_fifty": "off", "dave_progression": "arithmetic",
         "redeal_four": "on", "manual_scoring": "off", "target": 501, "first_dealer": 1},
        {"target": 301}, {"target": 1001}, {"first_dealer": 0}, {"redeal_four": "off"},
        {"dave_progression": "geometric"}, {"manual_scoring": "on"}, {"tie": "order_only"},
    ],
)
def test_part_a_options_accepted(options):  # DB-OPT-target, DB-OPT-tie, ... (Options table)
    m = new_match(seed=5, **options)
    assert not m.is_over and m.to_move in (0, 1)


@pytest.mark.parametrize(
    ("key", "value", "rule_id"),
    [
        ("target", 500, "DB-OPT-target"), ("target", 0, "DB-OPT-target"),
        ("target", "501x", "DB-OPT-target"), ("first_dealer", 2, "DB-OPT-first-dealer"),
        ("first_dealer", -1, "DB-OPT-first-dealer"), ("redeal_four", "maybe", "DB-OPT-redeal-four"),
        ("ruleset", "odessa", "DB-OPT-ruleset"), ("format", "long", "DB-OPT-format"),
        ("tie", "coin", "DB-OPT-tie"), ("end", "never", "DB-OPT-end"),
        ("table_talk", True, "DB-OPT-table-talk"), ("offer_fifty", "yes", "DB-OPT-offer-fifty"),
        ("dave_progression", "fibonacci", "DB-OPT-dave-progression"),
        ("manual_scoring", 1, "DB-OPT-manual-scoring"),
    ],
)
def test_bad_option_values(key, value, rule_id):  # Options table: a bad value is refused
    with pytest.raises(InvalidOptions) as info:
        new_match(seed=1, **{key: value})
    assert info.value.option == key
    assert info.value.rule_id == rule_id


def test_unknown_option():  # DESIGN: InvalidOptions names the option
    with pytest.raises(InvalidOptions) as info:
        new_match(seed=1, colour="red")
    assert info.value.option == "colour"


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("ruleset", "moscow"), ("ruleset", "kharkiv"), ("format", "short_no_bait"),
        ("format", "short_bait"), ("format", "short_dave"), ("end", "claim"),
        ("table_talk", "on"), ("offer_fifty", "on"),
    ],
)
def test_part_b_values_accepted(key, value):  # Part B values (implemented since Part B)
    m = new_match(seed=1, **{key: value})
    assert not m.is_over and m.to_move in (0, 1)


@pytest.mark.parametrize("players", [0, 1, 4, 5])
def test_player_count(players):  # DB-DEAL-10
    with pytest.raises(InvalidOptions) as info:
        engine.get_game("deberts").new_match(players=players, options={}, seed=1)
    # DB-DEAL-10 says "an engine error naming DB-DEAL-1"; the brief fixes DB-DEAL-10
    assert info.value.rule_id in ("DB-DEAL-10", "DB-DEAL-1")
    assert info.value.option == "players"


def test_three_players_accepted():  # DB-OPT-players = 3 (Part B.7)
    m = engine.get_game("deberts").new_match(players=3, options={}, seed=1)
    assert m.players == 3 and m.to_move == 0


@pytest.mark.parametrize(
    "deck",
    [
        E1_DECK[:-1],
        [*E1_DECK, "AS"],
        [*E1_DECK[:-1], "JH"],
        [*E1_DECK[:-1], "6C"],
        [*E1_DECK[:-1], "RJ"],
        [*E1_DECK[:-1], "8c"],
        [],
    ],
)
def test_deck_must_be_a_permutation(deck):  # BEL-DECK-1, DB-DEAL-5 (deck is the first deal)
    with pytest.raises(InvalidOptions):
        new_match(deck)


# ================================================================ A.1 deck and deal


def test_first_dealer():  # DB-DEAL-1
    m = e1()
    assert m.public_view()["dealer"] == 1 and m.to_move == 0
    m = e1(first_dealer=0)
    assert m.public_view()["dealer"] == 0 and m.to_move == 1
    assert of_type(m.events, "deal")[0]["dealer"] == 0


def test_make_deck_reproduces_e1():  # DB-DEAL-2..5 (the test helper itself)
    assert make_deck(
        ["JH", "9H", "AH", "AS", "TS", "7C"], ["TH", "7H", "KS", "QS", "AC", "KD"], "8H",
        ["KH", "QH", "8D"], ["JS", "TC", "QD"], "8C",
        rest=["9S", "8S", "7S", "AD", "JD", "TD", "9D", "7D", "KC", "QC", "JC", "9C"],
    ) == E1_DECK


@pytest.mark.parametrize("first_dealer", [1, 0])
def test_deal_in_packets_of_three(first_dealer):  # DB-DEAL-2
    m = e1(first_dealer=first_dealer)
    nd, dl = 1 - first_dealer, first_dealer
    assert hand(m, nd) == set(E1_DECK[0:3] + E1_DECK[6:9])
    assert hand(m, dl) == set(E1_DECK[3:6] + E1_DECK[9:12])
    assert m.public_view()["hand_counts"] == [6, 6]


def test_up_card_and_stock():  # DB-DEAL-3
    m = e1()
    pv = m.public_view()
    assert group_cards(pv, "up_card") == ["8H"]
    assert group_cards(pv, "bottom_card") == []
    assert pv["phase"] == "bidding"
    deal = of_type(m.events, "deal")
    assert len(deal) == 1 and deal[0]["dealer"] == 1
    # the up-card is never dealt; the stock is seen by nobody
    assert "8H" not in hand(m, 0) | hand(m, 1)
    Tracker(m, {}).check_state(m)


@pytest.mark.parametrize(("taker_bids", "first_dealer"),
                         [(((0, "take"),), 1), (((0, "pass"), (1, "take")), 1),
                          (((1, "take"),), 0)])
def test_three_more_cards_after_contract(taker_bids, first_dealer):  # DB-DEAL-4
    m = e1(first_dealer=first_dealer)
    nd, dl = 1 - first_dealer, first_dealer
    before = [hand(m, 0), hand(m, 1)]
    for seat, code in taker_bids:
        act(m, seat, code)
    assert hand(m, nd) == before[nd] | set(E1_DECK[13:16])
    assert hand(m, dl) == before[dl] | set(E1_DECK[16:19])
    assert m.public_view()["hand_counts"] == [9, 9]


def test_bottom_card_turned():  # DB-DEAL-5
    m = e1()
    evs = act(m, 0, "take")
    added = [d for d in evs if d["type"] == "cards_added"]
    assert len(added) == 1
    assert [c for cs in added[0]["public"].values() for c in cs] == ["8C"]
    assert group_cards(m.public_view(), "bottom_card") == ["8C"]
    assert "8C" not in hand(m, 0) | hand(m, 1)
    # never enters play: not in anyone's hand at any time of the deal
    for seat, code in E1_MOVES[:-1]:
        act(m, seat, code)
        assert "8C" not in hand(m, 0) | hand(m, 1)
        assert group_cards(m.public_view(), "bottom_card") == ["8C"]


def test_swap7_dealer():  # DB-DEAL-6 (E.1: seat 1 holds 7H, hearts = up-card suit)
    m = e1()
    run_moves(m, [(0, "take"), (0, "declare:best"), (0, "play:JH")])
    assert m.legal_actions(1) == ["declare:best", "declare:none", "swap7"]
    evs = act(m, 1, "swap7")
    assert [d for d in evs if d["type"] == "exchange"] == [
        {"type": "exchange", "seat": 1, "gave": "7H", "took": "8H"}
    ]
    assert "8H" in hand(m, 1) and "7H" not in hand(m, 1)
    assert group_cards(m.public_view(), "up_card") == ["7H"]
    assert "swap7" not in m.legal_actions(1)  # once
    refuse(m, 1, "swap7")
    # his terz K-Q-J of spades is still there; the 8H now follows trumps
    assert m.legal_actions(1) == ["declare:best", "declare:none"]
    act(m, 1, "declare:best")
    assert m.legal_actions(1) == ["play:8H", "play:TH"]


def test_swap7_leader_before_declaring():  # DB-DEAL-6, Part D (swap7 before the declaration)
    nd = ["7H", "AS", "9S", "7D", "JC", "9C", "8D", "TS", "KD"]
    dl = ["AH", "KS", "QS", "AD", "TD", "AC", "TC", "8S", "9H"]
    m = start(nd, dl, "QH", "7S")
    act(m, 0, "take")
    assert m.legal_actions(0) == ["declare:none", "swap7"]
    refuse(m, 0, "play:7H")
    act(m, 0, "declare:none")
    assert "swap7" not in m.legal_actions(0)  # only before the declaration
    exc = refuse(m, 0, "swap7")
    assert exc.rule_id in RULE_IDS


def test_no_swap7_on_a_second_round_trump():  # DB-DEAL-6 (only on the up-card's suit)
    nd = ["7S", "AS", "9H", "7D", "JC", "9C", "8D", "TH", "KD"]
    dl = ["AH", "KS", "QS", "AD", "TD", "AC", "TC", "8S", "9D"]
    m = start(nd, dl, "QH", "7C")
    for seat, code in [(0, "pass"), (1, "pass"), (0, "trump:S")]:
        act(m, seat, code)
    assert m.legal_actions(0) == ["declare:none"]
    refuse(m, 0, "swap7")


def test_winner_of_deal_deals_next():  # DB-DEAL-7
    m = e1()
    evs = run_moves(m, [(0, "take"), *E1_MOVES])
    scored = [d for d in evs if d["type"] == "deal_scored"]
    assert scored and scored[0]["sides"][0]["deal_points"] > scored[0]["sides"][1]["deal_points"]
    deals = [d for d in evs if d["type"] == "deal"]
    assert len(deals) == 1 and deals[0]["dealer"] == 0
    assert m.public_view()["dealer"] == 0 and m.to_move == 1
    # after a bait the defender has more points and deals; after a hanging bait the declarer
    assert score_deal(declarer=1, deal_points=(90, 62), pot=0).next_dealer == 0
    assert score_deal(declarer=0, deal_points=(81, 81), pot=0).next_dealer == 0
    assert score_deal(declarer=1, deal_points=(70, 70), pot=40).next_dealer == 1


@pytest.mark.parametrize("first_dealer", [1, 0])
def test_thrown_in_other_player_deals(first_dealer):  # DB-DEAL-8
    m = e1(first_dealer=first_dealer)
    nd, dl = 1 - first_dealer, first_dealer
    evs = run_moves(m, [(nd, "pass"), (dl, "pass"), (nd, "pass"), (dl, "pass")])
    assert [d["dealer"] for d in evs if d["type"] == "deal"] == [nd]
    assert m.public_view()["dealer"] == nd and m.to_move == dl


def test_next_deal_dealt_at_once_from_the_seed():  # DB-DEAL-9
    m = e1(seed=11)
    tracker = Tracker(m, {})
    evs = run_moves(m, [(0, "pass"), (1, "pass"), (0, "pass"), (1, "pass")], tracker)
    types = [d["type"] for d in evs]
    assert types[-2:] == ["thrown_in", "deal"]
    pv = m.public_view()
    assert pv["phase"] == "bidding" and pv["hand_counts"] == [6, 6]
    assert m.to_move == 1 and m.legal_actions(1) == ["pass", "take"]
    second = (hand(m, 0), hand(m, 1), group_cards(pv, "up_card"))
    # the same seed gives the same next deal; the seed, not the first deck, drives it
    m2 = e1(seed=11)
    run_moves(m2, [(0, "pass"), (1, "pass"), (0, "pass"), (1, "pass")])
    assert (hand(m2, 0), hand(m2, 1), group_cards(m2.public_view(), "up_card")) == second
    others = []
    for seed in (12, 13, 14, 15):
        m3 = e1(seed=seed)
        run_moves(m3, [(0, "pass"), (1, "pass"), (0, "pass"), (1, "pass")])
        others.append((hand(m3, 0), hand(m3, 1)))
    assert any(o != second[:2] for o in others)


def test_no_deck_deals_from_the_seed():  # DB-DEAL-5 ("later deals are shuffled from the seed")
    a, b = new_match(seed=21), new_match(seed=21)
    assert (hand(a, 0), hand(a, 1)) == (hand(b, 0), hand(b, 1))
    assert len(hand(a, 0) | hand(a, 1)) == 12
    assert any((hand(new_match(seed=s), 0)) != hand(a, 0) for s in range(22, 26))


# ================================================================ A.2 bidding


def test_round_one_non_dealer_first():  # DB-BID-1
    m = e1()
    assert m.to_move == 0
    assert m.legal_actions(0) == ["pass", "take"] and m.legal_actions(1) == []
    exc = refuse(m, 1, "take")  # not his turn
    assert exc.rule_id.startswith("DB-")
    refuse(m, 1, "pass")
    evs = act(m, 0, "take")
    assert [d["type"] for d in evs] == ["bid", "trump", "cards_added"]
    assert evs[0] == {"type": "bid", "seat": 0, "call": "take"}
    assert evs[1] == {"type": "trump", "seat": 0, "suit": "H"}


def test_round_one_dealer_second():  # DB-BID-2
    m = e1()
    evs = act(m, 0, "pass")
    assert evs == [{"type": "bid", "seat": 0, "call": "pass"}]
    assert m.to_move == 1 and m.legal_actions(1) == ["pass", "take"] and m.legal_actions(0) == []
    refuse(m, 0, "take")
    evs = act(m, 1, "take")
    assert {"type": "trump", "seat": 1, "suit": "H"} in evs


def test_round_two_non_dealer_names_another_suit():  # DB-BID-3
    m = e1()
    act(m, 0, "pass")
    act(m, 1, "pass")
    assert m.legal_actions(0) == ["pass", "trump:C", "trump:D", "trump:S"]
    refuse(m, 0, "trump:H")  # the up-card's suit
    refuse(m, 0, "take")
    refuse(m, 0, "trump:X")
    evs = act(m, 0, "trump:C")
    assert {"type": "trump", "seat": 0, "suit": "C"} in evs
    assert m.public_view()["hand_counts"] == [9, 9]


def test_round_two_dealer_then_four_passes():  # DB-BID-4
    m = e1()
    for seat in (0, 1, 0):
        act(m, seat, "pass")
    assert m.legal_actions(1) == ["pass", "trump:C", "trump:D", "trump:S"]
    refuse(m, 1, "trump:H")
    c = m.clone()
    assert {"type": "trump", "seat": 1, "suit": "S"} in act(c, 1, "trump:S")
    evs = act(m, 1, "pass")
    thrown = [d for d in evs if d["type"] == "thrown_in"]
    assert len(thrown) == 1 and thrown[0]["reason"] == "four_passes"


def test_contract_on_six_cards():  # DB-BID-5
    m = e1()
    act(m, 0, "pass")
    assert m.public_view()["hand_counts"] == [6, 6]
    evs = act(m, 1, "take")
    types = [d["type"] for d in evs]
    assert types.index("trump") < types.index("cards_added")
    assert m.public_view()["hand_counts"] == [9, 9]
    # the first "play" ends the bidding: no more calls are listed
    assert not any(c in ("pass", "take") or c.startswith("trump:") for c in m.legal_actions(0))
    refuse(m, 0, "pass")
    refuse(m, 0, "take")


def test_declarer_needs_strictly_more():  # DB-BID-6
    assert score_deal(declarer=0, deal_points=(81, 80), pot=0).outcome == "made"
    assert score_deal(declarer=0, deal_points=(80, 80), pot=0).outcome == "hanging"
    assert score_deal(declarer=0, deal_points=(80, 81), pot=0).outcome == "bait"
    assert score_deal(declarer=1, deal_points=(80, 81), pot=0).outcome == "made"


# ================================================================ A.3 declarations and melds


def _melds(hand_cards):
    return sorted((m.kind, tuple(m.cards), m.points, m.top) for m in find_melds(hand_cards))


def test_meld_values():  # DB-MELD-1
    assert _melds(["AS", "KS", "QS", "9D", "7C"]) == [("terz", ("AS", "KS", "QS"), 20, "A")]
    assert _melds(["JD", "TD", "9D", "8D", "KS"]) == [("fifty", ("JD", "TD", "9D", "8D"), 50, "J")]


@pytest.mark.parametrize(
    ("run", "expected"),
    [
        ("AKQJT", [("fifty", "AKQJ")]),
        ("AKQJT9", [("fifty", "AKQJ")]),
        ("KQJT98", [("fifty", "KQJT")]),
        ("AKQJT98", [("fifty", "AKQJ"), ("terz", "T98")]),
        ("AKQJT987", [("fifty", "AKQJ"), ("fifty", "T987")]),
        ("QJT987", [("fifty", "QJT9")]),
        ("JT98", [("fifty", "JT98")]),
        ("987", [("terz", "987")]),
        ("AK", []),
        ("AK7", []),  # BEL-RANK-4: no wrap-around
        ("A87", []),
    ],
)
def test_long_runs_split(run, expected):  # DB-MELD-2, BEL-MELD-2, BEL-MELD-1, BEL-RANK-4
    found = find_melds([r + "H" for r in run])
    got = sorted((m.kind, "".join(c[0] for c in m.cards)) for m in found)
    assert got == sorted(expected)
    for m in find_melds([r + "H" for r in run]):
        assert m.points == (50 if m.kind == "fifty" else 20)
        assert m.top == m.cards[0][0]


def test_long_run_worked_example():  # BEL-MELD-2 (belote_common.md "Long runs")
    ms = find_melds(["AC", "KC", "QC", "JC", "TC", "9C", "8C"])
    assert sum(m.points for m in ms) == 70


def test_four_of_a_kind_is_no_meld():  # DB-MELD-3
    assert find_melds(["JS", "JH", "JD", "JC", "9S", "7D", "AC", "KH", "8S"]) == []
    assert find_melds(["AS", "AH", "AD", "AC", "9S", "7D", "JC", "KH", "8S"]) == []
    nd = ["JS", "JH", "JD", "JC", "9S", "7D", "AC", "KH", "8S"]
    dl = ["AS", "KS", "9H", "AD", "TD", "TC", "8C", "QD", "7S"]
    m = start(nd, dl, "8H", "7C")
    act(m, 0, "take")
    assert m.legal_actions(0) == ["declare:none"]
    refuse(m, 0, "declare:best")


def test_no_card_in_two_sequences_bela_may_be():  # DB-MELD-4, BEL-MELD-5
    ms = find_melds(["AS", "KS", "QS", "JS", "TS", "9S"])
    assert len(ms) == 1
    # E.1: K-Q of hearts are both in seat 0's berz A-K-Q-J and his bela -> 50 + 20
    m = e1()
    evs = run_moves(m, [(0, "take"), *E1_MOVES])
    side0 = of_type_list(evs, "deal_scored")[0]["sides"][0]
    assert (side0["melds"], side0["bela"]) == (50, 20)


def of_type_list(evs: list[dict], kind: str) -> list[dict]:
    return [d for d in evs if d["type"] == kind]


def test_declaration_at_first_turn():  # DB-MELD-5
    m = e1()
    act(m, 0, "take")
    assert m.to_move == 0
    assert m.legal_actions(0) == ["declare:best", "declare:none"]
    assert m.legal_actions(1) == []
    exc = refuse(m, 0, "play:JH")
    assert exc.rule_id == "DB-MELD-5"
    evs = act(m, 0, "declare:best")
    assert evs == [{"type": "declare", "seat": 0, "what": "fifty"}]
    assert all(c.startswith("play:") for c in m.legal_actions(0))
    refuse(m, 0, "declare:best")  # exactly one declaration
    refuse(m, 0, "declare:none")
    act(m, 0, "play:JH")
    exc = refuse(m, 1, "play:7H")
    assert exc.rule_id == "DB-MELD-5"
    evs = act(m, 1, "declare:none")
    assert evs == [{"type": "declare", "seat": 1, "what": "none"}]


def test_declare_best_needs_a_meld():  # DB-MELD-5 ("if he holds a terz or a fifty")
    nd = ["AS", "9S", "7D", "JC", "9C", "8D", "TS", "KD", "QH"]
    dl = ["AH", "KS", "QS", "AD", "TD", "AC", "TC", "8S", "9H"]
    m = start(nd, dl, "8H", "7S")
    act(m, 0, "take")
    assert m.legal_actions(0) == ["declare:none"]
    refuse(m, 0, "declare:best")


def _trick1(m: engine.Match, nd: int, decl: tuple[str, str]) -> list[dict]:
    """Both first turns with the given declarations and the first listed plays."""
    evs = act(m, nd, decl[0])
    evs += act(m, nd, next(c for c in m.legal_actions(nd) if c.startswith("play:")))
    evs += act(m, 1 - nd, decl[1])
    evs += act(m, 1 - nd, next(c for c in m.legal_actions(1 - nd) if c.startswith("play:")))
    return evs


def _shown(evs: list[dict]) -> list[dict]:
    """melds_shown events, checking they come right after trick 1 (DB-MELD-7)."""
    shown = [i for i, d in enumerate(evs) if d["type"] == "melds_shown"]
    for i in shown:
        assert evs[i - 1]["type"] == "trick" and evs[i - 1]["number"] == 1
    return [evs[i] for i in shown]


# scenarios for the comparison (trump hearts; seat 0 non-dealer takes unless first_dealer=0)
LENGTH = (["TC", "9C", "8C", "7C", "AS", "9S", "7D", "JD", "9H"],
          ["AH", "KH", "QH", "KS", "8S", "9D", "TD", "KC", "JS"], "8H", "7S")
HEIGHT = (["QC", "JC", "TC", "AS", "9S", "7D", "9H", "8D", "AD"],
          ["KD", "QD", "JD", "KS", "8S", "AC", "TH", "7S", "JH"], "7H", "9C")
TRUMP_TIE = (["AS", "KS", "QS", "7D", "9D", "JC", "8C", "TD", "7C"],
             ["AH", "KH", "QH", "JS", "8S", "KD", "8D", "TC", "9C"], "8H", "7S")
PLAIN_TIE = (["KS", "QS", "JS", "7D", "9D", "8C", "AC", "TH", "9H"],
             ["KD", "QD", "JD", "AS", "8S", "7C", "9C", "AH", "7S"], "8H", "TD")
SILENT = (["AS", "KS", "QS", "7D", "9D", "JC", "TC", "AH", "KD"],
          ["9C", "8C", "7C", "JS", "8S", "TD", "8D", "QH", "TH"], "9H", "JH")


def _compare(scenario, decl=("declare:best", "declare:best"), first_dealer=1, **options):
    nd9, dl9, up, bottom = scenario
    nd = 1 - first_dealer
    m = start(nd9, dl9, up, bottom, first_dealer=first_dealer, **options)
    act(m, nd, "take")
    return m, _shown(_trick1(m, nd, decl))


def test_berz_beats_terz():  # DB-MELD-6, BEL-CMP-4
    _, shown = _compare(LENGTH)
    assert [d["seat"] for d in shown] == [0]
    assert [(x["kind"], sorted(x["cards"]), x["points"]) for x in shown[0]["melds"]] == [
        ("fifty", sorted(["TC", "9C", "8C", "7C"]), 50)
    ]


def test_higher_top_wins():  # DB-MELD-6, BEL-CMP-5
    _, shown = _compare(HEIGHT)
    assert [d["seat"] for d in shown] == [1]
    assert sorted(shown[0]["melds"][0]["cards"]) == sorted(["KD", "QD", "JD"])


def test_senior_melds_fact_counts_them():  # DB-MELD-7 (the bot agrees "terz"/"melds" by it)
    m, _ = _compare(HEIGHT)
    won = next(f for f in m.public_view()["facts"] if f["key"] == "melds_won")
    assert (won["seat"], won["value"], won["count"], won["melds"]) == (1, 20, 1, ["terz"])


def test_equal_height_trump_wins():  # DB-MELD-6, BEL-CMP-6 (E.7, classic)
    _, shown = _compare(TRUMP_TIE)
    assert [d["seat"] for d in shown] == [1]


def test_equal_height_order_only():  # BEL-CMP-7, DB-OPT-tie = order_only (E.7, Kharkiv)
    _, shown = _compare(TRUMP_TIE, tie="order_only")
    assert [d["seat"] for d in shown] == [0]


def test_equal_plain_first_declared_wins():  # DB-MELD-6, BEL-CMP-6
    _, shown = _compare(PLAIN_TIE)
    assert [d["seat"] for d in shown] == [0]


def test_declaration_order_starts_with_leader():  # BEL-CMP-8 (non-dealer = seat 1 here)
    _, shown = _compare(PLAIN_TIE, first_dealer=0)
    assert [d["seat"] for d in shown] == [1]


def test_silent_side_loses_comparison():  # BEL-CMP-11
    _, shown = _compare(SILENT, decl=("declare:none", "declare:best"))
    assert [d["seat"] for d in shown] == [1]
    m, shown = _compare(SILENT, decl=("declare:none", "declare:none"))
    assert shown == []
    evs = finish(m)
    scored = of_type_list(evs, "deal_scored")[0]
    assert [s["melds"] for s in scored["sides"]] == [0, 0]


def test_winner_scores_every_meld_held():  # DB-MELD-7
    nd = ["AD", "KD", "QD", "JD", "9C", "8C", "7C", "JH", "7S"]
    dl = ["AS", "KS", "9S", "TD", "AC", "QC", "TH", "AH", "8S"]
    m = start(nd, dl, "8H", "7H")
    act(m, 0, "take")
    evs = act(m, 0, "declare:best")
    assert evs[-1]["what"] == "fifty"
    act(m, 0, "play:9C")
    act(m, 1, "declare:none")
    evs = act(m, 1, "play:QC")
    shown = _shown(evs)
    assert len(shown) == 1 and shown[0]["seat"] == 0
    assert sorted((x["kind"], x["points"]) for x in shown[0]["melds"]) == [
        ("fifty", 50), ("terz", 20)
    ]
    evs = finish(m)  # seat 0 holds JH, so he wins at least the trick he plays it to
    side0 = of_type_list(evs, "deal_scored")[0]["sides"][0]
    assert side0["melds"] == 70


def test_no_trick_no_melds():  # DB-MELD-8 (E.4)
    m = new_match(E4_DECK)
    evs = run_moves(m, E4_MOVES, Tracker(m, {}))
    assert [d["seat"] for d in evs if d["type"] == "melds_shown"] == [0]
    assert {d["winner"] for d in evs if d["type"] == "trick"} == {1}
    sides = of_type_list(evs, "deal_scored")[0]["sides"]
    assert (sides[0]["card_points"], sides[0]["melds"], sides[0]["bela"]) == (0, 0, 20)
    assert sides[1]["melds"] == 0  # the loser of the comparison never scores melds


def test_bela_announced_once():  # DB-MELD-9 (E.1)
    m = e1()
    run_moves(m, [(0, "take"), (0, "declare:best")])
    legal = m.legal_actions(0)
    assert "play:KH:bela" in legal and "play:QH:bela" in legal
    run_moves(m, E1_MOVES[1:8])
    evs = act(m, 0, "play:KH:bela")
    assert evs[0] == {"type": "play", "seat": 0, "card": "KH", "call": "bela"}
    act(m, 1, "play:KD")
    assert "play:QH" in m.legal_actions(0) and "play:QH:bela" not in m.legal_actions(0)
    refuse(m, 0, "play:QH:bela")


def test_bela_with_the_second_card():  # DB-MELD-9 (K played without the word)
    m = e1()
    run_moves(m, [(0, "take"), (0, "declare:best"), (0, "play:KH"), (1, "declare:none")])
    assert m.legal_actions(1) == ["play:TH"]  # must beat KH with a higher trump
    act(m, 1, "play:TH")
    act(m, 1, "play:7H")
    legal = m.legal_actions(0)
    assert "play:QH:bela" in legal and not any(c.startswith("play:KH") for c in legal)


def test_bela_after_swap7():  # DB-MELD-9 ("after any swap7")
    nd = ["KH", "7H", "AS", "9S", "7D", "JC", "9C", "8D", "TS"]
    dl = ["AH", "KS", "QS", "AD", "TD", "AC", "TC", "8S", "9H"]
    m = start(nd, dl, "QH", "7S")
    act(m, 0, "take")
    act(m, 0, "swap7")
    act(m, 0, "declare:none")
    legal = m.legal_actions(0)
    assert "play:KH:bela" in legal and "play:QH:bela" in legal


def test_no_bela_without_both_cards():  # DB-MELD-9
    nd = ["AH", "AS", "9S", "7D", "JC", "9C", "8D", "TS", "KD"]
    dl = ["KH", "7H", "KS", "QS", "AD", "TD", "AC", "TC", "8S"]
    m = start(nd, dl, "QH", "7S")
    act(m, 0, "take")
    act(m, 0, "declare:none")
    act(m, 0, "play:AH")
    act(m, 1, "declare:none")
    assert m.legal_actions(1) == ["play:7H", "play:KH"]  # no :bela, QH is the up-card
    refuse(m, 1, "play:KH:bela")


def test_bela_outside_comparison():  # DB-MELD-10, BEL-CMP-10
    nd = ["KH", "QH", "AS", "9S", "7D", "JC", "9C", "8D", "TS"]
    dl = ["AD", "KD", "QD", "AC", "TC", "8S", "9H", "KS", "7C"]
    m = start(nd, dl, "8H", "7S")
    act(m, 0, "take")
    assert m.legal_actions(0) == ["declare:none"]  # bela is not a meld to declare
    act(m, 0, "declare:none")
    act(m, 0, "play:KH:bela")
    act(m, 1, "declare:best")
    evs = act(m, 1, m.legal_actions(1)[0])
    assert [d["seat"] for d in _shown(evs)] == [1]
    evs = finish(m)
    sides = of_type_list(evs, "deal_scored")[0]["sides"]
    assert sides[0]["bela"] == 20 and sides[0]["melds"] == 0


def test_undeclared_meld_never_scores():  # DB-MELD-11, BEL-MELD-8 (E.1 with declare:none)
    m = e1()
    moves = [(0, "take"), (0, "declare:none"), *E1_MOVES[1:]]
    evs = run_moves(m, moves, None)
    assert [d["seat"] for d in evs if d["type"] == "melds_shown"] == [1]
    sides = of_type_list(evs, "deal_scored")[0]["sides"]
    assert [(s["card_points"], s["melds"], s["bela"], s["deal_points"]) for s in sides] == [
        (99, 0, 20, 119), (31, 20, 0, 51)
    ]


def test_exchange_breaks_sequence():  # DB-MELD-11 (the trump 7 completed the terz)
    nd = ["9H", "8H", "7H", "AS", "KD", "JC", "9C", "TS", "8D"]
    dl = ["KS", "QS", "7S", "AC", "KC", "TD", "7D", "JD", "QH"]
    m = start(nd, dl, "AH", "8S")
    act(m, 0, "take")
    assert m.legal_actions(0) == ["declare:best", "declare:none", "swap7"]
    act(m, 0, "swap7")
    assert m.legal_actions(0) == ["declare:none"]
    refuse(m, 0, "declare:best")


# ================================================================ A.4 play


def test_non_dealer_leads_first_trick():  # DB-PLAY-1, BEL-PLAY-3
    m = e1()
    act(m, 0, "pass")
    act(m, 1, "take")  # the dealer is declarer, the non-dealer still leads
    assert m.to_move == 0 and m.legal_actions(1) == []
    run_moves(m, E1_MOVES[:16])
    assert m.to_move == 0
    act(m, 0, "play:7C")
    evs = act(m, 1, "play:AC")
    assert evs[-1]["type"] == "trick" and evs[-1]["winner"] == 1
    assert m.to_move == 1  # the winner leads the next trick
    refuse(m, 0, "play:8D")


# trump hearts, up 8H, seat 0 takes and leads
FOLLOW = (["AS", "9C", "8C", "7D", "8D", "9D", "JC", "TD", "QD"],
          ["KS", "7S", "JH", "7C", "AD", "KD", "AC", "TC", "QS"], "8H", "9S")


def _reply_legal(scenario, lead: str) -> engine.Match:
    nd9, dl9, up, bottom = scenario
    m = start(nd9, dl9, up, bottom)
    act(m, 0, "take")
    act(m, 0, "declare:none")
    act(m, 0, "play:" + lead)
    act(m, 1, "declare:none")
    return m


def test_follow_suit():  # DB-PLAY-2, DB-PLAY-5, BEL-PLAY-4, BEL-PLAY-7
    m = _reply_legal(FOLLOW, "AS")
    assert m.legal_actions(1) == ["play:7S", "play:KS", "play:QS"]  # any spade, need not beat
    exc = refuse(m, 1, "play:JH")
    assert exc.rule_id in PLAY_RULES
    exc = refuse(m, 1, "play:AC")
    assert exc.rule_id in PLAY_RULES
    exc = refuse(m, 1, "play:AS")  # not in his hand
    assert exc.rule_id in RULE_IDS


def test_trumps_led_must_overtrump():  # DB-PLAY-3, BEL-PLAY-5
    nd = ["TH", "AS", "9S", "7D", "JC", "9C", "8D", "TS", "KD"]
    dl = ["9H", "KH", "KS", "QS", "AD", "TD", "AC", "TC", "8S"]
    m = _reply_legal((nd, dl, "8H", "7S"), "TH")
    assert m.legal_actions(1) == ["play:9H"]
    exc = refuse(m, 1, "play:KH")
    assert exc.rule_id in PLAY_RULES
    refuse(m, 1, "play:AD")
    evs = act(m, 1, "play:9H")
    assert evs[-1]["type"] == "trick" and evs[-1]["winner"] == 1  # BEL-RANK-1: 9 over 10


def test_trumps_led_any_trump_when_none_higher():  # DB-PLAY-3
    nd = ["AH", "AS", "9S", "7D", "JC", "9C", "8D", "TS", "KD"]
    dl = ["KH", "7H", "KS", "QS", "AD", "TD", "AC", "TC", "8S"]
    m = _reply_legal((nd, dl, "8H", "7S"), "AH")
    assert m.legal_actions(1) == ["play:7H", "play:KH"]
    exc = refuse(m, 1, "play:AD")
    assert exc.rule_id in PLAY_RULES


def test_void_must_trump():  # DB-PLAY-4, BEL-PLAY-8
    nd = ["AC", "AS", "9S", "7D", "JC", "9C", "8D", "TS", "KD"]
    dl = ["QH", "7H", "KS", "QS", "AD", "TD", "9D", "JS", "8S"]
    m = _reply_legal((nd, dl, "8H", "7S"), "AC")
    assert m.legal_actions(1) == ["play:7H", "play:QH"]  # any trump
    exc = refuse(m, 1, "play:AD")
    assert exc.rule_id in PLAY_RULES
    evs = act(m, 1, "play:7H")
    assert evs[-1]["winner"] == 1  # DB-PLAY-6: a trump beats the led ace


def test_void_no_trump_any_card():  # DB-PLAY-4, BEL-PLAY-10
    nd = ["AC", "AS", "9S", "7D", "JC", "9C", "8D", "TS", "KD"]
    dl = ["KS", "QS", "AD", "TD", "9D", "JS", "8S", "QD", "7S"]
    m = _reply_legal((nd, dl, "8H", "TH"), "AC")
    assert m.legal_actions(1) == sorted("play:" + c for c in dl)
    evs = act(m, 1, "play:AD")
    assert evs[-1]["winner"] == 0  # DB-PLAY-6: an off-suit card never wins


def test_trick_winner_plain_order():  # DB-PLAY-6, BEL-PLAY-2, BEL-RANK-2
    nd = ["KS", "9S", "7C", "8C", "JD", "TD", "AH", "KH", "9H"]
    dl = ["TS", "AS", "QS", "JS", "8S", "9D", "7D", "KD", "QD"]
    m = start(nd, dl, "8H", "7H")
    act(m, 0, "take")
    act(m, 0, "declare:none")
    act(m, 0, "play:KS")
    act(m, 1, "declare:none")
    evs = act(m, 1, "play:TS")
    assert evs[-1]["type"] == "trick" and evs[-1]["winner"] == 1  # 10 over K
    assert evs[-1]["points"] == 14
    act(m, 1, "play:9D")
    assert m.legal_actions(0) == ["play:JD", "play:TD"]
    evs = act(m, 0, "play:JD")
    assert evs[-1]["winner"] == 0 and evs[-1]["points"] == 2  # plain J over 9 (not trump order)
    act(m, 0, "play:7C")
    assert m.legal_actions(1) == sorted(
        "play:" + c for c in ["AS", "QS", "JS", "8S", "7D", "KD", "QD"]
    )
    evs = act(m, 1, "play:AS")
    assert evs[-1]["winner"] == 0 and evs[-1]["points"] == 11


def test_last_trick_visible():  # DB-PLAY-7, BEL-PLAY-11
    m = e1()
    run_moves(m, [(0, "take"), *E1_MOVES[:4]])
    pv = m.public_view()
    assert [(g["seat"], g["card"]) for g in pv["groups"]["last_trick"]] == [(0, "JH"), (1, "7H")]
    assert pv["groups"]["trick"] == []
    act(m, 0, "play:9H")
    pv = m.public_view()
    assert [(g["seat"], g["card"]) for g in pv["groups"]["trick"]] == [(0, "9H")]
    assert [g["card"] for g in pv["groups"]["last_trick"]] == ["JH", "7H"]
    assert m.view(1)["groups"]["last_trick"] == pv["groups"]["last_trick"]


def test_view_schema_and_information():  # DB-PLAY-8
    m = e1()
    tracker = Tracker(m, {})
    run_moves(m, [(0, "take"), *E1_MOVES[:7]], tracker)  # checks every view and event
    pv = m.public_view()
    for key in ("phase", "to_move", "dealer", "hand_counts", "groups", "tricks_won", "totals"):
        assert key in pv, key
    assert "hand" not in pv
    assert pv["hand_counts"] == [6, 7] and pv["to_move"] == 1
    assert pv["tricks_won"] == [2, 0]
    v0, v1 = m.view(0), m.view(1)
    assert set(v0["hand"]) == {"KH", "QH", "AS", "TS", "7C", "8D"}
    assert not set(v0["hand"]) & set(v1["hand"])
    assert v0["seat"] == 0 and v1["seat"] == 1


def test_deal_ends_after_trick_nine():  # DB-PLAY-9
    m = e1()
    evs = run_moves(m, [(0, "take"), *E1_MOVES[:-1]])
    assert [d["number"] for d in evs if d["type"] == "trick"] == list(range(1, 9))
    assert not of_type_list(evs, "deal_scored")
    evs = act(m, 0, "play:8D")
    types = [d["type"] for d in evs]
    assert types[:3] == ["play", "trick", "deal_scored"]
    assert evs[1]["number"] == 9


# ================================================================ A.5 scoring


def test_deal_points_components():  # DB-SCORE-1, BEL-LAST-1, BEL-LAST-2
    m = e1()
    evs = run_moves(m, [(0, "take"), *E1_MOVES])
    tricks = of_type_list(evs, "trick")
    assert tricks[-1]["points"] == 20  # TC 10 + 8D 0 + last trick 10
    sides = of_type_list(evs, "deal_scored")[0]["sides"]
    assert [(s["card_points"], s["melds"], s["bela"], s["deal_points"]) for s in sides] == [
        (99, 50, 20, 169), (31, 0, 0, 31)
    ]


def test_made():  # DB-SCORE-2
    out = score_deal(declarer=0, deal_points=(169, 31), pot=0)
    assert (out.outcome, tuple(out.written), out.pot, out.pot_awarded, out.pot_to) == (
        "made", (169, 31), 0, 0, None
    )
    m = e1()
    scored = of_type_list(run_moves(m, [(0, "take"), *E1_MOVES]), "deal_scored")[0]
    assert scored["outcome"] == "made" and scored["declarer"] == 0
    assert [s["written"] for s in scored["sides"]] == [169, 31]


def test_bait():  # DB-SCORE-3 (E.1 cards with seat 1 as declarer)
    out = score_deal(declarer=1, deal_points=(90, 62), pot=0)
    assert (out.outcome, tuple(out.written)) == ("bait", (152, 0))
    m = e1()
    scored = of_type_list(run_moves(m, [(0, "pass"), (1, "take"), *E1_MOVES]), "deal_scored")[0]
    assert scored["outcome"] == "bait" and scored["declarer"] == 1
    assert [s["written"] for s in scored["sides"]] == [200, 0]


def test_hanging():  # DB-SCORE-4
    out = score_deal(declarer=0, deal_points=(81, 81), pot=0)
    assert (out.outcome, tuple(out.written), out.pot, out.pot_awarded, out.pot_to) == (
        "hanging", (0, 81), 81, 0, None
    )


def test_pot_to_next_winner():  # DB-SCORE-5
    made = score_deal(declarer=1, deal_points=(50, 120), pot=81)
    assert (made.outcome, tuple(made.written), made.pot, made.pot_awarded, made.pot_to) == (
        "made", (50, 201), 0, 81, 1
    )
    bait = score_deal(declarer=1, deal_points=(120, 50), pot=81)
    assert (bait.outcome, tuple(bait.written), bait.pot, bait.pot_awarded, bait.pot_to) == (
        "bait", (251, 0), 0, 81, 0
    )


def test_pot_accumulates():  # DB-SCORE-6 (E.3)
    one = score_deal(declarer=0, deal_points=(76, 76), pot=0)
    two = score_deal(declarer=1, deal_points=(90, 90), pot=one.pot)
    assert (two.outcome, tuple(two.written), two.pot) == ("hanging", (90, 0), 166)


def test_totals_accumulate_pot_discarded():  # DB-SCORE-7, DB-END-6 (pot dropped at the end)
    m, _, _ = random_match(7, {"target": 301})
    sheet = m.score_sheet
    assert sheet["totals"] == [sum(r["points"][s] for r in sheet["rows"]) for s in (0, 1)]
    assert sheet["pot"] == 0


def test_pending_pot_dropped_at_the_end():  # DB-SCORE-7, DB-END-6 (a hanging last deal)
    import random

    g = engine.get_game("deberts")
    for seed in range(20000):  # find a seeded random match whose last deal is a hanging bait
        rng = random.Random(seed)
        m = g.new_match(players=2, options={"target": 301}, seed=seed)
        while not m.is_over:
            seat = m.to_move
            m.apply(seat, rng.choice(m.legal_actions(seat)))
        if of_type(m.events, "deal_scored")[-1]["pot"] > 0:
            break
    else:
        pytest.fail("no random match ended with a pending pot")
    m, _, _ = random_match(seed, {"target": 301})  # the Tracker checks every step
    last = of_type(m.events, "deal_scored")[-1]
    assert last["outcome"] == "hanging" and last["pot"] > 0
    assert m.is_over and m.score_sheet["pot"] == 0
    over = of_type(m.events, "match_over")[0]
    assert list(over["totals"]) == m.score_sheet["totals"]


# ================================================================ A.6 end of match


@pytest.mark.parametrize("target", [301, 501, 1001])
def test_target(target):  # DB-END-1, DB-END-3
    m, _, _ = random_match(target, {"target": target})
    over = of_type(m.events, "match_over")
    assert len(over) == 1
    totals = m.score_sheet["totals"]
    assert max(totals) >= target
    # before the last row nobody had reached the target
    before = [totals[s] - m.score_sheet["rows"][-1]["points"][s] for s in (0, 1)]
    assert max(before) < target


def test_no_claim_during_play():  # DB-END-2, DB-END-5 (end = after_deal)
    m = e1()
    run_moves(m, [(0, "take"), *E1_MOVES[:4]])
    assert "claim" not in m.legal_actions(0)
    refuse(m, 0, "claim")


def test_one_player_over_target():  # DB-END-3
    assert match_result(totals=(511, 373), target=501, last_defender=1) == (
        0, "Result: A wins, 511 : 373"
    )
    assert match_result(totals=(400, 502), target=501, last_defender=1) == (
        1, "Result: B wins, 502 : 400"
    )
    assert match_result(totals=(500, 373), target=501, last_defender=1) == (None, "")
    assert match_result(totals=(301, 0), target=301, last_defender=0) == (
        0, "Result: A wins, 301 : 0"
    )


def test_both_over_target_defender_wins():  # DB-END-4
    assert match_result(totals=(530, 520), target=501, last_defender=1) == (
        1, "Result: B wins, 501 : 500"
    )
    assert match_result(totals=(530, 520), target=501, last_defender=0) == (
        0, "Result: A wins, 501 : 500"
    )
    assert match_result(totals=(320, 400), target=301, last_defender=0) == (
        0, "Result: A wins, 301 : 300"
    )


def test_match_over_state():  # DB-END-6
    m, _, _ = random_match(3, {"target": 301})
    assert m.is_over and m.to_move is None
    assert m.legal_actions(0) == [] and m.legal_actions(1) == []
    assert m.public_view()["phase"] == "over"
    events = [e.to_dict() for e in m.events]
    assert events[-1]["type"] == "match_over"
    assert events[-2]["type"] == "deal_scored"
    result = m.score_sheet["result"]
    assert result is not None and {k: result[k] for k in ("winner", "line")} == \
        {"winner": events[-1]["winner"], "line": events[-1]["line"]}
    for code in ("pass", "take", "declare:none", "play:AS", ""):
        for seat in (0, 1):
            with pytest.raises(IllegalAction):
                m.apply(seat, code)
    assert len(m.events) == len(events)


# ================================================================ A.7 redeals


def test_four_passes_thrown_in():  # DB-REDEAL-1
    m = e1()
    evs = run_moves(m, [(0, "pass"), (1, "pass"), (0, "pass"), (1, "pass")])
    thrown = of_type_list(evs, "thrown_in")
    assert len(thrown) == 1 and thrown[0]["reason"] == "four_passes"
    assert not of_type_list(evs, "deal_scored")
    sheet = m.score_sheet
    assert sheet["rows"] == [] and sheet["totals"] == [0, 0] and sheet["pot"] == 0
    assert m.public_view()["dealer"] == 0


FOUR_SEVENS = (["7S", "7H", "7D", "7C", "AS", "KD", "JC", "9S", "TH"],
               ["AH", "KS", "QS", "AD", "TD", "AC", "TC", "8S", "9H"], "8D", "JS")


def test_four_sevens_redeal():  # DB-REDEAL-2
    m = start(*FOUR_SEVENS)
    act(m, 0, "take")
    assert m.legal_actions(0) == ["declare:none", "redeal", "swap7"]
    evs = act(m, 0, "redeal")
    thrown = of_type_list(evs, "thrown_in")
    assert len(thrown) == 1 and thrown[0]["reason"] == "four_sevens"
    assert [d["dealer"] for d in evs if d["type"] == "deal"] == [0]
    assert m.score_sheet["rows"] == [] and m.score_sheet["totals"] == [0, 0]


def test_four_eights_redeal_dealer():  # DB-REDEAL-2 (the dealer, at his first turn)
    nd = ["AH", "KS", "QS", "AD", "TD", "AC", "TC", "7S", "9H"]
    dl = ["8S", "8H", "8D", "8C", "AS", "KD", "JC", "9S", "TH"]
    m = start(nd, dl, "7D", "JS")
    act(m, 0, "take")
    refuse(m, 0, "redeal")
    act(m, 0, "declare:none")
    act(m, 0, "play:AH")
    assert "redeal" in m.legal_actions(1)
    evs = act(m, 1, "redeal")
    assert [d["reason"] for d in evs if d["type"] == "thrown_in"] == ["four_eights"]
    assert [d["dealer"] for d in evs if d["type"] == "deal"] == [0]


def test_redeal_only_at_declaration_moment():  # DB-REDEAL-2 ("in place of his declaration")
    m = start(*FOUR_SEVENS)
    act(m, 0, "take")
    act(m, 0, "declare:none")
    assert "redeal" not in m.legal_actions(0)
    refuse(m, 0, "redeal")


def test_redeal_four_off():  # DB-REDEAL-2, DB-OPT-redeal-four
    m = start(*FOUR_SEVENS, redeal_four="off")
    act(m, 0, "take")
    assert m.legal_actions(0) == ["declare:none", "swap7"]
    refuse(m, 0, "redeal")


def test_redeal_changes_no_totals():  # DB-REDEAL-3, DB-SCORE-6 (thrown-in deals)
    m = e1()
    run_moves(m, [(0, "take"), *E1_MOVES])
    before = m.score_sheet
    assert m.to_move == 1
    evs = run_moves(m, [(1, "pass"), (0, "pass"), (1, "pass"), (0, "pass")])
    assert of_type_list(evs, "thrown_in")
    assert m.score_sheet == before
    assert m.public_view()["dealer"] == 1  # DB-DEAL-8


# ================================================================ A.8 score sheet


def test_sheet_row_per_deal():  # DB-SHEET-1
    m = e1()
    run_moves(m, [(0, "take"), *E1_MOVES])
    sheet = m.score_sheet
    assert sheet["sides"] == [{"name": "A", "seats": [0]}, {"name": "B", "seats": [1]}]
    assert sheet["rows"] == [{"deal": 1, "cells": ["169", "31"], "points": [169, 31],
                              "note": "made"}]
    assert sheet["totals"] == [169, 31] and sheet["pot"] == 0 and sheet["result"] is None


def test_sheet_bait_cell():  # DB-SHEET-2
    m = e1()
    run_moves(m, [(0, "pass"), (1, "take"), *E1_MOVES])
    assert m.score_sheet["rows"] == [{"deal": 1, "cells": ["200", "BT"], "points": [200, 0],
                                      "note": "bait"}]
    out = score_deal(declarer=1, deal_points=(90, 62), pot=0)
    assert sheet_cells(out, declarer=1, deal_points=(90, 62), totals=(321, 31)) == ["321", "BT"]


def test_sheet_hanging_cell():  # DB-SHEET-3
    out = score_deal(declarer=0, deal_points=(81, 81), pot=0)
    assert sheet_cells(out, declarer=0, deal_points=(81, 81), totals=(321, 112)) == [
        "vs(81)", "112"
    ]
    # xx is this deal's points, not the accumulated pot
    out = score_deal(declarer=1, deal_points=(90, 90), pot=76)
    assert sheet_cells(out, declarer=1, deal_points=(90, 90), totals=(90, 76)) == ["90", "vs(90)"]


def test_sheet_pot_awarded_cell():  # DB-SHEET-4
    out = score_deal(declarer=1, deal_points=(50, 120), pot=81)
    assert sheet_cells(out, declarer=1, deal_points=(50, 120), totals=(371, 313)) == [
        "371", "313 [+81 vs]"
    ]


def test_sheet_result_line():  # DB-SHEET-5
    assert match_result(totals=(511, 373), target=501, last_defender=1)[1] == (
        "Result: A wins, 511 : 373"
    )
    assert match_result(totals=(530, 520), target=501, last_defender=1)[1] == (
        "Result: B wins, 501 : 500"
    )
    m, _, _ = random_match(5, {"target": 301})
    result = m.score_sheet["result"]
    totals = m.score_sheet["totals"]
    w = result["winner"]
    assert result["line"] in (
        f"Result: {'AB'[w]} wins, {totals[w]} : {totals[1 - w]}",
        f"Result: {'AB'[w]} wins, 301 : 300",
    )


def test_thrown_in_deals_get_no_row():  # DB-SHEET-6 (last sentence), deal numbers
    m = e1(seed=4)
    run_moves(m, [(0, "take"), *E1_MOVES])
    run_moves(m, [(1, "pass"), (0, "pass"), (1, "pass"), (0, "pass")])
    finish(m)
    rows = m.score_sheet["rows"]
    assert [r["deal"] for r in rows] == [1, 2]
    assert of_type(m.events, "deal_scored")[-1]["deal"] == 2


# ================================================================ belote_common.md


def test_card_values():  # BEL-VAL-1, BEL-VAL-2
    trump = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
    plain = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
    for card in ALL_CARDS:
        assert card_points(card, "H") == (trump if card[1] == "H" else plain)[card[0]], card
    for t in SUITS:
        assert sum(card_points(r + t, t) for r in "AKQJT987") == 62
        for s in SUITS:
            if s != t:
                assert sum(card_points(r + s, t) for r in "AKQJT987") == 30
        assert sum(card_points(c, t) for c in ALL_CARDS) + 10 == 162


def test_card_points_worked_example():  # BEL-VAL-1/2, BEL-LAST-2 (belote_common.md section 6)
    cards = ["JH", "9H", "AS", "TS", "KC", "QD", "7H", "8S"]
    assert sum(card_points(c, "H") for c in cards) + 10 == 72


def test_trump_order():  # BEL-RANK-1 (via the duty to overtrump, BEL-PLAY-5)
    for i, led in enumerate(TRUMP_ORDER):
        others = [r + "H" for r in TRUMP_ORDER if r != led]
        got = set(legal_cards([*others, "7C"], [led + "H"], "H"))
        higher = {r + "H" for r in TRUMP_ORDER[:i]}
        assert got == (higher or set(others)), led


@pytest.mark.parametrize(
    ("hand_cards", "trick", "undertrump", "expected"),
    [
        (["9H", "AH", "7S"], ["8H", "JH", "7H"], False, {"9H", "AH"}),  # BEL-PLAY-5
        (["9H", "QH", "7C"], ["8H", "AH", "KH"], False, {"9H"}),  # BEL-PLAY-5
        (["7H", "KD"], ["AS"], False, {"7H"}),  # BEL-PLAY-8
        (["7H", "KD"], ["AS", "KS"], False, {"7H"}),  # BEL-PLAY-8, no partner exception
        (["8H", "9D"], ["KC", "7H", "QH"], False, {"8H", "9D"}),  # BEL-PLAY-9 free
        (["8H", "9D"], ["KC", "QH"], True, {"8H"}),  # BEL-PLAY-9 required (3 players)
        (["AH", "9D"], ["KC", "QH"], True, {"AH"}),  # BEL-PLAY-9: overtrump
        (["KS", "7S", "AH"], ["QS"], False, {"KS", "7S"}),  # BEL-PLAY-4, BEL-PLAY-7
        (["KD", "9D"], ["AC"], False, {"KD", "9D"}),  # BEL-PLAY-10
        (["KD", "9D", "7S"], [], False, {"KD", "9D", "7S"}),  # BEL-PLAY-1: lead anything
        (["KH", "7H", "AS"], ["JH"], False, {"KH", "7H"}),  # BEL-PLAY-5: any trump
    ],
)
def test_legal_cards(hand_cards, trick, undertrump, expected):  # BEL-PLAY-1..10
    got = legal_cards(hand_cards, trick, "H", undertrump_required=undertrump)
    assert set(got) == expected
    assert len(got) == len(set(got))


def test_legal_cards_matches_reference():  # BEL-PLAY-4..10 (exhaustive over small hands)
    from .deberts_helpers import legal_cards as reference

    cards = ["AH", "9H", "7H", "AS", "KS", "7S", "QD", "TC"]
    for size in (1, 2, 3):
        for h in itertools.combinations(cards, size):
            for lead in ALL_CARDS:
                if lead in h:
                    continue
                assert set(legal_cards(list(h), [lead], "H")) == reference(h, [lead], "H"), (
                    h, lead
                )


# ================================================================ malformed codes


@pytest.mark.parametrize("code", GARBAGE_CODES)
def test_malformed_codes_refused(code):  # DESIGN "Errors" (never KeyError / IndexError)
    m = e1()
    refuse(m, 0, code)
    act(m, 0, "take")
    refuse(m, 0, code)
    act(m, 0, "declare:best")
    refuse(m, 0, code)


def test_out_of_range_seat_refused():  # DESIGN "Errors"
    m = e1()
    for seat in (2, -1, 7):
        with pytest.raises(IllegalAction):
            m.apply(seat, "take")
    assert len(m.events) == 1


def test_play_first_helper_sanity():  # the helpers used above behave
    m = e1()
    act(m, 0, "take")
    evs = play_first(m)
    assert evs[-1]["type"] == "play"


def test_every_part_a_rule_is_named_here():  # docs/design.md "Rule ids"
    import pathlib
    import re

    text = pathlib.Path(__file__).read_text(encoding="utf-8")
    named = set(re.findall(r"(?:DB|BEL)-[A-Z]+-\d+", text))
    # ranges that a comment names as "X-1..N"
    for prefix, lo, hi in re.findall(r"((?:DB|BEL)-[A-Z]+)-(\d+)\.\.(\d+)", text):
        named |= {f"{prefix}-{i}" for i in range(int(lo), int(hi) + 1)}
    part_a = {f"DB-{sec}-{i}" for sec, n in [("DEAL", 10), ("BID", 6), ("MELD", 11),
                                             ("PLAY", 9), ("SCORE", 7), ("END", 6),
                                             ("REDEAL", 3), ("SHEET", 6)]
              for i in range(1, n + 1)}
    bel = {f"BEL-PLAY-{i}" for i in range(1, 11)} | {f"BEL-CMP-{i}" for i in (4, 5, 6, 7, 8, 11)}
    bel |= {"BEL-RANK-1", "BEL-RANK-2", "BEL-RANK-4", "BEL-VAL-1", "BEL-VAL-2", "BEL-MELD-2"}
    assert not (part_a | bel) - named, sorted((part_a | bel) - named)
