"""Stopping a running match: the confirmation button of ``/stop`` (``Lobby.stop_request`` asks
it). One load and one check of the table, the stop and its clock in one transaction; the table
as committed is handed on to the redraw and the clock."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.model import LobbyData, Person, Place, Target
from bot.records.service import Records
from bot.show.display import Display
from bot.state.load import Loaded, load
from bot.tables.clock import Clock, Plan, settle
from bot.tables.kit import Kit
from bot.tables.ping_state import forget_table_pings
from bot.tables.play import Answer, answer_safely, guarded

#: A stopped table as committed, its plan (no timers), and the (chat, message) of each of its
#: "your move" pings, deleted after the commit.
Stopped = tuple[Loaded, Plan, list[tuple[str, str]]]


class Stop:
    """The ``/stop`` confirmation.

    Args:
        kit: the service's shared parts.
        display: the screens (the sheet of the stopped match).
        clock: the timers (they stop with the match).
        records: results and ratings (a stopped match that a player left is his loss).
    """

    def __init__(self, kit: Kit, display: Display, clock: Clock,
                 records: Records | None = None) -> None:
        self.kit = kit
        self.display = display
        self.clock = clock
        self.records = records

    async def confirm(self, person: Person, data: LobbyData, reply: Answer,
                      used: Callable[[], Awaitable[None]] | None = None) -> str:
        """The confirmation button of ``/stop``: end the match as aborted, keeping its rows.
        One load of the table, handed on to the redraw and the clock."""
        done = await self._commit(person, data)
        if isinstance(done, Place):  # not the creator: is he an admin of the table's chat?
            done = await self._commit(person, data,
                                      by_admin=await self.kit.messenger.is_admin(done, person))
            assert not isinstance(done, Place)
        notice, kept, stopped = done
        await answer_safely(reply, notice)
        if used is not None and (kept or stopped is not None):  # the confirmation is done
            await guarded(used(), "stop confirmation of %s not closed", data.table_id)
        if stopped is not None:
            loaded, next_, pings = stopped
            for chat_ext, message_id in pings:  # nobody is to move any more
                self.display.outbox.remove(Target(chat_ext, private=True), message=message_id)
            await guarded(self.display.show(loaded, new_events=[], closing="notice.stopped"),
                          "stopped table %s not redrawn", data.table_id)
            self.clock.arm(next_)
        return notice

    async def _commit(self, person: Person, data: LobbyData, *, by_admin: bool | None = None
                      ) -> Place | tuple[str, bool, Stopped | None]:
        """The database part of ``confirm``: (notice, whether the boss kept the match, the
        stopped table, its plan and the 'your move' pings to delete, or None), or the table's
        place to ask whether the person is an admin there (``by_admin`` None: not asked yet)."""
        async with self.kit.store.transaction() as tx:
            loaded = await load(tx, data.table_id, lock=True)
            tr = self.kit.tr(loaded.chat.lang if loaded else None)
            if data.arg not in ("yes", "no"):  # only the two buttons /stop offers
                return tr("notice.bad_data"), False, None
            if loaded is None or loaded.table.status != "playing" or loaded.match is None:
                return tr("notice.table_over"), False, None
            table = loaded.table
            user = await tx.find_user(self.kit.platform, person.ext_id)
            if (user is None or user.id != table.creator_id) and not by_admin:
                if by_admin is None:
                    return Place(self.kit.platform, loaded.chat.ext_id, loaded.chat.title,
                                 table.thread_id)
                return tr("notice.only_creator"), False, None
            if data.arg != "yes":
                return tr("notice.stop_kept"), True, None
            table.status = "aborted"
            table.version += 1
            next_ = await settle(tx, loaded, keep_deadline=False)
            pings = await forget_table_pings(tx, data.table_id)
            if self.records is not None:
                await self.records.on_match_stopped(tx, table, loaded.match)
        return tr("notice.stopped"), False, (loaded, next_, pings)
