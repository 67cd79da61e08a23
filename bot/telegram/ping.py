"""The "your move" ping's Telegram handlers: its button (the hand brought down) and
``/notify on|off`` (bot/tables/ping.py does the work). Included before the lobby's router,
whose buttons share the callback data's prefix."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.tables.service import TableService
from bot.telegram.callbacks import LobbyCb, in_range
from bot.telegram.common import answerer, person_of, place_of

router = Router(name="ping")


@router.callback_query(LobbyCb.filter(F.op == "hand"))
async def to_hand(query: CallbackQuery, callback_data: LobbyCb, service: TableService) -> None:
    if not in_range(callback_data.t):
        await query.answer(service.tr(None)("notice.bad_data"))
        return
    await service.pings.to_hand(person_of(query.from_user), callback_data.t,
                                answer=answerer(query))


@router.message(Command("notify"))
async def notify(message: Message, command: CommandObject, service: TableService) -> None:
    if message.from_user:
        await service.pings.set_notify(place_of(message), person_of(message.from_user),
                                       command.args or "")
