"""Deberts deal scoring, sheet notation and the end of the match (deberts.md A.5, A.6, A.8).

Pure arithmetic on deal points, shared by the match and by tests of the worked examples.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class DealOutcome:
    """The result of scoring one deal (two players).

    Attributes:
        outcome: ``made`` (DB-SCORE-2), ``bait`` (DB-SCORE-3) or ``hanging`` (DB-SCORE-4).
        written: points each player adds to his total, the awarded pot included (small points).
        pot: the pot after this deal.
        pot_awarded: the pot paid out in this deal (0 if none).
        pot_to: the seat that received it, or None.
        next_dealer: the seat that deals next (DB-DEAL-7).
    """

    outcome: str
    written: tuple[int, ...]
    pot: int
    pot_awarded: int
    pot_to: int | None
    next_dealer: int


def score_deal(*, declarer: int, deal_points: Sequence[int], pot: int) -> DealOutcome:
    """Score a two-player deal from the deal points (DB-SCORE-2 to DB-SCORE-6, DB-DEAL-7).

    Args:
        declarer: the declarer's seat (0 or 1).
        deal_points: deal points per seat (cards, last trick, qualified melds, bela).
        pot: the hanging-bait pot before this deal.

    Returns:
        the outcome; ``written`` includes the pot for the player it is awarded to.
    """
    defender = 1 - declarer
    d, o = deal_points[declarer], deal_points[defender]
    written = [0, 0]
    if d > o:
        written[declarer] = d + pot
        written[defender] = o
        return DealOutcome("made", tuple(written), 0, pot, declarer if pot else None, declarer)
    if d < o:
        written[defender] = d + o + pot
        return DealOutcome("bait", tuple(written), 0, pot, defender if pot else None, defender)
    written[defender] = o
    return DealOutcome("hanging", tuple(written), pot + d, 0, None, declarer)


def sheet_cells(
    outcome: DealOutcome, *, declarer: int, deal_points: Sequence[int], totals: Sequence[int]
) -> list[str]:
    """The sheet row for a scored deal (DB-SHEET-1 to DB-SHEET-4).

    Args:
        outcome: from ``score_deal``.
        declarer: the declarer's seat.
        deal_points: deal points per seat of this deal.
        totals: running totals after the deal.

    Returns:
        one cell per seat: a total, ``BT``, ``vs(D)`` or ``313 [+81 vs]``.
    """
    cells = [str(t) for t in totals]
    if outcome.outcome == "bait":
        cells[declarer] = "BT"
    elif outcome.outcome == "hanging":
        cells[declarer] = f"vs({deal_points[declarer]})"
    if outcome.pot_to is not None:
        cells[outcome.pot_to] += f" [+{outcome.pot_awarded} vs]"
    return cells


def match_result(
    *,
    totals: Sequence[int],
    target: int,
    last_defender: int,
    names: Sequence[str] = ("A", "B"),
) -> tuple[int | None, str]:
    """Who wins after a recorded deal (DB-END-2 to DB-END-4) and the result line (DB-SHEET-5).

    Args:
        totals: running totals after the deal.
        target: DB-OPT-target (301, 501 or 1001).
        last_defender: the defender of the deal just recorded.
        names: side names for the line.

    Returns:
        ``(winner, line)``; ``(None, "")`` while nobody has reached the target.
    """
    over = [s for s, t in enumerate(totals) if t >= target]
    if not over:
        return None, ""
    if len(over) == 1:
        w = over[0]
        other = 1 - w
        return w, f"Result: {names[w]} wins, {totals[w]} : {totals[other]}"
    w = last_defender
    return w, f"Result: {names[w]} wins, {target} : {target - 1}"
