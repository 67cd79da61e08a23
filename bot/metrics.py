"""Prometheus metrics (prometheus-client, default registry), served at ``/metrics`` on
``METRICS_PORT`` (bot/web.py). The hooks in the hot path are one line each.

- ``kozyr_moves_total{game}``: moves stored (players' and bots'), counter;
- ``kozyr_press_to_edit_seconds``: from a player's press reaching the bot to each message that
  press changed being sent or edited (the outgoing queue's wait included), histogram;
- ``kozyr_outgoing_queue_depth``: outgoing calls queued or running, gauge;
- ``kozyr_telegram_429_total``: "Too Many Requests" answers received from Telegram, counter;
- ``kozyr_open_tables{game}``: tables in a lobby or playing, gauge (counted at each scrape).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any

from prometheus_client import Counter, Gauge, Histogram
from sqlalchemy import func
from sqlmodel import col, select

from storage import GameTable, Store
from storage.models import ACTIVE_STATUSES

MOVES = Counter("kozyr_moves_total", "Moves stored (players' and bot players')", ["game"])
PRESS_TO_EDIT = Histogram(
    "kozyr_press_to_edit_seconds",
    "From a press reaching the bot to each message it changed being sent or edited",
    buckets=(0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0))
QUEUE_DEPTH = Gauge("kozyr_outgoing_queue_depth", "Outgoing calls queued or running")
RETRY_AFTER = Counter("kozyr_telegram_429_total", "429 Too Many Requests received from Telegram")
OPEN_TABLES = Gauge("kozyr_open_tables", "Tables in a lobby or playing", ["game"])

#: When the press being handled reached the bot (monotonic s); set around its redraw only, so
#: the edits the redraw queues are timed from it (`pressed`).
PRESSED_AT: ContextVar[float | None] = ContextVar("kozyr_pressed_at", default=None)


@contextlib.contextmanager
def pressed(at: float) -> Iterator[None]:
    """Within the block, outgoing calls queued are timed from ``at`` (``time.monotonic()``)."""
    token = PRESSED_AT.set(at)
    try:
        yield
    finally:
        PRESSED_AT.reset(token)


def time_delivery(delivery: asyncio.Future[Any]) -> None:
    """Called by the outgoing queue for each call it queues: inside `pressed`, the call's
    completion is observed in ``kozyr_press_to_edit_seconds`` (failed calls are not)."""
    at = PRESSED_AT.get()
    if at is not None:
        delivery.add_done_callback(
            lambda f: None if f.cancelled() or f.exception() else
            PRESS_TO_EDIT.observe(time.monotonic() - at))


def watch_queue(depth: Callable[[], float]) -> None:
    """Report ``depth()`` (the outgoing queue's length) at each scrape."""
    QUEUE_DEPTH.set_function(depth)


async def count_open_tables(store: Store) -> None:
    """Set ``kozyr_open_tables`` from the database (called before each scrape)."""
    async with store.transaction() as tx:
        rows = (await tx.session.exec(
            select(col(GameTable.game), func.count())
            .where(col(GameTable.status).in_(ACTIVE_STATUSES))
            .group_by(col(GameTable.game)))).all()
    OPEN_TABLES.clear()
    for game, count in rows:
        OPEN_TABLES.labels(game=game).set(count)
