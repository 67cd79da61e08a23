"""storage.chatmove.move_chat: a chat's rows follow it to a new id (SQLite, and PostgreSQL
when TEST_DATABASE_URL is set)."""

from __future__ import annotations

from sqlmodel import select

from storage import Chat, GameTable, Store
from storage.chatmove import move_chat
from storage.models import MatchResult, Rating, SeatResult


async def _rating(store: Store, chat_id: int, user_id: int, matches: int) -> None:
    async with store.transaction() as tx:
        tx.session.add(Rating(chat_id=chat_id, game="deberts", user_id=user_id, mu=25.0 + matches,
                              sigma=8.0, ordinal=1.0, matches=matches))


async def test_move_to_an_unknown_id_renames_the_chat(store: Store) -> None:
    async with store.transaction() as tx:
        chat = await tx.upsert_chat("tg", "-1", "Club")
        await tx.set_chat_lang(chat.id or 0, "uk")
    async with store.transaction() as tx:
        assert await move_chat(tx, "tg", "-1", "-1001") == chat.id
    async with store.transaction() as tx:
        assert await move_chat(tx, "tg", "-1", "-1001") is None  # twice: nothing to do
        rows = (await tx.session.exec(select(Chat))).all()
    assert [(c.ext_id, c.lang) for c in rows] == [("-1001", "uk")]


async def test_merge_into_an_existing_chat(store: Store) -> None:
    async with store.transaction() as tx:
        old = await tx.upsert_chat("tg", "-2", "Club")
        new = await tx.upsert_chat("tg", "-1002", "Club")
        ann = await tx.upsert_user("tg", "1", "Ann")
        ben = await tx.upsert_user("tg", "2", "Ben")
        assert old.id and new.id and ann.id and ben.id
        await tx.set_chat_lang(old.id, "ru")
        # the ended table first: a chat has one active table at a time (migration 0004)
        ended = await tx.create_table(old.id, "deberts", ann.id, {})
        ended.status = "finished"
        await tx.save_table(ended)
        playing = await tx.create_table(old.id, "deberts", ann.id, {})
        playing.status = "playing"
        await tx.save_table(playing)
        lobby = await tx.create_table(new.id, "deberts", ben.id, {})  # /new in the new chat
        assert ended.id is not None
        tx.session.add(MatchResult(table_id=ended.id, chat_id=old.id, game="deberts",
                                   players=2, deals=3))
        tx.session.add(SeatResult(table_id=ended.id, chat_id=old.id, game="deberts", seat=0,
                                  side=0, user_id=ann.id, outcome="win", place=1, points=501,
                                  deals=3))
    await _rating(store, old.id, ann.id, 5)  # Ann: more matches in the old chat: it wins
    await _rating(store, new.id, ann.id, 1)
    await _rating(store, old.id, ben.id, 1)  # Ben: more in the new chat: that one stays
    await _rating(store, new.id, ben.id, 2)
    async with store.transaction() as tx:
        assert await move_chat(tx, "tg", "-2", "-1002") == new.id
    async with store.transaction() as tx:
        chats = (await tx.session.exec(select(Chat))).all()
        tables = {t.id: t for t in (await tx.session.exec(select(GameTable))).all()}
        results = (await tx.session.exec(select(MatchResult))).all()
        seats = (await tx.session.exec(select(SeatResult))).all()
        ratings = (await tx.session.exec(select(Rating))).all()
    assert [(c.ext_id, c.lang) for c in chats] == [("-1002", "ru")]
    assert {t.chat_id for t in tables.values()} == {new.id}
    assert tables[playing.id].status == "playing"
    assert tables[lobby.id].status == "aborted"  # one active table per chat: the game wins
    assert [r.chat_id for r in results] == [new.id] and [s.chat_id for s in seats] == [new.id]
    assert sorted((r.user_id, r.matches, r.chat_id) for r in ratings) == \
        sorted([(ann.id, 5, new.id), (ben.id, 2, new.id)])
