"""A database at revision 0008 (the snapshot holding its current deal's events) with a match in
the middle of its second deal against a bot player: the bot starts, migration 0009 moves the
events beside the snapshot, and the match goes on: the stored match is the log replayed, the
bot (who reads the deal's events) moves, and the first deal's record (📜) is posted."""

from __future__ import annotations

import json
import random
from typing import Any

import sqlalchemy as sa
from alembic import command

from storage.db import alembic_config, make_engine, migration_transaction
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.hostile6._play import deal_number
from tests.e2e.hostile6.test_bots_read_events import _human_moves
from tests.kit.store import assert_stored_replays, stored_actions
from tests.kit.telegram import open_deberts


async def _downgrade(url: str, revision: str) -> None:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            def down(sync: Any) -> None:
                with migration_transaction(sync):
                    command.downgrade(alembic_config(sync), revision)

            await conn.run_sync(down)
    finally:
        await engine.dispose()


async def _snapshot_events(url: str, table_id: int) -> list[Any]:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            text = (await conn.execute(sa.text(
                "SELECT snapshot FROM match_record WHERE table_id = :t"), {"t": table_id}
            )).scalar_one()
    finally:
        await engine.dispose()
    snapshot = text if isinstance(text, dict) else json.loads(text)
    return list(snapshot["events"])


async def test_a_match_mid_deal_at_0008_goes_on_after_the_upgrade(
        fake: FakeTelegram, kozyr: Any, db_url: str,
        club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, _ = club
    rng = random.Random(808)
    async with kozyr() as app:
        table_id = await open_deberts(fake, group, [alice], takebacks=False, bots=1)
        while await deal_number(app, table_id) < 2:
            assert await _human_moves(fake, app, table_id, alice, rng, 1) == 1
        await _human_moves(fake, app, table_id, alice, rng, 2)
        await fake.settle()
        moves = await stored_actions(app, table_id)
    await _downgrade(db_url, "0008")
    old = await _snapshot_events(db_url, table_id)
    assert old and old[0]["type"] == "deal" and old[0]["deal"] == 2, old[:1]
    async with kozyr() as app:  # the start-up migrates to the newest revision
        await assert_stored_replays(app, table_id)
        assert await stored_actions(app, table_id) == moves
        assert await _human_moves(fake, app, table_id, alice, rng, 6) >= 1
        await fake.settle()
        await assert_stored_replays(app, table_id)
        assert await stored_actions(app, table_id) > moves + 1, "the bot did not move"
        newest = fake.bot_messages(group)[-1]
        said = await fake.press(alice, newest, f"r|{table_id}|deal|1", strict=False)
        assert said.text in ("", None), said.text
        await fake.wait_for_message(group, text_contains="deal record 1", after=newest)
