"""Keeping what chats see in step with the database: table message, hands, result messages.

Every message is derived from the stored match, so a refresh can always be repeated: a send or
edit that failed (flood limit, network) is simply done again by the next refresh, which the next
move, a stale press or the start-up triggers. One failing message never stops the others.

Messages go out through an ``Outbox`` (bot/show/outbox.py): a refresh only queues them, so
the table's lock is never held while a busy group's spacing is waited out. What a delivery
brings back later (a re-posted message's new id, a person the bot cannot write to) is handled
when it arrives: the id is stored, the group is told and offered the deep link.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any

import engine
from bot.i18n import Catalogs, Translator
from bot.markup import escape, moment
from bot.messenger import Messenger
from bot.model import (
    Button,
    ChatMigrated,
    LobbyData,
    RecordData,
    Screen,
    Target,
    Undeliverable,
)
from bot.show.common import TableInfo, seat_names
from bot.show.events import render_event, with_tie_reasons
from bot.show.hand import declared_for_you, render_hand, select_codes
from bot.show.lobby import insurance_price, tie_turnover
from bot.show.outbox import Delivery, Outbox, settled
from bot.show.redraw import LaterRedraws
from bot.show.sheet import render_sheet, result_line
from bot.show.table import render_table
from bot.show.takeback import with_takeback
from bot.state.deals import last_over_deal
from bot.state.load import Loaded, load
from bot.state.locks import TableLocks
from bot.state.undo_state import may_ask
from storage import GameTable, Seat, Store

log = logging.getLogger(__name__)

#: Events after which the group's table message is posted anew below the result message.
NEW_DEAL_EVENTS = ("deal_scored", "thrown_in")
#: How many messages' last screens are remembered (to skip edits that change nothing).
SHOWN_CACHE = 20_000
#: A message the display keeps up to date: (table id, seat), seat None for the table message.
Slot = tuple[int, int | None]


@dataclasses.dataclass(eq=False)
class _Sent:
    """The newest delivery queued for a slot, until its id is stored (the database may hold
    an id that is about to change, or none yet, meanwhile)."""

    target: Target
    screen: Screen | None
    delivery: Delivery
    #: the slot's delivery this one follows (what a withdrawn ``delivery`` would have edited)
    prior: Delivery | None = None


def zone_label(moment: datetime) -> str:
    """The name of ``moment``'s time zone for a reader: its letter abbreviation (``MSK``,
    ``EET``, ``UTC``), else its offset from UTC (``UTC+4``, ``UTC+5:30``) where the zone
    database has only digits (``+04``)."""
    name = moment.tzname() or ""
    if name.isalpha():
        return name
    offset = moment.utcoffset() or timedelta()
    minutes = int(offset.total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


def _clock(tr: Translator, table: GameTable, zone: tzinfo = UTC) -> str | None:
    """The table's clock line: when the turn ends, as a time of day (``bot.markup.moment``:
    the deadline kept as data, which each platform shows in the reader's own time zone, so that
    it stays true without an edit every second and reads right in Moscow as in Kyiv:
    ``move by 18:42:30 MSK``). The moment's text, for a reader whose platform cannot do that, is
    the time in ``zone`` (the organiser's ``KOZYR_TIMEZONE``) and names it (``zone_label``). The
    time-out fires to the second and a turn lasts 30 s to a day (``TURN_TIMERS`` in
    bot/tables/lobby.py), so a deadline within the hour keeps its seconds; a later one is shown
    to the minute, with the date when it is more than 20 hours away; paused; None without a
    clock."""
    if table.status != "playing":
        return None
    if table.paused:
        return "⏸ " + tr("table.paused")
    if table.deadline is None:
        return None
    deadline = table.deadline.astimezone(zone)
    left = deadline - datetime.now(UTC)
    seconds, date = left < timedelta(hours=1), left > timedelta(hours=20)
    text = (deadline.strftime("%d.%m " if date else "")
            + deadline.strftime("%H:%M:%S" if seconds else "%H:%M") + " " + zone_label(deadline))
    return "⏱ " + tr("table.clock", time=moment(deadline, seconds=seconds, date=date, text=text))


def with_sides(info: TableInfo, match: engine.Match) -> TableInfo:
    """``info`` knowing which seats form each side (pairs in the partnership games)."""
    sides = tuple(tuple(side["seats"]) for side in match.score_sheet["sides"])
    return dataclasses.replace(info, sides=sides)


def hand_screen(tr: Translator, info: TableInfo, match: engine.Match, seat: Seat, *,
                playing: bool, expanded: str | None = None,
                confirming: str | None = None, loaded: Loaded | None = None) -> Screen:
    """A seat's hand message: its legal moves while it plays, none once a bot plays for it
    (``confirming``: the misclick guard asks about that call, ``render_hand``; ``loaded``:
    the table, whose takebacks add their lines and buttons, bot/show/takeback.py)."""
    auto = playing and seat.bot_level is not None
    codes = match.legal_actions(seat.seat) if playing and not auto else []
    view = match.view(seat.seat)
    takebacks = loaded if playing and not auto and confirming is None else None
    screen = render_hand(tr, info, view, codes, auto=auto, expanded=expanded,
                         confirming=confirming, undo=takebacks is not None
                         and may_ask(takebacks, seat.seat) is not None)
    if takebacks is not None:
        screen = with_takeback(tr, info, takebacks, seat.seat, view, screen)
    return screen


class Display:
    """Renders a table's state and sends or edits its messages.

    Remembers the last screen of each message so that an unchanged message is not edited again
    (fewer API calls; "not modified" is harmless anyway): on a move only the table message, the
    mover's and the next player's hands change.

    Args:
        messenger: an ``Outbox`` (deliveries are queued; ``refresh`` returns at once), or any
            other messenger, which gets an unlimited outbox of its own and whose deliveries
            ``refresh`` awaits (the behaviour its platform's tests know).
        locks: the service's table locks, taken to store a delivered message's id.
        time_zone: the zone the clock line's text is written in (``_clock``).
    """

    def __init__(self, *, store: Store, catalogs: Catalogs, messenger: Messenger,
                 default_lang: str, locks: TableLocks | None = None,
                 time_zone: tzinfo = UTC) -> None:
        self.store = store
        self.catalogs = catalogs
        self.messenger = messenger
        self.default_lang = default_lang
        self.time_zone = time_zone
        self.detached = isinstance(messenger, Outbox)
        self.outbox = messenger if isinstance(messenger, Outbox) else Outbox(messenger)
        self.locks = locks if locks is not None else TableLocks()  # an empty one is falsy
        self._shown: OrderedDict[tuple[str, str], Screen] = OrderedDict()
        self._sent: dict[Slot, _Sent] = {}
        #: a hand's line about a declaration made for its player (``declared_for_you``), kept
        #: with the table version it was told at, so that the same hand redrawn (a choice
        #: opened) still says it until the table moves on
        self._told: dict[Slot, tuple[int, str]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        #: Private chats that refused a hand (403) after the group was told: no hand is sent
        #: there again (no call, no repeated notice eating the group's budget) until the person
        #: starts the bot (``forget``) or a new match begins.
        self._unreachable: OrderedDict[str, None] = OrderedDict()
        #: Buttons under the table message while it plays: set by a platform whose players ask
        #: for their hands there (Discord's "My hand"), called with the chat's translator.
        self.table_buttons: Callable[[Translator, TableInfo],
                                     tuple[tuple[Button, ...], ...]] | None = None
        #: Told of each match result posted with its Rematch button: ``(table id, delivery)``
        #: (bot/tables/rematch.py keeps the message's id, to take the button away when the
        #: offer expires).
        self.on_result: Callable[[int, Delivery], Awaitable[None]] | None = None
        #: tables whose screens failed for a passing reason, drawn again from the store later
        self.later = LaterRedraws(self._redraw_stored)

    def _tr(self, lang: str | None) -> Translator:
        return self.catalogs.translator(lang or self.default_lang)

    def _info(self, loaded: Loaded) -> tuple[TableInfo, Translator]:
        """The renderer's facts of the table (names, clock; sides once it started) and the
        chat's translator."""
        tr = self._tr(loaded.chat.lang)
        names = seat_names(tr, [((user.name + (" 🤖" if seat.bot_level else ""))
                                 if (user := loaded.user(seat)) else None, seat.bot_level)
                                for seat in loaded.seats])
        info = TableInfo(loaded.id, loaded.table.version, loaded.table.game, loaded.chat.title,
                         names, clock=_clock(tr, loaded.table, self.time_zone),
                         insurance_price=insurance_price(loaded.table.game, loaded.table.options),
                         tie_turnover=tie_turnover(loaded.table.game, loaded.table.options))
        return (with_sides(info, loaded.match) if loaded.match is not None else info), tr

    def result_screen(self, loaded: Loaded, buttons: tuple[tuple[Button, ...], ...] = ()
                      ) -> Screen:
        """The group's message at a match's end: the result line and the final sheet, with
        ``buttons`` (the Rematch button while the offer lasts)."""
        info, tr = self._info(loaded)
        assert loaded.match is not None
        sheet = loaded.match.score_sheet
        return Screen(tr("match.over", line=result_line(tr, info, sheet)) + "\n\n"
                      + render_sheet(tr, info, sheet, with_result=False), buttons)

    def _show(self, slot: Slot, target: Target, message_id: str | None, screen: Screen, *,
              anew: bool = False) -> Delivery | None:
        """Queue ``screen`` for the slot's message (``message_id`` as stored; ``anew``: post a
        new one). None when the message shows it already."""
        sent = self._sent.get(slot)
        if anew:
            delivery = self.outbox.post(target, screen)
        else:
            if sent is not None and sent.screen == screen:
                return None
            if sent is None and message_id \
                    and self._shown.get((target.chat_ext_id, message_id)) == screen:
                return None
            delivery = self.outbox.update(target, screen, message=message_id,
                                          after=sent.delivery if sent else None)
        entry = _Sent(target, screen, delivery, sent.delivery if sent else None)
        self._sent[slot] = entry
        self._spawn(self._settle(slot, entry, message_id))
        return delivery

    async def _settle(self, slot: Slot, entry: _Sent, stored_id: str | None) -> None:
        """When a slot's delivery is done: remember the screen and store a new message id."""
        error = await settled(entry.delivery)
        newest = self._sent.get(slot) is entry
        if error is not None:
            if not isinstance(error, Undeliverable | ChatMigrated | asyncio.CancelledError):
                log.warning("table %s: message %s not updated", slot[0],
                            "table" if slot[1] is None else f"of seat {slot[1]}",
                            exc_info=error)
            if newest:
                del self._sent[slot]  # the next refresh starts again from the stored id
                if not isinstance(error, Undeliverable | ChatMigrated | asyncio.CancelledError):
                    self.later.failed(slot[0])  # a 5xx, a network error: drawn again later
            return
        self.later.delivered(slot[0])
        new_id = entry.delivery.result()
        if entry.screen is not None:
            self._remember(entry.target, new_id, entry.screen)
        if not newest and new_id == stored_id:
            return  # a newer delivery of the slot follows; it stores the final id
        # A new id is stored even when a newer delivery follows: should that one fail or be
        # withdrawn, the stored id must be this message, not the one it replaced. Settlements
        # take the table's lock in the order their deliveries finished (asyncio.Lock is FIFO).
        if new_id != stored_id:
            table_id, seat = slot
            # without an Outbox of its own, the refresh awaiting this holds the table's lock
            lock = self.locks(table_id) if self.detached else contextlib.nullcontext()
            async with lock:
                await self._save_ids(table_id, new_id if seat is None else None,
                                     {} if seat is None else {seat: new_id})
        if self._sent.get(slot) is entry:
            del self._sent[slot]

    def _spawn(self, work: Awaitable[None]) -> asyncio.Task[None]:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def drain(self) -> None:
        """Wait until every queued message went out and its outcome was handled."""
        while self._tasks or self.outbox.busy:
            await self.outbox.drain()
            if self._tasks:
                await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def _remember(self, target: Target, message_id: str, screen: Screen) -> None:
        self._shown[(target.chat_ext_id, message_id)] = screen
        self._shown.move_to_end((target.chat_ext_id, message_id))
        while len(self._shown) > SHOWN_CACHE:
            self._shown.popitem(last=False)

    def forget(self, chat_ext_id: str) -> None:
        """Forget what this chat was shown, so the next refresh sends or edits it again."""
        for key in [k for k in self._shown if k[0] == chat_ext_id]:
            del self._shown[key]
        self._unreachable.pop(chat_ext_id, None)
        for sent in self._sent.values():
            if sent.target.chat_ext_id == chat_ext_id:
                sent.screen = None

    def reachable(self, chat_ext_id: str) -> bool:
        """False when this private chat refused a hand since the person last started the bot
        (nothing more is sent there until he does)."""
        return chat_ext_id not in self._unreachable

    def post(self, target: Target, screen: Screen) -> Delivery:
        """Queue a new message nobody waits for (a notice, an event); a failure is logged and
        does not stop the refresh."""
        delivery = self.outbox.post(target, screen)
        self._spawn(self._log_failure(target, delivery))
        return delivery

    @staticmethod
    async def _log_failure(target: Target, delivery: Delivery) -> None:
        error = await settled(delivery)
        if error is not None:
            log.warning("could not post to %s", target.chat_ext_id, exc_info=error)

    async def _redraw_stored(self, table_id: int) -> None:
        """Draw the table again as stored (``LaterRedraws``), under its lock; nothing for a
        table gone or without a match."""
        async with self.locks(table_id):
            async with self.store.transaction() as tx:
                loaded = await load(tx, table_id)
            if loaded is not None and loaded.match is not None:
                await self.show(loaded, new_events=[])

    async def refresh(self, table_id: int, *, new_events: list[dict[str, Any]],
                      new_table_message: bool = False, closing: str | None = None,
                      opening: bool = False) -> None:
        """``show`` the table as stored now (read here): for changes that did not load it."""
        async with self.store.transaction() as tx:
            loaded = await load(tx, table_id)
        assert loaded is not None and loaded.match is not None
        await self.show(loaded, new_events=new_events, new_table_message=new_table_message,
                        closing=closing, opening=opening)

    async def show(self, loaded: Loaded, *, new_events: list[dict[str, Any]],
                   new_table_message: bool = False, closing: str | None = None,
                   opening: bool = False) -> None:
        """Bring the table message and every hand up to date; post messages for ``new_events``.

        Args:
            loaded: the table as the change committed it (its match decoded once, by the
                change; nothing is read again here).
            new_events: events of the move just made (``to_dict`` form), posted when worth it.
            new_table_message: post the table message anew (at the start, the lobby message
                stays as the lobby's record).
            closing: a notice key for a match stopped early (the sheet follows it).
            opening: the match has just started: the table message says what its first deal
                did before anyone moved, as a later deal's does (Berg's up-card: who took
                cards and missed a turn, BERG-DEAL-5, BERG-INFO-3).

        Call it under the table's lock, after the transaction that changed the table committed.
        With an ``Outbox`` it returns once the messages are queued (``drain`` waits for them).
        In order: the group's messages for the events, the table message, the hands, the
        match's end (result or ``closing``).
        """
        assert loaded.match is not None
        info, tr = self._info(loaded)
        group = Target(loaded.chat.ext_id, loaded.table.thread_id)
        self._post_events(tr, info, loaded, group, new_events)
        told = [e.to_dict() for e in loaded.match.events] if opening else new_events
        self._show_table_message(tr, info, loaded, group, told,
                                 new_table_message=new_table_message)
        hands = self._show_hands(tr, info, loaded, new_table_message=new_table_message,
                                 events=new_events)
        self._post_end(tr, info, loaded, group, new_events, closing)
        if hands and (new_events or new_table_message):
            self._spawn(self._tell_unreachable(tr, group, hands))
        if not self.detached:  # a plain messenger: the refresh ends when its messages are out
            await self.drain()

    def _post_events(self, tr: Translator, info: TableInfo, loaded: Loaded, group: Target,
                     new_events: list[dict[str, Any]]) -> None:
        """Post the group's messages for a move's events; a deal's result gets the button of
        its deal record."""
        match = loaded.match
        assert match is not None
        record_button = None
        if any(e["type"] in NEW_DEAL_EVENTS for e in new_events):
            record_button = deal_record_button(tr, loaded.id, match)
        for text in self._event_texts(tr, info, new_events, match.score_sheet["rows"]):
            buttons = ((record_button,),) if record_button and "deal_scored" in \
                {e["type"] for e in new_events} else ()
            self.post(group, Screen(text, buttons))
            record_button = None if buttons else record_button

    def _show_table_message(self, tr: Translator, info: TableInfo, loaded: Loaded,
                            group: Target, new_events: list[dict[str, Any]], *,
                            new_table_message: bool) -> None:
        """Queue the group's table message: edited, or posted anew below a deal's result (the
        old one deleted once the new one is there)."""
        table, match, table_id = loaded.table, loaded.match, loaded.id
        assert match is not None
        playing = table.status == "playing"
        repost = new_table_message or (
            playing and any(e["type"] in NEW_DEAL_EVENTS for e in new_events))
        old_table_msg = table.message_id
        table_screen = render_table(tr, info, match.public_view(), new_events)
        if self.table_buttons is not None and playing:
            table_screen = dataclasses.replace(
                table_screen, buttons=table_screen.buttons + self.table_buttons(tr, info))
        waiting = loaded.row(match.to_move) if playing else None
        if waiting is not None and waiting.bot_level is None \
                and (person := loaded.user(waiting)) is not None:
            table_screen = dataclasses.replace(table_screen, mention=person.ext_id)
        before = self._sent.get((table_id, None))
        old_delivery = before.delivery if before else None
        if repost and before is not None and before.delivery.done() is False \
                and not new_table_message and self.outbox.withdraw(before.delivery):
            # an edit of the old table message, not sent yet, is not worth it; the message
            # to delete is then the one that edit would have changed
            old_delivery = before.prior
        posted = self._show((table_id, None), group, old_table_msg, table_screen, anew=repost)
        if repost and posted is not None and not new_table_message \
                and (old_table_msg or old_delivery is not None):
            # the old table message goes once its replacement is there
            self.outbox.remove(group, message=old_table_msg, after=old_delivery,
                               only_if=posted)

    def _show_hands(self, tr: Translator, info: TableInfo, loaded: Loaded, *,
                    new_table_message: bool, events: Sequence[Mapping[str, Any]] = ()
                    ) -> list[tuple[str, str, Delivery]]:
        """Queue every seated person's hand message that changed; the deliveries queued, as
        ``(name, private chat, delivery)``. ``events``: the change's, whose declaration made
        in a player's name his hand tells him of (``declared_for_you``)."""
        match = loaded.match
        assert match is not None
        playing = loaded.table.status == "playing"
        hands: list[tuple[str, str, Delivery]] = []
        for seat in loaded.seats:
            user = loaded.user(seat)
            if user is None or (user.ext_id in self._unreachable and not new_table_message):
                continue
            screen = hand_screen(tr, info, match, seat, playing=playing, loaded=loaded)
            told = declared_for_you(tr, seat.seat, events)
            if told:
                self._told[(loaded.id, seat.seat)] = (loaded.table.version, told)
            else:
                self._told.pop((loaded.id, seat.seat), None)
            screen = self._with_told(loaded, seat.seat, screen)
            delivery = self._show((loaded.id, seat.seat), Target(user.ext_id, private=True),
                                  seat.hand_message_id, screen)
            if delivery is not None:
                hands.append((user.name, user.ext_id, delivery))
        return hands

    def _post_end(self, tr: Translator, info: TableInfo, loaded: Loaded, group: Target,
                  new_events: list[dict[str, Any]], closing: str | None) -> None:
        """Post the match's result with its Rematch button (when the move ended the match),
        and ``closing``'s notice with the sheet (a match stopped early)."""
        match = loaded.match
        assert match is not None
        if match.is_over and any(e["type"] == "match_over" for e in new_events):
            # the rematch's button (bot/tables/rematch.py) waits under the result
            rematch = ((rematch_button(tr, loaded.id),),)
            result = self.post(group, self.result_screen(loaded, rematch))
            if self.on_result is not None:
                self._spawn(self.on_result(loaded.id, result))
        if closing:
            self.post(group, Screen(tr(closing) + "\n\n"
                                     + render_sheet(tr, info, match.score_sheet)))

    async def _tell_unreachable(self, tr: Translator, group: Target,
                                hands: list[tuple[str, str, Delivery]]) -> None:
        """Once the hands of a refresh are delivered: tell the group whom the bot cannot write
        to (never opened it, or blocked it), with the link that opens the private chat."""
        errors = [await settled(delivery) for _, _, delivery in hands]
        failed = [(name, chat) for (name, chat, _), error in zip(hands, errors, strict=True)
                  if isinstance(error, Undeliverable)]
        if not failed:
            return
        unreachable = [name for name, _ in failed]
        for _, chat in failed:
            self._unreachable[chat] = None
            self._unreachable.move_to_end(chat)
        while len(self._unreachable) > SHOWN_CACHE:
            self._unreachable.popitem(last=False)
        link = self.messenger.deep_link("hand")
        buttons = ((Button(tr("button.open_private"), url=link),),) if link else ()
        names = escape(", ".join(unreachable))
        self.post(group, Screen(  # a platform may word it its own way (Discord)
            tr.maybe(f"notice.dm_failed.{self.messenger.platform}",
                     tr("notice.dm_failed", names=names), names=names), buttons))

    def _event_texts(self, tr: Translator, info: TableInfo, events: list[dict[str, Any]],
                     rows: Sequence[Mapping[str, Any]]) -> list[str]:
        """Group messages for the events of one move; a deal result names its last trick and
        is explained from the sheet row it wrote (the last row of its deal)."""
        texts = []
        last_trick = played = None
        # a deal that is not the match's last: the next deal's table replaces this one's
        next_deal = not any(e["type"] == "match_over" for e in events)
        # why a deal was tied comes in the event after its result (Berg, BERG-TIE-1, -2, -10)
        for event in with_tie_reasons(events):
            if event["type"] == "trick":
                last_trick = event
            if event["type"] in ("play", "frame"):  # what ended the deal, if it did (Berg)
                played = event
            row = next((r for r in reversed(rows) if r["deal"] == event.get("deal")), None) \
                if event["type"] == "deal_scored" else None
            text = render_event(tr, info, event, last_trick=last_trick, row=row,
                                sheet_rows=rows, played=played, next_deal=next_deal)
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

    def _seat_hand(self, loaded: Loaded, seat: int, *, expanded: str | None = None,
                   confirming: str | None = None) -> tuple[Screen, Target, str | None] | None:
        """One seat's hand screen, where it goes and its message so far (None: a bot seat)."""
        assert loaded.match is not None
        info, tr = self._info(loaded)
        row = loaded.row(seat)
        user = loaded.user(row) if row is not None else None
        if row is None or user is None:
            return None
        screen = hand_screen(tr, info, loaded.match, row,
                             playing=loaded.table.status == "playing", expanded=expanded,
                             confirming=confirming, loaded=loaded)
        screen = self._with_told(loaded, seat, screen)
        return screen, Target(user.ext_id, private=True), row.hand_message_id

    def _with_told(self, loaded: Loaded, seat: int, screen: Screen) -> Screen:
        """``screen`` with the line told to ``seat`` at this table version (``_told``), below
        its first line; as it is once the table has moved on."""
        version, told = self._told.get((loaded.id, seat), (-1, ""))
        if not told or version != loaded.table.version:
            return screen
        head, _, rest = screen.text.partition("\n")
        return dataclasses.replace(screen, text=f"{head}\n{told}\n{rest}")

    @staticmethod
    def offers(loaded: Loaded, seat: int, prefix: str) -> bool:
        """Whether ``prefix`` opens a choice among the seat's legal moves."""
        return loaded.match is not None \
            and bool(select_codes(loaded.match.legal_actions(seat), prefix))

    async def show_hand(self, loaded: Loaded, seat: int, *, expanded: str | None,
                        confirming: str | None = None) -> None:
        """Re-render one seat's hand message, with the choice ``expanded`` opened (or the
        misclick guard's question about the call ``confirming``)."""
        found = self._seat_hand(loaded, seat, expanded=expanded, confirming=confirming)
        if found is not None and (found[2] or (loaded.id, seat) in self._sent):
            screen, target, message_id = found
            self._show((loaded.id, seat), target, message_id, screen)
            if not self.detached:
                await self.drain()

    def repost_hand(self, loaded: Loaded, seat: int) -> None:
        """Post one seat's hand message anew (at the bottom of its private chat) and delete
        the old one once the new one is there: the "your move" ping's button. Call it under
        the table's lock; the new message's id is stored when it is delivered."""
        found = self._seat_hand(loaded, seat)
        if found is None:
            return
        screen, target, old_id = found
        before = self._sent.get((loaded.id, seat))
        posted = self._show((loaded.id, seat), target, old_id, screen, anew=True)
        if old_id or before is not None:
            self.outbox.remove(target, message=old_id,
                               after=before.delivery if before else None, only_if=posted)

    # ---- hands shown on demand (Discord's "My hand") -----------------------------------------

    async def hand_on_demand(self, loaded: Loaded, seat: int,
                             show: Callable[[Screen], Awaitable[str]]) -> None:
        """Show one seat's hand through ``show`` and make the message it returns the seat's
        hand message (edited from then on; the previous one is deleted).

        For a platform where the bot cannot write to a player until he asks: ``show`` answers
        his request (Discord: an ephemeral reply). Call it under the table's lock.
        """
        table_id = loaded.id
        found = self._seat_hand(loaded, seat)
        assert found is not None, "a seated person's seat has a user"
        screen, target, old_id = found
        new_id = await show(screen)
        self._sent.pop((table_id, seat), None)
        self._remember(target, new_id, screen)
        if old_id and old_id != new_id:
            await self.messenger.delete(target, old_id)
        await self._save_ids(table_id, None, {seat: new_id})


def deal_record_button(tr: Translator, table_id: int, match: engine.Match) -> Button | None:
    """The "Deal record" button of the deal that has just ended, for the deal's result message
    (after the move that scored it, that deal is the last one over); None if no deal is over.

    ``match`` is the one the move was applied to (its deal number says which deals are
    over)."""
    last = last_over_deal(match)
    return Button(tr("rec.button.deal"), RecordData(table_id, "deal", last)) if last else None


def rematch_button(tr: Translator, table_id: int, votes: int = 0,
                   humans: int = 0) -> Button:
    """The "Rematch" button of the result of table ``table_id``, with the count of votes so
    far once there is one."""
    text = tr("button.rematch_count", n=votes, total=humans) if votes else tr("button.rematch")
    return Button(text, LobbyData(table_id, "rematch"))
