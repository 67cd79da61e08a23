"""Configuration from the environment and a ``.env`` file (pydantic-settings); see
``.env.example``.

Where things live: the ``.env`` file is ``KOZYR_ENV_FILE`` (or ``--env-file``), else ``.env`` in
the current folder; the data folder is ``KOZYR_DATA_DIR``, else `default_data_dir`; the database
is ``DATABASE_URL``, else the SQLite file ``<data folder>/kozyr.sqlite3``.
"""

from __future__ import annotations

import os
import re
from datetime import tzinfo
from pathlib import Path
from typing import Annotated, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

Lang = Literal["ru", "uk", "en"]
#: The levels ``LOG_LEVEL`` takes (any case): logging's own names.
LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]

#: The project's folder when kozyr runs from a source checkout (``bot/`` beside pyproject.toml).
SOURCE_ROOT = Path(__file__).resolve().parent.parent
#: Telegram's rule for ``secret_token`` (core.telegram.org/bots/api#setwebhook).
SECRET_RE = re.compile(r"[A-Za-z0-9_-]{1,256}")


def default_data_dir() -> Path:
    """The data folder when ``KOZYR_DATA_DIR`` is unset: ``data/`` beside the project when run
    from a source checkout (so ``./scripts/run`` from any folder finds the same database), else
    ``$XDG_DATA_HOME/kozyr`` (``~/.local/share/kozyr``)."""
    if (SOURCE_ROOT / "pyproject.toml").is_file():
        return SOURCE_ROOT / "data"
    xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "kozyr"


def env_file_path() -> Path:
    """The ``.env`` file to read: ``KOZYR_ENV_FILE`` if set, else ``.env`` in the current
    folder (a missing default file is fine; a missing named one is an error of the caller)."""
    return Path(os.environ.get("KOZYR_ENV_FILE") or ".env")


class Settings(BaseSettings):
    """Every setting of the bot. Environment variables use the upper-case field names."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    telegram_token: str | None = Field(default=None, description="Bot token from @BotFather")
    discord_token: str | None = Field(default=None, description="Discord bot token")
    kozyr_data_dir: Path = Field(default_factory=default_data_dir,
                                 description="Folder of the default SQLite database")
    database_url: str = Field(
        default="",
        description="SQLAlchemy async URL; empty: SQLite <KOZYR_DATA_DIR>/kozyr.sqlite3; "
                    "postgresql+asyncpg://user@host/db for PostgreSQL",
    )
    default_lang: Lang = Field(default="ru", description="Language of a chat until /lang")
    kozyr_timezone: str = Field(
        default="UTC", description="Time zone the turn clock's time of day is written in "
                                   "(an IANA name such as Europe/Moscow)")
    telegram_api_server: str | None = Field(
        default=None, description="Base URL of a self-hosted Bot API server"
    )
    telegram_poll_timeout: int = Field(default=30, ge=0, le=50,
                                       description="Long-polling timeout, seconds")
    request_timeout: float = Field(default=60.0, gt=0, description="HTTP timeout, seconds")
    bot_delay: float = Field(default=1.5, ge=0, le=30,
                             description="Seconds a bot player waits before its move")
    lobby_timeout: float = Field(default=900, gt=0,
                               description="Seconds after which an unstarted lobby closes")
    turn_ping: float = Field(default=20, ge=0, le=86400,
                             description="Seconds a player's turn waits before a private "
                                         "\"your move\" message that notifies (0: never)")
    telegram_rate_scale: float = Field(
        default=1.0, ge=0, le=10,
        description="Multiplies the windows of Telegram's flood limits the outgoing queue keeps "
                    "(1 message/s per chat, 19/min per group, 25/s overall); 0 sends unspaced")
    log_level: LogLevel = Field(default="INFO", description="DEBUG, INFO, WARNING or ERROR")
    webhook_url: str | None = Field(
        default=None, description="Public https base URL; set: webhook mode at <URL>/webhook")
    webhook_listen: str = Field(default="127.0.0.1",
                                description="Address the webhook server listens on")
    webhook_port: int = Field(default=8080, ge=1, le=65535, description="Webhook server port")
    webhook_secret: str | None = Field(
        default=None, description="X-Telegram-Bot-Api-Secret-Token; empty: random per start")
    health_port: int | None = Field(default=None, ge=1, le=65535,
                                    description="Polling mode: serve /healthz on this port")
    metrics_port: int | None = Field(default=None, ge=1, le=65535,
                                     description="Serve Prometheus /metrics on this port")
    owner_ids: Annotated[frozenset[int], NoDecode] = Field(
        default=frozenset(), description="Telegram user ids of the owners (comma-separated)")

    @field_validator("owner_ids", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        """``OWNER_IDS=1,2 3``: ids separated by commas and/or spaces."""
        if isinstance(value, str):
            return frozenset(int(part) for part in re.split(r"[\s,]+", value) if part)
        return value

    @field_validator("webhook_url", "webhook_secret", "telegram_api_server", mode="before")
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        """An empty line in .env (``WEBHOOK_URL=``) means unset."""
        return None if value == "" else value

    @field_validator("kozyr_timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        """An IANA time zone name the system's (or tzdata's) database knows."""
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError("wants an IANA time zone name such as Europe/Moscow or UTC"
                             ) from None
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _level_case(cls, value: object) -> object:
        """``LOG_LEVEL=debug`` is as good as ``DEBUG`` (logging's names are upper case)."""
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("health_port", "metrics_port", mode="before")
    @classmethod
    def _empty_port(cls, value: object) -> object:
        return None if value == "" else value

    @field_validator("kozyr_data_dir", mode="before")
    @classmethod
    def _empty_dir(cls, value: object) -> object:
        """``KOZYR_DATA_DIR=`` (empty, as in .env.example) means the default folder."""
        return default_data_dir() if value in ("", None) else value

    @field_validator("webhook_url")
    @classmethod
    def _https_base(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("https://", "http://")):
            raise ValueError("WEBHOOK_URL must start with https:// (Telegram calls it)")
        return value.rstrip("/") if value else value

    @field_validator("webhook_secret")
    @classmethod
    def _secret_chars(cls, value: str | None) -> str | None:
        if value is not None and not SECRET_RE.fullmatch(value):
            raise ValueError("WEBHOOK_SECRET: 1-256 characters of A-Z, a-z, 0-9, _ and -")
        return value

    @model_validator(mode="after")
    def _default_database(self) -> Settings:
        """No DATABASE_URL: the SQLite file in the data folder (an absolute path)."""
        if not self.database_url:
            path = self.kozyr_data_dir.expanduser().resolve() / "kozyr.sqlite3"
            self.database_url = f"sqlite+aiosqlite:///{path}"
        return self

    @property
    def time_zone(self) -> tzinfo:
        """``KOZYR_TIMEZONE`` as a zone."""
        return ZoneInfo(self.kozyr_timezone)

    @property
    def webhook_path(self) -> str:
        """The path the webhook server serves Telegram's updates on."""
        return "/webhook"


def load_settings(env_file: str | Path | None = None) -> Settings:
    """Settings from the environment and ``env_file`` (default: `env_file_path`).

    Raises:
        FileNotFoundError: an env file was named (argument or ``KOZYR_ENV_FILE``) but is missing.
        pydantic.ValidationError: a setting is invalid.
    """
    named = env_file is not None or bool(os.environ.get("KOZYR_ENV_FILE"))
    path = Path(env_file) if env_file is not None else env_file_path()
    if named and not path.is_file():
        raise FileNotFoundError(f"the env file {path} does not exist")
    return Settings(_env_file=path)  # type: ignore[call-arg]


def setting_errors(exc: ValidationError) -> list[str]:
    """One line per bad setting of ``exc``: its variable, what it wants, what it got.

    E.g. ``DEFAULT_LANG wants one of 'ru', 'uk' or 'en' (got 'xx')`` (pydantic's own messages,
    without its links and error codes).
    """
    lines = []
    for error in exc.errors(include_url=False):
        name = "_".join(str(part) for part in error["loc"][:1]).upper() or "a setting"
        wants = error["msg"].removeprefix("Value error, ")
        wants = wants[:1].lower() + wants[1:]
        lines.append(f"{name}: {wants} (got {error['input']!r})"
                     if not isinstance(error["input"], dict) else f"{name}: {wants}")
    return lines


def describe_database(url: str) -> str:
    """The database URL for a log line: the password hidden, a SQLite file's absolute path."""
    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(url)
    except Exception:
        return "(unparsable DATABASE_URL)"
    if parsed.get_backend_name() == "sqlite" and parsed.database:
        return f"SQLite file {Path(parsed.database).resolve()}"
    return parsed.render_as_string(hide_password=True)
