"""Many simultaneous ``/new`` in one place open exactly one lobby, through the real bot.

The players' commands reach the bot in one batch of updates, which aiogram handles as concurrent
tasks; on PostgreSQL their transactions overlap. The database's one-active-table-per-place index
(migration 0004) lets one lobby through; every other sender gets the "a table is already open"
notice, in a chat without topics and in a forum topic alike. Runs on SQLite and, with
``TEST_DATABASE_URL``, on PostgreSQL.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.databases import database_url

PLAYERS = 8
EXISTS = "A table is already open in this chat"


@pytest.fixture(params=["sqlite", "postgresql"])
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """The e2e database, migrated (tests/kit/databases.py): a SQLite file, or a fresh
    PostgreSQL database when configured."""
    async with database_url(request.param, tmp_path / "kozyr.sqlite3", migrated=True) as url:
        yield url


async def _all_at_once(fake: FakeTelegram, chat: FakeChat, senders: list[FakeUser],
                       thread_id: int | None = None) -> None:
    """Every sender sends ``/new deberts`` before the bot polls again; wait for the answers."""
    mark = fake.mark()
    for user in senders:
        await fake.send_text(chat, user, "/new deberts", thread_id=thread_id)
    await fake.wait_for(
        lambda f: len(f.calls("sendMessage", since=mark)) >= len(senders) or None,
        what="an answer to every /new",
    )
    await fake.settle()


def _assert_one_lobby(fake: FakeTelegram, chat: FakeChat) -> None:
    texts = [m.text or "" for m in fake.bot_messages(chat)]
    assert sum("new table" in t for t in texts) == 1, texts
    assert sum(EXISTS in t for t in texts) == PLAYERS - 1, texts


async def test_simultaneous_new_opens_one_lobby(fake: FakeTelegram, kozyr: Any) -> None:
    group = fake.group(-100500, "Rush hour")
    forum = fake.group(-100501, "Rush forum", forum=True)
    async with kozyr() as app:
        users = [fake.user(200 + i, f"P{i}") for i in range(PLAYERS)]
        for chat, thread in ((group, None), (forum, 7)):
            # the chat row exists already, so no /new waits on another's insert of it
            await fake.send_text(chat, users[0], "/help", thread_id=thread)
            await fake.wait_for_message(chat, text_contains="/new")
            await _all_at_once(fake, chat, users, thread)
        async with app.store.transaction() as tx:
            tables = await tx.unfinished_tables()
    assert sorted((t.thread_id or "") for t in tables) == ["", "7"]
    for chat in (group, forum):
        _assert_one_lobby(fake, chat)


async def test_one_newcomer_repeating_new_in_a_new_chat(fake: FakeTelegram, kozyr: Any) -> None:
    """Neither the chat nor the user is known yet: their rows are inserted by the racing
    transactions too (the losers find them), and still one lobby opens."""
    group = fake.group(-100502, "Fresh")
    eager = fake.user(300, "Eager")
    async with kozyr() as app:
        await _all_at_once(fake, group, [eager] * PLAYERS)
        async with app.store.transaction() as tx:
            tables = await tx.unfinished_tables()
    assert len(tables) == 1
    _assert_one_lobby(fake, group)
