"""What the club reads: every screen right and clear, in every game (render tests, three
languages). Each test names the rule ids it checks."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo, render_facts
from bot.show.table import render_table

CATALOGS = Catalogs()
NAMES = ("Anna", "Boris", "Vera", "Gleb")


def info_for(game: str, match: engine.Match) -> TableInfo:
    sides = tuple(tuple(s["seats"]) for s in match.score_sheet["sides"])
    return TableInfo(1, 1, game, "Club", NAMES[:match.players], sides=sides)


def play_until(match: engine.Match, stop: Any, *, seed: int = 1, limit: int = 5000) -> None:
    """Random legal moves until ``stop(match)`` holds (declarations preferred in Berg)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(match) or match.is_over:
            return
        seat = match.to_move
        assert seat is not None
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    raise AssertionError("never reached")


@pytest.mark.parametrize("lang", LANGS)
def test_berg_header_counts_deals_not_sheet_rows(lang: str) -> None:  # BERG-SCORE-7
    m = engine.get_game("berg").new_match(players=4, seed=5)
    # a paid declaration writes a row in the middle of a deal
    play_until(m, lambda x: len(x.score_sheet["rows"]) >= x.public_view()["deal"]
               and x.score_sheet["rows"][-1]["deal"] == x.public_view()["deal"])
    deal = m.public_view()["deal"]
    tr = CATALOGS.translator(lang)
    from bot.show.display import hand_screen
    from storage import Seat

    head = render_table(tr, info_for("berg", m), m.public_view()).text.splitlines()[0]
    assert head.endswith(tr("table.deal", n=deal))
    seat = Seat(table_id=1, seat=0, user_id=1)
    hand = hand_screen(tr, info_for("berg", m), m, seat, playing=True).text.splitlines()[0]
    assert hand.endswith(tr("table.deal", n=deal))


@pytest.mark.parametrize("game", ["deberts", "bazar_belot"])
def test_thrown_in_deal_keeps_the_sheet_number(game: str) -> None:  # DB-SHEET-6, BB-REDEAL-1
    players = 2 if game == "deberts" else 4
    m = engine.get_game(game).new_match(players=players, seed=2)
    while m.public_view()["deal"] == 1:  # everybody passes: thrown in, redealt
        seat = m.to_move
        assert seat is not None
        m.apply(seat, "pass")
    tr = CATALOGS.translator("en")
    head = render_table(tr, info_for(game, m), m.public_view()).text.splitlines()[0]
    assert head.endswith(tr("table.deal", n=1))  # the first deal on the sheet is still to come


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "totals", "shown"), [
    ("bazar_belot", [6, 382], "382 : 6"),
    ("married_bridge", [120, 860], "860 : 120"),
    ("berg", [1.5, 5.5], "5{d}5 : 1{d}5"),  # BERG-END-3: winner first
])
def test_result_line_puts_the_winner_first(lang: str, game: str, totals: list[float],
                                           shown: str) -> None:  # DB-SHEET-5, BERG-END-3
    from bot.show.sheet import result_line

    tr = CATALOGS.translator(lang)
    players = 2 if game == "married_bridge" else 4
    seats = [[0], [1]] if players == 2 else [[0, 2], [1, 3]]
    sheet = {"sides": [{"name": "x", "seats": s} for s in seats], "rows": [],
             "totals": totals, "pot": 0,
             "result": {"winner": 1, "line": "engine words", "score": totals}}
    info = TableInfo(1, 1, game, "Club", NAMES[:players])
    line = result_line(tr, info, sheet)
    decimal = "." if lang == "en" else ","
    assert shown.format(d=decimal) in line
    assert line.index("Boris") < line.index(shown.format(d=decimal)[:3])



@pytest.mark.parametrize("lang", LANGS)
def test_result_line_reads_the_sheets_numbers(lang: str) -> None:  # DB-END-4, DB-SHEET-5
    # both over the target: the result awards 501 : 500, not the totals, and the bot reads
    # the figures from the sheet's numbers, not from the engine's English line
    from bot.show.sheet import result_line

    tr = CATALOGS.translator(lang)
    sheet = {"sides": [{"name": "A", "seats": [0]}, {"name": "B", "seats": [1]}], "rows": [],
             "totals": [512, 530], "pot": 0,
             "result": {"winner": 1, "line": "engine words", "score": [500, 501]}}
    line = result_line(tr, TableInfo(1, 1, "deberts", "Club", NAMES[:2]), sheet)
    assert "501 : 500" in line and "530" not in line, line


@pytest.mark.parametrize(("lang", "words"), [("ru", "защищался в последней раздаче"),
                                             ("uk", "захищався в останній роздачі"),
                                             ("en", "the defender of the last deal wins")])
def test_result_line_says_why_the_lower_total_won(lang: str, words: str) -> None:  # DB-END-4
    # «Итог: побеждает 🤖 — 301 : 300» under «Всего очков: Игорь 423 · 🤖 336»: nothing said why
    from bot.show.sheet import result_line

    sheet = {"sides": [{"name": "A", "seats": [0]}, {"name": "B", "seats": [1]}], "rows": [],
             "totals": [423, 336], "pot": 0,
             "result": {"winner": 1, "line": "", "score": [300, 301], "reason": "defended"}}
    line = result_line(CATALOGS.translator(lang), TableInfo(1, 1, "deberts", "Club", NAMES[:2]),
                       sheet)
    assert words in line and "301 : 300" in line, line

def _bb_event(cards: list[int], tricks: list[int], melds: list[int], written: list[int],
              cells: list[str], outcome: str) -> dict[str, Any]:
    return {"type": "deal_scored", "deal": 3, "declarer": 0, "outcome": outcome,
            "sides": [{"card_points": c, "melds": m, "bela": 0, "tricks": t, "deal_points": w,
                       "written": w, "bait": cell == "BT", "cell": cell, "total": w}
                      for c, t, m, w, cell in zip(cards, tricks, melds, written, cells,
                                                  strict=True)]}


BB_INFO = TableInfo(1, 1, "bazar_belot", "Club", NAMES, sides=((0, 2), (1, 3)))


@pytest.mark.parametrize("lang", LANGS)
def test_bazar_belot_deal_line_adds_up(lang: str) -> None:  # BB-SCORE-2, -3, -5, BB-SHEET-3
    from bot.show.events import render_event

    tr = CATALOGS.translator(lang)
    # 14 spades by Anna and Vera: 94 card points and 20 in melds make it (94 + 200 >= 140);
    # 94 rounds to 9, so they write 14 + 9 + 20 = 43 and the defenders 16 - 9 = 7
    event = _bb_event([94, 68], [5, 3], [20, 0], [43, 7], ["43", "7"], "made")
    text = render_event(tr, BB_INFO, event, row={"deal": 3, "note": "14S"})
    assert text is not None
    lines = text.splitlines()
    assert "14♠" in lines[0] and tr("bb.made") in lines[0]
    ours = next(x for x in lines if x.startswith(f"{tr('pair.bazar_belot.ns')}:"))
    theirs = next(x for x in lines if x.startswith(f"{tr('pair.bazar_belot.ew')}:"))
    assert "94 → 9" in ours and "14" in ours and "20" in ours and "= <b>43</b>" in ours
    assert "68" in theirs and "16 \u2212 9" in theirs and "= <b>7</b>" in theirs
    assert "140" in text  # what the contract needed


@pytest.mark.parametrize("lang", LANGS)
def test_bazar_belot_failed_contra_line(lang: str) -> None:  # BB-SCORE-9, BB-SCORE-10
    from bot.show.cells import cell_text
    from bot.show.events import render_event

    tr = CATALOGS.translator(lang)
    # 14 spades doubled fails (60 + 20 < 140): the defenders write 2 x 14 + 16 + 2 = 46
    event = _bb_event([60, 102], [3, 5], [2, 0], [0, 46], ["BT", "46"], "failed")
    text = render_event(tr, BB_INFO, event, row={"deal": 3, "note": "14S+"})
    assert text is not None
    ours = next(x for x in text.splitlines() if x.startswith(f"{tr('pair.bazar_belot.ns')}:"))
    theirs = next(x for x in text.splitlines() if x.startswith(f"{tr('pair.bazar_belot.ew')}:"))
    assert cell_text(tr, "BT") in ours
    assert "2×14" in theirs and "16" in theirs and "= <b>46</b>" in theirs
    # the contract in prose, not in the sheet's code "14S+" / "14п +"; English names the
    # call its button made
    doubled = {"ru": "14♠ с контрой", "uk": "14♠ з контрою", "en": "14♠ contra"}[lang]
    assert doubled in text.splitlines()[0] and "14S+" not in text and "14п" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_married_bridge_last_trick_has_no_bonus(lang: str) -> None:  # MB-SCORE (tricks only)
    from bot.show.events import render_event

    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "married_bridge", "Club", NAMES[:2])
    event = {"type": "deal_scored", "deal": 1, "declarer": 0, "outcome": "made",
             "sides": [{"tricks": 8, "deal_points": 90, "cell": "90"},
                       {"tricks": 5, "deal_points": 0, "cell": "0"}]}
    trick = {"type": "trick", "cards": [[0, "9D"], [1, "JD"]], "winner": 1}
    text = render_event(tr, info, event, last_trick=trick)
    assert text is not None and "Boris" in text and "+10" not in text


BERG_SHEET = {
    "sides": [{"name": "0-2", "seats": [0, 2]}, {"name": "1-3", "seats": [1, 3]}],
    "rows": [
        {"deal": 1, "cells": ["-0.5", "-"], "points": [-0.5, 0], "note": "0-2 fire -0.5"},
        {"deal": 1, "cells": ["-0.5", "0.5"], "points": [0, 0.5], "note": "1-3 win 0.5"},
        {"deal": 2, "cells": ["0.0", "1.0"], "points": [0.5, 0.5], "note": "tie"},
        {"deal": 3, "cells": ["-0.5", "1.0"], "points": [-0.5, 0], "note": "0-2 open:1 -0.5"},
        {"deal": 3, "cells": ["4.5", "1.0"], "points": [5.0, 0],
         "note": "0-2 win run RJ QH QD = 5.0"},
        {"deal": 4, "cells": ["4.5", "1.5"], "points": [0, 0.5], "note": "1-3 surrender"},
    ],
    "totals": [4.5, 1.5], "pot": 0, "result": None,
}
BERG_INFO = TableInfo(1, 1, "berg", "Club", NAMES, sides=((0, 2), (1, 3)))


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_berg_sheet_speaks_the_players_language(lang: str) -> None:  # BERG-SCORE-6, -7
    from bot.show.sheet import render_sheet

    tr = CATALOGS.translator(lang)
    text = render_sheet(tr, BERG_INFO, BERG_SHEET)
    for engine_word in ("0-2", "1-3", "fire", "win", "tie", "run", "surrender", "open", "RJ",
                        "4.5", "0.5", "-0.5"):
        assert engine_word not in text, engine_word
    assert "4,5" in text and "−0,5" in text and "Anna (1+3)" in text  # by its captain
    assert "Boris" in text.split("\n")[5]  # the open hand is named by its player


@pytest.mark.parametrize("lang", LANGS)
def test_berg_deal_result_names_what_was_written(lang: str) -> None:  # BERG-SCORE-5, -7
    from bot.show.events import render_event

    tr = CATALOGS.translator(lang)
    event = {"type": "deal_scored", "deal": 2, "declarer": None, "outcome": "tie",
             "sides": [{"deal_points": 0.5, "written": 0.5, "cell": "0.0", "total": 0.0,
                        "run": []},
                       {"deal_points": 0.5, "written": 0.5, "cell": "1.0", "total": 1.0,
                        "run": []}]}
    text = render_event(tr, BERG_INFO, event, row=BERG_SHEET["rows"][2])
    assert text is not None
    decimal = "." if lang == "en" else ","
    assert ":  =" not in text and "tie" not in text.replace(tr("val.tie"), "")
    assert f"0{decimal}5" in text and f"1{decimal}0" in text
    assert ("1.0" not in text) if decimal == "," else True


@pytest.mark.parametrize("lang", LANGS)
def test_jokers_have_names(lang: str) -> None:  # BERG-DECK
    from bot.show.common import card_text

    tr = CATALOGS.translator(lang)
    red, black = card_text("RJ", tr), card_text("BJ", tr)
    assert "R" not in red.replace("🃏", "") and red != black
    assert red == tr("card.RJ") and black == tr("card.BJ")


@pytest.mark.parametrize("lang", LANGS)
def test_clock_says_when_the_turn_ends(lang: str) -> None:  # stays true without an edit
    from datetime import UTC, datetime, timedelta

    from bot.show.display import _clock
    from bot.telegram.messenger import telegram_html
    from storage import GameTable

    tr = CATALOGS.translator(lang)
    deadline = (datetime.now(UTC) + timedelta(seconds=29)).replace(microsecond=0)
    table = GameTable(chat_id=1, game="deberts", status="playing", deadline=deadline)
    line = _clock(tr, table)
    assert line is not None
    at = deadline.strftime("%H:%M:%S")
    # no countdown (the time of day itself may hold "0:29", e.g. 18:10:29)
    assert at in line and "UTC" in line and "0:29" not in line.replace(at, "")
    # the core writes no platform's markup (issue #17): the deadline is data, the platform
    # renders it; on Telegram each reader's app shows it in his own time zone (its date entity)
    assert "tg-time" not in line and "<t:" not in line
    shown = telegram_html(line)
    assert f'<tg-time unix="{int(deadline.timestamp())}" format="T">{at} UTC</tg-time>' in shown
    later = deadline + timedelta(days=1, hours=2)
    table.deadline = later
    line = _clock(tr, table)
    assert line is not None and later.strftime("%H:%M") in line
    assert later.strftime("%d.%m") in line  # another day: the date too
    assert f'<tg-time unix="{int(later.timestamp())}" format="td">' in telegram_html(line)


@pytest.mark.parametrize("lang", LANGS)
def test_clock_is_written_in_the_clubs_time_zone(lang: str) -> None:
    # issue #18: a Moscow club read "move by 16:30:34 UTC" and had to convert
    from datetime import UTC, datetime, timedelta
    from zoneinfo import ZoneInfo

    from bot.show.display import _clock
    from bot.telegram.messenger import telegram_html
    from storage import GameTable

    tr = CATALOGS.translator(lang)
    moscow = ZoneInfo("Europe/Moscow")
    deadline = (datetime.now(UTC) + timedelta(seconds=90)).replace(microsecond=0)
    table = GameTable(chat_id=1, game="deberts", status="playing", deadline=deadline)
    line = _clock(tr, table, moscow)
    assert line is not None
    # the turn's time-out is kept to the second (30 s turns): the seconds stay
    assert deadline.astimezone(moscow).strftime("%H:%M:%S") + " MSK" in line, line
    assert "UTC" not in line
    # the instant is unchanged
    assert f'<tg-time unix="{int(deadline.timestamp())}" format="T">' in telegram_html(line)
    # a zone without a letter abbreviation is named by its offset
    line = _clock(tr, table, ZoneInfo("Asia/Yerevan"))
    assert line is not None and "UTC+4" in line, line
    table.deadline = deadline + timedelta(hours=3)  # hours away: to the minute
    line = _clock(tr, table, moscow)
    assert line is not None
    assert table.deadline.astimezone(moscow).strftime("%H:%M") + " MSK" in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_berg_orders_come_after_the_card(lang: str) -> None:  # BERG-CODES play:<jack>:<order>
    from bot.model import ActData, ExpandData
    from bot.show.common import card_text
    from bot.show.hand import hand_buttons

    tr = CATALOGS.translator(lang)
    orders = ["5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "JK"]
    codes = [f"play:JS:{o}" for o in orders] + [f"play:QD:{s}" for s in "SHDC"] + ["play:7C",
                                                                                  "draw"]
    view = {"hand": ["JS", "QD", "7C"], "groups": {}, "facts": [], "private": [],
            "game": "berg"}
    top = [b for row in hand_buttons(tr, BERG_INFO, view, codes) for b in row]
    assert [b.data.prefix for b in top if isinstance(b.data, ExpandData)] == ["play:JS",
                                                                              "play:QD"]
    assert {b.data.code for b in top if isinstance(b.data, ActData)} == {"play:7C", "draw"}
    page = [b for row in hand_buttons(tr, BERG_INFO, view, codes, expanded="play:JS")
            for b in row]
    labels = {b.data.code: b.text for b in page if isinstance(b.data, ActData)}
    assert set(labels) == {f"play:JS:{o}" for o in orders}
    assert labels["play:JS:JK"] == f"{card_text('JS', tr)} → {tr('arg.JK')}"


def test_berg_top_card_does_not_read_like_the_last_card_call() -> None:  # BERG-INFO-2
    words = {lang: CATALOGS.translator(lang)("fact.berg.top_card").lower() for lang in LANGS}
    assert "послед" not in words["ru"] and "останн" not in words["uk"]
    assert "pile" in words["en"]


@pytest.mark.parametrize("lang", LANGS)
def test_married_bridge_sheet_has_a_contract_column(lang: str) -> None:  # MB-SCORE-8
    from bot.show.sheet import render_sheet

    tr = CATALOGS.translator(lang)
    sheet = {"sides": [{"name": "seat 0", "seats": [0]}, {"name": "seat 1", "seats": [1]}],
             "rows": [{"deal": 1, "cells": ["+960", "0"], "points": [960, 0],
                       "note": "2HXX by seat 0, 8 tricks"}],
             "totals": [960, 0], "pot": 0, "result": None}
    info = TableInfo(1, 1, "married_bridge", "Club", NAMES[:2])
    text = render_sheet(tr, info, sheet)
    header = text.split("<pre>")[1].splitlines()[0]
    assert tr("sheet.note.married_bridge") in header
    row = text.split("<pre>")[1].splitlines()[1]
    assert tr("val.2HXX") in row and "Anna" in row and "8" in row
    assert "seat" not in row and "by" not in row


MB_INFO = TableInfo(1, 1, "married_bridge", "Club", NAMES[:2])


def _mb_defeated(tricks: int, needed: int, points: int) -> dict[str, Any]:
    """Anna's contract fails with ``tricks`` of ``needed``: Boris writes ``points``."""
    return {"type": "deal_scored", "deal": 1, "declarer": 0, "outcome": "defeated",
            "sides": [{"tricks": tricks, "deal_points": 0, "written": 0, "cell": "0",
                       "role": "declarer", "needed": needed},
                      {"tricks": 13 - tricks, "deal_points": points, "written": points,
                       "cell": f"+{points}", "role": "defender", "needed": 14 - needed}]}


@pytest.mark.parametrize("lang", LANGS)
def test_married_bridge_deal_line_names_the_contract(lang: str) -> None:  # MB-SCORE-8
    from bot.show.events import render_event

    tr = CATALOGS.translator(lang)
    text = render_event(tr, MB_INFO, _mb_defeated(8, 10, 600),
                        row={"deal": 1, "note": "4SX by seat 0, 8 tricks"})
    assert text is not None
    assert tr("val.4SX") in text and "10" in text and "8" in text
    assert f"{tr('score.sheet')}: +600" in text  # one game's points, signed
    # MB-SCORE-4, -5: two short, 2 × 30, doubled
    assert f"{tr.plural('mb.undertricks', 2, name='Anna')} — 2 × 30 = 60, {tr('mb.contra')} × 2" \
        in text


@pytest.mark.parametrize("lang", LANGS)
def test_berg_top_card_line_names_the_card_first(lang: str) -> None:  # BERG-INFO-2
    from bot.show.common import card_text, render_facts

    tr = CATALOGS.translator(lang)
    line = render_facts(tr, BERG_INFO, [{"key": "top_card", "value": "KC", "kind": "card",
                                         "seat": 3}])[0]
    assert line.startswith(tr("fact.berg.top_card")[:5])
    assert line.index(card_text("KC", tr)) < line.index("Gleb")


def test_a_long_sheet_fits_in_one_message() -> None:  # Telegram's 4096 characters
    from bot.show.sheet import render_sheet

    tr = CATALOGS.translator("ru")
    rows = [{**row, "deal": 1 + i // 2} for i in range(200)
            for row in [BERG_SHEET["rows"][4]]]
    sheet = {**BERG_SHEET, "rows": rows}
    text = render_sheet(tr, BERG_INFO, sheet)
    assert len(text) < 3600  # room for the match-over line before it
    assert str(rows[-1]["deal"]) in text  # the newest rows are kept
    # the note says how many rows are left out above and where the whole sheet is
    assert "(выше ещё " in text and "весь лист на картинке)" in text, text[-200:]


@pytest.mark.parametrize("lang", LANGS)
def test_a_cut_sheet_counts_the_rows_above_in_words(lang: str) -> None:  # BB-SHEET, DB-SHEET
    # "(здесь только последние строки листа; более ранних строк: 68 — весь лист на картинке)"
    # read clumsily: it is "(выше ещё 68 строк — весь лист на картинке)", in the count's form
    from bot.show.sheet import render_sheet

    tr = CATALOGS.translator(lang)
    words = {"ru": ("(выше ещё {n} {w} — весь лист на картинке)", "строка", "строки", "строк"),
             "uk": ("(вище ще {n} {w} — увесь аркуш на картинці)", "рядок", "рядки", "рядків"),
             "en": ("({n} more {w} above — the picture has the whole sheet)", "row", "rows",
                    "rows")}[lang]
    for total, cut, form in ((2, 1, 1), (5, 3, 2), (10, 5, 3), (42, 21, 1), (44, 22, 2)):
        rows = [{**BERG_SHEET["rows"][4], "deal": 1 + i} for i in range(total)]
        sheet = {**BERG_SHEET, "rows": rows}
        whole = render_sheet(tr, BERG_INFO, sheet, limit=100_000)
        text = render_sheet(tr, BERG_INFO, sheet, limit=len(whole) - 1)
        word = words[form] if lang != "en" else words[1 if cut == 1 else 2]  # en: 21 rows
        assert text.endswith(words[0].format(n=cut, w=word)), (total, text[-120:])


@pytest.mark.parametrize("lang", LANGS)
def test_married_bridge_record_names_the_contract_in_words(lang: str) -> None:  # MB-SCORE-8
    from bot.records.core import DealRecord
    from bot.records.text import render_deal_record

    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "married_bridge", "Club", NAMES[:2])
    record = DealRecord(1, [[], []], [{"type": "contract_reached", "contract": "7SX",
                                       "declarer": 1}])
    text = render_deal_record(tr, info, record)
    assert tr("val.7SX") in text and "7♠" in text and "7SX" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_berg_record_says_orders_and_declarations_in_words(lang: str) -> None:
    # BERG-CODES play:<queen>:<suit>, play:<jack>:<order>; BERG-DECL-12 (fire)
    from bot.records.core import DealRecord
    from bot.records.text import render_deal_record
    from bot.show.common import card_text

    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "berg", "Club", NAMES)
    events = [{"type": "declare", "seat": 0, "what": "fire"},
              {"type": "play", "seat": 1, "card": "QH", "call": "D"},
              {"type": "play", "seat": 2, "card": "JS", "call": "9"},
              {"type": "play", "seat": 3, "card": "JD", "call": "JK"}]
    text = render_deal_record(tr, info, DealRecord(1, [[], [], [], []], events))
    queen, jack = card_text("QH", tr), card_text("JS", tr)
    assert f"Boris {queen} → ♦" in text and "(D)" not in text
    # an order is written as the table and the buttons write it: the card, an arrow, the rank
    assert f"Vera {jack} → 9" in text and "(9)" not in text
    assert f"{card_text('JD', tr)} → {tr('val.JK')}" in text
    fired = {"ru": "Anna увольняет капитана соперников",
             "uk": "Anna звільняє капітана суперників",
             "en": "Anna fired the opposing captain"}[lang]
    assert fired in text and "fire\n" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_berg_breakdown_adds_up_with_declarations(lang: str) -> None:  # BERG-DECL-2, BERG-SCORE-7
    # deal 3: Anna and Vera opened Boris's hand (-0.5) and went out for 5.0: the deal wrote
    # 4.5 (-0.5 to 4.5 on the sheet); the breakdown names both terms before "="
    from bot.records.core import DealRecord
    from bot.records.text import render_deal_record
    from bot.show.events import render_event

    tr = CATALOGS.translator(lang)
    event = {"type": "deal_scored", "deal": 3, "declarer": None, "outcome": "win",
             "sides": [{"deal_points": 5.0, "written": 5.0, "cell": "4.5", "total": 4.5,
                        "run": ["RJ", "QH", "QD"]},
                       {"deal_points": 0, "written": 0, "cell": "1.0", "total": 1.0, "run": []}]}
    d = "." if lang == "en" else ","
    by_row = render_event(tr, BERG_INFO, event, sheet_rows=BERG_SHEET["rows"])
    record = render_deal_record(tr, BERG_INFO, DealRecord(3, [[], [], [], []], [event]),
                                BERG_SHEET["rows"])
    for text in (by_row, record):
        assert text is not None and ":  =" not in text
        ours = next(x for x in text.splitlines() if x.startswith("Anna (1+3):"))
        theirs = next(x for x in text.splitlines() if x.startswith("Boris (2+4):"))
        opened = tr("berg.decl.open_one", name="Boris")
        assert f"{opened} −0{d}5" in ours and f"+5{d}0" in ours and f"= <b>+4{d}5</b>" in ours
        assert f"{tr('berg.term.deal')} <b>0{d}0</b>" in theirs and "=" not in theirs  # one term


@pytest.mark.parametrize("lang", LANGS)
def test_married_bridge_penalty_shows_the_undertricks(lang: str) -> None:  # MB-SCORE-4, -5
    # 7♠ doubled by Anna, no trick taken: Boris writes 13 undertricks × 30 × 2 = 780
    from bot.show.events import render_event

    tr = CATALOGS.translator(lang)
    info = MB_INFO
    rows = [{"deal": 1, "cells": ["0", "+780"], "points": [0, 780],
             "note": "7SX by seat 0, 0 tricks"}]
    text = render_event(tr, info, _mb_defeated(0, 13, 780), sheet_rows=rows)
    assert text is not None
    boris = next(x for x in text.splitlines() if x.startswith("Boris:"))
    # the undertricks are Anna's, the declarer's: Boris writes them (a reader took "Boris:
    # undertricks 13" for Boris falling short)
    undertricks = {"ru": "Anna без 13 взяток", "uk": "Anna без 13 взяток",
                   "en": "Anna 13 tricks short"}[lang]
    contra = {"ru": "с контрой", "uk": "з контрою", "en": "doubled"}[lang]
    assert f"{undertricks} — 13 × 30 = 390, {contra} × 2 = <b>780</b>" in boris
    assert f"{tr('score.sheet')}: +780" in boris  # one game's points, signed (MB-SCORE-8)
    # made in no trumps after a recontra: (40 + 30 × 8) × 4 = 1120, the failed contra -50
    event = {"type": "deal_scored", "deal": 2, "declarer": 1, "outcome": "made",
             "sides": [{"tricks": 4, "deal_points": -50, "written": -50, "cell": "-50"},
                       {"tricks": 9, "deal_points": 1120, "written": 1120, "cell": "+1120"}]}
    text = render_event(tr, info, event, row={"deal": 2, "note": "3NTXX by seat 1, 9 tricks"})
    assert text is not None
    assert f"{tr.plural('mb.tricks', 9)}: 40 + 30 × 8 = 280, {tr('mb.recontra')} × 4 = <b>1" in text
    assert f"{tr('mb.contra_failed')} = <b>\u221250</b>" in text


@pytest.mark.parametrize("lang", LANGS)
def test_married_bridge_contra_names_who_said_it(lang: str) -> None:  # MB-BID-6, MB-INFO-4
    # Boris (a bot) doubles Anna's 5♥: the line names Boris first, Anna as the bidder only
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "married_bridge", "Club", NAMES[:2])
    calls = [{"seat": 0, "call": "bid:5:H"}, {"seat": 1, "call": "contra"}]
    facts = [{"key": "mb_contra_on", "value": "5H", "kind": "text", "seat": 0}]
    [line] = render_facts(tr, info, facts, phase="bidding", calls=calls)
    assert line == tr("fact.mb_contra_on.by", caller="Boris", bid="5♥", bidder="Anna"), line
    assert line.index("Boris") < line.index("Anna") and not line.startswith("Anna"), line
    assert not line.startswith("Boris:"), line  # he said the contra, he made no bid


@pytest.mark.parametrize("lang", LANGS)
def test_deberts_deal_result_says_what_was_made(lang: str) -> None:  # DB-SCORE-2, DB-SCORE-3
    # "Раздача 1: сыграно" said nothing of what: the line says the declarer had more points
    from bot.show.events import render_event

    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", NAMES[:2])
    sides = [{"card_points": 59, "melds": 0, "bela": 20, "deal_points": 79, "written": 79,
              "cell": "79", "total": 79},
             {"card_points": 18, "melds": 20, "bela": 0, "deal_points": 38, "written": 38,
              "cell": "38", "total": 38}]
    for outcome in ("made", "bait"):
        event = {"type": "deal_scored", "deal": 1, "declarer": 0, "outcome": outcome,
                 "sides": sides, "pot": 0, "pot_awarded": 0}
        first = (render_event(tr, info, event) or "").splitlines()[0]
        words = {"ru": ("больше", "меньше"), "uk": ("більше", "менше"),
                 "en": ("more", "fewer")}[lang]
        assert words[0 if outcome == "made" else 1] in first, first
        assert first.count(":") == 1, first  # not "Deal 1: made: the declarer ..."


@pytest.mark.parametrize("lang", LANGS)
def test_a_conceded_dave_has_a_deal_message(lang: str) -> None:  # DB-DAVE-1, DB-SHORT-6
    from bot.show.events import render_event

    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", NAMES[:2])
    text = render_event(tr, info, {"type": "stake", "seat": 1, "call": "dave:concede",
                                   "stake": 4})
    assert text and "Boris" in text and "4" in text, text
    assert render_event(tr, info, {"type": "stake", "seat": 1, "call": "dave:accept",
                                   "stake": 4}) is None  # the table says a raised stake


@pytest.mark.parametrize("lang", LANGS)
def test_deberts_take_is_said_of_the_player(lang: str) -> None:  # DB-BID-1
    # "Торговля: Борис пас, Анна играю" said "I play" of Anna
    from bot.show.common import said_text

    tr = CATALOGS.translator(lang)
    said = said_text(tr, "take", {"game": "deberts", "groups": {}, "facts": []})
    assert said == {"ru": "играет", "uk": "грає", "en": "plays"}[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_berg_result_says_who_went_out_and_with_which_card(lang: str
                                                           ) -> None:  # BERG-SCORE-1, BERG-INFO-2
    # deal 3 ended as Vera went out with Q♦: the result named Anna's pair by its captain and
    # never the card that ended the deal; a line of its own says who went out and with what
    from bot.records.core import DealRecord
    from bot.records.text import render_deal_record
    from bot.show.common import card_text
    from bot.show.display import Display

    tr = CATALOGS.translator(lang)
    played = {"type": "play", "seat": 2, "card": "QD", "call": ""}
    event = {"type": "deal_scored", "deal": 3, "declarer": None, "outcome": "win",
             "sides": [{"deal_points": 5.0, "written": 5.0, "cell": "4.5", "total": 4.5,
                        "run": ["RJ", "QH", "QD"]},
                       {"deal_points": 0, "written": 0, "cell": "1.0", "total": 1.0, "run": []}]}
    went = {"ru": "Vera выходит: ", "uk": "Vera виходить: ", "en": "Vera goes out: "}[lang]
    line = went + card_text("QD", tr)
    group = Display._event_texts(None, tr, BERG_INFO, [played, event],  # type: ignore[arg-type]
                                 BERG_SHEET["rows"])
    record = render_deal_record(tr, BERG_INFO, DealRecord(3, [[], [], [], []],
                                                          [played, event]), BERG_SHEET["rows"])
    assert line in "\n".join(group).splitlines(), group
    assert line in record.splitlines(), record
