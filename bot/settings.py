"""Configuration from the environment and ``.env`` (pydantic-settings); see ``.env.example``."""

from __future__ import annotations

from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

Lang = Literal["ru", "uk", "en"]


class Settings(BaseSettings):
    """Every setting of the bot. Environment variables use the upper-case field names."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    telegram_token: str | None = Field(default=None, description="Bot token from @BotFather")
    discord_token: str | None = Field(default=None, description="Discord bot token")
    database_url: str = Field(
        default="sqlite+aiosqlite:///data/kozyr.sqlite3",
        description="SQLAlchemy async URL; postgresql+asyncpg://user@host/db for PostgreSQL",
    )
    default_lang: Lang = Field(default="ru", description="Language of a chat until /lang")
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
    telegram_rate_scale: float = Field(
        default=1.0, ge=0, le=10,
        description="Multiplies the windows of Telegram's flood limits the outgoing queue keeps "
                    "(1 message/s per chat, 19/min per group, 25/s overall); 0 sends unspaced")
    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING or ERROR")
