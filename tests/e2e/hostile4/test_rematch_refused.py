"""A rematch whose start notice the group refuses ("chat not found", or Forbidden) while the
players press again and again: the new table goes, the votes are as the press said, every
press is answered and no answer claims a rematch that never started."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.hostile3.test_rematch_attacks import _finished, labels
from tests.kit.telegram import answers

STARTED = "The rematch has started already."
STARTING = "The rematch is starting: its table is about to appear in the group."
REMOVED = "The bot is not in this group: add it back to play a rematch."


def _slow_group_sends(app: Any, seconds: float) -> None:
    """The group's queue is busy: every message to a group waits ``seconds`` before it goes
    (a busy group's Telegram queue; the real send follows)."""
    messenger = app.service.kit.messenger
    send = messenger.send

    async def slow(target: Any, screen: Any, *args: Any, **kwargs: Any) -> Any:
        if not target.private:
            await asyncio.sleep(seconds)
        return await send(target, screen, *args, **kwargs)

    messenger.send = slow


async def _kicked_and_voted(fake: FakeTelegram, kozyr: Any, app: Any, group: FakeChat,
                            alice: FakeUser, bob: FakeUser, *, how: str) -> Any:
    result, _ = await _finished(fake, group, alice, bob)
    assert (await fake.press_button(alice, result, text="🔁 Rematch")).text \
        == "Waiting for Bob to press Rematch too."
    await fake.wait_for(lambda f: labels(f.message(group, result.message_id))
                        == ["🔁 Rematch · 1/2"], what="the count")
    await fake.settle()
    if how == "kicked":
        fake.set_member_status(group, fake.bot_user, "kicked")  # the update never came
    else:
        fake.fail_next("sendMessage", "Bad Request: chat not found", times=20)
    return fake.message(group, result.message_id)


@pytest.mark.parametrize("how", ["kicked", "chat not found"])
async def test_double_presses_of_the_last_vote(fake: FakeTelegram, kozyr: Any,
                                               club: tuple[FakeChat, FakeUser, FakeUser],
                                               how: str) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        result = await _kicked_and_voted(fake, kozyr, app, group, alice, bob, how=how)
        said = await answers(fake, [fake.press_nowait(bob, result, result.buttons[0][0].data)
                                    for _ in range(4)])
        await fake.settle()
        texts = [a.text for a in said]
        assert REMOVED in texts, texts
        async with app.store.transaction() as tx:
            assert await tx.active_table(1) is None
            assert not await tx.unfinished_tables()


async def test_a_press_while_the_notice_is_refused_is_not_told_it_started(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        result = await _kicked_and_voted(fake, kozyr, app, group, alice, bob, how="kicked")
        _slow_group_sends(app, 0.6)
        data = result.buttons[0][0].data
        last = fake.press_nowait(bob, result, data)
        await asyncio.sleep(0.3)  # Bob's vote is committed; the notice waits in the queue
        again = [fake.press_nowait(alice, result, data, strict=False),
                 fake.press_nowait(bob, result, data, strict=False)]
        said = await answers(fake, [last, *again])
        await fake.settle()
        async with app.store.transaction() as tx:
            assert not await tx.unfinished_tables()  # no rematch started
        assert said[0].text == REMOVED
        assert all(a.text != STARTED for a in said), [a.text for a in said]
        assert STARTING in [a.text for a in said[1:]], [a.text for a in said]
