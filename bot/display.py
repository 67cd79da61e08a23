"""Keeping what chats see in step with the database: table message, hands, result messages.

Every message is derived from the stored match, so a refresh can always be repeated: a send or
edit that failed (flood limit, network) is simply done again by the next refresh, which the next
move, a stale press or the start-up triggers. One failing message never stops the others.
"""

from __future__ import annotations

import dataclasses
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from html import escape
from typing import Any

import engine
from bot.i18n import Catalogs, Translator
from bot.messenger import Messenger
from bot.model import Button, Screen, Target, Undeliverable
from bot.render import (
    TableInfo,
    bot_name,
    render_event,
    render_hand,
    render_sheet,
    render_table,
    result_line,
)
from storage import GameTable, Seat, Store, Tx

log = logging.getLogger(__name__)

#: Events after which the group's table message is posted anew below the result message.
NEW_DEAL_EVENTS = ("deal_scored", "thrown_in")
#: How many messages' last screens are remembered (to skip edits that change nothing).
SHOWN_CACHE = 20_000


def _clock(tr: Translator, table: GameTable) -> str | None:
    """The table's clock line: seconds left for the move, or paused; None without a clock."""
    if table.status != "playing":
        return None
    if table.paused:
        return "⏸ " + tr("table.paused")
    if table.deadline is None:
        return None
    left = max(0, int((table.deadline - datetime.now(UTC)).total_seconds()))
    return "⏱ " + tr("table.clock", time=f"{left // 60}:{left % 60:02d}")


def with_sides(info: TableInfo, match: engine.Match) -> TableInfo:
    """``info`` knowing which seats form each side (pairs in the partnership games)."""
    sides = tuple(tuple(side["seats"]) for side in match.score_sheet["sides"])
    return dataclasses.replace(info, sides=sides)


def hand_screen(tr: Translator, info: TableInfo, match: engine.Match, seat: Seat, *,
                playing: bool, expanded: str | None = None) -> Screen:
    """A seat's hand message: its legal moves while it plays, none once a bot plays for it."""
    auto = playing and seat.bot_level is not None
    codes = match.legal_actions(seat.seat) if playing and not auto else []
    return render_hand(tr, info, deal_view(match, match.view(seat.seat)), codes, auto=auto,
                       expanded=expanded)


def deal_view(match: engine.Match, view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with ``deal`` numbered as the score sheet numbers deals (scored deals + 1)."""
    rows = len(match.score_sheet["rows"])
    return {**view, "deal": rows if match.is_over else rows + 1}


class Display:
    """Renders a table's state and sends or edits its messages.

    Remembers the last screen of each message so that an unchanged message is not edited again
    (fewer API calls; "not modified" is harmless anyway).
    """

    def __init__(self, *, store: Store, catalogs: Catalogs, messenger: Messenger,
                 default_lang: str) -> None:
        self.store = store
        self.catalogs = catalogs
        self.messenger = messenger
        self.default_lang = default_lang
        self._shown: OrderedDict[tuple[str, str], Screen] = OrderedDict()
        #: Buttons under the table message while it plays: set by a platform whose players ask
        #: for their hands there (Discord's "My hand"), called with the chat's translator.
        self.table_buttons: Callable[[Translator, TableInfo],
                                     tuple[tuple[Button, ...], ...]] | None = None

    def _tr(self, lang: str | None) -> Translator:
        return self.catalogs.translator(lang or self.default_lang)

    async def _info(self, tx: Tx, table: GameTable) -> tuple[TableInfo, Translator, list[Any]]:
        assert table.id is not None
        chat = await tx.get_chat(table.chat_id)
        assert chat is not None
        seats = await tx.seats(table.id)
        users = [await tx.get_user(s.user_id) if s.user_id else None for s in seats]
        tr = self._tr(chat.lang)
        names = tuple((u.name + (" 🤖" if s.bot_level else "")) if u else bot_name(tr, s.bot_level)
                      for s, u in zip(seats, users, strict=True))
        info = TableInfo(table.id, table.version, table.game, chat.title, names,
                         clock=_clock(tr, table))
        return info, tr, list(zip(seats, users, strict=True))

    async def sheet_text(self, tx: Tx, table: GameTable) -> str:
        """The rendered score sheet of ``table``'s match."""
        assert table.id is not None
        info, tr, _ = await self._info(tx, table)
        record = await tx.get_match(table.id)
        assert record is not None
        match = engine.get_game(table.game).from_json(record.snapshot)
        return render_sheet(tr, with_sides(info, match), match.score_sheet)

    async def record_scores(self, tx: Tx, table_id: int, match: engine.Match) -> None:
        """Store the sheet rows the database does not have yet, one ``score_row`` per row and side.

        ``score_row.deal`` is the row's position on the sheet (1-based): a game may write
        several rows for one deal (Berg's declarations, BERG-SCORE-7), and the engine's own deal
        number stays in the sheet.
        """
        sheet = match.score_sheet
        stored = {r.deal for r in await tx.score_rows(table_id)}
        totals = [0.0] * len(sheet["sides"])
        new: list[tuple[int, int, str, float, float, str]] = []
        for position, row in enumerate(sheet["rows"], start=1):
            for side, (cell, pts) in enumerate(zip(row["cells"], row["points"], strict=True)):
                totals[side] += pts
                if position not in stored:
                    new.append((position, side, cell, float(pts), totals[side], row["note"]))
        if new:
            await tx.add_score_rows(table_id, new)

    def finish(self, table: GameTable, match: engine.Match) -> None:
        """Mark ``table`` finished with the match's result (the caller saves it)."""
        result = match.score_sheet["result"] or {}
        table.status = "finished"
        table.finished_at = datetime.now(UTC)
        table.winner_side = result.get("winner")
        table.result_line = result.get("line")

    async def _show(self, target: Target, message_id: str | None, screen: Screen) -> str:
        if message_id and self._shown.get((target.chat_ext_id, message_id)) == screen:
            return message_id
        if message_id:
            new_id = await self.messenger.edit(target, message_id, screen)
        else:
            new_id = await self.messenger.send(target, screen)
        self._remember(target, new_id, screen)
        return new_id

    def _remember(self, target: Target, message_id: str, screen: Screen) -> None:
        self._shown[(target.chat_ext_id, message_id)] = screen
        self._shown.move_to_end((target.chat_ext_id, message_id))
        while len(self._shown) > SHOWN_CACHE:
            self._shown.popitem(last=False)

    def forget(self, chat_ext_id: str) -> None:
        """Forget what this chat was shown, so the next refresh sends or edits it again."""
        for key in [k for k in self._shown if k[0] == chat_ext_id]:
            del self._shown[key]

    async def _post(self, target: Target, screen: Screen) -> None:
        """Post a new message; a failure is logged and does not stop the refresh."""
        try:
            await self.messenger.send(target, screen)
        except Exception:
            log.warning("could not post to %s", target.chat_ext_id, exc_info=True)

    async def refresh(self, table_id: int, *, new_events: list[dict[str, Any]],
                      new_table_message: bool = False, closing: str | None = None) -> None:
        """Bring the table message and every hand up to date; post messages for ``new_events``.

        Args:
            table_id: the table.
            new_events: events of the move just made (``to_dict`` form), posted when worth it.
            new_table_message: post the table message anew (at the start, the lobby message
                stays as the lobby's record).
            closing: a notice key for a match stopped early (the sheet follows it).

        Call it under the table's lock, after the transaction that changed the table committed.
        """
        async with self.store.transaction() as tx:
            table = await tx.get_table(table_id)
            assert table is not None and table.id is not None
            info, tr, seated = await self._info(tx, table)
            chat = await tx.get_chat(table.chat_id)
            record = await tx.get_match(table_id)
        assert chat is not None and record is not None
        match = engine.get_game(table.game).from_json(record.snapshot)
        info = with_sides(info, match)
        playing = table.status == "playing"
        group = Target(chat.ext_id, table.thread_id)
        record_button = None
        if any(e["type"] in NEW_DEAL_EVENTS for e in new_events):
            from bot.records import deal_record_button  # records build on the display

            record_button = deal_record_button(tr, table_id, match)
        for text in self._event_texts(tr, info, new_events):
            buttons = ((record_button,),) if record_button and "deal_scored" in \
                {e["type"] for e in new_events} else ()
            await self._post(group, Screen(text, buttons))
            record_button = None if buttons else record_button
        repost = new_table_message or (
            playing and any(e["type"] in NEW_DEAL_EVENTS for e in new_events))
        old_table_msg = table.message_id
        table_msg = old_table_msg
        table_screen = render_table(tr, info, deal_view(match, match.public_view()))
        if self.table_buttons is not None and playing:
            table_screen = dataclasses.replace(
                table_screen, buttons=table_screen.buttons + self.table_buttons(tr, info))
        try:
            table_msg = await self._show(group, None if repost else old_table_msg, table_screen)
        except Exception:
            log.warning("table %s: the table message was not updated", table_id, exc_info=True)
        if repost and old_table_msg and table_msg != old_table_msg and not new_table_message:
            await self.messenger.delete(group, old_table_msg)
        hand_ids: dict[int, str] = {}
        unreachable: list[str] = []
        for seat, user in seated:
            if user is None:
                continue
            screen = hand_screen(tr, info, match, seat, playing=playing)
            try:
                hand_ids[seat.seat] = await self._show(Target(user.ext_id, private=True),
                                                       seat.hand_message_id, screen)
            except Undeliverable:
                unreachable.append(user.name)
            except Exception:
                log.warning("table %s: hand of seat %s not updated", table_id, seat.seat,
                            exc_info=True)
        if match.is_over and any(e["type"] == "match_over" for e in new_events):
            sheet = match.score_sheet
            await self._post(group, Screen(tr("match.over", line=result_line(tr, info, sheet))
                                           + "\n\n" + render_sheet(tr, info, sheet,
                                                                   with_result=False)))
        if closing:
            await self._post(group, Screen(tr(closing) + "\n\n"
                                           + render_sheet(tr, info, match.score_sheet)))
        if (unreachable and new_events) or (unreachable and new_table_message):
            link = self.messenger.deep_link("hand")
            buttons = ((Button(tr("button.open_private"), url=link),),) if link else ()
            names = escape(", ".join(unreachable))
            await self._post(group, Screen(  # a platform may word it its own way (Discord)
                tr.maybe(f"notice.dm_failed.{self.messenger.platform}",
                         tr("notice.dm_failed", names=names), names=names), buttons))
        await self._save_ids(table_id, table_msg, hand_ids)

    def _event_texts(self, tr: Translator, info: TableInfo,
                     events: list[dict[str, Any]]) -> list[str]:
        """Group messages for the events of one move; a deal result names its last trick."""
        texts = []
        last_trick = None
        for event in events:
            if event["type"] == "trick":
                last_trick = event
            text = render_event(tr, info, event, last_trick=last_trick)
            if text:
                texts.append(text)
        return texts

    async def _save_ids(self, table_id: int, table_msg: str | None,
                        hand_ids: dict[int, str]) -> None:
        async with self.store.transaction() as tx:
            fresh = await tx.get_table(table_id, lock=True)
            assert fresh is not None
            if table_msg and fresh.message_id != table_msg:
                fresh.message_id = table_msg
                await tx.save_table(fresh)
            for seat in await tx.seats(table_id):
                if seat.seat in hand_ids and seat.hand_message_id != hand_ids[seat.seat]:
                    seat.hand_message_id = hand_ids[seat.seat]
                    await tx.save_seat(seat)

    async def _seat_hand(self, table_id: int, seat: int, *, expanded: str | None = None
                         ) -> tuple[Screen, Target, str | None] | None:
        """One seat's hand screen, where it goes and its message so far (None: a bot seat)."""
        async with self.store.transaction() as tx:
            table = await tx.get_table(table_id)
            assert table is not None
            info, tr, seated = await self._info(tx, table)
            record = await tx.get_match(table_id)
        assert record is not None
        match = engine.get_game(table.game).from_json(record.snapshot)
        for row, user in seated:
            if row.seat == seat and user is not None:
                screen = hand_screen(tr, info, match, row, playing=table.status == "playing",
                                     expanded=expanded)
                return screen, Target(user.ext_id, private=True), row.hand_message_id
        return None

    async def show_hand(self, table_id: int, seat: int, *, expanded: str | None) -> None:
        """Re-render one seat's hand message, with the choice ``expanded`` opened."""
        found = await self._seat_hand(table_id, seat, expanded=expanded)
        if found is not None and found[2]:
            screen, target, message_id = found
            await self._show(target, message_id, screen)

    # ---- hands shown on demand (Discord's "My hand") -----------------------------------------

    async def hand_on_demand(self, table_id: int, seat: int,
                             show: Callable[[Screen], Awaitable[str]]) -> None:
        """Show one seat's hand through ``show`` and make the message it returns the seat's
        hand message (edited from then on; the previous one is deleted).

        For a platform where the bot cannot write to a player until he asks: ``show`` answers
        his request (Discord: an ephemeral reply). Call it under the table's lock.
        """
        found = await self._seat_hand(table_id, seat)
        assert found is not None, "a seated person's seat has a user"
        screen, target, old_id = found
        new_id = await show(screen)
        self._remember(target, new_id, screen)
        if old_id and old_id != new_id:
            await self.messenger.delete(target, old_id)
        await self._save_ids(table_id, None, {seat: new_id})
