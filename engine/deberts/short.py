"""Short one-deal Deberts games settled in stakes (deberts.md B.4, B.5).

Pure stake arithmetic (``short_nets``, ``next_stake``, cells and the result line of DB-SHORT-6)
and the "dave" calls of ``short_dave`` (DB-DAVE-1..6) applied to a ``DebertsState``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.deberts.scoring import side_dicts
from engine.deberts.state import NAMES, DebertsState, opt
from engine.errors import IllegalAction
from engine.events import DealScored, Event, MatchOver, StakeCall

DAVE_ANSWERS: Final = ("dave:accept", "dave:concede")


def next_stake(stake: int, progression: str) -> int:
    """DB-DAVE-2: the next stake value, +1 (``arithmetic``) or x2 (``geometric``)."""
    return stake * 2 if progression == "geometric" else stake + 1


def short_nets(fmt: str, *, declarer: int, deal_points: Sequence[int],
               stake: int = 1) -> tuple[str, list[int]]:
    """The stakes each player wins (+) or pays (-) after the one deal of a short game.

    Args:
        fmt: ``short_no_bait``, ``short_bait`` or ``short_dave``.
        declarer: the declarer's seat.
        deal_points: deal points per seat (DB-SCORE-1).
        stake: the stake in force (``short_dave``; 1 otherwise).

    Returns:
        ``(outcome, nets)``: outcome ``short_won`` / ``short_tie`` without bait (DB-SHORT-2,
        DB-SHORT-3, DB-DAVE-5), ``made`` / ``bait`` / ``short_tie`` with bait (DB-SHORT-4,
        DB-SHORT-5); nets sum to 0.
    """
    n = len(deal_points)
    nets = [0] * n
    if fmt == "short_bait":
        d = deal_points[declarer]
        best = max(p for s, p in enumerate(deal_points) if s != declarer)
        if d == best:
            return "short_tie", nets
        sign = 1 if d > best else -1
        each = 2 if (n == 2 and sign < 0) else 1  # "bait double" with two (DB-SHORT-4)
        for s in range(n):
            if s != declarer:
                nets[s] = -sign * each
        nets[declarer] = -sum(nets)
        return ("made" if sign > 0 else "bait"), nets
    top = max(deal_points)
    leaders = [s for s, p in enumerate(deal_points) if p == top]
    if len(leaders) > 1:
        return "short_tie", nets
    w = leaders[0]
    for s in range(n):
        if s != w:
            nets[s] = -stake
    nets[w] = stake * (n - 1)
    return "short_won", nets


def net_cell(net: int) -> str:
    """A sheet cell of a short game: ``+1``, ``-2``, ``0`` (DB-SHORT-6)."""
    return f"{net:+d}" if net else "0"


def nets_line(nets: Sequence[int], names: Sequence[str] = NAMES) -> str:
    """``Result: A +1, B -1`` (DB-SHORT-6)."""
    return "Result: " + ", ".join(f"{names[s]} {net_cell(v)}" for s, v in enumerate(nets))


def finish_short(s: DebertsState, nets: Sequence[int], note: str) -> list[Event]:
    """End a short game: one sheet row of nets, the result, ``match_over`` (DB-SHORT-6)."""
    cells = [net_cell(v) for v in nets]
    s.totals = list(nets)
    s.rows.append({"deal": 1, "cells": cells, "points": list(nets), "note": note})
    line = nets_line(nets, NAMES[: s.players])
    s.phase, s.pot = "over", 0
    s.result = {"winner": None, "line": line, "score": list(nets)}
    return [MatchOver(winner=None, line=line, totals=tuple(nets))]


def score_short(s: DebertsState, parts: list[tuple[int, int, int]],
                deal_points: list[int]) -> list[Event]:
    """DB-SHORT-2..6, DB-DAVE-5: the one deal of a short game settles the stakes and ends it.

    Args:
        s: the state, the deal's last trick just taken.
        parts: (card points, melds, bela) per seat; ``deal_points`` their sums.
    """
    assert s.declarer is not None
    outcome, nets = short_nets(opt(s, "format"), declarer=s.declarer, deal_points=deal_points,
                               stake=s.stake)
    cells = [net_cell(v) for v in nets]
    events: list[Event] = [DealScored(deal=1, declarer=s.declarer, outcome=outcome,
                                      sides=side_dicts(parts, deal_points, nets, cells, nets))]
    return events + finish_short(s, nets, outcome)


# ---- dave (DB-DAVE-1..6) -------------------------------------------------------------------------


def may_offer_dave(s: DebertsState, seat: int) -> bool:
    """DB-DAVE-3/4: ``seat`` may say dave now (his turn in bidding or play, no answer pending)."""
    return (opt(s, "format") == "short_dave" and s.phase in ("bidding", "play")
            and s.turn == seat and s.dave_by is None
            and (s.dave_right is None or s.dave_right == seat))


def offer_dave(s: DebertsState, seat: int) -> list[Event]:
    """``seat`` says dave: the opponent is on turn for the answer alone (DB-DAVE-1).

    Raises:
        IllegalAction: not a short game with dave (DB-DAVE-1), or not his right (DB-DAVE-3).
    """
    if opt(s, "format") != "short_dave":
        raise IllegalAction("dave exists only in the short game with dave", "DB-DAVE-1")
    if not may_offer_dave(s, seat):
        raise IllegalAction("after an accepted dave only the player who accepted may say the "
                            "next one", "DB-DAVE-3")
    s.dave_by = seat
    s.turn = 1 - seat
    offered = next_stake(s.stake, opt(s, "dave_progression"))
    return [StakeCall(seat=seat, call="dave", stake=offered)]


def answer_dave(s: DebertsState, seat: int, code: str) -> list[Event]:
    """The answer to a pending dave: play on at the next stake, or concede the current one.

    Raises:
        IllegalAction: any other code while the answer is pending (DB-DAVE-1).
    """
    offerer = s.dave_by
    assert offerer is not None
    if code not in DAVE_ANSWERS:
        raise IllegalAction("answer the dave first: accept (play on at the next stake) or "
                            "concede", "DB-DAVE-1")
    if code == "dave:concede":
        s.dave_by = None
        nets = [0, 0]
        nets[offerer], nets[seat] = s.stake, -s.stake
        events: list[Event] = [StakeCall(seat=seat, call=code, stake=s.stake)]
        return events + finish_short(s, nets, "conceded")
    s.stake = next_stake(s.stake, opt(s, "dave_progression"))
    s.dave_by, s.dave_right, s.turn = None, seat, offerer  # DB-DAVE-1, DB-DAVE-3
    return [StakeCall(seat=seat, call=code, stake=s.stake)]
