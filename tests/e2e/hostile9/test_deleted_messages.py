"""Someone deletes the bot's messages mid-match: the group's table message before each move
(an admin tidying up, through a deal's end, when the bot deletes it itself), a player his own
hand message. The table goes on: a new table message, a new hand with its buttons, every move
taken once, nothing logged as a failure."""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.store import assert_stored_replays, stored_actions
from tests.kit.telegram import (
    game_buttons,
    hand_message,
    mover,
    open_deberts,
    press_move,
    table_message,
    version_of,
    wait_redrawn,
)


async def test_deleted_table_and_hand_messages(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        caplog: pytest.LogCaptureFixture) -> None:
    group, alice, bob = club
    users = [alice, bob]
    rng = random.Random(3)
    async with kozyr() as app:
        table_id = await open_deberts(fake, group, users, takebacks=False)
        await fake.settle()
        for _ in range(300):
            if any((m.text or "").startswith("Deal 1:") for m in fake.bot_messages(group)):
                break
            table_message(fake, group).deleted = True  # an admin deletes it
            user, message, data = mover(fake, users)
            other = next(u for u in users if u is not user)
            if rng.random() < 0.3 and (theirs := hand_message(fake, other)) is not None:
                theirs.deleted = True  # the other player deletes his hand message
            buttons = game_buttons(message)
            data = rng.choice([b.data for b in buttons if b.data.startswith("a|")] or [data])
            before = await stored_actions(app, table_id)
            mark = fake.mark()
            assert not (await press_move(fake, user, message, data, users)).text
            await wait_redrawn(fake, users, version_of(data), since=mark)
            await fake.settle()
            async with app.store.transaction() as tx:
                made = [a.code for a in (await tx.actions(table_id))[before:]]
            # the press is stored once, first (a move the bot makes for a player may follow)
            assert made[:1] == [data.split("|", 3)[3]] and made[1:].count(made[0]) == 0, made
            for u in users:  # each has a hand message to read (and press, on his turn)
                assert hand_message(fake, u) is not None, u.first_name
        else:
            raise AssertionError("the first deal never ended")
        assert table_message(fake, group) is not None
        assert any(game_buttons(hand_message(fake, u)) for u in users)
        await assert_stored_replays(app, table_id)
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING
                and r.name.startswith(("bot", "storage", "engine"))]
    assert not warnings, warnings
