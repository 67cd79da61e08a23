"""The table service: lobby, start, act, score. Platform-neutral use cases (STYLE.md point 8).

Handlers parse an update into ``Person``/``Place``/``ActData``/``LobbyData``, call one method here
and answer the button press with the returned notice. Everything a chat sees goes out through the
``Messenger``. Concurrency is defended three ways: an ``asyncio.Lock`` per table, the version on
the table row checked inside a ``BEGIN IMMEDIATE`` transaction, and the unique (table, seq) key on
the action log.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from typing import Any

import engine
from bot.display import Display
from bot.i18n import LANGS, Catalogs, Translator
from bot.lobby import JOIN_PREFIX, Answer, LobbyMixin, lobby_defaults
from bot.locks import TableLocks
from bot.messenger import Messenger
from bot.model import ActData, ExpandData, LobbyData, Person, Place, Screen, Target
from storage import Conflict, Store, Tx

log = logging.getLogger(__name__)


class TableService(LobbyMixin):
    """Use cases of kozyr's tables.

    Args:
        store: the database.
        catalogs: translations.
        messenger: the platform.
        default_lang: language of a chat that never used ``/lang``.
        new_seed: source of match seeds (tests pass a deterministic one).
    """

    def __init__(
        self,
        *,
        store: Store,
        catalogs: Catalogs,
        messenger: Messenger,
        default_lang: str = "ru",
        new_seed: Callable[[], int] = lambda: secrets.randbits(62),
    ) -> None:
        self.store = store
        self.catalogs = catalogs
        self.messenger = messenger
        self.default_lang = default_lang
        self.new_seed = new_seed
        self.display = Display(store=store, catalogs=catalogs, messenger=messenger,
                               default_lang=default_lang)
        self._locks = TableLocks()
        self._invited: set[tuple[int, str]] = set()

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
                table = await tx.create_table(chat_id, game_id, user.id, options,
                                              thread_id=place.thread_id)
                assert table.id is not None
                await tx.add_seat(table.id, 0, user.id)
                text = ""
                can_dm = user.can_dm
        if table is None:
            await self._say(place, text)
            return
        assert table.id is not None
        screen = await self.lobby_screen(table.id)
        message_id = await self.messenger.send(Target(place.chat_ext_id, place.thread_id), screen)
        async with self.store.transaction() as tx:
            fresh = await tx.get_table(table.id, lock=True)
            assert fresh is not None
            fresh.message_id = message_id
            await tx.save_table(fresh)
        link = self.messenger.deep_link("hand")
        if not can_dm and link:  # the creator must open the bot too, or he gets no cards
            assert table.id is not None
            self._invited.add((table.id, person.ext_id))
            invitation = self._invitation(tr, person, link)
            await self._say(place, invitation.text, invitation.buttons)

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
        await self._say(place, tr(f"rules.{game_id}"))

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

        ``join-<table>`` completes a join; any start also re-sends the person's hands at every
        running table (after a block, a deleted message, or a first start after the game began).
        """
        async with self.store.transaction() as tx:
            user = await tx.upsert_user(self.platform, person.ext_id, person.name,
                                        person.username, can_dm=True)
            tables = [t.id for t in await tx.unfinished_tables()
                      if t.status == "playing" and t.id is not None
                      and any(s.user_id == user.id for s in await tx.seats(t.id))]
        target = Target(person.ext_id, private=True)
        tr = self.tr(None)
        number = payload[len(JOIN_PREFIX):] if payload.startswith(JOIN_PREFIX) else ""
        if number.isascii() and number.isdigit() and len(number) < 12:
            notice = await self.lobby(person, LobbyData(int(number), "join"))
            await self.messenger.send(target, Screen(notice or tr("notice.joined")))
        elif not tables:
            await self.messenger.send(target, Screen(tr("start.welcome")))
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
        async with self._locks(data.table_id):
            notice, events, heal = await self._apply(person, data)
            if answer is not None:
                await answer(notice)
            if events is not None or heal:
                await self.display.refresh(data.table_id, new_events=events or [])
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
            seat = await self._seat_of(tx, table.id, person)
            if seat is None:
                return tr("notice.not_seated"), None, False
            if data.version != table.version:
                return tr("notice.stale"), None, True
            record = await tx.get_match(table.id)
            assert record is not None
            match = engine.get_game(table.game).from_json(record.snapshot)
            try:
                events = match.apply(seat, data.code)
            except engine.IllegalAction as exc:
                reason = tr.maybe(f"rule.{exc.rule_id}", exc.reason)
                return tr("notice.illegal", reason=reason, rule=exc.rule_id), None, False
            seq = record.snapshot_seq + 1
            try:
                await tx.append_action(table.id, seq, seat, data.code)
            except Conflict:
                return tr("notice.stale"), None, True
            await tx.save_snapshot(table.id, match.to_json(), seq)
            await self.display.record_scores(tx, table.id, match)
            table.version += 1
            if match.is_over:
                self.display.finish(table, match)
            await tx.save_table(table)
        return "", [e.to_dict() for e in events], False

    async def _seat_of(self, tx: Tx, table_id: int, person: Person) -> int | None:
        user = await tx.find_user(self.platform, person.ext_id)
        if user is None:
            return None
        return next((s.seat for s in await tx.seats(table_id) if s.user_id == user.id), None)

    async def resume_all(self) -> int:
        """Redraw every running table (at start-up); return how many. Failures are logged."""
        async with self.store.transaction() as tx:
            tables = [t.id for t in await tx.unfinished_tables()
                      if t.status == "playing" and t.id is not None]
        for table_id in tables:
            async with self._locks(table_id):
                try:
                    await self.display.refresh(table_id, new_events=[])
                except Exception:
                    log.warning("table %s could not be redrawn at start-up", table_id,
                                exc_info=True)
        return len(tables)

    async def expand(self, person: Person, data: ExpandData) -> str:
        """Open or close a choice on the presser's hand message; changes no game state."""
        async with self._locks(data.table_id):
            async with self.store.transaction() as tx:
                table = await tx.get_table(data.table_id)
                chat = await tx.get_chat(table.chat_id) if table else None
                tr = self.tr(chat.lang if chat else None)
                if table is None or table.id is None:
                    return tr("notice.bad_data")
                if table.status != "playing":
                    return tr("notice.table_over")
                seat = await self._seat_of(tx, table.id, person)
                if seat is None:
                    return tr("notice.not_seated")
                if data.version != table.version:
                    return tr("notice.stale")
            await self.display.show_hand(data.table_id, seat, expanded=data.prefix or None)
        return ""
