"""The end of Married bridge's preliminary tricks is told (issue #18, a new player's pass):
the table says the auction is on and shows the 13th preliminary trick, the group is told, and
the dealer's hand says that he opens with a bid (render tests, three languages)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo, card_text, said_text
from bot.show.events import render_event
from bot.show.hand import render_hand
from bot.show.table import render_table

CATALOGS = Catalogs()
INFO = TableInfo(1, 1, "married_bridge", "Club", ("Anna", "Boris"))
AUCTION = {"ru": "Торговля", "uk": "Торгівля", "en": "Auction"}
PRELIM = {"ru": "Последняя предварительная взятка", "uk": "Остання попередня взятка",
          "en": "Last preliminary trick"}
OPENS = {"ru": "вы открываете", "uk": "ви відкриваєте", "en": "you open"}


def _auction() -> tuple[engine.Match, list[dict[str, Any]]]:
    """A match at the start of its auction; the events of the move that ended the
    preliminary tricks."""
    m = engine.get_game("married_bridge").new_match(players=2, seed=4)
    events: list[dict[str, Any]] = []
    while m.public_view()["phase"] != "bidding":
        seat = m.to_move
        assert seat is not None
        events = [e.to_dict() for e in m.apply(seat, sorted(m.legal_actions(seat))[0])]
    return m, events


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_says_the_auction_began_after_the_last_trick(lang: str
                                                               ) -> None:  # MB-PRE-10, MB-BID-1
    tr = CATALOGS.translator(lang)
    m, _ = _auction()
    view = m.public_view()
    text = render_table(tr, INFO, view).text
    assert AUCTION[lang].lower() in text.lower(), text
    last = view["groups"]["last_trick"]
    assert len(last) == 2  # the 13th preliminary trick
    line = next(x for x in text.splitlines() if x.startswith(PRELIM[lang]))
    assert all(card_text(c["card"], tr) in line for c in last), line


@pytest.mark.parametrize("lang", LANGS)
def test_the_auction_is_told_once_on_the_table(lang: str) -> None:  # MB-PRE-10, MB-BID-1
    # a separate group message said the same news as the table's line (issue #18): the table
    # alone says it, and names who opens
    tr = CATALOGS.translator(lang)
    m, events = _auction()
    assert [t for e in events if (t := render_event(tr, INFO, e))] == []
    opener = m.to_move
    assert opener is not None
    text = render_table(tr, INFO, m.public_view()).text
    line = tr("table.married_bridge.phase.bidding", name=INFO.names[opener])
    assert line in text.splitlines(), text


@pytest.mark.parametrize("lang", LANGS)
def test_the_dealers_hand_says_he_opens_with_a_level(lang: str) -> None:  # MB-BID-1, MB-BID-4
    tr = CATALOGS.translator(lang)
    m, _ = _auction()
    dealer = m.to_move
    assert dealer is not None
    text = render_hand(tr, INFO, m.view(dealer), m.legal_actions(dealer)).text
    assert OPENS[lang] in text and AUCTION[lang] in text, text
    other = render_hand(tr, INFO, m.view(1 - dealer), m.legal_actions(1 - dealer)).text
    assert OPENS[lang] not in other


@pytest.mark.parametrize("lang", LANGS)
def test_the_auction_is_named_on_one_line(lang: str) -> None:  # MB-BID-1
    # "🔨 Торговля: предварительные взятки сыграны" above "Торговля: Anna 1♣": two lines
    tr = CATALOGS.translator(lang)
    m, _ = _auction()
    seat = m.to_move
    assert seat is not None
    m.apply(seat, next(a for a in m.legal_actions(seat) if a.startswith("bid:")))
    lines = render_table(tr, INFO, m.public_view()).text.splitlines()
    phase = tr("table.married_bridge.phase.bidding")
    named = [x for x in lines if x == phase or x.startswith(tr("table.calls") + ":")]
    assert len(named) == 1, lines


TALON = {"ru": "талон", "uk": "талон", "en": "talon"}
STOCK = {"ru": "колод", "uk": "колод", "en": "stock"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_talon_is_called_the_talon(lang: str) -> None:  # MB-PRE-10 (glossary: talon)
    tr = CATALOGS.translator(lang)
    told = tr("rule.MB-PRE-10")  # why a draw is refused once the auction is on
    assert TALON[lang] in told and STOCK[lang] not in told, told


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_names_the_card_drawn_from_the_talon(lang: str) -> None:  # MB-PRE-4
    # the hand gained a card after each preliminary trick, and nothing said which one
    tr = CATALOGS.translator(lang)
    m = engine.get_game("married_bridge").new_match(players=2, seed=4)
    before = {s: set(m.view(s)["hand"]) for s in (0, 1)}
    while not any(e.type == "talon_draw" for e in m.apply(m.to_move, sorted(m.legal_actions(
            m.to_move))[0])):  # type: ignore[arg-type]
        before = {s: set(m.view(s)["hand"]) | before[s] for s in (0, 1)}
    for seat in (0, 1):
        view = m.view(seat)
        new = set(view["hand"]) - before[seat]
        drawn = [f["value"] for f in view["private"] if f["key"] == "mb_drawn"]
        if new:
            assert drawn == list(new), (drawn, new)
            text = render_hand(tr, INFO, view, m.legal_actions(seat)).text
            assert f"{tr('fact.mb_drawn')}: {card_text(drawn[0], tr)}" in text, text
        assert all(f["key"] != "mb_drawn" for f in m.public_view()["facts"])


ANSWER = {"ru": "перебейте заявку, скажите контру или пас",
          "uk": "перебийте заявку, скажіть контру", "en": "overcall, double or pass"}
DOUBLED = {"ru": "сказана контра — пас, реконтра или заявка выше",
           "uk": "сказано контру — пас, реконтра або вища заявка",
           "en": "doubled — pass, redouble or a higher bid"}


def _hand(lang: str, m: engine.Match, seat: int) -> str:
    return render_hand(CATALOGS.translator(lang), INFO, m.view(seat), m.legal_actions(seat)).text


@pytest.mark.parametrize("lang", LANGS)
def test_only_the_dealers_first_call_is_told_it_may_not_pass(lang: str
                                                            ) -> None:  # MB-BID-4, MB-BID-5
    m, _ = _auction()
    dealer = m.to_move
    assert dealer is not None
    m.apply(dealer, "bid:1:C")
    other = 1 - dealer
    assert "pass" in m.legal_actions(other)
    text = _hand(lang, m, other)
    assert OPENS[lang] not in text and ANSWER[lang] in text, text
    m.apply(other, "bid:1:D")
    text = _hand(lang, m, dealer)  # the dealer's second call: a pass is allowed now
    assert OPENS[lang] not in text and ANSWER[lang] in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_a_doubled_bidder_is_told_he_may_pass_recontra_or_escape(lang: str
                                                                ) -> None:  # MB-BID-6
    m, _ = _auction()
    dealer = m.to_move
    assert dealer is not None
    m.apply(dealer, "bid:1:C")
    m.apply(1 - dealer, "contra")
    text = _hand(lang, m, dealer)
    assert DOUBLED[lang] in text and ANSWER[lang] not in text and OPENS[lang] not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_a_waiting_hand_keeps_the_auction_in_sight(lang: str) -> None:  # MB-BID-1
    tr = CATALOGS.translator(lang)
    m, _ = _auction()
    dealer = m.to_move
    assert dealer is not None
    m.apply(dealer, "bid:7:H")
    text = _hand(lang, m, dealer)  # he waits for the other's answer
    said = f"{INFO.names[dealer]} {said_text(tr, 'bid:7:H', m.view(dealer))}"
    assert f"{tr('table.calls')}: {said}" in text, text


TALON = {"ru": "талон", "uk": "талон", "en": "talon"}
PRELIMINARY = {"ru": "Предварительн", "uk": "Попередн", "en": "Preliminary"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_auction_line_and_the_record_use_the_rules_terms(lang: str
                                                             ) -> None:  # MB-PRE-10, MB-PRE-7
    # "колода кончилась" where every other screen says талон; the deal record's "Взятки до
    # торговли" where the table says "Предварительная взятка"
    tr = CATALOGS.translator(lang)
    m, _ = _auction()
    told = render_table(tr, INFO, m.public_view()).text
    assert "колод" not in told and "stock" not in told, told
    assert tr("rec.tricks.married_bridge.draw").startswith(PRELIMINARY[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_the_closing_pass_stays_in_sight_until_the_first_card(lang: str
                                                              ) -> None:  # MB-INFO-4, MB-BID-10
    # the table went from "Auction: Boris 5♥" to "Boris: contract 5♥": Anna's pass, which
    # ended the auction, was shown nowhere; the whole auction reads until the first card
    tr = CATALOGS.translator(lang)
    m, _ = _auction()
    m.apply(1, "bid:5:H")
    m.apply(0, "pass")
    view = m.public_view()
    assert view["phase"] == "main_play"
    text = render_table(tr, INFO, view).text
    auction = f"{tr('table.calls')}: Boris {said_text(tr, 'bid:5:H', view)}, Anna "
    line = next((x for x in text.splitlines() if x.startswith(auction)), "")
    assert line == auction + said_text(tr, "pass", view), text
    m.apply(1, sorted(m.legal_actions(1))[0])
    text = render_table(tr, INFO, m.public_view()).text
    assert auction not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_the_deal_record_shows_the_closing_pass(lang: str) -> None:  # MB-INFO-4, MB-BID-10
    from bot.records.core import DealRecord
    from bot.records.text import render_deal_record

    tr = CATALOGS.translator(lang)
    m, _ = _auction()
    events = [e.to_dict() for e in m.apply(1, "bid:5:H") + m.apply(0, "pass")]
    text = render_deal_record(tr, INFO, DealRecord(1, [[], []], events))
    view = m.public_view()
    bidding = (f"{tr('rec.bidding')}: Boris {said_text(tr, 'bid:5:H', view)}, "
               f"Anna {said_text(tr, 'pass', view)}")
    assert bidding in text.splitlines(), text
