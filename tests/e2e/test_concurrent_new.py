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
from tests.storage.conftest import database_url

PLAYERS = 8
EXISTS = "A table is already open in this chat"


@pytest.fixture(params=["sqlite", "postgresql"])
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """The e2e database: a SQLite file, or a fresh PostgreSQL database when configured."""
    async with database_url(request.param, tmp_path / "kozyr.sqlite3") as url:
        yield url


async def _all_at_once(fake: FakeTelegram, chat: FakeChat, thread_id: int | None,
                       users: list[FakeUser]) -> None:
    """Every player sends ``/new deberts`` before the bot polls again; wait for the answers."""
    await fake.send_text(chat, users[0], "/help", thread_id=thread_id)  # the chat row exists:
    await fake.wait_for_message(chat, text_contains="/new")  # no /new waits on its insert
    mark = fake.mark()
    for user in users:
        await fake.send_text(chat, user, "/new deberts", thread_id=thread_id)
    await fake.wait_for(
        lambda f: len(f.calls("sendMessage", since=mark)) >= PLAYERS or None,
        what="an answer to every /new",
    )
    await fake.settle()


async def test_simultaneous_new_opens_one_lobby(fake: FakeTelegram, kozyr: Any) -> None:
    group = fake.group(-100500, "Rush hour")
    forum = fake.group(-100501, "Rush forum", forum=True)
    async with kozyr() as app:
        users = [fake.user(200 + i, f"P{i}") for i in range(PLAYERS)]
        await _all_at_once(fake, group, None, users)
        await _all_at_once(fake, forum, 7, users)
        async with app.store.transaction() as tx:
            tables = await tx.unfinished_tables()
    assert sorted((t.thread_id or "") for t in tables) == ["", "7"]
    for chat in (group, forum):
        texts = [m.text or "" for m in fake.bot_messages(chat)]
        assert sum("new table" in t for t in texts) == 1, texts
        assert sum(EXISTS in t for t in texts) == PLAYERS - 1, texts
