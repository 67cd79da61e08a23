"""Tx methods: upsert semantics, tables, seats, matches, action log, score rows."""

from __future__ import annotations

from datetime import UTC

import pytest

from storage import Conflict, GameTable, StorageError, Store


async def test_upsert_user(store: Store) -> None:
    async with store.transaction() as tx:
        first = await tx.upsert_user("tg", "7", "Ann", username="ann")
        assert first.id is not None and first.can_dm is False and first.lang is None
    async with store.transaction() as tx:
        again = await tx.upsert_user("tg", "7", "Anna", can_dm=True)
        other = await tx.upsert_user("dc", "7", "Discord Ann")
    assert again.id == first.id and other.id != first.id
    assert (again.name, again.username, again.can_dm) == ("Anna", None, True)
    async with store.transaction() as tx:
        kept = await tx.upsert_user("tg", "7", "Anna", username="a2")  # can_dm None: unchanged
        await tx.set_user_lang(first.id, "uk")
        found = await tx.find_user("tg", "7")
        by_id = await tx.get_user(first.id)
        assert await tx.find_user("tg", "nobody") is None
        assert await tx.get_user(10_000) is None
    assert kept.can_dm is True and kept.username == "a2"
    assert found is not None and found.id == first.id and found.lang == "uk"
    assert by_id is not None and by_id.name == "Anna"
    assert first.created_at.tzinfo is not None and first.created_at.utcoffset() == UTC.utcoffset(
        None
    )


async def test_upsert_chat_and_lang(store: Store) -> None:
    async with store.transaction() as tx:
        chat = await tx.upsert_chat("tg", "-1", "Old title")
    async with store.transaction() as tx:
        same = await tx.upsert_chat("tg", "-1", "New title")
        assert chat.id is not None
        await tx.set_chat_lang(chat.id, "ru")
        loaded = await tx.get_chat(chat.id)
        with pytest.raises(StorageError):
            await tx.set_chat_lang(9999, "en")
    assert same.id == chat.id and same.title == "New title"
    assert loaded is not None and loaded.lang == "ru" and loaded.title == "New title"


async def test_create_and_get_table(store: Store, table: GameTable) -> None:
    assert table.id is not None
    assert (table.status, table.version, table.game, table.thread_id) == (
        "lobby",
        0,
        "deberts",
        None,
    )
    assert table.finished_at is None and table.created_at.tzinfo is not None
    async with store.transaction() as tx:
        locked = await tx.get_table(table.id, lock=True)
        plain = await tx.get_table(table.id)
        assert await tx.get_table(table.id + 1000) is None
    assert locked is not None and locked is plain
    assert locked.options == {"target": 301}
    assert locked.created_at == table.created_at
    assert locked.created_at.tzinfo is not None and locked.created_at.utcoffset() is not None


async def test_active_and_finished_tables(store: Store, table: GameTable) -> None:
    chat_id, creator = table.chat_id, table.creator_id
    async with store.transaction() as tx:
        assert (await tx.active_table(chat_id)) is not None
        in_thread = await tx.create_table(chat_id, "berg", creator, {}, thread_id="55")
        other_chat = await tx.upsert_chat("tg", "-200", "Other")
        assert other_chat.id is not None
        elsewhere = await tx.create_table(other_chat.id, "berg", creator, {})
    async with store.transaction() as tx:
        active = await tx.active_table(chat_id)
        threaded = await tx.active_table(chat_id, thread_id="55")
        assert await tx.active_table(chat_id, thread_id="56") is None
        assert await tx.last_finished_table(chat_id) is None
        unfinished = await tx.unfinished_tables()
    assert active is not None and active.id == table.id
    assert threaded is not None and threaded.id == in_thread.id
    assert [t.id for t in unfinished] == [table.id, in_thread.id, elsewhere.id]

    table.status = "playing"
    async with store.transaction() as tx:
        await tx.save_table(table)  # a detached object from an earlier transaction
        with pytest.raises(Conflict):  # one active table per place (migration 0004)
            await tx.create_table(chat_id, "deberts", creator, {})
        newer = await tx.create_table(chat_id, "deberts", creator, {}, thread_id="56")
        assert (await tx.active_table(chat_id, "56")) is newer
        newer.status = "aborted"
        await tx.save_table(newer)
    assert newer.finished_at is not None
    async with store.transaction() as tx:
        assert (await tx.last_finished_table(chat_id)) is not None
        t = await tx.get_table(table.id or 0)
        assert t is not None and t.status == "playing"
        t.status, t.winner_side, t.result_line = "finished", 1, "1: 301, 2: 120"
        await tx.save_table(t)
    async with store.transaction() as tx:
        last = await tx.last_finished_table(chat_id)
        active = await tx.active_table(chat_id)
        unfinished = await tx.unfinished_tables()
    assert last is not None and last.id == table.id  # ended after `newer`
    assert last.finished_at is not None and last.finished_at >= last.created_at
    assert (last.winner_side, last.result_line) == (1, "1: 301, 2: 120")
    assert active is None
    assert [t.id for t in unfinished] == [in_thread.id, elsewhere.id]


async def test_save_table_persists_changes(store: Store, table: GameTable) -> None:
    before = table.updated_at
    table.version += 1
    table.message_id = "m1"
    table.options["variant"] = "short"  # in-place edit of the JSON dict
    async with store.transaction() as tx:
        await tx.save_table(table)
    assert table.updated_at > before
    async with store.transaction() as tx:
        loaded = await tx.get_table(table.id or 0)
        assert loaded is not None
        loaded.lang = "uk"
        # the caller's older copy is saved while a copy of the row is already loaded here
        table.version += 1
        await tx.save_table(table)
    async with store.transaction() as tx:
        final = await tx.get_table(table.id or 0)
    assert final is not None
    assert (final.version, final.message_id) == (2, "m1")
    assert final.options == {"target": 301, "variant": "short"}


async def test_seats(store: Store, table: GameTable) -> None:
    tid = table.id or 0
    async with store.transaction() as tx:
        user = await tx.upsert_user("tg", "200", "Bob")
        await tx.add_seat(tid, 2, bot_level="easy")
        s0 = await tx.add_seat(tid, 0, user_id=table.creator_id)
        with pytest.raises(Conflict):
            await tx.add_seat(tid, 0, user_id=user.id)
        # the transaction stays usable after a Conflict
        await tx.add_seat(tid, 1, user_id=user.id)
    async with store.transaction() as tx:
        seats = await tx.seats(tid)
    assert [(s.seat, s.user_id, s.bot_level) for s in seats] == [
        (0, table.creator_id, None),
        (1, user.id, None),
        (2, None, "easy"),
    ]
    s0.hand_message_id, s0.hand_chat_id = "hm", "hc"
    async with store.transaction() as tx:
        await tx.save_seat(s0)
        await tx.remove_seat(tid, 2)
        await tx.remove_seat(tid, 3)  # free already: nothing happens
    async with store.transaction() as tx:
        seats = await tx.seats(tid)
    assert [s.seat for s in seats] == [0, 1]
    assert (seats[0].hand_message_id, seats[0].hand_chat_id) == ("hm", "hc")


async def test_conflict_is_committed_once(store: Store, table: GameTable) -> None:
    tid = table.id or 0
    async with store.transaction() as tx:
        await tx.add_seat(tid, 0, user_id=table.creator_id)
    with pytest.raises(Conflict):
        async with store.transaction() as tx:
            await tx.add_seat(tid, 0)
    async with store.transaction() as tx:
        seats = await tx.seats(tid)
    assert [(s.seat, s.user_id) for s in seats] == [(0, table.creator_id)]


async def test_foreign_key_violation_is_not_conflict(store: Store, table: GameTable) -> None:
    with pytest.raises(StorageError) as info:
        async with store.transaction() as tx:
            await tx.add_seat(table.id or 0, 0, user_id=424242)
    assert not isinstance(info.value, Conflict)


async def test_rollback_on_error(store: Store, table: GameTable) -> None:
    with pytest.raises(RuntimeError):
        async with store.transaction() as tx:
            await tx.append_action(table.id or 0, 1, 0, "bid:pass")
            raise RuntimeError("boom")
    async with store.transaction() as tx:
        assert await tx.actions(table.id or 0) == []


async def test_match_record_and_snapshot(store: Store, table: GameTable) -> None:
    tid = table.id or 0
    seed = 2**63 - 1
    async with store.transaction() as tx:
        rec = await tx.create_match(tid, seed, 2, {"target": 301}, None, {"deal": 1})
        with pytest.raises(Conflict):
            await tx.create_match(tid, 1, 2, {}, None, {})
        with pytest.raises(StorageError):
            await tx.create_match(tid, 2**63, 2, {}, None, {})
    assert (rec.snapshot_seq, rec.deck) == (0, None)
    async with store.transaction() as tx:
        await tx.save_snapshot(tid, {"deal": 1, "hands": [["7S", "AH"], []]}, 4)
        with pytest.raises(StorageError):
            await tx.save_snapshot(tid + 1000, {}, 1)
        assert await tx.get_match(tid + 1000) is None
    async with store.transaction() as tx:
        loaded = await tx.get_match(tid)
    assert loaded is not None
    assert (loaded.seed, loaded.players, loaded.options) == (seed, 2, {"target": 301})
    assert loaded.deck is None
    assert (loaded.snapshot, loaded.snapshot_seq) == ({"deal": 1, "hands": [["7S", "AH"], []]}, 4)


async def test_match_deck_and_negative_seed(store: Store, table: GameTable) -> None:
    deck = ["7S", "8S", "AH"]
    async with store.transaction() as tx:
        await tx.create_match(table.id or 0, -(2**63), 4, {}, deck, {})
    deck.append("KH")  # the stored copy is independent of the caller's list
    async with store.transaction() as tx:
        loaded = await tx.get_match(table.id or 0)
    assert loaded is not None and loaded.deck == ["7S", "8S", "AH"] and loaded.seed == -(2**63)


async def test_action_log(store: Store, table: GameTable) -> None:
    tid = table.id or 0
    async with store.transaction() as tx:
        await tx.append_action(tid, 2, 1, "play:AH")
        first = await tx.append_action(tid, 1, 0, "bid:pass")
    with pytest.raises(Conflict):
        async with store.transaction() as tx:
            await tx.append_action(tid, 2, 0, "play:7S")  # a second press of the same move
    async with store.transaction() as tx:
        log = await tx.actions(tid)
    assert [(a.seq, a.seat, a.code) for a in log] == [(1, 0, "bid:pass"), (2, 1, "play:AH")]
    assert first.created_at.tzinfo is not None and first.id is not None


async def test_score_rows(store: Store, table: GameTable) -> None:
    tid = table.id or 0
    async with store.transaction() as tx:
        await tx.add_score_rows(tid, [(2, 1, "b", 30, 80, ""), (1, 1, "b", 50.5, 50.5, "x")])
        await tx.add_score_rows(tid, [(1, 0, "a", 112, 112, "capot"), (2, 0, "a", 0, 112, "")])
        await tx.add_score_rows(tid, [])
        with pytest.raises(Conflict):
            await tx.add_score_rows(tid, [(3, 0, "a", 1, 113, ""), (1, 1, "b", 0, 0, "")])
    async with store.transaction() as tx:
        rows = await tx.score_rows(tid)
    assert [(r.deal, r.side, r.cell, r.points, r.total, r.note) for r in rows] == [
        (1, 0, "a", 112, 112, "capot"),
        (1, 1, "b", 50.5, 50.5, "x"),
        (2, 0, "a", 0, 112, ""),
        (2, 1, "b", 30, 80, ""),
    ]  # deal 3 was not kept: add_score_rows is all or nothing


async def test_objects_usable_after_commit_and_close(store: Store) -> None:
    async with store.transaction() as tx:
        user = await tx.upsert_user("dc", "1", "Zed")
        chat = await tx.upsert_chat("dc", "9", "Guild")
        assert user.id is not None and chat.id is not None
        tbl = await tx.create_table(chat.id, "bazar_belot", user.id, {"a": [1, 2]})
        seat = await tx.add_seat(tbl.id or 0, 0, user_id=user.id)
        rec = await tx.create_match(tbl.id or 0, 5, 2, {}, ["AS"], {"s": 1})
        act = await tx.append_action(tbl.id or 0, 1, 0, "x")
        await tx.add_score_rows(tbl.id or 0, [(1, 0, "c", 1, 1, "")])
        rows = await tx.score_rows(tbl.id or 0)
    await store.close()
    assert (user.name, chat.title, tbl.options, tbl.status) == (
        "Zed",
        "Guild",
        {"a": [1, 2]},
        "lobby",
    )
    assert (seat.seat, seat.table_id, rec.deck, rec.snapshot, act.code) == (
        0,
        tbl.id,
        ["AS"],
        {"s": 1},
        "x",
    )
    assert rows[0].cell == "c" and tbl.updated_at.tzinfo is not None


async def test_objects_usable_after_rollback(store: Store, table: GameTable) -> None:
    tid = table.id or 0
    async with store.transaction() as tx:
        await tx.append_action(tid, 1, 0, "bid:pass")
    with pytest.raises(Conflict):
        async with store.transaction() as tx:
            loaded = await tx.get_table(tid, lock=True)
            assert loaded is not None
            loaded.version = 5
            created = await tx.add_seat(tid, 0, user_id=table.creator_id)
            await tx.append_action(tid, 1, 0, "bid:pass")  # the second press
    assert loaded is not None
    assert (loaded.id, loaded.status, loaded.options, loaded.version) == (
        tid,
        "lobby",
        {"target": 301},
        5,
    )
    assert created.seat == 0
    async with store.transaction() as tx:
        fresh = await tx.get_table(tid)
        assert await tx.seats(tid) == []
    assert fresh is not None and fresh.version == 0


async def test_a_takeback_drops_actions_and_score_rows(store: Store, table: GameTable) -> None:
    tid = table.id or 0
    async with store.transaction() as tx:
        for seq, code in enumerate(("pass", "take", "play:AH", "play:7S"), 1):
            await tx.append_action(tid, seq, seq % 2, code)
        await tx.add_score_rows(tid, [(1, 0, "10", 10, 10, ""), (1, 1, "5", 5, 5, ""),
                                      (2, 0, "3", 3, 13, ""), (2, 1, "BT", 0, 5, "")])
    async with store.transaction() as tx:
        assert await tx.drop_actions(tid, 3) == 2
        await tx.drop_score_rows(tid, 1)
    async with store.transaction() as tx:
        assert [(a.seq, a.code) for a in await tx.actions(tid)] == [(1, "pass"), (2, "take")]
        assert [(r.deal, r.side) for r in await tx.score_rows(tid)] == [(1, 0), (1, 1)]
        await tx.append_action(tid, 3, 1, "play:KH")  # the number taken back is free again
    async with store.transaction() as tx:
        assert [a.code for a in await tx.actions(tid)] == ["pass", "take", "play:KH"]
