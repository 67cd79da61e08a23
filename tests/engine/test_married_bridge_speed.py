"""Married bridge's playout speed-ups keep the rules (#19).

- ``legal_actions`` lists a seat's cards from sorted codes kept between listings (a play takes
  its code out, a draw puts the drawn card's in): the listing is always the rules' own
  ``prelim.play_codes`` / ``mainplay.play_codes`` sorted (MB-PRE-1/2, MB-PLAY-1/3/4/6), also
  after clones and after a bot-style replacement of a clone's hand by another list.
- A code applied without a listing first is checked, and leaves no listing trusted behind: the
  same seat's next code is checked again (MB-PRE-2: he may not play twice to a trick).
"""

from __future__ import annotations

import random

import pytest

import engine
from engine.errors import IllegalAction
from engine.married_bridge import mainplay, prelim
from engine.married_bridge.game import MarriedBridgeMatch

OPTIONS: tuple[dict[str, object], ...] = ({}, {"manual_draws": True,
                                              "match_format": "rubber_of_two"})


def _rules_listing(m: MarriedBridgeMatch, seat: int) -> list[str] | None:
    """The plain rules' play codes of ``seat``, sorted; None outside the card play."""
    s = m._s
    if s.phase == "preliminary" and not s.drawing:
        return sorted(prelim.play_codes(s, seat))
    if s.phase == "main_play":
        return sorted(mainplay.play_codes(s, seat))
    return None


@pytest.mark.parametrize("options", OPTIONS)
def test_listing_is_the_rules_play_codes(options: dict[str, object]) -> None:
    game = engine.get_game("married_bridge")
    for seed in range(8):
        m = game.new_match(players=2, options=options, seed=seed)
        assert isinstance(m, MarriedBridgeMatch)
        rng = random.Random(seed)
        while not m.is_over:
            for p in (0, 1):
                expected = _rules_listing(m, p)
                if expected is not None:
                    assert m.legal_actions(p) == expected
            if rng.random() < 0.1:  # a clone, its hand then replaced as a bot's guess would
                twin = m.clone()
                assert isinstance(twin, MarriedBridgeMatch)
                p = rng.randrange(2)
                twin._s.hands[p] = list(reversed(twin._s.hands[p]))
                expected = _rules_listing(twin, p)
                if expected is not None:
                    assert twin.legal_actions(p) == expected
            seat = m.to_move
            assert seat is not None
            m.apply(seat, rng.choice(m.legal_actions(seat)))


def test_unlisted_apply_leaves_nothing_trusted() -> None:  # MB-PRE-2
    game = engine.get_game("married_bridge")
    m = game.new_match(players=2, seed=3)
    seat = m.to_move
    assert seat is not None
    codes = game.from_json(m.to_json()).legal_actions(seat)  # listed on a copy, not on m
    m.apply(seat, codes[0])  # checked in full: nothing was listed on m
    with pytest.raises(IllegalAction) as info:
        m.apply(seat, codes[1])  # his second card to the same trick
    assert info.value.rule_id == "MB-PRE-2"
