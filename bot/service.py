"""The table service: lobby, start, act, score. Platform-neutral use cases (STYLE.md point 8).

Handlers parse an update into ``Person``/``Place``/``ActData``/``LobbyData``, call one method here
and answer the button press with the returned notice. Everything a chat sees goes out through the
``Messenger``. Concurrency is defended three ways: an ``asyncio.Lock`` per table, the version on
the table row checked inside a ``BEGIN IMMEDIATE`` transaction, and the unique (table, seq) key on
the action log.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

import engine
from bot import metrics
from bot.access import JOIN_PREFIX, AccessMixin, parse_join
from bot.autoplay import AutoplayMixin
from bot.chatmove import ChatMoveMixin, is_suspended
from bot.display import Display
from bot.i18n import LANGS, Catalogs, Translator
from bot.lobby import Answer, answer_safely, guarded, lobby_defaults
from bot.locks import TableLocks
from bot.messenger import Messenger
from bot.model import ActData, ExpandData, Person, Place, Screen, Target
from bot.timers import Timers, utcnow
from storage import Conflict, Store, Tx

log = logging.getLogger(__name__)

#: The code of the "I'm back" button (not an engine action: it starts with "@").
BACK_CODE = "@back"


class TableService(AccessMixin, ChatMoveMixin, AutoplayMixin):
    """Use cases of kozyr's tables.

    Args:
        store: the database.
        catalogs: translations.
        messenger: the platform.
        default_lang: language of a chat that never used ``/lang``.
        new_seed: source of match seeds (tests pass a deterministic one).
        bot_delay: seconds a bot player waits before its move (a human-feeling pause).
        lobby_timeout: seconds after which an unstarted lobby closes.
        link_secret: the key signing join links (bot/access.py); random when not given (links
            then die with the process).
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
    ) -> None:
        self.store = store
        self.catalogs = catalogs
        self.messenger = messenger
        self.default_lang = default_lang
        self.new_seed = new_seed
        self.link_secret = link_secret or secrets.token_bytes(32)
        self._locks = TableLocks()
        self.display = Display(store=store, catalogs=catalogs, messenger=messenger,
                               default_lang=default_lang, locks=self._locks)
        self._invited: set[tuple[int, str]] = set()
        self._move_lock = asyncio.Lock()  # chat moves (bot/chatmove.py) one at a time
        self._background: set[asyncio.Task[None]] = set()
        self._invitations: dict[str, list[tuple[Target, str]]] = {}
        self.bot_delay = bot_delay
        self.lobby_timeout = lobby_timeout
        self.timers = Timers(on_deadline=self.on_deadline, on_reminder=self.on_reminder,
                             on_bot_turn=self.on_bot_turn, on_lobby_expired=self.on_lobby_expired)

    async def _chat_tr(self, tx: Tx, place: Place) -> tuple[Translator, int]:
        chat = await tx.upsert_chat(self.platform, place.chat_ext_id, place.title)
        assert chat.id is not None
        return self.tr(chat.lang), chat.id

    # ---- commands -----------------------------------------------------------------------------

    async def new_table(self, place: Place, person: Person, game_id: str) -> None:
        """``/new <game>``: open a lobby with the creator in seat 1, or say why not."""
        known = [g.id for g in engine.list_games()]
        async with self.store.transaction() as tx:
            tr, chat_id = await self._chat_tr(tx, place)
            if game_id not in known:
                text = tr("new.usage", games=", ".join(known))
                table = None
            elif await tx.active_table(chat_id, place.thread_id) is not None:
                text, table = tr("notice.table_exists"), None
            else:
                user = await tx.upsert_user(self.platform, person.ext_id, person.name,
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
            await self._say(place, text)
            return
        assert table.id is not None
        # armed first: a lobby whose message never went out still closes in time
        self.timers.arm_lobby(table.id, utcnow() + timedelta(seconds=self.lobby_timeout))
        await self.post_lobby(table.id)
        link = self.messenger.deep_link("hand")
        if not can_dm and link:  # the creator must open the bot too, or he gets no cards
            assert table.id is not None
            self._invited.add((table.id, person.ext_id))
            await self.post_invitation(place, person, self._invitation(tr, person, link))

    async def set_lang(self, place: Place, lang: str) -> None:
        """``/lang ru|uk|en``: the chat's language."""
        async with self.store.transaction() as tx:
            tr, chat_id = await self._chat_tr(tx, place)
            if lang in LANGS:
                await tx.set_chat_lang(chat_id, lang)
                tr = self.tr(lang)
                text = tr("lang.set")
            else:
                text = tr("lang.usage", langs=", ".join(LANGS))
        await self._say(place, text)

    async def help(self, place: Place) -> None:
        """``/help``: what the bot does and its commands."""
        async with self.store.transaction() as tx:
            tr, _ = await self._chat_tr(tx, place)
        games = ", ".join(g.id for g in engine.list_games())
        await self._say(place, tr("help.text", games=games))

    async def rules(self, place: Place, game_id: str) -> None:
        """``/rules <game>``: a short summary of the game's rules (and the table's options)."""
        async with self.store.transaction() as tx:
            tr, _ = await self._chat_tr(tx, place)
        known = [g.id for g in engine.list_games()]
        game_id = game_id or (known[0] if len(known) == 1 else "")
        if game_id not in known:
            await self._say(place, tr("new.usage", games=", ".join(known)))
            return
        # The summary ends with where the whole text is (docs/rules/<game>.md).
        await self._say(place, tr(f"rules.{game_id}") + "\n\n" + tr("rules.more", game=game_id))

    async def score(self, place: Place, *, last: bool = False) -> None:
        """``/score``: the sheet of the chat's current match (``last``: the last finished one).

        With no match running (none, or only a lobby) the last finished match is shown.
        """
        async with self.store.transaction() as tx:
            tr, chat_id = await self._chat_tr(tx, place)
            table = None if last else await tx.active_table(chat_id, place.thread_id)
            if table is None or table.status != "playing":
                table = await tx.last_finished_table(chat_id, played=True)
            if table is None or table.id is None:
                text = tr("score.none")
            else:
                text = await self.display.sheet_text(tx, table)
        await self._say(place, text)

    # ---- private chat -------------------------------------------------------------------------

    async def private_start(self, person: Person, payload: str) -> None:
        """``/start [payload]`` in private: the person can now get messages.

        ``join-<table>-<tag>`` (signed, bot/access.py) completes a join
        (``join-<table>-<seat>-<tag>``: a "sit" press, taking that seat of a pair game's lobby
        if it is still free); a payload that is not a valid link is refused with a notice and
        changes nothing. Any start also re-sends the person's
        hands at every running table (after a block, a deleted message, or a first start after
        the game began).
        """
        async with self.store.transaction() as tx:
            user = await tx.upsert_user(self.platform, person.ext_id, person.name,
                                        person.username, can_dm=True)
            tables = await self._running_tables_of(tx, user.id)
            waiting = [t for t in await tx.unfinished_tables() if t.status == "lobby"
                       and t.id is not None
                       and any(s.user_id == user.id for s in await tx.seats(t.id))]
            chat = await tx.get_chat(waiting[0].chat_id) if waiting else None
        target = Target(person.ext_id, private=True)
        tr = self.tr(chat.lang if chat else None)
        await self.drop_invitations(person)  # he has opened the private chat
        data = parse_join(self.link_secret, payload) if payload else None
        if data is not None:
            # "seat": the seat asked for, or any free one if it was taken meanwhile
            notice = await self.lobby(person, data)
            await self.messenger.send(target, Screen(notice or tr("notice.joined")))
        elif payload.startswith(JOIN_PREFIX):
            await self.messenger.send(target, Screen(tr("notice.bad_link")))
        elif waiting and not tables:  # seated in a lobby (its creator): the cards come here
            game = tr.maybe(f"game.{waiting[0].game}", waiting[0].game)
            await self.messenger.send(target, Screen(tr("start.seated", game=game)))
        elif not tables:
            await self.messenger.send(target, Screen(tr("start.welcome")))
        await self._redraw_hands(person, tables)

    async def _running_tables_of(self, tx: Tx, user_id: int | None) -> list[int]:
        """The running tables where the user has a seat."""
        return [t.id for t in await tx.unfinished_tables()
                if t.status == "playing" and t.id is not None
                and any(s.user_id == user_id for s in await tx.seats(t.id))]

    async def _redraw_hands(self, person: Person, tables: list[int]) -> None:
        """Send the person's hands at ``tables`` again (and every table message redrawn)."""
        self.display.forget(person.ext_id)
        for table_id in tables:
            async with self._locks(table_id):
                await self.display.refresh(table_id, new_events=[])

    # ---- play ---------------------------------------------------------------------------------

    async def act(self, person: Person, data: ActData, answer: Answer | None = None) -> str:
        """A game button. Returns the press's answer: empty when the move was made.

        ``answer`` (if given) is called with that answer as soon as the move is stored, before
        the messages are redrawn. A stale press by a seated player redraws the table, so a
        player whose message missed an update gets current buttons.
        """
        if data.code == BACK_CODE:
            notice = await self.back(data.table_id, person)
            if answer is not None:
                await answer_safely(answer, notice)
            return notice
        pressed_at = time.monotonic()  # kozyr_press_to_edit_seconds counts from here
        async with self._locks(data.table_id):
            notice, events, heal = await self._apply(person, data)
            if answer is not None:  # a failed answer is logged: the move is stored already
                await answer_safely(answer, notice)
            with metrics.pressed(pressed_at):
                if events is not None:
                    await self.follow_up(data.table_id, events)
                elif heal:
                    await guarded(self.display.refresh(data.table_id, new_events=[]),
                                  "table %s not redrawn", data.table_id)
        return notice

    async def _apply(self, person: Person, data: ActData
                     ) -> tuple[str, list[dict[str, Any]] | None, bool]:
        """The database part of a move: (notice, new events or None, redraw anyway)."""
        async with self.store.transaction() as tx:
            table = await tx.get_table(data.table_id, lock=True)
            chat = await tx.get_chat(table.chat_id) if table else None
            tr = self.tr(chat.lang if chat else None)
            if table is None or table.id is None:
                return tr("notice.bad_data"), None, False
            if table.status != "playing":
                return tr("notice.table_over"), None, False
            if is_suspended(table):  # the bot is out of the table's chat: nothing moves
                return tr("notice.suspended"), None, False
            seat = await self._seat_of(tx, table.id, person)
            if seat is None:
                return tr("notice.not_seated"), None, False
            if data.version != table.version:
                return tr("notice.stale"), None, True
            record = await tx.get_match(table.id)
            assert record is not None
            match = engine.get_game(table.game).from_json(record.snapshot)
            try:
                events = await self.commit_move(tx, table, match, seat, data.code)
            except engine.IllegalAction as exc:
                # players read words in their language; the rule id and the engine's own
                # (English) reason go to the log
                log.info("table %s: %r refused: %s (%s)", table.id, data.code, exc.reason,
                         exc.rule_id)
                reason = tr.maybe(f"rule.{exc.rule_id}", tr("notice.illegal_any"))
                return tr("notice.illegal", reason=reason), None, False
            except Conflict:
                return tr("notice.stale"), None, True
            for row in await tx.seats(table.id):
                if row.seat == seat and row.timeouts:
                    row.timeouts = 0  # he is here: the count of time-outs in a row restarts
                    await tx.save_seat(row)
        return "", events, False

    async def _seat_of(self, tx: Tx, table_id: int, person: Person) -> int | None:
        user = await tx.find_user(self.platform, person.ext_id)
        if user is None:
            return None
        return next((s.seat for s in await tx.seats(table_id) if s.user_id == user.id), None)

    async def resume_all(self) -> int:
        """At start-up: redraw every running table and re-arm every clock, bot turn and lobby
        expiry; return how many tables run. Failures are logged."""
        async with self.store.transaction() as tx:
            tables = [t.id for t in await tx.unfinished_tables()
                      if t.status == "playing" and t.id is not None and not is_suspended(t)]
        for table_id in tables:  # a suspended game's chat refuses messages until /resume
            async with self._locks(table_id):
                try:
                    await self.display.refresh(table_id, new_events=[])
                except Exception:
                    log.warning("table %s could not be redrawn at start-up", table_id,
                                exc_info=True)
        await self.rearm_all()
        return len(tables)

    async def expand(self, person: Person, data: ExpandData) -> str:
        """Open or close a choice on the presser's hand message; changes no game state."""
        async with self._locks(data.table_id):
            seat, notice = await self._playing_seat(data.table_id, person, data.version)
            if seat is None:
                return notice
            if data.prefix and not await self.display.offers(data.table_id, seat, data.prefix):
                tr = await self.table_translator(data.table_id)
                return tr("notice.bad_data")  # no choice among his legal moves
            await self.display.show_hand(data.table_id, seat, expanded=data.prefix or None)
        return ""

    async def _playing_seat(self, table_id: int, person: Person, version: int | None = None
                            ) -> tuple[int | None, str]:
        """The person's seat at a running table, or None and the notice saying why not
        (``version``, if given, must be the table's)."""
        async with self.store.transaction() as tx:
            table = await tx.get_table(table_id)
            chat = await tx.get_chat(table.chat_id) if table else None
            tr = self.tr(chat.lang if chat else None)
            if table is None or table.id is None:
                return None, tr("notice.bad_data")
            if table.status != "playing":
                return None, tr("notice.table_over")
            seat = await self._seat_of(tx, table.id, person)
            if seat is None:
                return None, tr("notice.not_seated")
            if version is not None and version != table.version:
                return None, tr("notice.stale")
        return seat, ""

    # ---- hands on demand, private messages by choice (Discord) --------------------------------

    async def hand(self, person: Person, table_id: int,
                   show: Callable[[Screen], Awaitable[str]]) -> str:
        """"My hand": show the person his hand at ``table_id`` through ``show``.

        For a platform where the bot cannot write to a player until he asks (Discord): ``show``
        answers the request and returns the message's id, which becomes the seat's hand message
        (edited as play goes on). Returns a notice, empty when the hand was shown.
        """
        async with self._locks(table_id):
            seat, notice = await self._playing_seat(table_id, person)
            if seat is None:
                return notice
            await self.display.hand_on_demand(table_id, seat, show)
        return ""

    async def set_private(self, person: Person, *, allowed: bool) -> None:
        """Whether the person's hands go to his private chat (Discord's ``/dm``; Telegram's
        ``/start`` allows it). His hands at running tables are redrawn at once."""
        async with self.store.transaction() as tx:
            user = await tx.upsert_user(self.platform, person.ext_id, person.name,
                                        person.username, can_dm=allowed)
            tables = await self._running_tables_of(tx, user.id)
        await self._redraw_hands(person, tables)

    async def translator(self, place: Place) -> Translator:
        """The translator of the chat of ``place`` (for an adapter's own texts)."""
        async with self.store.transaction() as tx:
            tr, _ = await self._chat_tr(tx, place)
        return tr
