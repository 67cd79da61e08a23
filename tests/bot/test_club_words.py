"""What a club reader read in whole matches through the fake (issue #20): a meld is named by its
kind, one meld is said in the singular, a deal result adds up only where something is added and
says in words where a bait's points go, Married bridge's result names its declarer without a
case and has no last trick, Berg's score line says it counts this deal's declarations."""

from __future__ import annotations

import random
from html import unescape

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo, render_facts
from bot.show.events import render_event
from bot.show.hand import render_hand
from bot.show.table import render_table

CATALOGS = Catalogs()
NAMES = ("Anna", "Boris", "Vera", "Gleb")

MY_TERZ = {"ru": "Ваша конструкция: терц (20)", "uk": "Ваша комбінація: терц (20)",
           "en": "Your meld: terz (20)"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_declared_meld_is_named_by_its_kind(lang: str) -> None:  # DB-MELD-5
    # «Ваша объявленная конструкция: 20»: twenty of what?
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", NAMES[:2])
    fact = {"key": "my_melds", "value": 20, "kind": "number", "count": 1, "melds": ["terz"]}
    assert [unescape(x) for x in render_facts(tr, info, [fact])] == [MY_TERZ[lang]]


def test_the_engines_declared_melds_carry_their_kinds() -> None:  # DB-MELD-5, BB-MELD-5
    for game, players in (("deberts", 2), ("bazar_belot", 4)):
        for seed in range(100):
            match = engine.get_game(game).new_match(players=players, seed=seed)
            rng = random.Random(seed)
            for _ in range(80):
                for seat in range(players):
                    mine = [f for f in match.view(seat).get("private", [])
                            if f["key"] == "my_melds"]
                    if mine:
                        assert len(mine[0]["melds"]) == mine[0]["count"] >= 1, mine
                        break
                else:
                    view = match.public_view()
                    if match.is_over or view["to_move"] is None:
                        break
                    mover = view["to_move"]
                    match.apply(mover, rng.choice(match.legal_actions(mover)))
                    continue
                break
            else:
                continue
            break
        else:
            raise AssertionError(f"{game}: no declared meld in 100 seeds")


OUTRANKED = {"ru": "Ваша конструкция не в счёт: старшая конструкция у игрока Boris",
             "uk": "Ваша комбінація не в рахунок: старша комбінація у гравця Boris",
             "en": "Your meld does not count: Boris has the senior meld"}


@pytest.mark.parametrize("lang", LANGS)
def test_one_outranked_meld_is_said_in_the_singular(lang: str) -> None:  # DB-MELD-8
    # «Ваши объявленные конструкции не в счёт: старшие у игрока …» for a single terz
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", ["Anna", "Boris"])
    for seed in range(300):
        match = engine.get_game("deberts").new_match(players=2, seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            view = match.public_view()
            won = next((f for f in view["facts"] if f["key"] == "melds_won"), None)
            if won is not None and won["seat"] == 1:
                lost = next((f for f in match.view(0).get("private", [])
                             if f["key"] == "my_melds_lost"), None)
                if lost is not None and lost["count"] == 1:
                    text = unescape(render_hand(tr, info, match.view(0),
                                                match.legal_actions(0)).text)
                    assert OUTRANKED[lang] in text, text
                    return
            if match.is_over or view["to_move"] is None:
                break
            match.apply(view["to_move"], rng.choice(match.legal_actions(view["to_move"])))
    raise AssertionError("no deal where Anna's single meld lost to Boris's")


GOES = {"ru": "очки уходят: Boris", "uk": "очки йдуть: Boris",  # names after a colon (#20)
        "en": "points go to Boris"}

#: A Deberts deal the first seat took on and failed: its 35 go to the other (DB-SCORE-3).
BAIT = {"type": "deal_scored", "deal": 1, "declarer": 0, "outcome": "bait",
        "sides": [{"card_points": 35, "melds": 0, "bela": 0, "deal_points": 35,
                   "written": 0, "bait": True, "cell": "BT", "total": 0},
                  {"card_points": 55, "melds": 0, "bela": 0, "deal_points": 55,
                   "written": 90, "bait": False, "cell": "90", "total": 90}],
        "pot": 0, "pot_awarded": 0}


@pytest.mark.parametrize("lang", LANGS)
def test_a_deberts_result_adds_up_only_what_is_added(lang: str) -> None:  # DB-SCORE-3
    # «Анна: карты 35 = 35 → 🤖 любитель»: nothing added, and an arrow for "her points go"
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", NAMES[:2])
    text = render_event(tr, info, BAIT)
    assert text is not None
    anna = next(x for x in text.splitlines() if x.startswith("Anna:"))
    boris = next(x for x in text.splitlines() if x.startswith("Boris:"))
    assert f"{tr('score.cards')} 35 · {GOES[lang]} · " in anna, anna
    assert "=" not in anna and "→" not in anna, anna
    assert "+35 = <b>90</b>" in boris, boris


UNDER = {"ru": "Boris: Anna без 4 взяток — 4 × 30",  # Boris writes Anna's undertricks
         "uk": "Boris: Anna без 4 взяток — 4 × 30",
         "en": "Boris: Anna 4 tricks short — 4 × 30"}


@pytest.mark.parametrize("lang", LANGS)
def test_married_bridge_result_names_the_declarer_without_a_case(lang: str) -> None:
    # MB-SCORE-4: «за 4 недобранные взятки (Anna)»; and no last trick (no bonus for it)
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "married_bridge", "Club", NAMES[:2])
    event = {"type": "deal_scored", "deal": 1, "declarer": 0, "outcome": "defeated",
             "sides": [{"tricks": 6, "deal_points": 0, "written": 0, "cell": "0",
                        "role": "declarer", "needed": 10},
                       {"tricks": 7, "deal_points": 120, "written": 120, "cell": "+120",
                        "role": "defender", "needed": 4}]}
    last = {"cards": [[0, "6C"], [1, "KC"]], "winner": 1}
    text = render_event(tr, info, event, last_trick=last,
                        row={"deal": 1, "note": "4S by seat 0, 6 tricks"})
    assert text is not None
    assert UNDER[lang] in text, text
    assert tr("score.last_trick", cards="x", name="y").split(":")[0] not in text, text


BERG_SCORE = {"ru": "Счёт игры (с оплаченными заявлениями): ",
              "uk": "Рахунок гри (з оплаченими заявами): ",
              "en": "Match score (with paid declarations): "}


@pytest.mark.parametrize("lang", LANGS)
def test_bergs_score_line_says_it_counts_the_paid_declarations(lang: str) -> None:
    # BERG-SCORE-7: «Счёт: … −3,0» while the sheet, written at the deal's end, said −1,0
    tr = CATALOGS.translator(lang)
    match = engine.get_game("berg").new_match(players=4, seed=1)
    info = TableInfo(1, 1, "berg", "Club", NAMES, sides=((0, 2), (1, 3)))
    table = unescape(render_table(tr, info, match.public_view()).text)
    assert BERG_SCORE[lang] in table, table
    seat = match.public_view()["to_move"]
    hand = unescape(render_hand(tr, info, match.view(seat), match.legal_actions(seat)).text)
    assert BERG_SCORE[lang] in hand, hand


SHOWN = {"ru": "Anna: терц (2)", "uk": "Anna: терц (2)", "en": "Anna: terz (2)"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_bazar_belot_shown_meld_is_named(lang: str) -> None:  # BB-MELD-5
    # «Анна: показана конструкция на 2» on the table: a meld worth 2 of what?
    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "bazar_belot", "Club", NAMES, sides=((0, 2), (1, 3)))
    fact = {"key": "meld_points", "value": 2, "kind": "number", "seat": 0, "count": 1,
            "melds": ["terz"]}
    assert [unescape(x) for x in render_facts(tr, info, [fact])] == [SHOWN[lang]]
