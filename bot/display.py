"""Keeping what chats see in step with the database: table message, hands, result messages."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

import engine
from bot.i18n import Catalogs, Translator
from bot.messenger import Messenger
from bot.model import Button, Screen, Target, Undeliverable
from bot.render import TableInfo, render_event, render_hand, render_sheet, render_table, result_line
from storage import GameTable, Store, Tx

log = logging.getLogger(__name__)


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
        self._shown: dict[tuple[str, str], Screen] = {}

    def _tr(self, lang: str | None) -> Translator:
        return self.catalogs.translator(lang or self.default_lang)

    async def _info(self, tx: Tx, table: GameTable) -> tuple[TableInfo, Translator, list[Any]]:
        assert table.id is not None
        chat = await tx.get_chat(table.chat_id)
        assert chat is not None
        seats = await tx.seats(table.id)
        users = [await tx.get_user(s.user_id) if s.user_id else None for s in seats]
        names = tuple(u.name if u else "🤖" for u in users)
        info = TableInfo(table.id, table.version, table.game, chat.title, names)
        return info, self._tr(chat.lang), list(zip(seats, users, strict=True))

    async def sheet_text(self, tx: Tx, table: GameTable) -> str:
        """The rendered score sheet of ``table``'s match."""
        assert table.id is not None
        info, tr, _ = await self._info(tx, table)
        record = await tx.get_match(table.id)
        assert record is not None
        match = engine.get_game(table.game).from_json(record.snapshot)
        return render_sheet(tr, info, match.score_sheet)

    async def record_scores(self, tx: Tx, table_id: int, match: engine.Match) -> None:
        """Store the sheet rows the database does not have yet (one row per deal and side)."""
        sheet = match.score_sheet
        stored = {r.deal for r in await tx.score_rows(table_id)}
        totals = [0.0] * len(sheet["sides"])
        new: list[tuple[int, int, str, float, float, str]] = []
        for row in sheet["rows"]:
            for side, (cell, pts) in enumerate(zip(row["cells"], row["points"], strict=True)):
                totals[side] += pts
                if row["deal"] not in stored:
                    new.append((row["deal"], side, cell, float(pts), totals[side], row["note"]))
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
        self._shown[(target.chat_ext_id, new_id)] = screen
        return new_id

    async def refresh(self, table_id: int, *, new_events: list[dict[str, Any]],
                      new_table_message: bool = False) -> None:
        """Bring the table message and every hand up to date; post messages for ``new_events``.

        ``new_table_message``: post the table message anew (at the start, the lobby message
        stays as the lobby's record).

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
        group = Target(chat.ext_id, table.thread_id)
        for event in new_events:
            text = render_event(tr, info, event)
            if text:
                await self.messenger.send(group, Screen(text))
        table_id_msg = await self._show(group, None if new_table_message else table.message_id,
                                        render_table(tr, info, match.public_view()))
        hand_ids: dict[int, str] = {}
        unreachable: list[str] = []
        for seat, user in seated:
            if user is None:
                continue
            target = Target(user.ext_id, private=True)
            screen = render_hand(tr, info, match.view(seat.seat),
                                 match.legal_actions(seat.seat))
            try:
                hand_ids[seat.seat] = await self._show(target, seat.hand_message_id, screen)
            except Undeliverable:
                unreachable.append(user.name)
        if match.is_over:
            sheet = match.score_sheet
            await self.messenger.send(group, Screen(
                tr("match.over", line=result_line(tr, info, sheet)) + "\n\n"
                + render_sheet(tr, info, sheet)))
        if unreachable:
            link = self.messenger.deep_link("hand")
            buttons = ((Button(tr("button.open_private"), url=link),),) if link else ()
            await self.messenger.send(group, Screen(
                tr("notice.dm_failed", names=", ".join(unreachable)), buttons))
        async with self.store.transaction() as tx:
            fresh = await tx.get_table(table_id, lock=True)
            assert fresh is not None
            if fresh.message_id != table_id_msg:
                fresh.message_id = table_id_msg
                await tx.save_table(fresh)
            for seat in await tx.seats(table_id):
                if seat.seat in hand_ids and seat.hand_message_id != hand_ids[seat.seat]:
                    seat.hand_message_id = hand_ids[seat.seat]
                    await tx.save_seat(seat)

    async def show_hand(self, table_id: int, seat: int, *, expanded: str | None) -> None:
        """Re-render one seat's hand message, with the choice ``expanded`` opened."""
        async with self.store.transaction() as tx:
            table = await tx.get_table(table_id)
            assert table is not None
            info, tr, seated = await self._info(tx, table)
            record = await tx.get_match(table_id)
        assert record is not None
        match = engine.get_game(table.game).from_json(record.snapshot)
        for row, user in seated:
            if row.seat == seat and user is not None and row.hand_message_id:
                screen = render_hand(tr, info, match.view(seat), match.legal_actions(seat),
                                     expanded=expanded)
                await self._show(Target(user.ext_id, private=True), row.hand_message_id, screen)
