"""Bazar-Belot: when the declarers take all eight tricks, the defenders' line of the deal result
says why they write nothing, instead of "NS: 0 = 0" (BB-SCORE-4, BB-SCORE-6, BB-SHEET-2; render
tests, three languages; found playing a whole match through the bot: deal 11, 9♣ made with
every trick)."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo
from bot.show.deals import contract_words
from bot.show.events import render_event

CATALOGS = Catalogs()
NAMES = ("Anna", "Boris", "Vera", "Gleb")
#: the defenders' line: no trick, all eight to the other pair, nothing written
NO_TRICK = {"ru": "ни одной взятки (все 8 у З-В) = <b>0</b>",
            "uk": "жодної взятки (усі 8 у Зх-Сх) = <b>0</b>",
            "en": "no trick (all 8 to EW) = <b>0</b>"}


def _pair_lines(lang: str) -> dict[str, str]:
    """The deal result of 9♣ made by EW with all 8 tricks (EW 9 + 25 = 34, BB-SCORE-6; NS
    write nothing, their cell a dash, BB-SHEET-2), by pair: line."""
    tr = CATALOGS.translator(lang)
    sides = [{"card_points": c, "melds": 0, "bela": 0, "tricks": t, "deal_points": w,
              "written": w, "bait": False, "cell": cell, "total": total}
             for c, t, w, cell, total in ((0, 0, 0, "-", 138), (162, 8, 34, "231", 231))]
    text = render_event(tr, TableInfo(1, 1, "bazar_belot", "Club", NAMES, sides=((0, 2), (1, 3))),
                        {"type": "deal_scored", "deal": 11, "declarer": 1, "outcome": "made",
                         "sides": sides},
                        row={"deal": 11, "note": "9C"},
                        last_trick={"cards": [(1, "9C")], "winner": 1}) or ""
    return {pair: next(x for x in text.splitlines()
                       if x.startswith(f"{tr(f'pair.bazar_belot.{pair}')}:"))
            for pair in ("ns", "ew")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_defenders_of_a_capot_read_why_they_write_nothing(lang: str) -> None:
    lines = _pair_lines(lang)
    assert NO_TRICK[lang] in lines["ns"], lines
    assert ": 0 = " not in lines["ns"], lines
    assert "= <b>34</b>" in lines["ew"], lines


@pytest.mark.parametrize(("note", "call"), [("10S+", "code.contra"), ("10S++", "code.recontra")])
@pytest.mark.parametrize("lang", ["en"])  # ru/uk: «с контрой» (test_bazar_belot_pass_screens)
def test_a_doubled_contract_is_named_by_the_call_its_button_made(lang: str, note: str,
                                                                 call: str) -> None:
    # BB-BID-8, BB-SHEET-3: the button says "Contra", the sheet's key "+ — contra"; the deal
    # result said "contract 10♠ doubled" in English
    tr = CATALOGS.translator(lang)
    word = tr(call).lower()
    assert contract_words(tr, note).endswith(f"10♠ {word}"), contract_words(tr, note)
