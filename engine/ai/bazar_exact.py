"""Bazar-Belot: the exact end of an imagined world's deal (every hand known there).

The strong level's rollouts play a sampled world to the deal's end. From the point where the
seat to move holds at most a few cards (``engine.ai.bazar_belot.EXACT_CUT``) the rest of the
card play is solved double dummy (``engine.ai.dd``) in one search, and the world is valued by the
deal's score had both pairs played that rest perfectly: the contract made or failed on the card
points and melds (BB-SCORE-2 to BB-SCORE-10), with the match's end if the score reaches it. The
score never falls as a pair's card points rise, so the perfect play of card points is the
perfect play of the deal's score (the argument of ``benchmarks/dd_loss.py``).

Only the search's imagined worlds are read here (``position`` reads every hand); a bot's view
of the real table never is.
"""

from __future__ import annotations

from engine.ai.dd_games import position
from engine.ai.endgame import solver_for
from engine.bazar_belot.game import BazarBelotMatch
from engine.bazar_belot.melds import BELA_POINTS, bela_suits
from engine.bazar_belot.scoring import DealScore, score_deal
from engine.bazar_belot.state import TRICKS, State, pair_of
from engine.belote.common import LAST_TRICK_BONUS, contract_tables


def _belas(s: State) -> list[int]:
    """Big points of belas per pair as the deal will end: the completed ones, and those whose
    two cards are still in one hand with the bela not lost (the word costs nothing, so a
    perfect player says it)."""
    out = [0, 0]
    suits = bela_suits(s.kind, s.trump, None)
    for seat in range(4):
        status, hand = s.bela[seat], s.hands[seat]
        for x in suits:
            v = status.get(x)
            if v == "done" or (v == "said" and ("K" + x in hand or "Q" + x in hand)) or (
                    v is None and "K" + x in hand and "Q" + x in hand):
                out[pair_of(seat)] += BELA_POINTS
    return out


def exact_score(world: BazarBelotMatch) -> tuple[DealScore, list[int]] | None:
    """The deal's score, and the match totals after it, had the rest of ``world``'s card play
    been perfect on both sides; None outside the solver's model (before the card play, kapo
    on one hand, melds not yet settled)."""
    s = world._s
    if not s.melds_settled:
        return None
    pos = position(world)
    c = world.contract()
    if pos is None or c is None:
        return None
    values = contract_tables(s.kind, s.trump)[0]
    left = sum(values[x] for h in s.hands for x in h) + sum(values[x] for _, x in s.trick)
    left += LAST_TRICK_BONUS
    solver = solver_for(pos.game_id, pos.key, 0, 4)
    rest0 = solver.solve(pos.hands, pos.trick, pos.turn)
    cards = [s.card_pts[0] + rest0, s.card_pts[1] + left - rest0]
    won = [s.tricks_won[p] + s.tricks_won[p + 2] for p in (0, 1)]
    # a capot: one pair took every trick so far and every card point still to come
    tricks = [TRICKS if won[1 - p] == 0 and cards[1 - p] == 0 else min(won[p], TRICKS - 1)
              for p in (0, 1)]
    melds = [s.meld_points[p] + b for p, b in enumerate(_belas(s))]
    out = score_deal(c, card_points=cards, tricks=tricks, melds=melds)
    totals = [t + w for t, w in zip(s.totals, out.written, strict=True)]
    return out, totals

