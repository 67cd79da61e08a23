"""Lobby Start and /stop (each loads the table once) pressed twice at once, against a Join,
a Leave and a 'No'."""

from __future__ import annotations

from typing import Any

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_table_management import _table_id
from tests.kit.telegram import answers, hand_message, open_bot, open_table


async def test_two_starts_a_join_and_a_leave_at_once(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    carol = fake.user(103, "Carol")
    async with kozyr() as app:
        await open_bot(fake, [alice, bob, carol])
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="Deberts")
        await fake.press_button(bob, lobby, text="Join")
        lobby = fake.message(group, lobby.message_id)
        start, join = lobby.find_button(text="Start"), lobby.find_button(text="Join")
        leave = next((b for row in lobby.buttons for b in row if "Leave" in b.text), None)
        assert start.data and join.data
        presses = [fake.press_nowait(alice, lobby, start.data),
                   fake.press_nowait(carol, lobby, join.data),
                   fake.press_nowait(alice, lobby, start.data)]
        if leave is not None and leave.data:
            presses.append(fake.press_nowait(bob, lobby, leave.data))
        said = await answers(fake, presses)
        await fake.settle()
        assert sum(a.text == "Done." for a in said) <= 1, said
        table_id = await _table_id(app)
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
            seats = await tx.seats(table_id)
            users = {s.user_id: (await tx.get_user(s.user_id)) for s in seats if s.user_id}
        assert table is not None
        seated = {u.ext_id for u in users.values() if u is not None}
        if table.status == "playing":
            dealt = {str(u.id) for u in (alice, bob, carol) if hand_message(fake, u)}
            assert dealt == seated, (dealt, seated, said)
            assert len(seats) >= 2
        else:
            assert table.status == "lobby" and not any(hand_message(fake, u)
                                                       for u in (alice, bob, carol))


async def test_stop_yes_twice_and_no_at_once(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        await fake.send_text(group, alice, "/stop")
        confirm = await fake.wait_for_message(group, text_contains="Stop the game")
        yes, no = confirm.find_button(text="Yes, stop"), confirm.find_button(text="No, play on")
        assert yes.data and no.data
        said = await answers(fake, [fake.press_nowait(alice, confirm, yes.data),
                                    fake.press_nowait(alice, confirm, no.data),
                                    fake.press_nowait(alice, confirm, yes.data),
                                    fake.press_nowait(bob, confirm, yes.data)])
        await fake.settle()
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
        assert table is not None
        stopped = [a for a in said if a.text == "The game was stopped."]
        assert len(stopped) == (1 if table.status == "aborted" else 0), (table.status, said)
        stops = [m for m in fake.bot_messages(group) if "stopped" in (m.text or "")]
        assert len(stops) <= 1, [m.text for m in stops]
        refused = [x for x in fake.calls() if x.status == 400]
        assert not refused, refused
