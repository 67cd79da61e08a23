"""A table message posted anew keeps its stored id whatever happens to the edits queued after
it (issue #11): exactly one table message stays in the group.

A new deal posts the table message anew (P). While P's call is under way, the next move queues
an edit U of P. If U then fails, or is withdrawn because the deal ended again, P's id must
still be the stored one, so the next move edits P and the deal after deletes P (found by the
review of the outgoing queue: two table messages were left in the group).

The slow post and the failing edit are injected into the real messenger (the fake server has
no way to delay one call or fail one edit); everything else is the real bot.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from tests.e2e.conftest import open_table, play_moves
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_delivery import _table_id

THROWN = [{"type": "thrown_in", "reason": "all_passed"}]
Club = tuple[FakeChat, FakeUser, FakeUser]


def _tables_shown(fake: FakeTelegram, group: FakeChat) -> list[int]:
    return [m.message_id for m in fake.bot_messages(group)
            if (m.text or "").startswith("🃏") and "new table" not in (m.text or "")]


async def _stored_id(app: Any, table_id: int) -> str | None:
    async with app.store.transaction() as tx:
        table = await tx.get_table(table_id)
    assert table is not None
    return table.message_id


def _slow_table_posts(app: Any, group: FakeChat, delay: float) -> None:
    messenger = app.outbox.messenger
    send = messenger.send

    async def slow_send(target: Any, screen: Any) -> str:
        if target.chat_ext_id == str(group.id) and screen.text.startswith("🃏"):
            await asyncio.sleep(delay)
        return str(await send(target, screen))

    messenger.send = slow_send


async def _new_deal(app: Any, table_id: int) -> None:
    """Redraw as after a thrown-in deal: the table message is posted anew."""
    async with app.service.kit.locks(table_id):
        await app.service.display.refresh(table_id, new_events=THROWN)
    await asyncio.sleep(0.1)


async def test_a_failed_edit_after_a_repost_keeps_the_new_id(fake: FakeTelegram, kozyr: Any,
                                                             club: Club) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        await app.service.display.drain()
        _slow_table_posts(app, group, 0.5)
        messenger = app.outbox.messenger
        edit, failed = messenger.edit, []

        async def edit_once_failing(target: Any, message_id: str, screen: Any) -> str:
            if target.chat_ext_id == str(group.id) and not failed:
                failed.append(message_id)
                raise RuntimeError("an edit that failed after its retries")
            return str(await edit(target, message_id, screen))

        messenger.edit = edit_once_failing
        await _new_deal(app, table_id)
        rng = random.Random(3)
        await play_moves(fake, [alice, bob], rng, limit=1)  # U (after P) while P is slow
        await app.service.display.drain()
        assert failed
        await play_moves(fake, [alice, bob], rng, limit=2)
        await app.service.display.drain()
        shown = _tables_shown(fake, group)
        assert len(shown) == 1, f"table messages left in the group: {shown}"
        assert await _stored_id(app, table_id) == str(shown[0])


async def test_a_withdrawn_edit_after_a_repost_deletes_the_right_message(
        fake: FakeTelegram, kozyr: Any, club: Club) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        await app.service.display.drain()
        _slow_table_posts(app, group, 0.6)
        await _new_deal(app, table_id)
        rng = random.Random(3)
        await play_moves(fake, [alice, bob], rng, limit=1)  # U (after P) queued behind P
        await _new_deal(app, table_id)  # withdraws U; P must go when its successor is there
        await app.service.display.drain()
        await play_moves(fake, [alice, bob], rng, limit=2)
        await app.service.display.drain()
        shown = _tables_shown(fake, group)
        assert len(shown) == 1, f"table messages left in the group: {shown}"
        assert await _stored_id(app, table_id) == str(shown[0])


async def test_a_reposted_table_messages_id_is_stored_under_the_tables_lock(
        fake: FakeTelegram, kozyr: Any, club: Club) -> None:
    """The id of a table message posted anew is stored under the table's lock, the one every
    press holds from loading the table to redrawing it: stored in between, the press would
    edit (and the next deal's end delete) the message it loaded, already deleted. The display
    once had a lock dictionary of its own (an empty ``TableLocks`` is falsy, so ``locks or
    TableLocks()`` made a new one): with SQLite in the loop's thread every deal's end left its
    table message in the group (test_deberts_telegram's restart test)."""
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        await app.service.display.drain()
        old = await _stored_id(app, table_id)
        locks = app.service.kit.locks
        async with locks(table_id):  # as a press that loaded the table with ``old``
            await app.service.display.refresh(table_id, new_events=THROWN)
            new = await fake.wait_for(
                lambda f: [i for i in _tables_shown(f, group) if str(i) != old], what="repost")
            while (stored := await _stored_id(app, table_id)) == old \
                    and locks.users(table_id) < 2:
                await asyncio.sleep(0.01)  # until the id is stored or waits for the lock
            assert stored == old, "the new id was stored while a press held the table's lock"
        await app.service.display.drain()
        assert await _stored_id(app, table_id) == str(new[0])
        assert _tables_shown(fake, group) == new
