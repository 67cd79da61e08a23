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
