"""Owner buttons pressed twice, late, or by someone else."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from tests.e2e.conftest import open_table
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.store import table_status as _status

OWNER = 999


def _answered(query: Any) -> Any:
    return lambda _: query.answer


async def _confirm(fake: FakeTelegram, owner: FakeUser) -> Any:
    await fake.send_text(owner, owner, "/tables")
    listing = await fake.wait_for_message(owner, text_contains="Open tables")
    await fake.press_button(owner, listing, text="⏹ #1")
    return await fake.wait_for_message(owner, text_contains="Stop this table?")


@pytest.mark.parametrize("label", ["No, play on", "Yes"])
async def test_owner_double_taps_the_confirmation(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        caplog: pytest.LogCaptureFixture, label: str) -> None:
    """The owner taps "No" (or "Yes") twice quickly: both taps answered, no ERROR traceback
    (the second edit of the confirmation to the same text is "message is not modified")."""
    group, alice, bob = club
    owner = fake.user(OWNER, "Olga")
    async with kozyr(owner_ids=frozenset({OWNER})) as app:
        await open_table(fake, group, alice, bob)
        await fake.start_bot(owner)
        await fake.settle()
        confirm = await _confirm(fake, owner)
        data = next(b.data for row in confirm.buttons for b in row if b.text.startswith(label))
        assert data is not None
        queries = [fake.press_nowait(owner, confirm, data) for _ in range(2)]
        answers = []
        for q in queries:
            answers.append(await fake.wait_for(_answered(q), what="answer"))
        await fake.settle()
        assert all(a.text for a in answers), [a.text for a in answers]
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, errors
        assert await _status(app, 1) == ("playing" if label.startswith("No") else "aborted")


async def test_owner_presses_an_old_confirmation_after_the_table_was_stopped(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        caplog: pytest.LogCaptureFixture) -> None:
    """Two confirmations for the same table; the first says yes; the second says yes later:
    answered "gone", nothing else stopped, no ERROR."""
    group, alice, bob = club
    owner = fake.user(OWNER, "Olga")
    async with kozyr(owner_ids=frozenset({OWNER})) as app:
        await open_table(fake, group, alice, bob)
        await fake.start_bot(owner)
        await fake.settle()
        first = await _confirm(fake, owner)
        second = await _confirm(fake, owner)
        assert first.message_id != second.message_id
        await fake.press_button(owner, first, text_contains="Yes")
        await fake.settle()
        # a new game at the same group meanwhile: table 2
        await fake.send_text(group, alice, "/new deberts")
        await fake.wait_for(lambda f: len([m for m in f.bot_messages(group)
                                           if "new table" in (m.text or "")]) == 2,
                            what="the second lobby")
        answer = await fake.press_button(owner, second, text_contains="Yes")
        assert answer.text and "#1" in answer.text
        await fake.settle()
        assert await _status(app, 2) == "lobby"
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, errors


async def test_owner_button_pressed_in_a_group_by_the_owner(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Forged owner data pressed by the owner on a group message (the lobby): the owner
    router only serves private chats, so it is refused and nothing stops."""
    group, alice, _ = club
    owner = fake.user(OWNER, "Olga")
    async with kozyr(owner_ids=frozenset({OWNER})) as app:
        await fake.start_bot(alice)
        await fake.wait_for_message(alice, text_contains="kozyr")
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="new table")
        answer = await fake.press(owner, lobby, "own|yes|1", strict=False)
        assert answer.text
        await fake.settle()
        assert await _status(app, 1) == "lobby"
        assert "Join" in fake.message(group, lobby.message_id).button_texts
