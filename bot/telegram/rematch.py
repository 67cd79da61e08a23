"""The rematch's Telegram handler: the "Rematch" button under a finished match's result
(bot/tables/rematch.py does the work). Included before the lobby's router, whose lobby
buttons share the callback data's prefix."""

from __future__ import annotations

import contextlib

from aiogram import F, Router
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.types import CallbackQuery, Message

from bot.model import Button, Screen
from bot.tables.service import TableService
from bot.telegram.callbacks import LobbyCb, in_range
from bot.telegram.common import answerer, offers, person_of
from bot.telegram.messenger import markup

router = Router(name="rematch")


@router.callback_query(LobbyCb.filter(F.op == "rematch"))
async def rematch(query: CallbackQuery, callback_data: LobbyCb, service: TableService) -> None:
    if not in_range(callback_data.t):
        await query.answer(service.tr(None)("notice.bad_data"))
        return
    message = query.message if isinstance(query.message, Message) else None

    async def relabel(buttons: tuple[tuple[Button, ...], ...]) -> None:
        # only the result message the press came from, never a forged press's other message
        if message is not None and offers(message, query.data or ""):
            # "not modified": shown already; forbidden: the bot is out of the chat
            with contextlib.suppress(TelegramBadRequest, TelegramForbiddenError):
                await message.edit_reply_markup(reply_markup=markup(Screen("", buttons)))

    await service.rematch.press(person_of(query.from_user), callback_data.t,
                                answer=answerer(query), relabel=relabel)
