"""The "your move" ping (issue #18, item 2).

Telegram does not notify a player when his hand message is edited, so when his turn comes he
hears nothing. When a human's turn has waited ``Clock.ping_after`` seconds (a setting; tables
without a clock too) he gets a short new private message that notifies: "Your move in
«chat»", with a button that brings his hand down to the bottom of the chat. The ping's id is
stored on his seat (``seat.ping_message_id``): it is sent once per turn, and deleted once he
(or the bot for him) has moved, also after a restart. ``/notify on|off`` is his choice, kept
on his user row. A player who blocked the bot just gets no ping.
"""

from __future__ import annotations

import logging

from bot.model import Button, LobbyData, Person, Place, Screen, Target
from bot.show.display import Display
from bot.state.load import Loaded, is_suspended, load
from bot.tables.kit import Kit
from bot.tables.play import Answer, answer_safely
from storage import Seat

log = logging.getLogger(__name__)


class Pings:
    """The ping's use cases.

    Args:
        kit: the service's shared parts.
        display: the screens (the hand brought down by the ping's button).
        ping_after: seconds a turn waits before its ping (the notice of ``/notify on``).
    """

    def __init__(self, kit: Kit, display: Display, *, ping_after: float) -> None:
        self.kit = kit
        self.display = display
        self.ping_after = ping_after

    @staticmethod
    def _waiting(loaded: Loaded | None, version: int | None = None) -> Seat | None:
        """The human seat whose turn waits at ``loaded`` (still at ``version`` when given),
        or None: the table is over, paused, suspended, or a bot is to move."""
        if loaded is None or loaded.match is None or loaded.table.status != "playing" \
                or loaded.table.paused or is_suspended(loaded.table):
            return None
        if version is not None and loaded.table.version != version:
            return None
        row = loaded.row(loaded.match.to_move)
        if row is None or row.user_id is None or row.bot_level is not None:
            return None
        return row

    async def on_ping(self, table_id: int, version: int) -> None:
        """Timer callback: the turn set at ``version`` still waits; ping its human (once, if
        he wants pings and can be written to). A refused delivery is logged, nothing else."""
        async with self.kit.locks(table_id):
            async with self.kit.store.transaction() as tx:
                loaded = await load(tx, table_id)
            row = self._waiting(loaded, version)
            user = loaded.user(row) if loaded is not None and row is not None else None
            if loaded is None or row is None or user is None or row.ping_message_id \
                    or not user.notify or not self.display.reachable(user.ext_id):
                return  # pinged already, pings off, or a chat that refuses the bot
            tr = self.kit.tr(loaded.chat.lang)
            screen = Screen(tr("ping.text", chat=loaded.chat.title), (
                (Button(tr("button.ping_hand"), LobbyData(table_id, "hand")),),))
            try:
                message_id = await self.kit.messenger.send(Target(user.ext_id, private=True),
                                                           screen)
            except Exception:  # blocked the bot, never opened it, the network: no ping
                log.info("ping to %s not delivered", user.ext_id, exc_info=True)
                return
            async with self.kit.store.transaction() as tx:
                # under the table's lock: nobody moved since the load
                row.ping_message_id = message_id
                await tx.save_seat(row)

    async def to_hand(self, person: Person, table_id: int, answer: Answer | None = None) -> str:
        """The ping's button: post the person's hand anew at the bottom of his private chat
        (the old one goes) and delete the ping. A ping whose turn is over just goes, with a
        notice. Returns the press's answer."""
        async with self.kit.locks(table_id):
            async with self.kit.store.transaction() as tx:
                loaded = await load(tx, table_id, lock=True)
                seat = loaded.seat_of(person) if loaded is not None else None
                ping = seat.ping_message_id if seat is not None else None
                if seat is not None and ping:
                    seat.ping_message_id = None
                    await tx.save_seat(seat)
            tr = self.kit.tr(loaded.chat.lang if loaded is not None else None)
            if loaded is None or seat is None:
                notice = tr("notice.not_seated" if loaded is not None else "notice.bad_data")
            elif loaded.table.status != "playing":
                notice = tr("notice.ping_over")
            elif self._waiting(loaded) is not seat:
                notice = tr("notice.ping_gone")
            else:
                notice = ""
                self.display.repost_hand(loaded, seat.seat)
            if answer is not None:
                await answer_safely(answer, notice)
            if ping:
                self.display.outbox.remove(Target(person.ext_id, private=True), message=ping)
        return notice

    async def set_notify(self, place: Place, person: Person, arg: str) -> None:
        """``/notify on|off``: whether the person gets pings (answered where he asked; without
        a valid argument the answer says how it is set now; where the server sends no pings,
        ``ping_after`` 0, the answer says so, and the choice is kept for later)."""
        wanted = {"on": True, "off": False}.get(arg.strip().lower())
        async with self.kit.store.transaction() as tx:
            tr = await self.kit.reply_tr(tx, place, person)
            user = await tx.upsert_user(self.kit.platform, person.ext_id, person.name,
                                        person.username)
            if wanted is not None:
                user.notify = wanted
                await tx.session.flush()
            now = user.notify
        if self.ping_after <= 0:  # TURN_PING=0: this server sends no pings at all
            text = tr("notify.server_off")
        elif wanted is None:
            text = tr("notify.usage", state=tr(f"notify.state.{'on' if now else 'off'}"))
        else:
            text = tr("notify.on", seconds=f"{self.ping_after:g}") if now else tr("notify.off")
        await self.kit.say(place, text)
