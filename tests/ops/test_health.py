"""/healthz over HTTP: 200 when all is well; 503 naming the problem when polling has stalled or
the database is gone. And where the settings put the data folder."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from bot.settings import SOURCE_ROOT, Settings
from bot.web import Health, health_app, serve
from storage import Store
from tests.ops.helpers import free_port, get


async def test_healthz_names_each_problem(tmp_path: Path) -> None:
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'kozyr.sqlite3'}")
    await store.start()
    health = Health(store, max_quiet=3600)
    port = free_port()
    runner = await serve(health_app(health), "127.0.0.1", port)
    url = f"http://127.0.0.1:{port}/healthz"
    try:
        assert await get(url) == (200, '{"ok": true, "problems": []}')
        health.last_poll = time.monotonic() - 7200  # the last answered poll: two hours ago
        status, body = await get(url)
        assert status == 503
        assert json.loads(body)["problems"][0].startswith("updates: no getUpdates answered")
        health.last_poll = time.monotonic()
        await store.close()
        status, body = await get(url)
        assert status == 503
        assert json.loads(body)["problems"] == ["database: Store is not started"]
    finally:
        await runner.cleanup()
        await store.close()


def test_data_dir_is_beside_the_project_not_the_current_folder(tmp_path: Path) -> None:
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        settings = Settings(_env_file=None)  # type: ignore[call-arg]
    finally:
        os.chdir(here)
    assert settings.kozyr_data_dir == SOURCE_ROOT / "data"
    assert settings.database_url == f"sqlite+aiosqlite:///{SOURCE_ROOT / 'data'}/kozyr.sqlite3"
    mine = Settings(_env_file=None, kozyr_data_dir=tmp_path / "d")  # type: ignore[call-arg]
    assert mine.database_url == f"sqlite+aiosqlite:///{tmp_path / 'd' / 'kozyr.sqlite3'}"
    assert Settings(_env_file=None, owner_ids="1, 2,3").owner_ids == {1, 2, 3}  # type: ignore[call-arg]
