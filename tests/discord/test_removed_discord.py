"""The bot removed from a Discord server, or a table's channel deleted (the Telegram path is
bot/tables/chatmove.py ``bot_removed``): the games there are suspended (clock stopped,
buttons stale), lobbies closed, the players told by DM; back in the server, the channel is told
how to go on. Through discord.py's own gateway parsers (tests/discord/fake)."""

from __future__ import annotations

import asyncio

from bot.discord.client import DiscordApp
from tests.discord.conftest import Kozyr, only_table_id, open_lobby, open_table
from tests.discord.fake import FakeChannel, FakeDiscord, FakeUser
from tests.kit.store import table_status

SUSPENDED = "⏸ The bot was removed from «#cards»: your game there is suspended"


async def _paused(app: DiscordApp, table_id: int) -> bool:
    async with app.store.transaction() as tx:
        table = await tx.get_table(table_id)
    assert table is not None
    return bool(table.paused) and table.deadline is None


async def test_kicked_from_the_server_suspends_its_games(
        fake: FakeDiscord, kozyr: Kozyr, club: tuple[FakeChannel, FakeUser, FakeUser]) -> None:
    channel, alice, bob = club
    async with kozyr() as app:
        fake.add_bot()
        await fake.slash(alice, channel, "dm", enabled=True)  # her cards come by DM
        await open_table(fake, channel, alice, bob)
        table_id = await only_table_id(app)
        fake.remove_bot()
        # told where her cards come; Bob, whose hands are ephemeral, chose no DMs
        await fake.wait_for(lambda f: any(SUSPENDED in (m.text or "") for m in f.dms(alice)),
                            what="told by DM")
        assert not any(SUSPENDED in (m.text or "") for m in fake.dms(bob))
        assert await _paused(app, table_id)
        assert "turn" not in app.service.clock.timers.pending(table_id)
        fake.add_bot()  # back in the server: the channel hears how to go on
        await fake.wait_for(lambda f: f.find(channel, "/resume"), what="the way back")
        await fake.slash(alice, channel, "resume")  # the creator goes on with the game
        assert not await _paused(app, table_id)


async def test_a_deleted_channel_closes_its_lobby(
        fake: FakeDiscord, kozyr: Kozyr, club: tuple[FakeChannel, FakeUser, FakeUser]) -> None:
    channel, alice, bob = club
    async with kozyr() as app:
        fake.add_bot()
        await open_lobby(fake, channel, alice, [bob])
        table_id = await only_table_id(app)
        fake.delete_channel(channel)
        for _ in range(500):  # the event is handled in a task of discord.py's own
            if await table_status(app, table_id) != "lobby":
                break
            await asyncio.sleep(0.02)
        assert await table_status(app, table_id) == "aborted"
