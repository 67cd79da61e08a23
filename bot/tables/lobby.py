"""Lobby use cases: open a table, join, leave, options, start, cancel (and stop a match)."""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import engine
import engine.ai
from bot.i18n import Translator
from bot.markup import escape
from bot.model import Button, ChatMigrated, LobbyData, Person, Place, Screen, Target
from bot.records.fair import unrated_reason
from bot.records.service import Records
from bot.show.common import bot_name
from bot.show.display import Display
from bot.show.lobby import render_lobby
from bot.state.load import Loaded, load
from bot.tables.access import Access, join_payload
from bot.tables.clock import Clock, Plan, settle, utcnow
from bot.tables.kit import Kit
from bot.tables.play import Answer, answer_safely, guarded
from bot.tables.stop import Stop
from storage import Chat, Conflict, GameTable, Seat, Tx, User

log = logging.getLogger(__name__)

#: Lobby buttons the table's creator may press, and a chat admin as well (asked of the platform
#: only when someone else presses them).
BOSS_OPS = ("start", "cancel", "opt")


#: Seconds per move a lobby may choose (0: no clock). A table option of the bot, not the engine.
TURN_TIMERS = (0, 30, 60, 120, 300, 86400)
DEFAULT_TURN_TIMER = 120
#: Takebacks with consent (bot/tables/takeback.py): off by default; a match with them on is
#: never rated.
TAKEBACKS = ("off", "on")
TABLE_OPTIONS: dict[str, tuple[list[Any], Any]] = {
    "turn_timer": (list(TURN_TIMERS), DEFAULT_TURN_TIMER),
    "takebacks": (list(TAKEBACKS), TAKEBACKS[0]),
}


def lobby_choices(game_id: str, options: Mapping[str, Any] | None = None
                  ) -> dict[str, list[Any]]:
    """Options the lobby lets the creator cycle through: the engine's (marked ``lobby``) and
    the table's own (the turn clock). With the table's ``options``, only those that have an
    effect with them (``OptionInfo.applies``: no stake ladder in a Deberts match)."""
    choices = {o.key: list(o.choices) for o in engine.get_game(game_id).info.options
               if o.lobby and (options is None or o.applies(options))}
    return {**choices, **{k: v[0] for k, v in TABLE_OPTIONS.items()}}


def lobby_defaults(game_id: str) -> dict[str, Any]:
    """The starting values of the lobby's options: the engine's defaults, the table's own."""
    values = {o.key: o.default for o in engine.get_game(game_id).info.options if o.lobby}
    return {**values, **{k: v[1] for k, v in TABLE_OPTIONS.items()}}


def engine_options(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """The part of a table's options that the engine knows (the rest belongs to the table)."""
    known = {o.key for o in engine.get_game(game_id).info.options}
    return {k: v for k, v in options.items() if k in known}


async def _no_answer(_: str) -> None:
    return None


def seat_arg(arg: str, seats: int) -> int | None:
    """The seat a "sit" button names (0-based), or None for garbage or a seat not at the table."""
    if not (arg.isascii() and arg.isdigit() and len(arg) < 3) or arg != str(int(arg)):
        return None  # only the canonical form the buttons carry ("3", never "03")
    return int(arg) if int(arg) < seats else None


def free_seat(table_id: int, taken: set[int], seats: int, *, at_random: bool) -> int:
    """The seat a Join (or a bot player) takes: the lowest free one, or in a pair game a random
    free one (issue #4), drawn by a local RNG seeded from the table id and the seats taken, so
    the same presses always give the same seats. Call only with a free seat left."""
    free = sorted(set(range(seats)) - taken)
    if not at_random:
        return free[0]
    return random.Random(table_id * 100 + len(taken)).choice(free)


class Lobby:
    """The lobby's use cases.

    Args:
        kit: the service's shared parts.
        display: the screens (the table message at the start, the sheet at a stop).
        clock: the timers (the lobby's expiry; the turn clocks once it started).
        access: the membership check of a Join.
        new_seed: source of match seeds (tests pass a deterministic one).
        link_secret: the key signing join links (bot/tables/access.py).
        records: results and ratings, handed to the /stop confirmation (``Stop``: a stopped
            match that a player left is his loss).
    """

    def __init__(self, kit: Kit, display: Display, clock: Clock, access: Access, *,
                 new_seed: Callable[[], int] = lambda: secrets.randbits(62),
                 link_secret: bytes, records: Records | None = None) -> None:
        self.kit = kit
        self.display = display
        self.clock = clock
        self.access = access
        self.new_seed = new_seed
        self.link_secret = link_secret
        self.stopping = Stop(kit, display, clock, records)
        self._invited: set[tuple[int, str]] = set()
        #: Invitations posted in a group, by person: removed once he opens the private chat.
        self._invitations: dict[str, list[tuple[Target, str]]] = {}

    async def new_table(self, place: Place, person: Person, game_id: str) -> None:
        """``/new <game>``: open a lobby with the creator in seat 1, or say why not."""
        known = [g.id for g in engine.list_games()]
        async with self.kit.store.transaction() as tx:
            tr, chat_id = await self.kit.chat_tr(tx, place)
            if game_id not in known:
                text = tr("new.usage", games=", ".join(known))
                table = None
            elif await tx.active_table(chat_id, place.thread_id) is not None:
                text, table = tr("notice.table_exists"), None
            else:
                user = await tx.upsert_user(self.kit.platform, person.ext_id, person.name,
                                            person.username)
                assert user.id is not None
                options = lobby_defaults(game_id)
                try:
                    table = await tx.create_table(chat_id, game_id, user.id, options,
                                                  thread_id=place.thread_id)
                except Conflict:  # a simultaneous /new opened one (the database's one-per-place)
                    text, table = tr("notice.table_exists"), None
                else:
                    assert table.id is not None
                    await tx.add_seat(table.id, 0, user.id)
                    text = ""
                    can_dm = user.can_dm
        if table is None:
            await self.kit.say(place, text)
            return
        assert table.id is not None
        # armed first: a lobby whose message never went out still closes in time
        self.clock.arm_lobby(table.id, utcnow())
        # under the table's lock, as at start-up: a press that comes the moment the message
        # is out waits for its id to be stored, or it would find no message to redraw and the
        # lobby would keep its old buttons (seen once as a lobby never closed after Start)
        async with self.kit.locks(table.id):
            await self.post_lobby(table.id)
        link = self.kit.messenger.deep_link("hand")
        if not can_dm and link:  # the creator must open the bot too, or he gets no cards
            self._invited.add((table.id, person.ext_id))
            await self.post_invitation(place, person, self._invitation(tr, person, link))

    async def on_expired(self, table_id: int, _version: int) -> None:
        """Timer callback: an unstarted lobby closes, saying so in its chat."""
        async with self.kit.locks(table_id):
            async with self.kit.store.transaction() as tx:
                table = await tx.get_table(table_id, lock=True)
                if table is None or table.status != "lobby":
                    return
                table.status = "aborted"
                await tx.save_table(table)
                chat = await tx.get_chat(table.chat_id)
                message_id = table.message_id
            assert chat is not None
            target = Target(chat.ext_id, table.thread_id)
            tr = self.kit.tr(chat.lang)
            if message_id:
                screen = await self.lobby_screen(table_id, "lobby.expired")
                try:
                    await self.kit.messenger.edit(target, message_id, screen)
                except Exception:
                    log.info("expired lobby %s not edited", table_id, exc_info=True)
            await self.kit.messenger.send(target, Screen(tr("notice.lobby_expired")))

    async def lobby_screen(self, table_id: int, closed: str | None = None) -> Screen:
        """Render the lobby of ``table_id`` as it is in the database."""
        async with self.kit.store.transaction() as tx:
            loaded = await load(tx, table_id)
        assert loaded is not None
        return self.lobby_screen_of(loaded, closed)

    def lobby_screen_of(self, loaded: Loaded, closed: str | None = None) -> Screen:
        """Render the lobby of the table as ``loaded`` (``closed``: the notice key of a lobby
        no longer open)."""
        table, seats, table_id = loaded.table, loaded.seats, loaded.id
        info = engine.get_game(table.game).info
        pairs = info.in_pairs(info.max_players)
        names: list[str | None] = [None] * info.max_players if pairs else []
        tr = self.kit.tr(loaded.chat.lang)
        several = sum(1 for seat in seats if not seat.user_id) > 1  # as seat_names numbers
        for seat in seats:
            user = loaded.user(seat)
            name = user.name if user else bot_name(tr, seat.bot_level,
                                                   seat.seat if several else None)
            if pairs and 0 <= seat.seat < len(names):
                names[seat.seat] = name  # by seat number: the pairs are fixed by it
            else:
                names.append(name)
        return render_lobby(tr, table_id=table_id,
                            game=table.game, names=names, options=dict(table.options),
                            choices=lobby_choices(table.game, table.options),
                            min_players=info.min_players,
                            max_players=info.max_players, closed=closed, pairs=pairs,
                            unrated=unrated_reason(bot_seats=any(s.user_id is None
                                                                 for s in seats),
                                                   options=table.options))

    async def press(self, person: Person, data: LobbyData, place: Place | None = None,
                    answer: Answer | None = None,
                    used: Callable[[], Awaitable[None]] | None = None) -> str:
        """A lobby button (join, leave, option, start, cancel; stop for a running match).

        ``place`` is where the button was pressed; rights are checked in the table's own chat.
        ``used``: called once a stop confirmation was answered by someone allowed to (its
        buttons may go then); a refused press changes no message.

        Returns the press's answer; when ``answer`` is given it is called with it first, before
        the messages are redrawn.
        """
        reply = answer or _no_answer
        if data.op in ("rematch", "hand"):  # not the lobby's: the adapters route them elsewhere
            notice = self.kit.tr(None)("notice.bad_data")
            await answer_safely(reply, notice)
            return notice
        async with self.kit.locks(data.table_id):
            if data.op == "stop":
                return await self.stopping.confirm(person, data, reply, used)
            refusal = await self.access.join_refusal(person, data, place)
            if refusal is not None:  # a stranger's join: answered, nothing changes
                await reply(refusal)
                return refusal
            done = await self._lobby(person, data)
            if isinstance(done, Place):  # not the creator: is he an admin of the table's chat?
                done = await self._lobby(person, data,
                                         by_admin=await self.kit.messenger.is_admin(done, person))
                assert not isinstance(done, Place)
            notice, status, message_id, here, started = done
            await answer_safely(reply, notice)
            if here is None:
                return notice
            await guarded(self._redraw_lobby(data.table_id, status, message_id, here,
                                             started[0] if started else None),
                          "lobby %s not redrawn", data.table_id)
            if started is not None:  # the lobby's clock goes; the turn clocks start, so the
                # first table message already shows the first player's clock
                self.clock.timers.cancel(data.table_id, "lobby")
                self.clock.arm(started[1])
                await guarded(self.display.show(started[0], new_events=[],
                                                new_table_message=True, opening=True),
                              "table %s not drawn at its start", data.table_id)
            elif status != "lobby":
                await self.clock.schedule(data.table_id)
        return notice

    async def _redraw_lobby(self, table_id: int, status: str, message_id: str | None,
                            here: Place, loaded: Loaded | None = None) -> None:
        """Edit the lobby message to show the table as stored (closed once it started;
        ``loaded``: as the start committed it, not read again)."""
        closed = {"aborted": "lobby.cancelled", "playing": "lobby.started"}.get(status)
        if closed and self.kit.catalogs.has("en", f"{closed}.{self.kit.platform}"):
            closed = f"{closed}.{self.kit.platform}"  # the platform's own wording (Discord)
        if message_id:
            screen = (self.lobby_screen_of(loaded, closed) if loaded is not None
                      else await self.lobby_screen(table_id, closed))
            try:
                new_id = await self.kit.messenger.edit(Target(here.chat_ext_id, here.thread_id),
                                                   message_id, screen)
            except ChatMigrated:  # the group moved: bot/tables/chatmove.py posts the lobby anew
                return
            if new_id != message_id:
                await self.save_lobby_id(table_id, new_id)

    async def _lobby(self, person: Person, data: LobbyData, *, by_admin: bool | None = None
                     ) -> Place | tuple[str, str, str | None, Place | None,
                                        tuple[Loaded, Plan] | None]:
        """The database part of a lobby press, one load of the table: (notice, status, lobby
        message, place or None, the started table and its first plan or None). The place is
        None when nothing changed (no redraw needed).

        ``by_admin``: whether the person is an admin of the table's chat, None when not asked
        yet; a ``BOSS_OPS`` press by someone else than the creator then returns the table's
        place, where the caller asks the platform (outside the transaction: on SQLite it
        holds the write lock) before pressing again.
        """
        invite: Screen | None = None
        changed = True
        started: tuple[Loaded, Plan] | None = None
        async with self.kit.store.transaction() as tx:
            loaded = await load(tx, data.table_id, lock=True)
            tr = self.kit.tr(loaded.chat.lang if loaded else None)
            if loaded is None or loaded.table.status != "lobby":
                return tr("notice.lobby_closed"), "", None, None, None
            table, chat, seats = loaded.table, loaded.chat, loaded.seats
            here = Place(self.kit.platform, chat.ext_id, chat.title, table.thread_id)
            user = await tx.upsert_user(self.kit.platform, person.ext_id, person.name,
                                        person.username)
            assert user.id is not None and table.id is not None
            if data.op in BOSS_OPS and user.id != table.creator_id and by_admin is None:
                return here
            mine = next((s for s in seats if s.user_id == user.id), None)
            info = engine.get_game(table.game).info
            is_boss = user.id == table.creator_id or bool(by_admin)
            pairs = info.in_pairs(info.max_players)
            op, taken = data.op, False
            want = seat_arg(data.arg, info.max_players) if op in ("sit", "seat") else None
            if op in ("sit", "seat"):
                if want is None:
                    return tr("notice.bad_data"), "", None, None, None
                holder = next((s for s in seats if s.seat == want), None)
                if holder is not None and op == "seat" and holder is not mine:
                    # A join link for a seat someone has taken since: any free seat will do.
                    op, want, taken = "join", None, True
                elif holder is not None:
                    key = "notice.seat_yours" if holder is mine else "notice.seat_taken"
                    return tr(key), "", None, None, None
            if op in ("join", "sit", "seat") and mine is not None:
                if op == "join":
                    return tr("notice.already_joined"), "", None, None, None
                # A move before the start: the seat row keeps its user, only its number changes.
                assert want is not None
                mine.seat = want
                await tx.save_seat(mine)
                notice = tr("notice.seat_moved", seat=mine.seat + 1)
            elif op in ("join", "sit", "seat"):
                if len(seats) >= info.max_players:
                    return tr("notice.full"), "", None, None, None
                link = self.kit.messenger.deep_link(join_payload(self.link_secret, table.id, want))
                if not user.can_dm and link:
                    # one invitation per table, and one more per seat asked for
                    asked = person.ext_id + (f":{want}" if want is not None else "")
                    if (table.id, asked) not in self._invited:
                        self._invited.add((table.id, asked))
                        invite = self._invitation(tr, person, link)
                    notice, changed = tr("notice.open_private_short"), False
                else:
                    if want is None:
                        want = free_seat(table.id, {s.seat for s in seats}, info.max_players,
                                         at_random=pairs)
                    try:
                        await tx.add_seat(table.id, want, user.id)
                    except Conflict:
                        key = "notice.full" if op == "join" else "notice.seat_taken"
                        return tr(key), "", None, None, None
                    notice = (tr("notice.seat_instead", seat=want + 1) if taken
                              else tr("notice.joined"))
            elif data.op == "leave":
                if mine is None:
                    return tr("notice.not_joined"), "", None, None, None
                await tx.remove_seat(table.id, mine.seat)
                notice = tr("notice.left")
            elif data.op == "bot":
                if mine is None and not is_boss:
                    return tr("notice.not_joined"), "", None, None, None
                if len(seats) >= info.max_players:
                    return tr("notice.full"), "", None, None, None
                level = data.arg if data.arg in engine.ai.LEVELS else "normal"
                free = free_seat(table.id, {s.seat for s in seats}, info.max_players,
                                 at_random=False)
                try:
                    await tx.add_seat(table.id, free, None, bot_level=level)
                except Conflict:
                    return tr("notice.full"), "", None, None, None
                notice = tr("notice.bot_added")
            elif data.op == "unbot":
                if mine is None and not is_boss:  # as for adding one: players and the creator
                    return tr("notice.not_joined"), "", None, None, None
                bots = [s for s in seats if s.user_id is None]
                if not bots:
                    return tr("notice.no_bot"), "", None, None, None
                await tx.remove_seat(table.id, bots[-1].seat)
                notice = tr("notice.bot_removed")
            elif not is_boss:
                return tr("notice.only_creator"), "", None, None, None
            elif data.op == "opt":
                key, _, raw = data.arg.partition("=")
                choices = lobby_choices(table.game, table.options).get(key, [])
                value = next((v for v in choices if str(v) == raw), None)
                if value is None:
                    return tr("notice.bad_data"), "", None, None, None
                table.options = {**table.options, key: value}
                await tx.save_table(table)
                notice = tr("notice.done")
            elif data.op == "cancel":
                table.status = "aborted"
                await tx.save_table(table)
                notice = tr("notice.done")
            else:
                if not info.min_players <= len(seats) <= info.max_players:
                    return tr("notice.not_enough", n=info.min_players), "", None, None, None
                if all(s.user_id is None for s in seats):  # bots only: nobody could play
                    return tr("notice.no_humans"), "", None, None, None
                try:
                    started = await self.start_match(tx, table, chat, loaded.users,
                                                     len(seats), seats)
                except engine.InvalidOptions as exc:
                    log.info("table %s not started: %s (%s)", table.id, exc, exc.rule_id)
                    reason = tr.maybe(f"rule.{exc.rule_id}", tr("notice.options_refused"))
                    return tr("notice.cannot_start", reason=reason), "", None, None, None
                notice = tr("notice.done")
            status, message_id = table.status, table.message_id
        if invite is not None:
            await self.post_invitation(here, person, invite)
        return notice, status, message_id, here if changed else None, started

    async def post_invitation(self, place: Place, person: Person, invite: Screen) -> None:
        """Post ``invite`` in the group and remember it, to remove it once ``person`` opened
        the private chat (``drop_invitations``)."""
        target = Target(place.chat_ext_id, place.thread_id)
        message_id = await self.kit.messenger.send(target, invite)
        self._invitations.setdefault(person.ext_id, []).append((target, message_id))

    async def drop_invitations(self, person: Person) -> None:
        """Remove the group invitations of ``person``, who can now get private messages (a
        message already gone is no error)."""
        for target, message_id in self._invitations.pop(person.ext_id, []):
            try:
                await self.kit.messenger.delete(target, message_id)
            except Exception:
                log.info("invitation %s in %s not removed", message_id, target.chat_ext_id,
                         exc_info=True)

    def _invitation(self, tr: Translator, person: Person, link: str) -> Screen:
        """The group message asking ``person`` to open a private chat (deep link button)."""
        return Screen(tr("notice.open_private", name=escape(person.name)),
                      ((Button(tr("button.open_private"), url=link),),))

    async def _home(self, table_id: int) -> Place | None:
        """The chat (and topic) a table lives in, or None for an unknown table."""
        async with self.kit.store.transaction() as tx:
            table = await tx.get_table(table_id)
            chat = await tx.get_chat(table.chat_id) if table else None
        if table is None or chat is None:
            return None
        return Place(self.kit.platform, chat.ext_id, chat.title, table.thread_id)

    async def post_lobby(self, table_id: int) -> None:
        """Post the lobby message of ``table_id`` in its chat and store its id.

        Raises what the platform raises (the lobby stays without a message; start-up posts
        such lobbies again).
        """
        home = await self._home(table_id)
        assert home is not None
        screen = await self.lobby_screen(table_id)
        message_id = await self.kit.messenger.send(Target(home.chat_ext_id, home.thread_id), screen)
        await self.save_lobby_id(table_id, message_id)

    async def save_lobby_id(self, table_id: int, message_id: str) -> None:
        async with self.kit.store.transaction() as tx:
            table = await tx.get_table(table_id, lock=True)
            if table is not None and table.status == "lobby":
                table.message_id = message_id
                await tx.save_table(table)

    async def start_match(self, tx: Tx, table: GameTable, chat: Chat, users: dict[int, User],
                          players: int, seats: list[Seat] | None = None
                          ) -> tuple[Loaded, Plan]:
        """Create the match (seeded), freeze the options, mark the table playing and set its
        first deadline. ``chat``, ``users``: the table's chat and its seated people;
        ``seats``: the table's seats as read in ``tx`` (renumbered in place; None: read here).
        Returns the started table as loaded and what its clock does first (`settle`).

        Raises:
            engine.InvalidOptions: the engine refuses these options or this player count.
        """
        assert table.id is not None
        seed = self.new_seed()
        options = engine_options(table.game, dict(table.options))
        # DB-DEAL-1 / docs/design.md "Seats": the bot draws the lot for the first dealer.
        if any(o.key == "first_dealer" for o in engine.get_game(table.game).info.options):
            options.setdefault("first_dealer", seed % players)
        match = engine.get_game(table.game).new_match(players=players, options=options, seed=seed)
        # Seats are numbered 0..n-1 in the order they were taken (someone may have left). A full
        # table has exactly 0..n-1 already and keeps every seat as chosen, so the pairs of a pair
        # game (seats 0+2 against 1+3, BB-DEAL-1, BERG-SETUP-1) are never renumbered apart.
        if seats is None:
            seats = await tx.seats(table.id)
        if [s.seat for s in seats] != list(range(len(seats))):
            for row in seats:
                row.seat += 1000  # out of the way of the unique (table, seat) key first
                await tx.save_seat(row)
            for i, row in enumerate(seats):
                row.seat = i
                await tx.save_seat(row)
        record = await tx.create_match(table.id, seed, players, options, None, match.to_json())
        table.status, table.version = "playing", table.version + 1
        table.options = {**table.options, **options}
        started = Loaded(table, chat, seats, users, record, match)
        return started, await settle(tx, started, keep_deadline=False)

    # ---- stopping a running match ------------------------------------------------------------

    async def stop_request(self, place: Place, person: Person) -> None:
        """``/stop``: the creator or a chat admin is asked to confirm; a lobby just closes."""
        async with self.kit.store.transaction() as tx:
            chat = await tx.upsert_chat(self.kit.platform, place.chat_ext_id, place.title)
            assert chat.id is not None
            tr = self.kit.tr(chat.lang)
            table = await tx.active_table(chat.id, place.thread_id)
            user = await tx.find_user(self.kit.platform, person.ext_id)
        if table is None or table.id is None:
            await self.kit.say(place, tr("notice.no_table"))
            return
        is_boss = (user is not None and user.id == table.creator_id) or \
            await self.kit.messenger.is_admin(place, person)
        if not is_boss:
            await self.kit.say(place, tr("notice.only_creator"))
            return
        if table.status == "lobby":
            await self.press(person, LobbyData(table.id, "cancel"), place)
            return
        await self.kit.say(place, tr("notice.stop_confirm"), (
            (Button(tr("button.stop_yes"), LobbyData(table.id, "stop", "yes")),
             Button(tr("button.stop_no"), LobbyData(table.id, "stop", "no"))),))
