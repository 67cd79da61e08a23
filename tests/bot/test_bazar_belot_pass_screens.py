"""A new player's pass through Bazar-Belot (issues #18, #20), as render tests in ru, uk and en:
a lost bela told for the reason it was lost, the misclick guard asking before a rebela is
skipped and before a closing bid the cards cannot make (by strain), the contract said in one
line with its strain, and the auction line above the declarations that followed it."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo, pair_name, render_facts
from bot.show.hand import render_hand
from bot.show.lobby import render_lobby
from bot.show.sheet import legend
from bot.show.table import render_table
from bot.state.drastic import is_drastic
from tests.kit.rare_deals import NAMES

CATALOGS = Catalogs()
INFO = TableInfo(1, 1, "bazar_belot", "Club", NAMES, sides=((0, 2), (1, 3)))


def _view(phase: str, facts: list[dict[str, Any]], calls: list[dict[str, Any]]
          ) -> dict[str, Any]:
    return {"game": "bazar_belot", "phase": phase, "deal": 1, "sheet_deal": 1, "to_move": 0,
            "dealer": 3, "seat": None, "hand_counts": [8, 8, 8, 8],
            "groups": {"trick": [], "last_trick": []}, "facts": facts,
            "deal_points": [0, 0], "totals": [0, 0], "pot": 0,
            "sides": [{"name": "0-2", "seats": [0, 2]}, {"name": "1-3", "seats": [1, 3]}],
            "calls": calls}


@pytest.mark.parametrize("lang", LANGS)
def test_a_lost_bela_says_the_rebela_went_unsaid(lang: str) -> None:  # BB-PLAY-11, BB-MELD-11
    # «[К♦ без ребелы]» was told as «бела пропала: её карта ушла не в масть»: the card had
    # followed suit. Lost is the second card played without "rebela", off suit or not.
    tr = CATALOGS.translator(lang)
    lost = {"key": "bela_lost", "value": "D", "kind": "suit", "seat": 0}
    rebela = {"ru": "ребел", "uk": "ребел", "en": "rebela"}[lang]
    off_suit = {"ru": "не в масть", "uk": "не в масть", "en": "another suit"}[lang]
    for info in (INFO, dataclasses.replace(INFO, me=0)):  # the table and the terminal's own
        text = "\n".join(render_facts(tr, info, [lost]))
        assert rebela in text and "♦" in text and off_suit not in text, text


def _rebela_moment(seed: int) -> tuple[engine.Match, int, str] | None:
    """A seeded match played with "bela" said whenever it can be, up to a seat that may play
    a bela's second card with "rebela": (match, seat, the plain card code), or None."""
    m = engine.get_game("bazar_belot").new_match(players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(300):
        if m.is_over or m.to_move is None:
            return None
        seat = m.to_move
        codes = m.legal_actions(seat)
        rebela = [c for c in codes if c.endswith(":rebela")]
        if rebela:
            return m, seat, rebela[0].removesuffix(":rebela")
        bela = [c for c in codes if c.endswith(":bela")]
        calm = [c for c in codes if not c.startswith(("bid:kapo", "contra", "recontra",
                                                      "declare:four7"))]
        m.apply(seat, bela[0] if bela else rng.choice(calm or codes))
    return None


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_played_without_rebela_asks_first(lang: str) -> None:  # BB-MELD-10, BB-PLAY-11
    found = next(x for x in map(_rebela_moment, range(1, 60)) if x is not None)
    m, seat, plain = found
    assert is_drastic(m, seat, plain)  # 2 points thrown away by one tap
    assert not is_drastic(m, seat, plain + ":rebela")
    others = [c for c in m.legal_actions(seat) if c.startswith("play:") and c.count(":") == 1
              and c != plain]
    assert not any(is_drastic(m, seat, c) for c in others)
    tr = CATALOGS.translator(lang)
    text = render_hand(tr, INFO, m.view(seat), m.legal_actions(seat), confirming=plain).text
    why = {"ru": "2 очка", "uk": "2 очки", "en": "2 points"}[lang]
    assert why in text, text


def _last_word(strain: str, level: int | str) -> engine.Match:
    """Seat 0 bid ``level`` in ``strain`` and the three others passed: his last word."""
    m = engine.get_game("bazar_belot").new_match(players=4, seed=1, options={"first_dealer": 3})
    for seat, code in ((0, f"bid:{level}:{strain}"), (1, "pass"), (2, "pass"), (3, "pass")):
        m.apply(seat, code)
    return m


def test_a_high_closing_bid_is_judged_by_its_strain() -> None:  # BB-BID-2, BB-BID-7
    # 162 card points in a suit or no-trumps (17 → 170 needs melds), 258 in all-trumps
    # (25 → 250 is in the cards' reach, 26 → 260 is not)
    at = _last_word("AT", 20)
    assert not is_drastic(at, 0, "bid:25:AT") and is_drastic(at, 0, "bid:26:AT")
    nt = _last_word("NT", 8)
    assert not is_drastic(nt, 0, "bid:16:NT") and is_drastic(nt, 0, "bid:17:NT")


@pytest.mark.parametrize(("lang", "code", "words"), [
    ("ru", "bid:90:AT", ("90 ВК", "900", "258")), ("uk", "bid:90:AT", ("90 ВК", "900", "258")),
    ("en", "bid:90:AT", ("90 AT", "900", "258")), ("ru", "bid:17:S", ("17♠", "170", "162")),
    ("uk", "bid:17:S", ("17♠", "170", "162")), ("en", "bid:17:S", ("17♠", "170", "162"))])
def test_the_high_bid_question_says_the_bid_and_its_need(lang: str, code: str,
                                                         words: tuple[str, ...]) -> None:
    # «…на 17 или выше: без конструкций очков за карты не хватит» under a 90 ВК bid
    m = _last_word(code.split(":")[2], 20 if code.endswith("AT") else 8)
    tr = CATALOGS.translator(lang)
    text = render_hand(tr, INFO, m.view(0), m.legal_actions(0), confirming=code).text
    why = text.splitlines()[-1]
    assert all(w in why for w in words) and "17 " not in why.replace("17♠", ""), why


def _contract(level: Any, strain: str, kind: str) -> list[dict[str, Any]]:
    return [{"key": "bid_level", "value": level,
             "kind": "number" if isinstance(level, int) else "text"},
            {"key": "bid_strain", "value": strain, "kind": kind},
            {"key": "declarer", "value": 0, "kind": "seat"}]


@pytest.mark.parametrize(("lang", "lines"), [
    ("ru", ("Заказ: 90 ВК (все козыри)", "Заказ: капо на одной руке ♣ (козырь ♣)",
            "Заказ: 12 БК (без козыря)", "Заказ: 10♥ (козырь ♥)")),
    ("uk", ("Замовлення: 90 ВК (всі козирі)", "Замовлення: капо на одній руці ♣ (козир ♣)",
            "Замовлення: 12 БК (без козиря)", "Замовлення: 10♥ (козир ♥)")),
    ("en", ("Contract: 90 AT (all trumps)", "Contract: kapo on one hand ♣ (trump ♣)",
            "Contract: 12 NT (no trumps)", "Contract: 10♥ (trump ♥)"))])
def test_the_contract_is_one_line_with_its_strain(lang: str, lines: tuple[str, ...]
                                                  ) -> None:  # BB-BID-20
    # «Заказ: 90» over «Все козыри (ВК)», but «Заказ: капо на одной руке» over «Козырь: ♣»
    tr = CATALOGS.translator(lang)
    facts = (_contract(90, "all_trumps", "text"), _contract("kapo1", "C", "suit"),
             _contract(12, "no_trumps", "text"), _contract(10, "H", "suit"))
    for want, fact in zip(lines, facts, strict=True):
        text = render_table(tr, INFO, _view("play", fact, [])).text
        assert want in text.splitlines(), text
        assert f"{tr('fact.bid_strain')}:" not in text, text
        assert tr("fact.bid_strain.all_trumps") not in text.splitlines(), text


@pytest.mark.parametrize("lang", LANGS)
def test_the_last_word_names_the_bids_own_strain(lang: str) -> None:  # BB-BID-18
    # «повышение в той же масти» under a 22 ВК bid: ВК is no suit
    tr = CATALOGS.translator(lang)
    m = _last_word("AT", 22)
    text = render_hand(tr, INFO, m.view(0), m.legal_actions(0)).text
    line = next(x for x in text.splitlines() if x.startswith("🔨"))
    suit = {"ru": "той же масти", "uk": "тій самій масті", "en": "same suit"}[lang]
    strain = {"ru": "ВК", "uk": "ВК", "en": "AT"}[lang]
    assert suit not in line and line.count(strain) >= 3, line


@pytest.mark.parametrize("lang", LANGS)
def test_the_auction_line_reads_above_the_declarations(lang: str) -> None:  # BB-MELD-4
    # «Торговля: …» stood under «Анна: объявляет терц», made after the auction was over
    tr = CATALOGS.translator(lang)
    facts = [*_contract(10, "H", "suit"),
             {"key": "declaration", "value": "terz", "kind": "text", "seat": 0}]
    calls = [{"seat": 0, "call": "bid:10:H"}, {"seat": 1, "call": "pass"},
             {"seat": 2, "call": "pass"}, {"seat": 3, "call": "pass"}, {"seat": 0, "call": "pass"}]
    lines = render_table(tr, INFO, _view("play", facts, calls)).text.splitlines()
    auction = next(i for i, x in enumerate(lines) if x.startswith(tr("table.calls")))
    declared = next(i for i, x in enumerate(lines) if x.startswith("Anna") and
                    tr("val.terz") in x)
    assert auction < declared, lines


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_declared_is_not_told_all_deal(lang: str) -> None:  # BB-MELD-4, BB-MELD-5
    # «Алиса: объявление — нет» and three more such lines stood on every screen to the last
    # trick when nobody had a meld; once trick 1 is over the declarations are left out, as
    # they are when melds were compared
    tr = CATALOGS.translator(lang)
    facts = [*_contract(10, "H", "suit"),
             *({"key": "declaration", "value": "none", "kind": "text", "seat": s}
               for s in range(4))]
    during = render_table(tr, INFO, _view("play", facts, [])).text
    said = [x for x in during.splitlines() if x.startswith("Anna") and "·" not in x]
    assert said, during
    view = _view("play", facts, [])
    view["groups"]["last_trick"] = [{"card": c, "seat": s} for s, c in
                                    enumerate(("7S", "8S", "9S", "TS"))]
    after = render_table(tr, INFO, view).text
    assert not any(x in after.splitlines() for x in said), after


@pytest.mark.parametrize("lang", LANGS)
def test_the_last_word_on_kapo_offers_only_the_pass(lang: str) -> None:  # BB-BID-18
    # «повышение в той же масти — играть его; заявка выше в другой масти…» under a kapo ♠
    # bid whose only button was «Пас»: the hint names only what the legal calls allow
    tr = CATALOGS.translator(lang)
    m = _last_word("S", "kapo")
    assert m.legal_actions(0) == ["pass"]
    text = render_hand(tr, INFO, m.view(0), m.legal_actions(0)).text
    line = next(x for x in text.splitlines() if x.startswith("🔨"))
    raise_, change = {"ru": ("повышение", "торговля"), "uk": ("підвищення", "торг"),
                      "en": ("raise", "auction")}[lang]
    assert raise_ not in line and change not in line and tr("code.pass") in line, line
    full = render_hand(tr, INFO, _last_word("S", 8).view(0), _last_word("S", 8).legal_actions(0)
                       ).text
    assert raise_ in full and change in full, full


@pytest.mark.parametrize(("lang", "ns", "ew"), [
    ("ru", "Пара 1+3 (Ю-С): 1. Anna · 3. Boris", "Пара 2+4 (З-В): 2. — · 4. Denis"),
    ("uk", "Пара 1+3 (Пд-Пн): 1. Anna · 3. Boris", "Пара 2+4 (Зх-Сх): 2. — · 4. Denis"),
    ("en", "Pair 1+3 (NS): 1. Anna · 3. Boris", "Pair 2+4 (EW): 2. — · 4. Denis")])
def test_the_lobby_names_the_pairs_as_the_game_does(lang: str, ns: str, ew: str
                                                    ) -> None:  # BB-DEAL-1, BB-SHEET-1
    # «Пара 1+3: 1. Алиса · 3. Вера» in the lobby, «Ю-С (Алиса, Вера)» on every game screen
    tr = CATALOGS.translator(lang)
    lines = render_lobby(tr, table_id=1, game="bazar_belot", names=["Anna", None, "Boris",
                                                                    "Denis"],
                         options={}, choices={}, min_players=4, max_players=4,
                         pairs=True).text.splitlines()
    assert ns in lines and ew in lines, lines
    assert pair_name(tr, INFO, (0, 2)) in ns and pair_name(tr, INFO, (1, 3)) in ew


@pytest.mark.parametrize(("lang", "contra"), [("ru", "контра"), ("uk", "контра"),
                                              ("en", "contra")])
def test_the_legend_says_a_failed_contra_is_bt_too(lang: str, contra: str
                                                   ) -> None:  # BB-SCORE-8, BB-SHEET-2
    # «БТ — байт: заказ не сыгран» beside the БТ of a pair whose contra failed: the contract
    # was made, yet the doubling pair is marked BT
    tr = CATALOGS.translator(lang)
    sheet = {"rows": [{"note": "10H+", "cells": ["BT", 120]}]}
    text = legend(tr, INFO, sheet)
    bt = next(x for x in text.split("; ") if x.startswith(tr("cell.BT")))
    assert contra in bt, text


def test_a_high_bid_asks_first_though_the_auction_goes_on() -> None:  # BB-BID-2, BB-BID-7
    # «29♦: нужно 290 очков…» was asked only for a closing bid; 47♥ and 48 ВК opening the
    # auction went through with one tap
    m = engine.get_game("bazar_belot").new_match(players=4, seed=1, options={"first_dealer": 3})
    assert is_drastic(m, 0, "bid:47:H") and is_drastic(m, 0, "bid:48:AT")
    assert is_drastic(m, 0, "bid:17:NT") and is_drastic(m, 0, "bid:26:AT")
    assert not is_drastic(m, 0, "bid:16:H") and not is_drastic(m, 0, "bid:25:AT")


def _deal_lines(lang: str, note: str, *pairs: tuple[int, int, str, int]) -> list[str]:
    """A deal result's lines, NS declaring with no melds: each pair's (card points, tricks,
    sheet cell, deal points)."""
    from bot.show.deals import bazar_belot_lines

    sides = [{"card_points": c, "tricks": t, "melds": 0, "bela": 0, "cell": cell,
              "deal_points": p} for c, t, cell, p in pairs]
    return bazar_belot_lines(CATALOGS.translator(lang), INFO, {"declarer": 0, "sides": sides},
                             {"deal": 1, "note": note}, last_winner=0) or []


@pytest.mark.parametrize("lang", LANGS)
def test_defenders_line_says_the_game_less_the_declarers_share(lang: str
                                                               ) -> None:  # BB-SCORE-3, -5
    # «З-В: карты 61, остаток 16 − 10 = 6»: a reader took 61 for the first term of a sum it
    # has no part in, and «(в т. ч. последняя взятка 10)» came twice in one message
    import re

    tr = CATALOGS.translator(lang)
    lines = _deal_lines(lang, "8H", (101, 5, "10", 10), (61, 3, "277", 6))
    ns, ew = tr("pair.bazar_belot.ns"), tr("pair.bazar_belot.ew")
    theirs = next(x for x in lines if x.startswith(f"{ew}: "))
    # the game value less the declarers' share, and what that leaves: 16 − 10 = 6
    sum_ = re.search(r"(\d+) \u2212 (\d+)\D*= <b>(\d+)</b>", theirs)
    assert sum_ is not None, theirs
    game, share, left = map(int, sum_.groups())
    assert (game, share, left) == (16, 10, 6) and game - share == left, theirs
    assert ns in theirs[:sum_.end()], theirs  # whose share is taken off
    # their card points come after the sum, said to be small points
    assert "61" not in theirs[:sum_.end()] and "61" in theirs[sum_.end():], theirs
    small = {"ru": "мелкими", "uk": "дрібними", "en": "small points"}[lang]
    assert small in theirs[sum_.end():], theirs
    note = tr("score.with_last", points="", n=10).strip()
    assert "\n".join(lines).count(note) == 1, lines


@pytest.mark.parametrize("lang", LANGS)
def test_a_pair_that_writes_nothing_is_not_a_sum(lang: str) -> None:  # BB-SCORE-6
    # a contract made with all 8 tricks: the defenders score their melds only, here none;
    # «З-В: 0 = 0 · на листе: —» said nothing twice
    tr = CATALOGS.translator(lang)
    lines = _deal_lines(lang, "11D", (162, 8, "36", 36), (0, 0, "-", 0))
    ew = tr("pair.bazar_belot.ew")
    theirs = next(x for x in lines if x.startswith(f"{ew}: "))
    # they took no trick: the line says so (the capot), not a sum of nothing
    assert f"{ew}: 0 = " not in theirs and f"{ew}: <b>0</b>" not in theirs, theirs
    no_trick = tr("bb.no_trick", name="").split("(")[0].strip()
    assert no_trick in theirs and "= <b>0</b> · " in theirs, theirs
    ours = next(x for x in lines if x.startswith(f"{tr('pair.bazar_belot.ns')}: "))
    assert ours.count(" + ") == 1 and "= <b>36</b>" in ours, ours  # 11 + capot 25


@pytest.mark.parametrize(("lang", "said"), [
    ("ru", ("заказ Ю-С 13♦ с контрой, ", "заказ Ю-С 13♦ с реконтрой, ")),
    ("uk", ("замовлення Пд-Пн 13♦ з контрою, ", "замовлення Пд-Пн 13♦ з реконтрою, ")),
    ("en", ("NS contract 13♦ contra, ", "NS contract 13♦ recontra, "))])
def test_a_doubled_contract_reads_as_the_contracts_state(lang: str, said: tuple[str, str]
                                                         ) -> None:  # BB-BID-15
    # «заказ 13♦ контра (Ю-С)» read as if NS had said the contra on someone's 13♦, and so did
    # «заказ 13♦ с контрой (Ю-С)»: the pair whose contract it is comes before it
    for note, words in zip(("13D+", "13D++"), said, strict=True):
        head = _deal_lines(lang, note, (30, 2, "BT", 0), (132, 6, "46", 46))[0]
        assert words in head, head
