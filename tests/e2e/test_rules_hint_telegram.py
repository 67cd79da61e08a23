"""``/rules`` without a game answers with how to ask for a game's rules and the games, not
with the /new hint (a reader's pass, issue #20), through the real bot and the fake Bot API."""

from __future__ import annotations

from typing import Any

import engine
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser


async def test_rules_without_a_game_lists_the_games(fake: FakeTelegram, kozyr: Any,
                                                   club: tuple[FakeChat, FakeUser, FakeUser]
                                                   ) -> None:
    group, alice, _ = club
    async with kozyr():
        await fake.send_text(group, alice, "/rules")
        reply = await fake.wait_for_message(group)  # the bot's reply to that command
    text = reply.text or ""
    assert "/rules" in text and "/new" not in text, text
    assert all(g.id in text for g in engine.list_games()), text
