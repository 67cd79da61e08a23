"""``python -m bot`` / ``kozyr``: run the bot (Telegram) from the environment's settings."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys

from pydantic import ValidationError

from bot.settings import Settings

NO_TOKEN = """kozyr: no bot token is set.
Set TELEGRAM_TOKEN (from @BotFather in Telegram) in the environment or in a .env file,
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
    if not settings.telegram_token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from aiogram.exceptions import TelegramNetworkError, TelegramUnauthorizedError
    from aiogram.utils.token import TokenValidationError

    from bot.bootstrap import run_telegram  # imported late: the no-token path stays light

    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run_telegram(settings))
    except (TokenValidationError, TelegramUnauthorizedError) as exc:
        print(f"kozyr: Telegram refuses the token ({exc}). Check TELEGRAM_TOKEN "
              "(from @BotFather).", file=sys.stderr)
        return 2
    except TelegramNetworkError as exc:
        print(f"kozyr: cannot reach Telegram ({exc}). Check the network or "
              "TELEGRAM_API_SERVER.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
