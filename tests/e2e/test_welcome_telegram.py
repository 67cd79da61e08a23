"""The private greeting (/start with nothing waiting) lists every game with its /new command,
through the real aiogram stack and the fake Bot API (issue #20)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from bot.i18n import LANGS, Catalogs
from bot.show.lobby import welcome_text
from tests.e2e.fake import FakeTelegram

CATALOGS = Catalogs()


@pytest.mark.parametrize("lang", LANGS)
def test_welcome_lists_the_four_games(lang: str) -> None:
    tr = CATALOGS.translator(lang)
    text = welcome_text(tr)
    for game in engine.list_games():
        line = next(x for x in text.splitlines() if f"/new {game.id}" in x)
        assert tr(f"game.{game.id}") in line, line
    assert text.count("/new ") == len(engine.list_games()) == 4


async def test_a_russian_player_is_greeted_with_the_games(fake: FakeTelegram,
                                                          kozyr: Any) -> None:
    vera = fake.user(301, "Вера", language_code="ru")
    async with kozyr():
        await fake.start_bot(vera)
        welcome = await fake.wait_for_message(vera)
    text = welcome.visible_text
    for game in ("deberts", "bazar_belot", "berg", "married_bridge"):
        assert f"/new {game}" in text, text
    assert "Базар-белот" in text and "Берг" in text and "Деберц" in text, text


async def test_a_player_without_an_app_language_is_greeted_in_the_bots_own(
        fake: FakeTelegram, kozyr: Any) -> None:
    # a user whose app sends no language_code: the default language (ru), as in groups,
    # never English; /lang in his private chat then chooses another
    gleb = fake.user(302, "Глеб", language_code=None)
    async with kozyr(default_lang="ru"):
        await fake.start_bot(gleb)
        welcome = await fake.wait_for_message(gleb)
        assert "Базар-белот" in welcome.visible_text, welcome.visible_text
        sent = await fake.send_text(fake.private(gleb), gleb, "/lang uk")
        await fake.wait_for_message(gleb, after=sent)
        again = await fake.send_text(fake.private(gleb), gleb, "/start")
        reply = await fake.wait_for_message(gleb, text_contains="/new deberts", after=again)
    assert "Базар-белот" in reply.visible_text and "Деберц" in reply.visible_text
    assert CATALOGS.translator("uk")("game.berg") in reply.visible_text
