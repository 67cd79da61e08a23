"""Double presses, a non-player's and the other player's presses, and presses carrying another
table's id, at a table of each of the four games (two humans, bots in the other seats), end to
end through the fake Bot API: one move made, every press answered, nothing else stored."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from tests.e2e.conftest import hand_message
from tests.e2e.fake import FakeTelegram, FakeUser
from tests.kit.store import stored_actions
from tests.kit.telegram import game_buttons, join_and_start, open_bot, open_choice

GAMES = [("deberts", 0), ("bazar_belot", 2), ("berg", 2), ("married_bridge", 2)]


async def _open(fake: FakeTelegram, app: Any, chat_id: int, game: str, bots: int,
                users: list[FakeUser]) -> int:
    group = fake.group(chat_id, f"Club {chat_id}")
    await fake.send_text(group, users[0], f"/new {game}")
    lobby = await fake.wait_for_message(group, text_contains="new table")
    table_id = int(lobby.find_button(text="Start").data.split("|")[1])  # type: ignore[union-attr]
    await join_and_start(fake, group, lobby, users, bots=bots)
    return table_id


def to_move(fake: FakeTelegram, users: list[FakeUser]) -> FakeUser | None:
    """The human of ``users`` whose hand says "Your move" and has game buttons, else None."""
    return next((u for u in users if (m := hand_message(fake, u)) and game_buttons(m)
                 and "Your move" in (m.text or "")), None)


@pytest.mark.parametrize(("game", "bots"), GAMES)
async def test_presses_at_every_game(fake: FakeTelegram, kozyr: Any, game: str,
                                     bots: int) -> None:
    alice, bob = fake.user(301, "Alice"), fake.user(302, "Bob")
    mallory = fake.user(303, "Mallory")
    users = [alice, bob]
    async with kozyr() as app:
        await open_bot(fake, [*users, mallory])
        table_id = await _open(fake, app, -100301, game, bots, users)
        await fake.wait_for(lambda f: to_move(f, users), what="a human to move")
        await fake.settle()
        before = await stored_actions(app, table_id)
        user = to_move(fake, users)
        assert user is not None
        other = bob if user is alice else alice
        message = hand_message(fake, user)
        assert message is not None
        message, button = await open_choice(fake, user, message, game_buttons(message)[0],
                                            random.Random(7))
        data = button.data
        own = hand_message(fake, other)
        assert own is not None
        welcome = fake.bot_messages(mallory)[-1]
        _, _, version, code = data.split("|", 3)
        forged = [(other, own, data), (mallory, welcome, data),
                  (user, message, f"a|{table_id + 1}|{version}|{code}"),
                  (user, message, f"a|{table_id}|{int(version) + 1}|{code}"),
                  (user, message, f"a|{table_id}|{version}|{code}" + "x" * 80)]
        for who, where, what in forged:
            assert (await fake.press(who, where, what, strict=False)).text, what
        await fake.settle()
        assert await stored_actions(app, table_id) == before
        queries = [fake.press_nowait(user, message, data) for _ in range(3)]
        answers = await asyncio.gather(*[fake.wait_for(lambda _, q=q: q.answer,
                                                       what="an answer") for q in queries])
        assert sum(1 for a in answers if not a.text) == 1, [a.text for a in answers]
        await fake.settle()
        after = await stored_actions(app, table_id)
        assert after >= before + 1
        for who, where, what in forged:
            assert (await fake.press(who, where, what, strict=False)).text, what
        await fake.settle()
        assert not [c for c in fake.calls() if c.status == 400
                    and "parse entities" in str(c.response.get("description"))]
