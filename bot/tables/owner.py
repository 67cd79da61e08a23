"""Owner tools (``OWNER_IDS``): every open table of every chat, and stopping one.

The owner stops a table with its creator's rights (the ``/stop`` confirmation or the lobby's
Cancel, pressed for the creator), so the chat sees exactly what a creator's stop shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func
from sqlmodel import col, select

from bot.i18n import Translator
from bot.model import LobbyData, Person
from bot.state.load import decode
from bot.tables.service import TableService
from storage import ActionLog
from storage.models import utcnow


@dataclass(frozen=True)
class OpenTable:
    """One open table as the owner's list shows it."""

    id: int
    game: str
    chat: str
    lobby: bool
    players: tuple[str | None, ...]  #: names; None for a bot player (its level in ``bots``)
    bots: tuple[str | None, ...]  #: the bot level per seat, None for a person
    deal: int | None  #: the deal being played (1 = first); None in a lobby
    idle: datetime  #: the last move (or the table's last change)


async def open_tables(service: TableService) -> list[OpenTable]:
    """Every table in a lobby or playing, of every chat on the service's platform, oldest
    first."""
    found: list[OpenTable] = []
    async with service.store.transaction() as tx:
        for table in await tx.unfinished_tables():
            chat = await tx.get_chat(table.chat_id)
            if table.id is None or chat is None or chat.platform != service.platform:
                continue
            names: list[str | None] = []
            bots: list[str | None] = []
            for seat in await tx.seats(table.id):
                user = await tx.get_user(seat.user_id) if seat.user_id is not None else None
                names.append(user.name if user else None)
                bots.append(None if user else (seat.bot_level or "normal"))
            deal = None
            record = await tx.get_match(table.id)
            if record is not None:
                match = decode(table, record)
                deal = len(match.score_sheet["rows"]) + 1
            last = (await tx.session.exec(
                select(func.max(col(ActionLog.created_at)))
                .where(col(ActionLog.table_id) == table.id))).one_or_none()
            idle = last if isinstance(last, datetime) else table.updated_at
            found.append(OpenTable(table.id, table.game, chat.title, table.status == "lobby",
                                   tuple(names), tuple(bots), deal, idle))
    return found


def describe(tr: Translator, table: OpenTable) -> str:
    """One line of the owner's list: game, chat, players, deal, minutes since the last move."""
    players = ", ".join(name if name is not None else "🤖 " + tr(f"level.{bot}")
                        for name, bot in zip(table.players, table.bots, strict=True))
    minutes = max(0, int((utcnow() - table.idle).total_seconds() // 60))
    stage = tr("owner.lobby") if table.deal is None else tr("owner.deal", n=table.deal)
    return tr("owner.line", id=table.id, game=tr(f"game.{table.game}"), chat=table.chat,
              players=players or "—", stage=stage, minutes=minutes)


async def stop_table(service: TableService, table_id: int) -> bool:
    """Stop an open table as its creator would: a match ends as aborted (its rows kept), a
    lobby is cancelled. Returns False when the table is not open (any more)."""
    async with service.store.transaction() as tx:
        table = await tx.get_table(table_id)
        creator = await tx.get_user(table.creator_id) if table else None
    if table is None or creator is None or table.status not in ("lobby", "playing"):
        return False
    person = Person(creator.platform, creator.ext_id, creator.name, creator.username)
    if table.status == "lobby":
        await service.lobby.press(person, LobbyData(table_id, "cancel"))
    else:
        await service.lobby.press(person, LobbyData(table_id, "stop", "yes"))
    async with service.store.transaction() as tx:
        after = await tx.get_table(table_id)
    return after is not None and after.status == "aborted"
