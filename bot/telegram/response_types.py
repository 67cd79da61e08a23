"""Keep aiogram's ``Response[...]`` models alive for the process's lifetime, and skip the
validation of replies nobody reads.

aiogram validates every Bot API reply with ``Response[method.__returning__]``, a pydantic
generic model. pydantic caches parametrized generics in a ``WeakValueDictionary`` and such a
class sits in reference cycles, so each cyclic garbage collection frees it and the next call
builds it again (milliseconds each: about 9% of the bot's CPU under load, benchmarks/load.py
--profile). Holding one strong reference per type makes the cache hit every time.

The reply to an edit is the whole edited message, which aiogram validates into a ``Message``
(pydantic models of the chat, the sender, the keyboard...) that kozyr never reads: the edit
keeps its message id. ``LeanSession`` answers a successful edit or deletion with ``True``
instead (what the Bot API itself returns for inline messages, so the method's declared type
holds); a failed one goes through aiogram's checks as always (flood limits, 400s...).
"""

from __future__ import annotations

import contextlib
from http import HTTPStatus
from typing import Any

from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.methods import (
    AnswerCallbackQuery,
    DeleteMessage,
    EditMessageReplyMarkup,
    EditMessageText,
    GetChatMember,
    GetMe,
    GetUpdates,
    SendDocument,
    SendMessage,
    SendPhoto,
    SetMyCommands,
)
from aiogram.methods.base import Response, TelegramMethod, TelegramType

#: The Bot API methods kozyr calls (a method missing here only costs the rebuilds).
METHODS: tuple[type[TelegramMethod], ...] = (  # type: ignore[type-arg]
    AnswerCallbackQuery, DeleteMessage, EditMessageReplyMarkup, EditMessageText, GetChatMember,
    GetMe, GetUpdates, SendDocument, SendMessage, SendPhoto, SetMyCommands)

_KEPT: dict[object, type] = {}


def keep_response_types() -> int:
    """Build ``Response[T]`` once for the return type ``T`` of every method in ``METHODS`` and
    keep it (idempotent); returns how many types are kept."""
    for method in METHODS:
        returning = method.__returning__
        if returning not in _KEPT:
            _KEPT[returning] = Response[returning]  # type: ignore[valid-type]
    return len(_KEPT)


#: Methods whose successful reply kozyr does not read (see ``LeanSession``).
UNREAD: tuple[type[TelegramMethod], ...] = (  # type: ignore[type-arg]
    DeleteMessage, EditMessageReplyMarkup, EditMessageText)


class LeanSession(AiohttpSession):
    """aiogram's aiohttp session that does not validate the successful replies of ``UNREAD``
    methods: their result is ``True``."""

    def check_response(self, bot: Bot, method: TelegramMethod[TelegramType], status_code: int,
                       content: str) -> Response[TelegramType]:
        """As ``AiohttpSession.check_response``; an ``UNREAD`` method's success is answered
        without building its result (any other reply, failures included, goes to aiogram)."""
        if isinstance(method, UNREAD) and HTTPStatus.OK <= status_code <= HTTPStatus.IM_USED:
            data: Any = None
            with contextlib.suppress(Exception):  # aiogram reports an undecodable reply below
                data = self.json_loads(content)
            if isinstance(data, dict) and data.get("ok") is True:
                response_type = Response[method.__returning__]  # type: ignore[name-defined]
                return response_type.model_construct(ok=True, result=True)
        return super().check_response(bot, method, status_code, content)
