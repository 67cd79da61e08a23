"""What the final new-player passes of a Berg match misread (issues #18, #20), as render and
terminal tests in ru, uk and en: a deal's result read on after «Раздача N:» in lower case, a
pair that wrote nothing yet totalling 0,0 in the result line, the played cards named a стопка
apart from the колода drawn from, the lobby without a moot option, the turnover that ties,
the terminal's whole sheet."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, Catalogs
from bot.show.common import EMPTY_CELL, card_text
from bot.show.events import render_event
from bot.show.table import render_table
from tests.bot.test_berg_screens import INFO, _view

CATALOGS = Catalogs()


def _scored(lang: str, note: str, cells: tuple[str, str]) -> list[str]:
    """The group's lines for a deal that ended with ``note`` (BERG-SCORE-7) and left the
    pairs' totals ``cells``."""
    row = {"deal": 7, "note": note, "points": [0.5, 0.0], "cells": list(cells)}
    event = {"type": "deal_scored", "deal": 7, "outcome": "win",
             "sides": [{"written": 0.5, "cell": cells[0]}, {"written": 0.0, "cell": cells[1]}]}
    text = render_event(CATALOGS.translator(lang), INFO, event, sheet_rows=[row])
    assert text
    return text.splitlines()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("note", ["0-2 win 0.5", "tie", "1-3 surrender", "1-3 penalty"])
def test_deal_result_reads_on_in_lower_case(lang: str, note: str) -> None:  # BERG-SCORE-7
    # «Раздача 7: Вышла пара 1+3 (Алиса): 0,5»: other games go on in lower case after the colon
    head = _scored(lang, note, ("0.5", "-"))[0]
    prefix, _, said = head.partition(": ")
    assert prefix.endswith("7") and said[:1].islower(), head


@pytest.mark.parametrize("lang", LANGS)
def test_pair_with_nothing_written_totals_zero(lang: str) -> None:  # BERG-SCORE-6
    # «Вы (1+3): раздача 0,0 · на листе: —»: the dash is the sheet's empty cell; the result
    # line says the pair's total, 0,0
    tr = CATALOGS.translator(lang)
    idle = next(x for x in _scored(lang, "0-2 win 0.5", ("0.5", "-")) if "2+4" in x)
    d = "." if lang == "en" else ","
    assert idle.endswith(f"{tr('score.sheet')}: 0{d}0") and EMPTY_CELL not in idle, idle


@pytest.mark.parametrize("lang", LANGS)
def test_pile_and_stock_have_words_of_their_own(lang: str) -> None:  # BERG-INFO-2 (glossary)
    # «Сверху в колоде ходов» beside «Карт в колоде»: two piles called колода; the played
    # cards are the стопка (стос, pile), the колода (stock) is what a player draws from
    tr = CATALOGS.translator(lang)
    pile = [{"card": "7C", "seat": 1}, {"card": "8C", "seat": 2}]
    facts = [{"key": "top_card", "value": "8C", "kind": "card", "seat": 2},
             {"key": "pile", "value": 2, "kind": "number"},
             {"key": "stock", "value": 20, "kind": "number"}]
    lines = render_table(tr, INFO, _view(groups={"pile": pile}, facts=facts)).text.splitlines()
    pile_word, stock_word = {"ru": ("стопк", "колод"), "uk": ("стос", "колод"),
                             "en": ("pile", "stock")}[lang]
    for line in lines:
        if card_text("8C", tr) in line or card_text("7C", tr) in line or "2" in line.split():
            assert pile_word in line.lower() and stock_word not in line.lower(), line
    stock = next(x for x in lines if "20" in x)
    assert stock_word in stock.lower() and pile_word not in stock.lower(), stock


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("enforcement", ["automatic", "penalty"])
def test_penalty_size_shown_only_with_penalty_enforcement(lang: str, enforcement: str
                                                          ) -> None:  # BERG-OPT-enforcement
    # «Штраф: высота + 5 — если обязаловка штрафом» beside «Обязаловка: автоматически»: the
    # penalty's size (BERG-OPT-penalty) is moot while the bot enforces the orders itself
    from bot.show.lobby import render_lobby

    tr = CATALOGS.translator(lang)
    screen = render_lobby(tr, table_id=1, game="berg", names=["Anna", "Boris", None, None],
                          options={"enforcement": enforcement, "penalty_size": "height_plus_5"},
                          choices={"enforcement": ["automatic", "penalty"],
                                   "penalty_size": ["height_plus_5", "cheap_5"]},
                          min_players=4, max_players=4, pairs=True)
    labels = [b.text for row in screen.buttons for b in row]
    penalty = tr("opt.penalty_size")
    shown = [x for x in screen.text.splitlines() + labels if x.startswith(penalty)]
    assert len(shown) == (0 if enforcement == "automatic" else 2), shown
    assert any(x.startswith(tr("opt.enforcement")) for x in screen.text.splitlines())


@pytest.mark.parametrize("lang", LANGS)
def test_turnovers_say_which_one_ties(lang: str) -> None:  # BERG-TIE-1, BERG-TURNOVER-4
    # «Переворотов колоды: 4», then «Раздача 3: ничья»: the count said nothing of its limit
    from dataclasses import replace

    from bot.show.common import render_facts
    from bot.show.lobby import tie_turnover

    tr = CATALOGS.translator(lang)
    facts = [{"key": "turnovers", "value": 4, "kind": "number"}]
    info = replace(INFO, tie_turnover=tie_turnover("berg", {"tie_convention": "with_tie"}))
    line = render_facts(tr, info, facts)[0]
    tie = {"ru": "ничья на 5", "uk": "нічия на 5", "en": "5th is a tie"}[lang]
    assert "4" in line and tie in line, line
    assert tie_turnover("berg", {"tie_convention": "no_tie_one_deck"}) is None


@pytest.mark.parametrize("lang", LANGS)
def test_terminal_prints_the_whole_sheet(lang: str) -> None:  # BERG-SCORE-7
    # «(здесь только последние строки листа; … весь лист на картинке)»: a terminal has no
    # picture and no message limit, so it prints every row
    from bot.show.common import TableInfo
    from bot.terminal.text import Teller

    tr = CATALOGS.translator(lang)
    teller = Teller(tr, TableInfo(1, 1, "berg", "", ("Anna", "Boris", "Vera", "Gleb"), me=0), 0)
    rows = [{"deal": k, "note": "tie", "points": [0.5, 0.5], "cells": [f"{k / 2}", f"{k / 2}"]}
            for k in range(1, 120)]
    sheet = {"sides": [{"name": "Anna", "seats": [0, 2]}, {"name": "Boris", "seats": [1, 3]}],
             "rows": rows, "totals": [59.5, 59.5],
             "result": {"winner": None, "line": "engine words", "score": [59.5, 59.5]}}
    text = teller.match_over(sheet)
    # the cut's words, whatever the count: the longer side of the number
    cut = max(tr("rec.sheet_cut", n=999).split("999"), key=len)
    assert cut not in text and text.count("\n") > len(rows), text[-300:]


def _frames(rank: str) -> list[str]:
    """Every frame code of four real ``rank`` cards when any first card fits, as BERG-FRAME-10
    builds them: a first and a last card, the two between in ♠ ♥ ♦ ♣ order; shuffled the way
    the engine's order reads to a player (by first card, not by the card left on top)."""
    cards = [rank + s for s in "SHDC"]
    return [f"frame:{first}.{'.'.join(c for c in cards if c not in (first, last))}.{last}"
            for first in reversed(cards) for last in cards if last != first]


@pytest.mark.parametrize("lang", LANGS)
def test_frame_buttons_say_the_card_left_on_top(lang: str) -> None:  # BERG-FRAME-2, -3
    # «Рамки Д♣ Д♥ Д♦ Д♠», «Рамки Д♣ Д♠ Д♦ Д♥» … twelve orderings of one frame in no visible
    # order: only the last card changes what follows (it lies on top), so each button names it
    # and the buttons go by that card, then by the first one
    from bot.show.hand import render_hand

    tr = CATALOGS.translator(lang)
    codes = _frames("Q")
    view = _view(seat=0, hand=["QS", "QH", "QD", "QC", "7C"], private=[],
                 facts=[{"key": "top_card", "value": "QS", "kind": "card", "seat": 3}])
    buttons = [b for row in render_hand(tr, INFO, view, codes).buttons for b in row]
    frames = [b for b in buttons if b.text.startswith(tr("code.frame"))]
    assert len(frames) == 12, [b.text for b in frames]
    tops = []
    for b in frames:
        code = b.data.code  # type: ignore[union-attr]
        last = code.split(".")[-1]
        top = tr("hand.berg.frame_top", frame="", card=card_text(last, tr)).strip(" —")
        assert b.text.endswith(top) and top, b.text
        tops.append(("SHDC".index(last[1]), "SHDC".index(code.split(":")[1][1])))
    assert tops == sorted(tops), [b.text for b in frames]


def _jack_frames() -> list[str]:
    """The jack frames of four real jacks with every order (BERG-FRAME-3, BERG-EFF-7)."""
    return [f"{frame}:{order}" for frame in _frames("J")
            for order in ("5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "JK")]


@pytest.mark.parametrize("lang", LANGS)
def test_jack_frames_say_the_top_jack_and_its_order(lang: str) -> None:
    # BERG-FRAME-3, BERG-EFF-7: «Рамки В♠ В♦ В♣ В♥ …» did not say which jack lies on top, and
    # its orders read as a fifth card: «Рамки В♠ В♦ В♣ В♥ Т» (ace? ten?), «… В» (jack),
    # in no rank order (5 6 7 8 9 A J JK K Q T)
    from bot.model import ExpandData
    from bot.show.common import order_text
    from bot.show.hand import render_hand

    tr = CATALOGS.translator(lang)
    codes = _jack_frames()
    view = _view(seat=0, hand=["JS", "JH", "JD", "JC", "7C"], private=[],
                 facts=[{"key": "top_card", "value": "JS", "kind": "card", "seat": 3},
                        {"key": "card_order", "value": "J", "kind": "text"}])
    buttons = [b for row in render_hand(tr, INFO, view, codes).buttons for b in row]
    opens = [b for b in buttons if isinstance(b.data, ExpandData)]
    assert len(opens) == 12, [b.text for b in buttons]
    tops = []
    for b in opens:
        last = b.data.prefix.split(".")[-1]  # type: ignore[union-attr]
        top = tr("hand.berg.frame_top", frame="", card=card_text(last, tr)).strip(" —")
        assert top in b.text, b.text
        tops.append(("SHDC".index(last[1]), "SHDC".index(b.data.prefix[7])))  # type: ignore
    assert tops == sorted(tops), [b.text for b in opens]  # as the other frames: by the top
    # the second step: each order in words after an arrow, as a single jack's, lowest first
    prefix = opens[0].data.prefix  # type: ignore[union-attr]
    page = [b for row in render_hand(tr, INFO, view, codes, expanded=prefix).buttons
            for b in row if not isinstance(b.data, ExpandData)]
    orders = [b.data.code.rsplit(":", 1)[1] for b in page]  # type: ignore[union-attr]
    assert orders == ["5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "JK"], orders
    for b, order in zip(page, orders, strict=True):
        assert b.text.endswith(f" → {order_text(tr, order)}"), b.text
    assert order_text(tr, "A") != order_text(tr, "T")


@pytest.mark.parametrize("lang", LANGS)
def test_a_run_of_one_card_is_not_summed(lang: str) -> None:  # BERG-SCORE-2, BERG-SCORE-7
    # «вышла пара 1+3 (Carol): Д♠ 1,5 = 1,5» said the value twice; two cards keep their sum
    tr = CATALOGS.translator(lang)
    d = "." if lang == "en" else ","
    head = _scored(lang, "0-2 win run QS = 1.5", ("1.5", "-"))[0]
    assert head.endswith(f"{card_text('QS', tr)} 1{d}5"), head
    head = _scored(lang, "0-2 win run BJ QD = 3.0", ("3.0", "-"))[0]
    assert head.endswith(f"2{d}0 + {card_text('QD', tr)} 1{d}0 = 3{d}0"), head
