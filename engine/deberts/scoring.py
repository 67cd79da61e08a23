"""Deberts deal scoring, sheet notation and the end of the match (deberts.md A.5, A.6, A.8, B).

Pure arithmetic on deal points, shared by the match and by tests of the worked examples: two
players (DB-SCORE), three players (DB-3P-8..11), the end rules after a recorded deal (DB-END-3/4,
DB-MOS-16/17, DB-3P-12, DB-OFFER-4) and the claim line (DB-MOS-15, DB-SHEET-5). Totals and deal
points are small points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class DealOutcome:
    """The result of scoring one deal (two players).

    Attributes:
        outcome: ``made`` (DB-SCORE-2), ``bait`` (DB-SCORE-3) or ``hanging`` (DB-SCORE-4).
        written: points each player adds to his total, the awarded pot included (small points).
        pot: the pot after this deal.
        pot_awarded: the pot paid out in this deal (0 if none).
        pot_to: the seat that received it, or None.
        next_dealer: the seat that deals next (DB-DEAL-7; clockwise with three, DB-3P-1).
        pot_shares: with three players after a bait, the pot each seat received (DB-3P-11);
            empty otherwise (``pot_to`` then names the one receiver).
    """

    outcome: str
    written: tuple[int, ...]
    pot: int
    pot_awarded: int
    pot_to: int | None
    next_dealer: int
    pot_shares: tuple[int, ...] = ()


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
    if outcome.pot_shares:
        for seat, share in enumerate(outcome.pot_shares):
            if share:
                cells[seat] += f" [+{share} vs]"  # DB-SHEET-4, three players
    elif outcome.pot_to is not None:
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
    return w, result_line(w, awarded(totals, target, w), names)


def awarded(totals: Sequence[int], target: int, winner: int) -> list[int]:
    """The figures a two-player result line gives, side order (DB-END-4, DB-SHEET-5): the
    winner ``target`` and the other ``target - 1`` when both are at the target, else the
    totals."""
    if all(t >= target for t in totals):
        return [target if s == winner else target - 1 for s in range(len(totals))]
    return list(totals)


# ---- three players (DB-3P-8 to DB-3P-11) ---------------------------------------------------------


def split_between(amount: int, *, declarer: int, deal_points: Sequence[int]) -> list[int]:
    """Share ``amount`` equally between the two defenders of a three-player deal (DB-3P-9/11).

    An odd point goes to the defender with more deal points, or, if they are equal, to the
    defender seated next clockwise after the declarer.

    Returns:
        the share of each seat (0 for the declarer).
    """
    first, second = (declarer + 1) % 3, (declarer + 2) % 3
    shares = [0, 0, 0]
    half = amount // 2
    shares[first] = shares[second] = half
    if amount % 2:
        odd = second if deal_points[second] > deal_points[first] else first
        shares[odd] += 1
    return shares


def score_deal3(*, declarer: int, deal_points: Sequence[int], pot: int,
                dealer: int) -> DealOutcome:
    """Score a three-player deal (DB-3P-8 made, DB-3P-9 bait, DB-3P-10 hanging, DB-3P-11 pot).

    Args:
        declarer: the declarer's seat (0 to 2).
        deal_points: deal points per seat.
        pot: the hanging-bait pot before this deal.
        dealer: this deal's dealer (the next one sits on his left, DB-3P-1).

    Returns:
        the outcome; ``written`` includes the pot (``pot_to`` when the declarer takes it,
        ``pot_shares`` when the defenders share it).
    """
    d = deal_points[declarer]
    best = max(p for s, p in enumerate(deal_points) if s != declarer)
    nxt = (dealer + 1) % 3
    written = list(deal_points)
    if d > best:
        written[declarer] += pot
        return DealOutcome("made", tuple(written), 0, pot, declarer if pot else None, nxt)
    if d < best:
        written[declarer] = 0
        bait = split_between(d, declarer=declarer, deal_points=deal_points)
        shares = split_between(pot, declarer=declarer, deal_points=deal_points)
        written = [w + b + p for w, b, p in zip(written, bait, shares, strict=True)]
        written[declarer] = 0
        return DealOutcome("bait", tuple(written), 0, pot, None, nxt,
                           tuple(shares) if pot else ())
    written[declarer] = 0
    return DealOutcome("hanging", tuple(written), pot + d, 0, None, nxt)


# ---- the end of a match (DB-END, DB-MOS-16/17, DB-3P-12, DB-OFFER-4, DB-SHEET-5) -----------------


def result_line(winner: int, figures: Sequence[int], names: Sequence[str], *,
                by_claim: bool = False) -> str:
    """``Result: <winner> wins[ by claim], <his figure> : <others in seat order>`` (DB-SHEET-5)."""
    others = [str(f) for s, f in enumerate(figures) if s != winner]
    how = " by claim" if by_claim else ""
    return f"Result: {names[winner]} wins{how}, " + " : ".join([str(figures[winner]), *others])


def match_result_claim_rules(
    *, totals: Sequence[int], target: int, last_trick_winner: int | None,
    names: Sequence[str] = ("A", "B"),
) -> tuple[int | None, str]:
    """Who wins at recording under ``end`` = ``claim`` with two players (DB-MOS-16, DB-MOS-17).

    Args:
        totals: running totals after the deal.
        target: DB-OPT-target.
        last_trick_winner: who won trick 9 of the deal just recorded (None after an accepted
            offer of fifty, where only the declarer's total moved, so only he can be over).
        names: side names for the line.

    Returns:
        ``(winner, line)`` with the actual totals; ``(None, "")`` while nobody is over.
    """
    over = [s for s, t in enumerate(totals) if t >= target]
    if not over:
        return None, ""
    if len(over) == 1:
        w = over[0]
    elif last_trick_winner in over:
        w = last_trick_winner  # DB-MOS-17
    else:  # pragma: no cover - both over without a trick cannot happen (see Args)
        w = max(over, key=lambda s: totals[s])
    return w, result_line(w, totals, names)


def match_result_3p(
    *, totals: Sequence[int], target: int, last_trick_winner: int,
    names: Sequence[str] = ("A", "B", "C"),
) -> tuple[int | None, str]:
    """Who wins at recording with three players (DB-3P-12, either DB-OPT-end value).

    One player over the target wins; of two or three, the winner of the last trick if he is
    among them, else the highest total of them, equal highest totals going to the one seated
    first clockwise after the last trick's winner. The line shows the actual totals.
    """
    over = [s for s, t in enumerate(totals) if t >= target]
    if not over:
        return None, ""
    if len(over) == 1:
        w = over[0]
    elif last_trick_winner in over:
        w = last_trick_winner
    else:
        top = max(totals[s] for s in over)
        clockwise = [(last_trick_winner + k) % 3 for k in (1, 2)]
        w = next(s for s in clockwise if s in over and totals[s] == top)
    return w, result_line(w, totals, names)


GAP_FINISH = 250


def gap_result(*, totals: Sequence[int], names: Sequence[str] = ("A", "B")) -> tuple[int | None,
                                                                                    str]:
    """DB-OFFER-4: after a recorded deal, a gap of 250 or more ends the match for the leader.

    Consulted only when nobody has reached the target (the target rules come first).
    """
    if abs(totals[0] - totals[1]) < GAP_FINISH:
        return None, ""
    w = 0 if totals[0] > totals[1] else 1
    return w, result_line(w, totals, names)


def side_dicts(parts: Sequence[tuple[int, int, int]], deal_points: Sequence[int],
               written: Sequence[int], cells: Sequence[str],
               totals: Sequence[int], lost: Sequence[int] = ()) -> tuple[dict[str, Any], ...]:
    """The per-seat dicts of a ``deal_scored`` event: ``card_points``, ``melds``, ``bela``
    (``parts``), ``deal_points``, ``written``, ``cell`` and ``total`` (in a short game ``written``
    and ``total`` are the net stakes); ``melds_lost`` (from ``lost``, only where not 0): the
    melds a comparison winner showed and does not score, having won no trick (DB-MELD-8)."""
    sides = tuple(
        {"card_points": cp, "melds": md, "bela": bl, "deal_points": dp, "written": w,
         "cell": cell, "total": t}
        for (cp, md, bl), dp, w, cell, t in zip(parts, deal_points, written, cells, totals,
                                                strict=True)
    )
    for side, n in zip(sides, lost, strict=False):
        if n:
            side["melds_lost"] = n
    return sides
