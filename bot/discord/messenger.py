"""``Messenger`` over discord.py: embeds with buttons in channels, hands ephemeral or by DM.

A Discord bot has no private chat it may always write to, so a player's hand lives where he asked
for it:

* ephemeral (the default): the "My hand" button under the table message answers with a message
  only the presser sees. Such a message can be edited only through an interaction token, which
  Discord honours for 15 minutes; every press on the hand brings a fresh token, so the hand is
  edited in place as play goes on. When no live token is left (the player has been idle a long
  time, or the bot restarted) an update is skipped: the player's next press on the hand redraws
  it, and "My hand" sends it anew.
* by DM, for a player who chose it (``/dm``): a direct message, edited in place for ever. A
  member whose DMs are closed (Discord error 50007) falls back to the ephemeral hand; the press
  or the group says so.

Hand message ids given to the core: ``eph:<message id>`` (``eph:`` alone: not shown yet) and
``dm:<channel id>:<message id>``. Group messages are ordinary channel messages (ids as text).
"""

from __future__ import annotations

import io
import logging
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import discord

from bot.discord.markup import embed_of
from bot.discord.views import view_of
from bot.model import Person, Place, Screen, Target, Undeliverable
from storage import Store

log = logging.getLogger(__name__)

EPHEMERAL = "eph:"
DM = "dm:"
#: Discord's "Cannot send messages to this user" (DMs closed, or no shared server).
DM_CLOSED = 50007
#: How long an interaction token may edit its messages (Discord: 15 minutes), with a margin.
EDIT_WINDOW = timedelta(minutes=14, seconds=30)
#: How many interactions and permission sets are remembered.
CACHE = 20_000
ADMIN_PERMISSIONS = ("administrator", "manage_guild", "manage_channels")


def message_parts(screen: Screen, *, editing: bool = False) -> dict[str, Any]:
    """The embed and components of ``screen`` as keywords of discord.py's send and edit
    (an edit of a screen without buttons removes the message's buttons); the person the
    screen mentions (``Screen.mention``) is named in the message's content."""
    parts: dict[str, Any] = {"embed": embed_of(screen.text)}
    if screen.mention is not None and screen.mention.isdigit():
        # the player to move, mentioned above the table (an embed's mentions never ping)
        parts["content"] = f"<@{screen.mention}>"
        parts["allowed_mentions"] = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(int(screen.mention))])
    elif editing:
        parts["content"] = None  # nobody to move: the mention goes
    view = view_of(screen)
    if view is not None or editing:
        parts["view"] = view
    return parts


def _bounded_put(cache: OrderedDict[Any, Any], key: Any, value: Any) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > CACHE:
        cache.popitem(last=False)


class DiscordMessenger:
    """Sends and edits Discord messages for the table service.

    Args:
        client: the discord.py client (logged in before the first message).
        store: the database, read for a player's DM choice (``User.can_dm``).
    """

    platform = "dc"

    def __init__(self, client: discord.Client, store: Store) -> None:
        self.client = client
        self.store = store
        self._hands: OrderedDict[int, discord.Interaction[Any]] = OrderedDict()
        self._permissions: OrderedDict[tuple[str, str], discord.Permissions] = OrderedDict()
        self._wants_dm: dict[str, bool] = {}
        self._dm_closed: set[str] = set()

    # ---- what interactions tell ---------------------------------------------------------------

    def note(self, interaction: discord.Interaction[Any]) -> None:
        """Remember the member's permissions in the channel (for ``is_admin``)."""
        if interaction.guild_id is not None and interaction.channel_id is not None:
            _bounded_put(self._permissions,
                         (str(interaction.channel_id), str(interaction.user.id)),
                         interaction.permissions)

    def touch(self, interaction: discord.Interaction[Any]) -> bool:
        """Take a fresh edit token from a press on a hand message (call it after deferring).

        Returns True when the press came from a private message (an ephemeral or DM hand).
        """
        message = interaction.message
        if message is None:
            return False
        if message.flags.ephemeral:
            _bounded_put(self._hands, message.id, interaction)
            return True
        return interaction.guild_id is None

    async def show_ephemeral(self, interaction: discord.Interaction[Any], screen: Screen) -> str:
        """Answer a deferred "My hand" with ``screen``; return the hand message's id."""
        message = await interaction.edit_original_response(**message_parts(screen,
                                                                           editing=True))
        _bounded_put(self._hands, message.id, interaction)
        return f"{EPHEMERAL}{message.id}"

    # ---- DM choice ------------------------------------------------------------------------

    async def wants_dm(self, user_id: str) -> bool:
        """True when the player chose DMs for his hands and his DMs are not known closed."""
        if user_id in self._dm_closed:
            return False
        if user_id not in self._wants_dm:
            async with self.store.transaction() as tx:
                user = await tx.find_user(self.platform, user_id)
            self._wants_dm[user_id] = bool(user and user.can_dm)
        return self._wants_dm[user_id]

    def dm_closed(self, user_id: str) -> bool:
        """True when Discord refused a DM to the player since his last ``/dm``."""
        return user_id in self._dm_closed

    def forget_dm(self, user_id: str) -> None:
        """Read the player's DM choice again (he changed it) and try his DMs again."""
        self._wants_dm.pop(user_id, None)
        self._dm_closed.discard(user_id)

    # ---- Messenger --------------------------------------------------------------------------

    async def send(self, target: Target, screen: Screen) -> str:
        """Post an embed with buttons in a channel; a hand goes by DM or waits for "My hand"."""
        if target.private:
            return await self._private(target.chat_ext_id, None, screen)
        message = await self._channel(target.chat_ext_id).send(**message_parts(screen))
        return str(message.id)

    async def edit(self, target: Target, message_id: str, screen: Screen) -> str:
        """Edit in place; a channel message that is gone is posted anew (its new id)."""
        if target.private:
            return await self._private(target.chat_ext_id, message_id, screen)
        message = self._channel(target.chat_ext_id).get_partial_message(int(message_id))
        try:
            await message.edit(**message_parts(screen, editing=True))
        except discord.NotFound:
            log.info("message %s in %s is gone; posting anew", message_id, target.chat_ext_id)
            return await self.send(target, screen)
        return message_id

    async def send_photo(self, target: Target, image: bytes, caption: Screen) -> str:
        """Post a PNG picture shown inside the caption's embed."""
        return await self._send_file(target, discord.File(io.BytesIO(image), "sheet.png"),
                                     caption, image=True)

    async def send_document(self, target: Target, data: bytes, filename: str,
                            caption: Screen) -> str:
        """Post a file attached under the caption's embed."""
        return await self._send_file(target, discord.File(io.BytesIO(data), filename), caption)

    async def _send_file(self, target: Target, file: discord.File, caption: Screen, *,
                         image: bool = False) -> str:
        parts = message_parts(caption)
        if image:
            parts["embed"].set_image(url=f"attachment://{file.filename}")
        if not target.private:
            message = await self._channel(target.chat_ext_id).send(file=file, **parts)
            return str(message.id)
        if not await self.wants_dm(target.chat_ext_id):
            raise Undeliverable("a file needs a DM (an ephemeral hand cannot carry one)")
        return await self._dm_send(target.chat_ext_id, file=file, **parts)

    async def delete(self, target: Target, message_id: str) -> bool:
        try:
            if not target.private:
                await self._channel(target.chat_ext_id).get_partial_message(
                    int(message_id)).delete()
            elif message_id.startswith(DM):
                channel_id, _, mid = message_id[len(DM):].partition(":")
                await self._channel(channel_id).get_partial_message(int(mid)).delete()
            else:
                interaction = self._live(message_id)
                if interaction is None:
                    return False
                await interaction.delete_original_response()
                self._hands.pop(int(message_id[len(EPHEMERAL):]), None)
        except (discord.HTTPException, ValueError) as exc:
            log.info("message %s of %s not deleted: %s", message_id, target.chat_ext_id, exc)
            return False
        return True

    async def is_admin(self, place: Place, person: Person) -> bool:
        """From the permissions the member's last interaction in that channel carried.

        The check always follows a press or command of that member in the table's channel.
        """
        permissions = self._permissions.get((place.chat_ext_id, person.ext_id))
        return permissions is not None and any(getattr(permissions, name)
                                               for name in ADMIN_PERMISSIONS)

    async def is_member(self, place: Place, person: Person) -> bool:
        """Whether the member was seen pressing or commanding in that channel (every lobby
        press on Discord comes from the table's own channel, where no check is made)."""
        return (place.chat_ext_id, person.ext_id) in self._permissions

    def deep_link(self, payload: str) -> str | None:
        """None: on Discord every member can get his hand ("My hand"), no link is needed."""
        return None

    # ---- hands --------------------------------------------------------------------------------

    def _channel(self, channel_id: str) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(int(channel_id))

    def _live(self, message_id: str) -> discord.Interaction[Any] | None:
        """The interaction that may still edit an ephemeral hand, if any."""
        key = message_id[len(EPHEMERAL):]
        interaction = self._hands.get(int(key)) if key.isdigit() else None
        if interaction is None or discord.utils.utcnow() - interaction.created_at > EDIT_WINDOW:
            return None
        return interaction

    async def _private(self, user_id: str, message_id: str | None, screen: Screen) -> str:
        if await self.wants_dm(user_id):
            return await self._dm(user_id, message_id, screen)
        if message_id is None or not message_id.startswith(EPHEMERAL):
            return EPHEMERAL  # shown when the player asks ("My hand")
        interaction = self._live(message_id)
        if interaction is None:
            log.debug("hand %s of %s has no live token: skipped", message_id, user_id)
            return message_id
        try:
            await interaction.edit_original_response(**message_parts(screen, editing=True))
        except discord.HTTPException as exc:  # token expired early, message dismissed
            log.info("hand %s of %s not edited: %s", message_id, user_id, exc)
            self._hands.pop(int(message_id[len(EPHEMERAL):]), None)
        return message_id

    async def _dm(self, user_id: str, message_id: str | None, screen: Screen) -> str:
        """Edit the player's DM hand, or send it; ``Undeliverable`` when his DMs are closed."""
        if message_id and message_id.startswith(DM):
            channel_id, _, mid = message_id[len(DM):].partition(":")
            try:
                with self._dm_errors(user_id):
                    await self._channel(channel_id).get_partial_message(int(mid)).edit(
                        **message_parts(screen, editing=True))
                return message_id
            except discord.NotFound:
                log.info("DM hand %s of %s is gone; sending anew", message_id, user_id)
        return await self._dm_send(user_id, **message_parts(screen))

    async def _dm_send(self, user_id: str, **parts: Any) -> str:
        """Send a direct message; return its id (``dm:<channel>:<message>``)."""
        with self._dm_errors(user_id):
            channel = await self.client.create_dm(discord.Object(int(user_id)))
            message = await channel.send(**parts)
        return f"{DM}{channel.id}:{message.id}"

    @contextmanager
    def _dm_errors(self, user_id: str) -> Iterator[None]:
        """Discord's "cannot send messages to this user" becomes ``Undeliverable``, and the
        player's hands stay ephemeral until he asks for DMs again."""
        try:
            yield
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            log.info("DMs of %s are closed: hands stay ephemeral", user_id)
            self._dm_closed.add(user_id)
            raise Undeliverable(str(exc)) from exc
