"""What a takeback request reads on the hand of the player asked (render test, three
languages): the answer buttons are his own words, agreeing or not (issue #18: in Russian they
read "Take the move back" / "Do not take it back", the asker's words)."""

from __future__ import annotations

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.model import Screen
from bot.show.common import TableInfo
from bot.show.takeback import with_takeback
from bot.tables.load import TAKEBACK, Loaded
from storage.models import Chat, GameTable, Seat

ANSWERS = {"ru": ["✅ Согласен", "✖ Не согласен"], "uk": ["✅ Згоден", "✖ Не згоден"],
           "en": ["✅ Accept", "✖ Decline"]}


@pytest.mark.parametrize("lang", LANGS)
def test_the_player_asked_answers_agree_or_not(lang: str) -> None:
    tr = Catalogs().translator(lang)
    match = engine.get_game("deberts").new_match(players=2, seed=1)
    request = {"seat": 0, "seq": 1, "code": "pass", "asked": [1], "yes": []}
    table = GameTable(id=5, chat_id=1, game="deberts", creator_id=1,
                      options={"takebacks": "on", TAKEBACK: request})
    seats = [Seat(table_id=5, seat=s, user_id=s + 1) for s in (0, 1)]
    loaded = Loaded(table, Chat(id=1, platform="tg", ext_id="-1", title="Club"), seats, {},
                    None, match)
    info = TableInfo(5, 3, "deberts", "Club", ("Anna", "Boris"))
    screen = with_takeback(tr, info, loaded, 1, match.view(1), Screen("hand"))
    assert [b.text for b in screen.buttons[0]] == ANSWERS[lang]
