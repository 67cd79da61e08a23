"""The clock: when something happens at a table without a press, and the timers that fire it.

Decisions and timers together. After every change of a running table ``settle`` (inside the
change's transaction, so a move and the next deadline commit together) decides what comes
next and saves the table with it: a bot seat (or a human seat in automatic mode) gets a bot
move after a short pause; a human seat gets a turn clock when the table has one (a reminder
at half time); otherwise nothing. ``Clock.arm`` then sets the timers once the transaction
committed: a timer never fires for an uncommitted deadline.

Timers run on APScheduler (3.11, in-process ``AsyncIOScheduler``). A job carries only ids and
the table version it was set for; the use case checks the version when it fires, so a timer
that fires after its move was made changes nothing. Deadlines live in the database
(``game_table.deadline``) and are re-armed at start-up: a deadline that passed while the bot
was down leaves the player half his time.

What a missed deadline does (the bot moves for the player) is ``Play.on_deadline`` in
bot/tables/play.py; the timer lengths a lobby offers are ``TURN_TIMERS`` in bot/tables/lobby.py.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Literal

from apscheduler.schedulers.asyncio import AsyncIOScheduler

from bot.model import Screen, Target
from bot.show.display import Display
from bot.state.load import Loaded, load, takeback_request
from bot.tables.kit import Kit
from storage import Tx

log = logging.getLogger(__name__)

#: Seconds `Timers.close` waits for running jobs (a move takes well under that).
CLOSE_WAIT = 10.0

#: ``callback(table_id, version)`` for turn deadlines, half-time reminders and bot moves.
TableCallback = Callable[[int, int], Awaitable[None]]
#: The kinds of job a table may have.
KINDS = ("turn", "reminder", "bot", "lobby", "ping", "rematch")


def utcnow() -> datetime:
    """The current time, timezone-aware UTC (the bot's only clock; the engine has none)."""
    return datetime.now(UTC)


class Timers:
    """Named one-shot jobs per table: ``turn``, ``reminder``, ``bot``, ``lobby``, ``ping`` and
    ``rematch``.

    ``connect`` names the callbacks: ``on_deadline`` (the player to move ran out of time),
    ``on_reminder`` (half time), ``on_bot_turn`` (a bot or an automatic seat should move),
    ``on_lobby_expired`` (an unstarted lobby times out), ``on_ping`` (a human's turn has
    waited: the "your move" ping, bot/tables/ping.py), ``on_rematch_expired`` (a finished
    match's Rematch offer expires: its button goes, bot/tables/rematch.py).
    """

    def __init__(self) -> None:
        self._scheduler = AsyncIOScheduler(timezone=UTC)
        self._callbacks: dict[str, TableCallback] = {}
        self._running: set[asyncio.Task[None]] = set()  # the jobs running now (see `close`)

    def connect(self, *, on_deadline: TableCallback, on_reminder: TableCallback,
                on_bot_turn: TableCallback, on_lobby_expired: TableCallback,
                on_ping: TableCallback | None = None,
                on_rematch_expired: TableCallback | None = None) -> None:
        """Name what each kind of job runs (the service wires its use cases here)."""
        self._callbacks = {"turn": on_deadline, "reminder": on_reminder, "bot": on_bot_turn,
                           "lobby": on_lobby_expired}
        if on_ping is not None:
            self._callbacks["ping"] = on_ping
        if on_rematch_expired is not None:
            self._callbacks["rematch"] = on_rematch_expired

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

    def arm_rematch(self, table_id: int, at: datetime) -> None:
        """Take the Rematch button of the finished table away at ``at`` (its offer expires)."""
        self._add("rematch", table_id, 0, at)

    def arm_ping(self, table_id: int, version: int, delay: float) -> None:
        """Ping the human to move after ``delay`` seconds, if the table is still at
        ``version`` then."""
        self._add("ping", table_id, version, utcnow() + timedelta(seconds=delay))

    def cancel(self, table_id: int, *kinds: str) -> None:
        """Drop the table's jobs of ``kinds`` (all kinds when none is named)."""
        for kind in kinds or KINDS:
            job = self._scheduler.get_job(f"{kind}:{table_id}")
            if job is not None:
                job.remove()

    def pending(self, table_id: int) -> list[str]:
        """The kinds of job the table has pending (for tests and diagnostics)."""
        return [k for k in KINDS if self._scheduler.get_job(f"{k}:{table_id}")]


@dataclass(frozen=True)
class Plan:
    """What comes next at a table after a change: ``kind`` ``"bot"`` (a bot or automatic seat
    moves next), ``"turn"`` (a human's clock runs until ``deadline``, ``seconds`` per move) or
    ``""`` (nothing to arm), for the table at ``version``; ``ping``: a human is to move (with
    a clock or without), so the "your move" ping is armed."""

    table_id: int
    version: int
    kind: Literal["bot", "turn", ""]
    deadline: datetime | None = None
    seconds: int = 0
    ping: bool = False


async def settle(tx: Tx, loaded: Loaded, *, keep_deadline: bool,
                 only_if_moved: bool = False) -> Plan:
    """The one plan of a change, made last: decide what happens next at the loaded table
    (with its final version, match and seats), set ``table.deadline`` for it and save the
    table row in ``tx``, so that a change and its next deadline commit together (a crash
    between the two would otherwise re-arm the previous player's deadline for him at
    start-up). The use case hands the plan on, after the commit, to the redraw and to
    ``Clock.arm``.

    ``keep_deadline``: a stored deadline stays (a restart, a seat handed back), but never
    leaves less than half the time per move. ``only_if_moved``: save the row only when its
    deadline moved (a re-arm that changed nothing else keeps the row, ``updated_at`` too).
    """
    table, match, seats = loaded.table, loaded.match, loaded.seats
    assert table.id is not None
    before = table.deadline
    seconds = int(table.options.get("turn_timer", 0) or 0)
    kind: Literal["bot", "turn", ""] = ""
    ping = False
    if table.status == "playing" and match is not None:
        row = next((s for s in seats if s.seat == match.to_move), None) \
            if match.to_move is not None else None
        if row is not None and (row.user_id is None or row.bot_level is not None):
            # a bot waits while a takeback is asked (bots accept it: their move would go)
            kind = "" if takeback_request(table) else "bot"
        elif row is not None and seconds > 0 and not table.paused:
            kind = "turn"
        ping = row is not None and kind != "bot" and not table.paused
    if kind != "turn":
        table.deadline = None
    elif keep_deadline and table.deadline is not None:
        table.deadline = max(table.deadline, utcnow() + timedelta(seconds=seconds / 2))
    else:
        table.deadline = utcnow() + timedelta(seconds=seconds)
    if not only_if_moved or table.deadline != before:
        await tx.save_table(table)
    return Plan(table.id, table.version, kind, table.deadline, seconds, ping)


class Clock:
    """The tables' timers and the decisions that set them.

    Args:
        kit: the service's shared parts.
        display: the screens (the reminder redraws the table with its clock).
        bot_delay: seconds a bot player waits before its move (a human-feeling pause).
        lobby_timeout: seconds after which an unstarted lobby closes.
        ping_after: seconds a human's turn waits before his "your move" ping (0: never).
    """

    def __init__(self, kit: Kit, display: Display, *, bot_delay: float = 1.5,
                 lobby_timeout: float = 900.0, ping_after: float = 20.0) -> None:
        self.kit = kit
        self.display = display
        self.timers = Timers()
        self.bot_delay = bot_delay
        self.lobby_timeout = lobby_timeout
        self.ping_after = ping_after

    def arm(self, plan: Plan) -> None:
        """Set the timers for ``plan`` (after its transaction committed)."""
        table_id = plan.table_id
        if plan.kind == "bot":
            self.timers.cancel(table_id, "turn", "reminder")
            self.timers.arm_bot(table_id, plan.version, self.bot_delay)
        elif plan.kind == "turn":
            assert plan.deadline is not None
            self.timers.cancel(table_id, "bot")
            self.timers.arm_turn(table_id, plan.version, plan.deadline, plan.seconds)
        else:
            self.timers.cancel(table_id, "turn", "reminder", "bot")
        # with a clock, the ping comes only before the half-time reminder (a private message
        # that notifies too) and while the player still has time to move
        if plan.ping and self.ping_after > 0 and (
                plan.deadline is None
                or (self.ping_after < plan.seconds / 2
                    and plan.deadline - utcnow() > timedelta(seconds=self.ping_after))):
            self.timers.arm_ping(table_id, plan.version, self.ping_after)
        else:
            self.timers.cancel(table_id, "ping")

    def arm_lobby(self, table_id: int, created_at: datetime) -> None:
        """Close the lobby ``lobby_timeout`` seconds after ``created_at``."""
        self.timers.arm_lobby(table_id, created_at + timedelta(seconds=self.lobby_timeout))

    async def schedule(self, table_id: int, *, keep_deadline: bool = False) -> None:
        """Plan and arm ``table_id`` as stored (after a start or a stop, and at start-up; a
        move plans inside its own transaction instead). The lobby's clock goes."""
        self.timers.cancel(table_id, "lobby")
        async with self.kit.store.transaction() as tx:
            loaded = await load(tx, table_id, lock=True)
            if loaded is None:
                return
            next_ = await settle(tx, loaded, keep_deadline=keep_deadline, only_if_moved=True)
        self.arm(next_)

    async def on_reminder(self, table_id: int, version: int) -> None:
        """Timer callback at half time: a private reminder, and the clock on the table."""
        async with self.kit.locks(table_id):
            async with self.kit.store.transaction() as tx:
                loaded = await load(tx, table_id)
            if loaded is None or loaded.match is None or loaded.table.version != version \
                    or loaded.table.status != "playing" or loaded.table.deadline is None:
                return
            row = loaded.row(loaded.match.to_move)
            user = loaded.user(row) if row is not None else None
            if user is None:
                return
            left = max(0, int((loaded.table.deadline - utcnow()).total_seconds()))
            tr = self.kit.tr(loaded.chat.lang)
            try:
                await self.kit.messenger.send(Target(user.ext_id, private=True), Screen(
                    tr("notice.reminder", seconds=left, chat=loaded.chat.title)))
            except Exception:
                log.info("reminder to %s not delivered", user.ext_id, exc_info=True)
            await self.display.show(loaded, new_events=[])
