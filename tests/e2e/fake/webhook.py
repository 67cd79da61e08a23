"""Webhook delivery for the fake: after ``setWebhook`` the fake POSTs each pending update to the
webhook's URL with the ``X-Telegram-Bot-Api-Secret-Token`` header, like Telegram, instead of
serving ``getUpdates`` (which then answers 409). An update leaves the queue once the bot
answers it with 200; otherwise it is tried again a little later."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

import aiohttp

if TYPE_CHECKING:
    from .core import FakeTelegramCore

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
RETRY_DELAY = 0.2


class WebhookDelivery:
    """One running webhook: a task POSTing the fake's pending updates to ``url``."""

    def __init__(self, fake: FakeTelegramCore, url: str, secret: str | None) -> None:
        self.fake, self.url, self.secret = fake, url, secret
        self.statuses: list[int] = []
        """HTTP status of every delivery attempt, in order."""
        self._task = asyncio.create_task(self._run(), name="fake-webhook")

    async def stop(self) -> None:
        """Stop delivering (deleteWebhook, another setWebhook, or the fake stopping)."""
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task

    async def _run(self) -> None:
        headers = {SECRET_HEADER: self.secret} if self.secret else {}
        async with aiohttp.ClientSession() as http:
            while not self.fake._closing:
                signal = self.fake._updates_signal
                batch = self.fake._deliverable(1)
                if not batch:
                    await signal.wait()
                    continue
                if not await self._post(http, batch[0], headers):
                    await asyncio.sleep(RETRY_DELAY)

    async def _post(self, http: aiohttp.ClientSession, update: dict[str, Any],
                    headers: dict[str, str]) -> bool:
        try:
            async with http.post(self.url, json=update, headers=headers) as response:
                self.statuses.append(response.status)
                ok = response.status == 200
        except aiohttp.ClientError:
            self.statuses.append(0)
            return False
        if ok:
            self.fake._delivered_max = max(self.fake._delivered_max, update["update_id"])
            self.fake._confirm(update["update_id"] + 1)
            self.fake._notify()
        return ok
