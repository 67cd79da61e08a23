"""The public :class:`FakeTelegram`: simulated users plus aiogram wiring helpers."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from .botapi import BotApiMethods
from .html_parse import utf16_len
from .inspection import WAIT
from .models import (
    ButtonNotFoundError,
    CallbackAnswer,
    CallbackQueryRecord,
    FakeChat,
    FakeMessage,
    FakeUser,
    MemberStatus,
)
from .validate import member_json

if TYPE_CHECKING:
    from aiogram import Bot, Dispatcher
    from aiogram.client.default import DefaultBotProperties
    from aiogram.client.session.aiohttp import AiohttpSession
    from aiogram.client.telegram import TelegramAPIServer

__all__ = ["FakeTelegram"]

_COMMAND_RE = re.compile(r"^/[A-Za-z0-9_]{1,32}(?:@([A-Za-z0-9_]{3,32}))?(?=\s|$)")
_MENTION_RE = re.compile(r"(?<![\w@])@[A-Za-z][A-Za-z0-9_]{3,31}\b")


class FakeTelegram(BotApiMethods):
    """A fake Telegram Bot API server over real HTTP, with simulated users.

    Typical use::

        async with FakeTelegram() as fake:
            alice = fake.user(101, "Alice", username="alice")
            group = fake.group(-1001, "Friday club")
            async with fake.polling(dp):
                await fake.send_text(group, alice, "/ping")
                reply = await fake.wait_for_message(group, text_contains="pong")
                answer = await fake.press_button(alice, reply, text_contains="Join")
    """

    # ---------------------------------------------------------------- world setup
    def user(
        self,
        user_id: int,
        first_name: str,
        *,
        username: str | None = None,
        last_name: str | None = None,
        language_code: str | None = "en",
    ) -> FakeUser:
        """Register a (human) user; ids must be positive and unique."""
        if user_id <= 0 or user_id in self._users or user_id == self.bot_user.id:
            raise ValueError(f"user id {user_id} is invalid or already registered")
        user = FakeUser(
            user_id,
            first_name,
            username=username,
            last_name=last_name,
            language_code=language_code,
        )
        self._users[user_id] = user
        return user

    def group(
        self,
        chat_id: int,
        title: str,
        *,
        supergroup: bool = True,
        forum: bool = False,
        username: str | None = None,
        members: Iterable[FakeUser] = (),
        bot_admin: bool = False,
    ) -> FakeChat:
        """Register a group (a supergroup by default) the bot is a member of."""
        if chat_id >= 0 or chat_id in self._chats:
            raise ValueError(f"group id {chat_id} must be negative and unique")
        chat = FakeChat(
            chat_id,
            "supergroup" if supergroup else "group",
            title=title,
            username=username,
            is_forum=forum,
            bot_status="administrator" if bot_admin else "member",
        )
        for member in members:
            chat.members[member.id] = "member"
        self._chats[chat_id] = chat
        return chat

    def private(self, user: FakeUser) -> FakeChat:
        """The private chat between ``user`` and the bot."""
        return self._private_chat(user)

    def set_member_status(self, chat: FakeChat, user: FakeUser, status: MemberStatus) -> None:
        """Set a member's status (the bot's own status if ``user`` is ``bot_user``)."""
        if user.id == self.bot_user.id:
            chat.bot_status = status
        else:
            chat.members[user.id] = status
        self._notify()

    def set_admin(self, chat: FakeChat, user: FakeUser, *, creator: bool = False) -> None:
        """Make ``user`` an administrator (or the creator) of ``chat``."""
        self.set_member_status(chat, user, "creator" if creator else "administrator")

    def kick_bot(self, chat: FakeChat, by: FakeUser | None = None) -> None:
        """``by`` (an admin) removes the bot from a group: a ``my_chat_member`` update (new
        status "kicked"), and from then on sends, edits and getChatMember there get 403
        "Forbidden: bot was kicked from the ... chat"."""
        old = chat.bot_status
        self.set_member_status(chat, self.bot_user, "kicked")
        self._group_chat_member(chat, by, old=old, new="kicked")

    def add_bot_back(self, chat: FakeChat, by: FakeUser | None = None) -> None:
        """``by`` adds the bot to the group again (a ``my_chat_member`` update, status member)."""
        old = chat.bot_status
        self.set_member_status(chat, self.bot_user, "member")
        self._group_chat_member(chat, by, old=old, new="member")

    def _group_chat_member(self, chat: FakeChat, by: FakeUser | None, *, old: str,
                           new: str) -> None:
        actor = by or next((self._users[uid] for uid, status in chat.members.items()
                            if status in ("creator", "administrator") and uid in self._users),
                           None)
        self._enqueue(
            "my_chat_member",
            {
                "chat": chat.to_api(),
                "from": (actor or self.bot_user).to_api(),
                "date": int(time.time()),
                "old_chat_member": member_json(self.bot_user, old),
                "new_chat_member": member_json(self.bot_user, new),
            },
        )

    def upgrade_group(self, chat: FakeChat, new_id: int, by: FakeUser | None = None, *,
                      notify: bool = True) -> FakeChat:
        """Upgrade a basic group to a supergroup with id ``new_id``, as Telegram does: the old
        chat gets a service message with ``migrate_to_chat_id``, the new one a message with
        ``migrate_from_chat_id``; from then on every send or edit to the old id answers 400
        "group chat was upgraded to a supergroup chat" with ``parameters.migrate_to_chat_id``.
        Members and the bot's status carry over. ``notify=False``: the service messages are not
        delivered (a bot that was down meanwhile). Returns the new chat."""
        if chat.type != "group" or chat.migrated_to is not None:
            raise ValueError(f"{chat!r} is not a basic group that can be upgraded")
        if new_id >= 0 or new_id in self._chats:
            raise ValueError(f"supergroup id {new_id} must be negative and unique")
        new = FakeChat(new_id, "supergroup", title=chat.title, username=chat.username,
                       members=dict(chat.members), bot_status=chat.bot_status)
        self._chats[new_id] = new
        actor = by or next((self._users[uid] for uid in chat.members if uid in self._users),
                           self.bot_user)
        moved = self._new_message(chat, actor)
        chat.migrated_to = new_id
        arrived = self._new_message(new, actor)
        if notify:
            self._enqueue("message", {**moved.to_api(), "migrate_to_chat_id": new_id})
            self._enqueue("message", {**arrived.to_api(), "migrate_from_chat_id": chat.id})
        self._notify()
        return new

    def block_bot(self, user: FakeUser, *, notify: bool = True) -> None:
        """The user blocks the bot; optionally deliver the ``my_chat_member`` update."""
        user.blocked = True
        if notify:
            self._my_chat_member(user, old="member", new="kicked")
        self._notify()

    def _my_chat_member(self, user: FakeUser, *, old: str, new: str) -> None:
        chat = self._private_chat(user)
        self._enqueue(
            "my_chat_member",
            {
                "chat": chat.to_api(),
                "from": user.to_api(),
                "date": int(time.time()),
                "old_chat_member": member_json(self.bot_user, old),
                "new_chat_member": member_json(self.bot_user, new),
            },
        )

    # --------------------------------------------------------------- user actions
    def _receives(self, chat: FakeChat, message: FakeMessage) -> bool:
        """Whether the bot gets an update for a user message (privacy mode rules)."""
        if chat.type == "private":
            return True
        if chat.bot_status in ("left", "kicked"):
            return False
        if not self.privacy_mode or chat.bot_status in ("administrator", "creator"):
            return True
        text = message.text or ""
        bot_name = (self.bot_user.username or "").lower()
        command = _COMMAND_RE.match(text)
        if command:
            return command.group(1) is None or command.group(1).lower() == bot_name
        if message.reply_to is not None and message.reply_to.from_bot:
            return True
        return f"@{bot_name}" in text.lower()

    async def send_text(
        self,
        chat: FakeChat | FakeUser,
        user: FakeUser,
        text: str,
        *,
        reply_to: FakeMessage | None = None,
        thread_id: int | None = None,
    ) -> FakeMessage:
        """``user`` writes ``text`` in ``chat`` (a FakeUser means their private chat).

        Adds ``bot_command`` / ``mention`` entities like Telegram does, stores the
        message and enqueues a ``message`` update (unless privacy mode hides it).
        Writing in private marks the user as having started the bot.
        """
        target = self._chat_of(chat)
        if target.type == "private":
            if target.id != user.id:
                raise ValueError(f"{user!r} cannot write in the private chat of {target.user!r}")
            if user.blocked:
                raise RuntimeError(f"{user!r} blocked the bot; use start_bot() to restart it")
            user.started = True
        elif target.members.get(user.id) in ("left", "kicked"):
            raise RuntimeError(f"{user!r} is not a member of {target!r}")
        else:
            target.members.setdefault(user.id, "member")
        entities: list[dict[str, Any]] = []
        command = _COMMAND_RE.match(text)
        if command:
            entities.append({"type": "bot_command", "offset": 0, "length": utf16_len(command[0])})
        for mention in _MENTION_RE.finditer(text):
            entities.append(
                {
                    "type": "mention",
                    "offset": utf16_len(text[: mention.start()]),
                    "length": utf16_len(mention[0]),
                }
            )
        message = self._new_message(
            target,
            user,
            text=text,
            entities=entities,
            source=text,
            reply_to=reply_to,
            message_thread_id=thread_id,
        )
        target.action_mark = message.message_id
        if self._receives(target, message):
            self._enqueue("message", message.to_api())
        await asyncio.sleep(0)
        return message

    async def start_bot(self, user: FakeUser, payload: str | None = None) -> FakeMessage:
        """User presses Start (optionally via a ``t.me/<bot>?start=<payload>`` deep link).

        Unblocks the bot if the user had blocked it (with a ``my_chat_member`` update).
        """
        if user.blocked:
            user.blocked = False
            self._my_chat_member(user, old="kicked", new="member")
        text = "/start" if payload is None else f"/start {payload}"
        return await self.send_text(self.private(user), user, text)

    def _callback_buttons(self, message: FakeMessage) -> list[dict[str, Any]]:
        if message.reply_markup is None:
            return []
        return [
            button
            for row in message.reply_markup.get("inline_keyboard", [])
            for button in row
            if "callback_data" in button
        ]

    def press_nowait(
        self, user: FakeUser, message: FakeMessage, callback_data: str, *, strict: bool = True
    ) -> CallbackQueryRecord:
        """Enqueue a ``callback_query`` update without waiting for the answer.

        With ``strict`` (default) the message must be a visible bot message that
        carries a button with exactly this ``callback_data``; ``strict=False``
        lets tests forge stale or malicious callback data.
        """
        if message.deleted:
            raise ButtonNotFoundError(f"message {message.message_id} was deleted: {message!r}")
        if strict:
            if not message.from_bot:
                raise ButtonNotFoundError(f"{message!r} was not sent by the bot")
            if not any(
                b["callback_data"] == callback_data for b in self._callback_buttons(message)
            ):
                raise ButtonNotFoundError(
                    f"no button with callback_data={callback_data!r} on {message!r}; "
                    f"buttons: {message.buttons!r}"
                )
        if message.chat.is_group:  # who presses in a group is one of its members
            message.chat.members.setdefault(user.id, "member")
        query = CallbackQueryRecord(
            id=str(4_000_000_000_000 + len(self._queries) + 1),
            user=user,
            message=message,
            data=callback_data,
            pressed_at=self.now(),
        )
        self._queries[query.id] = query
        message.chat.action_mark = message.chat.next_message_id - 1
        self._enqueue(
            "callback_query",
            {
                "id": query.id,
                "from": user.to_api(),
                "message": message.to_api(),
                "chat_instance": str(abs(message.chat.id) * 7919),
                "data": callback_data,
            },
        )
        return query

    async def press(
        self,
        user: FakeUser,
        message: FakeMessage,
        callback_data: str,
        *,
        strict: bool = True,
        timeout: float = WAIT,
    ) -> CallbackAnswer:
        """Press the button carrying ``callback_data`` and await answerCallbackQuery."""
        query = self.press_nowait(user, message, callback_data, strict=strict)
        return await self.wait_for(
            lambda _: query.answer,
            timeout,
            what=f"answerCallbackQuery for {callback_data!r} pressed by {user!r}",
        )

    async def press_button(
        self,
        user: FakeUser,
        message: FakeMessage,
        *,
        text: str | None = None,
        text_contains: str | None = None,
        timeout: float = WAIT,
    ) -> CallbackAnswer:
        """Press a callback button found by its exact ``text`` or ``text_contains``."""
        button = message.find_button(text=text, text_contains=text_contains)
        if button.data is None or not any(
            b["text"] == button.text and b["callback_data"] == button.data
            for b in self._callback_buttons(message)
        ):
            raise ButtonNotFoundError(f"button {button.text!r} is not a callback button")
        return await self.press(user, message, button.data, timeout=timeout)

    # ----------------------------------------------------------- aiogram wiring
    @property
    def api_server(self) -> TelegramAPIServer:
        """aiogram ``TelegramAPIServer`` pointing at this fake (after ``start()``)."""
        from aiogram.client.telegram import TelegramAPIServer

        if not self.base_url:
            raise RuntimeError("call `await fake.start()` first")
        return TelegramAPIServer.from_base(self.base_url)

    def make_session(self, *, fast_close: bool = True, **kwargs: Any) -> AiohttpSession:
        """An ``AiohttpSession`` talking to this fake.

        With ``fast_close`` the session skips aiogram's 250 ms grace sleep on
        close (it exists for TLS connections; the fake speaks plain HTTP).
        """
        from aiogram.client.session.aiohttp import AiohttpSession

        if not fast_close:
            return AiohttpSession(api=self.api_server, **kwargs)

        class _FastCloseSession(AiohttpSession):
            async def close(self) -> None:
                if self._session is not None and not self._session.closed:
                    await self._session.close()

        return _FastCloseSession(api=self.api_server, **kwargs)

    def make_bot(self, *, default: DefaultBotProperties | None = None, **kwargs: Any) -> Bot:
        """An aiogram ``Bot`` with this fake's token and a session wired to it."""
        from aiogram import Bot

        return Bot(self.token, session=self.make_session(), default=default, **kwargs)

    async def _count_handling(self, handler: Any, event: Any, data: dict[str, Any]) -> Any:
        """The dispatcher's outer update middleware: counts the updates being handled
        (``settle`` waits for none)."""
        self._handling += 1
        try:
            return await handler(event, data)
        finally:
            self._handling -= 1
            self._last_activity = asyncio.get_running_loop().time()
            self._notify()

    @asynccontextmanager
    async def polling(
        self,
        dp: Dispatcher,
        bot: Bot | None = None,
        *,
        settle: bool = True,
        **polling_kwargs: Any,
    ) -> AsyncIterator[Bot]:
        """Run ``dp.start_polling`` in a task for the duration of the block.

        Waits until the first getUpdates arrives; on exit waits for the bot to
        go quiet (``settle``), stops polling and awaits the task (the bot
        session is closed by aiogram).  Extra kwargs go to ``start_polling``.
        """
        bot = bot or self.make_bot()
        mark = self.mark()
        polling_kwargs.setdefault("handle_signals", False)
        if not getattr(dp, "_fake_counts_updates", False):
            dp.update.outer_middleware(self._count_handling)
            dp._fake_counts_updates = True  # type: ignore[attr-defined]  # once per dispatcher
        task = asyncio.create_task(dp.start_polling(bot, **polling_kwargs))
        try:
            await self.wait_for(
                lambda _: task.done() or self.calls("getUpdates", since=mark),
                what="the dispatcher to start polling",
            )
            if task.done():
                task.result()
                raise RuntimeError("polling stopped right after start")
            yield bot
            if settle:
                # not the handlers: a test may hold one on purpose while the bot stops
                await self.settle(handlers=False)
        finally:
            if not task.done():
                await dp.stop_polling()
            await task
