"""What every use case of the tables shares: the database, the translations, the platform and
the per-table locks (one ``Kit`` per service, handed to each of its parts)."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlmodel import col, select

from bot.i18n import LANGS, Catalogs, Translator
from bot.messenger import Messenger
from bot.model import Button, Person, Place, Screen, Target
from bot.state.locks import TableLocks
from storage import Chat, GameTable, Seat, Store, Tx, User


@dataclass
class Kit:
    """The service's shared parts.

    Args:
        store: the database.
        catalogs: translations.
        messenger: the platform (an ``Outbox`` in production).
        default_lang: language of a chat that never used ``/lang``.
        locks: one lock per table; every change of a table happens under its lock.
    """

    store: Store
    catalogs: Catalogs
    messenger: Messenger
    default_lang: str = "ru"
    locks: TableLocks = field(default_factory=TableLocks)

    @property
    def platform(self) -> str:
        """The messenger's platform id (``tg``, ``dc``)."""
        return self.messenger.platform

    def tr(self, lang: str | None) -> Translator:
        """A translator for ``lang`` (the default language when None)."""
        return self.catalogs.translator(lang or self.default_lang)

    async def say(self, place: Place, text: str,
                  buttons: tuple[tuple[Button, ...], ...] = ()) -> None:
        """Post ``text`` (HTML) with ``buttons`` in the chat (topic) of ``place``."""
        await self.messenger.send(Target(place.chat_ext_id, place.thread_id), Screen(text, buttons))

    async def chat_tr(self, tx: Tx, place: Place) -> tuple[Translator, int]:
        """The chat of ``place`` (created on first sight): its translator and database id."""
        chat = await tx.upsert_chat(self.platform, place.chat_ext_id, place.title)
        assert chat.id is not None
        return self.tr(chat.lang), chat.id

    async def reply_tr(self, tx: Tx, place: Place | None, person: Person) -> Translator:
        """The translator of a reply to ``person`` in ``place``: a group's own language; in his
        private chat (``place`` None or his own chat) the language he chose there with
        ``/lang``, else his app's language when kozyr speaks it, else the language of the
        group of his latest table, else the default language."""
        if place is not None and place.chat_ext_id != person.ext_id:
            return (await self.chat_tr(tx, place))[0]
        # his private chat's own choice (read, not created: /start makes no chat row)
        chat_lang = (await tx.session.exec(select(Chat.lang).where(
            Chat.platform == self.platform, Chat.ext_id == person.ext_id))).first()
        if chat_lang:
            return self.tr(chat_lang)
        if person.lang in LANGS:
            return self.tr(person.lang)
        played = (await tx.session.exec(
            select(Chat.lang).join(GameTable, col(GameTable.chat_id) == Chat.id)
            .join(Seat, col(Seat.table_id) == GameTable.id)
            .join(User, col(User.id) == Seat.user_id)
            .where(User.platform == self.platform, User.ext_id == person.ext_id)
            .order_by(col(GameTable.id).desc()).limit(1))).first()
        return self.tr(played)
