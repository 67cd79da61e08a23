"""Slash commands: the same set as Telegram's, with game ids completed as they are typed.

Which commands there are and their descriptions' catalog keys: ``bot.commands``, the one table
both platforms read. English is the default and a ``Translator`` gives Discord the Russian and
Ukrainian ones when the commands are synced.
"""

from __future__ import annotations

import logging
from html import unescape
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

import engine
from bot.commands import description
from bot.discord.handlers import Command, in_channel, kozyr, person_of, set_confirm, set_dm
from bot.discord.markup import clip, notice_of
from bot.i18n import Catalogs

log = logging.getLogger(__name__)

#: Discord's locales that have a catalog of ours (others get the English texts).
LOCALES = {discord.Locale.russian: "ru", discord.Locale.ukrainian: "uk"}
#: Discord's limit on descriptions and choice names.
MAX_TEXT = 100
MAX_CHOICES = 25
LANGUAGES = [Choice(name="Русский", value="ru"), Choice(name="Українська", value="uk"),
             Choice(name="English", value="en")]


class CatalogTranslator(app_commands.Translator):
    """Command and option descriptions in the catalogs' languages (``locale_str`` extras key)."""

    def __init__(self, catalogs: Catalogs) -> None:
        self.catalogs = catalogs

    async def translate(self, string: locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        """The catalog's text for the string's key in ``locale``, or None (English then)."""
        lang, key = LOCALES.get(locale), string.extras.get("key")
        if lang is None or key is None or not self.catalogs.has(lang, key):
            return None
        return clip(unescape(self.catalogs.t(lang, key)), MAX_TEXT)


class KozyrTree(app_commands.CommandTree[Any]):
    """The command tree; a command that fails is logged and its user told."""

    async def on_error(self, interaction: discord.Interaction[Any],
                       error: app_commands.AppCommandError) -> None:
        """Log the failure and answer the user if the interaction still allows it."""
        if isinstance(error, app_commands.CommandNotFound):  # Discord's list is out of date
            log.warning("unknown command %s", error.name)
        else:
            log.error("command %s failed", interaction.command and interaction.command.name,
                      exc_info=error)
        text = notice_of(kozyr(interaction).service.tr(None)("dc.failed"))
        try:
            if interaction.response.is_done():
                await interaction.edit_original_response(content=text)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not tell %s that the command failed", interaction.user.id)


async def game_choices(interaction: discord.Interaction[Any],
                       current: str) -> list[Choice[str]]:
    """Autocomplete: the games whose id or title contains what was typed."""
    tr = kozyr(interaction).service.tr(LOCALES.get(interaction.locale, "en"))
    typed = current.strip().lower()
    found = []
    for info in engine.list_games():
        title = tr.maybe(f"game.{info.id}", info.title)
        if typed in f"{info.id} {title}".lower():
            found.append(Choice(name=clip(f"{title} ({info.id})", MAX_TEXT), value=info.id))
    return found[:MAX_CHOICES]


def register(tree: app_commands.CommandTree[Any], catalogs: Catalogs) -> None:
    """Add kozyr's slash commands to ``tree`` (synced with Discord at start-up)."""
    en = catalogs.translator("en")

    def text(key: str) -> locale_str:
        return locale_str(clip(unescape(en(key)), MAX_TEXT), key=key)

    def about(name: str) -> locale_str:  # the description of the table of commands
        return text(description(name))

    def channel_command(name: str, work: Command) -> None:
        async def callback(interaction: discord.Interaction[Any]) -> None:
            await in_channel(interaction, work)

        tree.add_command(app_commands.Command(name=name, description=about(name),
                                              callback=callback, allowed_contexts=GUILDS))

    GUILDS = app_commands.AppCommandContext(guild=True)

    @tree.command(name="new", description=about("new"))
    @app_commands.guild_only()
    @app_commands.describe(game=text("dc.param.game"))
    @app_commands.autocomplete(game=game_choices)
    async def new(interaction: discord.Interaction[Any], game: str) -> None:
        await in_channel(interaction, lambda client, place, person: client.service.lobby.new_table(
            place, person, game.strip().lower()))

    @tree.command(name="rules", description=about("rules"))
    @app_commands.guild_only()
    @app_commands.describe(game=text("dc.param.game"))
    @app_commands.autocomplete(game=game_choices)
    async def rules(interaction: discord.Interaction[Any], game: str = "") -> None:
        await in_channel(interaction, lambda client, place, _: client.service.rules(
            place, game.strip().lower()))

    @tree.command(name="score", description=about("score"))
    @app_commands.guild_only()
    @app_commands.describe(last=text("dc.param.last"))
    async def score(interaction: discord.Interaction[Any], last: bool = False) -> None:
        await in_channel(interaction, lambda client, place, _: client.service.records.score(
            place, last=last))

    @tree.command(name="stats", description=about("stats"))
    @app_commands.guild_only()
    @app_commands.describe(member=text("dc.param.member"))
    async def stats(interaction: discord.Interaction[Any],
                    member: discord.Member | None = None) -> None:
        about = person_of(member) if member is not None else None
        await in_channel(interaction, lambda client, place, person: client.service.records.
            stats(place, person, about=about))

    @tree.command(name="top", description=about("top"))
    @app_commands.guild_only()
    @app_commands.describe(game=text("dc.param.game"))
    @app_commands.autocomplete(game=game_choices)
    async def top(interaction: discord.Interaction[Any], game: str = "") -> None:
        await in_channel(interaction, lambda client, place, _: client.service.records.top(
            place, game))

    @tree.command(name="export", description=about("export"))
    @app_commands.guild_only()
    @app_commands.describe(table=text("dc.param.table"))
    async def export(interaction: discord.Interaction[Any], table: str = "") -> None:
        await in_channel(interaction, lambda client, place, person: client.service.records.
            export(place, person, table))

    @tree.command(name="lang", description=about("lang"))
    @app_commands.guild_only()
    @app_commands.describe(language=text("dc.param.language"))
    @app_commands.choices(language=LANGUAGES)
    async def lang(interaction: discord.Interaction[Any], language: Choice[str]) -> None:
        await in_channel(interaction, lambda client, place, _: client.service.set_lang(
            place, language.value))

    @tree.command(name="confirm", description=about("confirm"))
    @app_commands.describe(enabled=text("dc.param.confirm"))
    async def confirm(interaction: discord.Interaction[Any], enabled: bool | None = None
                      ) -> None:
        await set_confirm(interaction, enabled)

    @tree.command(name="dm", description=about("dm"))
    @app_commands.describe(enabled=text("dc.param.enabled"))
    async def dm(interaction: discord.Interaction[Any], enabled: bool) -> None:
        await set_dm(interaction, enabled)

    channel_command("help",
                    lambda client, place, _: client.service.help(place))
    channel_command("history",
                    lambda client, place, _: client.service.records.history(place))
    channel_command("stop",
                    lambda client, place, person: client.service.lobby.stop_request(place, person))
    channel_command("leave",
                    lambda client, place, person: client.service.play.leave_match(place, person))
    channel_command("pause", lambda client, place, person: client.service.play.pause(
        place, person, paused=True))
    channel_command("resume", lambda client, place, person: client.service.play.pause(
        place, person, paused=False))
