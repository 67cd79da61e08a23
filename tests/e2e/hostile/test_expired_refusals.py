"""Presses answered too late (Telegram's "query is too old") on the paths that refuse them.

The suite fails a test on any ERROR log (tests/conftest.py). The team's fix covers a move, a
Start and a /stop confirmation whose answer fails (tests/e2e/test_never_stuck.py); these are the
other handlers, which answer with ``query.answer`` directly.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import hand_message, open_table
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_never_stuck import _answer_error
from tests.e2e.test_table_management import _table_id


@pytest.mark.parametrize("forged", [
    # FINDING M3 (major): each of these, answered too late, logs "update ... failed" with a
    # traceback at ERROR level (the handler's query.answer raises, nothing catches it).
    "garbage",          # routers.garbage
    "a|-1|1|pass",      # routers.act, the in_range refusal
    "x|{t}|{v}|",       # routers.expand (close a choice)
    "x|{t}|{v}|zz",     # routers.expand, a prefix not offered
    "r|{t}|export|0",   # records_router.button (not over yet)
    "l|{t}|join|",      # a stranger's join: lobby() answers the refusal with reply(), unguarded
])
async def test_an_expired_refused_press_logs_no_error(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        forged: str) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        await fake.settle()
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
        assert table is not None
        hand = hand_message(fake, bob)
        assert hand is not None
        presser = bob
        if forged.startswith("l|"):
            presser = fake.user(666, "Mallory")  # not in the group; presses in her own chat
            await fake.start_bot(presser)
            hand = await fake.wait_for_message(presser, text_contains="kozyr")
        data = forged.format(t=table_id, v=table.version)
        query = fake.press_nowait(presser, hand, data, strict=False)
        query.expired = True
        assert await _answer_error(fake, query.id)
        await fake.settle()
