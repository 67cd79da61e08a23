"""Moves for round six's tests: one legal move pressed by whoever may move, waited for until
it is drawn (or answered, at a table with bot players)."""

from __future__ import annotations

import random
from typing import Any

from tests.e2e.fake import FakeTelegram, FakeUser
from tests.kit.store import assert_stored_replays, current_match
from tests.kit.telegram import (
    game_buttons,
    hand_message,
    open_choice,
    press_move,
    version_of,
)


def over(fake: FakeTelegram, since: int = 0) -> bool:
    """The match-over message ("🏆") was posted after API call ``since``."""
    return any(str(c.params.get("text", "")).startswith("🏆")
               for c in fake.calls("sendMessage", since=since))


async def one_move(fake: FakeTelegram, users: list[FakeUser], rng: random.Random
                   ) -> tuple[FakeUser | None, str]:
    """The human with game buttons presses a random one (a choice opened first); returns once
    the move is drawn: that human's hand shows newer buttons, another human has some, or the
    match is over. Waits for a human to have a move first (bot players move meanwhile).
    Returns who pressed and the code pressed (None and "" once the match is over)."""
    await fake.wait_for(lambda f: over(f) or any(game_buttons(hand_message(f, u))
                                                 for u in users), what="a move to make")
    movers = [(u, m) for u in users if (m := hand_message(fake, u)) and game_buttons(m)]
    if not movers:
        return None, ""
    if len(movers) > 1:  # an out-of-turn call on another hand: the player to move moves
        movers = [(u, m) for u, m in movers if "Your move" in (m.text or "")]
    assert len(movers) == 1, "nobody or two players to move"
    user, message = movers[0]
    message, button = await open_choice(fake, user, message,
                                        rng.choice(game_buttons(message)), rng)
    mark = fake.mark()
    answer = await press_move(fake, user, message, button.data, users)
    assert not answer.text, f"a legal button was refused: {answer.text}"
    version = version_of(button.data)

    def drawn(f: FakeTelegram) -> bool:
        if over(f, mark):
            return True
        return any(version_of(b.data) > version for u in users
                   for b in game_buttons(hand_message(f, u)))

    await fake.wait_for(drawn, what=f"the move {button.data} drawn")
    return user, str(button.data).split("|")[3]


async def deal_number(app: Any, table_id: int) -> int:
    """The current deal's number, as stored."""
    return int((await current_match(app, table_id)).public_view().get("deal") or 0)


async def play_checked(fake: FakeTelegram, app: Any, table_id: int, users: list[FakeUser],
                       rng: random.Random, *, moves: int, until_deal: int | None = None) -> int:
    """Up to ``moves`` human moves (``one_move``), the stored match checked against the replay
    after each (``assert_stored_replays``); stops early once deal ``until_deal`` has begun or
    nobody may move. Returns the moves made."""
    made = 0
    while made < moves:
        if until_deal is not None and await deal_number(app, table_id) >= until_deal:
            break
        if not (await one_move(fake, users, rng))[1]:
            break
        made += 1
        await assert_stored_replays(app, table_id)
    return made
