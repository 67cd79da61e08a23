"""Races a busy group makes: Start against Cancel, joins into the last seat, /stop against a
move, and hostile long names through a whole deal."""

from __future__ import annotations

import random
from typing import Any

from tests.e2e.conftest import hand_message, open_table, play_moves
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_never_stuck import _mover
from tests.e2e.test_table_management import _table_id
from tests.kit.telegram import answers as _answers


async def test_start_and_cancel_at_once(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        for user in (alice, bob):
            await fake.start_bot(user)
            await fake.wait_for_message(user, text_contains="kozyr")
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="new table")
        await fake.press_button(bob, lobby, text="Join")
        start, cancel = lobby.find_button(text="Start"), lobby.find_button(text="Cancel")
        assert start.data and cancel.data
        await _answers(fake, [fake.press_nowait(alice, lobby, start.data),
                              fake.press_nowait(alice, lobby, cancel.data)])
        await fake.settle()
        async with app.store.transaction() as tx:
            tables = await tx.unfinished_tables()
        dealt = bool(hand_message(fake, alice))
        assert dealt == bool(tables)  # started and dealt, or cancelled and nothing dealt


async def test_three_joins_for_the_last_seat(fake: FakeTelegram, kozyr: Any,
                                             club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    carol, dave = fake.user(103, "Carol"), fake.user(104, "Dave")
    async with kozyr() as app:
        for user in (alice, bob, carol, dave):
            await fake.start_bot(user)
            await fake.wait_for_message(user, text_contains="kozyr")
        await fake.send_text(group, alice, "/new married_bridge")
        lobby = await fake.wait_for_message(group, text_contains="Married bridge")
        join = lobby.find_button(text="Join")
        assert join.data
        answers = await _answers(fake, [fake.press_nowait(u, lobby, join.data)
                                        for u in (bob, carol, dave)])
        assert sum(a.text == "You are at the table." for a in answers) == 1
        await fake.settle()
        table_id = await _table_id(app)
        async with app.store.transaction() as tx:
            seats = await tx.seats(table_id)
        assert len(seats) == 2


async def test_stop_yes_against_a_move(fake: FakeTelegram, kozyr: Any,
                                       club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        await fake.send_text(group, alice, "/stop")
        confirm = await fake.wait_for_message(group, text_contains="Stop the game")
        yes = confirm.find_button(text="Yes, stop")
        assert yes.data
        user, message, data = _mover(fake, [alice, bob])
        await _answers(fake, [fake.press_nowait(user, message, data),
                              fake.press_nowait(alice, confirm, yes.data)])
        await fake.settle()
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
        assert table is not None and table.status == "aborted"
        assert not app.service.clock.timers.pending(table_id)
        # no hand keeps a move button after the stop
        for u in (alice, bob):
            m = hand_message(fake, u)
            assert m is None or not any(b.data and b.data.startswith("a|")
                                        for row in m.buttons for b in row)


LONG_A = ("<&" * 32)[:64]
LONG_B = "\u202e" + "Ʃ" * 40 + " 🃏&amp;"
LONG_C = "ㅤ"  # a Hangul filler: a name that looks empty


async def test_long_hostile_names_through_deals(fake: FakeTelegram, kozyr: Any) -> None:
    group = fake.group(-100777, ("&<" * 64)[:128])
    a = fake.user(201, LONG_A, last_name=("&" * 64))
    b = fake.user(202, LONG_B, last_name="\u200f<i>")
    c = fake.user(203, LONG_C)
    async with kozyr():
        for user in (a, b, c):
            await fake.start_bot(user)
            await fake.wait_for_message(user, text_contains="kozyr")
        await fake.send_text(group, a, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="Deberts")
        await fake.press_button(b, lobby, text="Join")
        await fake.press_button(c, lobby, text="Join")
        assert (await fake.press_button(a, lobby, text="Start")).text == "Done."
        await fake.wait_for(lambda f: all(hand_message(f, u) for u in (a, b, c)),
                            what="three hands")
        await play_moves(fake, [a, b, c], random.Random(7), limit=60)
        await fake.send_text(group, a, "/score")
        await fake.send_text(group, a, "/history")
        await fake.send_text(group, a, "/top")
        await fake.settle()
        refused = [f"{x.method}: {x.response.get('description')}" for x in fake.calls()
                   if x.status == 400]
        assert not refused, refused
        assert any(LONG_A in (m.text or "") for m in fake.bot_messages(group))
