"""The misclick guard's Telegram handlers: ``/confirm on|off`` and the second tap that makes a
drastic call (bot/tables/guard.py, bot/tables/play.py do the work)."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.tables.service import TableService
from bot.telegram.callbacks import ConfirmCb, in_range
from bot.telegram.common import answerer, person_of, place_of

router = Router(name="guard")


@router.message(Command("confirm"))
async def confirm_setting(message: Message, command: CommandObject,
                          service: TableService) -> None:
    if message.from_user:
        place = place_of(message)
        text = await service.guard.confirm(place, person_of(message.from_user),
                                           command.args or "")
        await service.kit.say(place, text)


@router.callback_query(ConfirmCb.filter())
async def confirmed(query: CallbackQuery, callback_data: ConfirmCb,
                    service: TableService) -> None:
    if not in_range(callback_data.t, callback_data.v):
        await query.answer(service.tr(None)("notice.bad_data"))
        return
    await service.play.act(person_of(query.from_user), callback_data.to_data(),
                           answer=answerer(query))
