"""Discord's parity with Telegram for issue #18 (items 1 and 2): the table message mentions
the player whose turn it is (Discord's own way to call him: edits notify nobody on either
platform), and the "Rematch" button under a finished match's result starts the next match when
both have pressed it."""

from __future__ import annotations

import random

from tests.discord.conftest import (
    Kozyr,
    club,
    fake,
    kozyr,
    my_hand,
    open_lobby,
    play_moves,
    to_move,
)
from tests.discord.fake import FakeChannel, FakeDiscord, FakeUser

__all__ = ["club", "fake", "kozyr"]  # fixtures used by name

Club = tuple[FakeChannel, FakeUser, FakeUser]


async def test_mention_of_the_player_to_move_and_a_rematch(fake: FakeDiscord, kozyr: Kozyr,
                                                           club: Club) -> None:
    channel, alice, bob = club
    async with kozyr() as app:
        lobby = await open_lobby(fake, channel, alice, [bob], game="married_bridge")
        assert (await fake.press_button(alice, lobby, "Start")).notice == "Done."
        # no ping by DM on Discord: the mention calls the player
        assert app.service.clock.ping_after == 0
        async with app.store.transaction() as tx:
            [running] = await tx.unfinished_tables()
        assert "ping" not in app.service.clock.timers.pending(running.id or 0)
        for user in (alice, bob):
            await my_hand(fake, user, channel)
        first = to_move(fake, channel, [alice, bob])
        assert first is not None
        assert fake.table_message(channel).content == f"<@{first.id}>"
        moves = await play_moves(fake, [alice, bob], channel, random.Random(2), limit=400)
        assert 0 < moves < 400
        over = fake.find(channel, "🏆")
        assert over is not None
        # once the match is over nobody is called any more
        tables = [m for m in fake.channel_messages(channel)
                  if m.text.startswith("🃏") and "new table" not in m.text]
        assert tables and tables[-1].content == ""
        wait = await fake.press_button(alice, over, "Rematch")
        assert wait.notice == "Waiting for Bob to press Rematch too."
        await fake.wait_for(lambda f: any("1/2" in str(c.get("label", ""))
                                          for row in f.find(channel, "🏆").rows for c in row),
                            what="the count on the button")
        again = await fake.press_button(alice, fake.find(channel, "🏆"), "Rematch")
        assert again.notice == "You have asked already. Waiting for Bob."
        await fake.press_button(bob, fake.find(channel, "🏆"), "Rematch")
        await fake.wait_for(lambda f: f.find(channel, "🔁 Rematch: the same players")
                            is not None, what="the rematch announced")
        table = await fake.wait_for(
            lambda f: next((m for m in reversed(f.channel_messages(channel))
                            if any(i.startswith("kz:h:") for i in m.custom_ids)), None),
            what="the new table message")
        assert table.content in (f"<@{alice.id}>", f"<@{bob.id}>")
