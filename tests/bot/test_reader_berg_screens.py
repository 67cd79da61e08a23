"""What a club reader found reading whole Berg matches through the bot (issue #20), as render
tests in ru, uk and en: the paid "open cards" buttons name the player, the last table message
shows the card that went out as the top, the pile under the top reads top-down, the fired
captain is the opponents', the game's name is written as a Russian club writes it."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import LANGS, Catalogs
from bot.show.common import card_text, render_facts
from bot.show.hand import hand_buttons
from bot.show.lobby import render_lobby
from bot.show.table import render_table
from tests.bot.test_berg_screens import INFO, _view
from tests.bot.test_rare_deals_screens import _berg_going_out
from tests.kit.rare_deals import info_of

CATALOGS = Catalogs()


def _labels(rows: Any) -> list[str]:
    return [b.text for row in rows for b in row]


@pytest.mark.parametrize("lang", LANGS)
def test_open_cards_buttons_name_the_player(lang: str) -> None:  # BERG-DECL-10
    # "Открыть карты игрока 2 (−0,5)" named a seat; the sheet row names the player
    tr = CATALOGS.translator(lang)
    view = _view(seat=0, hand=["7C"], private=[])
    codes = ["declare:open:1", "declare:open:3", "declare:open:both"]
    labels = _labels(hand_buttons(tr, INFO, view, codes))
    d = "." if lang == "en" else ","
    assert any("Boris" in x and f"0{d}5" in x for x in labels), labels
    assert any("Gleb" in x for x in labels), labels
    player = {"ru": "игрок", "uk": "гравц", "en": "player"}[lang]
    assert not any(player in x.lower() for x in labels), labels


@pytest.mark.parametrize("lang", LANGS)
def test_last_table_shows_the_card_that_went_out_on_top(lang: str) -> None:  # BERG-INFO-2
    # the match ends as Anna goes out with the red joker: no top-card fact is left, and the
    # joker used to close the "below" line
    m, _events, _record = _berg_going_out()
    tr = CATALOGS.translator(lang)
    table = render_table(tr, info_of("berg", m), m.public_view()).text
    joker = card_text("RJ", tr)
    top = next((x for x in table.splitlines() if x.startswith(tr("fact.berg.top_card"))), "")
    assert joker in top and "Anna" in top, table
    below = next(x for x in table.splitlines() if x.startswith(tr("group.pile")))
    assert joker not in below, table


@pytest.mark.parametrize("lang", LANGS)
def test_pile_below_the_top_reads_top_down(lang: str) -> None:  # BERG-INFO-2, BERG-SCORE-2
    # the card just under the top first: the order a run is counted in
    tr = CATALOGS.translator(lang)
    pile = [{"card": "6D", "seat": 1}, {"card": "6C", "seat": 3}, {"card": "JC", "seat": 1}]
    facts = [{"key": "top_card", "value": "JC", "kind": "card", "seat": 1}]
    table = render_table(tr, INFO, _view(groups={"pile": pile}, facts=facts)).text
    below = next(x for x in table.splitlines() if x.startswith(tr("group.pile")))
    assert below.index(card_text("6C", tr)) < below.index(card_text("6D", tr)), below
    top_down = {"ru": "сверху вниз", "uk": "згори вниз", "en": "top down"}[lang]
    assert top_down in below, below


@pytest.mark.parametrize("lang", LANGS)
def test_pile_names_the_owner_of_every_card(lang: str) -> None:  # BERG-INFO-2
    # "мастер Д♠ В♥" read as one move or a frame: two cards of one owner lying one on the other
    # were named once; in the pile each card is its own entry
    tr = CATALOGS.translator(lang)
    pile = [{"card": "6D", "seat": 1}, {"card": "JH", "seat": 2}, {"card": "QS", "seat": 2},
            {"card": "9C", "seat": 3}]
    facts = [{"key": "top_card", "value": "9C", "kind": "card", "seat": 3}]
    table = render_table(tr, INFO, _view(groups={"pile": pile}, facts=facts)).text
    below = next(x for x in table.splitlines() if x.startswith(tr("group.pile")))
    name = INFO.names[2]
    assert f"{name} {card_text('QS', tr)}, {name} {card_text('JH', tr)}" in below, below


@pytest.mark.parametrize("lang", LANGS)
def test_fired_captain_note_says_the_opponents(lang: str) -> None:  # BERG-DECL-12
    # "Anna, Vera: уволили капитана −0,5" read as "our captain was fired"
    tr = CATALOGS.translator(lang)
    theirs = {"ru": "соперник", "uk": "суперник", "en": "opposing"}[lang]
    assert theirs in tr("berg.decl.fire"), tr("berg.decl.fire")


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_game_name_has_no_latin_x(lang: str) -> None:
    # "Берг 2x2" mixed a Latin x into Cyrillic; a Russian club writes 2×2
    tr = CATALOGS.translator(lang)
    for key in ("game.berg", "rules.berg"):
        assert "2x2" not in tr(key) and "2×2" in tr(key), tr(key)
    assert "2×2" in render_table(tr, INFO, _view()).text



@pytest.mark.parametrize("lang", LANGS)
def test_table_names_each_pair_by_its_players(lang: str) -> None:  # BERG-SETUP-1
    # "Капитан пары 1+3: Anna" named the pair by seat numbers alone; now the pair's line
    # names its seats (as the lobby does) and both its players, the captain first
    tr = CATALOGS.translator(lang)
    facts = [{"key": "captain", "value": 2, "kind": "seat"},
             {"key": "captain", "value": 1, "kind": "seat"}]
    lines = render_facts(tr, INFO, facts)
    assert lines == [tr("fact.berg.captain.pair", pair="1+3", captain="Vera", partner="Anna"),
                     tr("fact.berg.captain.pair", pair="2+4", captain="Boris", partner="Gleb")]
    assert all("Anna" in x or "Gleb" in x for x in lines), lines


@pytest.mark.parametrize("lang", LANGS)
def test_lobby_captain_option_names_the_seated_player(lang: str) -> None:  # BERG-SETUP-1
    # "Капитан пары 1+3: игрок 1" while Anna sits in seat 1
    tr = CATALOGS.translator(lang)
    screen = render_lobby(tr, table_id=1, game="berg", names=["Anna", None, "Vera", None],
                          options={"captain_02": 0, "captain_13": 1},
                          choices={"captain_02": [0, 2], "captain_13": [1, 3]},
                          min_players=4, max_players=4, pairs=True)
    line = next(x for x in screen.text.splitlines() if x.startswith(tr("opt.captain_02")))
    assert "Anna" in line, line
    free = next(x for x in screen.text.splitlines()  # the value, before what a captain does
                if x.startswith(tr("opt.captain_13"))).split(" — ")[0]
    assert free.endswith(tr("optval.captain_13.1")), free  # nobody in seat 2 yet
