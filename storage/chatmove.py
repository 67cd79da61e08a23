"""A chat that changed its id: its tables, records and language follow (one transaction).

Telegram gives a group a new id when it becomes a supergroup. Everything kozyr keeps about a
chat refers to the chat row's own ``id``, so a move to an id kozyr never saw only renames the
row's ``ext_id``. When the new id has a row already (someone used the bot there before the move
was noticed) the old chat is merged into it: tables, match and seat results and ratings move
over, the language set in either is kept (the new chat's first), and the old row goes.
"""

from __future__ import annotations

from sqlalchemy import delete, update
from sqlmodel import col, select

from storage.models import (
    ABORTED,
    ACTIVE_STATUSES,
    Chat,
    GameTable,
    MatchResult,
    Rating,
    SeatResult,
    utcnow,
)
from storage.tx import Tx

__all__ = ["move_chat"]


async def move_chat(tx: Tx, platform: str, old_ext: str, new_ext: str) -> int | None:
    """Move the chat ``old_ext`` of ``platform`` to the id ``new_ext``.

    Merging into an existing row of ``new_ext``: an active table (lobby or game) of the old
    chat wins over one of the new chat in the same topic, which is aborted (one table per chat
    and topic); a user's rating in a game kept in both chats keeps the row with more matches.

    Returns:
        the chat row's id now under ``new_ext``; None when ``old_ext`` is unknown (never used,
        or moved already: calling twice is harmless).
    """
    session = tx.session
    found = select(Chat).where(Chat.platform == platform)
    old = (await session.exec(found.where(Chat.ext_id == old_ext))).first()
    if old is None or old.id is None:
        return None
    new = (await session.exec(found.where(Chat.ext_id == new_ext))).first()
    if new is None or new.id is None:
        old.ext_id = new_ext
        await session.flush()
        return old.id
    await _abort_displaced_tables(tx, old.id, new.id)
    for model in (GameTable, MatchResult, SeatResult):
        await session.exec(update(model).where(col(model.chat_id) == old.id)
                           .values(chat_id=new.id))
    await _merge_ratings(tx, old.id, new.id)
    new.lang = new.lang or old.lang
    await session.flush()
    await session.exec(delete(Chat).where(col(Chat.id) == old.id))
    await session.flush()
    return new.id


async def _abort_displaced_tables(tx: Tx, old_id: int, new_id: int) -> None:
    """Abort the new chat's active tables in a topic where the old chat has one too."""
    active = select(GameTable).where(col(GameTable.status).in_(ACTIVE_STATUSES))
    old_topics = {t.thread_id for t in
                  (await tx.session.exec(active.where(GameTable.chat_id == old_id))).all()}
    for table in (await tx.session.exec(active.where(GameTable.chat_id == new_id))).all():
        if table.thread_id in old_topics:
            table.status, table.finished_at = ABORTED, utcnow()
            await tx.save_table(table)


async def _merge_ratings(tx: Tx, old_id: int, new_id: int) -> None:
    """Move the old chat's ratings; where a user has one in both, keep the more-played one."""
    session = tx.session
    kept = {(r.game, r.user_id): r for r in
            (await session.exec(select(Rating).where(Rating.chat_id == new_id))).all()}
    for rating in (await session.exec(select(Rating).where(Rating.chat_id == old_id))).all():
        twin = kept.get((rating.game, rating.user_id))
        if twin is not None and twin.matches >= rating.matches:
            await session.delete(rating)
            continue
        if twin is not None:
            await session.delete(twin)
            await session.flush()  # the unique (chat, game, user) key is free before the move
        rating.chat_id = new_id
    await session.flush()
