"""Keep aiogram's ``Response[...]`` models alive for the process's lifetime.

aiogram validates every Bot API reply with ``Response[method.__returning__]``, a pydantic
generic model. pydantic caches parametrized generics in a ``WeakValueDictionary`` and such a
class sits in reference cycles, so each cyclic garbage collection frees it and the next call
builds it again (milliseconds each: about 9% of the bot's CPU under load, benchmarks/load.py
--profile). Holding one strong reference per type makes the cache hit every time.
"""

from __future__ import annotations

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
from aiogram.methods.base import Response, TelegramMethod

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
