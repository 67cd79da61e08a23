"""Fair ratings (issue #18, item 5), free of I/O: which finished matches count for ``/top``,
and how a player who left a rated match is scored.

A match is rated when it ended normally (a match stopped with ``/stop`` is never recorded),
no seat was a bot player's, takebacks were off, and no seat of a human had more than
``MAX_BOT_SHARE`` of its moves made by the bot for an automatic seat (a move made at a human's
time-out counts as his own: a loser cannot unrate a match by letting his clock run out;
three time-outs in a row make his seat automatic and, in a rated match, lose it). A human
who left it with ``/leave`` loses it for his side: his side is placed after every side without
a leaver, he is rated with that loss, and his partner's rating is left alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.state.undo_state import allows_takebacks

#: The largest share of a human seat's moves the bot may make in a rated match.
MAX_BOT_SHARE = 0.1
#: Why a match is unrated (``rec.unrated.<reason>`` / ``lobby.unrated.<reason>`` in the catalogs).
BOTS, TAKEBACKS, BOT_MOVES = "bots", "takebacks", "bot_moves"


@dataclass(frozen=True)
class SeatPlay:
    """One seat as the fairness rules see it: whether a human holds it, whether he left with
    ``/leave``, how many moves the seat made and how many of them the bot made for it."""

    seat: int
    human: bool
    left: bool = False
    moves: int = 0
    bot_moves: int = 0

    @property
    def bot_share(self) -> float:
        """The share of the seat's moves the bot made (0.0 when it made none)."""
        return self.bot_moves / self.moves if self.moves else 0.0


@dataclass(frozen=True)
class Fairness:
    """Whether a match counts for the ratings.

    ``rated``: the match counts; ``reason``: why not (``BOTS``, ``TAKEBACKS``, ``BOT_MOVES``),
    "" when rated; ``leavers``: seats whose human left (their side loses the match);
    ``unrated_seats``: seats of a rated match whose rating stays (a leaver's partners).
    """

    rated: bool
    reason: str = ""
    leavers: frozenset[int] = frozenset()
    unrated_seats: frozenset[int] = frozenset()

    def rates(self, seat: int) -> bool:
        """Whether ``seat``'s result changes its player's rating."""
        return self.rated and seat not in self.unrated_seats


def unrated_reason(*, bot_seats: bool, options: Mapping[str, Any]) -> str:
    """Why a match with this table would be unrated before a move is made ("" : it counts):
    ``BOTS`` when a bot player holds a seat, ``TAKEBACKS`` when the table allows takebacks.
    The lobby shows it."""
    if bot_seats:
        return BOTS
    if allows_takebacks(options):
        return TAKEBACKS
    return ""


def tally(seats: Sequence[tuple[int, bool, bool]],
          moves: Sequence[tuple[int, bool]]) -> list[SeatPlay]:
    """``SeatPlay`` per seat from ``seats`` as ``(seat, human, left)`` and the action log's
    ``(seat, by_bot)`` pairs."""
    count: dict[int, list[int]] = {}
    for seat, by_bot in moves:
        mine = count.setdefault(seat, [0, 0])
        mine[0] += 1
        mine[1] += 1 if by_bot else 0
    return [SeatPlay(seat, human, left, *count.get(seat, [0, 0]))
            for seat, human, left in seats]


def judge(seats: Sequence[SeatPlay], sides: Sequence[Sequence[int]],
          options: Mapping[str, Any]) -> Fairness:
    """Whether a match that ended normally is rated, from its seats and ``sides`` (the seats
    of each side, as the score sheet has them) and the table's options."""
    reason = unrated_reason(bot_seats=any(not s.human for s in seats), options=options)
    if reason:
        return Fairness(False, reason)
    leavers = frozenset(s.seat for s in seats if s.left)
    if any(s.bot_share > MAX_BOT_SHARE for s in seats if s.seat not in leavers):
        return Fairness(False, BOT_MOVES)
    partners = frozenset(seat for side in sides if leavers & set(side) for seat in side
                         if seat not in leavers)
    return Fairness(True, "", leavers, partners)


def forfeit_places(places: Sequence[int], sides: Sequence[Sequence[int]],
                   leavers: frozenset[int]) -> list[int]:
    """The sides' places (1 = best) once every side with a leaver is placed after every side
    without one; within each group the match's own order stays (equal places stay tied)."""
    keys = [(1 if leavers & set(side) else 0, place) for side, place in zip(sides, places,
                                                                           strict=True)]
    return [1 + sum(other < key for other in keys) for key in keys]
