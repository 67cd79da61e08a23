"""``kozyr backup`` during a match (the copy holds every committed move and a bot continues on
it) and ``kozyr copy-db`` from SQLite to PostgreSQL (the table continues there)."""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.bootstrap import TelegramApp, build_telegram
from bot.settings import Settings
from tests.e2e.conftest import SEED, open_table, play_moves
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.ops.helpers import kozyr
from tests.storage.conftest import PG_ENV, pg_database


@asynccontextmanager
async def running_bot(fake: FakeTelegram, url: str) -> AsyncIterator[TelegramApp]:
    """The real bot (aiogram polling against the fake) on the database at ``url``."""
    settings = Settings(telegram_token=fake.token, telegram_api_server=fake.base_url,
                        database_url=url, default_lang="en", telegram_poll_timeout=1,
                        bot_delay=0.0, telegram_rate_scale=0.0,
                        _env_file=None)  # type: ignore[call-arg]
    app = await build_telegram(settings, new_seed=lambda: SEED)
    try:
        async with fake.polling(app.dispatcher, app.bot):
            yield app
    finally:
        await app.close()


def _moves_in(path: Path) -> tuple[int, int]:
    """(actions logged, the snapshot's sequence number) of the only match in a SQLite file."""
    with sqlite3.connect(path) as db:
        actions = db.execute("SELECT count(*) FROM action_log").fetchone()[0]
        seq = db.execute("SELECT snapshot_seq FROM match_record").fetchone()[0]
    return int(actions), int(seq)


def _players(fake: FakeTelegram) -> tuple[FakeChat, FakeUser, FakeUser]:
    return fake.group(-100555, "Backup club"), fake.user(301, "Alice"), fake.user(302, "Bob")


async def test_backup_while_playing_then_continue_on_the_copy(tmp_path: Path) -> None:
    source = tmp_path / "kozyr.sqlite3"
    copy = tmp_path / "backups" / "copy.sqlite3"
    copy.parent.mkdir()
    async with FakeTelegram() as fake:
        group, alice, bob = _players(fake)
        async with running_bot(fake, f"sqlite+aiosqlite:///{source}"):
            await open_table(fake, group, alice, bob)
            before = await play_moves(fake, [alice, bob], random.Random(7), limit=12)
            # a press may store more than one action (Deberts declares nothing by itself for
            # a player whose only call that is), so the log is counted, not the presses
            logged = _moves_in(source)[0]
            assert logged >= before
            # The backup runs while the players go on pressing.
            backup = asyncio.create_task(kozyr("backup", str(copy), cwd=tmp_path,
                                               DATABASE_URL=f"sqlite:///{source}"))
            during = await play_moves(fake, [alice, bob], random.Random(8), limit=12)
            code, out, err = await backup
            assert code == 0, err
            assert f"copied to {copy}" in out
        actions, seq = _moves_in(copy)
        assert actions == seq  # one consistent moment: the log and the snapshot agree
        assert logged <= actions <= _moves_in(source)[0]
        assert _moves_in(source)[0] >= before + during
        assert not list(copy.parent.glob("*.part"))

        # A bot on the copy redraws the table at the copy's moment and the match goes on.
        async with running_bot(fake, f"sqlite+aiosqlite:///{copy}") as app:
            assert await play_moves(fake, [alice, bob], random.Random(9), limit=6) == 6
            async with app.store.transaction() as tx:
                assert len(await tx.actions(1)) >= actions + 6


async def test_backup_of_postgresql_points_to_pg_dump(tmp_path: Path) -> None:
    code, out, err = await kozyr("backup", str(tmp_path / "x"), cwd=tmp_path,
                                 DATABASE_URL="postgresql+asyncpg://kozyr@127.0.0.1:1/kozyr")
    assert code == 2
    assert "pg_dump" in err and not out
    assert not (tmp_path / "x").exists()


async def test_copy_db_sqlite_to_postgresql_and_play_on(tmp_path: Path) -> None:
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"{PG_ENV} is not set")
    source = f"sqlite+aiosqlite:///{tmp_path / 'kozyr.sqlite3'}"
    async with FakeTelegram() as fake, pg_database(base) as target:
        group, alice, bob = _players(fake)
        async with running_bot(fake, source):
            await open_table(fake, group, alice, bob)
            played = await play_moves(fake, [alice, bob], random.Random(11), limit=10)
        # a press may store more than one action (a forced "declare nothing"): count the log
        logged = _moves_in(tmp_path / "kozyr.sqlite3")[0]
        assert logged >= played
        code, out, err = await kozyr("copy-db", "--to", target, cwd=tmp_path,
                                     DATABASE_URL=source)
        assert code == 0, err
        assert f"action_log {logged}," in out and "game_table 1" in out
        code, _, err = await kozyr("copy-db", "--to", target, cwd=tmp_path, DATABASE_URL=source)
        assert code == 1 and "not empty" in err

        async with running_bot(fake, target) as app:
            assert app.store.dialect == "postgresql"
            # New rows get fresh ids (the sequences were moved past the copied ones).
            more = await play_moves(fake, [alice, bob], random.Random(12), limit=8)
            assert more == 8
            other = fake.group(-100556, "Second club")
            await fake.send_text(other, alice, "/new berg")
            await fake.wait_for_message(other, text_contains="Berg")
            async with app.store.transaction() as tx:
                assert len(await tx.actions(1)) >= logged + more
                tables = await tx.unfinished_tables()
            assert [t.id for t in tables] == [1, 2]
