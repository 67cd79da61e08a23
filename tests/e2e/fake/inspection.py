"""Read-only inspection of the fake world and helpers that wait for the bot."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any, TypeVar

from .core import FakeTelegramCore
from .models import CallbackQueryRecord, FakeChat, FakeMessage, FakeUser, MessageSnapshot

#: Seconds a wait for the bot gives up after: generous, since the suite runs in parallel on
#: small shared machines (a wait returns as soon as its condition holds).
WAIT = 30.0

__all__ = ["Inspection"]

T = TypeVar("T")


class Inspection(FakeTelegramCore):
    """State inspection (messages, history, commands) and waiting helpers."""

    def chat_messages(
        self,
        chat: FakeChat | FakeUser,
        *,
        include_deleted: bool = True,
        from_bot: bool | None = None,
    ) -> list[FakeMessage]:
        """Messages of a chat (a user means their private chat) in id order.

        Deleted messages are included (with ``deleted=True``) unless
        ``include_deleted=False``; ``from_bot`` filters by sender.
        """
        messages = self._messages.get(self._chat_of(chat).id, {})
        return [
            m
            for _, m in sorted(messages.items())
            if (include_deleted or not m.deleted) and (from_bot is None or m.from_bot == from_bot)
        ]

    def bot_messages(self, chat: FakeChat | FakeUser) -> list[FakeMessage]:
        """Visible (not deleted) messages sent by the bot in a chat."""
        return self.chat_messages(chat, include_deleted=False, from_bot=True)

    def last_message(
        self, chat: FakeChat | FakeUser, *, from_bot: bool | None = True
    ) -> FakeMessage | None:
        """Newest visible message; by default only the bot's (``from_bot=None``: anyone)."""
        messages = self.chat_messages(chat, include_deleted=False, from_bot=from_bot)
        return messages[-1] if messages else None

    def message(self, chat: FakeChat | FakeUser, message_id: int) -> FakeMessage:
        """A message by id (KeyError if it never existed)."""
        return self._messages[self._chat_of(chat).id][message_id]

    def history(self, chat: FakeChat | FakeUser) -> list[MessageSnapshot]:
        """Every version of every message ever shown in the chat, chronologically."""
        return list(self._history.get(self._chat_of(chat).id, []))

    def texts_seen(self, chat: FakeChat | FakeUser, *, from_bot: bool | None = True) -> list[str]:
        """All texts (every version) the chat ever displayed, bot's only by default."""
        return [
            s.text
            for s in self.history(chat)
            if s.kind != "deleted" and (from_bot is None or s.from_bot == from_bot)
        ]

    def callback_queries(self) -> list[CallbackQueryRecord]:
        """All simulated callback queries (with their answers, if any)."""
        return list(self._queries.values())

    def my_commands(
        self, scope: dict[str, Any] | None = None, language_code: str = ""
    ) -> list[dict[str, Any]]:
        """Commands registered with setMyCommands for a scope/language."""
        return list(self._commands.get(self._commands_key(scope, language_code), []))

    async def wait_for(
        self,
        predicate: Callable[[Any], T | None],
        timeout: float = WAIT,
        *,
        what: str | None = None,
    ) -> T:
        """Wait until ``predicate(fake)`` is truthy and return its value.

        Re-checked after every API call and state change.  On timeout raises
        TimeoutError with a dump of the recent calls.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            changed = self._changed
            result = predicate(self)
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                label = what or getattr(predicate, "__name__", "condition")
                raise TimeoutError(
                    f"FakeTelegram: timed out after {timeout}s waiting for {label}\n"
                    f"{self.describe_recent()}"
                )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), remaining)

    async def wait_for_message(
        self,
        chat: FakeChat | FakeUser,
        *,
        text_contains: str | None = None,
        predicate: Callable[[FakeMessage], bool] | None = None,
        after: FakeMessage | int | None = None,
        timeout: float = WAIT,
    ) -> FakeMessage:
        """Wait for a visible bot message in ``chat`` and return it.

        Only messages newer than ``after`` (a message or message id) count; by
        default that is the newest message at the time of the last simulated
        user action in the chat (``send_text``/``press``), so an action followed
        by ``wait_for_message(...)`` finds the bot's reaction to it.
        """
        target = self._chat_of(chat)
        if after is None:
            threshold = target.action_mark
        else:
            threshold = after if isinstance(after, int) else after.message_id

        def find(_: Any) -> FakeMessage | None:
            for message in self.chat_messages(target, include_deleted=False, from_bot=True):
                if message.message_id <= threshold:
                    continue
                if text_contains is not None and text_contains not in message.visible_text:
                    continue
                if predicate is not None and not predicate(message):
                    continue
                return message
            return None

        what = f"a bot message in chat {target.id} after #{threshold}"
        if text_contains is not None:
            what += f" containing {text_contains!r}"
        return await self.wait_for(find, timeout, what=what)

    async def settle(self, *, quiet: float = 0.05, timeout: float = WAIT,
                     handlers: bool = True) -> None:
        """Wait until every update was fetched, (with ``handlers``) none is being handled by a
        dispatcher run by ``polling``, and the bot made no call for ``quiet`` s."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            undelivered = [u for u in self._pending if u["update_id"] > self._delivered_max]
            idle = self._inflight == 0 and loop.time() - self._last_activity >= quiet \
                and not (handlers and self._handling)
            if not undelivered and idle:
                return
            if loop.time() >= deadline:
                raise TimeoutError(
                    f"FakeTelegram: not settled after {timeout}s "
                    f"({len(undelivered)} updates never fetched - is polling running?)\n"
                    f"{self.describe_recent()}"
                )
            await asyncio.sleep(min(quiet / 2, 0.02))
