"""Rematch (issue #18, item 1): the "Rematch" button under a finished match's result.

Every human of the match presses it; each press is a vote stored in the database
(``rematch_vote``), so a restart loses none and a second press adds nothing. The last vote
starts the new match at once in the same place: the same players and options, the bot players
at their levels, every seat moved one place round the table (``rotated``), so in a pair game
partners stay together and the pairs change sides. A press by someone who did not play is
answered and changes nothing; the offer expires when a lobby would (``Clock.lobby_timeout``
after the match ended).

The offer's expiry takes the button away from the result message (an APScheduler job; the
message's id kept in the table's options, ``REMATCH_MESSAGE``; armed again at start-up).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import col, select

import engine
from bot.markup import escape
from bot.model import Button, Person, Screen, Target, Undeliverable
from bot.show.display import Display, rematch_button
from bot.show.outbox import Delivery
from bot.state.load import REMATCH_MESSAGE, Loaded, is_suspended, load
from bot.tables.clock import Clock, utcnow
from bot.tables.kit import Kit
from bot.tables.lobby import Lobby, lobby_defaults
from bot.tables.play import Answer, answer_safely, guarded
from storage import Conflict, GameTable, Tx
from storage.models import FINISHED
from storage.rematch import RematchRepo

log = logging.getLogger(__name__)

#: How long after a match's end a restart still looks for its Rematch button to take away
#: (Telegram lets a bot edit its messages for good; two days bound the start-up's query).
LOOK_BACK = timedelta(days=2)

#: Replaces the buttons of the message a press came from (empty rows: no buttons).
Relabel = Callable[[tuple[tuple[Button, ...], ...]], Awaitable[None]]


def rotated(seat: int, players: int) -> int:
    """The seat a player of seat ``seat`` (0-based) takes in the rematch: the next one round
    the table. With four players in pairs (0+2 against 1+3) the partners stay together and
    the pairs change sides."""
    return (seat + 1) % players


def rotated_options(game_id: str, options: dict[str, Any], players: int) -> dict[str, Any]:
    """``options`` for the rematch: in a pair game an option that names a seat of one pair
    (its values are exactly that pair's seats: Berg's captains) follows its player to his new
    seat, in the other pair's option; everything else stays."""
    info = engine.get_game(game_id).info
    if not info.in_pairs(players):
        return dict(options)
    pairs = ({0, 2}, {1, 3})
    by_seats = {o.key: set(o.values) for o in info.options if set(o.values) in pairs}
    out = dict(options)
    for key in by_seats:
        if options.get(key) in by_seats[key]:
            seat = rotated(int(options[key]), players)
            out[next(k for k, seats in by_seats.items() if seat in seats)] = seat
    return out


@dataclass(frozen=True)
class _Vote:
    """What a press decided: its notice, the buttons the result message shows now (None: keep
    them) and the rematch's table when this vote started it."""

    notice: str
    buttons: tuple[tuple[Button, ...], ...] | None = None
    started: int | None = None
    pairs: bool = False


class Rematch:
    """The rematch use case.

    Args:
        kit: the service's shared parts.
        display: the screens (the new table message).
        clock: the timers (the rematch's clocks; its expiry is the lobby's time-out).
        lobby: starts the new match as a lobby's Start does.
    """

    def __init__(self, kit: Kit, display: Display, clock: Clock, lobby: Lobby) -> None:
        self.kit = kit
        self.display = display
        self.clock = clock
        self.lobby = lobby
        #: Marks a chat the bot turned out not to be in, as the removal update does (the
        #: service sets it: ``ChatMoves.bot_removed``).
        self.on_removed: Callable[[str], Awaitable[None]] | None = None
        #: Finished tables whose last vote committed and whose start notice is being posted
        #: (outside the lock, ``_announce``): a press meanwhile is told the rematch is starting,
        #: not that it started, since the group may still refuse the notice.
        self._announcing: set[int] = set()

    async def press(self, person: Person, table_id: int, answer: Answer | None = None,
                    relabel: Relabel | None = None) -> str:
        """The "Rematch" button under the result of ``table_id``. Returns the press's answer
        (also given to ``answer`` first); ``relabel`` shows the count of votes on the pressed
        message (or takes the button away once the rematch started)."""
        async with self.kit.locks(table_id), self.kit.store.transaction() as tx:
            loaded = await load(tx, table_id, lock=True)
            vote = await self._vote(tx, loaded, person)
            if vote.started is not None:
                self._announcing.add(table_id)
        # the group's notice is awaited outside the lock (a busy group's queue may be slow)
        refused = False
        if vote.started is not None and loaded is not None:
            try:
                refused = not await self._announce(loaded, vote.started, person,
                                                   pairs=vote.pairs)
            finally:
                self._announcing.discard(table_id)
        if refused and loaded is not None:
            vote = _Vote(self.kit.tr(loaded.chat.lang)("notice.rematch_bot_removed"))
        if answer is not None:
            await answer_safely(answer, vote.notice)
        if refused and loaded is not None and self.on_removed is not None:
            await self.on_removed(loaded.chat.ext_id)  # marked as the removal update marks it
        if relabel is not None and vote.buttons is not None:
            await guarded(relabel(vote.buttons), "rematch button of %s not relabelled",
                          table_id)
        if vote.started is not None:
            await self._begin(vote.started)
        return vote.notice

    async def _announce(self, old: Loaded, table_id: int, person: Person, *,
                        pairs: bool) -> bool:
        """After the last vote committed: say in the group that the rematch starts, and wait
        for it to be posted. The bot may have been removed from the group while it was down
        (the update never came): when the group refuses it (``Undeliverable``: Forbidden,
        chat not found), the new table is deleted before anyone plays at it (no /score or
        /history shows a match that never was), the last vote is
        forgotten (the same press starts the rematch once the bot is back) and False is
        returned; the caller then marks the chat as the removal does (``on_removed``)."""
        tr = self.kit.tr(old.chat.lang)
        group = Target(old.chat.ext_id, old.table.thread_id)
        try:
            await self.kit.messenger.send(group, Screen(tr("rematch.started_pairs" if pairs
                                                           else "rematch.started")))
            return True
        except Undeliverable:
            log.info("rematch %s of %s: the group %s refuses the bot", table_id, old.id,
                     old.chat.ext_id)
        except Exception:  # anything else: the match goes on, as any redraw would
            log.warning("rematch %s: the notice was not posted", table_id, exc_info=True)
            return True
        async with self.kit.store.transaction() as tx:
            # its clocks are not armed yet (``_begin``): nobody, bot or human, has moved there
            await tx.delete_unplayed_table(table_id)
            user = await tx.find_user(self.kit.platform, person.ext_id)
            if user is not None and user.id is not None:
                await RematchRepo(tx.session).remove(old.id, user.id)
        return False

    async def _vote(self, tx: Tx, loaded: Loaded | None, person: Person) -> _Vote:
        """The database part of a press: refuse it, or store the vote (and start the rematch
        when it is the last one)."""
        tr = self.kit.tr(loaded.chat.lang if loaded else None)
        if loaded is None:
            return _Vote(tr("notice.bad_data"))
        table = loaded.table
        if table.status != "finished" or loaded.match is None:
            return _Vote(tr("notice.rematch_only_finished"))
        humans = {s.user_id: s for s in loaded.seats if s.user_id is not None}
        me = loaded.seat_of(person)
        if me is None or me.user_id is None:
            return _Vote(tr("notice.rematch_stranger"))
        repo = RematchRepo(tx.session)
        voters = await repo.voters(loaded.id)
        if set(humans) <= voters:
            if loaded.id in self._announcing:  # the group may still refuse its notice
                return _Vote(tr("notice.rematch_starting"))
            return _Vote(tr("notice.rematch_started"), buttons=())
        ended = table.finished_at or table.updated_at
        if utcnow() > ended + timedelta(seconds=self.clock.lobby_timeout):
            return _Vote(tr("notice.rematch_expired"), buttons=())
        # after the expiry: an offer that expired while the bot was out stays marked
        if is_suspended(table):  # the bot is not in the chat (bot/tables/chatmove.py)
            return _Vote(tr("notice.rematch_bot_removed"))

        def waiting(voted: set[int]) -> str:
            names = [u.name for uid, s in humans.items() if uid not in voted
                     and (u := loaded.user(s)) is not None]
            return escape(", ".join(names))

        if me.user_id in voters:
            return _Vote(tr("notice.rematch_again", names=waiting(voters)))
        voted = voters | {me.user_id}
        if not set(humans) <= voted:
            await repo.add(loaded.id, me.user_id)
            count = ((rematch_button(tr, loaded.id, len(voted), len(humans)),),)
            return _Vote(tr("notice.rematch_wait", names=waiting(voted)), buttons=count)
        if await tx.active_table(table.chat_id, table.thread_id) is not None:
            return _Vote(tr("notice.table_exists"))  # the last vote waits for that table
        try:
            new = await self._create(tx, loaded)
        except Conflict:  # a /new in the same place at the same moment
            return _Vote(tr("notice.table_exists"))
        except engine.InvalidOptions as exc:  # the options were played once: not expected
            log.warning("table %s: the rematch was refused: %s", loaded.id, exc)
            return _Vote(tr("notice.options_refused"))
        await repo.add(loaded.id, me.user_id)
        info = engine.get_game(table.game).info
        assert new.id is not None
        return _Vote("", buttons=(), started=new.id,
                     pairs=info.in_pairs(len(loaded.seats)))

    async def _create(self, tx: Tx, loaded: Loaded) -> GameTable:
        """The rematch's table, started: same place, creator, language and lobby options
        (``rotated_options``); every seat rotated; bot seats at their levels, the humans'
        own seats theirs again (an automatic seat is his own again).

        Raises:
            Conflict: another table opened in the place meanwhile.
            engine.InvalidOptions: the engine refuses the options (never, for options played).
        """
        old = loaded.table
        defaults = lobby_defaults(old.game)
        players = len(loaded.seats)
        options = rotated_options(old.game, {k: v for k, v in old.options.items()
                                             if k in defaults}, players)
        new = await tx.create_table(old.chat_id, old.game, old.creator_id, options,
                                    thread_id=old.thread_id)
        assert new.id is not None
        new.lang = old.lang
        for seat in loaded.seats:
            await tx.add_seat(new.id, rotated(seat.seat, players), seat.user_id,
                              bot_level=seat.bot_level if seat.user_id is None else None)
        await self.lobby.start_match(tx, new, loaded.chat, loaded.users, players)
        return new

    async def _begin(self, table_id: int) -> None:
        """After the rematch was announced (``_announce``): draw the new table and its hands,
        start its clocks (each step logged and passed over when it fails)."""
        async with self.kit.locks(table_id):
            # the clocks first, as at a lobby's start: the first table message and hands then
            # show the first player's clock
            await guarded(self.clock.schedule(table_id), "rematch %s not scheduled", table_id)
            await guarded(self.display.refresh(table_id, new_events=[], new_table_message=True,
                                               opening=True),
                          "rematch %s not drawn", table_id)


    # ---- the offer's expiry -------------------------------------------------------------------

    def _expires(self, table: GameTable) -> datetime:
        """When the table's Rematch offer expires."""
        ended = table.finished_at or table.updated_at
        return ended + timedelta(seconds=self.clock.lobby_timeout)

    async def offer_posted(self, table_id: int, delivery: Delivery) -> None:
        """``Display.on_result``: the result message with the Rematch button of ``table_id``
        went out (or failed): keep its id and arm the offer's expiry."""
        try:
            message_id = await delivery
        except Exception:  # not posted: no button to take away
            return
        async with self.kit.store.transaction() as tx:
            table = await tx.get_table(table_id, lock=True)
            if table is None or table.status != FINISHED:
                return
            table.options = {**table.options, REMATCH_MESSAGE: message_id}
            await tx.save_table(table)
            expires = self._expires(table)
        self.clock.timers.arm_rematch(table_id, expires)

    async def rearm(self) -> None:
        """At start-up: the expiry of every offer whose button is still shown, armed again
        (one that expired while the bot was away fires at once)."""
        since = utcnow() - timedelta(seconds=self.clock.lobby_timeout) - LOOK_BACK
        async with self.kit.store.transaction() as tx:
            tables = (await tx.session.exec(select(GameTable).where(
                GameTable.status == FINISHED, col(GameTable.finished_at) >= since))).all()
            due = [(t.id, self._expires(t)) for t in tables
                   if t.id is not None and REMATCH_MESSAGE in t.options]
        for table_id, expires in due:
            self.clock.timers.arm_rematch(table_id, expires)

    async def on_expired(self, table_id: int, _version: int) -> None:
        """Timer callback: the offer of ``table_id`` has expired; its button goes from the
        result message (the message stays as it was; a rematch that started took it away
        already). A failed edit is logged."""
        async with self.kit.locks(table_id):
            async with self.kit.store.transaction() as tx:
                loaded = await load(tx, table_id, lock=True)
                if loaded is None or REMATCH_MESSAGE not in loaded.table.options:
                    return
                message_id = str(loaded.table.options[REMATCH_MESSAGE])
                loaded.table.options = {k: v for k, v in loaded.table.options.items()
                                        if k != REMATCH_MESSAGE}
                await tx.save_table(loaded.table)
                humans = {s.user_id for s in loaded.seats if s.user_id is not None}
                started = humans <= await RematchRepo(tx.session).voters(loaded.id)
            if started or loaded.match is None:
                return
            target = Target(loaded.chat.ext_id, loaded.table.thread_id)
            try:
                await self.kit.messenger.edit(target, message_id,
                                              self.display.result_screen(loaded))
            except Exception:  # deleted by an admin, the bot removed: the offer is over anyway
                log.info("rematch button of %s not taken away", table_id, exc_info=True)
