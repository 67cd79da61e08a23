"""The clock as the club reads it, end to end through the fake Bot API: the match's very first
table message already shows when the first move is due, as Telegram's date entity (each
reader's app shows his own time of day), and the player to move sees it on his hand."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import hand_message, open_table, table_message
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser


async def test_first_table_message_has_the_clock(fake: FakeTelegram, kozyr: Any,
                                                 club: tuple[FakeChat, FakeUser, FakeUser]
                                                 ) -> None:
    group, alice, bob = club
    async with kozyr():
        await open_table(fake, group, alice, bob)
        table = await fake.wait_for(lambda f: table_message(f, group), what="the table")
        first = table.versions[0]
        assert "⏱ move by " in first.text and '<tg-time unix="' in (first.source or "")
        mover = await fake.wait_for(
            lambda f: next((m for u in (alice, bob) if (m := hand_message(f, u))
                            and m.buttons), None), what="the mover's hand")
        assert "⏱ move by " in (mover.text or "")
        waiting = next(m for u in (alice, bob) if (m := hand_message(fake, u))
                       and not m.buttons)
        assert "⏱" not in (waiting.text or "")


async def test_the_clock_is_shown_in_the_organisers_time_zone(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # issue #18: "move by 16:30:34 UTC" made a Moscow club convert; KOZYR_TIMEZONE names the
    # zone the clock's text is written in (an app that knows the date entity shows its own)
    group, alice, bob = club
    async with kozyr(kozyr_timezone="Europe/Moscow"):
        await open_table(fake, group, alice, bob)
        table = await fake.wait_for(lambda f: table_message(f, group), what="the table")
        text = table.versions[0].text or ""
        assert "⏱ move by " in text and " MSK" in text and "UTC" not in text, text
