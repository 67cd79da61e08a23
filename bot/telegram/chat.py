"""aiogram router for what happens to a group itself: upgraded to a supergroup (a new chat
id), the bot removed or added back (bot/tables/chatmove.py does the work)."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.enums import ChatMemberStatus
from aiogram.types import ChatMemberUpdated, Message

from bot.tables.service import TableService
from bot.telegram.common import Inline

#: The bot's statuses that mean it is out of the chat.
GONE = (ChatMemberStatus.LEFT, ChatMemberStatus.KICKED)


#: Chat moves (``migrate_to_chat_id`` / ``migrate_from_chat_id`` service messages) and the
#: bot's own membership (``my_chat_member`` in groups).
router = Router(name="chat")


@router.message(Inline(F.migrate_to_chat_id))
async def moved_to(message: Message, service: TableService) -> None:
    await service.chats.migrate_chat(str(message.chat.id), str(message.migrate_to_chat_id))


@router.message(Inline(F.migrate_from_chat_id))
async def moved_from(message: Message, service: TableService) -> None:
    await service.chats.migrate_chat(str(message.migrate_from_chat_id), str(message.chat.id))


@router.my_chat_member(Inline(F.chat.type.in_({"group", "supergroup"})))
async def membership(event: ChatMemberUpdated, service: TableService) -> None:
    if event.new_chat_member.status in GONE:
        await service.chats.bot_removed(str(event.chat.id))
    elif event.old_chat_member.status in GONE:
        await service.chats.bot_added(str(event.chat.id), event.chat.title or "")
