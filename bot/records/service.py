"""Records: /score with its picture, /stats, /top, /history, /export, deal records, ratings.

Platform-neutral, like the table service: the adapters parse a command or a button and call one
method here; everything a chat sees goes out through the ``Messenger``.

When a match ends the service calls ``service.records.on_match_finished(tx, table, match)``
inside the transaction that finishes it: one ``match_result`` row, one ``seat_result`` row per
seat and the players' ratings (OpenSkill, per chat and game) are written once, so /stats, /top
and /history are plain SQL over those rows and never replay a match. Once the table's lock is
free (the match-over message is out) the final sheet is posted as a picture with the rating
changes.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Mapping, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass
from typing import Any

import engine
from bot.i18n import Catalogs, Translator
from bot.markup import escape, unescape
from bot.messenger import Messenger
from bot.model import Button, Person, Place, RecordData, Screen, Target
from bot.records.core import (
    DRAW,
    LOSS,
    WIN,
    Skill,
    deal_record,
    deal_spans,
    export_data,
    export_text,
    new_skill,
    outcome,
    rate,
    replay,
    shown_rating,
)
from bot.records.fair import BOT_MOVES, forfeit_places, judge, tally, unrated_reason
from bot.records.picture import sheet_png
from bot.records.text import (
    cut,
    game_title,
    rating_lines,
    render_deal_record,
    render_history,
    render_stats,
    render_top,
)
from bot.show.common import TableInfo, game_text, seat_names
from bot.show.display import with_sides
from bot.show.events import render_event, with_tie_reasons
from bot.show.outbox import Outbox
from bot.show.sheet import render_sheet, result_line
from bot.show.takeback import taken_back_lines
from bot.state.deals import deal_is_over, last_over_deal
from bot.state.load import decode
from bot.state.locks import TableLocks
from storage import Chat, GameTable, MatchRecord, Store, Tx
from storage.models import MatchResult, Rating, SeatResult, utcnow
from storage.records import RecordsRepo

log = logging.getLogger(__name__)

#: The most characters of a typed name that a reply repeats (Telegram's names are at most 64).
NAME_SHOWN = 64

#: Leaderboard lengths: one game asked for, or every game of the chat.
TOP_ONE, TOP_EACH = 20, 10
HISTORY_SIZE = 10
#: The same picture / record / file is not posted twice within this many seconds.
REPEAT_SECONDS = 30.0


@dataclass(frozen=True)
class Loaded:
    """A table read for display: the table, its chat, seat names, its match record and (when
    asked for) its action log as ``(seat, code)`` pairs."""

    table: GameTable
    chat: Chat
    info: TableInfo
    record: MatchRecord | None
    actions: list[tuple[int, str]] | None = None

    def match(self) -> engine.Match | None:
        """The match as stored (its snapshot), or None before it started."""
        if self.record is None:
            return None
        return decode(self.table, self.record)

    def history(self) -> list[dict[str, Any]]:
        """Every event of the match in ``to_dict`` form, replayed from the seed and the action
        log: the stored match keeps the events of the current deal only
        (storage/snapshot.py). Needs the record and the actions loaded."""
        assert self.record is not None and self.actions is not None
        return [e.to_dict() for e in replay(export_of(self.table, self.record, self.actions))
                .events]


class Records:
    """The records use cases.

    Args:
        store, catalogs, messenger, default_lang: as the table service's.
        locks: the service's table locks; the end-of-match picture waits for the table's lock,
            so it follows the match-over message.
    """

    def __init__(self, *, store: Store, catalogs: Catalogs, messenger: Messenger,
                 default_lang: str = "ru", locks: TableLocks | None = None) -> None:
        self.store = store
        self.catalogs = catalogs
        self.messenger = messenger
        self.default_lang = default_lang
        self.locks = locks
        self._tasks: set[asyncio.Task[None]] = set()
        self._recent: dict[tuple[str, int, str, int], float] = {}
        #: Chats (ext ids) with a deal record's replay in a worker thread: one at a time each,
        #: so a forged client asking every deal at once cannot fill the thread pool.
        self._replaying: set[str] = set()

    def tr(self, lang: str | None) -> Translator:
        """A translator for ``lang`` (the default language when None)."""
        return self.catalogs.translator(lang or self.default_lang)

    async def _load(self, tx: Tx, table: GameTable, *, actions: bool = False) -> Loaded:
        """The table with its chat, seat names and match record; with ``actions``, its action
        log too (for ``Loaded.history`` and the export)."""
        assert table.id is not None
        chat = await tx.get_chat(table.chat_id)
        assert chat is not None
        seats = []
        for seat in await tx.seats(table.id):
            user = await tx.get_user(seat.user_id) if seat.user_id else None
            seats.append((user.name if user else None, seat.bot_level))
        names = seat_names(self.tr(chat.lang), seats)
        info = TableInfo(table.id, table.version, table.game, chat.title, names)
        logged = [(a.seat, a.code) for a in await tx.actions(table.id)] if actions else None
        return Loaded(table, chat, info, await tx.get_match(table.id), logged)

    async def _say(self, place: Place, text: str,
                   buttons: tuple[tuple[Button, ...], ...] = ()) -> None:
        target, screen = Target(place.chat_ext_id, place.thread_id), Screen(text, buttons)
        if isinstance(self.messenger, Outbox):  # a command's answer: ahead of table edits
            await self.messenger.send_soon(target, screen)
        else:
            await self.messenger.send(target, screen)

    # ---- the end of a match -----------------------------------------------------------------

    async def on_match_finished(self, tx: Tx, table: GameTable, match: engine.Match, *,
                                announce: bool = True) -> None:
        """Write the finished match's results and update the players' ratings (inside the
        transaction that finishes the table; a second call for the same table does nothing).
        With ``announce``, the final sheet's picture and the rating changes are posted once the
        table's lock is free. A failure here is logged and never stops the match's end.
        """
        try:
            async with tx.session.begin_nested():
                written = await self._record(tx, table, match)
        except Exception:
            log.exception("table %s: the match's records were not written", table.id)
            return
        if written and announce and table.id is not None:
            self._schedule(table.id)

    async def on_match_stopped(self, tx: Tx, table: GameTable, match: engine.Match) -> None:
        """A rated match stopped with /stop after a player left it (bot/records/fair.py): his
        loss is written (and his opponents' win), inside the stopping transaction; any other
        stopped match writes nothing. Nothing is posted; a failure is logged."""
        try:
            async with tx.session.begin_nested():
                await self._record(tx, table, match, stopped=True)
        except Exception:
            log.exception("table %s: the stopped match's forfeit was not written", table.id)

    async def _record(self, tx: Tx, table: GameTable, match: engine.Match, *,
                      stopped: bool = False) -> bool:
        """Write match_result, seat_result and rating rows; False if already written.

        Only a fair match changes ratings (bot/records/fair.py): a match with a bot seat, with
        takebacks or with many moves made by the bot is written unrated; a leaver's side is
        placed last and his partner's rating stays."""
        assert table.id is not None
        repo = RecordsRepo(tx.session)
        if await repo.has_result(table.id):
            return False
        sheet = match.score_sheet
        record = await tx.get_match(table.id)
        assert record is not None
        # The match's events are those of its last deals only (storage/snapshot.py): capots are
        # counted over every deal, replayed from the action log (whose last action is logged).
        logged = await tx.actions(table.id)
        actions = [(a.seat, a.code) for a in logged]
        history = replay(export_of(table, record, actions)).events
        result = outcome(sheet, [e.to_dict() for e in history])
        seats = {s.seat: s for s in await tx.seats(table.id)}
        sides = [list(s.seats) for s in result.sides]
        fair = judge(tally([(n, s.user_id is not None, s.left_match) for n, s in seats.items()],
                           [(a.seat, a.by_bot) for a in logged]), sides, table.options)
        if stopped and not (fair.rated and fair.leavers):
            return False  # a stopped match counts only as a leaver's loss
        places = [side.place for side in result.sides]
        if fair.rated and fair.leavers:  # a leaver's side loses the match
            places = forfeit_places(places, sides, fair.leavers)
        words = [(DRAW if places.count(p) > 1 else WIN) if p == 1 else LOSS for p in places]
        humans = [s.user_id for s in seats.values() if s.user_id is not None]
        stored = await repo.ratings(table.chat_id, table.game, humans)
        skills = {seat: (Skill(stored[s.user_id].mu, stored[s.user_id].sigma)
                         if s.user_id in stored else new_skill())
                  for seat, s in seats.items() if s.user_id is not None}
        teams = [[skills.get(seat) or new_skill() for seat in side.seats] for side in result.sides]
        rated = rate(teams, places)
        after = {seat: rated[i][k] for i, side in enumerate(result.sides)
                 for k, seat in enumerate(side.seats)}
        finished_at = table.finished_at or utcnow()
        rows = []
        for seat_no in range(match.players):
            row = seats.get(seat_no)
            side = result.side_of(seat_no)
            user_id = row.user_id if row else None
            counts = fair.rates(seat_no) and user_id is not None
            before = skills.get(seat_no) if counts else None
            rows.append(SeatResult(
                table_id=table.id, chat_id=table.chat_id, game=table.game, seat=seat_no,
                side=side.side, user_id=user_id, bot_level=row.bot_level if row else None,
                outcome=words[side.side], place=places[side.side], points=side.points,
                deals=result.deals, baits=side.baits, capots=side.capots,
                rating_before=float(before.shown) if before else None,
                rating_after=float(after[seat_no].shown) if before else None,
                rated=counts, finished_at=finished_at))
            if user_id is not None and counts:
                rating = stored.get(user_id) or Rating(chat_id=table.chat_id, game=table.game,
                                                       user_id=user_id, mu=0.0, sigma=0.0,
                                                       ordinal=0.0)
                rating.mu, rating.sigma = after[seat_no].mu, after[seat_no].sigma
                rating.matches += 1
                rating.wins += 1 if words[side.side] == WIN else 0
                await repo.save_rating(rating)
        await repo.add_result(MatchResult(
            table_id=table.id, chat_id=table.chat_id, game=table.game, players=match.players,
            deals=result.deals, winner_side=result.winner, sides=sides,
            totals=_result_figures(sheet, result.totals), rated=fair.rated,
            finished_at=finished_at), rows)
        return True

    def _schedule(self, table_id: int) -> None:
        async def run() -> None:
            async with AsyncExitStack() as stack:
                if self.locks is not None:
                    await stack.enter_async_context(self.locks(table_id))
                await self.announce(table_id)

        self._in_background(run(), f"table {table_id}: the final sheet was not posted")

    def _in_background(self, work: Awaitable[Any], failure: str) -> None:
        """Run ``work`` after the caller returns (``drain`` waits for it); a failure is logged
        with ``failure``."""
        async def run() -> None:
            try:
                await work
            except Exception:
                log.warning("%s", failure, exc_info=True)

        task = asyncio.get_running_loop().create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def drain(self) -> None:
        """Wait until every scheduled end-of-match post is out (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def announce(self, table_id: int) -> None:
        """Post the finished match's sheet as a picture, with the rating changes."""
        async with self.store.transaction() as tx:
            table = await tx.get_table(table_id)
            if table is None or table.status != "finished":
                return
            loaded = await self._load(tx, table, actions=True)
            results = await RecordsRepo(tx.session).seat_results(table_id)
        match = loaded.match()
        if match is None or not results:
            return
        tr = self.tr(loaded.chat.lang)
        info = with_sides(loaded.info, match)
        changes = [(info.names[r.seat], r.rating_before, r.rating_after) for r in results
                   if r.rating_before is not None and r.rating_after is not None]
        caption = f"<b>{escape(game_title(tr, table.game))}</b> · {tr('rec.final')}"
        lines = rating_lines(tr, changes)
        if lines:
            caption += "\n" + lines
        if not any(r.rated for r in results):
            why = unrated_why(table, results)
            caption += "\n" + game_text(tr, table.game, f"rec.unrated.{why}")
        image = self._picture(tr, loaded, match)
        buttons = self._buttons(tr, loaded, match, pic=False)
        await self.messenger.send_photo(Target(loaded.chat.ext_id, table.thread_id), image,
                                        Screen(cut(caption, 1000), buttons))

    async def backfill(self, limit: int = 1000) -> int:
        """Write the results of finished matches that have none (they ended before the records
        tables existed), oldest first, without posting anything; return how many."""
        async with self.store.transaction() as tx:
            tables = await RecordsRepo(tx.session).unrecorded_finished(limit)
        done = 0
        for stale in tables:
            async with self.store.transaction() as tx:
                table = await tx.get_table(stale.id or 0, lock=True)
                record = await tx.get_match(stale.id or 0)
                if table is None or record is None:
                    continue
                match = decode(table, record)
                if match.is_over and await self._record(tx, table, match):
                    done += 1
        return done

    # ---- /score and its buttons -------------------------------------------------------------

    def _picture(self, tr: Translator, loaded: Loaded, match: engine.Match) -> bytes:
        info = with_sides(loaded.info, match)
        sheet = match.score_sheet
        when = (loaded.table.finished_at or utcnow()).strftime("%d.%m.%Y")
        result = unescape(result_line(tr, info, sheet)) if sheet.get("result") else ""
        return sheet_png(tr, info, sheet, subtitle=f"{loaded.chat.title} · {when}",
                         result=result)

    def _buttons(self, tr: Translator, loaded: Loaded, match: engine.Match, *,
                 pic: bool = True) -> tuple[tuple[Button, ...], ...]:
        """Picture, record of the last deal that is over, and (for an ended match) export;
        read from the match as it stands (no replay)."""
        table_id = loaded.info.table_id
        row: list[Button] = []
        if pic and match.score_sheet["rows"]:  # no picture of a sheet with no row yet
            row.append(Button(tr("rec.button.picture"), RecordData(table_id, "pic")))
        ended = loaded.table.status in ("finished", "aborted")
        last = last_over_deal(match, ended)
        if last >= 1:
            row.append(Button(tr("rec.button.deal"), RecordData(table_id, "deal", last)))
        if ended:
            row.append(Button(game_text(tr, loaded.table.game, "rec.button.export"),
                              RecordData(table_id, "export")))
        return (tuple(row),) if row else ()

    async def score(self, place: Place, *, last: bool = False) -> None:
        """``/score``: the sheet of the match running in this chat (thread), else of the last
        ended one (``last``: always the last ended one), with the last deal's breakdown and
        buttons for the picture and the deal's record."""
        async with self.store.transaction() as tx:
            chat = await tx.upsert_chat(self.messenger.platform, place.chat_ext_id, place.title)
            assert chat.id is not None
            table = None if last else await tx.active_table(chat.id, place.thread_id)
            if table is None or table.status != "playing":
                table = await tx.last_finished_table(chat.id, played=True)
            loaded = await self._load(tx, table, actions=True) if table is not None else None
        tr = self.tr(chat.lang)
        match = loaded.match() if loaded else None
        if loaded is None or match is None:
            await self._say(place, tr("score.none"))
            return
        info = with_sides(loaded.info, match)
        sheet = match.score_sheet
        text = render_sheet(tr, info, sheet)
        history = loaded.history()
        breakdown = last_deal_text(tr, info, history, sheet["rows"])
        if breakdown:
            text += "\n\n" + breakdown
        await self._say(place, cut(text), self._buttons(tr, loaded, match))

    async def press(self, person: Person, place: Place | None, data: RecordData) -> str:
        """A records button; returns the press's answer (empty when the thing was posted)."""
        async with self.store.transaction() as tx:
            table = await tx.get_table(data.table_id)
            loaded = (await self._load(tx, table, actions=data.kind != "pic")
                      if table is not None else None)
            actions = loaded.actions if loaded is not None and loaded.actions else []
        tr = self.tr(loaded.chat.lang if loaded else None)
        match = loaded.match() if loaded else None
        if loaded is None or match is None or loaded.record is None or (
                place is not None and place.chat_ext_id != loaded.chat.ext_id):
            return tr("notice.bad_data")
        key = (loaded.chat.ext_id, data.table_id, data.kind, data.deal)
        if time.monotonic() - self._recent.get(key, -REPEAT_SECONDS) < REPEAT_SECONDS:
            return tr("rec.already_posted")
        ended = loaded.table.status in ("finished", "aborted")
        target = Target(loaded.chat.ext_id, loaded.table.thread_id)
        post: Awaitable[Any]
        if data.kind == "pic":
            caption = f"<b>{escape(game_title(tr, loaded.table.game))}</b>"
            post = self.messenger.send_photo(target, self._picture(tr, loaded, match),
                                             Screen(caption))
        elif data.kind == "deal":
            if not deal_is_over(match, data.deal, ended):
                return tr("rec.deal_not_over")
            if loaded.chat.ext_id in self._replaying:
                return tr("rec.busy")  # not remembered: the same press later posts it
            self._replaying.add(loaded.chat.ext_id)
            post = self._post_deal(tr, target, loaded, match, data.deal)
        else:
            if not ended:
                return tr("export.not_over")
            post = self._send_export(tr, target, loaded, actions)
        # the press is answered at once; the post waits its turn in the group's queue
        self._in_background(post, f"table {data.table_id}: the {data.kind} was not posted")
        self._recent = {k: t for k, t in self._recent.items()
                        if time.monotonic() - t < REPEAT_SECONDS}
        self._recent[key] = time.monotonic()
        return ""

    async def _post_deal(self, tr: Translator, target: Target, loaded: Loaded,
                         match: engine.Match, number: int) -> None:
        """Post deal ``number``'s record: the match is replayed up to that deal's end only, in
        a worker thread (the engine is pure), after the press has been answered. The press
        marked the chat as replaying (``press``); the mark goes once the replay is done."""
        try:
            assert loaded.actions is not None
            record = await asyncio.to_thread(deal_record, self._export(loaded, loaded.actions),
                                             number)
        finally:
            self._replaying.discard(loaded.chat.ext_id)
        if record is None:
            log.warning("table %s: deal %s has no record", loaded.table.id, number)
            return
        info = with_sides(loaded.info, match)
        text = render_deal_record(tr, info, record, match.score_sheet["rows"])
        taken = taken_back_lines(tr, info, loaded.table.options, number)
        await self.messenger.send(target, Screen("\n".join([text, *taken])))

    # ---- /export -------------------------------------------------------------------------------

    @staticmethod
    def _export(loaded: Loaded, actions: list[tuple[int, str]]) -> dict[str, Any]:
        assert loaded.record is not None
        return export_of(loaded.table, loaded.record, actions)

    async def _send_export(self, tr: Translator, target: Target, loaded: Loaded,
                           actions: list[tuple[int, str]]) -> None:
        data = export_text(self._export(loaded, actions))
        name = f"kozyr-{loaded.table.game}-{loaded.info.table_id}.json"
        caption = tr("export.caption", game=escape(game_title(tr, loaded.table.game)),
                     id=loaded.info.table_id, file=name)
        await self.messenger.send_document(target, data.encode(), name, Screen(caption))

    async def export(self, place: Place, person: Person, arg: str = "", *,
                     private: bool = False) -> None:
        """``/export [#id]``: the ended match (by default the chat's last one) as a JSON file
        that ``python -m engine replay FILE`` replays. In a private chat only a match the person
        played in. A running match is never exported: its seed would show every hand."""
        wanted = arg.strip().lstrip("#")
        async with self.store.transaction() as tx:
            chat = await tx.upsert_chat(self.messenger.platform, place.chat_ext_id, place.title)
            assert chat.id is not None
            tr = self.tr(chat.lang)
            if wanted.isascii() and wanted.isdigit() and len(wanted) < 12:
                table = await tx.get_table(int(wanted))
            elif wanted:
                table = None
            else:
                table = await tx.last_finished_table(chat.id, played=True)
            allowed = False
            if table is not None and table.id is not None:
                if private:  # a match the person played in
                    me = await tx.find_user(self.messenger.platform, person.ext_id)
                    allowed = me is not None and any(
                        s.user_id == me.id for s in await tx.seats(table.id))
                else:
                    allowed = table.chat_id == chat.id
            loaded = (await self._load(tx, table, actions=True)
                      if table is not None and allowed else None)
            actions = loaded.actions if loaded is not None and loaded.actions else []
        if loaded is None or loaded.record is None:
            await self._say(place, tr("export.none"))
        elif loaded.table.status not in ("finished", "aborted"):
            await self._say(place, tr("export.not_over"))
        else:
            await self._send_export(tr, Target(place.chat_ext_id, place.thread_id), loaded,
                                    actions)

    # ---- /stats, /top, /history ----------------------------------------------------------------

    async def stats(self, place: Place, person: Person, *, who: str = "",
                    about: Person | None = None, private: bool = False) -> None:
        """``/stats [@user]``: a player's record per game in this chat (in a private chat: in
        every chat). The player is ``@user``, else the author of the replied-to message
        (``about``), else the one asking."""
        async with self.store.transaction() as tx:
            chat = await tx.upsert_chat(self.messenger.platform, place.chat_ext_id, place.title)
            assert chat.id is not None
            tr = self.tr(chat.lang)
            repo = RecordsRepo(tx.session)
            platform = self.messenger.platform
            if who.strip():
                user = await repo.find_user_by_username(platform, who.strip())
            else:
                user = await tx.find_user(platform, (about or person).ext_id)
            stats, ratings = [], {}
            if user is not None and user.id is not None:
                stats = await repo.game_stats(user.id, None if private else chat.id)
                if not private:
                    ratings = {g: shown_rating(r.ordinal) for g, r in
                               (await repo.user_ratings(chat.id, user.id)).items()}
        if user is None:
            name = who.strip() or (about or person).name
            if len(name) > NAME_SHOWN:  # a typed argument: never let it outgrow the message
                name = name[:NAME_SHOWN - 1] + "…"
            await self._say(place, tr("stats.unknown", name=escape(name)))
            return
        await self._say(place, render_stats(tr, user.name, stats, ratings, everywhere=private))

    async def top(self, place: Place, game: str = "") -> None:
        """``/top [game]``: the chat's leaderboard of one game, or of every game played."""
        known = [g.id for g in engine.list_games()]
        wanted = game.strip().lower()
        async with self.store.transaction() as tx:
            chat = await tx.upsert_chat(self.messenger.platform, place.chat_ext_id, place.title)
            assert chat.id is not None
            tr = self.tr(chat.lang)
            repo = RecordsRepo(tx.session)
            if wanted and wanted not in known:
                boards = None
            else:
                games = [wanted] if wanted else await repo.rated_games(chat.id)
                limit = TOP_ONE if wanted else TOP_EACH
                boards = [(g, await repo.top(chat.id, g, limit)) for g in games]
        if boards is None:
            await self._say(place, tr("top.usage", games=", ".join(known)))
            return
        texts = [render_top(tr, g, entries) for g, entries in boards if entries]
        await self._say(place, cut("\n\n".join(texts)) if texts else tr("top.none"))

    async def history(self, place: Place, person: Person | None = None, *,
                      private: bool = False) -> None:
        """``/history``: the chat's last ten ended matches: date, players, result. In a private
        chat (``private``, ``person`` the one asking): the last ten he played, in any chat."""
        async with self.store.transaction() as tx:
            chat = await tx.upsert_chat(self.messenger.platform, place.chat_ext_id, place.title)
            assert chat.id is not None
            repo = RecordsRepo(tx.session)
            if private and person is not None:
                me = await tx.find_user(self.messenger.platform, person.ext_id)
                entries = await repo.history(None, HISTORY_SIZE, user_id=me.id) \
                    if me is not None and me.id is not None else []
            else:
                entries = await repo.history(chat.id, HISTORY_SIZE)
        await self._say(place, cut(render_history(self.tr(chat.lang), entries,
                                                  mine=private)))


def _result_figures(sheet: Mapping[str, Any], totals: Sequence[float]) -> list[float]:
    """Each side's figure as the sheet's result gives it (``score``), else ``totals``."""
    result = sheet.get("result")
    return list(result["score"] if result else totals)


def export_of(table: GameTable, record: MatchRecord,
              actions: list[tuple[int, str]]) -> dict[str, Any]:
    """The export file's data of the table's match (``export_data``): ``actions`` are the
    action log's ``(seat, code)`` pairs."""
    return export_data(game=table.game, players=record.players, options=dict(record.options),
                       seed=record.seed, deck=record.deck, actions=actions)


def unrated_why(table: GameTable, results: Sequence[SeatResult]) -> str:
    """Why a finished match whose ``results`` changed no rating was unrated (a reason of
    bot/records/fair.py)."""
    return unrated_reason(bot_seats=any(r.user_id is None for r in results),
                          options=table.options) or BOT_MOVES


def last_deal_text(tr: Translator, info: TableInfo, events: list[dict[str, Any]],
                   sheet_rows: Sequence[Mapping[str, Any]] = ()) -> str:
    """The breakdown of the last scored deal (with its last trick, and in Berg who went out;
    explained from the sheet's ``sheet_rows`` of that deal), or ""."""
    for _, start, end in reversed(deal_spans(events)):
        span = with_tie_reasons(events[start:end])  # a tie's reason read (BERG-TIE-1, -2, -10)
        scored = next((e for e in reversed(span) if e["type"] == "deal_scored"), None)
        if scored is not None:
            trick = next((e for e in reversed(span) if e["type"] == "trick"), None)
            # the card or frame that emptied a hand, as the group's result names it (Berg)
            played = next((e for e in reversed(span) if e["type"] in ("play", "frame")),
                          None) if scored["outcome"] == "win" else None
            return render_event(tr, info, scored, last_trick=trick, sheet_rows=sheet_rows,
                                played=played) or ""
    return ""
