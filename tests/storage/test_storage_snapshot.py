"""The stored snapshot holds no events, and the current deal's are stored beside it, append-only
(storage/snapshot.py), so a move writes as much at move 150 as at move 10, the snapshot with
those events is exactly what is left of the match's own after the cut to its current deal,
and a match decoded from it plays on exactly as the match that never left memory (bot players
included: they read the current deal's events)."""

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
    decode (without the events, as a human's press does), apply, store the move; every 25th
    move is saved whole instead (as a takeback does). The stored snapshot's bytes at move 150
    are of the order of those at move 10 (before the cuts: 19 KB against 1.5 KB), the snapshot
    with the stored events is the in-memory match's, cut to its current deal, at every move,
    and the bot players choose the same moves from either."""
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
            assert await tx.full_snapshot(record) == trim_events(full.to_json())  # exact
            if seq % 30 == 0:  # the bot players read the deal's events: same choice from both
                with_events = game.from_json(await tx.full_snapshot(record))
                assert (normal.choose(with_events, seat, random.Random(seq))
                        == normal.choose(full, seat, random.Random(seq)))
            stored = game.from_json(record.snapshot)
            assert stored.to_json()["state"] == full.to_json()["state"]
            code = rng.choice(stored.legal_actions(seat))
            events = [e.to_dict() for e in stored.apply(seat, code)]
            full.apply(seat, code)
            if seq % 25:
                await tx.store_move(record, seat, code, stored.to_json(), events)
            else:
                await tx.append_action(table.id, seq, seat, code)
                await tx.save_snapshot(table.id, full.to_json(), seq)
        async with store.transaction() as tx:
            record = await tx.get_match(table.id)
        assert record is not None
        assert record.snapshot["events"] == []
        size[seq] = len(json.dumps(record.snapshot))
        assert len([e for e in record.deal_events if e["type"] == "deal"]) <= 1
    assert len(deal_numbers(full.to_json())) > 3 * KEEP_DEALS  # the match is long enough
    # The snapshot grows only with the state's score sheet (a row a deal): 1.2 KB at move 10
    # and 1.6 KB at move 150, where the full snapshot has 18.7 KB. (Its ``deal_events`` are
    # one event until a save of the whole match, as a takeback makes, writes the deal's so far.)
    assert max(size[i] for i in range(91, 151)) < 1.5 * max(size[i] for i in range(1, 61))
    assert size[150] < 2 * size[10]
    assert size[150] < len(json.dumps(full.to_json())) / 5


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
        return await tx.full_snapshot(record)


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


async def test_migration_0009_moves_the_deal_events_beside_the_snapshot(
        store: Store, table: GameTable) -> None:
    """A snapshot stored by revision 0008 (with its current deal's events) loses its events to
    ``deal_events`` in the upgrade to 0009, and reads back exactly as it was; the match plays on
    from it, its events stored with each move (the snapshot with them stays the match's own,
    cut to its current deal); the downgrade puts the events back into the snapshot."""
    assert table.id is not None
    match = played(60)
    old = trim_events(match.to_json())
    assert len(deal_numbers(old)) == 1 and len(old["events"]) > 1
    assert await upgraded(store, table, "0008", old) == old
    async with store.transaction() as tx:
        record = await tx.get_match(table.id)
        assert record is not None
        assert record.snapshot == {**old, "events": []}
        assert (record.deal_events, record.deal_seq) == (old["events"], record.snapshot_seq)
    game = engine.get_game("deberts")
    rng = random.Random(SEED + 1)
    for _ in range(40):  # across a deal's end
        if match.is_over:
            break
        seat = match.to_move
        assert seat is not None
        code = rng.choice(match.legal_actions(seat))
        async with store.transaction() as tx:
            record = await tx.get_match(table.id)
            assert record is not None
            stored = game.from_json(record.snapshot)
            events = [e.to_dict() for e in stored.apply(seat, code)]
            await tx.store_move(record, seat, code, stored.to_json(), events)
        match.apply(seat, code)
    async with store.transaction() as tx:
        record = await tx.get_match(table.id)
        assert record is not None
        assert record.deal_seq > 0  # a new deal was dealt
        assert await tx.full_snapshot(record) == trim_events(match.to_json())

    def down(conn: Connection) -> None:
        with migration_transaction(conn):
            command.downgrade(alembic_config(conn), "0008")

    records = sa.table("match_record", sa.column("table_id", sa.Integer),
                       sa.column("snapshot", sa.JSON))
    async with store.engine.connect() as conn:
        await conn.run_sync(down)
        snapshot = (await conn.execute(sa.select(records.c.snapshot)
                                       .where(records.c.table_id == table.id))).scalar_one()
        await conn.run_sync(run_migrations)
    assert snapshot == trim_events(match.to_json())
