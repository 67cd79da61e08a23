"""What a player reads for the deals random play never reaches (issue #20): a Deberts bait and
a hanging bait, a made Bazar-Belot contract (plain, with contra, with recontra), a Berg deal won
by going out with a run. Each is built from a deck and a scripted action list or a seeded
policy (tests/kit/rare_deals.py), and the group's deal result, the sheet and the deal record
are read in ru, uk and en against the rules' worked examples and formulas."""

from __future__ import annotations

import random

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.records.core import DealRecord
from bot.records.text import render_deal_record
from bot.show.common import TableInfo, pair_name
from bot.show.events import render_event
from bot.show.sheet import render_sheet, result_line
from tests.engine.berg_helpers import arrange, deck_for, new_match
from tests.engine.deberts_helpers import E1_DECK, E1_MOVES
from tests.kit.engine import act
from tests.kit.rare_deals import Deal, info_of, play

CATALOGS = Catalogs()
MINUS = "\u2212"


def _lines(text: str, start: str) -> list[str]:
    return [x for x in text.splitlines() if x.startswith(start)]


def _every_text(deal: Deal, lang: str) -> list[str]:
    tr = CATALOGS.translator(lang)
    return [deal.result(tr), deal.sheet(tr), deal.deal_record(tr)]


def _reads_as_words(texts: list[str], lang: str) -> None:
    """No rule ids, no engine seat numbers or tags, one decimal style."""
    for text in texts:
        for engine_word in ("seat ", "0-2", "1-3", "DB-", "BB-", "BERG-", "None", "win run",
                            "RJ", "QH"):
            assert engine_word not in text, (engine_word, text)
        if lang != "en":  # the sheet's contract letters are the language's ("8т", BB-SHEET-3)
            assert "8C" not in text, text
            assert not any(c.isdigit() and n == "." and d.isdigit()
                           for c, n, d in zip(text, text[1:], text[2:], strict=False)), text


# ------------------------------------------------------------------ Deberts: a bait (E.1)


BAIT_GOES = {"ru": "очки уходят: Anna", "uk": "очки йдуть: Anna", "en": "points go to Anna"}


def _deberts_bait() -> Deal:
    # deberts.md E.1, had seat 1 been the declarer: Boris takes and has 31 against 169
    return play("deberts", 2, deck=E1_DECK, actions=[(0, "pass"), (1, "take"), *E1_MOVES])


@pytest.mark.parametrize("lang", LANGS)
def test_deberts_bait_reads_right(lang: str) -> None:  # DB-SCORE-1, DB-SCORE-3, DB-SHEET-2
    deal = _deberts_bait()
    tr = CATALOGS.translator(lang)
    result = deal.result(tr)
    anna = _lines(result, "Anna:")[0]
    boris = _lines(result, "Boris:")[0]
    # Anna: 99 + 50 + 20 = 169 of her own and Boris's 31: she writes 200, he BT
    assert "99" in anna and "50" in anna and "20" in anna and "+31" in anna, anna
    assert "= <b>200</b>" in anna, anna
    assert f"{tr('score.cards')} 31 (" in boris and tr("cell.BT") in boris, boris
    assert tr("score.bait_goes", names="Anna") in boris, boris  # where his 31 went
    # the names follow a colon: «к Anna», «до Вы» left a case ending wrong (issue #20)
    assert BAIT_GOES[lang] in boris, boris
    sheet = deal.sheet(tr)
    assert "200" in sheet and tr("cell.BT") in sheet
    record = deal.deal_record(tr)
    assert _lines(record, "9. ") and tr("rec.trick.with_last", points=20, n=10) in record
    _reads_as_words(_every_text(deal, lang), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_three_player_bait_says_who_shares_it(lang: str) -> None:  # DB-3P-9
    # seed 3, random moves: Anna declares with 45, Vera has 94: the defenders share her 45
    deal = play("deberts", 3, seed=3, policy=lambda m, s, legal, rng: rng.choice(legal),
                until=lambda e: e["outcome"] == "bait")
    sides = deal.scored["sides"]
    assert [s["written"] - s["deal_points"] for s in sides[1:]] == [22, 23]  # 45: odd to Vera
    tr = CATALOGS.translator(lang)
    result = deal.result(tr)
    assert tr("score.bait_goes", names="Boris, Vera") in _lines(result, "Anna:")[0], result
    assert "+22 = <b>32</b>" in _lines(result, "Boris:")[0]
    assert "+23 = <b>117</b>" in _lines(result, "Vera:")[0]


# --------------------------------------------------------- Deberts: a hanging bait (E.2/E.3)


def _deberts_hanging() -> Deal:
    # seed 2, random moves: deal 5 ends 71 = 71 (Boris's 21 cards and a fifty, Anna's 71)
    return play("deberts", 2, seed=2, policy=lambda m, s, legal, rng: rng.choice(legal),
                until=lambda e: e["outcome"] == "hanging")


@pytest.mark.parametrize("lang", LANGS)
def test_deberts_hanging_bait_reads_right(lang: str) -> None:
    # DB-SCORE-4, DB-SCORE-5, DB-SHEET-3 (deberts.md E.2 deal 3: vs(81), pot 81)
    deal = _deberts_hanging()
    sides = deal.scored["sides"]
    assert [s["deal_points"] for s in sides] == [71, 71] and deal.scored["pot"] == 71
    assert [s["cell"] for s in sides] == ["vs(71)", "117"]  # 46 + 71: the defender adds O
    tr = CATALOGS.translator(lang)
    result = deal.result(tr)
    anna = _lines(result, "Anna:")[0]
    assert f"{tr('score.cards')} 71 (" in anna and "=" not in anna, anna  # nothing added
    assert "vs(71)" in _lines(result, "Anna:")[0]
    assert "117" in _lines(result, "Boris:")[0]
    pot = tr("score.pot_now", pot=71)
    assert pot in result.splitlines() and pot[0].isupper(), result  # a line of its own
    assert pot in deal.sheet(tr)
    key = tr("sheet.deberts.vs_key", n=71)  # the rules' vs(71), said in words
    assert key in result.splitlines() and key in deal.sheet(tr).splitlines()
    _reads_as_words(_every_text(deal, lang), lang)


# ------------------------------------------------------ Bazar-Belot: made contracts (§10.1)


def _bb_policy(contra: bool):  # type: ignore[no-untyped-def]
    """The first bidder bids the lowest bid, the others pass (or say contra when ``contra``);
    the play is random."""
    def policy(m: engine.Match, seat: int, legal: list[str], rng: random.Random) -> str:
        bids = [c for c in legal if c.startswith("bid:")]
        if "contra" in legal and contra:
            return "contra"
        if "recontra" in legal and "pass" in legal:
            return "pass"
        calls = m.public_view().get("calls", [])
        if bids and not any(str(c.get("call", "")).startswith("bid") for c in calls):
            return min(bids, key=lambda c: (len(c), c))
        if "pass" in legal:
            return "pass"
        return rng.choice(legal)
    return policy


def _bb(seed: int, contra: bool) -> Deal:
    return play("bazar_belot", 4, seed=seed, policy=_bb_policy(contra),
                until=lambda e: e["outcome"] == "made")


@pytest.mark.parametrize("lang", LANGS)
def test_bazar_belot_made_contract_reads_right(lang: str) -> None:
    # BB-SCORE-2, BB-SCORE-3, BB-SCORE-5 (§10.2 X1/X2): 8♣ by Vera, 124 small points
    deal = _bb(1, contra=False)
    assert deal.match.score_sheet["rows"][-1]["note"] == "8C"
    assert [s["card_points"] for s in deal.scored["sides"]] == [124, 38]
    # r = ⌊(124 + 4) / 10⌋ = 12: Anna, Vera 8 + 12 = 20; Boris, Gleb 16 − 12 = 4
    assert [s["written"] for s in deal.scored["sides"]] == [20, 4]
    tr = CATALOGS.translator(lang)
    result = deal.result(tr)
    first, needed = result.splitlines()[0], result.splitlines()[2]
    assert "8♣" in first and tr("bb.made") in first and "Vera" in first
    assert "80" in needed and "124" in needed and "+ " not in needed, needed  # no "melds 0"
    ours = _lines(result, f"{tr('pair.bazar_belot.ns')}:")[0]
    theirs = _lines(result, f"{tr('pair.bazar_belot.ew')}:")[0]
    assert "124 → 12" in ours and "= <b>20</b>" in ours, ours
    assert "38" in theirs and f"16 {MINUS} 12" in theirs and "= <b>4</b>" in theirs, theirs
    assert tr("score.with_last", points=38, n=10) in theirs  # Gleb took the last trick
    _reads_as_words(_every_text(deal, lang), lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("seed", "note", "mult"), [(2, "8C+", 2), (1, "8C++", 4)])
def test_bazar_belot_made_with_contra_reads_right(lang: str, seed: int, note: str,
                                                   mult: int) -> None:
    # BB-SCORE-8, BB-SCORE-10 (§10.1 examples 3 and 4: m·B + G + M_d + M_o, the doubling
    # pair BT)
    deal = _bb(seed, contra=True)
    row = deal.match.score_sheet["rows"][-1]
    assert row["note"] == note
    declarers = deal.scored["declarer"] % 2
    d, o = deal.scored["sides"][declarers], deal.scored["sides"][1 - declarers]
    melds = d["melds"] + d["bela"] + o["melds"] + o["bela"]
    assert d["written"] == mult * 8 + 16 + melds and o["cell"] == "BT"
    tr = CATALOGS.translator(lang)
    result = deal.result(tr)
    word = tr("bb.doubled" if mult == 2 else "bb.redoubled")
    assert word in result.splitlines()[0] and tr("bb.made") in result.splitlines()[0]
    names = (f"{tr('pair.bazar_belot.ns')}:", f"{tr('pair.bazar_belot.ew')}:")
    ours = _lines(result, names[declarers])[0]
    assert f"{mult}×8" in ours and "16" in ours and f"= <b>{d['written']}</b>" in ours, ours
    assert tr("cell.BT") in _lines(result, names[1 - declarers])[0]
    needed = result.splitlines()[2]
    got = d["card_points"] + 10 * (d["melds"] + d["bela"])
    assert "80" in needed and str(got) in needed, needed
    _reads_as_words(_every_text(deal, lang), lang)


# --------------------------------------------------- Berg: going out with a run (BERG-EX-14)


def _berg_going_out() -> tuple[engine.Match, list[dict[str, object]], DealRecord]:
    m = new_match(deck_for({}, "9C"))
    hands = {0: ["QD", "RJ"], 1: ["5S", "6S"], 2: ["QH", "KC"], 3: ["5C"]}
    arrange(m, hands=hands, pile=[("9D", 3)], turn=0, totals=[19, 16], touched=[True, True])
    events: list[dict[str, object]] = [{"type": "deal", "deal": 1, "dealer": 3}]
    for seat, code in [(0, "play:QD:S"), (1, "draw"), (1, "pass"), (2, "play:QH"),
                       (3, "draw"), (3, "pass"), (0, "play:RJ")]:
        events += act(m, seat, code)
    return m, events, DealRecord(number=1, hands=[hands[s] for s in range(4)],
                                 events=events)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", LANGS)
def test_berg_going_out_with_a_run_reads_right(lang: str) -> None:
    # BERG-EX-14, BERG-SCORE-1, BERG-SCORE-2, BERG-END-1, BERG-END-3: run RJ QH QD
    # = 2,0 + 1,0 + 1,0 = 4,0; 9,5 + 4,0 = 13,5 > 10 takes the berg, "13,5 : 8,0"
    m, events, record = _berg_going_out()
    info = info_of("berg", m)
    tr = CATALOGS.translator(lang)
    d = "." if lang == "en" else ","
    scored = next(e for e in events if e["type"] == "deal_scored")
    result = render_event(tr, info, scored, sheet_rows=m.score_sheet["rows"]) or ""
    first = result.splitlines()[0]
    joker = tr("card.RJ")
    # each card of the run with its value, so the 4,0 can be redone
    assert f"{joker} 2{d}0 + {tr('rank.Q')}♥ 1{d}0 + {tr('rank.Q')}♦ 1{d}0 = 4{d}0" in first, \
        first
    ours = _lines(result, f"{pair_name(tr, info, info.sides[0])}:")[0]
    assert f"+4{d}0" in ours and f"13{d}5" in ours, ours
    sheet = render_sheet(tr, info, m.score_sheet)
    assert f"13{d}5" in sheet and f"8{d}0" in sheet
    assert result_line(tr, info, m.score_sheet).endswith(f"13{d}5 : 8{d}0")
    text = render_deal_record(tr, info, record, sheet_rows=m.score_sheet["rows"])
    assert joker in text and f"4{d}0" in text
    _reads_as_words([result, sheet, text], lang)


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", ("Boris берёт 1 карту", "берёт 2 карты", "берёт 5 карт")),
    ("uk", ("Boris бере 1 карту", "бере 2 карти", "бере 5 карт")),
    ("en", ("Boris draws 1 card", "draws 2 cards", "draws 5 cards"))])
def test_berg_record_counts_cards_in_words(lang: str, words: tuple[str, ...]) -> None:
    # BERG-TURN-4: "Boris берёт карт: 1" read like a form; the count agrees with its noun
    m, _events, record = _berg_going_out()
    tr = CATALOGS.translator(lang)
    text = render_deal_record(tr, info_of("berg", m), record, sheet_rows=m.score_sheet["rows"])
    assert words[0] in text, text
    draws = [{"type": "drew", "seat": 1, "count": n} for n in (2, 5)]
    more = DealRecord(number=1, hands=record.hands, events=[*record.events[:-1], *draws,
                                                             record.events[-1]])
    text = render_deal_record(tr, info_of("berg", m), more, sheet_rows=m.score_sheet["rows"])
    assert words[1] in text and words[2] in text, text


@pytest.mark.parametrize(("lang", "said"), [
    ("ru", ("Итог: побеждают Ю-С (Anna, Vera) — ", "Итог: побеждает Anna — ")),
    ("uk", ("Підсумок: перемагають Пд-Пн (Anna, Vera) — ", "Підсумок: перемагає Anna — ")),
    ("en", ("Result: NS (Anna, Vera) win — ", "Result: Anna wins — "))])
def test_result_line_joins_a_pair_and_dashes_the_score(lang: str,
                                                        said: tuple[str, str]) -> None:
    # issue #20: "Anna, Vera, 400 : 245" read as three items; a Bazar-Belot pair is named as
    # the club writes it, its players in brackets (issue #18), and the score follows a dash,
    # winner's total first (BB-END-4, BB-SHEET-1, DB-SHEET-5)
    tr = CATALOGS.translator(lang)
    pair = {"sides": [{"seats": [0, 2]}, {"seats": [1, 3]}], "totals": [400, 245],
            "rows": [], "result": {"winner": 0}}
    info = TableInfo(1, 1, "bazar_belot", "Club", ("Anna", "Boris", "Vera", "Gleb"),
                     sides=((0, 2), (1, 3)))
    assert result_line(tr, info, pair) == said[0] + "400 : 245"
    one = {"sides": [{"seats": [0]}, {"seats": [1]}], "totals": [511, 373], "rows": [],
           "result": {"winner": 0}}
    info1 = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris"), sides=((0,), (1,)))
    assert result_line(tr, info1, one) == said[1] + "511 : 373"
