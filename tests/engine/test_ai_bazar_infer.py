"""Bazar-Belot's strong level imagines hidden hands that fit the public calls and declarations.

``engine.ai.bazar_infer.misfit`` reads each call and declaration by the rule-based bidder's
own estimate: hands of players who bid by those rules fit exactly (misfit 0), hands dealt at
random mostly do not, and the world the strong level samples fits far better than random.
"""

from __future__ import annotations

import random
import statistics

import engine
from engine.ai import get_player
from engine.ai.bazar_belot import (
    MARGIN,
    PARTNER_BID_BONUS,
    PARTNER_SHARE,
    BazarBelotAI,
    knowledge,
    strain_points,
)
from engine.ai.bazar_infer import DECLARED, misfit
from engine.ai.dd_games import position
from engine.bazar_belot.game import BazarBelotMatch
from engine.bazar_belot.state import State
from engine.belote.common import CARDS32

SEEDS = range(12)


def _first_card(seed: int) -> BazarBelotMatch | None:
    """Seed ``seed`` bid and declared by the normal level up to the first card of its play."""
    m = engine.get_game("bazar_belot").new_match(players=4, options={}, seed=seed)
    assert isinstance(m, BazarBelotMatch)
    normal = get_player("normal", "bazar_belot")
    rng = random.Random(seed)
    while position(m) is None:
        if m.is_over or m._s.deal_no > 1:
            return None
        seat = m.to_move
        assert seat is not None
        m.apply(seat, normal.choose(m, seat, random.Random(rng.getrandbits(64))))
    return m


def _misfit(s: State, hands: dict[int, list[str]]) -> float:
    return misfit(s, hands, strain_points, partner_share=PARTNER_SHARE,
                  partner_bonus=PARTNER_BID_BONUS, margin=MARGIN)


def test_the_real_hands_of_rule_bidders_fit_exactly() -> None:  # BB-BID-1, BB-MELD-4
    checked = 0
    for seed in SEEDS:
        m = _first_card(seed)
        if m is None:
            continue
        s = m._s
        others = {p: list(s.hands[p]) for p in range(4) if p != s.turn}
        assert _misfit(s, others) == 0.0, seed
        checked += 1
    assert checked >= 8


def test_sampled_worlds_fit_better_than_random_deals() -> None:
    ai = BazarBelotAI()
    fitted, unfitted = [], []
    for seed in SEEDS:
        m = _first_card(seed)
        if m is None:
            continue
        seat = m._s.turn
        k = knowledge(m)
        others = [p for p in range(4) if p != seat]
        for i in range(6):
            for on, out in ((True, fitted), (False, unfitted)):
                ai.infer_calls = on
                w = ai.world(m, seat, random.Random(i))
                assert isinstance(w, BazarBelotMatch)
                assert w._s.hands[seat] == m._s.hands[seat]
                held = {p: w._s.hands[p] + k.played.get(p, []) for p in others}
                out.append(_misfit(m._s, held))
    assert statistics.mean(fitted) < statistics.mean(unfitted) / 3


def test_a_declared_none_rules_out_a_meld() -> None:  # BB-MELD-4, BB-MELD-13
    m = _first_card(0)
    assert m is not None
    s = m._s
    s.calls = []
    seat = next(p for p in range(4) if p != s.turn)
    s.declared[seat] = "none"
    terz = [c for c in CARDS32 if c[1] == "S" and c[0] in "AKQ"]
    plain = ["7H", "9H", "JD", "7C", "9C"]  # no sequence, no four
    assert _misfit(s, {seat: terz + plain}) == DECLARED
    assert _misfit(s, {seat: ["7S", *plain, "TD", "QH"]}) == 0.0
    s.declared[seat] = "best"
    assert _misfit(s, {seat: terz + plain}) == 0.0
