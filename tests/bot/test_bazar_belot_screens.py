"""What a Bazar-Belot table reads (render tests, three languages): bela buttons that say what a
plain card gives up, the auction's words during the auction, who doubled, the last word's
raise. Each test names the rule ids it checks."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.i18n import LANGS, Catalogs
from bot.model import ActData
from bot.show.common import TableInfo, card_text
from bot.show.hand import hand_buttons, render_hand
from bot.show.table import render_table

CATALOGS = Catalogs()
NAMES = ("Anna", "Boris", "Vera", "Gleb")
INFO = TableInfo(1, 1, "bazar_belot", "Club", NAMES, sides=((0, 2), (1, 3)))


def _view(phase: str, facts: list[dict[str, Any]], calls: list[dict[str, Any]],
          trick: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"game": "bazar_belot", "phase": phase, "deal": 1, "sheet_deal": 1, "to_move": 0,
            "dealer": 3, "seat": None, "hand_counts": [8, 8, 8, 8],
            "groups": {"trick": trick or [], "last_trick": []}, "facts": facts,
            "deal_points": [0, 0], "totals": [0, 0], "pot": 0,
            "sides": [{"name": "0-2", "seats": [0, 2]}, {"name": "1-3", "seats": [1, 3]}],
            "calls": calls}


def _contract(phase: str, *, doubled: bool = False) -> list[dict[str, Any]]:
    facts: list[dict[str, Any]] = [
        {"key": "bid_level", "value": 10, "kind": "number"},
        {"key": "bid_strain", "value": "H", "kind": "suit"}]
    if doubled:
        facts.append({"key": "doubling", "value": "contra", "kind": "text"})
    facts.append({"key": "high_bidder" if phase == "bidding" else "declarer", "value": 0,
                  "kind": "seat"})
    return facts


@pytest.mark.parametrize("lang", LANGS)
def test_a_plain_bela_card_says_what_it_gives_up(lang: str) -> None:  # BB-MELD-10, BB-PLAY-11
    tr = CATALOGS.translator(lang)
    view = {"hand": ["QH", "7S"], "groups": {}, "facts": [], "private": [],
            "game": "bazar_belot"}
    for word in ("bela", "rebela"):
        codes = ["play:QH", f"play:QH:{word}", "play:7S"]
        labels = {b.data.code: b.text for row in hand_buttons(tr, INFO, view, codes)
                  for b in row if isinstance(b.data, ActData)}
        assert labels[f"play:QH:{word}"] == f"{card_text('QH', tr)} {tr('call.' + word)}"
        assert labels["play:QH"] == f"{card_text('QH', tr)} {tr('call.without.' + word)}"
        assert labels["play:7S"] == card_text("7S", tr)  # no bela: the card alone


@pytest.mark.parametrize("lang", LANGS)
def test_the_auction_shows_a_bid_not_a_contract(lang: str) -> None:  # BB-BID-2, BB-BID-21
    tr = CATALOGS.translator(lang)
    calls = [{"seat": 0, "call": "bid:10:H"}]
    during = render_table(tr, INFO, _view("bidding", _contract("bidding"), calls)).text
    contract = tr("fact.bid_level")
    assert f"{contract}:" not in during
    assert tr("fact.bazar_belot.high_bid.line", bid="10♥", name="Anna") in during
    after = render_table(tr, INFO, _view("play", _contract("play"), calls)).text
    assert f"{contract}: 10" in after


@pytest.mark.parametrize("lang", LANGS)
def test_the_auction_stays_in_sight_until_the_first_card(lang: str) -> None:  # BB-BID-18
    tr = CATALOGS.translator(lang)
    # a raise on the last word ends the bidding: the table still shows how it went
    calls = [{"seat": 0, "call": "bid:9:H"}, {"seat": 1, "call": "pass"},
             {"seat": 2, "call": "pass"}, {"seat": 3, "call": "pass"},
             {"seat": 0, "call": "bid:10:H"}]
    text = render_table(tr, INFO, _view("play", _contract("play"), calls)).text
    line = next(x for x in text.splitlines() if x.startswith(tr("table.calls")))
    assert line.endswith("Anna 10♥")
    played = render_table(tr, INFO, _view("play", _contract("play"), calls,
                                          trick=[{"card": "JH", "seat": 0}])).text
    assert tr("table.calls") not in played


@pytest.mark.parametrize("lang", LANGS)
def test_the_contra_names_its_author(lang: str) -> None:  # BB-BID-13, BB-PLAY-12
    tr = CATALOGS.translator(lang)
    calls = [{"seat": 0, "call": "bid:10:H"}, {"seat": 3, "call": "contra"}]
    view = _view("play", _contract("play", doubled=True), calls,
                 trick=[{"card": "JH", "seat": 0}])
    line = next(x for x in render_table(tr, INFO, view).text.splitlines()
                if x.startswith(tr("fact.doubling")))
    assert "Gleb" in line


@pytest.mark.parametrize("lang", LANGS)
def test_shown_melds_name_each_player_once(lang: str) -> None:  # BB-MELD-7, BB-PLAY-12
    from bot.show.common import group

    tr = CATALOGS.translator(lang)
    cards = [{"card": c, "seat": 0} for c in ("AD", "KD", "QD")] + \
        [{"card": c, "seat": 3} for c in ("KS", "QS", "JS", "TS")]
    line = group(tr, INFO, "shown_melds", cards)
    shown = " ".join(card_text(c, tr) for c in ("AD", "KD", "QD"))
    assert f"Anna {shown}, Gleb " in line and line.count("Anna") == 1


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["bazar_belot", "deberts"])
def test_bela_comes_before_without_bela(lang: str, game: str) -> None:  # BB-MELD-10, DB-MELD
    tr = CATALOGS.translator(lang)
    view = {"hand": ["KC", "QC", "7S"], "groups": {}, "facts": [], "private": [], "game": game}
    codes = ["play:7S", "play:KC", "play:KC:bela", "play:QC", "play:QC:bela"]
    info = TableInfo(1, 1, game, "Club", NAMES)
    order = [b.data.code for row in hand_buttons(tr, info, view, codes)
             for b in row if isinstance(b.data, ActData)]
    assert order == ["play:KC:bela", "play:KC", "play:QC:bela", "play:QC", "play:7S"], order


@pytest.mark.parametrize("lang", LANGS)
def test_fact_labels_do_not_dangle(lang: str) -> None:  # BB-MELD-7
    # "Старшая конструкция у: Вера" left a preposition hanging before the colon
    tr = CATALOGS.translator(lang)
    for key in ("fact.meld_winner", "fact.high_bidder"):
        assert not tr(key).endswith((" у", " by")), tr(key)


@pytest.mark.parametrize(("lang", "line", "mine"), [
    ("ru", "Старшая заявка: 10♥ (Anna)", "Старшая заявка — ваша: 10♥"),
    ("uk", "Найстарша заявка: 10♥ (Anna)", "Найстарша заявка — ваша: 10♥"),
    ("en", "Highest bid: 10♥ (Anna)", "Highest bid: yours, 10♥")])
def test_the_auction_names_its_highest_bid_in_one_line(lang: str, line: str,
                                                       mine: str) -> None:  # BB-BID-2
    # the strain of a bid is not a trump yet: no "Trump" line before the contract; the bid and
    # who made it are one line, "Highest bid: yours" in the terminal, never "Bid by: You"
    tr = CATALOGS.translator(lang)
    calls = [{"seat": 0, "call": "bid:10:H"}]
    for text in (render_table(tr, INFO, _view("bidding", _contract("bidding"), calls)).text,
                 render_hand(tr, INFO, {**_view("bidding", _contract("bidding"), calls),
                                        "hand": ["7S"], "private": []}, []).text):
        assert line in text.splitlines(), text
        assert f"{tr('fact.bid_strain')}:" not in text and f"{tr('fact.trump')}:" not in text
    me = dataclasses.replace(INFO, me=0)
    text = render_table(tr, me, _view("bidding", _contract("bidding"), calls)).text
    assert mine in text.splitlines(), text
    after = render_table(tr, INFO, _view("play", _contract("play"), calls)).text
    strain = tr("fact.bazar_belot.contract.trump", suit="♥")  # one line with the level
    assert tr("fact.bazar_belot.contract.line", bid="10♥", strain=strain) in after


@pytest.mark.parametrize(("lang", "proposed", "refused"), [
    ("ru", "Вскрышка: {card} — предложенный козырь {suit}",
     "Вскрышка: {card} (от козыря {suit} отказались)"),
    ("uk", "Відкрита карта: {card} — запропонований козир {suit}",
     "Відкрита карта: {card} (від козиря {suit} відмовилися)"),
    ("en", "Up-card: {card} — proposed trump {suit}",
     "Up-card: {card} ({suit} turned down as trump)")])
def test_the_deberts_up_card_is_a_proposed_trump_in_round_one(lang: str, proposed: str,
                                                              refused: str) -> None:
    # DB-BID-1, DB-BID-3: round one plays or passes the up-card's suit; round two names another
    import engine

    tr = CATALOGS.translator(lang)
    info = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris"))
    match = engine.get_game("deberts").new_match(players=2, seed=5)
    up = match.public_view()["groups"]["up_card"][0]["card"]
    said = {"card": card_text(up, tr), "suit": "♠♥♦♣"["SHDC".index(up[1])]}
    for text in (render_table(tr, info, match.public_view()).text,
                 render_hand(tr, info, match.view(0), match.legal_actions(0)).text):
        assert proposed.format(**said) in text.splitlines(), text
    while next(f["value"] for f in match.public_view()["facts"]
               if f["key"] == "bidding_round") == 1:
        mover = match.to_move
        assert mover is not None
        match.apply(mover, "pass")
    assert refused.format(**said) in render_table(tr, info, match.public_view()).text.splitlines()
