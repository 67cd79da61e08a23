"""The chat's own Telegram commands (``/start``, ``/help``, ``/rules``, ``/lang``), the answer
to a button nobody else took, and the error log. Included last: its catch-all button handler
answers only what the feature routers left."""

from __future__ import annotations

import logging

from aiogram import F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, ErrorEvent, Message

from bot.tables.service import TableService
from bot.telegram.common import Inline, cannot_post, person_of, place_of

log = logging.getLogger(__name__)
router = Router(name="commands")


@router.message(CommandStart(), Inline(F.chat.type == ChatType.PRIVATE))
async def start_private(message: Message, command: CommandObject,
                        service: TableService) -> None:
    if message.from_user:
        await service.private_start(person_of(message.from_user), command.args or "")


@router.message(Command("lang"))
async def lang(message: Message, command: CommandObject, service: TableService) -> None:
    await service.set_lang(place_of(message), (command.args or "").strip().lower(),
                           person_of(message.from_user) if message.from_user else None)


@router.message(Command("rules"))
async def rules(message: Message, command: CommandObject, service: TableService) -> None:
    await service.rules(place_of(message), (command.args or "").strip().lower(),
                        person_of(message.from_user) if message.from_user else None)


@router.message(Command("help", "start"))
async def help_(message: Message, service: TableService) -> None:
    await service.help(place_of(message),
                       person_of(message.from_user) if message.from_user else None)


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
