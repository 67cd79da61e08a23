"""A Join and a Start pressed on a lobby message whose id the bot has not got yet.

``/new`` posts the lobby under the table's lock (as start-up does), so such presses wait until
the id is stored; the Start then closes the lobby message (no Join or Start button left) and
the players get their hands. Without the lock the match began with the lobby's id unknown and
the group kept a lobby with a Start button for ever (seen once in CI,
tests/e2e/test_never_stuck.py on PostgreSQL). The fake Bot API holds the reply to the lobby's
sendMessage (the message is in the group, its id not yet with the bot) while the presses come.
"""

from __future__ import annotations

import asyncio
from typing import Any

from tests.e2e.conftest import hand_message
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.fake.models import ApiCall, CallbackQueryRecord
from tests.kit.telegram import open_bot


async def _reached_the_bot(query: CallbackQueryRecord, users: Any, table_id: int,
                           holders: int) -> None:
    """Until the bot has ``query`` in hand: answered, or waiting for the table's lock (which
    ``holders`` tasks then hold or wait for)."""
    for _ in range(2000):  # a bound, not a clock: a press that does neither fails the test
        if query.answered or users(table_id) >= holders:
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"the press never reached the bot: {query}")


async def test_join_and_start_on_a_lobby_being_posted_close_the_lobby(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    pressed: list[CallbackQueryRecord] = []
    async with kozyr() as app:
        await open_bot(fake, [alice, bob])
        locks = app.service.kit.locks

        async def hold_lobby(call: ApiCall) -> None:
            if pressed or call.method != "sendMessage" or "Deberts" not in str(
                    call.params.get("text")):
                return
            lobby = next(m for m in fake.bot_messages(group) if "Deberts" in (m.text or ""))
            for user, label in ((bob, "Join"), (alice, "Start")):
                button = lobby.find_button(text=label)
                assert button is not None and button.data is not None, lobby.visible_text
                table_id = int(button.data.split("|")[1])
                pressed.append(fake.press_nowait(user, lobby, button.data))
                # /new holds the lock: 1, each press waiting for it one more
                await _reached_the_bot(pressed[-1], locks.users, table_id, 1 + len(pressed))

        fake.after_call = hold_lobby
        try:
            await fake.send_text(group, alice, "/new deberts")
            await fake.wait_for(lambda _: len(pressed) == 2 and all(q.answered for q in pressed),
                                what="Join and Start answered")
        finally:
            fake.after_call = None
        await fake.wait_for(lambda f: hand_message(f, alice) and hand_message(f, bob),
                            what="both hands")
        await app.service.display.drain()  # every message out, every id stored
        answers = [q.answer.text if q.answer else None for q in pressed]
        assert answers == ["You are at the table.", "Done."]
        lobby = next(m for m in fake.bot_messages(group)
                     if m.message_id == pressed[0].message.message_id)
        assert "The game has started" in lobby.visible_text, lobby.visible_text
        assert not {"Join", "Start"} & set(lobby.button_texts), lobby.visible_text
