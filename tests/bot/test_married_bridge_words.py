"""Married bridge screens as a player reads them (issues #18/#20, a new player's pass): the
contract says its contra in words, every count of tricks puts the number before the noun in
its plural form, the deal's sum leads with the tricks and adds up to what is written on the
sheet, the preliminary trick says "of 13", the hand in the auction shows no drawn card, and
the contra is said once. Render tests in ru, uk and en; the terminal through stdin/stdout."""

from __future__ import annotations

import re
from typing import Any

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo, card_text, render_facts
from bot.show.deals import married_bridge_lines, married_bridge_note
from bot.show.hand import render_hand
from tests.bot.test_terminal_play import _play

CATALOGS = Catalogs()
INFO = TableInfo(1, 1, "married_bridge", "Club", ("Anna", "Boris"))


def _facts(lang: str, facts: list[dict[str, Any]], info: TableInfo = INFO) -> list[str]:
    return render_facts(CATALOGS.translator(lang), info, facts)


DOUBLED = {"ru": ("3 БК с контрой", "3 БК с реконтрой"),
           "uk": ("3 БК з контрою", "3 БК з реконтрою"),
           "en": ("3NT doubled", "3NT redoubled")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_contract_says_its_contra_in_words(lang: str) -> None:  # MB-BID-9, MB-SCORE-8
    for code, said in zip(("3NTX", "3NTXX"), DOUBLED[lang], strict=True):
        line = _facts(lang, [{"key": "mb_contract", "value": code, "kind": "text", "seat": 1}])
        assert line[0].endswith(said), line


TRICKS = {  # (needed 9, took 0, took 1, took 2, took 5) for Boris
    "ru": ("Boris: нужно взять 9 взяток", "Boris: пока ни одной взятки", "Boris: 1 взятка",
           "Boris: 2 взятки", "Boris: 5 взяток"),
    "uk": ("Boris: треба взяти 9 взяток", "Boris: поки жодної взятки", "Boris: 1 взятка",
           "Boris: 2 взятки", "Boris: 5 взяток"),
    "en": ("Boris needs 9 tricks", "Boris: no tricks yet", "Boris: 1 trick",
           "Boris: 2 tricks", "Boris: 5 tricks")}
YOURS = {  # (needed 7, took 0, took 1, took 3) for the terminal player
    "ru": ("Вам нужно взять 7 взяток", "У вас пока ни одной взятки", "У вас 1 взятка",
           "У вас 3 взятки"),
    "uk": ("Вам треба взяти 7 взяток", "У вас поки жодної взятки", "У вас 1 взятка",
           "У вас 3 взятки"),
    "en": ("You need 7 tricks", "You have no tricks yet", "You have 1 trick",
           "You have 3 tricks")}


@pytest.mark.parametrize("lang", LANGS)
def test_a_count_of_tricks_reads_number_first(lang: str) -> None:  # MB-BID-2, MB-PLAY-7
    needed = {"key": "mb_needed", "value": 9, "kind": "number", "seat": 1}
    took = [{"key": "mb_tricks", "value": n, "kind": "number", "seat": 1} for n in (0, 1, 2, 5)]
    assert _facts(lang, [needed, *took]) == list(TRICKS[lang])
    names = ({"ru": "Вы", "uk": "Ви", "en": "You"}[lang], "Boris")
    me = TableInfo(1, 1, "married_bridge", "", names, me=0)
    mine = [{"key": "mb_needed", "value": 7, "kind": "number", "seat": 0},
            *({"key": "mb_tricks", "value": n, "kind": "number", "seat": 0} for n in (0, 1, 3))]
    assert _facts(lang, mine, me) == list(YOURS[lang])


PRELIM = {"ru": "Предварительная взятка 4 из 13", "uk": "Попередня взятка 4 з 13",
          "en": "Preliminary trick 4 of 13"}
RUBBER = {"ru": "Роббер: раздача 2 из 2", "uk": "Робер: роздача 2 з 2",
          "en": "Rubber: deal 2 of 2"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_preliminary_trick_and_the_rubber_say_of_how_many(lang: str) -> None:
    # MB-PRE-6: thirteen preliminary tricks; MB-END-2: a rubber of two deals («Игра роббера: 1»
    # read like a form's field beside «раздача 1»)
    facts = [{"key": "mb_prelim_trick", "value": 4, "kind": "number"},
             {"key": "mb_rubber_game", "value": 2, "kind": "number"}]
    assert _facts(lang, facts) == [PRELIM[lang], RUBBER[lang]]


def _deal(lang: str, contract: str, tricks: int, written: tuple[int, int],
          declarer: int = 1) -> list[str]:
    """The result lines of one game: ``contract`` by ``declarer`` with ``tricks``, each
    seat writing ``written`` (as the engine's event and sheet row say)."""
    sides = [{"tricks": 13 - tricks, "written": written[0], "cell": f"{written[0]:+d}"
              if written[0] else "0"},
             {"tricks": tricks, "written": written[1], "cell": f"{written[1]:+d}"
              if written[1] else "0"}]
    if declarer == 0:
        sides.reverse()
    level = int(contract[0])
    sides[declarer]["needed"] = 6 + level
    event = {"type": "deal_scored", "declarer": declarer, "sides": sides,
             "outcome": "made" if tricks >= 6 + level else "defeated"}
    row = {"note": f"{contract} by seat {declarer}, {tricks} tricks"}
    lines = married_bridge_lines(CATALOGS.translator(lang), INFO, event, row)
    assert lines is not None
    return lines


SUMS = {  # the declarer's line: tricks in words first, then the sum as it is written; the
    # defender's says whose undertricks he writes («за 2 недобранные взятки (Boris)» read as
    # if Boris earned them)
    "ru": ("Boris: 9 взяток: 40 + 30 × 8 = 280, с реконтрой × 4 = <b>1120</b>",
           "Boris: 9 взяток: 9 × 30 = <b>270</b>",
           "Anna: Boris без 2 взяток — 2 × 20 = 40, с контрой × 2 = <b>80</b>",
           "Anna: Boris без 1 взятки — 1 × 30 = <b>30</b>"),
    "uk": ("Boris: 9 взяток: 40 + 30 × 8 = 280, з реконтрою × 4 = <b>1120</b>",
           "Boris: 9 взяток: 9 × 30 = <b>270</b>",
           "Anna: Boris без 2 взяток — 2 × 20 = 40, з контрою × 2 = <b>80</b>",
           "Anna: Boris без 1 взятки — 1 × 30 = <b>30</b>"),
    "en": ("Boris: 9 tricks: 40 + 30 × 8 = 280, redoubled × 4 = <b>1120</b>",
           "Boris: 9 tricks: 9 × 30 = <b>270</b>",
           "Anna: Boris 2 tricks short — 2 × 20 = 40, doubled × 2 = <b>80</b>",
           "Anna: Boris 1 trick short — 1 × 30 = <b>30</b>")}


def _sum_adds_up(line: str) -> None:
    """Each step of the sum after the line's lead holds: "40 + 30 × 8 = 280, redoubled × 4
    = 1120" is 280 first, then 280 × 4 = 1120, the bold figure the seat writes."""
    body = re.split(r": | — ", re.sub(r"<[^>]+>", "", line.split(" · ")[0]))[-1]
    first, *steps = [p.strip() for p in body.split("=")]
    terms = [t.split(" × ") for t in first.split(" + ")]
    value = sum(int(t[0]) * (int(t[1]) if len(t) > 1 else 1) for t in terms)
    for step in steps:
        shown, _, times = step.partition(", ")
        assert int(shown) == value, (line, shown, value)
        if times:
            value *= int(times.rsplit(" × ", 1)[1])


@pytest.mark.parametrize("lang", LANGS)
def test_the_sum_leads_with_the_tricks_and_adds_up(lang: str) -> None:
    # MB-SCORE-1/2/5: 3NTXX made with 9 = (40 + 30 × 8) × 4 = 1120, the defender −50 (MB-SCORE-3)
    nt = _deal(lang, "3NTXX", 9, (-50, 1120))
    assert nt[2].startswith(SUMS[lang][0]), nt
    # MB-SCORE-2 (MB-EX-3): 3H made with 9 = 9 × 30 = 270
    assert _deal(lang, "3H", 9, (0, 270))[2].startswith(SUMS[lang][1])
    # MB-SCORE-4/5: 2DX with 6 = two short, 2 × 20 × 2 = 80 to the defender
    assert _deal(lang, "2DX", 6, (80, 0))[1].startswith(SUMS[lang][2])
    # MB-SCORE-4 (MB-EX-4): 2NT with 7 = one short, 1 × 30 = 30 (NT undertricks count 30)
    assert _deal(lang, "2NT", 7, (30, 0))[1].startswith(SUMS[lang][3])
    for line in (nt[2], *_deal(lang, "2DX", 6, (80, 0))[1:2]):
        _sum_adds_up(line)


NOTE = {"ru": "3 БК с реконтрой, Boris: 9 взяток", "uk": "3 БК з реконтрою, Boris: 9 взяток",
        "en": "3NT redoubled, Boris: 9 tricks"}
HEAD = {"ru": "заказ 3 БК с реконтрой (Boris): нужно 9 взяток, взято 9",
        "uk": "замовлення 3 БК з реконтрою (Boris): треба 9 взяток, взято 9",
        "en": "contract 3NT redoubled (Boris): needed 9 tricks, took 9"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_result_and_the_sheet_count_tricks_number_first(lang: str) -> None:  # MB-SCORE-8
    tr = CATALOGS.translator(lang)
    assert married_bridge_note(tr, INFO, "3NTXX by seat 1, 9 tricks") == NOTE[lang]
    assert _deal(lang, "3NTXX", 9, (-50, 1120))[0].startswith(HEAD[lang] + " — ")


def _auction_match() -> engine.Match:
    m = engine.get_game("married_bridge").new_match(players=2, seed=4)
    while m.public_view()["phase"] != "bidding":
        seat = m.to_move
        assert seat is not None
        m.apply(seat, sorted(m.legal_actions(seat))[0])
    return m


DRAWN = {"ru": "из талона", "uk": "з талону", "en": "from the talon"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_auction_hand_shows_no_drawn_card(lang: str) -> None:  # MB-PRE-10, MB-BID-1
    tr = CATALOGS.translator(lang)
    m = _auction_match()
    for seat in (0, 1):
        assert any(f["key"] == "mb_drawn" for f in m.view(seat)["private"])  # still in view
        text = render_hand(tr, INFO, m.view(seat), m.legal_actions(seat)).text
        assert DRAWN[lang] not in text, text


CONTRA = {"ru": "контр", "uk": "контр", "en": "doubl"}  # English bridge says double


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_tells_the_contra_once(lang: str) -> None:  # MB-BID-6, MB-INFO-4
    tr = CATALOGS.translator(lang)
    m = _auction_match()
    dealer = m.to_move
    assert dealer is not None
    m.apply(dealer, "bid:1:C")
    m.apply(1 - dealer, "contra")
    for seat in (0, 1):
        text = render_hand(tr, INFO, m.view(seat), m.legal_actions(seat)).text
        lines = [x for x in text.splitlines() if CONTRA[lang] in x.lower()
                 and not x.startswith(tr("table.calls") + ":")]  # the calls line is the record
        assert len(lines) == (1 if seat == dealer else 0), text


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_the_terminal_says_the_drawn_card_once(lang: str) -> None:  # MB-PRE-5
    code, out, _ = _play(["married_bridge", "--seed", "5", "--level", "easy"], lang)
    assert code == 0
    got = {"ru": "Вам пришло: ", "uk": "Вам прийшло: ", "en": "You get: "}[lang]
    assert got in out
    assert DRAWN[lang] not in out.split(got, 1)[1].split("\n\n", 3)[1], out[:3000]


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_of_the_auction_names_the_contract_as_the_table_does(lang: str
                                                                     ) -> None:  # MB-BID-9
    # «Контракт: 6♦, разыгрывающий: Вы.» above «Ваш заказ: 6♦»: two words for one thing
    from bot.terminal.text import Teller

    tr = CATALOGS.translator(lang)
    word = tr("fact.mb_contract").lower()
    event = {"type": "contract_reached", "declarer": 1, "level": 6, "strain": "D",
             "multiplier": 1, "contract": "6D"}
    told = Teller(tr, INFO, 0).event(event, {"game": "married_bridge", "groups": {},
                                             "facts": []}, {"rows": []})
    record = tr("rec.contract", contract="6♦", name="Boris")  # the deal's record says it so
    for text in (told, record):
        assert text is not None and text.lower().startswith(word), text


@pytest.mark.parametrize("phase", ["preliminary", "bidding", "play"])
def test_ukrainian_says_vziatka_on_every_trick_line(phase: str) -> None:  # MB-INFO-2
    # «Попередній взяток: … — взятку берете Ви»: one line, two genders; the Married bridge
    # screens say «взятка» (its rules, «1 взятка», «недобрана взятка»)
    from bot.show.common import group

    tr = CATALOGS.translator("uk")
    cards = [{"card": "AS", "seat": 0}, {"card": "TS", "seat": 1}]
    facts = [{"key": "last_trick_winner", "value": 0, "kind": "seat"}]
    for name in ("trick", "last_trick"):
        line = group(tr, INFO, name, cards, phase, facts)
        assert "взяток" not in line and "взятка" in line.lower(), line
    # «Попередня взятка 4 з 13» is the preliminary one: the previous trick is «минула»
    line = group(tr, INFO, "last_trick", cards, phase, facts)
    assert phase == "bidding" or line.startswith("Минула взятка"), line


def _play_match(contract: str = "bid:6:D") -> engine.Match:
    """The match of `_auction_match` with ``contract`` bid by the dealer and passed: the
    main play's first lead (MB-BID-7)."""
    m = _auction_match()
    dealer = m.to_move
    assert dealer is not None
    m.apply(dealer, contract)
    m.apply(1 - dealer, "pass")
    return m


HEADER = {  # the dealer (Boris) plays 6♦: one line for the contract, one for the tricks
    "ru": ("Boris: заказ 6♦, нужно взять 12 взяток", "Взятки: Anna 0 · Boris 0"),
    "uk": ("Boris: замовлення 6♦, треба взяти 12 взяток", "Взятки: Anna 0 · Boris 0"),
    "en": ("Boris: contract 6♦, needs 12 tricks", "Tricks: Anna 0 · Boris 0")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_play_header_is_a_contract_line_and_a_tricks_line(lang: str) -> None:
    # MB-BID-9, MB-PLAY-7: «Boris: contract 6♦ / Trump: ♦ / Boris: tricks needed 12 /
    # Boris: tricks 0 / Anna: tricks 0» took five lines; the trump is the contract's suit
    from bot.show.table import render_table

    tr = CATALOGS.translator(lang)
    m = _play_match()
    assert m.to_move == 1
    for text in (render_table(tr, INFO, m.public_view()).text,
                 *(render_hand(tr, INFO, m.view(s), m.legal_actions(s)).text for s in (0, 1))):
        lines = text.splitlines()
        at = lines.index(HEADER[lang][0])
        assert lines[at + 1] == HEADER[lang][1], text
        assert not any(x.startswith(tr("fact.trump") + ":") for x in lines), text


@pytest.mark.parametrize("lang", LANGS)
def test_the_play_hand_shows_the_trumps_first(lang: str) -> None:  # MB-PLAY-3
    tr = CATALOGS.translator(lang)
    m = _auction_match()
    seat = m.to_move
    assert seat is not None
    before = render_hand(tr, INFO, m.view(seat), m.legal_actions(seat)).text
    shown = " ".join(card_text(c, tr) for c in m.view(seat)["hand"])
    assert shown in before  # the auction keeps the engine's order
    m.apply(seat, "bid:6:D")
    m.apply(1 - seat, "pass")
    view = m.view(seat)
    trumps = [c for c in view["hand"] if c[1] == "D"]
    others = [c for c in view["hand"] if c[1] != "D"]
    assert trumps and others
    screen = render_hand(tr, INFO, view, m.legal_actions(seat))
    assert " ".join(card_text(c, tr) for c in trumps + others) in screen.text, screen.text
    pressed = [b.text for row in screen.buttons for b in row]
    assert pressed[:len(trumps)] == [card_text(c, tr) for c in trumps], pressed


PHASE = {"ru": "ℹ️ Сыграны все 13 предварительных взяток: начинается торговля, "
               "открывает Boris.",
         "uk": "ℹ️ Зіграно всі 13 попередніх взяток: починається торгівля, "
               "відкриває Boris.",
         "en": "ℹ️ The 13 preliminary tricks are over: the auction begins, Boris calls first."}


@pytest.mark.parametrize("lang", LANGS)
def test_the_auction_is_announced_in_a_sentence(lang: str) -> None:  # MB-PRE-6, MB-BID-1
    from bot.show.table import render_table

    tr = CATALOGS.translator(lang)
    m = _auction_match()
    assert m.to_move == 1
    assert PHASE[lang] in render_table(tr, INFO, m.public_view()).text.splitlines()
    hand = render_hand(tr, INFO, m.view(1), m.legal_actions(1)).text
    assert "🔨" not in hand and "ℹ️" in hand, hand
    m.apply(1, "bid:1:C")
    hand = render_hand(tr, INFO, m.view(0), m.legal_actions(0)).text
    assert "🔨" not in hand and "ℹ️" in hand, hand


CALLS = {"ru": ("Контра", "Реконтра", "контра"), "uk": ("Контра", "Реконтра", "контра"),
         "en": ("Double", "Redouble", "double")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_says_the_contra_once_and_english_says_double(lang: str
                                                               ) -> None:  # MB-BID-6
    from bot.show.table import render_table

    tr = CATALOGS.translator(lang)
    m = _auction_match()
    m.apply(1, "bid:3:NT")
    buttons = [b.text for row in render_hand(tr, INFO, m.view(0), m.legal_actions(0)).buttons
               for b in row]
    assert CALLS[lang][0] in buttons, buttons
    m.apply(0, "contra")
    buttons = [b.text for row in render_hand(tr, INFO, m.view(1), m.legal_actions(1)).buttons
               for b in row]
    assert CALLS[lang][1] in buttons, buttons
    text = render_table(tr, INFO, m.public_view()).text
    said = [x for x in text.splitlines() if CALLS[lang][2] in x.lower()]
    assert len(said) == 1 and said[0].startswith(tr("table.calls") + ":"), text
    if lang == "en":
        assert "contra" not in text.lower()
        for seat in (0, 1):
            hand = render_hand(tr, INFO, m.view(seat), m.legal_actions(seat)).text
            assert "contra" not in hand.lower(), hand


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_lead_shows_no_empty_previous_trick(lang: str) -> None:  # MB-PLAY-1
    # «Взятка: — / Предыдущая взятка: —» above the first lead: the empty one said nothing
    from bot.show.table import render_table

    tr = CATALOGS.translator(lang)
    text = render_table(tr, INFO, _play_match().public_view()).text
    assert f"{tr('group.last_trick')}: —" not in text, text


TERMINAL = {"ru": ("Ваш заказ: 6♦, нужно взять 12 взяток", "Взятки: Вы 0 · Boris 1"),
            "uk": ("Ваше замовлення: 6♦, треба взяти 12 взяток", "Взятки: Ви 0 · Boris 1"),
            "en": ("Your contract: 6♦, you need 12 tricks", "Tricks: You 0 · Boris 1")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_play_header_is_two_lines_too(lang: str) -> None:  # MB-BID-9, MB-PLAY-7
    names = ({"ru": "Вы", "uk": "Ви", "en": "You"}[lang], "Boris")
    me = TableInfo(1, 1, "married_bridge", "", names, me=0)
    facts = [{"key": "mb_contract", "value": "6D", "kind": "text", "seat": 0},
             {"key": "trump", "value": "D", "kind": "suit"},
             {"key": "mb_needed", "value": 12, "kind": "number", "seat": 0},
             {"key": "mb_tricks", "value": 0, "kind": "number", "seat": 0},
             {"key": "mb_tricks", "value": 1, "kind": "number", "seat": 1}]
    assert _facts(lang, facts, me) == list(TERMINAL[lang])
    boris = [{**f, "seat": 1} if f["key"] in ("mb_contract", "mb_needed") else f for f in facts]
    assert _facts(lang, boris, me)[0] == HEADER[lang][0]


#: the last trick of a game the next game follows, as its result says it (no +10 in this game)
LAST_TRICK = {"ru": "Последняя взятка: Anna 5♠, Boris 7♥ → Anna",
              "uk": "Остання взятка: Anna 5♠, Boris 7♥ → Anna",
              "en": "Last trick: Anna 5♠, Boris 7♥ → Anna"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_rubbers_first_game_tells_its_last_trick(lang: str) -> None:  # MB-PLAY-8, MB-END-2
    # game 1 of a rubber: the next game's table is posted at once in place of this one, so its
    # 13th trick (the other player's card) was never shown anywhere; the result tells it.
    # The match's last game keeps its table, whose «Предыдущая взятка» already shows it.
    from bot.show.display import Display

    tr = CATALOGS.translator(lang)
    trick = {"type": "trick", "number": 13, "cards": [[0, "5S"], [1, "7H"]], "winner": 0,
             "points": 0}
    scored = {"type": "deal_scored", "deal": 1, "declarer": 0, "outcome": "made",
              "sides": [{"tricks": 9, "deal_points": 270, "written": 270, "cell": "+270",
                         "total": 270, "role": "declarer", "needed": 9},
                        {"tricks": 4, "deal_points": 0, "written": 0, "cell": "0",
                         "total": 0, "role": "defender", "needed": 5}]}
    rows = [{"deal": 1, "cells": ["+270", "0"], "points": [270, 0],
             "note": "3H by seat 0, 9 tricks"}]
    over = {"type": "match_over", "winner": 0, "line": "", "totals": [270, 0]}
    texts = Display._event_texts(None, tr, INFO, [trick, scored],  # type: ignore[arg-type]
                                 rows)
    assert LAST_TRICK[lang] in "\n".join(texts).splitlines(), texts
    assert "+10" not in "\n".join(texts)
    last = Display._event_texts(None, tr, INFO, [trick, scored, over],  # type: ignore[arg-type]
                                rows)
    assert not any(LAST_TRICK[lang].split(":")[0] in t for t in last), last
