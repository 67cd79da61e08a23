"""Rendering: the sheet in the rules' notation, hands from views, buttons from legal codes."""

from __future__ import annotations

import engine
from bot.i18n import Catalogs
from bot.model import ActData
from bot.render import TableInfo, card_text, render_hand, render_sheet, render_table

E2_SHEET = {
    "sides": [{"name": "A", "seats": [0]}, {"name": "B", "seats": [1]}],
    "rows": [
        {"deal": 1, "cells": ["169", "31"], "points": [169, 31], "note": "made"},
        {"deal": 2, "cells": ["321", "BT"], "points": [152, 0], "note": "bait"},
        {"deal": 3, "cells": ["vs(81)", "112"], "points": [0, 81], "note": "hanging"},
        {"deal": 4, "cells": ["371", "313 [+81 vs]"], "points": [50, 201], "note": "made"},
        {"deal": 5, "cells": ["511", "373"], "points": [140, 60], "note": "made"},
    ],
    "totals": [511, 373], "pot": 0,
    "result": {"winner": 0, "line": "Result: A wins, 511 : 373"},
}
INFO = TableInfo(table_id=7, version=3, game="deberts", chat_title="Club <1>",
                 names=("Alice", "Bob"))


def test_sheet_in_rules_notation_russian() -> None:  # DB-SHEET-1..5, deberts.md E.2
    tr = Catalogs().translator("ru")
    text = render_sheet(tr, INFO, E2_SHEET)
    for cell in ("169", "БТ", "vs(81)", "313 [+81 vs]", "511", "373"):
        assert cell in text
    assert "BT" not in text.replace("БТ", "")
    assert "511 : 373" in text and "Alice" in text


def test_sheet_english_keeps_bt() -> None:  # DB-SHEET-2
    text = render_sheet(Catalogs().translator("en"), INFO, E2_SHEET)
    assert "| BT" in text


def test_hand_buttons_are_exactly_the_legal_codes() -> None:
    m = engine.get_game("deberts").new_match(players=2, seed=3)
    tr = Catalogs().translator("en")
    seat = m.to_move
    assert seat is not None
    screen = render_hand(tr, INFO, m.view(seat), m.legal_actions(seat))
    datas = [b.data for row in screen.buttons for b in row]
    assert all(isinstance(d, ActData) for d in datas)
    assert sorted(d.code for d in datas if isinstance(d, ActData)) == m.legal_actions(seat)
    assert all(d.table_id == 7 and d.version == 3 for d in datas if isinstance(d, ActData))
    other = 1 - seat
    off_turn = render_hand(tr, INFO, m.view(other), m.legal_actions(other))
    assert off_turn.buttons == ()


def test_table_message_shows_no_hand_card() -> None:  # DB-PLAY-8
    m = engine.get_game("deberts").new_match(players=2, seed=11)
    tr = Catalogs().translator("ru")
    text = render_table(tr, INFO, m.public_view()).text
    for seat in (0, 1):
        for card in m.view(seat)["hand"]:
            assert card_text(card, tr) not in text
