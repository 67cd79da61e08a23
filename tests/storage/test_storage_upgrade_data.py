"""Every revision upgrades a database that holds real rows to the newest one, and the bot then
continues the running table.

For each earlier revision (0001, 0002, 0003) a database is migrated to it and filled through
plain SQL with what that revision's schema can hold: users, a chat, a finished match (seats,
actions, score rows, and the records rows from 0003 on), a running match with its real snapshot
and action log, and two active tables in one place (what a /new race left before 0004). Then
`Store.start` (the bot's start-up) upgrades it: SQLite with ``foreign_keys=ON`` and PostgreSQL.
Afterwards the schema equals the models, no foreign key dangles, every row is still there, the
duplicate lobby was aborted (the running match kept), and the table service redraws the running
table and applies a move at it.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection

import engine
from bot.i18n import Catalogs
from bot.model import ActData, Person
from bot.tables.service import TableService
from storage import Store
from storage.db import alembic_config, make_engine, run_migrations, sqlite_file
from storage.models import metadata
from tests.records.conftest import RecordingMessenger, play_out

#: The newest revision, which every upgrade must reach.
HEAD = ScriptDirectory.from_config(alembic_config()).get_current_head()

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
SEED = 4242
ALICE, BOB = Person("tg", "11", "Alice", "alice"), Person("tg", "12", "Bob", None)
FINISHED, RUNNING, OLD_LOBBY, NEW_LOBBY = 1, 2, 3, 4  # game_table ids
MOVES_MADE = 3  # actions already applied at the running table


def _match_after(moves: int) -> tuple[engine.Match, list[tuple[int, str]]]:
    """A two-player Deberts match after ``moves`` first legal moves (seeded)."""
    match = engine.get_game("deberts").new_match(players=2, seed=SEED)
    done: list[tuple[int, str]] = []
    for _ in range(moves):
        seat = match.to_move
        assert seat is not None
        code = match.legal_actions(seat)[0]
        match.apply(seat, code)
        done.append((seat, code))
    return match, done


def _rows() -> dict[str, list[dict[str, Any]]]:
    """Every row to store, with every column any revision before 0004 has."""
    running, actions = _match_after(MOVES_MADE)
    finished, _ = _match_after(0)
    played = play_out(finished, SEED)  # to its end, so that the records can be backfilled
    table = {"game": "deberts", "creator_id": 1, "options": {}, "version": 0, "lang": None,
             "message_id": "77", "winner_side": None, "result_line": None, "finished_at": None,
             "deadline": None, "paused": False}
    tables = [
        {**table, "id": FINISHED, "chat_id": 1, "thread_id": None, "status": "finished",
         "winner_side": 0, "result_line": "1: 301, 2: 120", "finished_at": T0},
        {**table, "id": RUNNING, "chat_id": 1, "thread_id": None, "status": "playing",
         "version": MOVES_MADE},
        {**table, "id": OLD_LOBBY, "chat_id": 1, "thread_id": "9", "status": "lobby"},
        {**table, "id": NEW_LOBBY, "chat_id": 1, "thread_id": None, "status": "lobby"},
    ]
    for i, row in enumerate(tables):  # the lobby in the running table's place is the newest
        row["created_at"] = row["updated_at"] = T0 + timedelta(minutes=i)
    seats = [{"id": 2 * t + s + 1, "table_id": t + 1, "seat": s, "user_id": s + 1,
              "bot_level": None, "hand_message_id": None, "hand_chat_id": str(s + 11),
              "timeouts": 0} for t in range(4) for s in range(2)]
    record = {"players": 2, "seed": SEED, "options": {}, "deck": None}
    return {
        "user": [{"id": i, "platform": "tg", "ext_id": p.ext_id, "name": p.name,
                  "username": p.username, "lang": None, "can_dm": True, "created_at": T0}
                 for i, p in ((1, ALICE), (2, BOB))],
        "chat": [{"id": 1, "platform": "tg", "ext_id": "-100", "title": "Club", "lang": "en",
                  "created_at": T0}],
        "game_table": tables,
        "seat": seats,
        "match_record": [
            {**record, "table_id": FINISHED, "snapshot": finished.to_json(),
             "snapshot_seq": len(played)},
            {**record, "table_id": RUNNING, "snapshot": running.to_json(),
             "snapshot_seq": MOVES_MADE},
        ],
        "action_log": [{"id": len(log) * t + n + 1, "table_id": t, "seq": n + 1, "seat": seat,
                        "code": code, "created_at": T0}
                       for t, log in ((RUNNING, actions), (FINISHED, played))
                       for n, (seat, code) in enumerate(log)],
        "score_row": [{"id": side + 1, "table_id": FINISHED, "deal": 1, "side": side,
                       "cell": "301" if side == 0 else "120", "points": 301.0 - 181 * side,
                       "total": 301.0 - 181 * side, "note": ""} for side in (0, 1)],
        "match_result": [{"table_id": FINISHED, "chat_id": 1, "game": "deberts", "players": 2,
                          "deals": 1, "winner_side": 0, "sides": [[0], [1]],
                          "totals": [301.0, 120.0], "finished_at": T0}],
        "seat_result": [{"id": s + 1, "table_id": FINISHED, "chat_id": 1, "game": "deberts",
                         "seat": s, "side": s, "user_id": s + 1, "bot_level": None,
                         "outcome": "win" if s == 0 else "loss", "place": s + 1,
                         "points": 301.0 - 181 * s, "deals": 1, "baits": 0, "capots": 0,
                         "rating_before": 0.0, "rating_after": 1.0, "finished_at": T0}
                        for s in (0, 1)],
        "rating": [{"id": s + 1, "chat_id": 1, "game": "deberts", "user_id": s + 1,
                    "mu": 25.0, "sigma": 8.0, "ordinal": 1.0, "matches": 1, "wins": 1 - s,
                    "updated_at": T0} for s in (0, 1)],
    }


def _fill(conn: Connection) -> dict[str, int]:
    """Insert the rows into the tables this revision has (only the columns it has); return how
    many rows each table got. Sequences are moved past the explicit ids on PostgreSQL."""
    names = set(sa.inspect(conn).get_table_names())
    counts: dict[str, int] = {}
    for name, rows in _rows().items():
        if name not in names:
            continue
        table = sa.Table(name, sa.MetaData(), autoload_with=conn)
        conn.execute(table.insert(), [{k: v for k, v in row.items() if k in table.c}
                                      for row in rows])
        counts[name] = len(rows)
        if conn.dialect.name == "postgresql" and "id" in table.c:
            conn.execute(sa.text(f"SELECT setval(pg_get_serial_sequence('\"{name}\"', 'id'), "
                                 f"(SELECT max(id) FROM \"{name}\"))"))
    return counts


def _after(conn: Connection) -> dict[str, Any]:
    """What the upgraded database holds: row counts, statuses, schema diff, dangling keys."""
    counts = {name: conn.execute(sa.text(f'SELECT count(*) FROM "{name}"')).scalar_one()
              for name in sa.inspect(conn).get_table_names() if name != "alembic_version"}
    statuses = dict(conn.execute(sa.text("SELECT id, status FROM game_table")).all())
    mc = MigrationContext.configure(conn, opts={"compare_type": True})
    dangling: list[Any] = []
    if conn.dialect.name == "sqlite":
        dangling = list(conn.execute(sa.text("PRAGMA foreign_key_check")).all())
    return {"counts": counts, "statuses": statuses, "diff": compare_metadata(mc, metadata),
            "revision": mc.get_current_revision(), "dangling": dangling}


async def _database_at(db_url: str, revision: str) -> dict[str, int]:
    """Migrate an empty database to ``revision`` and fill it (see `_fill`)."""
    path = sqlite_file(db_url)
    if path is not None:
        path.parent.mkdir(parents=True)
    old = make_engine(db_url)
    try:
        async with old.begin() as conn:
            await conn.run_sync(run_migrations, revision)
        async with old.begin() as conn:
            return await conn.run_sync(_fill)
    finally:
        await old.dispose()


async def test_alembic_command_line_upgrades_rows_from_the_first_revision(db_url: str) -> None:
    """``alembic upgrade head`` with a config naming the URL (env.py opens its own engine)."""
    counts = await _database_at(db_url, "0001")
    # env.py runs its own event loop (asyncio.run), so not in this one
    await asyncio.to_thread(command.upgrade, alembic_config(url=db_url), "head")
    old = make_engine(db_url)
    try:
        async with old.connect() as conn:
            after = await conn.run_sync(_after)
    finally:
        await old.dispose()
    assert after["revision"] == HEAD and after["diff"] == [] and after["dangling"] == []
    assert {k: after["counts"][k] for k in counts} == counts


@pytest.mark.parametrize("start", ["0001", "0002", "0003"])
async def test_upgrade_with_rows_and_continue_the_running_table(db_url: str, start: str) -> None:
    counts = await _database_at(db_url, start)

    store = Store(db_url)
    await store.start()  # what the bot does at start-up: migrate to the newest revision
    try:
        async with store.engine.connect() as conn:
            after = await conn.run_sync(_after)
        assert after["revision"] == HEAD and after["diff"] == [] and after["dangling"] == []
        assert {k: after["counts"][k] for k in counts} == counts  # nothing lost
        assert after["statuses"] == {FINISHED: "finished", RUNNING: "playing",
                                     OLD_LOBBY: "lobby", NEW_LOBBY: "aborted"}
        messenger = RecordingMessenger()
        service = TableService(store=store, catalogs=Catalogs(), messenger=messenger,
                               default_lang="en", new_seed=lambda: SEED)
        try:
            await service.records.backfill()  # the finished match before 0003's tables
            assert await service.resume_all() == 1  # the running table is redrawn
            async with store.transaction() as tx:
                record = await tx.get_match(RUNNING)
            assert record is not None
            match = engine.get_game("deberts").from_json(record.snapshot)
            seat = match.to_move
            assert seat is not None
            person = (ALICE, BOB)[seat]
            code = match.legal_actions(seat)[0]
            assert await service.play.act(person, ActData(RUNNING, MOVES_MADE, code)) == ""
            async with store.transaction() as tx:
                actions = await tx.actions(RUNNING)
                result_rows = await tx.session.scalar(sa.text("SELECT count(*) FROM seat_result"))
            assert [a.seq for a in actions] == list(range(1, MOVES_MADE + 2))
            assert actions[-1].code == code
            assert result_rows == 2
        finally:
            service.clock.timers.shutdown()
    finally:
        await store.close()
