"""Bazar-Belot's bid buttons: labels built from a few catalog words and the suit symbols
(``N`` standing for any level), the same texts in Russian, Ukrainian and English."""

from __future__ import annotations

import re
from typing import Any

import pytest

import engine
from bot.i18n import LOCALES_DIR, Catalogs
from bot.show.common import code_label

LABELS = {  # what players read on the buttons, for each shape of bid (BB-BID-2..4)
    "ru": {"bid:8:S": "8♠", "bid:17:H": "17♥", "bid:112:D": "112♦", "bid:9:C": "9♣",
           "bid:16:NT": "16 БК", "bid:24:AT": "24 ВК", "bid:17": "17",
           "bid:kapo": "Капо", "bid:kapo:S": "Капо ♠", "bid:kapo:NT": "Капо БК",
           "bid:kapo1": "Капо на одной руке", "bid:kapo1:C": "Капо на одной руке ♣",
           "bid:kapo1:NT": "Капо на одной руке БК"},
    "uk": {"bid:8:S": "8♠", "bid:17:H": "17♥", "bid:112:D": "112♦", "bid:9:C": "9♣",
           "bid:16:NT": "16 БК", "bid:24:AT": "24 ВК", "bid:17": "17",
           "bid:kapo": "Капо", "bid:kapo:S": "Капо ♠", "bid:kapo:NT": "Капо БК",
           "bid:kapo1": "Капо на одній руці", "bid:kapo1:C": "Капо на одній руці ♣",
           "bid:kapo1:NT": "Капо на одній руці БК"},
    "en": {"bid:8:S": "8♠", "bid:17:H": "17♥", "bid:112:D": "112♦", "bid:9:C": "9♣",
           "bid:16:NT": "16 NT", "bid:24:AT": "24 AT", "bid:17": "17",
           "bid:kapo": "Kapo", "bid:kapo:S": "Kapo ♠", "bid:kapo:NT": "Kapo NT",
           "bid:kapo1": "Kapo on one hand", "bid:kapo1:C": "Kapo on one hand ♣",
           "bid:kapo1:NT": "Kapo on one hand NT"},
}
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
WORDS = {"ru": ("БК", "ВК"), "uk": ("БК", "ВК"), "en": ("NT", "AT")}


def _view() -> dict[str, Any]:
    return engine.get_game("bazar_belot").new_match(players=4, seed=1).view(0)


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_bid_labels_read_as_before(lang: str) -> None:  # BB-BID-2, BB-BID-3, BB-BID-4
    tr, view = Catalogs().translator(lang), _view()
    assert {code: code_label(tr, code, view) for code in LABELS[lang]} == LABELS[lang]


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_every_bid_the_engine_lists_has_its_label(lang: str) -> None:  # BB-BID-2, BB-CODES
    tr, view = Catalogs().translator(lang), _view()
    m = engine.get_game("bazar_belot").new_match(players=4, seed=1)
    assert m.to_move is not None
    bids = [c for c in m.legal_actions(m.to_move) if c.startswith("bid:")]
    assert len(bids) > 500  # every level of every strain, kapo and kapo on one hand
    nt, at = WORDS[lang]
    for code in bids:
        level, strain = code.split(":")[1:]
        label = code_label(tr, code, view)
        if level.isdigit():
            expected = level + (SYMBOLS[strain] if strain in SYMBOLS
                                else " " + (nt if strain == "NT" else at))
            assert label == expected, code
        else:
            assert label == LABELS[lang][f"bid:{level}"] + " " + SYMBOLS.get(strain, nt), code


def test_bid_labels_come_from_a_few_words() -> None:  # the catalogs stay small
    for lang in ("ru", "uk", "en"):
        text = (LOCALES_DIR / lang / "LC_MESSAGES" / "bazar_belot.po").read_text("utf-8")
        keys = re.findall(r'^msgid "(code\.[^"]*bid[^"]*)"', text, re.M)
        assert 0 < len(keys) <= 20, (lang, len(keys))
