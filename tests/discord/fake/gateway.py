"""The users' side of the fake Discord: slash commands, autocomplete, button presses.

Discord sends interactions over the gateway as ``INTERACTION_CREATE`` events; the fake builds
the same payloads and hands them to the parser discord.py's gateway would call
(``ConnectionState.parsers``), so commands, autocomplete and buttons go through discord.py's own
parsing and dispatch. A simulated user only presses what he can see (his ephemeral messages,
his DMs, the channel's messages) unless a test forges a press on purpose (``strict=False``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, TypeVar

import discord

from .models import FakeChannel, FakeInteraction, FakeMessage, FakeUser, snowflake
from .server import FakeDiscordServer

T = TypeVar("T")
#: Option types of slash commands (Discord's numbers).
OPTION_TYPES = {3: str, 4: int, 5: bool}


class FakeDiscord(FakeDiscordServer):
    """A fake Discord with one server (guild); ``attach`` a logged-in client to deliver to."""

    def __init__(self) -> None:
        super().__init__()
        self._state: Any = None

    def attach(self, client: discord.Client) -> None:
        """Deliver the interactions to ``client`` (logged in against this fake)."""
        self._state = client._connection

    def user(self, user_id: int, name: str, *, username: str | None = None,
             dms_open: bool = True) -> FakeUser:
        """A member of the server."""
        self.users[user_id] = FakeUser(user_id, name, username or name.lower(), dms_open)
        return self.users[user_id]

    def channel(self, channel_id: int, name: str) -> FakeChannel:
        """A text channel of the server."""
        self.channels[channel_id] = FakeChannel(channel_id, name, self.guild_id)
        return self.channels[channel_id]

    # ---- the server's own events (the gateway's GUILD_CREATE, GUILD_DELETE, CHANNEL_DELETE) -

    def _guild_json(self) -> dict[str, Any]:
        channels = [c.json() for c in self.channels.values() if c.guild_id == self.guild_id]
        return {"id": str(self.guild_id), "name": "Club", "owner_id": str(self.app_id),
                "channels": channels, "threads": [], "roles": [], "emojis": [],
                "stickers": [], "features": [], "members": [], "member_count": len(self.users),
                "large": False, "preferred_locale": "en-US", "verification_level": 0,
                "explicit_content_filter": 0, "default_message_notifications": 0,
                "mfa_level": 0, "premium_tier": 0, "nsfw_level": 0, "system_channel_flags": 0}

    def _dispatch(self, event: str, data: dict[str, Any]) -> None:
        assert self._state is not None, "no client attached"
        self._state.parsers[event](data)

    def add_bot(self) -> None:
        """The bot joins the server (again): ``GUILD_CREATE`` with its text channels."""
        self._dispatch("GUILD_CREATE", self._guild_json())

    def remove_bot(self) -> None:
        """The bot is kicked from the server: ``GUILD_DELETE`` (the server must be known:
        ``add_bot`` first, as the gateway's start-up would have said)."""
        self._dispatch("GUILD_DELETE", {"id": str(self.guild_id)})

    def delete_channel(self, channel: FakeChannel) -> None:
        """An admin deletes ``channel``: ``CHANNEL_DELETE``."""
        del self.channels[channel.id]
        self._dispatch("CHANNEL_DELETE", channel.json())

    # ---- what users see ---------------------------------------------------------------------

    def channel_messages(self, channel: FakeChannel, *,
                         include_deleted: bool = False) -> list[FakeMessage]:
        """The messages everyone sees in ``channel``, oldest first."""
        return [m for m in self.messages.values() if m.channel_id == channel.id
                and not m.ephemeral_for and (include_deleted or not m.deleted)]

    def private_messages(self, user: FakeUser) -> list[FakeMessage]:
        """What only ``user`` sees: his ephemeral messages and his DMs, oldest first."""
        dms = {c.id for c in self.channels.values() if c.recipient is user}
        return [m for m in self.messages.values() if not m.deleted
                and (m.ephemeral_for == user.id or m.channel_id in dms)]

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        """The bot's direct messages to ``user``."""
        dms = {c.id for c in self.channels.values() if c.recipient is user}
        return [m for m in self.messages.values() if m.channel_id in dms and not m.deleted]

    def hand(self, user: FakeUser) -> FakeMessage | None:
        """The user's newest hand message (ephemeral or DM)."""
        found = [m for m in self.private_messages(user) if m.is_hand]
        return found[-1] if found else None

    def table_message(self, channel: FakeChannel) -> FakeMessage:
        """The channel's table message (the newest one with a "My hand" button)."""
        found = [m for m in self.channel_messages(channel)
                 if any(i.startswith("kz:h:") for i in m.custom_ids)]
        assert found, "no table message in the channel"
        return found[-1]

    def find(self, channel: FakeChannel, text: str) -> FakeMessage | None:
        """The newest channel message containing ``text``."""
        found = [m for m in self.channel_messages(channel) if text in m.text]
        return found[-1] if found else None

    # ---- interactions -----------------------------------------------------------------------

    def _payload(self, kind: int, user: FakeUser, channel: FakeChannel) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(snowflake(self.now())), "application_id": str(self.app_id),
            "type": kind, "token": self.new_token(), "version": 1, "locale": "en-US",
            "channel_id": str(channel.id), "channel": channel.json(),
            "app_permissions": "1126140759461440", "entitlements": [],
            "attachment_size_limit": 10_485_760,
        }
        if channel.guild_id is None:
            payload.update(user=user.json(), context=1,
                           authorizing_integration_owners={"0": "0"})
        else:
            payload.update(guild_id=str(channel.guild_id), member=user.member_json(),
                           guild_locale="en-US", context=0,
                           guild={"id": str(channel.guild_id), "locale": "en-US",
                                  "features": []},
                           authorizing_integration_owners={"0": str(channel.guild_id)})
        return payload

    def _deliver(self, payload: dict[str, Any], user: FakeUser, channel: FakeChannel,
                 source: FakeMessage | None = None) -> FakeInteraction:
        assert self._state is not None, "no client attached"
        interaction = FakeInteraction(int(payload["id"]), payload["token"], payload["type"],
                                      user, channel, self.now(), time.monotonic(), source)
        self.interactions[interaction.token] = interaction
        before = asyncio.all_tasks()
        self._state.parsers["INTERACTION_CREATE"](payload)
        interaction.tasks = asyncio.all_tasks() - before
        return interaction

    def _command_data(self, name: str, options: dict[str, Any],
                      focused: str | None = None) -> dict[str, Any]:
        command = next((c for c in self.commands if c["name"] == name), None)
        assert command is not None, f"/{name} is not registered (synced: "\
            f"{[c['name'] for c in self.commands]})"
        known = {o["name"]: o for o in command.get("options", [])}
        given = []
        for key, value in options.items():
            assert key in known, f"/{name} has no option {key!r}"
            kind = known[key]["type"]
            if key != focused:
                assert isinstance(value, OPTION_TYPES[kind]), (key, value)
            given.append({"name": key, "type": kind, "value": value,
                          **({"focused": True} if key == focused else {})})
        return {"id": command["id"], "name": name, "type": 1, "options": given}

    def slash_nowait(self, user: FakeUser, channel: FakeChannel, name: str, *,
                     strict: bool = True, **options: Any) -> FakeInteraction:
        """Use ``/name`` in ``channel``; the bot handles it in the background.

        ``strict`` False: a command the bot did not register (Discord's list out of date).
        """
        payload = self._payload(2, user, channel)
        payload["data"] = self._command_data(name, options) if strict else \
            {"id": str(snowflake(self.now())), "name": name, "type": 1, "options": []}
        return self._deliver(payload, user, channel)

    async def slash(self, user: FakeUser, channel: FakeChannel, name: str, *,
                    strict: bool = True, **options: Any) -> FakeInteraction:
        """Use ``/name`` and wait until the bot has handled it."""
        return await self.settle(self.slash_nowait(user, channel, name, strict=strict,
                                                   **options))

    async def autocomplete(self, user: FakeUser, channel: FakeChannel, name: str,
                           option: str, typed: str) -> list[dict[str, Any]]:
        """Type ``typed`` into ``/name``'s ``option``; return the choices offered."""
        payload = self._payload(4, user, channel)
        payload["data"] = self._command_data(name, {option: typed}, focused=option)
        interaction = await self.settle(self._deliver(payload, user, channel))
        assert interaction.response == 8, "autocomplete not answered"
        return interaction.choices

    def press_nowait(self, user: FakeUser, message: FakeMessage, custom_id: str, *,
                     values: list[str] | None = None, strict: bool = True) -> FakeInteraction:
        """Press the component ``custom_id`` of ``message`` (a choice menu with ``values``).

        ``strict``: the user must see the message and the component must be on it, as on
        Discord; a test forging a press passes False.
        """
        if strict:
            assert custom_id in message.custom_ids, (custom_id, message.custom_ids)
            assert message.ephemeral_for in (None, user.id), "someone else's ephemeral message"
            assert not message.deleted, "a deleted message"
        channel = self.channels[message.channel_id]
        payload = self._payload(3, user, channel)
        payload["message"] = self._message_json(message)
        payload["data"] = {"custom_id": custom_id, "component_type": 3 if values else 2,
                           **({"values": values} if values else {})}
        return self._deliver(payload, user, channel, message)

    async def press(self, user: FakeUser, message: FakeMessage, custom_id: str, *,
                    values: list[str] | None = None, strict: bool = True) -> FakeInteraction:
        """Press and wait until the bot has handled the press."""
        return await self.settle(self.press_nowait(user, message, custom_id, values=values,
                                                   strict=strict))

    async def press_button(self, user: FakeUser, message: FakeMessage,
                           label: str) -> FakeInteraction:
        """Press the button whose label contains ``label``."""
        return await self.press(user, message, message.button(label)["custom_id"])

    async def settle(self, interaction: FakeInteraction,
                     timeout: float = 20.0) -> FakeInteraction:
        """Wait until the bot's handling of ``interaction`` is over."""
        if interaction.tasks:
            _, pending = await asyncio.wait(interaction.tasks, timeout=timeout)
            assert not pending, "the bot is still handling the interaction"
        return interaction

    async def wait_for(self, predicate: Callable[[FakeDiscord], T | None], *, what: str,
                       timeout: float = 20.0) -> T:
        """Wait until ``predicate(self)`` is true; return its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = predicate(self)
            if value:
                return value
            assert time.monotonic() < deadline, f"timed out waiting for {what}"
            await asyncio.sleep(0.02)

    def unanswered(self) -> list[FakeInteraction]:
        """Interactions never acknowledged, or acknowledged after 3 seconds."""
        return [i for i in self.interactions.values()
                if i.response is None or (i.acked_after or 0) > 3.0]
