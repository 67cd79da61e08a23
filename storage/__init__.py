"""Persistence for kozyr: SQLModel tables, Alembic migrations, an async unit of work.

Knows tables and rows, not game rules: a match is stored as seed, options, first-deal deck,
its ordered action log and a JSON snapshot (docs/design.md "Storage").
"""

import logging

# Alembic logs one INFO line per built-in plugin when it is imported: seven lines of noise on
# every start (and before a start-up error's one line). Its migration lines stay.
logging.getLogger("alembic.runtime.plugins").setLevel(logging.WARNING)

from storage.db import Store, Tx, async_url  # noqa: E402
from storage.errors import Conflict, StartError, StorageError  # noqa: E402
from storage.models import (  # noqa: E402
    ActionLog,
    Chat,
    GameTable,
    MatchRecord,
    ScoreRow,
    Seat,
    User,
)
from storage.tx import ScoreRowTuple  # noqa: E402

__all__ = [
    "ActionLog",
    "Chat",
    "Conflict",
    "GameTable",
    "MatchRecord",
    "ScoreRow",
    "ScoreRowTuple",
    "Seat",
    "StartError",
    "StorageError",
    "Store",
    "Tx",
    "User",
    "async_url",
]
