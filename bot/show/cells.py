"""A sheet cell and a side in words: shared by the sheet (bot/show/sheet.py), the event
lines (bot/show/events.py) and the games' own lines (bot/show/deals.py), which the other two
call."""

from __future__ import annotations

import re

from bot.i18n import Translator
from bot.show.common import EMPTY_CELL, SIGNED_RE, TableInfo, localize_numbers, num, pair_name
from engine.belote.common import LAST_TRICK_BONUS

#: A contract cell of a sheet (BB-SHEET-3): kapo mark, number, strain, contra marks.
CONTRACT_RE = re.compile(r"(K1|K)?(\d*)(NT|AT|S|H|D|C)(\+{0,2})")


def cell_text(tr: Translator, cell: str) -> str:
    """A sheet cell for display: ``BT`` is translated (Russian ``БТ``), a contract cell such as
    ``14S+`` / ``KNT`` / ``K1H`` gets the language's strain letters (BB-SHEET-3), the rest is
    kept (``vs(81)``, ``313 [+81 vs]``). A number gets the language's decimal sign (Berg's
    ``4.5``, BERG-SCORE-7) and the one minus sign; a plus stays where the game writes one: a
    cell of one game's points, not a total (Married bridge's ``+960``, MB-SCORE-8); Berg's
    ``-`` (nothing written yet, BERG-SCORE-6) is a dash."""
    if cell == "BT":
        return tr("cell.BT")
    if cell == "-":
        return EMPTY_CELL
    if SIGNED_RE.fullmatch(cell):
        plus = "+" if cell.startswith("+") else ""
        return plus + localize_numbers(tr, cell.removeprefix("+"))
    m = CONTRACT_RE.fullmatch(cell)
    if not m:
        return cell
    kapo, number, strain, marks = m.groups()
    text = (tr.maybe(f"cell.{kapo}", kapo) if kapo else "") + number
    text += tr.maybe(f"strain.{strain}", strain)
    if marks:
        text += tr.maybe("cell.mark_sep", "").replace("_", " ") + marks
    return text


#: The bonus the last trick adds to its taker's card points, in the games that have one
#: (BEL-LAST-1, BEL-LAST-2: inside the card points, so a line of card points says it).
LAST_TRICK_BONUS_OF: dict[str, int] = {"deberts": LAST_TRICK_BONUS,
                                       "bazar_belot": LAST_TRICK_BONUS}


def side_name(tr: Translator, info: TableInfo, side: int, *, players: bool = False) -> str:
    """Side ``side``'s display name (plain text, `pair_name`; ``players``: with its players'
    names), else the seat's name."""
    if info.sides and side < len(info.sides):
        return pair_name(tr, info, info.sides[side], players=players)
    return info.names[side]


def side_seats(info: TableInfo, side: int) -> tuple[int, ...]:
    """The seats of ``side`` (a pair's two, else the one seat a side is)."""
    if info.sides and side < len(info.sides):
        return info.sides[side]
    return (side,)


def card_points_text(tr: Translator, info: TableInfo, side: int, card_points: int,
                     last_winner: int | None) -> str:
    """A side's card points as a number, followed by "(incl. last trick 10)" when the side
    took the deal's last trick in a game whose last trick counts (BEL-LAST-1, BEL-LAST-2)."""
    shown = num(tr, card_points)
    bonus = LAST_TRICK_BONUS_OF.get(info.game)
    if bonus and last_winner is not None and last_winner in side_seats(info, side):
        return tr("score.with_last", points=shown, n=bonus)
    return shown
