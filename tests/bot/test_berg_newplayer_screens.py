"""What a new player misread in a Berg match played through the bot (issues #18, #20), as
render tests in ru, uk and en: a fired captain said without guessing the name's gender, the
score line named by what it counts, the paid dobor told apart from a plain draw, the terminal
saying рамки as the rules do."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, Catalogs
from bot.show.common import code_label, render_facts
from bot.show.hand import render_hand
from bot.show.table import render_table
from tests.bot.test_berg_screens import INFO, _view

CATALOGS = Catalogs()

#: Russian and Ukrainian past participles and short forms that give a name a gender.
GENDERED = ("уволен", "уволена", "звільнений", "звільнена")


@pytest.mark.parametrize("lang", LANGS)
def test_fired_captain_is_said_without_a_gender(lang: str) -> None:  # BERG-DECL-12
    # «капитан Алиса уволен до конца раздачи»: the bot does not know a name's gender
    tr = CATALOGS.translator(lang)
    facts = [{"key": "captain", "value": 0, "kind": "seat"},
             {"key": "captain", "value": 1, "kind": "seat"},
             {"key": "captain_fired", "value": 1, "kind": "seat"}]
    lines = render_facts(tr, INFO, facts)
    marked = tr("fact.berg.captain_fired.mark", name="Boris")
    for text in (lines[1], marked):
        assert "Boris" in text, text
        assert not any(w in text.split() or w + "," in text for w in GENDERED), text
        not_captain = {"ru": "больше не капитан", "uk": "більше не капітан",
                       "en": "no longer captain"}[lang]
        assert not_captain in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_score_line_says_it_is_the_match_total(lang: str) -> None:  # BERG-SCORE-7
    # «Счёт с объявлениями этой раздачи: … 2,0» is the match's running total with the
    # declarations paid so far, not a score of this deal
    tr = CATALOGS.translator(lang)
    table = render_table(tr, INFO, _view()).text
    hand = render_hand(tr, INFO, _view(seat=0, hand=["7C"], private=[]), []).text
    match, deal, paid = {"ru": ("Счёт игры", "этой раздачи", "заявлени"),
                         "uk": ("Рахунок гри", "цієї роздачі", "заяв"),
                         "en": ("Match score", "this deal", "declarations")}[lang]
    for text in (table, hand):
        line = next(x for x in text.splitlines() if "Anna" in x and "1+3" in x and "Boris" in x)
        assert line.startswith(match) and paid in line and deal not in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_dobor_button_is_not_a_plain_draw(lang: str) -> None:  # BERG-DECL-4, BERG-DECL-5
    # [Добор (−0,5)] beside [Взять из колоды]: both read as "take a card"; dobor is the
    # jokers' draw (добор джокеров), a paid declaration
    tr = CATALOGS.translator(lang)
    label = code_label(tr, "declare:dobor", {"game": "berg", "groups": {}, "facts": []})
    draw = code_label(tr, "draw", {"game": "berg", "groups": {}, "facts": []})
    jokers = {"ru": "джокеров", "uk": "джокерів", "en": "joker"}[lang]
    assert jokers in label.lower() and "0" in label and label != draw, label


@pytest.mark.parametrize("lang", LANGS)
def test_terminal_frame_says_ramki(lang: str) -> None:  # BERG-FRAME-1 (glossary: рамки)
    # «Борис кладёт рамку»: the rules' word is рамки (a plurale tantum), «кладёт рамки»
    tr = CATALOGS.translator(lang)
    for key in ("term.ev.frame", "term.ev.frame.you"):
        text = tr(key, name="Boris", cards="5♠ 5♥ 5♦ 5♣")
        word = {"ru": "рамки", "uk": "рамки", "en": "frame"}[lang]
        assert word in text and "рамку" not in text, text


def _deal_end_lines(lang: str) -> list[str]:
    """A deal's result lines where pair 1+3 paid a dobor (−0,5) and won the deal for 0,5,
    and pair 2+4 wrote nothing (BERG-SCORE-5..7)."""
    from bot.show.deals import berg_lines

    rows = [{"deal": 3, "note": "0-2 dobor -0.5", "points": [-0.5, 0.0], "cells": ["0.5", "-"]},
            {"deal": 3, "note": "0-2 win 0.5", "points": [0.5, 0.0], "cells": ["1.0", "-"]}]
    event = {"sides": [{"written": 0.5, "cell": "1.0"}, {"written": 0.0, "cell": "-"}]}
    return berg_lines(CATALOGS.translator(lang), INFO, event, rows[-1], rows)


@pytest.mark.parametrize("lang", LANGS)
def test_deal_result_sums_only_two_terms_or_more(lang: str) -> None:  # BERG-SCORE-7
    # «раздача +0,5 = +0,5», «раздача 0,0 = 0,0»: a sum of one term says it twice
    tr = CATALOGS.translator(lang)
    _note, paid, idle = _deal_end_lines(lang)
    d = "." if lang == "en" else ","
    assert paid.startswith("Anna (1+3): ") and f"−0{d}5" in paid, paid
    assert f"{tr('berg.term.deal')} +0{d}5 = <b>0{d}0</b>" in paid, paid
    assert idle.startswith("Boris (2+4): "), idle
    assert "=" not in idle and f"{tr('berg.term.deal')} <b>0{d}0</b>" in idle, idle


@pytest.mark.parametrize("lang", LANGS)
def test_lobby_captain_buttons_name_seated_players(lang: str) -> None:  # BERG-SETUP-1
    # «[Капитан пары 1+3: игрок 1 → игрок 3]» beside seated Anna and Vera: a seat number the
    # player had to count; the option line already says «игрок 1 (Anna)»
    from bot.show.lobby import render_lobby

    tr = CATALOGS.translator(lang)
    screen = render_lobby(tr, table_id=1, game="berg", names=["Anna", "Boris", "Vera", None],
                          options={"captain_02": 0, "captain_13": 1},
                          choices={"captain_02": [0, 2], "captain_13": [1, 3]},
                          min_players=4, max_players=4, pairs=True)
    labels = [b.text for row in screen.buttons for b in row]
    player = {"ru": "игрок", "uk": "гравець", "en": "player"}[lang]
    first = next(x for x in labels if x.startswith(tr("opt.captain_02")))
    assert first.endswith(f"{player} 1 (Anna) → {player} 3 (Vera)"), first
    second = next(x for x in labels if x.startswith(tr("opt.captain_13")))
    assert second.endswith(f"{player} 2 (Boris) → {player} 4"), second  # seat 4 is free
    line = next(x for x in screen.text.splitlines() if x.startswith(tr("opt.captain_13")))
    assert f"{player} 2 (Boris)" in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_insure_button_says_its_price(lang: str) -> None:  # BERG-INS-6, BERG-OPT-full-price
    # [Страхуюсь] was the one paid declaration without its price beside «Добор джокеров (−0,5)»
    import dataclasses

    from bot.show.hand import btn_of
    from bot.show.lobby import insurance_price

    tr = CATALOGS.translator(lang)
    d = "." if lang == "en" else ","
    price = insurance_price("berg", {"insurance_type": "full", "full_insurance_price": 1.0})
    assert price == 1.0
    assert insurance_price("berg", {"insurance_type": "simple"}) == 0.5  # BERG-INS-7
    assert insurance_price("berg", {}) is None and insurance_price("deberts", {}) is None
    info = dataclasses.replace(INFO, insurance_price=price)
    label = btn_of(tr, info, _view(), "declare:insure").text
    assert label == f"{tr('code.declare.insure')} (−1{d}0)", label
    assert btn_of(tr, INFO, _view(), "declare:insure").text == tr("code.declare.insure")


@pytest.mark.parametrize("lang", LANGS)
def test_dobor_suggestion_says_jokers_as_the_button_does(lang: str) -> None:  # BERG-DECL-3
    # the partner's [Предложить: добор] and «Вера: предлагает добор» named the declaration
    # the captain's button now calls «Добор джокеров»
    tr = CATALOGS.translator(lang)
    label = code_label(tr, "suggest:dobor", {"game": "berg", "groups": {}, "facts": []})
    line = render_facts(tr, INFO, [{"key": "suggestion", "value": "decl_dobor", "kind": "text",
                                    "seat": 2}])[0]
    jokers = {"ru": "джокеров", "uk": "джокерів", "en": "joker"}[lang]
    for text in (label, line, tr("took.suggest.dobor")):
        assert jokers in text.lower(), text


@pytest.mark.parametrize("lang", LANGS)
def test_lobby_takebacks_value_names_no_match_word(lang: str) -> None:  # glossary: match
    # «Возврат хода: нет → да (матч без рейтинга)»: Berg calls its match «игра»; the value
    # says what it does without a word for the match that one game or another does not use
    tr = CATALOGS.translator(lang)
    value = tr("optval.takebacks.on")
    assert {"ru": "без рейтинга", "uk": "без рейтингу", "en": "not rated"}[lang] in value, value
    assert "матч" not in value and "match" not in value, value
