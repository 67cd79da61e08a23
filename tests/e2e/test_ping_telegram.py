"""The "your move" ping end to end (issue #18, item 2): the real bot against the fake Bot API.

A human whose turn waits gets a new private message (edits do not notify): on a table without
a clock too; its button brings his hand down to the bottom of the chat; it is deleted once he
moved, also across a restart; ``/notify off`` stops it and ``/notify on`` brings it back; a
player who blocked the bot breaks nothing.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import (
    club,
    fake,
    hand_message,
    kozyr,
    open_table,
    version_of,
    wait_redrawn,
)
from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.e2e.test_fair_ratings_telegram import open_lobby

__all__ = ["club", "fake", "kozyr"]  # fixtures used by name

PING = "🔔 Your move in «Friday <club>»."
#: Seconds a turn waits before its ping in these tests.
AFTER = 0.4


def ping_of(fake: FakeTelegram, user: FakeUser) -> FakeMessage | None:
    """The user's ping still shown, if any."""
    found = [m for m in fake.bot_messages(user) if m.visible_text.startswith(PING[:11])]
    return found[-1] if found else None


def mover(fake: FakeTelegram, users: tuple[FakeUser, ...]) -> tuple[FakeUser, FakeMessage]:
    """Whose hand has buttons now, and that hand."""
    found = [(u, m) for u in users if (m := hand_message(fake, u)) and m.buttons]
    assert len(found) == 1, "one player to move"
    return found[0]


async def move(fake: FakeTelegram, user: FakeUser, users: tuple[FakeUser, ...]) -> None:
    """``user`` presses his first button and the move is drawn."""
    hand = hand_message(fake, user)
    assert hand is not None and hand.buttons
    data = hand.buttons[0][0].data
    assert data is not None
    mark = fake.mark()
    assert not (await fake.press(user, hand, data)).text
    await wait_redrawn(fake, list(users), version_of(data), since=mark)


async def start_without_clock(fake: FakeTelegram, group: FakeChat, alice: FakeUser,
                              bob: FakeUser) -> None:
    """Both open the bot; a married bridge table without a turn clock starts."""
    lobby = await open_lobby(fake, group, alice, bob)
    await fake.press_button(bob, lobby, text="Join")
    for _ in range(6):  # cycle the clock option (six values) to "off"
        shown = fake.message(group, lobby.message_id)
        [clock] = [b for row in shown.buttons for b in row if b.data and "turn_timer=" in b.data]
        assert clock.data is not None
        await fake.press(alice, shown, clock.data)
        if clock.data.endswith("turn_timer=0"):
            break
    await fake.press_button(alice, fake.message(group, lobby.message_id), text="Start")
    await fake.wait_for(lambda f: hand_message(f, alice) and hand_message(f, bob),
                        what="both hands")


async def test_ping_button_deletion_and_restart(fake: FakeTelegram, kozyr: Any,
                                                club: tuple[FakeChat, FakeUser, FakeUser]
                                                ) -> None:
    group, alice, bob = club
    users = (alice, bob)
    async with kozyr(turn_ping=AFTER) as app:
        await start_without_clock(fake, group, alice, bob)
        async with app.store.transaction() as tx:
            table = await tx.active_table(1)
        assert table is not None and table.deadline is None  # no clock runs
        first, hand = mover(fake, users)
        other = bob if first is alice else alice
        ping = await fake.wait_for(lambda f: ping_of(f, first), what="the ping")
        assert ping.visible_text == PING and ping.message_id > hand.message_id
        assert ping_of(fake, other) is None  # only the player to move
        # the same button pressed by the other player (forged: it is not his ping) or by a
        # stranger changes nothing
        data = ping.buttons[0][0].data
        assert data is not None
        assert (await fake.press(other, ping, data, strict=False)).text == \
            "This ping is no longer needed."
        carol = fake.user(103, "Carol")
        assert (await fake.press(carol, ping, data, strict=False)).text == \
            "You are not playing at this table."
        assert not ping.deleted and not hand.deleted
        # its button: the hand comes down below the ping, the old hand and the ping go
        answer = await fake.press_button(first, ping, text="🃏 To my cards")
        assert answer.text is None
        await fake.wait_for(lambda f: ping.deleted and hand.deleted
                            and (h := hand_message(f, first)) is not None
                            and h.message_id > ping.message_id, what="the hand brought down")
        await move(fake, first, users)
        # the other's turn: his ping comes, and goes when he moved
        second = await fake.wait_for(lambda f: ping_of(f, other), what="the second ping")
        await move(fake, other, users)
        await fake.wait_for(lambda _: second.deleted, what="the ping deleted after the move")
        nxt, _ = mover(fake, users)
        third = await fake.wait_for(lambda f: ping_of(f, nxt), what="a ping before a restart")
    async with kozyr(turn_ping=AFTER):  # the ping's id is in the database
        await fake.wait_for(lambda f: (h := hand_message(f, nxt)) is not None and h.buttons,
                            what="the hand after the restart")
        await move(fake, nxt, users)
        await fake.wait_for(lambda _: third.deleted, what="the ping deleted after a restart")
        assert sum(1 for m in fake.bot_messages(nxt) if m.visible_text.startswith(PING[:11])) <= 1


async def test_notify_off_and_a_blocked_player(fake: FakeTelegram, kozyr: Any,
                                               club: tuple[FakeChat, FakeUser, FakeUser]
                                               ) -> None:
    group, alice, bob = club
    users = (alice, bob)
    async with kozyr(turn_ping=AFTER):
        for user in users:
            await fake.send_text(fake.private(user), user, "/notify off")
            await fake.wait_for_message(user, text_contains="No more move pings", after=0)
        await start_without_clock(fake, group, alice, bob)
        first, _ = mover(fake, users)
        await fake.settle(quiet=3 * AFTER, timeout=10)
        assert ping_of(fake, first) is None  # he said no
        await fake.send_text(fake.private(first), first, "/notify")
        state = await fake.wait_for_message(first, text_contains="Move pings")
        assert "Now: off." in state.visible_text
        await fake.send_text(fake.private(first), first, "/help")
        help_text = (await fake.wait_for_message(first, text_contains="/new")).visible_text
        assert "/notify on|off" in help_text
        assert help_text.rstrip().endswith("/help — this message")  # the last line stays last
        await fake.send_text(fake.private(first), first, "/notify on")
        await fake.wait_for_message(first, text_contains="I will send you a new message")
        # pings come again from the next wait on: his turn goes on waiting, so a move by
        # him and by the other (whose pings stay off) first
        await move(fake, first, users)
        while (nxt := mover(fake, users)[0]) is not first:
            await fake.settle(quiet=3 * AFTER, timeout=10)
            assert ping_of(fake, nxt) is None  # still off for him
            await move(fake, nxt, users)
        await fake.wait_for(lambda f: ping_of(f, first), what="pings back on")
        await move(fake, first, users)
        # the other one blocks the bot: his ping cannot go (no error), the game goes on
        other = bob if first is alice else alice
        await fake.send_text(fake.private(other), other, "/notify on")
        await fake.wait_for_message(other, text_contains="I will send you a new message")
        while (nxt := mover(fake, users)[0]) is not other:
            await move(fake, nxt, users)
        fake.block_bot(other, notify=False)
        await fake.settle(quiet=3 * AFTER, timeout=10)
        assert ping_of(fake, other) is None
        await fake.send_text(group, alice, "/score")  # the sheet: no deal of the match is over yet
        await fake.wait_for_message(group, text_contains="No deal was played to its end")


async def test_a_clock_table_pings_and_a_restart_rearms_the_ping(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr(turn_ping=60):  # the restart comes before this ping
        await open_table(fake, group, alice, bob)
        first, _ = mover(fake, (alice, bob))
        assert ping_of(fake, first) is None
    async with kozyr(turn_ping=AFTER) as app:  # re-armed at start-up, from the stored table
        ping = await fake.wait_for(lambda f: ping_of(f, first), what="the ping after a restart")
        assert ping.visible_text == PING
        async with app.store.transaction() as tx:
            table = await tx.active_table(1)
        assert table is not None and table.deadline is not None  # a table with a clock


async def stop_while_pinged(fake: FakeTelegram, group: FakeChat, alice: FakeUser, bob: FakeUser,
                            *, undeletable: bool = False) -> tuple[FakeUser, FakeMessage]:
    """A table without a clock; its first mover is pinged; Alice stops it (``undeletable``:
    Telegram refuses to delete the messages meanwhile). Returns the mover and his ping."""
    await start_without_clock(fake, group, alice, bob)
    first, _ = mover(fake, (alice, bob))
    ping = await fake.wait_for(lambda f: ping_of(f, first), what="the ping")
    await fake.send_text(group, alice, "/stop")
    confirm = await fake.wait_for_message(group, text_contains="Stop the game")
    if undeletable:
        fake.fail_next("deleteMessage", "Bad Request: message can't be deleted", times=20)
    await fake.press_button(alice, confirm, text="Yes, stop")
    return first, ping


async def test_stop_deletes_the_ping(fake: FakeTelegram, kozyr: Any,
                                     club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """/stop ends the turn: the waiting ping goes with it."""
    group, alice, bob = club
    async with kozyr(turn_ping=AFTER):
        _, ping = await stop_while_pinged(fake, group, alice, bob)
        await fake.wait_for(lambda _: ping.deleted, what="the ping deleted after /stop")


async def test_a_ping_left_after_the_end_says_the_game_is_over(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """A ping the bot could not delete (Telegram refuses to delete old messages): its
    button, pressed after /stop, says the game is over."""
    group, alice, bob = club
    async with kozyr(turn_ping=AFTER):
        first, ping = await stop_while_pinged(fake, group, alice, bob, undeletable=True)
        await fake.settle()
        assert not ping.deleted
        answer = await fake.press_button(first, ping, text="🃏 To my cards")
        assert answer.text == "This game is over: there is no move to make."


async def test_leave_deletes_the_ping(fake: FakeTelegram, kozyr: Any,
                                      club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """/leave hands the seat to the bot: the leaver's ping goes."""
    group, alice, bob = club
    async with kozyr(turn_ping=AFTER):
        await start_without_clock(fake, group, alice, bob)
        first, _ = mover(fake, (alice, bob))
        ping = await fake.wait_for(lambda f: ping_of(f, first), what="the ping")
        await fake.send_text(group, first, "/leave")
        await fake.wait_for(lambda _: ping.deleted, what="the ping deleted after /leave")


async def test_notify_on_where_pings_are_switched_off(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """TURN_PING=0: the server sends no pings, and /notify says so rather than promising one
    "after 0 s"."""
    _, alice, _ = club
    async with kozyr(turn_ping=0):
        await fake.start_bot(alice)
        await fake.wait_for_message(alice, text_contains="kozyr")
        await fake.send_text(fake.private(alice), alice, "/notify on")
        said = await fake.wait_for_message(alice, text_contains="ping")
        assert said.visible_text == ("🔕 Move pings are switched off on this server: your "
                                     "buttons stay on the message with your cards.")
        await fake.send_text(fake.private(alice), alice, "/notify")
        said = await fake.wait_for_message(alice, text_contains="switched off")
        assert "after 0 s" not in said.visible_text and "Now: on" not in said.visible_text


async def test_private_replies_speak_the_players_language(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """Private replies (/notify, /confirm, /start) use the player's language: his Telegram
    app's when kozyr speaks it, else that of the group where he plays."""
    group, alice, _ = club
    olena = fake.user(104, "Olena", language_code="uk")
    hans = fake.user(105, "Hans", language_code="de")
    async with kozyr(turn_ping=AFTER):
        await fake.send_text(group, alice, "/lang ru")
        await fake.wait_for_message(group, text_contains="русск", after=0)
        await fake.start_bot(olena)
        said = await fake.wait_for_message(olena, text_contains="kozyr")
        assert said.visible_text.startswith("Привіт!"), said.visible_text
        await fake.send_text(fake.private(olena), olena, "/notify on")
        said = await fake.wait_for_message(olena, text_contains="🔔")
        assert "я напишу вам" in said.visible_text, said.visible_text
        await fake.send_text(fake.private(olena), olena, "/confirm")
        said = await fake.wait_for_message(olena, text_contains="/confirm")
        assert "Увімкнути: /confirm on" in said.visible_text, said.visible_text
        await fake.send_text(fake.private(olena), olena, "/help")
        said = await fake.wait_for_message(olena, text_contains="/new")
        assert "/notify on|off — нове особисте" in said.visible_text, said.visible_text
        # Hans's app speaks German: he plays in the Russian group, so Russian it is
        await fake.start_bot(hans)
        await fake.wait_for_message(hans, text_contains="kozyr")
        await fake.send_text(group, hans, "/new deberts")
        await fake.wait_for_message(group, text_contains="Hans")
        await fake.send_text(fake.private(hans), hans, "/notify off")
        said = await fake.wait_for_message(hans, text_contains="🔕")
        assert "Напоминаний" in said.visible_text, said.visible_text
        await fake.start_bot(hans)
        said = await fake.wait_for_message(hans, text_contains="«")
        assert said.visible_text.startswith("Готово: вы за столом"), said.visible_text
