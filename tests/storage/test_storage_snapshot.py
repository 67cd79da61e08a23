"""The stored snapshot keeps the events of the current deal only (storage/snapshot.py), so a
move writes as much at move 150 as at move 10, and a match decoded from it plays on exactly as
the match that never left memory (bot players included: they read the current deal's events)."""

from __future__ import annotations

import json
import random
from typing import Any

import sqlalchemy as sa
from alembic import command
from sqlalchemy.engine import Connection

import engine
import engine.ai
from storage import GameTable, Store
from storage.db import alembic_config, migration_transaction, run_migrations
from storage.snapshot import KEEP_DEALS, trim_events

SEED = 150


def deal_numbers(snapshot: dict[str, Any]) -> list[int]:
    return [int(e["deal"]) for e in snapshot["events"] if e["type"] == "deal"]


def test_trim_keeps_the_events_from_the_last_deal() -> None:
    deal = [{"type": "deal", "deal": n} for n in (1, 2, 3)]
    events = [deal[0], {"type": "play"}, deal[1], {"type": "play"}, deal[2], {"type": "bid"}]
    snapshot = {"state": {"x": 1}, "events": events}
    assert trim_events(snapshot) == {"state": {"x": 1}, "events": events[4:]}
    assert trim_events(snapshot, keep=2) == {"state": {"x": 1}, "events": events[2:]}
    assert snapshot["events"] == events  # the input is left alone
    short = {"state": {}, "events": events[4:]}
    assert trim_events(short) is short  # one deal: nothing to cut
    assert trim_events({"state": {}}) == {"state": {}}  # no events at all


async def test_stored_snapshot_does_not_grow_and_plays_on_exactly(store: Store,
                                                                  table: GameTable) -> None:
    """A seeded 2-player Deberts match moved through the store as the bot moves it: load,
    decode, apply, save. The stored bytes at move 150 are of the order of those at move 10
    (before the cut: 19 KB against 1.5 KB), the state never differs from the match kept in
    memory, and the bot players choose the same moves from either."""
    assert table.id is not None
    game = engine.get_game("deberts")
    full = game.new_match(players=2, seed=SEED)  # never stored: keeps every event
    normal = engine.ai.get_player("normal", "deberts")
    async with store.transaction() as tx:
        await tx.create_match(table.id, SEED, 2, {}, None, full.to_json())
    rng = random.Random(SEED)
    size: dict[int, int] = {}
    for seq in range(1, 151):
        assert not full.is_over
        seat = full.to_move
        assert seat is not None
        async with store.transaction() as tx:
            record = await tx.get_match(table.id)
            assert record is not None
            stored = game.from_json(record.snapshot)
            assert stored.to_json()["state"] == full.to_json()["state"]
            if seq % 30 == 0:  # the bot players read the deal's events: same choice from both
                assert (normal.choose(stored, seat, random.Random(seq))
                        == normal.choose(full, seat, random.Random(seq)))
            code = rng.choice(stored.legal_actions(seat))
            stored.apply(seat, code)
            full.apply(seat, code)
            await tx.append_action(table.id, seq, seat, code)
            await tx.save_snapshot(table.id, stored.to_json(), seq)
        async with store.transaction() as tx:
            record = await tx.get_match(table.id)
        assert record is not None
        size[seq] = len(json.dumps(record.snapshot))
        assert len(deal_numbers(record.snapshot)) <= KEEP_DEALS
    assert len(deal_numbers(full.to_json())) > 3 * KEEP_DEALS  # the match is long enough
    # Bounded by what two deals hold: as large late in the match as early on (the state's
    # score sheet grows by a row a deal): here 5.7 KB at most in moves 1-60, 6.3 KB in moves
    # 91-150; 2.2 KB at move 10 and 5.8 KB at move 150, where the full snapshot has 18.7 KB.
    assert max(size[i] for i in range(91, 151)) < 1.25 * max(size[i] for i in range(1, 61))
    assert size[150] < 4 * size[10]
    assert size[150] < len(json.dumps(full.to_json())) / 3
    # the stored events are the full match's last ones
    assert record is not None
    assert record.snapshot["events"] == full.to_json()["events"][-len(record.snapshot["events"]):]


def played(moves: int = 120) -> engine.Match:
    """A seeded two-player Deberts match after ``moves`` random moves (several deals)."""
    match = engine.get_game("deberts").new_match(players=2, seed=SEED)
    rng = random.Random(SEED)
    for _ in range(moves):
        seat = match.to_move
        assert seat is not None
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


async def upgraded(store: Store, table: GameTable, revision: str,
                   snapshot: dict[str, Any]) -> dict[str, Any]:
    """The snapshot of ``table``'s match as the upgrade to the newest revision leaves it, when
    the database was at ``revision`` with ``snapshot`` stored."""
    assert table.id is not None
    async with store.transaction() as tx:
        await tx.create_match(table.id, SEED, 2, {}, None, {})

    def back_with_snapshot(conn: Connection) -> None:
        # later revisions' downgrades recreate SQLite tables with rows (batch): foreign keys
        # off meanwhile, as at start-up
        with migration_transaction(conn):
            command.downgrade(alembic_config(conn), revision)
            records = sa.table("match_record", sa.column("table_id", sa.Integer),
                               sa.column("snapshot", sa.JSON))
            conn.execute(records.update().where(records.c.table_id == table.id)
                         .values(snapshot=snapshot))

    async with store.engine.connect() as conn:
        await conn.run_sync(back_with_snapshot)
        await conn.run_sync(run_migrations)
    async with store.transaction() as tx:
        record = await tx.get_match(table.id)
    assert record is not None
    return record.snapshot


async def test_migration_0005_cuts_snapshots_stored_before(store: Store, table: GameTable) -> None:
    """A snapshot written with every event (before 0005) is cut by the upgrade, and decodes to
    the same state."""
    old = played().to_json()
    assert len(deal_numbers(old)) > KEEP_DEALS
    snapshot = await upgraded(store, table, "0003", old)
    assert len(deal_numbers(snapshot)) == KEEP_DEALS
    assert snapshot == trim_events(old)
    stored = engine.get_game("deberts").from_json(snapshot)
    assert stored.to_json()["state"] == old["state"]


async def test_migration_0006_cuts_two_deals_to_one(store: Store, table: GameTable) -> None:
    """A snapshot stored by revision 0005 (the current and the previous deal's events) is cut
    to the current deal by the upgrade to 0006, and decodes to the same state."""
    full = played()
    two = trim_events(full.to_json(), keep=2)
    assert len(deal_numbers(two)) == 2
    snapshot = await upgraded(store, table, "0005", two)
    assert deal_numbers(snapshot) == deal_numbers(two)[-1:]
    assert snapshot["events"] == two["events"][-len(snapshot["events"]):]
    stored = engine.get_game("deberts").from_json(snapshot)
    assert stored.to_json()["state"] == full.to_json()["state"]
