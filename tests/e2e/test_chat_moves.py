"""A group upgraded to a supergroup keeps its table; a bot removed from a group suspends it.

End to end through the real bot against the fake Bot API, which upgrades a group as Telegram
does (service messages with ``migrate_to_chat_id`` / ``migrate_from_chat_id``, then 400 "group
chat was upgraded to a supergroup chat" with ``parameters.migrate_to_chat_id`` for the old id)
and removes the bot (``my_chat_member``, then 403 on sends and on getChatMember). Each test
runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from bot.tables.chatmove import is_suspended
from tests.e2e.conftest import hand_message, play_moves
from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.kit.telegram import open_bot
from tests.storage.conftest import db_url  # noqa: F401  (SQLite, and PostgreSQL when set)

UPGRADED = "group chat was upgraded to a supergroup chat"


async def _lobby(fake: FakeTelegram, group: FakeChat, alice: FakeUser,
                 bob: FakeUser) -> FakeMessage:
    """Both open the bot; the chat's language is set; Alice opens a lobby, Bob joins."""
    for user in (alice, bob):
        await fake.start_bot(user)
        await fake.wait_for_message(user, text_contains="kozyr")
    await fake.send_text(group, alice, "/lang en")
    await fake.wait_for_message(group, text_contains="English")
    await fake.send_text(group, alice, "/new deberts")
    lobby = await fake.wait_for_message(group, text_contains="new table")
    await fake.press_button(bob, lobby, text="Join")
    return lobby


async def _open_game(fake: FakeTelegram, group: FakeChat, alice: FakeUser, bob: FakeUser,
                     app: Any, *, turn_timer: int = 0) -> int:
    lobby = await _lobby(fake, group, alice, bob)
    async with app.store.transaction() as tx:
        table_id = (await tx.unfinished_tables())[-1].id
        table = await tx.get_table(table_id, lock=True)
        table.options = {**table.options, "turn_timer": turn_timer}
        await tx.save_table(table)
    assert (await fake.press_button(alice, lobby, text="Start")).text == "Done."
    await fake.wait_for(lambda f: hand_message(f, alice) and hand_message(f, bob),
                        what="both hands")
    return int(table_id)


def _table_posts(fake: FakeTelegram, chat: FakeChat) -> list[str]:
    return [m.text or "" for m in fake.bot_messages(chat) if (m.text or "").startswith("🃏")]


async def _merge_by_a_move(fake: FakeTelegram, new: FakeChat, players: list[FakeUser]) -> None:
    """The old chat's game moves once (its group id is stale: the bot learns of the merge) and
    its table is posted in ``new``, after the table message ``new``'s own game already has."""
    before = len(_table_posts(fake, new))
    assert await play_moves(fake, players, random.Random(5), limit=1) == 1
    await fake.wait_for(lambda f: len(_table_posts(f, new)) > before,
                        what="the old game in the new chat")
    await fake.settle()


async def _check_moved(fake: FakeTelegram, app: Any, old: FakeChat, new: FakeChat,
                       alice: FakeUser, bob: FakeUser, table_id: int) -> None:
    """The table lives on in ``new``: one table row, in the new chat, its message there;
    /score and /new there see it; play goes on with the table message in the new chat."""
    await fake.wait_for(lambda f: _table_posts(f, new), what="the table posted anew")
    await fake.settle()
    assert len(_table_posts(fake, new)) == 1, "one table message in the new chat"
    async with app.store.transaction() as tx:
        tables = await tx.unfinished_tables()
        table = await tx.get_table(table_id)
        chat = await tx.get_chat(table.chat_id) if table else None
    assert [t.id for t in tables] == [table_id]
    assert chat is not None and chat.ext_id == str(new.id) and chat.lang == "en"
    await fake.send_text(new, alice, "/new deberts")
    assert await fake.wait_for_message(new, text_contains="already")
    await fake.send_text(new, alice, "/score")
    await fake.wait_for(lambda f: any("Deberts" in (m.text or "") and not
                                      (m.text or "").startswith("🃏")
                                      for m in f.bot_messages(new)), what="the score sheet")
    mark = fake.mark()
    assert await play_moves(fake, [alice, bob], random.Random(4), limit=3) == 3
    await fake.settle()
    new_calls = [c for c in fake.calls(since=mark) if c.params.get("chat_id") == new.id]
    old_calls = [c for c in fake.calls(since=mark) if c.params.get("chat_id") == old.id]
    assert new_calls and all(c.status == 200 for c in new_calls)
    assert old_calls == [], "nothing goes to the old chat id any more"


async def test_upgraded_group_keeps_its_table(fake: FakeTelegram, kozyr: Any) -> None:
    group = fake.group(-4001, "Old club", supergroup=False)
    alice, bob = fake.user(101, "Alice"), fake.user(102, "Bob")
    async with kozyr() as app:
        table_id = await _open_game(fake, group, alice, bob, app)
        new = fake.upgrade_group(group, -1004001, by=alice)
        await _check_moved(fake, app, group, new, alice, bob, table_id)


async def test_a_refused_send_follows_the_upgrade(fake: FakeTelegram, kozyr: Any) -> None:
    """The service messages were missed: the queue meets the 400 with migrate_to_chat_id,
    sends there and moves the chat."""
    group = fake.group(-4002, "Old club", supergroup=False)
    alice, bob = fake.user(101, "Alice"), fake.user(102, "Bob")
    async with kozyr() as app:
        table_id = await _open_game(fake, group, alice, bob, app)
        new = fake.upgrade_group(group, -1004002, by=alice, notify=False)
        assert await play_moves(fake, [alice, bob], random.Random(5), limit=1) == 1
        assert any(UPGRADED in str(c.response.get("description")) for c in fake.calls())
        await _check_moved(fake, app, group, new, alice, bob, table_id)


async def test_a_lobby_follows_the_upgrade(fake: FakeTelegram, kozyr: Any) -> None:
    """A Join pressed on the lobby of a group that moved (the service messages missed): the
    press is answered, and the lobby, with the new player, is posted in the new chat."""
    group = fake.group(-4003, "Old club", supergroup=False)
    alice, bob = fake.user(101, "Alice"), fake.user(102, "Bob")
    async with kozyr() as app:
        for user in (alice, bob):
            await fake.start_bot(user)
            await fake.wait_for_message(user, text_contains="kozyr")
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="new table")
        new = fake.upgrade_group(group, -1004003, by=alice, notify=False)
        assert (await fake.press_button(bob, lobby, text="Join")).text == "You are at the table."
        moved = await fake.wait_for_message(new, text_contains="new table")
        await fake.wait_for(lambda f: "Bob" in (f.message(new, moved.message_id).text or ""),
                            what="Bob seated in the lobby posted anew")  # maybe a later edit
        await fake.settle()
        async with app.store.transaction() as tx:
            table = (await tx.unfinished_tables())[-1]
            chat = await tx.get_chat(table.chat_id)
        assert chat is not None and chat.ext_id == str(new.id)
        assert table.message_id == str(moved.message_id)


async def test_removed_bot_suspends_the_game_until_resume(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        table_id = await _open_game(fake, group, alice, bob, app, turn_timer=30)
        fake.set_admin(group, alice)
        mark = fake.mark()
        fake.kick_bot(group, by=alice)

        async def suspended() -> bool:
            async with app.store.transaction() as tx:
                table = await tx.get_table(table_id)
            return table is not None and is_suspended(table) and table.paused \
                and table.deadline is None

        for _ in range(600):  # up to 30 s: a loaded machine (a full suite beside) is slow
            if await suspended():
                break
            await asyncio.sleep(0.05)
        assert await suspended()
        async with app.service.kit.locks(table_id):
            pass
        assert app.service.clock.timers.pending(table_id) == []
        for user in (alice, bob):  # each player is told in private
            await fake.wait_for_message(user, text_contains="The bot was removed from «Friday")
        # A move pressed meanwhile is answered and changes nothing; no retry loop on the 403.
        mover = next(u for u in (alice, bob) if (m := hand_message(fake, u)) and m.buttons)
        message = hand_message(fake, mover)
        assert message is not None
        answer = await fake.press(mover, message, message.buttons[0][0].data or "")
        assert answer.text == "The bot is not in this table's chat: the game is suspended."
        await fake.settle()
        refused = [c for c in fake.calls(since=mark) if c.params.get("chat_id") == group.id
                   and c.method != "getUpdates"]
        assert len(refused) <= 2 and all(c.status == 403 for c in refused), refused
        # Added back: the bot says how to go on; /resume by the creator runs the clocks.
        fake.add_bot_back(group, by=alice)
        assert await fake.wait_for_message(group, text_contains="/resume")
        await fake.send_text(group, alice, "/resume")
        assert await fake.wait_for_message(group, text_contains="run again")
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
        assert table is not None and not is_suspended(table) and not table.paused
        assert table.deadline is not None
        assert await play_moves(fake, [alice, bob], random.Random(6), limit=2) == 2


async def test_lobby_press_is_answered_when_get_chat_member_fails(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr():
        lobby = await _lobby(fake, group, alice, bob)
        fake.fail_next("getChatMember", "Bad Request: chat not found", times=10)
        answer = await fake.press_button(bob, lobby, text="Start")
        assert answer.text == "Only the table's creator or a chat admin can do that."
        # Kicked: the lobby closes; a press on it still gets an answer.
        fake.kick_bot(group)
        await fake.settle()
        answer = await fake.press_button(bob, lobby, text="Start")
        assert answer.text == "This lobby is closed."



async def test_a_lobby_closed_by_the_removal_says_so_once_back(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """A lobby open when the bot is removed is closed; its message (which the bot may not edit
    meanwhile) loses Join and says why once the bot is added back."""
    group, alice, _ = club
    async with kozyr():
        await fake.start_bot(alice)
        await fake.wait_for_message(alice, text_contains="kozyr")
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="new table")
        fake.kick_bot(group, by=alice)
        await fake.settle()
        fake.add_bot_back(group, by=alice)
        await fake.wait_for(lambda f: "Join" not in f.message(group, lobby.message_id)
                            .button_texts, what="the closed lobby redrawn")
        shown = fake.message(group, lobby.message_id)
        assert "the bot was removed" in (shown.text or ""), shown.text


async def test_a_game_aborted_by_a_merge_loses_its_pings(fake: FakeTelegram, kozyr: Any) -> None:
    """The group upgraded while the bot missed it; a second game starts in the supergroup and
    its mover gets his "your move" ping; the old game's next move merges the chats, which
    aborts the supergroup's game: its ping is deleted, as /stop deletes a stopped game's."""
    group = fake.group(-4005, "Old club", supergroup=False)
    alice, bob = fake.user(101, "Alice"), fake.user(102, "Bob")
    carol, dave = fake.user(103, "Carol"), fake.user(104, "Dave")
    async with kozyr(turn_ping=0.3) as app:
        old_table = await _open_game(fake, group, alice, bob, app)
        new = fake.upgrade_group(group, -1004005, by=alice, notify=False)
        await open_bot(fake, [carol, dave])
        await fake.send_text(new, carol, "/new deberts")
        lobby = await fake.wait_for_message(new, text_contains="new table")
        await fake.press_button(dave, lobby, text="Join")
        assert (await fake.press_button(carol, lobby, text="Start")).text == "Done."

        def pinged(f: FakeTelegram) -> list[FakeUser]:
            return [u for u in (carol, dave) if any(
                (m.text or "").startswith("🔔") for m in f.bot_messages(u))]

        await fake.wait_for(pinged, what="the supergroup game's mover pinged")
        async with app.store.transaction() as tx:
            aborted = (await tx.unfinished_tables())[-1].id
        assert aborted != old_table
        await _merge_by_a_move(fake, new, [alice, bob])
        async with app.store.transaction() as tx:
            table = await tx.get_table(aborted)
            seats = await tx.seats(aborted)
        assert table is not None and table.status == "aborted"
        assert all(s.ping_message_id is None for s in seats)
        await fake.wait_for(lambda f: not pinged(f), what="the aborted game's ping deleted")
