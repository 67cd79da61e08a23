"""Play a table of humans (bots maybe in the other seats) with the bot restarted around the
humans' moves: with a two-step choice open, right after a press is answered, and before the
next move. Shared by this round's restart attacks."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AsyncExitStack
from typing import Any

from tests.e2e.fake import FakeMessage, FakeTelegram, FakeUser
from tests.kit.store import assert_stored_replays, logged_moves, stored_actions
from tests.kit.telegram import (
    game_buttons,
    hand_message,
    join_and_start,
    open_bot,
    press_move,
    version_of,
)

#: chooses one of the buttons shown (a move ``a|`` or a choice to open ``x|``)
Pick = Callable[[list[Any], random.Random], Any]


def over(fake: FakeTelegram) -> bool:
    """The match-over message ("🏆") was posted."""
    return any(str(c.params.get("text", "")).startswith("🏆") for c in fake.calls("sendMessage"))


def to_move(fake: FakeTelegram, users: list[FakeUser]) -> tuple[FakeUser, FakeMessage] | None:
    """The human whose hand says "Your move" and shows game buttons (or the first human with
    game buttons: an out-of-turn call), with his hand message; None if no human may move."""
    movers = [(u, m) for u in users if (m := hand_message(fake, u)) and game_buttons(m)]
    on_turn = [(u, m) for u, m in movers if "Your move" in (m.text or "")]
    if on_turn:
        return on_turn[0]
    return movers[0] if movers else None


async def open_game(fake: FakeTelegram, group: Any, users: list[FakeUser], game: str,
                    bots: int) -> int:
    """``users[0]`` opens a ``game`` table in ``group``, the others join, ``bots`` bot players
    fill it, it starts; returns the table id."""
    await open_bot(fake, users)
    await fake.send_text(group, users[0], f"/new {game}")
    lobby = await fake.wait_for_message(group, text_contains="new table")
    table_id = int(lobby.find_button(text="Start").data.split("|")[1])  # type: ignore[union-attr]
    await join_and_start(fake, group, lobby, users, bots=bots)
    return table_id


def _moves(message: FakeMessage) -> list[Any]:
    return [b for row in message.buttons for b in row if b.data and b.data.startswith("a|")]


class Restarts:
    """The bot running (``async with Restarts(kozyr) as bot``), restarted by ``restart()``
    when ``when(codes made so far)`` says so; ``app`` is the running one."""

    def __init__(self, kozyr: Any, when: Callable[[list[str]], bool]) -> None:
        self.kozyr, self.when, self.app = kozyr, when, None
        self._stack = AsyncExitStack()
        self.count = 0

    async def __aenter__(self) -> Restarts:
        self.app = await self._stack.enter_async_context(self.kozyr())
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._stack.aclose()

    async def restart(self, made: list[str]) -> None:
        if not self.when(made):
            return
        await self._stack.aclose()
        self._stack = AsyncExitStack()
        self.app = await self._stack.enter_async_context(self.kozyr())
        self.count += 1


async def restarted_moves(fake: FakeTelegram, kozyr: Any, users: list[FakeUser], table_id: int,
                          rng: random.Random, *, moves: int, pick: Pick | None = None,
                          when: Callable[[list[str]], bool] = lambda _: True,
                          until: Callable[[list[str]], bool] = lambda _: False,
                          ) -> tuple[list[str], int]:
    """Up to ``moves`` human moves (stopping once ``until(codes made)``), the bot restarted
    (when ``when(codes made)``) before each, with a choice open and right after the press was
    answered: each press is answered without a refusal, stored exactly once (the first action
    stored after it), and the stored match replays. Returns the codes and the restarts."""
    choose: Pick = pick or (lambda buttons, r: r.choice(buttons))
    made: list[str] = []
    async with Restarts(kozyr, when) as bot:
        for _ in range(moves):
            if until(made):
                break
            await bot.restart(made)
            found = await fake.wait_for(lambda f: over(f) or to_move(f, users),
                                        what="a human to move")
            if found is True:
                break
            user, message = to_move(fake, users)  # type: ignore[misc]
            button = choose(game_buttons(message), rng)
            if str(button.data).startswith("x|"):
                assert not (await fake.press(user, message, button.data)).text
                opened = await fake.wait_for(lambda f, m=message.message_id, u=user: _moves(
                    f.message(u, m)), what="the choice opened")
                page = list(opened)
                await bot.restart(made)  # with the choice open
                await fake.settle()
                shown = fake.message(user, message.message_id)
                assert game_buttons(shown), f"no buttons after the restart: {shown.text}"
                if rng.random() < 0.5 or _moves(shown):  # his client shows the opened page
                    button = choose(page, rng)
                else:  # the restart closed the choice: he opens it again
                    again = next(b for b in game_buttons(shown) if b.data.split("|")[3]
                                 == button.data.split("|")[3])
                    assert not (await fake.press(user, shown, again.data)).text
                    fresh = await fake.wait_for(lambda f, m=message.message_id, u=user: _moves(
                        f.message(u, m)), what="the choice opened again")
                    button = choose(list(fresh), rng)
            assert bot.app is not None
            before = await stored_actions(bot.app, table_id)
            answer = await press_move(fake, user, fake.message(user, message.message_id),
                                      button.data, users)
            code = str(button.data).split("|", 3)[3]
            assert not answer.text, (button.data, answer.text)
            made.append(code)
            await bot.restart(made)  # right after the press was answered
            await fake.settle()
            async with bot.app.store.transaction() as tx:
                log = [c for _, c in await logged_moves(tx, table_id, before)]
            assert log[:1] == [code], (code, log)
            await assert_stored_replays(bot.app, table_id)
            version = version_of(button.data)
            await fake.wait_for(lambda f, v=version: over(f) or all(
                version_of(b.data) > v for u in users
                for b in game_buttons(hand_message(f, u))), what="the hands redrawn")
        return made, bot.count
