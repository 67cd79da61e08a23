"""A hand button made stale by a move, pressed after a restart: refused with the stale notice,
no move stored, no message edited."""

from __future__ import annotations

from typing import Any

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.hostile8._russian import latin_words, open_russian_table
from tests.e2e.hostile8._russian import mover as russian_mover
from tests.kit.store import assert_stored_replays, stored_actions
from tests.kit.telegram import (
    STALE,
    deberts_table,
    game_buttons,
    hand_message,
    mover,
    press_move,
    version_of,
    wait_redrawn,
)

#: notice.stale in Russian
STALE_RU = "Эта кнопка устарела: пользуйтесь последним сообщением."
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


async def test_stale_button_after_a_restart_in_a_russian_club(fake: FakeTelegram,
                                                              kozyr: Any) -> None:
    """The same in Russian: the refusal is the Russian notice, no Latin word in any chat."""
    users = [fake.user(851, "Алиса", language_code="ru"),
             fake.user(852, "Борис", language_code="ru")]
    group = fake.group(-100851, "Клуб")
    async with kozyr(default_lang="ru") as app:
        table_id = await open_russian_table(fake, group, users, "deberts")
        found = await fake.wait_for(lambda f: russian_mover(f, users), what="a human to move")
        user, message = found  # type: ignore[misc]
        data = next(b.data for b in game_buttons(message) if b.data.startswith("a|"))
        assert not (await press_move(fake, user, message, data, users)).text
        await wait_redrawn(fake, users, version_of(data))
        before = await stored_actions(app, table_id)
    async with kozyr(default_lang="ru") as app:
        await fake.settle()
        answer = await fake.press(user, fake.message(user, message.message_id), data,
                                  strict=False)
        assert answer.text == STALE_RU, answer.text
        await fake.settle()
        assert await stored_actions(app, table_id) == before
        names = {u.first_name for u in users} | {"Клуб"}
        assert not latin_words(fake, [group, *users], names)
