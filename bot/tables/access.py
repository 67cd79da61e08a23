"""Who may sit at a table: signed join links and the membership check.

A join link (``/start join-...`` in the private chat) must not be guessable from the table's
sequential id, so its payload carries an HMAC of the table id under a secret of the bot
(``link_secret``, derived from the bot's token at start-up). And a Join that does not come from
the table's own chat (a deep link, a forged press in one's own private chat or in another group)
seats only a member of that chat; a table opened in a private chat with the bot seats only
whoever owns that chat (the chat's only human member). Telegram's deep-link payloads allow
``[A-Za-z0-9_-]``, at most 64 characters: ``join-<table>[-<seat>]-<tag>`` is at most 44.
"""

from __future__ import annotations

import hashlib
import hmac

from bot.model import LobbyData, Person, Place
from bot.tables.kit import Kit

JOIN_PREFIX = "join-"
#: Hex digits of the HMAC-SHA256 kept in a link (64 bits: not guessable, short enough).
TAG_LENGTH = 16
#: The lobby operations that seat someone.
JOIN_OPS = ("join", "sit", "seat")


def secret_from_token(token: str) -> bytes:
    """A join-link key derived from the bot's token (secret already, stable across restarts)."""
    return hashlib.sha256(b"kozyr join links\0" + token.encode()).digest()


def join_tag(secret: bytes, table_id: int) -> str:
    """The link tag of ``table_id``: the first ``TAG_LENGTH`` hex digits of its HMAC-SHA256."""
    digest = hmac.new(secret, f"join:{table_id}".encode(), hashlib.sha256).hexdigest()
    return digest[:TAG_LENGTH]


def join_payload(secret: bytes, table_id: int, seat: int | None = None) -> str:
    """The deep-link payload seating its follower at ``table_id`` (``seat``: that seat, 0-based,
    of a pair game's lobby)."""
    middle = f"{table_id}" if seat is None else f"{table_id}-{seat}"
    return f"{JOIN_PREFIX}{middle}-{join_tag(secret, table_id)}"


def parse_join(secret: bytes, payload: str) -> LobbyData | None:
    """The lobby press a join payload stands for, or None when it is not a valid signed link
    (garbage, a guessed table id, an old unsigned link)."""
    parts = payload.removeprefix(JOIN_PREFIX).split("-")
    if not payload.startswith(JOIN_PREFIX) or len(parts) not in (2, 3):
        return None
    number, tag = parts[0], parts[-1]
    if not (number.isascii() and number.isdigit() and 0 < len(number) < 19):
        return None
    if not hmac.compare_digest(tag, join_tag(secret, int(number))):
        return None
    if len(parts) == 3:
        return LobbyData(int(number), "seat", parts[1])  # the seat is checked by the lobby
    return LobbyData(int(number), "join")


class Access:
    """The membership check of a Join (``kit``: the service's shared parts)."""

    def __init__(self, kit: Kit) -> None:
        self.kit = kit

    async def join_refusal(self, person: Person, data: LobbyData, place: Place | None
                           ) -> str | None:
        """Why ``person`` may not take a seat by this press (a notice), or None if he may.

        Only presses that seat someone are checked, and only when they do not come from the
        table's own chat (``place``: where the press came from, None for a deep link): there
        Telegram already says who is in the chat. Elsewhere ``is_member`` asks the platform;
        any error of that call refuses. An unknown table is left to the lobby's own answer.
        """
        if data.op not in JOIN_OPS:
            return None
        async with self.kit.store.transaction() as tx:
            table = await tx.get_table(data.table_id)
            chat = await tx.get_chat(table.chat_id) if table else None
        if table is None or chat is None:
            return None
        if place is not None and place.chat_ext_id == chat.ext_id:
            return None
        home = Place(self.kit.platform, chat.ext_id, chat.title, table.thread_id)
        if await self.kit.messenger.is_member(home, person):
            return None
        return self.kit.tr(chat.lang)("notice.not_member")
