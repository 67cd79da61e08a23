"""End-to-end fixtures: the real bot (aiogram polling, service, SQLite) against the fake API.

The helpers the tests use live in the shared kit (``tests/kit``); they stay importable from here.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.bootstrap import TelegramApp, build_telegram
from bot.settings import Settings
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.kit.databases import migrated_sqlite

# the helpers of the shared kit, importable from here as before
from tests.kit.store import current_match as current_match
from tests.kit.telegram import CARD_RE as CARD_RE
from tests.kit.telegram import YOUR_CARDS as YOUR_CARDS
from tests.kit.telegram import button_versions as button_versions
from tests.kit.telegram import hand_message as hand_message
from tests.kit.telegram import open_table as open_table
from tests.kit.telegram import play_married_bridge as play_married_bridge
from tests.kit.telegram import play_moves as play_moves
from tests.kit.telegram import press_move as press_move
from tests.kit.telegram import table_message as table_message
from tests.kit.telegram import version_of as version_of
from tests.kit.telegram import wait_redrawn as wait_redrawn

SEED = 20261129


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram() as server:
        yield server


@pytest.fixture
async def db_url(tmp_path: Path) -> str:
    """A SQLite file migrated to the newest revision (a template copied: tests/kit/databases)."""
    return await migrated_sqlite(tmp_path / "kozyr.sqlite3")




@pytest.fixture
def kozyr(fake: FakeTelegram, db_url: str) -> Callable[..., object]:
    """``async with kozyr() as app``: a running bot; leaving the block stops it (a restart)."""

    @asynccontextmanager
    async def run(seed: int = SEED, **overrides: object) -> AsyncIterator[TelegramApp]:
        # unspaced sends unless a test asks for (scaled) flood limits: tests/e2e/test_delivery.py
        values: dict[str, object] = {"bot_delay": 0.0, "telegram_rate_scale": 0.0,
                                     "turn_ping": 0.0, "default_lang": "en",
                                     **overrides}  # pings: test_ping_telegram
        settings = Settings(telegram_token=fake.token, telegram_api_server=fake.base_url,
                            database_url=db_url, telegram_poll_timeout=1,
                            _env_file=None, **values)  # type: ignore[call-arg, arg-type]
        app = await build_telegram(settings, new_seed=lambda: seed)
        try:
            async with fake.polling(app.dispatcher, app.bot):
                yield app
        finally:
            await app.close()

    return run


@pytest.fixture
def club(fake: FakeTelegram) -> tuple[FakeChat, FakeUser, FakeUser]:
    """A group with two friends."""
    group = fake.group(-100123, "Friday <club>")
    return group, fake.user(101, "Alice", username="alice"), fake.user(102, "Bob")
