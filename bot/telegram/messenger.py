"""``Messenger`` over aiogram's ``Bot``: HTML texts, inline keyboards, Telegram's error cases."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from aiogram import Bot
from aiogram.enums import ChatMemberStatus, ParseMode
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.types import (
    BufferedInputFile,
    ChatMemberRestricted,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    LinkPreviewOptions,
)
from aiogram.utils.deep_linking import create_deep_link

from bot import metrics
from bot.markup import Html, Moment, render_moments
from bot.model import ChatMigrated, Person, Place, Screen, Target, Undeliverable
from bot.telegram.callbacks import pack

log = logging.getLogger(__name__)
NO_PREVIEW = LinkPreviewOptions(is_disabled=True)
#: Attempts of one API call on a flood limit (429) or a network / server error.
ATTEMPTS = 4
#: The longest flood wait honoured in place, seconds; longer ones fail (the next refresh repeats).
MAX_RETRY_AFTER = 30.0
T = TypeVar("T")


async def with_retries(call: Callable[[], Awaitable[T]]) -> T:
    """Run an API call, waiting out Telegram's ``retry_after`` and transient errors.

    Raises:
        the last error when every attempt failed, or a flood wait over ``MAX_RETRY_AFTER``.
    """
    for attempt in range(1, ATTEMPTS + 1):
        try:
            return await call()
        except TelegramRetryAfter as exc:
            metrics.RETRY_AFTER.inc()
            if attempt == ATTEMPTS or exc.retry_after > MAX_RETRY_AFTER:
                raise
            log.info("flood limit: waiting %s s", exc.retry_after)
            await asyncio.sleep(exc.retry_after)
        except (TelegramNetworkError, TelegramServerError):
            if attempt == ATTEMPTS:
                raise
            await asyncio.sleep(0.5 * attempt)
    raise AssertionError("unreachable")


def telegram_html(text: str) -> str:
    """A screen's text as Telegram reads it: each moment (``bot.markup.moment``, the turn's
    deadline) becomes Telegram's date entity ``<tg-time>``, which each reader's app shows in
    his own time zone (format ``T`` to the second, ``t`` to the minute, ``d`` with the
    date); the moment's text is what an app that does not know the entity shows."""
    def entity(at: Moment, shown: Html) -> str:
        style = ("T" if at.seconds else "t") + ("d" if at.date else "")
        return f'<tg-time unix="{at.unix}" format="{style}">{shown}</tg-time>'

    return render_moments(text, entity)


def markup(screen: Screen) -> InlineKeyboardMarkup | None:
    """The inline keyboard of ``screen`` (None when it has no buttons)."""
    if not screen.buttons:
        return None
    rows = []
    for row in screen.buttons:
        rows.append([
            InlineKeyboardButton(text=b.text, url=b.url) if b.url else
            InlineKeyboardButton(text=b.text, callback_data=pack(b.data) if b.data else "noop")
            for b in row
        ])
    return InlineKeyboardMarkup(inline_keyboard=rows)


class TelegramMessenger:
    """Sends and edits Telegram messages for the table service.

    Args:
        bot: the aiogram bot.
        username: the bot's username (for deep links), from ``get_me``.
    """

    platform = "tg"

    def __init__(self, bot: Bot, username: str) -> None:
        self.bot = bot
        self.username = username

    async def send(self, target: Target, screen: Screen) -> str:
        try:
            msg = await with_retries(lambda: self.bot.send_message(
                chat_id=int(target.chat_ext_id), text=telegram_html(screen.text),
                parse_mode=ParseMode.HTML,
                reply_markup=markup(screen), link_preview_options=NO_PREVIEW,
                message_thread_id=int(target.thread_id) if target.thread_id else None))
        except TelegramForbiddenError as exc:
            raise Undeliverable(str(exc)) from exc
        except TelegramMigrateToChat as exc:
            raise ChatMigrated(str(exc.migrate_to_chat_id)) from exc
        except TelegramBadRequest as exc:
            if "chat not found" in str(exc).lower():  # a group deleted, or never the bot's
                raise Undeliverable(str(exc)) from exc
            raise
        return str(msg.message_id)

    async def edit(self, target: Target, message_id: str, screen: Screen) -> str:
        try:
            await with_retries(lambda: self.bot.edit_message_text(
                chat_id=int(target.chat_ext_id), message_id=int(message_id),
                text=telegram_html(screen.text),
                parse_mode=ParseMode.HTML, reply_markup=markup(screen),
                link_preview_options=NO_PREVIEW))
        except TelegramForbiddenError as exc:
            raise Undeliverable(str(exc)) from exc
        except TelegramMigrateToChat as exc:
            raise ChatMigrated(str(exc.migrate_to_chat_id)) from exc
        except TelegramBadRequest as exc:
            text = str(exc).lower()
            if "not modified" in text:
                return message_id
            if "not found" in text or "can't be edited" in text:
                log.info("message %s in %s cannot be edited; posting anew", message_id,
                         target.chat_ext_id)
                return await self.send(target, screen)
            raise
        return message_id

    async def send_photo(self, target: Target, image: bytes, caption: Screen) -> str:
        try:
            msg = await with_retries(lambda: self.bot.send_photo(
                chat_id=int(target.chat_ext_id), photo=BufferedInputFile(image, "sheet.png"),
                caption=telegram_html(caption.text) or None, parse_mode=ParseMode.HTML,
                reply_markup=markup(caption),
                message_thread_id=int(target.thread_id) if target.thread_id else None))
        except TelegramForbiddenError as exc:
            raise Undeliverable(str(exc)) from exc
        except TelegramMigrateToChat as exc:
            raise ChatMigrated(str(exc.migrate_to_chat_id)) from exc
        return str(msg.message_id)

    async def send_document(self, target: Target, data: bytes, filename: str,
                            caption: Screen) -> str:
        try:
            msg = await with_retries(lambda: self.bot.send_document(
                chat_id=int(target.chat_ext_id), document=BufferedInputFile(data, filename),
                caption=telegram_html(caption.text) or None, parse_mode=ParseMode.HTML,
                reply_markup=markup(caption),
                message_thread_id=int(target.thread_id) if target.thread_id else None))
        except TelegramForbiddenError as exc:
            raise Undeliverable(str(exc)) from exc
        except TelegramMigrateToChat as exc:
            raise ChatMigrated(str(exc.migrate_to_chat_id)) from exc
        return str(msg.message_id)

    async def delete(self, target: Target, message_id: str) -> bool:
        try:
            return await self.bot.delete_message(int(target.chat_ext_id), int(message_id))
        except (TelegramBadRequest, TelegramForbiddenError) as exc:
            log.info("message %s in %s not deleted: %s", message_id, target.chat_ext_id, exc)
            return False

    async def _member_status(self, place: Place, person: Person) -> ChatMemberStatus | None:
        """The person's status in the chat (``getChatMember``), None when Telegram cannot say:
        the bot was removed from the chat, the user is unknown there, or any other error (a
        press must still be answered, so nothing is raised)."""
        try:
            member = await with_retries(lambda: self.bot.get_chat_member(
                int(place.chat_ext_id), int(person.ext_id)))
        except (TelegramAPIError, TelegramNetworkError) as exc:
            log.info("getChatMember %s in %s failed: %s", person.ext_id, place.chat_ext_id, exc)
            return None
        if isinstance(member, ChatMemberRestricted) and not member.is_member:
            return ChatMemberStatus.LEFT  # restricted, but no longer in the chat
        return ChatMemberStatus(member.status)

    async def is_admin(self, place: Place, person: Person) -> bool:
        status = await self._member_status(place, person)
        return status in (ChatMemberStatus.CREATOR, ChatMemberStatus.ADMINISTRATOR)

    async def is_member(self, place: Place, person: Person) -> bool:
        status = await self._member_status(place, person)
        return status is not None and status not in (ChatMemberStatus.LEFT,
                                                     ChatMemberStatus.KICKED)

    def deep_link(self, payload: str) -> str | None:
        return create_deep_link(self.username, "start", payload)
