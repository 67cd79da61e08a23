"""A Russian club types every command with garbage after it mid-match (500 characters, an
emoji, a negative number, markup, a zero-width space): each answer is Russian (no English word,
no developer text), Telegram refuses none of the bot's calls, and the table plays on."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from tests.e2e.fake import FakeTelegram
from tests.e2e.hostile8._russian import latin_words, mover, open_russian_table
from tests.kit.store import stored_actions
from tests.kit.telegram import game_buttons, press_move

COMMANDS = ("new", "score", "stats", "top", "history", "export", "rules", "pause", "resume",
            "notify", "lang", "confirm", "help", "tables", "leave", "stop")
GAMES = ("bazar_belot", "berg", "deberts", "married_bridge")
GARBAGE = ("x" * 500, "🙂", "-1", "<b>ы</b> &amp;", "\u200b", "deberts deberts 🙂 -5 999999999999")


@pytest.mark.parametrize("garbage", GARBAGE, ids=["long", "emoji", "negative", "markup",
                                                  "zero_width", "many"])
async def test_garbage_after_every_command(fake: FakeTelegram, kozyr: Any, garbage: str,
                                           caplog: pytest.LogCaptureFixture) -> None:
    users = [fake.user(901, "Алиса", language_code="ru"),
             fake.user(902, "Борис", language_code="ru")]
    group = fake.group(-100901, "Клуб")
    async with kozyr(default_lang="ru") as app:
        table_id = await open_russian_table(fake, group, users, "deberts")
        await fake.settle()
        mark = fake.mark()
        for command in COMMANDS:
            if command in ("leave", "stop"):
                continue  # they ask first: pressed nowhere, below
            await fake.send_text(group, users[1], f"/{command} {garbage}")
            await fake.settle()
        for command in ("leave", "stop"):  # asked, not pressed: the table runs on
            await fake.send_text(group, users[1], f"/{command} {garbage}")
            await fake.settle()
        refused = [c for c in fake.calls(since=mark) if c.status >= 400]
        assert not refused, refused
        # what may be Latin: the names, the arguments commands take (games, on|off), the
        # garbage echoed
        names = {u.first_name for u in users} | {"Клуб", *GAMES, "on", "off", garbage}
        found_latin = latin_words(fake, [group, *users], names)
        assert not found_latin, found_latin
        found = mover(fake, users)
        if found is None:  # paused by the garbage /pause: resumed by its own command
            await fake.send_text(group, users[0], "/resume")
            await fake.settle()
            found = mover(fake, users)
        assert found is not None, "nobody to move after the garbage"
        user, message = found
        before = await stored_actions(app, table_id)
        data = next(b.data for b in game_buttons(message) if b.data.startswith("a|"))
        assert not (await press_move(fake, user, message, data, users)).text
        await fake.settle()
        assert await stored_actions(app, table_id) >= before + 1
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING
                and r.name.startswith(("bot", "storage", "engine"))]
    assert not warnings, warnings
