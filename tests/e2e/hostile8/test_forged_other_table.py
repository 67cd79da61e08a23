"""Forged presses carrying ANOTHER table's id: Alice's hand message at table A pressed with
data naming table B (its current version, its mover's move, B's choices and takeback codes).
Refused when Alice has no seat at B; when she has one, the hand message of A never shows B;
nothing changes at A either way."""

from __future__ import annotations

from typing import Any

from tests.e2e.fake import FakeTelegram, FakeUser
from tests.e2e.hostile8._restarts import open_game
from tests.kit.store import assert_stored_replays, stored_actions
from tests.kit.telegram import game_buttons, hand_message, join_and_start, mover, open_bot


def _messages(fake: FakeTelegram, chats: list[Any]) -> dict[tuple[int, int], tuple[Any, ...]]:
    return {(m.chat.id, m.message_id): (m.text, m.buttons) for c in chats
            for m in fake.bot_messages(c)}


async def test_presses_naming_another_table(fake: FakeTelegram, kozyr: Any) -> None:
    alice, bob = fake.user(861, "Alice"), fake.user(862, "Bob")
    carol, dave = fake.user(863, "Carol"), fake.user(864, "Dave")
    one, two = fake.group(-100861, "One"), fake.group(-100862, "Two")
    async with kozyr() as app:
        a = await open_game(fake, one, [alice, bob], "deberts", 0)
        b = await open_game(fake, two, [carol, dave], "deberts", 0)
        await fake.settle()
        seated: list[FakeUser] = [carol, dave]
        _, b_message, b_move = mover(fake, seated)
        version = b_move.split("|")[2]
        forged = [b_move, f"x|{b}|{version}|bid", f"a|{b}|{version}|@back",
                  f"a|{b}|{version}|@take", f"t|{b}|{version}|ask", f"a|{b}|{version}|pass"]
        forged += [b.data for b in game_buttons(b_message)]
        hand = hand_message(fake, alice)
        assert hand is not None
        before = (await stored_actions(app, a), await stored_actions(app, b))
        shown = _messages(fake, [one, two, alice, bob, carol, dave])
        for data in forged:
            answer = await fake.press(alice, fake.message(alice, hand.message_id), data,
                                      strict=False)
            assert answer.text, data  # refused, with a notice
        await fake.settle()
        assert (await stored_actions(app, a), await stored_actions(app, b)) == before
        assert _messages(fake, [one, two, alice, bob, carol, dave]) == shown
        await assert_stored_replays(app, a)
        await assert_stored_replays(app, b)


async def test_a_players_press_for_his_other_table_on_this_tables_hand(
        fake: FakeTelegram, kozyr: Any) -> None:
    """Alice sits at both tables; B's move pressed on her hand message of table A: whatever
    the bot does with it, A's messages do not change and A's hand never shows B's cards."""
    alice, bob, carol = fake.user(871, "Alice"), fake.user(872, "Bob"), fake.user(873, "Carol")
    one, two = fake.group(-100871, "One"), fake.group(-100872, "Two")
    async with kozyr() as app:
        a = await open_game(fake, one, [alice, bob], "deberts", 0)
        hand_a = await fake.wait_for(lambda f: hand_message(f, alice), what="her hand at A")
        await open_bot(fake, [carol])
        await fake.send_text(two, carol, "/new deberts")
        lobby = await fake.wait_for_message(two, text_contains="new table")
        b = int(lobby.find_button(text="Start").data.split("|")[1])  # type: ignore[union-attr]
        await join_and_start(fake, two, lobby, [carol, alice])
        await fake.wait_for(lambda f: len([m for m in f.bot_messages(alice)
                                           if (m.text or "").startswith("🃏")]) >= 2,
                            what="her hand at B")
        await fake.settle()
        hands = [m for m in fake.bot_messages(alice) if m.message_id != hand_a.message_id
                 and (m.text or "").startswith("🃏")]
        assert hands, "her hand at B"
        hand_b = hands[-1]
        b_move = next((x.data for row in hand_b.buttons for x in row
                       if x.data and x.data.startswith(f"a|{b}|")), None)
        if b_move is None:  # Carol to move first at B: she moves
            _, message, data = mover(fake, [carol])
            assert not (await fake.press(carol, message, data)).text
            await fake.wait_for(lambda f: any(x.data and x.data.startswith(f"a|{b}|")
                                              for row in f.message(alice, hand_b.message_id)
                                              .buttons for x in row), what="her move at B")
            await fake.settle()
            b_move = next(x.data for row in fake.message(alice, hand_b.message_id).buttons
                          for x in row if x.data and x.data.startswith(f"a|{b}|"))
        before_a = await stored_actions(app, a)
        shown_a = _messages(fake, [one])
        text_a = fake.message(alice, hand_a.message_id).text
        await fake.press(alice, fake.message(alice, hand_a.message_id), b_move, strict=False)
        await fake.settle()
        assert await stored_actions(app, a) == before_a
        assert _messages(fake, [one]) == shown_a
        assert fake.message(alice, hand_a.message_id).text == text_a
        await assert_stored_replays(app, a)
        await assert_stored_replays(app, b)
