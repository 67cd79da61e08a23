"""A declaration made in a player's name tells him so (issue #20, a new player's pass): a
Bazar-Belot player with no meld is not made to press a lone "Declare nothing" (BB-MELD-4); the
bot declares nothing for him and his hand message says why. Real aiogram polling, SQLite and the
fake Bot API (the forced Deberts case: test_forced_declaration.py)."""

from __future__ import annotations

import random
from typing import Any

from tests.e2e.conftest import hand_message
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_bazar_belot_telegram import _open_table, play_bazar
from tests.kit.telegram import game_buttons

FORCED = "You had nothing to declare, so nothing was declared for you."


async def test_nothing_to_declare_is_declared_for_him(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # BB-MELD-4: a player with no scoring meld, no four 8s and no four 7s may declare only
    # nothing: the bot does it in his name (as for Deberts, test_forced_declaration.py) and his
    # hand message tells him; no hand shows "Declare nothing" as its only declaration
    group, alice, bob = club
    users = [alice, bob, fake.user(103, "Carol"), fake.user(104, "Dave")]
    lone: list[str] = []
    told: list[str] = []
    async with kozyr() as _:
        await _open_table(fake, group, users)

        async def watch() -> None:
            for u in users:
                m = hand_message(fake, u)
                declare = [b.text for b in game_buttons(m) if "|declare:" in str(b.data)]
                if declare == ["Declare nothing"]:
                    lone.append(u.first_name)
                if m is not None and FORCED in (m.text or ""):
                    told.append(u.first_name)

        await play_bazar(fake, users, random.Random(3), limit=400, after_move=watch)
    assert not lone, lone
    assert told, "no player without a meld: choose another seed"
