"""A group that changes its id, or removes the bot: its tables are neither lost nor stuck.

* Telegram upgrades a group to a supergroup under a new id. The service messages
  (``migrate_to_chat_id`` in the old chat, ``migrate_from_chat_id`` in the new one) and a send
  refused with the new id (``ChatMigrated``, from the outgoing queue) all lead here: the chat's
  tables, records and language move to the new id in one transaction (storage/chatmove.py), and
  its running table and lobby are posted anew there. Moving twice is harmless.
* The bot removed from a group (``my_chat_member``: left or kicked): a running game is suspended
  (clocks stopped, bot players and moves held, marked in the table's options so that the table
  message and /resume know why); a lobby is closed. Added back, the bot says how to go on:
  ``/resume`` by the creator or an admin, or ``/stop``.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

from sqlmodel import col, select

from bot.model import Screen, Target
from bot.show.display import Display
from bot.state.load import REMOVED, SUSPENDED, is_suspended, unsuspend
from bot.tables.clock import Clock, utcnow
from bot.tables.kit import Kit
from bot.tables.lobby import Lobby
from bot.tables.ping_state import forget_table_pings
from bot.tables.play import guarded
from storage import Chat, GameTable, Tx
from storage.chatmove import move_chat
from storage.models import ABORTED, ACTIVE_STATUSES, FINISHED, LOBBY, PLAYING

log = logging.getLogger(__name__)


async def _chat_tables(tx: Tx, platform: str, ext_id: str,
                       statuses: tuple[str, ...] = ACTIVE_STATUSES
                       ) -> tuple[Chat | None, list[GameTable]]:
    """The chat ``ext_id`` and its tables of ``statuses`` (default: its lobbies and running
    games), every topic."""
    chat = (await tx.session.exec(select(Chat).where(
        Chat.platform == platform, Chat.ext_id == ext_id))).first()
    if chat is None:
        return None, []
    # FOR UPDATE (PostgreSQL; SQLite's write transactions are serial already): the caller
    # saves these rows, and a press committed between this read and that save would be lost
    tables = (await tx.session.exec(select(GameTable).where(
        GameTable.chat_id == chat.id, col(GameTable.status).in_(statuses))
        .order_by(col(GameTable.id)).with_for_update())).all()
    return chat, list(tables)


async def _mark_finished(tx: Tx, chat: Chat | None, removed: bool, since: datetime) -> None:
    """Mark the chat's matches finished after ``since``, whose Rematch offer may still be
    pressed (bot/tables/rematch.py): ``removed`` while the bot is out of the chat (a rematch
    there is refused), unmarked once it is back."""
    if chat is None:
        return
    for table in (await tx.session.exec(select(GameTable).where(
            GameTable.chat_id == chat.id, GameTable.status == FINISHED,
            col(GameTable.finished_at) >= since))).all():
        if removed and not is_suspended(table):
            table.options = {**table.options, SUSPENDED: REMOVED}
        elif not removed and is_suspended(table):
            unsuspend(table)
        else:
            continue
        await tx.save_table(table)


class ChatMoves:
    """Chat moves and removals.

    Args:
        kit: the service's shared parts.
        display: the screens (a running table is posted anew in the moved chat).
        lobby: the lobbies (a lobby is posted anew in the moved chat).
        clock: the timers (stopped for a suspended game).
    """

    def __init__(self, kit: Kit, display: Display, lobby: Lobby, clock: Clock) -> None:
        self.kit = kit
        self.display = display
        self.lobby = lobby
        self.clock = clock
        self._move_lock = asyncio.Lock()  # chat moves one at a time
        self._background: set[asyncio.Task[None]] = set()

    # ---- a group upgraded to a supergroup -------------------------------------------------

    def migrate_soon(self, old_ext: str, new_ext: str) -> None:
        """``Outbox.on_migrate``: start ``migrate_chat`` without waiting (the queue's worker
        calls this and must not wait for messages queued behind it)."""
        task = asyncio.get_running_loop().create_task(self.migrate_chat(old_ext, new_ext))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def migrate_chat(self, old_ext: str, new_ext: str) -> None:
        """Move the chat ``old_ext`` to ``new_ext`` (see the module) and post its running table
        and lobby messages anew there. Errors are logged: the next signal tries again."""
        try:
            async with self._move_lock:
                async with self.kit.store.transaction() as tx:
                    _, tables = await _chat_tables(tx, self.kit.platform, new_ext)
                    lobbies = [(t.id, t.message_id, t.thread_id) for t in tables
                               if t.id is not None and t.status == LOBBY and t.message_id]
                    games = [t.id for t in tables if t.id is not None and t.status == PLAYING]
                    chat_id = await move_chat(tx, self.kit.platform, old_ext, new_ext)
                    if chat_id is None:
                        return
                    _, tables = await _chat_tables(tx, self.kit.platform, new_ext)
                    # the new chat's lobbies move_chat closed for the old chat's game
                    still = {t.id for t in tables}
                    displaced = [lobby for lobby in lobbies if lobby[0] not in still]
                    # a game of the new chat aborted by the merge: nobody is to move there any
                    # more, its "your move" pings go as a stopped game's do (bot/tables/stop.py)
                    ended = [g for g in games if g not in still]
                    pings = [p for g in ended for p in await forget_table_pings(tx, g)]
                    for table in tables:
                        table.message_id = None  # a message id of the old chat means nothing
                        await tx.save_table(table)
                    moved = [(t.id, t.status, t.thread_id) for t in tables if t.id is not None]
                log.info("chat %s moved to %s with %s active tables", old_ext, new_ext,
                         len(moved))
                for table_id in ended:
                    self.clock.timers.cancel(table_id)
                for chat_ext, message_id in pings:
                    self.display.outbox.remove(Target(chat_ext, private=True), message=message_id)
                for table_id in ended:  # its table and hands shown ended, as /stop shows them
                    async with self.kit.locks(table_id):
                        await guarded(self.display.refresh(table_id, new_events=[],
                                                           closing="notice.merged"),
                                      "table %s aborted by a merge not redrawn", table_id)
                for table_id, message_id, thread_id in displaced:
                    await self._show_closed(Target(new_ext, thread_id), table_id, message_id,
                                            "lobby.displaced")
                for table_id, status, thread_id in moved:
                    async with self.kit.locks(table_id):
                        if status == PLAYING:
                            await self.display.refresh(table_id, new_events=[],
                                                      new_table_message=True)
                        else:
                            screen = await self.lobby.lobby_screen(table_id)
                            message_id = await self.kit.messenger.send(Target(new_ext, thread_id),
                                                                  screen)
                            await self.lobby.save_lobby_id(table_id, message_id)
        except Exception:
            log.exception("chat %s could not be moved to %s", old_ext, new_ext)

    # ---- the bot removed from a group, and added back ---------------------------------------

    def _offers_since(self) -> datetime:
        """The end of the oldest match whose Rematch offer has not expired yet."""
        return utcnow() - timedelta(seconds=self.clock.lobby_timeout)

    async def bot_removed(self, chat_ext: str) -> None:
        """The bot left or was removed from ``chat_ext``: suspend its games, close its lobbies.
        Nothing is sent there (it would be refused); the players of a suspended game are told
        in their private chats."""
        told: list[str] = []
        async with self.kit.store.transaction() as tx:
            chat, tables = await _chat_tables(tx, self.kit.platform, chat_ext)
            for table in tables:
                if table.status == LOBBY:
                    table.status = ABORTED
                    # its message still shows Join: edited once the bot is back (bot_added)
                    table.options = {**table.options, SUSPENDED: REMOVED}
                else:
                    table.paused, table.deadline = True, None
                    table.options = {**table.options, SUSPENDED: REMOVED}
                    table.version += 1  # the hands' buttons are stale until /resume
                    assert table.id is not None
                    told += [u.ext_id for s in await tx.seats(table.id) if s.user_id
                             and (u := await tx.get_user(s.user_id)) is not None and u.can_dm]
                await tx.save_table(table)
            await _mark_finished(tx, chat, removed=True, since=self._offers_since())
            ids = [t.id for t in tables if t.id is not None]
        for table_id in ids:
            async with self.kit.locks(table_id):
                self.clock.timers.cancel(table_id, "turn", "reminder", "bot", "lobby")
        log.info("removed from chat %s: %s tables suspended or closed", chat_ext, len(ids))
        if chat is None:
            return
        text = self.kit.tr(chat.lang)("notice.suspended_dm", chat=chat.title)
        for ext_id in dict.fromkeys(told):
            try:
                await self.kit.messenger.send(Target(ext_id, private=True), Screen(text))
            except Exception:  # blocked, or gone: the game waits all the same
                log.info("player %s not told of the suspension", ext_id, exc_info=True)

    async def bot_added(self, chat_ext: str, title: str) -> None:
        """The bot is in ``chat_ext`` again: if a game there waits, say how to go on."""
        async with self.kit.store.transaction() as tx:
            chat, tables = await _chat_tables(tx, self.kit.platform, chat_ext)
            waiting = [t for t in tables if is_suspended(t)]
            closed = []  # lobbies closed by the removal whose message still shows Join
            if chat is not None:
                for table in (await tx.session.exec(select(GameTable).where(
                        GameTable.chat_id == chat.id, GameTable.status == ABORTED))).all():
                    if is_suspended(table):
                        unsuspend(table)
                        await tx.save_table(table)
                        # a game stopped while suspended was paused, never a lobby: its
                        # message shows the stopped game, not a lobby to close
                        if table.id is not None and table.message_id and not table.paused:
                            closed.append((table.id, table.message_id, table.thread_id))
        for table_id, message_id, thread_id in closed:
            await self._show_closed(Target(chat_ext, thread_id), table_id, message_id,
                                    "lobby.removed")
        if chat is None:
            return
        tr = self.kit.tr(chat.lang)
        for table in waiting:
            await self.kit.messenger.send(Target(chat_ext, table.thread_id),
                                     Screen(tr("notice.suspended_back")))
        await self._mark_offers(chat, removed=False)

    async def _mark_offers(self, chat: Chat, *, removed: bool) -> None:
        """Once the return has been told: mark the chat's Rematch offers (``_mark_finished``)
        in a transaction of their own (the closed lobbies' redraw waits for nothing)."""
        async with self.kit.store.transaction() as tx:
            await _mark_finished(tx, chat, removed=removed, since=self._offers_since())

    async def _show_closed(self, target: Target, table_id: int, message_id: str,
                           reason: str) -> None:
        """Edit a lobby message to its closed form, saying why (``reason``, a message key);
        a failure is logged (the lobby is closed in the database all the same)."""
        try:
            screen = await self.lobby.lobby_screen(table_id, reason)
            await self.kit.messenger.edit(target, message_id, screen)
        except Exception:
            log.warning("closed lobby %s not redrawn", table_id, exc_info=True)
