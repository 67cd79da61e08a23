"""What a Berg table reads (render tests, three languages): the surrender button, the status
lines, the jack's orders in rank order, the jokers' names, one decimal style. Each test names
the rule ids it checks."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGS, Catalogs
from bot.model import ActData
from bot.show.common import TableInfo, card_text, code_label, render_facts
from bot.show.hand import hand_buttons, render_hand
from bot.show.table import render_table

CATALOGS = Catalogs()
NAMES = ("Anna", "Boris", "Vera", "Gleb")
INFO = TableInfo(1, 1, "berg", "Club", NAMES, sides=((0, 2), (1, 3)))


def _view(**extra: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "game": "berg", "phase": "play", "deal": 3, "sheet_deal": 3, "to_move": 0,
        "dealer": 3, "seat": None, "hand_counts": [5, 5, 5, 5], "groups": {"pile": []},
        "facts": [], "deal_points": [0.0, 0.0], "totals": [1.0, -1.0], "pot": 0,
        "sides": [{"name": "0-2", "seats": [0, 2]}, {"name": "1-3", "seats": [1, 3]}],
        "calls": []}
    view.update(extra)
    return view


@pytest.mark.parametrize("lang", LANGS)
def test_surrender_button_says_the_opponents_score(lang: str) -> None:  # BERG-DECL-9
    tr = CATALOGS.translator(lang)
    label = code_label(tr, "declare:surrender", {"game": "berg", "groups": {}, "facts": []})
    opponents = {"ru": "соперник", "uk": "суперник", "en": "opponents"}[lang]
    assert opponents in label.lower() and "0" in label


@pytest.mark.parametrize("lang", LANGS)
def test_totals_keep_one_decimal_everywhere(lang: str) -> None:  # BERG-SCORE-7
    tr = CATALOGS.translator(lang)
    d = "." if lang == "en" else ","
    table = render_table(tr, INFO, _view()).text
    assert f"<b>−1{d}0</b>" in table and f"<b>1{d}0</b>" in table
    hand = render_hand(tr, INFO, _view(seat=0, hand=["7C"], private=[]), []).text
    assert f"−1{d}0" in hand and f"Anna (1+3) 1{d}0" in hand


@pytest.mark.parametrize("lang", LANGS)
def test_jack_order_reads_as_a_rank_name(lang: str) -> None:  # BERG-EFF-7, BERG-INFO-2
    tr = CATALOGS.translator(lang)
    line = render_facts(tr, INFO, [{"key": "card_order", "value": "Q", "kind": "text"}])[0]
    queen = {"ru": "дама", "uk": "дама", "en": "queen"}[lang]
    assert queen in line and not line.endswith(": Д") and not line.endswith(": Q")
    joker = render_facts(tr, INFO, [{"key": "card_order", "value": "JK", "kind": "text"}])[0]
    assert tr("val.JK") in joker


@pytest.mark.parametrize("lang", LANGS)
def test_dobor_status_line_reads_as_a_sentence(lang: str) -> None:  # BERG-DECL-6, BERG-INFO-4
    tr = CATALOGS.translator(lang)
    facts = [{"key": "dobor", "value": "dobor_active", "kind": "text", "seat": 0},
             {"key": "dobor", "value": "dobor_over", "kind": "text", "seat": 1}]
    active, over = render_facts(tr, INFO, facts)
    assert "Anna" in active and "Boris" in over
    for line in (active, over):
        assert "::" not in line and ": :" not in line
        assert line.lower().startswith(tr("berg.decl.dobor").lower())  # the dobor, then who
    joker = {"ru": "джокер", "uk": "джокер", "en": "joker"}[lang]
    assert joker in active and joker in over  # why it is in force or over


@pytest.mark.parametrize("lang", LANGS)
def test_pile_lines_say_what_they_count(lang: str) -> None:  # BERG-INFO-2, BERG-INFO-3
    tr = CATALOGS.translator(lang)
    pile = [{"card": c, "seat": i % 4} for i, c in enumerate(["7C", "7H", "8H", "8S"])]
    view = _view(groups={"pile": pile},
                 facts=[{"key": "top_card", "value": "8S", "kind": "card", "seat": 3},
                        {"key": "pile", "value": 15, "kind": "number"}])
    text = render_table(tr, INFO, view).text
    recent = {"ru": "ниже", "uk": "нижче", "en": "below"}[lang]  # under the top card
    total = {"ru": "всего", "uk": "усього", "en": "all"}[lang]
    pile_line = next(x for x in text.splitlines() if card_text("7C", tr) in x)
    count_line = next(x for x in text.splitlines() if "15" in x)
    assert recent in pile_line.lower() and total in count_line.lower()


@pytest.mark.parametrize("lang", LANGS)
def test_jokers_are_named_in_words(lang: str) -> None:  # BERG-DECK
    tr = CATALOGS.translator(lang)
    joker = {"ru": "джокер", "uk": "джокер", "en": "joker"}[lang]
    red = {"ru": "красный", "uk": "червоний", "en": "red"}[lang]
    assert card_text("RJ", tr) == f"{red} {joker}" and "🃏" not in card_text("BJ", tr)


@pytest.mark.parametrize("lang", LANGS)
def test_jack_orders_come_in_rank_order(lang: str) -> None:  # BERG-EFF-7
    tr = CATALOGS.translator(lang)
    orders = ["5", "6", "7", "8", "9", "A", "J", "JK", "K", "Q", "T"]  # the engine's text order
    codes = [f"play:JS:{o}" for o in orders] + [f"play:QD:{s}" for s in "CDHS"]
    view = {"hand": ["JS", "QD"], "groups": {}, "facts": [], "private": [], "game": "berg"}
    page = [b.data.code for row in hand_buttons(tr, INFO, view, codes, expanded="play:JS")
            for b in row if isinstance(b.data, ActData)]
    assert page == [f"play:JS:{o}" for o in
                    ["5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "JK"]]
    suits = [b.data.code for row in hand_buttons(tr, INFO, view, codes, expanded="play:QD")
             for b in row if isinstance(b.data, ActData)]
    assert suits == [f"play:QD:{s}" for s in "SHDC"]  # the hand's suit order


@pytest.mark.parametrize("lang", LANGS)
def test_berg_draws_from_the_stock(lang: str) -> None:  # BERG-TURN-4 (glossary: stock)
    tr = CATALOGS.translator(lang)
    label = code_label(tr, "draw", {"game": "berg", "groups": {}, "facts": []})
    stock = {"ru": "колод", "uk": "колод", "en": "stock"}[lang]
    assert stock in label and "тало" not in label and "talon" not in label


def test_suggestions_read_as_english() -> None:  # BERG-DECL-3
    tr = CATALOGS.translator("en")
    facts = [{"key": "suggestion", "value": f"decl_{what}", "kind": "text", "seat": 2}
             for what in ("dobor", "surrender", "open", "shuffle", "fire", "insure")]
    for line in render_facts(tr, INFO, facts):
        assert "suggests to " not in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_top_card_shown_once(lang: str) -> None:  # BERG-INFO-2: the top of the pile, once
    tr = CATALOGS.translator(lang)
    pile = [{"card": "6D", "seat": 1}, {"card": "6C", "seat": 3}, {"card": "JC", "seat": 1}]
    facts = [{"key": "top_card", "value": "JC", "kind": "card", "seat": 1}]
    table = render_table(tr, INFO, _view(groups={"pile": pile}, facts=facts)).text
    jack = card_text("JC", tr)
    assert table.count(jack) == 1, table
    assert card_text("6D", tr) in table and card_text("6C", tr) in table
    alone = render_table(tr, INFO, _view(groups={"pile": pile[-1:]}, facts=facts)).text
    assert alone.count(jack) == 1 and tr("group.pile") not in alone, alone


@pytest.mark.parametrize("lang", LANGS)
def test_firing_says_whose_captain_and_the_fired_one_shows_it(lang: str) -> None:
    # BERG-DECL-12: the button says it is the opponents' captain; once fired, the captain's
    # line says so instead of a plain "Captain: Boris" beside a "Captain fired" line
    tr = CATALOGS.translator(lang)
    theirs = {"ru": "соперник", "uk": "суперник", "en": "opponents"}[lang]
    for code in ("declare:fire", "suggest:fire"):
        label = code_label(tr, code, {"game": "berg", "groups": {}, "facts": []})
        assert theirs in label.lower(), label
    facts = [{"key": "captain", "value": 0, "kind": "seat"},
             {"key": "captain", "value": 1, "kind": "seat"},
             {"key": "captain_fired", "value": 1, "kind": "seat"}]
    lines = render_facts(tr, INFO, facts)
    assert len(lines) == 2, lines
    boris = next(x for x in lines if "Boris" in x)
    plain = tr("fact.berg.captain.pair", pair="2+4", captain="Boris", partner="Gleb")
    assert boris != plain and "2+4" in boris
    assert lines[0] == tr("fact.berg.captain.pair", pair="1+3", captain="Anna", partner="Vera")


@pytest.mark.parametrize("lang", LANGS)
def test_each_captain_line_names_its_pair(lang: str) -> None:
    # two lines "Капитан: Анна" / "Капитан: Борис" did not say which pair each leads; now
    # each names its pair by its seats and players ("Пара 1+3: Vera (капитан), Anna"), #20
    tr = CATALOGS.translator(lang)
    facts = [{"key": "captain", "value": 2, "kind": "seat"},
             {"key": "captain", "value": 1, "kind": "seat"}]
    lines = render_facts(tr, INFO, facts)
    assert lines == [tr("fact.berg.captain.pair", pair="1+3", captain=NAMES[2], partner="Anna"),
                     tr("fact.berg.captain.pair", pair="2+4", captain="Boris", partner="Gleb")]


@pytest.mark.parametrize("lang", LANGS)
def test_deal_lines_read_as_sentences(lang: str) -> None:  # BERG-END-1, BERG-DECL-12
    # "Раздача 11: Анна, Вера: вышли, 0,5" had two colons; "предлагает уволить капитана"
    # did not say whose
    tr = CATALOGS.translator(lang)
    # the pair by its seats and captain in the sentence, one colon before the points (#18)
    for key in ("berg.note.win", "berg.note.win_run"):
        said = tr(key, pair="1+3 (Anna)", points="0,5", cards="x")
        assert "1+3 (Anna)" in said and said.count(":") == 1, key
    theirs = {"ru": "соперник", "uk": "суперник", "en": "opposing"}[lang]
    assert theirs in tr("val.decl_fire")


@pytest.mark.parametrize("lang", LANGS)
def test_sheet_totals_keep_one_decimal(lang: str) -> None:  # BERG-SCORE-7
    from bot.show.sheet import render_sheet

    tr = CATALOGS.translator(lang)
    d = "." if lang == "en" else ","
    sheet = {"sides": [{"name": "0-2", "seats": [0, 2]}, {"name": "1-3", "seats": [1, 3]}],
             "rows": [{"deal": 1, "cells": ["-3.0", "5.5"], "points": [-3.0, 5.5], "note": ""}],
             "totals": [-3.0, 5.5], "pot": 0, "result": None}
    text = render_sheet(tr, INFO, sheet)
    assert f"Anna (1+3) −3{d}0" in text and f"Boris (2+4) 5{d}5" in text, text
