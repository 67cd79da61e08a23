"""/tables on a busy bot: many clubs with a table open each."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from tests.e2e.fake import FakeTelegram

OWNER = 999
CLUBS = 60


async def test_tables_lists_sixty_open_tables(fake: FakeTelegram, kozyr: Any,
                                              caplog: pytest.LogCaptureFixture) -> None:
    # FINDING (major, an unanswered command and an ERROR traceback): with ~45+ open tables
    # the list is one message over Telegram's 4096 characters, refused with 400 "message is
    # too long"; the owner gets nothing and the log an ERROR.
    owner = fake.user(OWNER, "Olga")
    async with kozyr(owner_ids=frozenset({OWNER})):
        for i in range(CLUBS):
            user = fake.user(1000 + i, f"Player {i}")
            group = fake.group(-100500000 - i, f"Club number {i} of the league")
            await fake.send_text(group, user, "/new bazar_belot")
            await fake.wait_for_message(group, text_contains="Bazar-Belot")
        await fake.start_bot(owner)
        await fake.settle()
        mark = fake.mark()
        await fake.send_text(owner, owner, "/tables")
        await fake.wait_for_message(owner, text_contains="Open tables", timeout=30)
        await fake.settle()
        refused = [(c.method, c.status) for c in fake.calls(since=mark) if c.status >= 400]
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        shown = " ".join(m.text or "" for m in fake.bot_messages(owner))
        assert not refused and not errors, (refused, errors)
        assert "Open tables: 60" in shown
