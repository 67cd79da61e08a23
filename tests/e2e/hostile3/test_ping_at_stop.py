"""Pings at /stop attacked: a restart between the ping and the stop, the ping's button pressed
with the stop's Yes, and Yes pressed twice at once."""

from __future__ import annotations

from typing import Any

from tests.e2e.fake import FakeChat, FakeTelegram, FakeUser
from tests.e2e.test_ping_telegram import AFTER, PING, mover, ping_of, start_without_clock
from tests.kit.telegram import answers, hand_message


async def test_stop_after_a_restart_racing_the_pings_button(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr(turn_ping=AFTER):
        await start_without_clock(fake, group, alice, bob)
        first, _ = mover(fake, (alice, bob))
        ping = await fake.wait_for(lambda f: ping_of(f, first), what="the ping")
    async with kozyr(turn_ping=AFTER):  # the ping's id is only in the database now
        await fake.send_text(group, alice, "/stop")
        confirm = await fake.wait_for_message(group, text_contains="Stop the game")
        yes = confirm.find_button(text="Yes, stop")
        to_cards = ping.find_button(text="🃏 To my cards")
        assert yes.data and to_cards.data
        said = await answers(fake, [fake.press_nowait(first, ping, to_cards.data),
                                    fake.press_nowait(alice, confirm, yes.data),
                                    fake.press_nowait(alice, confirm, yes.data)])
        await fake.settle(quiet=AFTER * 3)
        assert sum(a.text == "The game was stopped." for a in said) == 1, said
        for user in (alice, bob):  # no ping left, none sent after the stop
            assert not [m for m in fake.bot_messages(user)
                        if m.visible_text.startswith(PING[:11])], user.first_name
            hand = hand_message(fake, user)
            assert hand is None or not any(b.data and b.data[:2] in ("a|", "x|")
                                           for row in hand.buttons for b in row)


async def test_pings_button_pressed_three_times_at_once(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr(turn_ping=AFTER):
        await start_without_clock(fake, group, alice, bob)
        first, _ = mover(fake, (alice, bob))
        ping = await fake.wait_for(lambda f: ping_of(f, first), what="the ping")
        to_cards = ping.find_button(text="🃏 To my cards")
        assert to_cards.data
        mark = fake.mark()
        said = await answers(fake, [fake.press_nowait(first, ping, to_cards.data)
                                    for _ in range(3)])
        await fake.settle()
        assert all(not a.text for a in said), said
        hands = [m for m in fake.bot_messages(first) if "Your cards" in (m.text or "")]
        assert len(hands) == 1 and hands[0].message_id > ping.message_id, hands
        assert ping.deleted
        refused = [x for x in fake.calls(since=mark) if x.status == 400]
        assert not refused, refused
