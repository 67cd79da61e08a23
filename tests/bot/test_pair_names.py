"""How the pairs of the pair games are named wherever a player reads them (render tests, three
languages): Bazar-Belot's pairs as the club writes them on paper — NS/EW, «Ю-С»/«З-В» — in the
sheet's columns, its totals, a deal's lines and the table's score line; Berg's pairs in the
sheet's notes by their seats as the lobby numbers them, with the captain («пара 2+4 (Boris)»).
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGS, Catalogs
from bot.records.picture import sheet_picture
from bot.show.common import TableInfo
from bot.show.deals import bazar_belot_lines, berg_note
from bot.show.sheet import render_sheet, result_line
from bot.show.table import render_table

CATALOGS = Catalogs()
NAMES = ("Anna", "Boris", "Vera", "Gleb")
BB = TableInfo(1, 1, "bazar_belot", "Club", NAMES, sides=((0, 2), (1, 3)))
BERG = TableInfo(1, 1, "berg", "Club", NAMES, sides=((0, 2), (1, 3)))
SIDES = [{"name": "NS", "seats": [0, 2]}, {"name": "EW", "seats": [1, 3]}]

#: Seats 0 and 2, seats 1 and 3, as the club writes them (BB-DEAL-1, BB-SHEET-1).
PAIRS = {"ru": ("Ю-С", "З-В"), "uk": ("Пд-Пн", "Зх-Сх"), "en": ("NS", "EW")}


def _bb_sheet(*, over: bool = False) -> dict[str, Any]:
    rows = [{"deal": 1, "cells": ["162", "-"], "points": [162, 0], "note": "14S"},
            {"deal": 2, "cells": ["BT", "278"], "points": [0, 278], "note": "16H+"},
            {"deal": 3, "cells": ["325", "278"], "points": [163, 0], "note": "10D"}]
    result = {"winner": 0, "line": "Totals: NS 325, EW 278 — NS win (target 301)",
              "score": [325, 278]} if over else None
    return {"sides": SIDES, "rows": rows, "totals": [325, 278], "pot": 0, "result": result}


def _pre_lines(text: str) -> list[str]:
    return text.split("<pre>", 1)[1].split("</pre>", 1)[0].splitlines()


@pytest.mark.parametrize("lang", LANGS)
def test_bb_sheet_columns_name_the_pairs(lang: str) -> None:  # BB-SHEET-1, BB-SHEET-4
    tr = CATALOGS.translator(lang)
    ns, ew = PAIRS[lang]
    header = _pre_lines(render_sheet(tr, BB, _bb_sheet()))[0]
    assert [c.strip() for c in header.split("|")] == [
        tr("sheet.deal"), ns, ew, tr("sheet.note.bazar_belot")]
    picture = sheet_picture(tr, BB, _bb_sheet())
    assert picture.header == (tr("sheet.deal"), ns, ew, tr("sheet.note.bazar_belot"))


@pytest.mark.parametrize("lang", LANGS)
def test_bb_totals_name_the_pairs_and_their_players_once(lang: str) -> None:  # BB-SHEET-4
    tr = CATALOGS.translator(lang)
    ns, ew = PAIRS[lang]
    head = {"ru": "Итого", "uk": "Разом", "en": "Totals"}[lang]
    running = _pre_lines(render_sheet(tr, BB, _bb_sheet()))[-1]
    assert running == f"{head}: {ns} (Anna, Vera) 325 · {ew} (Boris, Gleb) 278"
    won = {"ru": f"побеждают {ns} (до 301)", "uk": f"перемагають {ns} (до 301)",
           "en": f"{ns} win (target 301)"}[lang]
    text = render_sheet(tr, BB, _bb_sheet(over=True))
    assert _pre_lines(text)[-1] == f"{running} — {won}"
    assert text.count("Anna") == 1  # the winner is said once, on the totals line
    picture = sheet_picture(tr, BB, _bb_sheet(over=True), result="x")
    assert f"{running} — {won}" in picture.footer and "x" not in picture.footer


@pytest.mark.parametrize("lang", LANGS)
def test_bb_result_names_the_winning_pair(lang: str) -> None:  # BB-END-4
    tr = CATALOGS.translator(lang)
    ns = PAIRS[lang][0]
    line = result_line(tr, BB, _bb_sheet(over=True))
    assert f"{ns} (Anna, Vera)" in line and "325 : 278" in line
    assert tr("pair.and", first="Anna", second="Vera") not in line


@pytest.mark.parametrize("lang", LANGS)
def test_bb_deal_lines_name_the_pairs(lang: str) -> None:  # BB-SCORE-5, BB-SHEET-1
    tr = CATALOGS.translator(lang)
    ns, ew = PAIRS[lang]
    sides = [{"card_points": 100, "tricks": 5, "melds": 0, "bela": 0, "cell": "162",
              "deal_points": 10},
             {"card_points": 62, "tricks": 3, "melds": 0, "bela": 0, "cell": "-",
              "deal_points": 6}]
    lines = bazar_belot_lines(tr, BB, {"declarer": 0, "sides": sides},
                              {"deal": 1, "note": "14S"})
    assert lines is not None
    assert f" {ns} 14♠" in lines[0] or f"{ns} contract" in lines[0], lines[0]  # the declarers
    assert "Anna" in lines[0]
    assert lines[-2].startswith(f"{ns}: ") and lines[-1].startswith(f"{ew}: ")
    assert not any("Vera" in line for line in lines)  # the players are named in the header


@pytest.mark.parametrize("lang", LANGS)
def test_bb_table_header_names_the_pairs_with_their_players(lang: str) -> None:  # BB-SHEET-1
    tr = CATALOGS.translator(lang)
    ns, ew = PAIRS[lang]
    view = {"game": "bazar_belot", "phase": "bidding", "deal": 2, "sheet_deal": 2,
            "to_move": 0, "dealer": 3, "seat": None, "hand_counts": [8, 8, 8, 8],
            "groups": {"trick": [], "last_trick": []}, "facts": [], "deal_points": [0, 0],
            "totals": [120, 80], "pot": 0, "sides": SIDES, "calls": []}
    lines = render_table(tr, BB, view).text.splitlines()
    assert lines[1] == (f"{tr('hand.score')}: {ns} (Anna, Vera) <b>120</b> · "
                        f"{ew} (Boris, Gleb) <b>80</b>")


#: Berg's notes (BERG-SCORE-7) as a player reads them: the pair by its seats and captain.
BERG_NOTES = {
    "ru": {"1-3 win 4.0": "Вышла пара 2+4 (Boris, Gleb): 4,0",
           "0-2 surrender": "Сдалась пара 1+3 (Anna, Vera)",
           "1-3 penalty": "Пара 2+4 (Boris, Gleb): штраф"},
    "uk": {"1-3 win 4.0": "Вийшла пара 2+4 (Boris, Gleb): 4,0",
           "0-2 surrender": "Здалася пара 1+3 (Anna, Vera)",
           "1-3 penalty": "Пара 2+4 (Boris, Gleb): штраф"},
    "en": {"1-3 win 4.0": "Pair 2+4 (Boris, Gleb) went out: 4.0",
           "0-2 surrender": "Pair 1+3 (Anna, Vera) surrendered",
           "1-3 penalty": "Pair 2+4 (Boris, Gleb): penalty"},
}


@pytest.mark.parametrize("lang", LANGS)
def test_berg_notes_name_the_pair_by_its_seats(lang: str) -> None:  # BERG-SCORE-7
    tr = CATALOGS.translator(lang)
    for note, said in BERG_NOTES[lang].items():
        assert berg_note(tr, BERG, note) == said
    run = berg_note(tr, BERG, "0-2 win run RJ QH QD = 4.0")
    went = {"ru": "Вышла пара 1+3 (Anna, Vera): ", "uk": "Вийшла пара 1+3 (Anna, Vera): ",
            "en": "Pair 1+3 (Anna, Vera) went out: "}[lang]
    assert run.startswith(went) and run.endswith("4,0" if lang != "en" else "4.0")
    declared = berg_note(tr, BERG, "1-3 dobor -0.5")
    pair = {"ru": "Пара", "uk": "Пара", "en": "Pair"}[lang]
    assert declared.startswith(f"{pair} 2+4 (Boris, Gleb): {tr('berg.decl.dobor')} ")
