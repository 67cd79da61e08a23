"""Fake Telegram Bot API server (real HTTP on 127.0.0.1) with simulated users.

Quick guide::

    async with FakeTelegram() as fake:                 # or: await fake.start() / stop()
        alice = fake.user(101, "Alice", username="alice")
        group = fake.group(-1001, "Friday club")       # supergroup, bot is a member
        settings = Settings(telegram_token=fake.token, telegram_api_server=fake.base_url)
        # or bot = fake.make_bot()  /  Bot(fake.token, session=AiohttpSession(
        #          api=TelegramAPIServer.from_base(fake.base_url)))
        async with fake.polling(dp, bot):              # dp.start_polling in a task
            await fake.send_text(group, alice, "/new deberts")
            lobby = await fake.wait_for_message(group, text_contains="Deberts")
            answer = await fake.press_button(alice, lobby, text_contains="Join")

Errors use Telegram's exact wording; see ``validate.py``/``botapi.py``.
Flood limits are off unless ``FakeTelegram(rate_limits=True)`` or
``fake.rate_limits = RateLimits(...)``.
"""

from .core import DEFAULT_TOKEN
from .html_parse import HtmlParseError, parse_html
from .models import (
    ApiCall,
    Button,
    ButtonNotFoundError,
    CallbackAnswer,
    CallbackQueryRecord,
    FakeChat,
    FakeFile,
    FakeMessage,
    FakeUser,
    MessageSnapshot,
    RateLimits,
)
from .params import ApiError
from .telegram import FakeTelegram

__all__ = [
    "DEFAULT_TOKEN",
    "ApiCall",
    "ApiError",
    "Button",
    "ButtonNotFoundError",
    "CallbackAnswer",
    "CallbackQueryRecord",
    "FakeChat",
    "FakeFile",
    "FakeMessage",
    "FakeTelegram",
    "FakeUser",
    "HtmlParseError",
    "MessageSnapshot",
    "RateLimits",
    "parse_html",
]
