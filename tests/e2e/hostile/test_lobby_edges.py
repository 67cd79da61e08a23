"""Lobby edges: the creator walks out; /lang mid-match."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import hand_message, open_table
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_never_stuck import _mover
from tests.e2e.test_table_management import _table_id


async def test_a_lobby_without_humans_does_not_start(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # FINDING m4 (minor): the creator leaves his lobby, adds two bot players and presses
    # Start: a match of bots only starts in the group (posting every trick until someone
    # /stops it); nobody can play in it.
    group, alice, _ = club
    async with kozyr(bot_delay=30.0) as app:  # no bot move before the end (see M7)
        await fake.start_bot(alice)
        await fake.wait_for_message(alice, text_contains="kozyr")
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="new table")
        await fake.press_button(alice, lobby, text="Leave")
        await fake.press_button(alice, lobby, text="🤖+ easy")
        await fake.press_button(alice, lobby, text="🤖+ easy")
        answer = await fake.press_button(alice, lobby, text="Start")
        await fake.settle()
        async with app.store.transaction() as tx:
            tables = await tx.unfinished_tables()
        assert not (tables and tables[-1].status == "playing"), answer.text


async def test_closing_while_a_bot_moves_logs_no_error(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # FINDING M7 (major, a traceback): the bot stopped (TelegramApp.close: a deploy, SIGTERM)
    # while a bot player's move runs: Timers.shutdown does not wait for running jobs, the
    # store closes under the job's transaction, the job dies with CancelledError (not caught
    # by Timers._run's "except Exception") and APScheduler logs 'Job "Timers._run" raised an
    # exception' with a traceback at ERROR. Here bot players move at every seat (Alice
    # /leaves her seat to a bot: a bots-only lobby no longer starts, m4) and keep a bot move
    # running; any table with a bot player to move at shutdown does the same.
    group, alice, _ = club
    async with kozyr(bot_delay=0.0) as app:
        await fake.start_bot(alice)
        await fake.wait_for_message(alice, text_contains="kozyr")
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="new table")
        await fake.press_button(alice, lobby, text="🤖+ easy")
        await fake.press_button(alice, lobby, text="🤖+ easy")
        await fake.press_button(alice, lobby, text="Start")
        table_id = await _table_id(app)
        await fake.send_text(group, alice, "/leave")

        async def moves() -> int:
            async with app.store.transaction() as tx:
                record = await tx.get_match(table_id)
            return record.snapshot_seq if record else 0

        for _ in range(200):
            if await moves() >= 10:
                break
            await fake.settle()


async def test_lang_mid_match_redraws_in_the_new_language(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        await _table_id(app)
        await fake.send_text(group, alice, "/lang uk")
        await fake.settle()
        user, message, data = _mover(fake, [alice, bob])
        assert not (await fake.press(user, message, data)).text
        await fake.settle()
        for u in (alice, bob):
            hand = hand_message(fake, u)
            assert hand is not None and "Ваші карти" in (hand.text or ""), hand.text
