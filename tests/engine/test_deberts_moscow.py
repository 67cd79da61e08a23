"""Deberts Part B.1-B.3: Moscow rules, the Kharkiv variant, the game to 301, and the variant
options (docs/rules/deberts.md, one test per rule id DB-MOS-*, DB-ERR-*, DB-KHA-*, DB-301-1,
DB-OPT-*). Hands are built with ``deck=`` (DB-DEAL-2..5); seat 0 is the non-dealer.
"""

from __future__ import annotations

import random

import pytest

import engine
from engine import InvalidOptions
from engine.deberts.options import OPTIONS, resolve_options

from .deberts_helpers import E1_DECK, E1_MOVES, act, deck_for, group_cards, hand, refuse
from .deberts_ref import VariantTracker, drive, play_random, with_state

MOSCOW = {"ruleset": "moscow"}
KHARKIV = {"ruleset": "kharkiv"}
# E.1 under table talk: seat 1 holds a terz but seat 0 declared a fifty, so he says "good".
E1_TALK = ((0, "declare:best"), (0, "play:JH"), (1, "declare:none"), (1, "play:7H"),
           *E1_MOVES[4:])


def match(deck: list[str] | None = None, *, seed: int = 1, players: int = 2,
          **options: object) -> engine.Match:
    return engine.get_game("deberts").new_match(players=players, options=options, seed=seed,
                                                deck=deck)


def tracked(deck: list[str] | None, options: dict, **state: object) -> tuple[engine.Match,
                                                                              VariantTracker]:
    m = match(deck, **options)
    if state:
        m = with_state(m, **state)
    return m, VariantTracker(m, options, totals=state.get("totals"),  # type: ignore[arg-type]
                             pot=int(state.get("pot", 0)))  # type: ignore[call-overload]


# ================================================================ options


def test_ruleset_sets_defaults():  # DB-OPT-ruleset, DB-OPT-tie, DB-OPT-end, DB-OPT-table-talk
    got = {r: {k: resolve_options(2, {"ruleset": r})[k] for k in ("tie", "end", "table_talk")}
           for r in ("classic", "moscow", "kharkiv")}
    assert got == {
        "classic": {"tie": "trump_then_order", "end": "after_deal", "table_talk": "off"},
        "moscow": {"tie": "trump_then_order", "end": "claim", "table_talk": "on"},
        "kharkiv": {"tie": "order_only", "end": "claim", "table_talk": "on"},
    }
    # a value given explicitly overrides the ruleset's default
    o = resolve_options(2, {"ruleset": "kharkiv", "end": "after_deal", "tie": "trump_then_order",
                            "table_talk": "off"})
    assert (o["end"], o["tie"], o["table_talk"]) == ("after_deal", "trump_then_order", "off")
    assert resolve_options(2, {"ruleset": "classic", "end": "claim"})["end"] == "claim"


def test_lobby_options_and_every_value_implemented():  # DB-OPT-* (issue: lobby, frozen)
    lobby = {o.key for o in OPTIONS if o.lobby}
    assert lobby == {"ruleset", "target", "format", "offer_fifty", "dave_progression",
                     "redeal_four"}
    assert all(o.choices == o.values for o in OPTIONS)
    info = engine.get_game("deberts").info
    assert (info.min_players, info.max_players) == (2, 3)


def test_options_are_frozen_in_the_match():  # issue: options frozen once the match starts
    m = match(**MOSCOW, target=301)
    opts = m.to_json()["state"]["options"]
    assert opts["ruleset"] == "moscow" and opts["end"] == "claim" and opts["target"] == 301
    r = engine.get_game("deberts").from_json(m.to_json())
    assert r.to_json()["state"]["options"] == opts


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("ruleset", ["classic", "moscow", "kharkiv"])
def test_every_ruleset_for_two_and_three(ruleset, players):  # DB-OPT-players, DB-OPT-ruleset
    m = match(players=players, ruleset=ruleset)
    assert m.players == players and m.public_view()["dealer"] == players - 1
    facts = {f["key"]: f["value"] for f in m.public_view()["facts"]}
    assert facts.get("ruleset") == (None if ruleset == "classic" else "ruleset_" + ruleset)


def test_first_dealer_with_three():  # DB-OPT-first-dealer
    assert match(players=3, first_dealer=0).public_view()["dealer"] == 0
    with pytest.raises(InvalidOptions) as info:
        match(players=3, first_dealer=3)
    assert info.value.rule_id == "DB-OPT-first-dealer"


# ================================================================ B.1 Moscow rules


def test_moscow_deal_is_the_classic_deal():  # DB-MOS-1
    a, b = match(E1_DECK), match(E1_DECK, **MOSCOW)
    for m in (a, b):
        act(m, 0, "take")
    assert (hand(a, 0), hand(a, 1)) == (hand(b, 0), hand(b, 1))
    for name in ("up_card", "bottom_card"):
        assert group_cards(a.public_view(), name) == group_cards(b.public_view(), name)
    assert group_cards(b.public_view(), "bottom_card") == ["8C"]


def test_moscow_swap7_only_on_the_first_trump():  # DB-MOS-2
    nd = ["7S", "AS", "9H", "7D", "JC", "9C", "8D", "TH", "KD"]
    dl = ["AH", "KS", "QS", "AD", "TD", "AC", "TC", "8S", "9D"]
    m = match(deck_for(nd, dl, "QH", "7C"), **MOSCOW)
    for seat, code in [(0, "pass"), (1, "pass"), (0, "trump:S")]:
        act(m, seat, code)
    assert "swap7" not in m.legal_actions(0)
    assert refuse(m, 0, "swap7").rule_id == "DB-DEAL-6"
    m = match(deck_for(["7H", *nd[1:]], dl, "QH", "7C"), **MOSCOW)
    act(m, 0, "take")
    assert "swap7" in m.legal_actions(0)


def test_moscow_bidding():  # DB-MOS-3
    m = match(E1_DECK, **MOSCOW)
    assert m.legal_actions(0) == ["pass", "take"]
    act(m, 0, "pass")
    assert m.legal_actions(1) == ["pass", "take"]  # the dealer speaks last
    act(m, 1, "pass")
    assert m.legal_actions(0) == ["pass", "trump:C", "trump:D", "trump:S"]
    act(m, 0, "pass")
    evs = act(m, 1, "pass")
    assert [d["reason"] for d in evs if d["type"] == "thrown_in"] == ["four_passes"]
    assert m.public_view()["dealer"] == 0


def test_moscow_declarer_deals_after_hanging():  # DB-MOS-4 (and DB-DEAL-7 otherwise)
    found = 0
    for seed in range(400):
        m = match(seed=seed, **MOSCOW, end="after_deal", target=1001)
        rng = random.Random(seed)
        while not m.is_over and not found:
            seat = m.to_move
            evs = [e.to_dict() for e in m.apply(seat, rng.choice(m.legal_actions(seat)))]
            scored = [d for d in evs if d["type"] == "deal_scored"]
            if scored and scored[0]["outcome"] == "hanging" and not m.is_over:
                deal = [d for d in evs if d["type"] == "deal"]
                assert deal[0]["dealer"] == scored[0]["declarer"]
                found += 1
        if found:
            break
    assert found


def test_moscow_bela_only_with_its_card():  # DB-MOS-5
    m = match(E1_DECK, **MOSCOW)
    drive(m, [(0, "take"), *E1_TALK[:8]])  # seat 0 about to lead KH with bela K-Q of hearts
    legal = m.legal_actions(0)
    assert "play:KH:bela" in legal and "play:QH:bela" in legal
    assert not [c for c in legal if c.startswith("bela") or c.startswith("declare")]


def test_moscow_trump_sequence_wins_a_tie():  # DB-MOS-6 (see E.7)
    m = _e7(MOSCOW)
    evs = drive(m, [(0, "declare:best"), (0, "play:7C"), (1, "ask:height"), (1, "play:8C")])
    assert [d["seat"] for d in evs if d["type"] == "melds_shown"] == [1]


def test_moscow_melds_need_a_trick():  # DB-MOS-7 (E.4 under Moscow)
    a = ["KS", "QS", "TH", "9H", "8H", "7H", "7D", "9D", "7C"]
    b = ["JS", "9S", "AS", "TS", "AD", "TD", "KD", "AC", "TC"]
    m, tracker = tracked(deck_for(a, b, "8S", "QH"), MOSCOW)
    moves = [(0, "pass"), (1, "take"), (0, "declare:best"), (0, "play:7H"),
             (1, "declare:none"), (1, "play:TS"), (1, "play:JS"), (0, "play:QS:bela"),
             (1, "play:9S"), (0, "play:KS"), (1, "play:AS"), (0, "play:TH"),
             (1, "play:AD"), (0, "play:7D"), (1, "play:TD"), (0, "play:9D"),
             (1, "play:KD"), (0, "play:9H"), (1, "play:AC"), (0, "play:7C"),
             (1, "play:TC"), (0, "play:8H")]
    evs = drive(m, moves, tracker)
    s = next(d for d in evs if d["type"] == "deal_scored")
    assert [(x["melds"], x["bela"], x["deal_points"]) for x in s["sides"]] == [(0, 20, 20),
                                                                              (0, 0, 128)]


@pytest.mark.parametrize(("option", "offered"), [("on", True), ("off", False)])
def test_moscow_four_sevens_switch(option, offered):  # DB-MOS-8, DB-OPT-redeal-four
    nd = ["7S", "7H", "7D", "7C", "AS", "KD", "QH", "JC", "9D"]
    dl = ["AH", "KS", "QS", "AD", "TD", "AC", "TC", "8S", "9S"]
    m = match(deck_for(nd, dl, "JH", "8C"), **MOSCOW, redeal_four=option)
    act(m, 0, "take")
    assert ("redeal" in m.legal_actions(0)) is offered
    if not offered:
        assert refuse(m, 0, "redeal").rule_id == "DB-REDEAL-2"
        return
    evs = act(m, 0, "redeal")
    thrown = [d for d in evs if d["type"] == "thrown_in"]
    assert thrown[0]["reason"] == "four_sevens" and sorted(thrown[0]["cards"]) == sorted(nd[:4])
    assert m.public_view()["dealer"] == 0


# -- the meld dialogue (table talk on)

E7_NONDEALER = ["AS", "KS", "QS", "9D", "7D", "JC", "9C", "7C", "TH"]
E7_DEALER = ["AH", "KH", "QH", "AD", "TD", "KC", "8C", "8S", "9S"]


def _e7(options: dict, bids: tuple[tuple[int, str], ...] = ((0, "take"),)) -> engine.Match:
    m = match(deck_for(E7_NONDEALER, E7_DEALER, "8H", "7S"), **options)
    for seat, code in bids:
        act(m, seat, code)
    return m


def test_dialogue_higher_type_good_or_nothing():  # DB-MOS-9
    fifty = ["AS", "KS", "QS", "JS", "7D", "9C", "7C", "TH", "8D"]
    terz = ["AH", "KH", "QH", "AD", "TD", "KC", "8C", "8S", "9S"]
    nothing = ["JS", "9D", "7D", "JC", "9C", "7C", "TH", "KD", "AC"]
    # the non-dealer declares a terz; the dealer holding a fifty declares the higher type
    m = match(deck_for(terz, fifty, "8H", "7S"), **MOSCOW)
    drive(m, [(0, "take"), (0, "declare:best"), (0, "play:AD")])
    assert m.legal_actions(1)[:2] == ["declare:best", "declare:none"]
    assert "ask:height" not in m.legal_actions(1)
    # the dealer holding a lower type may only say "good" (declare:none), revealing nothing
    m = match(deck_for(fifty, terz, "8H", "7S"), **MOSCOW)
    drive(m, [(0, "take"), (0, "declare:best"), (0, "play:7D")])
    assert [c for c in m.legal_actions(1) if not c.startswith("play")] == ["declare:none"]
    assert refuse(m, 1, "declare:best").rule_id == "DB-MOS-9"
    evs = act(m, 1, "declare:none")
    assert evs == [{"type": "declare", "seat": 1, "what": "none"}]
    # with no meld at all: only "good"
    m = match(deck_for(terz, nothing, "8H", "7S"), **MOSCOW)
    drive(m, [(0, "take"), (0, "declare:best"), (0, "play:AD")])
    assert [c for c in m.legal_actions(1) if not c.startswith("play")] == ["declare:none"]
    # after the first player declared nothing, any meld may be declared
    m = match(deck_for(terz, fifty, "8H", "7S"), **MOSCOW)
    drive(m, [(0, "take"), (0, "declare:none"), (0, "play:AD")])
    assert "declare:best" in m.legal_actions(1)


@pytest.mark.parametrize(("options", "winner"), [(MOSCOW, 1), (KHARKIV, 0)])
def test_dialogue_height(options, winner):  # DB-MOS-10
    m = _e7(options)
    drive(m, [(0, "declare:best"), (0, "play:7C")])
    assert m.legal_actions(1) == ["ask:height", "declare:none"]
    evs = act(m, 1, "ask:height")
    assert evs == [{"type": "declare", "seat": 1, "what": "terz"},
                   {"type": "ask", "seat": 1, "question": "height", "answer": "A",
                    "trump": False}]
    facts = [f for f in m.public_view()["facts"] if f["key"].startswith("meld_height")]
    assert facts == [{"key": "meld_height", "value": "height_A", "kind": "text", "seat": 0}]
    assert [c for c in m.legal_actions(1)] == ["play:8C", "play:KC"]  # it was his declaration
    evs = act(m, 1, "play:8C")
    assert [d["seat"] for d in evs if d["type"] == "melds_shown"] == [winner]


def test_dialogue_no_height_with_a_higher_type():  # DB-MOS-11
    terz = ["AH", "KH", "QH", "AD", "TD", "KC", "8C", "8S", "9S"]
    fifty = ["AS", "KS", "QS", "JS", "7D", "9C", "7C", "TH", "8D"]
    m = match(deck_for(terz, fifty, "8H", "7S"), **MOSCOW)
    drive(m, [(0, "take"), (0, "declare:best"), (0, "play:AD")])
    assert "ask:height" not in m.legal_actions(1)
    assert refuse(m, 1, "ask:height").rule_id == "DB-MOS-11"


def test_dialogue_no_height_without_the_type():  # DB-MOS-12
    fifty = ["AS", "KS", "QS", "JS", "7D", "9C", "7C", "TH", "8D"]
    terz = ["AH", "KH", "QH", "AD", "TD", "KC", "8C", "8S", "9S"]
    nothing = ["AH", "KH", "JH", "AD", "TD", "KC", "8C", "8S", "9S"]
    for dealer in (terz, nothing):
        m = match(deck_for(fifty, dealer, "8H", "7S"), **MOSCOW)
        drive(m, [(0, "take"), (0, "declare:best"), (0, "play:7D")])
        assert refuse(m, 1, "ask:height").rule_id == "DB-MOS-12"
    # and never without table talk, nor before the opponent declared
    m = _e7({})
    drive(m, [(0, "declare:best"), (0, "play:7C")])
    assert refuse(m, 1, "ask:height").rule_id == "DB-MOS-10"
    assert refuse(_e7(MOSCOW), 0, "ask:height").rule_id == "DB-MOS-10"


def test_melds_shown_after_trick_one():  # DB-MOS-13
    m = _e7(MOSCOW)
    evs = drive(m, [(0, "declare:best"), (0, "play:7C"), (1, "ask:height"), (1, "play:8C")])
    types = [d["type"] for d in evs]
    assert types[-2:] == ["trick", "melds_shown"]
    shown = evs[-1]
    assert shown["seat"] == 1 and [x["cards"] for x in shown["melds"]] == [["AH", "KH", "QH"]]


# "does my trump pass?" (E.11 has the worked cases)
E11_HOLDER = ["9H", "8H", "7H", "KD", "9D", "AC", "JC", "AS", "TS"]
E11_SPADES = ["9S", "8S", "7S", "AD", "TD", "QC", "8C", "JH", "KH"]
E11_CLUBS = ["TC", "9C", "8C", "AD", "TD", "QS", "JH", "KH", "7D"]


def test_does_my_trump_pass():  # DB-MOS-14
    m, tracker = tracked(deck_for(E11_HOLDER, E11_SPADES, "QH", "7C"), MOSCOW)
    drive(m, [(0, "take")], tracker)
    assert m.legal_actions(0) == ["ask:trump", "declare:best", "declare:none", "swap7"]
    evs = drive(m, [(0, "ask:trump")], tracker)
    assert evs == [{"type": "ask", "seat": 0, "question": "trump", "answer": "passes",
                    "trump": False}]
    assert {"key": "trump_passes", "value": "trump_passes", "kind": "text", "seat": 0} in (
        m.public_view()["facts"])
    assert "ask:trump" not in m.legal_actions(0)  # once
    assert refuse(m, 0, "ask:trump").rule_id == "DB-MOS-14"
    drive(m, [(0, "swap7")], tracker)  # he may still exchange after the answer
    assert "ask:trump" not in m.legal_actions(0)
    # not without table talk
    m = match(deck_for(E11_HOLDER, E11_SPADES, "QH", "7C"))
    act(m, 0, "take")
    assert refuse(m, 0, "ask:trump").rule_id == "DB-MOS-14"


def _e6(totals: list[int], b_declares: str = "declare:best") -> tuple[engine.Match,
                                                                      VariantTracker]:
    a = ["7S", "7D", "9D", "JD", "KD", "7H", "8H", "TH", "AH"]
    b = ["AS", "TS", "9S", "KS", "KH", "QH", "JH", "JC", "9C"]
    m, tracker = tracked(deck_for(a, b, "8C", "8S"), MOSCOW, totals=totals)
    drive(m, [(0, "pass"), (1, "take"), (0, "declare:none"), (0, "play:7S"), (1, b_declares),
              (1, "play:AS"), (1, "play:TS"), (0, "play:7D"), (1, "play:9S"), (0, "play:7H"),
              (1, "play:KS"), (0, "play:9D")], tracker)
    return m, tracker


def test_claim_after_a_trick():  # DB-MOS-15 (E.6 has the worked cases)
    m, tracker = _e6([300, 480])
    assert "claim" in m.legal_actions(1) and "play:KH" in m.legal_actions(1)
    evs = drive(m, [(1, "claim")], tracker)
    assert evs == [{"type": "claim", "seat": 1, "points": 45, "total": 525},
                   {"type": "match_over", "winner": 1,
                    "line": "Result: B wins by claim, 525 : 300", "totals": [300, 480]}]
    assert m.score_sheet["rows"] == [] and m.score_sheet["totals"] == [300, 480]
    # a claim that does not reach the target is not offered and is refused
    m, _ = _e6([300, 470], "declare:none")
    assert "claim" not in m.legal_actions(1)
    assert refuse(m, 1, "claim").rule_id == "DB-MOS-15"


def test_check_at_recording():  # DB-MOS-16
    m, tracker = tracked(E1_DECK, MOSCOW, totals=[400, 100])
    drive(m, [(0, "take"), *E1_TALK[:4], (0, "play:9H"), (1, "play:TH")], tracker)
    assert "claim" in m.legal_actions(0)  # 400 + 44 + 50 + 20 >= 501; he plays on
    evs = drive(m, E1_TALK[6:], tracker)
    assert evs[-1] == {"type": "match_over", "winner": 0, "line": "Result: A wins, 569 : 131",
                       "totals": [569, 131]}


def test_both_over_last_trick_wins():  # DB-MOS-17 (E.5 Moscow)
    m, tracker = tracked(E1_DECK, MOSCOW, totals=[470, 480])
    evs = drive(m, [(0, "take"), *E1_TALK], tracker)
    assert evs[-1]["line"] == "Result: B wins, 511 : 639"  # B took trick 9
    classic = with_state(match(E1_DECK), totals=[470, 480])
    evs = drive(classic, [(0, "take"), *E1_MOVES])
    assert evs[-1]["line"] == "Result: B wins, 501 : 500"  # DB-END-4 instead


def test_bait_through_the_last_trick_ends_nothing():  # DB-MOS-18
    m, tracker = tracked(E1_DECK, MOSCOW, totals=[100, 480])
    drive(m, [(0, "pass"), (1, "take"), *E1_TALK[:-2]], tracker)
    assert "claim" not in m.legal_actions(1)  # 480 + 11 < 501 after trick 8
    evs = drive(m, E1_TALK[-2:], tracker)
    s = next(d for d in evs if d["type"] == "deal_scored")
    assert s["outcome"] == "bait" and s["sides"][1]["deal_points"] == 31
    assert not m.is_over and m.score_sheet["totals"] == [300, 480]


def test_manual_scoring_changes_nothing():  # DB-ERR-1, DB-ERR-2, DB-ERR-3
    runs = []
    for value in ("off", "on"):
        m = match(seed=5, **MOSCOW, manual_scoring=value)
        play_random(m, {**MOSCOW, "manual_scoring": value}, random.Random(5))
        runs.append(([e.to_dict() for e in m.events], m.score_sheet))
    assert runs[0] == runs[1]


# ================================================================ B.2 Kharkiv, B.3 game to 301


def test_kharkiv_is_moscow_but_order_decides():  # DB-KHA-1
    assert resolve_options(2, KHARKIV) == {**resolve_options(2, MOSCOW), "ruleset": "kharkiv",
                                           "tie": "order_only"}
    m = _e7(KHARKIV)
    shown = [d for d in drive(m, [(0, "declare:best"), (0, "play:7C"), (1, "ask:height"),
                                 (1, "play:8C")]) if d["type"] == "melds_shown"]
    assert [d["seat"] for d in shown] == [0]


def test_kharkiv_trump_ace_terz_not_the_best():  # DB-KHA-2
    # the dealer's terz A-K-Q is in trumps; the non-dealer's plain A-K-Q was declared first
    m = _e7(KHARKIV)
    evs = drive(m, [(0, "declare:best"), (0, "play:7C"), (1, "ask:height"), (1, "play:8C")])
    shown = next(d for d in evs if d["type"] == "melds_shown")
    assert shown["seat"] == 0 and shown["melds"][0]["cards"] == ["AS", "KS", "QS"]


@pytest.mark.parametrize("ruleset", ["moscow", "kharkiv"])
def test_game_to_301(ruleset):  # DB-301-1
    m, tracker = tracked(E1_DECK, {"ruleset": ruleset, "target": 301}, totals=[240, 0])
    drive(m, [(0, "take"), *E1_TALK[:4]], tracker)
    assert "claim" in m.legal_actions(0)  # 240 + 20 + 50 + 20 = 330 >= 301
    evs = drive(m, [(0, "claim")], tracker)
    assert evs[-1]["line"] == "Result: A wins by claim, 330 : 0"
    facts = {f["key"]: f["value"] for f in m.public_view()["facts"]}
    assert facts["target"] == 301
