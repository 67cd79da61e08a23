"""Every game played to the end by one human and bot players, end to end through the real bot.

Issue "Bot players for every game": any mix of humans and bot players finishes a match, in a
group and in a private chat. The human presses random legal buttons of his hand message (out-
of-turn calls included) whenever he has some; the bot seats (levels mixed) move on their own. The
match must end, every seat must have acted, and the bot seats must have moved.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import pytest
from sqlmodel import select

from storage import ActionLog
from tests.e2e.conftest import current_match, hand_message
from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.e2e.test_table_management import _set_option, _table_id

#: game, players, bot levels for the other seats, engine options set in the lobby (the shortest
#: matches: what is checked, a match ending with every seat having acted, is the same in all)
GROUP_GAMES: list[tuple[str, list[str], dict[str, Any]]] = [
    ("deberts", ["strong"], {"target": 301}),
    ("married_bridge", ["normal"], {}),
    ("bazar_belot", ["easy", "normal", "strong"], {}),
    ("berg", ["normal", "easy", "normal"], {"berg_height": 2}),
]
#: Wall-clock budget of one match, seconds (a generous bound: a stuck table fails, not hangs).
BUDGET = 240.0


def _moves(message: FakeMessage | None) -> list[Any]:
    """The game buttons of a hand message (moves and out-of-turn calls, ``a|`` / ``x|``; the
    misclick guard's "Yes", ``k|``)."""
    if message is None:
        return []
    return [b for row in message.buttons for b in row
            if b.data and b.data[:2] in ("a|", "x|", "k|")]


async def _open(fake: FakeTelegram, chat: FakeChat | FakeUser, human: FakeUser, game: str,
                levels: list[str]) -> FakeMessage:
    await fake.start_bot(human)
    await fake.wait_for_message(human, text_contains="kozyr")
    await fake.send_text(chat, human, f"/new {game}")
    lobby = await fake.wait_for_message(chat, text_contains="new table")
    for level in levels:
        answer = await fake.press_button(human, lobby, text=f"🤖+ {level}")
        assert answer.text == "A bot player sits down."
    return lobby


async def _play_to_the_end(app: Any, fake: FakeTelegram, human: FakeUser, table_id: int,
                           rng: random.Random) -> int:
    """Press random game buttons of the human's hand until the match is over; return presses."""
    presses = 0
    deadline = time.monotonic() + BUDGET
    while time.monotonic() < deadline:
        if (await current_match(app, table_id)).is_over:
            return presses
        buttons = _moves(hand_message(fake, human))
        if buttons:
            message = hand_message(fake, human)
            assert message is not None
            await fake.press(human, message, rng.choice(buttons).data)
            presses += 1  # a refusal (a button gone stale as a bot moved) is fine here
        await asyncio.sleep(0.01)
    raise AssertionError(f"table {table_id} did not finish within {BUDGET} s")


async def _check_log(app: Any, table_id: int, game: str, human_seat: int) -> None:
    """The match is over, every seat acted, and the bot seats made some of the actions."""
    async with app.store.transaction() as tx:
        seats = list(await tx.session.exec(
            select(ActionLog.seat).where(ActionLog.table_id == table_id)))
    final = await current_match(app, table_id)
    assert final.is_over
    assert any(seat != human_seat for seat in seats), "the bot players never moved"
    assert set(seats) == set(range(final.players))


@pytest.mark.parametrize(("game", "levels", "options"), GROUP_GAMES,
                         ids=[g for g, _, _ in GROUP_GAMES])
async def test_one_human_and_bots_finish_a_match_in_a_group(
        fake: FakeTelegram, kozyr: Any, game: str, levels: list[str],
        options: dict[str, Any]) -> None:
    group = fake.group(-100777, "Bots' night")
    human = fake.user(501, "Lone")
    async with kozyr() as app:
        lobby = await _open(fake, group, human, game, levels)
        table_id = await _table_id(app)
        if options:
            await _set_option(app, table_id, **options)
        assert (await fake.press_button(human, lobby, text="Start")).text == "Done."
        await fake.wait_for(lambda f: hand_message(f, human), what="the human's hand")
        await _play_to_the_end(app, fake, human, table_id, random.Random(len(game)))
        await fake.wait_for(lambda f: any((m.text or "").startswith("🏆")
                                          for m in f.bot_messages(group)), what="the result")
        await _check_log(app, table_id, game, human_seat=0)


async def test_married_bridge_in_a_private_chat_with_a_bot(fake: FakeTelegram,
                                                           kozyr: Any) -> None:
    solo = fake.user(502, "Solo")
    async with kozyr() as app:
        lobby = await _open(fake, solo, solo, "married_bridge", ["strong"])
        table_id = await _table_id(app)
        assert (await fake.press_button(solo, lobby, text="Start")).text == "Done."
        await fake.wait_for(lambda f: hand_message(f, solo), what="the hand")
        await _play_to_the_end(app, fake, solo, table_id, random.Random(7))
        await _check_log(app, table_id, "married_bridge", human_seat=0)


async def test_only_players_and_the_creator_remove_bot_players(fake: FakeTelegram,
                                                               kozyr: Any) -> None:
    group = fake.group(-100778, "Lobby")
    host, stranger = fake.user(503, "Host"), fake.user(504, "Passer-by")
    async with kozyr():
        lobby = await _open(fake, group, host, "bazar_belot", ["easy", "normal"])
        await fake.start_bot(stranger)
        refused = await fake.press_button(stranger, lobby, text="🤖−")
        assert refused.text == "You are not at this table."
        assert (fake.message(group, lobby.message_id).text or "").count("🤖") == 2
        assert (await fake.press_button(host, lobby, text="🤖−")).text == \
            "A bot player left the table."
        await fake.wait_for(lambda f: (f.message(group, lobby.message_id).text or "")
                            .count("🤖") == 1, what="one bot left in the lobby")
