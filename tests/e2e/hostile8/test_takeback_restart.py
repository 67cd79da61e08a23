"""A takeback request racing a restart (takebacks on in the lobby): asked, then the bot
restarts before the other player answers, or the request is pressed while the bot is down.
After the restart the request is either still answerable (Accept takes the move back) or
clearly gone (its buttons off the hands, a press of them refused); never a stuck table."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.store import assert_stored_replays, stored_actions
from tests.kit.telegram import (
    TAKE_BACK,
    ask_take_back,
    deberts_table,
    game_buttons,
    hand_message,
    mover_and_other,
    open_deberts,
    press_first_move,
    take_back_offered,
)


def _accept(message: Any) -> str | None:
    return next((b.data for row in message.buttons for b in row
                 if b.text.startswith("✅ Accept")), None)


async def _not_stuck(fake: FakeTelegram, users: list[FakeUser]) -> None:
    """Someone has a move on his hand (a game button, not only the takeback's)."""
    await fake.wait_for(lambda f: any(
        "Your move" in (m.text or "") and [b for b in game_buttons(m)
                                            if b.data.startswith("a|")]
        for u in users if (m := hand_message(f, u))), what="someone to move")


@pytest.mark.parametrize("answer", ["accept", "decline"])
async def test_request_asked_then_a_restart(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        answer: str) -> None:
    async with deberts_table(fake, kozyr, club) as (app, table_id, users, _):
        mover, other = mover_and_other(fake, users)
        before = await stored_actions(app, table_id)
        await press_first_move(fake, users, mover)
        asked = await ask_take_back(fake, mover, other)
        await fake.settle()
    async with kozyr() as app:
        await fake.settle()
        shown = fake.message(other, asked.message_id)
        data = _accept(shown)
        if data is None:  # gone: the old button refused, the game goes on
            old = _accept(asked)
            assert old is not None
            assert (await fake.press(other, shown, old, strict=False)).text
            await _not_stuck(fake, users)
            assert await stored_actions(app, table_id) == before + 1
        else:  # still answerable
            if answer == "decline":
                data = next(b.data for row in shown.buttons for b in row
                            if b.text.startswith("✖ Decline"))
            reply = await fake.press(other, shown, data)
            await fake.settle()
            assert await stored_actions(app, table_id) == before + (answer == "decline"), \
                reply.text
            await _not_stuck(fake, users)
        await assert_stored_replays(app, table_id)


async def test_request_pressed_while_the_bot_is_down(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    users = [alice, bob]
    async with kozyr() as app:
        table_id = await open_deberts(fake, group, users)
        mover, other = mover_and_other(fake, users)
        await press_first_move(fake, users, mover)
        hand = await take_back_offered(fake, mover)
        await fake.settle()
        before = await stored_actions(app, table_id)
    ask = next(b.data for row in hand.buttons for b in row if b.text.startswith(TAKE_BACK))
    query = fake.press_nowait(mover, hand, ask)
    async with kozyr() as app:
        await fake.wait_for(lambda _: query.answer, what="the request answered")
        await fake.settle()
        asked = hand_message(fake, other)
        assert asked is not None
        data = _accept(asked)
        if data is not None:
            assert not (await fake.press(other, asked, data)).text
            await fake.settle()
            assert await stored_actions(app, table_id) == before - 1
        else:
            assert query.answer.text, "the request neither asked nor refused"
        await _not_stuck(fake, users)
        await assert_stored_replays(app, table_id)
