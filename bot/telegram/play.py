"""The game's Telegram handlers: the move and choice buttons of a hand, ``/leave``,
``/pause``, ``/resume`` (bot/tables/play.py does the work)."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.tables.service import TableService
from bot.telegram.callbacks import ActCb, ExpandCb, in_range
from bot.telegram.common import answerer, person_of, place_of

router = Router(name="play")


@router.callback_query(ActCb.filter())
async def act(query: CallbackQuery, callback_data: ActCb, service: TableService) -> None:
    if not in_range(callback_data.t, callback_data.v):
        await query.answer(service.tr(None)("notice.bad_data"))
        return
    await service.play.act(person_of(query.from_user), callback_data.to_data(),
                           answer=answerer(query))


@router.callback_query(ExpandCb.filter())
async def expand(query: CallbackQuery, callback_data: ExpandCb, service: TableService) -> None:
    if not in_range(callback_data.t, callback_data.v):
        await query.answer(service.tr(None)("notice.bad_data"))
        return
    text = await service.play.expand(person_of(query.from_user), callback_data.to_data())
    await query.answer(text or None)


@router.message(Command("leave"))
async def leave(message: Message, service: TableService) -> None:
    if message.from_user:
        await service.play.leave_match(place_of(message), person_of(message.from_user))


@router.message(Command("pause", "resume"))
async def pause(message: Message, command: CommandObject, service: TableService) -> None:
    if message.from_user:
        await service.play.pause(place_of(message), person_of(message.from_user),
                                 paused=command.command == "pause")
