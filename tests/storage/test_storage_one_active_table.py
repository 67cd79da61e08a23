"""One active table (lobby or playing) per chat and topic is a database guarantee.

A second "lobby"/"playing" row for the same (chat, thread) is refused by a partial unique index
(migration 0004), on SQLite and PostgreSQL; a NULL thread (a chat without topics) counts as one
place. Concurrent `/new` transactions that all saw the chat empty open exactly one table.
"""

from __future__ import annotations

import asyncio

import pytest

from storage import Conflict, GameTable, Store, Tx
from storage.models import ABORTED, FINISHED, PLAYING

TASKS = 8


async def _place(store: Store) -> tuple[int, int]:
    async with store.transaction() as tx:
        user = await tx.upsert_user("tg", "100", "Creator")
        chat = await tx.upsert_chat("tg", "-100", "Group")
    assert user.id is not None and chat.id is not None
    return chat.id, user.id


async def _open(store: Store, chat_id: int, user_id: int, thread: str | None) -> GameTable:
    async with store.transaction() as tx:
        return await tx.create_table(chat_id, "deberts", user_id, {}, thread_id=thread)


@pytest.mark.parametrize("thread", [None, "7"], ids=["no-topic", "topic"])
async def test_second_active_table_in_a_place_is_refused(store: Store,
                                                        thread: str | None) -> None:
    chat_id, user_id = await _place(store)
    first = await _open(store, chat_id, user_id, thread)
    with pytest.raises(Conflict):
        await _open(store, chat_id, user_id, thread)
    first.status = PLAYING  # a running match holds the place as well as a lobby
    async with store.transaction() as tx:
        await tx.save_table(first)
    with pytest.raises(Conflict):
        await _open(store, chat_id, user_id, thread)
    for over in (FINISHED, ABORTED):  # an ended table frees it
        first.status = over
        async with store.transaction() as tx:
            await tx.save_table(first)
        first = await _open(store, chat_id, user_id, thread)


async def test_topics_and_the_bare_chat_are_separate_places(store: Store) -> None:
    chat_id, user_id = await _place(store)
    for thread in (None, "7", "8"):
        await _open(store, chat_id, user_id, thread)
    async with store.transaction() as tx:
        assert len(await tx.unfinished_tables()) == 3
        # the transaction stays usable after the refused insert (it ran in a savepoint)
        with pytest.raises(Conflict):
            await tx.create_table(chat_id, "deberts", user_id, {}, thread_id="8")
        assert (await tx.active_table(chat_id, "8")) is not None


async def test_concurrent_new_opens_one_table(store: Store) -> None:
    """Every transaction checks the place first and sees it empty (on PostgreSQL they all
    check before any inserts: the barrier), then inserts: exactly one table is opened."""
    chat_id, user_id = await _place(store)
    # SQLite runs a Store's transactions one at a time, so there the check itself decides.
    barrier = asyncio.Barrier(TASKS) if store.dialect == "postgresql" else None

    async def new(tx: Tx) -> str:
        if await tx.active_table(chat_id, None) is not None:
            return "seen"
        if barrier is not None:
            await barrier.wait()
        try:
            await tx.create_table(chat_id, "deberts", user_id, {})
        except Conflict:
            return "refused"
        return "opened"

    async def attempt() -> str:
        async with store.transaction() as tx:
            return await new(tx)

    outcomes = await asyncio.gather(*(attempt() for _ in range(TASKS)))
    assert outcomes.count("opened") == 1
    if barrier is not None:
        assert outcomes.count("refused") == TASKS - 1
    async with store.transaction() as tx:
        assert len(await tx.unfinished_tables()) == 1
