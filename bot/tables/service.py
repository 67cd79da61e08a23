"""The table service: kozyr's use cases, platform-neutral (docs/design.md "The table service"),
composed of parts named for what they do.

Handlers parse an update into ``Person``/``Place``/``ActData``/``LobbyData``, call one method
of one part and answer the press with the notice it returns:

* ``lobby`` (bot/tables/lobby.py): ``/new``, the lobby's buttons, ``/stop``;
* ``play`` (bot/tables/play.py): the game's buttons, bot and timed-out moves, ``/leave``,
  "I'm back", ``/pause``, ``/resume``;
* ``clock`` (bot/tables/clock.py): what happens next without a press, and its timers;
* ``access`` (bot/tables/access.py): who may sit at a table: signed join links, the
  membership check (the lobby asks it before a Join);
* ``chats`` (bot/tables/chatmove.py): a group that changed its id or removed the bot;
* ``guard`` (bot/tables/guard.py): ``/confirm on|off``, the misclick guard's setting;
* ``rematch`` (bot/tables/rematch.py): the "Rematch" button under a finished match;
* ``pings`` (bot/tables/ping.py): the "your move" ping, its button, ``/notify``;
* ``records`` (bot/records/service.py): ``/score``, ``/stats``, ``/top``, ``/history``,
  ``/export``;
* the service itself: ``/start``, ``/help``, ``/rules``, ``/lang``, start-up.

Everything a chat sees goes out through the ``Messenger`` (``display``: bot/show/). Concurrency
is defended three ways: an ``asyncio.Lock`` per table, the version on the table row checked
inside a ``BEGIN IMMEDIATE`` transaction, and the unique (table, seq) key on the action log.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from datetime import UTC, timedelta, tzinfo

import engine
from bot.i18n import LANGS, Catalogs, Translator
from bot.messenger import Messenger
from bot.model import Person, Place, Screen, Target
from bot.records.service import Records
from bot.show.display import Display
from bot.show.lobby import welcome_text
from bot.state.load import is_suspended
from bot.tables.access import JOIN_PREFIX, Access, parse_join
from bot.tables.chatmove import ChatMoves
from bot.tables.clock import Clock, utcnow
from bot.tables.guard import Guard
from bot.tables.kit import Kit
from bot.tables.lobby import Lobby
from bot.tables.ping import Pings
from bot.tables.play import Play, guarded
from bot.tables.rematch import Rematch
from storage import Store, Tx

log = logging.getLogger(__name__)


class TableService:
    """Kozyr's use cases: the parts, wired.

    Args:
        store: the database.
        catalogs: translations.
        messenger: the platform.
        default_lang: language of a chat that never used ``/lang``.
        new_seed: source of match seeds (tests pass a deterministic one).
        bot_delay: seconds a bot player waits before its move (a human-feeling pause).
        lobby_timeout: seconds after which an unstarted lobby closes.
        link_secret: the key signing join links (bot/tables/access.py); random when not given
            (links then die with the process).
        ping_after: seconds a human's turn waits before his "your move" ping (0: never).
        time_zone: the zone the turn clock's time of day is written in (``KOZYR_TIMEZONE``).
    """

    def __init__(
        self,
        *,
        store: Store,
        catalogs: Catalogs,
        messenger: Messenger,
        default_lang: str = "ru",
        new_seed: Callable[[], int] = lambda: secrets.randbits(62),
        bot_delay: float = 1.5,
        lobby_timeout: float = 900.0,
        link_secret: bytes | None = None,
        ping_after: float = 20.0,
        time_zone: tzinfo = UTC,
    ) -> None:
        self.kit = Kit(store, catalogs, messenger, default_lang)
        self.display = Display(store=store, catalogs=catalogs, messenger=messenger,
                               default_lang=default_lang, locks=self.kit.locks,
                               time_zone=time_zone)
        self.records = Records(store=store, catalogs=catalogs, messenger=messenger,
                               default_lang=default_lang, locks=self.kit.locks)
        self.clock = Clock(self.kit, self.display, bot_delay=bot_delay,
                           lobby_timeout=lobby_timeout, ping_after=ping_after)
        self.pings = Pings(self.kit, self.display, ping_after=ping_after)
        self.access = Access(self.kit)
        self.play = Play(self.kit, self.display, self.clock, self.records)
        self.lobby = Lobby(self.kit, self.display, self.clock, self.access, new_seed=new_seed,
                           link_secret=link_secret or secrets.token_bytes(32),
                           records=self.records)
        self.chats = ChatMoves(self.kit, self.display, self.lobby, self.clock)
        self.guard = Guard(self.kit)
        self.rematch = Rematch(self.kit, self.display, self.clock, self.lobby)
        self.rematch.on_removed = self.chats.bot_removed
        self.clock.timers.connect(on_deadline=self.play.on_deadline,
                                  on_reminder=self.clock.on_reminder,
                                  on_bot_turn=self.play.on_bot_turn,
                                  on_lobby_expired=self.lobby.on_expired,
                                  on_ping=self.pings.on_ping,
                                  on_rematch_expired=self.rematch.on_expired)
        self.display.on_result = self.rematch.offer_posted

    @property
    def store(self) -> Store:
        """The database."""
        return self.kit.store

    @property
    def catalogs(self) -> Catalogs:
        """The translations (set: every part translates with the new ones)."""
        return self.kit.catalogs

    @catalogs.setter
    def catalogs(self, catalogs: Catalogs) -> None:
        self.kit.catalogs = self.display.catalogs = self.records.catalogs = catalogs

    @property
    def default_lang(self) -> str:
        """The language of a chat that never used ``/lang``."""
        return self.kit.default_lang

    @property
    def platform(self) -> str:
        """The messenger's platform id (``tg``, ``dc``)."""
        return self.kit.platform

    def tr(self, lang: str | None) -> Translator:
        """A translator for ``lang`` (the default language when None)."""
        return self.kit.tr(lang)

    async def translator(self, place: Place, person: Person | None = None) -> Translator:
        """The translator of the chat of ``place`` (for an adapter's own texts); with
        ``person``, of a reply to him (in his private chat, his language: ``Kit.reply_tr``)."""
        async with self.kit.store.transaction() as tx:
            if person is not None:
                return await self.kit.reply_tr(tx, place, person)
            tr, _ = await self.kit.chat_tr(tx, place)
        return tr

    # ---- chat commands ------------------------------------------------------------------------

    async def set_lang(self, place: Place, lang: str, person: Person | None = None) -> None:
        """``/lang ru|uk|en``: the chat's language. Anything else is answered with the usage,
        to ``person`` in his private chat in his language (``Kit.reply_tr``)."""
        async with self.kit.store.transaction() as tx:
            tr, chat_id = await self.kit.chat_tr(tx, place)
            if lang in LANGS:
                await tx.set_chat_lang(chat_id, lang)
                text = self.kit.tr(lang)("lang.set")
            else:
                if person is not None:
                    tr = await self.kit.reply_tr(tx, place, person)
                text = tr("lang.usage", langs=", ".join(LANGS))
        await self.kit.say(place, text)

    async def help(self, place: Place, person: Person | None = None) -> None:
        """``/help``: what the bot does and its commands (asked by ``person``: in his private
        chat, in his language)."""
        tr = await self.translator(place, person)
        games = ", ".join(g.id for g in engine.list_games())
        text = tr("help.text", games=games)
        more = tr.maybe(f"help.more.{self.platform}", "")  # commands of one platform only
        if more:  # among the commands, before the last line ("/help — this message")
            head, _, last = text.rpartition("\n")
            text = f"{head}\n{more}\n{last}" if head else f"{text}\n{more}"
        await self.kit.say(place, text)

    async def rules(self, place: Place, game_id: str, person: Person | None = None) -> None:
        """``/rules <game>``: a short summary of the game's rules (and the table's options);
        asked by ``person``: in his private chat, in his language."""
        tr = await self.translator(place, person)
        known = [g.id for g in engine.list_games()]
        game_id = game_id or (known[0] if len(known) == 1 else "")
        if game_id not in known:
            await self.kit.say(place, tr("rules.usage", games=", ".join(known)))
            return
        # The summary ends by saying where the whole rules are, in words (no repository path).
        await self.kit.say(place, tr(f"rules.{game_id}") + "\n\n"
                           + tr("rules.more", game=game_id))

    # ---- private chat -------------------------------------------------------------------------

    async def private_start(self, person: Person, payload: str) -> None:
        """``/start [payload]`` in private: the person can now get messages.

        ``join-<table>-<tag>`` (signed, bot/tables/access.py) completes a join
        (``join-<table>-<seat>-<tag>``: a "sit" press, taking that seat of a pair game's lobby
        if it is still free); a payload that is not a valid link is refused with a notice and
        changes nothing. Any start also re-sends the person's hands at every running table
        (after a block, a deleted message, or a first start after the game began).
        """
        async with self.kit.store.transaction() as tx:
            user = await tx.upsert_user(self.platform, person.ext_id, person.name,
                                        person.username, can_dm=True)
            tables = await self._running_tables_of(tx, user.id)
            waiting = await tx.seated_tables(user.id, "lobby")
            chat = await tx.get_chat(waiting[0].chat_id) if waiting else None
            # in the lobby's language (he is seated there), else in his own (his private
            # chat's /lang first)
            tr = self.tr(chat.lang) if chat is not None and chat.lang \
                else await self.kit.reply_tr(tx, None, person)
        target = Target(person.ext_id, private=True)
        await self.lobby.drop_invitations(person)  # he has opened the private chat
        data = parse_join(self.lobby.link_secret, payload) if payload else None
        if data is not None:
            # "seat": the seat asked for, or any free one if it was taken meanwhile
            notice = await self.lobby.press(person, data)
            await self.kit.messenger.send(target, Screen(notice or tr("notice.joined")))
        elif payload.startswith(JOIN_PREFIX):
            await self.kit.messenger.send(target, Screen(tr("notice.bad_link")))
        elif waiting and not tables:  # seated in a lobby (its creator): the cards come here
            game = tr.maybe(f"game.{waiting[0].game}", waiting[0].game)
            await self.kit.messenger.send(target, Screen(tr("start.seated", game=game)))
        elif not tables:
            await self.kit.messenger.send(target, Screen(welcome_text(tr)))
        await self._redraw_hands(person, tables)

    async def set_private(self, person: Person, *, allowed: bool) -> None:
        """Whether the person's hands go to his private chat (Discord's ``/dm``; Telegram's
        ``/start`` allows it). His hands at running tables are redrawn at once."""
        async with self.kit.store.transaction() as tx:
            user = await tx.upsert_user(self.platform, person.ext_id, person.name,
                                        person.username, can_dm=allowed)
            tables = await self._running_tables_of(tx, user.id)
        await self._redraw_hands(person, tables)

    @staticmethod
    async def _running_tables_of(tx: Tx, user_id: int | None) -> list[int]:
        """The running tables where the user has a seat."""
        return [t.id for t in await tx.seated_tables(user_id, "playing") if t.id is not None]

    async def _redraw_hands(self, person: Person, tables: list[int]) -> None:
        """Send the person's hands at ``tables`` again (and every table message redrawn)."""
        self.display.forget(person.ext_id)
        for table_id in tables:
            async with self.kit.locks(table_id):
                await self.display.refresh(table_id, new_events=[])

    # ---- start-up -----------------------------------------------------------------------------

    async def resume_all(self) -> int:
        """At start-up: redraw every running table and re-arm every clock, bot turn and lobby
        expiry; return how many tables run. Failures are logged."""
        async with self.kit.store.transaction() as tx:
            tables = [t.id for t in await tx.unfinished_tables()
                      if t.status == "playing" and t.id is not None and not is_suspended(t)]
        for table_id in tables:  # a suspended game's chat refuses messages until /resume
            async with self.kit.locks(table_id):
                try:
                    await self.display.refresh(table_id, new_events=[])
                except Exception:
                    log.warning("table %s could not be redrawn at start-up", table_id,
                                exc_info=True)
        await self.rearm_all()
        return len(tables)

    async def rearm_all(self) -> None:
        """At start-up: every stored deadline, bot turn, lobby expiry and Rematch offer's
        expiry armed again."""
        await guarded(self.rematch.rearm(), "rematch offers not re-armed at start-up")
        async with self.kit.store.transaction() as tx:
            tables = await tx.unfinished_tables()
        for table in tables:
            if table.id is None:
                continue
            if table.status == "lobby":
                closes = table.created_at + timedelta(seconds=self.clock.lobby_timeout)
                self.clock.timers.arm_lobby(table.id, closes)
                if not table.message_id and closes > utcnow():
                    # stored, then the bot stopped before posting it: invisible, it would
                    # block /new in its chat until it expires
                    async with self.kit.locks(table.id):
                        await guarded(self.lobby.post_lobby(table.id),
                                      "lobby %s not posted at start-up", table.id)
            else:
                async with self.kit.locks(table.id):  # one table that fails stops no other
                    await guarded(self.clock.schedule(table.id, keep_deadline=True),
                                  "table %s not re-armed at start-up", table.id)
