"""Deberts Part B.4-B.5: short one-deal games in stakes and the "dave" (docs/rules/deberts.md),
one test per rule id DB-SHORT-1..7 and DB-DAVE-1..7. The deal of E.1 gives seat 0 169 deal points
and seat 1 31, whoever declares.
"""

from __future__ import annotations

import pytest

import engine
from engine import InvalidOptions
from engine.deberts.short import net_cell, nets_line, next_stake, short_nets

from .deberts_helpers import E1_DECK, E1_MOVES, act, refuse
from .deberts_ref import VariantTracker, drive

SEAT0_TAKES = ((0, "take"),)
SEAT1_TAKES = ((0, "pass"), (1, "take"))


def match(players: int = 2, deck: list[str] | None = E1_DECK, **options: object) -> engine.Match:
    return engine.get_game("deberts").new_match(players=players, options=options, seed=7,
                                                deck=deck)


def play_e1(fmt: str, bids: tuple[tuple[int, str], ...], **options: object) -> list[dict]:
    opts = {"format": fmt, **options}
    m = match(**opts)
    return drive(m, [*bids, *E1_MOVES], VariantTracker(m, opts))


def test_short_game_under_any_ruleset():  # DB-SHORT-1
    for ruleset, talk in (("classic", False), ("moscow", True), ("kharkiv", True)):
        m = match(format="short_bait", ruleset=ruleset)
        drive(m, [(0, "take"), (0, "declare:best"), (0, "play:JH")])
        assert ("declare:best" in m.legal_actions(1)) is not talk  # the dialogue of B.1
        facts = {f["key"]: f["value"] for f in m.public_view()["facts"]}
        assert facts["format"] == "short_bait" and "target" not in facts


@pytest.mark.parametrize("bids", [SEAT0_TAKES, SEAT1_TAKES])
def test_without_bait_two(bids):  # DB-SHORT-2
    evs = play_e1("short_no_bait", bids)
    assert evs[-1] == {"type": "match_over", "winner": None, "line": "Result: A +1, B -1",
                       "totals": [1, -1]}
    assert short_nets("short_no_bait", declarer=0, deal_points=(80, 80)) == ("short_tie", [0, 0])


def test_without_bait_three():  # DB-SHORT-3
    assert short_nets("short_no_bait", declarer=1, deal_points=(40, 70, 52)) == (
        "short_won", [-1, 2, -1])
    assert short_nets("short_no_bait", declarer=1, deal_points=(70, 70, 22)) == (
        "short_tie", [0, 0, 0])


def test_with_bait_two():  # DB-SHORT-4 (E.9 first case)
    assert play_e1("short_bait", SEAT0_TAKES)[-1]["line"] == "Result: A +1, B -1"
    assert play_e1("short_bait", SEAT1_TAKES)[-1]["line"] == "Result: A +2, B -2"
    assert short_nets("short_bait", declarer=0, deal_points=(70, 80)) == ("bait", [-2, 2])
    assert short_nets("short_bait", declarer=0, deal_points=(90, 80)) == ("made", [1, -1])
    assert short_nets("short_bait", declarer=0, deal_points=(80, 80)) == ("short_tie", [0, 0])


def test_with_bait_three():  # DB-SHORT-5 (E.9 second case)
    assert short_nets("short_bait", declarer=0, deal_points=(90, 60, 95)) == (
        "bait", [-2, 1, 1])
    assert short_nets("short_bait", declarer=0, deal_points=(96, 60, 95)) == (
        "made", [2, -1, -1])
    assert short_nets("short_bait", declarer=0, deal_points=(95, 60, 95)) == (
        "short_tie", [0, 0, 0])


def test_one_row_of_stakes():  # DB-SHORT-6
    opts = {"format": "short_bait", "ruleset": "moscow", "offer_fifty": "on", "target": 301}
    m = match(**opts)
    tracker = VariantTracker(m, opts)
    drive(m, [(0, "take")], tracker)  # no offer of fifty in a short game
    talk = [(0, "declare:best"), (0, "play:JH"), (1, "declare:none"), (1, "play:7H"),
            *E1_MOVES[4:]]
    for seat, code in talk:
        assert "claim" not in m.legal_actions(seat)  # 169 > 301? never counted: no target
        drive(m, [(seat, code)], tracker)
    sheet = m.score_sheet
    assert sheet["rows"] == [{"deal": 1, "cells": ["+1", "-1"], "points": [1, -1],
                              "note": "made"}]
    assert sheet["totals"] == [1, -1] and sheet["pot"] == 0
    assert sheet["result"] == {"winner": None, "line": "Result: A +1, B -1", "score": [1, -1]}
    assert [net_cell(n) for n in (2, -1, 0)] == ["+2", "-1", "0"]
    assert nets_line([-2, 1, 1]) == "Result: A -2, B +1, C +1"
    assert nets_line([0, 0]) == "Result: A 0, B 0"


def test_thrown_in_is_redealt():  # DB-SHORT-7
    m = match(format="short_no_bait")
    evs = drive(m, [(0, "pass"), (1, "pass"), (0, "pass"), (1, "pass")])
    assert [d["type"] for d in evs][-2:] == ["thrown_in", "deal"]
    assert not m.is_over and m.public_view()["dealer"] == 0 and m.score_sheet["rows"] == []


# ================================================================ dave


def test_dave_offer_and_answers():  # DB-DAVE-1
    m = match(format="short_dave")
    assert "dave" in m.legal_actions(0)
    evs = act(m, 0, "dave")
    assert evs == [{"type": "stake", "seat": 0, "call": "dave", "stake": 2}]
    assert m.to_move == 1 and m.legal_actions(1) == ["dave:accept", "dave:concede"]
    assert m.legal_actions(0) == []
    assert refuse(m, 1, "pass").rule_id == "DB-DAVE-1"
    act(m, 1, "dave:accept")
    assert m.to_move == 0 and m.legal_actions(0) == ["pass", "take"]  # his call is still due
    # the opponent concedes a later dave: he pays the stake in force
    act(m, 0, "take")
    drive(m, [(0, "declare:best"), (0, "play:JH"), (1, "dave"), (0, "dave:concede")])
    assert m.is_over
    assert m.score_sheet["rows"] == [{"deal": 1, "cells": ["-2", "+2"], "points": [-2, 2],
                                      "note": "conceded"}]
    assert m.score_sheet["result"] == {"winner": None, "line": "Result: A -2, B +2",
                                       "score": [-2, 2]}


def test_dave_progressions():  # DB-DAVE-2
    for progression, ladder in (("arithmetic", [1, 2, 3, 4]), ("geometric", [1, 2, 4, 8])):
        assert [next_stake(x, progression) for x in ladder[:-1]] == ladder[1:]
    m = match(format="short_dave", dave_progression="geometric")
    stakes = [d["stake"] for d in drive(m, [(0, "dave"), (1, "dave:accept"), (0, "pass"),
                                            (1, "dave"), (0, "dave:accept")])
              if d["type"] == "stake"]
    assert stakes == [2, 2, 4, 4]


def test_dave_right_goes_to_the_acceptor():  # DB-DAVE-3 (E.9)
    m = match(format="short_dave")
    drive(m, [(0, "dave"), (1, "dave:accept")])
    assert "dave" not in m.legal_actions(0)
    assert refuse(m, 0, "dave").rule_id == "DB-DAVE-3"
    drive(m, [(0, "pass")])
    assert "dave" in m.legal_actions(1)
    drive(m, [(1, "dave"), (0, "dave:accept"), (1, "pass")])
    assert "dave" in m.legal_actions(0)


def test_dave_only_at_own_turn_until_the_last_card():  # DB-DAVE-4
    m = match(format="short_dave")
    assert m.legal_actions(1) == []
    assert refuse(m, 1, "dave").rule_id.startswith("DB-")
    drive(m, [(0, "take")])
    assert "dave" in m.legal_actions(0)  # at the declaration moment
    drive(m, list(E1_MOVES[:-1]))
    assert m.legal_actions(0) == ["dave", "play:8D"]  # his card in the last trick
    drive(m, [(0, "play:8D")])
    assert m.is_over  # the deal is over: no more dave


def test_dave_stake_at_the_end_of_the_deal():  # DB-DAVE-5
    m = match(format="short_dave")
    tracker = VariantTracker(m, {"format": "short_dave"})
    drive(m, [(0, "dave"), (1, "dave:accept"), (0, "take"), *E1_MOVES], tracker)
    assert m.score_sheet["result"]["line"] == "Result: A +2, B -2"
    assert short_nets("short_dave", declarer=0, deal_points=(81, 81), stake=4) == (
        "short_tie", [0, 0])


def test_dave_survives_a_redeal():  # DB-DAVE-6
    m = match(format="short_dave")
    drive(m, [(0, "dave"), (1, "dave:accept"), (0, "pass"), (1, "pass"), (0, "pass"),
              (1, "pass")])
    facts = {f["key"]: f["value"] for f in m.public_view()["facts"]}
    assert facts["stake"] == 2 and facts["dave_right"] == 1
    assert m.to_move == 1 and "dave" in m.legal_actions(1)
    drive(m, [(1, "pass")])
    assert "dave" not in m.legal_actions(0)


def test_dave_needs_two_players():  # DB-DAVE-7
    with pytest.raises(InvalidOptions) as info:
        engine.get_game("deberts").new_match(players=3, options={"format": "short_dave"},
                                             seed=1)
    assert info.value.rule_id == "DB-DAVE-1" and info.value.option == "format"
    for fmt in ("short_no_bait", "short_bait"):
        assert match(players=3, deck=None, format=fmt).players == 3
