"""What a club reader found in the sheet and its /score picture (issue #20), as render tests
in ru, uk and en: a bot is marked in the picture by a word (the font has no emoji), the totals
line and the result line do not share a word, and a three-player result names every total."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGS, Catalogs
from bot.records.picture import sheet_picture
from bot.show.common import TableInfo
from bot.show.sheet import render_sheet, result_line

CATALOGS = Catalogs()


def _three() -> dict[str, Any]:
    return {"sides": [{"name": "A", "seats": [0]}, {"name": "B", "seats": [1]},
                      {"name": "C", "seats": [2]}],
            "rows": [{"deal": 1, "cells": ["351", "243", "196"], "points": [351, 243, 196],
                      "note": ""}],
            "totals": [351, 243, 196], "pot": 0,
            "result": {"winner": 0, "line": "", "score": [351, 243, 196]}}


@pytest.mark.parametrize("lang", LANGS)
def test_picture_marks_a_bot_by_a_word(lang: str) -> None:
    # "выигрывает новичок" in the picture: the 🤖 is dropped for want of a glyph
    tr = CATALOGS.translator(lang)
    bot = "🤖 " + tr("level.easy")
    info = TableInfo(1, 1, "deberts", "Club", ("Anna", bot, "Vera"))
    pic = sheet_picture(tr, info, _three(), result=result_line(tr, info, _three()))
    texts = [*pic.header, *pic.footer]
    assert not any("🤖" in t for t in texts), texts
    assert any(tr("pic.bot") in t and tr("level.easy") in t for t in pic.header), pic.header
    assert tr("pic.bot") in pic.footer[-1], pic.footer


@pytest.mark.parametrize("lang", LANGS)
def test_totals_and_result_lines_read_apart(lang: str) -> None:  # DB-SHEET-5, DB-3P-11
    # "Итого:" right above "Итог:", and "351 : 243 : 196" named only the winner
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris", "Vera"))
    text = render_sheet(tr, info, _three())
    totals = tr("sheet.totals", totals="").split(":")[0]
    result = tr("result.wins", name="", score="").split(":")[0]
    assert not totals.startswith(result) and not result.startswith(totals), (totals, result)
    last = text.splitlines()[-1]
    assert "Boris 243" in last and "Vera 196" in last and "351" in last, last


@pytest.mark.parametrize("lang", LANGS)
def test_a_lower_total_winning_says_why(lang: str) -> None:  # DB-3P-12
    # "выигрывает мастер, мастер 336 : Маша 0 : любитель 345": nothing said why 336 beats 345
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "club", ["Anna", "Boris", "Vera"])
    sides = [{"name": f"seat {i}", "seats": [i]} for i in range(3)]
    sheet = {"sides": sides, "rows": [], "totals": [336, 0, 345], "pot": 0,
             "result": {"winner": 0, "line": "", "score": [336, 0, 345]}}
    # the engine's result says why (a reason code); the screen translates it, never re-deriving
    assert tr("result.deberts.last_trick") not in result_line(tr, info, sheet)
    sheet["result"] = {"winner": 0, "line": "", "score": [336, 0, 345], "reason": "last_trick"}
    assert tr("result.deberts.last_trick") in result_line(tr, info, sheet)
    sheet["result"] = {"winner": 2, "line": "", "score": [336, 0, 345]}
    assert tr("result.deberts.last_trick") not in result_line(tr, info, sheet)
