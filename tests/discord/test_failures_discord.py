"""A press whose handling fails in Discord: the presser is told to try again, never left with
"thinking..." or nothing. The database fails for real (a table dropped under the bot)."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import text

from tests.discord.conftest import Kozyr, moves_on, open_table
from tests.discord.fake import FakeChannel, FakeDiscord, FakeUser

FAILED = "Something went wrong; please try again."


async def test_a_failing_database_still_answers_presses(
        fake: FakeDiscord, kozyr: Kozyr, club: tuple[FakeChannel, FakeUser, FakeUser],
        caplog: pytest.LogCaptureFixture) -> None:
    channel, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, channel, alice, bob)
        user, hand = await fake.wait_for(
            lambda f: next(((u, h) for u in (alice, bob) if (h := f.hand(u)) and moves_on(h)),
                           None), what="a player with moves")
        async with app.store.transaction() as tx:
            await (await tx.session.connection()).execute(text("DROP TABLE seat"))
        custom_id, values = moves_on(hand)[0]
        pressed = await fake.press(user, hand, custom_id, values=values)
        assert pressed.notices == [FAILED]
        pressed = await fake.press_button(user, fake.table_message(channel), "My hand")
        assert pressed.notices == [FAILED]
    assert any(r.levelno >= logging.ERROR for r in caplog.get_records("call"))
    caplog.clear()  # the failures are logged as errors, as they should be
