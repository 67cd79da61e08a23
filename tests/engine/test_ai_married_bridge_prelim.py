"""The strong level's preliminary play of Married bridge: more worlds, and the hand it builds.

The preliminary tricks score nothing (MB-PRE-7): they shape the two hands the auction and the
main play are played with (MB-PRE-6), and with the talon hidden each search samples worlds.
A rolled-out world is valued by the game's result plus ``hand_margin``, a smooth measure of
how far the highest contract the seat's built hand makes stands above the opponent's.
"""

from __future__ import annotations

import random

import engine
from engine.ai import get_player
from engine.ai.married_bridge import PRELIM_WORLDS, MarriedBridgeAI, hand_margin
from engine.married_bridge.game import MarriedBridgeMatch
from engine.married_bridge.rules import CARDS52


def test_hand_margin_favours_the_long_strong_hand() -> None:  # MB-BID-2, MB-BID-3, MB-PLAY-5
    # seven top spades and the top two of each other suit: 7S and 7NT make
    strong = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "AH", "KH", "AD", "KD", "AC", "KC"]
    # low cards of three suits: not even 1C makes
    weak = ["2H", "3H", "4H", "5H", "2D", "3D", "4D", "5D", "2C", "3C", "4C", "5C", "6C"]
    assert hand_margin([strong, weak], 0) > 5 * 5  # more than five levels of the ladder
    assert hand_margin([strong, weak], 1) == -hand_margin([strong, weak], 0)
    assert hand_margin([weak, strong], 1) > 0


def test_hand_margin_is_zero_when_both_make_the_top_contract() -> None:  # MB-PLAY-1, MB-BID-3
    # each holds a whole suit and leads it as declarer: both make 7NT, the top of the ladder
    hearts = [c for c in CARDS52 if c[1] == "H"]
    spades = [c for c in CARDS52 if c[1] == "S"]
    assert hand_margin([spades, hearts], 0) == 0
    assert hand_margin([spades, hearts], 1) == 0


def test_preliminary_searches_sample_more_worlds() -> None:  # MB-PRE-6, MB-INFO-2
    m = engine.get_game("married_bridge").new_match(players=2, options={}, seed=3)
    ai = MarriedBridgeAI()
    assert isinstance(m, MarriedBridgeMatch)
    seat = m.to_move
    assert seat is not None and m._s.phase == "preliminary"
    assert ai.worlds(m, seat, 10) == 10 * PRELIM_WORLDS
    normal = get_player("normal", "married_bridge")
    rng = random.Random(3)
    while m._s.phase == "preliminary":
        s = m.to_move
        assert s is not None
        m.apply(s, normal.choose(m, s, random.Random(rng.getrandbits(64))))
    seat = m.to_move
    assert seat is not None
    assert ai.worlds(m, seat, 10) == 1  # the talon is empty: every card is known
