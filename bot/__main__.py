"""``python -m bot`` / ``kozyr``: run the bot from the environment's settings: on Telegram, on
Discord, or on both, by which tokens are set."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys

from pydantic import ValidationError

from bot.settings import Settings

NO_TOKEN = """kozyr: no bot token is set.
Set TELEGRAM_TOKEN (from @BotFather in Telegram) and/or DISCORD_TOKEN (from the Discord
Developer Portal, Bot tab) in the environment or in a .env file,
for example:  TELEGRAM_TOKEN=123456:ABC... ./scripts/run
See .env.example for every setting."""


def main() -> int:
    """Entry point. Returns the process exit code (2 for a configuration error)."""
    try:
        settings = Settings()
    except ValidationError as exc:
        print(f"kozyr: bad configuration:\n{exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not settings.telegram_token and not settings.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from bot.bootstrap import run  # imported late: the no-token path stays light

    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run(settings))
    except Exception as exc:
        verdict = explain(exc, settings.database_url)
        if verdict is None:
            raise
        message, code = verdict
        print(message, file=sys.stderr)
        return code
    return 0


def explain(exc: Exception, database_url: str = "") -> tuple[str, int] | None:
    """A line for the user and an exit code for a refused token, an unreachable platform or a
    database that cannot be opened; None for anything else (a bug: its traceback is shown)."""
    from aiogram.exceptions import TelegramNetworkError, TelegramUnauthorizedError
    from aiogram.utils.token import TokenValidationError

    from bot.startup_errors import explain_database_error

    database = explain_database_error(exc, database_url)
    if database is not None:
        return database, 2

    if isinstance(exc, TokenValidationError | TelegramUnauthorizedError):
        return (f"kozyr: Telegram refuses the token ({exc}). Check TELEGRAM_TOKEN "
                "(from @BotFather).", 2)
    if isinstance(exc, TelegramNetworkError):
        return (f"kozyr: cannot reach Telegram ({exc}). Check the network or "
                "TELEGRAM_API_SERVER.", 1)
    if "discord" in sys.modules:  # loaded only when the Discord bot runs
        import aiohttp
        import discord

        if isinstance(exc, discord.LoginFailure):
            return (f"kozyr: Discord refuses the token ({exc}). Check DISCORD_TOKEN "
                    "(Developer Portal, Bot tab).", 2)
        if isinstance(exc, discord.GatewayNotFound | aiohttp.ClientConnectionError):
            return f"kozyr: cannot reach Discord ({exc}). Check the network.", 1
    return None


if __name__ == "__main__":
    sys.exit(main())
