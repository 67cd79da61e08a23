"""Bazar-Belot's strong level values an imagined world's last tricks by the exact deal score.

``engine.ai.bazar_exact.exact_score`` solves the rest of a world's card play double dummy and
scores the deal from it; playing that rest out card by card with the solver's cards on both
sides must end in the very score the game writes (BB-SCORE-2 to BB-SCORE-10), belas said as
they fall.
"""

from __future__ import annotations

import random

import pytest

import engine
from engine.ai import get_player
from engine.ai.bazar_exact import exact_score
from engine.ai.dd import Solver
from engine.ai.dd_games import position
from engine.bazar_belot.game import BazarBelotMatch
from engine.events import DealScored


def _late(seed: int, tricks_left: int) -> BazarBelotMatch | None:
    """Seed ``seed`` played by the normal level until every hand holds ``tricks_left`` cards
    at a trick's start (None if the first deal has no such point: kapo on one hand)."""
    m = engine.get_game("bazar_belot").new_match(players=4, options={}, seed=seed)
    assert isinstance(m, BazarBelotMatch)
    normal = get_player("normal", "bazar_belot")
    rng = random.Random(seed)
    while m._s.deal_no == 1 and not m.is_over:
        s = m._s
        if s.phase == "play" and not s.trick and max(map(len, s.hands)) == tricks_left:
            return m if position(m) is not None else None
        seat = m.to_move
        assert seat is not None
        m.apply(seat, normal.choose(m, seat, random.Random(rng.getrandbits(64))))
    return None


@pytest.mark.parametrize(("seed", "tricks_left"), [(0, 3), (1, 3), (2, 4), (3, 3), (8, 4),
                                                  (13, 2)])
def test_exact_score_is_the_score_of_the_double_dummy_play(seed: int, tricks_left: int
                                                           ) -> None:  # BB-SCORE-2
    m = _late(seed, tricks_left)
    assert m is not None
    solved = exact_score(m)
    assert solved is not None
    score, totals = solved
    pos = position(m)
    assert pos is not None
    solver = Solver(pos.rules(0))
    scored = None
    while scored is None:
        p = position(m)
        assert p is not None
        card = solver.best_card(p.hands, p.trick, p.turn)
        codes = [c for c in m.legal_actions(p.turn) if c.split(":")[1] == card]
        for e in m.apply(p.turn, max(codes, key=len)):
            if isinstance(e, DealScored):
                scored = e
    assert [int(x["written"]) for x in scored.sides] == list(score.written)
    assert [int(x["total"]) for x in scored.sides] == totals
