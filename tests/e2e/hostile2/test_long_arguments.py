"""Commands whose answers repeat what was typed: a message as long as Telegram allows."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser


@pytest.mark.parametrize("command", ["/stats", "/export", "/top", "/history", "/score"])
async def test_a_4096_character_argument(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        caplog: pytest.LogCaptureFixture, command: str) -> None:
    # FINDING (major, an ERROR traceback and no answer) for /stats: "/stats <4000 letters>"
    # is answered "I don't know <the 4000 letters>", over Telegram's 4096 characters:
    # refused with 400 "message is too long", logged as "update failed".
    group, alice, _ = club
    async with kozyr():
        text = command + " " + "x" * (4096 - len(command) - 1)
        mark = fake.mark()
        await fake.send_text(group, alice, text)
        # the answer first (a quiet 50 ms alone can pass while a loaded machine still works)
        await fake.wait_for(lambda f: f.bot_messages(group) or any(
            c.status >= 400 for c in f.calls(since=mark)), what="an answer or a refusal")
        await fake.settle()
        refused = [(c.method, c.status) for c in fake.calls(since=mark) if c.status >= 400]
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert not refused and not errors, (refused, errors)
        assert fake.bot_messages(group), "no answer"
