"""Play: a game button pressed, a bot or a timed-out player's move, a seat handed to the bot
and taken back, the clocks paused.

Every press goes one way, top to bottom in ``act``: under the table's lock, one transaction
loads the table (``load``), checks the press (``refusal``), lets the engine apply the move,
stores it with its score rows and the match's end (``commit_move``), makes the calls that are
the next player's only one (``follow_forced``), decides once what comes next and saves the
table with it (``settle``: the one plan of the press), and commits; the press is answered;
the same loaded table is then redrawn (``Display.show``) and its timers armed (``Clock.arm``)
with that plan.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

import engine
import engine.ai
from bot import metrics
from bot.model import ActData, ExpandData, Person, Place, Screen, Target
from bot.records.fair import unrated_reason
from bot.records.service import Records
from bot.show.display import Display
from bot.show.takeback import label_view
from bot.state.drastic import is_drastic
from bot.state.forced import forced_code
from bot.state.load import Loaded, is_suspended, load, refusal, takeback_request, unsuspend
from bot.state.undo_state import CODES as TAKEBACK_CODES
from bot.state.undo_state import (
    drop_request,
    enabled,
    note_deal_end,
    note_human_move,
    waiting_for,
)
from bot.tables.clock import Clock, Plan, settle
from bot.tables.kit import Kit
from bot.tables.ping_state import Spent, forget_pings
from bot.tables.takeback import Takebacks
from storage import Conflict, GameTable, Seat, Tx

log = logging.getLogger(__name__)

#: Answers a button press (Telegram's spinner stops); called before slow rendering work.
Answer = Callable[[str], Awaitable[None]]
#: The code of the "I'm back" button (not an engine action: it starts with "@").
BACK_CODE = "@back"
#: Level of the bot that moves for an absent human.
STAND_IN_LEVEL = "normal"
#: Consecutive time-outs after which a seat stays automatic until "I'm back".
MAX_TIMEOUTS = 3
#: Moves stored, not yet planned: (the table, the moves' events, the pings they made useless,
#: to delete after the commit).
Moved = tuple[Loaded, list[dict[str, Any]], Spent]
#: A change of a running table: (the table as committed, the move's events, the pings it made
#: useless, what comes next).
Change = tuple[Loaded, list[dict[str, Any]], Spent, Plan]


async def answer_safely(reply: Answer, notice: str) -> None:
    """Answer a press with ``notice``; a failure is logged as a warning, never raised.

    Telegram refuses the answer to a press older than its time-out (400 "query is too old"),
    e.g. one made while the bot was down; the network may fail. What the press committed must
    be redrawn and its timers armed all the same, so nothing after a commit waits on this.
    """
    try:
        await reply(notice)
    except Exception:
        log.warning("a press could not be answered (%r)", notice, exc_info=True)


async def guarded(work: Awaitable[None], what: str, *args: object) -> None:
    """Await ``work`` after a commit; a failure is logged (``what`` % ``args``) and swallowed,
    so that the steps after it (the timers) still run."""
    try:
        await work
    except Exception:
        log.exception(what, *args)


def finish(table: GameTable, match: engine.Match) -> None:
    """Mark ``table`` finished with the match's result (the caller saves it)."""
    result = match.score_sheet["result"]
    table.status = "finished"
    table.finished_at = datetime.now(UTC)
    table.winner_side = result["winner"] if result else None
    table.result_line = result["line"] if result else None


def new_score_rows(match: engine.Match, stored: int
                   ) -> list[tuple[int, int, str, float, float, str]]:
    """The ``score_row`` values of the sheet's rows after the first ``stored`` ones: one per
    row and side, ``(position, side, cell, points, running total, note)``.

    ``position`` is the row's place on the sheet (1-based): a game may write several rows for
    one deal (Berg's declarations, BERG-SCORE-7); the engine's own deal number stays in the
    sheet.
    """
    sheet = match.score_sheet
    totals = [0.0] * len(sheet["sides"])
    new = []
    for position, row in enumerate(sheet["rows"], start=1):
        for side, (cell, pts) in enumerate(zip(row["cells"], row["points"], strict=True)):
            totals[side] += pts
            if position > stored:
                new.append((position, side, cell, float(pts), totals[side], row["note"]))
    return new


def asks_first(loaded: Loaded, seat: Seat, code: str) -> bool:
    """Whether a press of ``code`` by ``seat`` only asks him to confirm it: a legal, drastic
    call (bot/state/drastic.py) by a player whose misclick guard is on (``/confirm``)."""
    user = loaded.user(seat)
    match = loaded.match
    # the list first: most presses are no drastic call, and need no list of legal moves
    return user is not None and user.confirm and match is not None \
        and is_drastic(match, seat.seat, code) and code in match.legal_actions(seat.seat)


def _rated_so_far(loaded: Loaded) -> bool:
    """Whether the table's match would be rated (no bot seat, no takebacks): a player who
    leaves it then loses it."""
    return not unrated_reason(bot_seats=any(s.user_id is None for s in loaded.seats),
                              options=loaded.table.options)


def made_for(events: list[dict[str, Any]], why: str) -> list[dict[str, Any]]:
    """``events`` with each declaration marked as made in its player's name and why
    (``why``: ``forced``, his only call; ``timed_out``, his time ran out), so that his hand
    message tells him (bot/show/hand.py ``declared_for_you``)."""
    return [{**e, "made_for": why} if e["type"] == "declare" else e for e in events]


def _bot_may_move(row: Seat, timed_out: bool) -> bool:
    """Whether the bot may move for the seat ``row``: a bot or automatic seat, or a human's seat
    whose time ran out (False when the owner took the seat back meanwhile)."""
    return row.user_id is None or row.bot_level is not None or timed_out


def _times_out(row: Seat, timed_out: bool) -> bool:
    """Whether a move the bot makes for ``row`` is a human's time-out (his own seat, his
    clock ran out), not a move of a bot seat or of an automatic seat."""
    return timed_out and row.user_id is not None and row.bot_level is None


class Play:
    """The use cases of a running match.

    Args:
        kit: the service's shared parts.
        display: the screens.
        clock: the timers and their decisions.
        records: results and ratings, written when a match ends.

    ``takebacks`` (bot/tables/takeback.py) answers the takeback buttons of a hand.
    """

    def __init__(self, kit: Kit, display: Display, clock: Clock, records: Records) -> None:
        self.kit = kit
        self.display = display
        self.clock = clock
        self.records = records
        self.takebacks = Takebacks(kit, display)

    # ---- a game button ----------------------------------------------------------------------

    async def act(self, person: Person, data: ActData, answer: Answer | None = None) -> str:
        """A game button. Returns the press's answer: empty when the move was made.

        ``answer`` (if given) is called with that answer as soon as the move is stored, before
        the messages are redrawn. A stale press by a seated player redraws the table, so a
        player whose message missed an update gets current buttons. A drastic call (the
        misclick guard, ``asks_first``) not ``data.confirmed`` changes nothing: his hand
        message asks him to confirm it.
        """
        if data.code in (BACK_CODE, *TAKEBACK_CODES):
            notice = await (self.back(data.table_id, person) if data.code == BACK_CODE
                            else self._takeback(person, data))
            if answer is not None:
                await answer_safely(answer, notice)
            return notice
        pressed_at = time.monotonic()  # kozyr_press_to_edit_seconds counts from here
        async with self.kit.locks(data.table_id):
            change: Change | None = None
            asking: int | None = None  # the seat asked to confirm a drastic call
            tr = self.kit.tr(None)
            try:
                async with self.kit.store.transaction() as tx:
                    loaded = await load(tx, data.table_id, lock=True)
                    tr = self.kit.tr(loaded.chat.lang if loaded else None)
                    key, seat = refusal(loaded, person, version=data.version, moving=True)
                    heal = key == "notice.stale"
                    if heal and data.confirmed:
                        key = "confirm.stale"  # a question asked before the table moved on
                    notice = tr(key) if key else ""
                    if seat is not None and loaded is not None and not data.confirmed \
                            and asks_first(loaded, seat, data.code):
                        asking = seat.seat
                    elif seat is not None and loaded is not None:
                        # the table as the move's button named it (a takeback names it so)
                        named = label_view(loaded.match.view(seat.seat)) \
                            if enabled(loaded) and loaded.match is not None else None
                        try:
                            moved = await self.commit_move(tx, loaded, seat.seat, data.code)
                        except engine.IllegalAction as exc:
                            # players read words in their language; the rule id and the
                            # engine's own (English) reason go to the log
                            log.info("table %s: %r refused: %s (%s)", data.table_id,
                                     data.code, exc.reason, exc.rule_id)
                            reason = tr.maybe(f"rule.{exc.rule_id}", tr("notice.illegal_any"))
                            notice = tr("notice.illegal", reason=reason)
                        else:
                            if seat.timeouts:
                                seat.timeouts = 0  # he is here: the count of time-outs restarts
                                await tx.save_seat(seat)
                            assert loaded.record is not None
                            # the move becomes the one he may take back (``settle`` saves it)
                            note_human_move(loaded, seat.seat, loaded.record.snapshot_seq,
                                            data.code, moved[1], named)
                            moved = await self.follow_forced(tx, moved)
                            change = (*moved, await settle(tx, loaded, keep_deadline=False))
            except Conflict:
                # another process moved: nothing of this press is stored (the transaction
                # rolled back) and the table is read again below
                change, notice, heal, loaded = None, tr("notice.stale"), True, None
            if answer is not None:  # a failed answer is logged: the move is stored already
                await answer_safely(answer, notice)
            with metrics.pressed(pressed_at):
                if asking is not None and loaded is not None:
                    await guarded(self.display.show_hand(loaded, asking, expanded=None,
                                                         confirming=data.code),
                                  "table %s: the question not shown", data.table_id)
                elif change is not None:
                    await self.redraw_and_arm(*change)
                elif heal:
                    redraw = (self.display.show(loaded, new_events=[]) if loaded is not None
                              else self.display.refresh(data.table_id, new_events=[]))
                    await guarded(redraw, "table %s not redrawn", data.table_id)
        return notice

    async def _takeback(self, person: Person, data: ActData) -> str:
        """A takeback button (``Takebacks.press``); the table it changed redrawn and armed."""
        async with self.kit.locks(data.table_id):
            notice, taken = await self.takebacks.press(person, data)
            if taken is not None:
                loaded, spent, next_ = taken
                await self.redraw_and_arm(loaded, [], spent, next_)
        return notice

    async def commit_move(self, tx: Tx, loaded: Loaded, seat: int, code: str, *,
                          by_bot: bool = False) -> Moved:
        """Apply ``code`` for ``seat`` to the loaded match and store it in ``tx``: the action
        log, the snapshot, the new score rows, the version and the match's end (with its
        results and ratings); the pings the move made useless are forgotten, and returned
        with the move's events (deleted after the commit: ``redraw_and_arm``). ``by_bot``:
        the bot made the move (the action log says so: bot/records/fair.py counts those).
        The table row is not saved here: the use case ``settle``s it once, with the next
        deadline, after its last change.

        Raises:
            engine.IllegalAction: the engine refuses the code (nothing is stored).
            Conflict: a concurrent move won (``Tx.store_move``); roll the transaction back.
        """
        table, match, record = loaded.table, loaded.match, loaded.record
        assert match is not None and record is not None
        rows_before = len(match.score_sheet["rows"])
        event_dicts = [e.to_dict() for e in match.apply(seat, code)]
        metrics.MOVES.labels(game=table.game).inc()
        await tx.store_move(record, seat, code, match.to_json(), event_dicts, by_bot=by_bot)
        rows = new_score_rows(match, rows_before)
        if rows:
            await tx.add_score_rows(loaded.id, rows)
        spent = await forget_pings(tx, loaded, seat)
        note_deal_end(loaded, event_dicts)  # no takeback across a deal's result
        table.version += 1
        if match.is_over:
            finish(table, match)
            await self.records.on_match_finished(tx, table, match)
        return loaded, event_dicts, spent

    async def follow_forced(self, tx: Tx, moved: Moved) -> Moved:
        """After a stored move (``moved``), in the same transaction: the calls that are the
        next human's only legal code (bot/state/forced.py) made in his name, one after
        another; ``moved`` with their events and spent pings added. Unchanged when the next
        seat has a choice, or is a bot's."""
        loaded, events, spent = moved
        while loaded.match is not None and not loaded.match.is_over:
            row = loaded.row(loaded.match.to_move)
            if row is None or row.user_id is None or row.bot_level is not None:
                break
            code = forced_code(loaded.match, row.seat)
            if code is None:
                break
            _, more, gone = await self.commit_move(tx, loaded, row.seat, code)
            events = [*events, *made_for(more, "forced")]  # his hand says so (issue #20)
            spent = [*spent, *gone]
        return loaded, events, spent

    async def redraw_and_arm(self, loaded: Loaded, events: list[dict[str, Any]], spent: Spent,
                             next_: Plan) -> None:
        """After a committed change: redraw, then arm the timers.

        The pings the change made useless (``spent``) are deleted; the table is redrawn as committed
        (``Display.show``); then what comes next is armed (``Clock.arm``). A redraw that fails
        is logged and the timers are armed all the same: a table whose messages lag is redrawn
        by the next change, a table without a timer is stuck.
        """
        for chat, message_id in spent:
            self.display.outbox.remove(Target(chat, private=True), message=message_id)
        await guarded(self.display.show(loaded, new_events=events),
                      "table %s not redrawn", loaded.id)
        self.clock.arm(next_)

    # ---- the hand message -------------------------------------------------------------------

    async def _seated(self, table_id: int, person: Person, version: int | None = None
                      ) -> tuple[Loaded | None, Seat | None, str]:
        """The table, the person's seat at it and "" ; or None and the notice saying why not
        (``version``, if given, must be the table's)."""
        async with self.kit.store.transaction() as tx:
            loaded = await load(tx, table_id)
        key, seat = refusal(loaded, person, version=version)
        if seat is None:
            return None, None, self.kit.tr(loaded.chat.lang if loaded else None)(key)
        return loaded, seat, ""

    async def expand(self, person: Person, data: ExpandData) -> str:
        """Open or close a choice on the presser's hand message; changes no game state."""
        async with self.kit.locks(data.table_id):
            loaded, seat, notice = await self._seated(data.table_id, person, data.version)
            if loaded is None or seat is None:
                return notice
            if data.prefix and not self.display.offers(loaded, seat.seat, data.prefix):
                # no choice among his legal moves
                return self.kit.tr(loaded.chat.lang)("notice.bad_data")
            await self.display.show_hand(loaded, seat.seat, expanded=data.prefix or None)
        return ""

    async def hand(self, person: Person, table_id: int,
                   show: Callable[[Screen], Awaitable[str]]) -> str:
        """"My hand": show the person his hand at ``table_id`` through ``show``.

        For a platform where the bot cannot write to a player until he asks (Discord): ``show``
        answers the request and returns the message's id, which becomes the seat's hand message
        (edited as play goes on). Returns a notice, empty when the hand was shown.
        """
        async with self.kit.locks(table_id):
            loaded, seat, notice = await self._seated(table_id, person)
            if loaded is None or seat is None:
                return notice
            await self.display.hand_on_demand(loaded, seat.seat, show)
        return ""

    # ---- moves made by the bot --------------------------------------------------------------

    async def on_bot_turn(self, table_id: int, version: int) -> None:
        """Timer callback: a bot seat (or an automatic seat) moves."""
        async with self.kit.locks(table_id):
            await self._bot_move(table_id, version, timed_out=False)

    async def on_deadline(self, table_id: int, version: int) -> None:
        """Timer callback: the player to move ran out of time; the bot moves for him."""
        async with self.kit.locks(table_id):
            await self._bot_move(table_id, version, timed_out=True)

    @staticmethod
    def _bot_turn(loaded: Loaded | None, version: int, *, timed_out: bool) -> Seat | None:
        """The seat the bot moves for at ``loaded`` (still at ``version``), or None when no bot
        should move there now."""
        if loaded is None or loaded.match is None or loaded.table.status != "playing" \
                or loaded.table.version != version:
            return None
        if (timed_out and loaded.table.paused) or is_suspended(loaded.table):
            return None
        row = loaded.row(loaded.match.to_move)
        return row if row is not None and _bot_may_move(row, timed_out) else None

    async def _bot_move(self, table_id: int, version: int, *, timed_out: bool) -> None:
        """The bot moves for the seat to move, if the table is still at ``version``.

        Call under the table's lock. The bot thinks outside any transaction (on SQLite every
        transaction holds the database's write lock) and in a worker thread, so a strong bot's
        second of thought never stalls the other tables; the move is then stored in a second
        transaction that checks the table is still where the bot saw it.
        """
        async with self.kit.store.transaction() as tx:
            seen = await load(tx, table_id, events=True)  # the bot players read the deal's
        row = self._bot_turn(seen, version, timed_out=timed_out)
        if seen is None or row is None or seen.match is None or seen.record is None:
            return
        record = seen.record
        rng = random.Random(f"{record.seed}:{record.snapshot_seq}:{row.seat}")
        player = engine.ai.get_player(row.bot_level or STAND_IN_LEVEL, seen.match.game_id)
        code = await asyncio.to_thread(player.choose, seen.match, row.seat, rng)
        try:
            found = await self._store_bot_move(table_id, version, code, timed_out=timed_out)
        except Conflict:  # another process moved meanwhile (rolled back)
            log.warning("table %s: the bot's move %r was refused", table_id, code,
                        exc_info=True)
            return
        if found is None:
            return
        loaded, change, notice = found
        if notice is not None:  # queued before the move's messages, not waited for (the lock)
            tr = self.kit.tr(loaded.chat.lang)
            self.display.post(Target(loaded.chat.ext_id, loaded.table.thread_id),
                              Screen(tr(notice[0], **notice[1])))
        await self.redraw_and_arm(*change)

    async def _store_bot_move(self, table_id: int, version: int, code: str, *, timed_out: bool
                              ) -> tuple[Loaded, Change, tuple[str, dict[str, Any]] | None] | None:
        """The transaction of a bot's move ``code`` (see ``_bot_move``): the table, the change
        to follow and the group's notice of a timed-out player; None when nothing was stored.

        Raises:
            Conflict: a concurrent move won (the transaction rolled back).
        """
        notice: tuple[str, dict[str, Any]] | None = None
        async with self.kit.store.transaction() as tx:
            loaded = await load(tx, table_id, lock=True)
            row = self._bot_turn(loaded, version, timed_out=timed_out)
            if loaded is None or row is None:  # the same version: the same seat to move
                return None
            try:
                # a move at a human's time-out is his own (his clock ran out: a loser's own
                # time-outs must not unrate the match, bot/records/fair.py); the bot's are a
                # bot seat's and an automatic seat's
                moved = await self.commit_move(tx, loaded, row.seat, code,
                                               by_bot=not _times_out(row, timed_out))
                if _times_out(row, timed_out):  # his hand says what was declared for him
                    moved = (moved[0], made_for(moved[1], "timed_out"), moved[2])
            except engine.IllegalAction:
                log.warning("table %s: the bot's move %r was refused", table_id, code,
                            exc_info=True)
                return None
            moved = await self.follow_forced(tx, moved)
            drop_request(loaded)  # a move made for a human ends a takeback request
            if timed_out:
                row.timeouts += 1
                if row.timeouts >= MAX_TIMEOUTS:
                    row.bot_level = STAND_IN_LEVEL
                    # gone silent: in a rated match that is leaving it (bot/records/fair.py)
                    row.left_match = row.left_match or _rated_so_far(loaded)
                await tx.save_seat(row)
                user = loaded.user(row)
                key = "notice.timed_out_auto" if row.bot_level else "notice.timed_out"
                notice = (key, {"name": user.name if user else "?"})
            # planned last, once: after the seat's change (a seat the bot now plays may move
            # again, having won the trick: the bot, not a clock, moves it then)
            change = (*moved, await settle(tx, loaded, keep_deadline=False))
        return loaded, change, notice

    # ---- seats handed to the bot and taken back, clocks paused ------------------------------

    async def _set_auto(self, table_id: int, person: Person, auto: bool
                        ) -> tuple[str, Change | None, str | None]:
        """Hand the person's seat to the bot (``auto``) or take it back. Returns a notice key,
        when the seat changed the change to follow, and the table's chat language."""
        async with self.kit.store.transaction() as tx:
            loaded = await load(tx, table_id, lock=True)
            lang = loaded.chat.lang if loaded is not None else None
            key, row = refusal(loaded, person)
            if loaded is None or row is None:
                return ("notice.table_over" if key == "notice.bad_data" else key), None, lang
            if not auto and row.bot_level is None:
                # "I'm back" is offered only to an automatic seat: a forged or repeated press
                # changes nothing (no version bump that would make every button stale)
                return "notice.bad_data", None, lang
            row.bot_level = STAND_IN_LEVEL if auto else None
            row.timeouts = 0
            key = "notice.left_match" if auto else "notice.back"
            if auto and _rated_so_far(loaded):
                # a rated match: leaving it loses it (sticky, "I'm back" keeps the mark)
                row.left_match = True
                key = "notice.left_rated"
            await tx.save_seat(row)
            loaded.table.version += 1  # buttons drawn before the change are stale now
            version = loaded.table.version
            events: list[dict[str, Any]] = []
            spent: Spent = []
            if not auto:
                # back on a turn whose only call is declaring nothing: it is made for him, as
                # after any move, so his hand shows his real choice (issue #18, DB-MELD-5)
                _, events, spent = await self.follow_forced(tx, (loaded, events, spent))
            if auto and (request := takeback_request(loaded.table)) is not None:
                # the one who asked leaves: his request goes; the last one asked leaves: the
                # bot playing his seat accepts (bots wait for the answer: none would come)
                if request["seat"] == row.seat:
                    drop_request(loaded)
                elif not waiting_for(loaded, request):
                    before = loaded.match.public_view() if loaded.match is not None else None
                    spent = [*spent, *await self.takebacks.take_back(tx, loaded, request)]
                    leaver = loaded.user(row)
                    text = self.takebacks.notice_text(
                        self.kit.tr(lang), loaded, "takeback.done", request, before,
                        name=leaver.name if leaver is not None else "?", one=False)
                    self.display.post(Target(loaded.chat.ext_id, loaded.table.thread_id),
                                      Screen(text))
            # the one plan of the change, last: the clock runs on for the same player, anew
            # after a move made for him or a takeback (each bumps the version again)
            next_ = await settle(tx, loaded, keep_deadline=loaded.table.version == version)
        return key, (loaded, events, spent, next_), lang

    async def back(self, table_id: int, person: Person) -> str:
        """"I'm back": the owner takes his seat back from the bot. Returns the answer."""
        async with self.kit.locks(table_id):
            key, change, lang = await self._set_auto(table_id, person, auto=False)
            if change is not None:
                await self.redraw_and_arm(*change)
        return self.kit.tr(lang)(key)  # in the table's chat language

    async def leave_match(self, place: Place, person: Person) -> None:
        """``/leave`` during a match: the bot plays the seat (the pair stays whole)."""
        table_id, tr = await self._running_here(place)
        if table_id is None:
            await self.kit.say(place, self.kit.tr(None)("notice.no_table"))
            return
        async with self.kit.locks(table_id):
            key, change, _ = await self._set_auto(table_id, person, auto=True)
            if change is not None:
                await self.redraw_and_arm(*change)
        await self.kit.say(place, tr(key, name=person.name))

    async def pause(self, place: Place, person: Person, *, paused: bool) -> None:
        """``/pause`` / ``/resume`` by the table's creator or a chat admin: the clocks stop/run
        (``/resume`` also goes on with a game suspended while the bot was out of its chat)."""
        table_id, tr = await self._running_here(place)
        key = "notice.no_table"
        if table_id is not None:
            async with self.kit.locks(table_id):
                key = await self._pause(table_id, place, person, paused=paused)
        await self.kit.say(place, tr(key))

    async def _pause(self, table_id: int, place: Place, person: Person, *, paused: bool) -> str:
        async with self.kit.store.transaction() as tx:
            table = await tx.get_table(table_id)
            user = await tx.find_user(self.kit.platform, person.ext_id)
        if table is None or table.status != "playing":
            return "notice.no_table"
        boss = user is not None and user.id == table.creator_id
        if not (boss or await self.kit.messenger.is_admin(place, person)):
            return "notice.only_creator"
        async with self.kit.store.transaction() as tx:
            loaded = await load(tx, table_id, lock=True)
            assert loaded is not None
            loaded.table.paused = paused
            if not paused:
                unsuspend(loaded.table)  # the bot is back in the chat: the game goes on
            # the clock stops (or starts afresh) with the pause itself
            next_ = await settle(tx, loaded, keep_deadline=False)
        await self.redraw_and_arm(loaded, [], [], next_)
        return "notice.paused" if paused else "notice.resumed"

    async def _running_here(self, place: Place) -> tuple[int | None, Any]:
        """The running table of ``place`` (None if none) and the chat's translator."""
        async with self.kit.store.transaction() as tx:
            tr, chat_id = await self.kit.chat_tr(tx, place)
            table = await tx.active_table(chat_id, place.thread_id)
        running = table.id if table is not None and table.status == "playing" else None
        return running, tr
