"""A group in daily use: private tables, /lang mid-match, a player who blocks the bot, the bot
removed and added back mid-move, /leave and "I'm back" races."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.e2e.conftest import button_versions, hand_message, open_table
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_never_stuck import _mover
from tests.e2e.test_strangers import _open_lobby
from tests.e2e.test_table_management import _table_id
from tests.kit.store import table_status as _status


async def test_a_table_in_a_private_chat_can_be_stopped(fake: FakeTelegram, kozyr: Any) -> None:
    # FINDING C1 (critical, a table stuck): /stop is routed for groups only
    # (routers.py: F.chat.type.in_(GROUPS)); in a private table /stop is silently ignored, so
    # its owner can neither stop it nor open another (/new: "a table is open") until the match
    # is played out.
    solo = fake.user(301, "Solo")
    async with kozyr() as app:
        lobby, table_id = await _open_lobby(fake, solo, solo, app)
        await fake.press_button(solo, lobby, text="🤖+ easy")
        assert (await fake.press_button(solo, lobby, text="Start")).text == "Done."
        await fake.settle()
        mark = fake.mark()
        await fake.send_text(solo, solo, "/stop")
        confirm = await fake.wait_for_message(solo, text_contains="Stop the game")
        assert fake.calls("sendMessage", since=mark), "/stop in a private table: no answer"
        await fake.press_button(solo, confirm, text="Yes, stop")
        # used once, as in a group (the edit may follow the press's answer)
        await fake.wait_for(lambda f: not f.message(solo, confirm.message_id).buttons,
                            what="the confirmation's buttons gone")
        await fake.settle()
        assert await _status(app, table_id) == "aborted"


async def test_answers_follow_the_chats_language(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # FINDING m1 (minor, wording): after /lang ru, the answer to "I'm back" (service.back)
    # and to a forged expand (service.expand) come in the bot's default language, not the
    # chat's: both use tr(None).
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        await fake.send_text(group, alice, "/lang ru")
        await fake.wait_for_message(group, text_contains="русск")
        await fake.send_text(group, bob, "/leave")
        await fake.wait_for(lambda f: any(b.data and b.data.endswith("|@back")
                                          for m in [hand_message(f, bob)] if m
                                          for row in m.buttons for b in row),
                            what="Bob's I'm back button")
        hand = hand_message(fake, bob)
        assert hand is not None
        back = next(b.data for row in hand.buttons for b in row
                    if b.data and b.data.endswith("|@back"))
        assert back is not None
        answer = await fake.press(bob, hand, back)
        assert answer.text == "С возвращением: место снова ваше.", answer.text
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
        assert table is not None
        answer = await fake.press(bob, hand, f"x|{table_id}|{table.version}|zz", strict=False)
        assert answer.text == "Эта кнопка недействительна.", answer.text


async def test_double_im_back_and_the_bots_move(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """/leave, then "I'm back" pressed twice at once while the bot moves for the seat: one
    succeeds, the seat is Bob's again, and the game goes on (someone has buttons)."""
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        await fake.send_text(group, bob, "/leave")
        await fake.wait_for(lambda f: any(b.data and b.data.endswith("|@back")
                                          for m in [hand_message(f, bob)] if m
                                          for row in m.buttons for b in row),
                            what="Bob's I'm back button")
        hand = hand_message(fake, bob)
        assert hand is not None
        back = next(b.data for row in hand.buttons for b in row
                    if b.data and b.data.endswith("|@back"))
        assert back is not None
        queries = [fake.press_nowait(bob, hand, back) for _ in range(2)]
        answers = await asyncio.gather(*[fake.wait_for(lambda _, q=q: q.answer, what="answer")
                                         for q in queries])
        assert sorted(a.text or "" for a in answers)[1].startswith("Welcome back")
        await fake.settle()
        async with app.store.transaction() as tx:
            seats = await tx.seats(table_id)
        assert all(s.bot_level is None for s in seats)
        await fake.wait_for(lambda f: button_versions(f, [alice, bob]), what="a move offered")


async def test_a_player_who_blocks_the_bot_mid_match_gets_his_hand_back(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        await fake.settle()
        fake.block_bot(bob)
        for _ in range(4):  # moves until Bob is to move (his hand cannot be drawn)
            user, message, data = _mover(fake, [alice])  if any(
                b.data and b.data.startswith("a|") for m in [hand_message(fake, alice)] if m
                for row in m.buttons for b in row) else (None, None, None)
            if user is None:
                break
            assert message is not None and data is not None
            await fake.press(user, message, data)
            await fake.settle()
        await fake.wait_for_message(group, text_contains="I cannot send cards to: Bob")
        await fake.start_bot(bob)
        await fake.settle()
        await fake.wait_for(lambda f: button_versions(f, [alice, bob]), what="a move offered")
        user, message, data = _mover(fake, [alice, bob])
        assert not (await fake.press(user, message, data)).text
        assert await _status(app, await _table_id(app)) == "playing"


async def test_bot_kicked_mid_move_and_added_back(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    fake.set_admin(group, alice, creator=True)
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        await fake.settle()
        user, message, data = _mover(fake, [alice, bob])
        query = fake.press_nowait(user, message, data)
        fake.kick_bot(group, alice)
        await fake.wait_for(lambda _: query.answer, what="the press answered")
        await fake.settle()
        # a press while suspended is refused
        user2, message2, data2 = _mover(fake, [alice, bob])
        answer = await fake.press(user2, message2, data2)
        assert answer.text, "a move was made while the bot was out of the group"
        fake.add_bot_back(group, alice)
        await fake.wait_for_message(group, text_contains="/resume")
        await fake.send_text(group, alice, "/resume")
        await fake.settle()
        async with app.store.transaction() as tx:
            resumed = await tx.get_table(table_id)
            assert resumed is not None
        # every hand redrawn at the resumed table's version (a loaded machine may lag)
        await fake.wait_for(lambda f: set(button_versions(f, [alice, bob])) == {resumed.version},
                            what="a move offered at the resumed version")
        user3, message3, data3 = _mover(fake, [alice, bob])
        assert not (await fake.press(user3, message3, data3)).text
        assert await _status(app, table_id) == "playing"


async def test_kicked_with_a_lobby_then_back_then_new(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """The bot removed while a lobby is open, restarted while out, added back: /new opens a
    table, and the old lobby's Join is refused (not seated in a closed lobby)."""
    group, alice, bob = club
    fake.set_admin(group, alice, creator=True)
    async with kozyr():
        await fake.start_bot(alice)
        await fake.wait_for_message(alice, text_contains="kozyr")
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="new table")
        join = next(b.data for row in lobby.buttons for b in row if b.text == "Join")
        assert join is not None
        fake.kick_bot(group, alice)
        await fake.settle()
    async with kozyr() as app:
        fake.add_bot_back(group, alice)
        await fake.settle()
        # the closed lobby's message loses Join once the bot is back (m5); an old Join
        # pressed anyway (a client showing the old buttons) is refused
        await fake.wait_for(
            lambda f: "Join" not in f.message(group, lobby.message_id).button_texts,
            what="the closed lobby's Join removed")
        answer = await fake.press(bob, lobby, join, strict=False)
        assert answer.text and "at the table" not in answer.text
        await fake.send_text(group, alice, "/new deberts")
        await fake.wait_for(lambda f: len([m for m in f.bot_messages(group)
                                           if "new table" in (m.text or "")]) == 2,
                            what="a second lobby")
        async with app.store.transaction() as tx:
            assert len(await tx.unfinished_tables()) == 1


async def test_kicked_mid_game_restart_then_stop(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Suspended, the bot restarted while out, added back: /stop (not /resume) ends the game
    and clears the clocks; /new then works."""
    group, alice, bob = club
    fake.set_admin(group, alice, creator=True)
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        fake.kick_bot(group, alice)
        await fake.settle()
    async with kozyr() as app:
        await fake.settle()
        assert not app.service.clock.timers.pending(table_id)
        fake.add_bot_back(group, alice)
        await fake.wait_for_message(group, text_contains="/resume")
        await fake.send_text(group, alice, "/stop")
        confirm = await fake.wait_for_message(group, text_contains="Stop the game")
        await fake.press_button(alice, confirm, text="Yes, stop")
        await fake.wait_for_message(group, text_contains="The game was stopped.")
        assert await _status(app, table_id) == "aborted"
        await fake.send_text(group, alice, "/new deberts")
        await fake.wait_for(lambda f: len([m for m in f.bot_messages(group)
                                           if "new table" in (m.text or "")]) == 2,
                            what="a new lobby")


async def test_a_muted_bot_logs_no_traceback(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # FINDING M6 (major, a traceback): a group where the bot may not write (an admin muted
    # it: 400 "not enough rights to send text messages"; or it was removed a moment before the
    # command arrived: 403) answers every command with an unhandled error: /help, /new's
    # invitation, /score, /stop... go through LobbyMixin._say / messenger.send unguarded and
    # the router logs "update N failed" with a traceback at ERROR level.
    group, alice, _ = club
    async with kozyr():
        for command in ("/help", "/score", "/lang xx", "/stop"):
            fake.fail_next("sendMessage", "Bad Request: not enough rights to send text "
                           "messages to the chat")
            await fake.send_text(group, alice, command)
            await fake.settle()
