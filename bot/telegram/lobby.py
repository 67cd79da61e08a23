"""The lobby's Telegram handlers: ``/new``, the lobby's buttons, ``/stop`` and its
confirmation (bot/tables/lobby.py does the work)."""

from __future__ import annotations

import contextlib

from aiogram import Router
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.tables.service import TableService
from bot.telegram.callbacks import LobbyCb, in_range
from bot.telegram.common import GROUPS, answerer, offers, person_of, place_of

router = Router(name="lobby")


@router.message(Command("new"))
async def new_table(message: Message, command: CommandObject, service: TableService) -> None:
    if message.from_user:
        game = (command.args or "").strip().lower()
        await service.lobby.new_table(place_of(message), person_of(message.from_user), game)


@router.message(Command("stop"))
async def stop(message: Message, service: TableService) -> None:
    if message.from_user:
        await service.lobby.stop_request(place_of(message), person_of(message.from_user))


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

    await service.lobby.press(person_of(query.from_user), data, place, answer=answerer(query),
                              used=used)
