"""Married bridge scoring, sheet notation and the match result (married_bridge.md 2.6, 2.7).

Plain arithmetic on one game's contract and the declarer's trick count, shared by the match and
by the tests of the worked examples MB-EX-3, MB-EX-4 and MB-EX-7.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.married_bridge.rules import BOOK

#: MB-SCORE-3: what a defender whose contra failed loses (not multiplied).
FAILED_CONTRA: Final = 50
#: MB-SCORE-1: the value of the first trick of a no-trump contract.
NT_FIRST_TRICK: Final = 40
MULTIPLIERS: Final = (1, 2, 4)
_SUFFIX: Final = {1: "", 2: "X", 4: "XX"}


def trick_value(strain: str) -> int:
    """Points per trick (MB-SCORE-1): 20 for ♣ ♦, 30 for ♥ ♠; 30 for a further NT trick."""
    return 20 if strain in ("C", "D") else 30


def tricks_value(strain: str, tricks: int) -> int:
    """Undoubled value of ``tricks`` tricks taken in ``strain`` (MB-SCORE-1, MB-SCORE-2).

    ``T x value`` in a suit; ``40 + 30 x (T - 1)`` in no-trumps (0 for no trick).
    """
    if tricks <= 0:
        return 0
    if strain == "NT":
        return NT_FIRST_TRICK + trick_value(strain) * (tricks - 1)
    return trick_value(strain) * tricks


@dataclass(frozen=True)
class GameScore:
    """The points each player writes for one game.

    Attributes:
        made: the declarer took at least ``6 + level`` tricks.
        declarer: points the declarer writes (0 when the contract fails).
        defender: points the defender writes: undertricks when it fails, -50 after a failed
            contra, else 0.
        undertricks: ``6 + level - T`` when the contract fails, else 0.
    """

    made: bool
    declarer: int
    defender: int
    undertricks: int


def score_game(*, level: int, strain: str, multiplier: int, tricks: int) -> GameScore:
    """Score a played game (MB-SCORE-2 to MB-SCORE-6).

    Args:
        level: the contract's level, 1-7.
        strain: ``C D H S NT``.
        multiplier: 1 undoubled, 2 after contra, 4 after recontra (MB-SCORE-5).
        tricks: the declarer's tricks ``T``, 0-13.

    Returns:
        the points each side writes.

    Raises:
        ValueError: a value out of range.
    """
    if level not in range(1, 8) or strain not in ("C", "D", "H", "S", "NT"):
        raise ValueError(f"no contract {level}{strain}")
    if multiplier not in MULTIPLIERS or tricks not in range(0, 14):
        raise ValueError(f"bad multiplier {multiplier} or tricks {tricks}")
    needed = BOOK + level
    if tricks >= needed:
        penalty = -FAILED_CONTRA if multiplier > 1 else 0  # MB-SCORE-3
        return GameScore(True, tricks_value(strain, tricks) * multiplier, penalty, 0)
    under = needed - tricks
    return GameScore(False, 0, under * trick_value(strain) * multiplier, under)  # MB-SCORE-4


def contract_text(level: int, strain: str, multiplier: int) -> str:
    """Sheet form of a contract (MB-SCORE-8): ``2H``, ``1NTX``, ``2HXX``."""
    return f"{level}{strain}{_SUFFIX[multiplier]}"


def cell(points: int) -> str:
    """A sheet cell: ``+960``, ``-50`` or ``0`` (MB-SCORE-8)."""
    return f"{points:+d}" if points else "0"


def note(contract: str, declarer: int, tricks: int) -> str:
    """A sheet row's note: ``2HXX by seat 0, 8 tricks`` (MB-SCORE-8)."""
    return f"{contract} by seat {declarer}, {tricks} tricks"


def row_line(row: dict[str, object], totals: Sequence[int]) -> str:
    """A sheet row as printed (MB-SCORE-8).

    Args:
        row: a ``score_sheet`` row (``deal``, ``note``, ``cells``).
        totals: the running totals after that row.

    Returns:
        e.g. ``game 1: 2HXX by seat 0, 8 tricks: seat 0 +960, seat 1 -50; totals 960 | -50``.
    """
    cells = row["cells"]
    assert isinstance(cells, list)
    return (f"game {row['deal']}: {row['note']}: seat 0 {cells[0]}, seat 1 {cells[1]}; "
            f"totals {totals[0]} | {totals[1]}")


def match_result(totals: Sequence[int]) -> tuple[int | None, str]:
    """The winner and result line once the last game is scored (MB-END-1 to MB-END-4).

    Returns:
        ``(seat, "seat <s> wins <t0> | <t1>")``, or ``(None, "draw <t0> | <t1>")`` for equal
        totals (MB-END-3).
    """
    t0, t1 = totals
    if t0 == t1:
        return None, f"draw {t0} | {t1}"
    winner = 0 if t0 > t1 else 1
    return winner, f"seat {winner} wins {t0} | {t1}"
