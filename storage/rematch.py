"""Rematch votes (migration 0008): who pressed "Rematch" under a finished match.

Usage, inside a unit of work::

    async with store.transaction() as tx:
        votes = RematchRepo(tx.session)
        await votes.add(table_id, user_id)
"""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from storage.errors import Conflict, StorageError, is_unique_violation
from storage.models import RematchVote

__all__ = ["RematchRepo"]


class RematchRepo:
    """Rematch votes on one transaction's session (``Tx.session``)."""

    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def voters(self, table_id: int) -> set[int]:
        """The user ids that asked for a rematch of the table (primary key range)."""
        stmt = select(RematchVote.user_id).where(col(RematchVote.table_id) == table_id)
        return set((await self._session.exec(stmt)).all())

    async def add(self, table_id: int, user_id: int) -> None:
        """Store the user's vote (in a SAVEPOINT).

        Raises:
            Conflict: he has voted already (a double press).
            StorageError: another integrity error (an unknown table or user).
        """
        try:
            async with self._session.begin_nested():
                self._session.add(RematchVote(table_id=table_id, user_id=user_id))
        except IntegrityError as exc:
            if is_unique_violation(exc):
                raise Conflict(f"rematch vote of {user_id} at {table_id} exists") from exc
            raise StorageError(f"cannot store the rematch vote at {table_id}") from exc

    async def remove(self, table_id: int, user_id: int) -> None:
        """Forget the user's vote, if any (a rematch that could not start: his press may
        start it later)."""
        vote = await self._session.get(RematchVote, (table_id, user_id))
        if vote is not None:
            await self._session.delete(vote)
            await self._session.flush()
