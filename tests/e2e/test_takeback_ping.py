"""After an accepted takeback the "your move" ping of the player who was to move is done with
(deleted, his seat forgets it), so his next turn pings him again (found by a hostile pass)."""

from __future__ import annotations

from typing import Any

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_ping_telegram import ping_of
from tests.e2e.test_takeback_telegram import _button, _log
from tests.kit.telegram import ask_take_back, mover_and_other, press_first_move
from tests.kit.telegram import open_deberts as _open

AFTER = 0.4


async def test_a_takeback_moves_the_ping_on(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    users = [alice, bob]
    async with kozyr(turn_ping=AFTER) as app:
        table_id = await _open(fake, group, users)
        mover, other = mover_and_other(fake, users)
        await fake.wait_for(lambda f: ping_of(f, mover), what="the mover's ping")
        await press_first_move(fake, users, mover)
        ping = await fake.wait_for(lambda f: ping_of(f, other), what="the other's ping")
        asked = await ask_take_back(fake, mover, other)
        assert not (await fake.press(other, asked, _button(asked, "✅ Accept"))).text
        await fake.wait_for_message(group, text_contains=f"{other.first_name} agreed")
        assert await _log(app, table_id) == []
        await fake.settle(quiet=3 * AFTER, timeout=10)
        # the mover is to move again: he gets a ping; the other's ping is done with
        assert ping_of(fake, mover) is not None, "no ping for the player to move"
        stale_ping = ping.deleted
        # the mover moves again: the other's turn: he should get a (new) ping
        await press_first_move(fake, users, mover)
        await fake.settle(quiet=3 * AFTER, timeout=10)
        fresh = ping_of(fake, other)
        assert stale_ping and fresh is not None and fresh.message_id != ping.message_id, \
            (stale_ping, fresh, ping)
