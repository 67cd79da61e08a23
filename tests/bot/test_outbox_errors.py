"""The outbox survives what a messenger may raise (issue #11): an error fails its own delivery
only; a cancellation inside the messenger cancels the delivery instead of leaving it pending
(``Display.drain`` and shutdown waited on it forever)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import pytest

from bot.model import Screen, Target
from bot.show.outbox import Outbox
from tests.records.conftest import RecordingMessenger


@dataclass
class FailingOnce(RecordingMessenger):
    """Records what it posts; raises ``fail`` once (after a short wait) if set."""

    fail: BaseException | None = None

    async def send(self, target: Target, screen: Screen) -> str:
        await asyncio.sleep(0.01)
        if self.fail is not None:
            error, self.fail = self.fail, None
            raise error
        return await super().send(target, screen)


async def test_an_error_fails_only_its_own_delivery() -> None:
    messenger = FailingOnce(fail=RuntimeError("boom"))
    outbox = Outbox(messenger)
    group = Target("-1")
    first, second = outbox.post(group, Screen("a")), outbox.post(group, Screen("b"))
    with pytest.raises(RuntimeError):
        await first
    assert await second == "1"
    assert [s.screen.text for s in messenger.sent] == ["b"]


async def test_a_cancellation_inside_the_messenger_settles_the_delivery() -> None:
    messenger = FailingOnce(fail=asyncio.CancelledError())
    outbox = Outbox(messenger)
    group = Target("-1")
    first = outbox.post(group, Screen("a"))
    await asyncio.sleep(0.1)
    assert first.cancelled()
    assert await asyncio.wait_for(outbox.post(group, Screen("c")), 1) == "1"
    await asyncio.wait_for(outbox.close(), 1)
