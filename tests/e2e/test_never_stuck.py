"""Never stuck, never fooled: presses whose answer fails, forged out-of-engine buttons, long
notices, lobbies that were never posted. End to end through the real aiogram stack and the fake
Bot API; SQLite always, PostgreSQL too when ``TEST_DATABASE_URL`` is set.
"""

from __future__ import annotations

import logging
import shutil
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlmodel import select

from bot.i18n import LOCALES_DIR, Catalogs
from bot.model import ActData
from bot.tables.lobby import lobby_defaults
from bot.telegram.callbacks import pack
from storage import GameTable
from tests.e2e.conftest import (
    button_versions,
    hand_message,
    open_table,
    table_message,
    wait_redrawn,
)
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.fake.models import ApiCall
from tests.e2e.test_table_management import _table_id
from tests.kit.telegram import mover as _mover
from tests.records.conftest import db_url

__all__ = ["db_url"]  # the fixture, parametrized over SQLite and PostgreSQL


async def _answer_error(fake: FakeTelegram, query_id: str) -> str | None:
    """The error the bot got answering ``query_id`` (waits for its attempt)."""

    def attempt(f: FakeTelegram) -> Any:
        return [c for c in f.calls("answerCallbackQuery")
                if c.params.get("callback_query_id") == query_id and not c.pending]

    calls = await fake.wait_for(attempt, what=f"an answer to {query_id}")
    return calls[-1].error


async def test_expired_move_press_still_redraws_and_arms(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Class 1: a move whose press can no longer be answered (400 "query is too old": pressed
    while the bot was down or slow) is stored, redrawn, and the next player's clock armed."""
    group, alice, bob = club
    async with kozyr() as app:
        lobby = await open_table(fake, group, alice, bob)
        assert lobby is not None
        table_id = await _table_id(app)
        user, message, data = _mover(fake, [alice, bob])
        query = fake.press_nowait(user, message, data)
        query.expired = True  # as Telegram does for a press older than its time-out
        assert "query is too old" in (await _answer_error(fake, query.id) or "")
        version = int(data.split("|")[2])
        await wait_redrawn(fake, [alice, bob], version)
        await fake.wait_for(lambda _: "turn" in app.service.clock.timers.pending(table_id),
                            what="the next player's clock")


async def test_the_next_deadline_commits_with_the_move(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Class 2: once a move is stored, so is the next player's deadline. Checked while the bot
    waits for the answer to the press (the moment a kill would leave the database as it is):
    the previous player's deadline must be gone, or a restart would time the next one out."""
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        await fake.settle()
        async with app.store.transaction() as tx:
            before = await tx.get_table(table_id)
        assert before is not None and before.deadline is not None
        seen: list[GameTable] = []

        async def look(call: ApiCall) -> None:
            if call.method == "answerCallbackQuery" and not seen:
                async with app.store.transaction() as tx:
                    table = await tx.get_table(table_id)
                assert table is not None
                seen.append(table)

        fake.before_call = look
        user, message, data = _mover(fake, [alice, bob])
        await fake.press(user, message, data)
        assert seen and seen[0].version == before.version + 1
        assert seen[0].deadline is not None and seen[0].deadline > before.deadline


async def test_expired_start_press_deals(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Class 1: a Start whose answer fails still deals: hands, table message, no lobby Start."""
    group, alice, bob = club
    async with kozyr():
        for user in (alice, bob):
            await fake.start_bot(user)
            await fake.wait_for_message(user, text_contains="kozyr")
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="Deberts")
        await fake.press_button(bob, lobby, text="Join")
        start = lobby.find_button(text="Start")
        assert start.data is not None
        query = fake.press_nowait(alice, lobby, start.data)
        query.expired = True
        assert await _answer_error(fake, query.id)
        await fake.wait_for(lambda f: hand_message(f, alice) and hand_message(f, bob),
                            what="both hands")
        assert table_message(fake, group) is not None
        await fake.wait_for(lambda _: "Start" not in lobby.button_texts,
                            what="the lobby closed")


async def test_expired_stop_press_still_stops(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Class 1: a /stop confirmation whose answer fails still closes the table: the sheet is
    posted and no clock is left running."""
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        await fake.send_text(group, alice, "/stop")
        confirm = await fake.wait_for_message(group, text_contains="Stop the game")
        yes = confirm.find_button(text="Yes, stop")
        assert yes.data is not None
        query = fake.press_nowait(alice, confirm, yes.data)
        query.expired = True
        assert await _answer_error(fake, query.id)
        await fake.wait_for_message(group, text_contains="The game was stopped.")
        await fake.wait_for(lambda _: not app.service.clock.timers.pending(table_id),
                            what="the clocks stopped")


async def test_expired_press_against_a_bot_player(fake: FakeTelegram, kozyr: Any,
                                                  club: tuple[FakeChat, FakeUser, FakeUser]
                                                  ) -> None:
    """Class 1: after a press whose answer failed, the bot seat still moves."""
    group, alice, _ = club
    fake.callback_query_ttl = 0.0  # every answer comes too late
    async with kozyr() as app:
        await fake.start_bot(alice)
        await fake.wait_for_message(alice, text_contains="kozyr")
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="Deberts")
        bot_add = lobby.find_button(text="🤖+ normal")
        assert bot_add.data is not None
        fake.press_nowait(alice, lobby, bot_add.data)
        await fake.wait_for(lambda _: "🤖" in lobby.visible_text, what="the bot seated")
        start = lobby.find_button(text="Start")
        assert start.data is not None
        fake.press_nowait(alice, lobby, start.data)
        table_id = await _table_id(app)
        for _ in range(3):  # three moves of Alice, each followed by the bot's
            await fake.wait_for(lambda f: button_versions(f, [alice]), what="Alice's move")
            _, message, data = _mover(fake, [alice])
            fake.press_nowait(alice, message, data)
            version = int(data.split("|")[2])
            await fake.wait_for(
                lambda f, v=version: all(x > v for x in button_versions(f, [alice]))
                and button_versions(f, [alice]), what="the bot's move")
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
        assert table is not None and table.version >= 6


async def test_forged_out_of_engine_codes_change_nothing(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Class 7: "I'm back" by a seat that never became automatic, an expand prefix that opens
    none of the hand's moves, a stop "confirmation" that is neither of its two buttons: each is
    refused with a notice and changes nothing (no version bump that would make everyone's
    buttons stale, the clock keeps running)."""
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        await fake.settle()
        async with app.store.transaction() as tx:
            before = await tx.get_table(table_id)
        assert before is not None
        hand = hand_message(fake, bob)
        lobby = next(m for m in fake.bot_messages(group) if "Deberts" in (m.text or ""))
        assert hand is not None
        for message, data in (
                (hand, pack(ActData(table_id, before.version, "@back"))),
                (hand, f"x|{table_id}|{before.version}|play:ZZ"),
                (lobby, f"l|{table_id}|stop|maybe")):
            answer = await fake.press(bob if message is hand else alice, message, data,
                                      strict=False)
            assert answer.text == "This button is not valid.", data
        async with app.store.transaction() as tx:
            after = await tx.get_table(table_id)
        assert after is not None and after.status == "playing"
        assert (after.version, after.deadline) == (before.version, before.deadline)
        assert "turn" in app.service.clock.timers.pending(table_id)


async def test_lobby_stored_but_never_posted_is_posted_at_start(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        db_url: str) -> None:
    """Class 9: a lobby stored without a message (the bot died before posting it) is posted at
    the next start, so that it can be joined or cancelled instead of blocking /new."""
    group, alice, bob = club
    # what /new stores in its first transaction, as if the bot were killed right after it
    async with kozyr() as app, app.store.transaction() as tx:
        chat = await tx.upsert_chat("tg", str(group.id), group.title)
        user = await tx.upsert_user("tg", str(alice.id), alice.full_name, alice.username)
        assert chat.id is not None and user.id is not None
        table = await tx.create_table(chat.id, "deberts", user.id, lobby_defaults("deberts"))
        assert table.id is not None
        await tx.add_seat(table.id, 0, user.id)
    async with kozyr() as app:
        lobby = await fake.wait_for_message(group, text_contains="Deberts")
        answer = await fake.press_button(bob, lobby, text="Join")
        assert answer.text  # answered: the lobby works
        async with app.store.transaction() as tx:
            rows = list(await tx.session.exec(select(GameTable)))
        assert len(rows) == 1 and rows[0].message_id == str(lobby.message_id)


async def test_a_failing_database_still_answers_the_press(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        caplog: pytest.LogCaptureFixture) -> None:
    """Class 10: when the database fails under a press (here the action log is dropped, so the
    move's insert fails for real), the press is still answered, with "try again"."""
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        await fake.settle()
        async with app.store.transaction() as tx:
            await (await tx.session.connection()).execute(text("DROP TABLE action_log"))
        user, message, data = _mover(fake, [alice, bob])
        answer = await fake.press(user, message, data)
        assert answer.text == "Something went wrong, try again."
    assert any("failed" in r.getMessage() for r in caplog.get_records("call")
               if r.levelno >= logging.ERROR)
    caplog.clear()  # the handler's failure is logged as an error, as it should be


async def test_a_long_illegal_move_notice_is_cut(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        tmp_path: Path) -> None:
    """Class 12: a refusal longer than Telegram's 200 characters for a press answer (a rule's
    text as a translator may write it) is cut with an ellipsis, never refused by Telegram."""
    group, alice, bob = club
    locales = tmp_path / "locales"
    shutil.copytree(LOCALES_DIR, locales)
    with (locales / "en" / "LC_MESSAGES" / "long.po").open("w") as po:
        po.write('msgid "rule.DB-CODES"\nmsgstr "' + "This is not a move of this game. " * 9
                 + '"\n')
    async with kozyr() as app:
        app.service.catalogs = Catalogs(locales)
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        user, message, data = _mover(fake, [alice, bob])
        forged = pack(ActData(table_id, int(data.split("|")[2]), "nonsense"))
        answer = await fake.press(user, message, forged, strict=False)
        assert answer.text is not None and answer.text.startswith("Not allowed: This is not")
        assert len(answer.text) == 200 and answer.text.endswith("…")
