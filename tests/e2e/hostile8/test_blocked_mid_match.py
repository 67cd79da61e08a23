"""A player blocks the bot in the middle of a match (with or without the ``my_chat_member``
update): the table goes on (the others' moves are taken and drawn), the group is told once how
to get his hand back, his private chat is not hammered with calls, and once he opens the bot
again he gets his hand and moves."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.hostile6._play import one_move
from tests.kit.store import assert_stored_replays, stored_actions
from tests.kit.telegram import game_buttons, hand_message, open_choice, open_deberts, press_move

TOLD = "I cannot send cards to: Bob"


def _to(fake: FakeTelegram, user: FakeUser, since: int) -> list[Any]:
    return [c for c in fake.calls(since=since) if str(c.params.get("chat_id")) == str(user.id)]


@pytest.mark.parametrize("notify", [True, False])
async def test_blocked_in_the_middle_of_a_match(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        notify: bool) -> None:
    group, alice, bob = club
    carol = fake.user(103, "Carol")
    users = [alice, bob, carol]
    rng = random.Random(4)
    async with kozyr() as app:
        table_id = await open_deberts(fake, group, users, takebacks=False)
        for _ in range(2):
            await one_move(fake, users, rng)
        await fake.settle()
        mark = fake.mark()
        fake.block_bot(bob, notify=notify)
        moves = 0
        for _ in range(12):  # the others move whenever it is theirs to
            movers = [u for u in (alice, carol) if game_buttons(hand_message(fake, u))
                      and "Your move" in (hand_message(fake, u).text or "")]  # type: ignore[union-attr]
            if not movers:
                break
            before = await stored_actions(app, table_id)
            message, button = await open_choice(fake, movers[0], hand_message(  # type: ignore[arg-type]
                fake, movers[0]), rng.choice(game_buttons(hand_message(fake, movers[0]))), rng)
            assert not (await press_move(fake, movers[0], message, button.data, users)).text
            await fake.settle()
            assert await stored_actions(app, table_id) > before
            moves += 1
        assert moves >= 1
        told = [m for m in fake.bot_messages(group) if TOLD in (m.text or "")]
        assert len(told) == 1, [m.text for m in told]
        refused = [c for c in _to(fake, bob, mark) if c.status == 403]
        assert len(refused) <= 2, [c.method for c in refused]  # no retry storm
        back = fake.mark()
        await fake.start_bot(bob, "hand")
        await fake.wait_for(lambda f: any(c.status == 200 and "Your cards" in str(
            c.params.get("text")) for c in _to(f, bob, back)), what="his hand back")
        await fake.settle()
        if game_buttons(hand_message(fake, bob)):
            await one_move(fake, users, rng)
        await fake.settle()
        await assert_stored_replays(app, table_id)
