"""One table of commands (``bot.commands``) that both platforms read: each entry has its
handlers and its description in every language, and no handler answers a command left out."""

from __future__ import annotations

import re
from pathlib import Path

from bot import bootstrap
from bot.commands import COMMANDS, DISCORD, TELEGRAM, commands_of, telegram_menu
from bot.discord.commands import discord, register  # bot.discord first: it quiets audioop
from bot.i18n import LANGS, Catalogs

TELEGRAM_DIR = Path(__file__).resolve().parents[2] / "bot" / "telegram"


def _telegram_handled() -> set[str]:
    """The commands the Telegram routers answer (``Command(...)``, ``CommandStart()``)."""
    names: set[str] = set()
    for path in TELEGRAM_DIR.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        for args in re.findall(r"\bCommand\(([^)]*)\)", source):
            names |= set(re.findall(r'"([a-z_]+)"', args))
        if "CommandStart()" in source:
            names.add("start")
    return names


def test_telegram_answers_exactly_the_table() -> None:
    assert _telegram_handled() == {c.name for c in commands_of(TELEGRAM)}


def test_telegram_menu_is_the_table() -> None:
    assert tuple(c.name for c in telegram_menu()) == bootstrap.MENU_NAMES
    assert {"new", "score", "help"} <= set(bootstrap.MENU_NAMES)
    assert "start" not in bootstrap.MENU_NAMES and "tables" not in bootstrap.MENU_NAMES


async def test_discord_offers_exactly_the_table() -> None:
    client = discord.Client(intents=discord.Intents.none())
    tree: discord.app_commands.CommandTree[discord.Client] = discord.app_commands.CommandTree(
        client)
    register(tree, Catalogs())
    assert {c.name for c in tree.get_commands()} == {c.name for c in commands_of(DISCORD)}
    await client.close()


def test_every_offered_command_is_described_in_every_language() -> None:
    catalogs = Catalogs()
    for command in COMMANDS:
        offered = DISCORD in command.platforms or command.menu
        assert (command.description is not None) == offered, command.name
        if command.description is None:
            continue
        for lang in LANGS:
            assert catalogs.has(lang, command.description), (lang, command.name)


def test_help_names_every_command_each_platform_offers() -> None:
    """``/help`` (help.text, plus help.more.<platform> for one platform's own commands) lists
    every command a platform offers in its menu, in every language: a command added to the
    table but not to the help would stay unknown to players."""
    catalogs = Catalogs()
    offered = {"tg": [c.name for c in telegram_menu()],
               "dc": [c.name for c in commands_of(DISCORD)]}
    for platform, names in offered.items():
        for lang in LANGS:
            text = catalogs.t(lang, "help.text")
            more = f"help.more.{platform}"
            if catalogs.has(lang, more):
                text += "\n" + catalogs.t(lang, more)
            missing = [n for n in names if not re.search(rf"/{n}\b", text)]
            assert not missing, (platform, lang, missing)
