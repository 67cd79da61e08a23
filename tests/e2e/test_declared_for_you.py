"""A declaration made in a player's name tells him so (issue #20, a new player's pass): a
Bazar-Belot player with no meld whose clock runs out on his lone "Declare nothing" (BB-MELD-4)
finds the line saying why nothing was declared for him in his hand message. Real aiogram
polling, SQLite and the fake Bot API (the forced Deberts case: test_forced_declaration.py)."""

from __future__ import annotations

import random
from typing import Any

from tests.e2e.conftest import hand_message, wait_redrawn
from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.e2e.test_bazar_belot_telegram import _open_table, play_bazar
from tests.kit.store import only_table_id
from tests.kit.telegram import game_buttons, version_of

NOTICE = "Your time ran out, so nothing was declared for you."


class _Lone(Exception):
    """A hand shows "Declare nothing" alone: (user, message)."""


async def test_a_time_out_on_declaring_nothing_is_told_in_his_hand(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    users = [alice, bob, fake.user(103, "Carol"), fake.user(104, "Dave")]
    async with kozyr() as app:
        await _open_table(fake, group, users)
        table_id = await only_table_id(app)

        async def lone_declaration() -> None:
            for u in users:
                m = hand_message(fake, u)
                if [b.text for b in game_buttons(m)] == ["Declare nothing"]:
                    raise _Lone(u, m)

        try:
            await play_bazar(fake, users, random.Random(3), limit=400,
                             after_move=lone_declaration)
        except _Lone as found:
            user, message = found.args
        else:
            raise AssertionError("no player without a meld: choose another seed")
        assert isinstance(message, FakeMessage)
        assert NOTICE not in (message.text or "")
        data = str(game_buttons(message)[0].data)
        mark = fake.mark()
        await app.service.play.on_deadline(table_id, version_of(data))
        await wait_redrawn(fake, users, version_of(data), since=mark)
        hand = await fake.wait_for(lambda f: (m := hand_message(f, user))
                                   and NOTICE in (m.text or "") and m,
                                   what="his hand telling him")
        assert isinstance(hand, FakeMessage)
        others = [hand_message(fake, u) for u in users if u is not user]
        assert not any(NOTICE in (m.text or "") for m in others if m is not None)
