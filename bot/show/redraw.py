"""Tables drawn again later when their screens failed to go out for a passing reason.

A move is committed before its screens are sent; the messenger retries a 5xx, a network error
or a short flood wait a few times (bot/telegram/messenger.py ``with_retries``) and then gives
up. Without a later redraw the table would stay as it was before the move: the hand of the
player to move without his buttons, the last mover's buttons out of date ("use the newest
message", with no newer message), and nothing would draw it again until someone else acts.
``LaterRedraws`` draws such a table again from its stored state after ``delay`` seconds,
doubling the wait up to ``longest`` while it keeps failing; one redraw per table is pending at
a time, and a delivery of the table that succeeds resets the wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

#: The first wait before a table whose screens failed is drawn again, seconds.
FIRST_DELAY = 2.0
#: The longest wait between two redraws of a table that keeps failing, seconds.
LONGEST_DELAY = 60.0


class LaterRedraws:
    """Schedules ``redraw(table_id)`` after a failed delivery of that table's screens.

    Args:
        redraw: draws the table again from its stored state (takes the table's lock itself).
        delay: the first wait, seconds; each further failure in a row doubles it.
        longest: the cap of the wait, seconds.
    """

    def __init__(self, redraw: Callable[[int], Awaitable[None]], *, delay: float = FIRST_DELAY,
                 longest: float = LONGEST_DELAY) -> None:
        self.redraw = redraw
        self.delay = delay
        self.longest = longest
        self._failures: dict[int, int] = {}
        self._pending: dict[int, asyncio.Task[None]] = {}
        #: set by ``close``: the bot is stopping, its store and queue go; a screen that fails
        #: while the last messages go out is left to the next start's redraw
        self._closed = False

    def pending(self, table_id: int) -> bool:
        """Whether a redraw of the table is waiting."""
        return table_id in self._pending

    def failed(self, table_id: int) -> None:
        """A screen of the table failed to go out: draw the table again later (once); nothing
        once closed."""
        if self._closed:
            return
        failures = self._failures.get(table_id, 0) + 1
        self._failures[table_id] = failures
        if table_id in self._pending:
            return
        wait = min(self.delay * 2 ** (failures - 1), self.longest)
        log.info("table %s: screens not delivered; drawn again in %.1f s", table_id, wait)
        self._pending[table_id] = asyncio.ensure_future(self._later(table_id, wait))

    def delivered(self, table_id: int) -> None:
        """A screen of the table went out: the next failure waits ``delay`` again."""
        self._failures.pop(table_id, None)

    async def _later(self, table_id: int, wait: float) -> None:
        try:
            await asyncio.sleep(wait)
        finally:
            self._pending.pop(table_id, None)
        try:
            await self.redraw(table_id)
        except Exception:  # a failure of its own is tried again like the screens' one
            log.warning("table %s could not be drawn again", table_id, exc_info=True)
            self.failed(table_id)

    async def close(self) -> None:
        """Cancel the redraws still waiting and take no more (the next start redraws every
        running table)."""
        self._closed = True
        tasks = list(self._pending.values())
        self._pending.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
