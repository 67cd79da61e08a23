"""A Berg deal won by a frame says who went out and with which frame (BERG-SCORE-1,
BERG-FRAME-3; vtgb): the group's result named nobody, and the deal record named the last
single card played before the frame («Аня выходит: Д♠», a card of the other pair) as the one
that went out. Render tests in ru, uk and en."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, Catalogs
from bot.records.core import DealRecord
from bot.records.text import render_deal_record
from bot.show.common import TableInfo
from bot.show.display import Display

CATALOGS = Catalogs()
NAMES = ("Anna", "Boris", "Vera", "Gleb")
INFO = TableInfo(1, 1, "berg", "Club", NAMES, sides=((0, 2), (1, 3)))
SHEET_ROWS = [{"deal": 4, "cells": ["-", "4.0"], "points": [0, 4.0],
               "note": "1-3 win run BJ RJ = 4.0"}]
#: Anna's queen, then Boris's frame K♠ K♥ red joker black joker, which empties his hand
QUEEN = {"type": "play", "seat": 0, "card": "QS", "call": "S"}
FRAME = {"type": "frame", "seat": 1, "cards": ["KS", "KH", "RJ", "BJ"], "order": ""}
SCORED = {"type": "deal_scored", "deal": 4, "declarer": None, "outcome": "win",
          "sides": [{"deal_points": 0, "written": 0, "cell": "-", "total": 0, "run": []},
                    {"deal_points": 4.0, "written": 4.0, "cell": "4.0", "total": 4.0,
                     "run": ["BJ", "RJ"]}]}
WENT_OUT = {"ru": "Boris выходит рамками: К♠ К♥ красный джокер чёрный джокер",
            "uk": "Boris виходить рамками: К♠ К♥ червоний джокер чорний джокер",
            "en": "Boris goes out with a frame: K♠ K♥ red joker black joker"}
WRONG = {"ru": "Anna выходит", "uk": "Anna виходить", "en": "Anna goes out"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_frame_that_ends_the_deal_is_told(lang: str) -> None:  # BERG-SCORE-1
    tr = CATALOGS.translator(lang)
    group = "\n".join(Display._event_texts(None, tr, INFO, [FRAME, SCORED],  # type: ignore[arg-type]
                                           SHEET_ROWS))
    assert WENT_OUT[lang] in group.splitlines(), group
    record = render_deal_record(tr, INFO, DealRecord(4, [[], [], [], []],
                                                     [QUEEN, FRAME, SCORED]), SHEET_ROWS)
    assert WENT_OUT[lang] in record.splitlines(), record
    assert WRONG[lang] not in record, record


CARD_OUT = {"ru": "Anna выходит: Д♠", "uk": "Anna виходить: Д♠", "en": "Anna goes out: Q♠"}


@pytest.mark.parametrize("lang", LANGS)
def test_score_last_says_who_went_out(lang: str) -> None:  # BERG-SCORE-1
    # /score's last deal repeated the group's result without its «… выходит: …» line
    from bot.records.service import last_deal_text

    tr = CATALOGS.translator(lang)
    deal = {"type": "deal", "deal": 4, "dealer": 3, "public": {}}
    text = last_deal_text(tr, INFO, [deal, QUEEN, FRAME, SCORED], SHEET_ROWS)
    assert WENT_OUT[lang] in text.splitlines(), text
    won = {**SCORED, "sides": SCORED["sides"][::-1]}
    text = last_deal_text(tr, INFO, [deal, FRAME, QUEEN, won], SHEET_ROWS)
    assert CARD_OUT[lang] in text.splitlines(), text
