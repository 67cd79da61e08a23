"""The floor: the thinnest aiogram 3 bot that makes the Bot API calls kozyr makes per press.
Prints nothing itself; ``python -m benchmarks.load --vs-floor`` runs it next to kozyr.

Per game-button press it answers the callback query and edits three messages: the presser's
hand, the next player's hand (which gets the buttons) and the table message in the group. It
keeps its tables in a dict (no database, no rules, no rendering, no outgoing queue), so its CPU
per move is what aiogram, aiohttp and the event loop cost for those four calls: the floor
kozyr's per-move CPU is compared with.

It speaks just enough of kozyr's protocol for the simulated players of ``benchmarks/load.py``:
``/start`` in private (a welcome), ``/new`` in a group (a lobby with Join and Start), hands that
start with "🃏" and contain "Your cards", game buttons ``a|<table>|<version>|<code>``, and a
table message starting with "🃏". A match never ends.

Run (as the load benchmark does): ``python -m benchmarks.floor --token T --api URL``.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
from dataclasses import dataclass, field

from aiogram import Bot, Dispatcher, F, Router
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.filters import Command, CommandStart
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

#: Eight cards, as a Deberts hand holds after the deal: the hand text and its buttons are about
#: the size of kozyr's, so that the replies aiogram parses are too.
CARDS = ("7♠", "9♠", "J♥", "Q♥", "K♦", "10♣", "A♣", "A♦")


@dataclass
class FloorTable:
    """One group's table: its players, message ids and whose turn it is."""

    id: int
    group: int
    players: list[int] = field(default_factory=list)
    table_message: int = 0
    hands: dict[int, int] = field(default_factory=dict)  # user id -> hand message id
    version: int = 0
    mover: int = 0


def hand_text(table: FloorTable, user: int) -> str:
    turn = "your move" if table.players[table.mover] == user else "waiting"
    return (f"🃏 Table {table.id} · Your cards · move {table.version}\n"
            f"{' '.join(CARDS)}\nTrump ♥ · score 120 : 84 · {turn}")


def hand_markup(table: FloorTable, user: int) -> InlineKeyboardMarkup | None:
    if table.players[table.mover] != user:
        return None
    row = [InlineKeyboardButton(text=c, callback_data=f"a|{table.id}|{table.version}|{i}")
           for i, c in enumerate(CARDS)]
    return InlineKeyboardMarkup(inline_keyboard=[row[:4], row[4:]])


def table_text(table: FloorTable) -> str:
    return (f"🃏 Table {table.id} · move {table.version}\nOn the table: 9♠ J♥\n"
            f"Score 120 : 84 · turn of player {table.mover + 1}")


def build_router() -> Router:
    """The floor bot's handlers (state in the closure)."""
    router = Router()
    tables: dict[int, FloorTable] = {}  # by group chat id
    by_id: dict[int, FloorTable] = {}
    seated: dict[int, FloorTable] = {}  # user id -> his table

    @router.message(CommandStart())
    async def start(message: Message) -> None:
        await message.answer("Welcome")
        table = seated.get(message.chat.id)
        if table is not None and table.table_message:  # a redraw, as kozyr's /start does
            sent = await message.answer(hand_text(table, message.chat.id),
                                        reply_markup=hand_markup(table, message.chat.id))
            table.hands[message.chat.id] = sent.message_id

    @router.message(Command("new"))
    async def new(message: Message) -> None:
        assert message.from_user is not None
        table = FloorTable(len(by_id) + 1, message.chat.id, [message.from_user.id])
        tables[message.chat.id] = by_id[table.id] = table
        seated[message.from_user.id] = table
        buttons = [[InlineKeyboardButton(text="Join", callback_data=f"j|{table.id}"),
                    InlineKeyboardButton(text="Start", callback_data=f"s|{table.id}")]]
        await message.answer("Lobby", reply_markup=InlineKeyboardMarkup(inline_keyboard=buttons))

    @router.callback_query(F.data.startswith("j|"))
    async def join(query: CallbackQuery) -> None:
        table = by_id[int((query.data or "").split("|")[1])]
        if query.from_user.id not in table.players:
            table.players.append(query.from_user.id)
        seated[query.from_user.id] = table
        await query.answer()

    @router.callback_query(F.data.startswith("s|"))
    async def begin(query: CallbackQuery, bot: Bot) -> None:
        table = by_id[int((query.data or "").split("|")[1])]
        await query.answer()
        sent = await bot.send_message(table.group, table_text(table))
        table.table_message = sent.message_id
        for user in table.players:
            sent = await bot.send_message(user, hand_text(table, user),
                                          reply_markup=hand_markup(table, user))
            table.hands[user] = sent.message_id

    @router.callback_query(F.data.startswith("a|"))
    async def move(query: CallbackQuery, bot: Bot) -> None:
        _, table_id, version, _code = (query.data or "").split("|")
        table = by_id[int(table_id)]
        presser = query.from_user.id
        if int(version) != table.version or table.players[table.mover] != presser:
            await query.answer("Old message")
            return
        await query.answer()
        table.version += 1
        table.mover = (table.mover + 1) % len(table.players)
        after = table.players[table.mover]
        for user in (presser, after):
            await bot.edit_message_text(text=hand_text(table, user), chat_id=user,
                                        message_id=table.hands[user],
                                        reply_markup=hand_markup(table, user))
        await bot.edit_message_text(text=table_text(table), chat_id=table.group,
                                    message_id=table.table_message)

    return router


async def run(token: str, api: str) -> None:
    """Poll the (fake) Bot API at ``api`` until SIGTERM / SIGINT."""
    logging.basicConfig(level=logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    bot = Bot(token=token, session=AiohttpSession(api=TelegramAPIServer.from_base(api)))
    dispatcher = Dispatcher()
    dispatcher.include_router(build_router())
    try:
        await dispatcher.start_polling(bot, polling_timeout=10, handle_signals=True)
    finally:
        await bot.session.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--token", required=True)
    parser.add_argument("--api", required=True, help="Bot API server base URL")
    args, _ = parser.parse_known_args(argv)  # the load benchmark's kozyr-only flags are ignored
    asyncio.run(run(args.token, args.api))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
