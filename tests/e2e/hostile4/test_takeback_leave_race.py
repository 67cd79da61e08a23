"""A takeback request answered twice at once: the one asked presses Accept and sends /leave
at the same moment (the leave path accepts for him too), players with names that are HTML.
The move goes once, the notices name the mover as he is, no message is refused."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.e2e.fake import FakeChat, FakeTelegram
from tests.e2e.test_takeback_telegram import TAKE_BACK, _button, _has, _log
from tests.kit.telegram import hand_message, press_first_move
from tests.kit.telegram import open_deberts as _open

ALICE = "<b>&amp;"
BOB = "Tom & <Jerry>"


async def test_accept_and_leave_at_once(fake: FakeTelegram, kozyr: Any) -> None:
    group: FakeChat = fake.group(-100777, "<i>club")
    alice, bob = fake.user(101, ALICE), fake.user(102, BOB)
    users = [alice, bob]
    async with kozyr() as app:
        table_id = await _open(fake, group, users)
        mover = next(u for u in users if "Your move" in (hand_message(fake, u).text or ""))  # type: ignore[union-attr]
        other = bob if mover is alice else alice
        before = await _log(app, table_id)
        await press_first_move(fake, users, mover)
        hand = await fake.wait_for(lambda f: (m := hand_message(f, mover)) and _has(m, TAKE_BACK)
                                   and m, what="Take back offered")
        assert not (await fake.press(mover, hand, _button(hand, TAKE_BACK))).text
        asked = await fake.wait_for(lambda f: (m := hand_message(f, other)) and
                                    _has(m, "✅ Accept") and m, what="asked")
        press = fake.press_nowait(other, asked, _button(asked, "✅ Accept"))
        await fake.send_text(group, other, "/leave")
        await fake.wait_for(lambda _: press.answer, what="the Accept answered")
        await fake.settle()
        await asyncio.sleep(0.3)
        await fake.settle()
        assert await _log(app, table_id) == before  # the one move taken back, once
        refused = [c for c in fake.calls() if c.status == 400]
        assert not refused, refused
        texts = [m.text or "" for m in fake.bot_messages(group)]
        done = [t for t in texts if "taken back" in t]
        assert len(done) == 1, done
        assert f"{mover.first_name}'s move is taken back" in done[0], done[0]
