"""Interaction handlers: parse a press or a command, call the table service, answer.

Discord wants every interaction acknowledged within 3 seconds, so each handler defers first and
works afterwards: a press on a button is deferred as an update (nothing visible), a notice the
service returns goes out as an ephemeral follow-up (Telegram's toast), and a command is deferred
as an ephemeral "thinking" reply that is removed once the bot's channel messages are out. No game
logic lives here.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from re import Match
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from bot.discord.ids import BUTTON_TEMPLATE, SELECT_TEMPLATE, HandRequest, Pressed, unpack
from bot.discord.markup import notice_of
from bot.discord.views import view_of
from bot.i18n import Translator
from bot.model import (
    ActData,
    Button,
    ExpandData,
    Person,
    Place,
    RecordData,
    Screen,
    Target,
    Undeliverable,
)
from bot.tables.play import Answer

if TYPE_CHECKING:
    from bot.discord.messenger import DiscordMessenger
    from bot.tables.service import TableService

log = logging.getLogger(__name__)


class Kozyr(Protocol):
    """What the handlers use of the client that received an interaction (``KozyrClient`` in
    bot/discord/client.py, which imports this module)."""

    service: TableService
    messenger: DiscordMessenger


#: A command's work once acknowledged: (client, place, person) -> None.
Command = Callable[[Kozyr, Place, Person], Awaitable[None]]


def kozyr(interaction: discord.Interaction[Any]) -> Kozyr:
    """The client (with its service and messenger) that received ``interaction``."""
    return cast(Kozyr, interaction.client)


def person_of(user: discord.User | discord.Member) -> Person:
    """The platform-neutral person of a Discord user."""
    return Person("dc", str(user.id), user.display_name, user.name)


def place_of(interaction: discord.Interaction[Any]) -> Place | None:
    """The channel (of a server) an interaction came from; None in DMs."""
    if interaction.guild_id is None or interaction.channel_id is None:
        return None
    name = getattr(interaction.channel, "name", None)
    return Place("dc", str(interaction.channel_id), f"#{name}" if name else "Discord")


async def translator(interaction: discord.Interaction[Any]) -> Translator:
    """The language of the interaction's channel (the default one in DMs)."""
    service = kozyr(interaction).service
    place = place_of(interaction)
    return await service.translator(place) if place else service.tr(None)


def answerer(interaction: discord.Interaction[Any]) -> Answer:
    """A function answering a deferred press with a notice (empty: nothing to say)."""

    async def answer(text: str) -> None:
        if not text:
            return
        try:
            await interaction.followup.send(notice_of(text), ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("notice to %s not sent: %s", interaction.user.id, exc)

    return answer


async def on_press(interaction: discord.Interaction[Any], data: Pressed | None) -> None:
    """A button (or a choice menu's option) of ours was pressed; ``data`` None: garbage.

    A press whose handling fails (the database, a platform call) is logged, and its presser
    is told to try again: Discord would otherwise leave "thinking..." (My hand) or nothing.
    """
    try:
        await _on_press(interaction, data)
    except Exception:
        log.exception("press of %s failed", interaction.user.id)
        await tell_failed(interaction)


class PressButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    """Any button of ours; its custom id says what it does (``bot.discord.ids``)."""

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: Match[str], /) -> PressButton:
        """Wrap the pressed button (discord.py calls this when a custom id matches)."""
        assert isinstance(item, discord.ui.Button)
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the press to ``on_press``."""
        await on_press(interaction, unpack(self.item.custom_id or ""))


class ChoiceMenu(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """A choice menu of buttons that did not fit; each option's value is a custom id."""

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: Match[str], /) -> ChoiceMenu:
        """Wrap the used menu (discord.py calls this when a custom id matches)."""
        assert isinstance(item, discord.ui.Select)
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the chosen option to ``on_press`` as a press of its button."""
        values = self.item.values
        await on_press(interaction, unpack(values[0]) if len(values) == 1 else None)


async def tell_failed(interaction: discord.Interaction[Any]) -> None:
    """Tell the user his interaction failed: as its response, in place of its deferred
    "thinking...", or as a follow-up. No database is used: it may be what failed."""
    text = notice_of(kozyr(interaction).service.tr(None)("dc.failed"))
    kind = interaction.response.type
    try:
        if kind is None:
            await interaction.response.send_message(text, ephemeral=True)
        elif kind == discord.InteractionResponseType.deferred_channel_message:
            await interaction.edit_original_response(content=text)  # its "thinking..."
        else:
            await interaction.followup.send(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell %s that his press failed", interaction.user.id)


async def _on_press(interaction: discord.Interaction[Any], data: Pressed | None) -> None:
    client = kozyr(interaction)
    service, messenger = client.service, client.messenger
    messenger.note(interaction)
    if data is None:
        await interaction.response.send_message(notice_of(service.tr(None)("notice.bad_data")),
                                                ephemeral=True)
        return
    if isinstance(data, HandRequest):
        await my_hand(interaction, data.table_id)
        return
    await interaction.response.defer()
    person = person_of(interaction.user)
    if messenger.touch(interaction):  # a hand message: its next redraw goes out for sure
        service.display.forget(person.ext_id)
    answer = answerer(interaction)
    if isinstance(data, ActData):
        await service.play.act(person, data, answer=answer)
    elif isinstance(data, ExpandData):
        await answer(await service.play.expand(person, data))
    elif isinstance(data, RecordData):
        await answer(await service.records.press(person, place_of(interaction), data))
    elif data.op == "rematch":
        async def relabel(buttons: tuple[tuple[Button, ...], ...]) -> None:
            with contextlib.suppress(discord.HTTPException):
                await interaction.edit_original_response(view=view_of(Screen("", buttons)))

        await service.rematch.press(person, data.table_id, answer=answer, relabel=relabel)
    else:
        async def used() -> None:  # answered (either way) by someone allowed to: buttons go
            with contextlib.suppress(discord.HTTPException):
                await interaction.edit_original_response(view=None)

        await service.lobby.press(person, data, place_of(interaction), answer=answer,
                                  used=used)


async def my_hand(interaction: discord.Interaction[Any], table_id: int) -> None:
    """"My hand": the presser's hand, ephemeral (or in his DMs if he chose them)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    client = kozyr(interaction)
    service, messenger = client.service, client.messenger
    person = person_of(interaction.user)
    tr = await translator(interaction)
    said: list[str] = []

    async def show(screen: Screen) -> str:
        if await messenger.wants_dm(person.ext_id):
            try:
                message_id = await messenger.send(Target(person.ext_id, private=True), screen)
            except Undeliverable:
                said.append(tr("dc.dm_closed"))
            else:
                await interaction.edit_original_response(content=notice_of(tr("dc.hand_in_dm")))
                return message_id
        return await messenger.show_ephemeral(interaction, screen)

    notice = await service.play.hand(person, table_id, show)
    if notice:
        await interaction.edit_original_response(content=notice_of(notice))
    for text in said:
        await answerer(interaction)(text)


async def in_channel(interaction: discord.Interaction[Any], work: Command) -> None:
    """Run a command whose answer the service posts in the channel.

    The command is acknowledged at once with an ephemeral "thinking" reply, removed afterwards.
    """
    await interaction.response.defer(ephemeral=True, thinking=True)
    client = kozyr(interaction)
    client.messenger.note(interaction)
    place = place_of(interaction)
    if place is None:
        await interaction.edit_original_response(
            content=notice_of(client.service.tr(None)("dc.guild_only")))
        return
    await work(client, place, person_of(interaction.user))
    with contextlib.suppress(discord.HTTPException):
        await interaction.delete_original_response()


async def reply(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer a deferred command with a notice only its user sees."""
    await interaction.edit_original_response(content=notice_of(text))


async def set_dm(interaction: discord.Interaction[Any], enabled: bool) -> None:
    """``/dm``: hands by direct message, or ephemeral under "My hand".

    Turning DMs on sends a first DM at once, so a member whose DMs are closed learns it now and
    keeps his ephemeral hands.
    """
    await interaction.response.defer(ephemeral=True, thinking=True)
    client = kozyr(interaction)
    service, messenger = client.service, client.messenger
    person = person_of(interaction.user)
    tr = await translator(interaction)
    messenger.forget_dm(person.ext_id)
    await service.set_private(person, allowed=enabled)
    if enabled and not messenger.dm_closed(person.ext_id):
        with contextlib.suppress(Undeliverable):
            await messenger.send(Target(person.ext_id, private=True), Screen(tr("dc.dm_hello")))
    if enabled and messenger.dm_closed(person.ext_id):
        await service.set_private(person, allowed=False)
        await reply(interaction, tr("dc.dm_closed"))
        return
    await reply(interaction, tr("dc.dm_on" if enabled else "dc.dm_off"))


async def set_confirm(interaction: discord.Interaction[Any], enabled: bool | None) -> None:
    """``/confirm``: whether drastic calls ask the member for a second tap (the misclick
    guard, bot/tables/guard.py); without ``enabled`` he is told how it is set. The answer only
    he sees."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    arg = "" if enabled is None else "on" if enabled else "off"
    text = await kozyr(interaction).service.guard.confirm(place_of(interaction),
                                                          person_of(interaction.user), arg)
    await reply(interaction, text)
