"""What the last new-player passes found confusing (issue #18), render tests in three languages:
one word for the trump in every game, ...
"""

from __future__ import annotations

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.markup import unescape
from bot.show.common import TableInfo, card_text, code_label, render_facts
from bot.show.events import render_event
from bot.show.hand import render_hand
from bot.show.sheet import result_line
from bot.show.table import render_table

CATALOGS = Catalogs()
NAMES = ("Anna", "Boris", "Vera", "Gleb")


@pytest.mark.parametrize("lang", LANGS)
def test_bazar_belot_calls_the_trump_what_deberts_does(lang: str) -> None:  # BB-BID-2
    tr = CATALOGS.translator(lang)
    view = {"game": "bazar_belot", "phase": "play", "deal": 1, "sheet_deal": 1, "to_move": 0,
            "dealer": 3, "seat": None, "hand_counts": [8, 8, 8, 8],
            "groups": {"trick": [], "last_trick": []}, "deal_points": [0, 0], "totals": [0, 0],
            "pot": 0, "sides": [{"name": "0-2", "seats": [0, 2]}, {"name": "1-3", "seats": [1, 3]}],
            "calls": [], "facts": [{"key": "bid_level", "value": 10, "kind": "number"},
                                   {"key": "bid_strain", "value": "H", "kind": "suit"},
                                   {"key": "declarer", "value": 0, "kind": "seat"}]}
    info = TableInfo(1, 1, "bazar_belot", "Club", NAMES, sides=((0, 2), (1, 3)))
    text = render_table(tr, info, view).text
    # one contract line, its trump named as Deberts names it (issue #20)
    assert tr("fact.bazar_belot.contract.trump", suit="♥") in text, text
    assert tr("fact.trump").lower() in tr("fact.bazar_belot.contract.trump", suit="♥")
    for other in ("Масть", "Strain"):
        assert other not in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_deberts_result_names_the_winner_once_then_by_score(lang: str) -> None:  # DB-3P-11
    # "выигрывает Anna, Anna 351 : Boris 243 : Vera 300": Anna twice, Vera after a lower total
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris", "Vera"))
    sides = [{"name": n, "seats": [i]} for i, n in enumerate(("A", "B", "C"))]
    sheet = {"sides": sides, "rows": [], "totals": [351, 243, 300], "pot": 0,
             "result": {"winner": 0, "line": "", "score": [351, 243, 300]}}
    line = result_line(tr, info, sheet)
    assert line.count("Anna") == 1, line
    assert "351" in line and line.index("Vera 300") < line.index("Boris 243"), line


@pytest.mark.parametrize("lang", LANGS)
def test_the_exchange_button_names_the_sevens_suit(lang: str) -> None:  # DB-DEAL-6
    # "Поменять 7 на 8♣": which seven? The trump one, of the up-card's suit
    tr = CATALOGS.translator(lang)
    view = {"game": "deberts", "groups": {"up_card": [{"card": "8C"}]}, "facts": []}
    label = code_label(tr, "swap7", view)
    assert "7♣" in label and label.endswith(card_text("8C", tr)), label


#: A fact about the terminal player's own seat, in the second person (no "You: shows").
YOU_FACTS = [("bazar_belot", {"key": "meld_points", "value": 20, "kind": "number", "seat": 0,
                               "count": 1, "melds": ["terz"]},
              {"en": "You show terz (20)", "ru": "Вы показали терц (20)",
               "uk": "Ви показали терц (20)"}),
             ("deberts", {"key": "fifty_offered", "value": 50, "kind": "number", "seat": 0},
              {"en": "You offer to write without play 50",
               "ru": "Вы предлагаете записать без игры 50",
               "uk": "Ви пропонуєте записати без гри 50"}),
             ("deberts", {"key": "melds_won", "value": 20, "kind": "number", "seat": 0,
                          "count": 1, "melds": ["terz"]},
              {"en": "You have the senior meld: terz (20)",
               "ru": "Вы владеете старшей конструкцией: терц (20)",
               "uk": "Ви маєте старшу комбінацію: терц (20)"})]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "fact", "want"), YOU_FACTS)
def test_the_terminal_players_own_facts_read_in_the_second_person(
        lang: str, game: str, fact: dict[str, object], want: dict[str, str]) -> None:
    # "You: shows melds worth 20" in the terminal: "You" with a third-person verb
    tr = CATALOGS.translator(lang)
    you = tr("term.you")
    info = TableInfo(0, 0, game, "Club", (you, "Boris", "Vera", "Gleb"), me=0)
    assert [unescape(x) for x in render_facts(tr, info, [fact])] == [want[lang]]
    other = TableInfo(0, 0, game, "Club", ("Anna", "Boris", "Vera", "Gleb"))
    line = render_facts(tr, other, [fact])[0]
    assert "Anna" in line and line != want[lang].replace(you, "Anna")


#: The senior melds' line for one meld and for two (ru: 1, 2, 5): whose they are, what they
#: are, what they are worth.
SENIOR = {"en": ("Boris has the senior meld: terz (20)",
                 "Boris has the senior melds: terz, fifty (70)"),
          "ru": ("Старшая конструкция у игрока Boris: терц (20)",
                 "Старшие конструкции у игрока Boris: терц, пятьдесят (70)"),
          "uk": ("Старша комбінація у гравця Boris: терц (20)",
                 "Старші комбінації у гравця Boris: терц, п'ятдесят (70)")}


@pytest.mark.parametrize("lang", LANGS)
def test_one_meld_is_said_in_the_singular(lang: str) -> None:  # DB-MELD-7, DB-MELD-8
    # "Борис: старшие конструкции: 20" for a single terz: whose, and what is it?
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris"))
    one = {"key": "melds_won", "value": 20, "kind": "number", "seat": 1, "count": 1,
           "melds": ["terz"]}
    assert [unescape(x) for x in render_facts(tr, info, [one])] == [SENIOR[lang][0]]
    two = {**one, "value": 70, "count": 2, "melds": ["terz", "fifty"]}
    assert [unescape(x) for x in render_facts(tr, info, [two])] == [SENIOR[lang][1]]
    terz = {"kind": "terz", "cards": ["KD", "QD", "JD"], "points": 20}
    shown = {"type": "melds_shown", "seat": 1, "melds": [terz]}
    text = render_event(tr, info, shown) or ""
    assert text.startswith(tr("event.melds_shown.one", name="Boris", melds="").rstrip()), text
    two_shown = render_event(tr, info, {**shown, "melds": [terz, terz]}) or ""
    assert tr("event.melds_shown.one", name="Boris", melds="").rstrip() not in two_shown


@pytest.mark.parametrize("lang", LANGS)
def test_the_previous_trick_names_its_taker(lang: str) -> None:  # BEL-TRICK (trick taken)
    # "Предыдущая взятка: Anna 9♦, Boris 10♦" — and who took it?
    tr = CATALOGS.translator(lang)
    m = engine.get_game("deberts").new_match(players=2, seed=3)
    while not m.public_view()["groups"].get("last_trick"):
        seat = m.to_move
        assert seat is not None
        legal = m.legal_actions(seat)
        m.apply(seat, next((a for a in legal if a != "pass"), legal[0]))
    view = m.public_view()
    taker = next(f["value"] for f in view["facts"] if f["key"] == "last_trick_winner")
    info = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris"))
    said = tr("group.last_trick.taker", name=info.names[taker])
    for text in (render_table(tr, info, view).text,
                 render_hand(tr, info, m.view(0), m.legal_actions(0)).text):
        line = next(x for x in text.splitlines() if x.startswith(tr("group.last_trick")))
        assert line.endswith(said), line
        assert tr("fact.last_trick_winner") not in text  # said once, on the trick's line


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", [g.id for g in engine.list_games()])
def test_rules_end_in_words_not_a_path(lang: str, game: str) -> None:
    # "/rules" ended with "docs/rules/deberts.md in kozyr's repository"
    tail = CATALOGS.translator(lang)("rules.more", game=game)
    assert "/" not in tail and ".md" not in tail and "{" not in tail, tail


@pytest.mark.parametrize("lang", LANGS)
def test_a_suggestion_taken_back_is_said_in_words(lang: str) -> None:  # BERG-DECL-3
    # "Вы попросили вернуть ход Предложить: добор": the button's label pasted in a sentence
    from bot.show.takeback import move_label

    tr = CATALOGS.translator(lang)
    said = move_label(tr, {"code": "suggest:dobor"}, {"game": "berg", "groups": {}, "facts": []})
    assert said != code_label(tr, "suggest:dobor", {"game": "berg", "groups": {}, "facts": []})
    assert {"ru": "предложение", "uk": "пропозиція", "en": "suggestion"}[lang] in said, said
    assert said[0].islower(), said  # it stands inside a sentence
