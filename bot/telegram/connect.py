"""The aiogram ``Bot`` for kozyr's token: shared by ``kozyr run`` (bot/bootstrap.py) and
``kozyr check`` (bot/checks.py), which needs nothing else of the Telegram side."""

from __future__ import annotations

from aiogram import Bot
from aiogram.client.telegram import TelegramAPIServer

from bot.settings import Settings
from bot.telegram.response_types import LeanSession, keep_response_types


def make_bot(settings: Settings) -> Bot:
    """An aiogram ``Bot`` for the token, through a self-hosted Bot API server if one is set."""
    assert settings.telegram_token
    keep_response_types()  # aiogram's reply models, otherwise rebuilt after every gc run
    api = (TelegramAPIServer.from_base(settings.telegram_api_server)
           if settings.telegram_api_server else None)
    # replies to edits are not validated (nobody reads them: response_types.py)
    session = (LeanSession(api=api, timeout=settings.request_timeout) if api
               else LeanSession(timeout=settings.request_timeout))
    return Bot(token=settings.telegram_token, session=session)
