"""Deberts club words a new player meets before /rules (issue #20, render tests in ru, uk and
en): the lobby says in a few words what bait, dave and the offer of 50 are, and the hand says
who the declarer («загрузившийся») is where it names him."""

from __future__ import annotations

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.common import TableInfo
from bot.show.hand import render_hand
from bot.show.lobby import render_lobby
from bot.tables.lobby import lobby_choices

#: What each lobby line must say, in words a newcomer reads (DB-SHORT-2, DB-SHORT-4,
#: DB-DAVE-1, DB-OFFER-1).
EXPLAINED = {
    "ru": {("format", "short_no_bait"): "больше очков", ("format", "short_bait"): "две ставки",
           ("format", "short_dave"): "поднять ставку", ("offer_fifty", "on"): "50 очков без игры"},
    "uk": {("format", "short_no_bait"): "більше очок", ("format", "short_bait"): "дві ставки",
           ("format", "short_dave"): "підняти ставку", ("offer_fifty", "on"): "50 очок без гри"},
    "en": {("format", "short_no_bait"): "scores more", ("format", "short_bait"): "two stakes",
           ("format", "short_dave"): "raise the stake",
           ("offer_fifty", "on"): "50 points without play"},
}
DECLARER = {"ru": "Загрузившийся (назначил козырь): Anna", "uk": "Граючий (призначив козир): Anna",
            "en": "Declarer (chose trumps): Anna"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_explains_bait_dave_and_the_offer_of_fifty(lang: str) -> None:
    tr = Catalogs().translator(lang)
    for (key, value), words in EXPLAINED[lang].items():
        options = {"format": "match", "offer_fifty": "off", key: value}
        text = render_lobby(tr, table_id=1, game="deberts", names=["Anna", None],
                            options=options, choices=lobby_choices("deberts", options),
                            min_players=2, max_players=3).text
        line = next(x for x in text.splitlines() if x.startswith(tr(f"opt.{key}") + ":"))
        assert words in line, line
    plain = render_lobby(tr, table_id=1, game="deberts", names=["Anna", None],
                         options={"format": "match", "offer_fifty": "off"},
                         choices=lobby_choices("deberts"), min_players=2, max_players=3).text
    assert not any(w in plain for w in EXPLAINED[lang].values()), plain


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_says_who_the_declarer_is(lang: str) -> None:  # DB-BID-5
    tr = Catalogs().translator(lang)
    match = engine.get_game("deberts").new_match(players=2, seed=1)
    match.apply(0, "take")
    info = TableInfo(1, 1, "deberts", "Club", ("Anna", "Boris"))
    text = render_hand(tr, info, match.view(1), match.legal_actions(1)).text
    assert DECLARER[lang] in text, text
