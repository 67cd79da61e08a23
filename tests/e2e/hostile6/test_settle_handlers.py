"""``FakeTelegram.settle()`` now waits for the updates a dispatcher is handling: it must still
return (nothing hangs) after a storm of presses, after a restart, and with no bot running; a
handler held on purpose makes it fail within its timeout (TimeoutError), and once let go it
returns with the handler's reply posted."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.telegram import answers, hand_message, mover, open_deberts


async def test_settle_after_a_storm_a_restart_and_no_bot(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    users = [alice, bob]
    async with kozyr():
        await open_deberts(fake, group, users, takebacks=False)
        user, hand, data = mover(fake, users)
        other = next(u for u in users if u is not user)
        storm = [fake.press_nowait(u, hand_message(fake, u) or hand, data, strict=False)
                 for _ in range(6) for u in (user, other)]
        storm.append(fake.press_nowait(user, hand, "a|999|1|x", strict=False))
        said = await answers(fake, storm)
        await fake.settle()
        assert fake._handling == 0
        assert sum(1 for a in said if not a.text) == 1, [a.text for a in said]
    async with kozyr():  # a restart: the new dispatcher's handlers are counted too
        await fake.send_text(group, alice, "/score")
        await fake.wait_for_message(group, text_contains="Deberts")
        await fake.settle()
    await fake.settle()  # no bot running: nothing to wait for
    assert fake._handling == 0


async def test_a_held_handler_times_settle_out_then_settles(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        await open_deberts(fake, group, [alice, bob], takebacks=False)
        await fake.settle()
        records = app.service.records
        score = records.score
        go, waiting = asyncio.Event(), asyncio.Event()

        async def held(*args: Any, **kwargs: Any) -> None:  # a handler busy for a while
            waiting.set()
            await go.wait()
            await score(*args, **kwargs)

        records.score = held
        newest = fake.bot_messages(group)[-1]
        await fake.send_text(group, alice, "/score")
        await asyncio.wait_for(waiting.wait(), 30)  # the handler is held
        with pytest.raises(TimeoutError):
            await fake.settle(timeout=0.5)
        go.set()
        await fake.settle()
        assert fake._handling == 0
        await fake.wait_for_message(group, text_contains="Deberts", after=newest)
