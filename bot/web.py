"""The bot's HTTP side (aiohttp): Telegram's webhook (aiogram's ``SimpleRequestHandler``),
``/healthz`` and Prometheus ``/metrics``."""

from __future__ import annotations

import asyncio
import logging
import secrets
import signal
import time
from typing import Any

from aiogram import Bot
from aiogram.client.session.middlewares.base import BaseRequestMiddleware, NextRequestMiddlewareType
from aiogram.methods import GetUpdates, TelegramMethod
from aiogram.methods.base import Response, TelegramType
from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from sqlalchemy import literal
from sqlmodel import select

from bot.metrics import count_open_tables
from storage import Store

log = logging.getLogger(__name__)

#: Seconds /healthz waits for the database before it reports it unreachable.
DB_TIMEOUT = 5.0


class Health:
    """``GET /healthz``: 200 ``{"ok": true}`` when the database answers and (in polling mode)
    a getUpdates returned within ``max_quiet`` seconds; else 503 with the problems listed."""

    def __init__(self, store: Store, max_quiet: float | None = None) -> None:
        self.store = store
        self.max_quiet = max_quiet
        self.last_poll = time.monotonic()

    async def handle(self, request: web.Request) -> web.Response:
        """The ``/healthz`` handler."""
        problems: list[str] = []
        try:
            async with asyncio.timeout(DB_TIMEOUT), self.store.transaction() as tx:
                await tx.session.exec(select(literal(1)))
        except Exception as exc:
            problems.append(f"database: {exc or type(exc).__name__}")
        quiet = time.monotonic() - self.last_poll
        if self.max_quiet is not None and quiet > self.max_quiet:
            problems.append(f"updates: no getUpdates answered for {quiet:.0f} s")
        return web.json_response({"ok": not problems, "problems": problems},
                                 status=503 if problems else 200)


class PollWatch(BaseRequestMiddleware):
    """A Bot session middleware noting each answered getUpdates in ``health.last_poll``."""

    def __init__(self, health: Health) -> None:
        self.health = health

    async def __call__(self, make_request: NextRequestMiddlewareType[TelegramType], bot: Bot,
                       method: TelegramMethod[TelegramType]) -> Response[TelegramType]:
        response = await make_request(bot, method)
        if isinstance(method, GetUpdates):
            self.health.last_poll = time.monotonic()
        return response


def health_app(health: Health) -> web.Application:
    """An aiohttp app serving only ``/healthz`` (polling mode, ``HEALTH_PORT``)."""
    app = web.Application()
    app.router.add_get("/healthz", health.handle)
    return app


def metrics_app(store: Store) -> web.Application:
    """An aiohttp app serving Prometheus' ``/metrics`` (``METRICS_PORT``); the open tables are
    counted from the database at each scrape."""

    async def metrics(request: web.Request) -> web.Response:
        await count_open_tables(store)
        response = web.Response(body=generate_latest())
        response.headers["Content-Type"] = CONTENT_TYPE_LATEST
        return response

    app = web.Application()
    app.router.add_get("/metrics", metrics)
    return app


async def serve(app: web.Application, host: str, port: int) -> web.AppRunner:
    """Start ``app`` on host:port; the caller cleans the runner up."""
    runner = web.AppRunner(app, access_log=None, handle_signals=False)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    log.info("serving %s on %s:%s", ", ".join(sorted(
        r.get_info().get("path", "") for r in app.router.resources())), host, port)
    return runner


def webhook_app(dispatcher: Any, bot: Bot, secret: str, path: str,
                health: Health) -> web.Application:
    """Telegram's updates at ``path`` through aiogram's handler, which refuses (401) a request
    without ``secret`` in X-Telegram-Bot-Api-Secret-Token; the dispatcher's start-up and
    shutdown run with the app's (``setup_application``); plus ``/healthz``."""
    app = web.Application()
    SimpleRequestHandler(dispatcher=dispatcher, bot=bot, secret_token=secret).register(
        app, path=path)
    setup_application(app, dispatcher, bot=bot)
    app.router.add_get("/healthz", health.handle)
    return app


def webhook_secret(configured: str | None) -> str:
    """``WEBHOOK_SECRET``, or a random one for this run (registered with setWebhook anyway)."""
    return configured or secrets.token_urlsafe(32)


async def until_signalled() -> None:
    """Wait for SIGINT or SIGTERM (the process's stop)."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
