"""aiogram's reply models survive garbage collection once kept (bot/telegram/response_types.py)."""

from __future__ import annotations

import gc
import weakref

from aiogram.methods import EditMessageText, SendMessage
from aiogram.methods.base import Response

from bot.telegram.response_types import METHODS, keep_response_types


def _model_ref(method: type) -> weakref.ref[type]:
    # built inside a function: pydantic pins generics made at module level in that module
    return weakref.ref(Response[method.__returning__])  # type: ignore[name-defined]


def test_kept_reply_models_are_not_rebuilt() -> None:
    assert keep_response_types() == len({m.__returning__ for m in METHODS})
    for method in (SendMessage, EditMessageText):
        ref = _model_ref(method)
        gc.collect()
        assert ref() is not None and ref() is Response[method.__returning__]  # type: ignore[name-defined]
