"""Wiring, the one place for both platforms: settings -> store, catalogs, messenger, service;
then Telegram's bot and dispatcher, or Discord's client (bot/discord/client.py calls
``make_service`` and ``start_service`` here). No work at import."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

from aiogram import Bot, Dispatcher
from aiogram.types import BotCommand
from aiohttp import web

from bot import metrics
from bot.commands import description, telegram_menu
from bot.i18n import LANGS, Catalogs
from bot.messenger import Messenger
from bot.settings import Settings
from bot.show.outbox import CLOSE_WAIT, Limits, Outbox
from bot.tables.access import secret_from_token
from bot.tables.service import TableService
from bot.telegram import (
    answers,
    chat,
    commands,
    guard,
    lobby,
    owner,
    ping,
    play,
    records,
    rematch,
)
from bot.telegram.common import adopt
from bot.telegram.connect import make_bot
from bot.telegram.messenger import TelegramMessenger
from bot.web import (
    Health,
    PollWatch,
    health_app,
    metrics_app,
    serve,
    until_signalled,
    webhook_app,
    webhook_secret,
)
from storage import Store

log = logging.getLogger(__name__)

#: The names in Telegram's command menu (from ``bot.commands.COMMANDS``, the one table of
#: commands); descriptions come from the catalogs.
MENU_NAMES = tuple(c.name for c in telegram_menu())


@dataclass
class TelegramApp:
    """Everything a running Telegram bot is made of."""

    bot: Bot
    dispatcher: Dispatcher
    service: TableService
    store: Store
    outbox: Outbox
    owns_store: bool = True

    async def close(self) -> None:
        """Stop the timers, close the HTTP session and (unless shared) the database."""
        await stop_service(self.service)  # final-sheet posts still pending go out
        try:  # queued messages go out before the session closes, for a while
            async with asyncio.timeout(CLOSE_WAIT):
                await self.service.display.drain()
        except TimeoutError:
            log.warning("closing with messages still queued; the next start redraws them")
        await self.outbox.close(timeout=0.0 if self.outbox.busy else CLOSE_WAIT)
        await self.bot.session.close()
        if self.owns_store:
            await self.store.close()


async def build_telegram(settings: Settings, *, new_seed: Callable[[], int] | None = None,
                         store: Store | None = None) -> TelegramApp:
    """Start the store (migrations included; unless one is given) and build the bot, service
    and dispatcher. The database is opened first: its errors need no network to show."""
    owns_store = store is None
    if store is None:
        store = Store(settings.database_url)
        await store.start()
    bot: Bot | None = None
    try:
        bot = make_bot(settings)
        me = await bot.get_me()  # checks the token before anything else is created
    except BaseException:
        if bot is not None:
            await bot.session.close()
        if owns_store:
            await store.close()
        raise
    messenger = telegram_outbox(TelegramMessenger(bot, me.username or ""),
                                settings.telegram_rate_scale)
    metrics.watch_queue(lambda: messenger.pending)
    service = make_service(settings, store, messenger, new_seed=new_seed,
                           link_secret=secret_from_token(settings.telegram_token or ""))
    messenger.on_migrate = service.chats.migrate_soon  # a group that became a supergroup
    dispatcher = Dispatcher()
    dispatcher["service"] = service
    dispatcher["owner_ids"] = frozenset(settings.owner_ids)
    # One router per feature (bot/telegram/): chat moves and removals first; the owners' next
    # (its filters leave everyone else to the others); the chat's commands last (their
    # catch-all answers a button nobody else took).
    for feature in (chat, owner, records, rematch, ping, lobby, play, guard, commands):
        dispatcher.include_router(adopt(feature.router))
    answers.install(dispatcher, bot, service)  # every press answered, also when a handler fails
    dispatcher.startup.register(on_startup)
    return TelegramApp(bot, dispatcher, service, store, messenger, owns_store)


def make_service(settings: Settings, store: Store, messenger: Messenger, *,
                 new_seed: Callable[[], int] | None = None,
                 link_secret: bytes | None = None) -> TableService:
    """The table service of one platform (``messenger``) over ``store``, as ``settings`` say."""
    service = TableService(store=store, catalogs=Catalogs(), messenger=messenger,
                           default_lang=settings.default_lang, bot_delay=settings.bot_delay,
                           lobby_timeout=settings.lobby_timeout, link_secret=link_secret,
                           ping_after=settings.turn_ping, time_zone=settings.time_zone)
    if new_seed is not None:
        service.lobby.new_seed = new_seed
    return service


async def start_service(service: TableService) -> int:
    """Start-up of either platform: the timers run, the results of matches that ended before
    the records existed are written, every running table is redrawn and its clock re-armed.
    Returns how many tables run."""
    service.clock.timers.start()
    await service.records.backfill()  # matches that ended before the records existed
    return await service.resume_all()


async def stop_service(service: TableService) -> None:
    """The timers stop (a running bot move ends before the database closes); pending
    end-of-match posts go out."""
    await service.clock.timers.close()
    await service.display.later.close()
    await service.records.drain()


def telegram_outbox(messenger: TelegramMessenger, scale: float) -> Outbox:
    """Telegram's outgoing queue: group chats have negative ids; ``scale`` multiplies the
    limits' windows (0: no spacing)."""
    limits = Limits(time_scale=scale) if scale > 0 else None
    return Outbox(messenger, limits=limits,
                  is_group=lambda target: target.chat_ext_id.startswith("-"))


async def set_commands(bot: Bot, catalogs: Catalogs, default_lang: str) -> None:
    """Register the command menu in every language, the chat default for other users."""
    for lang in (None, *LANGS):
        tr = catalogs.translator(lang or default_lang)
        commands = [BotCommand(command=c, description=tr(description(c))) for c in MENU_NAMES]
        await bot.set_my_commands(commands, language_code=lang)


async def on_startup(bot: Bot, service: TableService) -> None:
    """Dispatcher start-up hook: timers, the command menu, every running table redrawn."""
    await set_commands(bot, service.catalogs, service.default_lang)
    resumed = await start_service(service)
    log.info("kozyr is running on Telegram (%s running tables redrawn)", resumed)


async def run_telegram(settings: Settings, *, store: Store | None = None) -> None:
    """Run the Telegram bot until interrupted: with long polling, or as a webhook server when
    ``WEBHOOK_URL`` is set; ``/metrics`` and (polling) ``/healthz`` on their ports if set."""
    app = await build_telegram(settings, store=store)
    runners: list[web.AppRunner] = []
    try:
        if settings.metrics_port:
            runners.append(await serve(metrics_app(app.store), "0.0.0.0", settings.metrics_port))
        if settings.webhook_url:
            await run_webhook(app, settings)
            return
        # Polling is answered 409 while a webhook is set (an earlier webhook run, say).
        await app.bot.delete_webhook()
        # A poll answers within its timeout; twice that plus the request timeout is "stuck".
        health = Health(app.store, max_quiet=2 * settings.telegram_poll_timeout
                        + settings.request_timeout)
        app.bot.session.middleware(PollWatch(health))
        if settings.health_port:
            runners.append(await serve(health_app(health), "0.0.0.0", settings.health_port))
        await app.dispatcher.start_polling(app.bot, polling_timeout=settings.telegram_poll_timeout,
                                           handle_signals=True)
    finally:
        for runner in runners:
            await runner.cleanup()
        await app.close()


async def run_webhook(app: TelegramApp, settings: Settings) -> None:
    """Serve the webhook until SIGINT/SIGTERM; register it with Telegram (setWebhook with the
    secret) once the server listens. The webhook stays set at the stop: Telegram keeps the
    updates for the next start."""
    assert settings.webhook_url
    secret = webhook_secret(settings.webhook_secret)
    server = webhook_app(app.dispatcher, app.bot, secret, settings.webhook_path,
                         Health(app.store))
    runner = await serve(server, settings.webhook_listen, settings.webhook_port)
    try:
        await app.bot.set_webhook(settings.webhook_url + settings.webhook_path,
                                  secret_token=secret,
                                  allowed_updates=app.dispatcher.resolve_used_update_types())
        log.info("webhook set: %s%s", settings.webhook_url, settings.webhook_path)
        await until_signalled()
    finally:
        await runner.cleanup()
