"""Wiring of the Discord bot: client, messenger, service, commands, start-up (no work at import).

``build_discord`` logs in (REST only) and runs the start-up work: persistent buttons registered,
commands synced, running tables redrawn, timers armed. ``run_discord`` then connects to the
gateway, through which Discord delivers the interactions.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import discord

from bot.bootstrap import make_service, start_service, stop_service
from bot.discord.commands import CatalogTranslator, KozyrTree, register
from bot.discord.handlers import ChoiceMenu, PressButton
from bot.discord.ids import BUTTON_TEMPLATE, SELECT_TEMPLATE
from bot.discord.markup import notice_of
from bot.discord.messenger import DiscordMessenger
from bot.discord.views import HandButton
from bot.i18n import Catalogs, Translator
from bot.model import Button
from bot.settings import Settings
from bot.show.common import TableInfo
from bot.tables.service import TableService
from storage import Store

log = logging.getLogger(__name__)
#: The patterns of our components' custom ids.
_TEMPLATES = [re.compile(BUTTON_TEMPLATE), re.compile(SELECT_TEMPLATE)]


def hand_row(tr: Translator, info: TableInfo) -> tuple[tuple[Button, ...], ...]:
    """The "My hand" button under a table message."""
    return ((HandButton(tr("dc.button.my_hand"), table_id=info.table_id),),)


def _custom_ids(components: list[Any]) -> set[str]:
    """Every custom id of a message's components (rows hold children)."""
    found: set[str] = set()
    for component in components:
        if getattr(component, "custom_id", None):
            found.add(component.custom_id)
        found |= _custom_ids(list(getattr(component, "children", [])))
    return found


class KozyrClient(discord.Client):
    """The discord.py client carrying kozyr's service and messenger.

    Args:
        settings: the bot's settings (the service is wired by bot/bootstrap.py).
        store: the database (shared with the Telegram bot when both run).
        new_seed: source of match seeds (tests pass a deterministic one).
    """

    def __init__(self, settings: Settings, *, store: Store,
                 new_seed: Callable[[], int] | None = None) -> None:
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # no voice here
        super().__init__(intents=discord.Intents(guilds=True),
                         allowed_mentions=discord.AllowedMentions.none())
        self.tree = KozyrTree(self)
        self.messenger = DiscordMessenger(self, store)
        self.service: TableService = make_service(settings, store, self.messenger,
                                                  new_seed=new_seed)
        self.catalogs: Catalogs = self.service.catalogs
        self.service.display.table_buttons = hand_row
        # no "your move" ping by DM here: the table message mentions the player to move
        self.service.clock.ping_after = 0
        register(self.tree, self.catalogs)

    async def setup_hook(self) -> None:
        """After login: buttons of every message ever sent, commands, tables, timers."""
        self.add_dynamic_items(PressButton, ChoiceMenu)
        await self.tree.set_translator(CatalogTranslator(self.catalogs))
        await self.tree.sync()
        resumed = await start_service(self.service)
        log.info("kozyr is on Discord (%s running tables redrawn)", resumed)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Answer a press no handler will take (not one of our ids, or not on its message)."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str(cast(dict[str, Any], interaction.data or {}).get("custom_id", ""))
        on_message = interaction.message is not None and \
            custom_id in _custom_ids(list(interaction.message.components))
        ours = any(p.fullmatch(custom_id) for p in _TEMPLATES)
        if not (on_message and ours):
            text = notice_of(self.service.tr(None)("notice.bad_data"))
            await interaction.response.send_message(text, ephemeral=True)

    # ---- the bot removed from a server or a channel (Telegram: bot/telegram/chat.py) --------

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Kicked from (or left) ``guild``: its channels' games are suspended and its lobbies
        closed, as in a Telegram group the bot was removed from (``ChatMoves.bot_removed``);
        the players are told by DM."""
        for channel in [*guild.channels, *guild.threads]:
            await self.service.chats.bot_removed(str(channel.id))

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A table's channel deleted: the same, for that channel (and its threads)."""
        await self.service.chats.bot_removed(str(channel.id))

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Added to ``guild`` (again): a channel whose game waits hears how to go on
        (``ChatMoves.bot_added``)."""
        for channel in guild.text_channels:
            await self.service.chats.bot_added(str(channel.id), f"#{channel.name}")

    async def close(self) -> None:
        """Stop the timers, let pending end-of-match posts go out, then close the client
        (gateway and HTTP session)."""
        await stop_service(self.service)
        await super().close()


@dataclass
class DiscordApp:
    """Everything a running Discord bot is made of."""

    client: KozyrClient
    service: TableService
    store: Store
    owns_store: bool = True

    async def close(self) -> None:
        """Close the client and (unless shared) the database."""
        await self.client.close()
        if self.owns_store:
            await self.store.close()


async def build_discord(settings: Settings, *, new_seed: Callable[[], int] | None = None,
                        store: Store | None = None) -> DiscordApp:
    """Start the store (unless one is given) and log the client in; raises on a bad token."""
    assert settings.discord_token
    owns = store is None
    if store is None:
        store = Store(settings.database_url)
        await store.start()
    client = KozyrClient(settings, store=store, new_seed=new_seed)
    app = DiscordApp(client, client.service, store, owns)
    try:
        await client.login(settings.discord_token)
    except BaseException:
        await app.close()
        raise
    return app


async def run_discord(settings: Settings, *, store: Store | None = None) -> None:
    """Run the Discord bot on the gateway until interrupted."""
    app = await build_discord(settings, store=store)
    try:
        await app.client.connect()
    finally:
        await app.close()
