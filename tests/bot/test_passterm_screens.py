"""A newcomer's reading of whole matches in the terminal (issue #20): the previous trick's taker
agrees with "You", the misclick guard's reasons say what a call does, Married bridge's contra
line names who said it on whose bid, Deberts' words (render tests, three languages)."""

from __future__ import annotations

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo, group, render_facts
from bot.show.hand import render_hand
from bot.terminal.text import Teller

CATALOGS = Catalogs()
YOU = {"ru": "Вы", "uk": "Ви", "en": "You"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_previous_tricks_taker_agrees_with_you(lang: str) -> None:
    # «— взятку берёт Вы»: the verb agrees with the terminal's «Вы» when the viewer took it
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "bazar_belot", "", (YOU[lang], "Boris", "Vera", "Gleb"), me=0)
    cards = [{"seat": 0, "card": "AH"}, {"seat": 1, "card": "7H"}]
    mine = group(tr, info, "last_trick", cards, None,
                 [{"key": "last_trick_winner", "value": 0, "kind": "seat"}])
    # and in the tense of the others' line («— взятку взяли Вы» beside «— взятку берёт Борис»)
    said = {"ru": "— взятку берёте Вы", "uk": "— взятку берете Ви", "en": "— taken by you"}
    assert mine.endswith(said[lang]), mine
    theirs = group(tr, info, "last_trick", cards, None,
                   [{"key": "last_trick_winner", "value": 1, "kind": "seat"}])
    other = {"ru": "— взятку берёт Boris", "uk": "— взятку бере Boris", "en": "— taken by Boris"}
    assert theirs.endswith(other[lang]), theirs


def _why(lang: str, game: str, code: str, players: int) -> str:
    """The hand screen's confirm question for ``code`` with its reason line."""
    m = engine.get_game(game).new_match(players=players, seed=1)
    info = TableInfo(7, 3, game, "Club", ("A", "B", "C", "D")[:players])
    return render_hand(CATALOGS.translator(lang), info, m.view(0), [code], confirming=code).text


@pytest.mark.parametrize("lang", LANGS)
def test_berg_surrender_says_what_it_does_before_it_is_confirmed(lang: str) -> None:
    # BERG-DECL-9: the deal ends, the opponents score 0.5 and the surrendering pair 0; «Вы
    # отдаёте раздачу» read as done before anything was confirmed
    text = _why(lang, "berg", "declare:surrender", 4)
    said = {"ru": "Сдаться: раздача кончается, соперники пишут 0,5, ваша пара 0.",
            "uk": "Здатися: роздача закінчується, суперники пишуть 0,5, ваша пара 0.",
            "en": "Surrender: the deal ends, the opponents score 0.5, your pair 0."}
    assert said[lang] in text, text
    assert "отдаёте" not in text and "віддаєте" not in text and "give the deal" not in text


@pytest.mark.parametrize("game", ["bazar_belot", "married_bridge"])
@pytest.mark.parametrize("lang", LANGS)
def test_recontra_says_what_it_doubles(lang: str, game: str) -> None:  # BB-BID-15, MB-BID-6
    text = _why(lang, game, "recontra", 4 if game == "bazar_belot" else 2)
    said = {"ru": "Реконтра: заказ удваивается ещё раз (×4).",
            "uk": "Реконтра: замовлення подвоюється ще раз (×4).",
            "en": "Recontra: the contract is doubled again (×4)."}
    if game == "married_bridge":  # English bridge says redouble (issue #20)
        said["en"] = "Redouble: the contract is doubled again (×4)."
    assert said[lang] in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_a_high_bid_warning_uses_the_clubs_meld_word(lang: str) -> None:  # BB-BID-18
    text = _why(lang, "bazar_belot", "bid:17:S", 4)
    words = {"ru": ("170", "без конструкций"), "uk": ("170", "без комбінацій"),
             "en": ("170", "melds")}
    assert all(w in text for w in words[lang]), text
    assert "кончает" not in text and "комбинации" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_married_bridge_contra_names_its_caller_and_the_bid_it_doubles(lang: str) -> None:
    # MB-INFO-4: «Контра на заказ: 6♣ (🤖 любитель)» read as if the bot had bid 6♣
    tr = CATALOGS.translator(lang)
    calls = [{"seat": 0, "call": "bid:6:C"}, {"seat": 1, "call": "contra"}]
    facts = [{"key": "mb_contra_on", "value": "6C", "kind": "text", "seat": 0}]
    [yours] = render_facts(tr, TableInfo(1, 1, "married_bridge", "", (YOU[lang], "Boris"), me=0),
                           facts, phase="bidding", calls=calls)
    said = {"ru": "Контра: Boris — на ваш заказ 6♣", "uk": "Контра: Boris — на ваше замовлення 6♣",
            "en": "Double: Boris — on your bid 6♣"}
    assert yours == said[lang], yours
    [line] = render_facts(tr, TableInfo(1, 1, "married_bridge", "", ("Anna", "Boris")),
                          facts, phase="bidding", calls=calls)
    assert line.startswith(said[lang].split("—")[0]) and line.endswith("6♣ (Anna)"), line


@pytest.mark.parametrize("lang", LANGS)
def test_deberts_trump_event_says_trump_as_the_table_does(lang: str) -> None:
    # the event said "Trumps: ♦." where the table says "Trump: ♦"
    tr = CATALOGS.translator(lang)
    teller = Teller(tr, TableInfo(1, 1, "deberts", "", (YOU[lang], "Boris"), me=0), 0)
    said = teller.event({"type": "trump", "suit": "D"}, {"game": "deberts", "facts": []},
                        {"sides": [], "rows": [], "totals": []})
    assert said == f"{tr('fact.trump')}: ♦.", said


@pytest.mark.parametrize("lang", LANGS)
def test_berg_dobor_with_no_joker_in_hand_says_so(lang: str) -> None:  # BERG-DECL-4
    # «Джокеры показаны: —.» when nobody held a joker: the sentence says the fact
    tr = CATALOGS.translator(lang)
    teller = Teller(tr, TableInfo(1, 1, "berg", "", (YOU[lang], "Boris", "Vera", "Gleb"),
                                  me=0), 0)
    said = teller.event({"type": "jokers_shown", "jokers": [], "seats": [0, 1, 2, 3]},
                        {"game": "berg", "facts": []}, {"sides": [], "rows": [], "totals": []})
    nobody = {"ru": "Джокеров ни у кого на руках нет.", "uk": "Джокерів ні в кого на руках немає.",
              "en": "Nobody holds a joker."}[lang]
    assert said == nobody, said


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminals_you_win_gives_the_score(lang: str) -> None:  # DB-SHEET-5
    # «🏆 Итог: вы выиграли!» gave no score
    tr = CATALOGS.translator(lang)
    teller = Teller(tr, TableInfo(1, 1, "deberts", "", (YOU[lang], "Boris"), me=0), 0)
    sheet = {"sides": [{"name": "a", "seats": [0]}, {"name": "b", "seats": [1]}], "rows": [],
             "totals": [511, 373], "pot": 0,
             "result": {"winner": 0, "line": "engine words", "score": [511, 373]}}
    won = {"ru": "вы выиграли — 511 : 373", "uk": "ви виграли — 511 : 373",
           "en": "you win — 511 : 373"}[lang]
    assert won in teller.match_over(sheet).splitlines()[0], teller.match_over(sheet)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("strain", ["NT", "AT"])
def test_a_no_trump_or_all_trump_strain_is_its_own_line(lang: str, strain: str) -> None:
    # BB-BID-2: «Козырь: без козыря (БК)» read "trump: no trump"; the table and the terminal
    # say «Без козыря (БК)» / «Все козыри (ВК)»
    tr = CATALOGS.translator(lang)
    value = {"NT": "no_trumps", "AT": "all_trumps"}[strain]
    want = {("ru", "NT"): "Без козыря (БК)", ("ru", "AT"): "Все козыри (ВК)",
            ("uk", "NT"): "Без козиря (БК)", ("uk", "AT"): "Всі козирі (ВК)",
            ("en", "NT"): "No trumps (NT)", ("en", "AT"): "All trumps (AT)"}[lang, strain]
    info = TableInfo(1, 1, "bazar_belot", "", (YOU[lang], "Boris", "Vera", "Gleb"), me=0)
    assert render_facts(tr, info, [{"key": "bid_strain", "value": value, "kind": "text"}]) \
        == [want]
    said = Teller(tr, info, 0).event({"type": "trump", "suit": strain},
                                     {"game": "bazar_belot", "facts": []},
                                     {"sides": [], "rows": [], "totals": []})
    assert said == want + ".", said
