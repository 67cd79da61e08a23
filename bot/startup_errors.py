"""One line for the user when the database cannot be opened at start-up (or, `explain`, when a
platform refuses the token or cannot be reached).

`explain_database_error` turns a `storage.StartError` (raised by ``Store(url)`` and
``Store.start()``) into a sentence that says what is wrong and what to change, instead of a
traceback. It reads the error's cause chain: OSError numbers, SQLite's result code names
(``sqlite3.Error.sqlite_errorname``, https://www.sqlite.org/rescode.html) and PostgreSQL's
SQLSTATE codes (``asyncpg`` exceptions' ``sqlstate``,
https://www.postgresql.org/docs/current/errcodes-appendix.html). The messages are for the
operator who starts the bot, in English like the rest of the start-up output (not the players'
catalogs).
"""

from __future__ import annotations

import errno
import os
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

from sqlalchemy.exc import ArgumentError, NoSuchModuleError

from storage.db import sqlite_file
from storage.errors import NewerDatabase, StartError, StorageError

__all__ = ["explain", "explain_database_error"]

USE = ("Use sqlite:///path/to/kozyr.sqlite3 or "
       "postgresql+asyncpg://user:password@host:5432/database")


def _chain(exc: BaseException) -> Iterator[BaseException]:
    """``exc`` and its causes (``__cause__``, else ``__context__``), outermost first."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _line(exc: BaseException) -> str:
    """The error's own text on one line (SQLAlchemy appends a "Background" line)."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _read_only(path: Path) -> bool:
    """Whether the nearest existing folder of ``path`` is on a read-only file system."""
    for folder in (path, *path.parents):
        if folder.exists():
            return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    return False


def _sqlite(cause: BaseException, path: Path) -> str | None:
    """A SQLite driver error on the file ``path``."""
    code = getattr(cause, "sqlite_errorname", "") or ""
    if code == "SQLITE_NOTADB" or "file is not a database" in str(cause):
        return (f"{path} is not a SQLite database (kozyr left it unchanged). Point DATABASE_URL "
                "at another file, or move that file away.")
    if _read_only(path):
        return (f"cannot write the database {path}: the file system is read-only. Point "
                "DATABASE_URL at a file on a writable file system (e.g. a mounted volume).")
    refused = ("SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_PERM", "SQLITE_IOERR", "SQLITE_AUTH")
    if code.startswith(refused) or "readonly" in str(cause) or "open database" in str(cause):
        return (f"cannot open or write the database {path} ({_line(cause)}). Make its folder "
                "writable for the bot's user, or point DATABASE_URL at another file.")
    return None


def _postgres(cause: BaseException) -> str | None:
    """A PostgreSQL server's refusal (a SQLSTATE code)."""
    state = getattr(cause, "sqlstate", None)
    if not isinstance(state, str):
        return None
    if state in ("28000", "28P01"):  # invalid authorization / password
        return (f"PostgreSQL refuses the login ({_line(cause)}). Check the user and password "
                "in DATABASE_URL.")
    if state == "3D000":  # invalid catalog name
        return (f"PostgreSQL has no such database ({_line(cause)}). Create it (createdb NAME) "
                "or fix the database name in DATABASE_URL.")
    if state == "42501":  # insufficient privilege
        return (f"PostgreSQL denies the bot's user ({_line(cause)}). Grant it the rights on "
                "the database (it creates and alters tables) or use another user.")
    return None


def explain_database_error(exc: BaseException, url: str) -> str | None:
    """The one line to print when ``exc`` says the database cannot be opened at start-up.

    Args:
        exc: what start-up raised (``storage.StartError``, raised by ``Store(url)`` or
            ``Store.start()``, possibly wrapped by the caller).
        url: the DATABASE_URL setting (only its file path is shown; passwords never are).

    Returns:
        ``"kozyr: ..."``: what is wrong and what to do, on one line; None when ``exc`` is not a
        database start-up error (then it is a bug, and its traceback is due).
    """
    chain = list(_chain(exc))
    start = next((e for e in chain if isinstance(e, StartError)), None)
    if start is None:
        return None
    causes = chain[chain.index(start) + 1:]
    message = _explain(causes, start, url)
    return "kozyr: " + " ".join(message.split())


def _explain(causes: list[BaseException], start: StartError, url: str) -> str:
    """The sentence without the "kozyr: " prefix (see `explain_database_error`)."""
    shown = start.url or "DATABASE_URL"
    if any(isinstance(c, ArgumentError) and not isinstance(c, NoSuchModuleError)
           for c in causes) and not start.url:
        return f"DATABASE_URL is not a database URL. {USE}."
    for cause in causes:
        if isinstance(cause, NewerDatabase):
            return (f"the database was written by a newer kozyr (revision {cause.revision}); "
                    "upgrade kozyr or restore a backup.")
        if isinstance(cause, NoSuchModuleError | ImportError):
            return (f"DATABASE_URL names a database kozyr cannot use ({_line(cause)}). {USE}.")
    try:
        path = sqlite_file(url)
    except StorageError:
        path = None
    for cause in causes:
        if path is not None and isinstance(cause, OSError) and cause.filename is not None:
            if cause.errno == errno.EROFS or _read_only(path):
                return (f"cannot create the database folder {cause.filename}: the file system "
                        "is read-only. Point DATABASE_URL at a writable place.")
            return (f"cannot create the database folder {cause.filename} ({cause.strerror}). "
                    "Point DATABASE_URL at a file in a folder the bot may create or write.")
        if path is not None and type(cause).__module__ == "sqlite3":
            told = _sqlite(cause, path)
            if told:
                return told
        told = _postgres(cause)
        if told:
            return told
        if isinstance(cause, socket.gaierror):
            return (f"cannot find the database host of {shown} ({_line(cause)}). Fix the host "
                    "name in DATABASE_URL.")
        if isinstance(cause, OSError):  # refused, unreachable, timed out
            return (f"cannot reach the database server of {shown} ({_line(cause)}). Start "
                    "PostgreSQL there, or fix the host and port in DATABASE_URL.")
    first = causes[0] if causes else start
    return (f"cannot open the database {shown} ({_line(first)}). Check DATABASE_URL and that "
            "the database is up and writable.")


def explain(exc: Exception, database_url: str = "") -> tuple[str, int] | None:
    """A line for the user and an exit code for a refused token, an unreachable platform or a
    database that cannot be opened; None for anything else (a bug: its traceback is shown)."""
    database = explain_database_error(exc, database_url)
    if database is not None:
        return database, 2
    if "aiogram" in sys.modules:  # loaded only when the Telegram bot starts (the database
        # is opened before it): an error raised earlier is not one of aiogram's
        from aiogram.exceptions import TelegramNetworkError, TelegramUnauthorizedError
        from aiogram.utils.token import TokenValidationError

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

