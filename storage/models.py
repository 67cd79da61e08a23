"""SQLModel tables of kozyr (docs/design.md "Tables").

All datetimes are timezone-aware UTC (`UTCDateTime` stores UTC and always returns aware values,
also on SQLite, which has no time zone support). Constraint and index names follow
`NAMING_CONVENTION` so that migrations can refer to them by name on every backend.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Column, DateTime, Index, UniqueConstraint, text
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel, col

__all__ = [
    "NAMING_CONVENTION",
    "ActionLog",
    "Chat",
    "GameTable",
    "MatchRecord",
    "MatchResult",
    "Rating",
    "RematchVote",
    "ScoreRow",
    "Seat",
    "SeatResult",
    "UTCDateTime",
    "User",
    "metadata",
    "utcnow",
]

NAMING_CONVENTION: dict[str, str] = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# Must be set before the table classes below are defined: names are resolved when a constraint
# is attached to its table. Only storage defines tables on SQLModel's default metadata.
metadata = SQLModel.metadata
metadata.naming_convention = NAMING_CONVENTION

# Table status values (GameTable.status).
LOBBY = "lobby"
PLAYING = "playing"
FINISHED = "finished"
ABORTED = "aborted"
ACTIVE_STATUSES = (LOBBY, PLAYING)
#: SQL condition of an active table (the partial unique indexes of GameTable, migration 0004).
ACTIVE_WHERE = "status IN ('lobby', 'playing')"
OVER_STATUSES = (FINISHED, ABORTED)


def utcnow() -> datetime:
    """Return the current time as a timezone-aware UTC datetime."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A DateTime column that stores UTC and returns timezone-aware UTC datetimes.

    Naive values given to it are taken as UTC. On PostgreSQL the column is ``timestamptz``.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Convert to UTC before storing (SQLite would silently drop the offset)."""
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Attach UTC to what SQLite returns naive; normalise aware values to UTC."""
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class User(SQLModel, table=True):
    """A player on one platform ("tg" or "dc"); unique per (platform, ext_id)."""

    __tablename__ = "user"
    __table_args__ = (UniqueConstraint("platform", "ext_id"),)

    id: int | None = Field(default=None, primary_key=True)
    platform: str
    ext_id: str
    name: str
    username: str | None = None
    lang: str | None = None
    can_dm: bool = False
    #: Drastic calls (kapo, contra, a surrender...) ask for a second tap (``/confirm on|off``).
    confirm: bool = True
    #: Whether a "your move" ping (a new private message) reaches him when his turn waits
    #: (``/notify on|off``, migration 0008).
    notify: bool = True
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Chat(SQLModel, table=True):
    """A group chat / guild channel on one platform; unique per (platform, ext_id)."""

    __tablename__ = "chat"
    __table_args__ = (UniqueConstraint("platform", "ext_id"),)

    id: int | None = Field(default=None, primary_key=True)
    platform: str
    ext_id: str
    title: str
    lang: str | None = None
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class GameTable(SQLModel, table=True):
    """One game table in a chat: lobby -> playing -> finished | aborted.

    ``version`` is the state version the bot puts into callback data; the storage layer never
    changes it on its own. ``finished_at`` is set by `Tx.save_table` when the status becomes
    "finished" or "aborted" (unless already set).
    """

    __tablename__ = "game_table"
    __table_args__ = (
        Index(None, "chat_id", "status"),
        # One active table per place (migration 0004): two partial unique indexes, because a
        # NULL thread_id never equals another NULL in a unique index; the chat without topics
        # is one place, each topic another.
        Index(
            "uq_game_table_active_chat",
            "chat_id",
            unique=True,
            sqlite_where=text(f"{ACTIVE_WHERE} AND thread_id IS NULL"),
            postgresql_where=text(f"{ACTIVE_WHERE} AND thread_id IS NULL"),
        ),
        Index(
            "uq_game_table_active_thread",
            "chat_id",
            "thread_id",
            unique=True,
            sqlite_where=text(f"{ACTIVE_WHERE} AND thread_id IS NOT NULL"),
            postgresql_where=text(f"{ACTIVE_WHERE} AND thread_id IS NOT NULL"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    chat_id: int = Field(foreign_key="chat.id")
    thread_id: str | None = None
    game: str
    status: str = LOBBY
    creator_id: int = Field(foreign_key="user.id")
    options: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    version: int = 0
    message_id: str | None = None
    lang: str | None = None
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    finished_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    winner_side: int | None = None
    result_line: str | None = None
    #: When the player to move times out (None: no clock running); re-armed at start-up.
    deadline: datetime | None = Field(default=None, sa_type=UTCDateTime)
    #: Clocks stopped by /pause.
    paused: bool = False


class Seat(SQLModel, table=True):
    """A seat at a table: a user, or a bot player when ``user_id`` is None."""

    __tablename__ = "seat"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="game_table.id")
    seat: int
    user_id: int | None = Field(default=None, foreign_key="user.id")
    bot_level: str | None = None
    hand_message_id: str | None = None
    hand_chat_id: str | None = None
    #: Consecutive time-outs of the human in this seat (3 make the seat automatic).
    timeouts: int = 0
    #: The "your move" ping sent to this seat's human and not deleted yet (migration 0008).
    ping_message_id: str | None = None
    #: The human left the match with /leave (sticky: a rated match is then his loss).
    left_match: bool = False


class MatchRecord(SQLModel, table=True):
    """How to rebuild a match: seed, options, first-deal deck, plus a JSON snapshot.

    ``snapshot`` is ``Match.to_json()`` after ``snapshot_seq`` actions of the action log, without
    its events (``"events": []``); ``deal_events`` are the current deal's events up to action
    ``deal_seq`` (from its ``deal`` event on), and the actions after ``deal_seq`` hold the rest
    of them (``ActionLog.events``; storage/snapshot.py, migration 0009). ``seed`` is a signed
    64-bit integer.
    """

    __tablename__ = "match_record"

    table_id: int = Field(primary_key=True, foreign_key="game_table.id")
    seed: int = Field(sa_type=BigInteger)
    players: int
    options: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    deck: list[str] | None = Field(
        default=None, sa_column=Column("deck", JSON(none_as_null=True), nullable=True)
    )
    snapshot: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    snapshot_seq: int = 0
    deal_events: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON)
    deal_seq: int = 0


class ActionLog(SQLModel, table=True):
    """One applied action; (table_id, seq) is unique, so a double press applies once."""

    __tablename__ = "action_log"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="game_table.id")
    seq: int
    seat: int
    code: str
    #: The move was made by the bot: a bot seat or an automatic seat (migration 0008; a match
    #: is rated only when few moves of a human seat were the bot's). A move made when a human's
    #: clock ran out is his own (False): his time-outs cannot unrate a match he would lose.
    by_bot: bool = False
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    #: The events the action caused (``Event.to_dict`` form; migration 0009): the current
    #: deal's events after ``MatchRecord.deal_seq`` are read from here. None for actions logged
    #: before 0009 or without them (``Tx.append_action``).
    events: list[dict[str, Any]] | None = Field(
        default=None, sa_column=Column("events", JSON(none_as_null=True), nullable=True))


class ScoreRow(SQLModel, table=True):
    """The score of one side for one deal; unique per (table_id, deal, side)."""

    __tablename__ = "score_row"
    __table_args__ = (UniqueConstraint("table_id", "deal", "side"),)

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="game_table.id")
    deal: int
    side: int
    cell: str
    points: float
    total: float
    note: str = ""


# -- records (migration 0003): results written once when a match ends, ratings kept current ----

# /history reads a chat's newest ended tables: (chat_id, finished_at) keeps that an index scan.
Index("ix_game_table_chat_id_finished_at", col(GameTable.chat_id), col(GameTable.finished_at))

# SeatResult.outcome values.
WIN = "win"
LOSS = "loss"
DRAW = "draw"


class MatchResult(SQLModel, table=True):
    """A finished match as /history and /stats see it, written once when it ends.

    ``sides`` holds the seats of each side (``[[0, 2], [1, 3]]``), ``totals`` each side's final
    figure as the result gives it (the sheet result's ``score``: Deberts writes 501 : 500 when
    both sides are over, DB-SHEET-5; a stopped match: the totals); ``deals`` counts the deals
    that got a sheet row.
    """

    __tablename__ = "match_result"
    __table_args__ = (Index(None, "chat_id", "game", "finished_at"),)

    table_id: int = Field(primary_key=True, foreign_key="game_table.id")
    chat_id: int = Field(foreign_key="chat.id")
    game: str
    players: int
    deals: int
    winner_side: int | None = None
    sides: list[list[int]] = Field(default_factory=list, sa_type=JSON)
    totals: list[float] = Field(default_factory=list, sa_type=JSON)
    #: Whether the match counted for the ratings (bot/records/fair.py; migration 0008).
    rated: bool = True
    finished_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class SeatResult(SQLModel, table=True):
    """One seat of a finished match: outcome, place, the side's points, baits and capots, and
    the seat's rating before and after the match (None for a bot seat).

    ``id`` grows in the order results are written, i.e. the order matches ended: the current
    streak is counted on it.
    """

    __tablename__ = "seat_result"
    __table_args__ = (
        UniqueConstraint("table_id", "seat"),
        Index(None, "user_id", "game", "chat_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="game_table.id")
    chat_id: int = Field(foreign_key="chat.id")
    game: str
    seat: int
    side: int
    user_id: int | None = Field(default=None, foreign_key="user.id")
    bot_level: str | None = None
    outcome: str  # WIN | LOSS | DRAW
    place: int  # 1 = best; tied sides share a place
    points: float  # the side's final total
    deals: int
    baits: int = 0
    capots: int = 0
    rating_before: float | None = None
    rating_after: float | None = None
    #: Whether this seat's result changed its player's rating (migration 0008).
    rated: bool = True
    finished_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Rating(SQLModel, table=True):
    """A user's skill in one game in one chat (OpenSkill ``mu``/``sigma``), kept current.

    ``ordinal`` is ``mu - 3 * sigma`` (the leaderboard's sort key), stored so that /top is one
    index range scan.
    """

    __tablename__ = "rating"
    __table_args__ = (
        UniqueConstraint("chat_id", "game", "user_id"),
        Index(None, "chat_id", "game", "ordinal"),
    )

    id: int | None = Field(default=None, primary_key=True)
    chat_id: int = Field(foreign_key="chat.id")
    game: str
    user_id: int = Field(foreign_key="user.id")
    mu: float
    sigma: float
    ordinal: float
    matches: int = 0
    wins: int = 0
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


# -- rematch (migration 0008) -------------------------------------------------------------------


class RematchVote(SQLModel, table=True):
    """A player of a finished match who pressed "Rematch" under its result: one row per
    (table, user), so a second press adds nothing; the rematch starts when every human of
    the match has one."""

    __tablename__ = "rematch_vote"

    table_id: int = Field(primary_key=True, foreign_key="game_table.id")
    user_id: int = Field(primary_key=True, foreign_key="user.id")
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
