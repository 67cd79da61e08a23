"""Timers, bot players and table management, end to end through the real bot.

Issues "Turn timers, absent players and table management" and "Bot players" (bot side): a bot fills
a seat; a time-out makes a legal move for the absent seat; a stale timer does nothing; a restart
re-arms a pending deadline and a missed one fires; lobby expiry; stop / leave / pause / resume;
two tables in two topics of one forum group; a table in a private chat with a bot.
"""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta
from typing import Any

from sqlalchemy import func, select

from bot.tables.clock import utcnow
from storage import ActionLog, Store
from tests.e2e.conftest import current_match, hand_message, play_moves
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.store import newest_table_id as _table_id


async def _actions(app: Any, table_id: int) -> int:
    async with app.store.transaction() as tx:
        n = await tx.session.scalar(
            select(func.count()).select_from(ActionLog).where(ActionLog.table_id == table_id))
    return int(n or 0)


async def _table_when(app: Any, table_id: int, predicate: Any, what: str) -> Any:
    """The table row once ``predicate(row)`` holds (the bot finishes its work after answering)."""
    for _ in range(600):  # up to 30 s on a loaded machine
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
        if table is not None and predicate(table):
            return table
        await asyncio.sleep(0.05)
    raise AssertionError(f"table {table_id} never got {what}")


async def _set_option(app: Any, table_id: int, **options: Any) -> None:
    """Change a table option as the service would: under the table's lock."""
    async with app.service.kit.locks(table_id), app.store.transaction() as tx:
        table = await tx.get_table(table_id, lock=True)
        assert table is not None
        table.options = {**table.options, **options}
        await tx.save_table(table)


async def _lobby(fake: FakeTelegram, chat: FakeChat | FakeUser, users: list[FakeUser],
                 *, thread_id: int | None = None) -> Any:
    for user in users:
        await fake.start_bot(user)
        await fake.wait_for_message(user, text_contains="kozyr")
    await fake.send_text(chat, users[0], "/new deberts", thread_id=thread_id)
    lobby = await fake.wait_for_message(chat, text_contains="new table")
    for user in users[1:]:
        assert (await fake.press_button(user, lobby, text="Join")).text == "You are at the table."
    return lobby


async def test_a_bot_fills_the_empty_seat(fake: FakeTelegram, kozyr: Any,
                                          club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, _ = club
    async with kozyr() as app:
        lobby = await _lobby(fake, group, [alice])
        assert (await fake.press_button(alice, lobby, text="🤖+ normal")).text == \
            "A bot player sits down."
        await fake.wait_for(lambda f: "🤖 normal" in (f.message(group, lobby.message_id).text
                                                      or ""), what="the bot in the lobby")
        assert (await fake.press_button(alice, lobby, text="Start")).text == "Done."
        table_id = await _table_id(app)
        await fake.wait_for(lambda f: hand_message(f, alice), what="Alice's hand")
        moves = await play_moves(fake, [alice], random.Random(4), limit=3000)
        await fake.wait_for(lambda f: any((m.text or "").startswith("🏆")
                                          for m in f.bot_messages(group)), what="the end")
        match = await current_match(app, table_id)
        assert match.is_over
        assert await _actions(app, table_id) > moves  # the bot moved too


async def test_time_out_moves_for_the_absent_player(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        lobby = await _lobby(fake, group, [alice, bob])
        table_id = await _table_id(app)
        await _set_option(app, table_id, turn_timer=1)
        await fake.press_button(alice, lobby, text="Start")
        # Nobody moves: each second the bot moves for whoever is to move.
        await fake.wait_for(lambda f: any("ran out of time" in (m.text or "")
                                          for m in f.bot_messages(group)),
                            what="a time-out")
        assert await _actions(app, table_id) >= 1
        # Three in a row make a seat automatic: its owner gets "I'm back".
        await fake.wait_for(lambda f: any("three times" in (m.text or "")
                                          for m in f.bot_messages(group)),
                            what="a seat made automatic")
        auto = await fake.wait_for(
            lambda f: next((u for u in (alice, bob)
                            if (m := hand_message(f, u)) and "I'm back" in m.button_texts), None),
            what="an I'm back button")
        message = hand_message(fake, auto)
        assert message is not None
        await _set_option(app, table_id, turn_timer=0)  # no new time-outs from here on
        answer = await fake.press_button(auto, message, text="I'm back")
        assert answer.text == "Welcome back: your seat is yours again."
        async with app.store.transaction() as tx:
            seats = await tx.seats(table_id)
            owner = await tx.find_user("tg", str(auto.id))
        assert owner is not None
        mine = next(s for s in seats if s.user_id == owner.id)
        assert mine.bot_level is None and mine.timeouts == 0


async def test_stale_timer_changes_nothing(fake: FakeTelegram, kozyr: Any,
                                           club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        lobby = await _lobby(fake, group, [alice, bob])
        await fake.press_button(alice, lobby, text="Start")
        table_id = await _table_id(app)
        await fake.wait_for(lambda f: any((m := hand_message(f, u)) and m.buttons
                                          for u in (alice, bob)), what="a mover")
        assert await play_moves(fake, [alice, bob], random.Random(2), limit=2) == 2
        before = await _actions(app, table_id)
        assert before == 2
        await app.service.play.on_deadline(table_id, 1)  # set for version 1, long gone
        await app.service.play.on_bot_turn(table_id, 1)
        assert await _actions(app, table_id) == before


async def test_restart_rearms_and_a_missed_deadline_leaves_half_the_time(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        db_url: str) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        lobby = await _lobby(fake, group, [alice, bob])
        table_id = await _table_id(app)
        await _set_option(app, table_id, turn_timer=300)
        await fake.press_button(alice, lobby, text="Start")
        await fake.wait_for(lambda f: hand_message(f, alice) and hand_message(f, bob),
                            what="hands")
        await _table_when(app, table_id, lambda t: t.deadline is not None, "a deadline")
        assert app.service.clock.timers.pending(table_id) == ["turn", "reminder"]
    # While the bot is down the deadline passes.
    store = Store(db_url)
    await store.start()
    async with store.transaction() as tx:
        table = await tx.get_table(table_id, lock=True)
        assert table is not None
        table.deadline = utcnow() - timedelta(seconds=5)
        await tx.save_table(table)
    await store.close()
    async with kozyr() as app:
        # A clock that ran out while the bot was down leaves the player half his time: he
        # could not press meanwhile (never less than half, never the previous player's).
        await _table_when(app, table_id, lambda t: t.deadline is not None
                          and t.deadline > utcnow() + timedelta(seconds=100), "half a clock")
        assert app.service.clock.timers.pending(table_id) == ["turn", "reminder"] or \
            app.service.clock.timers.pending(table_id) == ["turn"]
        assert await _actions(app, table_id) == 0
        assert not any("ran out of time" in (m.text or "") for m in fake.bot_messages(group))


async def test_lobby_expires(fake: FakeTelegram, kozyr: Any,
                             club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, _ = club
    async with kozyr(lobby_timeout=0.5) as app:
        lobby = await _lobby(fake, group, [alice])
        await fake.wait_for_message(group, text_contains="nobody started")
        await fake.wait_for(lambda f: not f.message(group, lobby.message_id).buttons,
                            what="the lobby closed")
        async with app.store.transaction() as tx:
            assert await tx.unfinished_tables() == []
        # The chat can open a new table at once.
        await fake.send_text(group, alice, "/new deberts")
        assert await fake.wait_for_message(group, text_contains="new table")


async def test_stop_leave_pause_resume(fake: FakeTelegram, kozyr: Any,
                                       club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    carol = fake.user(103, "Carol")
    async with kozyr() as app:
        lobby = await _lobby(fake, group, [alice, bob])
        table_id = await _table_id(app)
        await fake.press_button(alice, lobby, text="Start")
        await fake.wait_for(lambda f: hand_message(f, bob), what="hands")
        # /pause by a stranger is refused; by the creator it stops the clock.
        await fake.send_text(group, carol, "/pause")
        assert await fake.wait_for_message(group, text_contains="Only the table's creator")
        await fake.send_text(group, alice, "/pause")
        assert await fake.wait_for_message(group, text_contains="paused")
        await _table_when(app, table_id, lambda t: t.paused and t.deadline is None, "paused")
        await fake.send_text(group, alice, "/resume")
        assert await fake.wait_for_message(group, text_contains="run again")
        await _table_when(app, table_id, lambda t: not t.paused and t.deadline is not None,
                          "resumed")
        # /leave: Bob's seat goes to the bot, which plays it; the match goes on.
        await fake.send_text(group, bob, "/leave")
        assert await fake.wait_for_message(group, text_contains="a bot player takes the seat")
        await fake.wait_for(lambda f: "I'm back" in (hand_message(f, bob).button_texts
                                                       if hand_message(f, bob) else []),
                            what="Bob's I'm back button")
        await play_moves(fake, [alice], random.Random(3), limit=20)
        assert await _actions(app, table_id) > 20
        # /stop by the creator, confirmed: the match ends as aborted, its rows kept.
        await fake.send_text(group, alice, "/stop")
        confirm = await fake.wait_for_message(group, text_contains="Stop the game")
        assert (await fake.press_button(carol, confirm, text="Yes, stop")).text == \
            "Only the table's creator or a chat admin can do that."
        # a refused press changes no message: the creator still has his Yes / No
        assert "Yes, stop" in fake.message(group, confirm.message_id).button_texts
        # forged stop data pressed on a hand message: refused, the move buttons stay
        hand = hand_message(fake, bob)
        assert hand is not None
        before = list(hand.button_texts)
        await fake.press(bob, hand, f"l|{table_id}|stop|no", strict=False)
        assert fake.message(bob, hand.message_id).button_texts == before
        assert (await fake.press_button(alice, confirm, text="Yes, stop")).text == \
            "The game was stopped."
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
            rows = await tx.score_rows(table_id)
        assert table is not None and table.status == "aborted"
        assert rows, "the deals played keep their rows"
        async with app.service.kit.locks(table_id):  # the stop's work after its answer is done
            pass
        assert app.service.clock.timers.pending(table_id) == []


async def test_two_topics_of_a_forum_do_not_interfere(fake: FakeTelegram, kozyr: Any) -> None:
    forum = fake.group(-100777, "Forum club", forum=True)
    users = [fake.user(201, "Ann"), fake.user(202, "Ben"), fake.user(203, "Cid"),
             fake.user(204, "Dan")]
    async with kozyr() as app:
        first = await _lobby(fake, forum, users[:2], thread_id=11)
        await fake.send_text(forum, users[2], "/new deberts", thread_id=22)
        second = await fake.wait_for_message(forum, text_contains="new table")
        assert second.message_thread_id == 22 and first.message_thread_id == 11
        await fake.start_bot(users[3])
        await fake.wait_for_message(users[3], text_contains="kozyr")
        await fake.start_bot(users[2])
        await fake.press_button(users[3], second, text="Join")
        await fake.press_button(users[0], first, text="Start")
        await fake.press_button(users[2], second, text="Start")
        await fake.wait_for(lambda f: all(hand_message(f, u) for u in users), what="hands")
        rng = random.Random(8)
        await play_moves(fake, users[:2], rng, limit=10)
        await play_moves(fake, users[2:], rng, limit=10)
        for m in fake.bot_messages(forum):
            assert m.message_thread_id in (11, 22)
        async with app.store.transaction() as tx:
            tables = await tx.unfinished_tables()
        assert sorted(t.thread_id for t in tables) == ["11", "22"]
        for t in tables:
            assert t.id is not None
            assert await _actions(app, t.id) >= 10


async def test_private_chat_table_with_a_bot(fake: FakeTelegram, kozyr: Any) -> None:
    solo = fake.user(301, "Solo")
    async with kozyr() as app:
        await fake.start_bot(solo)
        await fake.wait_for_message(solo, text_contains="kozyr")
        await fake.send_text(solo, solo, "/new deberts")
        lobby = await fake.wait_for_message(solo, text_contains="new table")
        await fake.press_button(solo, lobby, text="🤖+ strong")
        table_id = await _table_id(app)
        await _set_option(app, table_id, target=301)  # the shortest match ends the same way
        assert (await fake.press_button(solo, lobby, text="Start")).text == "Done."
        await fake.wait_for(lambda f: bool((m := hand_message(f, solo)) and m.buttons),
                            what="a hand with buttons")
        await play_moves(fake, [solo], random.Random(1), limit=3000)
        assert (await current_match(app, table_id)).is_over
