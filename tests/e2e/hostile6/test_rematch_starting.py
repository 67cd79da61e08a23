"""The rematch's last vote while its start notice is being posted (held here until the test
lets it go): a double press of the last voter and the first voter's press are told the rematch
is starting, a stranger is told he did not play, the offer's expiry job meanwhile changes
nothing; once posted, a press is told it started and one match runs."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.hostile3.test_rematch_attacks import _finished, labels
from tests.kit.telegram import answers

STARTED = "The rematch has started already."
STARTING = "The rematch is starting: its table is about to appear in the group."
STRANGER = "Only the players of this match can ask for a rematch."


def _hold_group_sends(app: Any) -> tuple[asyncio.Event, asyncio.Event]:
    """Every message to a group waits for the first event (set by the test); the second is
    set once one is waiting."""
    messenger = app.service.kit.messenger
    send = messenger.send
    go, waiting = asyncio.Event(), asyncio.Event()

    async def held(target: Any, screen: Any, *args: Any, **kwargs: Any) -> Any:
        if not target.private:
            waiting.set()
            await go.wait()
        return await send(target, screen, *args, **kwargs)

    messenger.send = held
    return go, waiting


async def test_presses_while_the_start_notice_is_posted(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    carol = fake.user(103, "Carol")
    async with kozyr() as app:
        result, table_id = await _finished(fake, group, alice, bob)
        await fake.settle()
        assert (await fake.press_button(alice, result, text="🔁 Rematch")).text \
            == "Waiting for Bob to press Rematch too."
        await fake.wait_for(lambda f: labels(f.message(group, result.message_id))
                            == ["🔁 Rematch · 1/2"], what="the count")
        await fake.settle()
        go, waiting = _hold_group_sends(app)
        shown = fake.message(group, result.message_id)
        data = shown.buttons[0][0].data
        last = fake.press_nowait(bob, shown, data)
        await asyncio.wait_for(waiting.wait(), 30)  # the vote committed, the notice held
        again = await answers(fake, [fake.press_nowait(u, shown, data, strict=False)
                                     for u in (bob, bob, alice, carol)])
        assert [a.text for a in again] == [STARTING, STARTING, STARTING, STRANGER]
        await app.service.rematch.on_expired(table_id, 0)  # the expiry job meanwhile
        assert last.answer is None  # still posting
        go.set()
        assert not (await answers(fake, [last]))[0].text
        await fake.wait_for_message(group, text_contains="🔁 Rematch: the same players",
                                    after=result)
        await fake.settle()
        assert labels(fake.message(group, result.message_id)) == []
        after = await fake.press(alice, shown, data, strict=False)
        assert after.text == STARTED
        async with app.store.transaction() as tx:
            tables = await tx.unfinished_tables()
        assert [t.status for t in tables] == ["playing"]
