"""What a club reader found playing a whole Berg match through the bot (issues #18, #20;
findings 3-8 and 19 of the read-through), as render tests in ru, uk and en: the game's own
words (игра for the match, стопка for the pile, заявления), the result as the rules write
it, pairs named by their captains, what each attacking card did, buttons that fit a phone."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, Catalogs
from bot.show.common import card_text
from bot.show.hand import render_hand
from bot.show.table import render_table
from tests.bot.test_berg_screens import INFO, _view

CATALOGS = Catalogs()


@pytest.mark.parametrize("lang", LANGS)
def test_pile_is_named_by_the_glossary(lang: str) -> None:  # BERG-INFO-2 (glossary: pile)
    # «Сверху в отбое» is the Durak word for cards out of play; Berg's pile stays in play
    tr = CATALOGS.translator(lang)
    pile = [{"card": "7C", "seat": 1}, {"card": "8C", "seat": 2}]
    facts = [{"key": "top_card", "value": "8C", "kind": "card", "seat": 2},
             {"key": "pile", "value": 2, "kind": "number"}]
    table = render_table(tr, INFO, _view(groups={"pile": pile}, facts=facts)).text
    assert "отбо" not in table and "відбо" not in table, table
    word = {"ru": "стопк", "uk": "стос", "en": "pile"}[lang]
    for line in table.splitlines():
        if card_text("8C", tr) in line or card_text("7C", tr) in line:
            assert word in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_captain_calls_out_of_turn_are_declarations(lang: str) -> None:  # BERG-DECL-1
    # «заявки ниже…»: заявка is a bid (Bazar-Belot, bridge); a captain makes заявления
    tr = CATALOGS.translator(lang)
    view = _view(seat=0, to_move=2, hand=["7C"], private=[])
    hand = render_hand(tr, INFO, view, ["declare:dobor"]).text
    line = next(x for x in hand.splitlines() if x.startswith("⏳"))
    word = {"ru": "заявлени", "uk": "заяв", "en": "declaration"}[lang]
    assert word in line, line
    if lang == "ru":
        assert "заявки" not in line, line
    if lang == "uk":
        assert "заявки" not in line, line


#: The match in Berg's words (glossary: партия is one deal in Berg, игра the match).
MATCH_WORD = {"ru": "Игр", "uk": "Гр", "en": "match"}


@pytest.mark.parametrize("lang", LANGS)
def test_match_over_says_game_not_deal(lang: str) -> None:  # BERG-END-1 (glossary: match)
    # «Партия окончена» after the 11th deal read as "the deal is over"
    tr = CATALOGS.translator(lang)
    view = _view(to_move=None, seat=0, hand=[], private=[])
    table = render_table(tr, INFO, view).text
    hand = render_hand(tr, INFO, view, []).text
    for text in (table, hand):
        last = text.splitlines()[-1]
        assert "Парті" not in last and "Парти" not in last, last
        assert MATCH_WORD[lang] in last, last


@pytest.mark.parametrize("lang", LANGS)
def test_rated_and_record_texts_say_game(lang: str) -> None:  # BERG-END-1 (glossary: match)
    # «⭐ Рейтинговая партия», «Партия без рейтинга», «💾 Файл партии» named the match a deal
    from bot.records.fair import BOT_MOVES, BOTS, TAKEBACKS
    from bot.show.common import game_text
    from bot.show.lobby import render_lobby

    tr = CATALOGS.translator(lang)
    screen = render_lobby(tr, table_id=1, game="berg", names=["Anna", None, "Vera", None],
                          options={}, choices={}, min_players=4, max_players=4, pairs=True)
    rated = next(x for x in screen.text.splitlines() if x.startswith("⭐"))
    texts = [rated, game_text(tr, "berg", "rec.button.export")]
    texts += [game_text(tr, "berg", f"rec.unrated.{why}") for why in (BOTS, TAKEBACKS, BOT_MOVES)]
    for text in texts:
        assert "арті" not in text.lower() and "арти" not in text.lower(), text
    if lang != "en":
        assert all(MATCH_WORD[lang].lower() in x.lower() for x in texts), texts
    other = game_text(tr, "deberts", "rec.button.export")  # other games keep their word
    assert other == tr("rec.button.export")


def _sheet(totals: list[float], winner: int | None) -> dict[str, object]:
    """A Berg score sheet (BERG-SCORE-7) with one row and ``totals``; captains Vera and Boris."""
    line = None if winner is None else \
        f"{totals[winner]:.1f} - {totals[1 - winner]:.1f}"
    return {"sides": [{"name": "0-2", "seats": [2, 0]}, {"name": "1-3", "seats": [1, 3]}],
            "rows": [{"deal": 1, "cells": [f"{t:.1f}" for t in totals], "points": totals,
                      "note": "1-3 win 0.5"}],
            "totals": totals, "pot": 0,
            "result": None if winner is None else {"winner": winner, "line": line,
                                                    "score": totals}}


@pytest.mark.parametrize("lang", LANGS)
def test_result_writes_both_totals_winner_first(lang: str) -> None:  # BERG-END-3
    # both totals winner first, parted by " : " as in every game: a hyphen before a minus
    # («5,5 - −4,5») read as arithmetic
    from bot.show.sheet import result_line

    tr = CATALOGS.translator(lang)
    d = "." if lang == "en" else ","
    line = result_line(tr, INFO, _sheet([0.0, 5.5], 1))
    assert f"5{d}5 : 0{d}0" in line and " - " not in line, line
    assert "Boris" in line and "Gleb" in line and line.index("Boris") < line.index("Gleb"), line
    berg = {"ru": "берг", "uk": "берг", "en": "berg"}[lang]
    assert berg in line, line
    below = result_line(tr, INFO, _sheet([-1.5, 5.5], 1))
    assert f"5{d}5 : −1{d}5" in below, below  # a total below zero keeps its minus sign


@pytest.mark.parametrize("lang", LANGS)
def test_sheet_columns_are_headed_by_the_captains(lang: str) -> None:  # BERG-SCORE-6, -7
    # «Раздача | Аня, 🤖 любитель №3 | Борис, 🤖 мастер №4»: the rules head each pair's
    # column by its captain (Vera captains pair 1+3 here, Boris pair 2+4)
    from bot.show.common import side_names
    from bot.show.sheet import render_sheet

    tr = CATALOGS.translator(lang)
    sheet = _sheet([0.0, 5.5], 1)
    text = render_sheet(tr, INFO, sheet)
    header = text.split("<pre>")[1].splitlines()[0]
    assert "Vera (1+3)" in header and "Boris (2+4)" in header, header
    assert "Anna" not in header and "Gleb" not in header, header
    assert side_names(tr, INFO, sheet) == ["Vera (1+3)", "Boris (2+4)"]  # the picture's header
    table = render_table(tr, INFO, _view(sides=sheet["sides"])).text
    score = table.splitlines()[1]
    assert "Vera (1+3)" in score and "Boris (2+4)" in score and "Anna" not in score, score


@pytest.mark.parametrize("lang", LANGS)
def test_table_names_each_pair_by_its_seats_and_captain(lang: str) -> None:  # BERG-INFO-1
    # «Капитан пары Аня, 🤖 любитель №3: Аня» read like a riddle; the lobby says pairs 1+3, 2+4
    from bot.show.common import render_facts

    tr = CATALOGS.translator(lang)
    facts = [{"key": "captain", "value": 2, "kind": "seat"},
             {"key": "captain", "value": 1, "kind": "seat"}]
    first, second = render_facts(tr, INFO, facts)
    captain = {"ru": "капитан", "uk": "капітан", "en": "captain"}[lang]
    assert "1+3" in first and f"Vera ({captain})" in first and "Anna" in first, first
    assert "2+4" in second and f"Boris ({captain})" in second and "Gleb" in second, second
    assert first.index("Vera") < first.index("Anna"), first


@pytest.mark.parametrize("lang", LANGS)
def test_fired_captain_is_said_in_words(lang: str) -> None:  # BERG-DECL-12, BERG-CAPT-2
    # «(увольнение до конца раздачи: без джокеров в рамках)»: say who is fired and what for
    from bot.show.common import render_facts

    tr = CATALOGS.translator(lang)
    facts = [{"key": "captain", "value": 0, "kind": "seat"},
             {"key": "captain", "value": 1, "kind": "seat"},
             {"key": "captain_fired", "value": 1, "kind": "seat"}]
    lines = render_facts(tr, INFO, facts)
    assert len(lines) == 2, lines
    fired = lines[1]
    words = {"ru": ("Boris", "не капитан до конца раздачи", "рамки", "джокер"),
             "uk": ("Boris", "не капітан до кінця роздачі", "рамки", "джокер"),
             "en": ("Boris", "no longer captain until the end of the deal", "frame", "joker")}[lang]
    assert all(w in fired for w in words), fired
    assert "(" not in fired, fired  # a sentence, not a bracketed note
    assert not any(w in lines[0] for w in ("no longer", "не капитан", "не капітан")), lines[0]


@pytest.mark.parametrize("lang", LANGS)
def test_long_declaration_buttons_get_a_row_each(lang: str) -> None:  # BERG-DECL-10
    # [Открыть карты: Борис (−0,5)] [Открыть карты: 🤖 мастер №4 (−0,5)] [… обоих (−1,0)] in
    # one row: a phone cut each to a few letters
    from bot.show.hand import hand_buttons

    tr = CATALOGS.translator(lang)
    view = _view(seat=0, hand=["7C", "8C"], private=[])
    codes = ["declare:dobor", "declare:open:1", "declare:open:3", "declare:open:both",
             "draw", "play:7C", "play:8C"]
    rows = hand_buttons(tr, INFO, view, codes)
    for row in rows:
        if len(row) > 1:
            assert sum(len(b.text) for b in row) <= 30, [b.text for b in row]
    opens = [row for row in rows if any(b.data.code.startswith("declare:open")  # type: ignore
                                        for b in row)]
    assert [len(row) for row in opens] == [1, 1, 1], opens


def _attacks() -> tuple[object, list[list[dict[str, object]]]]:
    """A first deal (dealer seat 3) whose up-card is 7♦ (BERG-EX-2), then seat 1 plays 7♣,
    seat 3 the black joker, seat 1 5♠: each move's events in ``to_dict`` form."""
    import engine
    from engine.berg.cards import CARDS42
    from tests.kit.engine import act, dicts

    hands = {0: ["TH", "TS", "TD", "TC", "9S"], 1: ["7C", "5S", "9H", "9D", "8H"],
             2: ["6H", "6D", "6S", "6C", "9C"], 3: ["BJ", "KH", "KS", "8S", "8D"]}
    deck = [hands[i % 4][i // 4] for i in range(20)] + ["7D"]
    deck += [c for c in CARDS42 if c not in deck]
    m = engine.get_game("berg").new_match(players=4, deck=deck)
    moves = [dicts(m.events)]  # type: ignore[attr-defined]
    for seat, code in ((1, "play:7C"), (3, "play:BJ"), (1, "play:5S")):
        moves.append(act(m, seat, code))
    return m, moves


@pytest.mark.parametrize("lang", LANGS)
def test_table_says_what_each_attacking_card_did(lang: str) -> None:
    # BERG-EFF-1, -2, -4, BERG-DEAL-5, BERG-INFO-3: after 7♣ the next player's hand grew by
    # two and the turn jumped past him, and no line said why
    from bot.show.events import move_lines

    _m, moves = _attacks()
    tr = CATALOGS.translator(lang)
    up, seven, joker, five = (move_lines(tr, INFO, events) for events in moves)
    skip = {"ru": "пропускает ход", "uk": "пропускає хід", "en": "misses a turn"}[lang]
    takes = {"ru": ("2 карты", "4 карты"), "uk": ("2 карти", "4 карти"),
             "en": ("2 cards", "4 cards")}[lang]
    assert len(up) == 1 and card_text("7D", tr) in up[0] and "Anna" in up[0] \
        and takes[0] in up[0] and skip in up[0], up
    # «вскрышка 5♠: …» began the event line in lowercase: every line starts with a capital
    assert up[0][0].isupper(), up
    assert len(seven) == 1 and seven[0].startswith(f"{card_text('7C', tr)} (Boris): Vera"), seven
    assert takes[0] in seven[0] and skip in seven[0], seven
    assert len(joker) == 1 and "Anna" in joker[0] and takes[1] in joker[0], joker
    assert len(five) == 1 and "Vera" in five[0] and skip in five[0], five
    assert not any(c.isdigit() for c in five[0].split(":", 1)[1]), five  # a 5 draws nothing
    m, _ = _attacks()
    table = render_table(tr, INFO, m.public_view(), moves[-1]).text  # type: ignore[attr-defined]
    assert five[0] in table, table
    assert move_lines(tr, INFO.__class__(1, 1, "deberts", "Club", INFO.names), moves[1]) == []
