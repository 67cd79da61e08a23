"""Every button press is answered, and with a text Telegram accepts.

Telegram shows a spinning button until ``answerCallbackQuery`` comes (or its time-out passes).
Handlers answer as soon as they know what to say; when one fails before that (the database is
down or full, a platform call raised), ``AnswerEveryPress`` answers for it with a short "something
went wrong, try again". It knows what was answered from ``NoteAnswers``, a request middleware of
the bot's session that sees every ``answerCallbackQuery`` (aiogram's own
``CallbackAnswerMiddleware`` answers after the handler but neither after an exception nor knowing
about a handler's own ``query.answer``, hence these two). ``NoteAnswers`` also logs an answer
Telegram refuses as too late (400 "query is too old") as a warning, whoever sent it, and cuts an
answer's text to Telegram's 200 characters, so a long notice (an illegal move's rule) is cut,
never refused, and turns the translator's HTML entities back into characters: an answer is
plain text, so a name such as "Tom & Jerry" would otherwise read "Tom &amp; Jerry".
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, cast

from aiogram import BaseMiddleware, Bot, Dispatcher
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import TelegramBadRequest
from aiogram.methods import AnswerCallbackQuery, TelegramMethod
from aiogram.methods.base import Response, TelegramType
from aiogram.types import CallbackQuery, TelegramObject

from bot.i18n import LANGS
from bot.markup import unescape
from bot.tables.service import TableService

log = logging.getLogger(__name__)

#: Characters Telegram allows in an ``answerCallbackQuery`` text (Bot API: "0-200 characters").
MAX_ANSWER = 200
#: How many answered query ids are remembered (a press is answered within seconds).
REMEMBERED = 10_000


def fit_answer(text: str) -> str:
    """``text`` cut to ``MAX_ANSWER`` characters, ending with an ellipsis when it was cut."""
    return text if len(text) <= MAX_ANSWER else text[:MAX_ANSWER - 1].rstrip() + "…"


class NoteAnswers(BaseRequestMiddleware):
    """Session middleware: remembers which callback queries the bot answered (or tried to) and
    cuts over-long answer texts."""

    def __init__(self) -> None:
        self._ids: OrderedDict[str, None] = OrderedDict()

    def answered(self, query_id: str) -> bool:
        """Whether an answer to ``query_id`` was sent (successfully or not)."""
        return query_id in self._ids

    async def __call__(self, make_request: NextRequestMiddlewareType[TelegramType], bot: Bot,
                       method: TelegramMethod[TelegramType]) -> Response[TelegramType]:
        query_id: str | None = None
        if isinstance(method, AnswerCallbackQuery):
            self._ids[method.callback_query_id] = None
            while len(self._ids) > REMEMBERED:
                self._ids.popitem(last=False)
            if method.text:
                method.text = fit_answer(unescape(method.text))
            query_id = method.callback_query_id
        if query_id is None:
            return await make_request(bot, method)
        try:
            return await make_request(bot, method)
        except TelegramBadRequest as exc:
            # "query is too old" / "query ID is invalid": the press came while the bot was down
            # or slow. Nothing is lost but the notice, so no handler has to guard its answer.
            log.warning("press %s not answered: %s", query_id, exc.message)
            return cast(Response[TelegramType], False)  # the method's bool result


class AnswerEveryPress(BaseMiddleware):
    """Outer middleware of callback queries: after the handler (returned or raised), a press
    nobody answered gets "something went wrong, try again" in the presser's language."""

    def __init__(self, notes: NoteAnswers, service: TableService) -> None:
        self.notes = notes
        self.service = service

    async def __call__(self, handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
                       event: TelegramObject, data: dict[str, Any]) -> Any:
        try:
            return await handler(event, data)
        finally:
            if isinstance(event, CallbackQuery) and not self.notes.answered(event.id):
                # no database here: it may be what failed
                lang = event.from_user.language_code or ""
                tr = self.service.tr(lang if lang in LANGS else None)
                try:
                    await event.answer(tr("notice.failed"))
                except Exception:
                    log.warning("press %s could not be answered", event.id, exc_info=True)


def install(dispatcher: Dispatcher, bot: Bot, service: TableService) -> None:
    """Make every press of ``dispatcher``'s updates answered (through ``bot``'s session)."""
    notes = NoteAnswers()
    bot.session.middleware(notes)
    dispatcher.callback_query.outer_middleware(AnswerEveryPress(notes, service))
