"""aiogram routers: parse an update, call the table service, answer. No game logic here."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable

from aiogram import F, Router
from aiogram.enums import ChatType
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, ErrorEvent, Message, User

from bot.model import Person, Place, Undeliverable
from bot.service import TableService
from bot.telegram.callbacks import ActCb, ExpandCb, LobbyCb, in_range

log = logging.getLogger(__name__)
GROUPS = {ChatType.GROUP, ChatType.SUPERGROUP}


def person_of(user: User) -> Person:
    """The platform-neutral person of a Telegram user."""
    return Person("tg", str(user.id), user.full_name, user.username)


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


def build_router() -> Router:
    """All of kozyr's Telegram handlers in one router (commands, buttons, errors)."""
    router = Router(name="kozyr")

    @router.message(CommandStart(), F.chat.type == ChatType.PRIVATE)
    async def start_private(message: Message, command: CommandObject,
                            service: TableService) -> None:
        if message.from_user:
            await service.private_start(person_of(message.from_user), command.args or "")

    @router.message(Command("new"))
    async def new_table(message: Message, command: CommandObject, service: TableService) -> None:
        if message.from_user:
            game = (command.args or "").strip().lower()
            await service.new_table(place_of(message), person_of(message.from_user), game)

    @router.message(Command("score"))
    async def score(message: Message, command: CommandObject, service: TableService) -> None:
        await service.score(place_of(message), last=(command.args or "").strip() == "last")

    @router.message(Command("lang"))
    async def lang(message: Message, command: CommandObject, service: TableService) -> None:
        await service.set_lang(place_of(message), (command.args or "").strip().lower())

    @router.message(Command("rules"))
    async def rules(message: Message, command: CommandObject, service: TableService) -> None:
        await service.rules(place_of(message), (command.args or "").strip().lower())

    @router.message(Command("help", "start"))
    async def help_(message: Message, service: TableService) -> None:
        await service.help(place_of(message))

    @router.message(Command("stop"))
    async def stop(message: Message, service: TableService) -> None:
        if message.from_user:
            await service.stop_request(place_of(message), person_of(message.from_user))

    @router.message(Command("leave"))
    async def leave(message: Message, service: TableService) -> None:
        if message.from_user:
            await service.leave_match(place_of(message), person_of(message.from_user))

    @router.message(Command("pause", "resume"))
    async def pause(message: Message, command: CommandObject, service: TableService) -> None:
        if message.from_user:
            await service.pause(place_of(message), person_of(message.from_user),
                                paused=command.command == "pause")

    @router.callback_query(ActCb.filter())
    async def act(query: CallbackQuery, callback_data: ActCb, service: TableService) -> None:
        if not in_range(callback_data.t, callback_data.v):
            await query.answer(service.tr(None)("notice.bad_data"))
            return
        await service.act(person_of(query.from_user), callback_data.to_data(),
                          answer=answerer(query))

    @router.callback_query(ExpandCb.filter())
    async def expand(query: CallbackQuery, callback_data: ExpandCb,
                     service: TableService) -> None:
        if not in_range(callback_data.t, callback_data.v):
            await query.answer(service.tr(None)("notice.bad_data"))
            return
        text = await service.expand(person_of(query.from_user), callback_data.to_data())
        await query.answer(text or None)

    @router.callback_query(LobbyCb.filter())
    async def lobby(query: CallbackQuery, callback_data: LobbyCb, service: TableService) -> None:
        data = callback_data.to_data()
        if data is None or not in_range(callback_data.t):
            await query.answer(service.tr(None)("notice.bad_data"))
            return
        place = None
        message = query.message if isinstance(query.message, Message) else None
        if message is not None:
            place = place_of(message)

        async def used() -> None:
            # The confirmation was answered (either way) by someone allowed to: its buttons
            # go, on the group's confirmation only (forged data on a hand changes nothing), or
            # on a private table's confirmation (/stop works there too): a message whose own
            # buttons are the stop buttons pressed.
            if message is not None and (message.chat.type in GROUPS
                                        or offers(message, query.data or "")):
                with contextlib.suppress(TelegramBadRequest):
                    await message.edit_reply_markup(reply_markup=None)

        await service.lobby(person_of(query.from_user), data, place, answer=answerer(query),
                            used=used)

    @router.callback_query()
    async def garbage(query: CallbackQuery, service: TableService) -> None:
        await query.answer(service.tr(None)("notice.bad_data"))

    @router.errors()
    async def on_error(event: ErrorEvent) -> None:
        if event.update.message is not None and cannot_post(event.exception):
            # A command's answer the group refuses (the bot was muted, or removed a moment
            # before): nothing to fix in kozyr, so a warning, not a traceback.
            log.warning("update %s: cannot post in chat %s: %s", event.update.update_id,
                        event.update.message.chat.id, event.exception)
            return
        log.exception("update %s failed", event.update.update_id, exc_info=event.exception)

    return router
