"""A match stopped before any deal was played out (issue #18, a new player's pass): the group
read "The game was stopped." over a bare sheet header ("Deal | Alice | Bob") with no rows and
no totals. It now says that no deal was finished instead (so does the sheet of ``/score``)."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import open_table
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser


async def test_a_match_stopped_at_its_first_deal_says_no_deal_was_finished(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr():
        await open_table(fake, group, alice, bob)
        await fake.send_text(group, alice, "/stop")
        confirm = await fake.wait_for_message(group, text_contains="Stop the game")
        assert (await fake.press_button(alice, confirm, text="Yes, stop")).text == \
            "The game was stopped."
        stopped = await fake.wait_for_message(group, text_contains="The game was stopped.")
        assert stopped.text == "The game was stopped.\n\nDeberts\nNo deal was played to its end."
