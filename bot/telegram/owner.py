"""The owners' Telegram handlers (``OWNER_IDS``): ``/tables`` in a private chat lists the open
tables of every chat with a stop button each; a stop asks for a confirmation first.

Included before the main router: for anyone else the filters do not match, so a non-owner's
``/tables`` gets the ordinary unknown-command behaviour and a forged stop press falls through
to the main router's answer to garbage buttons.
"""

from __future__ import annotations

from aiogram import F, Router
from aiogram.enums import ChatType, ParseMode
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import Command
from aiogram.filters.callback_data import CallbackData
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.tables.owner import OpenTable, describe, open_tables, stop_table
from bot.tables.service import TableService
from bot.telegram.common import Inline, place_of


class OwnerCb(CallbackData, prefix="own", sep="|"):
    """An owner's button: ``ask`` (stop table t?), ``yes`` / ``no`` (the confirmation)."""

    op: str
    t: int


async def is_owner(event: Message | CallbackQuery, owner_ids: frozenset[int]) -> bool:
    """Whether the update comes from one of the owners (``owner_ids``: the dispatcher's data,
    from ``OWNER_IDS``; empty: nobody). A coroutine, so that aiogram checks it in place, not
    in a worker thread (every press passes this router's filters)."""
    return event.from_user is not None and event.from_user.id in owner_ids


#: Texts are HTML (the translator escapes names and titles), so every send names the parse
#: mode; callback answers are plain text, so they carry no names.
router = Router(name="owner")
#: Tables per message of ``/tables`` (each has a stop button), and the characters a message
#: of the list may take (Telegram's limit is 4096; a line's HTML escapes count too).
PER_MESSAGE = 25
TEXT_BUDGET = 3500
router.message.filter(Inline(F.chat.type == ChatType.PRIVATE), is_owner)
router.callback_query.filter(is_owner, Inline(F.message.chat.type == ChatType.PRIVATE))


@router.message(Command("tables"))
async def tables(message: Message, service: TableService) -> None:
    tr = await service.translator(place_of(message))
    found = await open_tables(service)
    if not found:
        await message.answer(tr("owner.none"), parse_mode=ParseMode.HTML)
        return
    # A busy bot has more open tables than one message holds (4096 characters, and a
    # keyboard's buttons): the list comes in several messages, each with its own stop buttons.
    parts: list[tuple[list[str], list[OpenTable]]] = [([tr("owner.header", n=len(found))], [])]
    for table in found:
        line = describe(tr, table)
        lines, shown = parts[-1]
        if len(shown) >= PER_MESSAGE or sum(len(x) + 1 for x in lines) + len(line) > TEXT_BUDGET:
            parts.append(([], []))
            lines, shown = parts[-1]
        lines.append(line)
        shown.append(table)
    for lines, shown in parts:
        keyboard = InlineKeyboardBuilder()
        for table in shown:
            keyboard.button(text=tr("owner.stop_button", id=table.id),
                            callback_data=OwnerCb(op="ask", t=table.id))
        keyboard.adjust(4)
        await message.answer("\n".join(lines), reply_markup=keyboard.as_markup(),
                             parse_mode=ParseMode.HTML)


@router.callback_query(OwnerCb.filter())
async def stop(query: CallbackQuery, callback_data: OwnerCb, service: TableService) -> None:
    assert isinstance(query.message, Message)  # the filter checked the chat type
    tr = await service.translator(place_of(query.message))
    table_id = callback_data.t
    if callback_data.op == "ask":
        chosen = next((t for t in await open_tables(service) if t.id == table_id), None)
        if chosen is None:
            await query.answer(tr("owner.gone", id=table_id))
            return
        await query.answer()
        markup = InlineKeyboardMarkup(inline_keyboard=[[
            InlineKeyboardButton(text=tr("button.stop_yes"),
                                 callback_data=OwnerCb(op="yes", t=table_id).pack()),
            InlineKeyboardButton(text=tr("button.stop_no"),
                                 callback_data=OwnerCb(op="no", t=table_id).pack())]])
        await query.message.answer(tr("owner.confirm", table=describe(tr, chosen)),
                                   reply_markup=markup, parse_mode=ParseMode.HTML)
        return
    if callback_data.op == "yes":
        stopped = await stop_table(service, table_id)
        text = tr("owner.stopped" if stopped else "owner.gone", id=table_id)
    else:
        text = tr("owner.kept", id=table_id)
    await query.answer(text)
    try:
        await query.message.edit_text(text, reply_markup=None, parse_mode=ParseMode.HTML)
    except TelegramBadRequest as exc:  # a second tap: the confirmation already says so
        if "message is not modified" not in str(exc):
            raise
