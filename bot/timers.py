"""Timers on APScheduler (3.11, in-process ``AsyncIOScheduler``): turn clocks, bot moves, lobbies.

A job carries only ids and the table version it was set for (STYLE.md point 12); the service
checks the version when it fires, so a timer that fires after its move was made changes nothing.
Deadlines live in the database (``game_table.deadline``), and the service re-arms them at
start-up: a deadline that passed while the bot was down leaves the player half his time
(bot/autoplay.py ``_plan``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

from apscheduler.schedulers.asyncio import AsyncIOScheduler

log = logging.getLogger(__name__)

#: Seconds `Timers.close` waits for running jobs (a move takes well under that).
CLOSE_WAIT = 10.0

#: ``callback(table_id, version)`` for turn deadlines, half-time reminders and bot moves.
TableCallback = Callable[[int, int], Awaitable[None]]


def utcnow() -> datetime:
    """The current time, timezone-aware UTC (the bot's only clock; the engine has none)."""
    return datetime.now(UTC)


class Timers:
    """Named one-shot jobs per table: ``turn``, ``reminder``, ``bot`` and ``lobby``.

    Args:
        on_deadline: called when the player to move ran out of time.
        on_reminder: called at half time.
        on_bot_turn: called when a bot (or an automatic seat) should move.
        on_lobby_expired: called when an unstarted lobby times out.
    """

    def __init__(self, *, on_deadline: TableCallback, on_reminder: TableCallback,
                 on_bot_turn: TableCallback, on_lobby_expired: TableCallback) -> None:
        self._scheduler = AsyncIOScheduler(timezone=UTC)
        self._callbacks = {"turn": on_deadline, "reminder": on_reminder, "bot": on_bot_turn,
                           "lobby": on_lobby_expired}
        self._running: set[asyncio.Task[None]] = set()  # the jobs running now (see `close`)

    def start(self) -> None:
        """Start the scheduler (inside the running event loop)."""
        if not self._scheduler.running:
            self._scheduler.start()

    def shutdown(self) -> None:
        """Stop the scheduler; pending jobs are dropped (deadlines stay in the database).

        A job still running is cancelled: call `close` first to let it finish."""
        if self._scheduler.running:
            self._scheduler.shutdown(wait=False)

    async def close(self, wait: float = CLOSE_WAIT) -> None:
        """Stop firing jobs, wait up to ``wait`` seconds for the running ones (a bot's move in
        its transaction), then `shutdown`. APScheduler's own ``shutdown(wait=True)`` cancels
        running coroutine jobs instead (its asyncio executor cannot wait), hence this."""
        if self._scheduler.running:
            self._scheduler.pause()  # a running job may still arm its successor: it won't fire
            running = [task for task in self._running if not task.done()]
            if running:
                _, late = await asyncio.wait(running, timeout=wait)
                if late:
                    log.warning("closing with %d timer jobs still running", len(late))
        self.shutdown()

    def _add(self, kind: str, table_id: int, version: int, when: datetime) -> None:
        self._scheduler.add_job(
            self._run, "date", run_date=max(when, utcnow()), args=[kind, table_id, version],
            id=f"{kind}:{table_id}", replace_existing=True, misfire_grace_time=None,
            # A job may arm its own successor (a bot moving after a bot) while it still runs.
            max_instances=4,
        )

    async def _run(self, kind: str, table_id: int, version: int) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._running.add(task)
        try:
            await self._callbacks[kind](table_id, version)
        except Exception:
            log.exception("timer %s of table %s failed", kind, table_id)
        except asyncio.CancelledError:  # shut down mid-job: the database keeps the deadline
            log.warning("timer %s of table %s cancelled by the shutdown", kind, table_id)
        finally:
            if task is not None:
                self._running.discard(task)

    def arm_turn(self, table_id: int, version: int, deadline: datetime, seconds: float) -> None:
        """Run the deadline job at ``deadline`` and the reminder at half of ``seconds``."""
        self._add("turn", table_id, version, deadline)
        half = deadline - timedelta(seconds=seconds / 2)
        if half > utcnow():
            self._add("reminder", table_id, version, half)
        else:
            self.cancel(table_id, "reminder")

    def arm_bot(self, table_id: int, version: int, delay: float) -> None:
        """Let a bot move for the table after ``delay`` seconds (a human-feeling pause)."""
        self._add("bot", table_id, version, utcnow() + timedelta(seconds=delay))

    def arm_lobby(self, table_id: int, at: datetime) -> None:
        """Close the lobby at ``at`` unless it has started by then."""
        self._add("lobby", table_id, 0, at)

    def cancel(self, table_id: int, *kinds: str) -> None:
        """Drop the table's jobs of ``kinds`` (all kinds when none is named)."""
        for kind in kinds or tuple(self._callbacks):
            job = self._scheduler.get_job(f"{kind}:{table_id}")
            if job is not None:
                job.remove()

    def pending(self, table_id: int) -> list[str]:
        """The kinds of job the table has pending (for tests and diagnostics)."""
        return [k for k in self._callbacks if self._scheduler.get_job(f"{k}:{table_id}")]
