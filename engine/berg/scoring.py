"""Deal scores, sheet rows and the end of the match (berg.md BERG-SCORE, BERG-END, BERG-PEN-3).

Pure arithmetic in integer half-points, shared by the match and by tests of the worked examples.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.berg.cards import is_significant, value_half
from engine.berg.state import PAIR_TAGS, fmt_half, pair_of


def winning_run(pile: Sequence[Sequence[Any]], pair: int) -> list[str]:
    """BERG-SCORE-2/3: the cards on top of the pile that are all significant and all owned by a
    member of ``pair``, top card first (an ownerless card stops the run).

    Args:
        pile: ``[card, owner]`` pairs, bottom first.
        pair: 0 (pair 0-2) or 1 (pair 1-3).
    """
    run: list[str] = []
    for card, owner in reversed(pile):
        if owner is None or pair_of(int(owner)) != pair or not is_significant(str(card)):
            break
        run.append(str(card))
    return run


def deal_score_half(run: Sequence[str]) -> int:
    """The winning pair's deal score in half-points: 1 (0.5) for an empty run, else the sum of
    the run's values (BERG-SCORE-2)."""
    return sum(value_half(c) for c in run) if run else 1


def win_note(pair: int, run: Sequence[str]) -> str:
    """``0-2 win 0.5`` or ``0-2 win run RJ QH QD = 4.0`` (BERG-SCORE-7)."""
    if not run:
        return f"{PAIR_TAGS[pair]} win 0.5"
    return f"{PAIR_TAGS[pair]} win run {' '.join(run)} = {fmt_half(deal_score_half(run))}"


def cells(totals: Sequence[int], touched: Sequence[bool]) -> list[str]:
    """Sheet cells: running totals with one decimal, ``-`` until a pair's total first changes
    (BERG-SCORE-6/7)."""
    return [fmt_half(t) if seen else "-" for t, seen in zip(totals, touched, strict=True)]


def penalty_points(totals: Sequence[int], offender: int, *, size: str, height_half: int
                   ) -> list[int]:
    """Half-points written for a penalty against pair ``offender`` (BERG-PEN-3).

    ``height_plus_5`` raises the opponents' total to the height + 5.0 (never lowers it);
    ``cheap_5`` adds 5.0 to it. The offender writes nothing.
    """
    other = 1 - offender
    pts = [0, 0]
    if size == "height_plus_5":
        pts[other] = max(0, height_half + 10 - totals[other])
    else:
        pts[other] = 10
    return pts


def berg_winner(totals: Sequence[int], *, height_half: int, comparison: str) -> int | None:
    """The pair that takes the berg after a deal, or None (BERG-END-1/2).

    A pair qualifies with a total above the height (``gt``) or at least the height (``gte``);
    with both qualifying the higher total wins, and equal totals play on.
    """
    ok = [p for p in (0, 1) if (totals[p] > height_half if comparison == "gt"
                                else totals[p] >= height_half)]
    if len(ok) == 1:
        return ok[0]
    if len(ok) == 2 and totals[0] != totals[1]:
        return 0 if totals[0] > totals[1] else 1
    return None


def result_line(totals: Sequence[int], winner: int) -> str:
    """Both final totals, winner first (BERG-END-3), e.g. ``13.5 - 8.0``."""
    return f"{fmt_half(totals[winner])} - {fmt_half(totals[1 - winner])}"
