"""The Bazar-Belot sheet explains its contract codes in words (BB-SHEET-3), in text and picture."""

from __future__ import annotations

from html import unescape

import pytest

from bot.i18n import Catalogs
from bot.records.picture import sheet_picture
from bot.show.sheet import render_sheet
from tests.records.test_records_sheets import BAZAR, DEBERTS, info, rows

#: Words each language's legend must hold for the canonical sheet's codes (14S, 13NT, +, ++,
#: KS, BT, -).
WORDS = {
    "ru": ["пики", "без козыря", "капо", "контра", "реконтра", "байт"],
    "uk": ["піки", "без козиря", "капо", "контра", "реконтра", "байт"],
    "en": ["spades", "no trumps", "kapo", "contra", "recontra", "bait"],
}


@pytest.fixture(scope="module")
def cats() -> Catalogs:
    return Catalogs()


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_bazar_belot_sheet_has_a_legend(cats: Catalogs, lang: str) -> None:  # BB-SHEET-3
    tr = cats.translator(lang)
    text = unescape(render_sheet(tr, info("bazar_belot", 4), BAZAR))
    legend = text.split("</pre>", 1)[1]
    for word in WORDS[lang]:
        assert word in legend.lower(), (word, legend)
    pic = sheet_picture(tr, info("bazar_belot", 4), BAZAR)
    assert any(all(w in line.lower() for w in WORDS[lang]) for line in pic.footer), pic.footer


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_legend_names_only_the_codes_used(cats: Catalogs, lang: str) -> None:  # BB-SHEET-3
    tr = cats.translator(lang)
    sheet = rows([[0, 2], [1, 3]], [("28", "17")], ["14H"], totals=(28, 17))
    legend = unescape(render_sheet(tr, info("bazar_belot", 4), sheet)).split("</pre>", 1)[1]
    assert {"ru": "черви", "uk": "чирви", "en": "hearts"}[lang] in legend.lower()
    for word in WORDS[lang]:
        assert word not in legend.lower(), (word, legend)


def test_other_games_have_no_contract_legend(cats: Catalogs) -> None:
    text = unescape(render_sheet(cats.translator("ru"), info("deberts", 2), DEBERTS))
    assert "пики" not in text and "Обозначения" not in text
