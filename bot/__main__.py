"""``python -m bot`` / ``kozyr``: the command line (see `bot.cli`); ``run``, the default, runs
the bot on Telegram, on Discord, or on both, by which tokens are set."""

from __future__ import annotations

import logging
import sys

from pydantic import ValidationError

from bot.cli import NO_TOKEN, SUBCOMMANDS, parse_args
from bot.settings import load_settings, setting_errors
from bot.startup_errors import explain

__all__ = ["NO_TOKEN", "explain", "main"]


def main(argv: list[str] | None = None) -> int:
    """Entry point: ``kozyr [--env-file PATH] [run|migrate|backup FILE|check|copy-db --to URL]``.

    Returns the process exit code: 0, 1 for a failure of the database or the network, 2 for a
    configuration error.
    """
    args = parse_args(argv)
    try:
        settings = load_settings(args.env_file)
    except FileNotFoundError as exc:
        print(f"kozyr: {exc}", file=sys.stderr)
        return 2
    except ValidationError as exc:
        prefix = "FAIL  settings: " if args.command == "check" else "kozyr: bad setting "
        for line in setting_errors(exc):
            print(f"{prefix}{line}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # Alembic's start-up chatter; the other commands print their own one-line results.
    logging.getLogger("alembic.runtime.plugins").setLevel(logging.WARNING)
    if args.command != "run":
        logging.getLogger("alembic").setLevel(logging.WARNING)
    try:
        return SUBCOMMANDS[args.command](settings, args)
    except Exception as exc:
        verdict = explain(exc, settings.database_url)
        if verdict is None:
            raise
        message, code = verdict
        print(message, file=sys.stderr)
        return code


if __name__ == "__main__":
    sys.exit(main())
