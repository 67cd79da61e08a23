"""A match stopped mid-deal, after a restart: its sheet, picture, deal record, export and the
group's history read its result without an error."""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.telegram import open_table, play_moves


async def test_records_of_a_match_stopped_mid_deal(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        caplog: pytest.LogCaptureFixture) -> None:
    group, alice, bob = club
    async with kozyr():
        await open_table(fake, group, alice, bob)
        await play_moves(fake, [alice, bob], random.Random(5), limit=5)
        await fake.send_text(group, alice, "/stop")
        confirm = await fake.wait_for_message(group, text_contains="Stop the game")
        await fake.press_button(alice, confirm, text="Yes, stop")
        await fake.settle()
    caplog.clear()
    async with kozyr():
        await fake.send_text(group, alice, "/score")
        sheet = await fake.wait_for_message(
            group, predicate=lambda m: "📜 Deal record" in m.button_texts)
        # no row yet: no picture of an empty sheet is offered
        assert "🖼 Picture" not in sheet.button_texts, sheet.button_texts
        for label in ("📜 Deal record", "💾 Export"):
            assert not (await fake.press_button(bob, sheet, text=label)).text, label
        for command in ("/history", "/stats", "/top", "/score"):
            await fake.send_text(group, alice, command)
        # the record is drawn after the press is answered: waited for, not assumed settled
        await fake.wait_for(lambda f: any("deal record" in (m.text or "")
                                          for m in f.bot_messages(group)), what="the record")
        await fake.settle()
        refused = [x for x in fake.calls() if x.status == 400]
        assert not refused, refused
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING
                  and r.name.startswith(("bot", "storage", "engine"))]
        assert not errors, errors
