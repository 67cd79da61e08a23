"""The strong level plays Married bridge's main play double dummy where it can prove the card.

(And the solver's two-card trick winner of Married bridge agrees with the rules' for every pair.)

In the main play every card is known to both players (MB-INFO-2: the talon is gone, so the
opponent holds every card neither in one's hand nor played), so the best card is a matter of
search, not of guessing: the strong bot plays a card that keeps the double-dummy value whenever a
fresh solver finds it within ``EXACT_NODES`` positions, and a node limit, being a count of one
fresh search, gives the same answer every time.
"""

from __future__ import annotations

import random

import pytest

import engine
from engine.ai import get_player
from engine.ai.dd import NodeLimit, Solver
from engine.ai.dd_games import Position, position
from engine.ai.married_bridge import EXACT_NODES, MarriedBridgeAI, dd_call
from engine.married_bridge.game import MarriedBridgeMatch
from engine.married_bridge.rules import BIDS, CARDS52, bid_rank, trick_winner
from engine.match import Match


def _main_play(seed: int) -> Match:
    """Seed ``seed`` played by the normal level up to the first card of the main play."""
    m = engine.get_game("married_bridge").new_match(players=2, options={}, seed=seed)
    normal = get_player("normal", "married_bridge")
    rng = random.Random(seed)
    while position(m) is None:
        seat = m.to_move
        assert seat is not None
        m.apply(seat, normal.choose(m, seat, random.Random(rng.getrandbits(64))))
    return m


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_strong_plays_a_double_dummy_card_in_the_main_play(seed: int) -> None:  # MB-INFO-2
    m = _main_play(seed)
    strong = get_player("strong", "married_bridge")
    checked = 0
    while (pos := position(m)) is not None and len(pos.hands[pos.turn]) > 6:
        seat = pos.turn
        best = Solver(pos.rules(pos.sides[seat])).best_cards(pos.hands, pos.trick, seat)
        try:
            Solver(pos.rules(pos.sides[seat]), limit=EXACT_NODES).best_card(
                pos.hands, pos.trick, seat)
            provable = True
        except NodeLimit:
            provable = False
        code = strong.choose(m, seat, random.Random(seed))
        if provable and len(m.legal_actions(seat)) > 1:
            assert code[5:] in best, (seat, code, best)
            checked += 1
        m.apply(seat, code)
    assert checked >= 4


def test_exact_is_none_outside_the_main_play() -> None:  # MB-PRE-1
    m = engine.get_game("married_bridge").new_match(players=2, options={}, seed=3)
    seat = m.to_move
    assert seat is not None
    assert MarriedBridgeAI().exact(m, seat, m.legal_actions(seat)) is None


def test_a_node_limit_is_a_property_of_the_position() -> None:  # MB-INFO-2
    pos = position(_main_play(3))
    assert pos is not None
    outcomes = []
    for _ in range(2):
        solver = Solver(pos.rules(pos.sides[pos.turn]), limit=500)
        try:
            outcomes.append(solver.best_card(pos.hands, pos.trick, pos.turn))
        except NodeLimit as e:
            outcomes.append(f"limit {e.args[0]}")
    assert outcomes[0] == outcomes[1]


def test_the_solvers_two_card_winner_is_the_rules_winner() -> None:  # MB-PLAY-5
    for trump in (None, "S", "H", "D", "C"):
        rules = Position([[], []], [], 0, "married_bridge", "tricks", (0, 1), (trump,)).rules(0)
        for a in CARDS52:
            for b in CARDS52:
                if a != b:
                    assert rules.winner([a, b]) == trick_winner([a, b], trump), (a, b, trump)


def test_a_log_cut_short_gives_the_same_exact_card() -> None:  # MB-INFO-2
    m = _main_play(2)
    data = m.to_json()
    plays = [i for i, e in enumerate(data["events"]) if e["type"] == "play"]
    # the last preliminary trick's two cards are no longer in the events
    data["events"] = [e for i, e in enumerate(data["events"]) if i not in plays[-2:]]
    cut = engine.get_game("married_bridge").from_json(data)
    seat = cut.to_move
    assert seat is not None
    codes = cut.legal_actions(seat)
    card = MarriedBridgeAI().exact(m, seat, codes)
    assert card is not None
    assert MarriedBridgeAI().exact(cut, seat, codes) == card


@pytest.mark.parametrize("phase", ["preliminary", "main_play"])
def test_strong_decides_from_a_log_cut_short(phase: str) -> None:  # MB-INFO-2
    """A stored match keeps the current deal's events only, and a log may lack played cards:
    the strong bot still decides (the played cards are what no hand, talon or trick holds)."""
    m = _main_play(2)
    if phase == "preliminary":
        m = engine.get_game("married_bridge").new_match(players=2, options={}, seed=2)
        normal = get_player("normal", "married_bridge")
        for _ in range(9):  # into the preliminary play: tricks and draws
            seat = m.to_move
            assert seat is not None
            m.apply(seat, normal.choose(m, seat, random.Random(0)))
    data = m.to_json()
    plays = [i for i, e in enumerate(data["events"]) if e["type"] == "play"]
    data["events"] = [e for i, e in enumerate(data["events"]) if i not in plays[-2:]]
    cut = engine.get_game("married_bridge").from_json(data)
    seat = cut.to_move
    assert seat is not None
    strong = get_player("strong", "married_bridge")
    assert strong.choose(cut, seat, random.Random(4)) in cut.legal_actions(seat)
    world = MarriedBridgeAI().world(cut, seat, random.Random(4))
    assert isinstance(world, MarriedBridgeMatch) and isinstance(m, MarriedBridgeMatch)
    assert sorted(world._s.hands[seat]) == sorted(m._s.hands[seat])
    assert len(world._s.hands[1 - seat]) == len(m._s.hands[1 - seat])
    assert len(world._s.talon) == len(m._s.talon)


def _calls(last: tuple[int, str] | None, contra: bool = False) -> list[str]:
    """The calls a seat has over ``last`` (MB-BID-3, MB-BID-7 with escape)."""
    floor = bid_rank(*last) if last else -1
    higher = [f"bid:{lv}:{x}" for lv, x in BIDS if bid_rank(lv, x) > floor]
    if last is None:
        return higher
    return ["pass", "recontra", *higher] if contra else [*higher, "contra", "pass"]


def test_dd_call_lets_a_failing_contract_stand_and_outbids_a_making_one() -> None:  # MB-SCORE-4
    # seat 0 makes up to 3S; seat 1 makes up to 2H
    def test(strain: str, declarer: int, level: int) -> bool:
        return ((declarer, strain) == (0, "S") and level <= 3) or \
            ((declarer, strain) == (1, "H") and level <= 2)

    assert dd_call(0, _calls(None), test, None, None) == "bid:1:S"
    assert dd_call(0, _calls((2, "H")), test, (2, "H"), 1) == "bid:2:S"  # 2H makes
    assert dd_call(0, _calls((3, "H")), test, (3, "H"), 1) == "pass"  # 3H fails
    assert dd_call(1, _calls((3, "S")), test, (3, "S"), 0) is None  # 3S makes, no way out
    assert dd_call(0, _calls((3, "S"), True), test, (3, "S"), 0) == "recontra"
    assert dd_call(0, _calls((4, "S"), True), test, (4, "S"), 0) is None  # no escape makes
