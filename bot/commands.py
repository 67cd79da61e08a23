"""Every chat command of kozyr, in one place both platforms read.

Adding a command starts with one entry here (its name, the catalog key of its one-line
description, the platforms that offer it); then its handlers, a Telegram router's
``Command(...)`` and a Discord slash command of the same name (``bot/discord/commands.py``),
the service method they call, and its texts: the README's "Layout" (at ``commands.py``)
lists every piece in order. Telegram's command menu and Discord's command list are built
from this table; ``tests/bot/test_commands_registry.py`` checks that each entry has its
handlers and its description in every catalog, and that no handler answers a command missing
here.
"""

from __future__ import annotations

from dataclasses import dataclass

TELEGRAM, DISCORD = "telegram", "discord"
BOTH = frozenset({TELEGRAM, DISCORD})


@dataclass(frozen=True)
class ChatCommand:
    """One command: ``/name``, its description's catalog key and where it is offered.

    ``menu`` False keeps a Telegram command out of the command menu (``/start``, which Telegram
    sends itself; ``/tables``, for the bot's owners only).
    """

    name: str
    description: str | None  # catalog key of the one-line description (Telegram's menu,
    #                          Discord's list); None for a command in neither
    platforms: frozenset[str] = BOTH
    menu: bool = True


COMMANDS: tuple[ChatCommand, ...] = (
    ChatCommand("new", "cmd.new"),
    ChatCommand("score", "cmd.score"),
    ChatCommand("stats", "cmd.stats"),
    ChatCommand("top", "cmd.top"),
    ChatCommand("history", "cmd.history"),
    ChatCommand("export", "cmd.export"),
    ChatCommand("rules", "cmd.rules"),
    ChatCommand("leave", "cmd.leave"),
    ChatCommand("pause", "cmd.pause"),
    ChatCommand("resume", "cmd.resume"),
    ChatCommand("stop", "cmd.stop"),
    ChatCommand("notify", "cmd.notify", platforms=frozenset({TELEGRAM})),  # Discord: no ping
    ChatCommand("lang", "cmd.lang"),
    ChatCommand("confirm", "cmd.confirm"),
    ChatCommand("help", "cmd.help"),
    ChatCommand("dm", "dc.cmd.dm", platforms=frozenset({DISCORD})),
    ChatCommand("start", None, platforms=frozenset({TELEGRAM}), menu=False),
    ChatCommand("tables", None, platforms=frozenset({TELEGRAM}), menu=False),
)
BY_NAME = {c.name: c for c in COMMANDS}


def commands_of(platform: str) -> list[ChatCommand]:
    """The commands ``platform`` (``TELEGRAM`` or ``DISCORD``) offers, in the table's order."""
    return [c for c in COMMANDS if platform in c.platforms]


def telegram_menu() -> list[ChatCommand]:
    """The commands of Telegram's command menu, in the table's order."""
    return [c for c in commands_of(TELEGRAM) if c.menu]


def description(name: str) -> str:
    """The catalog key of the description of command ``name``.

    Raises KeyError for a command not in the table or one without a description.
    """
    key = BY_NAME[name].description
    if key is None:
        raise KeyError(f"/{name} has no description")
    return key
