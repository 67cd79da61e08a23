"""Married bridge's strong level imagines the opponent's hand within what the preliminary play
showed: a suit he failed to follow (MB-PRE-2) he holds at most as often as he has drawn since
(MB-PRE-5), less what of it he has played.
"""

from __future__ import annotations

import random

import engine
from engine.ai import get_player
from engine.ai.married_bridge import (
    MarriedBridgeAI,
    greedy_follow,
    greedy_lead,
    prelim_card,
    tricks,
)
from engine.ai.mb_infer import deal_capped, suit_caps
from engine.married_bridge.game import MarriedBridgeMatch
from engine.married_bridge.rules import CARDS52, power


def _count(hand: list[str], x: str) -> int:
    return sum(1 for c in hand if c[1] == x)


def test_the_caps_hold_for_the_real_hand_and_the_worlds_keep_them() -> None:  # MB-PRE-2
    normal = get_player("normal", "married_bridge")
    ai = MarriedBridgeAI()
    capped = 0
    for seed in range(40):
        m = engine.get_game("married_bridge").new_match(players=2, options={}, seed=seed)
        assert isinstance(m, MarriedBridgeMatch)
        rng = random.Random(seed)
        while m._s.phase == "preliminary":
            seat = m.to_move
            assert seat is not None
            opp = 1 - seat
            caps = suit_caps(m, opp)
            for x, n in caps.items():
                assert _count(m._s.hands[opp], x) <= n, (seed, x)
            if caps:
                capped += 1
                w = ai.world(m, seat, random.Random(capped))
                assert isinstance(w, MarriedBridgeMatch)
                assert len(w._s.hands[opp]) == len(m._s.hands[opp])
                for x, n in caps.items():
                    assert _count(w._s.hands[opp], x) <= n, (seed, x)
            m.apply(seat, normal.choose(m, seat, random.Random(rng.getrandbits(64))))
    assert capped >= 10


def test_deal_capped_fills_the_hand_when_the_caps_cannot_hold() -> None:
    spades = [c for c in CARDS52 if c[1] == "S"][:5]
    hand, rest = deal_capped(spades, 3, {"S": 1}, random.Random(0))
    assert len(hand) == 3 and sorted(hand + rest) == sorted(spades)
    mixed = [*spades, "2H", "3H", "4H"]
    for i in range(20):
        hand, rest = deal_capped(mixed, 3, {"S": 1}, random.Random(i))
        assert _count(hand, "S") <= 1 and sorted(hand + rest) == sorted(mixed)


def test_the_shedding_rule_is_unchanged() -> None:
    rng = random.Random(0)
    for _ in range(2000):
        hand = rng.sample(CARDS52, 13)
        legal = [c for c in hand if rng.random() < 0.5] or hand[:1]

        def keep(c: str, hand: list[str] = hand) -> tuple[float, str]:
            length = sum(1 for x in hand if x[1] == c[1])
            return (float("23456789TJQKA".index(c[0]) + 1) + 1.5 * length
                    + (3 if c[0] in "AK" else 0), c)
        assert prelim_card(hand, legal) == min(legal, key=keep)


def test_the_outlook_plays_the_greedy_cards() -> None:  # MB-PLAY-3, MB-PLAY-5
    rng = random.Random(1)
    for _ in range(1500):
        n = rng.randint(1, 13)
        deal = rng.sample(CARDS52, 2 * n)
        trump = rng.choice([None, "S", "H", "D", "C"])
        leader = rng.randint(0, 1)
        h = [deal[:n], deal[n:]]
        seat, won = leader, [0, 0]
        while h[seat]:
            first = greedy_lead(h[seat], h[1 - seat], trump)
            h[seat].remove(first)
            reply = greedy_follow(h[1 - seat], first, trump)
            h[1 - seat].remove(reply)
            if (reply[1] == first[1] and power(reply) > power(first)) or (
                    reply[1] != first[1] and reply[1] == trump):
                seat = 1 - seat
            won[seat] += 1
        assert tricks([deal[:n], deal[n:]], trump, leader) == won
