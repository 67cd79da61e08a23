"""A tied Berg deal says why it is a tie (#18/#20): the ``deal_scored`` event carries the cause,
so the group message can tell it (BERG-TIE-1, BERG-TIE-2, BERG-TIE-10, BERG-TURNOVER-4)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import get_game

from .berg_helpers import act, arrange, deck_for, new_match


def _scored(evs: list[dict[str, Any]]) -> dict[str, Any]:
    return next(e for e in evs if e["type"] == "deal_scored")


def test_fifth_turnover_is_the_cause():  # BERG-TIE-1, BERG-TURNOVER-4
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={0: ["KD"]}, pile=[(c, 1) for c in ("8S", "8H", "8D", "8C", "9S", "9H")],
            stock=[], turn=0, turnovers=4, rest_to=2)
    e = _scored(act(m, 0, "draw"))
    assert (e["outcome"], e["cause"]) == ("tie", "fifth_turnover")


@pytest.mark.parametrize("convention", ["with_tie", "no_tie_one_deck"])
def test_exhausted_stock_is_the_cause(convention):  # BERG-TIE-2, BERG-TIE-3
    m = new_match(deck_for({}, "9C"), tie_convention=convention)
    arrange(m, hands={0: ["KD"]}, pile=[("9S", 1)], stock=[], turn=0, rest_to=2)
    e = _scored(act(m, 0, "draw"))
    assert (e["outcome"], e["cause"]) == ("tie", "exhausted")


def test_bound_is_the_cause():  # BERG-TIE-10
    m = new_match(deck_for({}, "9C"), tie_convention="no_tie_two_deck")
    arrange(m, hands={0: ["KD"]}, pile=[("9S", 1), ("9H", 2), ("9D", 3)], stock=[], turn=0,
            turnovers=30, exchanges=20, rest_to=2)
    e = _scored(act(m, 0, "draw"))
    assert (e["outcome"], e["cause"]) == ("tie", "bound")


def test_a_forced_draw_tie_says_so_too():  # BERG-TIE-2, BERG-EFF-6
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={0: ["7D", "KD"], 2: ["8S"]}, pile=[("9D", 3)], stock=[], turn=0,
            rest_to=1)
    evs = act(m, 0, "play:7D")  # seat 1 must draw 2; the pile is only the 7
    e = _scored(evs)
    assert (e["outcome"], e["cause"]) == ("tie", "exhausted")


def test_a_won_deal_has_no_cause_and_the_log_round_trips():  # BERG-SCORE-1
    m = new_match(deck_for({}, "9C"))
    arrange(m, hands={0: ["KD"]}, pile=[("9S", 1)], stock=[], turn=0, rest_to=2)
    act(m, 0, "draw")  # a tie: the next deal is dealt
    tie = _scored([e.to_dict() for e in m.events])
    assert tie["cause"] == "exhausted"
    data = json.loads(json.dumps(m.to_json()))
    again = get_game("berg").from_json(data)
    assert again.to_json() == data  # the stored log keeps the cause exactly
    assert [e.to_dict() for e in again.events] == data["events"]
    won = new_match(deck_for({}, "9C"))
    arrange(won, hands={0: ["KC"]}, pile=[("9C", 1)], stock=["5S"], turn=0, rest_to=2)
    assert "cause" not in _scored(act(won, 0, "play:KC"))
