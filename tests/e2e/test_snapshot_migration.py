"""Migrations 0005, 0006 and 0009: a snapshot stored the old way (every event since the match
began) is cut to its current deal when the bot starts, whose events are moved beside it
(storage/snapshot.py), and the bot carries on with the match."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.script import ScriptDirectory

import engine
from storage.db import alembic_config, migration_transaction
from storage.snapshot import KEEP_DEALS
from tests.e2e.conftest import current_match, open_table, play_moves
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser


def replayed(db: Path, table_id: int) -> engine.Match:
    """The table's match replayed from its seed and action log (the whole history)."""
    with sqlite3.connect(db) as conn:
        seed, players, options = conn.execute(
            "SELECT seed, players, options FROM match_record WHERE table_id = ?",
            (table_id,)).fetchone()
        actions = conn.execute("SELECT seat, code FROM action_log WHERE table_id = ? "
                               "ORDER BY seq", (table_id,)).fetchall()
    match = engine.get_game("deberts").new_match(players=players, options=json.loads(options),
                                                 seed=seed)
    for seat, code in actions:
        match.apply(seat, code)
    return match


def stored(db: Path, table_id: int) -> dict[str, Any]:
    """The stored snapshot with its current deal's events: the record's ``deal_events``, then
    those of the actions after its ``deal_seq`` (storage/snapshot.py)."""
    with sqlite3.connect(db) as conn:
        text, deal_events, deal_seq = conn.execute(
            "SELECT snapshot, deal_events, deal_seq FROM match_record WHERE table_id = ?",
            (table_id,)).fetchone()
        later = conn.execute("SELECT events FROM action_log WHERE table_id = ? AND seq > ? "
                             "ORDER BY seq", (table_id, deal_seq)).fetchall()
    snapshot = dict(json.loads(text))
    assert snapshot["events"] == []
    events = [*json.loads(deal_events), *(e for (chunk,) in later for e in json.loads(chunk))]
    return {**snapshot, "events": events}


def deals(snapshot: dict[str, Any]) -> int:
    return sum(1 for e in snapshot["events"] if e["type"] == "deal")


async def test_old_snapshot_is_cut_and_the_match_goes_on(
        fake: FakeTelegram, kozyr: Any, db_url: str,
        club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    db = Path(db_url.split("///", 1)[1])
    rng = random.Random(9)
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        async with app.store.transaction() as tx:
            table = await tx.active_table((await tx.upsert_chat("tg", str(group.id), "")).id
                                          or 0)
        assert table is not None and table.id is not None
        table_id = table.id
        assert await play_moves(fake, [alice, bob], rng, limit=90) == 90
    # Make the database what a bot before revision 0005 left: the schema of the revision
    # before 0005 (later revisions add columns: downgraded, with SQLite's foreign keys off as
    # their batch steps need) and the full snapshot.
    before = ScriptDirectory.from_config(alembic_config()).get_revision("0005").down_revision
    assert isinstance(before, str)
    old = replayed(db, table_id).to_json()
    assert deals(old) > KEEP_DEALS + 1
    sync = sa.create_engine(f"sqlite:///{db}")
    try:
        with sync.connect() as conn, migration_transaction(conn):
            command.downgrade(alembic_config(conn), before)
    finally:
        sync.dispose()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE match_record SET snapshot = ? WHERE table_id = ?",
                     (json.dumps(old), table_id))
    async with kozyr() as app:  # the start-up migrates to 0005
        cut = stored(db, table_id)
        assert deals(cut) == KEEP_DEALS and cut["state"] == old["state"]
        assert cut["events"] == old["events"][-len(cut["events"]):]
        assert await play_moves(fake, [alice, bob], rng, limit=20) == 20
        match = await current_match(app, table_id)
    assert match.to_json()["state"] == replayed(db, table_id).to_json()["state"]
    assert deals(stored(db, table_id)) <= KEEP_DEALS
