"""Forged and repeated presses through the real aiogram stack against the fake Bot API."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.e2e.conftest import hand_message, open_table, wait_redrawn
from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_never_stuck import _mover
from tests.e2e.test_table_management import _table_id
from tests.kit.store import stored_actions as _actions


async def _playing(fake: FakeTelegram, app: Any, group: FakeChat, alice: FakeUser,
                   bob: FakeUser) -> tuple[int, int]:
    """A table opened and started by ``alice`` and ``bob``, settled: (its id, actions stored)."""
    await open_table(fake, group, alice, bob)
    table_id = await _table_id(app)
    await fake.settle()
    return table_id, await _actions(app, table_id)


async def test_forged_stop_press_on_a_lobby_keeps_its_buttons(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # FINDING M1 (major): any group member can strip a lobby (or any bot message in the group)
    # of its buttons with a forged "l|<id>|stop|..." press: bot/telegram/routers.py removes the
    # reply markup of the pressed message for every "stop" press, refused or not.
    group, alice, _ = club
    async with kozyr():
        await fake.start_bot(alice)
        await fake.wait_for_message(alice, text_contains="kozyr")
        await fake.send_text(group, alice, "/new deberts")
        lobby = await fake.wait_for_message(group, text_contains="new table")
        before = lobby.button_texts
        assert "Join" in before
        mallory = fake.user(666, "Mallory")  # a member of the group, not at the table
        answer = await fake.press(mallory, lobby, "l|999|stop|no", strict=False)
        assert answer.text  # refused
        await fake.settle()
        assert fake.message(group, lobby.message_id).button_texts == before


async def test_a_non_boss_no_does_not_take_the_creators_stop_buttons(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    # FINDING M2 (major): Bob (not the creator, not an admin) presses "No" (or "Yes") on Alice's
    # /stop confirmation: refused with "only the creator", yet the buttons are removed, so
    # Alice must type /stop again.
    group, alice, bob = club
    async with kozyr():
        await open_table(fake, group, alice, bob)
        await fake.send_text(group, alice, "/stop")
        confirm = await fake.wait_for_message(group, text_contains="Stop the game")
        answer = await fake.press_button(bob, confirm, text="Yes, stop")
        assert answer.text and "creator" in answer.text
        await fake.settle()
        assert "Yes, stop" in fake.message(group, confirm.message_id).button_texts


async def test_triple_click_makes_one_move(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Three presses of the same move at once: one move stored, every press answered."""
    group, alice, bob = club
    async with kozyr() as app:
        table_id, before = await _playing(fake, app, group, alice, bob)
        user, message, data = _mover(fake, [alice, bob])
        queries = [fake.press_nowait(user, message, data) for _ in range(3)]
        answers = await asyncio.gather(*[fake.wait_for(lambda _, q=q: q.answer,
                                                       what="an answer") for q in queries])
        assert sum(1 for a in answers if not a.text) == 1, [a.text for a in answers]
        await wait_redrawn(fake, [alice, bob], int(data.split("|")[2]))
        await fake.settle()
        assert await _actions(app, table_id) == before + 1


async def test_two_different_moves_at_once(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Two different buttons of the same hand pressed together: exactly one is made."""
    group, alice, bob = club
    async with kozyr() as app:
        table_id, before = await _playing(fake, app, group, alice, bob)
        user, message, _ = _mover(fake, [alice, bob])
        moves = [b.data for row in message.buttons for b in row
                 if b.data and b.data.startswith("a|")]
        assert len(moves) >= 2
        queries = [fake.press_nowait(user, message, d) for d in moves[:2]]
        answers = [await fake.wait_for(lambda _, q=q: q.answer, what="answer") for q in queries]
        assert sum(1 for a in answers if not a.text) == 1
        await fake.settle()
        assert await _actions(app, table_id) == before + 1


@pytest.mark.parametrize("data", [
    "a|1|-1|pass", "a|-1|1|pass", "a|1|99999999999999999999999|pass", "a|1|1|",
    "a|1|1|" + "x" * 60, "a|1|1|play:7♠", "a|1|1|\u202epass", "a|1|1|pass|extra", "a|a|b|c",
    "a||1|pass", "a| 1|1|pass", "a|1|1|@back", "a|1|1|@bad", "x|1|-5|", "x|1|1|" + "z" * 55,
    "l|1|join|", "l|-1|join|", "l|1|sit|-1", "l|1|sit|٣", "l|1|opt|turn_timer=7",
    "l|1|opt|=", "l|1|bot|god", "l|1|nope|", "r|1|deal|-1", "r|1|deal|999999", "r|1|export|0",
    "r|1|zzz|0", "noop", "", "\x00", "a", "|||", "a|1|1|take\x00",
])
async def test_garbage_is_answered_and_changes_nothing(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser],
        data: str) -> None:
    """Forged data in every field (negative, huge, empty, overlong, non-ASCII, control
    characters, codes not offered), pressed by a seated player on his own hand message:
    answered, nothing moves, no ERROR logged (the suite fails on one)."""
    group, alice, bob = club
    async with kozyr() as app:
        await open_table(fake, group, alice, bob)
        table_id = await _table_id(app)
        assert table_id == 1
        await fake.settle()
        before = await _actions(app, table_id)
        hand = hand_message(fake, bob)
        assert hand is not None
        answer = await fake.press(bob, hand, data, strict=False)
        await fake.settle()
        assert await _actions(app, table_id) == before
        assert answer.text, data  # refused with a notice


async def test_the_wrong_player_presses_the_movers_button(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """The mover's exact button data, pressed by the other player on his own hand message and
    by an onlooker in his private chat: refused, nothing stored."""
    group, alice, bob = club
    async with kozyr() as app:
        table_id, before = await _playing(fake, app, group, alice, bob)
        user, _, data = _mover(fake, [alice, bob])
        other = bob if user is alice else alice
        own = hand_message(fake, other)
        assert own is not None
        assert (await fake.press(other, own, data, strict=False)).text
        carol = fake.user(103, "Carol")
        await fake.start_bot(carol)
        welcome = await fake.wait_for_message(carol, text_contains="kozyr")
        assert (await fake.press(carol, welcome, data, strict=False)).text
        await fake.settle()
        assert await _actions(app, table_id) == before


async def test_stale_buttons_of_an_old_match(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """The first match stopped, a second one started: the first match's move buttons and its
    lobby's Start answer and change nothing at the second."""
    group, alice, bob = club
    async with kozyr() as app:
        first_lobby = await open_table(fake, group, alice, bob)
        _, old_message, old_data = _mover(fake, [alice, bob])
        old_start = "l|1|start|"
        await fake.send_text(group, alice, "/stop")
        confirm = await fake.wait_for_message(group, text_contains="Stop the game")
        await fake.press_button(alice, confirm, text="Yes, stop")
        await fake.settle()
        await fake.send_text(group, alice, "/new deberts")
        await fake.wait_for(lambda f: len([m for m in f.bot_messages(group)
                                           if "new table" in (m.text or "")]) == 2,
                            what="the second lobby")
        lobby = [m for m in fake.bot_messages(group) if "new table" in (m.text or "")][-1]
        await fake.press_button(bob, lobby, text="Join")
        await fake.press_button(alice, lobby, text="Start")
        await fake.settle()
        table_id = await _table_id(app)
        assert table_id == 2
        before = await _actions(app, table_id)
        for user in (alice, bob):
            answer = await fake.press(user, old_message, old_data, strict=False)
            assert answer.text
        assert (await fake.press(alice, first_lobby, old_start, strict=False)).text
        await fake.settle()
        assert await _actions(app, table_id) == before
