"""The straight path of a press (#17): a game button pressed through the real aiogram stack and
the fake Bot API makes no detour through a worker thread and no more SQL than its move needs.

What a press costs in time is measured by benchmarks/ (never asserted here); what is checked
here is what it does, which a change can break.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from aiogram import Bot
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import Message

import engine as kozyr_engine
from bot.telegram.response_types import LeanSession
from tests.e2e.conftest import hand_message, open_table, play_moves
from tests.e2e.fake import FakeTelegram
from tests.kit.store import forced_actions, only_table_id, sent_statements
from tests.kit.telegram import open_bot


@contextmanager
def executor_calls(loop: asyncio.AbstractEventLoop) -> Iterator[Counter[str]]:
    """Count the functions the loop hands to its worker threads (``run_in_executor``, which
    ``asyncio.to_thread`` uses) inside the block, by name."""
    seen: Counter[str] = Counter()
    original = loop.run_in_executor

    def counting(executor: Any, func: Callable[..., Any], *args: Any) -> Any:
        seen[getattr(func, "__qualname__", repr(func))] += 1
        return original(executor, func, *args)

    loop.run_in_executor = counting  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        loop.run_in_executor = original  # type: ignore[method-assign]


async def test_a_press_uses_no_worker_thread(fake: FakeTelegram, kozyr: Any,
                                             club: Any) -> None:
    """Game buttons pressed by humans (no bot player thinks): nothing of the press goes to a
    worker thread; aiogram would send a plain filter function (or an ``F`` expression) there
    on every update it checks."""
    group, alice, bob = club
    async with kozyr():
        await open_table(fake, group, alice, bob)
        with executor_calls(asyncio.get_running_loop()) as seen:
            moves = await play_moves(fake, [alice, bob], random.Random(5), limit=6)
        assert moves == 6
        assert not seen, f"a press went through a worker thread: {dict(seen)}"


async def test_a_press_runs_its_move_in_few_statements(fake: FakeTelegram, kozyr: Any,
                                                       club: Any) -> None:
    """One transaction per move, and in it: read the table (two queries), store the snapshot,
    log the action, save the table; nothing is read again for the redraw or the clock (no
    SAVEPOINT either: the table's lock already rules out a concurrent move)."""
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        await app.service.display.drain()
        limit = 6
        with sent_statements(app) as sent:
            moves = await play_moves(fake, [alice, bob], random.Random(5), limit=limit)
            await app.service.display.drain()
        assert moves == limit
        counts = Counter(statement.split(None, 1)[0].upper() for statement in sent)
        assert counts["SAVEPOINT"] == 0, counts
        assert counts["BEGIN"] == moves, counts  # one transaction per move
        assert counts["SELECT"] == 2 * moves, counts
        # a declaration made for the next player in the same transaction (his only call,
        # bot/state/forced.py) writes its own snapshot and action, and reads nothing: the table
        # is saved once with the press (``test_a_press_plans_and_saves_its_table_once``)
        forced = await forced_actions(app, await only_table_id(app))
        assert len(sent) <= 6 * moves + 2 * forced, counts


async def test_a_press_plans_and_saves_its_table_once(fake: FakeTelegram, kozyr: Any,
                                                      club: Any) -> None:
    """The press's use case decides what comes next once, after its last change (a
    declaration made for the next player included), and saves the table row once with it
    (#17): one save of the table with its deadline per press, however many moves it made; the
    version of a move made before the declaration is not flushed on its own first (DB-MELD-5)."""
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        await app.service.display.drain()
        with sent_statements(app) as sent:
            presses = await play_moves(fake, [alice, bob], random.Random(5), limit=12)
            await app.service.display.drain()
        tables = [s for s in sent if s.startswith("UPDATE game_table")]
        forced = await forced_actions(app, await only_table_id(app))
        assert forced, "the seed is meant to make a declaration for a player"
        assert len(tables) == presses, (presses, forced, sorted(set(tables)))
        assert all("deadline=" in s for s in tables), sorted(set(tables))


async def test_edit_replies_are_not_validated_but_failures_still_raise(
        fake: FakeTelegram) -> None:
    """``LeanSession``: a successful edit comes back as ``True`` (its message is not built), a
    failed one raises as aiogram always did; sends are validated as before."""
    group = fake.group(-100555, "Lean")
    bot = Bot(token=fake.token, session=LeanSession(api=TelegramAPIServer.from_base(
        fake.base_url)))
    try:
        sent = await bot.send_message(chat_id=group.id, text="one")
        assert isinstance(sent, Message) and sent.text == "one"
        edited = await bot.edit_message_text(chat_id=group.id, message_id=sent.message_id,
                                             text="two")
        assert edited is True
        assert [m.text for m in fake.bot_messages(group)] == ["two"]
        with pytest.raises(TelegramBadRequest, match="not found"):
            await bot.edit_message_text(chat_id=group.id, message_id=sent.message_id + 99,
                                        text="three")
        with pytest.raises(TelegramBadRequest, match="not modified"):
            await bot.edit_message_text(chat_id=group.id, message_id=sent.message_id,
                                        text="two")
    finally:
        await bot.session.close()


@contextmanager
def reads_and_decodes(app: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Count, inside the block, the loads of a table (``bot/state/load.py`` reads its seats
    with their users in one query, once per load: "loads") and the matches decoded from a
    stored snapshot ("decodes")."""
    seen: Counter[str] = Counter()
    game = type(kozyr_engine.get_game("deberts"))
    decode = game.from_json

    def counting(self: Any, data: Any) -> Any:
        seen["decodes"] += 1
        return decode(self, data)

    monkeypatch.setattr(game, "from_json", counting)
    try:
        with sent_statements(app) as sent:
            yield seen
    finally:
        if loads := sum("FROM seat LEFT OUTER JOIN" in statement for statement in sent):
            seen["loads"] += loads
        monkeypatch.undo()


async def test_start_and_stop_load_the_table_once(fake: FakeTelegram, kozyr: Any, club: Any,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A lobby's Start and /stop's Yes read the table once, as a move does: the start hands
    the match it made to the first drawing and the clock (no snapshot decoded), the stop
    decodes the stored match once for its result, its sheet and its clock."""
    group, alice, bob = club
    async with kozyr() as app:
        await open_bot(fake, [alice, bob])
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="Deberts")
        assert (await fake.press_button(bob, lobby, text="Join")).text == "You are at the table."
        await app.service.display.drain()
        with reads_and_decodes(app, monkeypatch) as seen:
            assert (await fake.press_button(alice, lobby, text="Start")).text == "Done."
            await fake.wait_for(lambda f: hand_message(f, alice) and hand_message(f, bob),
                                what="both hands")
            table_id = await only_table_id(app)
            async with app.service.kit.locks(table_id):  # the start's work is done
                await app.service.display.drain()
        assert seen == {"loads": 1}, seen
        assert app.service.clock.timers.pending(table_id) == ["turn", "reminder"]
        await fake.send_text(group, alice, "/stop")
        confirm = await fake.wait_for_message(group, text_contains="Stop the game")
        with reads_and_decodes(app, monkeypatch) as seen:
            assert (await fake.press_button(alice, confirm, text="Yes, stop")).text == \
                "The game was stopped."
            async with app.service.kit.locks(table_id):  # the stop's work is done
                await app.service.display.drain()
        assert seen == {"loads": 1, "decodes": 1}, seen
        assert app.service.clock.timers.pending(table_id) == []
        assert await fake.wait_for_message(group, text_contains="stopped")
