"""A hand button made stale by a move, pressed after a restart: refused with the stale notice,
no move stored, no message edited."""

from __future__ import annotations

from typing import Any

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.store import assert_stored_replays, stored_actions
from tests.kit.telegram import (
    STALE,
    deberts_table,
    hand_message,
    mover,
    press_move,
    version_of,
    wait_redrawn,
)

EDITS = ("editMessageText", "editMessageReplyMarkup", "editMessageCaption", "sendMessage",
         "deleteMessage")


async def test_stale_hand_button_after_a_restart(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    async with deberts_table(fake, kozyr, club, takebacks=False) as (app, table_id, users, _):
        user, message, data = mover(fake, users)
        others = [b.data for row in message.buttons for b in row
                  if b.data and b.data.startswith("a|")]
        assert not (await press_move(fake, user, message, data, users)).text
        await wait_redrawn(fake, users, version_of(data))
        await fake.settle()
        before = await stored_actions(app, table_id)
    async with kozyr() as app:
        await fake.settle()
        hands = {u.id: (hand_message(fake, u).text, hand_message(fake, u).buttons)  # type: ignore[union-attr]
                 for u in users}
        for old in others:
            mark = fake.mark()
            answer = await fake.press(user, fake.message(user, message.message_id), old,
                                      strict=False)
            assert answer.text == STALE, (old, answer.text)
            await fake.settle()
            assert not [c.method for c in fake.calls(since=mark) if c.method in EDITS]
        assert await stored_actions(app, table_id) == before
        assert {u.id: (hand_message(fake, u).text, hand_message(fake, u).buttons)  # type: ignore[union-attr]
                for u in users} == hands
        await assert_stored_replays(app, table_id)
