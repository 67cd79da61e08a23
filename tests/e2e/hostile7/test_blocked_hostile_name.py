"""A player named ``A & <B>`` who blocked the bot (the fake answers 403) when the deal starts,
at each of the four games: the group is told it cannot send him his cards, naming him as he
is written, with no message refused; once he opens the bot again he gets his hand."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import hand_message
from tests.e2e.fake import FakeTelegram
from tests.e2e.hostile7.test_presses_every_game import GAMES
from tests.kit.telegram import join_and_start, open_bot

NAME = "A & <B>"


@pytest.mark.parametrize(("game", "bots"), GAMES)
async def test_blocked_player_with_a_hostile_name(fake: FakeTelegram, kozyr: Any, game: str,
                                                  bots: int) -> None:
    alice, bob = fake.user(321, "Alice"), fake.user(322, NAME)
    group = fake.group(-100321, "Club")
    async with kozyr():
        await open_bot(fake, [alice, bob])
        await fake.send_text(group, alice, f"/new {game}")
        lobby = await fake.wait_for_message(group, text_contains="new table")
        fake.block_bot(bob)
        await join_and_start(fake, group, lobby, [alice, bob], bots=bots)
        await fake.wait_for_message(group, text_contains=f"I cannot send cards to: {NAME}")
        await fake.start_bot(bob)
        await fake.wait_for(lambda f: hand_message(f, bob), what="his hand")
        await fake.settle()
        assert not [c for c in fake.calls() if c.status == 400
                    and "parse entities" in str(c.response.get("description"))]
