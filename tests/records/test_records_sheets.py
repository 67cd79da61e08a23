"""Sheets of every game in the rules docs' notation: the canonical sheets of the rules docs as
/score prints them and as the picture lays them out, and /score after a scripted match of each
game (every cell in its game's notation)."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from bot.i18n import Catalogs
from bot.model import Place
from bot.records.picture import sheet_picture
from bot.records.service import Records
from bot.show.common import TableInfo
from bot.show.sheet import render_sheet
from storage import Store
from tests.records.conftest import PEOPLE, RecordingMessenger, finished_table


def rows(sides: list[list[int]], cells: list[tuple[str, ...]], notes: list[str] | None = None,
         totals: tuple[float, ...] = (), result: dict[str, Any] | None = None) -> dict[str, Any]:
    """A score sheet in the engine's shape (points are not printed, so zeros)."""
    return {"sides": [{"name": "", "seats": s} for s in sides],
            "rows": [{"deal": i + 1, "cells": list(c), "points": [0] * len(c),
                      "note": (notes or [""] * len(cells))[i]} for i, c in enumerate(cells)],
            "totals": list(totals), "pot": 0, "result": result}


# rules/deberts.md A.8: the canonical sheet of E.2 (DB-SHEET-1..5).
DEBERTS = rows([[0], [1]], [("169", "31"), ("321", "BT"), ("vs(81)", "112"),
                            ("371", "313 [+81 vs]"), ("511", "373")], totals=(511, 373),
               result={"winner": 0, "line": "Result: A wins, 511 : 373"})
# rules/bazar_belot.md section 8: the canonical sheet (BB-SHEET-1..4).
BAZAR_CELLS = [("28", "17"), ("66", "19"), ("125", "BT"), ("212", "BT"), ("BT", "64"),
               ("BT", "123"), ("BT", "210"), ("262", "-"), ("BT", "276"), ("325", "278")]
BAZAR_NOTES = ["14S", "13NT", "14S+", "14S++", "14S", "14S+", "14S++", "KS", "KS+", "30NT"]
BAZAR_RU = ["14п", "13бк", "14п +", "14п ++", "14п", "14п +", "14п ++", "Кп", "Кп +", "30бк"]
BAZAR = rows([[0, 2], [1, 3]], BAZAR_CELLS, BAZAR_NOTES, totals=(325, 278),
             result={"winner": 0, "line": "Totals: NS 325, EW 278 — NS win (target 301)"})
# rules/berg.md BERG-EX-9: the seed's score column (BERG-SCORE-6/7).
BERG = rows([[0, 2], [1, 3]], [("1.0", "-"), ("1.5", "-"), ("1.5", "2.0"), ("3.0", "2.0"),
                               ("3.5", "2.0"), ("3.5", "5.0")],
            ["0-2 win run QH = 1.0", "0-2 win 0.5", "1-3 win run RJ = 2.0",
             "0-2 win run QS = 1.5", "0-2 win 0.5", "1-3 win run BJ QD = 3.0"],
            totals=(3.5, 5.0))
# rules/married_bridge.md MB-SCORE-8: two games.
MARRIED = rows([[0], [1]], [("+960", "-50"), ("+90", "0")],
               ["2HXX by seat 0, 8 tricks", "4S by seat 1, 7 tricks"], totals=(1050, -50),
               result={"winner": 0, "line": "seat 0 wins 1050 | -50"})


def table_lines(text: str) -> list[list[str]]:
    """The cells of the ``<pre>`` table of a rendered sheet, stripped (header first)."""
    pre = unescape(text.split("<pre>", 1)[1].split("</pre>", 1)[0])
    return [[c.strip() for c in line.split("|")] for line in pre.split("\n") if "|" in line]


@pytest.fixture(scope="module")
def cats() -> Catalogs:
    return Catalogs()


def info(game: str, players: int) -> TableInfo:
    return TableInfo(1, 1, game, "club", ("A", "B", "C", "D")[:players])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_deberts_canonical_sheet(cats: Catalogs, lang: str) -> None:
    tr = cats.translator(lang)
    text = render_sheet(tr, info("deberts", 2), DEBERTS)
    bait = "БТ" if lang == "ru" else "BT"
    assert table_lines(text)[1:] == [["1", "169", "31"], ["2", "321", bait],
                                     ["3", "vs(81)", "112"], ["4", "371", "313 [+81 vs]"],
                                     ["5", "511", "373"]]
    if lang == "en":
        assert text.endswith("Result: A wins — 511 : 373")
    pic = sheet_picture(tr, info("deberts", 2), DEBERTS)
    assert [list(r[1:]) for r in pic.rows] == [r[1:] for r in table_lines(text)[1:]]
    assert (1, 2) in pic.marks and (2, 1) in pic.marks  # BT and vs(81) stand out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_bazar_belot_canonical_sheet(cats: Catalogs, lang: str) -> None:
    tr = cats.translator(lang)
    lines = table_lines(render_sheet(tr, info("bazar_belot", 4), BAZAR))
    assert lines[0][-1] == ("Заказ" if lang == "ru" else "Contract")  # BB-SHEET-1
    bait = "БТ" if lang == "ru" else "BT"
    want = [[shown_as(c.replace("BT", bait)) for c in cells] for cells in BAZAR_CELLS]
    assert [line[1:3] for line in lines[1:]] == want
    assert [line[3] for line in lines[1:]] == (BAZAR_RU if lang == "ru" else BAZAR_NOTES)


def test_berg_canonical_sheet(cats: Catalogs) -> None:
    tr = cats.translator("en")
    lines = table_lines(render_sheet(tr, info("berg", 4), BERG))
    assert [line[1:3] for line in lines[1:]] == [list(c) for c in
                                                 [("1.0", "—"), ("1.5", "—"), ("1.5", "2.0"),
                                                  ("3.0", "2.0"), ("3.5", "2.0"), ("3.5", "5.0")]]
    pic = sheet_picture(tr, info("berg", 4), BERG)
    # each pair's column headed by its captain (BERG-SCORE-6)
    assert pic.header[1:3] == ("A (1+3)", "B (2+4)") and pic.rows[-1][1:3] == ("3.5", "5.0")


def test_married_bridge_canonical_sheet(cats: Catalogs) -> None:
    tr = cats.translator("en")
    lines = table_lines(render_sheet(tr, info("married_bridge", 2), MARRIED))
    assert [line[1:3] for line in lines[1:]] == [["+960", "−50"], ["+90", "0"]]
    pic = sheet_picture(tr, info("married_bridge", 2), MARRIED)
    assert "1050" in pic.footer[0] and "−50" in pic.footer[0]


def shown_as(cell: str) -> str:
    """How a player reads a cell of the rules' notation: a dash for nothing written (``-``,
    BB-SHEET-2, BERG-SCORE-6), numbers with the one minus sign "−", a game's points with their
    plus (MB-SCORE-8's ``+960``)."""
    if cell == "-":
        return "—"
    return cell.replace("-", "−")


#: Each game's cell notation (DB-SHEET, BB-SHEET-2, BERG-SCORE-7, MB-SCORE-8) in English.
CELL = {
    "deberts": re.compile(r"BT|vs\(\d+\)|-?\d+( \[\+\d+ vs\])?|[+-]\d+|0"),
    "bazar_belot": re.compile(r"BT|-|\d+"),
    "berg": re.compile(r"-|-?\d+\.\d"),
    "married_bridge": re.compile(r"[+-]\d+|0"),
}
GAMES = [("deberts", 2, 71), ("deberts", 3, 72), ("bazar_belot", 4, 73), ("berg", 4, 74),
         ("married_bridge", 2, 75)]


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
async def test_score_after_a_match_of_each_game(store: Store, records: Records,
                                                messenger: RecordingMessenger, game: str,
                                                players: int, seed: int) -> None:
    place = Place("tg", f"-100{seed}", "club")
    _, match = await finished_table(store, records, game=game, players=PEOPLE[:players],
                                    seed=seed, place=place)
    await records.score(place)
    text = messenger.last().screen.text
    lines = table_lines(text)
    sheet = match.score_sheet
    shown = sheet["rows"][-(len(lines) - 1):]
    for line, row in zip(lines[1:], shown, strict=True):
        assert line[0] == str(row["deal"])
        for shown_cell, cell in zip(line[1:], row["cells"], strict=False):
            assert CELL[game].fullmatch(cell), cell
            assert shown_cell == shown_as(cell)
    assert "Result" in text or "wins" in text or "Totals" in text


def test_history_names_bot_seats_as_the_table_did() -> None:
    """/history names each bot seat as the table and the sheet did ("🤖 новичок №2"), not a
    bare "🤖" that leaves the winners "Анна, 🤖" unclear (issue #20)."""
    from datetime import datetime

    from bot.records.text import history_line
    from storage.models import GameTable, MatchResult
    from storage.records import HistoryEntry

    table = GameTable(id=7, chat_id=1, game="bazar_belot", status="finished",
                      finished_at=datetime(2026, 12, 2), result_line="")
    result = MatchResult(table_id=7, chat_id=1, game="bazar_belot", sides=[[0, 2], [1, 3]],
                         totals=[310, 0], winner_side=0, deals=5)
    entry = HistoryEntry(table, ("Анна", None, None, "Борис"), result,
                         levels=(None, "easy", "easy", None))
    line = history_line(Catalogs().translator("ru"), entry)
    assert "Анна, 🤖 новичок №2, 🤖 новичок №3, Борис" in line
    assert "побеждают Ю-С (Анна, 🤖 новичок №3) — 310 : 0" in line
