"""The new screens read engine facts kept in the stored state, not the events the snapshot no
longer holds: the previous trick's line names its taker on the table message, and the same
line is shown again after a restart mid-deal (the table redrawn from the stored match alone)
and after the next move there."""

from __future__ import annotations

import random
from typing import Any

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.hostile6._play import one_move
from tests.kit.store import assert_stored_replays
from tests.kit.telegram import open_deberts, table_message, table_showing


def _previous_trick(text: str) -> str:
    return next((line for line in text.splitlines() if line.startswith("Previous trick")), "")


async def test_previous_trick_taker_survives_a_restart(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    users = [alice, bob]
    rng = random.Random(7)
    async with kozyr() as app:
        table_id = await open_deberts(fake, group, users, takebacks=False)
        for _ in range(60):
            await one_move(fake, users, rng)
            await fake.settle()
            if "— taken by" in _previous_trick(table_message(fake, group).text or ""):
                break
        line = _previous_trick(table_message(fake, group).text or "")
        assert "— taken by Alice" in line or "— taken by Bob" in line, line
    async with kozyr() as app:  # the start-up redraws the table from the stored match
        shown = await table_showing(fake, group, line)
        assert _previous_trick(shown.text or "") == line
        await assert_stored_replays(app, table_id)
