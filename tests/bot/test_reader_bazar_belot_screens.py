"""What a club reader found reading whole Bazar-Belot matches through the bot (issue #20), as
render tests in ru, uk and en: the defenders' trick share written as the complement it is, the
"needed" line's unit said, a failed kapo's tricks counted."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo
from bot.show.deals import bazar_belot_lines
from tests.bot.test_rare_deals_screens import _bb, _lines
from tests.kit.rare_deals import NAMES

CATALOGS = Catalogs()
INFO = TableInfo(1, 1, "bazar_belot", "Club", NAMES, sides=((0, 2), (1, 3)))
MINUS = "\u2212"


def _side(cards: int, tricks: int, melds: int, points: int, cell: str) -> dict[str, Any]:
    return {"card_points": cards, "tricks": tricks, "melds": melds, "bela": 0,
            "deal_points": points, "written": points, "bait": cell == "BT", "cell": cell,
            "total": points}


@pytest.mark.parametrize("lang", LANGS)
def test_defenders_share_reads_as_the_complement(lang: str) -> None:  # BB-SCORE-3, BB-SCORE-5
    # "карты 38 → 4" read as rounding 38 (which gives 4 here, and 5 for 46): the defenders
    # get 16 − 12 = 4, and the line says so
    deal = _bb(1, contra=False)
    tr = CATALOGS.translator(lang)
    theirs = _lines(deal.result(tr), f"{tr('pair.bazar_belot.ew')}:")[0]
    assert f"16 {MINUS} 12" in theirs and "= <b>4</b>" in theirs, theirs
    assert "→" not in theirs, theirs


@pytest.mark.parametrize("lang", LANGS)
def test_needed_line_says_its_unit(lang: str) -> None:  # BB-SCORE-2, BB-SCORE-3
    # "нужно 1030, взято 247: … + конструкции 140" beside "конструкции соперников 14": the
    # needed line is in small points, the pairs' lines in big points, and each says so
    tr = CATALOGS.translator(lang)
    event = {"declarer": 0, "sides": [_side(107, 5, 14, 35, "35"), _side(55, 3, 2, 7, "7")]}
    lines = bazar_belot_lines(tr, INFO, event, {"note": "103S"}) or []
    needed = next(x for x in lines if "1030" in x)
    small, big = {"ru": ("мелк", "больш"), "uk": ("дрібн", "велик"),
                  "en": ("small", "big")}[lang]
    assert small in needed.lower() and "103 × 10" in needed and "14 × 10" in needed, needed
    pairs = lines.index(_lines("\n".join(lines), f"{tr('pair.bazar_belot.ns')}:")[0])
    assert big in lines[pairs - 1].lower(), lines


@pytest.mark.parametrize("lang", LANGS)
def test_failed_kapo_says_the_tricks_taken(lang: str) -> None:  # BB-SCORE-7, BB-BID-5
    tr = CATALOGS.translator(lang)
    event = {"declarer": 0, "sides": [_side(120, 6, 0, 0, "BT"), _side(42, 2, 0, 41, "41")]}
    lines = bazar_belot_lines(tr, INFO, event, {"note": "KH"}) or []
    assert tr("bb.failed") in lines[0], lines
    assert any("8" in x and "6" in x and x != lines[0] for x in lines[1:2]), lines


@pytest.mark.parametrize("lang", LANGS)
def test_bela_said_reads_apart_from_bela_scored(lang: str) -> None:  # BB-MELD-*, bela
    # "«бела» на ♣" (said, the queen to come) beside "бела ♣" (scored): the quotes alone
    # told them apart; the said line says what is still to come
    tr = CATALOGS.translator(lang)
    said = tr("fact.bela_said")
    assert "«" not in said and "“" not in said, said
    assert {"ru": "ребелу", "uk": "ребелу", "en": "rebela"}[lang] in said, said


@pytest.mark.parametrize("lang", LANGS)
def test_bela_is_written_apart_from_melds(lang: str) -> None:  # BB-MELD-10, BB-SCORE-9
    # "заказ 2×97 + игра 16 + конструкции 2 = 212" while nobody declared a meld: the 2 was the
    # bela; the line names it as such
    tr = CATALOGS.translator(lang)
    bela = {**_side(102, 5, 0, 20, "20"), "bela": 2}
    event = {"declarer": 0, "sides": [bela, _side(60, 3, 0, 6, "6")]}
    lines = bazar_belot_lines(tr, INFO, event, {"note": "8H"}) or []
    taker = _lines("\n".join(lines), f"{tr('pair.bazar_belot.ns')}:")[0]
    assert tr("bb.bela", n=2) in taker, taker
    assert tr("bb.melds", n=2) not in taker, taker
    assert tr("bb.taken_bela", melds=2) in "\n".join(lines), lines


@pytest.mark.parametrize("lang", LANGS)
def test_a_said_bela_is_named_by_its_suit_and_its_loss_is_told(lang: str
                                                              ) -> None:  # BB-MELD-11
    # "бела сказана, ждём ребелу; козырь ♣" under all-trumps, where ♣ is only the bela's
    # suit; when the queen went on a spade lead the line just vanished
    tr = CATALOGS.translator(lang)
    trump = {"ru": "козырь", "uk": "козир", "en": "trump"}[lang]
    assert trump not in tr("fact.bela_said").lower()
    from bot.show.common import render_facts

    lost = {"key": "bela_lost", "value": "C", "kind": "suit", "seat": 0}
    text = "\n".join(render_facts(tr, INFO, [lost]))
    word = {"ru": "бела пропала", "uk": "бела пропала", "en": "bela lost"}[lang]
    assert word in text and "♣" in text, text


def test_a_said_bela_voided_is_public() -> None:  # BB-MELD-11, BB-PLAY-12
    from engine.bazar_belot.play import update_bela
    from engine.bazar_belot.views import public_view

    m = engine.get_game("bazar_belot").new_match(players=4, seed=1)
    s = m._s  # type: ignore[attr-defined]
    s.strain, s.bela[0] = "AT", {"C": "said"}
    s.hands[0] = ["KC", "7S"]
    update_bela(s, 0, "KC", "")  # the king goes without "rebela" (on another suit's lead)
    facts = public_view(s, None)["facts"]  # type: ignore[arg-type]
    assert {"key": "bela_lost", "value": "C", "kind": "suit", "seat": 0} in facts, facts


@pytest.mark.parametrize("lang", LANGS)
def test_kapo_on_one_hand_opens_its_strains_from_one_button(lang: str) -> None:  # BB-BID-4
    # a row of five "Капо на одной руке ♣/♦/♥/♠/БК" buttons: a phone cut each to "Капо на од…"
    from bot.show.hand import hand_buttons, render_hand

    tr = CATALOGS.translator(lang)
    m = engine.get_game("bazar_belot").new_match(players=4, seed=3)
    to_move = m.public_view()["to_move"]
    seat = next(s for s in range(4) if s != to_move and m.legal_actions(s))
    codes = m.legal_actions(seat)
    assert all(c.startswith("bid:kapo1:") for c in codes) and len(codes) == 5
    info = TableInfo(1, 1, "bazar_belot", "Club", ("Anna", "Boris", "Vera", "Gleb"))
    rows = render_hand(tr, info, m.view(seat), codes).buttons
    assert len(rows) == 1 and len(rows[0]) == 1 and rows[0][0].text.endswith("…"), rows
    opened = hand_buttons(tr, info, m.view(seat), codes, expanded="bid:kapo1")
    assert all(len(r) == 1 for r in opened) and len(opened) == 6  # five strains and Back


@pytest.mark.parametrize("lang", LANGS)
def test_a_said_bela_waits_for_its_rebela(lang: str) -> None:  # BB-MELD-11, BB-PLAY-11
    # "бела сказана, ребела впереди" read oddly at a table: the line says the table waits for
    # the rebela, in the group and in the terminal player's own line
    from dataclasses import replace

    from bot.show.common import render_facts

    tr = CATALOGS.translator(lang)
    said = {"key": "bela_said", "value": "C", "kind": "suit", "seat": 0}
    group = "\n".join(render_facts(tr, INFO, [said]))
    own = "\n".join(render_facts(tr, replace(INFO, me=0), [said]))
    words = {"ru": ("бела сказана, ждём ребелу", "Вы сказали белу, ждём ребелу"),
             "uk": ("бела сказана, чекаємо ребелу", "Ви сказали белу, чекаємо ребелу"),
             "en": ("bela said, rebela to follow", "You said bela, rebela to follow")
             }[lang]
    assert words[0] in group and "♣" in group, group
    assert words[1] in own and "♣" in own, own
