"""Turn clocks and bot players: who moves when nobody presses a button (issues "timers", "bots").

After every change of a table the service calls ``schedule``: a bot seat (or a human seat in
automatic mode) gets a bot move after a short pause; a human seat gets a clock when the table
has one. A time-out makes the bot move for the absent player; three in a row make the seat
automatic until its owner presses "I'm back". Jobs carry (table id, version) only.
"""

from __future__ import annotations

import asyncio
import logging
import random
from datetime import timedelta
from typing import Any

import engine
import engine.ai
from bot import metrics
from bot.chatmove import is_suspended, unsuspend
from bot.lobby import LobbyMixin, guarded
from bot.model import Person, Place, Screen, Target
from bot.records import records_of  # records: results and ratings at a match's end
from bot.timers import Timers, utcnow
from storage import Conflict, GameTable, Seat, Tx

log = logging.getLogger(__name__)

#: Level of the bot that moves for an absent human.
STAND_IN_LEVEL = "normal"
#: Consecutive time-outs after which a seat stays automatic until "I'm back".
MAX_TIMEOUTS = 3


class AutoplayMixin(LobbyMixin):
    """Clocks, bot moves, /leave, "I'm back", /pause, /resume; relies on ``TableService``."""

    timers: Timers
    bot_delay: float
    lobby_timeout: float

    # ---- moves made by the bot -------------------------------------------------------------

    async def commit_move(self, tx: Tx, table: GameTable, match: engine.Match, seat: int,
                          code: str) -> list[dict[str, Any]]:
        """Apply ``code`` for ``seat`` and store it (action log, snapshot, sheet rows, version).

        Raises:
            engine.IllegalAction: the engine refuses the code (nothing is stored).
            Conflict: the action's sequence number is taken (a concurrent move won).
        """
        assert table.id is not None
        record = await tx.get_match(table.id)
        assert record is not None
        events = match.apply(seat, code)
        metrics.MOVES.labels(game=table.game).inc()
        seq = record.snapshot_seq + 1
        await tx.append_action(table.id, seq, seat, code)
        await tx.save_snapshot(table.id, match.to_json(), seq)
        await self.display.record_scores(tx, table.id, match)
        table.version += 1
        if match.is_over:
            self.display.finish(table, match)
            await records_of(self).on_match_finished(tx, table, match)  # records (bot/records.py)
        # The next player's deadline commits with the move: a crash between the two would
        # otherwise re-arm the previous player's deadline for him at start-up.
        await self._plan(tx, table, match, keep_deadline=False)
        await tx.save_table(table)
        return [e.to_dict() for e in events]

    async def _bot_move(self, table_id: int, version: int, *, timed_out: bool) -> None:
        """The bot moves for the seat to move, if the table is still at ``version``.

        Call under the table's lock. The bot thinks outside any transaction (on SQLite every
        transaction holds the database's write lock) and in a worker thread, so a strong bot's
        second of thought never stalls the other tables; the move is then stored in a second
        transaction that checks the table is still where the bot saw it.
        """
        notice: tuple[str, dict[str, Any]] | None = None
        async with self.store.transaction() as tx:
            seen = await self._bot_seat(tx, table_id, version, timed_out=timed_out)
        if seen is None:
            return
        match, seat_no, level, rng = seen
        player = engine.ai.get_player(level, match.game_id)
        code = await asyncio.to_thread(player.choose, match, seat_no, rng)
        async with self.store.transaction() as tx:
            table = await tx.get_table(table_id, lock=True)
            if table is None or table.status != "playing" or table.version != version \
                    or (timed_out and table.paused):
                return
            record = await tx.get_match(table_id)
            assert record is not None
            match = engine.get_game(table.game).from_json(record.snapshot)
            row = next((s for s in await tx.seats(table_id) if s.seat == seat_no), None)
            if row is None or not _bot_may_move(row, timed_out):
                return
            try:
                events = await self.commit_move(tx, table, match, seat_no, code)
            except (engine.IllegalAction, Conflict):
                log.warning("table %s: the bot's move %r was refused", table_id, code,
                            exc_info=True)
                return
            if timed_out:
                row.timeouts += 1
                if row.timeouts >= MAX_TIMEOUTS:
                    row.bot_level = STAND_IN_LEVEL
                await tx.save_seat(row)
                if row.bot_level is not None:
                    # the seat may move again (it won the trick): the bot, not a clock, moves it
                    await self._plan(tx, table, match, keep_deadline=True)
                    await tx.save_table(table)
                user = await tx.get_user(row.user_id) if row.user_id else None
                key = "notice.timed_out_auto" if row.bot_level else "notice.timed_out"
                notice = (key, {"name": user.name if user else "?"})
            chat = await tx.get_chat(table.chat_id)
            assert chat is not None
            group = Target(chat.ext_id, table.thread_id)
            tr = self.tr(chat.lang)
        if notice is not None:  # queued before the move's messages, not waited for (the lock)
            self.display.post(group, Screen(tr(notice[0], **notice[1])))
        await self.follow_up(table_id, events)

    async def _bot_seat(self, tx: Tx, table_id: int, version: int, *, timed_out: bool
                        ) -> tuple[engine.Match, int, str, random.Random] | None:
        """What the bot needs to move at ``table_id`` (the match, the seat to move, its level
        and its seeded RNG), or None when no bot should move there now."""
        table = await tx.get_table(table_id)
        if table is None or table.status != "playing" or table.version != version:
            return None
        if (timed_out and table.paused) or is_suspended(table):
            return None
        record = await tx.get_match(table_id)
        assert record is not None
        match = engine.get_game(table.game).from_json(record.snapshot)
        seat_no = match.to_move
        if seat_no is None:
            return None
        row = next((s for s in await tx.seats(table_id) if s.seat == seat_no), None)
        if row is None or not _bot_may_move(row, timed_out):
            return None
        rng = random.Random(f"{record.seed}:{record.snapshot_seq}:{seat_no}")
        return match, seat_no, row.bot_level or STAND_IN_LEVEL, rng

    async def on_bot_turn(self, table_id: int, version: int) -> None:
        """Timer callback: a bot seat (or an automatic seat) moves."""
        async with self._locks(table_id):
            await self._bot_move(table_id, version, timed_out=False)

    async def on_deadline(self, table_id: int, version: int) -> None:
        """Timer callback: the player to move ran out of time; the bot moves for him."""
        async with self._locks(table_id):
            await self._bot_move(table_id, version, timed_out=True)

    async def on_reminder(self, table_id: int, version: int) -> None:
        """Timer callback at half time: a private reminder, and the clock on the table."""
        async with self._locks(table_id):
            async with self.store.transaction() as tx:
                table = await tx.get_table(table_id)
                if table is None or table.version != version or table.status != "playing" \
                        or table.deadline is None:
                    return
                record = await tx.get_match(table_id)
                assert record is not None
                match = engine.get_game(table.game).from_json(record.snapshot)
                seats = {s.seat: s for s in await tx.seats(table_id)}
                row = seats.get(match.to_move) if match.to_move is not None else None
                user = await tx.get_user(row.user_id) if row and row.user_id else None
                chat = await tx.get_chat(table.chat_id)
                deadline = table.deadline
            if user is None or chat is None:
                return
            left = max(0, int((deadline - utcnow()).total_seconds()))
            tr = self.tr(chat.lang)
            try:
                await self.messenger.send(Target(user.ext_id, private=True), Screen(
                    tr("notice.reminder", seconds=left, chat=chat.title)))
            except Exception:
                log.info("reminder to %s not delivered", user.ext_id, exc_info=True)
            await self.display.refresh(table_id, new_events=[])

    # ---- scheduling ----------------------------------------------------------------------------

    async def after_change(self, table_id: int) -> None:
        """After a start, a cancel or a stop: the lobby clock goes; arm (or cancel) the turn
        clocks and bot moves."""
        self.timers.cancel(table_id, "lobby")
        await self.schedule(table_id)

    async def follow_up(self, table_id: int, events: list[dict[str, Any]] | None = None) -> None:
        """After a committed change of a running table: redraw it, then arm what comes next.

        A redraw that fails is logged and the timers are armed all the same: a table whose
        messages lag is redrawn by the next change, a table without a timer is stuck.
        """
        await guarded(self.display.refresh(table_id, new_events=events or []),
                      "table %s not redrawn", table_id)
        await self.schedule(table_id, keep_deadline=True)

    async def _plan(self, tx: Tx, table: GameTable, match: engine.Match | None, *,
                    keep_deadline: bool) -> str:
        """Decide what happens next at ``table`` and set ``table.deadline`` for it (the caller
        saves the row in its own transaction, so a move and its next deadline commit together).

        Returns ``"bot"`` (a bot or automatic seat moves next), ``"turn"`` (a human's clock
        runs until ``table.deadline``) or ``""`` (nothing to arm). ``keep_deadline``: a stored
        deadline stays (after a restart), but never leaves less than half the time per move.
        """
        assert table.id is not None
        if table.status != "playing" or match is None:
            table.deadline = None
            return ""
        seats = {s.seat: s for s in await tx.seats(table.id)}
        row = seats.get(match.to_move) if match.to_move is not None else None
        seconds = int(table.options.get("turn_timer", 0) or 0)
        if row is not None and (row.user_id is None or row.bot_level is not None):
            table.deadline = None
            return "bot"
        if row is None or seconds <= 0 or table.paused:
            table.deadline = None
            return ""
        if keep_deadline and table.deadline is not None:
            table.deadline = max(table.deadline, utcnow() + timedelta(seconds=seconds / 2))
        else:
            table.deadline = utcnow() + timedelta(seconds=seconds)
        return "turn"

    async def schedule(self, table_id: int, *, keep_deadline: bool = False) -> None:
        """Arm what must happen next at ``table_id``: a bot move, a clock, or nothing.

        ``keep_deadline``: re-arm a stored deadline (a move stored it, or a start-up) instead
        of a new one.
        """
        async with self.store.transaction() as tx:
            table = await tx.get_table(table_id, lock=True)
            if table is None or table.id is None:
                return
            match = None
            if table.status == "playing":
                record = await tx.get_match(table_id)
                assert record is not None
                match = engine.get_game(table.game).from_json(record.snapshot)
            before = table.deadline
            kind = await self._plan(tx, table, match, keep_deadline=keep_deadline)
            if table.deadline != before:
                await tx.save_table(table)
            version, deadline = table.version, table.deadline
            seconds = int(table.options.get("turn_timer", 0) or 0)
        # armed once the deadline is stored: a timer never fires for an uncommitted one
        if kind == "bot":
            self.timers.cancel(table_id, "turn", "reminder")
            self.timers.arm_bot(table_id, version, self.bot_delay)
        elif kind == "turn":
            assert deadline is not None
            self.timers.cancel(table_id, "bot")
            self.timers.arm_turn(table_id, version, deadline, seconds)
        else:
            self.timers.cancel(table_id, "turn", "reminder", "bot")

    @staticmethod
    async def _match_of(tx: Tx, table: GameTable) -> engine.Match:
        """The stored match of ``table``."""
        assert table.id is not None
        record = await tx.get_match(table.id)
        assert record is not None
        return engine.get_game(table.game).from_json(record.snapshot)

    async def rearm_all(self) -> None:
        """At start-up: every stored deadline, bot turn and lobby expiry armed again."""
        async with self.store.transaction() as tx:
            tables = await tx.unfinished_tables()
        for table in tables:
            if table.id is None:
                continue
            if table.status == "lobby":
                closes = table.created_at + timedelta(seconds=self.lobby_timeout)
                self.timers.arm_lobby(table.id, closes)
                if not table.message_id and closes > utcnow():
                    # stored, then the bot stopped before posting it: invisible, it would
                    # block /new in its chat until it expires
                    async with self._locks(table.id):
                        await guarded(self.post_lobby(table.id),
                                      "lobby %s not posted at start-up", table.id)
            else:
                async with self._locks(table.id):  # one table that fails stops no other
                    await guarded(self.schedule(table.id, keep_deadline=True),
                                  "table %s not re-armed at start-up", table.id)

    # ---- seats handed to the bot and taken back --------------------------------------------

    async def _set_auto(self, table_id: int, person: Person, auto: bool) -> str:
        """Hand the person's seat to the bot (``auto``) or take it back. Returns a notice key."""
        async with self.store.transaction() as tx:
            table = await tx.get_table(table_id, lock=True)
            if table is None or table.status != "playing":
                return "notice.table_over"
            user = await tx.find_user(self.messenger.platform, person.ext_id)
            row: Seat | None = None
            if user is not None:
                row = next((s for s in await tx.seats(table_id) if s.user_id == user.id), None)
            if row is None:
                return "notice.not_seated"
            if not auto and row.bot_level is None:
                # "I'm back" is offered only to an automatic seat: a forged or repeated press
                # changes nothing (no version bump that would make every button stale)
                return "notice.bad_data"
            row.bot_level = STAND_IN_LEVEL if auto else None
            row.timeouts = 0
            await tx.save_seat(row)
            table.version += 1  # buttons drawn before the change are stale now
            await tx.save_table(table)
        return "notice.left_match" if auto else "notice.back"

    async def back(self, table_id: int, person: Person) -> str:
        """"I'm back": the owner takes his seat back from the bot. Returns the answer."""
        async with self._locks(table_id):
            key = await self._set_auto(table_id, person, auto=False)
            if key == "notice.back":
                await self.follow_up(table_id)
        return (await self.table_translator(table_id))(key)

    async def leave_match(self, place: Place, person: Person) -> None:
        """``/leave`` during a match: the bot plays the seat (the pair stays whole)."""
        table_id = await self._active_table_id(place)
        if table_id is None:
            await self.messenger.send(Target(place.chat_ext_id, place.thread_id),
                                      Screen(self.tr(None)("notice.no_table")))
            return
        async with self._locks(table_id):
            key = await self._set_auto(table_id, person, auto=True)
            if key == "notice.left_match":
                await self.follow_up(table_id)
        await self.messenger.send(Target(place.chat_ext_id, place.thread_id),
                                  Screen(await self._chat_text(place, key, name=person.name)))

    async def pause(self, place: Place, person: Person, *, paused: bool) -> None:
        """``/pause`` / ``/resume`` by the table's creator or a chat admin: the clocks stop/run."""
        table_id = await self._active_table_id(place)
        key = "notice.no_table"
        if table_id is not None:
            async with self._locks(table_id):
                async with self.store.transaction() as tx:
                    table = await tx.get_table(table_id, lock=True)
                    user = await tx.find_user(self.messenger.platform, person.ext_id)
                    boss = table is not None and user is not None and \
                        user.id == table.creator_id
                if table is None or table.status != "playing":
                    key = "notice.no_table"
                elif not (boss or await self.messenger.is_admin(place, person)):
                    key = "notice.only_creator"
                else:
                    async with self.store.transaction() as tx:
                        fresh = await tx.get_table(table_id, lock=True)
                        assert fresh is not None
                        fresh.paused = paused
                        if not paused:
                            unsuspend(fresh)  # the bot is back in the chat: the game goes on
                        # the clock stops (or starts afresh) with the pause itself
                        await self._plan(tx, fresh, await self._match_of(tx, fresh),
                                         keep_deadline=False)
                        await tx.save_table(fresh)
                    await self.follow_up(table_id)
                    key = "notice.paused" if paused else "notice.resumed"
        await self.messenger.send(Target(place.chat_ext_id, place.thread_id),
                                  Screen(await self._chat_text(place, key)))

    async def _active_table_id(self, place: Place) -> int | None:
        async with self.store.transaction() as tx:
            chat = await tx.upsert_chat(self.messenger.platform, place.chat_ext_id, place.title)
            assert chat.id is not None
            table = await tx.active_table(chat.id, place.thread_id)
        return table.id if table is not None and table.status == "playing" else None

    async def _chat_text(self, place: Place, key: str, **kwargs: Any) -> str:
        async with self.store.transaction() as tx:
            chat = await tx.upsert_chat(self.messenger.platform, place.chat_ext_id, place.title)
        return self.tr(chat.lang)(key, **kwargs)

    async def on_lobby_expired(self, table_id: int, _version: int) -> None:
        """Timer callback: an unstarted lobby closes, saying so in its chat."""
        async with self._locks(table_id):
            async with self.store.transaction() as tx:
                table = await tx.get_table(table_id, lock=True)
                if table is None or table.status != "lobby":
                    return
                table.status = "aborted"
                await tx.save_table(table)
                chat = await tx.get_chat(table.chat_id)
                message_id = table.message_id
            assert chat is not None
            target = Target(chat.ext_id, table.thread_id)
            tr = self.tr(chat.lang)
            if message_id:
                screen = await self.lobby_screen(table_id, "lobby.expired")
                try:
                    await self.messenger.edit(target, message_id, screen)
                except Exception:
                    log.info("expired lobby %s not edited", table_id, exc_info=True)
            await self.messenger.send(target, Screen(tr("notice.lobby_expired")))


def _bot_may_move(row: Seat, timed_out: bool) -> bool:
    """Whether the bot may move for the seat ``row``: a bot or automatic seat, or a human's seat
    whose time ran out (False when the owner took the seat back meanwhile)."""
    return row.user_id is None or row.bot_level is not None or timed_out
