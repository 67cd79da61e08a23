"""Rematch end to end (issue #18, item 1): the real bot against the fake Bot API. Alice and Bob
play a whole married bridge game; under the result a "Rematch" button: a stranger's press and a
double press change nothing, the vote survives a restart, and Bob's press starts the new match
at once with the seats rotated and the same options."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.state.load import is_suspended
from tests.e2e.conftest import (
    club,
    fake,
    hand_message,
    kozyr,
    play_married_bridge,
)
from tests.e2e.fake import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.kit.telegram import table_showing

__all__ = ["club", "fake", "kozyr"]  # fixtures used by name


def labels(message: FakeMessage) -> list[str]:
    return [b.text for row in message.buttons for b in row]


async def test_rematch_after_a_whole_match(fake: FakeTelegram, kozyr: Any,
                                           club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    carol = fake.user(103, "Carol")
    async with kozyr() as app:
        await play_married_bridge(fake, group, alice, bob)
        result = await fake.wait_for_message(group, text_contains="🏆", after=0)
        assert labels(result) == ["🔁 Rematch"]
        data = result.buttons[0][0].data
        assert data is not None
        answer = await fake.press_button(carol, result, text="🔁 Rematch")
        assert answer.text == "Only the players of this match can ask for a rematch."
        answer = await fake.press_button(alice, result, text="🔁 Rematch")
        assert answer.text == "Waiting for Bob to press Rematch too."
        await fake.wait_for(lambda f: labels(f.message(group, result.message_id))
                            == ["🔁 Rematch · 1/2"], what="the count on the button")
        again = await fake.press_button(alice, fake.message(group, result.message_id),
                                        text="🔁 Rematch · 1/2")
        assert again.text == "You have asked already. Waiting for Bob."
        async with app.store.transaction() as tx:
            old = await tx.active_table(1)
            assert old is None  # nothing started yet
            first = await tx.last_finished_table(1, played=True)
            assert first is not None and first.id is not None
            old_seats = {s.user_id: s.seat for s in await tx.seats(first.id)}
    hands_before = {u.id: getattr(hand_message(fake, u), "message_id", None)
                    for u in (alice, bob)}
    async with kozyr() as app:  # a restart: Alice's vote is in the database
        mark = fake.mark()
        answer = await fake.press_button(bob, fake.message(group, result.message_id),
                                         text="🔁 Rematch · 1/2")
        assert answer.text is None
        await fake.wait_for_message(group, text_contains="🔁 Rematch: the same players")
        await fake.wait_for(lambda f: labels(f.message(group, result.message_id)) == [],
                            what="the button gone")
        await fake.wait_for(lambda f: all(
            (h := hand_message(f, u)) is not None and h.message_id != hands_before[u.id]
            for u in (alice, bob)), what="new hands")
        assert fake.calls("sendMessage", since=mark)
        # the clocks run from the first screen, as at a lobby's start (default turn timer)
        mover_hand = await fake.wait_for(lambda f: next(
            (h for u in (alice, bob) if (h := hand_message(f, u)) and h.buttons), None),
            what="the first mover's hand")
        assert "⏱ move by " in (mover_hand.text or "")
        await table_showing(fake, group, "⏱ move by ")  # its queue is not the hands
        async with app.store.transaction() as tx:
            table = await tx.active_table(first.chat_id)
            assert table is not None and table.status == "playing" and table.id != first.id
            seats = {s.user_id: s.seat for s in await tx.seats(table.id or 0)}
            record = await tx.get_match(table.id or 0)
        assert seats == {user: (seat + 1) % 2 for user, seat in old_seats.items()}
        assert record is not None
        # the lobby's options; the old one also keeps its result message's id (for the expiry)
        assert {k: v for k, v in table.options.items() if k != "first_dealer"} == \
            {k: v for k, v in first.options.items() if k not in ("first_dealer",
                                                                 "rematch_message")}
        # a press from a client that still shows the button
        late = await fake.press(alice, result, data, strict=False)
        assert late.text == "The rematch has started already."


async def test_no_rematch_in_a_group_the_bot_was_removed_from(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """The bot kicked after the match: a press on Rematch is answered, starts no table in a
    chat the bot is not in and logs no error; added back, the offer works again."""
    group, alice, bob = club
    async with kozyr() as app:
        await play_married_bridge(fake, group, alice, bob)
        result = await fake.wait_for_message(group, text_contains="🏆", after=0)
        fake.set_admin(group, alice)
        fake.kick_bot(group, by=alice)
        await fake.settle()
        for user in (alice, bob):
            answer = await fake.press_button(user, fake.message(group, result.message_id),
                                             text="🔁 Rematch")
            assert answer.text == ("The bot is not in this group: add it back to play "
                                   "a rematch.")
        await fake.settle()
        async with app.store.transaction() as tx:
            assert await tx.active_table(1) is None
        fake.add_bot_back(group, by=alice)
        for _ in range(600):  # the offers are unmarked once the return has been told
            async with app.store.transaction() as tx:
                first = await tx.last_finished_table(1, played=True)
            if first is not None and not is_suspended(first):
                break
            await asyncio.sleep(0.05)
        answer = await fake.press_button(alice, fake.message(group, result.message_id),
                                         text="🔁 Rematch")
        assert answer.text == "Waiting for Bob to press Rematch too."


async def test_an_expired_offer_loses_its_button(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """When the offer expires (a lobby's time-out after the match's end) the Rematch button
    goes from the result message, votes or not, without anyone pressing it."""
    group, alice, bob = club
    async with kozyr(lobby_timeout=4):
        await play_married_bridge(fake, group, alice, bob)
        result = await fake.wait_for_message(group, text_contains="🏆", after=0)
        assert labels(result) == ["🔁 Rematch"]
        await fake.press_button(alice, result, text="🔁 Rematch")
        await fake.wait_for(lambda f: labels(f.message(group, result.message_id)) == [],
                            what="the button gone at the offer's expiry")
        assert fake.message(group, result.message_id).text == result.text  # the result stays


async def test_an_offer_that_expired_meanwhile_loses_its_button_at_start_up(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    group, alice, bob = club
    async with kozyr(lobby_timeout=600):
        await play_married_bridge(fake, group, alice, bob)
        result = await fake.wait_for_message(group, text_contains="🏆", after=0)
        await fake.settle()
        assert labels(fake.message(group, result.message_id)) == ["🔁 Rematch"]
    async with kozyr(lobby_timeout=0.5):  # expired while the bot was away
        await fake.wait_for(lambda f: labels(f.message(group, result.message_id)) == [],
                            what="the button gone after the restart")


async def test_a_missed_removal_starts_no_rematch(
        fake: FakeTelegram, kozyr: Any, club: tuple[FakeChat, FakeUser, FakeUser]) -> None:
    """The bot was removed while it was down (the update never came): the last Rematch press
    finds the group closed to it when the match should start. No "playing" table is left in
    a chat the bot is not in; the press is answered as for a known removal, the chat is marked
    as removed (as the removal update marks it), and once the bot is back the same press
    starts the rematch (the vote that failed is not kept)."""
    group, alice, bob = club
    async with kozyr() as app:
        await play_married_bridge(fake, group, alice, bob)
        result = await fake.wait_for_message(group, text_contains="🏆", after=0)
        async with app.store.transaction() as tx:
            played = await tx.last_finished_table(1, played=True)
        assert played is not None and played.id is not None
        answer = await fake.press_button(alice, result, text="🔁 Rematch")
        assert answer.text == "Waiting for Bob to press Rematch too."
        await fake.wait_for(lambda f: labels(f.message(group, result.message_id))
                            == ["🔁 Rematch · 1/2"], what="the count on the button")
        await fake.settle()
        fake.set_member_status(group, fake.bot_user, "kicked")  # no update: the bot missed it
        answer = await fake.press_button(bob, fake.message(group, result.message_id),
                                         text="🔁 Rematch · 1/2")
        assert answer.text == "The bot is not in this group: add it back to play a rematch."
        await fake.settle()
        async with app.store.transaction() as tx:
            assert await tx.active_table(1) is None
            # no match that never was for /score or /history: the last one is the one played
            assert (await tx.last_finished_table(1, played=True)).id == played.id  # type: ignore[union-attr]
            first = await tx.get_table(played.id)
        assert first is not None and is_suspended(first)  # marked as a removal marks it
        fake.add_bot_back(group, by=alice)
        for _ in range(600):  # the offers are unmarked once the return has been told
            async with app.store.transaction() as tx:
                first = await tx.get_table(played.id)
            if first is not None and not is_suspended(first):
                break
            await asyncio.sleep(0.05)
        answer = await fake.press_button(bob, fake.message(group, result.message_id),
                                         text="🔁 Rematch · 1/2")
        assert answer.text is None
        await fake.wait_for_message(group, text_contains="🔁 Rematch: the same players")
        async with app.store.transaction() as tx:
            table = await tx.active_table(1)
        assert table is not None and table.status == "playing"
