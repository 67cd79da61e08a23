"""Persistence for kozyr: SQLModel tables, Alembic migrations, an async unit of work.

Knows tables and rows, not game rules: a match is stored as seed, options, first-deal deck,
its ordered action log and a JSON snapshot (DESIGN.md "Storage"). The contract is SPEC.md.
"""

from storage.db import Store, Tx, async_url
from storage.errors import Conflict, StorageError
from storage.models import (
    ActionLog,
    Chat,
    GameTable,
    MatchRecord,
    ScoreRow,
    Seat,
    User,
)
from storage.tx import ScoreRowTuple

__all__ = [
    "ActionLog",
    "Chat",
    "Conflict",
    "GameTable",
    "MatchRecord",
    "ScoreRow",
    "ScoreRowTuple",
    "Seat",
    "StorageError",
    "Store",
    "Tx",
    "User",
    "async_url",
]
