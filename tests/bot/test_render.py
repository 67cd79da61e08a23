"""Rendering: the sheet in the rules' notation, hands from views, buttons from legal codes."""

from __future__ import annotations

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.markup import unescape
from bot.model import ActData, ExpandData
from bot.records.picture import sheet_picture
from bot.show.common import TableInfo, card_text
from bot.show.hand import hand_buttons, render_hand
from bot.show.sheet import render_sheet
from bot.show.table import render_table

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


def _synthetic_view(hand: list[str]) -> dict[str, object]:
    return {"hand": hand, "groups": {}, "facts": [], "private": []}


def test_many_codes_collapse_into_choices_and_expand() -> None:
    tr = Catalogs().translator("en")
    hand = ["JH", "JS", "QD", "7C", "8S", "9S", "TS", "AS"]
    orders = ["5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "JK"]
    codes = sorted([f"play:JH:{o}" for o in orders] + [f"play:JS:{o}" for o in orders]
                   + [f"play:QD:{s}" for s in "SHDC"] + ["play:7C", "play:8S", "play:9S",
                   "play:TS", "play:AS", "draw"] + [f"bid:{n}:{s}" for n in range(1, 5)
                                                    for s in ("C", "D", "H", "S", "NT")])
    assert len(codes) > 40
    rows = hand_buttons(tr, INFO, _synthetic_view(hand), codes)  # type: ignore[arg-type]
    flat = [b for row in rows for b in row]
    assert len(flat) <= 40 and all(len(row) <= 5 for row in rows)
    expanders = [b.data.prefix for b in flat if isinstance(b.data, ExpandData)]
    assert expanders[:3] == ["play:JH", "play:JS", "play:QD"]  # hand order
    assert {"bid:1", "bid:4"} <= set(expanders)
    direct = sorted(b.data.code for b in flat if isinstance(b.data, ActData))
    assert direct == ["draw", "play:7C", "play:8S", "play:9S", "play:AS", "play:TS"]
    opened = hand_buttons(tr, INFO, _synthetic_view(hand), codes,  # type: ignore[arg-type]
                          expanded="play:JH")
    inner = [b for row in opened for b in row]
    assert sorted(b.data.code for b in inner if isinstance(b.data, ActData)) == sorted(
        f"play:JH:{o}" for o in orders)
    assert isinstance(inner[-1].data, ExpandData) and inner[-1].data.prefix == ""
    labels = {b.data.code: b.text for b in inner if isinstance(b.data, ActData)}
    assert labels["play:JH:T"] == "J♥ → 10"


def test_few_codes_are_shown_at_once_as_a_ladder() -> None:
    tr = Catalogs().translator("en")
    codes = sorted([f"bid:{n}:{s}" for n in (1, 2) for s in ("C", "D", "H", "S", "NT")]
                   + ["pass", "contra"])
    rows = hand_buttons(tr, INFO, _synthetic_view([]), codes)  # type: ignore[arg-type]
    assert [len(r) for r in rows[:2]] == [5, 5]
    assert all(isinstance(b.data, ActData) for r in rows for b in r)


def test_result_line_without_a_belote_score_uses_totals() -> None:
    from bot.show.sheet import result_line

    sheet = {"sides": [{"name": "seat 0", "seats": [0]}, {"name": "seat 1", "seats": [1]}],
             "rows": [], "totals": [960, -50], "pot": 0,
             "result": {"winner": 0, "line": "seat 0 wins 960 | -50"}}
    assert result_line(Catalogs().translator("en"), INFO, sheet) == \
        "Result: Alice wins — 960 : −50"


def test_bid_ladder_rows_in_strain_order() -> None:
    tr = Catalogs().translator("en")
    codes = sorted(f"bid:1:{s}" for s in ("C", "D", "H", "S", "NT"))
    rows = hand_buttons(tr, INFO, _synthetic_view([]), codes)  # type: ignore[arg-type]
    assert [b.data.code for b in rows[0] if isinstance(b.data, ActData)] == [
        "bid:1:C", "bid:1:D", "bid:1:H", "bid:1:S", "bid:1:NT"]


def test_long_numeric_ladder_takes_two_taps_at_most() -> None:  # Bazar-Belot bids 8..112
    tr = Catalogs().translator("en")
    strains = ("S", "H", "D", "C", "NT", "AT")
    codes = sorted([f"bid:{n}:{s}" for n in range(8, 113) for s in strains
                    if s != "AT" or n >= 20]
                   + [f"bid:kapo:{s}" for s in strains[:5]] + ["pass"])
    top = [b for row in hand_buttons(tr, INFO, _synthetic_view([]), codes)  # type: ignore[arg-type]
           for b in row]
    assert len(top) <= 40
    direct = {b.data.code for b in top if isinstance(b.data, ActData)}
    # the common bids, the lowest levels, take one tap
    assert {"bid:8:S", "bid:8:NT", "bid:9:C", "pass"} <= direct
    prefixes = [b.data.prefix for b in top if isinstance(b.data, ExpandData)]
    assert "bid:kapo" in prefixes
    # every other bid is on the page one tap opens
    reached = set(direct)
    for prefix in prefixes:
        page = [b for row in hand_buttons(tr, INFO, _synthetic_view([]), codes,  # type: ignore[arg-type]
                                          expanded=prefix) for b in row]
        assert len(page) <= 100  # Telegram's limit
        assert all(not isinstance(b.data, ExpandData) or b.data.prefix == "" for b in page)
        reached |= {b.data.code for b in page if isinstance(b.data, ActData)}
    assert reached == set(codes)


def test_contract_cells_in_russian_notation() -> None:  # BB-SHEET-3
    from bot.show.cells import cell_text

    ru = Catalogs().translator("ru")
    en = Catalogs().translator("en")
    assert [cell_text(ru, c) for c in ("14S", "14S+", "KS++", "K1H", "20AT", "BT", "vs(81)")] \
        == ["14п", "14п +", "Кп ++", "К1ч", "20вк", "БТ", "vs(81)"]
    assert [cell_text(en, c) for c in ("14S+", "KNT")] == ["14S+", "KNT"]


def test_result_without_a_single_winner_lists_signed_totals() -> None:  # DB-SHORT-6
    from bot.show.sheet import result_line

    sheet = {"sides": [{"name": "A", "seats": [0]}, {"name": "B", "seats": [1]}],
             "rows": [], "totals": [3, -3], "pot": 0,
             "result": {"winner": None, "line": "Result: A +3, B -3"}}
    # the stake's winner named (DB-SHORT-6), each side with its signed total
    assert result_line(Catalogs().translator("en"), INFO, sheet) == \
        "Result: Alice wins the stake — Alice +3 · Bob −3"


def test_several_bots_get_their_seat_numbers_everywhere() -> None:
    # a 4-player table with three bots: bids, the sheet's header and the result tell them apart;
    # the seat's number is marked as one, so that a score after the name does not run into it
    # ("🤖 normal 3 -1,0" read as a score of 3)
    from bot.show.common import seat_names
    from bot.show.sheet import result_line

    level = {"ru": "любитель", "uk": "аматор", "en": "normal"}
    for lang in ("ru", "uk", "en"):
        tr = Catalogs().translator(lang)
        names = seat_names(tr, [("Alex", None), (None, "normal"), (None, "normal"),
                                (None, "normal")])
        mark = {"ru": "№", "uk": "№", "en": "#"}[lang]
        bots = [f"🤖 {level[lang]} {mark}{n}" for n in (2, 3, 4)]
        assert names == ("Alex", *bots)
        info = TableInfo(7, 3, "berg", "Club", names)
        sheet = {"sides": [{"name": "A", "seats": [0, 2]}, {"name": "B", "seats": [1, 3]}],
                 "rows": [{"deal": 1, "cells": ["10", "0"], "points": [10, 0], "note": ""}],
                 "totals": [10, 0], "pot": 0, "result": {"winner": 1, "line": ""}}
        assert "Alex (1+3)" in render_sheet(tr, info, sheet)  # a pair by its captain
        assert f"{bots[0]} (2+4)" in render_sheet(tr, info, sheet)
        and_ = {"ru": "и", "uk": "і", "en": "and"}[lang]  # the pair that took the berg
        assert f"{bots[0]} {and_} {bots[2]}" in result_line(tr, info, sheet)
        # one bot alone keeps the short name
        assert seat_names(tr, [("Alex", None), (None, "normal")])[1] == f"🤖 {level[lang]}"


def test_a_pair_wins_in_the_plural() -> None:  # BERG-END-3: the winning pair
    from bot.show.sheet import result_line

    info = TableInfo(7, 3, "berg", "Club", ("Alex", "Bo", "Cy", "Di"))
    sheet = {"sides": [{"name": "A", "seats": [0, 2]}, {"name": "B", "seats": [1, 3]}],
             "rows": [], "totals": [12, 5], "pot": 0, "result": {"winner": 0, "line": ""}}
    want = {"ru": "Итог: берг взяли Alex и Cy — 12,0 : 5,0",
            "uk": "Підсумок: берг взяли Alex і Cy — 12,0 : 5,0",
            "en": "Result: Alex and Cy take the berg — 12.0 : 5.0"}
    for lang, line in want.items():
        assert result_line(Catalogs().translator(lang), info, sheet) == line
    assert result_line(Catalogs().translator("en"), INFO, {**sheet, "sides": [
        {"seats": [0]}, {"seats": [1]}]}) == "Result: Alice wins — 12 : 5"


def test_bait_line_shows_the_points_taken_from_the_declarer() -> None:
    # DB-SCORE-3: Bob baits Alice (23 < 60) and writes 60 + 23 = 83 (280 -> 363);
    # DB-SCORE-5: a made deal that wins the pot writes it on top
    from bot.show.events import render_event

    words = {"ru": ("байт", "повисшие"), "uk": ("байт", "повислі"), "en": ("bait", "pot")}
    for lang, (bait, pot) in words.items():
        tr = Catalogs().translator(lang)
        event = {"type": "deal_scored", "deal": 4, "declarer": 0, "outcome": "bait",
                 "sides": [{"card_points": 23, "melds": 0, "bela": 0, "deal_points": 23,
                            "written": 0, "cell": "BT", "total": 300},
                           {"card_points": 40, "melds": 20, "bela": 0, "deal_points": 60,
                            "written": 83, "cell": "363", "total": 363}], "pot": 0}
        text = render_event(tr, INFO, event)
        assert text is not None
        bob = next(x for x in text.splitlines() if x.startswith("Bob:"))
        assert f"{tr('score.melds')} 20, {bait} +23 = <b>83</b>" in bob and "363" in bob
        alice = next(x for x in text.splitlines() if x.startswith("Alice:"))
        # nothing added to her 23: no sum, and where they went in words (issue #20)
        assert f"{tr('score.cards')} 23 · {tr('score.bait_goes', names='Bob')}" in alice
        assert "=" not in alice and bait not in alice
        made = {**event, "outcome": "made", "pot_awarded": 40, "sides": [
            {"card_points": 100, "melds": 0, "bela": 0, "deal_points": 100, "written": 140,
             "cell": "440", "total": 440},
            {"card_points": 62, "melds": 0, "bela": 0, "deal_points": 62, "written": 62,
             "cell": "425", "total": 425}]}
        text = render_event(tr, INFO, made)
        assert text is not None and f"{pot} +40 = <b>140</b>" in text and bait not in text


@pytest.mark.parametrize("lang", LANGS)
def test_deberts_sheet_says_what_vs_means(lang: str) -> None:  # DB-SHEET-3, DB-SHEET-4
    """The rules write a hanging bait ``vs(81)`` and a pot won ``[+81 vs]``; the sheet keeps
    that notation and says under it, in words, what each means."""
    tr = Catalogs().translator(lang)
    text = render_sheet(tr, INFO, E2_SHEET)
    assert "vs(81)" in text and "313 [+81 vs]" in text
    assert tr("sheet.deberts.vs_key", n=81) in text.splitlines()
    assert tr("sheet.deberts.pot_key") in text.splitlines()
    plain = {**E2_SHEET, "rows": E2_SHEET["rows"][:2]}  # no hanging bait yet: no key
    assert "vs(" not in render_sheet(tr, INFO, plain)
    assert tr("sheet.deberts.pot_key") not in render_sheet(tr, INFO, plain)
    assert "{" not in text
    footer = sheet_picture(tr, INFO, E2_SHEET).footer  # the picture says the same
    assert unescape(tr("sheet.deberts.vs_key", n=81)) in footer


def test_one_card_held_is_singular_in_english() -> None:
    # "Alice 1 cards · Bob 2 cards" on the English table
    from bot.i18n import Catalogs

    tr = Catalogs().translator("en")
    assert tr.plural("table.cards", 1) == "1 card" and tr.plural("table.cards", 2) == "2 cards"
    assert Catalogs().translator("ru").plural("table.cards", 1) == "(карт: 1)"
