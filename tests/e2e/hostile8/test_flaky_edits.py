"""Telegram answers 429 (with retry_after) or 5xx on the edits after a move: the move stays
committed, the hands and the table are redrawn later without anyone pressing again, and the
move that follows is taken."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.store import assert_stored_replays, stored_actions
from tests.kit.telegram import (
    deberts_table,
    game_buttons,
    hand_message,
    mover,
    press_move,
    table_message,
    version_of,
)


@pytest.mark.parametrize(("code", "description", "retry_after", "times"), [
    (429, "Too Many Requests: retry after 1", 1, 3),
    (502, "Bad Gateway", None, 12),
    (500, "Internal Server Error", None, 5),
])
async def test_failed_edits_after_a_move(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser], code: int,
        description: str, retry_after: int | None, times: int) -> None:
    async with deberts_table(fake, kozyr, club, takebacks=False) as (app, table_id, users, group):
        await fake.settle()
        user, message, data = mover(fake, users)
        before = await stored_actions(app, table_id)
        table_before = table_message(fake, group).text
        fake.fail_next("editMessageText", description, error_code=code,
                       retry_after=retry_after, times=times)
        assert not (await press_move(fake, user, message, data, users)).text
        assert await stored_actions(app, table_id) == before + 1
        version = version_of(data)
        # redrawn later, nobody pressing: every hand shows the new version, the table changed
        await fake.wait_for(lambda f: not f._injected and all(
            version_of(b.data) > version for u in users for b in game_buttons(
                hand_message(f, u))) and any(game_buttons(hand_message(f, u)) for u in users),
            what="the hands redrawn after the failed edits", timeout=60)
        await fake.wait_for(lambda f: table_message(f, group).text != table_before,
                            what="the table redrawn")
        user, message, data = mover(fake, users)
        assert not (await press_move(fake, user, message, data, users)).text
        await fake.settle()
        assert await stored_actions(app, table_id) == before + 2
        await assert_stored_replays(app, table_id)


async def test_the_clock_fires_after_failed_edits(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """A turn timer of two seconds; every edit after the move fails with 502 for a while:
    the next player's time still runs out and the bot moves for him."""
    async with deberts_table(fake, kozyr, club, takebacks=False) as (app, table_id, users, group):
        await fake.settle()
        async with app.service.kit.locks(table_id), app.store.transaction() as tx:
            table = await tx.get_table(table_id, lock=True)
            assert table is not None
            table.options = {**table.options, "turn_timer": 2}
            await tx.save_table(table)
        user, message, data = mover(fake, users)
        before = await stored_actions(app, table_id)
        fake.fail_next("editMessageText", "Bad Gateway", error_code=502, times=12)
        assert not (await press_move(fake, user, message, data, users)).text
        await fake.wait_for(lambda f: any("ran out of time" in (m.text or "")
                                          for m in f.bot_messages(group)), what="a time-out")
        assert await stored_actions(app, table_id) >= before + 2
        async with app.service.kit.locks(table_id), app.store.transaction() as tx:
            table = await tx.get_table(table_id, lock=True)
            assert table is not None
            table.options = {**table.options, "turn_timer": 0}
            await tx.save_table(table)
        await fake.settle()
        await assert_stored_replays(app, table_id)
