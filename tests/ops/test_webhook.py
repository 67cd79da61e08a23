"""Webhook mode, /healthz and /metrics with the bot as a real process: the fake Bot API delivers
updates by HTTP POST to the bot's webhook (with the secret header), a whole Deberts match is
played that way, and the endpoints are scraped over HTTP while it runs."""

from __future__ import annotations

import random
from pathlib import Path

import aiohttp

from tests.e2e.conftest import open_table, play_moves
from tests.e2e.fake import FakeTelegram
from tests.ops.helpers import bot_env, bot_process, free_port, get, sample

MAX_MOVES = 3000
SECRET = "club-secret_42"


async def test_whole_match_through_the_webhook(tmp_path: Path) -> None:
    port, metrics_port = free_port(), free_port()
    base = f"http://127.0.0.1:{port}"
    async with FakeTelegram() as fake:
        env = bot_env(fake, tmp_path / "data", WEBHOOK_URL=base, WEBHOOK_PORT=str(port),
                      WEBHOOK_SECRET=SECRET, METRICS_PORT=str(metrics_port))
        async with bot_process(tmp_path, env):
            await fake.wait_for(lambda f: f.webhook is not None, what="setWebhook", timeout=60)
            assert fake.webhook is not None
            assert fake.webhook.url == f"{base}/webhook" and fake.webhook.secret == SECRET
            group = fake.group(-100777, "Webhook club")
            alice, bob = fake.user(201, "Alice"), fake.user(202, "Bob")

            # A forged update (no secret, a wrong secret) is refused and changes nothing.
            forged = {"update_id": 1, "message": {
                "message_id": 1, "date": 0, "text": "/new deberts",
                "chat": group.to_api(), "from": alice.to_api(),
                "entities": [{"type": "bot_command", "offset": 0, "length": 4}]}}
            async with aiohttp.ClientSession() as http:
                for headers in ({}, {"X-Telegram-Bot-Api-Secret-Token": "wrong"}):
                    async with http.post(f"{base}/webhook", json=forged,
                                         headers=headers) as response:
                        assert response.status == 401
            await fake.settle()
            assert fake.bot_messages(group) == []

            await open_table(fake, group, alice, bob)
            assert fake.calls("getUpdates", since=0) == []  # everything came by POST
            assert fake.webhook.statuses and set(fake.webhook.statuses) == {200}

            moves = await play_moves(fake, [alice, bob], random.Random(3), limit=20)
            status, page = await get(f"http://127.0.0.1:{metrics_port}/metrics")
            assert status == 200
            assert sample(page, 'kozyr_moves_total{game="deberts"}') >= moves == 20
            assert sample(page, 'kozyr_open_tables{game="deberts"}') == 1
            assert sample(page, "kozyr_press_to_edit_seconds_count") >= moves
            assert sample(page, "kozyr_outgoing_queue_depth") >= 0
            assert sample(page, "kozyr_telegram_429_total") == 0
            status, body = await get(f"{base}/healthz")
            assert (status, body) == (200, '{"ok": true, "problems": []}')

            moves += await play_moves(fake, [alice, bob], random.Random(4), limit=MAX_MOVES)
            assert moves < MAX_MOVES
            await fake.wait_for_message(group, text_contains="🏆", after=0)
            status, page = await get(f"http://127.0.0.1:{metrics_port}/metrics")
            assert sample(page, 'kozyr_moves_total{game="deberts"}') >= moves
            assert 'kozyr_open_tables{game="deberts"}' not in page  # the table is over
        assert fake.calls("deleteWebhook") == []  # the webhook stays for the next start


async def test_polling_mode_deletes_the_webhook_and_serves_healthz(tmp_path: Path) -> None:
    health_port = free_port()
    async with FakeTelegram() as fake:
        setter = fake.make_bot()  # a webhook left from an earlier run: polling must drop it
        await setter.set_webhook("http://127.0.0.1:9/webhook")
        await setter.session.close()
        env = bot_env(fake, tmp_path / "data", HEALTH_PORT=str(health_port))
        async with bot_process(tmp_path, env):
            await fake.wait_for(lambda f: f.calls("getUpdates"), what="polling", timeout=60)
            assert fake.calls("deleteWebhook")
            status, body = await get(f"http://127.0.0.1:{health_port}/healthz")
            assert (status, body) == (200, '{"ok": true, "problems": []}')
