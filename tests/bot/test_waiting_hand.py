"""The hand message of a seat that waits (issue #11: a move edits only the hands whose content
changes): it leaves out what every move changes but whose move it is (issue #18: a waiting
player wants to know whom he waits for; at two players it is always the other one, so no
edit more), says the seat waits, and never claims the match is over."""

from __future__ import annotations

import random

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo, counted, said_text
from bot.show.hand import render_hand

INFO = TableInfo(table_id=3, version=1, game="deberts", chat_title="Club",
                 names=("Anna", "Boris", "Clara"))


def test_a_waiting_hand_names_whom_it_waits_for() -> None:
    tr = Catalogs().translator("en")
    m = engine.get_game("deberts").new_match(players=3, seed=11)
    rng = random.Random(2)
    waiting_texts = 0
    for _ in range(400):
        if m.is_over:
            break
        mover = m.to_move
        assert mover is not None
        for seat in range(3):
            codes = m.legal_actions(seat)
            text = render_hand(tr, INFO, m.view(seat), codes).text
            assert "The match is over." not in text
            if seat != mover and not codes:
                waiting_texts += 1
                line = f"⏳ Waiting for your turn: {INFO.names[mover]} to move."
                assert line in text
                assert text.lower().count("to move") == 1  # that line alone names the mover
        m.apply(mover, rng.choice(m.legal_actions(mover)))
    assert waiting_texts > 100
    over = render_hand(tr, INFO, m.view(0), []).text if m.is_over else ""
    assert not m.is_over or "The match is over." in over


def test_the_waiting_line_in_three_languages() -> None:
    m = engine.get_game("deberts").new_match(players=3, seed=11)
    mover = m.to_move
    assert mover is not None
    seat = next(s for s in range(3) if s != mover and not m.legal_actions(s))
    name = INFO.names[mover]
    for lang, line in (("ru", f"⏳ Ждите своего хода: ходит {name}."),
                       ("uk", f"⏳ Чекайте свого ходу: ходить {name}."),
                       ("en", f"⏳ Waiting for your turn: {name} to move.")):
        text = render_hand(Catalogs().translator(lang), INFO, m.view(seat), []).text
        assert line in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_calls_out_of_turn_are_said_to_be_out_of_turn(lang: str) -> None:  # BB-BID-5, BB-BID-13
    # a Bazar-Belot hand of a player not to move showed "Ход: Борис" and five "kapo on one
    # hand" buttons, with nothing saying they may be pressed now, out of turn
    tr = Catalogs().translator(lang)
    match = engine.get_game("bazar_belot").new_match(players=4, seed=3)
    view = match.public_view()
    seat = next(s for s in range(4) if s != view["to_move"] and match.legal_actions(s))
    info = TableInfo(1, 1, "bazar_belot", "Club", ["Anna", "Boris", "Vera", "Gleb"])
    text = render_hand(tr, info, match.view(seat), match.legal_actions(seat)).text
    mover = info.names[view["to_move"]]
    assert tr("hand.off_turn", name=mover) in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_outranked_melds_are_said_not_to_count(lang: str) -> None:  # DB-MELD-8
    # "Ваши объявленные конструкции: 20" under "Борис: старшие конструкции: 20": she believed
    # she would write 20 until the deal's result gave her none
    tr = Catalogs().translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", ["Anna", "Boris"])
    for seed in range(200):
        match = engine.get_game("deberts").new_match(players=2, seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            view = match.public_view()
            won = next((f for f in view["facts"] if f["key"] == "melds_won"), None)
            if won is not None:
                loser = 1 - won["seat"]
                private = match.view(loser).get("private", [])
                # the engine tells the seat his melds lost (DB-MELD-8), not the screen
                lost = next((f for f in private if f["key"] == "my_melds_lost"), None)
                if lost is not None or any(f["key"] == "my_melds" for f in private):
                    assert lost is not None and lost["value"] == won["seat"], private
                    assert not any(f["key"] == "my_melds" for f in private), private
                    text = render_hand(tr, info, match.view(loser),
                                       match.legal_actions(loser)).text
                    said = {"name": info.names[won["seat"]]}
                    assert counted(tr, "hand.melds_outranked", lost["count"],
                                   tr("hand.melds_outranked", **said), **said) in text
                    assert f"{tr('fact.my_melds')}:" not in text, text
                    return
            if match.is_over or view["to_move"] is None:
                break
            seat = view["to_move"]
            match.apply(seat, rng.choice(match.legal_actions(seat)))
    raise AssertionError("no deal where both declared melds and one outranked the other")


@pytest.mark.parametrize("lang", LANGS)
def test_the_last_word_says_what_a_pass_does(lang: str) -> None:  # BB-BID-18
    # after "12♠" and three passes the bidder saw the whole bid list again and nothing else:
    # he took it for a call to outbid himself, or "pass" for giving his contract up
    tr = Catalogs().translator(lang)
    info = TableInfo(1, 1, "bazar_belot", "Club", ["Anna", "Boris", "Vera", "Gleb"])
    match = engine.get_game("bazar_belot").new_match(players=4, seed=1)
    bidder = match.public_view()["to_move"]
    match.apply(bidder, next(a for a in match.legal_actions(bidder) if a.startswith("bid:")))
    for _ in range(3):
        mover = match.public_view()["to_move"]
        text = render_hand(tr, info, match.view(mover), match.legal_actions(mover)).text
        assert "🔨" not in text or mover == bidder, text  # the others have no last word
        match.apply(mover, "pass")
    assert match.public_view()["to_move"] == bidder
    text = render_hand(tr, info, match.view(bidder), match.legal_actions(bidder)).text
    view = match.view(bidder)
    said = said_text(tr, view["calls"][-4]["call"], view)
    told = (tr("hand.bazar_belot.last_word", bid=said) + " "
            + tr("hand.bazar_belot.last_word.pass", bid=said))
    assert told in text, text
    assert view.get("last_word") is True  # the engine's fact (BB-BID-18), not re-derived
    hidden = render_hand(tr, info, {**view, "last_word": False},
                         match.legal_actions(bidder)).text
    assert told not in hidden, hidden


@pytest.mark.parametrize("lang", LANGS)
def test_a_bidder_waiting_keeps_the_auction_in_sight(lang: str) -> None:  # BB-BID-5
    # after her 20♣ Anna's hand showed only "Старшая заявка: 108 / Чья заявка: Борис": the
    # auction, kept on the group's table, was gone from her own screen until her next turn
    tr = Catalogs().translator(lang)
    info = TableInfo(1, 1, "bazar_belot", "Club", ["Anna", "Boris", "Vera", "Gleb"])
    match = engine.get_game("bazar_belot").new_match(players=4, seed=1)
    bidder = match.public_view()["to_move"]
    bid = next(a for a in match.legal_actions(bidder) if a.startswith("bid:"))
    match.apply(bidder, bid)
    view = match.view(bidder)
    text = render_hand(tr, info, view, match.legal_actions(bidder)).text
    said = f"{info.names[bidder]} {said_text(tr, bid, view)}"
    assert f"{tr('table.calls')}: {said}" in text, text
