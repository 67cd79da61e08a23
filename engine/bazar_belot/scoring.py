"""Deal scoring, sheet notation and the end of the match (BB-SCORE, BB-END, BB-SHEET).

Pure arithmetic, shared by the match and by the tests of the worked examples (bazar_belot.md
10.1 and 10.2). Card points are small points; everything written is in big points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.bazar_belot.state import SIDE_NAMES, TRICKS

CAPOT: Final = 25  # BB-SCORE-4
_RU_STRAINS: Final = {"S": "п", "H": "ч", "D": "б", "C": "т", "NT": "бк", "AT": "вк"}
_RU_SIDES: Final = ("Ю-С", "З-В")


@dataclass(frozen=True)
class Contract:
    """A final contract (BB-BID-20).

    Attributes:
        level: the bid number, ``"kapo"`` or ``"kapo1"``.
        strain: ``S H D C NT AT``.
        multiplier: 1, 2 (contra) or 4 (recontra).
        pair: the declaring pair (0 = NS, 1 = EW).
    """

    level: int | str
    strain: str
    multiplier: int
    pair: int

    @property
    def value(self) -> int:
        """*B*: the number, 25 for kapo, 50 for kapo on one hand (BB-BID-5)."""
        if self.level == "kapo":
            return 25
        if self.level == "kapo1":
            return 50
        assert isinstance(self.level, int)
        return self.level

    @property
    def game_value(self) -> int:
        """*G*: 25 in all-trumps, else 16 (BB-SCORE-1)."""
        return 25 if self.strain == "AT" else 16

    def notation(self, locale: str = "en") -> str:
        """The contract cell (BB-SHEET-3): ``14S+``, ``KNT``, ``K1H``; ru ``14п +``, ``Кбк``."""
        ru = locale == "ru"
        strain = _RU_STRAINS[self.strain] if ru else self.strain
        if self.level == "kapo":
            head = ("К" if ru else "K") + strain
        elif self.level == "kapo1":
            head = ("К1" if ru else "K1") + strain
        else:
            head = f"{self.level}{strain}"
        marks = {1: "", 2: "+", 4: "++"}[self.multiplier]
        if not marks:
            return head
        return f"{head} {marks}" if ru else head + marks


@dataclass(frozen=True)
class DealScore:
    """The result of scoring one deal.

    Attributes:
        made: whether the contract was made (BB-SCORE-2).
        written: big points each pair writes (0 for a BT pair).
        bait: per pair, marked BT (байт) in this deal.
        rounded: *r*, the declarers' rounded trick share (BB-SCORE-3).
    """

    made: bool
    written: tuple[int, int]
    bait: tuple[bool, bool]
    rounded: int


def score_deal(
    contract: Contract,
    *,
    card_points: Sequence[int],
    tricks: Sequence[int],
    melds: Sequence[int],
) -> DealScore:
    """Score a deal (BB-SCORE-1 to BB-SCORE-10).

    Args:
        contract: the final contract.
        card_points: small card points per pair, last trick included (*t_d*, *t_o* by pair).
        tricks: tricks won per pair (8 for one pair is a capot, BB-SCORE-4).
        melds: big points per pair of scored melds plus completed belas (*M* by pair).

    Returns:
        the deal's score; a BT pair's melds are already counted for the other pair
        (BB-SCORE-10).
    """
    d = contract.pair
    o = 1 - d
    td, md, mo = card_points[d], melds[d], melds[o]
    all_d, all_o = tricks[d] == TRICKS, tricks[o] == TRICKS
    g, b, m = contract.game_value, contract.value, contract.multiplier
    # BB-SCORE-2: a number against cards + melds; kapo and kapo on one hand need all 8 tricks
    made = td + 10 * md >= 10 * contract.level if isinstance(contract.level, int) else all_d
    r = min(g, (td + 4) // 10)  # BB-SCORE-3
    written = [0, 0]
    bait = [False, False]
    if m == 1 and made:  # BB-SCORE-5, BB-SCORE-6
        written[d] = b + (CAPOT if all_d else r) + md
        written[o] = (CAPOT if all_o else 0 if all_d else g - r) + mo
    elif made:  # BB-SCORE-8
        bait[o] = True
        written[d] = m * b + (CAPOT if all_d else g) + md + mo
    else:  # BB-SCORE-7, BB-SCORE-9
        bait[d] = True
        written[o] = m * b + (CAPOT if all_o else g) + mo + md
    return DealScore(made, (written[0], written[1]), (bait[0], bait[1]), r)


def sheet_cells(score: DealScore, totals: Sequence[int]) -> list[str]:
    """The pair cells of a sheet row (BB-SHEET-2): the running total, ``BT`` or ``-``."""
    cells = []
    for p in (0, 1):
        if score.bait[p]:
            cells.append("BT")
        elif score.written[p] == 0:
            cells.append("-")
        else:
            cells.append(str(totals[p]))
    return cells


def match_winner(totals: Sequence[int], target: int) -> int | None:
    """The winning pair after a scored deal, or None (BB-END-1, BB-END-2)."""
    over = [p for p in (0, 1) if totals[p] >= target]
    if not over:
        return None
    if len(over) == 1:
        return over[0]
    if totals[0] == totals[1]:
        return None  # BB-END-2: play on until one pair is ahead
    return 0 if totals[0] > totals[1] else 1


def totals_line(totals: Sequence[int], target: int, winner: int | None,
                locale: str = "en") -> str:
    """The last line of a printed sheet (BB-SHEET-4), naming the winner when there is one.

    ``Totals: NS 325, EW 278 — NS win (target 301)``; Russian
    ``Итого: Ю-С 325, З-В 278 — выиграли Ю-С (до 301)``.
    """
    names = _RU_SIDES if locale == "ru" else SIDE_NAMES
    head = "Итого" if locale == "ru" else "Totals"
    line = f"{head}: {names[0]} {totals[0]}, {names[1]} {totals[1]}"
    if winner is None:
        return line
    if locale == "ru":
        return f"{line} — выиграли {names[winner]} (до {target})"
    return f"{line} — {names[winner]} win (target {target})"


def _ru_cell(cell: str) -> str:
    return "БТ" if cell == "BT" else cell


def _ru_contract(note: str) -> str:
    """ASCII contract cell -> Russian (BB-SHEET-3): ``14S+`` -> ``14п +``."""
    marks = note[len(note.rstrip("+")):]
    head = note.rstrip("+")
    if head.startswith("K1"):
        body = "К1" + _RU_STRAINS[head[2:]]
    elif head.startswith("K"):
        body = "К" + _RU_STRAINS[head[1:]]
    else:
        digits = head.rstrip("SHDCNTA")
        body = digits + _RU_STRAINS[head[len(digits):]]
    return f"{body} {marks}" if marks else body


def format_sheet(sheet: dict[str, Any], locale: str = "en", target: int = 301) -> str:
    """The printed sheet of BB-SHEET-4: three columns padded and joined by `` | ``, then totals.

    Args:
        sheet: ``Match.score_sheet`` (ASCII cells; the contract cell is each row's ``note``).
        locale: ``en`` (ASCII) or ``ru`` (BB-OPT-sheet-locale).
        target: BB-OPT-target, named in the totals line when the match is won.

    Returns:
        the sheet as text, one line per row; cells are left-aligned and padded to one more than
        the widest cell of their column (the canonical sheet's layout).
    """
    ru = locale == "ru"
    header = [*(_RU_SIDES if ru else SIDE_NAMES), "Заказ" if ru else "Contract"]
    rows = [header]
    for row in sheet["rows"]:
        cells = [_ru_cell(c) for c in row["cells"]] if ru else list(row["cells"])
        rows.append([*cells, _ru_contract(row["note"]) if ru else row["note"]])
    widths = [max(len(r[i]) for r in rows) + 1 for i in (0, 1)]
    lines = [f"{r[0].ljust(widths[0])} | {r[1].ljust(widths[1])} | {r[2]}" for r in rows]
    result = sheet.get("result")
    winner = result.get("winner") if result else None
    lines.append(totals_line(sheet["totals"], target, winner, locale))
    return "\n".join(lines)
