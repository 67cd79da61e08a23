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
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import engine
from bot.display import Display
from bot.i18n import LANGS, Catalogs, Translator
from bot.messenger import Messenger
from bot.model import ActData, Button, ExpandData, LobbyData, Person, Place, Screen, Target
from bot.render import render_lobby
from storage import Conflict, GameTable, Store, Tx

log = logging.getLogger(__name__)



def lobby_choices(game_id: str) -> dict[str, list[Any]]:
    """Options the lobby lets the creator cycle through (the engine marks them ``lobby``)."""
    return {o.key: list(o.choices) for o in engine.get_game(game_id).info.options if o.lobby}


def lobby_defaults(game_id: str) -> dict[str, Any]:
    """The starting values of the lobby's options: the engine's defaults."""
    return {o.key: o.default for o in engine.get_game(game_id).info.options if o.lobby}

JOIN_PREFIX = "join-"


class TableService:
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
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    @property
    def platform(self) -> str:
        """The messenger's platform id (``tg``, ``dc``)."""
        return self.messenger.platform

    def tr(self, lang: str | None) -> Translator:
        """A translator for ``lang`` (the default language when None)."""
        return self.catalogs.translator(lang or self.default_lang)

    async def _chat_tr(self, tx: Tx, place: Place) -> tuple[Translator, int]:
        chat = await tx.upsert_chat(self.platform, place.chat_ext_id, place.title)
        assert chat.id is not None
        return self.tr(chat.lang), chat.id

    async def _say(
        self, place: Place, text: str, buttons: tuple[tuple[Button, ...], ...] = ()
    ) -> None:
        await self.messenger.send(Target(place.chat_ext_id, place.thread_id), Screen(text, buttons))

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

    async def lobby_screen(self, table_id: int, closed: str | None = None) -> Screen:
        """Render the lobby of ``table_id`` as it is in the database."""
        async with self.store.transaction() as tx:
            table = await tx.get_table(table_id)
            assert table is not None
            chat = await tx.get_chat(table.chat_id)
            names = []
            for seat in await tx.seats(table_id):
                user = await tx.get_user(seat.user_id) if seat.user_id else None
                names.append(user.name if user else None)
        info = engine.get_game(table.game).info
        return render_lobby(self.tr(chat.lang if chat else None), table_id=table_id,
                            game=table.game, names=names, options=dict(table.options),
                            choices=lobby_choices(table.game),
                            min_players=info.min_players, closed=closed)

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
        """``/score``: the sheet of the chat's current match (``last``: the last finished one)."""
        async with self.store.transaction() as tx:
            tr, chat_id = await self._chat_tr(tx, place)
            table = None if last else await tx.active_table(chat_id, place.thread_id)
            if table is None or table.status != "playing":
                table = await tx.last_finished_table(chat_id) if last or table is None else None
            if table is None or table.id is None or await tx.get_match(table.id) is None:
                text = tr("score.none")
            else:
                text = await self.display.sheet_text(tx, table)
        await self._say(place, text)

    # ---- private chat -------------------------------------------------------------------------

    async def private_start(self, person: Person, payload: str) -> None:
        """``/start [payload]`` in private: the person can now get messages; finish a join."""
        async with self.store.transaction() as tx:
            await tx.upsert_user(self.platform, person.ext_id, person.name, person.username,
                                 can_dm=True)
        target = Target(person.ext_id, private=True)
        tr = self.tr(None)
        if payload.startswith(JOIN_PREFIX) and payload[len(JOIN_PREFIX):].isdigit():
            table_id = int(payload[len(JOIN_PREFIX):])
            notice = await self.lobby(person, LobbyData(table_id, "join"))
            await self.messenger.send(target, Screen(notice or tr("notice.joined")))
            return
        await self.messenger.send(target, Screen(tr("start.welcome")))

    # ---- lobby --------------------------------------------------------------------------------

    async def lobby(self, person: Person, data: LobbyData, place: Place | None = None) -> str:
        """A lobby button (join, leave, option, start, cancel). Returns the press's answer."""
        async with self._locks[data.table_id]:
            return await self._lobby(person, data, place)

    async def _lobby(self, person: Person, data: LobbyData, place: Place | None) -> str:
        # Platform calls happen outside the transaction: on SQLite it holds the write lock.
        boss_by_admin = False
        if data.op in ("start", "cancel", "opt") and place is not None:
            boss_by_admin = await self.messenger.is_admin(place, person)
        say: list[Screen] = []
        async with self.store.transaction() as tx:
            table = await tx.get_table(data.table_id, lock=True)
            chat = await tx.get_chat(table.chat_id) if table else None
            tr = self.tr(chat.lang if chat else None)
            if table is None or chat is None or table.status != "lobby":
                return tr("notice.lobby_closed")
            user = await tx.upsert_user(self.platform, person.ext_id, person.name,
                                        person.username)
            assert user.id is not None and table.id is not None
            seats = await tx.seats(table.id)
            mine = next((s for s in seats if s.user_id == user.id), None)
            info = engine.get_game(table.game).info
            is_boss = user.id == table.creator_id or boss_by_admin
            here = place or Place(self.platform, chat.ext_id, chat.title, table.thread_id)
            if data.op == "join":
                if mine is not None:
                    return tr("notice.already_joined")
                if len(seats) >= info.max_players:
                    return tr("notice.full")
                link = self.messenger.deep_link(f"{JOIN_PREFIX}{table.id}")
                if not user.can_dm and link:
                    say.append(Screen(tr("notice.open_private", name=person.name),
                                      ((Button(tr("button.open_private"), url=link),),)))
                    answer = tr("notice.open_private_short")
                else:
                    free = min(set(range(info.max_players)) - {s.seat for s in seats})
                    try:
                        await tx.add_seat(table.id, free, user.id)
                    except Conflict:
                        return tr("notice.full")
                    answer = tr("notice.joined")
            elif data.op == "leave":
                if mine is None:
                    return tr("notice.not_joined")
                await tx.remove_seat(table.id, mine.seat)
                answer = tr("notice.left")
            elif not is_boss:
                return tr("notice.only_creator")
            elif data.op == "opt":
                key, _, raw = data.arg.partition("=")
                choices = lobby_choices(table.game).get(key, [])
                value = next((v for v in choices if str(v) == raw), None)
                if value is None:
                    return tr("notice.bad_data")
                table.options = {**table.options, key: value}
                await tx.save_table(table)
                answer = tr("notice.done")
            elif data.op == "cancel":
                table.status = "aborted"
                await tx.save_table(table)
                answer = tr("notice.done")
            else:
                if not info.min_players <= len(seats) <= info.max_players:
                    return tr("notice.not_enough", n=info.min_players)
                await self._start_match(tx, table, len(seats))
                answer = tr("notice.done")
            status, message_id = table.status, table.message_id
        for screen in say:
            await self._say(here, screen.text, screen.buttons)
        closed = {"aborted": "lobby.cancelled", "playing": "lobby.started"}.get(status)
        if message_id:
            screen = await self.lobby_screen(data.table_id, closed)
            await self.messenger.edit(Target(here.chat_ext_id, here.thread_id), message_id, screen)
        if status == "playing":
            await self.display.refresh(data.table_id, new_events=[], new_table_message=True)
        return answer

    async def _start_match(self, tx: Tx, table: GameTable, players: int) -> None:
        assert table.id is not None
        seed = self.new_seed()
        options = dict(table.options)
        # DB-DEAL-1 / DESIGN.md: the bot draws the lot for the first dealer.
        options.setdefault("first_dealer", seed % players)
        match = engine.get_game(table.game).new_match(players=players, options=options, seed=seed)
        await tx.create_match(table.id, seed, players, options, None, match.to_json())
        table.status, table.version, table.options = "playing", table.version + 1, options
        await tx.save_table(table)

    # ---- play ---------------------------------------------------------------------------------

    async def act(self, person: Person, data: ActData) -> str:
        """A game button. Returns the press's answer: empty when the move was made."""
        async with self._locks[data.table_id], self.store.transaction() as tx:
            table = await tx.get_table(data.table_id, lock=True)
            chat = await tx.get_chat(table.chat_id) if table else None
            tr = self.tr(chat.lang if chat else None)
            if table is None or table.id is None:
                return tr("notice.bad_data")
            if table.status != "playing":
                return tr("notice.table_over")
            if data.version != table.version:
                return tr("notice.stale")
            user = await tx.find_user(self.platform, person.ext_id)
            seat = None
            if user is not None:
                seat = next((s.seat for s in await tx.seats(table.id)
                             if s.user_id == user.id), None)
            if seat is None:
                return tr("notice.not_seated")
            record = await tx.get_match(table.id)
            assert record is not None
            game = engine.get_game(table.game)
            match = game.from_json(record.snapshot)
            try:
                events = match.apply(seat, data.code)
            except engine.IllegalAction as exc:
                reason = tr.maybe(f"rule.{exc.rule_id}", exc.reason)
                return tr("notice.illegal", reason=reason, rule=exc.rule_id)
            seq = record.snapshot_seq + 1
            try:
                await tx.append_action(table.id, seq, seat, data.code)
            except Conflict:
                return tr("notice.stale")
            await tx.save_snapshot(table.id, match.to_json(), seq)
            await self.display.record_scores(tx, table.id, match)
            table.version += 1
            if match.is_over:
                self.display.finish(table, match)
            await tx.save_table(table)
        await self.display.refresh(data.table_id, new_events=[e.to_dict() for e in events])
        return ""

    async def expand(self, person: Person, data: ExpandData) -> str:
        """Open or close a choice on the presser's hand message; changes no game state."""
        async with self._locks[data.table_id]:
            async with self.store.transaction() as tx:
                table = await tx.get_table(data.table_id)
                chat = await tx.get_chat(table.chat_id) if table else None
                tr = self.tr(chat.lang if chat else None)
                if table is None or table.id is None:
                    return tr("notice.bad_data")
                if table.status != "playing":
                    return tr("notice.table_over")
                if data.version != table.version:
                    return tr("notice.stale")
                user = await tx.find_user(self.platform, person.ext_id)
                seat = None
                if user is not None:
                    seat = next((s.seat for s in await tx.seats(table.id)
                                 if s.user_id == user.id), None)
            if seat is None:
                return tr("notice.not_seated")
            await self.display.show_hand(data.table_id, seat, expanded=data.prefix or None)
        return ""
