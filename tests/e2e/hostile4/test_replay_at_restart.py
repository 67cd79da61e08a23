"""The one deal-record replay in flight per chat, pressed when the bot stops: the press that
was answered as posted is posted before the bot is down (drained), and the restarted bot has
no chat left marked busy."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.hostile3.test_deal_record_presses import _stopped_table, records
from tests.kit.telegram import answers

BUSY = "Another deal record is being prepared here: press again in a moment."


async def test_a_replay_in_flight_at_a_restart(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.records.service as service

    group, alice, bob = club
    real = service.deal_record
    gate = threading.Event()

    def held(export: Any, number: int) -> Any:
        gate.wait(5)
        return real(export, number)

    monkeypatch.setattr(service, "deal_record", held)
    async with kozyr() as app:
        first = await _stopped_table(fake, group, alice, bob, app)
        second = await _stopped_table(fake, group, alice, bob, app)
        sheet = fake.bot_messages(group)[-1]
        said = await answers(fake, [fake.press_nowait(u, sheet, f"r|{t}|deal|1", strict=False)
                                    for t in (first, second, first, second)
                                    for u in (alice, bob)])
        texts = [a.text or "" for a in said]
        assert texts.count("") == 1, texts
        assert set(texts) <= {"", BUSY, "Already posted above."}, texts
        threading.Timer(0.5, gate.set).start()  # the replay ends while the bot stops
    assert len(records(fake, group)) == 1, "the press answered as posted was posted"
    monkeypatch.setattr(service, "deal_record", real)
    async with kozyr():
        sheet = fake.bot_messages(group)[-1]
        for table in (first, second):
            assert (await fake.press(bob, sheet, f"r|{table}|deal|1", strict=False)).text \
                in ("", None)
        await fake.wait_for(lambda f: len(records(f, group)) == 3, what="both records again")
        await fake.settle()
        assert len(records(fake, group)) == 3
