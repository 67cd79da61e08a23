"""One minus sign, one empty-cell mark, one style of written points (render tests, three
languages; issue #20's club-reader pass). Each test names the rule ids it checks."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo
from bot.show.sheet import render_sheet, result_line

CATALOGS = Catalogs()
NAMES = ("Anna", "Boris", "Vera", "Gleb")
MINUS = "\u2212"
BERG_INFO = TableInfo(1, 1, "berg", "Club", NAMES, sides=((0, 2), (1, 3)))
MB_INFO = TableInfo(1, 1, "married_bridge", "Club", NAMES[:2])


def _berg_sheet(totals: list[float], winner: int | None = None) -> dict[str, Any]:
    return {"sides": [{"name": "0-2", "seats": [0, 2]}, {"name": "1-3", "seats": [1, 3]}],
            "rows": [{"deal": 1, "cells": ["-0.5", "-"], "points": [-0.5, 0],
                      "note": "0-2 fire -0.5"},
                     {"deal": 1, "cells": ["-0.5", "0.5"], "points": [0, 0.5],
                      "note": "1-3 win 0.5"}],
            "totals": totals, "pot": 0,
            "result": None if winner is None else
            {"winner": winner, "line": "engine words", "score": totals}}


@pytest.mark.parametrize("lang", LANGS)
def test_a_negative_total_reads_naturally_in_the_result(lang: str) -> None:  # BERG-END-3
    # «5,5 - −9,5» read as a subtraction: the totals are parted by " : " as in every game,
    # and the total's own sign is the minus sign
    tr = CATALOGS.translator(lang)
    d = "." if lang == "en" else ","
    line = result_line(tr, BERG_INFO, _berg_sheet([5.5, -9.5], winner=0))
    assert f"5{d}5 : {MINUS}9{d}5" in line, line
    assert "- -" not in line and "--" not in line


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["deberts", "bazar_belot", "married_bridge"])
def test_every_games_result_line_uses_the_one_minus(lang: str, game: str) -> None:
    # DB-SHEET-5, BB-SHEET-3, MB-SCORE-8: the winner's total first, a negative one with "−"
    tr = CATALOGS.translator(lang)
    players = 2 if game != "bazar_belot" else 4
    seats = [[0], [1]] if players == 2 else [[0, 2], [1, 3]]
    sheet = {"sides": [{"name": "x", "seats": s} for s in seats], "rows": [],
             "totals": [120, -50], "pot": 0,
             "result": {"winner": 0, "line": "engine words", "score": [120, -50]}}
    line = result_line(tr, TableInfo(1, 1, game, "Club", NAMES[:players]), sheet)
    assert f"120 : {MINUS}50" in line and "-50" not in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_sheet_minus_and_empty_cell_are_apart(lang: str) -> None:  # BERG-SCORE-6, BERG-SCORE-7
    # "-" marked both a pair not yet written and a negative total ("-0,5"): a reader could
    # take the empty cell for a minus. One minus sign ("−", as on buttons and ratings) and a
    # dash for the empty cell.
    tr = CATALOGS.translator(lang)
    d = "." if lang == "en" else ","
    text = render_sheet(tr, BERG_INFO, _berg_sheet([-0.5, 0.5]))
    body = text.split("<pre>")[1].split("</pre>")[0]
    assert "-" not in body.replace("0-2", "").replace("1-3", ""), body  # no hyphen-minus left
    first = body.splitlines()[1]
    assert f"{MINUS}0{d}5" in first and "—" in first, first
    totals = body.splitlines()[-1]
    assert f"{MINUS}0{d}5" in totals, totals


@pytest.mark.parametrize("lang", LANGS)
def test_the_picture_uses_the_same_signs(lang: str) -> None:  # BERG-SCORE-6, BERG-SCORE-7
    from bot.records.picture import load_font, sheet_picture

    tr = CATALOGS.translator(lang)
    pic = sheet_picture(tr, BERG_INFO, _berg_sheet([-0.5, 0.5]))
    cells = [c for row in pic.rows for c in row[1:3]]
    assert f"{MINUS}0" in cells[0] and cells[1] == "—", cells
    assert not any("-" in c for c in cells), cells
    assert MINUS in pic.footer[0] and "-0" not in pic.footer[0]
    for bold in (False, True):  # the shipped font draws both signs (not its missing-glyph box)
        font = load_font(32, bold)

        def glyph(ch: str, f: Any = font) -> tuple[Any, bytes]:
            mask = f.getmask(ch)
            return mask.size, bytes(mask)
        assert glyph(MINUS) != glyph("\ue000") and glyph("—") != glyph("\ue000")
        assert glyph(MINUS) != glyph("-") and glyph("—") != glyph(MINUS)


@pytest.mark.parametrize("lang", LANGS)
def test_married_bridge_cells_keep_their_sign(lang: str) -> None:  # MB-SCORE-8
    # a cell is one game's points, written with its sign ("+120", "−50"); a total has none
    # but its minus, so a reader tells a game's points from where a player stands
    tr = CATALOGS.translator(lang)
    sheet = {"sides": [{"name": "seat 0", "seats": [0]}, {"name": "seat 1", "seats": [1]}],
             "rows": [{"deal": 1, "cells": ["+120", "-50"], "points": [120, -50],
                       "note": "2H by seat 0, 8 tricks"}],
             "totals": [120, -50], "pot": 0, "result": None}
    body = render_sheet(tr, MB_INFO, sheet).split("<pre>")[1].split("</pre>")[0]
    row, totals = body.splitlines()[1], body.splitlines()[-1]
    assert "+120" in row and f"{MINUS}50" in row and "-" not in row, row
    assert "120" in totals and "+" not in totals and f"{MINUS}50" in totals, totals


@pytest.mark.parametrize("lang", LANGS)
def test_an_option_value_without_words_keeps_the_decimal_style(lang: str) -> None:
    # BERG-OPT-simple-price: "Цена простой страховки: 0.5" beside the full price's "0,5"
    from bot.show.lobby import option_value

    tr = CATALOGS.translator(lang)
    d = "." if lang == "en" else ","
    assert option_value(tr, "simple_insurance_price", 0.5) == f"0{d}5"
    assert option_value(tr, "full_insurance_price", 1.0) == f"1{d}0"
    assert option_value(tr, "target", 501) == "501"


def _stake_sheet() -> dict[str, Any]:
    return {"sides": [{"name": "x", "seats": [0]}, {"name": "y", "seats": [1]}],
            "rows": [], "totals": [-1, 1], "pot": 0,
            "result": {"winner": None, "line": "engine words", "score": [-1, 1]}}


@pytest.mark.parametrize("lang", LANGS)
def test_a_stake_games_result_names_who_wins_the_stake(lang: str) -> None:  # DB-SHORT-6
    # «🏆 Result: Anna −1 · Boris +1» named no winner
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris"))
    line = result_line(tr, info, _stake_sheet())
    wins = {"en": "Boris wins the stake", "ru": "ставку выигрывает Boris",
            "uk": "ставку виграє Boris"}[lang]
    assert wins in line and f"Anna {MINUS}1 · Boris +1" in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_a_stake_games_score_is_signed_on_the_table_and_the_hand(lang: str) -> None:
    # DB-SHORT-6: the table and hand said «Score: Anna −1 · Boris 1» where the result says +1
    import engine
    from bot.show.hand import render_hand
    from bot.show.table import render_table

    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris"))
    m = engine.get_game("deberts").new_match(players=2, seed=1,
                                              options={"format": "short_bait"})
    view = dict(m.public_view(), totals=[-1, 1])
    score = render_table(tr, info, view).text.splitlines()[1]
    assert "Boris <b>+1</b>" in score and f"Anna <b>{MINUS}1</b>" in score, score
    hand = dict(m.view(0), totals=[-1, 1])
    text = render_hand(tr, info, hand, []).text
    assert f"Anna {MINUS}1 · Boris +1" in text, text
