"""The ``kozyr`` command line: ``run`` (the default), ``migrate``, ``backup FILE``, ``check``,
``copy-db --to URL``, ``play <game>`` (a match in the terminal); ``--env-file PATH`` before the
command picks the .env file.

Each command is a function ``(settings, args) -> exit code``; `bot.__main__.main` loads the
settings, calls it and turns the known start-up errors into one line (``explain``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from bot.settings import Settings, describe_database

log = logging.getLogger("kozyr")

NO_TOKEN = """kozyr: no bot token is set.
Set TELEGRAM_TOKEN (from @BotFather in Telegram) and/or DISCORD_TOKEN (from the Discord
Developer Portal, Bot tab) in the environment or in a .env file,
for example:  TELEGRAM_TOKEN=123456:ABC... ./scripts/run
See .env.example for every setting."""


def parser() -> argparse.ArgumentParser:
    """The argument parser (``kozyr --help`` lists the commands)."""
    top = argparse.ArgumentParser(prog="kozyr", description="kozyr, a card-club bot.")
    top.add_argument("--env-file", metavar="PATH",
                     help="the .env file to read (default: KOZYR_ENV_FILE, else ./.env)")
    sub = top.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("run", help="run the bot (the default)")
    sub.add_parser("migrate", help="create or upgrade the database to the newest schema")
    backup = sub.add_parser("backup", help="copy the running SQLite database to FILE")
    backup.add_argument("file", metavar="FILE", type=Path)
    sub.add_parser("check", help="check the settings, the database and the token")
    copy = sub.add_parser("copy-db", help="copy every row to another, empty database")
    copy.add_argument("--to", required=True, metavar="URL", help="the target database URL")
    play = sub.add_parser("play", add_help=False,
                          help="play a match against bot players in this terminal, in words "
                          "(kozyr play -h lists its options; the same as python -m engine play)")
    play.add_argument("rest", nargs=argparse.REMAINDER)
    return top


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Parse ``argv`` (default: sys.argv[1:]); no command means ``run``."""
    top = parser()
    args, extra = top.parse_known_args(argv)
    if args.command == "play":  # its own options, even one first (``kozyr play -h``)
        args.rest = [*extra, *args.rest]
    elif extra:
        top.error("unrecognized arguments: " + " ".join(extra))
    args.command = args.command or "run"
    return args


def cmd_run(settings: Settings, args: argparse.Namespace) -> int:
    """Run the bot until interrupted (exit 2 without a token)."""
    if not settings.telegram_token and not settings.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    log.info("database: %s", describe_database(settings.database_url))
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run(settings))
    return 0


async def run(settings: Settings) -> None:
    """Run every platform whose token is set: Telegram, Discord, or both over one database
    (each with its own table service; a table belongs to one platform's chat)."""
    from storage import Store

    # The database first (migrations included), before aiogram or discord.py is imported: a
    # database kozyr cannot open is told in about a second instead of after those imports.
    store = Store(settings.database_url)
    await store.start()
    try:
        # imported late: discord.py is loaded only when it runs
        from bot.bootstrap import run_telegram

        if not settings.discord_token:
            await run_telegram(settings, store=store)
            return
        from bot.discord.client import run_discord

        if not settings.telegram_token:
            await run_discord(settings, store=store)
            return
        await until_one_ends(run_telegram(settings, store=store),
                             run_discord(settings, store=store))
    finally:
        await store.close()


async def until_one_ends(*runs: Coroutine[Any, Any, None]) -> None:
    """Run ``runs`` together until one ends or fails (its error is raised); the others are
    then cancelled."""
    tasks = [asyncio.ensure_future(r) for r in runs]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            task.result()
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)



def cmd_migrate(settings: Settings, args: argparse.Namespace) -> int:
    """Create the database or upgrade it to the newest migration."""
    from storage import Store

    async def migrate() -> None:
        store = Store(settings.database_url)
        await store.start()
        await store.close()

    asyncio.run(migrate())
    print(f"kozyr: {describe_database(settings.database_url)} is at the newest schema")
    return 0


def cmd_backup(settings: Settings, args: argparse.Namespace) -> int:
    """Copy the SQLite database to FILE; PostgreSQL: say to use pg_dump (exit 2)."""
    from bot.backup import PG_DUMP, backup_path, backup_sqlite

    source = backup_path(settings.database_url)
    if source is None:
        print(PG_DUMP, file=sys.stderr)
        return 2
    try:
        size = backup_sqlite(source, args.file)
    except (ValueError, FileNotFoundError) as exc:
        print(f"kozyr: backup: {exc}", file=sys.stderr)
        return 2
    print(f"kozyr: {source} copied to {args.file} ({size} bytes)")
    return 0


def cmd_copy_db(settings: Settings, args: argparse.Namespace) -> int:
    """Copy every row to the database at ``--to`` (migrated first; must be empty)."""
    from bot.backup import copy_database

    try:
        copied = asyncio.run(copy_database(settings.database_url, args.to))
    except ValueError as exc:
        print(f"kozyr: copy-db: {exc}", file=sys.stderr)
        return 1
    rows = ", ".join(f"{name} {count}" for name, count in copied.items())
    print(f"kozyr: copied to {describe_database(args.to)}: {rows}")
    return 0


def cmd_check(settings: Settings, args: argparse.Namespace) -> int:
    """One line per check (settings, database, each token); exit 1 if any failed."""
    from bot.checks import run_checks

    results = asyncio.run(run_checks(settings))
    for ok, line in results:
        print(("ok    " if ok else "FAIL  ") + line)
    return 0 if all(ok for ok, _ in results) else 1


def cmd_play(settings: Settings, args: argparse.Namespace) -> int:
    """Play a match in the terminal (bot/terminal/cli.py; needs neither a token nor a
    database): ``kozyr play deberts --lang ru``."""
    from bot.terminal.cli import main as play  # imported late: the other commands skip it

    return play(args.rest)


SUBCOMMANDS: dict[str, Callable[[Settings, argparse.Namespace], int]] = {
    "run": cmd_run, "migrate": cmd_migrate, "backup": cmd_backup, "check": cmd_check,
    "copy-db": cmd_copy_db, "play": cmd_play,
}
