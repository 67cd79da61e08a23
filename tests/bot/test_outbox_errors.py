"""The outbox survives what a messenger may raise (issue #11): an error fails its own delivery
only; a cancellation inside the messenger cancels the delivery instead of leaving it pending
(``Display.drain`` and shutdown waited on it forever)."""

from __future__ import annotations

import asyncio

import pytest

from bot.model import Person, Place, Screen, Target
from bot.outbox import Outbox


class Recorder:
    """A messenger in memory: numbers the messages it posts; raises ``fail`` once if set."""

    platform = "tg"

    def __init__(self) -> None:
        self.posted: list[str] = []
        self.fail: BaseException | None = None

    async def send(self, target: Target, screen: Screen) -> str:
        await asyncio.sleep(0.01)
        if self.fail is not None:
            error, self.fail = self.fail, None
            raise error
        self.posted.append(screen.text)
        return str(len(self.posted))

    async def edit(self, target: Target, message_id: str, screen: Screen) -> str:
        return message_id

    async def send_photo(self, target: Target, image: bytes, caption: Screen) -> str:
        return await self.send(target, caption)

    async def send_document(self, target: Target, data: bytes, filename: str,
                            caption: Screen) -> str:
        return await self.send(target, caption)

    async def delete(self, target: Target, message_id: str) -> bool:
        return True

    async def is_admin(self, place: Place, person: Person) -> bool:
        return False

    def deep_link(self, payload: str) -> str | None:
        return None


async def test_an_error_fails_only_its_own_delivery() -> None:
    messenger = Recorder()
    outbox = Outbox(messenger)
    group = Target("-1")
    messenger.fail = RuntimeError("boom")
    first, second = outbox.post(group, Screen("a")), outbox.post(group, Screen("b"))
    with pytest.raises(RuntimeError):
        await first
    assert await second == "1"
    assert messenger.posted == ["b"]


async def test_a_cancellation_inside_the_messenger_settles_the_delivery() -> None:
    messenger = Recorder()
    outbox = Outbox(messenger)
    group = Target("-1")
    messenger.fail = asyncio.CancelledError()
    first = outbox.post(group, Screen("a"))
    await asyncio.sleep(0.1)
    assert first.cancelled()
    assert await asyncio.wait_for(outbox.post(group, Screen("c")), 1) == "1"
    await asyncio.wait_for(outbox.close(), 1)
