"""``kozyr check``: is the configuration usable? Settings, database, tokens; a line each."""

from __future__ import annotations

from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection

from bot.settings import Settings, describe_database
from storage.db import alembic_config, make_engine, sqlite_file

Result = tuple[bool, str]


def _revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


async def check_database(settings: Settings) -> Result:
    """Reachable and at the newest migration (nothing is created or changed)."""
    where = describe_database(settings.database_url)
    path = sqlite_file(settings.database_url)
    if path is not None and not path.is_file():
        return False, f"database: no {where} yet (kozyr migrate or kozyr run creates it)"
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    engine = None
    try:
        # inside the try: an unusable URL (a driver kozyr lacks) fails here already
        engine = make_engine(settings.database_url)
        async with engine.connect() as conn:
            current = await conn.run_sync(_revision)
    except Exception as exc:
        return False, f"database: {_database_problem(exc, settings.database_url)}"
    finally:
        if engine is not None:
            await engine.dispose()
    if current != head:
        return False, (f"database: {where} is at migration {current}, the newest is {head} "
                       "(kozyr migrate upgrades it)")
    return True, f"database: {where}, migration {head} (the newest)"


def _database_problem(exc: Exception, url: str) -> str:
    """The same one-line explanation ``kozyr run`` gives for ``exc`` (bot/startup_errors.py),
    without its ``kozyr:`` prefix; the exception's text where there is none."""
    from bot.startup_errors import explain_database_error
    from storage.errors import StartError

    wrapped = StartError(str(exc))  # as `Store` raises it at start-up
    wrapped.__cause__ = exc
    line = explain_database_error(exc if isinstance(exc, StartError) else wrapped, url)
    return (line or str(exc)).removeprefix("kozyr: ")


async def check_telegram(settings: Settings) -> Result:
    """Telegram accepts the token (getMe)."""
    from bot.telegram.connect import make_bot

    bot = make_bot(settings)
    try:
        me = await bot.get_me()
    except Exception as exc:
        from bot.startup_errors import explain

        verdict = explain(exc)
        return False, f"telegram: {verdict[0].removeprefix('kozyr: ') if verdict else exc}"
    finally:
        await bot.session.close()
    return True, f"telegram: the token belongs to @{me.username}"


async def run_checks(settings: Settings) -> list[Result]:
    """Every check in order: settings, database, the tokens that are set."""
    tokens = [name for name, value in (("TELEGRAM_TOKEN", settings.telegram_token),
                                       ("DISCORD_TOKEN", settings.discord_token)) if value]
    results: list[Result] = [(bool(tokens), "settings: valid, " + (
        f"{' and '.join(tokens)} set" if tokens else "but no TELEGRAM_TOKEN or DISCORD_TOKEN"))]
    results.append(await check_database(settings))
    if settings.telegram_token:
        results.append(await check_telegram(settings))
    if settings.discord_token:
        results.append((True, "discord: the token is not checked (it is used at run)"))
    return results
