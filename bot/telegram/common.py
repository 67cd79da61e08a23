"""What every Telegram router shares: the platform-neutral person and place of an update, and
a press's answerer."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import Router
from aiogram.enums import ChatType
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.filters import Filter
from aiogram.types import CallbackQuery, Message, TelegramObject, User
from aiogram.utils.magic_filter import MagicFilter

from bot.model import Person, Place, Undeliverable

GROUPS = {ChatType.GROUP, ChatType.SUPERGROUP}


class Inline(Filter):
    """A magic filter (``F...``) checked on the event loop.

    aiogram runs every filter that is not a coroutine function nor a ``Filter`` (``F``
    expressions included) in a worker thread (``asyncio.to_thread`` in
    aiogram/dispatcher/event/handler.py): a thread round trip per check of a few attribute
    reads. Wrapped in this ``Filter`` the check runs in place.

    Args:
        magic: the expression, e.g. ``F.chat.type == ChatType.PRIVATE``.
    """

    def __init__(self, magic: MagicFilter) -> None:
        self.magic = magic

    async def __call__(self, event: TelegramObject) -> Any:
        """The expression's value on ``event`` (falsy: the filter does not match)."""
        return self.magic.resolve(event)


def person_of(user: User) -> Person:
    """The platform-neutral person of a Telegram user (his app's language: ``en-US`` is
    ``en``)."""
    app = (user.language_code or "").split("-")[0].lower() or None
    return Person("tg", str(user.id), user.full_name, user.username, lang=app)


def place_of(message: Message) -> Place:
    """The platform-neutral place (chat, forum topic) of a message."""
    chat = message.chat
    thread = str(message.message_thread_id) if message.is_topic_message else None
    return Place("tg", str(chat.id), chat.title or chat.full_name, thread)


def cannot_post(error: Exception) -> bool:
    """Whether ``error`` says the bot may not write in the chat: 403 (removed, blocked) or 400
    "not enough rights to send ..." (muted by an admin, Bot API error texts)."""
    if isinstance(error, Undeliverable | TelegramForbiddenError):
        return True
    return isinstance(error, TelegramBadRequest) and (
        "not enough rights" in error.message.lower() or "have no rights" in error.message.lower())


def offers(message: Message, data: str) -> bool:
    """Whether ``message`` has a button with callback data ``data``."""
    rows = message.reply_markup.inline_keyboard if message.reply_markup else []
    return any(button.callback_data == data for row in rows for button in row)


def answerer(query: CallbackQuery) -> Callable[[str], Awaitable[None]]:
    """A function answering ``query`` once with a text (empty: no text)."""

    async def answer(text: str) -> None:
        await query.answer(text or None)

    return answer


def adopt(router: Router) -> Router:
    """``router`` (a module-level router, as in aiogram's examples) free to be included in a
    new dispatcher. aiogram attaches a router to one parent for good; a process that builds a
    second dispatcher (the tests build one per bot) takes the routers over from the first,
    which is no longer used then."""
    router._parent_router = None  # aiogram has no public detach
    return router
