"""/score before any deal is over offers no "🖼 Picture" of the empty sheet (a reader's pass,
issue #20); once a deal is written it does. Through the real bot and the fake Bot API."""

from __future__ import annotations

import random
from typing import Any

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.telegram import open_table, play_moves

PICTURE = "🖼"


def _labels(message: Any) -> list[str]:
    return [b.text for row in message.buttons for b in row]


async def test_no_picture_of_an_empty_sheet(fake: FakeTelegram, kozyr: Any,
                                            club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr():
        await open_table(fake, group, alice, bob)
        await fake.send_text(group, alice, "/score")
        empty = await fake.wait_for_message(group, text_contains="No deal was played")
        assert not any(PICTURE in t for t in _labels(empty)), _labels(empty)
        await play_moves(fake, [alice, bob], random.Random(5), limit=60)  # a deal or more
        await fake.send_text(group, alice, "/score")
        sheet = await fake.wait_for_message(group, text_contains="Deal |")
        assert any(PICTURE in t for t in _labels(sheet)), _labels(sheet)
