"""Queries of the records features (/stats, /top, /history), over the tables of migration 0002.

Usage, inside a unit of work::

    async with store.transaction() as tx:
        repo = RecordsRepo(tx.session)
        rows = await repo.top(chat_id, "deberts", limit=10)

Everything here is plain SQL over stored rows: results are written once when a match ends
(`add_result`), so no request ever replays a match. Each query is served by an index of
migration 0002 (named in its docstring).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import case, func
from sqlalchemy import select as sa_select
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from storage.errors import Conflict, StorageError, is_unique_violation
from storage.models import (
    OVER_STATUSES,
    WIN,
    GameTable,
    MatchRecord,
    MatchResult,
    Rating,
    Seat,
    SeatResult,
    User,
    utcnow,
)

__all__ = ["GameStats", "HistoryEntry", "RecordsRepo", "TopEntry"]


@dataclass(frozen=True)
class TopEntry:
    """One line of a leaderboard."""

    user_id: int
    name: str
    mu: float
    sigma: float
    matches: int
    wins: int


@dataclass(frozen=True)
class GameStats:
    """A player's record in one game: sums over his seat results, and his current streak.

    ``streak`` is the number of his newest results in a row with the outcome ``streak_outcome``
    ("win", "loss" or "draw").
    """

    game: str
    played: int
    won: int
    deals: int
    baits: int
    capots: int
    avg_points: float
    streak: int
    streak_outcome: str
    #: how many of the ``played`` matches counted for the ratings
    rated: int = 0


@dataclass(frozen=True)
class HistoryEntry:
    """An ended match of a chat: its table, players per seat (None: a bot), and its result
    (None for a match stopped before its end); ``levels``: each seat's bot level (None: a
    person), so a bot seat is named as at the table ("🤖 easy 2")."""

    table: GameTable
    names: tuple[str | None, ...]
    result: MatchResult | None
    levels: tuple[str | None, ...] = ()


class RecordsRepo:
    """Records queries on one transaction's session (``Tx.session``)."""

    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    # -- writing -------------------------------------------------------------------------------

    async def has_result(self, table_id: int) -> bool:
        """True when the table's match result is already written."""
        return await self._session.get(MatchResult, table_id) is not None

    async def add_result(self, result: MatchResult, seats: Sequence[SeatResult]) -> None:
        """Write a finished match and its seats, all or nothing (in a SAVEPOINT).

        Raises:
            Conflict: the table's result is already written.
            StorageError: another integrity error (e.g. a missing table or user).
        """
        try:
            async with self._session.begin_nested():
                self._session.add(result)
                await self._session.flush()
                self._session.add_all(seats)
        except IntegrityError as exc:
            if is_unique_violation(exc):
                raise Conflict(f"result of table {result.table_id} already exists") from exc
            raise StorageError(f"cannot write result of table {result.table_id}") from exc

    async def ratings(self, chat_id: int, game: str, user_ids: Sequence[int]) -> dict[int, Rating]:
        """The stored ratings of these users in this chat and game, by user id (unique key
        ``uq_rating_chat_id_game_user_id``)."""
        if not user_ids:
            return {}
        stmt = select(Rating).where(
            Rating.chat_id == chat_id, Rating.game == game, col(Rating.user_id).in_(user_ids)
        )
        return {r.user_id: r for r in (await self._session.exec(stmt)).all()}

    async def user_ratings(self, chat_id: int, user_id: int) -> dict[str, Rating]:
        """A user's ratings in a chat, by game."""
        stmt = select(Rating).where(Rating.chat_id == chat_id, Rating.user_id == user_id)
        return {r.game: r for r in (await self._session.exec(stmt)).all()}

    async def save_rating(self, rating: Rating) -> None:
        """Insert or update a rating row (its ``ordinal`` and ``updated_at`` are set here)."""
        rating.ordinal = rating.mu - 3 * rating.sigma
        rating.updated_at = utcnow()
        self._session.add(rating)
        await self._session.flush()

    # -- reading -------------------------------------------------------------------------------

    async def seat_results(self, table_id: int) -> list[SeatResult]:
        """The seat results of one match, by seat (``uq_seat_result_table_id_seat``)."""
        stmt = (
            select(SeatResult)
            .where(SeatResult.table_id == table_id)
            .order_by(col(SeatResult.seat))
        )
        return list((await self._session.exec(stmt)).all())

    async def top(self, chat_id: int, game: str, limit: int = 10) -> list[TopEntry]:
        """The chat's best players of ``game`` by ordinal (``ix_rating_chat_id_game_ordinal``)."""
        stmt = (
            select(Rating, User.name)
            .join(User, col(User.id) == col(Rating.user_id))
            .where(Rating.chat_id == chat_id, Rating.game == game)
            .order_by(col(Rating.ordinal).desc(), col(Rating.user_id))
            .limit(limit)
        )
        rows = (await self._session.exec(stmt)).all()
        return [TopEntry(r.user_id, name, r.mu, r.sigma, r.matches, r.wins) for r, name in rows]

    async def rated_games(self, chat_id: int) -> list[str]:
        """The games that have a leaderboard in the chat, alphabetically."""
        stmt = select(Rating.game).where(Rating.chat_id == chat_id).distinct()
        return sorted((await self._session.exec(stmt)).all())

    async def game_stats(self, user_id: int, chat_id: int | None = None) -> list[GameStats]:
        """A user's record per game, in one chat or (``chat_id`` None) in every chat.

        One aggregate query plus one streak query per game, all on
        ``ix_seat_result_user_id_game_chat_id``.
        """
        won = func.sum(case((col(SeatResult.outcome) == WIN, 1), else_=0))
        stmt = sa_select(
            col(SeatResult.game),
            func.count(),
            won,
            func.sum(SeatResult.deals),
            func.sum(SeatResult.baits),
            func.sum(SeatResult.capots),
            func.avg(SeatResult.points),
            func.sum(case((col(SeatResult.rated), 1), else_=0)),
        ).where(col(SeatResult.user_id) == user_id)
        if chat_id is not None:
            stmt = stmt.where(col(SeatResult.chat_id) == chat_id)
        stmt = stmt.group_by(col(SeatResult.game)).order_by(col(SeatResult.game))
        out = []
        conn = await self._session.connection()  # 8 columns: past sqlmodel's typed select
        for game, played, wins, deals, baits, capots, avg, rated in \
                (await conn.execute(stmt)).all():
            outcome, streak = await self.streak(user_id, game, chat_id)
            out.append(GameStats(game, int(played), int(wins or 0), int(deals or 0),
                                 int(baits or 0), int(capots or 0), float(avg or 0.0),
                                 streak, outcome, int(rated or 0)))
        return out

    async def streak(self, user_id: int, game: str, chat_id: int | None = None) -> tuple[str, int]:
        """The user's current streak in ``game``: (outcome of his newest result, how many of his
        newest results in a row have it); ("", 0) when he has none.

        Results are ordered by ``SeatResult.id``, which grows in the order matches ended.
        """
        mine = [SeatResult.user_id == user_id, SeatResult.game == game]
        if chat_id is not None:
            mine.append(SeatResult.chat_id == chat_id)
        newest = select(SeatResult.outcome).where(*mine).order_by(col(SeatResult.id).desc())
        last = (await self._session.exec(newest.limit(1))).first()
        if last is None:
            return "", 0
        cut = select(func.max(SeatResult.id)).where(*mine, SeatResult.outcome != last)
        count = select(func.count()).where(
            *mine, col(SeatResult.id) > func.coalesce(cut.scalar_subquery(), 0)
        )
        return last, int((await self._session.exec(count)).one())

    async def history(self, chat_id: int | None, limit: int = 10, *,
                      user_id: int | None = None) -> list[HistoryEntry]:
        """The newest ended matches (finished or stopped; not cancelled lobbies) of a chat, or
        (``chat_id`` None) of every chat; with ``user_id``, only those the user sat at.

        Three queries: the tables (``ix_game_table_chat_id_finished_at``), their seats' names,
        their results (primary keys).
        """
        played = select(MatchRecord.table_id).where(MatchRecord.table_id == GameTable.id)
        stmt = select(GameTable).where(
            col(GameTable.status).in_(OVER_STATUSES),
            col(GameTable.finished_at).is_not(None),
            played.exists(),
        )
        if chat_id is not None:
            stmt = stmt.where(GameTable.chat_id == chat_id)
        if user_id is not None:
            sat = select(Seat.table_id).where(Seat.table_id == GameTable.id,
                                              Seat.user_id == user_id)
            stmt = stmt.where(sat.exists())
        stmt = stmt.order_by(col(GameTable.finished_at).desc(),
                             col(GameTable.id).desc()).limit(limit)
        tables = list((await self._session.exec(stmt)).all())
        ids = [t.id for t in tables if t.id is not None]
        if not ids:
            return []
        seat_rows = (
            await self._session.exec(
                select(Seat.table_id, Seat.seat, User.name, Seat.bot_level)
                .join(User, col(User.id) == col(Seat.user_id), isouter=True)
                .where(col(Seat.table_id).in_(ids))
                .order_by(col(Seat.table_id), col(Seat.seat))
            )
        ).all()
        names: dict[int, list[str | None]] = {}
        levels: dict[int, list[str | None]] = {}
        for table_id, _, name, level in seat_rows:
            names.setdefault(table_id, []).append(name)
            levels.setdefault(table_id, []).append(level)
        results = {
            r.table_id: r
            for r in (
                await self._session.exec(
                    select(MatchResult).where(col(MatchResult.table_id).in_(ids))
                )
            ).all()
        }
        return [
            HistoryEntry(t, tuple(names.get(t.id, [])), results.get(t.id),
                         tuple(levels.get(t.id, [])))
            for t in tables
            if t.id is not None
        ]

    async def find_user_by_username(self, platform: str, username: str) -> User | None:
        """The user with this username on the platform (case-insensitive, ``@`` optional)."""
        wanted = username.lstrip("@").lower()
        if not wanted:
            return None
        stmt = select(User).where(
            User.platform == platform, func.lower(col(User.username)) == wanted
        )
        return (await self._session.exec(stmt.limit(1))).first()

    async def unrecorded_finished(self, limit: int = 100) -> list[GameTable]:
        """Finished tables whose result is not written yet (matches that ended before the
        records tables existed), in the order they ended."""
        has = select(MatchResult.table_id).where(MatchResult.table_id == GameTable.id)
        stmt = (
            select(GameTable)
            .where(GameTable.status == "finished", ~has.exists())
            .order_by(
                func.coalesce(col(GameTable.finished_at), col(GameTable.updated_at)),
                col(GameTable.id),
            )
            .limit(limit)
        )
        return list((await self._session.exec(stmt)).all())
