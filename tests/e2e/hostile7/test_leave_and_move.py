"""The player to move presses his move and sends /leave at the same moment, at each of the four
games: both are answered, a bot takes his seat and plays on (the match is not stuck: the other
player gets his turn), the stored match replays from its log and he gets "I'm back"."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from tests.e2e.conftest import hand_message
from tests.e2e.fake import FakeTelegram
from tests.e2e.hostile7.test_presses_every_game import GAMES, _open, to_move
from tests.kit.store import assert_stored_replays, stored_actions
from tests.kit.telegram import game_buttons, open_bot, open_choice


@pytest.mark.parametrize(("game", "bots"), GAMES)
async def test_leave_and_move_at_once(fake: FakeTelegram, kozyr: Any, game: str,
                                      bots: int) -> None:
    alice, bob = fake.user(311, "Alice"), fake.user(312, "Bob")
    users = [alice, bob]
    async with kozyr() as app:
        await open_bot(fake, users)
        table_id = await _open(fake, app, -100311, game, bots, users)

        await fake.wait_for(lambda f: to_move(f, users), what="a human to move")
        await fake.settle()
        user = to_move(fake, users)
        assert user is not None
        message = hand_message(fake, user)
        assert message is not None
        message, button = await open_choice(fake, user, message, game_buttons(message)[0],
                                            random.Random(5))
        before = await stored_actions(app, table_id)
        group = fake._chats[-100311]
        query = fake.press_nowait(user, message, button.data)
        await asyncio.gather(fake.send_text(group, user, "/leave"),
                             fake.wait_for(lambda _: query.answer, what="the press answered"))
        await fake.wait_for_message(group, text_contains="a bot player takes the seat")
        await fake.wait_for(lambda f: "I'm back" in (hand_message(f, user).button_texts  # type: ignore[union-attr]
                                                     if hand_message(f, user) else []),
                            what="his I'm back button")
        other = bob if user is alice else alice
        await fake.wait_for(lambda f: (m := hand_message(f, other)) and game_buttons(m)
                            and "Your move" in (m.text or ""), what="the other human to move")
        await fake.settle()
        assert await stored_actions(app, table_id) >= before
        await assert_stored_replays(app, table_id)
        assert not [c for c in fake.calls() if c.status == 400
                    and "parse entities" in str(c.response.get("description"))]
