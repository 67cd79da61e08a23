"""The last trick's ten points are inside the card points (BEL-LAST-1, BEL-LAST-2): every line
that shows card points says so, so that a reader can redo the sum from the cards (render tests,
three languages; issue #20)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo
from bot.show.events import render_event

CATALOGS = Catalogs()
NAMES = ("Anna", "Boris", "Vera", "Gleb")
LAST = {"ru": "последняя взятка 10", "uk": "остання взятка 10", "en": "last trick 10"}


@pytest.mark.parametrize("lang", LANGS)
def test_deberts_deal_line_says_the_last_trick_is_in_the_cards(lang: str) -> None:
    # BEL-LAST-1, BEL-LAST-2, DB-SCORE-2: Boris took the last trick; his 72 hold its 10
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", NAMES[:2])
    sides = [{"card_points": 90, "melds": 0, "bela": 0, "deal_points": 90, "written": 90,
              "cell": "90", "total": 90},
             {"card_points": 72, "melds": 0, "bela": 0, "deal_points": 72, "written": 72,
              "cell": "72", "total": 72}]
    event = {"type": "deal_scored", "deal": 1, "declarer": 0, "outcome": "made",
             "sides": sides, "pot": 0, "pot_awarded": 0}
    text = render_event(tr, info, event,
                        last_trick={"cards": [(0, "7S"), (1, "AS")], "winner": 1}) or ""
    anna = next(x for x in text.splitlines() if x.startswith("Anna:"))
    boris = next(x for x in text.splitlines() if x.startswith("Boris:"))
    assert f"{tr('score.cards')} 72 (" in boris and LAST[lang] in boris, boris
    assert LAST[lang] not in anna, anna


@pytest.mark.parametrize("lang", LANGS)
def test_bazar_belot_deal_line_says_the_last_trick_is_in_the_cards(lang: str) -> None:
    # BEL-LAST-1, BB-SCORE-3: 94 small points (the last trick's 10 with them) round to 9; the
    # note is said once, where the small points are (issue #20: it came twice)
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "bazar_belot", "Club", NAMES, sides=((0, 2), (1, 3)))
    event = {"type": "deal_scored", "deal": 3, "declarer": 0, "outcome": "made",
             "sides": [{"card_points": c, "melds": m, "bela": 0, "tricks": t, "deal_points": w,
                        "written": w, "bait": False, "cell": str(w), "total": w}
                       for c, t, m, w in ((94, 5, 20, 43), (68, 3, 0, 7))]}
    text = render_event(tr, info, event, row={"deal": 3, "note": "14S"},
                        last_trick={"cards": [(2, "JS")], "winner": 2}) or ""
    ours = next(x for x in text.splitlines() if x.startswith(f"{tr('pair.bazar_belot.ns')}:"))
    theirs = next(x for x in text.splitlines() if x.startswith(f"{tr('pair.bazar_belot.ew')}:"))
    small = next(x for x in text.splitlines() if "14 × 10" in x)
    assert tr("score.with_last", points="94", n=10) in small, small
    assert text.count(LAST[lang]) == 1, text
    assert "94 → 9" in ours, ours
    assert LAST[lang] not in theirs, theirs


@pytest.mark.parametrize("lang", LANGS)
def test_the_deal_record_says_it_of_the_last_trick(lang: str) -> None:  # BEL-LAST-1
    from bot.records.core import DealRecord
    from bot.records.text import render_deal_record

    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", NAMES[:2])
    tricks: list[dict[str, Any]] = [
        {"type": "trick", "number": 1, "cards": [[0, "AS"], [1, "7S"]], "winner": 0,
         "points": 11},
        {"type": "trick", "number": 2, "cards": [[0, "8S"], [1, "TS"]], "winner": 1,
         "points": 20}]
    scored = {"type": "deal_scored", "deal": 1, "declarer": 0, "outcome": "bait",
              "sides": [{"card_points": 11, "melds": 0, "bela": 0, "deal_points": 0,
                         "written": 0, "cell": "BT", "total": 0},
                        {"card_points": 20, "melds": 0, "bela": 0, "deal_points": 31,
                         "written": 31, "cell": "31", "total": 31}], "pot": 0,
              "pot_awarded": 0}
    record = DealRecord(number=1, events=[{"type": "deal", "dealer": 1}, *tricks, scored],
                        hands=[["AS", "8S"], ["7S", "TS"]])
    text = render_deal_record(tr, info, record)
    lines = text.splitlines()
    second = next(x for x in lines if x.startswith("2. "))
    first = next(x for x in lines if x.startswith("1. "))
    assert LAST[lang] in second and LAST[lang] not in first, text
    boris = next(x for x in lines if x.startswith("Boris:") and "=" in x)
    assert LAST[lang] in boris, boris
