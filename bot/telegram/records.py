"""aiogram router of the records features: /score, /stats, /top, /history, /export and the
records buttons (picture, deal record, export). Parses, calls ``bot.records``, answers.

The only /score handler (the sheet, the last deal's breakdown, buttons).
"""

from __future__ import annotations

from aiogram import Router
from aiogram.enums import ChatType
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.tables.service import TableService
from bot.telegram.callbacks import RecordCb, in_range
from bot.telegram.common import person_of, place_of

router = Router(name="records")


@router.message(Command("score"))
async def score(message: Message, command: CommandObject, service: TableService) -> None:
    last = (command.args or "").strip().lower() == "last"
    await service.records.score(place_of(message), last=last)


@router.message(Command("stats"))
async def stats(message: Message, command: CommandObject, service: TableService) -> None:
    if message.from_user is None:
        return
    reply = message.reply_to_message
    about = (person_of(reply.from_user) if reply is not None and reply.from_user
             and not reply.from_user.is_bot else None)
    await service.records.stats(
        place_of(message), person_of(message.from_user), who=(command.args or "").strip(),
        about=about, private=message.chat.type == ChatType.PRIVATE)


@router.message(Command("top"))
async def top(message: Message, command: CommandObject, service: TableService) -> None:
    await service.records.top(place_of(message), (command.args or "").strip())


@router.message(Command("history"))
async def history(message: Message, service: TableService) -> None:
    person = person_of(message.from_user) if message.from_user else None
    await service.records.history(place_of(message), person,
                                  private=message.chat.type == ChatType.PRIVATE)


@router.message(Command("export"))
async def export(message: Message, command: CommandObject, service: TableService) -> None:
    if message.from_user is None:
        return
    await service.records.export(
        place_of(message), person_of(message.from_user), (command.args or "").strip(),
        private=message.chat.type == ChatType.PRIVATE)


@router.callback_query(RecordCb.filter())
async def button(query: CallbackQuery, callback_data: RecordCb,
                 service: TableService) -> None:
    data = callback_data.to_data()
    if data is None or not in_range(callback_data.t, callback_data.n):
        await query.answer(service.tr(None)("notice.bad_data"))
        return
    place = place_of(query.message) if isinstance(query.message, Message) else None
    records = service.records
    notice = await records.press(person_of(query.from_user), place, data)
    await query.answer(notice or None)
